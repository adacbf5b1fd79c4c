#include "browserwindow.h"

#include "aggregateview.h"
#include "browse/aggregates.h"
#include "browse/digest.h"
#include "browse/sample.h"
#include "charts/aggregatecharts.h"
#include "charts/chartdata.h"
#include "dataexport.h"
#include "datasetmodel.h"
#include "error.h"
#include "figuredialog.h"
#include "filterbar.h"
#include "panecycler.h"
#include "searchindexer.h"
#include "settings.h"
#include "store.h"

#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace sense7 {

BrowserWindow::BrowserWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new DataSetModel(this))
    , m_filterBar(new FilterBar(this))
    , m_table(new QTableView(this))
    , m_charts(new AggregateView(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_count(new QLabel(this))
    , m_indexer(new SearchIndexer(this))
    , m_indexing(new QProgressBar(this))
    , m_stopIndexing(new QToolButton(this))
{
    setObjectName(QStringLiteral("BrowserWindow"));
    setWindowTitle(tr("Data set — Sense-7 Studio"));
    m_table->setObjectName(QStringLiteral("dataSetTable"));
    m_table->setAccessibleName(tr("Conversations"));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(DataSetModel::Date, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setDefaultSectionSize(fontMetrics().averageCharWidth() * 11);
    m_table->horizontalHeader()->setMinimumSectionSize(36);
    m_table->setToolTip(tr("Double-click or press Enter to open a conversation"));

    auto *left = new QWidget(m_splitter);
    auto *layout = new QVBoxLayout(left);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_table, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_charts);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    m_count->setObjectName(QStringLiteral("conversationCount"));
    statusBar()->addWidget(m_count, 1);
    m_indexing->setObjectName(QStringLiteral("searchIndexProgress"));
    m_indexing->setRange(0, 100);
    m_indexing->setFormat(tr("Search index %p%"));
    m_indexing->setFixedWidth(fontMetrics().horizontalAdvance(m_indexing->format().replace(
                                  QLatin1String("%p"), QLatin1String("100")))
                              + fontMetrics().averageCharWidth() * 10);
    m_indexing->setToolTip(
        tr("The text search is being indexed. Meanwhile the search works, more slowly, on the "
           "text not indexed yet; everything else is ready."));
    m_stopIndexing->setObjectName(QStringLiteral("stopSearchIndex"));
    m_stopIndexing->setText(tr("Stop"));
    m_stopIndexing->setToolTip(
        tr("Stop indexing for now: what is indexed stays, and F5 or the next opening goes on"));
    statusBar()->addPermanentWidget(m_indexing);
    statusBar()->addPermanentWidget(m_stopIndexing);
    showIndexing(0, 0);
    connect(m_indexer, &SearchIndexer::progressed, this, &BrowserWindow::showIndexing);
    connect(m_indexer, &SearchIndexer::finished, this,
            [this](SearchIndexer::Outcome outcome, const QString &error) {
                indexingFinished(int(outcome), error);
            });
    connect(m_stopIndexing, &QToolButton::clicked, m_indexer, &SearchIndexer::stop);
    auto *panes = new PaneCycler(this);
    panes->addPane(m_filterBar);
    panes->addPane(m_table);
    panes->addPane(m_charts);

    connect(m_filterBar, &FilterBar::filterChanged, this, [this](const browse::Filter &filter) {
        m_model->setFilter(filter);
        m_charts->setFilter(filter);
    });
    connect(m_model, &DataSetModel::totalCountChanged, this, &BrowserWindow::updateCount);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &BrowserWindow::updateCount);
    const auto open = [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT openConversation(m_model->conversationId(index.row()));
    };
    connect(m_table, &QTableView::activated, this, open);
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *figure = file->addAction(tr("Export &Figure…"), this, &BrowserWindow::exportFigure);
    figure->setObjectName(QStringLiteral("exportFigureAction"));
    figure->setShortcut(QKeySequence(tr("Ctrl+E")));
    figure->setStatusTip(tr("Save the chart in front as PDF, SVG or PNG for a paper"));
    QAction *dataAction = file->addAction(tr("Export &Data…"), this, &BrowserWindow::exportData);
    dataAction->setObjectName(QStringLiteral("exportDataAction"));
    dataAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    dataAction->setStatusTip(
        tr("Save the conversations the filters select as tidy CSV, JSON Lines or "
           "a bundle"));
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    auto *exportButton = new QToolButton(this);
    exportButton->setObjectName(QStringLiteral("exportFigureButton"));
    exportButton->setDefaultAction(figure);
    exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_charts->tabs()->setCornerWidget(exportButton, Qt::TopRightCorner);
    const auto enableFigure = [this, figure] {
        figure->setEnabled(m_charts->results() != nullptr
                           && m_charts->tabs()->currentIndex() < AggregateView::ChartCount);
    };
    connect(m_charts, &AggregateView::computed, this, enableFigure);
    connect(m_charts->tabs(), &QTabWidget::currentChanged, this, enableFigure);
    enableFigure();

    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, m_filterBar, &FilterBar::focusSearch);
    auto *reload = new QShortcut(QKeySequence::Refresh, this);
    connect(reload, &QShortcut::activated, this, &BrowserWindow::refresh);

    resize(1360, 820);
    Settings settings;
    restoreGeometry(settings.browserGeometry.get());
    if (!m_splitter->restoreState(settings.browserSplitter.get()))
        m_splitter->setSizes({780, 580});
}

BrowserWindow::~BrowserWindow()
{
    const QSignalBlocker quiet(m_indexer);
    m_indexer->stop();
}

bool BrowserWindow::setStore(Store *store)
{
    {
        const QSignalBlocker quiet(m_indexer); // no "not finished" for a data set going
        m_indexer->stop(); // it holds the store's outside changes
    }
    showIndexing(0, 0);
    m_store = store;
    // The filter bar's choices are read once the data set is prepared (refresh()): a thread
    // reading them meanwhile would hold back the preparation's commits.
    m_filterBar->setStore(nullptr);
    m_model->setStore(nullptr);
    m_charts->setDataSet({});
    if (!store) {
        updateCount();
        return true;
    }
    setWindowTitle(tr("%1 — Data set — Sense-7 Studio").arg(QFileInfo(store->path()).fileName()));
    return refresh();
}

bool BrowserWindow::refresh()
{
    if (!m_store)
        return false;
    bool complete = true;
    const digest::Part digests = digest::Part::Digests;
    if (!m_store->isReadOnly() && digest::pendingWork(*m_store, digests) > 0) {
        QProgressDialog progress(tr("Preparing the data set for browsing…"), tr("Stop"), 0, 100,
                                 this);
        progress.setWindowTitle(tr("Data set"));
        progress.setMinimumDuration(400);
        progress.setWindowModality(Qt::WindowModal);
        try {
            QApplication::setOverrideCursor(Qt::BusyCursor);
            Progress work;
            work.setCallback([&](qint64 done, qint64 total) {
                progress.setValue(int(100 * done / std::max<qint64>(1, total)));
                QCoreApplication::processEvents();
                complete = !progress.wasCanceled();
                if (!complete)
                    work.cancel();
            });
            digest::refresh(*m_store, work, {}, digest::preparationCommit, digests);
            QApplication::restoreOverrideCursor();
        } catch (const Error &e) {
            QApplication::restoreOverrideCursor();
            QMessageBox::warning(this, tr("Data set"), e.message());
            complete = false;
        }
    }
    if (m_filterBar->store() != m_store)
        m_filterBar->setStore(m_store);
    if (m_store->isReadOnly() && digest::pendingWork(*m_store, digests) > 0)
        statusBar()->showMessage(
            tr("This data set is read-only and not fully summarised: some means and breaks "
               "show as empty."));
    else if (!complete)
        statusBar()->showMessage(
            tr("Some conversations are not summarised yet: their means and breaks show as "
               "empty. Press F5 to finish."),
            10000);
    const bool first = m_model->rowCount() == 0;
    m_model->setStore(m_store);
    m_model->setFilter(m_filterBar->filter());
    showConditionColumn();
    if (first) // fit the columns to the first page once; after that the user's widths stay
        m_table->resizeColumnsToContents();
    m_charts->setFilter(m_filterBar->filter());
    m_charts->setDataSet(m_store->path());
    if (complete && !m_indexer->isRunning() && !m_store->isReadOnly()
        && digest::pendingWork(*m_store, digest::Part::SearchIndex) > 0)
        m_indexer->start(m_store);
    return complete;
}

void BrowserWindow::showIndexing(qint64 done, qint64 total)
{
    m_indexing->setVisible(total > 0);
    m_stopIndexing->setVisible(total > 0);
    if (total > 0)
        m_indexing->setValue(int(100 * std::min(done, total) / total));
}

void BrowserWindow::indexingFinished(int outcome, const QString &error)
{
    showIndexing(0, 0);
    switch (SearchIndexer::Outcome(outcome)) {
    case SearchIndexer::Outcome::Complete:
        break;
    case SearchIndexer::Outcome::Failed:
        statusBar()->showMessage(
            tr("The search index could not be extended: %1 The search reads the text not indexed "
               "yet, more slowly.")
                .arg(error),
            15000);
        break;
    case SearchIndexer::Outcome::Busy:
        statusBar()->showMessage(
            tr("The search index waits: the data set is being written (by another program, an "
               "import or a sync). The search reads the text not indexed yet, more slowly; press "
               "F5 to go on."),
            15000);
        break;
    case SearchIndexer::Outcome::Stopped:
        statusBar()->showMessage(
            tr("The search index is not finished: the search reads the rest of the text, more "
               "slowly. Press F5 to go on."),
            10000);
        break;
    }
}

void BrowserWindow::showConditionColumn()
{
    // The condition column only where live conversations hold one, beside the assistant.
    QHeaderView *header = m_table->horizontalHeader();
    const int column = m_model->conditionColumn();
    const bool shown = m_conditions && m_model->hasConditions();
    m_table->setColumnHidden(column, !shown);
    if (shown && header->visualIndex(column) != DataSetModel::Agent + 1)
        header->moveSection(header->visualIndex(column), DataSetModel::Agent + 1);
}

void BrowserWindow::setConditionsShown(bool shown)
{
    m_conditions = shown;
    m_filterBar->setConditionsShown(shown);
    m_charts->setConditionsShown(shown);
    showConditionColumn();
}

void BrowserWindow::exportFigure()
{
    const auto results = m_charts->results();
    const int tab = m_charts->tabs()->currentIndex();
    if (!m_store || !results || tab < 0 || tab >= AggregateView::ChartCount)
        return;
    const auto chart = charts::Chart(tab);
    QJsonObject details {{QStringLiteral("chart"), charts::chartKey(chart)},
                         {QStringLiteral("data_set"), QFileInfo(m_store->path()).fileName()},
                         {QStringLiteral("filters"), m_charts->filter().toJson()},
                         {QStringLiteral("conversations"), results->conversations}};
    if (chart == charts::Chart::Context)
        details.insert(QStringLiteral("group_by"),
                       results->contextField == browse::conditionGroup ? QStringLiteral("condition")
                                                                       : results->contextField);
    if (chart == charts::Chart::Assistants)
        details.insert(QStringLiteral("by"),
                       results->agentsByCondition ? QStringLiteral("condition")
                                                  : QStringLiteral("assistant"));
    QApplication::setOverrideCursor(Qt::BusyCursor);
    details.insert(
        QStringLiteral("data_hash"),
        browse::dataHash(*m_store, exporter::selectConversations(*m_store, m_charts->filter())));
    QApplication::restoreOverrideCursor();
    details.insert(QStringLiteral("cluster"), series::clusterKey(results->cluster));
    details.insert(QStringLiteral("plotted"), charts::plottedData(chart, *results));
    auto *dialog = new FigureDialog(
        [results, chart](QCustomPlot *plot) { charts::drawAggregate(plot, chart, *results); },
        charts::chartKey(chart), details, this);
    // Another instrument, or other units for the intervals (charts of means only), are computed
    // when chosen; the chart on screen is at hand.
    QList<QPair<QString, QString>> instruments;
    for (const Instrument &instrument : m_store->protocol().instruments)
        instruments.append({instrument.key, instrument.displayName()});
    std::optional<series::Cluster> cluster;
    if (chart != charts::Chart::Distribution && chart != charts::Chart::Correlation)
        cluster = results->cluster;
    auto cache = std::make_shared<QHash<QString, std::shared_ptr<const browse::Aggregates>>>();
    const auto cacheKey = [](const QString &instrument, series::Cluster units) -> QString {
        return instrument + QLatin1Char('/') + series::clusterKey(units);
    };
    cache->insert(cacheKey(results->instrument, results->cluster), results);
    const QString path = m_store->path();
    const browse::Filter filter = m_charts->filter();
    dialog->offerChoices(
        instruments, results->instrument, cluster,
        [cache, cacheKey, path, filter, chart, details, results, offered = cluster.has_value()](
            const QString &key, series::Cluster units) -> FigureDialog::Drawing {
            if (!offered)
                units = results->cluster; // a chart without intervals: as on screen
            auto aggregates = cache->value(cacheKey(key, units));
            if (!aggregates) {
                QApplication::setOverrideCursor(Qt::BusyCursor);
                try {
                    auto store = Store::open(path, Store::Access::ReadOnly);
                    aggregates =
                        std::make_shared<const browse::Aggregates>(browse::computeAggregates(
                            *store, filter, results->contextField, key, units,
                            // As on screen: participant mode never shows condition keys.
                            results->agentsByCondition ? browse::AssistantGrouping::Condition
                                                       : browse::AssistantGrouping::Assistant));
                    cache->insert(cacheKey(key, units), aggregates);
                } catch (const Error &e) {
                    QMessageBox::warning(nullptr, tr("Export Figure"), e.message());
                    aggregates = results; // the figure as it was
                }
                QApplication::restoreOverrideCursor();
            }
            const QString reason = charts::unavailableReason(chart, *aggregates);
            if (!reason.isEmpty())
                return {nullptr, reason, {}};
            QJsonObject forChoice = details;
            forChoice.insert(QStringLiteral("instrument"), aggregates->instrument);
            forChoice.insert(QStringLiteral("cluster"), series::clusterKey(aggregates->cluster));
            forChoice.insert(QStringLiteral("plotted"), charts::plottedData(chart, *aggregates));
            return {[aggregates, chart](QCustomPlot *plot) {
                        charts::drawAggregate(plot, chart, *aggregates);
                    },
                    {},
                    forChoice};
        });
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void BrowserWindow::exportData()
{
    if (m_store)
        exportDataInteractively(this, *m_store, m_filterBar->filter());
}

void BrowserWindow::updateCount()
{
    m_count->setText(tr("%1 of %Ln conversation(s) loaded", nullptr,
                        int(std::min<qint64>(m_model->totalCount(), INT_MAX)))
                         .arg(QLocale().toString(m_model->rowCount())));
}

void BrowserWindow::closeEvent(QCloseEvent *event)
{
    Settings settings;
    settings.browserGeometry.set(saveGeometry());
    settings.browserSplitter.set(m_splitter->saveState());
    QMainWindow::closeEvent(event);
}

void BrowserWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    m_table->setFocus();
}

} // namespace sense7
