// The study server on a real, throwaway PostgreSQL 15 cluster: the schema, roles and credentials
// `sense7 server` makes, and row-level security tried with direct SQL as a participant.

#include "error.h"
#include "pgcluster.h"
#include "protocol.h"
#include "server/pg.h"
#include "server/serverschema.h"
#include "sync/syncserver.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <thread>

using namespace sense7;

namespace {

/** One row for \a $1 (a participant's code) in every data table. */
const std::vector<std::pair<QString, const char *>> &seedStatements()
{
    static const std::vector<std::pair<QString, const char *>> statements {
        {QStringLiteral("machine"),
         "INSERT INTO sense7.machine (participant_code, machine, first_seen, last_sync_at) "
         "VALUES ($1, $2, now(), now())"},
        {QStringLiteral("conversation"),
         "INSERT INTO sense7.conversation (participant_code, uid, source_format, title, sharing) "
         "VALUES ($1, $2, 'chatgpt', 'A title', 'full')"},
        {QStringLiteral("turn"),
         "INSERT INTO sense7.turn (participant_code, conversation_uid, idx, role, text) "
         "VALUES ($1, $2, 0, 'user', 'Hello')"},
        {QStringLiteral("session"),
         "INSERT INTO sense7.session (participant_code, conversation_uid, started_at) "
         "VALUES ($1, $2, now())"},
        {QStringLiteral("rating"),
         "INSERT INTO sense7.rating (participant_code, conversation_uid, turn_idx, instrument, "
         "dimension, annotator, present, value, updated_at, machine) "
         "VALUES ($1, $2, 0, 'sense7', 'warmth', 'self', true, 5, now(), 'm1')"},
        {QStringLiteral("conversation_rating"),
         "INSERT INTO sense7.conversation_rating (participant_code, conversation_uid, "
         "instrument, dimension, annotator, present, value, updated_at, machine) "
         "VALUES ($1, $2, 'sense7', 'overall', 'self', true, 4, now(), 'm1')"},
        {QStringLiteral("flag"),
         "INSERT INTO sense7.flag (participant_code, conversation_uid, turn_idx, annotator, kind, "
         "present, reason, updated_at, machine) "
         "VALUES ($1, $2, 0, 'self', 'repair', true, 'why', now(), 'm1')"},
        {QStringLiteral("note"),
         "INSERT INTO sense7.note (participant_code, conversation_uid, turn_idx, annotator, text, "
         "updated_at, machine) VALUES ($1, $2, 0, 'self', 'A note', now(), 'm1')"},
        {QStringLiteral("change"),
         "INSERT INTO sense7.change (participant_code, machine, seq, kind, payload, at) "
         "VALUES ($1, $2, 1, 'rating', '{}', now())"},
    };
    return statements;
}

void seed(pg::Connection &db, const QString &code, const QString &key = QStringLiteral("u1"))
{
    for (const auto &[table, sql] : seedStatements())
        db.exec(sql, {code, key});
}

/** What running \a sql did: "ok <rows affected or returned>", or the SQLSTATE it failed with. */
QString attempt(pg::Connection &db, const QByteArray &sql,
                const std::vector<pg::Param> &params = {})
{
    try {
        const pg::Result r = db.exec(sql, params);
        return QStringLiteral("ok %1").arg(r.columns() > 0 ? qint64(r.rows()) : r.affected());
    } catch (const pg::ServerError &e) {
        return e.sqlstate();
    }
}

qint64 count(pg::Connection &db, const QString &table, const QString &code)
{
    return db
        .exec(QByteArrayLiteral("SELECT count(*) FROM sense7.") + table.toLatin1()
                  + QByteArrayLiteral(" WHERE participant_code = $1"),
              {code})
        .int64(0, 0);
}

struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliResult sense7Cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(60000))
        qFatal("sense7 did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

const QString insufficientPrivilege = QStringLiteral("42501");

// What clients before data set format 12 send for a conversation's turns and sittings, word for
// word: they replace whatever the server holds at a turn's index, and a sitting's end.
const char olderTurnUpsert[] =
    "INSERT INTO sense7.turn(participant_code, conversation_uid, idx, role, text, "
    "created_at, meta) SELECT $1, $2, t.idx, t.role, coalesce(t.text, ''), t.created_at, "
    "coalesce(t.meta, '{}') FROM jsonb_to_recordset($3::jsonb) AS t(idx int, role text, "
    "text text, created_at timestamptz, meta jsonb) "
    "ON CONFLICT (participant_code, conversation_uid, idx) DO UPDATE SET role = "
    "excluded.role, text = excluded.text, created_at = excluded.created_at, meta = "
    "excluded.meta";
const char olderSittingUpsert[] =
    "INSERT INTO sense7.session(participant_code, conversation_uid, started_at, ended_at, "
    "first_turn_idx) SELECT $1, $2, s.started_at, s.ended_at, s.first_turn_idx "
    "FROM jsonb_to_recordset($3::jsonb) AS s(started_at timestamptz, ended_at timestamptz, "
    "first_turn_idx int) ON CONFLICT (participant_code, conversation_uid, started_at) "
    "DO UPDATE SET ended_at = excluded.ended_at, first_turn_idx = excluded.first_turn_idx";

QByteArray turnsJson(const QJsonArray &turns)
{
    return QJsonDocument(turns).toJson(QJsonDocument::Compact);
}

QJsonObject turnJson(int idx, const char *role, const char *text, const char *at,
                     const QJsonObject &meta = {})
{
    return QJsonObject {{QStringLiteral("idx"), idx},
                        {QStringLiteral("role"), QLatin1String(role)},
                        {QStringLiteral("text"), QString::fromUtf8(text)},
                        {QStringLiteral("created_at"), QLatin1String(at)},
                        {QStringLiteral("meta"), meta}};
}

/**
 * A "conversation" change as this version pushes it (sync::server::push): \a turns of the
 * conversation \a uid, held live under \a condition unless it is empty.
 */
sync::server::Change conversationChange(qint64 seq, const QString &uid, const QJsonArray &turns,
                                        const QString &condition = {})
{
    sync::server::Change change;
    change.seq = seq;
    change.kind = QStringLiteral("conversation");
    change.at = QStringLiteral("2026-11-27T10:00:00.000Z");
    change.payload = {{QStringLiteral("conversation"), uid},
                      {QStringLiteral("turns"), turns},
                      {QStringLiteral("flags"), QJsonArray()},
                      {QStringLiteral("notes"), QJsonArray()},
                      {QStringLiteral("ratings"), QJsonArray()}};
    if (!condition.isEmpty())
        change.payload.insert(QStringLiteral("condition"), condition);
    return change;
}

/** "role|text|created_at in UTC|meta" of the turn at \a idx. */
QString storedTurn(pg::Connection &db, const QString &conversation, int idx)
{
    const pg::Result r = db.exec(
        "SELECT role || '|' || text || '|' || to_char(created_at AT TIME ZONE 'UTC', "
        "'HH24:MI:SS') || '|' || meta::text FROM sense7.turn WHERE conversation_uid = $1 AND "
        "idx = $2",
        {conversation, qint64(idx)});
    return r.rows() == 1 ? r.text(0, 0) : QStringLiteral("(none)");
}

} // namespace

class TestServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void initCreatesSchemaProtocolAndRoles();
    void initTwiceIsRefused();
    void participantCredentialsLogIn();
    void tlsIsUsedWhenOfferedAndCanBeRequired();
    void participantCannotReachAnothersRows();
    void participantCannotChangeTheProtocolOrSchema();
    void participantRowIsPrivate();
    void participantCannotBecomeResearcher();
    void quotesAndSqlFragmentsStoredVerbatim();
    void withdrawRemovesExactlyThatParticipant();
    void researcherWithoutSuperuser();
    void initNeedsTheRightToCreateRoles();
    void copyInAndOut();
    void serverErrorsCarrySqlstate();
    void cliInitAddStatusWithdraw();
    void serverStoppedAndStarted();
    void cliMessages();
    void olderClientsKeepLiveTurnsAndSittings();
    void upgradeFromVersionOne();

private:
    /** A participant's own login to the study at \a url. */
    struct Login
    {
        server::Credentials credentials;
        std::unique_ptr<pg::Connection> db;
    };
    Login join(const QString &url, const QString &code);

    /** A new database named after the running test function, initialised under SENSE-7. */
    QString freshStudy();

    std::unique_ptr<test::PgCluster> m_cluster;
};

void TestServer::initTestCase()
{
    m_cluster = std::make_unique<test::PgCluster>();
}

void TestServer::cleanupTestCase()
{
    m_cluster.reset();
}

QString TestServer::freshStudy()
{
    const QString url =
        m_cluster->createDatabase(QString::fromLatin1(QTest::currentTestFunction()).toLower());
    server::init(url, protocol::sense7());
    return url;
}

void TestServer::initCreatesSchemaProtocolAndRoles()
{
    const QString url = freshStudy();
    pg::Connection db(url);
    QVERIFY(server::isInitialised(db));
    const pg::Result tables = db.exec(
        "SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner) "
        "FROM pg_class c WHERE c.relnamespace = 'sense7'::regnamespace AND c.relkind = 'r' "
        "ORDER BY 1");
    QStringList names;
    for (int row = 0; row < tables.rows(); ++row) {
        names << tables.text(row, 0);
        QVERIFY2(tables.boolean(row, 1), qPrintable(tables.text(row, 0)));
        QVERIFY2(tables.boolean(row, 2), qPrintable(tables.text(row, 0)));
        QCOMPARE(tables.text(row, 3), QStringLiteral("sense7_researcher"));
    }
    QCOMPARE(names,
             QStringLiteral("change conversation conversation_rating flag machine note participant "
                            "protocol rating session turn withdrawal")
                 .split(QLatin1Char(' ')));
    const pg::Result p =
        db.exec("SELECT key, version, fingerprint, definition FROM sense7.protocol");
    QCOMPARE(p.rows(), 1);
    QCOMPARE(p.text(0, 0), QStringLiteral("sense7"));
    QCOMPARE(p.text(0, 2), protocol::sense7().fingerprint());
    QCOMPARE(server::serverProtocol(db).fingerprint(), protocol::sense7().fingerprint());
    const pg::Result roles = db.exec("SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname IN "
                                     "('sense7_researcher', 'sense7_participant') ORDER BY 1");
    QCOMPARE(roles.rows(), 2);
    QVERIFY(!roles.boolean(0, 1));
    QVERIFY(!roles.boolean(1, 1));
}

void TestServer::initTwiceIsRefused()
{
    const QString url = freshStudy();
    try {
        server::init(url, protocol::shipped(QStringLiteral("esconv")));
        QFAIL("a second init was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("already holds a study")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(QLatin1String("protocol sense7")), qPrintable(e.message()));
    }
    pg::Connection db(url);
    QCOMPARE(db.exec("SELECT key FROM sense7.protocol").text(0, 0), QStringLiteral("sense7"));
}

void TestServer::participantCredentialsLogIn()
{
    const QString url = freshStudy();
    const server::Credentials c = server::addParticipant(url, QStringLiteral("P01"));
    QVERIFY(c.role.startsWith(QLatin1String("s7p_")));
    QCOMPARE(c.role.size(), 16);
    QVERIFY(c.password.size() >= 24);
    QVERIFY(!c.url.contains(c.password));
    pg::ConnectOptions options;
    options.password = c.password;
    pg::Connection participant(c.url, options);
    QCOMPARE(participant.user(), c.role);
    QCOMPARE(participant.exec("SELECT sense7.my_code()").text(0, 0), QStringLiteral("P01"));
    // The password is stored as a SCRAM verifier, never in clear.
    pg::Connection db(url);
    const QString stored =
        db.exec("SELECT rolpassword FROM pg_authid WHERE rolname = $1", {c.role}).text(0, 0);
    QVERIFY2(stored.startsWith(QLatin1String("SCRAM-SHA-256$")), qPrintable(stored));
    // A wrong password is refused as such.
    options.password = QStringLiteral("wrong");
    try {
        pg::Connection wrong(c.url, options);
        QFAIL("a wrong password was accepted");
    } catch (const pg::ConnectError &e) {
        QCOMPARE(e.kind(), pg::ConnectError::Kind::Authentication);
    }
}

TestServer::Login TestServer::join(const QString &url, const QString &code)
{
    Login login;
    login.credentials = server::addParticipant(url, code);
    pg::ConnectOptions options;
    options.password = login.credentials.password;
    login.db = std::make_unique<pg::Connection>(login.credentials.url, options);
    return login;
}

void TestServer::tlsIsUsedWhenOfferedAndCanBeRequired()
{
    // libpq's default (prefer) takes TLS when the server offers it.
    pg::Connection preferred(m_cluster->url());
    QVERIFY(preferred.sslInUse());
    pg::ConnectOptions options;
    options.sslmode = QStringLiteral("require");
    pg::Connection required(m_cluster->url(), options);
    QVERIFY(required.sslInUse());
    QCOMPARE(required.sslmode(), QStringLiteral("require"));
    options.sslmode = QStringLiteral("disable");
    pg::Connection plain(m_cluster->url(), options);
    QVERIFY(!plain.sslInUse());
    // The participant's URL keeps a required mode.
    const QString url = freshStudy();
    options.sslmode = QStringLiteral("require");
    pg::Connection researcher(url, options);
    const server::Credentials c = server::addParticipant(researcher, QStringLiteral("tls"));
    QVERIFY2(c.url.contains(QLatin1String("sslmode=require")), qPrintable(c.url));
    pg::ConnectOptions participantOptions;
    participantOptions.password = c.password;
    QVERIFY(pg::Connection(c.url, participantOptions).sslInUse());
}

void TestServer::participantCannotReachAnothersRows()
{
    const QString url = freshStudy();
    Login a = join(url, QStringLiteral("A"));
    Login b = join(url, QStringLiteral("B"));
    // Each inserts their own rows, through their own login.
    seed(*a.db, QStringLiteral("A"));
    seed(*b.db, QStringLiteral("B"));
    pg::Connection researcher(url);
    for (const QString &table : server::dataTables()) {
        const QByteArray t = "sense7." + table.toLatin1();
        QCOMPARE(count(researcher, table, QStringLiteral("B")), 1);
        // Reading: only their own rows exist for A.
        QCOMPARE(attempt(*a.db, "SELECT * FROM " + t), QStringLiteral("ok 1"));
        QCOMPARE(attempt(*a.db, "SELECT * FROM " + t + " WHERE participant_code = $1",
                         {QStringLiteral("B")}),
                 QStringLiteral("ok 0"));
        qint64 copied = 0;
        a.db->copyOut("COPY " + t + " TO STDOUT", [&](const QByteArray &row) {
            QVERIFY(row.startsWith("A\t"));
            ++copied;
        });
        QCOMPARE(copied, 1);
        // Updating another's rows touches none; the log of changes is not updated at all.
        const QString update = attempt(
            *a.db,
            "UPDATE " + t + " SET participant_code = participant_code WHERE participant_code = $1",
            {QStringLiteral("B")});
        QCOMPARE(update,
                 table == QLatin1String("change") ? insufficientPrivilege : QStringLiteral("ok 0"));
        // Moving their own rows to another participant is refused.
        QCOMPARE(
            attempt(*a.db, "UPDATE " + t + " SET participant_code = $1", {QStringLiteral("B")}),
            insufficientPrivilege);
        // Inserting rows in another's name is refused.
        for (const auto &[seedTable, sql] : seedStatements()) {
            if (seedTable == table)
                QCOMPARE(attempt(*a.db, sql, {QStringLiteral("B"), QStringLiteral("u2")}),
                         insufficientPrivilege);
        }
        // Nobody deletes: neither another's rows nor their own.
        QCOMPARE(attempt(*a.db, "DELETE FROM " + t + " WHERE participant_code = $1",
                         {QStringLiteral("B")}),
                 insufficientPrivilege);
        QCOMPARE(attempt(*a.db, "DELETE FROM " + t), insufficientPrivilege);
        QCOMPARE(attempt(*a.db, "TRUNCATE " + t), insufficientPrivilege);
        QCOMPARE(count(researcher, table, QStringLiteral("B")), 1);
        QCOMPARE(count(researcher, table, QStringLiteral("A")), 1);
        QCOMPARE(researcher.exec("SELECT count(*) FROM " + t).int64(0, 0), 2);
    }
    // Their own rows they may update.
    QCOMPARE(attempt(*a.db, "UPDATE sense7.rating SET value = 2, updated_at = now()"),
             QStringLiteral("ok 1"));
    QCOMPARE(attempt(*a.db,
                     "INSERT INTO sense7.change (participant_code, machine, seq, kind, "
                     "payload, at) VALUES ($1, 'u1', 1, 'rating', '{}', now()) "
                     "ON CONFLICT DO NOTHING",
                     {QStringLiteral("A")}),
             QStringLiteral("ok 0"));
    QCOMPARE(researcher.exec("SELECT value FROM sense7.rating WHERE participant_code = 'B'")
                 .integer(0, 0),
             5);
}

void TestServer::participantCannotChangeTheProtocolOrSchema()
{
    const QString url = freshStudy();
    Login a = join(url, QStringLiteral("A"));
    pg::Connection &db = *a.db;
    QCOMPARE(attempt(db, "SELECT key FROM sense7.protocol"), QStringLiteral("ok 1"));
    QCOMPARE(attempt(db, "UPDATE sense7.protocol SET key = 'mine'"), insufficientPrivilege);
    QCOMPARE(attempt(db, "UPDATE sense7.protocol SET definition = '{}'"), insufficientPrivilege);
    QCOMPARE(attempt(db, "DELETE FROM sense7.protocol"), insufficientPrivilege);
    QCOMPARE(attempt(db, "TRUNCATE sense7.protocol"), insufficientPrivilege);
    QCOMPARE(attempt(db,
                     "INSERT INTO sense7.protocol (id, key, definition, fingerprint) VALUES "
                     "(2, 'x', '{}', 'x')"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "SELECT * FROM sense7.withdrawal"), insufficientPrivilege);
    QCOMPARE(attempt(db, "CREATE TABLE sense7.mine (x int)"), insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER TABLE sense7.rating DISABLE ROW LEVEL SECURITY"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER TABLE sense7.rating NO FORCE ROW LEVEL SECURITY"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER TABLE sense7.rating ADD COLUMN x int"), insufficientPrivilege);
    QCOMPARE(attempt(db, "DROP POLICY own_rows ON sense7.rating"), insufficientPrivilege);
    QCOMPARE(attempt(db, "CREATE POLICY mine ON sense7.rating USING (true)"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "DROP TABLE sense7.rating"), insufficientPrivilege);
    QCOMPARE(attempt(db,
                     "CREATE OR REPLACE FUNCTION sense7.my_code() RETURNS text LANGUAGE sql "
                     "AS $$ SELECT 'B' $$"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER SCHEMA sense7 RENAME TO mine"), insufficientPrivilege);
    pg::Connection researcher(url);
    QCOMPARE(researcher.exec("SELECT key FROM sense7.protocol").text(0, 0),
             QStringLiteral("sense7"));
    QCOMPARE(
        researcher.exec("SELECT count(*) FROM pg_policies WHERE schemaname = 'sense7'").int64(0, 0),
        2 * server::dataTables().size() + 6);
}

void TestServer::participantRowIsPrivate()
{
    const QString url = freshStudy();
    Login a = join(url, QStringLiteral("A"));
    Login b = join(url, QStringLiteral("B"));
    pg::Connection &db = *a.db;
    QCOMPARE(attempt(db, "SELECT * FROM sense7.participant"), QStringLiteral("ok 1"));
    QCOMPARE(db.exec("SELECT code FROM sense7.participant").text(0, 0), QStringLiteral("A"));
    QCOMPARE(attempt(db, "SELECT * FROM sense7.participant WHERE code = 'B'"),
             QStringLiteral("ok 0"));
    QCOMPARE(attempt(db, "UPDATE sense7.participant SET profile = '{\"age\": 1}' WHERE code = 'B'"),
             QStringLiteral("ok 0"));
    QCOMPARE(attempt(db,
                     "UPDATE sense7.participant SET profile = '{\"age\": 30}', "
                     "profile_updated_at = now(), pseudonym = 'Ann'"),
             QStringLiteral("ok 1"));
    QCOMPARE(attempt(db, "UPDATE sense7.participant SET code = 'B2'"), insufficientPrivilege);
    QCOMPARE(attempt(db, "UPDATE sense7.participant SET role_name = $1", {b.credentials.role}),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "UPDATE sense7.participant SET withdrawn_at = now()"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "INSERT INTO sense7.participant (code, role_name) VALUES ('C', 'x')"),
             insufficientPrivilege);
    QCOMPARE(attempt(db, "DELETE FROM sense7.participant"), insufficientPrivilege);
    pg::Connection researcher(url);
    const pg::Result rows = researcher.exec(
        "SELECT code, profile->>'age', pseudonym FROM sense7.participant ORDER BY code");
    QCOMPARE(rows.text(0, 1), QStringLiteral("30"));
    QCOMPARE(rows.text(0, 2), QStringLiteral("Ann"));
    QVERIFY(rows.isNull(1, 1));
    QVERIFY(rows.isNull(1, 2));
}

void TestServer::participantCannotBecomeResearcher()
{
    const QString url = freshStudy();
    Login a = join(url, QStringLiteral("A"));
    pg::Connection &db = *a.db;
    const QByteArray self = db.quoteIdentifier(a.credentials.role);
    QCOMPARE(attempt(db, "GRANT sense7_researcher TO " + self), insufficientPrivilege);
    QCOMPARE(attempt(db, "SET ROLE sense7_researcher"), insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER ROLE " + self + " CREATEROLE"), insufficientPrivilege);
    QCOMPARE(attempt(db, "ALTER ROLE " + self + " SUPERUSER"), insufficientPrivilege);
    QCOMPARE(attempt(db, "CREATE ROLE intruder LOGIN"), insufficientPrivilege);
    QCOMPARE(attempt(db, "SELECT pg_has_role('sense7_researcher', 'MEMBER')"),
             QStringLiteral("ok 1"));
    QVERIFY(!db.exec("SELECT pg_has_role('sense7_researcher', 'MEMBER')").boolean(0, 0));
    // The login role is random, not the code, and only a participant.
    QVERIFY(!a.credentials.role.contains(QLatin1String("A")));
    const pg::Result role = db.exec(
        "SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = "
        "current_user");
    for (int column = 0; column < 4; ++column)
        QVERIFY(!role.boolean(0, column));
}

void TestServer::quotesAndSqlFragmentsStoredVerbatim()
{
    const QString url = freshStudy();
    const QString code = QStringLiteral("O'Brien \"\\x\\' '); DROP TABLE sense7.rating; -- 参与者");
    const QString text = QStringLiteral("It's \"quoted\"\\N\t\\; '); DROP TABLE sense7.rating; --\n"
                                        "$$ $1 %s \u00e9");
    Login login = join(url, code);
    pg::Connection &db = *login.db;
    QCOMPARE(db.exec("SELECT sense7.my_code()").text(0, 0), code);
    seed(db, code, text);
    db.exec("UPDATE sense7.turn SET text = $1 WHERE participant_code = $2", {text, code});
    db.exec(
        "UPDATE sense7.conversation SET title = $1, context = jsonb_build_object('why', $1::text)",
        {text});
    pg::Connection researcher(url);
    const pg::Result r = researcher.exec(
        "SELECT c.participant_code, c.uid, c.title, c.context->>'why', t.text "
        "FROM sense7.conversation c JOIN sense7.turn t ON t.participant_code = c.participant_code "
        "AND t.conversation_uid = c.uid");
    QCOMPARE(r.rows(), 1);
    QCOMPARE(r.text(0, 0), code);
    QCOMPARE(r.text(0, 1), text);
    QCOMPARE(r.text(0, 2), text);
    QCOMPARE(r.text(0, 3), text);
    QCOMPARE(r.text(0, 4), text);
    QCOMPARE(researcher.exec("SELECT count(*) FROM sense7.rating").int64(0, 0), 1);
    const server::Status status = server::status(researcher);
    QCOMPARE(status.participants.size(), 1);
    QCOMPARE(status.participants.first().code, code);
    QCOMPARE(status.participants.first().ratings, 2);
    QCOMPARE(server::withdraw(researcher, code), qint64(server::dataTables().size()));
    QCOMPARE(researcher.exec("SELECT code FROM sense7.withdrawal").text(0, 0), code);
}

void TestServer::withdrawRemovesExactlyThatParticipant()
{
    const QString url = freshStudy();
    Login a = join(url, QStringLiteral("A"));
    Login b = join(url, QStringLiteral("B"));
    seed(*a.db, QStringLiteral("A"));
    seed(*a.db, QStringLiteral("A"), QStringLiteral("u2"));
    seed(*b.db, QStringLiteral("B"));
    a.db->exec("UPDATE sense7.participant SET profile = '{\"age\": 30}', pseudonym = 'Ann'");
    a.db.reset();
    pg::Connection researcher(url);
    QCOMPARE(server::withdraw(researcher, QStringLiteral("A")),
             2 * qint64(server::dataTables().size()));
    for (const QString &table : server::dataTables()) {
        QCOMPARE(count(researcher, table, QStringLiteral("A")), 0);
        QCOMPARE(count(researcher, table, QStringLiteral("B")), 1);
    }
    const pg::Result journal = researcher.exec(
        "SELECT code, by_role, rows_removed, at IS NOT NULL FROM sense7.withdrawal");
    QCOMPARE(journal.rows(), 1);
    QCOMPARE(journal.text(0, 0), QStringLiteral("A"));
    QCOMPARE(journal.text(0, 1), m_cluster->superuser());
    QCOMPARE(journal.int64(0, 2), 2 * qint64(server::dataTables().size()));
    QVERIFY(journal.boolean(0, 3));
    const pg::Result row = researcher.exec(
        "SELECT withdrawn_at IS NOT NULL, profile::text, pseudonym FROM sense7.participant WHERE "
        "code = 'A'");
    QVERIFY(row.boolean(0, 0));
    QCOMPARE(row.text(0, 1), QStringLiteral("{}"));
    QVERIFY(row.isNull(0, 2));
    // The login is gone; the other participant's is not.
    QCOMPARE(
        researcher.exec("SELECT count(*) FROM pg_roles WHERE rolname = $1", {a.credentials.role})
            .int64(0, 0),
        0);
    pg::ConnectOptions options;
    options.password = a.credentials.password;
    try {
        pg::Connection gone(a.credentials.url, options);
        QFAIL("a withdrawn participant logged in");
    } catch (const pg::ConnectError &e) {
        QCOMPARE(e.kind(), pg::ConnectError::Kind::Authentication);
    }
    QCOMPARE(attempt(*b.db, "SELECT * FROM sense7.rating"), QStringLiteral("ok 1"));
    // Neither withdrawn twice nor added again.
    QVERIFY_THROWS_EXCEPTION(Error, server::withdraw(researcher, QStringLiteral("A")));
    QVERIFY_THROWS_EXCEPTION(Error, server::addParticipant(researcher, QStringLiteral("A")));
    QVERIFY_THROWS_EXCEPTION(Error, server::withdraw(researcher, QStringLiteral("nobody")));
    QCOMPARE(researcher.exec("SELECT count(*) FROM sense7.withdrawal").int64(0, 0), 1);
}

void TestServer::researcherWithoutSuperuser()
{
    // A researcher who may create roles and owns the database, but is no superuser.
    pg::Connection admin(m_cluster->url());
    admin.execScript("CREATE ROLE lab LOGIN CREATEROLE PASSWORD 'lab-secret'");
    m_cluster->createDatabase(QStringLiteral("labstudy"));
    admin.execScript("ALTER DATABASE labstudy OWNER TO lab");
    const QString url = m_cluster->urlAs(QStringLiteral("lab"), QStringLiteral("lab-secret"),
                                         QStringLiteral("labstudy"));
    server::init(url, protocol::sense7());
    Login a = join(url, QStringLiteral("A"));
    Login b = join(url, QStringLiteral("B"));
    seed(*a.db, QStringLiteral("A"));
    seed(*b.db, QStringLiteral("B"));
    pg::Connection lab(url);
    QVERIFY(!lab.exec("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").boolean(0, 0));
    // Row-level security is forced on the owner too; the researcher's policies let them see all.
    for (const QString &table : server::dataTables()) {
        QCOMPARE(count(lab, table, QStringLiteral("A")), 1);
        QCOMPARE(count(lab, table, QStringLiteral("B")), 1);
    }
    QCOMPARE(attempt(*a.db, "SELECT * FROM sense7.conversation WHERE participant_code = 'B'"),
             QStringLiteral("ok 0"));
    QCOMPARE(server::withdraw(lab, QStringLiteral("B")), qint64(server::dataTables().size()));
    QCOMPARE(lab.exec("SELECT by_role FROM sense7.withdrawal").text(0, 0), QStringLiteral("lab"));
    QCOMPARE(count(lab, QStringLiteral("rating"), QStringLiteral("A")), 1);
}

void TestServer::initNeedsTheRightToCreateRoles()
{
    pg::Connection admin(m_cluster->url());
    admin.execScript("CREATE ROLE plain LOGIN PASSWORD 'plain-secret'");
    m_cluster->createDatabase(QStringLiteral("plainstudy"));
    admin.execScript("ALTER DATABASE plainstudy OWNER TO plain");
    const QString url = m_cluster->urlAs(QStringLiteral("plain"), QStringLiteral("plain-secret"),
                                         QStringLiteral("plainstudy"));
    try {
        server::init(url, protocol::sense7());
        QFAIL("a user without CREATEROLE initialised a study");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("may not create the study's roles")),
                 qPrintable(e.message()));
    }
    pg::Connection db(url);
    QVERIFY(!server::isInitialised(db));
}

void TestServer::copyInAndOut()
{
    pg::Connection db(m_cluster->url());
    db.execScript("CREATE TEMP TABLE copied (t text, n int)");
    const QList<QByteArray> chunks {"tab\\there\t1\nback\\\\slash\t2\n", "null\t\\N\n"};
    int next = 0;
    const qint64 rows = db.copyIn("COPY copied FROM STDIN", [&](QByteArray &chunk) {
        if (next == chunks.size())
            return false;
        chunk = chunks.at(next++);
        return true;
    });
    QCOMPARE(rows, 3);
    const pg::Result r = db.exec("SELECT t, n FROM copied ORDER BY t");
    QCOMPARE(r.text(0, 0), QStringLiteral("back\\slash"));
    QCOMPARE(r.text(1, 0), QStringLiteral("null"));
    QVERIFY(r.isNull(1, 1));
    QCOMPARE(r.text(2, 0), QStringLiteral("tab\there"));
    QByteArray out;
    QCOMPARE(db.copyOut("COPY copied TO STDOUT", [&](const QByteArray &row) { out += row; }), 3);
    QVERIFY(out.contains("null\t\\N\n"));
    // A bad row fails the whole COPY with the server's message; nothing is left half done.
    next = 0;
    QVERIFY_THROWS_EXCEPTION(pg::ServerError,
                             db.copyIn("COPY copied FROM STDIN", [&](QByteArray &chunk) {
                                 if (next++ > 0)
                                     return false;
                                 chunk = "x\tnot a number\n";
                                 return true;
                             }));
    QCOMPARE(db.exec("SELECT count(*) FROM copied").int64(0, 0), 3);
}

void TestServer::serverErrorsCarrySqlstate()
{
    // A conninfo string works as well as a URL; messages never show a password.
    QCOMPARE(pg::Connection(m_cluster->conninfo()).user(), m_cluster->superuser());
    QVERIFY(!pg::Connection::redacted(m_cluster->conninfo()).contains(m_cluster->password()));
    QVERIFY(!pg::Connection::redacted(m_cluster->url()).contains(m_cluster->password()));
    pg::Connection db(m_cluster->url());
    try {
        db.exec("SELECT * FROM no_such_table");
        QFAIL("no error");
    } catch (const pg::ServerError &e) {
        QCOMPARE(e.sqlstate(), QStringLiteral("42P01"));
        QVERIFY2(e.message().contains(QLatin1String("no_such_table")), qPrintable(e.message()));
    }
    {
        pg::Transaction transaction(db);
        db.execScript("CREATE TEMP TABLE rolled (x int)");
    }
    QCOMPARE(attempt(db, "SELECT * FROM rolled"), QStringLiteral("42P01"));
    QCOMPARE(db.quoteIdentifier(QStringLiteral("a\"b")), QByteArray("\"a\"\"b\""));
    QCOMPARE(db.exec("SELECT $1::jsonb", {QStringLiteral("{\"k\": [1, 2]}")})
                 .json(0, 0)
                 .toObject()
                 .value(QStringLiteral("k"))
                 .toArray()
                 .size(),
             2);
    // A long statement is cancelled from another thread. The cancel is sent again until the
    // statement ends: one sent before the statement reached the server would do nothing.
    std::atomic<bool> ended {false};
    std::thread canceller([&db, &ended] {
        while (!ended.load()) {
            QThread::msleep(100);
            db.cancel();
        }
    });
    QElapsedTimer timer;
    timer.start();
    const QString state = attempt(db, "SELECT pg_sleep(30)");
    ended.store(true);
    canceller.join();
    QCOMPARE(state, QStringLiteral("57014"));
    QVERIFY(timer.elapsed() < 20000);
    QVERIFY(db.isOk());
    QCOMPARE(attempt(db, "SELECT 1"), QStringLiteral("ok 1"));
    // Timestamps go out and come back in UTC, to the millisecond; NULL stays NULL.
    const QDateTime at =
        QDateTime::fromString(QStringLiteral("2026-03-01T08:09:10.123+02:00"), Qt::ISODateWithMs);
    const pg::Result times =
        db.exec("SELECT $1::timestamptz, $2::timestamptz, $3::float8", {at, QDateTime(), 0.1});
    QCOMPARE(times.dateTime(0, 0), at);
    QCOMPARE(times.dateTime(0, 0).timeSpec(), Qt::UTC);
    QVERIFY(times.isNull(0, 1));
    QVERIFY(!times.dateTime(0, 1).isValid());
    QCOMPARE(times.text(0, 2), QStringLiteral("0.1"));
    QCOMPARE(db.exec("SELECT '2026-03-01 06:09:10.123456+00'::timestamptz").dateTime(0, 0), at);
    try {
        pg::Connection nowhere(QStringLiteral("postgresql://x:y@127.0.0.1:1/db"));
        QFAIL("connected to nothing");
    } catch (const pg::ConnectError &e) {
        QCOMPARE(e.kind(), pg::ConnectError::Kind::Unreachable);
        QVERIFY2(!e.message().contains(QLatin1String(":y@")), qPrintable(e.message()));
    }
}

void TestServer::cliInitAddStatusWithdraw()
{
    const QString url = m_cluster->createDatabase(QStringLiteral("clistudy"));
    CliResult r = sense7Cli({QStringLiteral("server"), QStringLiteral("init"), url,
                             QStringLiteral("--protocol"), QStringLiteral("esconv")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("Created the study esconv")), qPrintable(r.out));
    QVERIFY2(!r.out.contains(m_cluster->password()), qPrintable(r.out));
    // Twice: refused, and nothing changed.
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("init"), url,
                   QStringLiteral("--protocol"), QStringLiteral("sense7")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("already holds a study (protocol esconv")),
             qPrintable(r.err));
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("add-participant"), url,
                   QStringLiteral("P'01"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject credentials = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(credentials.value(QStringLiteral("code")).toString(), QStringLiteral("P'01"));
    pg::ConnectOptions options;
    options.password = credentials.value(QStringLiteral("password")).toString();
    pg::Connection participant(credentials.value(QStringLiteral("url")).toString(), options);
    seed(participant, QStringLiteral("P'01"));
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("add-participant"), url,
                   QStringLiteral("P02"), QStringLiteral("--sslmode"), QStringLiteral("require")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("Password:")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("URL:       postgresql://s7p_")), qPrintable(r.out));
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("add-participant"), url, QStringLiteral("P02")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("already takes part")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"), url});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("Study esconv")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("P'01 +1 +1 +2 +20"))),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(
                 QLatin1String("Participants: 2 (0 withdrawn); conversations: 1; ratings: 2.")),
             qPrintable(r.out));
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("withdraw"), url, QStringLiteral("P'01")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("removed their 9 rows")), qPrintable(r.out));
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("status"), url, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject status = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(status.value(QStringLiteral("protocol")).toString(), QStringLiteral("esconv"));
    const QJsonArray participants = status.value(QStringLiteral("participants")).toArray();
    QCOMPARE(participants.size(), 2);
    QVERIFY(participants.at(0).toObject().value(QStringLiteral("withdrawn")).toBool());
    QCOMPARE(participants.at(0).toObject().value(QStringLiteral("conversations")).toInt(), 0);
    QVERIFY(!participants.at(1).toObject().value(QStringLiteral("withdrawn")).toBool());
}

void TestServer::cliMessages()
{
    // Nobody listens on port 1.
    CliResult r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"),
                             QStringLiteral("postgresql://someone:secret@127.0.0.1:1/study")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("Cannot reach the study server")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QLatin1String("secret")), qPrintable(r.err));
    // A wrong password.
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"),
                   m_cluster->urlAs(m_cluster->superuser(), QStringLiteral("wrong"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("refused the user name or password")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("PGPASSWORD")), qPrintable(r.err));
    // A bad protocol file: its position, and nothing created.
    const QString url = m_cluster->createDatabase(QStringLiteral("badprotocol"));
    const QString bad =
        QStringLiteral(SENSE7_TEST_DATA "/protocols/bad/duplicate_dimension_key.json");
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("init"), url, QStringLiteral("--protocol"), bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("duplicate_dimension_key.json:23:18:")),
             qPrintable(r.err));
    QVERIFY(!server::isInitialised(*std::make_unique<pg::Connection>(url)));
    // A database that holds no study.
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("add-participant"), url, QStringLiteral("P01")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("holds no study yet")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"), url,
                   QStringLiteral("--sslmode"), QStringLiteral("sometimes")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("--sslmode must be one of")), qPrintable(r.err));
}

void TestServer::olderClientsKeepLiveTurnsAndSittings()
{
    const QString url = freshStudy();
    Login p = join(url, QStringLiteral("P01"));
    pg::Connection &db = *p.db;
    const QString code = QStringLiteral("P01");
    const QString live = QStringLiteral("live-1");
    const QString imported = QStringLiteral("imported-1");
    db.exec("INSERT INTO sense7.conversation (participant_code, uid, condition) VALUES ($1, $2, "
            "'empathic'), ($1, $3, NULL)",
            {code, live, imported});
    const QJsonArray first {
        turnJson(0, "user", "I missed the deadline.", "2026-11-27T09:00:00Z"),
        turnJson(1, "assistant", "That sounds stressful.", "2026-11-27T09:00:05Z")};
    for (const QString &uid : {live, imported})
        QCOMPARE(attempt(db, olderTurnUpsert, {code, uid, turnsJson(first)}),
                 QStringLiteral("ok 2"));
    const QString kept = storedTurn(db, live, 1);

    // Another machine's continuation from turn 1 (another time): refused, the push rolls back.
    const QJsonArray other {turnJson(1, "user", "Never mind.", "2026-11-27T09:03:00Z")};
    try {
        db.exec(olderTurnUpsert, {code, live, turnsJson(other)});
        QFAIL("an earlier client replaced a live conversation's turn");
    } catch (const pg::ServerError &e) {
        QCOMPARE(e.sqlstate(), QStringLiteral("S7T01"));
        QVERIFY2(e.message().contains(QLatin1String("Another machine went on with conversation "
                                                    "live-1 from the same turn (turn 1 differs)")),
                 qPrintable(e.message()));
    }
    QCOMPARE(storedTurn(db, live, 1), kept);
    // The same reply at another time is another reply, too.
    const QJsonArray regenerated {
        turnJson(1, "assistant", "That sounds stressful.", "2026-11-27T09:00:06Z")};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(regenerated)}),
             QStringLiteral("S7T01"));

    // A copy of the reply taken while it streamed, or marked a crash: the finished one stays.
    const QJsonArray streaming {turnJson(1, "assistant", "That sounds", "2026-11-27T09:00:05Z",
                                         {{QStringLiteral("streaming"), true}})};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(streaming)}),
             QStringLiteral("ok 0"));
    const QJsonArray crashed {
        turnJson(1, "assistant", "That sounds", "2026-11-27T09:00:05Z",
                 {{QStringLiteral("finish_reason"), QStringLiteral("crash")}})};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(crashed)}),
             QStringLiteral("ok 0"));
    QCOMPARE(storedTurn(db, live, 1), kept);
    // The same turn finished, or said again as it is, still arrives; so does a new turn.
    const QJsonArray next {
        turnJson(1, "assistant", "That sounds stressful. What happened?", "2026-11-27T09:00:05Z"),
        turnJson(2, "user", "My manager moved it.", "2026-11-27T09:01:00Z")};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(next)}), QStringLiteral("ok 2"));
    QCOMPARE(storedTurn(db, live, 1),
             QStringLiteral("assistant|That sounds stressful. What happened?|09:00:05|{}"));
    QCOMPARE(storedTurn(db, live, 2), QStringLiteral("user|My manager moved it.|09:01:00|{}"));
    // A streaming copy of a reply that is still streaming on the server, but further along, is
    // older; one that goes further is newer.
    const QJsonArray further {turnJson(3, "assistant", "Deadlines that", "2026-11-27T09:01:02Z",
                                       {{QStringLiteral("streaming"), true}})};
    db.exec(olderTurnUpsert, {code, live, turnsJson(further)});
    const QJsonArray shorter {turnJson(3, "assistant", "Dead", "2026-11-27T09:01:02Z",
                                       {{QStringLiteral("streaming"), true}})};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(shorter)}),
             QStringLiteral("ok 0"));
    const QJsonArray longer {turnJson(3, "assistant", "Deadlines that move", "2026-11-27T09:01:02Z",
                                      {{QStringLiteral("streaming"), true}})};
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(longer)}), QStringLiteral("ok 1"));
    QCOMPARE(storedTurn(db, live, 3),
             QStringLiteral("assistant|Deadlines that move|09:01:02|{\"streaming\": true}"));

    // The statements of this version agree: the same turn, told again differently, arrives;
    // a streaming copy does not undo it.
    auto push = [&, seq = qint64(0)](const QJsonArray &turns) mutable {
        sync::server::push(db, code, QStringLiteral("m2"),
                           {conversationChange(++seq, live, turns, QStringLiteral("empathic"))});
    };
    push(QJsonArray {turnJson(2, "user", "My manager moved it!", "2026-11-27T09:01:00Z")});
    QCOMPARE(storedTurn(db, live, 2), QStringLiteral("user|My manager moved it!|09:01:00|{}"));
    push(QJsonArray {turnJson(2, "user", "My manager", "2026-11-27T09:01:00Z",
                              {{QStringLiteral("streaming"), true}})});
    QCOMPARE(storedTurn(db, live, 2), QStringLiteral("user|My manager moved it!|09:01:00|{}"));
    try {
        push(QJsonArray {turnJson(2, "user", "Never mind.", "2026-11-27T09:03:00Z")});
        QFAIL("this version replaced a live conversation's turn");
    } catch (const sync::server::Diverged &) { }

    // A copy of the conversation that is not live (an earlier client's upsert sets the
    // condition it holds) leaves the condition, and the guard with it.
    QCOMPARE(attempt(db, "UPDATE sense7.conversation SET condition = NULL WHERE uid = $1", {live}),
             QStringLiteral("ok 1"));
    QCOMPARE(db.exec("SELECT condition FROM sense7.conversation WHERE uid = $1", {live}).text(0, 0),
             QStringLiteral("empathic"));
    QCOMPARE(attempt(db, olderTurnUpsert, {code, live, turnsJson(other)}), QStringLiteral("S7T01"));
    // This version's copy that is not live is told to follow the server's, as a live one is.
    try {
        sync::server::push(db, code, QStringLiteral("m3"),
                           {conversationChange(10, live,
                                               QJsonArray {turnJson(2, "user", "Never mind.",
                                                                    "2026-11-27T09:03:00Z")})});
        QFAIL("a copy that is not live replaced a live conversation's turn");
    } catch (const sync::server::Diverged &e) {
        QCOMPARE(e.conversation(), live);
    }
    QCOMPARE(storedTurn(db, live, 2), QStringLiteral("user|My manager moved it!|09:01:00|{}"));

    // An imported conversation is not held on several machines: a push replaces it as before.
    QCOMPARE(attempt(db, olderTurnUpsert, {code, imported, turnsJson(other)}),
             QStringLiteral("ok 1"));
    QCOMPARE(storedTurn(db, imported, 1), QStringLiteral("user|Never mind.|09:03:00|{}"));

    // A sitting, once ended, is not opened again; a later end is taken.
    const auto sittings = [&](const char *end) {
        QJsonObject sitting {{QStringLiteral("started_at"), QStringLiteral("2026-11-27T09:00:00Z")},
                             {QStringLiteral("first_turn_idx"), 0}};
        sitting.insert(QStringLiteral("ended_at"),
                       end ? QJsonValue(QLatin1String(end)) : QJsonValue());
        return QJsonDocument(QJsonArray {sitting}).toJson(QJsonDocument::Compact);
    };
    const auto ended = [&] {
        return db
            .exec("SELECT coalesce(to_char(ended_at AT TIME ZONE 'UTC', 'HH24:MI'), 'open') "
                  "FROM sense7.session WHERE conversation_uid = $1",
                  {live})
            .text(0, 0);
    };
    db.exec(olderSittingUpsert, {code, live, sittings("2026-11-27T09:30:00Z")});
    db.exec(olderSittingUpsert, {code, live, sittings(nullptr)});
    QCOMPARE(ended(), QStringLiteral("09:30"));
    db.exec(olderSittingUpsert, {code, live, sittings("2026-11-27T09:45:00Z")});
    QCOMPARE(ended(), QStringLiteral("09:45"));
}

void TestServer::upgradeFromVersionOne()
{
    const QString url = freshStudy();
    pg::Connection db(url);
    QCOMPARE(server::installedVersion(db), server::schemaVersion);
    QCOMPARE(server::schemaVersion, 2);
    test::makeSchemaVersionOne(db);
    QCOMPARE(server::installedVersion(db), 1);
    Login p = join(url, QStringLiteral("P01"));
    const QString code = QStringLiteral("P01");
    const QString live = QStringLiteral("live-1");
    p.db->exec("INSERT INTO sense7.conversation (participant_code, uid, condition) VALUES ($1, "
               "$2, 'empathic')",
               {code, live});
    p.db->exec(olderTurnUpsert,
               {code, live, turnsJson({turnJson(0, "user", "Mine.", "2026-11-27T09:00:00Z")})});
    // There, an earlier client replaces the turn.
    const QByteArray theirs = turnsJson({turnJson(0, "user", "Theirs.", "2026-11-27T09:00:09Z")});
    QCOMPARE(attempt(*p.db, olderTurnUpsert, {code, live, theirs}), QStringLiteral("ok 1"));
    QCOMPARE(storedTurn(*p.db, live, 0), QStringLiteral("user|Theirs.|09:00:09|{}"));
    // This version keeps the condition there too: a copy that is not live follows the server's.
    const sync::server::Change change = conversationChange(
        1, live, QJsonArray {turnJson(0, "user", "Mine.", "2026-11-27T09:00:00Z")});
    QVERIFY_THROWS_EXCEPTION(sync::server::Diverged,
                             sync::server::push(*p.db, code, QStringLiteral("m1"), {change}));
    QCOMPARE(storedTurn(*p.db, live, 0), QStringLiteral("user|Theirs.|09:00:09|{}"));
    QCOMPARE(
        p.db->exec("SELECT condition FROM sense7.conversation WHERE uid = $1", {live}).text(0, 0),
        QStringLiteral("empathic"));

    CliResult r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"), url});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("Its schema is version 1; run `sense7 server upgrade "
                                          "URL` to bring it to 2")),
             qPrintable(r.out));
    // A participant may not upgrade.
    try {
        server::upgrade(*p.db);
        QFAIL("a participant upgraded the schema");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("may not upgrade the study: only the "
                                                    "study's researchers")),
                 qPrintable(e.message()));
    }
    QCOMPARE(server::installedVersion(db), 1);
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("upgrade"), url});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("from schema version 1 to 2.")), qPrintable(r.out));
    QCOMPARE(server::installedVersion(db), 2);
    // The data are kept, the triggers belong to the researcher, and now the turn stays.
    QCOMPARE(storedTurn(db, live, 0), QStringLiteral("user|Theirs.|09:00:09|{}"));
    QCOMPARE(db.exec("SELECT string_agg(tgname || ':' || pg_get_userbyid(p.proowner), ',' ORDER "
                     "BY tgname) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE "
                     "NOT t.tgisinternal AND t.tgrelid IN ('sense7.turn'::regclass, "
                     "'sense7.session'::regclass)")
                 .text(0, 0),
             QStringLiteral("keep_sitting_end:sense7_researcher,keep_turn:sense7_researcher"));
    QCOMPARE(
        attempt(*p.db, olderTurnUpsert,
                {code, live, turnsJson({turnJson(0, "user", "Mine.", "2026-11-27T09:00:00Z")})}),
        QStringLiteral("S7T01"));
    // Again: nothing to do.
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("upgrade"), url});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("has schema version 2 already; nothing to do.")),
             qPrintable(r.out));
    r = sense7Cli(
        {QStringLiteral("server"), QStringLiteral("status"), url, QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8())
                 .object()
                 .value(QStringLiteral("schema_version"))
                 .toInt(),
             2);
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"), url});
    QVERIFY2(!r.out.contains(QLatin1String("server upgrade")), qPrintable(r.out));
    // A schema from a later version is refused, unchanged.
    db.execScript("SET ROLE sense7_researcher; COMMENT ON SCHEMA sense7 IS 'Sense-7 study server, "
                  "schema version 3'; RESET ROLE");
    try {
        server::upgrade(db);
        QFAIL("a later schema was upgraded");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("has schema version 3, made by a later")),
                 qPrintable(e.message()));
    }
    QCOMPARE(server::installedVersion(db), 3);
    r = sense7Cli({QStringLiteral("server"), QStringLiteral("status"), url});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("Its schema is version 3, made by a later version")),
             qPrintable(r.out));
    // A restore without comments loses the version: what the schema holds tells it.
    db.execScript("SET ROLE sense7_researcher; COMMENT ON SCHEMA sense7 IS NULL; RESET ROLE");
    QCOMPARE(server::installedVersion(db), 2);
    QCOMPARE(server::upgrade(db), 2);
    test::makeSchemaVersionOne(db);
    db.execScript("SET ROLE sense7_researcher; COMMENT ON SCHEMA sense7 IS NULL; RESET ROLE");
    QCOMPARE(server::installedVersion(db), 1);
    QCOMPARE(server::upgrade(db), 1);
    QCOMPARE(server::installedVersion(db), 2);
    // An upgrade waits for a push under way, but not for long.
    test::makeSchemaVersionOne(db);
    pg::Connection pushing(url);
    pg::Transaction open(pushing);
    pushing.execScript("LOCK TABLE sense7.turn IN ROW EXCLUSIVE MODE");
    try {
        server::upgrade(db);
        QFAIL("an upgrade went past a push under way");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("The study server is busy")),
                 qPrintable(e.message()));
    }
    QCOMPARE(server::installedVersion(db), 1);
    // And a database with no study says so.
    pg::Connection empty(m_cluster->createDatabase(QStringLiteral("nostudy_upgrade")));
    try {
        server::upgrade(empty);
        QFAIL("a database with no study was upgraded");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("holds no study yet")),
                 qPrintable(e.message()));
    }
}

void TestServer::serverStoppedAndStarted()
{
    const QString url = freshStudy();
    pg::Connection before(url);
    before.exec("INSERT INTO sense7.participant (code, role_name) VALUES ('kept', 'x')");
    m_cluster->stop();
    // The open connection fails with the server's or libpq's message, and says it is lost.
    QVERIFY_THROWS_EXCEPTION(pg::ServerError, before.exec("SELECT 1"));
    QVERIFY(!before.isOk());
    try {
        pg::Connection during(url);
        QFAIL("connected to a stopped server");
    } catch (const pg::ConnectError &e) {
        QCOMPARE(e.kind(), pg::ConnectError::Kind::Unreachable);
    }
    m_cluster->start();
    pg::Connection after(url);
    QCOMPARE(after.exec("SELECT code FROM sense7.participant").text(0, 0), QStringLiteral("kept"));
}

QTEST_GUILESS_MAIN(TestServer)
#include "tst_server.moc"
