#pragma once

#include "settings.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <optional>

class QLabel;
class QMenu;
class QProgressBar;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTimer;
class QUndoGroup;

namespace sense7 {

class AnnotationBar;
class AnnotationSession;
class BrowserWindow;
class ConversationList;
class ConversationTableModel;
class DataSetGuard;
class LiveStudy;
class RetestController;
class Store;
class StudyProgressWindow;
class StudySync;
class TranscriptView;
class TurnListModel;
class Workspace;
namespace import {
struct Options;
}

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
    /** Closes the data set (File ▸ Restore backup… replaces its file). */
    void closeDataSet();
    DataSetGuard *guard() const { return m_guard; }
    Store *store() const { return m_store.get(); }
    QTableView *conversationView() const;
    TranscriptView *transcriptView() const;
    Workspace *workspace() const { return m_workspace; }
    AnnotationSession *session() const { return m_session; }
    AnnotationBar *annotationBar() const { return m_annotationBar; }
    QUndoGroup *undoGroup() const { return m_undo; }
    /** The turns of the conversation shown. */
    TurnListModel *turns() const { return m_turns; }
    /** The Study menu and the live conversation. */
    LiveStudy *liveStudy() const { return m_live; }
    QLabel *savedLabel() const { return m_statusSaved; }
    /** The study server's background sync of the open data set (File ▸ Join study… joins). */
    StudySync *studySync() const { return m_sync; }
    QProgressBar *progressBar() const { return m_progress; }
    /** The conversations listed (read on a thread for a large data set). */
    ConversationTableModel *conversations() const { return m_conversations; }
    /** Selects the conversation with id \a conversationId in the list; false when not listed. */
    bool selectConversation(qint64 conversationId);
    /** Moves to the next reply not fully rated, in this conversation or the next ones. */
    bool goToNextUnrated();
    void selectConversationRow(int row);
    /** Imports \a files into the open data set, with progress, then shows a summary. */
    void importFiles(const QStringList &files);
    void importFiles(const QStringList &files, const import::Options &base);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    /** Detaches the views, models and windows from the data set about to be replaced. */
    void releaseDataSet();
    void newDataSet();
    void openWithDialog();
    void importWithDialog();
    void pasteConversation();
    /** Asks the conflict policy and, where a ratings file needs one, the rater; false: cancel. */
    bool askImportOptions(const QStringList &files, import::Options &options);
    void openFromMenu(const QString &path);
    void populateRecentMenu();
    void showAbout();
    void showShortcuts();
    /** Opens (or raises) the reliability and evaluation window on \a evaluation's page. */
    void showAnalysis(bool evaluation);
    void predictRatings();
    void showBrowser();
    void shareData();
    void exportData();
    void joinStudy();
    void openStudyServer();
    void openFromBrowser(qint64 conversationId);
    void setMode(bool researcher);
    void startSession();
    void saved(const QString &what);
    void updateProgress();
    void showError(const QString &message);
    void conversationSelected();
    void updateStatus();
    /** Updates the status bar once the events at hand are handled (once for many changes). */
    void updateStatusSoon();

    Settings m_settings;
    std::unique_ptr<Store> m_store;
    QPointer<QDialog> m_analysis;
    QPointer<BrowserWindow> m_browser;
    QPointer<StudyProgressWindow> m_studyProgress;
    ConversationTableModel *m_conversations;
    QSortFilterProxyModel *m_sorted;
    TurnListModel *m_turns;
    QUndoGroup *m_undo;
    AnnotationSession *m_session = nullptr;
    QSplitter *m_splitter;
    ConversationList *m_list;
    Workspace *m_workspace;
    AnnotationBar *m_annotationBar;
    RetestController *m_retest;
    LiveStudy *m_live = nullptr;
    DataSetGuard *m_guard;
    QMenu *m_recentMenu = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_researcherAction = nullptr;
    bool m_applyingMode = false; // openDataSet() sets the mode actions itself
    // What to select once the list being read is in: a conversation's id, 0 for the first row.
    std::optional<qint64> m_selectWhenLoaded;
    bool m_selectingShown = false; // selecting the row of the conversation shown already
    QLabel *m_statusCounts;
    QTimer *m_statusTimer;
    QLabel *m_statusSaved;
    QProgressBar *m_progress;
    QLabel *m_statusNotice;
    StudySync *m_sync;
};

} // namespace sense7
