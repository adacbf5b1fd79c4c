// The participant's live conversation in the studio, offscreen: the message box and its draft,
// the Study menu, rating in situ, the context form at the end, and a studio killed mid-reply.

#include "annotationbar.h"
#include "annotationsession.h"
#include "chatpane.h"
#include "contextdialog.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "formview.h"
#include "guisupport.h"
#include "live/livechat.h"
#include "livestudy.h"
#include "mainwindow.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "streamserver.h"
#include "testsupport.h"
#include "transcriptview.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextFrame>

using namespace sense7;

namespace {

const QString replyText = QStringLiteral(
    "That sounds like a lot to carry at once. You said the deadline moved and the team is "
    "tired: shall we first list what must ship and what can wait?");

/** The "live" section of a protocol with one scripted condition. */
QJsonObject liveSection(const QString &when, bool required, int chunkMs, const QString &fallback)
{
    return QJsonObject {
        {QStringLiteral("conditions"),
         QJsonArray {QJsonObject {
             {QStringLiteral("key"), QStringLiteral("steady")},
             {QStringLiteral("label"), QStringLiteral("Assistant A")},
             {QStringLiteral("scripted"),
              QJsonObject {{QStringLiteral("replies"),
                            QJsonArray {QJsonObject {
                                {QStringLiteral("text"), replyText},
                                {QStringLiteral("match"), QStringLiteral("deadline")}}}},
                           {QStringLiteral("fallback"), fallback},
                           {QStringLiteral("chunk_ms"), chunkMs}}}}}},
        {QStringLiteral("assignment"),
         QJsonObject {{QStringLiteral("design"), QStringLiteral("between")},
                      {QStringLiteral("seed"), 7}}},
        {QStringLiteral("blinded"), true},
        {QStringLiteral("rating"),
         QJsonObject {{QStringLiteral("when"), when}, {QStringLiteral("required"), required}}}};
}

/** A data set at \a path under SENSE-7 with \a live, and one participant, P01. */
void makeLiveDataSet(const QString &path, const QJsonObject &live)
{
    QJsonObject json = QJsonDocument::fromJson(protocol::sense7().definition).object();
    json.insert(QStringLiteral("live"), live);
    const Protocol protocol =
        protocol::parse(QJsonDocument(json).toJson(QJsonDocument::Compact), path);
    QVERIFY(!protocol.live.conditions.isEmpty());
    auto store = Store::create(path, protocol);
    store->addParticipant(QStringLiteral("P01"));
}

/** The turns of \a conversationId of the role \a role. */
QVector<Turn> turnsOf(const Store &store, qint64 conversationId, Role role)
{
    QVector<Turn> found;
    for (const Turn &t : store.turns(conversationId))
        if (t.role == role)
            found << t;
    return found;
}

} // namespace

class TestLiveStudio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void studyMenuNeedsLiveConditions();
    void ctrlEnterSendsAndEnterDoesNot();
    void conversationGrowsWithoutBeingReadWhole();
    void withinDesignMeetsEveryConditionInOrder();
    void draftSurvivesClosingAndReopening();
    void escapeStopsTheReplyAndKeepsIt();
    void failedReplySaysWhyAndRetries();
    void panelOpensOnTheReplyWhenItEnds();
    void requiredRatingBlocksTheNextMessage();
    void endConversationNeedsTheRequiredContext();
    void ratingAtTheEndFollowsTheContextForm();
    void killedStudioKeepsMessageReplyAndDraft();

private:
    /** Opens \a path in \a window, shows it, and starts a new conversation; its id. */
    qint64 startConversation(MainWindow &window, const QString &path);
    /** Types \a text into the pane's message box and presses Ctrl+Enter. */
    static void typeAndSend(ChatPane *pane, const QString &text);
    /** Waits until conversation \a id has \a replies finished replies. */
    static bool waitForReplies(const Store &store, qint64 id, int replies);

    QTemporaryDir m_dir;
};

void TestLiveStudio::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_livestudy"), true);
}

void TestLiveStudio::init()
{
    QSettings().clear();
}

qint64 TestLiveStudio::startConversation(MainWindow &window, const QString &path)
{
    if (window.openDataSet(path) != QString())
        return 0;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 0;
    return window.liveStudy()->newConversation();
}

void TestLiveStudio::typeAndSend(ChatPane *pane, const QString &text)
{
    pane->messageBox()->setFocus();
    QTest::keyClicks(pane->messageBox(), text);
    QTest::keyClick(pane->messageBox(), Qt::Key_Return, Qt::ControlModifier);
}

bool TestLiveStudio::waitForReplies(const Store &store, qint64 id, int replies)
{
    return QTest::qWaitFor(
        [&] {
            const QVector<Turn> done = turnsOf(store, id, Role::Assistant);
            return done.size() == replies
                && !done.constLast().meta.value(QStringLiteral("streaming")).toBool();
        },
        15000);
}

void TestLiveStudio::studyMenuNeedsLiveConditions()
{
    const QString path = test::testFunctionPath(m_dir);
    test::makeDemoDataSet(path);
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    LiveStudy *live = window.liveStudy();
    live->updateActions();
    QVERIFY(!live->newAction()->isEnabled());
    QVERIFY(!live->resumeAction()->isEnabled());
    QVERIFY(!live->endAction()->isEnabled());
    QVERIFY2(live->newAction()->toolTip().contains(QStringLiteral("no assistant conditions")),
             qPrintable(live->newAction()->toolTip()));
    QVERIFY(live->pane()->isHidden());
    QVERIFY(!live->apiKeyAction()->isEnabled());

    const QString livePath = test::testFunctionPath(m_dir, QStringLiteral("live-"));
    makeLiveDataSet(livePath, liveSection(QStringLiteral("after_each_reply"), false, 0, {}));
    QCOMPARE(window.openDataSet(livePath), QString());
    QVERIFY(live->newAction()->isEnabled());
    QVERIFY(!live->endAction()->isEnabled()); // nothing to end yet
    // Scripted conditions send nothing: no key to keep.
    live->updateActions();
    QVERIFY2(!live->apiKeyAction()->isEnabled(), qPrintable(live->apiKeyAction()->toolTip()));
    QVERIFY2(live->apiKeyAction()->toolTip().contains(QStringLiteral("need no key")),
             qPrintable(live->apiKeyAction()->toolTip()));
}

void TestLiveStudio::ctrlEnterSendsAndEnterDoesNot()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, liveSection(QStringLiteral("after_each_reply"), false, 1, {}));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    QVERIFY(id != 0);
    ChatPane *pane = window.liveStudy()->pane();
    QVERIFY(pane->isVisible());
    QCOMPARE(pane->conversationId(), id);
    // Participant mode: the label only, never the condition's key.
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("chatHeading"))
                ->text()
                .contains(QStringLiteral("Assistant A")));
    QVERIFY(!window.findChild<QLabel *>(QStringLiteral("banner"))->isVisible());

    pane->messageBox()->setFocus();
    QTest::keyClicks(pane->messageBox(), QStringLiteral("The deadline moved"));
    QTest::keyClick(pane->messageBox(), Qt::Key_Return); // a new line, not a message
    QTest::keyClicks(pane->messageBox(), QStringLiteral("and I am tired."));
    QCOMPARE(pane->messageBox()->toPlainText(),
             QStringLiteral("The deadline moved\nand I am tired."));
    QVERIFY(window.store()->turns(id).isEmpty());

    QTest::keyClick(pane->messageBox(), Qt::Key_Return, Qt::ControlModifier);
    const QVector<Turn> sent = turnsOf(*window.store(), id, Role::User);
    QCOMPARE(sent.size(), 1); // committed at once
    QCOMPARE(sent.constFirst().text, QStringLiteral("The deadline moved\nand I am tired."));
    QCOMPARE(pane->messageBox()->toPlainText(), QString());
    QVERIFY(waitForReplies(*window.store(), id, 1));
    const Turn reply = turnsOf(*window.store(), id, Role::Assistant).constFirst();
    QCOMPARE(reply.text, replyText);
    QCOMPARE(reply.meta.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("stop"));
    QTRY_VERIFY(window.transcriptView()->toPlainText().contains(replyText.left(40)));
    QVERIFY(window.transcriptView()->toPlainText().contains(QStringLiteral("and I am tired.")));
}

void TestLiveStudio::conversationGrowsWithoutBeingReadWhole()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path,
                    liveSection(QStringLiteral("after_each_reply"), false, 1,
                                QStringLiteral("Tell me more about **that**:\n- what\n- when")));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    QVERIFY(id != 0);
    ChatPane *pane = window.liveStudy()->pane();
    TurnListModel *turns = window.turns();
    QSignalSpy reset(turns, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(turns, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(turns, &QAbstractItemModel::dataChanged);
    for (const QString &message :
         {QStringLiteral("The deadline moved"), QStringLiteral("And the team is tired")}) {
        QSignalSpy finished(pane, &ChatPane::replyFinished);
        typeAndSend(pane, message);
        QVERIFY(finished.wait(10000));
    }
    // Each turn was a row inserted, each piece of a reply a row changed; nothing read whole.
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 4);
    QVERIFY(changed.count() >= 2);
    const QVector<Turn> stored = window.store()->turns(id);
    QCOMPARE(turns->rowCount(), stored.size());
    for (int row = 0; row < stored.size(); ++row) {
        QCOMPARE(turns->turn(row).id, stored[row].id);
        QCOMPARE(turns->turn(row).text, stored[row].text);
        QCOMPARE(turns->turn(row).meta, stored[row].meta);
    }
    // The transcript drawn piece by piece reads as one drawn whole.
    TurnListModel again;
    again.setStore(window.store());
    again.setConversation(id);
    TranscriptView fresh;
    fresh.setModel(&again);
    QCOMPARE(window.transcriptView()->toPlainText(), fresh.toPlainText());
    QCOMPARE(window.transcriptView()->document()->rootFrame()->childFrames().size(), 4);
    // The panel follows the latest reply, and counts it.
    QCOMPARE(window.workspace()->currentTurn(), stored.constLast().id);
    QTRY_COMPARE(
        window.workspace()->panel()->findChild<QLabel *>(QStringLiteral("turnHeader"))->text(),
        QStringLiteral("Reply 2 of 2"));
    // The list of conversations counts the turns a moment later.
    const QModelIndex current = window.conversationView()->currentIndex();
    QCOMPARE(current.data(ConversationTableModel::IdRole).toLongLong(), id);
    QTRY_COMPARE(current.siblingAtColumn(ConversationTableModel::Turns).data().toInt(), 4);
}

void TestLiveStudio::withinDesignMeetsEveryConditionInOrder()
{
    QJsonObject live = liveSection(QStringLiteral("after_each_reply"), false, 0, {});
    QJsonArray conditions;
    for (const QString &key : {QStringLiteral("first"), QStringLiteral("second")})
        conditions.append(QJsonObject {
            {QStringLiteral("key"), key},
            {QStringLiteral("scripted"),
             QJsonObject {{QStringLiteral("replies"),
                           QJsonArray {QJsonObject {
                               {QStringLiteral("text"), QStringLiteral("Reply of %1.").arg(key)}}}},
                          {QStringLiteral("fallback"), QStringLiteral("Again %1.").arg(key)}}}});
    live.insert(QStringLiteral("conditions"), conditions);
    live.insert(QStringLiteral("assignment"),
                QJsonObject {{QStringLiteral("design"), QStringLiteral("within")},
                             {QStringLiteral("seed"), 3}});
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, live);
    MainWindow window;
    const qint64 first = startConversation(window, path);
    QVERIFY(first != 0);
    LiveStudy *study = window.liveStudy();
    const qint64 second = study->newConversation();
    const qint64 third = study->newConversation();
    QVERIFY(second != 0 && third != 0);
    Store &store = *window.store();
    const Assignment assignment = *store.assignment(store.conversation(first)->participantId);
    QCOMPARE(assignment.conditions.size(), 2);
    // Each condition once, in the participant's order; then the one met least, first in order.
    QCOMPARE(store.conversation(first)->condition, assignment.conditions.at(0));
    QCOMPARE(store.conversation(second)->condition, assignment.conditions.at(1));
    QCOMPARE(store.conversation(third)->condition, assignment.conditions.at(0));
    // The participant sees the condition's label only ("Assistant A"), never its key.
    QCOMPARE(study->pane()->conversationId(), third);
    const QString heading = window.findChild<QLabel *>(QStringLiteral("chatHeading"))->text();
    QVERIFY2(heading.contains(store.protocol().live.condition(assignment.conditions.at(0))->label),
             qPrintable(heading));
    QVERIFY(heading.contains(QStringLiteral("Assistant ")));
    QVERIFY(!heading.contains(assignment.conditions.at(0)));
}

void TestLiveStudio::draftSurvivesClosingAndReopening()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, liveSection(QStringLiteral("after_each_reply"), false, 0, {}));
    qint64 id = 0;
    {
        MainWindow window;
        id = startConversation(window, path);
        QVERIFY(id != 0);
        ChatPane *pane = window.liveStudy()->pane();
        pane->messageBox()->setFocus();
        QTest::keyClicks(pane->messageBox(), QStringLiteral("Half a thought"));
        // Saved once typing pauses, without closing anything.
        QTRY_COMPARE(window.store()->draft(id), QStringLiteral("Half a thought"));
        QTest::keyClicks(pane->messageBox(), QStringLiteral(", and more"));
        window.close(); // at once on closing, without waiting for the pause
        QCOMPARE(Store::open(path)->draft(id), QStringLiteral("Half a thought, and more"));
    }
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QVERIFY(window.selectConversation(id));
    LiveStudy *live = window.liveStudy();
    QVERIFY(live->resumeAction()->isEnabled());
    QVERIFY(live->resumeConversation());
    QCOMPARE(live->pane()->messageBox()->toPlainText(), QStringLiteral("Half a thought, and more"));
    QCOMPARE(window.store()->sessions(id).size(), 2); // a new sitting
    // Sending it empties the draft.
    QTest::keyClick(live->pane()->messageBox(), Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(window.store()->draft(id), QString());
}

void TestLiveStudio::escapeStopsTheReplyAndKeepsIt()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, liveSection(QStringLiteral("after_each_reply"), false, 80, {}));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    ChatPane *pane = window.liveStudy()->pane();
    typeAndSend(pane, QStringLiteral("The deadline moved."));
    QTRY_VERIFY(pane->stopButton()->isEnabled());
    QTRY_VERIFY(turnsOf(*window.store(), id, Role::Assistant).size() == 1);
    QTest::keyClicks(pane->messageBox(), QStringLiteral("next"));
    QTest::keyClick(pane->messageBox(), Qt::Key_Escape);
    QVERIFY(!pane->chat()->isStreaming());
    const Turn reply = turnsOf(*window.store(), id, Role::Assistant).constFirst();
    QVERIFY(reply.meta.value(QStringLiteral("interrupted")).toBool());
    QCOMPARE(reply.meta.value(QStringLiteral("finish_reason")).toString(),
             QStringLiteral("stopped"));
    QVERIFY(!reply.text.isEmpty() && replyText.startsWith(reply.text) && reply.text != replyText);
    QCOMPARE(pane->messageBox()->toPlainText(), QStringLiteral("next")); // typing is kept
}

void TestLiveStudio::failedReplySaysWhyAndRetries()
{
    // An endpoint condition on a local server: the key is refused once, then the reply comes.
    test::StreamServer server;
    server.handler = [](int number, const QJsonObject &) {
        return number == 1 ? test::StreamPlan::error(401)
                           : test::StreamPlan::reply(QStringLiteral("Here I am again."));
    };
    QJsonObject live = liveSection(QStringLiteral("after_each_reply"), false, 0, {});
    live.insert(QStringLiteral("conditions"),
                QJsonArray {QJsonObject {
                    {QStringLiteral("key"), QStringLiteral("remote")},
                    {QStringLiteral("endpoint"),
                     QJsonObject {{QStringLiteral("url"), server.url().toString()},
                                  {QStringLiteral("model"), QStringLiteral("test-model")}}}}});
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, live);
    MainWindow window;
    const qint64 id = startConversation(window, path);
    ChatPane *pane = window.liveStudy()->pane();
    QVERIFY(pane->isOpen());
    // An endpoint condition: Study > Assistant API Key… keeps its key in the keychain.
    QVERIFY(window.liveStudy()->apiKeyAction()->isEnabled());
    typeAndSend(pane, QStringLiteral("Are you there?"));
    QTest::keyClicks(pane->messageBox(), QStringLiteral("typed meanwhile"));
    QTRY_VERIFY(pane->retryButton()->isVisible());
    QVERIFY2(pane->statusLabel()->isVisible() && !pane->statusLabel()->text().isEmpty(),
             qPrintable(pane->statusLabel()->text()));
    QCOMPARE(pane->messageBox()->toPlainText(), QStringLiteral("typed meanwhile")); // kept
    test::keepScreenshot(pane, QStringLiteral("live-failed.png"));
    QCOMPARE(turnsOf(*window.store(), id, Role::User).size(), 1);

    pane->retryButton()->click();
    QVERIFY(waitForReplies(*window.store(), id, 1));
    QCOMPARE(turnsOf(*window.store(), id, Role::Assistant).constFirst().text,
             QStringLiteral("Here I am again."));
    QCOMPARE(turnsOf(*window.store(), id, Role::User).size(), 1); // asked again, not repeated
    QCOMPARE(server.bodies.size(), 2);
    QTRY_VERIFY(!pane->retryButton()->isVisible());
    QVERIFY(pane->statusLabel()->text().isEmpty());
    QCOMPARE(pane->messageBox()->toPlainText(), QStringLiteral("typed meanwhile"));
}

void TestLiveStudio::panelOpensOnTheReplyWhenItEnds()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path,
                    liveSection(QStringLiteral("after_each_reply"), false, 0,
                                QStringLiteral("Good, two things to start with. Which of "
                                               "them would hurt the launch more if it "
                                               "slipped: the onboarding flow or the "
                                               "billing page?")));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    ChatPane *pane = window.liveStudy()->pane();
    const QStringList messages = {
        QStringLiteral("The deadline for our launch moved up by two weeks and my team is "
                       "already exhausted."),
        QStringLiteral("Yes, let's list them. Mostly the onboarding flow and the billing page.")};
    for (const QString &message : messages) {
        QSignalSpy finished(pane, &ChatPane::replyFinished);
        typeAndSend(pane, message);
        QVERIFY(finished.wait(10000));
        const qint64 turn = finished.constFirst().constFirst().toLongLong();
        QCOMPARE(turnsOf(*window.store(), id, Role::Assistant).constLast().id, turn);
        QCOMPARE(window.workspace()->currentTurn(), turn);
        QCOMPARE(window.workspace()->panel()->turnId(), turn);
        QCOMPARE(window.workspace()->panel()->currentDimension(), 0);
        QCOMPARE(window.transcriptView()->currentTurn(), turn);
    }
    // Not required here: the next message may go before the reply is rated.
    QCOMPARE(pane->chat()->blockedReason(), QString());
    QVERIFY(pane->sendButton()->isEnabled() == false); // nothing typed yet
    window.workspace()->panel()->rateCurrent(Rating(4));
    window.workspace()->panel()->rateCurrent(Rating(3));
    pane->messageBox()->setFocus();
    QTest::keyClicks(pane->messageBox(),
                     QStringLiteral("Billing, I think: nobody can pay us "
                                    "without it."));
    QTRY_VERIFY(pane->sendButton()->isEnabled());
    test::keepScreenshot(&window, QStringLiteral("live-session.png"));
}

void TestLiveStudio::requiredRatingBlocksTheNextMessage()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, liveSection(QStringLiteral("after_each_reply"), true, 0, {}));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    ChatPane *pane = window.liveStudy()->pane();
    typeAndSend(pane, QStringLiteral("The deadline moved."));
    QVERIFY(waitForReplies(*window.store(), id, 1));
    const qint64 reply = turnsOf(*window.store(), id, Role::Assistant).constFirst().id;
    QTRY_COMPARE(window.workspace()->panel()->turnId(), reply);

    typeAndSend(pane, QStringLiteral("What now?"));
    QCOMPARE(turnsOf(*window.store(), id, Role::User).size(), 1); // not sent
    QCOMPARE(pane->messageBox()->toPlainText(), QStringLiteral("What now?")); // nor lost
    const QString reason = pane->chat()->blockedReason();
    QVERIFY(!reason.isEmpty());
    QCOMPARE(pane->statusLabel()->text(), reason);
    QVERIFY(pane->statusLabel()->isVisible());
    QVERIFY(!pane->sendButton()->isEnabled());

    // The participant rates the reply in the panel; then the message goes.
    AnnotationSession *session = window.session();
    const QVector<Instrument> instruments = window.store()->instruments();
    for (const Dimension &d : instruments.constFirst().dimensions)
        if (d.level == Level::Turn)
            QVERIFY(session->setRating(reply, d.id, Rating(4)));
    QTRY_VERIFY(pane->sendButton()->isEnabled());
    QVERIFY(pane->statusLabel()->text().isEmpty());
    QTest::keyClick(pane->messageBox(), Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(turnsOf(*window.store(), id, Role::User).size(), 2);
}

void TestLiveStudio::endConversationNeedsTheRequiredContext()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path, liveSection(QStringLiteral("after_each_reply"), false, 0, {}));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    LiveStudy *live = window.liveStudy();
    typeAndSend(live->pane(), QStringLiteral("The deadline moved."));
    QVERIFY(waitForReplies(*window.store(), id, 1));
    QVERIFY(live->endAction()->isEnabled());
    live->endAction()->trigger();
    ContextDialog *dialog = live->contextDialog();
    QVERIFY(dialog && dialog->isVisible());
    QVERIFY(!dialog->endButton()->isEnabled());
    QVERIFY(!dialog->problems().isEmpty());
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("missingAnswers"))->isVisible());
    QCOMPARE(window.store()->conversation(id)->context, QJsonObject()); // nothing saved yet
    QVERIFY(live->pane()->isOpen()); // and not ended

    // Answer every required question, as a person would, in the form's widgets.
    const Form form = window.store()->protocol().context;
    for (const FormField &field : form.fields) {
        if (!field.required)
            continue;
        auto *box = qobject_cast<QComboBox *>(dialog->formView()->fieldWidget(field.key));
        QVERIFY2(box, qPrintable(field.key)); // the SENSE-7 context form requires choices only
        QTest::keyClick(box, Qt::Key_Down); // from "no answer" to the first answer
        QCOMPARE(box->currentIndex(), 1);
    }
    QVERIFY2(dialog->problems().isEmpty(), qPrintable(dialog->problems().join(u' ')));
    QVERIFY(dialog->endButton()->isEnabled());
    QSignalSpy ended(live, &LiveStudy::conversationEnded);
    dialog->endButton()->click();
    QCOMPARE(ended.size(), 1);
    const QJsonObject context = window.store()->conversation(id)->context;
    for (const FormField &field : form.fields)
        QVERIFY(!field.required || context.contains(field.key));
    QVERIFY(!live->pane()->isOpen());
    QVERIFY(live->pane()->isHidden());
    const QVector<LiveSession> sessions = window.store()->sessions(id);
    QCOMPARE(sessions.size(), 1);
    QVERIFY(sessions.constFirst().endedAt.isValid());
}

void TestLiveStudio::ratingAtTheEndFollowsTheContextForm()
{
    const QString path = test::testFunctionPath(m_dir);
    makeLiveDataSet(path,
                    liveSection(QStringLiteral("at_end"), false, 0, QStringLiteral("I see.")));
    MainWindow window;
    const qint64 id = startConversation(window, path);
    LiveStudy *live = window.liveStudy();
    for (int i = 1; i <= 2; ++i) {
        typeAndSend(live->pane(), QStringLiteral("Message %1").arg(i));
        QVERIFY(waitForReplies(*window.store(), id, i));
    }
    // While it goes on, the replies cannot be rated: not by a click, not by a key.
    RatingPanel *panel = window.workspace()->panel();
    const qint64 reply = turnsOf(*window.store(), id, Role::Assistant).constFirst().id;
    QVERIFY(window.workspace()->setCurrentTurn(reply));
    QVERIFY(panel->areTurnRatingsHeld());
    QVERIFY(!panel->scale(0)->isEnabled());
    panel->setCurrentDimension(0);
    panel->rateCurrent(Rating(4));
    panel->typeDigit(3);
    panel->toggleFlag();
    const qint64 annotator = window.session()->annotatorId();
    QVERIFY(window.store()->ratingsOfTurn(reply, annotator).isEmpty());
    QVERIFY(!window.store()->flagOfTurn(reply, annotator));
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("banner"))
                ->text()
                .contains(QStringLiteral("once you end the conversation")));
    test::keepScreenshot(&window, QStringLiteral("live-at-end.png"));
    live->endConversation();
    ContextDialog *dialog = live->contextDialog();
    QVERIFY(dialog);
    QJsonObject answers;
    for (const FormField &field : dialog->formView()->form().fields)
        if (field.required)
            answers.insert(field.key, field.options.constFirst().value);
    dialog->formView()->setAnswers(answers);
    QVERIFY(!window.store()->liveConversationEnded(id).isValid()); // not before the form
    dialog->accept();
    // The end is on record, with the sitting's, for the studio opened again.
    const QDateTime ended = window.store()->liveConversationEnded(id);
    QVERIFY(ended.isValid());
    QCOMPARE(window.store()->sessions(id).constLast().endedAt, ended);
    // The panel opens on the first reply, and says why.
    const qint64 first = turnsOf(*window.store(), id, Role::Assistant).constFirst().id;
    QCOMPARE(window.workspace()->panel()->turnId(), first);
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("banner"))->isVisible());
    // Now they can.
    QVERIFY(!panel->areTurnRatingsHeld());
    QVERIFY(panel->scale(0)->isEnabled());
    panel->setCurrentDimension(0);
    panel->rateCurrent(Rating(4));
    QCOMPARE(window.store()->ratingsOfTurn(first, annotator).size(), 1);
}

void TestLiveStudio::killedStudioKeepsMessageReplyAndDraft()
{
    // A slow scripted reply, one word every 150 ms: the studio is killed while it streams.
    const QString path = test::testFunctionPath(m_dir);
    QStringList words;
    for (int i = 0; i < 80; ++i)
        words << QStringLiteral("word%1").arg(i);
    makeLiveDataSet(path,
                    liveSection(QStringLiteral("after_each_reply"), false, 150, words.join(u' ')));
    qint64 id = 0;
    {
        auto store = Store::open(path);
        const qint64 participant = store->participants().constFirst().id;
        store->assignConditions(participant);
        id = store->startLiveConversation(participant, QStringLiteral("steady"),
                                          QStringLiteral("Killed"));
    }
    QProcess studio;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    studio.setProcessEnvironment(env);
    studio.start(QStringLiteral(SENSE7_STUDIO),
                 {path, QStringLiteral("--conversation"), QString::number(id),
                  QStringLiteral("--resume"), QStringLiteral("--message"),
                  QStringLiteral("Please answer slowly."), QStringLiteral("--draft"),
                  QStringLiteral("Not sent yet")});
    QVERIFY(studio.waitForStarted());
    auto store = Store::open(path);
    // Wait until some words of the reply and the draft are in the data set.
    const bool streaming = QTest::qWaitFor(
        [&] {
            const QVector<Turn> replies = turnsOf(*store, id, Role::Assistant);
            return studio.state() == QProcess::Running && replies.size() == 1
                && replies.constFirst().text.split(u' ', Qt::SkipEmptyParts).size() >= 3
                && store->draft(id) == QLatin1String("Not sent yet");
        },
        30000);
    QVERIFY2(streaming, qPrintable(QString::fromUtf8(studio.readAllStandardError())));
    studio.kill(); // SIGKILL: no destructor, no last write
    QVERIFY(studio.waitForFinished(30000));
    QCOMPARE(studio.exitStatus(), QProcess::CrashExit);
    const QVector<Turn> left = turnsOf(*store, id, Role::Assistant);
    QVERIFY(left.constFirst().meta.value(QStringLiteral("streaming")).toBool());
    store.reset();

    // The studio again: the message, the partial reply marked interrupted, the draft.
    MainWindow window;
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QVERIFY(window.selectConversation(id));
    QVERIFY(window.liveStudy()->resumeConversation());
    const QVector<Turn> messages = turnsOf(*window.store(), id, Role::User);
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.constFirst().text, QStringLiteral("Please answer slowly."));
    const QVector<Turn> replies = turnsOf(*window.store(), id, Role::Assistant);
    QCOMPARE(replies.size(), 1);
    const Turn reply = replies.constFirst();
    QVERIFY(words.join(u' ').startsWith(reply.text.trimmed()));
    QVERIFY(reply.text.trimmed().size() < words.join(u' ').size());
    QVERIFY(reply.meta.value(QStringLiteral("interrupted")).toBool());
    QCOMPARE(reply.meta.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("crash"));
    QVERIFY(!reply.meta.value(QStringLiteral("streaming")).toBool());
    QCOMPARE(window.liveStudy()->pane()->messageBox()->toPlainText(),
             QStringLiteral("Not sent yet"));
    QVERIFY(window.transcriptView()->toPlainText().contains(QStringLiteral("word0 word1")));
    QCOMPARE(window.store()->sessions(id).size(), 3); // started, resumed in the killed studio, now
}

QTEST_MAIN(TestLiveStudio)
#include "tst_livestudy.moc"
