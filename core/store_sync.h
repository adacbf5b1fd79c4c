#pragma once

// What the sync engine (sync/sync.h) reads from and writes to a data set: the study server it
// joined, how far each journal has been pushed and pulled (sync_mark), and the journal entries
// and conversations after those marks with their keys resolved. The SQL lives in store_sync.cpp.

#include "edit.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QVector>

#include <optional>

namespace sense7 {
class Store;
struct Protocol;
} // namespace sense7

namespace sense7::syncstore {

/** The row of sync_server: the study server a data set joined. */
struct Link
{
    QString url; // without the password
    QString participant; // the code on the server
    QString machine; // this copy's random id
    QString sharing; // full, redacted or ratings
    QString consentAt;
    QString joinedAt;
    QString lastSyncAt;
};

std::optional<Link> link(const Store &store);
/** Records \a link as the data set's server (replacing one recorded before). */
void setLink(Store &store, const Link &link);
void setLastSync(Store &store, const QString &at);

/** The journals a push reads, each by increasing id. */
enum class Stream { Conversation, RatingEvent, EditEvent };
QString streamKey(Stream stream);

/** All of sync_mark. */
QMap<QString, qint64> marks(const Store &store);
/** Writes \a set and removes \a remove in one transaction. */
void updateMarks(Store &store, const QMap<QString, qint64> &set, const QStringList &remove = {});

/** The highest id of \a stream now; 0 when empty. */
qint64 maxId(const Store &store, Stream stream);
/** How many rows of \a stream have an id in (after, upto]. */
qint64 countBetween(const Store &store, Stream stream, qint64 after, qint64 upto);

/** One journal entry, keys instead of ids, as a change carries it. */
struct Entry
{
    Stream stream = Stream::RatingEvent;
    qint64 id = 0;
    qint64 afterRatingEvent = 0; // edit events: where they fall among rating events
    QString kind; // rating, conversation_rating, flag, note, context, profile
    QJsonObject payload;
    QString at;
};

/** Rating events with an id in (after, upto], at most \a limit, by id. */
QVector<Entry> ratingEvents(const Store &store, qint64 after, qint64 upto, int limit);
/** Edit events with an id in (after, upto], at most \a limit, by id. */
QVector<Entry> editEvents(const Store &store, qint64 after, qint64 upto, int limit);
/** Conversation ids in (after, upto], at most \a limit, by id. */
QVector<qint64> conversationIds(const Store &store, qint64 after, qint64 upto, int limit);
/** The number of turns of each of \a ids. */
qint64 turnCount(const Store &store, const QVector<qint64> &ids);

/**
 * What a live conversation (data set format 8) adds: {"condition": key or null, "sessions":
 * [{"started_at", "ended_at", "first_turn_idx", "own"}]}, "own" true for a sitting begun here.
 */
QJsonObject liveDetails(const Store &store, qint64 conversationId);

/**
 * A fingerprint of each live conversation (condition set) by id: of its condition, sittings and
 * turns (role, text, time and meta). It changes whenever a turn is added or changed (a reply
 * streams, is interrupted) or a sitting begins or ends: what a sync pushes again.
 */
QMap<qint64, qint64> liveFingerprints(const Store &store);

/**
 * The assignment of the participant \a code (of the only participant when none has that code)
 * as the data set stores it ({"position", "conditions"}); empty when none.
 */
QJsonObject assignment(const Store &store, const QString &code);
/** A fingerprint of \a json (its compact form, keys sorted). */
qint64 fingerprint(const QJsonObject &json);

/** Whether the data set holds any conversation or rating. */
bool holdsData(const Store &store);
/** Makes \a protocol the data set's: its instruments installed and it recorded. */
void adoptProtocol(Store &store, const Protocol &protocol);

/** A range of both journals: rating events in (ratingsAfter, ratingsUpto], edit events alike. */
struct JournalRange
{
    qint64 ratingsAfter = 0, ratingsUpto = 0;
    qint64 editsAfter = 0, editsUpto = 0;
};

/**
 * When the cell \a edit names (its kind, subject, dimension and annotator) was last changed by a
 * journal entry in \a range; std::nullopt when it was not.
 */
std::optional<QString> editedIn(const Store &store, const Edit &edit, const JournalRange &range);

} // namespace sense7::syncstore
