#include "serverschema.h"

#include "live/assignment.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

namespace sense7::server {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::server", text);
}

// The roles exist once per cluster; a second study database on the same cluster shares them.
const char createRoles[] = R"SQL(
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'sense7_researcher') THEN
        CREATE ROLE sense7_researcher NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'sense7_participant') THEN
        CREATE ROLE sense7_participant NOLOGIN;
    END IF;
END
$$;
)SQL";

// Run as sense7_researcher (SET LOCAL ROLE), so that it owns every object. No FORCE-free owner:
// every table also has FORCE ROW LEVEL SECURITY, and the researcher's policies allow all.
const char createTables[] = R"SQL(
REVOKE ALL ON SCHEMA sense7 FROM PUBLIC;
GRANT USAGE ON SCHEMA sense7 TO sense7_participant;

CREATE TABLE sense7.protocol (
    id int PRIMARY KEY CHECK (id = 1),
    key text NOT NULL,
    version text,
    definition text NOT NULL,
    fingerprint text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sense7.participant (
    code text PRIMARY KEY CHECK (code <> ''),
    role_name name UNIQUE NOT NULL,
    pseudonym text,
    profile jsonb NOT NULL DEFAULT '{}',
    profile_updated_at timestamptz,
    assignment jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    withdrawn_at timestamptz
);
CREATE TABLE sense7.machine (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    machine text NOT NULL,
    first_seen timestamptz,
    last_sync_at timestamptz,
    PRIMARY KEY (participant_code, machine)
);
CREATE TABLE sense7.conversation (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    uid text NOT NULL,
    source_format text,
    source_id text,
    agent text,
    condition text,
    title text,
    started_at timestamptz,
    context jsonb NOT NULL DEFAULT '{}',
    context_updated_at timestamptz,
    provenance jsonb NOT NULL DEFAULT '{}',
    sharing text CHECK (sharing IN ('full', 'redacted', 'ratings')),
    PRIMARY KEY (participant_code, uid)
);
CREATE TABLE sense7.turn (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    idx int NOT NULL,
    role text,
    text text NOT NULL DEFAULT '',
    created_at timestamptz,
    meta jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (participant_code, conversation_uid, idx)
);
CREATE TABLE sense7.session (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    first_turn_idx int,
    PRIMARY KEY (participant_code, conversation_uid, started_at)
);
CREATE TABLE sense7.rating (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    turn_idx int NOT NULL,
    instrument text NOT NULL,
    dimension text NOT NULL,
    annotator text NOT NULL,
    present boolean NOT NULL,
    value int,
    updated_at timestamptz NOT NULL,
    machine text NOT NULL,
    PRIMARY KEY (participant_code, conversation_uid, turn_idx, instrument, dimension, annotator)
);
CREATE TABLE sense7.conversation_rating (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    instrument text NOT NULL,
    dimension text NOT NULL,
    annotator text NOT NULL,
    present boolean NOT NULL,
    value int,
    updated_at timestamptz NOT NULL,
    machine text NOT NULL,
    PRIMARY KEY (participant_code, conversation_uid, instrument, dimension, annotator)
);
CREATE TABLE sense7.flag (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    turn_idx int NOT NULL,
    annotator text NOT NULL,
    kind text NOT NULL,
    present boolean NOT NULL,
    reason text,
    refers_to_idx int,
    note text,
    updated_at timestamptz NOT NULL,
    machine text NOT NULL,
    PRIMARY KEY (participant_code, conversation_uid, turn_idx, annotator, kind)
);
CREATE TABLE sense7.note (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    conversation_uid text NOT NULL,
    turn_idx int NOT NULL,
    annotator text NOT NULL,
    text text NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL,
    machine text NOT NULL,
    PRIMARY KEY (participant_code, conversation_uid, turn_idx, annotator)
);
CREATE TABLE sense7.change (
    participant_code text NOT NULL REFERENCES sense7.participant (code),
    machine text NOT NULL,
    seq bigint NOT NULL,
    server_seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (participant_code, machine, seq)
);
CREATE TABLE sense7.withdrawal (
    code text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    by_role name NOT NULL DEFAULT session_user,
    rows_removed bigint NOT NULL
);

-- The code of the participant whose login role this session is; NULL for anyone else and once
-- withdrawn. SECURITY DEFINER: it reads sense7.participant as its owner, the researcher.
CREATE FUNCTION sense7.my_code() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT code FROM sense7.participant
          WHERE role_name = session_user AND withdrawn_at IS NULL $$;
REVOKE ALL ON FUNCTION sense7.my_code() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sense7.my_code() TO sense7_participant, sense7_researcher;

GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA sense7 TO sense7_researcher;
GRANT SELECT ON sense7.protocol TO sense7_participant;
GRANT SELECT ON sense7.participant TO sense7_participant;
GRANT UPDATE (pseudonym, profile, profile_updated_at, assignment) ON sense7.participant
    TO sense7_participant;
GRANT SELECT, INSERT, UPDATE ON sense7.machine, sense7.conversation, sense7.turn, sense7.session,
    sense7.rating, sense7.conversation_rating, sense7.flag, sense7.note TO sense7_participant;
-- The log of pushed changes is append-only: a re-sent change is INSERT ... ON CONFLICT DO NOTHING.
GRANT SELECT, INSERT ON sense7.change TO sense7_participant;

CREATE POLICY researcher ON sense7.protocol TO sense7_researcher USING (true) WITH CHECK (true);
CREATE POLICY read ON sense7.protocol FOR SELECT TO sense7_participant USING (true);
CREATE POLICY researcher ON sense7.withdrawal TO sense7_researcher USING (true) WITH CHECK (true);
CREATE POLICY researcher ON sense7.participant TO sense7_researcher USING (true) WITH CHECK (true);
CREATE POLICY own_row ON sense7.participant FOR SELECT TO sense7_participant
    USING (role_name = session_user AND withdrawn_at IS NULL);
CREATE POLICY own_row_update ON sense7.participant FOR UPDATE TO sense7_participant
    USING (role_name = session_user AND withdrawn_at IS NULL)
    WITH CHECK (role_name = session_user AND withdrawn_at IS NULL);
ALTER TABLE sense7.protocol ENABLE ROW LEVEL SECURITY;
ALTER TABLE sense7.protocol FORCE ROW LEVEL SECURITY;
ALTER TABLE sense7.withdrawal ENABLE ROW LEVEL SECURITY;
ALTER TABLE sense7.withdrawal FORCE ROW LEVEL SECURITY;
ALTER TABLE sense7.participant ENABLE ROW LEVEL SECURITY;
ALTER TABLE sense7.participant FORCE ROW LEVEL SECURITY;
)SQL";

// Per data table: the researcher sees all, a participant their own rows only.
const char dataTablePolicies[] = R"SQL(
CREATE POLICY researcher ON sense7.%1 TO sense7_researcher USING (true) WITH CHECK (true);
CREATE POLICY own_rows ON sense7.%1 TO sense7_participant
    USING (participant_code = (SELECT sense7.my_code()))
    WITH CHECK (participant_code = (SELECT sense7.my_code()));
ALTER TABLE sense7.%1 ENABLE ROW LEVEL SECURITY;
ALTER TABLE sense7.%1 FORCE ROW LEVEL SECURITY;
)SQL";

// What each schema version adds to the one before: upgrades[0] makes version 2 of version 1.
// init() creates version 1 and applies them all, so that a new study and an upgraded one are
// the same.
const char *const upgrades[] = {
    // 2: the server keeps a live conversation's turns whichever client pushes. Clients before
    // data set format 12 replace the turn at an index whatever it holds (another machine's
    // continuation of the conversation), a finished reply with a copy taken while it streamed,
    // a conversation's condition with none (a copy that is not live), and a sitting's end with
    // none. Their statements run as they are; these triggers refuse the first and keep what the
    // others would undo, as later clients' statements do.
    R"SQL(
CREATE FUNCTION sense7.keep_turn() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    IF (NEW.role IS DISTINCT FROM OLD.role OR NEW.created_at IS DISTINCT FROM OLD.created_at)
       AND EXISTS (SELECT FROM sense7.conversation c
                   WHERE c.participant_code = OLD.participant_code
                     AND c.uid = OLD.conversation_uid AND c.condition <> '') THEN
        RAISE EXCEPTION 'Another machine went on with conversation % from the same turn (turn % '
                        'differs); the study server keeps its turns, and this machine keeps its '
                        'own. Update Sense-7 Studio here, then sync again: it adds them after.',
                        OLD.conversation_uid, OLD.idx
            USING ERRCODE = 'S7T01';
    END IF;
    IF (NEW.meta ? 'streaming' OR NEW.meta->>'finish_reason' IS NOT DISTINCT FROM 'crash')
       AND ((NOT OLD.meta ? 'streaming' AND OLD.meta->>'finish_reason' IS DISTINCT FROM 'crash')
            OR (length(OLD.text) > length(NEW.text) AND starts_with(OLD.text, NEW.text))) THEN
        RETURN NULL;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER keep_turn BEFORE UPDATE ON sense7.turn
    FOR EACH ROW EXECUTE FUNCTION sense7.keep_turn();
CREATE FUNCTION sense7.keep_sitting_end() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    NEW.ended_at := coalesce(NEW.ended_at, OLD.ended_at);
    RETURN NEW;
END
$$;
CREATE TRIGGER keep_sitting_end BEFORE UPDATE ON sense7.session
    FOR EACH ROW EXECUTE FUNCTION sense7.keep_sitting_end();
CREATE FUNCTION sense7.keep_condition() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    NEW.condition := coalesce(nullif(NEW.condition, ''), OLD.condition);
    RETURN NEW;
END
$$;
CREATE TRIGGER keep_condition BEFORE UPDATE ON sense7.conversation
    FOR EACH ROW EXECUTE FUNCTION sense7.keep_condition();
)SQL",
};
static_assert(std::size(upgrades) == schemaVersion - 1, "one upgrade per version after the first");

/** Applies the upgrades after \a from and records the schema's version; as the researcher. */
void upgradeFrom(pg::Connection &db, int from)
{
    for (int version = from; version < schemaVersion; ++version)
        db.execScript(upgrades[version - 1]);
    db.execScript(QByteArrayLiteral("COMMENT ON SCHEMA sense7 IS ")
                  + db.quoteLiteral(QByteArrayLiteral("Sense-7 study server, schema version ")
                                    + QByteArray::number(schemaVersion)));
}

QString randomHex(int bytes)
{
    QByteArray data(bytes, Qt::Uninitialized);
    QRandomGenerator *random = QRandomGenerator::system();
    for (char &c : data)
        c = char(random->bounded(256));
    return QString::fromLatin1(data.toHex());
}

QString randomPassword()
{
    QByteArray data(24, Qt::Uninitialized);
    QRandomGenerator *random = QRandomGenerator::system();
    for (char &c : data)
        c = char(random->bounded(256));
    return QString::fromLatin1(
        data.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QDateTime fromEpochMs(const pg::Result &r, int row, int column)
{
    if (r.isNull(row, column))
        return QDateTime();
    return QDateTime::fromMSecsSinceEpoch(r.int64(row, column), Qt::UTC);
}

void refuseInitialised(pg::Connection &db)
{
    QString what;
    try {
        const pg::Result r = db.exec(
            "SELECT key, version, to_char(created_at, 'YYYY-MM-DD HH24:MI') FROM sense7.protocol");
        if (r.rows() == 1)
            what = tr(" (protocol %1, version %2, created %3 UTC)")
                       .arg(r.text(0, 0), r.text(0, 1), r.text(0, 2));
    } catch (const Error &) {
        // Not readable by this user: the refusal says less, but still refuses.
    }
    throw Error(tr("The database \"%1\" already holds a study%2; nothing was changed. A study is "
                   "initialised once: to start over, drop the schema sense7 first.")
                    .arg(db.database(), what));
}

void requireStudy(pg::Connection &db)
{
    if (!isInitialised(db))
        throw Error(tr("The database \"%1\" holds no study yet: run `sense7 server init` first.")
                        .arg(db.database()));
}

} // namespace

const QStringList &dataTables()
{
    // Children before their parents where it matters; participant rows are kept (withdrawn).
    static const QStringList tables {
        QStringLiteral("change"),
        QStringLiteral("rating"),
        QStringLiteral("conversation_rating"),
        QStringLiteral("flag"),
        QStringLiteral("note"),
        QStringLiteral("session"),
        QStringLiteral("turn"),
        QStringLiteral("conversation"),
        QStringLiteral("machine"),
    };
    return tables;
}

bool isInitialised(pg::Connection &db)
{
    return db.exec("SELECT to_regnamespace('sense7') IS NOT NULL").boolean(0, 0);
}

void init(pg::Connection &db, const Protocol &protocol)
{
    if (isInitialised(db))
        refuseInitialised(db);
    pg::Transaction transaction(db);
    try {
        db.execScript(createRoles);
        // The connecting user manages the study: a member of the researcher role. (A superuser
        // bypasses row-level security anyway; a database owner with CREATEROLE works as well.)
        db.execScript("GRANT sense7_researcher TO " + db.quoteIdentifier(db.user()));
    } catch (const pg::ServerError &e) {
        if (e.sqlstate() != QLatin1String("42501")) // insufficient_privilege
            throw;
        throw Error(tr("The user \"%1\" may not create the study's roles: a study is initialised "
                       "by a superuser, or by a user with CREATEROLE who owns the database. %2")
                        .arg(db.user(), e.message()));
    }
    try {
        db.execScript("CREATE SCHEMA sense7 AUTHORIZATION sense7_researcher");
    } catch (const pg::ServerError &e) {
        if (e.sqlstate() == QLatin1String("42P06")) // duplicate_schema: another init won
            refuseInitialised(db);
        throw;
    }
    db.execScript("SET LOCAL ROLE sense7_researcher");
    db.execScript(createTables);
    for (const QString &table : dataTables())
        db.execScript(QString::fromLatin1(dataTablePolicies).arg(table).toUtf8());
    upgradeFrom(db, 1);
    db.exec(
        "INSERT INTO sense7.protocol (id, key, version, definition, fingerprint) "
        "VALUES (1, $1, $2, $3, $4)",
        {protocol.key, protocol.version, protocol::canonical(protocol), protocol.fingerprint()});
    db.execScript("RESET ROLE");
    transaction.commit();
}

int installedVersion(pg::Connection &db)
{
    requireStudy(db);
    // The version the schema's comment says; a restore without comments loses it, and then what
    // the schema holds tells: the turn guard came with version 2.
    static_assert(schemaVersion == 2, "tell a later version from what it adds, as well");
    const pg::Result r = db.exec(
        "SELECT coalesce(substring(obj_description('sense7'::regnamespace, 'pg_namespace') FROM "
        "'schema version ([0-9]+)'), CASE WHEN to_regproc('sense7.keep_turn') IS NULL THEN '1' "
        "ELSE '2' END)");
    return r.text(0, 0).toInt();
}

int upgrade(pg::Connection &db)
{
    requireStudy(db);
    pg::Transaction transaction(db);
    try {
        db.execScript("SET LOCAL ROLE sense7_researcher");
    } catch (const pg::ServerError &e) {
        if (e.sqlstate() != QLatin1String("42501")) // insufficient_privilege
            throw;
        throw Error(tr("The user \"%1\" may not upgrade the study: only the study's researchers "
                       "(members of sense7_researcher) may. Nothing was changed.")
                        .arg(db.user()));
    }
    // Adding a trigger waits for the pushes under way, and new pushes wait for it: not long.
    db.execScript("SET LOCAL lock_timeout = '10s'");
    try {
        // Two upgrades at once: the second waits here, then finds the schema upgraded.
        db.execScript("LOCK TABLE sense7.protocol IN SHARE ROW EXCLUSIVE MODE");
        const int found = installedVersion(db);
        if (found > schemaVersion)
            throw Error(
                tr("The study in the database \"%1\" has schema version %2, made by a later "
                   "version of Sense-7 Studio than this one (which knows up to %3); nothing "
                   "was changed.")
                    .arg(db.database(), QString::number(found), QString::number(schemaVersion)));
        if (found == schemaVersion)
            return found;
        upgradeFrom(db, found);
        transaction.commit();
        return found;
    } catch (const pg::ServerError &e) {
        if (e.sqlstate() != QLatin1String("55P03")) // lock_not_available
            throw;
        throw Error(tr("The study server is busy: participants' syncs held its tables for ten "
                       "seconds. Nothing was changed; try again in a moment."));
    }
}

int upgrade(const QString &url, const pg::ConnectOptions &options)
{
    pg::Connection db(url, options);
    return upgrade(db);
}

void init(const QString &url, const Protocol &protocol, const pg::ConnectOptions &options)
{
    pg::Connection db(url, options);
    init(db, protocol);
}

Credentials addParticipant(pg::Connection &db, const QString &code)
{
    if (code.trimmed().isEmpty())
        throw Error(tr("A participant code cannot be empty."));
    requireStudy(db);
    pg::Transaction transaction(db);
    const pg::Result existing =
        db.exec("SELECT withdrawn_at IS NOT NULL FROM sense7.participant WHERE code = $1 FOR "
                "UPDATE",
                {code});
    if (existing.rows() > 0) {
        if (existing.boolean(0, 0))
            throw Error(tr("The participant \"%1\" was withdrawn from this study; a withdrawn "
                           "code is not used again.")
                            .arg(code));
        throw Error(tr("The participant \"%1\" already takes part in this study; nothing was "
                       "changed.")
                        .arg(code));
    }
    Credentials credentials;
    credentials.code = code;
    credentials.role = QStringLiteral("s7p_") + randomHex(6);
    credentials.password = randomPassword();
    // Only the SCRAM verifier reaches the server: the password is in no log or statement.
    const QByteArray verifier = db.encryptPassword(credentials.role, credentials.password.toUtf8());
    db.execScript("CREATE ROLE " + db.quoteIdentifier(credentials.role)
                  + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE INHERIT IN ROLE sense7_participant "
                    "PASSWORD "
                  + db.quoteLiteral(verifier));
    // The live conditions: by the order of enrolment, which the lock keeps while two
    // researchers add participants at once (positions are never given twice, nor taken back).
    QByteArray assignment;
    const Protocol protocol = serverProtocol(db);
    if (!protocol.live.conditions.isEmpty()) {
        db.exec("LOCK TABLE sense7.participant IN SHARE ROW EXCLUSIVE MODE");
        const int position = int(db.exec("SELECT count(*) FROM sense7.participant").int64(0, 0));
        const Assignment assigned = live::assign(protocol.live, position);
        credentials.conditions = assigned.conditions;
        assignment = QJsonDocument(live::toJson(assigned)).toJson(QJsonDocument::Compact);
    }
    db.exec("INSERT INTO sense7.participant (code, role_name, assignment) "
            "VALUES ($1, $2, $3::jsonb)",
            {code, credentials.role,
             assignment.isEmpty() ? pg::Param(nullptr) : pg::Param(assignment)});
    transaction.commit();
    credentials.url = db.urlFor(credentials.role);
    return credentials;
}

Credentials addParticipant(const QString &url, const QString &code,
                           const pg::ConnectOptions &options)
{
    pg::Connection db(url, options);
    return addParticipant(db, code);
}

qint64 withdraw(pg::Connection &db, const QString &code)
{
    if (!isInitialised(db))
        throw Error(tr("The database \"%1\" holds no study.").arg(db.database()));
    pg::Transaction transaction(db);
    const pg::Result found = db.exec(
        "SELECT role_name, withdrawn_at IS NOT NULL FROM sense7.participant WHERE code = $1 FOR "
        "UPDATE",
        {code});
    if (found.rows() == 0)
        throw Error(
            tr("There is no participant \"%1\" in this study; nothing was changed.").arg(code));
    if (found.boolean(0, 1))
        throw Error(tr("The participant \"%1\" was withdrawn already.").arg(code));
    const QString role = found.text(0, 0);
    qint64 removed = 0;
    for (const QString &table : dataTables())
        removed += db.exec(QByteArrayLiteral("DELETE FROM sense7.") + table.toLatin1()
                               + QByteArrayLiteral(" WHERE participant_code = $1"),
                           {code})
                       .affected();
    db.exec("UPDATE sense7.participant SET withdrawn_at = now(), pseudonym = NULL, profile = "
            "'{}', profile_updated_at = NULL, assignment = NULL WHERE code = $1",
            {code});
    db.exec("INSERT INTO sense7.withdrawal (code, at, by_role, rows_removed) "
            "VALUES ($1, now(), session_user, $2)",
            {code, removed});
    // Their open sessions end now, where this user may end them.
    db.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND "
            "((SELECT rolsuper FROM pg_roles WHERE rolname = current_user) "
            " OR pg_has_role(current_user, 'pg_signal_backend', 'MEMBER'))",
            {role});
    db.execScript("DROP ROLE IF EXISTS " + db.quoteIdentifier(role));
    transaction.commit();
    return removed;
}

qint64 withdraw(const QString &url, const QString &code, const pg::ConnectOptions &options)
{
    pg::Connection db(url, options);
    return withdraw(db, code);
}

Status status(pg::Connection &db)
{
    if (!isInitialised(db))
        throw Error(tr("The database \"%1\" holds no study.").arg(db.database()));
    Status s;
    s.schemaVersion = installedVersion(db);
    const pg::Result p = db.exec("SELECT key, version, fingerprint FROM sense7.protocol");
    if (p.rows() == 1) {
        s.protocolKey = p.text(0, 0);
        s.protocolVersion = p.text(0, 1);
        s.fingerprint = p.text(0, 2);
    }
    const pg::Result r = db.exec(
        "SELECT p.code,"
        " (extract(epoch FROM p.created_at) * 1000)::bigint,"
        " (extract(epoch FROM p.withdrawn_at) * 1000)::bigint,"
        " (SELECT count(*) FROM sense7.machine m WHERE m.participant_code = p.code),"
        " (SELECT count(*) FROM sense7.conversation c WHERE c.participant_code = p.code),"
        " (SELECT count(*) FROM sense7.rating x WHERE x.participant_code = p.code AND x.present)"
        "  + (SELECT count(*) FROM sense7.conversation_rating x"
        "     WHERE x.participant_code = p.code AND x.present),"
        " (SELECT (extract(epoch FROM max(m.last_sync_at)) * 1000)::bigint FROM sense7.machine m"
        "  WHERE m.participant_code = p.code),"
        " coalesce((SELECT string_agg(c, ',') FROM jsonb_array_elements_text("
        "   CASE WHEN jsonb_typeof(p.assignment -> 'conditions') = 'array'"
        "        THEN p.assignment -> 'conditions' END) AS c),"
        "  (SELECT string_agg(DISTINCT c.condition, ',' ORDER BY c.condition)"
        "   FROM sense7.conversation c WHERE c.participant_code = p.code), '')"
        " FROM sense7.participant p ORDER BY p.code");
    for (int row = 0; row < r.rows(); ++row) {
        ParticipantStatus ps;
        ps.code = r.text(row, 0);
        ps.createdAt = fromEpochMs(r, row, 1);
        ps.withdrawnAt = fromEpochMs(r, row, 2);
        ps.machines = r.int64(row, 3);
        ps.conversations = r.int64(row, 4);
        ps.ratings = r.int64(row, 5);
        ps.lastSyncAt = fromEpochMs(r, row, 6);
        ps.conditions = r.text(row, 7).split(u',', Qt::SkipEmptyParts);
        s.participants.append(ps);
    }
    return s;
}

Protocol serverProtocol(pg::Connection &db)
{
    const pg::Result r = db.exec("SELECT definition FROM sense7.protocol WHERE id = 1");
    if (r.rows() != 1)
        throw Error(tr("The study server holds no protocol: is the database initialised with "
                       "`sense7 server init`?"));
    return protocol::parse(r.bytes(0, 0), tr("the study server's protocol"));
}

} // namespace sense7::server
