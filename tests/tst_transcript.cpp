#include "livesupport.h"
#include "store.h"
#include "transcripthtml.h"
#include "transcriptview.h"
#include "turnlistmodel.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextFrame>

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
    void liveTurnsAreDrawnAtTheEndOnly();
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

namespace {

/** The turns \a view draws: one top-level frame each. */
QList<QTextFrame *> framesOf(const TranscriptView &view)
{
    return view.document()->rootFrame()->childFrames();
}

/** Whether \a view draws what a transcript drawn afresh from \a conversationId does. */
bool drawnAsAfresh(const TranscriptView &view, Store &store, qint64 conversationId)
{
    TurnListModel model;
    model.setStore(&store);
    model.setConversation(conversationId);
    TranscriptView fresh;
    fresh.setModel(&model);
    fresh.setCurrentTurn(view.currentTurn());
    if (view.toPlainText() != fresh.toPlainText()) {
        qWarning("drawn: %s\nafresh: %s", qPrintable(view.toPlainText()),
                 qPrintable(fresh.toPlainText()));
        return false;
    }
    const QList<QTextFrame *> drawn = framesOf(view);
    const QList<QTextFrame *> expected = framesOf(fresh);
    if (drawn.size() != expected.size())
        return false;
    for (int i = 0; i < drawn.size(); ++i) {
        QTextCursor a(view.document());
        a.setPosition(drawn[i]->firstPosition());
        a.setPosition(drawn[i]->lastPosition(), QTextCursor::KeepAnchor);
        QTextCursor b(fresh.document());
        b.setPosition(expected[i]->firstPosition());
        b.setPosition(expected[i]->lastPosition(), QTextCursor::KeepAnchor);
        if (a.selection().toHtml() != b.selection().toHtml()
            || drawn[i]->frameFormat().border() != expected[i]->frameFormat().border()) {
            qWarning("turn %d differs:\n%s\n%s", i, qPrintable(a.selection().toHtml()),
                     qPrintable(b.selection().toHtml()));
            return false;
        }
    }
    return true;
}

} // namespace

void TestTranscript::liveTurnsAreDrawnAtTheEndOnly()
{
    auto store = Store::create(QStringLiteral(":memory:"), test::liveProtocol());
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    const qint64 id = store->startLiveConversation(p, QStringLiteral("empathic"), {});
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), {});
    const qint64 first = store->appendTurn(id, QStringLiteral("assistant"),
                                           QStringLiteral("Hi, **how** are you?"), {});
    TurnListModel model;
    model.setStore(store.get());
    model.setConversation(id);
    TranscriptView view;
    view.resize(640, 480);
    view.setModel(&model);
    view.setCurrentTurn(first);
    QCOMPARE(framesOf(view).size(), 2);
    QVERIFY(drawnAsAfresh(view, *store, id));
    // Marks on the turns drawn: a turn drawn again loses its mark, a kept one keeps it.
    const auto mark = [&] {
        for (QTextFrame *frame : framesOf(view)) {
            QTextFrameFormat format = frame->frameFormat();
            format.setProperty(QTextFormat::UserProperty, true);
            frame->setFrameFormat(format);
        }
    };
    const auto marked = [&] {
        QVector<bool> result;
        for (QTextFrame *frame : framesOf(view))
            result << frame->frameFormat().boolProperty(QTextFormat::UserProperty);
        return result;
    };
    mark();

    // A message, then a reply streaming in pieces with markup, lists and code, then the next.
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("The deadline moved\n- a\n- b"),
                      {});
    QCOMPARE(marked(), (QVector<bool> {true, true, false}));
    QVERIFY(drawnAsAfresh(view, *store, id));
    mark();
    const QString full = QStringLiteral(
        "That sounds hard.\n\n1. List what must ship\n2. Ask for help\n\n```\nplan = []\n```\n"
        "> you said the team is tired\n\nWhich first?");
    qint64 reply = 0;
    for (int length = 1; length <= full.size(); length += 7) {
        if (reply == 0)
            reply = store->appendTurn(id, QStringLiteral("assistant"), full.left(length), {});
        else
            store->updateLiveTurn(reply, full.left(length), {});
        QCOMPARE(marked().mid(0, 3), (QVector<bool> {true, true, true}));
        QCOMPARE(framesOf(view).size(), 4);
        QVERIFY(drawnAsAfresh(view, *store, id));
    }
    store->updateLiveTurn(reply, full, {});
    QVERIFY(drawnAsAfresh(view, *store, id));
    // The turn outlined stays outlined, the others not, as the conversation grows.
    view.setCurrentTurn(reply);
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("x").repeated(2500), {});
    QCOMPARE(framesOf(view).size(), 5);
    QCOMPARE(framesOf(view).at(3)->frameFormat().border(), 2.0);
    QCOMPARE(framesOf(view).at(1)->frameFormat().border(), 0.0);
    QVERIFY(drawnAsAfresh(view, *store, id)); // the long message collapsed as when drawn whole
    QVERIFY(view.isCollapsed(model.turn(4).id));
    QCOMPARE(marked().mid(0, 3), (QVector<bool> {true, true, true}));
}

QTEST_MAIN(TestTranscript)
#include "tst_transcript.moc"
