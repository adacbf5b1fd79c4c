// The annotation workspace, offscreen and driven from the keyboard as a participant drives it;
// every check reads the data set back.

#include "annotationbar.h"
#include "annotationsession.h"
#include "findbar.h"
#include "fonts.h"
#include "formview.h"
#include "guisupport.h"
#include "i18n.h"
#include "mainwindow.h"
#include "noteedit.h"
#include "ratingpanel.h"
#include "retest.h"
#include "retestcontroller.h"
#include "scaleselector.h"
#include "settings.h"
#include "store.h"
#include "testsupport.h"
#include "transcriptview.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QUndoGroup>
#include <QUndoStack>

using namespace sense7;

namespace {

/**
 * A participant's own data set: one participant, two conversations of user/assistant pairs
 * (the second with a very long reply).
 */
void makeParticipantDataSet(const QString &path, const Protocol &protocol = protocol::sense7())
{
    auto store = Store::create(path, protocol);
    const qint64 participant = store->addParticipant(QStringLiteral("P07"));
    for (int c = 0; c < 2; ++c) {
        Conversation conversation;
        conversation.participantId = participant;
        conversation.sourceFormat = QStringLiteral("test");
        conversation.title = QStringLiteral("Conversation %1").arg(c + 1);
        conversation.agent = QStringLiteral("gpt-4o");
        conversation.startedAt = QDateTime(QDate(2025, 3, 1 + c), QTime(9, 0), Qt::UTC);
        QVector<Turn> turns;
        for (int i = 0; i < 6; ++i) {
            Turn t;
            t.role = i % 2 == 0 ? Role::User : Role::Assistant;
            t.text = t.role == Role::User ? QStringLiteral("Question %1 about the budget").arg(i)
                                          : QStringLiteral("Answer %1 with a plan.").arg(i);
            if (c == 1 && i == 3)
                t.text = QString(QStringLiteral("A long paragraph of advice. ")).repeated(200);
            turns.append(t);
        }
        store->addConversation(conversation, turns);
    }
}

} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void keyboardRatesAWholeTurn();
    void notApplicableByKey();
    void continuityFlagPointsAtTheLostTurn();
    void undoAndRedoFromTheKeyboard();
    void undoWorksAfterReopening();
    void navigatesBetweenReplies();
    void participantModeShowsOneParticipant();
    void observerDoesNotSeeSelfRatings();
    void contextFormIsValidatedAndSaved();
    void noteIsSavedWhenLeavingTheTurn();
    void findsInTheConversation();
    void longTurnsCollapse();
    void blindRetestStoresSeparately();
    void retestChoiceIsReproducible();
    void retestFollowsTheProtocol();
    void shortcutHelpListsEveryKey();
    void readOnlyDataSetCannotBeRated();
    void fullDiskSaysNotSaved();
    void drawsEveryTab();
    void breakFlagFieldsShowAfterB();
    void panelReadsOncePerChange();

private:
    void open(MainWindow &window, const QString &path);
    void press(MainWindow &window, int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    QJsonValue rating(const QString &dimension, qint64 turn, qint64 annotator = 0) const;

    QTemporaryDir m_dir;
    QString m_path;
    Store *m_store = nullptr;
};

void TestWorkspace::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_workspace"), true);
}

void TestWorkspace::init()
{
    QSettings().clear();
    m_path = test::testFunctionPath(m_dir);
    makeParticipantDataSet(m_path);
}

void TestWorkspace::open(MainWindow &window, const QString &path)
{
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    m_store = window.store();
}

void TestWorkspace::press(MainWindow &window, int key, Qt::KeyboardModifiers modifiers)
{
    QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
    QTest::keyClick(target, Qt::Key(key), modifiers);
}

QJsonValue TestWorkspace::rating(const QString &dimension, qint64 turn, qint64 annotator) const
{
    const qint64 who = annotator ? annotator : m_store->selfAnnotatorId();
    return m_store->currentValue({Edit::Kind::Rating, turn, m_store->findDimension(dimension)->id,
                                  who, QJsonValue::Undefined, QJsonValue::Undefined});
}

void TestWorkspace::keyboardRatesAWholeTurn()
{
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    const qint64 first = workspace->currentTurn();
    QVERIFY(first != 0);
    QCOMPARE(m_store->turns(m_store->conversationOfTurn(first)).at(1).id, first);
    // The focus is in the conversation list: the rating keys work from anywhere.
    window.conversationView()->setFocus();
    const QList<int> values {4, 3, 5, 2, 1, 4, 5};
    for (int value : values)
        press(window, Qt::Key_0 + value);
    const QStringList keys {QStringLiteral("acknowledgment"), QStringLiteral("understanding"),
                            QStringLiteral("validation"),     QStringLiteral("responsiveness"),
                            QStringLiteral("continuity"),     QStringLiteral("warmth"),
                            QStringLiteral("support")};
    for (int i = 0; i < keys.size(); ++i)
        QCOMPARE(rating(keys[i], first), QJsonValue(values[i]));
    // Seven ratings, seven journaled edits; the workspace moved on to the next reply.
    QCOMPARE(m_store->journal(m_store->selfAnnotatorId()).size(), 7);
    QVERIFY(workspace->currentTurn() != first);
    QCOMPARE(workspace->panel()->currentDimension(), 0);
    QVERIFY(window.savedLabel()->text().startsWith(QStringLiteral("Saved")));
    // The list and the overall progress follow: 7 of 21 cells of this conversation.
    const QModelIndex rated = window.conversationView()->model()->index(0, 5);
    QCOMPARE(rated.data().toString(), QStringLiteral("33%"));
    QVERIFY(window.progressBar()->value() > 0);
}

void TestWorkspace::notApplicableByKey()
{
    MainWindow window;
    open(window, m_path);
    const qint64 turn = window.workspace()->currentTurn();
    press(window, Qt::Key_0);
    press(window, Qt::Key_N);
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn), QJsonValue(QJsonValue::Null));
    QCOMPARE(rating(QStringLiteral("understanding"), turn), QJsonValue(QJsonValue::Null));
    QCOMPARE(rating(QStringLiteral("validation"), turn), QJsonValue(QJsonValue::Undefined));
    // Not applicable is not the same as unrated, on screen either.
    QCOMPARE(window.workspace()->panel()->scale(0)->value(), QJsonValue(QJsonValue::Null));
    QCOMPARE(window.workspace()->panel()->scale(2)->value(), QJsonValue(QJsonValue::Undefined));
    QCOMPARE(window.workspace()->panel()->scale(2)->accessibleDescription(),
             QStringLiteral("not rated"));
}

void TestWorkspace::continuityFlagPointsAtTheLostTurn()
{
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    QVERIFY(workspace->step(+1)); // the second reply
    const qint64 turn = workspace->currentTurn();
    const qint64 conversation = m_store->conversationOfTurn(turn);
    press(window, Qt::Key_B);
    QVERIFY(m_store->flags(conversation, m_store->selfAnnotatorId()).contains(turn));
    RatingPanel *panel = workspace->panel();
    panel->reasonBox()->setCurrentIndex(
        panel->reasonBox()->findData(QStringLiteral("lost_thread")));
    Q_EMIT panel->reasonBox()->activated(panel->reasonBox()->currentIndex());

    // Point at the lost turn: press "Pick in transcript", then click the first turn.
    auto *pick = panel->findChild<QPushButton *>(QStringLiteral("pickLostTurn"));
    QVERIFY(pick->isEnabled());
    QTest::mouseClick(pick, Qt::LeftButton);
    QVERIFY(panel->isPickingLostTurn());
    TranscriptView *transcript = workspace->transcript();
    transcript->verticalScrollBar()->setValue(0);
    const QPoint onFirstTurn(transcript->viewport()->width() - 60, 40);
    const qint64 firstTurn = m_store->turns(conversation).first().id;
    QCOMPARE(transcript->turnAt(onFirstTurn), firstTurn);
    QTest::mouseClick(transcript->viewport(), Qt::LeftButton, {}, onFirstTurn);
    QVERIFY(!panel->isPickingLostTurn());

    const TurnFlag flag = m_store->flags(conversation, m_store->selfAnnotatorId()).value(turn);
    QCOMPARE(flag.reason, QStringLiteral("lost_thread"));
    QCOMPARE(flag.refersToTurnId, std::optional<qint64>(firstTurn));
    QCOMPARE(workspace->currentTurn(), turn); // picking did not move the current reply
    QVERIFY(panel->findChild<QLabel *>(QStringLiteral("lostTurn"))
                ->text()
                .contains(QStringLiteral("1")));

    // B again removes the flag.
    press(window, Qt::Key_B);
    QVERIFY(!m_store->flags(conversation, m_store->selfAnnotatorId()).contains(turn));
}

void TestWorkspace::undoAndRedoFromTheKeyboard()
{
    MainWindow window;
    open(window, m_path);
    const qint64 turn = window.workspace()->currentTurn();
    press(window, Qt::Key_4);
    press(window, Qt::Key_2);
    QCOMPARE(rating(QStringLiteral("understanding"), turn), QJsonValue(2));
    press(window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(rating(QStringLiteral("understanding"), turn), QJsonValue(QJsonValue::Undefined));
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn), QJsonValue(4));
    // The panel shows what the data set holds.
    QCOMPARE(window.workspace()->panel()->scale(1)->value(), QJsonValue(QJsonValue::Undefined));
    press(window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(rating(QStringLiteral("understanding"), turn), QJsonValue(2));
    QCOMPARE(window.workspace()->panel()->scale(1)->value(), QJsonValue(2));
}

void TestWorkspace::undoWorksAfterReopening()
{
    qint64 turn = 0;
    {
        MainWindow window;
        open(window, m_path);
        turn = window.workspace()->currentTurn();
        press(window, Qt::Key_5);
        press(window, Qt::Key_3);
    }
    MainWindow window;
    open(window, m_path);
    QVERIFY(window.undoGroup()->canUndo());
    press(window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(rating(QStringLiteral("understanding"), turn), QJsonValue(QJsonValue::Undefined));
    press(window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn), QJsonValue(QJsonValue::Undefined));
    QVERIFY(!window.undoGroup()->canUndo());
}

void TestWorkspace::navigatesBetweenReplies()
{
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    const QVector<Turn> turns =
        m_store->turns(m_store->conversationOfTurn(workspace->currentTurn()));
    QCOMPARE(workspace->currentTurn(), turns[1].id);
    press(window, Qt::Key_J);
    QCOMPARE(workspace->currentTurn(), turns[3].id);
    press(window, Qt::Key_PageDown);
    QCOMPARE(workspace->currentTurn(), turns[5].id);
    press(window, Qt::Key_J); // the last reply stays current
    QCOMPARE(workspace->currentTurn(), turns[5].id);
    press(window, Qt::Key_K);
    QCOMPARE(workspace->currentTurn(), turns[3].id);
    press(window, Qt::Key_PageUp);
    QCOMPARE(workspace->currentTurn(), turns[1].id);
    QCOMPARE(workspace->transcript()->currentTurn(), turns[1].id);

    // Ctrl+Shift+N: rate the first reply fully, and the next unrated one is the second...
    for (int i = 0; i < 7; ++i)
        press(window, Qt::Key_3);
    QVERIFY(workspace->step(-1));
    press(window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(workspace->currentTurn(), turns[3].id);
    // ...past the conversation's last reply, the next conversation's first unrated one...
    QVERIFY(workspace->step(+1));
    for (int i = 0; i < 7; ++i)
        press(window, Qt::Key_3);
    press(window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    const qint64 second = m_store->conversationOfTurn(workspace->currentTurn());
    QVERIFY(second != turns[0].conversationId);
    QCOMPARE(workspace->currentTurn(), m_store->turns(second).at(1).id);
    // ...and, with that one fully rated, round again to the reply still unrated in the first.
    for (int i = 0; i < 21; ++i)
        press(window, Qt::Key_5);
    press(window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(workspace->currentTurn(), turns[3].id);
}

void TestWorkspace::participantModeShowsOneParticipant()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-modes.sense7"));
    QFile::remove(demo);
    test::makeDemoDataSet(demo);
    MainWindow window;
    open(window, demo);
    // Three participants: researcher mode, everyone's conversations.
    AnnotationBar *bar = window.annotationBar();
    QCOMPARE(bar->mode(), AnnotationBar::Mode::Researcher);
    QCOMPARE(window.conversationView()->model()->rowCount(), 13);

    Settings().annotationMode.set(QStringLiteral("participant"));
    MainWindow participant;
    open(participant, demo);
    AnnotationBar *pbar = participant.annotationBar();
    QCOMPARE(pbar->mode(), AnnotationBar::Mode::Participant);
    QVERIFY(!pbar->annotatorBox()->isVisible());
    QCOMPARE(pbar->participantBox()->findText(QStringLiteral("All participants")), -1);
    const QString code = pbar->participantBox()->currentText();
    QAbstractItemModel *list = participant.conversationView()->model();
    QVERIFY(list->rowCount() > 0 && list->rowCount() < 13);
    for (int row = 0; row < list->rowCount(); ++row)
        QCOMPARE(list->index(row, 0).data().toString(), code);
    QCOMPARE(participant.session()->annotatorId(), m_store->selfAnnotatorId());
}

void TestWorkspace::observerDoesNotSeeSelfRatings()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-observer.sense7"));
    QFile::remove(demo);
    test::makeDemoDataSet(demo);
    MainWindow window;
    open(window, demo);
    RatingPanel *panel = window.workspace()->panel();
    const qint64 turn = window.workspace()->currentTurn();
    QVERIFY(!panel->scale(0)->value().isUndefined()); // the demo's own rating

    const qint64 observer = m_store->annotatorId(QStringLiteral("O1"), AnnotatorKind::Observer);
    AnnotationBar *bar = window.annotationBar();
    bar->setStore(m_store, AnnotationBar::Mode::Researcher);
    const int index = bar->annotatorBox()->findData(observer);
    QVERIFY(index > 0);
    bar->annotatorBox()->setCurrentIndex(index);
    Q_EMIT bar->annotatorBox()->activated(index);
    QCOMPARE(window.session()->annotatorId(), observer);
    window.workspace()->setCurrentTurn(turn);
    for (int row = 0; row < panel->dimensionCount(); ++row)
        QVERIFY(panel->scale(row)->value().isUndefined());
    const QJsonValue selfBefore = rating(QStringLiteral("acknowledgment"), turn);
    press(window, Qt::Key_1);
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn, observer), QJsonValue(1));
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn), selfBefore);
}

void TestWorkspace::contextFormIsValidatedAndSaved()
{
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    const qint64 conversation = m_store->conversationOfTurn(window.workspace()->currentTurn());
    FormView *form = panel->contextForm();
    // The task type is required: an empty form says so.
    QVERIFY(form->problems().join(QString()).contains(QStringLiteral("needs an answer")));
    QVERIFY(form->findChild<QLabel *>(QStringLiteral("formProblems"))->isVisibleTo(form));

    auto *task = qobject_cast<QComboBox *>(form->fieldWidget(QStringLiteral("task_type")));
    QVERIFY(task);
    const int coding = task->findData(QStringLiteral("coding"));
    task->setCurrentIndex(coding);
    Q_EMIT task->activated(coding);
    QCOMPARE(m_store->conversation(conversation)->context.value(QStringLiteral("task_type")),
             QJsonValue(QStringLiteral("coding")));
    QVERIFY(form->problems().isEmpty());

    // A scale of the form takes the digit keys while it has focus; the turn's ratings do not.
    panel->tabs()->setCurrentIndex(2);
    auto *pressure =
        qobject_cast<ScaleSelector *>(form->fieldWidget(QStringLiteral("time_pressure")));
    pressure->setFocus();
    QTest::keyClick(pressure, Qt::Key_4);
    QCOMPARE(m_store->conversation(conversation)->context.value(QStringLiteral("time_pressure")),
             QJsonValue(4));
    QCOMPARE(rating(QStringLiteral("acknowledgment"), window.workspace()->currentTurn()),
             QJsonValue(QJsonValue::Undefined));
    // Form edits are undoable like ratings.
    press(window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(
        !m_store->conversation(conversation)->context.contains(QStringLiteral("time_pressure")));
    // Another conversation shows its own context; moving between replies keeps the form.
    window.selectConversationRow(1);
    QVERIFY(form->answers().isEmpty());
    window.selectConversationRow(0);
    QCOMPARE(form->answers().value(QStringLiteral("task_type")),
             QJsonValue(QStringLiteral("coding")));
    QVERIFY(window.workspace()->step(+1));
    QCOMPARE(form->answers().value(QStringLiteral("task_type")),
             QJsonValue(QStringLiteral("coding")));
}

void TestWorkspace::noteIsSavedWhenLeavingTheTurn()
{
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    const qint64 turn = workspace->currentTurn();
    const qint64 conversation = m_store->conversationOfTurn(turn);
    QPlainTextEdit *note = workspace->panel()->noteEdit();
    note->setFocus();
    QTest::keyClicks(note, QStringLiteral("felt rushed"));
    // Letters typed in the note are text, not shortcuts (J, K, B, N).
    QCOMPARE(workspace->currentTurn(), turn);
    QVERIFY(m_store->flags(conversation, m_store->selfAnnotatorId()).isEmpty());
    QVERIFY(workspace->step(+1)); // leaving the turn hands the note over
    QCOMPARE(m_store->notes(conversation, m_store->selfAnnotatorId()).value(turn),
             QStringLiteral("felt rushed"));
    QVERIFY(note->toPlainText().isEmpty()); // the next turn's (empty) note
    QVERIFY(workspace->setCurrentTurn(turn));
    QCOMPARE(note->toPlainText(), QStringLiteral("felt rushed"));
}

void TestWorkspace::findsInTheConversation()
{
    MainWindow window;
    open(window, m_path);
    press(window, Qt::Key_F, Qt::ControlModifier);
    FindBar *find = window.workspace()->findBar();
    QVERIFY(find->isVisible());
    QCOMPARE(QApplication::focusWidget(), find->field());
    QTest::keyClicks(find->field(), QStringLiteral("budget"));
    QCOMPARE(find->matchCount(), 3);
    QCOMPARE(window.transcriptView()->textCursor().selectedText(), QStringLiteral("budget"));
    QTest::keyClick(find->field(), Qt::Key_Escape);
    QVERIFY(!find->isVisible());
}

void TestWorkspace::longTurnsCollapse()
{
    MainWindow window;
    open(window, m_path);
    window.selectConversationRow(1);
    TranscriptView *transcript = window.transcriptView();
    const QVector<Turn> turns =
        m_store->turns(m_store->conversationOfTurn(window.workspace()->currentTurn()));
    const qint64 longTurn = turns[3].id;
    QVERIFY(turns[3].text.size() > TranscriptView::collapseAbove);
    QVERIFY(transcript->isCollapsed(longTurn));
    QVERIFY(transcript->toPlainText().contains(QStringLiteral("Show more")));
    const int shown = transcript->toPlainText().size();
    transcript->expand(longTurn);
    QVERIFY(!transcript->isCollapsed(longTurn));
    QVERIFY(transcript->toPlainText().size() > shown + 3000);
}

void TestWorkspace::blindRetestStoresSeparately()
{
    // A study whose protocol re-rates every rated reply.
    QFile::remove(m_path);
    makeParticipantDataSet(m_path, test::withRetest(protocol::sense7(), true, 5, 100));
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    // Rate two replies fully as the participant.
    for (int i = 0; i < 14; ++i)
        press(window, Qt::Key_4);
    const qint64 self = m_store->selfAnnotatorId();
    RetestController *retest = window.findChild<RetestController *>();
    QVERIFY(retest);
    QVERIFY(retest->start(m_store, 0, 42));
    QCOMPARE(retest->turns().size(), 2);
    QVERIFY(workspace->findChild<QLabel *>(QStringLiteral("banner"))->isVisible());
    const qint64 first = retest->turns().first();
    QCOMPARE(workspace->currentTurn(), first);
    // The earlier ratings are hidden.
    QVERIFY(workspace->panel()->scale(0)->value().isUndefined());
    for (int i = 0; i < 7; ++i)
        press(window, Qt::Key_2);
    const qint64 retestAnnotator = workspace->session()->annotatorId();
    QVERIFY(retestAnnotator != self);
    QCOMPARE(rating(QStringLiteral("warmth"), first, retestAnnotator), QJsonValue(2));
    QCOMPARE(rating(QStringLiteral("warmth"), first), QJsonValue(4)); // unchanged
    QCOMPARE(retest->position(), 1);
    QCOMPARE(workspace->currentTurn(), retest->turns().at(1));
    retest->stop();
    QVERIFY(!retest->isActive());
    QCOMPARE(workspace->session()->annotatorId(), self);
    QVERIFY(!workspace->findChild<QLabel *>(QStringLiteral("banner"))->isVisible());
    // A turn already re-rated is not offered again.
    QCOMPARE(m_store->fullyRatedTurns(self, 0, retestAnnotator).size(), 1);
}

void TestWorkspace::retestFollowsTheProtocol()
{
    // Preferences that would ask for more (or none) change nothing: the protocol decides.
    QSettings().setValue(QStringLiteral("retest/enabled"), false);
    QSettings().setValue(QStringLiteral("retest/percent"), 100);
    {
        QFile::remove(m_path);
        makeParticipantDataSet(m_path, test::withRetest(protocol::sense7(), true, 1, 50));
        MainWindow window;
        open(window, m_path);
        for (int i = 0; i < 14; ++i) // two replies fully rated
            press(window, Qt::Key_4);
        QCOMPARE(m_store->protocol().retest.percent, 50);
        RetestController *retest = window.findChild<RetestController *>();
        QVERIFY(retest->start(m_store, 0, 42));
        QCOMPARE(retest->turns().size(), 1); // 50 % of two, whatever the preference says
        QVERIFY(RetestController::describe(m_store->protocol())
                    .contains(QStringLiteral("50 % of the replies already rated after every 1 "
                                             "fully rated conversation")));
        retest->stop();
    }
    {
        const QString path = m_dir.filePath(QStringLiteral("no-retest.sense7"));
        makeParticipantDataSet(path, test::withRetest(protocol::sense7(), false, 1, 50));
        MainWindow window;
        open(window, path);
        for (int i = 0; i < 14; ++i)
            press(window, Qt::Key_4);
        QVERIFY(!m_store->protocol().retest.enabled);
        RetestController *retest = window.findChild<RetestController *>();
        QVERIFY(!retest->start(m_store, 0, 42)); // the study asks for none: no round at all
        QVERIFY(!retest->isActive());
        QVERIFY(RetestController::describe(m_store->protocol())
                    .contains(QStringLiteral("asks for no blind re-rating")));
    }
}

void TestWorkspace::retestChoiceIsReproducible()
{
    QVector<qint64> candidates;
    for (qint64 id = 100; id < 200; ++id)
        candidates.append(id);
    const auto a = retest::choose(candidates, 10, 7);
    QCOMPARE(a.size(), 10);
    QCOMPARE(retest::choose(candidates, 10, 7), a);
    QVector<qint64> reversed(candidates.rbegin(), candidates.rend());
    QCOMPARE(retest::choose(reversed, 10, 7), a); // input order does not matter
    QVERIFY(retest::choose(candidates, 10, 8) != a);
    QCOMPARE(QSet<qint64>(a.begin(), a.end()).size(), 10); // no repeats
    for (qint64 id : a)
        QVERIFY(candidates.contains(id));
    QCOMPARE(retest::choose({5}, 1, 1), QVector<qint64>({5})); // at least one
    QVERIFY(retest::choose({}, 50, 1).isEmpty());
    QCOMPARE(retest::choose(candidates, 100, 3).size(), 100);
    QVERIFY(retest::isDue(5, 5, 0));
    QVERIFY(!retest::isDue(4, 5, 0));
    QVERIFY(!retest::isDue(9, 5, 5));
    QVERIFY(retest::isDue(10, 5, 5));
}

void TestWorkspace::shortcutHelpListsEveryKey()
{
    const auto help = Workspace::shortcutHelp();
    QStringList keys;
    for (const auto &row : help)
        keys << row.first;
    const QString all = keys.join(QLatin1Char('|'));
    for (const QString &key :
         {QStringLiteral("1 – 9"), QStringLiteral("Several digits (1 0 0)"), QStringLiteral("N"),
          QStringLiteral("- / +"), QStringLiteral("J or Page Down"), QStringLiteral("K or Page Up"),
          QStringLiteral("B"), QStringLiteral("Up / Down"), QStringLiteral("Ctrl+Shift+N"),
          QStringLiteral("Ctrl+Z"), QStringLiteral("Ctrl+Shift+Z"), QStringLiteral("Ctrl+F"),
          QStringLiteral("Home / End"), QStringLiteral("Shift+Left / Shift+Right")})
        QVERIFY2(all.contains(key), qPrintable(key));
}

void TestWorkspace::readOnlyDataSetCannotBeRated()
{
    auto store = Store::open(m_path, Store::Access::ReadOnly);
    QVERIFY(store->isReadOnly());
    TurnListModel turns;
    turns.setStore(store.get());
    Workspace workspace(&turns);
    AnnotationSession session(store.get(), store->selfAnnotatorId());
    workspace.setSession(&session);
    turns.setConversation(store->conversationSummaries().first().id);
    QVERIFY(workspace.currentTurn() != 0);
    QVERIFY(!workspace.panel()->scale(0)->isEnabledTo(&workspace));
    workspace.panel()->rateCurrent(4);
    QCOMPARE(session.undoStack()->count(), 0);
    QCOMPARE(store->info().ratings, 0);
}

void TestWorkspace::fullDiskSaysNotSaved()
{
    // The disk fills while rating by keyboard: the key press that does not fit says "Not saved"
    // and why, the store has nothing of it, and everything before it is saved.
    MainWindow window;
    open(window, m_path);
    const qint64 pages = test::connection(*m_store).pragmaInt("PRAGMA page_count");
    const QByteArray limit = "PRAGMA max_page_count = " + QByteArray::number(pages);
    test::connection(*m_store).exec(limit.constData());
    QString shown;
    const auto closeMessage = [&shown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            shown = box->text();
            // SENSE7_SCREENSHOT_DIR keeps the message for a person to look at.
            if (const QString keep = qEnvironmentVariable("SENSE7_SCREENSHOT_DIR"); !keep.isEmpty())
                box->grab().save(keep + QStringLiteral("/disk-full.png"));
            box->accept();
        }
    };
    const qint64 self = m_store->selfAnnotatorId();
    qint64 journal = 0;
    int presses = 0;
    while (presses < 2000 && shown.isEmpty()) {
        journal = m_store->journal(self, 100000).size();
        QTimer::singleShot(0, &window, closeMessage);
        press(window, Qt::Key_1 + presses % 5);
        ++presses;
        QTest::qWait(0);
    }
    QVERIFY2(shown.contains(QStringLiteral("the disk is full")), qPrintable(shown));
    QVERIFY(presses > 1);
    QCOMPARE(window.savedLabel()->text(), QStringLiteral("Not saved"));
    QCOMPARE(m_store->journal(self, 100000).size(), journal); // nothing of the failed press
    QCOMPARE(test::connection(*m_store).pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));

    test::connection(*m_store).exec("PRAGMA max_page_count = 1073741823");
    QApplication::setActiveWindow(&window); // back from the message box
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.conversationView()->setFocus();
    press(window, Qt::Key_1 + (presses - 1) % 5); // the same key, with room this time
    QVERIFY(window.savedLabel()->text().startsWith(QStringLiteral("Saved")));
    QCOMPARE(m_store->journal(self, 100000).size(), journal + 1);
}

void TestWorkspace::drawsEveryTab()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-draw.sense7"));
    QFile::remove(demo);
    test::makeDemoDataSet(demo);
    MainWindow window;
    open(window, demo);
    window.resize(1280, 800);
    QVERIFY(window.selectConversation(m_store->findConversation(QStringLiteral("6"))));
    RatingPanel *panel = window.workspace()->panel();
    // SENSE7_SCREENSHOT_DIR keeps the pictures for a person to look at.
    const QString keep = qEnvironmentVariable("SENSE7_SCREENSHOT_DIR");
    for (int tab = 0; tab < panel->tabs()->count(); ++tab) {
        panel->tabs()->setCurrentIndex(tab);
        const QImage image = window.grab().toImage();
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 20, qPrintable(panel->tabs()->tabText(tab)));
        if (!keep.isEmpty())
            image.save(QDir(keep).filePath(QStringLiteral("tab%1.png").arg(tab)));
    }
    // The flag and the note, below the scales.
    panel->tabs()->setCurrentIndex(0);
    window.workspace()->step(+1);
    QVERIFY(panel->flagBox()->isChecked() || window.workspace()->step(+1));
    panel->flagBox()->ensurePolished();
    auto *area = qobject_cast<QScrollArea *>(panel->tabs()->currentWidget());
    QVERIFY(area);
    area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
    if (!keep.isEmpty())
        window.grab().save(QDir(keep).filePath(QStringLiteral("flag.png")));
}

void TestWorkspace::breakFlagFieldsShowAfterB()
{
    // The studio's font, as main() sets it: its Chinese fallback makes lines taller.
    const QFont font = QApplication::font();
    QApplication::setFont(fonts::withChineseFallback(font));
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        i18n::install(QLocale(language));
        QFile::remove(m_path);
        makeParticipantDataSet(m_path); // nothing flagged yet
        {
            MainWindow window;
            open(window, m_path);
            QCOMPARE(window.size(), QSize(1280, 800)); // the default size
            RatingPanel *panel = window.workspace()->panel();
            auto *scroll = qobject_cast<QScrollArea *>(panel->tabs()->currentWidget());
            QVERIFY(scroll);
            const auto inSight = [scroll](QWidget *widget) {
                const QRect shown(widget->mapTo(scroll->viewport(), QPoint(0, 0)), widget->size());
                return scroll->viewport()->rect().contains(shown);
            };
            auto *lostTurn = panel->findChild<QLabel *>(QStringLiteral("lostTurn"));
            auto *pick = panel->findChild<QPushButton *>(QStringLiteral("pickLostTurn"));
            // At this size the flag's fields lie below the fold, under the scales and the note.
            QVERIFY(!inSight(panel->reasonBox()));

            press(window, Qt::Key_B);
            QVERIFY(panel->flagBox()->isChecked());
            QVERIFY2(inSight(panel->reasonBox()), qPrintable(language));
            QVERIFY(inSight(lostTurn));
            QVERIFY(inSight(pick));
            QVERIFY(panel->reasonBox()->isEnabled());
            test::keepScreenshot(&window, QStringLiteral("flag-%1.png").arg(language));

            // The next reply starts at the top again, with its first scale in sight.
            press(window, Qt::Key_J);
            QVERIFY(inSight(panel->scale(0)));
        }
        // English again for whatever runs after.
        qDeleteAll(qApp->findChildren<QTranslator *>());
        QLocale::setDefault(QLocale::c());
        i18n::setLanguage({});
    }
    QApplication::setFont(font);
}

void TestWorkspace::panelReadsOncePerChange()
{
    MainWindow window;
    open(window, m_path);
    Workspace *workspace = window.workspace();
    RatingPanel *panel = workspace->panel();
    const qint64 turn = workspace->currentTurn();
    QVERIFY(turn != 0);
    const qint64 self = m_store->selfAnnotatorId();
    QSignalSpy refreshed(panel, &RatingPanel::refreshed);

    // A rating key: committed, then read back once, when the store announces it.
    press(window, Qt::Key_3);
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn), QJsonValue(3));
    QCOMPARE(refreshed.count(), 1);
    QCOMPARE(panel->scale(0)->value(), QJsonValue(3));

    // B: the flag is written and read back once, not once more after the panel's own write.
    refreshed.clear();
    press(window, Qt::Key_B);
    QVERIFY(panel->flagBox()->isChecked());
    QVERIFY(m_store->flagOfTurn(turn, self).has_value());
    QCOMPARE(refreshed.count(), 1);

    // Undo is a change like any other.
    refreshed.clear();
    press(window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!m_store->flagOfTurn(turn, self).has_value());
    QVERIFY(!panel->flagBox()->isChecked());
    QCOMPARE(refreshed.count(), 1);

    // Another annotator rates, flags and notes this reply: the panel is not read again and
    // still shows the session's annotator's values.
    refreshed.clear();
    const qint64 observer = m_store->annotatorId(QStringLiteral("O1"), AnnotatorKind::Observer);
    AnnotationSession other(m_store, observer);
    const qint64 acknowledgment = m_store->findDimension(QStringLiteral("acknowledgment"))->id;
    QVERIFY(other.setRating(turn, acknowledgment, 5));
    TurnFlag flag;
    flag.reason = QStringLiteral("other");
    QVERIFY(other.setFlag(turn, flag));
    QVERIFY(other.setNote(turn, QStringLiteral("theirs")));
    QCOMPARE(rating(QStringLiteral("acknowledgment"), turn, observer), QJsonValue(5));
    QCOMPARE(m_store->noteOfTurn(turn, observer), QStringLiteral("theirs"));
    QCOMPARE(refreshed.count(), 0);
    QCOMPARE(panel->scale(0)->value(), QJsonValue(3));
    QVERIFY(!panel->flagBox()->isChecked());
    QVERIFY(panel->noteEdit()->toPlainText().isEmpty());

    // The session's annotator rating another reply leaves this one alone too.
    qint64 otherReply = 0;
    for (const Turn &t : m_store->turns(m_store->conversationOfTurn(turn))) {
        if (t.role == Role::Assistant && t.id != turn)
            otherReply = t.id;
    }
    QVERIFY(otherReply != 0);
    QVERIFY(window.session()->setRating(otherReply, acknowledgment, 2));
    QCOMPARE(rating(QStringLiteral("acknowledgment"), otherReply), QJsonValue(2));
    QCOMPARE(refreshed.count(), 0);
    QCOMPARE(workspace->currentTurn(), turn);
}

QTEST_MAIN(TestWorkspace)
#include "tst_workspace.moc"
