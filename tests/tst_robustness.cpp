// Nothing is lost: a process killed at any moment, two processes writing at once, a full disk
// and a data set on a read-only path. The helper sense7_test_annotator (helpers/annotator.cpp)
// stands in for a person rating in the studio: it applies changes through Store::apply() and
// acknowledges each one after its commit.

#include "editcodec.h"
#include "error.h"
#include "import/importer.h"
#include "store.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sense7;

namespace {

/** What a helper run printed: the changes it acknowledged and the one it had begun, if any. */
struct Transcript
{
    QVector<Edit> acknowledged;
    std::optional<Edit> unacknowledged;
    QString errors;
};

Transcript readTranscript(QProcess &process)
{
    Transcript t;
    std::optional<Edit> pending;
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("do ")) {
            pending = test::decodeEdit(line.mid(3));
            if (!pending)
                qFatal("unreadable helper line: %s", line.constData());
        } else if (line.startsWith("ok ")) {
            if (!pending)
                qFatal("an acknowledgement without a change");
            t.acknowledged << *pending;
            pending.reset();
        }
    }
    t.unacknowledged = pending;
    t.errors = QString::fromUtf8(process.readAllStandardError());
    return t;
}

/** Journal rows: every change made through apply() leaves exactly one. */
qint64 journalSize(Store &store)
{
    return test::connection(store).pragmaInt("SELECT (SELECT count(*) FROM rating_event) "
                                             "+ (SELECT count(*) FROM edit_event)");
}

void copyFile(const QString &from, const QString &to)
{
    QFile::remove(to);
    if (!QFile::copy(from, to))
        qFatal("cannot copy %s", qPrintable(from));
}

QString helper()
{
    return QStringLiteral(SENSE7_TEST_ANNOTATOR);
}

bool waitForLine(QProcess &process, const QByteArray &prefix, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms) {
        if (process.canReadLine() || process.waitForReadyRead(100)) {
            const QByteArray line = process.peek(1 << 16);
            if (line.startsWith(prefix) && line.contains('\n'))
                return true;
        }
        if (process.state() == QProcess::NotRunning)
            return false;
    }
    return false;
}

} // namespace

class TestRobustness : public QObject
{
    Q_OBJECT

private slots:
    void killedAnnotatorLosesNothing();
    void twoProcessesLoseNoUpdate();
    void fullDiskDuringImportKeepsEverything();
    void fullTemporaryFolderIsNamed();
    void killedImportChangesNothing();
    void fullDiskWhileRatingKeepsEarlierRatings();
    void readOnlyPathOpensReadOnly();
};

void TestRobustness::killedAnnotatorLosesNothing()
{
    // 50 times: start rating, kill -9 at a random moment, reopen. Every acknowledged change is
    // there, the one in flight is there or not, and nothing else differs from a reference data
    // set that had exactly those changes applied in order.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("crash.sense7"));
    const QString reference = dir.filePath(QStringLiteral("reference.sense7"));
    test::makeDemoDataSet(db);
    copyFile(db, reference);
    auto expected = Store::open(reference);

    QRandomGenerator random(20251121);
    qint64 acknowledged = 0;
    int inFlightCommitted = 0;
    const int rounds = 50;
    for (int round = 0; round < rounds; ++round) {
        QProcess process;
        process.start(helper(), {db, QString::number(round + 1), QStringLiteral("0")});
        QVERIFY2(waitForLine(process, "ready", 30000),
                 qPrintable(QString::fromUtf8(process.readAllStandardError())));
        // From the first change to a few hundred commits in.
        QTest::qWait(random.bounded(0, 120)); // reading its output meanwhile
        process.kill(); // SIGKILL: no destructor, no rollback, no flush
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        const Transcript t = readTranscript(process);
        QVERIFY2(t.errors.isEmpty(), qPrintable(t.errors));

        for (const Edit &edit : t.acknowledged) {
            QCOMPARE(expected->currentValue(edit), edit.before); // the helper saw what we expect
            expected->apply(edit, Origin::Edit);
        }
        acknowledged += t.acknowledged.size();

        auto reopened = Store::open(db);
        QCOMPARE(test::connection(*reopened).pragmaText("PRAGMA integrity_check"),
                 QStringLiteral("ok"));
        const qint64 extra = journalSize(*reopened) - journalSize(*expected);
        QVERIFY2(extra == 0 || (extra == 1 && t.unacknowledged),
                 qPrintable(QStringLiteral("round %1: %2 journal rows beyond the acknowledged")
                                .arg(round)
                                .arg(extra)));
        if (extra == 1) { // committed, killed before it could say so
            expected->apply(*t.unacknowledged, Origin::Edit);
            ++inFlightCommitted;
        }
        QCOMPARE(test::logicalDump(*reopened, test::Times::Ignored),
                 test::logicalDump(*expected, test::Times::Ignored));
    }
    qInfo("%d kills, %lld acknowledged changes, %d committed just before a kill", rounds,
          acknowledged, inFlightCommitted);
    QVERIFY(acknowledged > rounds); // the kills landed among real work, not before it
}

void TestRobustness::twoProcessesLoseNoUpdate()
{
    // A participant and an observer rate the same data set from two processes, one change every
    // few milliseconds each, as two studio windows would (only much faster). Neither sees "database
    // is locked"; every acknowledged change is journaled once; each cell ends with the last value
    // written to it; and each cell's journal is one unbroken chain, every change starting from the
    // value the one before left.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("shared.sense7"));
    test::makeDemoDataSet(db);
    const int each = 400;
    QProcess first;
    QProcess second;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("SENSE7_WAIT_FOR_GO"), QStringLiteral("1"));
    environment.insert(QStringLiteral("SENSE7_PAUSE_MS"), QStringLiteral("2"));
    first.setProcessEnvironment(environment);
    second.setProcessEnvironment(environment);
    first.start(helper(), {db, QStringLiteral("7"), QString::number(each)});
    second.start(helper(),
                 {db, QStringLiteral("8"), QString::number(each), QStringLiteral("observer")});
    QVERIFY(waitForLine(first, "ready", 30000));
    QVERIFY(waitForLine(second, "ready", 30000));
    first.write("go\n");
    second.write("go\n");
    // The event loop drains both output pipes, so neither waits on the test.
    QTRY_VERIFY_WITH_TIMEOUT(
        first.state() == QProcess::NotRunning && second.state() == QProcess::NotRunning, 180000);
    const Transcript a = readTranscript(first);
    const Transcript b = readTranscript(second);
    QVERIFY2(first.exitCode() == 0 && a.errors.isEmpty(), qPrintable(a.errors));
    QVERIFY2(second.exitCode() == 0 && b.errors.isEmpty(), qPrintable(b.errors));
    QCOMPARE(a.acknowledged.size(), each);
    QCOMPARE(b.acknowledged.size(), each);

    auto store = Store::open(db);
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));
    QCOMPARE(
        test::connection(*store).pragmaInt("SELECT (SELECT count(*) FROM rating_event WHERE "
                                           "origin = 'edit') + (SELECT count(*) FROM edit_event "
                                           "WHERE origin = 'edit')"),
        qint64(2 * each));
    // The two writers interleaved rather than taking turns process by process.
    QVERIFY(test::connection(*store).pragmaInt(
                "SELECT count(*) FROM (SELECT annotator_id, lag(annotator_id) OVER (ORDER BY id) "
                "AS previous FROM rating_event WHERE origin = 'edit') WHERE annotator_id <> "
                "previous")
            > 2);

    QHash<QString, Edit> lastWrite; // cell -> the last acknowledged change to it
    for (const Transcript *t : {&a, &b}) {
        for (const Edit &edit : t->acknowledged) {
            const QString cell = QStringLiteral("%1/%2/%3/%4")
                                     .arg(editKindKey(edit.kind))
                                     .arg(edit.subjectId)
                                     .arg(edit.dimensionId)
                                     .arg(edit.annotatorId);
            lastWrite.insert(cell, edit);
        }
    }
    for (const Edit &edit : std::as_const(lastWrite))
        QCOMPARE(store->currentValue(edit), edit.after);

    sql::Statement events(test::connection(*store),
                          "SELECT turn_id, dimension_id, annotator_id, old_present, old_value, "
                          "new_present, new_value FROM rating_event ORDER BY id");
    // A rating's state: absent, or present with a value (empty: not applicable).
    const auto state = [&events](int present) {
        return events.integer(present) == 0 ? QStringLiteral("absent")
                                            : QStringLiteral("=") + events.text(present + 1);
    };
    QHash<QString, QString> last;
    int chained = 0;
    while (events.next()) {
        const QString cell = QStringLiteral("%1/%2/%3")
                                 .arg(events.int64(0))
                                 .arg(events.int64(1))
                                 .arg(events.int64(2));
        if (last.contains(cell)) {
            QCOMPARE(state(3), last.value(cell));
            ++chained;
        }
        last.insert(cell, state(5));
    }
    QVERIFY(chained > 50);
    sql::Statement edits(test::connection(*store),
                         "SELECT kind, subject_id, annotator_id, coalesce(old, ''), "
                         "coalesce(new, '') FROM edit_event ORDER BY id");
    QHash<QString, QString> lastEdit;
    while (edits.next()) {
        const QString cell =
            edits.text(0) + QLatin1Char('/') + edits.text(1) + QLatin1Char('/') + edits.text(2);
        if (lastEdit.contains(cell))
            QCOMPARE(edits.text(3), lastEdit.value(cell));
        lastEdit.insert(cell, edits.text(4));
    }
    QVERIFY(lastEdit.size() > 10);
}

void TestRobustness::fullTemporaryFolderIsNamed()
{
    // While a connection sorts in temporary files (an import building its indexes), a full disk
    // may be the temporary folder's rather than the data set's: the message names the folder.
    // A temporary table limited to a few pages fills as such a file would.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("temp.sense7"));
    test::makeDemoDataSet(db);
    auto store = Store::open(db);
    sql::Connection &connection = test::connection(*store);
    const auto fill = [&] {
        connection.exec("CREATE TEMP TABLE IF NOT EXISTS filler(x)");
        connection.exec("PRAGMA temp.max_page_count = 3");
        try {
            connection.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                            "WHERE i < 100) INSERT INTO filler SELECT randomblob(10000) FROM n");
        } catch (const Error &e) {
            return e.message();
        }
        return QString();
    };
    connection.exec("PRAGMA temp_store = FILE");
    const QString inFiles = fill();
    QVERIFY2(inFiles.contains(QStringLiteral("the disk is full (the data set's, or that of the "
                                             "temporary folder /")),
             qPrintable(inFiles));
    QVERIFY2(inFiles.contains(QStringLiteral("everything saved before is intact")),
             qPrintable(inFiles));
    connection.exec("DROP TABLE temp.filler");
    connection.exec("PRAGMA temp_store = MEMORY"); // the data set's usual setting
    const QString inMemory = fill();
    QVERIFY2(inMemory.contains(QStringLiteral("the disk is full")), qPrintable(inMemory));
    QVERIFY2(!inMemory.contains(QStringLiteral("temporary folder")), qPrintable(inMemory));
}

void TestRobustness::fullDiskDuringImportKeepsEverything()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("full.sense7"));
    test::makeDemoDataSet(db);
    const QString big =
        test::writeManyConversations(dir.filePath(QStringLiteral("many.jsonl")), 2000, 200);
    auto store = Store::open(db);
    const QString before = test::logicalDump(*store);
    // The disk "fills" a few pages beyond what the data set uses now.
    const qint64 pages = test::connection(*store).pragmaInt("PRAGMA page_count");
    const QByteArray limit = "PRAGMA max_page_count = " + QByteArray::number(pages + 20);
    test::connection(*store).exec(limit.constData());
    import::Options options;
    options.participant = store->participants().constFirst().code;
    try {
        import::Importer importer(*store);
        importer.importFile(big, options);
        QFAIL("the import fitted on a full disk");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("the disk is full")), qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("everything saved before is intact")),
                 qPrintable(e.message()));
    }
    QVERIFY(!test::connection(*store).inTransaction());
    QCOMPARE(test::logicalDump(*store), before);

    // Space again: the same import succeeds, and the file is sound.
    test::connection(*store).exec("PRAGMA max_page_count = 1073741823");
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(big, options).imported, 2000);
    store.reset();
    QCOMPARE(test::queryInt(db, "SELECT count(*) FROM conversation"), 2013);
    sql::Connection check;
    check.open(db, sql::Connection::Access::ReadOnly);
    QCOMPARE(check.pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestRobustness::killedImportChangesNothing()
{
    // `sense7 import` killed while it writes: alone with the data set it writes with a rollback
    // journal, and the next open rolls the half-written import back from it.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("killed.sense7"));
    test::makeDemoDataSet(db);
    // Beyond the importer's 64 MiB page cache, so that pages reach the file before the end.
    const QString big =
        test::writeManyConversations(dir.filePath(QStringLiteral("many.jsonl")), 50000, 1000);
    QString before;
    QString participant;
    {
        auto store = Store::open(db);
        before = test::logicalDump(*store);
        participant = store->participants().constFirst().code;
    }
    const qint64 sizeBefore = QFileInfo(db).size();

    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI),
                  {QStringLiteral("import"), big, QStringLiteral("--db"), db,
                   QStringLiteral("--participant"), participant});
    QVERIFY(process.waitForStarted());
    const QString journal = db + QStringLiteral("-journal");
    bool writing = false;
    while (!writing && process.state() != QProcess::NotRunning) {
        writing = QFileInfo::exists(journal) && QFileInfo(db).size() > sizeBefore + (8 << 20);
        if (!writing)
            QThread::msleep(5);
    }
    QVERIFY2(writing, "the import ended before it wrote pages into the data set");
    process.kill(); // SIGKILL: no rollback, no flush
    QVERIFY(process.waitForFinished());
    QVERIFY(QFileInfo::exists(journal)); // a hot journal, left for the next open

    auto store = Store::open(db);
    QCOMPARE(test::logicalDump(*store), before);
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));
    QVERIFY(!QFileInfo::exists(journal));
}

void TestRobustness::fullDiskWhileRatingKeepsEarlierRatings()
{
    // Rating until the disk is full: the rating that does not fit fails with a clear message,
    // every earlier rating stays, and once there is room again rating goes on.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("full.sense7"));
    test::makeDemoDataSet(db);
    auto store = Store::open(db);
    const qint64 pages = test::connection(*store).pragmaInt("PRAGMA page_count");
    const QByteArray limit = "PRAGMA max_page_count = " + QByteArray::number(pages + 30);
    test::connection(*store).exec(limit.constData());

    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    QVector<Edit> saved;
    QString failure;
    const QString text(2000, QLatin1Char('n'));
    for (const ConversationSummary &c : store->conversationSummaries()) {
        for (const Turn &t : store->turns(c.id)) {
            Edit edit;
            edit.kind = Edit::Kind::Note;
            edit.subjectId = t.id;
            edit.annotatorId = self;
            edit.before = store->currentValue(edit);
            edit.after = QString(text + QString::number(t.id));
            try {
                store->apply(edit, Origin::Edit);
                saved << edit;
            } catch (const Error &e) {
                failure = e.message();
                QCOMPARE(store->currentValue(edit), edit.before); // not half-written
                break;
            }
        }
        if (!failure.isEmpty())
            break;
    }
    QVERIFY2(failure.contains(QStringLiteral("the disk is full")), qPrintable(failure));
    QVERIFY(failure.contains(db));
    QVERIFY(saved.size() > 1);
    store.reset();

    auto reopened = Store::open(db);
    QCOMPARE(test::connection(*reopened).pragmaText("PRAGMA integrity_check"),
             QStringLiteral("ok"));
    for (const Edit &edit : std::as_const(saved))
        QCOMPARE(reopened->currentValue(edit), edit.after);
    Edit more = saved.constFirst();
    more.before = more.after;
    more.after = QStringLiteral("room again");
    reopened->apply(more, Origin::Edit);
    QCOMPARE(reopened->currentValue(more), more.after);
}

void TestRobustness::readOnlyPathOpensReadOnly()
{
    // A data set in a folder its user cannot write (a shared drive, a read-only mount): it opens
    // read-only, a change is refused with a message that says so, and the file stays as it was.
    // Root may write anywhere, so as root the helper runs as the user "nobody".
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("shared"));
    QVERIFY(QDir().mkpath(folder));
    const QString db = folder + QStringLiteral("/study.sense7");
    test::makeDemoDataSet(db);
    const auto readAndEnter = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther
        | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(dir.path(), readAndEnter | QFile::WriteOwner));
    // The file itself is writable by everyone; only its folder is not.
    QVERIFY(QFile::setPermissions(db,
                                  QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther
                                      | QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther));
    QVERIFY(QFile::setPermissions(folder, readAndEnter));
    const QByteArray before = test::fileHash(db);

    QProcess process;
    test::startUnprivileged(process, helper(), {db, QStringLiteral("1"), QStringLiteral("5")});
    QVERIFY(process.waitForFinished(60000));
    const Transcript t = readTranscript(process);
    QCOMPARE(process.exitCode(), 1);
    QVERIFY2(t.errors.contains(QStringLiteral("is open read-only: nothing can be changed")),
             qPrintable(t.errors));
    QVERIFY(t.acknowledged.isEmpty());
    QCOMPARE(test::fileHash(db), before);
    QVERIFY(!QFileInfo::exists(db + QStringLiteral("-wal")));
    QFile::setPermissions(folder, readAndEnter | QFile::WriteOwner);
}

QTEST_GUILESS_MAIN(TestRobustness)
#include "tst_robustness.moc"
