#pragma once

#include <QObject>

#include <memory>

class QThread;

namespace sense7 {

class Store;

/**
 * Builds the full-text index of a data set's turn text on a thread of its own, on a connection of
 * its own (digest::indexForSearch), while the studio and the browser are used: the browser opens
 * without waiting for it, and its search reads the turns not indexed yet meanwhile. Its short
 * transactions leave the data set to the studio's writes between them. Stopped, it leaves the rest
 * for the next time, with what it indexed committed.
 */
class SearchIndexer : public QObject
{
    Q_OBJECT

public:
    explicit SearchIndexer(QObject *parent = nullptr);
    /** Stops and waits for the thread. */
    ~SearchIndexer() override;

    /**
     * Indexes \a store's file, holding \a store's outside changes (Store::holdOutsideChanges())
     * until it finishes: its commits are not another program's. \a store must outlive it, or
     * stop() be called first. A read-only store is left as it is.
     */
    void start(Store *store);
    /** Asks the thread to stop and waits for it: at most one transaction. */
    void stop();
    bool isRunning() const { return m_thread != nullptr; }

    /** How a run ended. */
    enum class Outcome {
        Complete, // every turn is indexed
        Stopped, // stop() asked for it
        Busy, // another program held the data set too long
        Failed, // an error, said in the message
    };
    Q_ENUM(Outcome)

Q_SIGNALS:
    /** After each transaction: turns indexed of those there were to index. */
    void progressed(qint64 done, qint64 total);
    /** \a error says why it failed (Outcome::Failed). */
    void finished(sense7::SearchIndexer::Outcome outcome, const QString &error);

private:
    void release();

    struct Shared;
    QThread *m_thread = nullptr;
    Store *m_store = nullptr; // whose outside changes are held while the thread runs
    std::shared_ptr<Shared> m_shared;
};

} // namespace sense7
