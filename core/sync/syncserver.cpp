// The study server's side of a sync: every PostgreSQL statement the sync engine runs.

#include "sync/syncserver.h"

#include "error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <libpq-fe.h>

namespace sense7::sync::server {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(sense7::sync)
};

QByteArray json(const QJsonValue &value)
{
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    return QByteArrayLiteral("null");
}

pg::Param text(const QJsonObject &payload, const char *key)
{
    const QJsonValue value = payload.value(QLatin1String(key));
    if (value.isNull() || value.isUndefined())
        return nullptr;
    return value.toString();
}

/** A time: NULL when empty. */
pg::Param time(const QJsonObject &payload, const char *key)
{
    const QString value = payload.value(QLatin1String(key)).toString();
    if (value.isEmpty())
        return nullptr;
    return value;
}

pg::Param number(const QJsonObject &payload, const char *key)
{
    const QJsonValue value = payload.value(QLatin1String(key));
    if (!value.isDouble())
        return nullptr;
    return qint64(value.toDouble());
}

// Times the server gives back in the form the journals write them.
#define SENSE7_ISO(x) "to_char((" x ") AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"

// The later edit wins; of two at the same moment, the larger machine id, so that every copy
// settles on the same value. A machine's own changes arrive in the order it made them, so its
// next change of the same thing always replaces its last (two edits in one millisecond).
#define SENSE7_LATER(table)                                                                        \
    " WHERE excluded.machine = " table ".machine OR excluded.updated_at > " table                  \
    ".updated_at OR (excluded.updated_at = " table ".updated_at AND excluded.machine > " table     \
    ".machine)"

void applyConversation(pg::Connection &db, const QString &participant, const QString &machine,
                       const QJsonObject &p)
{
    const QString uid = p.value(QStringLiteral("conversation")).toString();
    // A condition, once set, stays (as schema 2's trigger keeps it from earlier clients): a copy
    // of the conversation that is not live does not make it one.
    const pg::Result upserted =
        db.exec("INSERT INTO sense7.conversation(participant_code, uid, source_format, source_id, "
                "agent, title, started_at, context, provenance, sharing, condition) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11) "
                "ON CONFLICT (participant_code, uid) DO UPDATE SET source_format = "
                "excluded.source_format, source_id = excluded.source_id, agent = excluded.agent, "
                "title = excluded.title, started_at = excluded.started_at, provenance = "
                "excluded.provenance, sharing = excluded.sharing, condition = "
                "coalesce(nullif(excluded.condition, ''), sense7.conversation.condition), "
                "context = CASE WHEN "
                "sense7.conversation.context_updated_at IS NULL THEN excluded.context ELSE "
                "sense7.conversation.context END RETURNING coalesce(condition, '')",
                {participant, uid, text(p, "source_format"), text(p, "source_id"), text(p, "agent"),
                 text(p, "title"), time(p, "started_at"), json(p.value(QStringLiteral("context"))),
                 json(p.value(QStringLiteral("provenance")).isObject()
                          ? p.value(QStringLiteral("provenance"))
                          : QJsonObject()),
                 text(p, "sharing"), text(p, "condition")});
    // Sittings: the pushing machine's own ("own" true, or not said by an earlier version) as it
    // has them, though never open again once ended; another machine's only where the server
    // has none yet (a bundle brought it), or to say an end the server lacks, since that
    // machine's word on it counts otherwise.
    const QByteArray sittings =
        json(p.value(QStringLiteral("sessions")).isArray() ? p.value(QStringLiteral("sessions"))
                                                           : QJsonArray());
    db.exec("INSERT INTO sense7.session(participant_code, conversation_uid, started_at, "
            "ended_at, first_turn_idx) SELECT $1, $2, s.started_at, s.ended_at, s.first_turn_idx "
            "FROM jsonb_to_recordset($3::jsonb) AS s(started_at timestamptz, ended_at "
            "timestamptz, first_turn_idx int, own boolean) WHERE s.own IS NOT FALSE "
            "ON CONFLICT (participant_code, conversation_uid, started_at) DO UPDATE SET "
            "ended_at = coalesce(excluded.ended_at, sense7.session.ended_at), first_turn_idx = "
            "excluded.first_turn_idx",
            {participant, uid, sittings});
    db.exec("INSERT INTO sense7.session(participant_code, conversation_uid, started_at, "
            "ended_at, first_turn_idx) SELECT $1, $2, s.started_at, s.ended_at, s.first_turn_idx "
            "FROM jsonb_to_recordset($3::jsonb) AS s(started_at timestamptz, ended_at "
            "timestamptz, first_turn_idx int, own boolean) WHERE s.own IS FALSE "
            "ON CONFLICT (participant_code, conversation_uid, started_at) DO UPDATE SET "
            "ended_at = excluded.ended_at WHERE sense7.session.ended_at IS NULL AND "
            "excluded.ended_at IS NOT NULL",
            {participant, uid, sittings});
    // A live conversation goes on turn by turn on any of the participant's machines: a turn
    // pushed where the server holds another one (not the same role and time) was written after
    // the same turn as that one, on another machine. Replacing it would lose that one; the
    // conversation row, locked by the upsert above, keeps two pushes of it from crossing. Live
    // as the server holds it after the upsert, so a copy here that is not live follows the
    // server's as well.
    if (!upserted.text(0, 0).isEmpty()) {
        const pg::Result other = db.exec(
            "SELECT t.idx FROM sense7.turn t JOIN jsonb_to_recordset($3::jsonb) AS "
            "p(idx int, role text, created_at timestamptz) ON p.idx = t.idx "
            "WHERE t.participant_code = $1 AND t.conversation_uid = $2 AND (t.role IS DISTINCT "
            "FROM p.role OR t.created_at IS DISTINCT FROM p.created_at) ORDER BY t.idx LIMIT 1",
            {participant, uid, json(p.value(QStringLiteral("turns")))});
        if (other.rows() > 0)
            throw Diverged(Tr::tr("Another machine went on with conversation %1 from the same "
                                  "turn (turn %2 differs); this machine's turns must follow "
                                  "it.")
                               .arg(uid, QString::number(other.int64(0, 0))),
                           uid);
    }
    db.exec("INSERT INTO sense7.turn(participant_code, conversation_uid, idx, role, text, "
            "created_at, meta) SELECT $1, $2, t.idx, t.role, coalesce(t.text, ''), t.created_at, "
            "coalesce(t.meta, '{}') FROM jsonb_to_recordset($3::jsonb) AS t(idx int, role text, "
            "text text, created_at timestamptz, meta jsonb) "
            "ON CONFLICT (participant_code, conversation_uid, idx) DO UPDATE SET role = "
            "excluded.role, text = excluded.text, created_at = excluded.created_at, meta = "
            "excluded.meta "
            // A reply only grows while it streams. A copy another machine took while it did
            // (streaming, or marked a crash when that machine opened the conversation) never
            // undoes the reply as it was finished, or as it went on after the copy was taken.
            "WHERE NOT ((excluded.meta ? 'streaming' OR excluded.meta->>'finish_reason' IS NOT "
            "DISTINCT FROM 'crash') AND ((NOT sense7.turn.meta ? 'streaming' AND "
            "sense7.turn.meta->>'finish_reason' IS DISTINCT FROM 'crash') OR "
            "(length(sense7.turn.text) > length(excluded.text) AND "
            "starts_with(sense7.turn.text, excluded.text))))",
            {participant, uid, json(p.value(QStringLiteral("turns")))});
    // What the conversation arrived with (an import's flags, notes and conversation ratings):
    // as old as can be, so that any journaled edit of the same cell wins over it.
    db.exec("INSERT INTO sense7.flag(participant_code, conversation_uid, turn_idx, annotator, "
            "kind, present, reason, refers_to_idx, note, updated_at, machine) "
            "SELECT $1, $2, f.turn, f.annotator, 'continuity_break', true, nullif(f.reason, ''), "
            "f.refers_to, coalesce(f.note, ''), '-infinity', $4 FROM jsonb_to_recordset($3::jsonb) "
            "AS f(turn int, annotator text, reason text, refers_to int, note text) "
            "ON CONFLICT DO NOTHING",
            {participant, uid, json(p.value(QStringLiteral("flags"))), machine});
    db.exec("INSERT INTO sense7.note(participant_code, conversation_uid, turn_idx, annotator, "
            "text, updated_at, machine) SELECT $1, $2, n.turn, n.annotator, n.text, '-infinity', "
            "$4 FROM jsonb_to_recordset($3::jsonb) AS n(turn int, annotator text, text text) "
            "ON CONFLICT DO NOTHING",
            {participant, uid, json(p.value(QStringLiteral("notes"))), machine});
    db.exec("INSERT INTO sense7.conversation_rating(participant_code, conversation_uid, "
            "instrument, dimension, annotator, present, value, updated_at, machine) "
            "SELECT $1, $2, split_part(r.dimension, '/', 1), substr(r.dimension, "
            "strpos(r.dimension, '/') + 1), r.annotator, true, r.value, '-infinity', $4 "
            "FROM jsonb_to_recordset($3::jsonb) AS r(turn int, dimension text, annotator text, "
            "value int) WHERE r.turn IS NULL ON CONFLICT DO NOTHING",
            {participant, uid, json(p.value(QStringLiteral("ratings"))), machine});
}

void apply(pg::Connection &db, const QString &participant, const QString &machine,
           const Change &change)
{
    const QJsonObject &p = change.payload;
    const QString &kind = change.kind;
    if (kind == QLatin1String("conversation")) {
        applyConversation(db, participant, machine, p);
    } else if (kind == QLatin1String("conversation_rating")) {
        db.exec("INSERT INTO sense7.conversation_rating(participant_code, conversation_uid, "
                "instrument, dimension, annotator, present, value, updated_at, machine) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                "ON CONFLICT (participant_code, conversation_uid, instrument, dimension, "
                "annotator) DO UPDATE SET present = excluded.present, value = excluded.value, "
                "updated_at = excluded.updated_at, machine = excluded.machine" SENSE7_LATER(
                    "sense7.conversation_rating"),
                {participant, text(p, "conversation"), text(p, "instrument"), text(p, "dimension"),
                 text(p, "annotator"), p.value(QStringLiteral("present")).toBool(),
                 number(p, "value"), change.at, machine});
    } else if (kind == QLatin1String("flag")) {
        db.exec("INSERT INTO sense7.flag(participant_code, conversation_uid, turn_idx, "
                "annotator, kind, present, reason, refers_to_idx, note, updated_at, machine) "
                "VALUES ($1, $2, $3, $4, 'continuity_break', $5, $6, $7, $8, $9, $10) "
                "ON CONFLICT (participant_code, conversation_uid, turn_idx, annotator, kind) "
                "DO UPDATE SET present = excluded.present, reason = excluded.reason, "
                "refers_to_idx = excluded.refers_to_idx, note = excluded.note, updated_at = "
                "excluded.updated_at, machine = excluded.machine" SENSE7_LATER("sense7.flag"),
                {participant, text(p, "conversation"), number(p, "turn"), text(p, "annotator"),
                 p.value(QStringLiteral("present")).toBool(),
                 p.value(QStringLiteral("reason")).toString().isEmpty() ? pg::Param(nullptr)
                                                                        : text(p, "reason"),
                 number(p, "refers_to"), text(p, "note"), change.at, machine});
    } else if (kind == QLatin1String("note")) {
        db.exec("INSERT INTO sense7.note(participant_code, conversation_uid, turn_idx, "
                "annotator, text, updated_at, machine) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                "ON CONFLICT (participant_code, conversation_uid, turn_idx, annotator) "
                "DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at, machine = "
                "excluded.machine" SENSE7_LATER("sense7.note"),
                {participant, text(p, "conversation"), number(p, "turn"), text(p, "annotator"),
                 p.value(QStringLiteral("text")).toString(), change.at, machine});
    } else if (kind == QLatin1String("context")) {
        db.exec("UPDATE sense7.conversation SET context = $3::jsonb, context_updated_at = $4 "
                "WHERE participant_code = $1 AND uid = $2 AND (context_updated_at IS NULL OR "
                "context_updated_at <= $4)",
                {participant, text(p, "conversation"), json(p.value(QStringLiteral("context"))),
                 change.at});
    } else if (kind == QLatin1String("assignment")) {
        // The first assignment pushed stays: a participant meets the conditions in one order.
        db.exec("UPDATE sense7.participant SET assignment = $2::jsonb "
                "WHERE code = $1 AND assignment IS NULL",
                {participant, json(p.value(QStringLiteral("assignment")))});
    } else if (kind == QLatin1String("profile")) {
        db.exec("UPDATE sense7.participant SET profile = $2::jsonb, profile_updated_at = $3 "
                "WHERE code = $1 AND (profile_updated_at IS NULL OR profile_updated_at <= $3)",
                {participant, json(p.value(QStringLiteral("profile"))), change.at});
    } else {
        throw Error(Tr::tr("Cannot push a change of the unknown kind \"%1\".").arg(kind));
    }
}

} // namespace

std::unique_ptr<pg::Connection> connect(const QString &url, const QString &password)
{
    pg::ConnectOptions options;
    options.password = password;
    auto db = std::make_unique<pg::Connection>(url, options);
    db->exec("SET TIME ZONE 'UTC'");
    return db;
}

bool isBroken(pg::Connection &db)
{
    return PQstatus(db.handle()) != CONNECTION_OK;
}

QString participantCode(pg::Connection &db)
{
    const pg::Result result =
        db.exec("SELECT code FROM sense7.participant WHERE role_name = session_user");
    if (result.rows() != 1)
        throw Error(Tr::tr("%1 is not a participant's login on this study server.").arg(db.user()));
    return result.text(0, 0);
}

QJsonObject assignment(pg::Connection &db)
{
    const pg::Result result =
        db.exec("SELECT assignment FROM sense7.participant WHERE role_name = session_user "
                "AND jsonb_typeof(assignment) = 'object'");
    return result.rows() == 1 ? result.json(0, 0).toObject() : QJsonObject();
}

QByteArray protocolDefinition(pg::Connection &db)
{
    const pg::Result result = db.exec("SELECT definition FROM sense7.protocol WHERE id = 1");
    if (result.rows() != 1)
        throw Error(Tr::tr("The study server holds no protocol."));
    return result.bytes(0, 0);
}

qint64 push(pg::Connection &db, const QString &participant, const QString &machine,
            const QVector<Change> &changes)
{
    pg::Transaction tx(db);
    db.exec("INSERT INTO sense7.machine(participant_code, machine, first_seen, last_sync_at) "
            "VALUES ($1, $2, now(), now()) ON CONFLICT (participant_code, machine) "
            "DO UPDATE SET last_sync_at = now()",
            {participant, machine});
    // The log first, the whole batch in one statement: a change sent before is left out.
    QJsonArray batch;
    for (const Change &change : changes)
        batch.append(QJsonObject {{QStringLiteral("seq"), change.seq},
                                  {QStringLiteral("kind"), change.kind},
                                  {QStringLiteral("payload"), change.payload},
                                  {QStringLiteral("at"), change.at}});
    const pg::Result inserted =
        db.exec("INSERT INTO sense7.change(participant_code, machine, seq, kind, payload, at) "
                "SELECT $1, $2, b.seq, b.kind, b.payload, b.at FROM jsonb_to_recordset($3::jsonb) "
                "AS b(seq bigint, kind text, payload jsonb, at timestamptz) ORDER BY b.seq "
                "ON CONFLICT (participant_code, machine, seq) DO NOTHING RETURNING seq",
                {participant, machine, json(batch)});
    QSet<qint64> fresh;
    for (int row = 0; row < inserted.rows(); ++row)
        fresh.insert(inserted.int64(row, 0));
    // Then the state tables: turn ratings, most of any batch, in one statement (the last of
    // this machine's changes of a cell counts); the rest one by one, in order.
    QJsonArray ratings;
    for (const Change &change : changes) {
        if (!fresh.contains(change.seq))
            continue;
        if (change.kind == QLatin1String("rating")) {
            QJsonObject row = change.payload;
            row.insert(QStringLiteral("seq"), change.seq);
            row.insert(QStringLiteral("at"), change.at);
            ratings.append(row);
        } else {
            apply(db, participant, machine, change);
        }
    }
    if (!ratings.isEmpty())
        db.exec("INSERT INTO sense7.rating(participant_code, conversation_uid, turn_idx, "
                "instrument, dimension, annotator, present, value, updated_at, machine) "
                "SELECT DISTINCT ON (r.conversation, r.turn, r.instrument, r.dimension, "
                "r.annotator) $1, r.conversation, r.turn, r.instrument, r.dimension, r.annotator, "
                "r.present, r.value, r.at, $2 FROM jsonb_to_recordset($3::jsonb) AS "
                "r(seq bigint, conversation text, turn int, instrument text, dimension text, "
                "annotator text, present boolean, value int, at timestamptz) "
                "ORDER BY r.conversation, r.turn, r.instrument, r.dimension, r.annotator, "
                "r.seq DESC "
                "ON CONFLICT (participant_code, conversation_uid, turn_idx, instrument, "
                "dimension, annotator) DO UPDATE SET present = excluded.present, value = "
                "excluded.value, updated_at = excluded.updated_at, machine = "
                "excluded.machine" SENSE7_LATER("sense7.rating"),
                {participant, machine, json(ratings)});
    const qint64 added = fresh.size();
    tx.commit();
    return added;
}

QHash<QString, QJsonObject> liveStates(pg::Connection &db, const QJsonArray &uids)
{
    const pg::Result states = db.exec(R"sql(
        SELECT x.uid, jsonb_build_object(
            'condition', x.condition,
            'turns', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                          'idx', t.idx, 'role', t.role, 'text', t.text,
                          'created_at', to_char(t.created_at AT TIME ZONE 'UTC',
                                                'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'meta', t.meta) ORDER BY t.idx), '[]')
                        FROM sense7.turn t
                       WHERE t.participant_code = x.participant_code
                         AND t.conversation_uid = x.uid),
            'sessions', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                             'started_at', to_char(s.started_at AT TIME ZONE 'UTC',
                                                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                             'ended_at', to_char(s.ended_at AT TIME ZONE 'UTC',
                                                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                             'first_turn_idx', s.first_turn_idx) ORDER BY s.first_turn_idx, s.started_at), '[]')
                           FROM sense7.session s
                          WHERE s.participant_code = x.participant_code
                            AND s.conversation_uid = x.uid))
          FROM sense7.conversation x
         WHERE x.participant_code = (SELECT code FROM sense7.participant
                                      WHERE role_name = session_user)
           AND x.condition IS NOT NULL
           AND x.uid IN (SELECT jsonb_array_elements_text($1::jsonb)))sql",
                                      {json(uids)});
    QHash<QString, QJsonObject> current;
    for (int row = 0; row < states.rows(); ++row)
        current.insert(states.text(row, 0), states.json(row, 1).toObject());
    return current;
}

QVector<Pulled> pull(pg::Connection &db, const QString &machine, qint64 afterServerSeq, int limit)
{
    const pg::Result rows = db.exec(
        "SELECT c.server_seq, c.machine, c.kind, c.payload, " SENSE7_ISO("c.at") ", " SENSE7_ISO(
            "w.updated_at") ", w.machine FROM sense7.change c LEFT JOIN LATERAL ("
                            "SELECT r.updated_at, r.machine FROM sense7.rating r "
                            "WHERE c.kind = 'rating' AND r.participant_code = c.participant_code "
                            "AND r.conversation_uid = c.payload->>'conversation' "
                            "AND r.turn_idx = (c.payload->>'turn')::int "
                            "AND r.instrument = c.payload->>'instrument' "
                            "AND r.dimension = c.payload->>'dimension' "
                            "AND r.annotator = c.payload->>'annotator' "
                            "UNION ALL SELECT r.updated_at, r.machine FROM "
                            "sense7.conversation_rating r WHERE c.kind = 'conversation_rating' "
                            "AND r.participant_code = c.participant_code "
                            "AND r.conversation_uid = c.payload->>'conversation' "
                            "AND r.instrument = c.payload->>'instrument' "
                            "AND r.dimension = c.payload->>'dimension' "
                            "AND r.annotator = c.payload->>'annotator' "
                            "UNION ALL SELECT f.updated_at, f.machine FROM sense7.flag f "
                            "WHERE c.kind = 'flag' AND f.participant_code = c.participant_code "
                            "AND f.conversation_uid = c.payload->>'conversation' "
                            "AND f.turn_idx = (c.payload->>'turn')::int "
                            "AND f.annotator = c.payload->>'annotator' "
                            "AND f.kind = 'continuity_break' "
                            "UNION ALL SELECT n.updated_at, n.machine FROM sense7.note n "
                            "WHERE c.kind = 'note' AND n.participant_code = c.participant_code "
                            "AND n.conversation_uid = c.payload->>'conversation' "
                            "AND n.turn_idx = (c.payload->>'turn')::int "
                            "AND n.annotator = c.payload->>'annotator' "
                            "UNION ALL SELECT x.context_updated_at, NULL FROM "
                            "sense7.conversation x WHERE c.kind = 'context' "
                            "AND x.participant_code = c.participant_code "
                            "AND x.uid = c.payload->>'conversation' "
                            "UNION ALL SELECT p.profile_updated_at, NULL FROM sense7.participant "
                            "p WHERE c.kind = 'profile' AND p.code = c.participant_code"
                            ") w ON true WHERE c.machine <> $1 AND c.server_seq > $2 "
                            "ORDER BY c.server_seq LIMIT $3",
        {machine, afterServerSeq, limit});
    QVector<Pulled> result;
    result.reserve(rows.rows());
    for (int row = 0; row < rows.rows(); ++row) {
        Pulled pulled;
        pulled.serverSeq = rows.int64(row, 0);
        pulled.machine = rows.text(row, 1);
        pulled.kind = rows.text(row, 2);
        pulled.payload = rows.json(row, 3).toObject();
        pulled.at = rows.text(row, 4);
        pulled.winnerAt = rows.text(row, 5);
        pulled.winnerMachine = rows.text(row, 6);
        result.append(pulled);
    }
    // Live conversations as the server holds them now: the turns and sittings every machine
    // pushed since. Asked of every conversation: a change from a copy that is not live (or from
    // an earlier version) carries no condition, though the server holds the conversation live.
    QJsonArray uids;
    for (const Pulled &pulled : result)
        if (pulled.kind == QLatin1String("conversation"))
            uids.append(pulled.payload.value(QStringLiteral("conversation")));
    if (uids.isEmpty())
        return result;
    const QHash<QString, QJsonObject> current = liveStates(db, uids);
    for (Pulled &pulled : result)
        if (pulled.kind == QLatin1String("conversation"))
            pulled.current =
                current.value(pulled.payload.value(QStringLiteral("conversation")).toString());
    return result;
}

} // namespace sense7::sync::server
