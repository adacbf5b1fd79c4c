// Damage, verified backups, restoring and salvaging (core/integrity.h, Store::open).

#include "error.h"
#include "integrity.h"
#include "schema.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <cstdio>

using namespace sense7;

namespace {

qint64 rows(const QString &path, const char *table)
{
    const QByteArray sql = QByteArray("SELECT count(*) FROM ") + table;
    return test::queryInt(path, sql.constData());
}

/** The varint at \a at of \a page, and its length. */
std::pair<quint64, int> varint(const QByteArray &page, int at)
{
    quint64 value = 0;
    for (int i = 0; i < 9; ++i) {
        const auto byte = quint8(page[at + i]);
        if (i == 8)
            return {(value << 8) | byte, 9};
        value = (value << 7) | (byte & 0x7f);
        if (!(byte & 0x80))
            return {value, i + 1};
    }
    return {value, 9};
}

/**
 * Gives the middle row of \a table's first leaf page (a table with a rowid) in the closed data set
 * \a path the largest rowid its varint's length holds, past every real one: a cell whose key
 * reads wrong, which ends a scan of the keys after it without an error. Returns that row's id.
 */
qint64 misnumberRow(const QString &path, const QString &table)
{
    const auto [page, pageSize] = test::firstPage(path, table, QStringLiteral("leaf"));
    const qint64 largest =
        test::queryInt(path, QByteArray("SELECT max(rowid) FROM " + table.toUtf8()).constData());
    QFile file(path);
    if (page == 0 || !file.open(QIODevice::ReadWrite) || !file.seek((page - 1) * pageSize))
        qFatal("no leaf page of %s", qPrintable(table));
    QByteArray bytes = file.read(pageSize);
    const int cells = (quint8(bytes[3]) << 8) | quint8(bytes[4]);
    const int middle = 8 + 2 * (cells / 2);
    const int cell = (quint8(bytes[middle]) << 8) | quint8(bytes[middle + 1]);
    const int key = cell + varint(bytes, cell).second; // after the payload's size
    const auto [rowid, length] = varint(bytes, key);
    for (int i = 0; i < length - 1; ++i)
        bytes[key + i] = char(0xff);
    bytes[key + length - 1] = char(0x7f);
    if (varint(bytes, key).first <= quint64(largest))
        qFatal("row %lld's new key is not past the last", qint64(rowid));
    if (!file.seek((page - 1) * pageSize) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return qint64(rowid);
}

} // namespace

class TestIntegrity : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void checkFindsDamage();
    void damagedDataSetOpensReadOnly();
    void openOnlyReadingDoesNotCheckUnlessAsked();
    void uncheckedFileIsRememberedUntilItChanges();
    void storeClosedAfterWritingIsRemembered();
    void storeThatMetDamageIsNotRemembered();
    void fileReplacedWhileOpenIsNotRemembered();
    void busyFileIsNotCalledDamaged();
    void backupIsVerifiedAndRestoresTheOriginal();
    void backupOfDamagedDataSetIsNotKept();
    void backupsRoll();
    void restoreRefusesDamagedBackup();
    void restoreRefusesDataSetOpenElsewhere();
    void recoverSalvagesReadableRows();
    void recoverRefusesExistingOutput();
    void recoverReportsWhatItCannotReach();
    void recoverReadsPastAKeyThatReadsWrong();
    void recoverRefusesANewerFormat();
    void olderFormatIsCheckedAndBackedUpAsItIs();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestIntegrity::init()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(
        QStringLiteral("study-%1.sense7").arg(QLatin1String(QTest::currentTestFunction())));
    test::makeDemoDataSet(m_path);
}

void TestIntegrity::storeThatMetDamageIsNotRemembered()
{
    // Damaged while a store has it open: the store meets the damage, and closing does not
    // vouch for the file.
    {
        auto store = Store::open(m_path);
        QVERIFY(!store->isDamaged());
        test::damageTable(m_path, QStringLiteral("turn"));
        bool met = false;
        try {
            for (const ConversationSummary &c : store->conversationSummaries())
                store->turns(c.id);
        } catch (const Error &e) {
            met = e.message().contains(QStringLiteral("damaged"));
        }
        QVERIFY(met);
    }
    const integrity::Report report = integrity::checkOnOpen(m_path);
    QVERIFY(!report.remembered);
    QVERIFY(!report.ok);
}

void TestIntegrity::fileReplacedWhileOpenIsNotRemembered()
{
    // Another file put in its place while the store had it open (a copy, a sync client): the
    // store cannot vouch for it.
    const QString other = m_path + QStringLiteral(".other");
    QVERIFY(QFile::copy(m_path, other));
    {
        auto store = Store::open(m_path);
        QVERIFY(!store->isDamaged());
        QVERIFY(
            ::rename(QFile::encodeName(other).constData(), QFile::encodeName(m_path).constData())
            == 0);
    }
    QVERIFY(!integrity::checkOnOpen(m_path).remembered);
}

void TestIntegrity::busyFileIsNotCalledDamaged()
{
    // Another program writing it in rollback mode keeps every reader out: the check cannot run,
    // which is not damage (that would send the person to a backup for nothing).
    sql::Connection writer;
    writer.open(m_path, sql::Connection::Access::ReadWrite);
    writer.exec("PRAGMA journal_mode = DELETE");
    writer.exec("BEGIN EXCLUSIVE");
    writer.exec("DELETE FROM participant WHERE 0");
    QVERIFY_THROWS_EXCEPTION(Error, integrity::check(m_path, integrity::Depth::Quick));
    writer.exec("ROLLBACK");
    QVERIFY(integrity::check(m_path, integrity::Depth::Quick).ok);
}

void TestIntegrity::checkFindsDamage()
{
    for (auto depth : {integrity::Depth::Quick, integrity::Depth::Full}) {
        const integrity::Report report = integrity::check(m_path, depth);
        QVERIFY2(report.ok, qPrintable(report.summary()));
    }
    const qint64 page = test::damageTable(m_path, QStringLiteral("turn"));
    for (auto depth : {integrity::Depth::Quick, integrity::Depth::Full}) {
        const integrity::Report report = integrity::check(m_path, depth);
        QVERIFY(!report.ok);
        QVERIFY2(report.summary().contains(QStringLiteral("Page %1").arg(page)),
                 qPrintable(report.summary()));
    }
}

void TestIntegrity::damagedDataSetOpensReadOnly()
{
    test::damageTable(m_path, QStringLiteral("turn"));
    const QByteArray before = test::fileHash(m_path);
    {
        auto store = Store::open(m_path);
        QVERIFY(store->isDamaged());
        QVERIFY(store->isReadOnly());
        QVERIFY(store->damage().contains(m_path));
        QVERIFY(store->damage().contains(QStringLiteral("Restore backup")));
        QVERIFY(store->damage().contains(QStringLiteral("sense7 restore")));
        QVERIFY(store->damage().contains(QStringLiteral("sense7 recover")));
        try {
            store->addParticipant(QStringLiteral("P99"));
            QFAIL("a damaged data set took a write");
        } catch (const Error &e) {
            QCOMPARE(e.message(), store->damage());
        }
    }
    QCOMPARE(test::fileHash(m_path), before);

    // Undamaged, the same call opens for writing.
    const QString clean = m_dir.filePath(QStringLiteral("clean.sense7"));
    test::makeDemoDataSet(clean);
    auto store = Store::open(clean);
    QVERIFY(!store->isDamaged());
    QVERIFY(!store->isReadOnly());
    QVERIFY(store->damage().isEmpty());
}

void TestIntegrity::openOnlyReadingDoesNotCheckUnlessAsked()
{
    test::damageTable(m_path, QStringLiteral("rating"));
    QVERIFY(!Store::open(m_path, Store::Access::ReadOnly)->isDamaged());
    QVERIFY(Store::open(m_path, Store::Access::ReadOnly, Store::Check::Always)->isDamaged());
    // The studio checks on its own thread, then opens with what it found.
    integrity::Report found = integrity::check(m_path, integrity::Depth::Quick);
    QVERIFY(!found.ok);
    auto store = Store::openChecked(m_path, found);
    QVERIFY(store->isDamaged());
    QVERIFY(store->isReadOnly());
}

void TestIntegrity::uncheckedFileIsRememberedUntilItChanges()
{
    // Made long ago: a clean check of it is remembered, and the next open does not read it.
    const QDateTime old = QDateTime::currentDateTimeUtc().addSecs(-3600);
    const auto age = [&] {
        QFile file(m_path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(old, QFileDevice::FileModificationTime));
    };
    age();
    integrity::Report report = integrity::checkOnOpen(m_path);
    QVERIFY(report.ok);
    QVERIFY(!report.remembered);
    report = integrity::checkOnOpen(m_path);
    QVERIFY(report.ok);
    QVERIFY(report.remembered);
    // The explicit check always reads, and so does the open after the remembered check's age.
    QVERIFY(!integrity::check(m_path, integrity::Depth::Quick).remembered);
    report = integrity::checkOnOpen(m_path, 0);
    QVERIFY(report.ok);
    QVERIFY(!report.remembered);
    QVERIFY(integrity::checkOnOpen(m_path).remembered);

    // Damage written afterwards is found, even with the old time stamp put back.
    const qint64 page = test::damageTable(m_path, QStringLiteral("turn"));
    age();
    report = integrity::checkOnOpen(m_path);
    QVERIFY(!report.ok);
    QVERIFY(!report.remembered);
    QVERIFY2(report.summary().contains(QStringLiteral("Page %1").arg(page)),
             qPrintable(report.summary()));
    auto store = Store::open(m_path);
    QVERIFY(store->isDamaged());
    QVERIFY(store->isReadOnly());
    store.reset();
    // Damage is never remembered as clean.
    QVERIFY(!integrity::checkOnOpen(m_path).ok);
}

void TestIntegrity::storeClosedAfterWritingIsRemembered()
{
    {
        auto store = Store::open(m_path);
        QVERIFY(!store->isDamaged());
        store->addParticipant(QStringLiteral("P99"));
    }
    const QDateTime closed = QDateTime::currentDateTimeUtc();
    // Closed by a store that found it undamaged and wrote it: remembered as it was left, read
    // in full when that store opened (closing reads nothing).
    integrity::Report remembered = integrity::checkOnOpen(m_path);
    QVERIFY(remembered.ok);
    QVERIFY(remembered.remembered);
    QVERIFY(remembered.verifiedAt.isValid());
    QVERIFY(remembered.verifiedAt < closed);
    QVERIFY(!integrity::checkOnOpen(m_path, 0).remembered);
    {
        auto store = Store::open(m_path);
        QVERIFY(!store->isDamaged());
        QVERIFY(!store->isReadOnly());
    }
    QVERIFY(integrity::checkOnOpen(m_path).remembered);
    // Anything else that writes it makes the next open read it again, and find the damage.
    test::damageTable(m_path, QStringLiteral("turn"));
    const integrity::Report report = integrity::checkOnOpen(m_path);
    QVERIFY(!report.ok);
    QVERIFY(!report.remembered);
    auto store = Store::open(m_path);
    QVERIFY(store->isDamaged());
}

void TestIntegrity::backupIsVerifiedAndRestoresTheOriginal()
{
    QString original;
    DataSetInfo info;
    {
        auto store = Store::open(m_path);
        original = test::logicalDump(*store);
        info = store->info();
    }
    QVERIFY(integrity::backupDue(m_path, 6));
    const integrity::Backup made = integrity::makeBackup(m_path);
    QVERIFY(!integrity::backupDue(m_path, 6));
    QCOMPARE(QFileInfo(made.path).absolutePath(), integrity::backupFolder(m_path));
    QCOMPARE(integrity::backupFolder(m_path), m_path + QStringLiteral(".backups"));
    const QVector<integrity::Backup> list = integrity::backups(m_path);
    QCOMPARE(list.size(), 1);
    QCOMPARE(list[0].path, made.path);
    QCOMPARE(list[0].conversations, info.conversations);
    QCOMPARE(list[0].turns, info.turns);
    QCOMPARE(list[0].ratings, info.ratings);
    QVERIFY(qAbs(list[0].made.secsTo(QDateTime::currentDateTime())) < 60);
    // One self-contained file: nothing else is left in the folder.
    QCOMPARE(QDir(integrity::backupFolder(m_path)).entryList(QDir::Files).size(), 2);

    test::damageTable(m_path, QStringLiteral("turn"));
    const QByteArray damaged = test::fileHash(m_path);
    const QString aside = integrity::restore(m_path, made.path);
    // The damaged file is kept aside, byte for byte.
    QVERIFY(QFileInfo(aside).isFile());
    QCOMPARE(QFileInfo(aside).absolutePath(), QFileInfo(m_path).absolutePath());
    QCOMPARE(test::fileHash(aside), damaged);
    QVERIFY(integrity::check(m_path, integrity::Depth::Full).ok);
    auto store = Store::open(m_path);
    QVERIFY(!store->isDamaged());
    QCOMPARE(test::logicalDump(*store), original);
}

void TestIntegrity::backupOfDamagedDataSetIsNotKept()
{
    test::damageTable(m_path, QStringLiteral("rating"));
    try {
        integrity::makeBackup(m_path);
        QFAIL("a damaged data set was backed up");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("was not kept")), qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("damaged")), qPrintable(e.message()));
    }
    QVERIFY(integrity::backups(m_path).isEmpty());
    QCOMPARE(QDir(integrity::backupFolder(m_path)).entryList(QDir::Files | QDir::Hidden),
             QStringList());
}

void TestIntegrity::backupsRoll()
{
    QStringList made;
    for (int i = 0; i < 7; ++i) {
        made << integrity::makeBackup(m_path).path;
        QTest::qWait(5); // distinct names
    }
    const QVector<integrity::Backup> list = integrity::backups(m_path);
    QCOMPARE(list.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(list[i].path, made[6 - i]); // newest first, the oldest two pruned
    QVERIFY(!QFileInfo::exists(made[0]));
    QVERIFY(!QFileInfo::exists(made[0] + QStringLiteral(".json")));
}

void TestIntegrity::restoreRefusesDamagedBackup()
{
    const integrity::Backup made = integrity::makeBackup(m_path);
    test::damageTable(made.path, QStringLiteral("turn"));
    const QByteArray before = test::fileHash(m_path);
    QVERIFY_THROWS_EXCEPTION(Error, integrity::restore(m_path, made.path));
    QCOMPARE(test::fileHash(m_path), before);
    QCOMPARE(QDir(m_dir.path())
                 .entryList({QFileInfo(m_path).completeBaseName() + QStringLiteral(".replaced*")}),
             QStringList());
}

void TestIntegrity::restoreRefusesDataSetOpenElsewhere()
{
    const integrity::Backup made = integrity::makeBackup(m_path);
    auto open = Store::open(m_path); // as the studio would hold it, idle
    QVERIFY(!open->isReadOnly());
    open->addParticipant(QStringLiteral("P-after-backup"));
    try {
        integrity::restore(m_path, made.path);
        QFAIL("restored under a program that has the data set open");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("open in another program")),
                 qPrintable(e.message()));
    }
    QVERIFY(open->participantId(QStringLiteral("P-after-backup")) != 0);
    QCOMPARE(QDir(m_dir.path())
                 .entryList({QFileInfo(m_path).completeBaseName() + QStringLiteral(".replaced*")}),
             QStringList());
    QVERIFY(!QFileInfo::exists(m_path + QStringLiteral(".restoring")));
    open.reset();
    {
        // A bulk import writes with a rollback journal, which the WAL's test does not see.
        sql::Connection importing;
        importing.open(m_path, sql::Connection::Access::ReadWrite);
        importing.exec("PRAGMA journal_mode = DELETE");
        importing.exec("BEGIN IMMEDIATE");
        importing.exec("INSERT INTO participant(code, created_at) VALUES ('P-importing', "
                       "'2026-01-01T00:00:00Z')");
        const QByteArray hash = test::fileHash(m_path);
        try {
            integrity::restore(m_path, made.path);
            QFAIL("restored under an import writing the data set");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("open in another program")),
                     qPrintable(e.message()));
        }
        QCOMPARE(test::fileHash(m_path), hash);
        importing.exec("COMMIT");
        importing.exec("PRAGMA journal_mode = WAL");
    }
    QVERIFY(Store::open(m_path)->participantId(QStringLiteral("P-importing")) != 0);
    // Once it is closed, the restore goes ahead.
    integrity::restore(m_path, made.path);
    QCOMPARE(Store::open(m_path)->participantId(QStringLiteral("P-after-backup")), 0);
}

void TestIntegrity::recoverSalvagesReadableRows()
{
    const char *tables[] = {"participant",  "conversation", "turn",   "instrument",
                            "dimension",    "annotator",    "rating", "turn_flag",
                            "rating_event", "sync_mark"};
    {
        // A table keyed by text: read whole.
        sql::Connection db;
        db.open(m_path, sql::Connection::Access::ReadWrite);
        db.exec("INSERT INTO sync_mark(stream, upto) VALUES ('pushed:ratings', 41), "
                "('pulled:server_seq', 42)");
    }
    QHash<QString, qint64> before;
    for (const char *table : tables)
        before[QLatin1String(table)] = rows(m_path, table);
    test::damageTable(m_path, QStringLiteral("turn"));
    // What the damaged page held, read from an undamaged copy's point of view: the turns
    // whose ids the report names, and the ratings of those turns.
    const QString out = m_dir.filePath(QStringLiteral("salvaged.sense7"));
    const QByteArray damagedHash = test::fileHash(m_path);
    const integrity::Recovery recovery = integrity::recover(m_path, out);
    QCOMPARE(test::fileHash(m_path), damagedHash); // only read
    QVERIFY(!recovery.complete());

    QHash<QString, integrity::TableRecovery> byTable;
    for (const integrity::TableRecovery &t : recovery.tables)
        byTable[t.table] = t;
    for (const char *table :
         {"participant", "conversation", "instrument", "dimension", "annotator", "sync_mark"}) {
        const integrity::TableRecovery &t = byTable[QLatin1String(table)];
        QVERIFY2(t.lostNothing(), table);
        QCOMPARE(t.recovered, before[QLatin1String(table)]);
        QCOMPARE(rows(out, table), before[QLatin1String(table)]);
    }
    const integrity::TableRecovery &turns = byTable[QStringLiteral("turn")];
    QVERIFY(!turns.unreadable.isEmpty());
    QVERIFY(turns.recovered > 0);
    QVERIFY(turns.recovered < before[QStringLiteral("turn")]);
    QCOMPARE(rows(out, "turn"), turns.recovered);
    // Ratings either came back or were left out because their turn was lost; none vanished.
    const integrity::TableRecovery &ratings = byTable[QStringLiteral("rating")];
    QVERIFY(ratings.refused > 0);
    QCOMPARE(ratings.recovered + ratings.refused, before[QStringLiteral("rating")]);
    QCOMPARE(rows(out, "rating"), ratings.recovered);

    const QString text = recovery.text();
    QVERIFY2(text.contains(QStringLiteral("turn")) && text.contains(QStringLiteral("lost")),
             qPrintable(text));
    QVERIFY2(text.contains(turns.unreadable.constFirst()), qPrintable(text));

    // A valid, current data set that opens for writing.
    QVERIFY(integrity::check(out, integrity::Depth::Full).ok);
    auto store = Store::open(out);
    QVERIFY(!store->isDamaged());
    QVERIFY(!store->isReadOnly());
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    QCOMPARE(store->info().conversations, before[QStringLiteral("conversation")]);
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("*partial*")}), QStringList());
}

void TestIntegrity::recoverRefusesExistingOutput()
{
    const QString out = m_dir.filePath(QStringLiteral("taken.sense7"));
    test::writeFile(out, "keep me");
    QVERIFY_THROWS_EXCEPTION(Error, integrity::recover(m_path, out));
    QCOMPARE(test::readFile(out), QByteArray("keep me"));

    // A file by the name a salvage once worked under is someone's, or another salvage's: kept.
    const QString fresh = m_dir.filePath(QStringLiteral("fresh.sense7"));
    const QString partial = fresh + QStringLiteral(".partial");
    test::writeFile(partial, "mine");
    integrity::recover(m_path, fresh);
    QVERIFY(integrity::check(fresh, integrity::Depth::Full).ok);
    QCOMPARE(test::readFile(partial), QByteArray("mine"));
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("*partial*")}),
             QStringList {QStringLiteral("fresh.sense7.partial")});
    // Readable by whom any new file is, as before (not only by its owner).
    QCOMPARE(QFileInfo(fresh).permissions(), QFileInfo(partial).permissions());
}

void TestIntegrity::recoverReportsWhatItCannotReach()
{
    const qint64 turns = rows(m_path, "turn");
    const qint64 ratings = rows(m_path, "rating");
    // The turn table's root: every turn lies below it, out of reach through the b-tree.
    test::damageTable(m_path, QStringLiteral("turn"), QStringLiteral("internal"));
    const QString out = m_dir.filePath(QStringLiteral("unreachable.sense7"));
    const integrity::Recovery recovery = integrity::recover(m_path, out);
    for (const integrity::TableRecovery &t : recovery.tables) {
        if (t.table == QLatin1String("turn")) {
            QCOMPARE(t.recovered, 0);
            QCOMPARE(t.unreadable, QStringList {QStringLiteral("1–%1").arg(turns)});
        } else if (t.table == QLatin1String("rating")) {
            QCOMPARE(t.recovered, 0);
            QCOMPARE(t.refused, ratings);
        }
    }
    QVERIFY(Store::open(out)->info().conversations > 0);

    // Without its first page nothing can be salvaged, and the message says to restore.
    const QString broken = m_dir.filePath(QStringLiteral("first-page.sense7"));
    test::makeDemoDataSet(broken);
    {
        QFile file(broken);
        QVERIFY(file.open(QIODevice::ReadWrite) && file.seek(100));
        file.write(QByteArray(64, char(0xff)));
    }
    const QString nowhere = m_dir.filePath(QStringLiteral("nowhere.sense7"));
    try {
        integrity::recover(broken, nowhere);
        QFAIL("salvaged a file without its schema");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("Restore a backup")), qPrintable(e.message()));
    }
    QVERIFY(!QFileInfo::exists(nowhere));
    QVERIFY(!QFileInfo::exists(nowhere + QStringLiteral(".partial")));
}

void TestIntegrity::recoverReadsPastAKeyThatReadsWrong()
{
    const qint64 turns = rows(m_path, "turn");
    const qint64 ratings = rows(m_path, "rating");
    const QByteArray last = QByteArray::number(test::queryInt(m_path, "SELECT max(id) FROM turn"));
    const qint64 misnumbered = misnumberRow(m_path, QStringLiteral("turn"));
    // SQLite's own scan of the keys stops at the broken cell, without an error.
    QVERIFY(test::queryInt(
                m_path,
                QByteArray("SELECT count(*) FROM turn NOT INDEXED WHERE id BETWEEN 0 AND " + last)
                    .constData())
            < turns - 1);
    const QString out = m_dir.filePath(QStringLiteral("past.sense7"));
    const integrity::Recovery recovery = integrity::recover(m_path, out);
    QVERIFY(!recovery.complete());
    for (const integrity::TableRecovery &t : recovery.tables) {
        if (t.table == QLatin1String("turn")) {
            // Every turn but the misnumbered one, read from the other end; that one is lost,
            // and the report says so rather than "Nothing was lost".
            QCOMPARE(t.recovered, turns - 1);
            QCOMPARE(t.unreached, 1);
            QVERIFY(!t.lostNothing());
        } else if (t.table == QLatin1String("rating")) {
            QCOMPARE(t.recovered + t.refused, ratings);
        }
    }
    QCOMPARE(test::queryInt(out,
                            QByteArray("SELECT count(*) FROM turn WHERE id = "
                                       + QByteArray::number(misnumbered))
                                .constData()),
             0);
    const QString text = recovery.text();
    QVERIFY2(text.contains(QStringLiteral("the table counts 1 row"))
                 && !text.contains(QStringLiteral("Nothing was lost")),
             qPrintable(text));
}

void TestIntegrity::recoverRefusesANewerFormat()
{
    {
        sql::Connection db;
        db.open(m_path, sql::Connection::Access::ReadWrite);
        db.exec(
            QByteArray("PRAGMA user_version = " + QByteArray::number(schema::currentVersion + 1))
                .constData());
    }
    const QByteArray hash = test::fileHash(m_path);
    const QString out = m_dir.filePath(QStringLiteral("newer-out.sense7"));
    try {
        integrity::recover(m_path, out);
        QFAIL("a data set of a newer format was salvaged into this version's tables");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("written by a newer version")),
                 qPrintable(e.message()));
    }
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(test::fileHash(m_path), hash);
}

void TestIntegrity::olderFormatIsCheckedAndBackedUpAsItIs()
{
    const QString old = m_dir.filePath(QStringLiteral("format9.sense7"));
    QVERIFY(QFile::copy(QStringLiteral(SENSE7_TEST_DATA "/compat/demo-format9.sense7"), old));
    QFile(old).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray hash = test::fileHash(old);

    // Checked and backed up as it is: nothing upgrades it behind the person's back.
    Store::requireDataSet(old);
    QVERIFY(integrity::check(old, integrity::Depth::Full).ok);
    const integrity::Backup made = integrity::makeBackup(old);
    QCOMPARE(test::queryInt(made.path, "PRAGMA user_version"), 9);
    QVERIFY(made.conversations > 0 && made.turns > 0 && made.ratings > 0);
    QCOMPARE(test::fileHash(old), hash);

    // Opening it only to read says how it gets upgraded, not that it cannot be written.
    try {
        Store::open(old, Store::Access::ReadOnly);
        QFAIL("an older format opened without its upgrade");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("open it in the studio or import into it"))
                     && !e.message().contains(QStringLiteral("read-only")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::fileHash(old), hash);

    // Its backup restores; the data set is upgraded when it is next opened to write.
    {
        Store::open(old)->addParticipant(QStringLiteral("P-after"));
    }
    integrity::restore(old, made.path);
    auto restored = Store::open(old);
    QCOMPARE(restored->schemaVersion(), schema::currentVersion);
    QCOMPARE(restored->participantId(QStringLiteral("P-after")), 0);
    QCOMPARE(restored->info().conversations, made.conversations);
}

QTEST_GUILESS_MAIN(TestIntegrity)
#include "tst_integrity.moc"
