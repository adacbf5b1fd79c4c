#include "queue.h"

#include "identity.h"
#include "store.h"

namespace sense7::import {

void QueueSink::conversation(ImportedConversation &&c)
{
    // Hashed, encoded and digested here, on the reader's thread, so that the writer only writes;
    // the turns are freed here too, where they were allocated.
    if (c.conversation.contentHash.isEmpty())
        c.conversation.contentHash = contentHash(c.conversation.sourceFormat, c.turns);
    c.derivedHash = identity::anonymisedHash(c.conversation.contentHash);
    if (c.encoded.size() == 0)
        c.encoded = EncodedTurns::encode(c.turns);
    c.turns = {};
    if (c.ratings.isEmpty() && c.flags.isEmpty() && m_digests.load(std::memory_order_relaxed))
        c.digest = digest::unrated(c.encoded, m_detection);
    push(Item(std::move(c)));
}

bool QueueSink::pop(Item &item)
{
    std::unique_lock lock(m_mutex);
    if (!m_done) // else the reader frees nothing more: the writer's thread does
        m_spent.push_back(std::move(item));
    m_ready.wait(lock, [&] { return !m_items.empty() || m_done; });
    if (m_items.empty())
        return false;
    item = std::move(m_items.front());
    m_items.pop_front();
    // Wake a waiting reader only once the queue is half empty: one wake-up per batch.
    if (m_items.size() == capacity / 2)
        m_space.notify_one();
    return true;
}

void QueueSink::finish(std::exception_ptr error)
{
    std::lock_guard lock(m_mutex);
    m_error = error;
    m_done = true;
    m_ready.notify_all();
}

void QueueSink::stop()
{
    std::lock_guard lock(m_mutex);
    m_stop = true;
    m_items.clear();
    m_space.notify_all();
}

void QueueSink::push(Item &&item)
{
    m_freeing.clear(); // outside the lock
    std::unique_lock lock(m_mutex);
    m_freeing.swap(m_spent);
    if (m_items.size() >= capacity)
        m_space.wait(lock, [&] {
            return m_items.size() <= capacity / 2 || m_stop || m_progress.cancelled();
        });
    if (m_stop || m_progress.cancelled())
        return;
    m_items.push_back(std::move(item));
    if (m_items.size() == 1) // the writer waits only on an empty queue
        m_ready.notify_one();
}

} // namespace sense7::import
