#include "browserwindow.h"

#include "aggregateview.h"
#include "browse/digest.h"
#include "datasetmodel.h"
#include "error.h"
#include "filterbar.h"
#include "settings.h"
#include "store.h"

#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QShortcut>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
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
    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, m_filterBar, &FilterBar::focusSearch);
    auto *reload = new QShortcut(QKeySequence::Refresh, this);
    connect(reload, &QShortcut::activated, this, &BrowserWindow::refresh);
    auto *close = new QShortcut(QKeySequence::Close, this);
    connect(close, &QShortcut::activated, this, &QWidget::close);

    resize(1360, 820);
    Settings settings;
    restoreGeometry(settings.browserGeometry());
    if (!m_splitter->restoreState(settings.browserSplitter()))
        m_splitter->setSizes({780, 580});
}

BrowserWindow::~BrowserWindow() = default;

bool BrowserWindow::setStore(Store *store)
{
    m_store = store;
    m_filterBar->setStore(store);
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
    if (!m_store->isReadOnly() && digest::pendingWork(*m_store) > 0) {
        QProgressDialog progress(tr("Preparing the data set for browsing…"), tr("Stop"), 0, 100,
                                 this);
        progress.setWindowTitle(tr("Data set"));
        progress.setMinimumDuration(400);
        progress.setWindowModality(Qt::WindowModal);
        try {
            QApplication::setOverrideCursor(Qt::BusyCursor);
            digest::refresh(*m_store, [&](qint64 done, qint64 total) {
                progress.setValue(int(100 * done / std::max<qint64>(1, total)));
                QCoreApplication::processEvents();
                complete = !progress.wasCanceled();
                return complete;
            });
            QApplication::restoreOverrideCursor();
        } catch (const Error &e) {
            QApplication::restoreOverrideCursor();
            QMessageBox::warning(this, tr("Data set"), e.message());
            complete = false;
        }
    }
    if (m_store->isReadOnly() && digest::pendingWork(*m_store) > 0)
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
    if (first) // fit the columns to the first page once; after that the user's widths stay
        m_table->resizeColumnsToContents();
    m_charts->setFilter(m_filterBar->filter());
    m_charts->setDataSet(m_store->path());
    return complete;
}

void BrowserWindow::updateCount()
{
    m_count->setText(tr("%1 of %n conversation(s) loaded", nullptr,
                        int(std::min<qint64>(m_model->totalCount(), INT_MAX)))
                         .arg(QLocale().toString(m_model->rowCount())));
}

void BrowserWindow::closeEvent(QCloseEvent *event)
{
    Settings settings;
    settings.setBrowserGeometry(saveGeometry());
    settings.setBrowserSplitter(m_splitter->saveState());
    QMainWindow::closeEvent(event);
}

void BrowserWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    m_table->setFocus();
}

} // namespace sense7
