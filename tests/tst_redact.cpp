// Redaction of what identifies a person: a corpus of English and Chinese cases, including what
// must be left alone.

#include "export/redact.h"

#include <QTest>

using namespace sense7;

class TestRedact : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void corpus_data();
    void corpus();
    void spansCoverWhatTheyReplace();
    void emptyAndBlankTerms();
};

void TestRedact::corpus_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("terms");
    QTest::addColumn<QString>("expected");
    const QStringList none;
    const QStringList people {QStringLiteral("Ann"), QStringLiteral("Acme Corp"),
                              QStringLiteral("张伟"), QStringLiteral("O'Brien")};

    // Email addresses.
    QTest::newRow("email") << "Mail me at jane.doe@example.com today." << none
                           << "Mail me at [email] today.";
    QTest::newRow("email plus tag") << "first.last+news@mail.example.co.uk" << none << "[email]";
    QTest::newRow("email in brackets") << "(bob_99@host.org)" << none << "([email])";
    QTest::newRow("email in Chinese")
        << "我的邮箱是zhang.wei@example.cn，谢谢" << none << "我的邮箱是[email]，谢谢";
    QTest::newRow("mailto") << "mailto:help@example.org" << none << "mailto:[email]";
    QTest::newRow("email with accents")
        << "Write to josé@correo.es or müller@web.de." << none << "Write to [email] or [email].";
    QTest::newRow("email with an international domain")
        << "user@bücher.de, zoë@exämple.de" << none << "[email], [email]";
    QTest::newRow("email in Cyrillic") << "почта: иван@пример.рф" << none << "почта: [email]";
    QTest::newRow("email with a Chinese name") << "张伟@qq.com" << none << "[email]";
    QTest::newRow("email with a Chinese name in a sentence")
        << "联系张伟@qq.com，谢谢" << none << "[email]，谢谢";
    QTest::newRow("email inside URL")
        << "see https://example.com/u?contact=jane@example.com&x=1" << none << "see [url]";
    QTest::newRow("not an email: handle") << "ping @jane on chat" << none << "ping @jane on chat";

    // Web addresses.
    QTest::newRow("url") << "Read https://www.example.com/path?q=1." << none << "Read [url].";
    QTest::newRow("url in parentheses")
        << "(see http://example.org/a_(b))" << none << "(see [url])";
    QTest::newRow("www") << "Go to www.example.com, then log in" << none
                         << "Go to [url], then log in";
    QTest::newRow("url in Chinese") << "请看https://example.cn/文档。" << none << "请看[url]文档。";
    QTest::newRow("not a url: file name")
        << "Open report.final.docx now" << none << "Open report.final.docx now";

    // Telephone numbers, several countries' ways of writing them.
    QTest::newRow("US") << "Call (555) 123-4567." << none << "Call [phone].";
    QTest::newRow("US dashes") << "Call 555-123-4567 now" << none << "Call [phone] now";
    QTest::newRow("US local") << "ext 555-1234 please" << none << "ext [phone] please";
    QTest::newRow("UK") << "Ring +44 20 7946 0958!" << none << "Ring [phone]!";
    QTest::newRow("Germany") << "Tel.: +49 30 1234567" << none << "Tel.: [phone]";
    QTest::newRow("France") << "Appelez 06 12 34 56 78" << none << "Appelez [phone]";
    QTest::newRow("China mobile") << "请拨打13800138000联系我" << none << "请拨打[phone]联系我";
    QTest::newRow("China spaced") << "电话：+86 138 0013 8000。" << none << "电话：[phone]。";
    QTest::newRow("no separators") << "+8613800138000" << none << "[phone]";

    // Internet addresses.
    QTest::newRow("IPv4") << "Server 192.168.1.20 is down" << none << "Server [ip] is down";
    QTest::newRow("IPv4 with port") << "at 10.0.0.5:8080." << none << "at [ip].";
    QTest::newRow("IPv6") << "host 2001:db8::8a2e:370:7334 ok" << none << "host [ip] ok";
    QTest::newRow("IPv6 full") << "fe80:0000:0000:0000:0202:b3ff:fe1e:8329" << none << "[ip]";

    // Terms, at word boundaries.
    QTest::newRow("term") << "Ann said hi" << people << "[redacted] said hi";
    QTest::newRow("term case") << "ANN and ann" << people << "[redacted] and [redacted]";
    QTest::newRow("term not inside words")
        << "Annual planning with Joanne" << people << "Annual planning with Joanne";
    QTest::newRow("term possessive") << "Ann's idea" << people << "[redacted]'s idea";
    QTest::newRow("two-word term")
        << "I work at Acme  Corp, London" << people << "I work at [redacted], London";
    QTest::newRow("term with apostrophe")
        << "Mr O'Brien called" << people << "Mr [redacted] called";
    QTest::newRow("Chinese term") << "张伟说明天开会" << people << "[redacted]说明天开会";
    QTest::newRow("Latin term next to Chinese") << "我和Ann一起" << people << "我和[redacted]一起";

    // Left alone: numbers that are not numbers to call, and ordinary text.
    QTest::newRow("date") << "Due 2025-03-14 at 10:30" << none << "Due 2025-03-14 at 10:30";
    QTest::newRow("dates slashed")
        << "from 03/14/2025 to 14.03.2025" << none << "from 03/14/2025 to 14.03.2025";
    QTest::newRow("years") << "between 2019 2020 2021" << none << "between 2019 2020 2021";
    QTest::newRow("year range") << "in 2024-2025" << none << "in 2024-2025";
    QTest::newRow("money") << "$1,250,000 and 1.000.000 €" << none << "$1,250,000 and 1.000.000 €";
    QTest::newRow("version") << "Python 3.11.4 and Qt 6.4.2" << none
                             << "Python 3.11.4 and Qt 6.4.2";
    QTest::newRow("time") << "12:30:45 and std::vector" << none << "12:30:45 and std::vector";
    QTest::newRow("order number") << "order 20251114 shipped" << none << "order 20251114 shipped";
    QTest::newRow("percent") << "up 12.5% to 3,400 users" << none << "up 12.5% to 3,400 users";
    QTest::newRow("Chinese plain")
        << "我今天很累，但项目进展顺利。" << none << "我今天很累，但项目进展顺利。";
}

void TestRedact::corpus()
{
    QFETCH(QString, text);
    QFETCH(QStringList, terms);
    QFETCH(QString, expected);
    QCOMPARE(redact::Redactor(terms).apply(text), expected);
}

void TestRedact::spansCoverWhatTheyReplace()
{
    const QString text = QStringLiteral("Ann: ann@x.io, +1 555 123 4567, http://x.io/ann");
    const redact::Redactor redactor({QStringLiteral("Ann")});
    const QVector<redact::Span> spans = redactor.find(text);
    QCOMPARE(spans.size(), 4);
    QCOMPARE(spans[0], (redact::Span {0, 3, redact::Kind::Term}));
    QCOMPARE(text.mid(spans[1].start, spans[1].length), QStringLiteral("ann@x.io"));
    QCOMPARE(spans[1].kind, redact::Kind::Email);
    QCOMPARE(text.mid(spans[2].start, spans[2].length), QStringLiteral("+1 555 123 4567"));
    QCOMPARE(spans[2].kind, redact::Kind::Phone);
    // The term inside the address is part of the address's span, not a span of its own.
    QCOMPARE(text.mid(spans[3].start, spans[3].length), QStringLiteral("http://x.io/ann"));
    QCOMPARE(spans[3].kind, redact::Kind::Url);
    for (int i = 1; i < spans.size(); ++i)
        QVERIFY(spans[i].start >= spans[i - 1].start + spans[i - 1].length);
}

void TestRedact::emptyAndBlankTerms()
{
    const redact::Redactor redactor({QString(), QStringLiteral("  "), QStringLiteral(" Bo ")});
    QCOMPARE(redactor.terms(), QStringList {QStringLiteral("Bo")});
    QCOMPARE(redactor.apply(QString()), QString());
    QCOMPARE(redactor.apply(QStringLiteral("Bo and Bob")), QStringLiteral("[redacted] and Bob"));
}

QTEST_GUILESS_MAIN(TestRedact)
#include "tst_redact.moc"
