// The researcher's data-set browser and the trajectory chart, offscreen, on the demo data.
#include "annotationbar.h"
#include "browse/digest.h"
#include "browse/sample.h"
#include "browser/aggregateview.h"
#include "browser/browserwindow.h"
#include "browser/filterbar.h"
#include "browser/searchindexer.h"
#include "conversationtablemodel.h"
#include "datasetmodel.h"
#include "figuredialog.h"
#include "guisupport.h"
#include "i18n.h"
#include "import/importer.h"
#include "livesupport.h"
#include "mainwindow.h"
#include "testsupport.h"
#include "trajectorychart.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QtTest>
#include <qcustomplot.h>

#include <atomic>
#include <thread>

using namespace sense7;
using namespace sense7::test;

namespace {

void waitCharts(AggregateView *view)
{
    QSignalSpy computed(view, &AggregateView::computed);
    if (view->isBusy() && !computed.wait(30000))
        qFatal("the charts were not computed");
}

/** Entries in a legend (a wrapped legend's grid has empty cells too). */
int legendEntries(QCustomPlot *plot)
{
    int n = 0;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        n += plot->legend->item(i) ? 1 : 0;
    return n;
}

qint64 sqlCount(Store &store, const char *sql)
{
    return test::connection(store).pragmaInt(sql);
}

/** Waits for the browser's search index, if it is being built. */
void waitIndexed(BrowserWindow &window)
{
    QSignalSpy finished(window.indexer(), &SearchIndexer::finished);
    if (window.indexer()->isRunning() && !finished.wait(30000))
        qFatal("the search index was not built");
}

/** Another program writing to \a path until release() (or 10 s): no one else can write. */
class WriteLock
{
public:
    explicit WriteLock(const QString &path)
        : m_thread([this, path] {
            sql::Connection db;
            db.open(path, sql::Connection::Access::ReadWrite);
            db.exec("BEGIN IMMEDIATE");
            m_locked = true;
            for (int i = 0; i < 1000 && !m_release; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            db.exec("ROLLBACK");
        })
    {
        while (!m_locked)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ~WriteLock() { release(); }
    void release()
    {
        m_release = true;
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    std::atomic<bool> m_locked {false};
    std::atomic<bool> m_release {false};
    std::thread m_thread;
};

} // namespace

class TestBrowser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void opensWithDigestsAndAllConversations();
    void readOnlyDataSetSaysWhatIsMissing();
    void stoppingThePreparationLeavesItForLater();
    void filterBarNarrowsTableAndCharts();
    void largeDataSetsContextChoicesArriveLater();
    void searchFindsTurnText();
    void searchIndexIsBuiltBehindTheBrowser();
    void everyChartDraws();
    void openingARowShowsTheConversation();
    void trajectoryFollowsRatingsAndSelection();
    void chartsOfAnyInstrumentAndContextField();
    void liveConditionsForResearchersOnly();
    void trajectoryMarksSessions();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TestBrowser::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("browser"));
    i18n::install(QLocale(QLocale::English)); // plural forms, as the studio installs them
}

void TestBrowser::init()
{
    QSettings().clear();
    m_db = test::testFunctionPath(m_dir, QStringLiteral("demo-"));
    makeDemoDataSet(m_db);
}

void TestBrowser::opensWithDigestsAndAllConversations()
{
    auto store = Store::open(m_db);
    QVERIFY(digest::pendingWork(*store) > 0);
    BrowserWindow window;
    QVERIFY(window.setStore(store.get()));
    QCOMPARE(digest::pendingWork(*store, digest::Part::Digests), 0);
    waitIndexed(window); // on its thread
    QCOMPARE(digest::pendingWork(*store), 0);
    QCOMPARE(window.model()->rowCount(), 13);
    QCOMPARE(window.findChild<QLabel *>(QStringLiteral("conversationCount"))->text(),
             QStringLiteral("13 of 13 conversations loaded"));
    QCOMPARE(
        window.filterBar()->findChild<QComboBox *>(QStringLiteral("participantFilter"))->count(),
        4);
    waitCharts(window.charts());
}

void TestBrowser::readOnlyDataSetSaysWhatIsMissing()
{
    auto store = Store::open(m_db, Store::Access::ReadOnly);
    BrowserWindow window;
    window.setStore(store.get());
    QCOMPARE(window.model()->rowCount(), 13); // listed, though not summarised
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("read-only")));
    waitCharts(window.charts());
}

void TestBrowser::stoppingThePreparationLeavesItForLater()
{
    auto store = Store::open(m_db);
    const qint64 pending = digest::pendingWork(*store);
    QVERIFY(pending > 0);
    BrowserWindow window;
    // Stop pressed in the progress dialog as soon as the preparation reports.
    bool stopped = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = window.findChild<QProgressDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->labelText(), QStringLiteral("Preparing the data set for browsing…"));
        auto *stop = dialog->findChild<QPushButton *>();
        QVERIFY(stop);
        QCOMPARE(stop->text(), QStringLiteral("Stop"));
        stop->click();
        stopped = true;
    });
    QVERIFY(!window.setStore(store.get()));
    QVERIFY(stopped);
    // Nothing half done: what was not summarised is still to do, and listed meanwhile.
    QCOMPARE(digest::pendingWork(*store), pending);
    QCOMPARE(sqlCount(*store, "SELECT count(*) FROM conversation_digest")
                 + sqlCount(*store, "SELECT count(*) FROM digest_stale"),
             13);
    QCOMPARE(window.model()->rowCount(), 13);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("F5")));
    QVERIFY(!window.indexer()->isRunning()); // not before the digests are done
    QVERIFY(window.refresh());
    waitIndexed(window);
    QCOMPARE(digest::pendingWork(*store), 0);
    QCOMPARE(sqlCount(*store, "SELECT count(*) FROM conversation_digest"), 13);
    waitCharts(window.charts());
}

void TestBrowser::filterBarNarrowsTableAndCharts()
{
    auto store = Store::open(m_db);
    BrowserWindow window;
    window.setStore(store.get());
    waitCharts(window.charts());
    auto *participant =
        window.filterBar()->findChild<QComboBox *>(QStringLiteral("participantFilter"));
    participant->setCurrentIndex(participant->findText(QStringLiteral("P02")));
    QCOMPARE(window.model()->totalCount(), 4);
    for (int row = 0; row < window.model()->rowCount(); ++row)
        QCOMPARE(window.model()->index(row, DataSetModel::Participant).data().toString(),
                 QStringLiteral("P02"));
    waitCharts(window.charts());
    // The charts follow: the heat map has one participant row, the distribution counts P02's.
    QCOMPARE(window.charts()->findChild<QLabel *>(QStringLiteral("chartStatus"))->text(),
             QStringLiteral("4 conversations"));
    auto *breaks = window.filterBar()->findChild<QComboBox *>(QStringLiteral("breaksFilter"));
    breaks->setCurrentIndex(1); // flagged
    QCOMPARE(window.model()->totalCount(),
             sqlCount(*store,
                      "SELECT count(DISTINCT t.conversation_id) FROM turn_flag f JOIN "
                      "turn t ON t.id = f.turn_id JOIN conversation c ON c.id = "
                      "t.conversation_id JOIN participant p ON p.id = c.participant_id "
                      "WHERE p.code = 'P02'"));
    window.filterBar()->reset();
    QCOMPARE(window.model()->totalCount(), 13);
    waitCharts(window.charts());
}

void TestBrowser::largeDataSetsContextChoicesArriveLater()
{
    // A large data set's context fields are read on another thread: the same choices as read at
    // once, offered when they arrive; the task type (without values) meanwhile.
    auto store = Store::open(m_db);
    const auto items = [](const FilterBar &bar, const char *name) {
        const auto *box = bar.findChild<QComboBox *>(QLatin1String(name));
        QStringList list;
        for (int i = 0; i < box->count(); ++i)
            list << box->itemData(i).toString() + QLatin1Char('=') + box->itemText(i);
        return list;
    };
    FilterBar now;
    now.setStore(store.get());
    QVERIFY(!now.isLoadingContextChoices());
    QVERIFY(items(now, "taskFilter").size() > 2);
    QVERIFY(items(now, "contextKeyFilter").size() >= 1);

    FilterBar later;
    later.setBackgroundChoicesFrom(0);
    QSignalSpy loaded(&later, &FilterBar::contextChoicesLoaded);
    later.setStore(store.get());
    QVERIFY(later.isLoadingContextChoices());
    QCOMPARE(items(later, "taskFilter").size(), 1); // "All tasks"
    QCOMPARE(items(later, "contextKeyFilter"), QStringList {QStringLiteral("task_type=Task")});
    QVERIFY(loaded.wait());
    QVERIFY(!later.isLoadingContextChoices());
    QCOMPARE(items(later, "contextKeyFilter"), items(now, "contextKeyFilter"));
    QCOMPARE(items(later, "taskFilter"), items(now, "taskFilter"));
    QVERIFY(later.filter() == now.filter());

    // Another data set before they arrive: the first one's never do.
    later.setStore(store.get());
    QVERIFY(later.isLoadingContextChoices());
    later.setStore(nullptr);
    QVERIFY(!later.isLoadingContextChoices());
    QTest::qWait(50);
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(items(later, "taskFilter").size(), 1);
}

void TestBrowser::searchFindsTurnText()
{
    auto store = Store::open(m_db);
    BrowserWindow window;
    window.setStore(store.get());
    auto *search = window.filterBar()->findChild<QLineEdit *>(QStringLiteral("searchFilter"));
    search->setText(QStringLiteral("churn"));
    QSignalSpy changed(window.filterBar(), &FilterBar::filterChanged);
    QVERIFY(changed.wait(10000)); // debounced (300 ms)
    QCOMPARE(window.model()->totalCount(),
             sqlCount(*store,
                      "SELECT count(DISTINCT conversation_id) FROM turn WHERE text LIKE "
                      "'%churn%'"));
    QVERIFY(window.model()->totalCount() >= 1);
    waitCharts(window.charts());
}

void TestBrowser::searchIndexIsBuiltBehindTheBrowser()
{
    // The browser opens without waiting for the search index: it is built on a thread, shown in
    // the status bar, while the search reads the text not indexed yet. Here another program holds
    // the data set's write lock, so that the index waits; the browser does not.
    auto store = Store::open(m_db);
    digest::refresh(*store, {}, {}, digest::preparationCommit, digest::Part::Digests);
    const qint64 unindexed = digest::pendingWork(*store, digest::Part::SearchIndex);
    QVERIFY(unindexed > 0);
    const qint64 churn = sqlCount(*store,
                                  "SELECT count(DISTINCT conversation_id) FROM turn WHERE text "
                                  "LIKE '%churn%'");
    QVERIFY(churn >= 1);
    QSignalSpy outside(store.get(), &Store::changedElsewhere);
    auto lock = std::make_unique<WriteLock>(m_db);
    BrowserWindow window;
    QSignalSpy progressed(window.indexer(), &SearchIndexer::progressed);
    QSignalSpy finished(window.indexer(), &SearchIndexer::finished);
    QVERIFY(window.setStore(store.get()));
    window.show();
    QCOMPARE(window.model()->rowCount(), 13);
    QVERIFY(window.indexer()->isRunning());
    QVERIFY(progressed.wait(10000));
    auto *bar = window.findChild<QProgressBar *>(QStringLiteral("searchIndexProgress"));
    QVERIFY(bar && bar->isVisible());
    QCOMPARE(bar->value(), 0);
    QVERIFY(window.findChild<QToolButton *>(QStringLiteral("stopSearchIndex"))->isVisible());
    if (qEnvironmentVariableIsSet("SENSE7_SCREENSHOT_DIR"))
        window.grab().save(qEnvironmentVariable("SENSE7_SCREENSHOT_DIR")
                           + QStringLiteral("/browser-indexing.png"));
    auto *search = window.filterBar()->findChild<QLineEdit *>(QStringLiteral("searchFilter"));
    search->setText(QStringLiteral("churn"));
    QSignalSpy changed(window.filterBar(), &FilterBar::filterChanged);
    QVERIFY(changed.wait(10000));
    QCOMPARE(window.model()->totalCount(), churn); // from the text itself
    QCOMPARE(digest::pendingWork(*store, digest::Part::SearchIndex), unindexed);
    // The other program lets go; the index is built, and its commits are not another program's
    // changes until it ends.
    lock->release();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.constFirst().at(0).value<SearchIndexer::Outcome>(),
             SearchIndexer::Outcome::Complete);
    QCOMPARE(finished.constFirst().at(1).toString(), QString());
    QVERIFY(!bar->isVisible());
    QCOMPARE(digest::pendingWork(*store), 0);
    QVERIFY(outside.count() <= 1); // once, when the hold ended
    QVERIFY(!store->checkForOutsideChanges());
    search->setText(QStringLiteral("churn "));
    search->setText(QStringLiteral("churn"));
    QVERIFY(changed.wait(10000));
    QCOMPARE(window.model()->totalCount(), churn); // from the index
    waitCharts(window.charts());

    // Stopped while another program holds the data set: it stops at once (not after SQLite's
    // wait), says nothing went wrong, and lets the store go; a progress report posted just
    // before does not bring the bar back.
    {
        auto other = Store::open(m_db);
        other->addParticipant(QStringLiteral("P99"));
        sql::Statement(test::connection(*other), "UPDATE search_state SET indexed_upto = 0").run();
        sql::Statement(test::connection(*other),
                       "INSERT INTO turn_text(turn_text) VALUES('delete-all')")
            .run();
    }
    lock = std::make_unique<WriteLock>(m_db);
    const int outsideBefore = outside.count();
    QVERIFY(window.refresh());
    QVERIFY(window.indexer()->isRunning());
    QVERIFY(progressed.wait(10000));
    QElapsedTimer stopping;
    stopping.start();
    window.findChild<QToolButton *>(QStringLiteral("stopSearchIndex"))->click();
    QVERIFY2(stopping.elapsed() < digest::busyWaitMilliseconds / 2,
             qPrintable(QString::number(stopping.elapsed())));
    QVERIFY(!window.indexer()->isRunning());
    QCOMPARE(finished.count(), 2);
    QCOMPARE(finished.at(1).at(0).value<SearchIndexer::Outcome>(), SearchIndexer::Outcome::Stopped);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("F5")));
    QTest::qWait(200);
    QVERIFY(!bar->isVisible());
    // Released: the other program's participant is reported now.
    QCOMPARE(outside.count(), outsideBefore + 1);
    QVERIFY(!store->checkForOutsideChanges());
    lock->release();
    QVERIFY(window.refresh()); // F5 goes on
    waitIndexed(window);
    QCOMPARE(finished.at(2).at(0).value<SearchIndexer::Outcome>(),
             SearchIndexer::Outcome::Complete);
    QCOMPARE(digest::pendingWork(*store), 0);
}

void TestBrowser::everyChartDraws()
{
    auto store = Store::open(m_db);
    BrowserWindow window;
    window.setStore(store.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    waitCharts(window.charts());
    AggregateView *view = window.charts();
    for (int chart = 0; chart < AggregateView::ChartCount; ++chart) {
        QCustomPlot *plot = view->plot(AggregateView::Chart(chart));
        QVERIFY2(plot->plottableCount() > 0, qPrintable(QString::number(chart)));
    }
    // Distribution: 5 stacked bar series over 7 dimensions, shares summing to 100 %.
    double total = 0;
    for (int i = 0; i < 5; ++i)
        total += qobject_cast<QCPBars *>(view->plot(AggregateView::Distribution)->plottable(i))
                     ->data()
                     ->at(0)
                     ->value;
    QVERIFY(std::abs(total - 100.0) < 1e-6);
    // Assistants: one bar series per assistant.
    QCOMPARE(legendEntries(view->plot(AggregateView::Assistants)), 4);
    QCOMPARE(view->detectionTable()->rowCount(), continuity::ruleCount + 1);
    QCOMPARE(view->detectionTable()->item(continuity::ruleCount, 0)->text(),
             QStringLiteral("Any rule"));
    keepScreenshot(&window, QStringLiteral("browser.png"));
    const QString names[] = {QStringLiteral("distribution"), QStringLiteral("trajectory"),
                             QStringLiteral("assistants"),   QStringLiteral("participants"),
                             QStringLiteral("breaks"),       QStringLiteral("correlation"),
                             QStringLiteral("context"),      QStringLiteral("detection")};
    for (int tab = 0; tab <= AggregateView::ChartCount; ++tab) {
        view->tabs()->setCurrentIndex(tab);
        keepScreenshot(view,
                       QString(QStringLiteral("chart-") + names[tab] + QStringLiteral(".png")));
    }
    // Another context field regroups chart 7.
    auto *field = view->findChild<QComboBox *>(QStringLiteral("contextField"));
    field->setCurrentIndex(field->findData(QStringLiteral("goal_achieved")));
    waitCharts(view);
    QVERIFY(legendEntries(view->plot(AggregateView::Context)) >= 2);
}

void TestBrowser::openingARowShowsTheConversation()
{
    MainWindow main;
    QCOMPARE(main.openDataSet(m_db), QString());
    main.show();
    QAction *browse = nullptr;
    for (QAction *action : main.findChildren<QAction *>())
        if (action->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+B")))
            browse = action;
    QVERIFY(browse);
    browse->trigger();
    auto *window = main.findChild<BrowserWindow *>();
    QVERIFY(window);
    QVERIFY(window->isVisible());
    window->table()->sortByColumn(DataSetModel::Turns, Qt::DescendingOrder);
    const qint64 longest = window->model()->conversationId(0);
    QSignalSpy opened(window, &BrowserWindow::openConversation);
    window->table()->setCurrentIndex(window->model()->index(0, 0));
    QTest::keyClick(window->table(), Qt::Key_Return);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(main.workspace()->findChild<TrajectoryChart *>()->trajectory().turnIds.size(), 8);
    QCOMPARE(main.store()->conversationOfTurn(main.workspace()->currentTurn()), longest);
    waitCharts(window->charts());
}

void TestBrowser::trajectoryFollowsRatingsAndSelection()
{
    MainWindow main;
    QCOMPARE(main.openDataSet(m_db), QString());
    main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&main));
    Workspace *workspace = main.workspace();
    TrajectoryChart *chart = workspace->chart();
    const browse::ConversationTrajectory &t = chart->trajectory();
    QVERIFY(!t.turnIds.isEmpty());
    QCOMPARE(t.dimensions.size(), 7);
    // Lines: 7 dimensions, the mean, flagged and detected markers.
    QCOMPARE(chart->graphCount(), 10);
    // A new rating redraws the mean within moments.
    Store *store = main.store();
    const qint64 turn = t.turnIds.first();
    for (const Dimension &d : t.dimensions)
        store->setRating(turn, d.id, store->selfAnnotatorId(), 1);
    QTRY_COMPARE(chart->trajectory().mean.first(), std::optional<double>(1.0));
    QCOMPARE(chart->graph(7)->data()->at(0)->value, 1.0);
    // Hovering a reply gives its mean and how many dimensions it rests on.
    QVERIFY2(chart->replyDescription(0).startsWith(
                 QStringLiteral("Reply 1: mean 1.00, n = 7 of 7 dimensions")),
             qPrintable(chart->replyDescription(0)));
    // Selecting a reply highlights it; clicking the chart selects a reply.
    QVERIFY(workspace->setCurrentTurn(t.turnIds.last()));
    QCOMPARE(chart->trajectory().replyOf(workspace->currentTurn()), int(t.turnIds.size()) - 1);
    QSignalSpy clicked(chart, &TrajectoryChart::turnClicked);
    const QPoint at(int(chart->xAxis->coordToPixel(1)), int(chart->yAxis->coordToPixel(3)));
    QTest::mouseClick(chart, Qt::LeftButton, {}, at);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(workspace->currentTurn(), t.turnIds.first());
    // A flag appears as a solid marker with the reason in the tooltip.
    TurnFlag flag;
    flag.turnId = t.turnIds.first();
    flag.annotatorId = store->selfAnnotatorId();
    flag.reason = QStringLiteral("forgot_context");
    store->apply({Edit::Kind::Flag, flag.turnId, 0, flag.annotatorId, QJsonValue::Undefined,
                  flagToJson(flag)},
                 Origin::Edit);
    QTRY_COMPARE(chart->trajectory().flagged.size(), 1);
    QVERIFY(chart->breakDescription(0).contains(QStringLiteral("Forgot earlier context")));
    // Rating 1 after higher ratings is a drop the rule detects somewhere, or the first reply
    // stands alone; either way each detection explains itself.
    for (const auto &d : chart->trajectory().detected)
        QVERIFY(chart->breakDescription(d.reply).contains(QStringLiteral("Detected")));
    keepScreenshot(&main, QStringLiteral("trajectory.png"));
}

QTEST_MAIN(TestBrowser)
void TestBrowser::chartsOfAnyInstrumentAndContextField()
{
    auto store = Store::open(m_db);
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json")).imported,
             3);
    BrowserWindow window;
    window.resize(1100, 760);
    QVERIFY(window.setStore(store.get()));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    AggregateView *view = window.charts();
    waitCharts(view);
    // The protocol's instruments, the primary one shown first.
    QComboBox *instrument = view->instrumentChoice();
    QCOMPARE(instrument->count(), 2);
    QCOMPARE(instrument->currentData().toString(), QStringLiteral("sense7"));
    // Every context key in the data, ESConv's too, with the form's labels where it has them.
    QComboBox *field = view->contextFieldChoice();
    QVERIFY(field->findData(QStringLiteral("emotion_type")) >= 0);
    QCOMPARE(field->itemText(field->findData(QStringLiteral("emotion_type"))),
             QStringLiteral("emotion_type"));
    QVERIFY(field->findData(QStringLiteral("task_type")) >= 0);
    QVERIFY(field->itemText(field->findData(QStringLiteral("task_type")))
            != QStringLiteral("task_type"));
    // The rating filter offers each instrument's dimensions on its own scale.
    auto *dimension = window.filterBar()->findChild<QComboBox *>(QStringLiteral("rangeDimension"));
    QVERIFY(dimension->findText(QStringLiteral("ESConv: Feedback")) > 0);

    instrument->setCurrentIndex(instrument->findData(QStringLiteral("esconv")));
    waitCharts(view);
    QCOMPARE(view->results()->instrument, QStringLiteral("esconv"));
    QVERIFY(view->plot(AggregateView::Distribution)->plottableCount() > 0);
    // One dimension: the correlation tab says why there is no matrix, with nothing plotted.
    QCustomPlot *correlation = view->plot(AggregateView::Correlation);
    QCOMPARE(correlation->plottableCount(), 0);
    auto *reason = correlation->findChild<QCPItemText *>(QStringLiteral("unavailable"));
    QVERIFY(reason);
    const QString said = reason->text().replace(QLatin1Char('\n'), QLatin1Char(' '));
    QVERIFY2(said.contains(QStringLiteral("a correlation matrix needs two dimensions or more")),
             qPrintable(said));
    field->setCurrentIndex(field->findData(QStringLiteral("emotion_type")));
    waitCharts(view);
    QCOMPARE(view->results()->contextField, QStringLiteral("emotion_type"));
    QCOMPARE(view->results()->instrument, QStringLiteral("esconv")); // the choice stays
    QVERIFY(view->results()->context.groups.contains(QStringLiteral("anxiety")));
    QVERIFY(legendEntries(view->plot(AggregateView::Context)) >= 2);
    // The filter bar filters on any context field too: ESConv's emotion.
    auto *key = window.filterBar()->findChild<QComboBox *>(QStringLiteral("contextKeyFilter"));
    auto *value = window.filterBar()->findChild<QComboBox *>(QStringLiteral("taskFilter"));
    QCOMPARE(key->currentData().toString(), QStringLiteral("task_type")); // as before
    key->setCurrentIndex(key->findData(QStringLiteral("emotion_type")));
    QCOMPARE(value->count(), 4); // All, anxiety, fear, sadness
    value->setCurrentIndex(value->findData(QStringLiteral("anxiety")));
    const browse::Filter anxious = window.filterBar()->filter();
    QCOMPARE(anxious.context.value(QStringLiteral("emotion_type")),
             QStringList {QStringLiteral("anxiety")});
    QVERIFY(anxious.taskTypes.isEmpty());
    QTRY_COMPARE(window.model()->rowCount(), 1);
    // The table has a column for ESConv's feedback too: its mean for that conversation.
    int feedback = -1;
    for (int column = 0; column < window.model()->columnCount(); ++column)
        if (window.model()->headerData(column, Qt::Horizontal).toString()
            == QLatin1String("Feedback"))
            feedback = column;
    QVERIFY(feedback >= DataSetModel::FirstDimension + 7);
    QCOMPARE(window.model()->index(0, feedback).data(DataSetModel::ValueRole).toDouble(), 3.5);
    waitCharts(view);
    QCOMPARE(view->results()->conversations, 1);
    view->tabs()->setCurrentIndex(AggregateView::Context);
    keepScreenshot(&window, QStringLiteral("browser-esconv.png"));
    view->tabs()->setCurrentIndex(AggregateView::Correlation);
    keepScreenshot(view, QStringLiteral("chart-esconv-correlation.png"));
}

namespace {

/** Two conditions, one conversation resumed in a second sitting, beside the demo's. */
qint64 addLiveStudy(Store &store)
{
    const qint64 resumed = test::addLiveConversation(
        store, QStringLiteral("L01"), QStringLiteral("empathic"),
        {{QStringLiteral("I have a deadline on Friday"), QStringLiteral("That sounds stressful."),
          5},
         {QStringLiteral("My manager keeps adding work"),
          QStringLiteral("That must feel unfair, given Friday's deadline."), 4},
         {QStringLiteral("I'm back, the deadline moved"),
          QStringLiteral("Good to hear from you again — how do you feel about Friday now?"), 5,
          true},
         {QStringLiteral("Better, thanks"), QStringLiteral("I'm glad."), 4}});
    test::addLiveConversation(
        store, QStringLiteral("L02"), QStringLiteral("forgetful"),
        {{QStringLiteral("I have a deadline on Friday"), QStringLiteral("Tell me more."), 3},
         {QStringLiteral("It's about the report"), QStringLiteral("Which report?"), 2},
         {QStringLiteral("I'm back"), QStringLiteral("Hello! What can I do for you?"), 1, true},
         {QStringLiteral("The deadline, remember?"), QStringLiteral("Which deadline?"), 1}});
    test::addLiveConversation(
        store, QStringLiteral("L03"), QStringLiteral("empathic"),
        {{QStringLiteral("Hi"), QStringLiteral("Hello, how are you today?"), 4}});
    return resumed;
}

} // namespace

void TestBrowser::liveConditionsForResearchersOnly()
{
    const QString db = m_dir.filePath(QStringLiteral("live-browser.sense7"));
    makeDemoDataSet(db, test::liveProtocol());
    auto store = Store::open(db);
    addLiveStudy(*store);
    BrowserWindow window;
    window.setStore(store.get());
    window.resize(1500, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    waitCharts(window.charts());
    DataSetModel *model = window.model();
    QVERIFY(model->hasConditions());
    const int column = model->conditionColumn();
    QCOMPARE(model->headerData(column, Qt::Horizontal).toString(), QStringLiteral("Condition"));
    QVERIFY(!window.table()->isColumnHidden(column));
    QCOMPARE(window.table()->horizontalHeader()->visualIndex(column), DataSetModel::Agent + 1);
    QStringList shown;
    for (int row = 0; row < model->rowCount(); ++row)
        if (!model->index(row, column).data().toString().isEmpty())
            shown.append(model->index(row, DataSetModel::Agent).data().toString() + QLatin1Char('=')
                         + model->index(row, column).data().toString());
    shown.sort();
    QCOMPARE(shown,
             (QStringList {QStringLiteral("Assistant A=empathic"),
                           QStringLiteral("Assistant A=empathic"),
                           QStringLiteral("Assistant B=forgetful")}));
    // Sorting by it keeps the live ones together.
    window.table()->sortByColumn(column, Qt::DescendingOrder);
    QCOMPARE(model->index(0, column).data().toString(), QStringLiteral("forgetful"));

    auto *condition = window.filterBar()->findChild<QComboBox *>(QStringLiteral("conditionFilter"));
    QVERIFY(condition->isVisible());
    QCOMPARE(condition->count(), 3); // all, empathic, forgetful
    // The assistants chart compares conditions; "Condition" is a way to group chart 7.
    AggregateView *view = window.charts();
    QVERIFY(view->results()->agentsByCondition);
    QVERIFY(view->contextFieldChoice()->findData(browse::conditionGroup) >= 0);
    view->contextFieldChoice()->setCurrentIndex(
        view->contextFieldChoice()->findData(browse::conditionGroup));
    waitCharts(view);
    QCOMPARE(view->results()->contextLabel, QStringLiteral("Condition"));
    QCOMPARE(view->results()->context.groups,
             (QStringList {QString(), QStringLiteral("empathic"), QStringLiteral("forgetful")}));
    view->tabs()->setCurrentIndex(AggregateView::Assistants);
    keepScreenshot(&window, QStringLiteral("browser-live.png"));
    keepScreenshot(view, QStringLiteral("chart-conditions.png"));
    condition->setCurrentIndex(condition->findData(QStringLiteral("empathic")));
    QCOMPARE(model->totalCount(), 2);
    waitCharts(view);
    QCOMPARE(view->results()->conversations, 2);
    QCOMPARE(view->results()->agents.groups, QStringList {QStringLiteral("empathic")});

    // Participant mode: no key anywhere, the assistants compared by their labels.
    window.setConditionsShown(false);
    QVERIFY(window.table()->isColumnHidden(column));
    QVERIFY(!condition->isVisible());
    QCOMPARE(condition->currentIndex(), 0); // a hidden filter narrows nothing
    QTRY_COMPARE(model->totalCount(), 16);
    waitCharts(view);
    QVERIFY(!view->results()->agentsByCondition);
    QVERIFY(view->results()->agents.groups.contains(QStringLiteral("Assistant B")));
    QVERIFY(!view->results()->agents.groups.contains(QStringLiteral("forgetful")));
    QCOMPARE(view->contextFieldChoice()->findData(browse::conditionGroup), -1);
    QVERIFY(view->results()->contextField != browse::conditionGroup);
    // Its figure too, even when the dialog computes it again for other units.
    view->tabs()->setCurrentIndex(AggregateView::Assistants);
    window.findChild<QAction *>(QStringLiteral("exportFigureAction"))->trigger();
    auto *dialog = window.findChild<FigureDialog *>();
    QVERIFY(dialog);
    dialog->clusterChoice()->setCurrentIndex(
        dialog->clusterChoice()->findData(int(series::Cluster::Conversation)));
    const QString figure = m_dir.filePath(QStringLiteral("participant-assistants.pdf"));
    QVERIFY(dialog->saveTo(figure));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(test::readFile(figure + QStringLiteral(".json"))).object();
    QCOMPARE(sidecar.value(QStringLiteral("by")).toString(), QStringLiteral("assistant"));
    QCOMPARE(sidecar.value(QStringLiteral("cluster")).toString(), QStringLiteral("conversation"));
    const QByteArray plotted = QJsonDocument(sidecar.value(QStringLiteral("plotted")).toObject())
                                   .toJson(QJsonDocument::Compact);
    QVERIFY(plotted.contains("Assistant B"));
    QVERIFY2(!plotted.contains("forgetful") && !plotted.contains("empathic"), plotted.constData());
    dialog->close();
    delete dialog;

    // Without live conversations nothing of it is offered.
    const QString plainPath = m_dir.filePath(QStringLiteral("plain-for-conditions.sense7"));
    makeDemoDataSet(plainPath);
    auto plain = Store::open(plainPath);
    BrowserWindow other;
    other.setStore(plain.get());
    waitCharts(other.charts());
    QVERIFY(!other.model()->hasConditions());
    QVERIFY(other.table()->isColumnHidden(other.model()->conditionColumn()));
    QVERIFY(
        other.filterBar()->findChild<QComboBox *>(QStringLiteral("conditionFilter"))->isHidden());
    QVERIFY(!other.charts()->results()->agentsByCondition);
}

void TestBrowser::trajectoryMarksSessions()
{
    const QString db = m_dir.filePath(QStringLiteral("live-studio.sense7"));
    makeDemoDataSet(db, test::liveProtocol());
    qint64 resumed = 0;
    {
        auto store = Store::open(db);
        resumed = addLiveStudy(*store);
    }
    MainWindow main;
    QCOMPARE(main.openDataSet(db), QString());
    main.resize(1400, 900);
    main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&main));
    // Researcher mode (several participants): the list shows the condition beside the label.
    const auto agents = [&main] {
        QStringList texts;
        QAbstractItemModel *list = main.conversationView()->model();
        for (int row = 0; row < list->rowCount(); ++row)
            texts.append(list->index(row, ConversationTableModel::Agent).data().toString());
        return texts;
    };
    QVERIFY2(agents().contains(QStringLiteral("empathic · Assistant A")),
             qPrintable(agents().join(QLatin1Char(','))));
    QVERIFY(main.selectConversation(resumed));
    TrajectoryChart *chart = main.workspace()->chart();
    QTRY_COMPARE(chart->trajectory().sessions.size(), 1);
    QStringList labels;
    for (int i = 0; i < chart->itemCount(); ++i)
        if (chart->item(i)->objectName() == QLatin1String("sessionLabel"))
            labels.append(qobject_cast<QCPItemText *>(chart->item(i))->text());
    QCOMPARE(labels, QStringList {QStringLiteral("Session 2")});
    keepScreenshot(chart, QStringLiteral("trajectory-sessions.png"));
    keepScreenshot(&main, QStringLiteral("studio-live.png"));

    // Participant mode: labels only.
    QAction *researcher = nullptr;
    for (QAction *action : main.findChildren<QAction *>())
        if (action->text() == QLatin1String("R&esearcher mode"))
            researcher = action;
    QVERIFY(researcher && researcher->isChecked());
    QAction *participant = researcher->actionGroup()->actions().constFirst();
    QVERIFY(participant != researcher);
    participant->trigger(); // as from the menu
    QVERIFY(!researcher->isChecked());
    QCOMPARE(main.annotationBar()->mode(), AnnotationBar::Mode::Participant);
    const qint64 l01 = main.store()->participantId(QStringLiteral("L01"));
    for (QComboBox *box : main.annotationBar()->findChildren<QComboBox *>())
        if (box->findData(l01) >= 0)
            box->setCurrentIndex(box->findData(l01));
    QTRY_COMPARE(agents(), QStringList {QStringLiteral("Assistant A")});
    for (const QString &text : agents())
        QVERIFY2(!text.contains(QStringLiteral("empathic"))
                     && !text.contains(QStringLiteral("forgetful")),
                 qPrintable(text));
}

#include "tst_browser.moc"
