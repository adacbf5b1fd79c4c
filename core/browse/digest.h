#pragma once

#include "continuity/detection.h"
#include "progress.h"
#include "types.h"

#include <QByteArray>

#include <chrono>
#include <functional>
#include <memory>

namespace sense7 {
class Store;
struct EncodedTurns;
} // namespace sense7

/**
 * Per-conversation digests (schema v5): the self ratings of each assistant turn packed one byte a
 * turn per dimension, their means, and the flagged and detected continuity breaks. The browser
 * sorts and filters on them and the aggregate charts read them instead of every rating, which
 * keeps both fast at millions of ratings. A digest's rated_cells counts what the protocol asks to
 * be rated (Store::requiredTurnCells()), and its breaks' "rated_cells" says which cells those were:
 * when the instruments change, refresh() counts again and the list counts without it meanwhile.
 * Triggers mark a conversation's digest stale whenever its ratings or flags change; refresh()
 * rebuilds the stale ones and extends the full-text index.
 */
namespace sense7::digest {

/** Byte codes in a packed rating row besides the rating itself. */
constexpr qint8 missing = -128;
constexpr qint8 notApplicable = -127;

/** Packs ratings into a row: one byte per assistant turn, unset as missing. */
QByteArray pack(const QVector<Rating> &values);

/**
 * What the preparation for browsing brings up to date: the digests, which the browser's columns,
 * filters and charts read, and the full-text index, which only its text search reads (turns not
 * in it yet are searched by reading their text, slower).
 */
enum class Part { Digests, SearchIndex, Both };

/** Conversations whose digest is out of date, and turns not yet in the full-text index. */
qint64 pendingWork(const Store &store, Part part = Part::Both);

/** How long refresh() lets a transaction run before it commits and reports its progress. */
inline constexpr std::chrono::milliseconds preparationCommit {500};

/**
 * Rebuilds stale digests and indexes new turn text (\a part of it), in batches of about a tenth of
 * a second, several to a transaction committed every \a commitEvery (at least a batch). A
 * read-only data set is left as it is. \a progress hears of the work done after each commit,
 * never within a transaction, so what its listener writes meanwhile (a rating given while a
 * progress dialog shows) is committed at once; a cancel stops the refresh there. Returns the
 * conversations refreshed. Throws Error.
 */
qint64 refresh(Store &store, const Progress &progress = {}, const continuity::Options &options = {},
               std::chrono::milliseconds commitEvery = preparationCommit, Part part = Part::Both);

/**
 * How indexForSearch() shares the data set with a studio in use: transactions of about this long
 * (shorter when the studio writes)…
 */
inline constexpr std::chrono::milliseconds backgroundCommit {200};
/** …and a pause after each, in which another program's write may take the data set. */
inline constexpr std::chrono::milliseconds backgroundPause {25};

/** What indexForSearch() did. */
struct Indexed
{
    qint64 turns = 0; // indexed, and committed
    bool busy = false; // stopped because another program held the data set too long
};

/** How long indexForSearch() waits for a data set that another connection holds. */
inline constexpr int busyWaitMilliseconds = 5000;

/**
 * Extends the full-text index as refresh() does, on a connection of its own beside others that
 * read and write the data set (the browser indexes on a thread while the studio is used). Each
 * transaction lasts about \a commitEvery, and ends sooner when another connection of this process
 * waits to write (sql::Connection::writersWaiting()); after it, that writer goes first, then
 * \a pause passes. The data set stays in WAL mode, which lets the others read on. \a progress
 * hears of the turns indexed after each transaction; a cancel stops the work there, also while
 * it waits for the data set, with what was indexed committed. Throws Error, except when stopped
 * or kept waiting (Indexed::busy).
 */
Indexed indexForSearch(Store &store, const Progress &progress,
                       std::chrono::milliseconds commitEvery, std::chrono::milliseconds pause);

/**
 * The digest of a conversation no one has rated or flagged yet, worked out from its turns as they
 * are to be stored: what refresh() would write for it. An import works it out on its reading
 * thread and writes it with the conversation (UnratedWriter), so that its conversations need no
 * preparation but the search index's.
 */
struct Unrated
{
    int turns = 0;
    int assistantTurns = 0;
    int detectedTurns = 0; // assistant turns a rule fired on
    QByteArray detected; // the members of the breaks' "detected" list: [0,"repair_cue"],...
};
Unrated unrated(const EncodedTurns &turns, const continuity::Options &options = {});

/** Writes the Unrated digests of conversations just added, in the caller's transaction. */
class UnratedWriter
{
public:
    explicit UnratedWriter(Store &store);
    ~UnratedWriter();
    UnratedWriter(const UnratedWriter &) = delete;
    UnratedWriter &operator=(const UnratedWriter &) = delete;
    /** Throws Error. */
    void write(qint64 conversationId, const Unrated &digest);

private:
    struct Statements;
    std::unique_ptr<Statements> m_statements;
};

/** The turns of a conversation as detection needs them, with the mean of \a annotatorId's ratings.
 */
QVector<continuity::TurnInput> detectionInput(const Store &store, qint64 conversationId,
                                              qint64 annotatorId);

} // namespace sense7::digest
