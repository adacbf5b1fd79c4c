#pragma once

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QSplitter;
class QTableView;
class QToolButton;

namespace sense7 {

class AggregateView;
class DataSetModel;
class FilterBar;
class SearchIndexer;
class Store;

/**
 * The researcher's view of a whole data set: a filter bar, the lazily paged table of
 * conversations and the aggregate charts, all following the same filter. Opening it brings the
 * digests and the search index up to date first, with progress and a way to stop.
 */
class BrowserWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit BrowserWindow(QWidget *parent = nullptr);
    ~BrowserWindow() override;

    /** Shows \a store (not owned; null clears). Returns false if the user stopped the refresh. */
    bool setStore(Store *store);
    /**
     * Rebuilds stale digests (with a progress dialog when there is much to do), reloads, and
     * extends the search index in the background (see indexer()).
     */
    bool refresh();
    /**
     * Researcher mode shows live conversations' conditions (keys) in the table, the filter bar and
     * the charts; participant mode shows only what participants see, the assistants' labels.
     */
    void setConditionsShown(bool shown);

    FilterBar *filterBar() const { return m_filterBar; }
    DataSetModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    AggregateView *charts() const { return m_charts; }
    SearchIndexer *indexer() const { return m_indexer; }

Q_SIGNALS:
    void openConversation(qint64 conversationId);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void updateCount();
    /** The search index's progress in the status bar; hidden when \a total is 0. */
    void showIndexing(qint64 done, qint64 total);
    void indexingFinished(int outcome, const QString &error);
    void showConditionColumn();
    /** The chart in front as a publication figure. */
    void exportFigure();
    /** The filtered conversations as CSV, JSON Lines or a bundle. */
    void exportData();

    Store *m_store = nullptr;
    DataSetModel *m_model;
    FilterBar *m_filterBar;
    QTableView *m_table;
    AggregateView *m_charts;
    QSplitter *m_splitter;
    QLabel *m_count;
    SearchIndexer *m_indexer;
    QProgressBar *m_indexing;
    QToolButton *m_stopIndexing;
    bool m_conditions = true;
};

} // namespace sense7
