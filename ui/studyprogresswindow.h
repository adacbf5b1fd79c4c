#pragma once

#include "studyserverdialog.h"

#include <QWidget>

class QFrame;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QThread;
class QTimer;

namespace sense7 {

class StudyProgressModel;

/**
 * The study-progress window: per participant, conversations, share rated, last sync and
 * condition, read from the study server every few seconds (on a worker thread, so the studio
 * never waits for the network) and sortable by any column. A failed read keeps the last table
 * and says so. A study whose schema is older than this build's gets a bar offering to upgrade
 * it (server::upgrade), after the researcher confirms.
 */
class StudyProgressWindow : public QWidget
{
    Q_OBJECT

public:
    explicit StudyProgressWindow(StudyServerLogin login, QWidget *parent = nullptr);
    ~StudyProgressWindow() override;

    /** Reads the server now unless a read is under way. */
    void refresh();
    /** How often the window reads the server (ms); 0 stops. */
    void setInterval(int msec);
    bool isRefreshing() const { return m_thread != nullptr; }

    StudyProgressModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *statusLabel() const { return m_status; }
    /** The bar shown while the server's schema is older than this build's. */
    QFrame *upgradeBar() const { return m_upgradeBar; }
    /** The server's schema version, as last read (0 before the first read). */
    int serverSchemaVersion() const { return m_schemaVersion; }

    /** Upgrades the server's schema on a worker thread, then reads the server again. */
    void upgradeServer();

Q_SIGNALS:
    /** A read ended: \a ok, or \a message says why it failed. */
    void refreshed(bool ok, const QString &message);
    /** An upgrade ended: \a ok, or \a message says why it failed. */
    void upgraded(bool ok, const QString &message);

private:
    /** Asks before upgrading: what it does, and that it is done once for the whole study. */
    void confirmUpgrade();
    void showSchemaVersion(int version);

    StudyServerLogin m_login;
    StudyProgressModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_view;
    QLabel *m_status;
    QFrame *m_upgradeBar;
    QLabel *m_upgradeText;
    QPushButton *m_upgradeButton;
    QTimer *m_timer;
    QThread *m_thread = nullptr;
    int m_schemaVersion = 0;
    QString m_upgradeError; // why the last upgrade failed, shown until the next one
};

} // namespace sense7
