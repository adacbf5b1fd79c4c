// The study server on a real, throwaway PostgreSQL 15 cluster: the schema, roles and credentials
// `sense7 server` makes, and row-level security tried with direct SQL as a participant.

#include "error.h"
#include "pgcluster.h"
#include "protocol.h"
#include "server/pg.h"
#include "server/serverschema.h"
#include "testsupport.h"

#include <QTest>

#include <memory>

using namespace sense7;

class TestServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void initCreatesSchemaProtocolAndRoles();
    void initTwiceIsRefused();
    void participantCredentialsLogIn();

private:
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

QTEST_GUILESS_MAIN(TestServer)
#include "tst_server.moc"
