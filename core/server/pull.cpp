// The researcher's pull: a study server's state tables into a local data set, through the store.

#include "pull.h"

#include "error.h"
#include "import/importer.h"
#include "live/assignment.h"
#include "protocol.h"
#include "pullserver.h"
#include "store.h"
#include "store_sync.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>

#include <map>

namespace sense7::server {
namespace {

using pulled::Row;

// The researcher's pull in sync_mark: the server's change sequence number it read up to, and the
// oldest transaction still running when it read (its snapshot's xmin, 32 bits as xmin shows).
const QString markStream = QStringLiteral("study_pull");
const QString markXminStream = QStringLiteral("study_pull_xmin");

// Timestamps as ISO 8601 in UTC with milliseconds, as the local data set keeps them.
#define S7_TIME(column)                                                                            \
    "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"

QString text(const Row &row, int i)
{
    return row.value(i).value_or(QString());
}
bool isNull(const Row &row, int i)
{
    return !row.value(i).has_value();
}
QJsonObject object(const Row &row, int i)
{
    return QJsonDocument::fromJson(text(row, i).toUtf8()).object();
}
QDateTime time(const Row &row, int i)
{
    return isNull(row, i) ? QDateTime() : QDateTime::fromString(text(row, i), Qt::ISODateWithMs);
}

struct PulledRating
{
    int turn = -1; // -1: conversation level
    QString dimension; // "instrument/key"
    QString annotator;
    QJsonValue value; // undefined: cleared, null: not applicable
};
struct PulledFlag
{
    int turn = 0;
    QString annotator;
    bool present = false;
    QString reason, note;
    std::optional<int> refersTo;
};
struct PulledNote
{
    int turn = 0;
    QString annotator;
    QString text;
};
struct PulledConversation
{
    QString participant;
    Conversation conversation;
    QVector<Turn> turns;
    QVector<PulledRating> ratings;
    QVector<PulledFlag> flags;
    QVector<PulledNote> notes;
    QVector<LiveSession> sessions; // of a live conversation (conversation.condition set)
};
struct PulledParticipant
{
    QString pseudonym;
    QJsonObject profile;
    QJsonObject assignment; // {"position", "conditions"}; empty when none
};

/** The rows of one batch of participants, by (participant, conversation uid). */
struct Batch
{
    std::map<std::pair<QString, QString>, PulledConversation> conversations;
    QVector<std::pair<QString, QString>> order; // as the server listed them
};

QByteArray inList(pulled::Snapshot &server, const QStringList &codes)
{
    QByteArray list;
    for (const QString &code : codes)
        list += (list.isEmpty() ? "" : ",") + server.literal(code);
    return "participant_code IN (" + list + ")";
}

Batch readBatch(pulled::Snapshot &server, const QStringList &codes)
{
    Batch batch;
    const QByteArray in = inList(server, codes);
    server.copy("SELECT participant_code, uid, source_format, source_id, agent, title, " S7_TIME(
                    "started_at") ", context::text, provenance::text, condition "
                                  "FROM sense7.conversation WHERE "
                    + in + " ORDER BY participant_code, started_at, uid",
                [&](const Row &r) {
                    const std::pair key {text(r, 0), text(r, 1)};
                    PulledConversation &c = batch.conversations[key];
                    c.participant = key.first;
                    c.conversation.contentHash = key.second;
                    c.conversation.sourceFormat = text(r, 2);
                    c.conversation.sourceId = text(r, 3);
                    c.conversation.agent = text(r, 4);
                    c.conversation.title = text(r, 5);
                    c.conversation.startedAt = time(r, 6);
                    c.conversation.context = object(r, 7);
                    c.conversation.provenance = object(r, 8);
                    c.conversation.condition = text(r, 9);
                    batch.order.append(key);
                });
    const auto find = [&](const Row &r) -> PulledConversation * {
        const auto it = batch.conversations.find({text(r, 0), text(r, 1)});
        return it == batch.conversations.end() ? nullptr : &it->second;
    };
    server.copy("SELECT participant_code, conversation_uid, idx, role, text, " S7_TIME(
                    "created_at") ", meta::text FROM sense7.turn WHERE "
                    + in + " ORDER BY participant_code, conversation_uid, idx",
                [&](const Row &r) {
                    if (PulledConversation *c = find(r)) {
                        Turn t;
                        t.index = text(r, 2).toInt();
                        t.role = roleFromKey(text(r, 3)).value_or(Role::User);
                        t.text = text(r, 4);
                        t.createdAt = time(r, 5);
                        t.meta = object(r, 6);
                        c->turns.append(std::move(t));
                    }
                });
    server.copy(
        "SELECT participant_code, conversation_uid, " S7_TIME("started_at") ", " S7_TIME(
            "ended_at") ", first_turn_idx FROM sense7.session WHERE "
            + in + " ORDER BY participant_code, conversation_uid, first_turn_idx, started_at",
        [&](const Row &r) {
            if (PulledConversation *c = find(r))
                c->sessions.append(LiveSession {0, 0, time(r, 2), time(r, 3), text(r, 4).toInt()});
        });
    const auto value = [](const Row &r, int present, int v) -> QJsonValue {
        if (text(r, present) != QLatin1String("t"))
            return QJsonValue::Undefined;
        return isNull(r, v) ? QJsonValue(QJsonValue::Null) : QJsonValue(text(r, v).toInt());
    };
    server.copy("SELECT participant_code, conversation_uid, turn_idx, instrument, dimension, "
                "annotator, present, value FROM sense7.rating WHERE "
                    + in,
                [&](const Row &r) {
                    if (PulledConversation *c = find(r))
                        c->ratings.append({text(r, 2).toInt(), text(r, 3) + u'/' + text(r, 4),
                                           text(r, 5), value(r, 6, 7)});
                });
    server.copy(
        "SELECT participant_code, conversation_uid, instrument, dimension, annotator, "
        "present, value FROM sense7.conversation_rating WHERE "
            + in,
        [&](const Row &r) {
            if (PulledConversation *c = find(r))
                c->ratings.append({-1, text(r, 2) + u'/' + text(r, 3), text(r, 4), value(r, 5, 6)});
        });
    server.copy("SELECT participant_code, conversation_uid, turn_idx, annotator, present, reason, "
                "refers_to_idx, note FROM sense7.flag WHERE kind = 'continuity_break' AND "
                    + in,
                [&](const Row &r) {
                    if (PulledConversation *c = find(r)) {
                        PulledFlag f;
                        f.turn = text(r, 2).toInt();
                        f.annotator = text(r, 3);
                        f.present = text(r, 4) == QLatin1String("t");
                        f.reason = text(r, 5);
                        if (!isNull(r, 6))
                            f.refersTo = text(r, 6).toInt();
                        f.note = text(r, 7);
                        c->flags.append(std::move(f));
                    }
                });
    server.copy("SELECT participant_code, conversation_uid, turn_idx, annotator, text "
                "FROM sense7.note WHERE "
                    + in,
                [&](const Row &r) {
                    if (PulledConversation *c = find(r))
                        c->notes.append({text(r, 2).toInt(), text(r, 3), text(r, 4)});
                });
    return batch;
}

/** Writes pulled rows through the store's ordinary, journaled writes. */
class Writer
{
public:
    Writer(Store &store, PullSummary &summary)
        : m_store(store)
        , m_summary(summary)
    { }

    qint64 participant(const QString &code, const PulledParticipant &p)
    {
        if (const auto it = m_participants.constFind(code); it != m_participants.constEnd())
            return *it;
        qint64 id = m_store.participantId(code);
        if (id == 0) {
            id = m_store.addParticipant(code, p.profile, p.pseudonym);
            ++m_summary.participantsAdded;
            if (!p.profile.isEmpty())
                ++m_summary.profiles;
        } else if (!p.profile.isEmpty()) {
            const Edit edit {Edit::Kind::Profile, id, 0, self(), QJsonValue::Undefined, p.profile};
            if (m_store.currentValue(edit) != QJsonValue(p.profile)) {
                m_store.apply(edit, Origin::Data);
                ++m_summary.profiles;
            }
        }
        if (!p.assignment.isEmpty()) {
            const Assignment assignment = live::assignmentFromJson(p.assignment);
            // The server's is the study's record; one held here that differs is said to go.
            if (const auto held = m_store.assignment(id); held != assignment) {
                if (held && !held->conditions.isEmpty())
                    m_summary.warnings
                        << Puller::tr("%1's assignment here (%2) was replaced by the "
                                      "study server's (%3).")
                               .arg(code, held->conditions.join(QStringLiteral(", ")),
                                    assignment.conditions.join(QStringLiteral(", ")));
                m_store.setAssignment(id, assignment);
            }
        }
        m_participants.insert(code, id);
        return id;
    }

    void write(PulledConversation &c, qint64 participantId)
    {
        qint64 id = m_store.conversationWithHash(c.conversation.contentHash);
        const bool added = id == 0;
        if (added) {
            c.conversation.participantId = participantId;
            QVector<Turn> turns = c.turns;
            id = m_store.addConversation(c.conversation, turns);
            ++m_summary.conversations;
            if (!c.conversation.context.isEmpty())
                ++m_summary.contexts;
            m_summary.turns += turns.size();
        } else {
            const auto existing = m_store.conversation(id);
            if (!existing || existing->participantId != participantId) {
                m_summary.warnings << Puller::tr("Conversation %1 of participant %2 is already in "
                                                 "the data set as another participant's; left out.")
                                          .arg(c.conversation.contentHash, c.participant);
                return;
            }
            if (!c.conversation.context.isEmpty() && existing->context != c.conversation.context) {
                m_store.apply({Edit::Kind::Context, id, 0, self(), QJsonValue::Undefined,
                               c.conversation.context},
                              Origin::Data);
                ++m_summary.contexts;
            }
        }
        // A live conversation: its condition and sittings, and the turns it grew by since.
        if (!c.conversation.condition.isEmpty()) {
            const qsizetype before = added ? c.turns.size() : m_store.turns(id).size();
            if (m_store.mergeLiveConversation(id, c.conversation.condition, c.sessions, c.turns,
                                              true)
                    > 0
                && !added) {
                ++m_summary.continued;
                m_summary.turns += m_store.turns(id).size() - before;
            }
        }
        QHash<int, qint64> turnIds;
        for (const Turn &t : m_store.turns(id))
            turnIds.insert(t.index, t.id);
        const auto turn = [&](int index) -> qint64 {
            const qint64 turnId = turnIds.value(index);
            if (turnId == 0)
                throw Error(
                    Puller::tr("Conversation %1 of participant %2 has no turn %3.")
                        .arg(c.conversation.contentHash, c.participant, QString::number(index)));
            return turnId;
        };
        for (const PulledRating &r : std::as_const(c.ratings)) {
            const std::optional<Dimension> d = dimension(r.dimension);
            if (!d) {
                m_summary.warnings << Puller::tr("Ratings on %1, which the protocol does not have, "
                                                 "were left out.")
                                          .arg(r.dimension);
                continue;
            }
            const bool onTurn = r.turn >= 0;
            const Edit edit {onTurn ? Edit::Kind::Rating : Edit::Kind::ConversationRating,
                             onTurn ? turn(r.turn) : id,
                             d->id,
                             annotator(r.annotator),
                             QJsonValue::Undefined,
                             r.value};
            if (!applyChanged(edit, added))
                continue;
            ++(onTurn ? m_summary.ratings : m_summary.conversationRatings);
        }
        for (const PulledFlag &f : std::as_const(c.flags)) {
            QJsonValue after = QJsonValue::Undefined;
            if (f.present) {
                TurnFlag flag;
                flag.reason = f.reason;
                flag.note = f.note;
                if (f.refersTo && turnIds.contains(*f.refersTo))
                    flag.refersToTurnId = turnIds.value(*f.refersTo);
                after = flagToJson(flag);
            }
            if (applyChanged({Edit::Kind::Flag, turn(f.turn), 0, annotator(f.annotator),
                              QJsonValue::Undefined, after},
                             added))
                ++m_summary.flags;
        }
        for (const PulledNote &n : std::as_const(c.notes)) {
            const QJsonValue after = n.text.isEmpty() ? QJsonValue::Undefined : QJsonValue(n.text);
            if (applyChanged({Edit::Kind::Note, turn(n.turn), 0, annotator(n.annotator),
                              QJsonValue::Undefined, after},
                             added))
                ++m_summary.notes;
        }
    }

private:
    /** Applies \a edit unless the data set holds its value already; true when it wrote. */
    bool applyChanged(const Edit &edit, bool fresh)
    {
        if (fresh ? edit.after.isUndefined() : m_store.currentValue(edit) == edit.after)
            return false;
        m_store.apply(edit, Origin::Data);
        return true;
    }

    qint64 self()
    {
        if (m_self == 0)
            m_self = annotator(QStringLiteral("self"));
        return m_self;
    }

    qint64 annotator(const QString &code)
    {
        if (const auto it = m_annotators.constFind(code); it != m_annotators.constEnd())
            return *it;
        if (m_known.isEmpty()) {
            for (const Annotator &a : m_store.annotators())
                m_known.insert(a.code, a.kind);
        }
        const AnnotatorKind kind = m_known.value(
            code, code == QLatin1String("self") ? AnnotatorKind::Self : AnnotatorKind::Observer);
        const qint64 id = m_store.annotatorId(code, kind);
        m_annotators.insert(code, id);
        return id;
    }

    std::optional<Dimension> dimension(const QString &key)
    {
        if (const auto it = m_dimensions.constFind(key); it != m_dimensions.constEnd())
            return *it;
        std::optional<Dimension> d = m_store.findDimension(key);
        m_dimensions.insert(key, d);
        return d;
    }

    Store &m_store;
    PullSummary &m_summary;
    qint64 m_self = 0;
    QHash<QString, qint64> m_participants;
    QHash<QString, qint64> m_annotators;
    QHash<QString, AnnotatorKind> m_known;
    QHash<QString, std::optional<Dimension>> m_dimensions;
};

QString number(qint64 n)
{
    return QLocale::c().toString(n);
}

} // namespace

QString PullSummary::text() const
{
    QString line = Puller::tr("%1: %2 conversations (%3 turns), %4 ratings, %5 conversation "
                              "ratings, %6 flags, %7 notes, %8 context and %9 profile answers")
                       .arg(path, number(conversations), number(turns), number(ratings),
                            number(conversationRatings), number(flags), number(notes),
                            number(contexts), number(profiles));
    if (continued > 0)
        line += Puller::tr("; %1 live conversations continued").arg(number(continued));
    line += Puller::tr(" from %n participant(s)", nullptr, participantsRead);
    line +=
        incremental ? Puller::tr(" (changes since the last pull)") : Puller::tr(" (everything)");
    line += Puller::tr("; up to change %1.").arg(upto);
    if (created)
        line += u' ' + Puller::tr("The data set was created under the server's protocol.");
    for (const QString &code : withdrawn)
        line += u'\n'
            + Puller::tr("Participant %1 withdrew from the study: their rows were removed.")
                  .arg(code);
    for (const QString &warning : warnings)
        line += u'\n' + warning;
    return line;
}

QJsonObject PullSummary::toJson() const
{
    return {{QStringLiteral("path"), path},
            {QStringLiteral("created"), created},
            {QStringLiteral("incremental"), incremental},
            {QStringLiteral("upto"), double(upto)},
            {QStringLiteral("participants_read"), participantsRead},
            {QStringLiteral("participants_added"), participantsAdded},
            {QStringLiteral("withdrawn"), QJsonArray::fromStringList(withdrawn)},
            {QStringLiteral("conversations"), double(conversations)},
            {QStringLiteral("turns"), double(turns)},
            {QStringLiteral("continued"), double(continued)},
            {QStringLiteral("ratings"), double(ratings)},
            {QStringLiteral("conversation_ratings"), double(conversationRatings)},
            {QStringLiteral("flags"), double(flags)},
            {QStringLiteral("notes"), double(notes)},
            {QStringLiteral("contexts"), double(contexts)},
            {QStringLiteral("profiles"), double(profiles)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)}};
}

Puller::Puller(QString url, QString password)
    : m_url(std::move(url))
    , m_password(std::move(password))
{ }

PullSummary Puller::pull(const QString &path)
{
    const auto log = [&](const QString &line) {
        if (m_log)
            m_log(line);
    };
    pulled::Snapshot server(m_url, m_password);
    log(tr("Connected to %1.").arg(server.where()));

    // The study's protocol: the local data set is made under it, or must be compatible with it.
    QByteArray definition;
    server.copy("SELECT definition FROM sense7.protocol",
                [&](const Row &r) { definition = text(r, 0).toUtf8(); });
    if (definition.isEmpty())
        throw Error(tr("%1 holds no study (run sense7 server init first).").arg(server.where()));
    const Protocol protocol =
        protocol::parse(definition, tr("the protocol of %1").arg(server.where()));

    PullSummary summary;
    summary.path = path;
    std::unique_ptr<Store> store;
    if (!QFileInfo::exists(path)) {
        store = Store::create(path, protocol);
        summary.created = true;
    } else {
        store = Store::open(path);
        if (store->isReadOnly())
            throw Error(tr("%1 cannot be written.").arg(path));
        const protocol::Compatibility fit = protocol::compare(store->protocol(), protocol);
        if (!fit.compatible())
            throw Error(tr("%1 was made under a protocol the study's is not compatible with: %2 "
                           "Pull into a new data set.")
                            .arg(path, fit.differences.join(u' ')));
    }

    try {
        read(server, *store, summary);
    } catch (...) {
        if (summary.created) { // a first pull that did not finish leaves no data set behind
            store.reset();
            for (const char *suffix : {"", "-wal", "-shm", "-journal"})
                QFile::remove(path + QLatin1String(suffix));
        }
        throw;
    }
    return summary;
}

void Puller::read(pulled::Snapshot &server, Store &storeRef, PullSummary &summary)
{
    Store *store = &storeRef;
    const QString &path = summary.path;
    const auto log = [&](const QString &line) {
        if (m_log)
            m_log(line);
    };
    // Where the server's change log stands now, and which participants changed since last time.
    const QMap<QString, qint64> marks = syncstore::marks(*store);
    const qint64 mark = marks.value(markStream);
    const bool pulledBefore = marks.contains(markStream);
    const qint64 markedXmin = marks.value(markXminStream);
    qint64 upto = 0, xmin = 0;
    server.copy("SELECT coalesce(max(server_seq), 0), "
                "pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296 "
                "FROM sense7.change",
                [&](const Row &r) {
                    upto = text(r, 0).toLongLong();
                    xmin = text(r, 1).toLongLong();
                });
    summary.upto = upto;
    summary.incremental = pulledBefore;

    QHash<QString, PulledParticipant> participants;
    QSet<QString> withdrawn;
    QHash<QString, qint64> conversationCounts;
    server.copy("SELECT p.code, p.pseudonym, p.profile::text, p.withdrawn_at IS NOT NULL "
                "OR EXISTS (SELECT 1 FROM sense7.withdrawal w WHERE w.code = p.code), "
                "(SELECT count(*) FROM sense7.conversation c WHERE c.participant_code = p.code), "
                "p.assignment::text FROM sense7.participant p ORDER BY p.code",
                [&](const Row &r) {
                    if (text(r, 3) == QLatin1String("t")) {
                        withdrawn.insert(text(r, 0));
                        return;
                    }
                    participants.insert(text(r, 0), {text(r, 1), object(r, 2), object(r, 5)});
                    conversationCounts.insert(text(r, 0), text(r, 4).toLongLong());
                });
    server.copy("SELECT code FROM sense7.withdrawal",
                [&](const Row &r) { withdrawn.insert(text(r, 0)); });

    QStringList codes; // whose rows to read
    if (!summary.incremental) {
        codes = participants.keys();
    } else {
        // A push that was still running when the last pull read may have taken a server_seq
        // below that pull's mark and committed after it: changes written by transactions that
        // snapshot did not see (xmin at or above its xmin) are read again too; the writes below
        // skip what the data set already holds.
        QSet<QString> changed;
        server.copy("SELECT DISTINCT participant_code FROM sense7.change WHERE server_seq > "
                        + QByteArray::number(mark)
                        + " OR xmin::text::bigint >= " + QByteArray::number(markedXmin),
                    [&](const Row &r) { changed.insert(text(r, 0)); });
        for (auto it = participants.constBegin(); it != participants.constEnd(); ++it) {
            if (changed.contains(it.key()) || store->participantId(it.key()) == 0)
                codes << it.key();
        }
    }
    codes.sort();
    summary.participantsRead = int(codes.size());
    qint64 total = 0;
    for (const QString &code : std::as_const(codes))
        total += conversationCounts.value(code);
    log(tr("Reading %1 conversations of %n participant(s)…", nullptr, int(codes.size()))
            .arg(number(total)));

    Store::BulkWrite bulk(*store);
    Writer writer(*store, summary);
    qint64 done = 0;
    store->transaction([&] {
        for (const QString &code : std::as_const(withdrawn)) {
            if (const qint64 id = store->participantId(code)) {
                store->removeParticipant(id);
                summary.withdrawn << code;
            }
        }
        summary.withdrawn.sort();
        // Batches of participants of a few thousand conversations: memory stays bounded.
        for (qsizetype first = 0; first < codes.size();) {
            QStringList group;
            qint64 size = 0;
            while (first < codes.size() && (group.isEmpty() || size < 2000)) {
                size += conversationCounts.value(codes.at(first));
                group << codes.at(first++);
            }
            for (const QString &code : std::as_const(group))
                writer.participant(code, participants.value(code));
            Batch batch = readBatch(server, group);
            for (const auto &key : std::as_const(batch.order)) {
                PulledConversation &c = batch.conversations[key];
                writer.write(c,
                             writer.participant(c.participant, participants.value(c.participant)));
                if (++done % 200 == 0 && !m_progress.report(done, total))
                    throw import::Cancelled(
                        tr("The pull was cancelled; %1 is as it was.").arg(path));
            }
            if (!m_progress.report(done, total))
                throw import::Cancelled(tr("The pull was cancelled; %1 is as it was.").arg(path));
        }
        syncstore::updateMarks(*store, {{markStream, upto}, {markXminStream, xmin}});
    });
}

} // namespace sense7::server
