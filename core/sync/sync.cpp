// The sync engine: joining a study and one round of push and pull (sync.h). The local SQL is in
// store_sync.cpp, the server's in sync/syncserver.cpp.
//
// Push. Each journal (conversations, rating_event, edit_event) is pushed in id order; rating and
// edit events merge into one order (an edit event says after which rating event it came). A
// batch's bounds and first seq are recorded locally (sync_mark "batch:…") before it is sent, so a
// batch sent again after a crash holds the same changes under the same seqs, and the server's
// ON CONFLICT DO NOTHING makes it a no-op. The push marks advance after the server's COMMIT.
//
// Pull. Changes of the participant's other machines are applied through the Store (pulled.cpp) in
// one local transaction per batch with the pull mark. What that writes into the journals is not
// pushed back: the push marks move past it, or a "skip:…" range records it when local changes wait
// before it.

#include "sync/sync.h"

#include "error.h"
#include "export/redact.h"
#include "export/writer.h"
#include "live/assignment.h"
#include "store.h"
#include "sync/pulled.h"
#include "sync/syncserver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QUrl>

#include <algorithm>

namespace sense7::sync {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(sense7::sync)
};

using syncstore::Stream;

const Stream streams[] = {Stream::Conversation, Stream::RatingEvent, Stream::EditEvent};

QString pushKey(Stream s)
{
    return QStringLiteral("push:") + syncstore::streamKey(s);
}
QString batchKey(Stream s)
{
    return QStringLiteral("batch:") + syncstore::streamKey(s);
}
QString metKey(Stream s)
{
    return QStringLiteral("met:") + syncstore::streamKey(s);
}
// A live conversation grows after it was pushed: "live:ID" is the fingerprint
// (syncstore::liveFingerprints) of what was pushed of it, "batch:live:ID" of what the batch in
// flight pushes; "assignment" and "batch:assignment" alike for the participant's assignment.
const QString livePrefix = QStringLiteral("live:");
const QString batchLivePrefix = QStringLiteral("batch:live:");
const QString assignmentKey = QStringLiteral("assignment");
const QString batchAssignmentKey = QStringLiteral("batch:assignment");
const QString pushSeqKey = QStringLiteral("push:seq");
const QString batchSeqKey = QStringLiteral("batch:seq");
const QString pulledKey = QStringLiteral("pulled:server_seq");
const QString skipPrefix = QStringLiteral("skip:");

QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

/** Journal rows written by pulls: "skip:STREAM:FROM" -> upto. */
struct Skips
{
    QMap<QString, QVector<QPair<qint64, qint64>>> ranges;

    explicit Skips(const QMap<QString, qint64> &marks)
    {
        for (auto it = marks.begin(); it != marks.end(); ++it) {
            if (!it.key().startsWith(skipPrefix))
                continue;
            const QStringList parts = it.key().split(QLatin1Char(':'));
            if (parts.size() == 3)
                ranges[parts[1]].append({parts[2].toLongLong(), it.value()});
        }
    }
    bool skipped(Stream s, qint64 id) const
    {
        for (const auto &range : ranges.value(syncstore::streamKey(s)))
            if (id >= range.first && id <= range.second)
                return true;
        return false;
    }
    qint64 countBetween(const Store &store, Stream s, qint64 after, qint64 upto) const
    {
        qint64 n = 0;
        for (const auto &range : ranges.value(syncstore::streamKey(s))) {
            const qint64 from = std::max(range.first - 1, after), to = std::min(range.second, upto);
            if (to > from)
                n += syncstore::countBetween(store, s, from, to);
        }
        return n;
    }
};

QJsonValue redacted(const QJsonValue &value, const redact::Redactor &redactor)
{
    if (value.isString())
        return redactor.apply(value.toString());
    if (value.isArray()) {
        QJsonArray result;
        for (const QJsonValue v : value.toArray())
            result.append(redacted(v, redactor));
        return result;
    }
    if (value.isObject()) {
        QJsonObject result;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            result.insert(it.key(), redacted(it.value(), redactor));
        return result;
    }
    return value;
}

/** A journal entry's payload as \a sharing lets it leave: free text redacted unless Full. */
QJsonObject shareable(const syncstore::Entry &entry, Sharing sharing,
                      const redact::Redactor &redactor)
{
    if (sharing == Sharing::Full)
        return entry.payload;
    QJsonObject p = entry.payload;
    for (const char *key : {"text", "note", "context", "profile"}) {
        const QString name = QLatin1String(key);
        if (p.contains(name))
            p.insert(name, redacted(p.value(name), redactor));
    }
    return p;
}

/** A conversation as \a sharing lets it leave, with the turns' indexes. */
QJsonObject conversationPayload(const Store &store, qint64 id, const syncstore::Link &link,
                                Sharing sharing, const redact::Redactor &redactor)
{
    exporter::Anonymise anonymise;
    anonymise.enabled = sharing != Sharing::Full;
    anonymise.ratingsOnly = sharing == Sharing::Ratings;
    anonymise.participantCode = link.participant;
    QJsonObject p = exporter::conversationJson(store, id, anonymise, &redactor);
    const auto conversation = store.conversation(id);
    p.insert(QStringLiteral("conversation"), conversation->contentHash);
    for (const char *key : {"participant", "content_hash", "anonymised_hash"})
        p.remove(QLatin1String(key));
    const QVector<Turn> turns = store.turns(id);
    QJsonArray turnArray = p.value(QStringLiteral("turns")).toArray();
    for (int i = 0; i < turnArray.size() && i < turns.size(); ++i) {
        QJsonObject turn = turnArray.at(i).toObject();
        turn.insert(QStringLiteral("idx"), turns.at(i).index);
        turnArray.replace(i, turn);
    }
    p.insert(QStringLiteral("turns"), turnArray);
    p.insert(QStringLiteral("sharing"), sharingKey(sharing));
    const QJsonObject live = syncstore::liveDetails(store, id);
    for (auto it = live.begin(); it != live.end(); ++it)
        p.insert(it.key(), it.value());
    return p;
}

/**
 * Makes the server's \a assignment the participant's here (nothing when empty). Another one held
 * here is replaced, and said in \a conflicts when given.
 */
void adoptAssignment(Store &store, const syncstore::Link &link, const QJsonObject &assigned,
                     QVector<Conflict> *conflicts = nullptr)
{
    if (assigned.isEmpty())
        return;
    const qint64 print = syncstore::fingerprint(assigned);
    const QJsonObject held = syncstore::assignment(store, link.participant);
    if (syncstore::fingerprint(held) == print
        && syncstore::marks(store).value(assignmentKey) == print)
        return;
    const Assignment here = live::assignmentFromJson(held);
    const Assignment server = live::assignmentFromJson(assigned);
    if (conflicts && !held.isEmpty() && here != server) {
        Conflict conflict;
        conflict.kind = QStringLiteral("assignment");
        conflict.keptMachine = QStringLiteral("server");
        conflict.local = here.conditions.join(QStringLiteral(", "));
        conflict.remote = server.conditions.join(QStringLiteral(", "));
        conflicts->append(conflict);
    }
    store.transaction([&] {
        store.setAssignment(localParticipant(store, link), server);
        syncstore::updateMarks(store, {{assignmentKey, print}});
    });
}

const syncstore::Link requireLink(const Store &store)
{
    const auto link = syncstore::link(store);
    if (!link)
        throw Error(
            Tr::tr("%1 has not joined a study server: run sense7 join first.").arg(store.path()));
    return *link;
}

struct Batch
{
    QMap<Stream, qint64> after, upto;
    QMap<qint64, qint64> live; // live conversation id -> fingerprint pushed with this batch
    qint64 assignment = 0; // the assignment's fingerprint when the batch pushes it, else 0
    qint64 seqBase = 0;
};

/** The live conversations pushed before whose fingerprint changed since, by id. */
QVector<qint64> grownLive(const QMap<QString, qint64> &marks, const QMap<qint64, qint64> &live,
                          qint64 pushedUpto)
{
    QVector<qint64> result;
    for (auto it = live.begin(); it != live.end() && it.key() <= pushedUpto; ++it) {
        const QString key = livePrefix + QString::number(it.key());
        if (!marks.contains(key) || marks.value(key) != it.value())
            result.append(it.key());
    }
    return result;
}

/** The fingerprint of the participant's assignment when it waits to be pushed, else 0. */
qint64 waitingAssignment(const Store &store, const QMap<QString, qint64> &marks,
                         const syncstore::Link &link)
{
    const QJsonObject assignment = syncstore::assignment(store, link.participant);
    if (assignment.isEmpty())
        return 0;
    const qint64 print = syncstore::fingerprint(assignment);
    return marks.contains(assignmentKey) && marks.value(assignmentKey) == print ? 0 : print;
}

/** The batch in flight, or a new one of about \a size changes; std::nullopt when none waits. */
std::optional<Batch> prepareBatch(Store &store, int size, const syncstore::Link &link)
{
    return store.transaction([&]() -> std::optional<Batch> {
        const QMap<QString, qint64> marks = syncstore::marks(store);
        Batch batch;
        for (const Stream s : streams)
            batch.after[s] = marks.value(pushKey(s));
        if (marks.contains(batchSeqKey)) {
            for (const Stream s : streams)
                batch.upto[s] = marks.value(batchKey(s));
            for (auto it = marks.lowerBound(batchLivePrefix);
                 it != marks.end() && it.key().startsWith(batchLivePrefix); ++it)
                batch.live.insert(it.key().mid(batchLivePrefix.size()).toLongLong(), it.value());
            batch.assignment = marks.value(batchAssignmentKey);
            batch.seqBase = marks.value(batchSeqKey);
            return batch;
        }
        batch.seqBase = marks.value(pushSeqKey);
        batch.assignment = waitingAssignment(store, marks, link);
        const QMap<qint64, qint64> live = syncstore::liveFingerprints(store);
        const QVector<qint64> grown = grownLive(marks, live, batch.after[Stream::Conversation]);
        const qint64 conversationMax = syncstore::maxId(store, Stream::Conversation);
        const QVector<qint64> conversations = syncstore::conversationIds(
            store, batch.after[Stream::Conversation], conversationMax, size + 1);
        batch.upto[Stream::RatingEvent] = batch.after[Stream::RatingEvent];
        batch.upto[Stream::EditEvent] = batch.after[Stream::EditEvent];
        if (conversations.size() > size) {
            batch.upto[Stream::Conversation] = conversations.at(size - 1);
        } else if (int(conversations.size() + grown.size()) > size) {
            // The live conversations that grew go before the journal entries that refer to
            // their new turns.
            batch.upto[Stream::Conversation] = conversationMax;
            const int room = std::max(1, size - int(conversations.size()));
            for (int i = 0; i < room && i < grown.size(); ++i)
                batch.live.insert(grown.at(i), live.value(grown.at(i)));
        } else {
            // Every conversation goes first: the journal entries of this batch refer to them.
            batch.upto[Stream::Conversation] = conversationMax;
            for (const qint64 id : grown)
                batch.live.insert(id, live.value(id));
            const int room = std::max(1, size - int(conversations.size() + grown.size()));
            const auto ratings =
                syncstore::ratingEvents(store, batch.after[Stream::RatingEvent],
                                        syncstore::maxId(store, Stream::RatingEvent), room);
            const auto edits =
                syncstore::editEvents(store, batch.after[Stream::EditEvent],
                                      syncstore::maxId(store, Stream::EditEvent), room);
            int r = 0, e = 0;
            while (r + e < room && (r < ratings.size() || e < edits.size())) {
                if (e >= edits.size()
                    || (r < ratings.size() && ratings[r].id <= edits[e].afterRatingEvent))
                    batch.upto[Stream::RatingEvent] = ratings[r++].id;
                else
                    batch.upto[Stream::EditEvent] = edits[e++].id;
            }
        }
        bool any = !batch.live.isEmpty() || batch.assignment != 0;
        for (const Stream s : streams)
            any = any || batch.upto[s] > batch.after[s];
        if (!any)
            return std::nullopt;
        // The live conversations new in this batch: what is pushed of them now. (Those a pull
        // wrote got their mark from the pull.)
        const Skips skips(marks);
        for (auto it = live.lowerBound(batch.after[Stream::Conversation] + 1);
             it != live.end() && it.key() <= batch.upto[Stream::Conversation]; ++it)
            if (!skips.skipped(Stream::Conversation, it.key()))
                batch.live.insert(it.key(), it.value());
        QMap<QString, qint64> record;
        for (const Stream s : streams)
            record.insert(batchKey(s), batch.upto[s]);
        for (auto it = batch.live.begin(); it != batch.live.end(); ++it)
            record.insert(batchLivePrefix + QString::number(it.key()), it.value());
        if (batch.assignment != 0)
            record.insert(batchAssignmentKey, batch.assignment);
        record.insert(batchSeqKey, batch.seqBase);
        syncstore::updateMarks(store, record);
        return batch;
    });
}

/** The changes of \a batch, in the order and with the seqs the server gets them. */
QVector<server::Change> changesOf(const Store &store, const Batch &batch,
                                  const syncstore::Link &link, const Skips &skips)
{
    const Sharing sharing = sharingFromKey(link.sharing).value_or(Sharing::Ratings);
    const redact::Redactor redactor;
    QVector<server::Change> changes;
    qint64 seq = batch.seqBase;
    const QString at = nowIso();
    if (batch.assignment != 0) {
        const QJsonObject assignment = syncstore::assignment(store, link.participant);
        changes.append({++seq, QStringLiteral("assignment"),
                        QJsonObject {{QStringLiteral("assignment"), assignment},
                                     {QStringLiteral("source"),
                                      QJsonObject {{QStringLiteral("stream"), assignmentKey}}}},
                        at});
    }
    for (const qint64 id : syncstore::conversationIds(store, batch.after[Stream::Conversation],
                                                      batch.upto[Stream::Conversation],
                                                      std::numeric_limits<int>::max())) {
        if (skips.skipped(Stream::Conversation, id))
            continue;
        QJsonObject payload = conversationPayload(store, id, link, sharing, redactor);
        payload.insert(QStringLiteral("source"),
                       QJsonObject {{QStringLiteral("stream"), QStringLiteral("conversation")},
                                    {QStringLiteral("id"), id}});
        changes.append({++seq, QStringLiteral("conversation"), payload, at});
    }
    // Live conversations pushed before that grew since: all of each again, as it is now (at
    // least what the batch's mark says); the server adds and updates turns and sittings by key.
    for (auto it = batch.live.begin(); it != batch.live.end(); ++it) {
        if (it.key() > batch.after[Stream::Conversation] || !store.conversation(it.key()))
            continue;
        QJsonObject payload = conversationPayload(store, it.key(), link, sharing, redactor);
        payload.insert(QStringLiteral("source"),
                       QJsonObject {{QStringLiteral("stream"), QStringLiteral("live")},
                                    {QStringLiteral("id"), it.key()}});
        changes.append({++seq, QStringLiteral("conversation"), payload, at});
    }
    const int all = std::numeric_limits<int>::max();
    const auto ratings = syncstore::ratingEvents(store, batch.after[Stream::RatingEvent],
                                                 batch.upto[Stream::RatingEvent], all);
    const auto edits = syncstore::editEvents(store, batch.after[Stream::EditEvent],
                                             batch.upto[Stream::EditEvent], all);
    int r = 0, e = 0;
    while (r < ratings.size() || e < edits.size()) {
        const bool rating =
            e >= edits.size() || (r < ratings.size() && ratings[r].id <= edits[e].afterRatingEvent);
        const syncstore::Entry &entry = rating ? ratings[r++] : edits[e++];
        if (entry.kind.isEmpty() || skips.skipped(entry.stream, entry.id))
            continue;
        QJsonObject payload = shareable(entry, sharing, redactor);
        payload.insert(QStringLiteral("source"),
                       QJsonObject {{QStringLiteral("stream"), syncstore::streamKey(entry.stream)},
                                    {QStringLiteral("id"), entry.id}});
        changes.append({++seq, entry.kind, payload, entry.at});
    }
    return changes;
}

/** The marks after \a batch was acknowledged, and the skip ranges it passed. */
void acknowledge(Store &store, const Batch &batch, qint64 count, const Skips &skips)
{
    QMap<QString, qint64> set;
    QStringList remove;
    for (const Stream s : streams) {
        set.insert(pushKey(s), batch.upto[s]);
        remove << batchKey(s);
        for (const auto &range : skips.ranges.value(syncstore::streamKey(s)))
            if (range.second <= batch.upto[s])
                remove << skipPrefix + syncstore::streamKey(s) + QLatin1Char(':')
                        + QString::number(range.first);
    }
    for (auto it = batch.live.begin(); it != batch.live.end(); ++it) {
        set.insert(livePrefix + QString::number(it.key()), it.value());
        remove << batchLivePrefix + QString::number(it.key());
    }
    if (batch.assignment != 0) {
        set.insert(assignmentKey, batch.assignment);
        remove << batchAssignmentKey;
    }
    set.insert(pushSeqKey, batch.seqBase + count);
    remove << batchSeqKey;
    syncstore::updateMarks(store, set, remove);
}

/**
 * Pushes every waiting change in batches. A batch the server refuses because this machine went
 * on with a live conversation from the same turn as another did (server::Diverged) goes again
 * after this machine's continuation moved after the server's.
 */
void pushAll(Store &store, pg::Connection &db, const syncstore::Link &link, const Options &options,
             Result &result)
{
    QHash<QString, int> refused; // by conversation
    while (const auto batch = prepareBatch(store, std::max(1, options.batchSize), link)) {
        const Skips skips(syncstore::marks(store));
        const QVector<server::Change> changes = changesOf(store, *batch, link, skips);
        if (!changes.isEmpty()) {
            try {
                result.pushed += server::push(db, link.participant, link.machine, changes);
            } catch (const server::Diverged &diverged) {
                // Each refusal moves turns here, so that the next try goes further; a machine
                // that keeps going on faster than this one syncs ends it for this round.
                const QString &uid = diverged.conversation();
                if (++refused[uid] > 16)
                    throw;
                const QJsonObject state = server::liveStates(db, QJsonArray {uid}).value(uid);
                const qint64 id = store.conversationWithHash(uid);
                if (id == 0 || state.isEmpty())
                    throw;
                store.transaction([&] {
                    followServer(store, id, state);
                    // The batch in flight pushes the conversation as it is now.
                    const QString key = batchLivePrefix + QString::number(id);
                    if (syncstore::marks(store).contains(key))
                        syncstore::updateMarks(
                            store, {{key, syncstore::liveFingerprints(store).value(id)}});
                });
                continue;
            }
        }
        acknowledge(store, *batch, changes.size(), skips);
        if (options.afterBatch)
            options.afterBatch(result.pushed);
    }
}

/**
 * Pulls every change of the participant's other machines. Returns whether a live conversation's
 * continuation here moved after another machine's, and so waits to be pushed again.
 */
bool pullAll(Store &store, pg::Connection &db, const syncstore::Link &link, const Options &options,
             Result &result)
{
    QSet<qint64> moved;
    for (;;) {
        const auto pulled = server::pull(db, link.machine, syncstore::marks(store).value(pulledKey),
                                         std::max(1, options.batchSize));
        if (pulled.isEmpty())
            break;
        const bool anyConversation =
            std::any_of(pulled.begin(), pulled.end(), [](const server::Pulled &c) {
                return c.kind == QLatin1String("conversation");
            });
        store.transaction([&] {
            // Read again inside the transaction: the marks as this write finds them.
            const QMap<QString, qint64> marks = syncstore::marks(store);
            const QMap<qint64, qint64> liveBefore =
                anyConversation ? syncstore::liveFingerprints(store) : QMap<qint64, qint64>();
            QMap<QString, qint64> before;
            for (const Stream s : streams)
                before.insert(syncstore::streamKey(s), syncstore::maxId(store, s));
            // Local edits the other machines have not seen: since the last pull, before this.
            const syncstore::JournalRange unmet {
                marks.value(metKey(Stream::RatingEvent)),
                before.value(syncstore::streamKey(Stream::RatingEvent)),
                marks.value(metKey(Stream::EditEvent)),
                before.value(syncstore::streamKey(Stream::EditEvent))};
            QSet<qint64> unpushedLive;
            for (auto it = liveBefore.begin(); it != liveBefore.end(); ++it) {
                const QString key = livePrefix + QString::number(it.key());
                if (!marks.contains(key) || marks.value(key) != it.value())
                    unpushedLive.insert(it.key());
            }
            for (const server::Pulled &change : pulled)
                if (applyPulled(store, link, change, unmet, unpushedLive, moved, result.conflicts))
                    ++result.pulled;
            QMap<QString, qint64> set;
            set.insert(pulledKey, std::max(pulled.last().serverSeq, marks.value(pulledKey)));
            for (const Stream s : streams) {
                const qint64 was = before.value(syncstore::streamKey(s));
                const qint64 now = syncstore::maxId(store, s);
                if (now == was)
                    continue;
                if (marks.value(pushKey(s)) == was)
                    set.insert(pushKey(s), now);
                else
                    set.insert(skipPrefix + syncstore::streamKey(s) + QLatin1Char(':')
                                   + QString::number(was + 1),
                               now);
            }
            // Live conversations the pull brought or continued are pushed already, unless
            // they held local changes not pushed yet, or their turns here moved after the
            // server's, or a copy here only became live: then what they are now goes again.
            if (anyConversation) {
                const QMap<qint64, qint64> liveAfter = syncstore::liveFingerprints(store);
                for (auto it = liveAfter.begin(); it != liveAfter.end(); ++it) {
                    const QString key = livePrefix + QString::number(it.key());
                    const auto was = liveBefore.constFind(it.key());
                    if (moved.contains(it.key()))
                        continue;
                    if (was == liveBefore.constEnd()
                        || (*was != it.value() && marks.contains(key) && marks.value(key) == *was))
                        set.insert(key, it.value());
                }
            }
            set.insert(metKey(Stream::RatingEvent), syncstore::maxId(store, Stream::RatingEvent));
            set.insert(metKey(Stream::EditEvent), syncstore::maxId(store, Stream::EditEvent));
            syncstore::updateMarks(store, set);
        });
    }
    return !moved.isEmpty();
}

} // namespace

QString sharingKey(Sharing sharing)
{
    switch (sharing) {
    case Sharing::Full:
        return QStringLiteral("full");
    case Sharing::Redacted:
        return QStringLiteral("redacted");
    case Sharing::Ratings:
        return QStringLiteral("ratings");
    }
    Q_UNREACHABLE();
}

std::optional<Sharing> sharingFromKey(const QString &key)
{
    for (const Sharing s : {Sharing::Full, Sharing::Redacted, Sharing::Ratings})
        if (sharingKey(s) == key)
            return s;
    return std::nullopt;
}

QString urlWithoutPassword(const QString &url)
{
    QUrl parsed(url);
    if (!parsed.isValid() || parsed.scheme().isEmpty())
        return url;
    parsed.setPassword({});
    return parsed.toString();
}

QString passwordOfUrl(const QString &url)
{
    const QUrl parsed(url);
    return parsed.isValid() ? parsed.password() : QString();
}

QString newMachineId()
{
    return QString::number(QRandomGenerator::system()->generate64(), 16)
        .rightJustified(16, QLatin1Char('0'));
}

Study inspect(const QString &url, const QString &password)
{
    const auto db = server::connect(url, password);
    Study study;
    study.url = urlWithoutPassword(url);
    study.participant = server::participantCode(*db);
    study.protocol =
        protocol::parse(server::protocolDefinition(*db), Tr::tr("the study server's protocol"));
    study.assignment = server::assignment(*db);
    return study;
}

QString Preview::describe() const
{
    QStringList lines;
    lines << Tr::tr("%n conversation(s) with %1 turns and %2 ratings will be sent to the study "
                    "server, and every change you make from now on.",
                    nullptr, int(conversations))
                 .arg(turns)
                 .arg(ratings);
    switch (sharing) {
    case Sharing::Full:
        lines << Tr::tr("Sharing: full text of every message.");
        break;
    case Sharing::Redacted:
        lines << Tr::tr("Sharing: message text with e-mail addresses, phone numbers, web "
                        "addresses and IP addresses removed.");
        break;
    case Sharing::Ratings:
        lines << Tr::tr("Sharing: ratings, flags, notes and forms only; no message text.");
        break;
    }
    if (!sample.isEmpty())
        lines << Tr::tr("The first message as it will be sent: %1").arg(sample);
    for (const QString &difference : protocolDifferences)
        lines << Tr::tr("The data set takes the study's protocol: %1").arg(difference);
    if (!consent.isEmpty())
        lines << QString() << consent;
    return lines.join(QLatin1Char('\n'));
}

Preview preview(const Store &store, const Study &study, Sharing sharing)
{
    Preview result;
    result.sharing = sharing;
    const DataSetInfo info = store.info();
    result.conversations = info.conversations;
    result.turns = info.turns;
    result.ratings = info.ratings + info.conversationRatings;
    result.consent = study.protocol.displayConsent();
    const auto summaries = store.conversationSummaries();
    if (!summaries.isEmpty()) {
        syncstore::Link link;
        link.participant = study.participant;
        const QJsonObject p =
            conversationPayload(store, summaries.first().id, link, sharing, redact::Redactor());
        const QJsonArray turns = p.value(QStringLiteral("turns")).toArray();
        if (!turns.isEmpty())
            result.sample = turns.first().toObject().value(QStringLiteral("text")).toString();
    }
    const Protocol ours = store.protocol();
    if (ours.fingerprint() != study.protocol.fingerprint())
        result.protocolDifferences = protocol::compare(study.protocol, ours).differences.isEmpty()
            ? QStringList {Tr::tr("%1 instead of %2.")
                               .arg(study.protocol.displayName(), ours.displayName())}
            : protocol::compare(study.protocol, ours).differences;
    return result;
}

syncstore::Link join(Store &store, const Study &study, Sharing sharing)
{
    if (!study.protocol.sharing)
        throw Error(Tr::tr("The study's protocol does not allow sharing data."));
    const auto existing = syncstore::link(store);
    if (existing && existing->url != study.url)
        throw Error(Tr::tr("%1 has joined the study server %2 already; a data set syncs with one "
                           "study server.")
                        .arg(store.path(), existing->url));
    if (syncstore::holdsData(store)) {
        // Only the instruments the data set has matter: the data was rated with those.
        const auto compatibility = protocol::compare(study.protocol, store.protocol());
        if (!compatibility.compatible())
            throw Error(Tr::tr("%1 holds data under a protocol that the study's (%2) cannot take, "
                               "so it cannot join: %3")
                            .arg(store.path(), study.protocol.displayName(),
                                 compatibility.differences.join(QLatin1Char(' '))));
    }
    syncstore::Link link;
    link.url = study.url;
    link.participant = study.participant;
    link.machine = existing ? existing->machine : newMachineId();
    link.sharing = sharingKey(sharing);
    link.consentAt = nowIso();
    link.joinedAt = existing ? existing->joinedAt : link.consentAt;
    link.lastSyncAt = existing ? existing->lastSyncAt : QString();
    store.transaction([&] {
        syncstore::adoptProtocol(store, study.protocol);
        syncstore::setLink(store, link);
        if (!existing) {
            QMap<QString, qint64> marks;
            marks.insert(metKey(Stream::RatingEvent), syncstore::maxId(store, Stream::RatingEvent));
            marks.insert(metKey(Stream::EditEvent), syncstore::maxId(store, Stream::EditEvent));
            syncstore::updateMarks(store, marks);
        }
        adoptAssignment(store, link, study.assignment);
    });
    return link;
}

QString Conflict::describe() const
{
    if (kind == QLatin1String("assignment"))
        return Tr::tr("The participant's assignment on this machine (%1) differs from the study "
                      "server's (%2): took the server's, which every machine of the participant "
                      "follows.")
            .arg(local, remote);
    QString what = kind;
    if (!dimension.isEmpty())
        what += QLatin1Char(' ') + dimension;
    if (turn >= 0)
        return Tr::tr("%1 of turn %2 of conversation %3 was changed on two machines; kept the "
                      "later edit (%4, machine %5).")
            .arg(what, QString::number(turn), conversation.left(12), std::max(localAt, remoteAt),
                 keptMachine);
    return Tr::tr("%1 of conversation %2 was changed on two machines; kept the later edit (%3, "
                  "machine %4).")
        .arg(what, conversation.left(12), std::max(localAt, remoteAt), keptMachine);
}

QJsonObject Result::toJson() const
{
    QJsonArray list;
    for (const Conflict &c : conflicts)
        list.append(QJsonObject {{QStringLiteral("kind"), c.kind},
                                 {QStringLiteral("conversation"), c.conversation},
                                 {QStringLiteral("turn"), c.turn},
                                 {QStringLiteral("dimension"), c.dimension},
                                 {QStringLiteral("kept_machine"), c.keptMachine},
                                 {QStringLiteral("local_at"), c.localAt},
                                 {QStringLiteral("remote_at"), c.remoteAt},
                                 {QStringLiteral("message"), c.describe()}});
    QJsonObject json {{QStringLiteral("pushed"), pushed},   {QStringLiteral("pulled"), pulled},
                      {QStringLiteral("conflicts"), list},  {QStringLiteral("waiting"), waiting},
                      {QStringLiteral("offline"), offline}, {QStringLiteral("ok"), ok()}};
    if (!error.isEmpty())
        json.insert(QStringLiteral("error"), error);
    if (!at.isEmpty())
        json.insert(QStringLiteral("at"), at);
    return json;
}

qint64 waitingChanges(const Store &store)
{
    const QMap<QString, qint64> marks = syncstore::marks(store);
    const Skips skips(marks);
    qint64 waiting = grownLive(marks, syncstore::liveFingerprints(store),
                               marks.value(pushKey(Stream::Conversation)))
                         .size();
    if (const auto link = syncstore::link(store); link && waitingAssignment(store, marks, *link))
        ++waiting;
    for (const Stream s : streams) {
        const qint64 after = marks.value(pushKey(s)), upto = syncstore::maxId(store, s);
        waiting += syncstore::countBetween(store, s, after, upto)
            - skips.countBetween(store, s, after, upto);
    }
    return waiting;
}

Result run(Store &store, const QString &password, const Options &options)
{
    const syncstore::Link link = requireLink(store);
    Result result;
    std::unique_ptr<pg::Connection> db;
    try {
        db = server::connect(link.url, password);
        // A pull that moved this machine's continuation of a live conversation after another
        // machine's leaves it to push at its new places: a second round does.
        bool again = true;
        for (int round = 0; again && round < 2; ++round) {
            pushAll(store, *db, link, options, result);
            if (options.beforePull)
                options.beforePull();
            again = pullAll(store, *db, link, options, result);
        }
        // The participant's assignment as the server holds it (the first one pushed): every
        // machine of the participant takes it.
        adoptAssignment(store, link, server::assignment(*db), &result.conflicts);
        result.at = nowIso();
        syncstore::setLastSync(store, result.at);
    } catch (const pg::ConnectError &e) {
        // A refused password is not being offline: waiting will not help.
        result.offline = e.kind() == pg::ConnectError::Kind::Unreachable;
        result.error = e.message();
    } catch (const Error &e) {
        // A connection lost mid-round is being offline too; anything else is a real error.
        result.offline = db && server::isBroken(*db);
        result.error = e.message();
    }
    result.waiting = waitingChanges(store);
    return result;
}

} // namespace sense7::sync
