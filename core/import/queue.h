#pragma once

#include "imported.h"
#include "progress.h"

#include <QString>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <variant>
#include <vector>

namespace sense7::import {

/** What a reader hands the writer: a conversation, a rating of one already there, a warning. */
using Item = std::variant<ImportedConversation, ExternalRating, QString>;
/**
 * An item as it crosses: made on the reader's thread, and freed there (see QueueSink::m_spent);
 * moving it is moving a pointer.
 */
using ItemPtr = std::unique_ptr<Item>;

/**
 * Hands items from the reader's worker thread to the store's thread. Bounded, so a fast
 * reader cannot fill memory ahead of the writer.
 *
 * Items cross in batches: the reader gathers them alone and hands them over together, and the
 * writer takes all that wait at once. Item by item, each crossing took the lock on both sides
 * and, the writer keeping up with the reader, woke the writer for every item: a tenth of both
 * threads' time at a million conversations went to waking each other. An item crosses as a
 * pointer: a conversation moved whole, and the queue's nodes, cost the writer as much again.
 */
class QueueSink : public ImportSink
{
public:
    explicit QueueSink(const Progress &progress)
        : m_progress(progress)
    { }

    void conversation(ImportedConversation &&c) override;
    void rating(ExternalRating &&r) override { push(std::make_unique<Item>(std::move(r))); }
    void warning(const QString &message) override { push(std::make_unique<Item>(message)); }
    void progress(qint64 bytes) override { m_bytes = bytes; }
    bool cancelled() const override { return m_progress.cancelled() || m_stop; }

    /**
     * The next item, in the order the reader gave them; false when the reader is done (or
     * failed: see error()). What \a item held before, the writer's last item, is handed back to
     * the reader's thread to be freed there.
     */
    bool pop(ItemPtr &item);
    /** Called on the reader's thread at its end: hands over what it gathered, and wakes the
     * writer. */
    void finish(std::exception_ptr error);
    /** Stops the reader and unblocks it (the writer failed or was cancelled). */
    void stop();
    /**
     * Whether the reader works out the digests of conversations without ratings
     * (ImportedConversation::digest): worth it while they are mostly new to the data set; a
     * conversation without one is left to digest::refresh().
     */
    void wantDigests(bool want) { m_digests.store(want, std::memory_order_relaxed); }
    /**
     * Writer::provenanceStart() of the import, so that the reader writes the provenance of a
     * conversation that has only its record. Set before the reader starts.
     */
    void setProvenanceStart(const QByteArray &start) { m_provenanceStart = start; }
    std::exception_ptr error() const { return m_error; }
    qint64 bytes() const { return m_bytes; }

    /** Items the reader gathers before handing them over. */
    static constexpr std::size_t batch = 32;
    /**
     * The reader hands a batch over while fewer items than this wait: fewer than capacity + batch
     * wait at most. The writer takes them all, and what it is done with waits for the reader's
     * next hand-over to be freed. So up to about five times capacity items are alive in the worst
     * case; 128 to 160 were, with items of a megabyte and a slow writer (67 to 97 before items
     * crossed in batches, with a queue of 256).
     */
    static constexpr std::size_t capacity = 128;

private:
    void push(ItemPtr item);
    /** Hands the reader's batch over, waiting for room (the reader's thread). */
    void handOver(std::unique_lock<std::mutex> &lock);

    const Progress &m_progress;
    const continuity::Options m_detection; // digest::refresh()'s, read by the reader's thread
    QByteArray m_provenanceStart; // read by the reader's thread
    std::atomic<bool> m_stop {false};
    std::atomic<bool> m_digests {true};
    std::atomic<qint64> m_bytes {0};
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_space;
    std::deque<ItemPtr> m_items; // handed over, under m_mutex
    bool m_writerWaits = false; // under m_mutex
    bool m_readerWaits = false; // under m_mutex
    std::vector<ItemPtr> m_batch; // the reader's alone: gathered, not handed over yet
    std::deque<ItemPtr> m_taken; // the writer's alone: taken, not popped yet
    std::vector<ItemPtr> m_used; // the writer's alone: popped and done with
    // Items the writer is done with, freed by the reader: the memory of an item is the reader's
    // (glibc's arena of its thread), and freeing it on the writer's thread took that arena's
    // lock against the reader's own allocations, both threads waiting on each other.
    std::vector<ItemPtr> m_spent; // under m_mutex
    std::vector<ItemPtr> m_freeing; // the reader's alone
    bool m_done = false;
    std::exception_ptr m_error;
};

} // namespace sense7::import
