// The rating panel under instruments other than SENSE-7, offscreen and driven from the keyboard:
// a 7-point instrument, a 0-10 scale, a 1-100 track, twelve dimensions, a dimension of user turns,
// and ESConv's feedback in the conversation list. Every check reads the data set back.

#include "annotationsession.h"
#include "browse/digest.h"
#include "browse/trajectory.h"
#include "conversationpage.h"
#include "guisupport.h"
#include "import/importer.h"
#include "mainwindow.h"
#include "protocol.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "taxonomy.h"
#include "testsupport.h"
#include "trajectorychart.h"
#include "turnpage.h"
#include "workspace.h"

#include <QApplication>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace sense7;

namespace {

Instrument sevenPoint()
{
    return taxonomy::load(
        QStringLiteral(SENSE7_TEST_DATA "/protocols/seven_point_instrument.json"));
}

/** An instrument of \a count turn-level dimensions on the scale \a min to \a max. */
Instrument scales(const QString &key, int count, int min, int max)
{
    Instrument instrument;
    instrument.key = key;
    instrument.name = QStringLiteral("Test %1").arg(key);
    instrument.version = QStringLiteral("1");
    for (int i = 0; i < count; ++i) {
        Dimension d;
        d.key = QStringLiteral("item%1").arg(i + 1);
        d.name = QStringLiteral("Item %1").arg(i + 1);
        d.question = QStringLiteral("How much of item %1?").arg(i + 1);
        d.scaleMin = min;
        d.scaleMax = max;
        d.anchors = {{min, QStringLiteral("Not at all")}, {max, QStringLiteral("Completely")}};
        instrument.dimensions.append(d);
    }
    return instrument;
}

/** A data set under a protocol of \a instruments: one participant, one conversation of 3 pairs. */
void makeDataSet(const QString &path, const QVector<Instrument> &instruments)
{
    Protocol protocol = protocol::sense7();
    protocol.instruments = instruments;
    auto store = Store::create(path, protocol);
    const qint64 participant = store->addParticipant(QStringLiteral("P01"));
    Conversation conversation;
    conversation.participantId = participant;
    conversation.sourceFormat = QStringLiteral("test");
    conversation.title = QStringLiteral("Three replies");
    conversation.startedAt = QDateTime(QDate(2025, 5, 1), QTime(9, 0), Qt::UTC);
    QVector<Turn> turns;
    for (int i = 0; i < 6; ++i) {
        Turn t;
        t.role = i % 2 == 0 ? Role::User : Role::Assistant;
        t.text = t.role == Role::User ? QStringLiteral("Question %1").arg(i)
                                      : QStringLiteral("Answer %1.").arg(i);
        turns.append(t);
    }
    store->addConversation(conversation, turns);
}

} // namespace

class TestRatingPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void sevenPointRepliesFromTheKeyboard();
    void sevenPointConversationItems();
    void elevenPointScaleTakesTwoDigits();
    void hundredPointScaleIsATrack();
    void twelveDimensionsAllShown();
    void notApplicableOnlyWhereAllowed();
    void dimensionOfUserTurns();
    void orderFollowsTheProtocol();
    void conversationOnlyInstrumentOpensItsTab();
    void esconvFeedbackCountsInTheList();
    void trajectoryDrawsTheRatedInstrument();

private:
    void open(MainWindow &window, const QString &path);
    void press(int key);
    QJsonValue rating(const QString &dimension, qint64 turn) const;

    QTemporaryDir m_dir;
    QString m_path;
    Store *m_store = nullptr;
};

void TestRatingPanel::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("tst_ratingpanel"), true);
}

void TestRatingPanel::init()
{
    QSettings().clear();
    m_path = test::testFunctionPath(m_dir);
}

void TestRatingPanel::open(MainWindow &window, const QString &path)
{
    QCOMPARE(window.openDataSet(path), QString());
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    m_store = window.store();
}

void TestRatingPanel::press(int key)
{
    QWidget *target =
        QApplication::focusWidget() ? QApplication::focusWidget() : QApplication::activeWindow();
    QTest::keyClick(target, Qt::Key(key));
}

QJsonValue TestRatingPanel::rating(const QString &dimension, qint64 turn) const
{
    return m_store->currentValue({Edit::Kind::Rating, turn, m_store->findDimension(dimension)->id,
                                  m_store->selfAnnotatorId(), QJsonValue::Undefined,
                                  QJsonValue::Undefined});
}

void TestRatingPanel::sevenPointRepliesFromTheKeyboard()
{
    makeDataSet(m_path, {sevenPoint()});
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(panel->dimensionCount(), 1);
    QCOMPARE(panel->scale(0)->objectName(), QStringLiteral("scale_reply_empathy"));
    QCOMPARE(panel->scale(0)->maximum(), 7);
    const QVector<Turn> turns = m_store->turns(m_store->conversationSummaries().at(0).id);
    QCOMPARE(window.workspace()->currentTurn(), turns[1].id);
    // The instrument has no "not applicable": no N/A segment, and N and 0 rate nothing.
    QVERIFY(!panel->scale(0)->allowsNotApplicable());
    window.conversationView()->setFocus();
    // 8 and 9 are no points of a 7-point scale: nothing is rated, the reply stays.
    press(Qt::Key_8);
    press(Qt::Key_9);
    press(Qt::Key_0);
    press(Qt::Key_N);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[1].id),
             QJsonValue(QJsonValue::Undefined));
    QCOMPARE(window.workspace()->currentTurn(), turns[1].id);
    press(Qt::Key_7);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[1].id), QJsonValue(7));
    QCOMPARE(window.workspace()->currentTurn(), turns[3].id); // one item: on to the next reply
    press(Qt::Key_6);
    press(Qt::Key_1);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[3].id), QJsonValue(6));
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[5].id), QJsonValue(1));
    // Focused on the scale, the same keys.
    window.workspace()->setCurrentTurn(turns[1].id);
    panel->scale(0)->setFocus();
    press(Qt::Key_9);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[1].id), QJsonValue(7));
    press(Qt::Key_2);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turns[1].id), QJsonValue(2));
    // The list counts the 7-point item: every reply rated.
    QCOMPARE(window.conversationView()->model()->index(0, 5).data().toString(),
             QStringLiteral("100%"));
    test::keepScreenshot(&window, QStringLiteral("rating-7-point-turn.png"));
}

void TestRatingPanel::sevenPointConversationItems()
{
    makeDataSet(m_path, {sevenPoint()});
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    ConversationPage *page = panel->conversationPage();
    QCOMPARE(page->dimensionCount(), 6);
    panel->tabs()->setCurrentIndex(1);
    window.conversationView()->setFocus();
    const QList<int> keys {Qt::Key_7, Qt::Key_8, Qt::Key_6, Qt::Key_5,
                           Qt::Key_4, Qt::Key_3, Qt::Key_2};
    for (int key : keys)
        press(key);
    const qint64 conversation = m_store->conversationSummaries().at(0).id;
    const auto ratings = m_store->conversationRatings(conversation, m_store->selfAnnotatorId());
    const QStringList items {QStringLiteral("felt_understood"), QStringLiteral("validated"),
                             QStringLiteral("affirmed"),        QStringLiteral("seen"),
                             QStringLiteral("accepted"),        QStringLiteral("cared_for")};
    const QList<int> expected {7, 6, 5, 4, 3, 2}; // the 8 rated nothing
    QCOMPARE(ratings.size(), 6);
    for (int i = 0; i < items.size(); ++i)
        QCOMPARE(ratings.value(m_store->findDimension(items[i])->id), Rating(expected[i]));
    // No turn was rated meanwhile.
    QCOMPARE(m_store->turnRatings(conversation, m_store->selfAnnotatorId()).size(), 0);
    test::keepScreenshot(&window, QStringLiteral("rating-7-point-conversation.png"));
}

void TestRatingPanel::elevenPointScaleTakesTwoDigits()
{
    makeDataSet(m_path, {scales(QStringLiteral("nps"), 1, 0, 10)});
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(panel->scale(0)->minimum(), 0);
    QCOMPARE(panel->scale(0)->maximum(), 10);
    test::keepScreenshot(&window, QStringLiteral("rating-0-10.png"));
    const QVector<Turn> turns = m_store->turns(m_store->conversationSummaries().at(0).id);
    window.conversationView()->setFocus();
    press(Qt::Key_1);
    press(Qt::Key_0);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(10));
    QCOMPARE(window.workspace()->currentTurn(), turns[3].id);
    // "0" is a point of this scale, not "not applicable".
    press(Qt::Key_0);
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(0));
    QCOMPARE(window.workspace()->currentTurn(), turns[5].id);
    // A single 1 is taken once no second digit follows.
    press(Qt::Key_1);
    QVERIFY(panel->scale(0)->isTyping());
    QCOMPARE(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(QJsonValue::Undefined));
    QTRY_COMPARE_WITH_TIMEOUT(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(1),
                              ScaleSelector::typingDelay() * 4);
    // Stepping with + and - on the focused scale.
    window.workspace()->setCurrentTurn(turns[1].id);
    panel->scale(0)->setFocus();
    press(Qt::Key_Minus);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(9));
    press(Qt::Key_Plus);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(10));
}

namespace {

/** How many pixels of the middle row of \a scale's image differ from its Base colour. */
int coloured(ScaleSelector *scale)
{
    const QImage image = scale->grab().toImage();
    const QColor base = scale->palette().color(QPalette::Base);
    const int y = scale->fontMetrics().height() / 2 + 8; // inside the points, above the ticks
    int count = 0;
    for (int x = 0; x < image.width(); ++x) {
        const QColor c = image.pixelColor(x, y * image.height() / scale->height());
        if (qAbs(c.red() - base.red()) + qAbs(c.green() - base.green())
                + qAbs(c.blue() - base.blue())
            > 30)
            ++count;
    }
    return count;
}

} // namespace

void TestRatingPanel::hundredPointScaleIsATrack()
{
    makeDataSet(m_path, {scales(QStringLiteral("prism"), 1, 1, 100)});
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    ScaleSelector *scale = panel->scale(0);
    QVERIFY(scale->isTrack());
    QCOMPARE(scale->maximum(), 100);
    // As wide as an 11-point scale, not a hundred boxes.
    QVERIFY(scale->minimumSizeHint().width() < panel->width());
    const QVector<Turn> turns = m_store->turns(m_store->conversationSummaries().at(0).id);
    window.conversationView()->setFocus();
    // A number no further digit can extend is taken at once: 73 (730 is past 100).
    press(Qt::Key_7);
    press(Qt::Key_3);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(73));
    QCOMPARE(window.workspace()->currentTurn(), turns[3].id);
    press(Qt::Key_1);
    press(Qt::Key_0);
    QVERIFY(scale->isTyping()); // 10, or 100 with another 0
    press(Qt::Key_0);
    QVERIFY(!scale->isTyping());
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(100));
    QCOMPARE(window.workspace()->currentTurn(), turns[5].id);
    press(Qt::Key_1);
    press(Qt::Key_0);
    QCOMPARE(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(QJsonValue::Undefined));
    QTRY_COMPARE_WITH_TIMEOUT(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(10),
                              ScaleSelector::typingDelay() * 4);
    test::keepScreenshot(&window, QStringLiteral("rating-1-100.png"));

    // The track is filled up to the value: more of it at 80 than at 20.
    window.workspace()->setCurrentTurn(turns[1].id);
    scale->setValue(20);
    const int at20 = coloured(scale);
    scale->setValue(80);
    const int at80 = coloured(scale);
    QVERIFY2(
        at80 - at20 > scale->width() / 3,
        qPrintable(QStringLiteral("%1 against %2 of %3").arg(at80).arg(at20).arg(scale->width())));
    scale->setValue(73);

    // Keys on the focused track: a tenth of it with Shift, its ends. Page Down still moves to
    // the next reply, as everywhere in the workspace.
    scale->setFocus();
    QTest::keyClick(scale, Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(83));
    press(Qt::Key_End);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(100));
    press(Qt::Key_Home);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(1));
    QTest::keyClick(scale, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(1));
    press(Qt::Key_Right);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(2));
    press(Qt::Key_PageDown);
    QCOMPARE(window.workspace()->currentTurn(), turns[3].id);
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(100));
    press(Qt::Key_PageUp);
    QCOMPARE(window.workspace()->currentTurn(), turns[1].id);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(2));

    // Dragging along the track rates once, where the button is released.
    QSignalSpy chosen(scale, &ScaleSelector::chosen);
    const int y = scale->fontMetrics().height() / 2 + 8;
    QTest::mousePress(scale, Qt::LeftButton, {}, QPoint(scale->width() / 2, y));
    QTest::mouseMove(scale, QPoint(scale->width() * 3 / 4, y));
    QTest::mouseMove(scale, QPoint(scale->width() - 2, y));
    QCOMPARE(chosen.count(), 0);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(2));
    QTest::mouseRelease(scale, Qt::LeftButton, {}, QPoint(scale->width() - 2, y));
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(100)); // past its end
    // Past the track's start: its first point.
    QTest::mousePress(scale, Qt::LeftButton, {}, QPoint(scale->width() / 2, y));
    QTest::mouseMove(scale, QPoint(1, y));
    QTest::mouseRelease(scale, Qt::LeftButton, {}, QPoint(1, y));
    QCOMPARE(chosen.count(), 2);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(1));

    // Dragged to a point inside the track: that point.
    QTest::mousePress(scale, Qt::LeftButton, {}, scale->pointRect(20).center().toPoint());
    QTest::mouseMove(scale, scale->pointRect(45).center().toPoint());
    QTest::mouseMove(scale, scale->pointRect(60).center().toPoint());
    QTest::mouseRelease(scale, Qt::LeftButton, {}, scale->pointRect(60).center().toPoint());
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(60));
    QCOMPARE(chosen.count(), 3);
    QTest::mouseClick(scale, Qt::LeftButton, {}, QPoint(1, y));
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(60)); // the value's box
    QTest::keyClick(scale, Qt::Key_Home);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(1));

    // A drag that another reply interrupts rates nothing, there or here.
    QTest::mousePress(scale, Qt::LeftButton, {}, QPoint(scale->width() / 2, y));
    window.workspace()->setCurrentTurn(turns[3].id);
    QTest::mouseRelease(scale, Qt::LeftButton, {}, QPoint(scale->width() / 2, y));
    QCOMPARE(chosen.count(), 4);
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(100));
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(1));
    // So does one a typed number interrupts: the number is the rating.
    QTest::mousePress(scale, Qt::LeftButton, {}, QPoint(scale->width() / 4, y));
    QVERIFY(scale->typeDigit(5));
    QVERIFY(scale->typeDigit(5));
    QTest::mouseRelease(scale, Qt::LeftButton, {}, QPoint(scale->width() / 4, y));
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(55));
    window.workspace()->setCurrentTurn(turns[3].id);

    // The same value read again (another program wrote to the data set) or a modifier pressed
    // alone leaves a drag going; the focus leaving ends it.
    QTest::mousePress(scale, Qt::LeftButton, {}, scale->pointRect(30).center().toPoint());
    scale->setValue(scale->value());
    QTest::keyPress(scale, Qt::Key_Shift);
    QTest::keyRelease(scale, Qt::Key_Shift);
    QTest::mouseRelease(scale, Qt::LeftButton, {}, scale->pointRect(30).center().toPoint());
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(30));
    QTest::mousePress(scale, Qt::LeftButton, {}, scale->pointRect(40).center().toPoint());
    window.conversationView()->setFocus();
    QTest::mouseRelease(scale, Qt::LeftButton, {}, scale->pointRect(40).center().toPoint());
    QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(30));
    scale->setFocus();

    // A click rates the point drawn under it, and the marker is drawn where the point answers.
    const QColor highlight = scale->palette().color(QPalette::Highlight);
    for (int value : {1, 2, 37, 50, 99, 100}) {
        const QPointF at(scale->pointRect(value).center().x(), y);
        QTest::mouseClick(scale, Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(rating(QStringLiteral("item1"), turns[3].id), QJsonValue(value));
        const QImage image = scale->grab().toImage();
        double sum = 0;
        int n = 0;
        for (int x = int(scale->pointRect(1).left()); x < int(scale->pointRect(100).right()); ++x) {
            if (image.pixelColor(x, y) == highlight) {
                sum += x;
                ++n;
            }
        }
        QVERIFY2(n > 0, qPrintable(QString::number(value)));
        QVERIFY2(qAbs(sum / n - at.x()) <= 2.0,
                 qPrintable(QStringLiteral("%1: marker at %2, point at %3")
                                .arg(value)
                                .arg(sum / n)
                                .arg(at.x())));
    }

    // The same reply shown again (a live conversation's reply count changed): a number being
    // typed and a drag go on.
    const qint64 conversation = m_store->conversationSummaries().at(0).id;
    window.workspace()->setCurrentTurn(turns[5].id);
    QVERIFY(scale->typeDigit(1));
    panel->setTurn(conversation, turns[5].id, 3, 3, Role::Assistant);
    QVERIFY(scale->typeDigit(5));
    QCOMPARE(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(15));
    window.workspace()->setCurrentTurn(turns[5].id);
    QTest::mousePress(scale, Qt::LeftButton, {}, scale->pointRect(70).center().toPoint());
    panel->setTurn(conversation, turns[5].id, 3, 3, Role::Assistant);
    QTest::mouseRelease(scale, Qt::LeftButton, {}, scale->pointRect(70).center().toPoint());
    QCOMPARE(rating(QStringLiteral("item1"), turns[5].id), QJsonValue(70));

    // A scale from 50: "1" can only begin 100 to 150, so it waits two digits long.
    ScaleSelector fifty(50, 150, false);
    QSignalSpy typed(&fifty, &ScaleSelector::chosen);
    QVERIFY(fifty.typeDigit(1));
    QVERIFY(fifty.isTyping());
    QVERIFY(fifty.typeDigit(2));
    QVERIFY(fifty.isTyping()); // 12 is no point, but 120 to 129 are
    QVERIFY(fifty.typeDigit(5));
    QCOMPARE(typed.count(), 1);
    QCOMPARE(fifty.value(), QJsonValue(125));
    QVERIFY(!fifty.typeDigit(3)); // 30 to 39 are below the scale, 300 past it
    QCOMPARE(typed.count(), 1);
}

void TestRatingPanel::twelveDimensionsAllShown()
{
    makeDataSet(m_path, {scales(QStringLiteral("twelve"), 12, 1, 5)});
    MainWindow window;
    window.resize(1280, 800);
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(panel->dimensionCount(), 12);
    for (int row = 0; row < 12; ++row)
        QCOMPARE(panel->scale(row)->objectName(), QStringLiteral("scale_item%1").arg(row + 1));
    const qint64 first = window.workspace()->currentTurn();
    window.conversationView()->setFocus();
    for (int row = 0; row < 11; ++row)
        press(Qt::Key_1 + row % 5);
    // The twelfth is current and scrolled into sight.
    QCOMPARE(panel->currentDimension(), 11);
    auto *scroll = qobject_cast<QScrollArea *>(panel->tabs()->widget(0));
    QVERIFY(scroll);
    QVERIFY(scroll->verticalScrollBar()->maximum() > 0); // twelve do not fit: the tab scrolls
    const QRect shown = scroll->viewport()->rect();
    const QRect last(panel->scale(11)->mapTo(scroll->viewport(), QPoint(0, 0)),
                     panel->scale(11)->size());
    QVERIFY2(shown.contains(last), "the current scale is in sight");
    test::keepScreenshot(&window, QStringLiteral("rating-12-dimensions.png"));
    press(Qt::Key_3);
    for (int row = 0; row < 12; ++row)
        QCOMPARE(rating(QStringLiteral("item%1").arg(row + 1), first),
                 QJsonValue(row == 11 ? 3 : 1 + row % 5));
    QVERIFY(window.workspace()->currentTurn() != first);
    // Fully rated means all twelve: the first reply is, the second (one of twelve) is not.
    const qint64 second = window.workspace()->currentTurn();
    press(Qt::Key_2);
    QCOMPARE(rating(QStringLiteral("item1"), second), QJsonValue(2));
    QCOMPARE(m_store->fullyRatedTurns(m_store->selfAnnotatorId(), 0, 0), QVector<qint64> {first});
    QCOMPARE(window.conversationView()->model()->index(0, 5).data().toString(),
             QStringLiteral("36%")); // 13 of 3 x 12
}

void TestRatingPanel::notApplicableOnlyWhereAllowed()
{
    makeDataSet(m_path, {sevenPoint()});
    auto store = Store::open(m_path);
    m_store = store.get();
    AnnotationSession session(store.get(), store->selfAnnotatorId());
    const qint64 conversation = store->conversationSummaries().at(0).id;
    const qint64 turn = store->turns(conversation).at(1).id;
    RatingPanel panel;
    panel.setSession(&session);
    TurnPage *page = panel.turnPage();
    const auto show = [&](const Protocol &protocol) {
        page->setSession(&session, protocol);
        page->setTurn(conversation, turn, 1, 3);
        page->refresh();
        page->updateEnabled(true);
    };
    // The instrument allows it: N/A is offered and N gives it.
    Protocol protocol = store->protocol();
    Instrument &instrument = protocol.instruments[0];
    instrument.allowsNotApplicable = true;
    // Loaded from a file whose instrument forbids it, each dimension took that as its default:
    // here they leave it to the instrument.
    for (Dimension &d : instrument.dimensions)
        d.allowsNotApplicable = true;
    show(protocol);
    QVERIFY(page->scale(0)->allowsNotApplicable());
    page->rateCurrent(Rating::notApplicable());
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turn), QJsonValue(QJsonValue::Null));
    session.setRating(turn, store->findDimension(QStringLiteral("reply_empathy"))->id, Rating());
    // The instrument does not (as the 7-point file says): no N/A segment, N and 0 rate nothing.
    instrument.allowsNotApplicable = false;
    show(protocol);
    QVERIFY(!page->scale(0)->allowsNotApplicable());
    page->rateCurrent(Rating::notApplicable());
    page->typeDigit(0);
    QTest::keyClick(page->scale(0), Qt::Key_N);
    QTest::keyClick(page->scale(0), Qt::Key_0);
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turn), QJsonValue(QJsonValue::Undefined));
    // One dimension that forbids it in an instrument that allows it.
    instrument.allowsNotApplicable = true;
    instrument.dimensions[0].allowsNotApplicable = false;
    show(protocol);
    QVERIFY(!page->scale(0)->allowsNotApplicable());
    page->rateCurrent(Rating::notApplicable());
    QCOMPARE(rating(QStringLiteral("reply_empathy"), turn), QJsonValue(QJsonValue::Undefined));
    // The conversation's items follow their own setting too.
    ConversationPage *items = panel.conversationPage();
    items->setSession(&session, protocol.instruments);
    QVERIFY(items->scale(0)->allowsNotApplicable());
    instrument.dimensions[1].allowsNotApplicable = false;
    items->setSession(&session, protocol.instruments);
    QVERIFY(!items->scale(0)->allowsNotApplicable());
    QVERIFY(items->scale(1)->allowsNotApplicable());
    m_store = nullptr;
}

void TestRatingPanel::dimensionOfUserTurns()
{
    Instrument instrument = scales(QStringLiteral("roles"), 2, 1, 7);
    makeDataSet(m_path, {instrument});
    auto store = Store::open(m_path);
    m_store = store.get();
    // One item rates the assistant's replies, the other the person's own messages.
    Protocol protocol = store->protocol();
    protocol.instruments[0].dimensions[1].roles = {QStringLiteral("user")};
    AnnotationSession session(store.get(), store->selfAnnotatorId());
    RatingPanel panel;
    panel.setSession(&session);
    TurnPage *page = panel.turnPage();
    page->setSession(&session, protocol);
    QCOMPARE(page->ratedRoles(), (QSet<Role> {Role::User, Role::Assistant}));
    const qint64 conversation = store->conversationSummaries().at(0).id;
    const QVector<Turn> turns = store->turns(conversation);
    panel.setTurn(conversation, turns[0].id, 1, 3, Role::User);
    page->setTurn(conversation, turns[0].id, 1, 3, Role::User);
    page->refresh();
    page->updateEnabled(true);
    QCOMPARE(page->dimensionCount(), 1);
    QCOMPARE(page->scale(0)->objectName(), QStringLiteral("scale_item2"));
    page->typeDigit(6);
    QCOMPARE(rating(QStringLiteral("item2"), turns[0].id), QJsonValue(6));
    QCOMPARE(rating(QStringLiteral("item1"), turns[0].id), QJsonValue(QJsonValue::Undefined));
    page->setTurn(conversation, turns[1].id, 1, 3, Role::Assistant);
    page->refresh();
    QCOMPARE(page->dimensionCount(), 1);
    QCOMPARE(page->scale(0)->objectName(), QStringLiteral("scale_item1"));
    page->typeDigit(3);
    QCOMPARE(rating(QStringLiteral("item1"), turns[1].id), QJsonValue(3));
    QCOMPARE(rating(QStringLiteral("item2"), turns[1].id), QJsonValue(QJsonValue::Undefined));
    // Complete by role: the user turn needs item2 only, the reply item1 only.
    const auto ratings = store->turnRatings(conversation, store->selfAnnotatorId());
    QVERIFY(page->isComplete(Role::User, ratings.value(turns[0].id)));
    QVERIFY(page->isComplete(Role::Assistant, ratings.value(turns[1].id)));
    QVERIFY(!page->isComplete(Role::Assistant, ratings.value(turns[3].id)));
    m_store = nullptr;
}

void TestRatingPanel::orderFollowsTheProtocol()
{
    makeDataSet(m_path, {scales(QStringLiteral("twelve"), 12, 1, 5)});
    auto store = Store::open(m_path);
    m_store = store.get();
    Protocol protocol = store->protocol();
    protocol.order = DimensionOrder::Random;
    protocol.orderSeed = 20250501;
    AnnotationSession session(store.get(), store->selfAnnotatorId());
    RatingPanel panel;
    panel.setSession(&session);
    TurnPage *page = panel.turnPage();
    page->setSession(&session, protocol);
    const qint64 conversation = store->conversationSummaries().at(0).id;
    const QVector<Dimension> dimensions = protocol.instruments[0].dimensionsAt(Level::Turn);
    for (const Turn &turn : store->turns(conversation)) {
        if (turn.role != Role::Assistant)
            continue;
        page->setTurn(conversation, turn.id, 1, 3);
        page->refresh();
        page->updateEnabled(true);
        // The scales, and the keys after them, go in the order the protocol gives this reply.
        const QVector<int> order = protocol.dimensionOrder(dimensions, turn.id);
        QCOMPARE(page->dimensionCount(), 12);
        for (int row = 0; row < 12; ++row)
            QCOMPARE(page->dimension(row)->key, dimensions[order[row]].key);
        page->setCurrentDimension(0);
        page->typeDigit(4);
        QCOMPARE(rating(dimensions[order[0]].key, turn.id), QJsonValue(4));
        QCOMPARE(page->currentDimension(), 1);
        page->typeDigit(2);
        QCOMPARE(rating(dimensions[order[1]].key, turn.id), QJsonValue(2));
    }
    m_store = nullptr;
}

void TestRatingPanel::conversationOnlyInstrumentOpensItsTab()
{
    Instrument survey = sevenPoint();
    survey.dimensions.removeFirst(); // the reply item: six conversation-level items remain
    makeDataSet(m_path, {survey});
    MainWindow window;
    open(window, m_path);
    RatingPanel *panel = window.workspace()->panel();
    QCOMPARE(panel->dimensionCount(), 0);
    QCOMPARE(window.workspace()->currentTurn(), 0);
    QCOMPARE(panel->tabs()->currentIndex(), 1);
    window.conversationView()->setFocus();
    press(Qt::Key_5);
    const qint64 conversation = m_store->conversationSummaries().at(0).id;
    QCOMPARE(m_store->conversationRatings(conversation, m_store->selfAnnotatorId())
                 .value(m_store->findDimension(QStringLiteral("felt_understood"))->id),
             Rating(5));
}

void TestRatingPanel::esconvFeedbackCountsInTheList()
{
    {
        auto store = Store::create(m_path); // a SENSE-7 data set; ESConv's instrument comes along
        import::Importer importer(*store);
        importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json"));
    }
    MainWindow window;
    open(window, m_path);
    const qint64 withFeedback = m_store->findConversation(QStringLiteral("1"));
    QVERIFY(withFeedback);
    const auto summary = m_store->conversationSummary(withFeedback);
    QVERIFY(summary);
    QVERIFY2(summary->ratedCells >= 2, qPrintable(QString::number(summary->ratedCells)));
    QVERIFY(summary->ratedShare > 0.0);
    // The list shows it, for the annotator the studio rates as.
    QAbstractItemModel *model = window.conversationView()->model();
    bool shown = false;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString share = model->index(row, 5).data().toString();
        shown = shown || (share != QStringLiteral("0%") && !share.isEmpty());
    }
    QVERIFY(shown);
    QVERIFY(window.progressBar()->value() > 0);
    // A digest counts the same as counting; one made for other instruments is made again.
    window.close();
    auto store = Store::open(m_path);
    sql::Statement(test::connection(*store),
                   "UPDATE conversation_digest SET rated_cells = 0, breaks = json_remove(breaks, "
                   "'$.rated_cells')")
        .run();
    QVERIFY(digest::pendingWork(*store) > 0);
    digest::refresh(*store);
    QCOMPARE(digest::pendingWork(*store), 0);
    QCOMPARE(test::queryInt(m_path,
                            "SELECT count(*) FROM conversation_digest "
                            "WHERE json_extract(breaks, '$.rated_cells') IS NULL"),
             0);
    QCOMPARE(store->conversationSummary(withFeedback)->ratedCells, summary->ratedCells);
}

void TestRatingPanel::trajectoryDrawsTheRatedInstrument()
{
    {
        auto store = Store::create(m_path);
        import::Importer importer(*store);
        importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json"));
    }
    auto store = Store::open(m_path);
    const qint64 conversation = store->findConversation(QStringLiteral("1"));
    const auto t = browse::conversationTrajectory(*store, conversation, store->selfAnnotatorId());
    QCOMPARE(t.instrument, QStringLiteral("esconv"));
    QCOMPARE(t.dimensions.size(), 1);
    QCOMPARE(t.dimensions[0].key, QStringLiteral("feedback"));
    int values = 0;
    for (const auto &v : t.values[0])
        values += v ? 1 : 0;
    QVERIFY(values >= 2);
    // On screen: the feedback line over ESConv's 1-5 scale, with no mean line hiding it.
    TrajectoryChart chart;
    chart.load(store.get(), conversation, store->selfAnnotatorId());
    QCOMPARE(chart.graph(0)->name(), QStringLiteral("Feedback"));
    QCOMPARE(chart.graph(0)->data()->size(), values);
    for (int i = 0; i < chart.graphCount(); ++i)
        QVERIFY(chart.graph(i)->name() != QStringLiteral("Mean"));
    QVERIFY(chart.yAxis->range().lower < 1.0 && chart.yAxis->range().upper > 5.0);
    QVERIFY(chart.yAxis->range().upper < 6.0);
    // Asked for by key, SENSE-7 draws its seven (unrated) lines.
    const auto sense7 = browse::conversationTrajectory(
        *store, conversation, store->selfAnnotatorId(), {}, QStringLiteral("sense7"));
    QCOMPARE(sense7.dimensions.size(), 7);
}

QTEST_MAIN(TestRatingPanel)
#include "tst_ratingpanel.moc"
