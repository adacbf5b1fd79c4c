#pragma once

#include "sync/sync.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QLabel;
class QThread;
class QTimer;

namespace sense7 {

class Store;

/**
 * The studio's side of the study server: syncs the open data set in the background when it has
 * joined one (on a thread of its own, with its own connection to the data set, so rating never
 * waits), a little after each change and every minute, and says how it went in the status bar:
 * "Synced 12:03" or "Offline — 14 changes waiting". The password lives in the system keychain
 * (or SENSE7_SERVER_PASSWORD), never in the data set.
 */
class StudySync : public QObject
{
    Q_OBJECT

public:
    explicit StudySync(QObject *parent = nullptr);
    ~StudySync() override;

    /** The status bar's label; hidden while the data set has not joined a study server. */
    QLabel *label() const { return m_label; }

    /** Follows \a store (nullptr: none open): syncs it when it has joined a study server. */
    void setStore(Store *store);

    /**
     * Joins \a study with the open data set (sync::join), keeps \a password in the system
     * keychain and starts syncing. For File ▸ Join study…, after its preview and consent. Throws
     * Error, changing nothing, when the data set cannot join.
     */
    syncstore::Link join(const sync::Study &study, sync::Sharing sharing, const QString &password);

    /** Starts a round now (or right after the one running). */
    void syncNow();
    bool isSyncing() const { return !m_thread.isNull(); }
    /** The last round's result; default-constructed before the first. */
    const sync::Result &lastResult() const { return m_last; }

    /** The keychain entry of a study server's login. */
    static QString keychainKey(const QString &url);

Q_SIGNALS:
    /** A round ended (in the GUI thread). */
    void finished(const sync::Result &result);

private:
    void readPassword();
    void roundDone(const sync::Result &result);
    void showWaiting();
    void soon();

    Store *m_store = nullptr;
    QString m_path;
    QString m_url;
    QString m_password;
    QLabel *m_label;
    QTimer *m_every;
    QTimer *m_soon;
    QPointer<QThread> m_thread;
    bool m_again = false;
    sync::Result m_last;
    QList<QMetaObject::Connection> m_storeConnections;
};

} // namespace sense7
