// The sync engine: joining a study and one round of push and pull (sync.h). The local SQL is in
// store_sync.cpp, the server's in sync/syncserver.cpp.
//
// Push. Each journal (conversations, rating_event, edit_event) is pushed in id order; rating and
// edit events merge into one order (an edit event says after which rating event it came). A
// batch's bounds and first seq are recorded locally (sync_mark "batch:…") before it is sent, so a
// batch sent again after a crash holds the same changes under the same seqs, and the server's
// ON CONFLICT DO NOTHING makes it a no-op. The push marks advance after the server's COMMIT.
//
// Pull. Changes of the participant's other machines are applied through the Store in one local
// transaction per batch with the pull mark. What that writes into the journals is not pushed
// back: the push marks move past it, or a "skip:…" range records it when local changes wait
// before it.

#include "sync/sync.h"

#include "error.h"
#include "export/redact.h"
#include "export/writer.h"
#include "store.h"
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
    qint64 seqBase = 0;
};

/** The batch in flight, or a new one of about \a size changes; std::nullopt when none waits. */
std::optional<Batch> prepareBatch(Store &store, int size)
{
    return store.transaction([&]() -> std::optional<Batch> {
        const QMap<QString, qint64> marks = syncstore::marks(store);
        Batch batch;
        for (const Stream s : streams)
            batch.after[s] = marks.value(pushKey(s));
        if (marks.contains(batchSeqKey)) {
            for (const Stream s : streams)
                batch.upto[s] = marks.value(batchKey(s));
            batch.seqBase = marks.value(batchSeqKey);
            return batch;
        }
        batch.seqBase = marks.value(pushSeqKey);
        const qint64 conversationMax = syncstore::maxId(store, Stream::Conversation);
        const QVector<qint64> conversations = syncstore::conversationIds(
            store, batch.after[Stream::Conversation], conversationMax, size + 1);
        batch.upto[Stream::RatingEvent] = batch.after[Stream::RatingEvent];
        batch.upto[Stream::EditEvent] = batch.after[Stream::EditEvent];
        if (conversations.size() > size) {
            batch.upto[Stream::Conversation] = conversations.at(size - 1);
        } else {
            // Every conversation goes first: the journal entries of this batch refer to them.
            batch.upto[Stream::Conversation] = conversationMax;
            const int room = std::max(1, size - int(conversations.size()));
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
        bool any = false;
        for (const Stream s : streams)
            any = any || batch.upto[s] > batch.after[s];
        if (!any)
            return std::nullopt;
        QMap<QString, qint64> record;
        for (const Stream s : streams)
            record.insert(batchKey(s), batch.upto[s]);
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
    set.insert(pushSeqKey, batch.seqBase + count);
    remove << batchSeqKey;
    syncstore::updateMarks(store, set, remove);
}

qint64 localParticipant(Store &store, const syncstore::Link &link)
{
    if (const qint64 id = store.participantId(link.participant))
        return id;
    const QVector<Participant> participants = store.participants();
    if (participants.size() == 1)
        return participants.first().id;
    return store.addParticipant(link.participant);
}

qint64 addPulledConversation(Store &store, const syncstore::Link &link, const QJsonObject &p)
{
    Conversation conversation;
    conversation.participantId = localParticipant(store, link);
    conversation.sourceFormat = p.value(QStringLiteral("source_format")).toString();
    conversation.sourceId = p.value(QStringLiteral("source_id")).toString();
    conversation.agent = p.value(QStringLiteral("agent")).toString();
    conversation.title = p.value(QStringLiteral("title")).toString();
    conversation.startedAt =
        QDateTime::fromString(p.value(QStringLiteral("started_at")).toString(), Qt::ISODateWithMs);
    conversation.context = p.value(QStringLiteral("context")).toObject();
    conversation.contentHash = p.value(QStringLiteral("conversation")).toString();
    conversation.provenance = p.value(QStringLiteral("provenance")).toObject();
    QVector<Turn> turns;
    for (const QJsonValue value : p.value(QStringLiteral("turns")).toArray()) {
        const QJsonObject t = value.toObject();
        Turn turn;
        turn.index = t.value(QStringLiteral("idx")).toInt(int(turns.size()));
        turn.role = roleFromKey(t.value(QStringLiteral("role")).toString()).value_or(Role::User);
        turn.text = t.value(QStringLiteral("text")).toString();
        turn.createdAt = QDateTime::fromString(t.value(QStringLiteral("created_at")).toString(),
                                               Qt::ISODateWithMs);
        turn.meta = t.value(QStringLiteral("meta")).toObject();
        turns.append(turn);
    }
    const qint64 id = store.addConversation(conversation, turns);
    // What it arrived with on the other machine.
    for (const QJsonValue value : p.value(QStringLiteral("flags")).toArray()) {
        const QJsonObject f = value.toObject();
        const auto kind =
            annotatorKindFromKey(f.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(f.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        QJsonObject flag;
        if (!f.value(QStringLiteral("reason")).toString().isEmpty())
            flag.insert(QStringLiteral("reason"), f.value(QStringLiteral("reason")));
        if (f.value(QStringLiteral("refers_to")).isDouble())
            flag.insert(QStringLiteral("refers_to"),
                        store.turnId(id, f.value(QStringLiteral("refers_to")).toInt()));
        if (!f.value(QStringLiteral("note")).toString().isEmpty())
            flag.insert(QStringLiteral("note"), f.value(QStringLiteral("note")));
        store.apply({Edit::Kind::Flag,
                     store.turnId(id, f.value(QStringLiteral("turn")).toInt()),
                     0,
                     annotator,
                     {},
                     flag},
                    Origin::Data);
    }
    for (const QJsonValue value : p.value(QStringLiteral("ratings")).toArray()) {
        const QJsonObject r = value.toObject();
        if (!r.value(QStringLiteral("turn")).isNull())
            continue; // turn ratings come as their own changes
        const auto dimension = store.findDimension(r.value(QStringLiteral("dimension")).toString());
        if (!dimension)
            continue;
        const auto kind =
            annotatorKindFromKey(r.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(r.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        store.apply({Edit::Kind::ConversationRating,
                     id,
                     dimension->id,
                     annotator,
                     {},
                     r.value(QStringLiteral("value")).isDouble() ? r.value(QStringLiteral("value"))
                                                                 : QJsonValue(QJsonValue::Null)},
                    Origin::Data);
    }
    for (const QJsonValue value : p.value(QStringLiteral("notes")).toArray()) {
        const QJsonObject n = value.toObject();
        const auto kind =
            annotatorKindFromKey(n.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(n.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        store.apply({Edit::Kind::Note,
                     store.turnId(id, n.value(QStringLiteral("turn")).toInt()),
                     0,
                     annotator,
                     {},
                     n.value(QStringLiteral("text"))},
                    Origin::Data);
    }
    return id;
}

/** The local edit a pulled change makes; subjectId 0 when what it refers to is not here. */
Edit editOf(Store &store, const syncstore::Link &link, const server::Pulled &c)
{
    const QJsonObject &p = c.payload;
    Edit edit;
    edit.kind = editKindFromKey(c.kind).value_or(Edit::Kind::Rating);
    const qint64 conversation = c.kind == QLatin1String("profile")
        ? 0
        : store.conversationWithHash(p.value(QStringLiteral("conversation")).toString());
    const auto annotator = [&] {
        const auto kind =
            annotatorKindFromKey(p.value(QStringLiteral("annotator_kind")).toString());
        return store.annotatorId(p.value(QStringLiteral("annotator")).toString(),
                                 kind.value_or(AnnotatorKind::Self));
    };
    const auto dimension = [&]() -> qint64 {
        const auto found =
            store.findDimension(p.value(QStringLiteral("instrument")).toString() + QLatin1Char('/')
                                + p.value(QStringLiteral("dimension")).toString());
        return found ? found->id : 0;
    };
    const auto rating = [&]() -> QJsonValue {
        if (!p.value(QStringLiteral("present")).toBool())
            return QJsonValue::Undefined;
        return p.value(QStringLiteral("value")).isDouble() ? p.value(QStringLiteral("value"))
                                                           : QJsonValue(QJsonValue::Null);
    };
    const int turn = p.value(QStringLiteral("turn")).toInt();
    switch (edit.kind) {
    case Edit::Kind::Rating:
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.dimensionId = dimension();
        edit.annotatorId = annotator();
        edit.after = rating();
        if (!edit.dimensionId)
            edit.subjectId = 0;
        break;
    case Edit::Kind::ConversationRating:
        edit.subjectId = conversation;
        edit.dimensionId = dimension();
        edit.annotatorId = annotator();
        edit.after = rating();
        if (!edit.dimensionId)
            edit.subjectId = 0;
        break;
    case Edit::Kind::Flag: {
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.annotatorId = annotator();
        if (p.value(QStringLiteral("present")).toBool()) {
            QJsonObject flag;
            if (!p.value(QStringLiteral("reason")).toString().isEmpty())
                flag.insert(QStringLiteral("reason"), p.value(QStringLiteral("reason")));
            if (p.value(QStringLiteral("refers_to")).isDouble() && conversation)
                flag.insert(
                    QStringLiteral("refers_to"),
                    store.turnId(conversation, p.value(QStringLiteral("refers_to")).toInt()));
            if (!p.value(QStringLiteral("note")).toString().isEmpty())
                flag.insert(QStringLiteral("note"), p.value(QStringLiteral("note")));
            edit.after = flag;
        }
        break;
    }
    case Edit::Kind::Note:
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.annotatorId = annotator();
        if (!p.value(QStringLiteral("text")).toString().isEmpty())
            edit.after = p.value(QStringLiteral("text"));
        break;
    case Edit::Kind::Context:
        edit.subjectId = conversation;
        edit.after = p.value(QStringLiteral("context")).toObject();
        break;
    case Edit::Kind::Profile:
        edit.subjectId = localParticipant(store, link);
        edit.after = p.value(QStringLiteral("profile")).toObject();
        break;
    }
    return edit;
}

/** Applies one pulled change; returns whether it changed anything here. */
bool applyPulled(Store &store, const syncstore::Link &link, const server::Pulled &c,
                 const syncstore::JournalRange &unmet, QVector<Conflict> &conflicts)
{
    if (c.kind == QLatin1String("conversation")) {
        if (store.conversationWithHash(c.payload.value(QStringLiteral("conversation")).toString()))
            return false;
        addPulledConversation(store, link, c.payload);
        return true;
    }
    Edit edit = editOf(store, link, c);
    if (!edit.subjectId)
        return false; // refers to what this data set does not hold
    const bool lostOnServer = !c.winnerAt.isEmpty()
        && (c.winnerAt > c.at
            || (c.winnerAt == c.at && !c.winnerMachine.isEmpty() && c.winnerMachine != c.machine));
    const auto localAt = syncstore::editedIn(store, edit, unmet);
    if (localAt) {
        Conflict conflict;
        conflict.kind = c.kind;
        conflict.conversation = c.payload.value(QStringLiteral("conversation")).toString();
        if (c.payload.contains(QStringLiteral("turn")))
            conflict.turn = c.payload.value(QStringLiteral("turn")).toInt();
        if (c.payload.contains(QStringLiteral("dimension")))
            conflict.dimension = c.payload.value(QStringLiteral("instrument")).toString()
                + QLatin1Char('/') + c.payload.value(QStringLiteral("dimension")).toString();
        conflict.localAt = *localAt;
        conflict.remoteAt = c.at;
        const bool localLater = *localAt > c.at || lostOnServer;
        conflict.keptMachine = localLater ? link.machine : c.machine;
        conflicts.append(conflict);
        if (localLater) {
            // Journal both: the other machine's edit, then this one's again on top.
            const QJsonValue mine = store.currentValue(edit);
            if (mine == edit.after)
                return false;
            store.apply(edit, Origin::Data);
            Edit back = edit;
            back.after = mine;
            if (!(mine.isUndefined()
                  && (edit.kind == Edit::Kind::Context || edit.kind == Edit::Kind::Profile)))
                store.apply(back, Origin::Data);
            return true;
        }
    } else if (lostOnServer) {
        return false; // a later edit of the same thing is on the server: it comes in its turn
    }
    if (store.currentValue(edit) == edit.after)
        return false;
    store.apply(edit, Origin::Data);
    return true;
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
    });
    return link;
}

QString Conflict::describe() const
{
    QString what = kind;
    if (!dimension.isEmpty())
        what += QLatin1Char(' ') + dimension;
    if (turn >= 0)
        return Tr::tr("%1 of turn %2 of conversation %3 was changed on two machines; kept the "
                      "later edit (%4, machine %5).")
            .arg(what)
            .arg(turn)
            .arg(conversation.left(12), std::max(localAt, remoteAt), keptMachine);
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
    qint64 waiting = 0;
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
        // Push.
        while (const auto batch = prepareBatch(store, std::max(1, options.batchSize))) {
            const Skips skips(syncstore::marks(store));
            const QVector<server::Change> changes = changesOf(store, *batch, link, skips);
            if (!changes.isEmpty())
                result.pushed += server::push(*db, link.participant, link.machine, changes);
            acknowledge(store, *batch, changes.size(), skips);
            if (options.afterBatch)
                options.afterBatch(result.pushed);
        }
        // Pull.
        for (;;) {
            const QMap<QString, qint64> marks = syncstore::marks(store);
            const auto pulled = server::pull(*db, link.machine, marks.value(pulledKey),
                                             std::max(1, options.batchSize));
            if (pulled.isEmpty())
                break;
            store.transaction([&] {
                QMap<QString, qint64> before;
                for (const Stream s : streams)
                    before.insert(syncstore::streamKey(s), syncstore::maxId(store, s));
                // Local edits the other machines have not seen: since the last pull, before this.
                const syncstore::JournalRange unmet {
                    marks.value(metKey(Stream::RatingEvent)),
                    before.value(syncstore::streamKey(Stream::RatingEvent)),
                    marks.value(metKey(Stream::EditEvent)),
                    before.value(syncstore::streamKey(Stream::EditEvent))};
                for (const server::Pulled &change : pulled)
                    if (applyPulled(store, link, change, unmet, result.conflicts))
                        ++result.pulled;
                QMap<QString, qint64> set;
                set.insert(pulledKey, pulled.last().serverSeq);
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
                set.insert(metKey(Stream::RatingEvent),
                           syncstore::maxId(store, Stream::RatingEvent));
                set.insert(metKey(Stream::EditEvent), syncstore::maxId(store, Stream::EditEvent));
                syncstore::updateMarks(store, set);
            });
        }
        result.at = nowIso();
        syncstore::setLastSync(store, result.at);
    } catch (const pg::ConnectError &e) {
        result.offline = true;
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
