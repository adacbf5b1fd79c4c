#include "browse/digest.h"
#include "browse/page.h"
#include "demo.h"
#include "error.h"
#include "import/importer.h"
#include "schema.h"
#include "sqlite.h"
#include "store.h"
#include "store_p.h"
#include "testsupport.h"
#include "writeback.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <functional>
#include <thread>

using namespace sense7;

namespace {

qint64 firstDimension(Store &store)
{
    return store.instruments().constFirst().dimensions.constFirst().id;
}

/** Every row of every table of \a path (not the full-text index's), as text, sorted. */
/** Every row of every table, but for the columns named in \a ignored. */
QStringList rawRows(const QString &path, const QSet<QString> &ignored = {})
{
    sql::Connection db;
    db.open(path, sql::Connection::Access::ReadOnly);
    QStringList tables;
    {
        sql::Statement names(db,
                             "SELECT name FROM sqlite_schema WHERE type = 'table' AND name "
                             "NOT LIKE 'sqlite_%' AND name NOT LIKE 'turn_text%'");
        while (names.next())
            tables << names.text(0);
    }
    QStringList rows;
    for (const QString &table : tables) {
        sql::Statement all(db, QByteArray("SELECT * FROM \"" + table.toUtf8() + "\"").constData());
        while (all.next()) {
            QStringList values {table};
            for (int i = 0; i < all.columnCount(); ++i)
                if (!ignored.contains(all.columnName(i)))
                    values << all.text(i);
            rows << values.join(QChar(0x1f));
        }
    }
    rows.sort();
    return rows;
}

} // namespace

class TestStore : public QObject
{
    Q_OBJECT

private slots:
    void storedTimesAreReadAsQtReadsThem();
    void createsNewDataSet();
    void createRefusesExistingFile();
    void reopenKeepsData();
    void migratesFromVersion1();
    void migratesFromFormat9KeepingEverything();
    void migratesFromFormat14NamingUniqueIndexes();
    void previousVersionsDataSetAndBundleStillWork();
    void sittingsOfAJoinedDataSetAreNotTakenAsOwn();
    void refusesNewerVersion();
    void messagesNameAPathHoldingPlaceholders();
    void heldWritesAreRefusedUntilReleased();
    void refusesJunk_data();
    void refusesJunk();
    void refusesForeignSqlite();
    void readOnlyAccessChangesNothing();
    void rollsBackFailedTransaction();
    void nestedFailureKeepsOuterWork();
    void enforcesForeignKeys();
    void statementsBindTextAndAreFoundByTheirText();
    void twoConnectionsAtOnce();
    void journalsRatingChanges();
    void rejectsOutOfRangeRating();
    void notifiesOnlyAfterCommit();
    void rejectsDuplicateConversation();
    void turnsKeepTextTimeAndMeta();
    void rejectsUnknownFlagReason();
    void bulkWriteRestoresOnException();
    void writesBehindUntilStopped();
    void bulkWriteKeepsTheLogWhenShared();
    void aWriterThatCanWaitSeesOthersWaiting();
};

void TestStore::createsNewDataSet()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("new.sense7"));
    {
        auto store = Store::create(path);
        QCOMPARE(store->schemaVersion(), schema::currentVersion);
        QVERIFY(!store->isReadOnly());
        QCOMPARE(test::connection(*store).pragmaInt("PRAGMA foreign_keys"), 1);
        QCOMPARE(test::connection(*store).pragmaInt("PRAGMA busy_timeout"), 5000);
        const QVector<Instrument> instruments = store->instruments();
        QCOMPARE(instruments.size(), 1);
        QCOMPARE(instruments[0].key, QStringLiteral("sense7"));
        QCOMPARE(instruments[0].dimensions.size(), 7);
        QVERIFY(!instruments[0].definition.isEmpty());
        QCOMPARE(store->info().conversations, 0);
    }
    QCOMPARE(test::queryInt(path, "PRAGMA application_id"), qint64(schema::applicationId));
    sql::Connection raw;
    raw.open(path, sql::Connection::Access::ReadOnly);
    sql::Statement mode(raw, "PRAGMA journal_mode");
    QVERIFY(mode.next());
    QCOMPARE(mode.text(0), QStringLiteral("wal"));
    QCOMPARE(raw.pragmaInt("PRAGMA page_size"), 16384);
    sql::Statement self(raw, "SELECT kind FROM annotator WHERE code = 'self'");
    QVERIFY(self.next());
    QCOMPARE(self.text(0), QStringLiteral("self"));
}

void TestStore::createRefusesExistingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("taken.sense7"));
    test::writeFile(path, "precious notes");
    try {
        Store::create(path);
        QFAIL("create() accepted an existing file");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(path), qPrintable(e.message()));
        QVERIFY(e.message().contains(QStringLiteral("already exists")));
    }
    QCOMPARE(test::readFile(path), QByteArray("precious notes"));
}

void TestStore::reopenKeepsData()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("data.sense7"));
    QVector<Turn> turns;
    {
        auto store = Store::create(path);
        const qint64 p =
            store->addParticipant(QStringLiteral("P01"), {{QStringLiteral("trust_in_ai"), 4}});
        test::addSmallConversation(*store, p, QStringLiteral("budget"), &turns);
        const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
        store->setRating(turns[1].id, firstDimension(*store), self, 4);
    }
    auto store = Store::open(path);
    const DataSetInfo info = store->info();
    QCOMPARE(info.participants, 1);
    QCOMPARE(info.conversations, 1);
    QCOMPARE(info.turns, 3);
    QCOMPARE(info.assistantTurns, 2);
    QCOMPARE(info.ratings, 1);
    QCOMPARE(store->participants()[0].profile.value(QStringLiteral("trust_in_ai")).toInt(), 4);
    const QVector<Turn> reread = store->turns(turns[0].conversationId);
    QCOMPARE(reread.size(), 3);
    QCOMPARE(reread[2].text, turns[2].text);
    QCOMPARE(reread[2].role, Role::Assistant);
    QCOMPARE(test::queryInt(path, "SELECT value FROM rating"), 4);
}

void TestStore::migratesFromVersion1()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.sense7"));
    {
        sql::Connection raw;
        raw.open(path, sql::Connection::Access::Create);
        raw.exec(test::readFile(QStringLiteral(SENSE7_TEST_DATA "/store/v1.sql")).constData());
    }
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 1);

    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    const DataSetInfo info = store->info();
    QCOMPARE(info.participants, 1);
    QCOMPARE(info.conversations, 1);
    QCOMPARE(info.turns, 2);
    QCOMPARE(info.ratings, 1);
    QCOMPARE(store->conversation(1)->title, QStringLiteral("Old conversation"));
    QCOMPARE(store->conversation(1)->context.value(QStringLiteral("task_type")).toString(),
             QStringLiteral("writing"));
    // Version 2 added provenance and indexes.
    QCOMPARE(
        test::connection(*store).pragmaInt(
            "SELECT count(*) FROM pragma_table_info('conversation') WHERE name = 'provenance'"),
        1);
    QCOMPARE(test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM sqlite_schema WHERE name = 'rating_by_dimension'"),
             1);
}

void TestStore::migratesFromFormat9KeepingEverything()
{
    // The demo (live conversations, sittings, assignments, ratings, flags, digests) as the
    // version before format 10 wrote it: opened again, it gains the indexes of formats 10, 11
    // and 13 and loses nothing.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("format9.sense7"));
    QString before;
    {
        auto store = Store::create(path, demo::protocol());
        demo::load(*store);
        digest::refresh(*store);
        test::rollBackToFormat9(test::connection(*store));
        before = test::logicalDump(*store);
        QVERIFY(before.contains(QStringLiteral("forgetful"))); // the live conversations are there
    }
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 9);
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    // Format 12's column aside (every sitting held before is taken as begun here), nothing
    // changed.
    QCOMPARE(
        test::connection(*store).pragmaInt("SELECT count(*) FROM session WHERE begun_here <> 1"),
        0);
    QCOMPARE(test::logicalDump(*store, test::Times::Compared, {QStringLiteral("begun_here")}),
             before);
    for (const char *index :
         {"conversation_by_agent", "conversation_by_condition", "conversation_by_task",
          "digest_flagged", "digest_detected", "turn_conversation", "conversation_by_content_hash",
          "turn_by_position"})
        QVERIFY2(test::connection(*store).pragmaInt(
                     QByteArray("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND "
                                "name = '")
                         .append(index)
                         .append("'")
                         .constData())
                     == 1,
                 index);
    QVERIFY(test::connection(*store).pragmaInt(
                "SELECT count(*) FROM pragma_index_info('conversation_by_agent')")
            == 2); // (agent, started_at)
    QVERIFY(test::connection(*store).pragmaInt(
                "SELECT count(*) FROM pragma_index_info('conversation_by_participant')")
            == 3); // (participant_id, source_format, source_id)
}

void TestStore::migratesFromFormat14NamingUniqueIndexes()
{
    // Format 15 gives the uniqueness of content hashes and of turn positions named indexes in
    // place of the tables' constraints, without copying a row: the demo as format 14 wrote it
    // opens with nothing changed, the indexes are whole, and both are still unique.
    QTemporaryDir dir;
    const auto definitions = [](sql::Connection &db) {
        QStringList rows;
        sql::Statement query(db,
                             "SELECT type, name, coalesce(sql, '') FROM sqlite_schema "
                             "WHERE tbl_name IN ('conversation', 'turn') ORDER BY type, name");
        while (query.next())
            rows << query.text(0) + QLatin1Char(' ') + query.text(1) + QLatin1String(": ")
                    + query.text(2);
        return rows.join(QLatin1Char('\n'));
    };
    QString format14;
    {
        // The tables as format 14 defined them, from the migrations themselves.
        sql::Connection db;
        db.open(dir.filePath(QStringLiteral("empty14.sense7")), sql::Connection::Access::Create);
        schema::migrate(db, 14);
        format14 = definitions(db);
    }
    QVERIFY(format14.contains(QStringLiteral("sqlite_autoindex_conversation_1")));
    QVERIFY(format14.contains(QStringLiteral("sqlite_autoindex_turn_1")));
    const QString path = dir.filePath(QStringLiteral("format14.sense7"));
    QString before;
    QString fresh;
    {
        auto store = Store::create(path, demo::protocol());
        demo::load(*store);
        digest::refresh(*store);
        fresh = definitions(test::connection(*store));
        test::rollBackToFormat14(test::connection(*store));
        // What a data set of format 14 holds, to the letter, with its indexes as SQLite made them.
        QCOMPARE(definitions(test::connection(*store)), format14);
        QCOMPARE(test::connection(*store).pragmaText("PRAGMA integrity_check"),
                 QStringLiteral("ok"));
        before = test::logicalDump(*store);
    }
    QVERIFY(fresh.contains(QStringLiteral(
        "CREATE UNIQUE INDEX conversation_by_content_hash ON conversation(content_hash)")));
    QVERIFY(fresh.contains(
        QStringLiteral("CREATE UNIQUE INDEX turn_by_position ON turn(conversation_id, idx)")));
    QVERIFY(!fresh.contains(QStringLiteral("UNIQUE(conversation_id, idx)")));
    QVERIFY(!fresh.contains(QStringLiteral("autoindex")));
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 14);
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    sql::Connection &db = test::connection(*store);
    QCOMPARE(definitions(db), fresh);
    QCOMPARE(db.pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));
    QCOMPARE(test::logicalDump(*store), before);
    // The lookups by hash and by position read the named indexes.
    const auto plan = [&db](const char *sql) {
        sql::Statement query(db, QByteArray("EXPLAIN QUERY PLAN ") + sql);
        QString details;
        while (query.next())
            details += query.text(3);
        return details;
    };
    QVERIFY(plan("SELECT id FROM conversation WHERE content_hash = 'x'")
                .contains(QStringLiteral("conversation_by_content_hash")));
    QVERIFY(plan("SELECT id FROM turn WHERE conversation_id = 1 AND idx = 0")
                .contains(QStringLiteral("turn_by_position")));
    // Still unique.
    for (const char *duplicate :
         {"INSERT INTO conversation(participant_id, source_format, content_hash) "
          "SELECT participant_id, source_format, content_hash FROM conversation LIMIT 1",
          "INSERT INTO turn(conversation_id, idx, role, text) "
          "SELECT conversation_id, idx, role, text FROM turn LIMIT 1"}) {
        try {
            db.exec(duplicate);
            QFAIL(duplicate);
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("UNIQUE constraint failed")),
                     qPrintable(e.message()));
        }
    }
    QCOMPARE(test::logicalDump(*store), before);

    // A table defined otherwise (by another tool, say) is named, and the data set stays as it
    // was: format 14, its constraint and automatic index in place.
    const QString other = dir.filePath(QStringLiteral("other.sense7"));
    {
        auto made = Store::create(other, demo::protocol());
        sql::Connection &c = test::connection(*made);
        test::rollBackToFormat14(c);
        test::editSchema(c,
                         {"UPDATE sqlite_schema SET sql = replace(sql, "
                          "'content_hash TEXT NOT NULL UNIQUE', "
                          "'content_hash  TEXT NOT NULL UNIQUE') WHERE name = 'conversation'"});
    }
    try {
        Store::open(other);
        QFAIL("a table defined otherwise was migrated");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("table \"conversation\" is not defined")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::queryInt(other, "PRAGMA user_version"), 14);
    QCOMPARE(test::queryInt(other,
                            "SELECT count(*) FROM sqlite_schema WHERE name = "
                            "'sqlite_autoindex_conversation_1'"),
             1);
}

void TestStore::heldWritesAreRefusedUntilReleased()
{
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("held.sense7")), demo::protocol());
    demo::load(*store);
    digest::refresh(*store);
    const qint64 turn = store->turns(store->conversationSummaries().constFirst().id)[1].id;
    const qint64 dimension = store->findDimension(QStringLiteral("warmth"))->id;
    const qint64 self = store->selfAnnotatorId();
    store->setRating(turn, dimension, self, 2, Origin::Edit); // its statements are cached now
    QSignalSpy released(store.get(), &Store::writesReleased);
    const QString before = test::logicalDump(*store);
    {
        const Store::HoldWrites hold(*store);
        {
            const Store::HoldWrites inner(*store); // holds nest
        }
        QVERIFY(store->writesHeld());
        for (const auto &write : std::initializer_list<std::function<void()>> {
                 [&] { store->setRating(turn, dimension, self, 4, Origin::Edit); },
                 [&] { store->addParticipant(QStringLiteral("P77")); },
                 [&] { store->transaction([&] { store->addParticipant(QStringLiteral("P78")); }); },
             }) {
            try {
                write();
                QFAIL("a write went through while held");
            } catch (const Error &e) {
                QVERIFY2(e.message().contains(QStringLiteral("import is under way")),
                         qPrintable(e.message()));
            }
        }
        // Reading goes on, the browser's search too (it keeps its hits in temporary tables).
        browse::Filter filter;
        filter.text = QStringLiteral("the");
        QVERIFY(browse::count(*store, filter) > 0);
        QCOMPARE(test::logicalDump(*store), before);
        QTest::qWait(10);
        QCOMPARE(released.size(), 0);
    }
    QVERIFY(!store->writesHeld());
    QCOMPARE(released.size(), 0); // announced from the event loop, once
    QTRY_COMPARE(released.size(), 1);
    store->setRating(turn, dimension, self, 4, Origin::Edit);
    QCOMPARE(store->rating(turn, dimension, self).value(), 4);

    // Inside an open transaction with changes to the full-text index not yet written out (as an
    // import's would be), a search under the hold makes FTS5 write them: that is let through,
    // and the index keeps them.
    sql::Connection &db = test::connection(*store);
    const qint64 conversation = store->conversationSummaries().constFirst().id;
    db.exec("BEGIN");
    sql::Statement add(db,
                       "INSERT INTO turn(conversation_id, idx, role, text) "
                       "VALUES (?, 999, 'user', 'zqxjv marker')");
    add.bind(1, conversation).run();
    sql::Statement index(db, "INSERT INTO turn_text(rowid, text) VALUES (?, 'zqxjv marker')");
    index.bind(1, db.lastInsertId()).run();
    {
        const Store::HoldWrites hold(*store);
        browse::Filter marked;
        marked.text = QStringLiteral("zqxjv");
        QCOMPARE(browse::count(*store, marked), 1);
    }
    db.exec("COMMIT");
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn_text WHERE turn_text MATCH 'zqxjv'"), 1);
    db.exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')"); // throws if not
}

void TestStore::previousVersionsDataSetAndBundleStillWork()
{
    // Made by the version before format 10 (format 9): `sense7 init --demo`, prepared for
    // browsing by `sense7 export --breaks flagged`, and its bundle by `sense7 export --format
    // bundle`. Opened now, the data set migrates with every row kept; the bundle merges into it
    // with nothing new and nothing replaced, and fills a new data set alike.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("format9.sense7"));
    QVERIFY(QFile::copy(QStringLiteral(SENSE7_TEST_DATA "/compat/demo-format9.sense7"), path));
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 9);
    const QStringList before = rawRows(path);
    QVERIFY(before.size() > 2000); // 15 conversations, 124 turns, 1684 ratings, digests, …

    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    QCOMPARE(
        test::connection(*store).pragmaInt("SELECT count(*) FROM session WHERE begun_here <> 1"),
        0);
    QCOMPARE(rawRows(path, {QStringLiteral("begun_here")}), before);
    QCOMPARE(test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM sqlite_schema WHERE name = 'turn_conversation'"),
             1);
    // Its search index answers as the text does.
    browse::Filter launch;
    launch.text = QStringLiteral("launch");
    const qint64 found = browse::count(*store, launch);
    QVERIFY(found > 0);
    QCOMPARE(found,
             test::connection(*store).pragmaInt(
                 "SELECT count(DISTINCT conversation_id) FROM turn WHERE text LIKE "
                 "'%launch%'"));

    const QString bundle = QStringLiteral(SENSE7_TEST_DATA "/compat/demo-format9.bundle.json");
    const QStringList migrated = rawRows(path);
    const import::Summary again = import::Importer(*store).importFile(bundle);
    QCOMPARE(again.imported, 0);
    QCOMPARE(again.alreadyPresent, 15);
    QCOMPARE(again.ratings, 0);
    QCOMPARE(again.conflicts, 0);
    // Only each conversation's provenance notes that the bundle brought it too.
    QCOMPARE(test::queryInt(path,
                            "SELECT count(*) FROM conversation WHERE json_extract("
                            "provenance, '$.also_from[0].file') = "
                            "'demo-format9.bundle.json'"),
             15);
    const auto withoutConversations = [](QStringList rows) {
        rows.removeIf([](const QString &row) { return row.startsWith(u"conversation\x1f"); });
        return rows;
    };
    QCOMPARE(withoutConversations(rawRows(path)), withoutConversations(migrated));

    auto fresh = Store::create(dir.filePath(QStringLiteral("fresh.sense7")), store->protocol());
    const import::Summary into = import::Importer(*fresh).importFile(bundle);
    QCOMPARE(into.imported, 15);
    QCOMPARE(into.conflicts, 0);
    QCOMPARE(test::queryInt(fresh->path(), "SELECT count(*) FROM rating"),
             test::queryInt(path, "SELECT count(*) FROM rating"));
    QCOMPARE(test::queryInt(fresh->path(), "SELECT count(*) FROM turn"), 124);
}

void TestStore::sittingsOfAJoinedDataSetAreNotTakenAsOwn()
{
    // Format 12 records which sittings were begun here. A data set that pulled from a study
    // server may hold other machines' sittings, which nothing tells apart any more: none is
    // taken as its own. One that never pulled holds its own, but for the sittings of a
    // conversation imported from a file, which was held elsewhere.
    QTemporaryDir dir;
    for (const QString &kind :
         {QStringLiteral("alone"), QStringLiteral("joined"), QStringLiteral("pulled")}) {
        const QString path = dir.filePath(kind + QStringLiteral(".sense7"));
        qint64 imported = 0;
        {
            auto store = Store::create(path, demo::protocol());
            demo::load(*store);
            sql::Connection &db = test::connection(*store);
            imported = db.pragmaInt("SELECT min(conversation_id) FROM session");
            db.exec(QByteArray("UPDATE conversation SET provenance = json_set(provenance, "
                               "'$.file', 'bundle.json') WHERE id = ")
                        .append(QByteArray::number(imported))
                        .constData());
            if (kind != QLatin1String("alone"))
                db.exec("INSERT INTO sync_server(id, url, participant_code, machine, sharing, "
                        "joined_at) VALUES (1, 'postgresql://study', 'P01', 'm', 'full', "
                        "'2026-11-01T00:00:00.000Z')");
            if (kind == QLatin1String("pulled"))
                db.exec("INSERT INTO sync_mark(stream, upto) VALUES ('pulled:server_seq', 7)");
            test::rollBackToFormat9(db);
        }
        auto store = Store::open(path);
        sql::Connection &db = test::connection(*store);
        const qint64 sittings = db.pragmaInt("SELECT count(*) FROM session");
        const qint64 ofImported =
            db.pragmaInt(QByteArray("SELECT count(*) FROM session WHERE conversation_id = ")
                             .append(QByteArray::number(imported))
                             .constData());
        QVERIFY(ofImported > 0 && sittings > ofImported);
        QCOMPARE(db.pragmaInt("SELECT count(*) FROM session WHERE begun_here = 1"),
                 kind == QLatin1String("pulled") ? 0 : sittings - ofImported);
    }
}

void TestStore::messagesNameAPathHoldingPlaceholders()
{
    // A path is the user's text: "%1" in it is not a placeholder of the message it appears in.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("study %1 %2")));
    const QString path = dir.filePath(QStringLiteral("study %1 %2/wave %3.sense7"));
    {
        auto store = Store::create(path);
        const auto errorOf = [](const std::function<void()> &call) {
            try {
                call();
            } catch (const Error &e) {
                return e.message();
            }
            return QString();
        };
        QCOMPARE(errorOf([&] { store->setConversationContext(4242, {}); }),
                 path + QStringLiteral(": there is no conversation 4242."));
        QCOMPARE(errorOf([&] { store->setParticipantProfile(4243, {}); }),
                 path + QStringLiteral(": there is no participant 4243."));
    }
    {
        sql::Connection raw;
        raw.open(path, sql::Connection::Access::ReadWrite);
        raw.exec("PRAGMA user_version = 99");
        raw.exec("PRAGMA journal_mode = DELETE");
    }
    try {
        Store::open(path);
        QFAIL("open() accepted a newer schema");
    } catch (const Error &e) {
        QVERIFY2(e.message().startsWith(path
                                        + QStringLiteral(" was written by a newer version of "
                                                         "Sense-7 Studio (data set format "
                                                         "99; this version reads up to %1)")
                                              .arg(schema::currentVersion)),
                 qPrintable(e.message()));
    }
}

void TestStore::refusesNewerVersion()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("future.sense7"));
    Store::create(path);
    {
        sql::Connection raw;
        raw.open(path, sql::Connection::Access::ReadWrite);
        raw.exec("PRAGMA user_version = 99");
        raw.exec("PRAGMA journal_mode = DELETE");
    }
    const QByteArray before = test::fileHash(path);
    try {
        Store::open(path);
        QFAIL("open() accepted a newer schema");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("newer version")), qPrintable(e.message()));
        QVERIFY(e.message().contains(path));
        QVERIFY(e.message().contains(QStringLiteral("99")));
    }
    QCOMPARE(test::fileHash(path), before);
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 99);
}

void TestStore::refusesJunk_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("text") << QByteArray("participant,rating\nP01,4\n")
                          << QStringLiteral("not an SQLite database");
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)
                            << QStringLiteral("not an SQLite database");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("is empty");
    QTest::newRow("truncated header")
        << QByteArray("SQLite format 3\0\x10\0\x01\x01", 20) << QStringLiteral("cut short");
    QByteArray damaged("SQLite format 3\0", 16);
    damaged.append(QByteArray(4096 - 16, '\xff'));
    QTest::newRow("damaged") << damaged << QStringLiteral("is damaged");
}

void TestStore::refusesJunk()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("junk.sense7"));
    test::writeFile(path, content);
    try {
        Store::open(path);
        QFAIL("open() accepted junk");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
        QVERIFY2(e.message().contains(path), qPrintable(e.message()));
    }
    QCOMPARE(test::readFile(path), content);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("junk.sense7")});
}

void TestStore::refusesForeignSqlite()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("other.db"));
    {
        sql::Connection raw;
        raw.open(path, sql::Connection::Access::Create);
        raw.exec("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT);"
                 "INSERT INTO customers(name) VALUES ('Ada');");
    }
    const QByteArray before = test::fileHash(path);
    try {
        Store::open(path);
        QFAIL("open() accepted a foreign SQLite file");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("not a Sense-7 data set")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::fileHash(path), before);
    QCOMPARE(test::queryInt(path, "SELECT count(*) FROM sqlite_schema"), 1);

    try {
        Store::open(dir.filePath(QStringLiteral("missing.sense7")));
        QFAIL("open() accepted a missing file");
    } catch (const Error &e) {
        QVERIFY(e.message().contains(QStringLiteral("does not exist")));
    }
    try {
        Store::open(dir.path());
        QFAIL("open() accepted a folder");
    } catch (const Error &e) {
        QVERIFY(e.message().contains(QStringLiteral("is a folder")));
    }
}

void TestStore::readOnlyAccessChangesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ro.sense7"));
    test::makeDemoDataSet(path);
    const QByteArray before = test::fileHash(path);
    {
        auto store = Store::open(path, Store::Access::ReadOnly);
        QVERIFY(store->isReadOnly());
        QVERIFY(store->info().readOnly);
        QCOMPARE(store->info().conversations, 13);
        try {
            store->addParticipant(QStringLiteral("P99"));
            QFAIL("a read-only store accepted a write");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("read-only")), qPrintable(e.message()));
        }
    }
    QCOMPARE(test::fileHash(path), before);
}

void TestStore::rollsBackFailedTransaction()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    try {
        store->transaction([&] {
            const qint64 p = store->addParticipant(QStringLiteral("P01"));
            test::addSmallConversation(*store, p, QStringLiteral("half"));
            throw Error(QStringLiteral("cancelled"));
        });
        QFAIL("the exception did not propagate");
    } catch (const Error &e) {
        QCOMPARE(e.message(), QStringLiteral("cancelled"));
    }
    const DataSetInfo info = store->info();
    QCOMPARE(info.participants, 0);
    QCOMPARE(info.conversations, 0);
    QCOMPARE(info.turns, 0);
    QVERIFY(!test::connection(*store).inTransaction());
}

void TestStore::nestedFailureKeepsOuterWork()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    store->transaction([&] {
        store->addParticipant(QStringLiteral("kept"));
        try {
            store->transaction([&] {
                store->addParticipant(QStringLiteral("dropped"));
                store->addParticipant(QStringLiteral("kept")); // duplicate: throws
            });
        } catch (const Error &) { }
    });
    const QVector<Participant> participants = store->participants();
    QCOMPARE(participants.size(), 1);
    QCOMPARE(participants[0].code, QStringLiteral("kept"));
}

void TestStore::enforcesForeignKeys()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QVERIFY_THROWS_EXCEPTION(
        Error,
        test::connection(*store).exec("INSERT INTO turn(conversation_id, idx, role, text) "
                                      "VALUES (4242, 0, 'user', 'orphan')"));
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    QVERIFY_THROWS_EXCEPTION(Error, store->setRating(999, firstDimension(*store), self, 3));
    QCOMPARE(store->info().ratings, 0);
    QCOMPARE(store->ratingEventCount(), 0);
    QVERIFY_THROWS_EXCEPTION(
        Error,
        test::connection(*store).exec("INSERT INTO turn(conversation_id, idx, role, text) "
                                      "VALUES (NULL, 0, 'robot', 'bad role')"));
}

void TestStore::statementsBindTextAndAreFoundByTheirText()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    sql::Connection &db = test::connection(*store);
    db.exec("CREATE TEMP TABLE bound(a TEXT, b TEXT, c TEXT, d TEXT)");
    // ASCII text is bound from the statement's own buffer, the rest converted: short and long,
    // more than the buffer holds together, and after a reset.
    const QString wide = QStringLiteral("caf\u00e9 \u6f22\u5b57 \U0001F600");
    const QString longAscii = QString(700, QLatin1Char('x')) + QStringLiteral("end");
    const QString third = QString(300, QLatin1Char('y'));
    const QList<QStringList> rows {
        {QStringLiteral("plain"), wide, QString(), longAscii},
        {third, third + QLatin1Char('1'), third + QLatin1Char('2'), wide + QLatin1Char('a')},
        {QStringLiteral("a\u007fb"), QStringLiteral("\u0080"), QStringLiteral("\u00ff"), QString()},
    };
    {
        sql::Statement insert(db, "INSERT INTO bound VALUES (?, ?, ?, ?)");
        for (const QStringList &row : rows) {
            for (int i = 0; i < row.size(); ++i)
                insert.bind(i + 1, row.at(i));
            insert.run();
        }
    }
    sql::Statement read(db, "SELECT a, b, c, d, typeof(c) FROM bound ORDER BY rowid");
    for (const QStringList &row : rows) {
        QVERIFY(read.next());
        for (int i = 0; i < row.size(); ++i)
            QCOMPARE(read.text(i), row.at(i));
        QCOMPARE(read.text(4), QStringLiteral("text")); // an empty string, not NULL
    }
    QVERIFY(!read.next());

    // A statement is found by the text it is asked for, even where another text stood before
    // at the same address.
    char sql[32];
    qstrcpy(sql, "SELECT 1");
    {
        sql::Statement one(db, sql);
        QVERIFY(one.next());
        QCOMPARE(one.int64(0), 1);
    }
    qstrcpy(sql, "SELECT 2");
    {
        sql::Statement two(db, sql);
        QVERIFY(two.next());
        QCOMPARE(two.int64(0), 2);
    }
    qstrcpy(sql, "SELECT 1");
    sql::Statement again(db, sql);
    QVERIFY(again.next());
    QCOMPARE(again.int64(0), 1);
}

void TestStore::twoConnectionsAtOnce()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.sense7"));
    Store::create(path);
    auto first = Store::open(path);
    auto second = Store::open(path);

    first->addParticipant(QStringLiteral("A1"));
    QCOMPARE(second->info().participants, 1); // sees the other connection's commit

    // While the first holds the write lock, the second waits (busy timeout) instead of failing.
    bool secondSucceeded = false;
    QString secondError;
    {
        sql::Transaction hold(test::connection(*first));
        first->addParticipant(QStringLiteral("A2"));
        std::thread writer([&] {
            try {
                second->addParticipant(QStringLiteral("B1"));
                secondSucceeded = true;
            } catch (const Error &e) {
                secondError = e.message();
            }
        });
        QThread::msleep(300);
        hold.commit();
        writer.join();
    }
    QVERIFY2(secondSucceeded, qPrintable(secondError));
    QCOMPARE(first->info().participants, 3);
    QCOMPARE(second->info().participants, 3);
}

void TestStore::journalsRatingChanges()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QVector<Turn> turns;
    test::addSmallConversation(*store, store->addParticipant(QStringLiteral("P01")),
                               QStringLiteral("x"), &turns);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 dim = firstDimension(*store);
    const qint64 turn = turns[1].id;

    store->setRating(turn, dim, self, 4);
    store->setRating(turn, dim, self, 4); // unchanged: no event
    store->setRating(turn, dim, self, 2);
    store->setRating(turn, dim, self, Rating::notApplicable());
    store->clearRating(turn, dim, self);
    QCOMPARE(store->ratingEventCount(), 4);
    QCOMPARE(store->info().ratings, 0);

    sql::Statement events(test::connection(*store),
                          "SELECT old_present, old_value, new_present, new_value "
                          "FROM rating_event ORDER BY id");
    const QVector<QVector<QVariant>> expected {
        {0, QVariant(), 1, 4},
        {1, 4, 1, 2},
        {1, 2, 1, QVariant()},
        {1, QVariant(), 0, QVariant()},
    };
    for (const auto &row : expected) {
        QVERIFY(events.next());
        QCOMPARE(events.integer(0), row[0].toInt());
        QCOMPARE(events.isNull(1), row[1].isNull());
        if (!row[1].isNull())
            QCOMPARE(events.integer(1), row[1].toInt());
        QCOMPARE(events.integer(2), row[2].toInt());
        QCOMPARE(events.isNull(3), row[3].isNull());
        if (!row[3].isNull())
            QCOMPARE(events.integer(3), row[3].toInt());
    }
    QVERIFY(!events.next());
}

void TestStore::rejectsOutOfRangeRating()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QVector<Turn> turns;
    test::addSmallConversation(*store, store->addParticipant(QStringLiteral("P01")),
                               QStringLiteral("x"), &turns);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    for (int bad : {0, 6, -1}) {
        try {
            store->setRating(turns[1].id, firstDimension(*store), self, bad);
            QFAIL("an out-of-range rating was accepted");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("outside the scale 1–5")),
                     qPrintable(e.message()));
        }
    }
    QCOMPARE(store->info().ratings, 0);
    QCOMPARE(store->ratingEventCount(), 0);
}

void TestStore::notifiesOnlyAfterCommit()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QSignalSpy changed(store.get(), &Store::conversationsChanged);
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    store->transaction([&] {
        test::addSmallConversation(*store, p, QStringLiteral("a"));
        test::addSmallConversation(*store, p, QStringLiteral("b"));
        QCOMPARE(changed.count(), 0); // nothing is announced before the commit
    });
    QCOMPARE(changed.count(), 1); // once per transaction, however many conversations it added

    changed.clear();
    try {
        store->transaction([&] {
            test::addSmallConversation(*store, p, QStringLiteral("c"));
            throw Error(QStringLiteral("rolled back"));
        });
    } catch (const Error &) { }
    QCOMPARE(changed.count(), 0); // a rolled-back change is never announced
    QCOMPARE(store->info().conversations, 2);

    // Outside a transaction every change is its own announcement; distinct ratings are each
    // announced, a rating changed twice in one transaction once.
    test::addSmallConversation(*store, p, QStringLiteral("d"));
    QCOMPARE(changed.count(), 1);
    QSignalSpy rated(store.get(), &Store::ratingChanged);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const QVector<Turn> turns = store->turns(store->conversationSummaries().constLast().id);
    const QVector<Dimension> dims = store->instruments().constFirst().dimensions;
    store->transaction([&] {
        store->setRating(turns[1].id, dims[0].id, self, 2);
        store->setRating(turns[1].id, dims[0].id, self, 3);
        store->setRating(turns[1].id, dims[1].id, self, 4);
    });
    QCOMPARE(rated.count(), 2);
}

void TestStore::turnsKeepTextTimeAndMeta()
{
    // Turns are encoded to UTF-8 before they are written (EncodedTurns): what comes back is what
    // went in, for text beyond the Basic Multilingual Plane, empty text, no time, the first and
    // last millisecond its fast time format covers, a time before 1970, and meta.
    auto store = Store::create(QStringLiteral(":memory:"));
    Conversation c;
    c.participantId = store->addParticipant(QStringLiteral("P01"));
    c.sourceFormat = QStringLiteral("test");
    QVector<Turn> turns(4);
    turns[0].text = QStringLiteral("你忘了我说的话吗？ 😀 \"quoted\"\n second line");
    turns[0].createdAt = QDateTime::fromMSecsSinceEpoch(1700000000123, Qt::UTC);
    turns[1].role = Role::Assistant;
    turns[1].meta = QJsonObject {
        {QStringLiteral("branch"), QStringLiteral("regenerated")},
        {QStringLiteral("alternatives"),
         QJsonArray {QJsonObject {{QStringLiteral("text"), QStringLiteral("первый ответ")}}}}};
    turns[2].role = Role::Tool;
    turns[2].createdAt = QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC);
    turns[3].role = Role::System;
    turns[3].text = QStringLiteral("before 1970");
    turns.append(Turn {});
    turns[4].createdAt = QDateTime(QDate(1, 1, 1), QTime(0, 0), Qt::UTC);
    turns[3].createdAt = QDateTime(QDate(1969, 12, 31), QTime(23, 59, 59, 999), Qt::UTC);
    const QVector<Turn> written = turns;
    const qint64 id = store->addConversation(c, turns);
    const QVector<Turn> read = store->turns(id);
    QCOMPARE(read.size(), written.size());
    for (int i = 0; i < read.size(); ++i) {
        QCOMPARE(read[i].id, turns[i].id);
        QCOMPARE(turns[i].conversationId, id);
        QCOMPARE(read[i].index, i);
        QCOMPARE(read[i].role, written[i].role);
        QCOMPARE(read[i].text, written[i].text);
        QCOMPARE(read[i].createdAt, written[i].createdAt);
        QCOMPARE(read[i].meta, written[i].meta);
    }
    QCOMPARE(test::connection(*store).pragmaText("SELECT created_at FROM turn WHERE idx = 0"),
             QStringLiteral("2023-11-14T22:13:20.123Z"));
    QVERIFY(test::connection(*store).pragmaText("SELECT typeof(created_at) FROM turn WHERE idx = 1")
            == QStringLiteral("null"));
}

void TestStore::rejectsDuplicateConversation()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const qint64 p = store->addParticipant(QStringLiteral("P01"));
    test::addSmallConversation(*store, p, QStringLiteral("same"));
    try {
        test::addSmallConversation(*store, p, QStringLiteral("same"));
        QFAIL("a duplicate conversation was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("already in the data set")),
                 qPrintable(e.message()));
    }
    QCOMPARE(store->info().conversations, 1);
    QCOMPARE(store->info().turns, 3);
}

void TestStore::rejectsUnknownFlagReason()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QVector<Turn> turns;
    test::addSmallConversation(*store, store->addParticipant(QStringLiteral("P01")),
                               QStringLiteral("x"), &turns);
    TurnFlag flag;
    flag.turnId = turns[2].id;
    flag.annotatorId = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    flag.reason = QStringLiteral("bored");
    QVERIFY_THROWS_EXCEPTION(Error, store->addFlag(flag));
    flag.reason = QStringLiteral("forgot_context");
    flag.refersToTurnId = turns[0].id;
    QVERIFY(store->addFlag(flag) > 0);
    QCOMPARE(store->info().flags, 1);
}

void TestStore::bulkWriteRestoresOnException()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bulk.sense7"));
    auto store = Store::create(path);
    sql::Connection &db = test::connection(*store);
    const qint64 cacheBefore = db.pragmaInt("PRAGMA cache_size");
    QCOMPARE(db.pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    try {
        const Store::BulkWrite bulk(*store);
        // Alone with the data set: a rollback journal and a 64 MiB cache while it lives.
        QVERIFY(bulk.rollbackJournal());
#ifdef Q_OS_LINUX
        QVERIFY(bulk.writesBehind()); // its file is written behind the import
#endif
        QCOMPARE(db.pragmaText("PRAGMA journal_mode"), QStringLiteral("delete"));
        QCOMPARE(db.pragmaInt("PRAGMA cache_size"), qint64(-65536));
        store->transaction([&] {
            test::addSmallConversation(*store, store->addParticipant(QStringLiteral("P01")),
                                       QStringLiteral("lost"));
            throw Error(QStringLiteral("stop"));
        });
        QFAIL("the transaction did not throw");
    } catch (const Error &e) {
        QCOMPARE(e.message(), QStringLiteral("stop"));
    }
    QCOMPARE(db.pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    QCOMPARE(db.pragmaInt("PRAGMA cache_size"), cacheBefore);
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-journal")));
    QVERIFY(store->conversationSummaries().isEmpty());
    store.reset();
    // WAL mode is in the file itself: the write version byte of the header is 2.
    QCOMPARE(test::readFile(path).at(18), char(2));
}

namespace {

/** This process's threads that write behind (Linux names them), to see a detached one end. */
int threadsWritingBehind()
{
    int count = 0;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile name(tasks.filePath(task + QStringLiteral("/comm")));
        if (name.open(QIODevice::ReadOnly)) // else the thread ended since the listing
            count += name.readAll().trimmed() == "write-behind";
    }
    return count;
}

} // namespace

void TestStore::writesBehindUntilStopped()
{
    using namespace std::chrono_literals;
#ifndef Q_OS_LINUX
    // Elsewhere it does nothing: the commit writes it all.
    QVERIFY(!WriteBehind(QDir::tempPath(), 1ms, 0).watching());
#else
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("growing.sense7"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QFile log(path + QStringLiteral("-wal"));
    QVERIFY(log.open(QIODevice::WriteOnly));
    const QByteArray twoMiB(2 << 20, 'x');
    {
        const WriteBehind behind(path, 10ms, 1 << 20);
        QVERIFY(behind.watching());
        QTRY_COMPARE_WITH_TIMEOUT(threadsWritingBehind(), 1, 10000);
        std::this_thread::sleep_for(100ms);
        QCOMPARE(behind.rounds(), 0); // not grown: nothing to write behind
        QCOMPARE(file.write(twoMiB), twoMiB.size());
        QVERIFY(file.flush());
        QTRY_COMPARE_WITH_TIMEOUT(behind.rounds(), 1, 10000);
        std::this_thread::sleep_for(100ms);
        QCOMPARE(behind.rounds(), 1); // once, until it grows by a step again
        QCOMPARE(log.write(twoMiB), twoMiB.size()); // the log counts as well
        QVERIFY(log.flush());
        QTRY_COMPARE_WITH_TIMEOUT(behind.rounds(), 2, 10000);
    }
    QTRY_COMPARE_WITH_TIMEOUT(threadsWritingBehind(), 0, 10000); // its thread ended
    {
        // Stopping is at once, not after the next round's wait: the thread ends.
        QElapsedTimer stopping;
        stopping.start();
        {
            const WriteBehind slow(path, 1h, 0);
            QVERIFY(slow.watching());
            QTRY_COMPARE_WITH_TIMEOUT(threadsWritingBehind(), 1, 10000);
        }
        QTRY_COMPARE_WITH_TIMEOUT(threadsWritingBehind(), 0, 10000);
        QVERIFY(stopping.elapsed() < 1000);
    }
    // No file, or a folder that is not there: nothing watches.
    QVERIFY(!WriteBehind(QString(), 1ms).watching());
    QVERIFY(!WriteBehind(dir.filePath(QStringLiteral("missing/x.sense7")), 1ms).watching());
    QCOMPARE(threadsWritingBehind(), 0);
#endif
}

void TestStore::bulkWriteKeepsTheLogWhenShared()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.sense7"));
    auto store = Store::create(path);
    sql::Connection other;
    other.open(path, sql::Connection::Access::ReadOnly);
    QCOMPARE(other.pragmaInt("SELECT count(*) FROM conversation"), qint64(0));
    sql::Connection &db = test::connection(*store);
    {
        const Store::BulkWrite bulk(*store);
        QVERIFY(!bulk.rollbackJournal());
        QCOMPARE(db.pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
        QCOMPARE(db.pragmaInt("PRAGMA cache_size"), qint64(-65536));
        // The busy timeout was lowered only for the attempt.
        QCOMPARE(db.pragmaInt("PRAGMA busy_timeout"), qint64(5000));
    }
    QCOMPARE(db.pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    QCOMPARE(db.pragmaInt("PRAGMA cache_size"), qint64(-16384));
}

void TestStore::aWriterThatCanWaitSeesOthersWaiting()
{
    // The search index built on a thread gives way to the studio's writes: it sees another
    // connection of this process wait for the lock, and its own wait for the lock ends at once
    // when it is asked to stop, or after its limit, saying so.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gate.sense7"));
    Store::create(path).reset();
    sql::Connection holder;
    holder.open(path, sql::Connection::Access::ReadWrite);
    sql::Connection waiter;
    waiter.open(path, sql::Connection::Access::ReadWrite);
    waiter.setBusyWait(10000);
    QVERIFY(!holder.writersWaiting());
    sql::Transaction held(holder);
    std::atomic<bool> wrote {false};
    std::thread writer([&] {
        sql::Transaction t(waiter); // waits for the holder
        waiter.exec("UPDATE search_state SET indexed_upto = indexed_upto");
        t.commit();
        wrote = true;
    });
    QElapsedTimer waited;
    waited.start();
    while (!holder.writersWaiting() && waited.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    QVERIFY(holder.writersWaiting());
    QVERIFY(!wrote);
    held.commit();
    writer.join();
    QVERIFY(wrote);
    QVERIFY(!holder.writersWaiting());
    // A read-only connection is not counted, nor is another file's.
    sql::Connection reader;
    reader.open(path, sql::Connection::Access::ReadOnly);
    QVERIFY(!reader.writersWaiting());

    // A wait that can be stopped: asked to stop, it gives up at once; left alone, after its
    // limit, and says it ran out of time.
    sql::Transaction again(holder);
    std::atomic<bool> stop {true};
    waiter.setBusyWait(10000, [&] { return stop.load(); });
    QElapsedTimer clock;
    clock.start();
    QVERIFY_THROWS_EXCEPTION(Error, sql::Transaction {waiter});
    QVERIFY(clock.elapsed() < 5000);
    QVERIFY(!waiter.gaveUpWaiting());
    stop = false;
    waiter.setBusyWait(100, [&] { return stop.load(); });
    QVERIFY_THROWS_EXCEPTION(Error, sql::Transaction {waiter});
    QVERIFY(waiter.gaveUpWaiting());
    QVERIFY(!holder.writersWaiting()); // the failed waits are no longer counted
    again.commit();
    waiter.setBusyWait(5000);
    sql::Transaction {waiter}.commit();
}

void TestStore::storedTimesAreReadAsQtReadsThem()
{
    // The summaries' own reader of "YYYY-MM-DDTHH:MM:SS.mmmZ" against Qt's, on times the store
    // writes (years 1 to 9999, both sides of 1970) and on text it does not write.
    QRandomGenerator random(7);
    const qint64 first = QDateTime(QDate(1, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    const qint64 last =
        QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch();
    for (int i = 0; i < 20000; ++i) {
        const auto when = QDateTime::fromMSecsSinceEpoch(
            first + qint64(random.bounded(double(last - first))), Qt::UTC);
        char text[24];
        QVERIFY(storage::isoUtc(when, text));
        const QDateTime read = storage::parseIsoUtc(QByteArrayView(text, 24));
        QCOMPARE(read, when);
        QCOMPARE(read, QDateTime::fromString(QString::fromLatin1(text, 24), Qt::ISODateWithMs));
    }
    for (const char *text : {"",
                             "2024-02-29T12:00:00.000Z",
                             "2023-02-29T12:00:00.000Z",
                             "2025-04-31T00:00:00.000Z",
                             "2025-13-01T00:00:00.000Z",
                             "2025-00-10T00:00:00.000Z",
                             "2025-01-00T00:00:00.000Z",
                             "2025-01-01T24:00:00.000Z",
                             "2025-01-01T23:60:00.000Z",
                             "2025-06-30T23:59:60.000Z",
                             "2025-01-01T08:00:00Z",
                             "2025-01-01T08:00:00.000+02:00",
                             "2025-01-01 08:00:00.000Z",
                             "2025-01-01T08:0a:00.000Z",
                             "1900-02-29T00:00:00.000Z",
                             "2000-02-29T00:00:00.000Z",
                             "0000-06-15T12:00:00.000Z",
                             "2025/01/01T08:00:00.000Z",
                             "2025-01-01X08:00:00.000Z",
                             "2025-01-01T08-00:00.000Z",
                             "2025-01-01T08:00:00,000Z",
                             "2025-01-01T08:00:00.000z",
                             "2025-01-01T08:00:00.000 ",
                             "+025-01-01T08:00:00.000Z"}) {
        const QDateTime qt = storage::parseTime(QString::fromLatin1(text));
        const QDateTime ours = storage::parseIsoUtc(QByteArrayView(text));
        QVERIFY2(ours == qt && ours.isValid() == qt.isValid(), text);
    }
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
