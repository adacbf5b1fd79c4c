#include "searchindexer.h"

#include "browse/digest.h"
#include "error.h"
#include "store.h"

#include <QThread>

namespace sense7 {

/** What the thread and the window share: the stop, and how it ended. */
struct SearchIndexer::Shared
{
    Progress progress;
    Outcome outcome = Outcome::Stopped;
    QString error;
};

SearchIndexer::SearchIndexer(QObject *parent)
    : QObject(parent)
{ }

SearchIndexer::~SearchIndexer()
{
    disconnect(this, nullptr, nullptr, nullptr); // whoever listened may be half destroyed
    stop();
}

void SearchIndexer::start(Store *store)
{
    stop();
    if (!store || store->isReadOnly())
        return;
    m_store = store;
    m_store->holdOutsideChanges();
    auto shared = std::make_shared<Shared>();
    m_shared = shared;
    const QString path = store->path();
    std::weak_ptr<Shared> run = shared;
    shared->progress.setCallback([this, run](qint64 done, qint64 total) {
        // From the thread, which stop() waits for: posted to this object, dropped with it, and
        // with the run, so that a report posted just before a stop does not show it again.
        QMetaObject::invokeMethod(
            this,
            [this, run, done, total] {
                if (!run.expired() && run.lock() == m_shared)
                    Q_EMIT progressed(done, total);
            },
            Qt::QueuedConnection);
    });
    m_thread = QThread::create([shared, path] {
        try {
            auto own = Store::open(path, Store::Access::ReadWrite, Store::Check::Never);
            const digest::Indexed indexed = digest::indexForSearch(
                *own, shared->progress, digest::backgroundCommit, digest::backgroundPause);
            if (shared->progress.cancelled())
                shared->outcome = Outcome::Stopped;
            else if (indexed.busy)
                shared->outcome = Outcome::Busy;
            else
                shared->outcome = digest::pendingWork(*own, digest::Part::SearchIndex) == 0
                    ? Outcome::Complete
                    : Outcome::Stopped;
        } catch (const Error &e) {
            shared->outcome = Outcome::Failed;
            shared->error = e.message();
        }
    });
    connect(m_thread, &QThread::finished, this, [this, shared] {
        if (shared != m_shared)
            return; // stopped, and already reported
        m_thread->deleteLater();
        m_thread = nullptr;
        release();
        Q_EMIT finished(shared->outcome, shared->error);
    });
    m_thread->start(QThread::LowPriority);
}

void SearchIndexer::stop()
{
    if (!m_thread)
        return;
    m_shared->progress.cancel();
    m_thread->disconnect(this);
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    const auto shared = std::exchange(m_shared, nullptr);
    release();
    Q_EMIT finished(shared->outcome, shared->error);
}

void SearchIndexer::release()
{
    if (m_store)
        std::exchange(m_store, nullptr)->releaseOutsideChanges();
}

} // namespace sense7
