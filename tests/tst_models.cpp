#include "browse/digest.h"
#include "conversationtablemodel.h"
#include "datasetmodel.h"
#include "demo.h"
#include "error.h"
#include "livesupport.h"
#include "store.h"
#include "testsupport.h"
#include "turnlistmodel.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>

using namespace sense7;

class TestModels : public QObject
{
    Q_OBJECT

private slots:
    void conversationModelPassesTester();
    void conversationModelFollowsStore();
    void ratedShareCountsSelfRatings();
    void turnModelPassesTester();
    void turnModelFollowsLiveTurnsRowByRow();
    void turnModelFollowsTurnsWrittenElsewhere();
    void conversationModelCountsLiveTurnsOnce();
    void conversationModelFollowsAnnotatorAndParticipant();
    void conversationModelReadsOnAThread();
    void conversationModelKeepsWhatChangesWhileReading();
    void conversationModelShowsRowsWhileChangesKeepComing();
    void conversationModelDropsAnotherParticipantsRows();
    void dataSetModelPassesTester();
    void dataSetModelPagesLazily();
    void dataSetModelSortsInSql();
    void dataSetModelFiltersMatchSql();
    void dataSetModelKeepsFewStatements();
};

namespace {

/** \a n conversations of three replies each, P00..P09, every third one rated. */
std::unique_ptr<Store> manyConversations(int n)
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const Dimension warmth = *store->findDimension(QStringLiteral("warmth"));
    store->transaction([&] {
        for (int i = 0; i < n; ++i) {
            const QString code = QStringLiteral("P%1").arg(i % 10, 2, 10, QLatin1Char('0'));
            qint64 p = store->participantId(code);
            if (p == 0)
                p = store->addParticipant(code);
            Conversation c;
            c.participantId = p;
            c.sourceFormat = QStringLiteral("test");
            c.agent = i % 2 ? QStringLiteral("odd") : QStringLiteral("even");
            c.startedAt = QDateTime(QDate(2024, 1, 1), QTime(0, 0), Qt::UTC).addSecs(3600 * i);
            QVector<Turn> turns(i % 5 + 2);
            for (int t = 0; t < turns.size(); ++t) {
                turns[t].role = t % 2 ? Role::Assistant : Role::User;
                turns[t].text = QStringLiteral("conversation %1 turn %2").arg(i).arg(t);
            }
            store->addConversation(c, turns);
            if (i % 3 == 0)
                store->setRating(turns[1].id, warmth.id, self, 1 + i % 5);
        }
    });
    digest::refresh(*store);
    return store;
}

qint64 sqlCount(Store &store, const char *sql)
{
    return test::connection(store).pragmaInt(sql);
}

} // namespace

void TestModels::dataSetModelPassesTester()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    digest::refresh(*store);
    DataSetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(model.totalCount(), 13);
    // The seven dimensions, then flagged, detected and the live condition.
    QCOMPARE(model.columnCount(), DataSetModel::FirstDimension + 7 + 3);
    QCOMPARE(model.headerData(model.conditionColumn(), Qt::Horizontal).toString(),
             QStringLiteral("Condition"));
    QCOMPARE(model.headerData(DataSetModel::FirstDimension + 5, Qt::Horizontal).toString(),
             QStringLiteral("Warmth"));
    QCOMPARE(model.headerData(model.flaggedColumn(), Qt::Horizontal).toString(),
             QStringLiteral("Flagged"));
    // Newest first by default; every row's figures are the digest's.
    QCOMPARE(model.index(0, DataSetModel::Date).data(DataSetModel::ValueRole).toDateTime(),
             QDateTime(QDate(2025, 3, 28), QTime(21, 10), Qt::UTC));
    int flagged = 0;
    for (int row = 0; row < model.rowCount(); ++row)
        flagged += model.index(row, model.flaggedColumn()).data().toInt();
    QCOMPARE(flagged, int(sqlCount(*store, "SELECT sum(flagged) FROM conversation_digest")));
    const qint64 id = model.conversationId(0);
    QCOMPARE(model.index(0, 0).data(DataSetModel::ConversationIdRole).toLongLong(), id);
    const QVariant warmth =
        model.index(0, DataSetModel::FirstDimension + 5).data(DataSetModel::ValueRole);
    sql::Statement mean(test::connection(*store),
                        "SELECT avg(r.value) FROM rating r JOIN turn t ON t.id = r.turn_id JOIN "
                        "annotator a ON a.id = r.annotator_id AND a.code = 'self' JOIN dimension "
                        "d ON d.id = r.dimension_id AND d.key = 'warmth' WHERE "
                        "t.conversation_id = ?");
    QVERIFY(mean.bind(1, id).next());
    QCOMPARE(warmth.toDouble(), mean.real(0));
    QCOMPARE(model.index(0, DataSetModel::Task).data().toString(),
             QStringLiteral("Personal or emotional"));
    model.setStore(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestModels::dataSetModelPagesLazily()
{
    auto store = manyConversations(600);
    DataSetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy total(&model, &DataSetModel::totalCountChanged);
    model.setStore(store.get());
    QCOMPARE(model.totalCount(), 600);
    QCOMPARE(total.last().at(0).toLongLong(), 600);
    QCOMPARE(model.rowCount(), DataSetModel::pageSize);
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 2 * DataSetModel::pageSize);
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 600);
    QVERIFY(!model.canFetchMore({}));
    QSet<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.insert(model.conversationId(row));
    QCOMPARE(ids.size(), 600); // no row twice across pages
}

void TestModels::dataSetModelSortsInSql()
{
    auto store = manyConversations(300);
    DataSetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    const int warmth = DataSetModel::FirstDimension + 5;
    model.sort(warmth, Qt::DescendingOrder);
    while (model.canFetchMore({}))
        model.fetchMore({});
    double previous = 6;
    int rated = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariant v = model.index(row, warmth).data(DataSetModel::ValueRole);
        if (!v.isValid()) {
            previous = 0; // unrated rows come last in descending order
            continue;
        }
        QVERIFY(v.toDouble() <= previous);
        previous = v.toDouble();
        ++rated;
    }
    QCOMPARE(rated, 100);
    QCOMPARE(model.index(0, warmth).data().toString(), QLocale().toString(5.0, 'f', 2));
    model.sort(DataSetModel::Turns, Qt::AscendingOrder);
    QCOMPARE(model.index(0, DataSetModel::Turns).data().toInt(), 2);
    model.sort(DataSetModel::Participant, Qt::DescendingOrder);
    QCOMPARE(model.index(0, DataSetModel::Participant).data().toString(), QStringLiteral("P09"));
}

void TestModels::dataSetModelFiltersMatchSql()
{
    auto store = manyConversations(300);
    DataSetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    browse::Filter filter;
    filter.agents = {QStringLiteral("odd")};
    filter.participants = {QStringLiteral("P01"), QStringLiteral("P03"), QStringLiteral("P04")};
    model.setFilter(filter);
    QCOMPARE(model.totalCount(),
             sqlCount(*store,
                      "SELECT count(*) FROM conversation c JOIN participant p ON p.id = "
                      "c.participant_id WHERE c.agent = 'odd' AND p.code IN ('P01', "
                      "'P03', 'P04')"));
    QCOMPARE(model.totalCount(), 60);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, DataSetModel::Agent).data().toString(), QStringLiteral("odd"));
    filter = {};
    filter.text = QStringLiteral("conversation 12 turn");
    model.setFilter(filter);
    QCOMPARE(model.totalCount(), 1);
    filter.text = QStringLiteral("conversation 12");
    model.setFilter(filter); // 12, 120..129
    QCOMPARE(model.totalCount(), 11);
    const Dimension warmth = *store->findDimension(QStringLiteral("warmth"));
    filter = {};
    filter.ranges = {{warmth.id, 4, 5}};
    model.setFilter(filter);
    QCOMPARE(model.totalCount(), 40); // rated ones with i % 5 in {3, 4}
    QCOMPARE(model.filter(), filter);
}

void TestModels::conversationModelPassesTester()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&model);
    sorted.setSortRole(ConversationTableModel::SortRole);
    QAbstractItemModelTester proxyTester(&sorted,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.sort(ConversationTableModel::Turns, Qt::DescendingOrder);

    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(model.columnCount(), int(ConversationTableModel::ColumnCount));
    const auto summaries = store->conversationSummaries();
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.conversationId(row), summaries[row].id);
        QCOMPARE(model.index(row, ConversationTableModel::Title).data().toString(),
                 summaries[row].title);
        QCOMPARE(model.index(row, ConversationTableModel::Participant).data().toString(),
                 summaries[row].participant);
        QCOMPARE(model.index(row, ConversationTableModel::Turns).data().toInt(),
                 summaries[row].turns);
        QCOMPARE(model.rowOf(summaries[row].id), row);
    }
    // Sorted by turns, the longest conversation (16 turns) comes first.
    QCOMPARE(sorted.index(0, ConversationTableModel::Turns).data().toInt(), 16);
    QCOMPARE(model.headerData(ConversationTableModel::Rated, Qt::Horizontal).toString(),
             QStringLiteral("Rated"));
}

void TestModels::conversationModelFollowsStore()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QCOMPARE(model.rowCount(), 0);
    demo::load(*store);
    QCOMPARE(model.rowCount(), 13);
    model.setStore(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestModels::ratedShareCountsSelfRatings()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    Conversation c;
    c.participantId = store->addParticipant(QStringLiteral("P01"));
    c.sourceFormat = QStringLiteral("test");
    c.title = QStringLiteral("two replies");
    QVector<Turn> turns(4);
    for (int i = 0; i < 4; ++i) {
        turns[i].role = i % 2 ? Role::Assistant : Role::User;
        turns[i].text = QStringLiteral("turn %1").arg(i);
    }
    store->addConversation(c, turns);
    ConversationTableModel model;
    model.setStore(store.get());
    QCOMPARE(model.index(0, ConversationTableModel::Rated).data().toString(), QStringLiteral("0%"));

    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 observer = store->annotatorId(QStringLiteral("obs1"), AnnotatorKind::Observer);
    const auto dims = store->instruments().constFirst().dimensions;
    for (const Dimension &d : dims)
        store->setRating(turns[1].id, d.id, self,
                         d.key == QLatin1String("warmth") ? Rating::notApplicable() : Rating(3));
    for (const Dimension &d : dims)
        store->setRating(turns[3].id, d.id, observer, 2); // observers do not count as progress
    QCOMPARE(model.index(0, ConversationTableModel::Rated).data().toString(),
             QStringLiteral("50%"));
    QCOMPARE(model.index(0, ConversationTableModel::Rated)
                 .data(ConversationTableModel::SortRole)
                 .toDouble(),
             0.5);
}

void TestModels::conversationModelFollowsAnnotatorAndParticipant()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    const auto [selfRated, cells] = model.progress();
    QVERIFY(selfRated > 0 && selfRated < cells);

    // One participant's rows only.
    const qint64 p02 = store->participantId(QStringLiteral("P02"));
    model.setParticipant(p02);
    QVERIFY(model.rowCount() > 0 && model.rowCount() < 13);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, ConversationTableModel::Participant).data().toString(),
                 QStringLiteral("P02"));

    // An observer's progress: nothing, then one reply rated, announced as one row's change.
    const qint64 observer = store->annotatorId(QStringLiteral("o"), AnnotatorKind::Observer);
    model.setAnnotator(observer);
    QCOMPARE(model.progress().first, 0);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const qint64 conversation = model.conversationId(0);
    qint64 reply = 0;
    for (const Turn &t : store->turns(conversation)) {
        if (t.role == Role::Assistant && !reply)
            reply = t.id;
    }
    const QVector<Dimension> dims = store->instruments().constFirst().dimensions;
    for (const Dimension &d : dims)
        store->setRating(reply, d.id, observer, 4);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 7);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
    QCOMPARE(model.progress().first, 7);
    // The self ratings of that turn do not move the observer's progress.
    store->setRating(reply, dims.first().id, store->selfAnnotatorId(), 1);
    QCOMPARE(changed.count(), 7);
}

namespace {

/** The demo data set in a file of \a dir: a list can be read on a thread only from a file. */
QString demoFile(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("demo.sense7"));
    demo::load(*Store::create(path));
    return path;
}

/**
 * Holds a model's next reading thread once it has read its rows, until proceed(): what the test
 * does meanwhile happens after the read. Declared after the model, it lets a held thread go on
 * when a test fails, so that the model's destructor does not wait for ever.
 */
class ReadHold
{
public:
    explicit ReadHold(ConversationTableModel &model)
    {
        model.setAfterThreadedRead([state = m_state] {
            if (!state->hold.exchange(false))
                return;
            state->read.release();
            state->proceed.acquire();
        });
    }
    ~ReadHold() { m_state->proceed.release(10); }
    ReadHold(const ReadHold &) = delete;
    ReadHold &operator=(const ReadHold &) = delete;

    bool waitForRead() { return m_state->read.tryAcquire(1, 10000); }
    void holdNext() { m_state->hold = true; }
    void proceed() { m_state->proceed.release(); }

private:
    struct State
    {
        QSemaphore read;
        QSemaphore proceed;
        std::atomic<bool> hold {true};
    };
    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace

void TestModels::conversationModelReadsOnAThread()
{
    QTemporaryDir dir;
    auto store = Store::open(demoFile(dir));
    QCOMPARE(store->lastConversationId(), 13);
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&model, &ConversationTableModel::loaded);

    // Below the size read on a thread (judged by the highest id), read at once.
    model.setThreadedFrom(14);
    model.setStore(store.get());
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(loaded.count(), 1);

    // At it, on a thread: the list empties at once and fills once read.
    QSignalSpy started(&model, &ConversationTableModel::loadingStarted);
    model.setThreadedFrom(13);
    model.reload();
    QVERIFY(model.isLoading());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(started.count(), 1);
    QVERIFY(loaded.wait());
    QVERIFY(!model.isLoading());
    const auto summaries = store->conversationSummaries();
    QCOMPARE(model.rowCount(), summaries.size());
    for (int row = 0; row < model.rowCount(); ++row) {
        const ConversationSummary &s = model.summary(row);
        QCOMPARE(s.id, summaries[row].id);
        QCOMPARE(s.participant, summaries[row].participant);
        QCOMPARE(s.title, summaries[row].title);
        QCOMPARE(s.startedAt, summaries[row].startedAt);
        QCOMPARE(s.turns, summaries[row].turns);
        QCOMPARE(s.ratedCells, summaries[row].ratedCells);
        QCOMPARE(s.cells, summaries[row].cells);
    }
    QVERIFY(model.progress().first > 0);

    // A data set in memory has no file to read on another connection: read at once.
    auto memory = Store::create(QStringLiteral(":memory:"));
    demo::load(*memory);
    model.setThreadedFrom(0);
    model.setStore(memory.get());
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 13);

    // A read for a data set no longer shown is dropped when it ends. A list already empty
    // says it is being read as well.
    std::atomic<int> reads {0};
    model.setAfterThreadedRead([&reads] { ++reads; });
    model.setStore(nullptr);
    started.clear();
    model.setStore(store.get());
    QVERIFY(model.isLoading());
    QCOMPARE(started.count(), 1);
    model.setStore(nullptr);
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 0);
    const int before = int(loaded.count());
    QTRY_COMPARE(reads.load(), 1); // the thread has read them
    QTest::qWait(200); // and handed them over, for nothing
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(loaded.count(), before);

    // A model destroyed while its thread reads waits for it to end.
    std::atomic<bool> ended {false};
    {
        ConversationTableModel gone;
        gone.setThreadedFrom(0);
        gone.setAfterThreadedRead([&ended] {
            QThread::msleep(200);
            ended = true;
        });
        gone.setStore(store.get());
        QVERIFY(gone.isLoading());
    }
    QVERIFY(ended);
}

void TestModels::conversationModelKeepsWhatChangesWhileReading()
{
    QTemporaryDir dir;
    auto store = Store::open(demoFile(dir));
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setThreadedFrom(0);
    ReadHold hold(model); // the thread stops once it has read, until the data set changed

    // Ratings given after the rows were read: that conversation's row is read again.
    model.setStore(store.get());
    QVERIFY(hold.waitForRead());
    const auto summaries = store->conversationSummaries();
    const auto partly = std::find_if(summaries.begin(), summaries.end(),
                                     [](const auto &s) { return s.ratedCells < s.cells; });
    QVERIFY(partly != summaries.end());
    const QVector<Dimension> dims = store->instruments().constFirst().dimensions;
    for (const Turn &t : store->turns(partly->id)) {
        for (const Dimension &d : dims) {
            if (t.role == Role::Assistant)
                store->setRating(t.id, d.id, store->selfAnnotatorId(), 3);
        }
    }
    const int rated = store->conversationSummary(partly->id)->ratedCells;
    QVERIFY(rated > partly->ratedCells);
    hold.proceed();
    QTRY_VERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(model.summary(model.rowOf(partly->id)).ratedCells, rated);

    // A conversation added while the rows are read: the rows without it are never shown.
    QSignalSpy loaded(&model, &ConversationTableModel::loaded);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    hold.holdNext();
    model.refresh();
    QVERIFY(model.isLoading());
    QCOMPARE(model.rowCount(), 13); // refreshing keeps the rows shown
    QVERIFY(hold.waitForRead());
    const qint64 id = test::addSmallConversation(
        *store, store->participantId(QStringLiteral("P01")), QStringLiteral("added while reading"));
    hold.proceed();
    QTRY_VERIFY(!model.isLoading());
    // The rows read before it are shown (they are no older than those on show), then the rows
    // read after it: the new one inserted, nothing reset.
    QCOMPARE(loaded.count(), 2);
    QCOMPARE(model.rowCount(), 14);
    QVERIFY(model.rowOf(id) >= 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
}

void TestModels::conversationModelShowsRowsWhileChangesKeepComing()
{
    // A study server or a tool writing every second asks for the rows again and again, more
    // often than a large data set's take to read: rows read are shown all the same.
    QTemporaryDir dir;
    auto store = Store::open(demoFile(dir));
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setThreadedFrom(0);
    model.setStore(store.get());
    QTRY_VERIFY(!model.isLoading());
    model.setAfterThreadedRead([] { QThread::msleep(150); }); // each read takes a while
    QSignalSpy loaded(&model, &ConversationTableModel::loaded);
    model.refresh();
    const qint64 id =
        test::addSmallConversation(*store, store->participantId(QStringLiteral("P01")),
                                   QStringLiteral("added while the rows are read"));
    QElapsedTimer storm;
    storm.start();
    bool shown = false;
    while (storm.elapsed() < 1500) {
        model.refresh(); // three times a read
        QTest::qWait(50);
        shown = shown || model.rowOf(id) >= 0;
    }
    QVERIFY2(loaded.count() >= 3, qPrintable(QString::number(loaded.count())));
    QVERIFY(shown);
    model.setAfterThreadedRead({});
    QTRY_VERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 14);
}

void TestModels::conversationModelDropsAnotherParticipantsRows()
{
    QTemporaryDir dir;
    auto store = Store::open(demoFile(dir));
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setThreadedFrom(0);
    ReadHold hold(model);
    QSignalSpy loaded(&model, &ConversationTableModel::loaded);
    model.setStore(store.get());
    QVERIFY(hold.waitForRead());
    // Everyone's rows are read; meanwhile the list is asked for one participant's.
    const qint64 p02 = store->participantId(QStringLiteral("P02"));
    model.setParticipant(p02);
    QVERIFY(model.isLoading());
    hold.proceed();
    QTRY_VERIFY(!model.isLoading());
    QCOMPARE(loaded.count(), 1); // everyone's rows were never shown
    QVERIFY(model.rowCount() > 0 && model.rowCount() < 13);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.summary(row).participant, QStringLiteral("P02"));

    // A read interrupted before its statement starts stops with an error (the same handler
    // stops one that runs, every thousand of its steps).
    const SummariesRead interrupted = store->conversationSummariesReader();
    interrupted.interrupt();
    QVERIFY_THROWS_EXCEPTION(Error, interrupted.read());
    QCOMPARE(store->conversationSummariesReader().read().size(), 13);
}

void TestModels::turnModelPassesTester()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    TurnListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QCOMPARE(model.rowCount(), 0);

    const auto summaries = store->conversationSummaries();
    for (const ConversationSummary &s : summaries) {
        model.setConversation(s.id);
        QCOMPARE(model.rowCount(), s.turns);
        const QVector<Turn> turns = store->turns(s.id);
        int assistant = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            QCOMPARE(index.data().toString(), turns[row].text);
            QCOMPARE(index.data(TurnListModel::IdRole).toLongLong(), turns[row].id);
            QCOMPARE(index.data(TurnListModel::RoleKeyRole).toString(), roleKey(turns[row].role));
            QCOMPARE(index.data(TurnListModel::IndexRole).toInt(), row);
            const int number = turns[row].role == Role::Assistant ? ++assistant : 0;
            QCOMPARE(index.data(TurnListModel::AssistantNumberRole).toInt(), number);
        }
        QCOMPARE(assistant, s.assistantTurns);
    }
    QVERIFY(model.roleNames().values().contains("assistantNumber"));
    model.setConversation(0);
    QCOMPARE(model.rowCount(), 0);
}

namespace {

/** Every role of every row of \a a equals \a b's. */
bool sameRows(const TurnListModel &a, const TurnListModel &b)
{
    if (a.rowCount() != b.rowCount())
        return false;
    const QList<int> roles {
        Qt::DisplayRole,          TurnListModel::IdRole,        TurnListModel::RoleKeyRole,
        TurnListModel::IndexRole, TurnListModel::CreatedAtRole, TurnListModel::AssistantNumberRole};
    for (int row = 0; row < a.rowCount(); ++row) {
        for (const int role : roles) {
            if (a.index(row).data(role) != b.index(row).data(role))
                return false;
        }
        if (a.turn(row).meta != b.turn(row).meta)
            return false;
    }
    return true;
}

} // namespace

void TestModels::turnModelFollowsLiveTurnsRowByRow()
{
    auto store = Store::create(QStringLiteral(":memory:"), test::liveProtocol());
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    const qint64 id = store->startLiveConversation(p, QStringLiteral("empathic"), {});
    const qint64 other = store->startLiveConversation(p, QStringLiteral("forgetful"), {});
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Earlier"), {});
    TurnListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    model.setConversation(id);
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const auto fresh = [&] {
        TurnListModel again;
        again.setStore(store.get());
        again.setConversation(id);
        return sameRows(model, again);
    };
    const auto insertedRows = [&] {
        const QList<QVariant> args = inserted.takeFirst();
        return std::make_pair(args.at(1).toInt(), args.at(2).toInt());
    };

    // A message: one row inserted at the end.
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("The deadline moved"), {});
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(insertedRows(), std::make_pair(1, 1));
    QVERIFY(fresh());
    // The reply starts: another row, reply number 1.
    const qint64 reply = store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("That"),
                                           {{QStringLiteral("streaming"), true}});
    QCOMPARE(insertedRows(), std::make_pair(2, 2));
    QCOMPARE(model.index(2).data(TurnListModel::AssistantNumberRole).toInt(), 1);
    // It streams: that row changes, no row is added.
    for (const QString &text :
         {QStringLiteral("That sounds"), QStringLiteral("That sounds hard.")}) {
        store->updateLiveTurn(reply, text, {{QStringLiteral("streaming"), true}});
        QCOMPARE(changed.count(), 1);
        const QList<QVariant> args = changed.takeFirst();
        QCOMPARE(args.at(0).toModelIndex().row(), 2);
        QCOMPARE(args.at(1).toModelIndex().row(), 2);
        QCOMPARE(model.index(2).data().toString(), text);
        QVERIFY(fresh());
    }
    QCOMPARE(inserted.count(), 0);
    // The end of the reply and the next message in one transaction: a change and an insert.
    store->transaction([&] {
        store->updateLiveTurn(reply, QStringLiteral("That sounds hard. Shall we plan?"),
                              {{QStringLiteral("finish_reason"), QStringLiteral("stop")}});
        store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Yes"), {});
        store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Good."), {});
    });
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.takeFirst().at(0).toModelIndex().row(), 2);
    QCOMPARE(insertedRows(), std::make_pair(3, 4));
    QCOMPARE(model.index(4).data(TurnListModel::AssistantNumberRole).toInt(), 2);
    QVERIFY(fresh());
    QCOMPARE(model.rowOf(reply), 2);
    // Another conversation's turns are not this model's.
    store->appendTurn(other, QStringLiteral("user"), QStringLiteral("Elsewhere"), {});
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(model.rowCount(), 5);
    // Never read whole while it grew.
    QCOMPARE(reset.count(), 0);
}

void TestModels::turnModelFollowsTurnsWrittenElsewhere()
{
    // A background sync writes on its own connection: turns it brings or moves show.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("live.sense7"));
    auto store = Store::create(path, test::liveProtocol());
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    const qint64 id = store->startLiveConversation(p, QStringLiteral("empathic"), {});
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), {});
    const qint64 mine =
        store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Hi"), {});
    TurnListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    model.setConversation(id);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto elsewhere = Store::open(path);
    // Nothing of this conversation changed: no row is touched.
    QVERIFY(!store->checkForOutsideChanges());
    elsewhere->appendTurn(elsewhere->startLiveConversation(p, QStringLiteral("forgetful"), {}),
                          QStringLiteral("user"), QStringLiteral("Elsewhere"), {});
    QVERIFY(store->checkForOutsideChanges());
    QCOMPARE(changed.count() + inserted.count() + reset.count(), 0);
    // A turn added there: one row inserted here.
    elsewhere->appendTurn(id, QStringLiteral("user"), QStringLiteral("Still there?"), {});
    QVERIFY(store->checkForOutsideChanges());
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2).data().toString(), QStringLiteral("Still there?"));
    // Another copy went on from turn 0: this copy's turns move after its one, and the rows
    // follow in their new order.
    Turn theirs;
    theirs.index = 1;
    theirs.role = Role::Assistant;
    theirs.text = QStringLiteral("Hello from the other machine");
    theirs.createdAt = QDateTime(QDate(2020, 1, 1), QTime(0, 0), Qt::UTC);
    QCOMPARE(elsewhere->moveDivergedTurns(id, {theirs}, {}), 2);
    QVERIFY(store->checkForOutsideChanges());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rowOf(mine), 1);
    QCOMPARE(model.index(1).data(TurnListModel::IndexRole).toInt(), 2);
    QCOMPARE(model.index(2).data(TurnListModel::IndexRole).toInt(), 3);
}

void TestModels::conversationModelCountsLiveTurnsOnce()
{
    auto store = Store::create(QStringLiteral(":memory:"), test::liveProtocol());
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    const qint64 id = store->startLiveConversation(p, QStringLiteral("empathic"), {});
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    const int row = model.rowOf(id);
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, ConversationTableModel::Turns).data().toInt(), 0);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), {});
    const qint64 reply =
        store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("H"), {});
    for (int i = 0; i < 10; ++i)
        store->updateLiveTurn(reply, QStringLiteral("Hi").repeated(i + 1), {});
    // A burst of writes: the row is read again once, a moment later.
    QCOMPARE(changed.count(), 0);
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), row);
    QCOMPARE(model.index(row, ConversationTableModel::Turns).data().toInt(), 2);
    QCOMPARE(model.summary(row).assistantTurns, 1);
    QCOMPARE(reset.count(), 0);
    QTest::qWait(2 * ConversationTableModel::turnsDelayMs);
    QCOMPARE(changed.count(), 1);
}

QTEST_GUILESS_MAIN(TestModels)
void TestModels::dataSetModelKeepsFewStatements()
{
    auto store = manyConversations(2000);
    const sql::Connection &db = test::connection(*store);
    DataSetModel model;
    model.setStore(store.get());
    model.fetchMore({});
    const qsizetype afterTwoPages = db.cachedStatementCount();
    int pages = 2;
    while (model.canFetchMore({})) {
        model.fetchMore({});
        ++pages;
    }
    QCOMPARE(model.rowCount(), 2000);
    QVERIFY(pages >= 8);
    QCOMPARE(db.cachedStatementCount(), afterTwoPages); // a page is a bound value, not new SQL
    // Every sort order, then filters of twenty shapes: more statements than the cache keeps.
    for (int column = 0; column < model.columnCount(); ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            model.sort(column, order);
            model.fetchMore({});
            model.fetchMore({});
        }
    }
    QVERIFY(model.columnCount() * 2 > sql::Connection::dynamicCacheSize);
    browse::Filter filter;
    for (int n = 1; n <= 20; ++n) {
        filter.participants.append(QStringLiteral("P%1").arg(n, 2, 10, QLatin1Char('0')));
        model.setFilter(filter);
        model.fetchMore({});
    }
    QCOMPARE(model.totalCount(), 1800); // P01..P09 of P00..P09
    QVERIFY2(db.cachedStatementCount() <= afterTwoPages + sql::Connection::dynamicCacheSize,
             qPrintable(QString::number(db.cachedStatementCount())));
}

#include "tst_models.moc"
