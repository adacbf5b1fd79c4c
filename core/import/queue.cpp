#include "queue.h"

#include "identity.h"
#include "store.h"
#include "writer.h"

#include <iterator>

namespace sense7::import {

void QueueSink::conversation(ImportedConversation &&c)
{
    // Hashed, encoded and digested here, on the reader's thread, so that the writer only writes;
    // the turns are freed here too, where they were allocated.
    if (c.conversation.contentHash.isEmpty())
        c.conversation.contentHash = contentHash(c.conversation.sourceFormat, c.turns);
    c.derivedHash = identity::anonymisedHash(c.conversation.contentHash);
    c.keys = {KeyFilter::key(c.conversation.contentHash), KeyFilter::key(c.derivedHash),
              Writer::sourceKey(c.conversation)};
    if (!m_provenanceStart.isEmpty() && !c.recordJson.isEmpty()
        && c.conversation.provenance.isEmpty())
        c.provenanceJson = Writer::withRecord(m_provenanceStart, c.recordJson);
    if (c.encoded.size() == 0)
        c.encoded = EncodedTurns::encode(c.turns);
    c.turns = {};
    if (c.ratings.isEmpty() && c.flags.isEmpty() && m_digests.load(std::memory_order_relaxed))
        c.digest = digest::unrated(c.encoded, m_detection);
    push(std::make_unique<Item>(std::move(c)));
}

bool QueueSink::pop(ItemPtr &item)
{
    if (item)
        m_used.push_back(std::move(item));
    if (m_taken.empty()) {
        std::unique_lock lock(m_mutex);
        if (m_done) // the reader frees nothing more: the writer's thread does
            m_used.clear();
        else if (m_spent.empty())
            m_spent.swap(m_used); // each keeps a vector that has grown
        else {
            std::move(m_used.begin(), m_used.end(), std::back_inserter(m_spent));
            m_used.clear();
        }
        m_writerWaits = true;
        m_ready.wait(lock, [&] { return !m_items.empty() || m_done; });
        m_writerWaits = false;
        m_taken.swap(m_items); // all that wait: the queue is empty again
        if (m_readerWaits)
            m_space.notify_one();
        if (m_taken.empty())
            return false;
    }
    item = std::move(m_taken.front());
    m_taken.pop_front();
    return true;
}

void QueueSink::finish(std::exception_ptr error)
{
    std::unique_lock lock(m_mutex);
    if (!m_batch.empty())
        handOver(lock);
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

void QueueSink::push(ItemPtr item)
{
    if (m_stop)
        return;
    m_batch.push_back(std::move(item));
    if (m_batch.size() < batch)
        return;
    m_freeing.clear(); // outside the lock
    std::unique_lock lock(m_mutex);
    m_freeing.swap(m_spent);
    handOver(lock);
}

void QueueSink::handOver(std::unique_lock<std::mutex> &lock)
{
    m_readerWaits = true;
    m_space.wait(lock,
                 [&] { return m_items.size() < capacity || m_stop || m_progress.cancelled(); });
    m_readerWaits = false;
    if (!m_stop && !m_progress.cancelled()) {
        std::move(m_batch.begin(), m_batch.end(), std::back_inserter(m_items));
        if (m_writerWaits)
            m_ready.notify_one();
    }
    m_batch.clear();
}

} // namespace sense7::import
