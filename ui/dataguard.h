#pragma once

#include "integrity.h"

#include <QObject>
#include <QPointer>

#include <atomic>
#include <memory>

class QLabel;
class QThread;
class QToolBar;

namespace sense7 {

class MainWindow;
class Store;

/**
 * Keeps the studio's data set safe from damage: checks it before it is opened for writing (on
 * a thread of its own, with progress, so a large file does not freeze the window), shows a
 * banner that says what to do when it is damaged, makes verified backups in the background (on
 * opening when the newest is more than six hours old, every six hours while it stays open, and
 * on closing when something was saved since the last one), and runs File ▸ Restore backup….
 */
class DataSetGuard : public QObject
{
    Q_OBJECT

public:
    /** Hours between backups. */
    static constexpr int backupHours = 6;

    explicit DataSetGuard(MainWindow *window);
    ~DataSetGuard() override;

    /**
     * Store::open for the studio: the damage check runs on another thread while a progress
     * dialog shows (after half a second); a damaged file opens read-only. Throws Error.
     */
    std::unique_ptr<Store> open(const QString &path);
    /** Called once \a store is the window's data set: the banner, or a backup when one is due. */
    void opened(Store *store);
    /**
     * The window is closing: when something was saved since the last backup began, one is
     * made now, with progress and a way to skip it.
     */
    void closing();
    /** File ▸ Restore backup…: choose a verified backup, then replace the data set with it. */
    void restoreInteractively();

    /** The banner shown over a damaged data set (hidden otherwise); for tests. */
    QToolBar *banner() const { return m_banner; }
    /** Starts a backup now on another thread unless one is running; false if not started. */
    bool startBackup();
    /** Waits for a running backup; true when one ran and was kept. */
    bool waitForBackup();

Q_SIGNALS:
    /** A backup finished: \a kept with its path, or not, with the reason in \a message. */
    void backupFinished(bool kept, const QString &message);

private:
    void showBanner(const QString &message);
    void backupDone();
    void stopBackup();

    MainWindow *m_window;
    QToolBar *m_banner;
    QLabel *m_bannerText;
    QString m_path; // the data set being looked after
    QThread *m_backupThread = nullptr;
    std::shared_ptr<std::atomic_bool> m_stop;
    struct Outcome
    {
        bool kept = false;
        QString message;
    };
    std::shared_ptr<Outcome> m_outcome;
    bool m_lastKept = false;
    bool m_changed = false; // saved since the last backup began
};

} // namespace sense7
