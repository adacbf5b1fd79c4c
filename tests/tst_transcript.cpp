#include "transcripthtml.h"

#include <QTest>
#include <QTextDocument>

using namespace sense7;

namespace {
QString html(const QString &text)
{
    return transcript::messageToHtml(text, QColor(Qt::lightGray));
}
QString plain(const QString &text)
{
    QTextDocument doc;
    doc.setHtml(html(text));
    return doc.toPlainText();
}
} // namespace

class TestTranscript : public QObject
{
    Q_OBJECT

private slots:
    void escapesMarkup();
    void rendersListsAndParagraphs();
    void rendersCodeBlocks();
    void rendersInlineMarkup();
};

void TestTranscript::escapesMarkup()
{
    const QString out = html(QStringLiteral("<script>alert(1)</script> & <b>not bold</b>"));
    QVERIFY(!out.contains(QStringLiteral("<script>")));
    QVERIFY(!out.contains(QStringLiteral("<b>not")));
    QVERIFY(out.contains(QStringLiteral("&lt;script&gt;")));
    QCOMPARE(plain(QStringLiteral("a < b && c > d")), QStringLiteral("a < b && c > d"));
}

void TestTranscript::rendersListsAndParagraphs()
{
    const QString text =
        QStringLiteral("Intro line\nsecond line\n\n- one\n- two\n\n1. first\n2. second\nAfter");
    const QString out = html(text);
    QCOMPARE(out.count(QStringLiteral("<ul")), 1);
    QCOMPARE(out.count(QStringLiteral("<ol")), 1);
    QCOMPARE(out.count(QStringLiteral("<li")), 4);
    QVERIFY(out.contains(QStringLiteral("Intro line<br>second line")));
    const QString rendered = plain(text);
    for (const char *word : {"Intro line", "one", "two", "first", "second", "After"})
        QVERIFY2(rendered.contains(QString::fromLatin1(word)), word);
}

void TestTranscript::rendersCodeBlocks()
{
    const QString text =
        QStringLiteral("Try:\n```sql\nSELECT *\n  FROM t WHERE a < 3;\n```\nDone.");
    const QString out = html(text);
    QCOMPARE(out.count(QStringLiteral("<pre")), 1);
    QVERIFY(out.contains(QStringLiteral("SELECT *\n  FROM t WHERE a &lt; 3;")));
    QVERIFY(out.contains(QStringLiteral("white-space:pre-wrap")));
    QVERIFY(!out.contains(QStringLiteral("```")));
    // An unterminated fence still shows its code.
    QVERIFY(html(QStringLiteral("```\nint x;")).contains(QStringLiteral("<pre")));
}

void TestTranscript::rendersInlineMarkup()
{
    const QString out = html(QStringLiteral("**Sample size:** use `n = 24`\n> quoted reply"));
    QVERIFY(out.contains(QStringLiteral("<b>Sample size:</b>")));
    QVERIFY(out.contains(QStringLiteral("<code>n = 24</code>")));
    QVERIFY(out.contains(QStringLiteral("<blockquote>quoted reply</blockquote>")));
}

QTEST_MAIN(TestTranscript)
#include "tst_transcript.moc"
