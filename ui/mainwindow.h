#pragma once

#include "settings.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace sense7 {

class ConversationTableModel;
class Store;
class TranscriptView;
class TurnListModel;

/**
 * The studio's main window. A coordinator: it owns the open data set, wires the models to the
 * views and turns menu actions into calls on them; it computes nothing itself.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /** Opens \a path in place of the current data set. Returns an error message, or empty. */
    QString openDataSet(const QString &path);
    Store *store() const { return m_store.get(); }
    QTableView *conversationView() const { return m_list; }
    TranscriptView *transcriptView() const { return m_transcript; }
    void selectConversationRow(int row);
    /** Imports \a files into the open data set, with progress, then shows a summary. */
    void importFiles(const QStringList &files);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void newDataSet();
    void openWithDialog();
    void importWithDialog();
    void openFromMenu(const QString &path);
    void populateRecentMenu();
    void showAbout();
    void showError(const QString &message);
    void conversationSelected();
    void updateStatus();

    Settings m_settings;
    std::unique_ptr<Store> m_store;
    ConversationTableModel *m_conversations;
    QSortFilterProxyModel *m_sorted;
    TurnListModel *m_turns;
    QSplitter *m_splitter;
    QTableView *m_list;
    TranscriptView *m_transcript;
    QMenu *m_recentMenu = nullptr;
    QAction *m_importAction = nullptr;
    QLabel *m_statusCounts;
    QLabel *m_statusNotice;
};

} // namespace sense7
