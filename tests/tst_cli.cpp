// End-to-end tests of the `sense7` command-line tool: the real binary in a child process.

#include "browse/page.h"
#include "livesupport.h"
#include "stats/analysis.h"
#include "store.h"
#include "taxonomy.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace sense7;

namespace {

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result sense7Cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(60000))
        qFatal("sense7 did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void printsVersion();
    void initDemoThenInfoJson();
    void initNamesAPathHoldingPlaceholders();
    void infoPrintsText();
    void infoChangesNothing();
    void infoReadsDataSetInReadOnlyFolder();
    void initRefusesExistingFile();
    void infoRefusesJunk();
    void importsFilesOneTransactionEach();
    void importMapsSpeakersAndGaps();
    void usageErrors();
    void importRefusesPipesAndDevices();
    void importWhileAnotherWritesSaysSo();
    void evaluatesImportedPredictions();
    void importRatingsReportsConflicts();
    void evaluateJsonMatchesTheLibrary();
    void evaluateComparesEachCondition();
    void agreementReportsEachDimension();
    void analysisUsageErrors();
    void analysisReportsTheCluster();
    void analysisRefusesNothingToCompare();
    void paperFiguresOnlyBesideSense7();
    void evaluateEsconvShowsNoPaperFigures();
    void analysesWithoutRatingsFail();
    void evaluatesASevenPointInstrument();
    void infoAndRangeNameTheInstruments();
    void exportRoundTripsThroughImport();
    void exportAndFiguresUsageErrors();
    void figuresCanLeaveTheTitleOut();
    void figuresForAnyInstrumentAndContextKey();
    void checkExitCodes();
    void writingCommandsRefuseDamagedDataSet();
    void readingCommandsWarnOnDamage();
    void backupRestoreAndRecover();
    void helpListsDamageCommands();
};

void TestCli::printsVersion()
{
    const Result r = sense7Cli({QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), QStringLiteral("sense7 " SENSE7_VERSION));
}

void TestCli::initDemoThenInfoJson()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("demo.sense7"));
    const Result init = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")});
    QCOMPARE(init.exitCode, 0);
    // The demo is made under sense7_live: 13 imported conversations and 2 held live.
    QVERIFY2(init.out.contains(QStringLiteral("under the protocol sense7_live")),
             qPrintable(init.out));
    QVERIFY2(init.out.contains(QStringLiteral("15 conversations")), qPrintable(init.out));

    const Result info = sense7Cli({QStringLiteral("info"), db, QStringLiteral("--json")});
    QCOMPARE(info.exitCode, 0);
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(info.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(json.value(QStringLiteral("participants")).toInt(), 3);
    QCOMPARE(json.value(QStringLiteral("conversations")).toInt(), 15);
    QCOMPARE(json.value(QStringLiteral("turns")).toInt(), 108 + 16);
    QCOMPARE(json.value(QStringLiteral("assistant_turns")).toInt(), 54 + 8);
    // Self-ratings: 62 assistant turns x 7 dimensions, less the 3 imported replies and the last
    // live one left unrated. The demo's classifier, observers and re-ratings add the rest.
    QCOMPARE(
        test::queryInt(db,
                       "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
                       " WHERE a.code = 'self'"),
        qint64((62 - 4) * 7));
    QCOMPARE(json.value(QStringLiteral("ratings")).toInt(),
             int(test::queryInt(db, "SELECT COUNT(*) FROM rating")));
    QVERIFY(json.value(QStringLiteral("ratings")).toInt() > (62 - 4) * 7 * 3);
    QCOMPARE(json.value(QStringLiteral("flags")).toInt(), 7);
    const QJsonArray instruments = json.value(QStringLiteral("instruments")).toArray();
    QCOMPARE(instruments.size(), 1);
    const QJsonObject sense7 = instruments[0].toObject();
    QCOMPARE(sense7.value(QStringLiteral("key")).toString(), QStringLiteral("sense7"));
    QCOMPARE(sense7.value(QStringLiteral("name")).toString(), QStringLiteral("SENSE-7"));
    const QJsonArray dims = sense7.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dims.size(), 7);
    QCOMPARE(dims[0].toObject().value(QStringLiteral("key")).toString(),
             QStringLiteral("acknowledgment"));
    QCOMPARE(dims[6].toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("Support"));
    for (const QJsonValue &d : dims)
        QCOMPARE(d.toObject().value(QStringLiteral("level")).toString(), QStringLiteral("turn"));

    // The CLI and the library agree.
    auto store = Store::open(db, Store::Access::ReadOnly);
    const QJsonObject fromLibrary = store->info().toJson();
    QCOMPARE(json.value(QStringLiteral("ratings")), fromLibrary.value(QStringLiteral("ratings")));
}

void TestCli::initNamesAPathHoldingPlaceholders()
{
    // "%4" in the path is the user's text, not the message's count of participants.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("wave %4")));
    const QString db = dir.filePath(QStringLiteral("wave %4/data %5.sense7"));
    const Result init = sense7Cli({QStringLiteral("init"), db});
    QCOMPARE(init.exitCode, 0);
    QVERIFY2(init.out.startsWith(QStringLiteral("Created %1 under the protocol sense7 (").arg(db)),
             qPrintable(init.out));
    QVERIFY2(init.out.trimmed().endsWith(
                 QStringLiteral("): 0 participants, 0 conversations, 0 ratings.")),
             qPrintable(init.out));
}

void TestCli::infoPrintsText()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const Result info = sense7Cli({QStringLiteral("info"), db});
    QCOMPARE(info.exitCode, 0);
    QVERIFY(info.out.contains(QStringLiteral("Conversations:     15")));
    QVERIFY(info.out.contains(QStringLiteral("empathy-prompted")));
    QVERIFY(info.out.contains(QStringLiteral("acknowledgment, understanding, validation")));
}

void TestCli::infoChangesNothing()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    const QByteArray before = test::fileHash(db);
    QCOMPARE(sense7Cli({QStringLiteral("info"), db, QStringLiteral("--json")}).exitCode, 0);
    QCOMPARE(test::fileHash(db), before);
}

void TestCli::infoReadsDataSetInReadOnlyFolder()
{
    // A data set someone else shares: a folder this user cannot write, so SQLite cannot create
    // the WAL companions it needs even to read. Root may write anywhere, so as root the tool
    // runs as the unprivileged user "nobody".
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("shared.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const bool root = geteuid() == 0;
    const auto everyoneReads = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther
        | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(
        dir.path(), everyoneReads | (root ? QFile::WriteOwner : QFileDevice::Permissions())));
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QByteArray before = test::fileHash(db);

    QProcess process;
    test::startUnprivileged(process, QStringLiteral(SENSE7_CLI),
                            {QStringLiteral("info"), db, QStringLiteral("--json")});
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(process.exitCode() == 0, qPrintable(err));
    const QJsonObject json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    QCOMPARE(json.value(QStringLiteral("conversations")).toInt(), 15);
    QCOMPARE(json.value(QStringLiteral("read_only")).toBool(), true);
    QCOMPARE(test::fileHash(db), before);
    QVERIFY(!QFileInfo::exists(db + QStringLiteral("-shm")));

    // So does the damage check: a folder it cannot write is no damage.
    QProcess check;
    test::startUnprivileged(check, QStringLiteral(SENSE7_CLI), {QStringLiteral("check"), db});
    QVERIFY(check.waitForFinished(60000));
    QVERIFY2(check.exitCode() == 0,
             QByteArray(check.readAllStandardOutput() + check.readAllStandardError()).constData());
    QCOMPARE(test::fileHash(db), before);

    // And salvaging it into a folder of one's own.
    QTemporaryDir mine;
    QVERIFY(QFile::setPermissions(
        mine.path(), everyoneReads | QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther));
    const QString salvaged = QDir(mine.path()).filePath(QStringLiteral("salvaged.sense7"));
    QProcess recover;
    test::startUnprivileged(recover, QStringLiteral(SENSE7_CLI),
                            {QStringLiteral("recover"), db, salvaged});
    QVERIFY(recover.waitForFinished(60000));
    QVERIFY2(
        recover.exitCode() == 0,
        QByteArray(recover.readAllStandardOutput() + recover.readAllStandardError()).constData());
    QVERIFY(QFileInfo::exists(salvaged));
    QCOMPARE(test::fileHash(db), before);
    QFile::setPermissions(dir.path(), everyoneReads | QFile::WriteOwner);
}

void TestCli::initRefusesExistingFile()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("notes.txt"));
    test::writeFile(db, "keep me");
    const Result r = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(db) && r.err.contains(QStringLiteral("already exists")),
             qPrintable(r.err));
    QCOMPARE(test::readFile(db), QByteArray("keep me"));
}

void TestCli::infoRefusesJunk()
{
    QTemporaryDir dir;
    const QString junk = dir.filePath(QStringLiteral("export.json"));
    test::writeFile(junk, "{\"conversations\": []}");
    const Result r = sense7Cli({QStringLiteral("info"), junk, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(junk) && r.err.contains(QStringLiteral("not a Sense-7 data set")),
             qPrintable(r.err));
}

void TestCli::importsFilesOneTransactionEach()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    const QString data = QStringLiteral(SENSE7_TEST_DATA "/import/");
    const Result r = sense7Cli(
        {QStringLiteral("import"), data + QStringLiteral("chatgpt-branching.json"),
         data + QStringLiteral("../bad/csv-ragged.csv"), data + QStringLiteral("claude.json"),
         QStringLiteral("--db"), db, QStringLiteral("--participant"), QStringLiteral("P05")});
    QCOMPARE(r.exitCode, 1); // one file failed...
    QVERIFY2(r.err.contains(QStringLiteral("csv-ragged.csv: line 4")), qPrintable(r.err));
    QVERIFY(r.out.contains(
        QStringLiteral("chatgpt-branching.json (chatgpt): conversations imported: 1;")));
    QVERIFY(r.out.contains(QStringLiteral("claude.json (claude): conversations imported: 2;")));
    QVERIFY(r.err.contains(QStringLiteral("warning: ")) && r.err.contains(QStringLiteral("null")));
    auto store = Store::open(db, Store::Access::ReadOnly); // ...the others are in
    QCOMPARE(store->info().conversations, 3);
    QCOMPARE(store->participants().constFirst().code, QStringLiteral("P05"));

    const Result again = sense7Cli({QStringLiteral("import"), data + QStringLiteral("claude.json"),
                                    QStringLiteral("--db"), db, QStringLiteral("--format"),
                                    QStringLiteral("claude")});
    QCOMPARE(again.exitCode, 0);
    QVERIFY(again.out.contains(QStringLiteral("conversations imported: 0; already present: 2;")));
    const Result wrong =
        sense7Cli({QStringLiteral("import"), data + QStringLiteral("claude.json"),
                   QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("word")});
    QCOMPARE(wrong.exitCode, 1);
    QVERIFY(wrong.err.contains(QStringLiteral("\"word\" is not a format")));
}

void TestCli::importMapsSpeakersAndGaps()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    const QString data = QStringLiteral(SENSE7_TEST_DATA "/import/");
    const Result wildchat = sense7Cli(
        {QStringLiteral("import"), data + QStringLiteral("wildchat.jsonl"), QStringLiteral("--db"),
         db, QStringLiteral("--map"), QStringLiteral("turns=conversation"), QStringLiteral("--map"),
         QStringLiteral("agent=model"), QStringLiteral("--map"),
         QStringLiteral("id=conversation_hash")});
    QCOMPARE(wildchat.exitCode, 0);
    QVERIFY2(
        wildchat.out.contains(QStringLiteral("wildchat.jsonl (jsonl): conversations imported: 2;")),
        qPrintable(wildchat.out));
    const Result names = sense7Cli(
        {QStringLiteral("import"), data + QStringLiteral("transcript-names.txt"),
         QStringLiteral("--db"), db, QStringLiteral("--speaker"), QStringLiteral("Alex=user"),
         QStringLiteral("--speaker"), QStringLiteral("Coach=assistant")});
    QCOMPARE(names.exitCode, 0);
    QVERIFY2(names.out.contains(QStringLiteral("(transcript): conversations imported: 1;")),
             qPrintable(names.out));
    const Result gemini =
        sense7Cli({QStringLiteral("import"), data + QStringLiteral("gemini-myactivity.json"),
                   QStringLiteral("--db"), db, QStringLiteral("--gap"), QStringLiteral("1")});
    QCOMPARE(gemini.exitCode, 0);
    QVERIFY2(gemini.out.contains(QStringLiteral("conversations imported: 4;"))
                 && gemini.out.contains(QStringLiteral("kept as unanswered: 1")),
             qPrintable(gemini.out));
    auto store = Store::open(db, Store::Access::ReadOnly);
    QCOMPARE(store->info().conversations, 7);
    store.reset();
    // Options that say nothing usable are refused before anything is read.
    for (const QStringList &bad :
         {QStringList {QStringLiteral("--map"), QStringLiteral("speaker=role")},
          QStringList {QStringLiteral("--speaker"), QStringLiteral("Alex=wizard")},
          QStringList {QStringLiteral("--gap"), QStringLiteral("soon")}}) {
        const Result r =
            sense7Cli(QStringList {QStringLiteral("import"), data + QStringLiteral("lmsys.jsonl"),
                                   QStringLiteral("--db"), db}
                      + bad);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(bad.at(0)), qPrintable(r.err));
    }
    QCOMPARE(Store::open(db, Store::Access::ReadOnly)->info().conversations, 7);
}

void TestCli::importWhileAnotherWritesSaysSo()
{
    // A second import started while one writes the data set (in rollback mode for its length,
    // which keeps readers out too) waits for it, then gives up saying what holds it and when to
    // try again, and changes nothing.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const auto conversations = [&db] {
        return test::queryInt(db, "SELECT count(*) FROM conversation");
    };
    const qint64 before = conversations();
    sql::Connection writer;
    writer.open(db, sql::Connection::Access::ReadWrite);
    writer.exec("PRAGMA journal_mode = DELETE");
    writer.exec("BEGIN EXCLUSIVE");
    writer.exec("DELETE FROM participant WHERE 0");
    const Result r = sense7Cli(
        {QStringLiteral("import"), QStringLiteral(SENSE7_TEST_DATA "/import/claude.json"),
         QStringLiteral("--db"), db, QStringLiteral("--participant"), QStringLiteral("P01")});
    writer.exec("ROLLBACK");
    writer.close();
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("is writing to the data set"))
                 && r.err.contains(QStringLiteral("Try again when it has finished"))
                 && !r.err.contains(QStringLiteral("query")),
             qPrintable(r.err));
    QCOMPARE(conversations(), before);
}

void TestCli::importRefusesPipesAndDevices()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    const QString fifo = dir.filePath(QStringLiteral("conversations.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QStringList &extra :
         {QStringList(), QStringList {QStringLiteral("--format"), QStringLiteral("chatgpt")}}) {
        QProcess process;
        process.start(QStringLiteral(SENSE7_CLI),
                      QStringList {QStringLiteral("import"), fifo, QStringLiteral("/dev/zero"),
                                   QStringLiteral("--db"), db}
                          + extra);
        if (!process.waitForFinished(10000)) {
            process.kill();
            process.waitForFinished();
            QFAIL("sense7 import hangs on a named pipe or a device");
        }
        QCOMPARE(process.exitCode(), 1);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.contains(fifo + QStringLiteral(" is not a regular file")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("/dev/zero is not a regular file")), qPrintable(err));
    }
    auto store = Store::open(db, Store::Access::ReadOnly);
    QCOMPARE(store->info().conversations, 0);
}

void TestCli::usageErrors()
{
    Result r = sense7Cli({});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("Usage: sense7 COMMAND")));
    r = sense7Cli({QStringLiteral("frobnicate")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("unknown command \"frobnicate\"")));
    r = sense7Cli({QStringLiteral("info")});
    QCOMPARE(r.exitCode, 1);
    r = sense7Cli({QStringLiteral("info"), QStringLiteral("x"), QStringLiteral("--bogus")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("bogus")));
    r = sense7Cli({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("init")) && r.out.contains(QStringLiteral("info")));
}

void TestCli::evaluatesImportedPredictions()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);

    // Predictions for the first four rated warmth cells of conversation 1: three right, one off
    // by two.
    QString csv =
        QStringLiteral("conversation_id,turn_index,dimension,value,annotator,annotator_kind\n");
    QVector<int> self;
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
        const auto ratings = store->turnRatings(1, store->selfAnnotatorId());
        for (const Turn &turn : store->turns(1)) {
            const auto cell = ratings.value(turn.id).value(warmth).number();
            if (self.size() == 4 || !cell)
                continue;
            self << *cell;
            const int predicted = self.size() == 4 ? (*cell <= 3 ? *cell + 2 : *cell - 2) : *cell;
            csv +=
                QStringLiteral("1,%1,warmth,%2,csv-model,model\n").arg(turn.index).arg(predicted);
        }
    }
    QCOMPARE(self.size(), 4);
    const QString file = dir.filePath(QStringLiteral("predictions.csv"));
    test::writeFile(file, csv.toUtf8());
    QCOMPARE(sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db}).exitCode, 0);

    const Result r =
        sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--model"), QStringLiteral("csv-model"), QStringLiteral("--json"),
                   QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("model")).toString(), QStringLiteral("csv-model"));
    const QJsonArray dimensions = json.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dimensions.size(), 7);
    for (const auto &value : dimensions) {
        const QJsonObject row = value.toObject();
        const bool isWarmth =
            row.value(QStringLiteral("dimension")).toString() == QLatin1String("warmth");
        QCOMPARE(row.value(QStringLiteral("n")).toInt(), isWarmth ? 4 : 0);
        if (isWarmth) {
            QCOMPARE(row.value(QStringLiteral("accuracy")).toDouble(), 0.75);
            QCOMPARE(row.value(QStringLiteral("mae")).toDouble(), 0.5);
        } else {
            QVERIFY(row.value(QStringLiteral("accuracy")).isNull());
        }
    }
    QCOMPARE(
        json.value(QStringLiteral("mean")).toObject().value(QStringLiteral("accuracy")).toDouble(),
        0.75);
    QVERIFY(
        json.value(QStringLiteral("baselines")).toObject().contains(QStringLiteral("majority")));
    QVERIFY(json.value(QStringLiteral("baselines"))
                .toObject()
                .contains(QStringLiteral("participant_mean")));
    QCOMPARE(json.value(QStringLiteral("reference"))
                 .toObject()
                 .value(QStringLiteral("spearman"))
                 .toDouble(),
             0.369);
}

void TestCli::importRatingsReportsConflicts()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const auto dump = [&] {
        auto store = Store::open(db, Store::Access::ReadOnly);
        return test::logicalDump(*store);
    };
    // The four documented columns: one rating that disagrees with the participant's own, one
    // that agrees.
    int turn = -1, own = 0, agreeing = -1;
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
        const auto ratings = store->turnRatings(1, store->selfAnnotatorId());
        for (const Turn &t : store->turns(1)) {
            const auto cell = ratings.value(t.id).value(warmth).number();
            if (!cell)
                continue;
            if (turn < 0) {
                turn = t.index;
                own = *cell;
            } else if (agreeing < 0) {
                agreeing = t.index;
                QString row = QStringLiteral("1,%1,warmth,%2\n").arg(t.index).arg(*cell);
                test::writeFile(dir.filePath(QStringLiteral("agree.txt")), row.toUtf8());
            }
        }
    }
    QVERIFY(turn >= 0 && agreeing >= 0);
    const int other = own == 1 ? 5 : 1;
    const QString file = dir.filePath(QStringLiteral("predictions.csv"));
    test::writeFile(file,
                    "conversation_id,turn_index,dimension,value\n"
                        + QStringLiteral("1,%1,warmth,%2\n").arg(turn).arg(other).toUtf8()
                        + test::readFile(dir.filePath(QStringLiteral("agree.txt"))));
    const QString before = dump();

    // Who rated must be said.
    Result r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("predictions.csv: line 2"))
                 && r.err.contains(QStringLiteral("--annotator")),
             qPrintable(r.err));
    QCOMPARE(dump(), before);

    // Kept and reported, in the summary, on stderr and in the report.
    const QString csvReport = dir.filePath(QStringLiteral("conflicts.csv"));
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("self"),
                   QStringLiteral("--report"), csvReport});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("ratings: 0 new, 1 unchanged, 1 conflicting (kept)")),
             qPrintable(r.out));
    const QString message = QStringLiteral("predictions.csv: line 2: conversation \"1\", turn %1, "
                                           "the rating \"warmth\" by self is %2 in the data set "
                                           "and %3 in this file; kept %2.")
                                .arg(turn)
                                .arg(own)
                                .arg(other);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(dump(), before);
    QCOMPARE(QString::fromUtf8(test::readFile(csvReport)),
             QStringLiteral("file,line,what,conversation,turn,dimension,rater,existing,file_value,"
                            "action\npredictions.csv,2,rating,1,%1,warmth,self,%2,%3,kept\n")
                 .arg(turn)
                 .arg(own)
                 .arg(other));

    // Fail: nothing written, the first conflict named.
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("self"),
                   QStringLiteral("--on-conflict"), QStringLiteral("fail")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("predictions.csv: line 2")), qPrintable(r.err));
    QCOMPARE(dump(), before);

    // Replace: written, journaled, reported as replaced.
    const QString jsonReport = dir.filePath(QStringLiteral("conflicts.json"));
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("self"),
                   QStringLiteral("--on-conflict"), QStringLiteral("replace"),
                   QStringLiteral("--report"), jsonReport});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("ratings: 0 new, 1 unchanged, 1 replaced")),
             qPrintable(r.out));
    const QJsonArray rows = QJsonDocument::fromJson(test::readFile(jsonReport)).array();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("action")).toString(),
             QStringLiteral("replaced"));
    QCOMPARE(rows.at(0).toObject().value(QStringLiteral("existing")).toInt(), own);
    QCOMPARE(test::queryInt(db,
                            QStringLiteral("SELECT count(*) FROM rating_event e JOIN turn t ON "
                                           "t.id = e.turn_id JOIN annotator a ON a.id = "
                                           "e.annotator_id WHERE a.code = 'self' AND "
                                           "t.conversation_id = 1 AND t.idx = %1 AND "
                                           "e.old_value = %2 AND e.new_value = %3")
                                .arg(turn)
                                .arg(own)
                                .arg(other)
                                .toUtf8()
                                .constData()),
             qint64(1));

    // Again: everything unchanged.
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("self")});
    QVERIFY2(r.out.contains(QStringLiteral("ratings: 0 new, 2 unchanged, 0 conflicting")),
             qPrintable(r.out));

    // The options are listed and checked.
    r = sense7Cli({QStringLiteral("import"), QStringLiteral("--help")});
    for (const char *option : {"--annotator <CODE>", "--annotator-kind <KIND>",
                               "--on-conflict <keep|replace|fail>", "--report <FILE>"})
        QVERIFY2(r.out.contains(QLatin1String(option)), option);
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("x"),
                   QStringLiteral("--on-conflict"), QStringLiteral("overwrite")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("overwrite")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db,
                   QStringLiteral("--annotator"), QStringLiteral("x"), QStringLiteral("--report"),
                   dir.filePath(QStringLiteral("r.txt"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("r.txt"))));
}

void TestCli::evaluateJsonMatchesTheLibrary()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    // The demo under plain SENSE-7: no live conversations, so no per-condition part either.
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo"),
                        QStringLiteral("--protocol"), QStringLiteral("sense7")})
                 .exitCode,
             0);
    const Result r =
        sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db, QStringLiteral("--json"),
                   QStringLiteral("--bootstrap"), QStringLiteral("200")});
    QCOMPARE(r.exitCode, 0); // the demo has exactly one model, so --model may be left out
    auto store = Store::open(db, Store::Access::ReadOnly);
    analysis::Options options;
    options.bootstrapReplicates = 200;
    const auto expected =
        analysis::toJson(analysis::evaluate(*store, QStringLiteral("demo-classifier"), options));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object(), expected);
    QVERIFY(expected.value(QStringLiteral("dimensions"))
                .toArray()
                .at(0)
                .toObject()
                .contains(QStringLiteral("spearman_ci")));

    const Result text = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains(QStringLiteral("majority rating")));
    QVERIFY(text.out.contains(QStringLiteral("mean ρ = 0.369, accuracy = 0.487")));
}

void TestCli::agreementReportsEachDimension()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const Result r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                                QStringLiteral("--json"), QStringLiteral("--participant"),
                                QStringLiteral("P01")});
    QCOMPARE(r.exitCode, 0);
    auto store = Store::open(db, Store::Access::ReadOnly);
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    options.participantId = store->participantId(QStringLiteral("P01"));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object(),
             analysis::toJson(analysis::reliability(*store, options)));
    const QJsonArray dimensions = QJsonDocument::fromJson(r.out.toUtf8())
                                      .object()
                                      .value(QStringLiteral("dimensions"))
                                      .toArray();
    QCOMPARE(dimensions.size(), 7);
    QVERIFY(dimensions.at(0)
                .toObject()
                .value(QStringLiteral("retest"))
                .toObject()
                .value(QStringLiteral("n"))
                .toInt()
            > 0);

    const Result text = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains(QStringLiteral("Test–retest")));
    QVERIFY(text.out.contains(QStringLiteral("between participants")));
    // The demo's shares between participants are near 0, some below: the note says what that is.
    QVERIFY2(text.out.contains(QStringLiteral("-0.0"))
                 && text.out.contains(QStringLiteral("Read a value below 0 as none.")),
             qPrintable(text.out));
    // The pooled table counts a turn once per observer; the others count turns.
    QVERIFY2(text.out.contains(QStringLiteral("n = pairs, a turn once per observer")),
             qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("Self against observer “observer-1” (n = turns)")));
    QVERIFY(text.out.contains(QStringLiteral("observers' mean (n = turns")));
}

void TestCli::analysisUsageErrors()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    Result r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                          QStringLiteral("--model"), QStringLiteral("nobody")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("No model “nobody”"))
                 && r.err.contains(QStringLiteral("demo-classifier")),
             qPrintable(r.err));
    r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                   QStringLiteral("--bootstrap"), QStringLiteral("many")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("“many”")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                   QStringLiteral("--participant"), QStringLiteral("P99")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("P99")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("agreement")});
    QCOMPARE(r.exitCode, 1);
}

void TestCli::analysisReportsTheCluster()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    // The demo under plain SENSE-7: no live conversations, so no per-condition part either.
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo"),
                        QStringLiteral("--protocol"), QStringLiteral("sense7")})
                 .exitCode,
             0);
    Result r =
        sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db, QStringLiteral("--json"),
                   QStringLiteral("--bootstrap"), QStringLiteral("100"),
                   QStringLiteral("--cluster"), QStringLiteral("conversation")});
    QCOMPARE(r.exitCode, 0);
    auto store = Store::open(db, Store::Access::ReadOnly);
    analysis::Options options;
    options.bootstrapReplicates = 100;
    options.cluster = stats::Cluster::Conversation;
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("cluster")).toString(), QStringLiteral("conversation"));
    QCOMPARE(
        json,
        analysis::toJson(analysis::evaluate(*store, QStringLiteral("demo-classifier"), options)));
    r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--bootstrap"), QStringLiteral("100")});
    QVERIFY2(r.out.contains(QStringLiteral("resamples of whole participants")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("one-sided NA")));
    QVERIFY(r.out.contains(QStringLiteral("Fisher z")));
    r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                   QStringLiteral("--json"), QStringLiteral("--bootstrap"), QStringLiteral("50"),
                   QStringLiteral("--cluster"), QStringLiteral("none")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject reliability = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(reliability.value(QStringLiteral("cluster")).toString(), QStringLiteral("none"));
    const QJsonObject first =
        reliability.value(QStringLiteral("dimensions")).toArray().at(0).toObject();
    QVERIFY(first.value(QStringLiteral("self_observer_icc"))
                .toObject()
                .value(QStringLiteral("icc2_1"))
                .isDouble());
    QCOMPARE(first.value(QStringLiteral("self_per_observer")).toArray().size(), 2);
    r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                   QStringLiteral("--bootstrap"), QStringLiteral("50")});
    QVERIFY(r.out.contains(QStringLiteral("ICC(2,1)")));
    QVERIFY(r.out.contains(QStringLiteral("observers' mean")));
    r = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                   QStringLiteral("--cluster"), QStringLiteral("turn")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("“turn”")), qPrintable(r.err));
}

void TestCli::analysisRefusesNothingToCompare()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    {
        auto store = Store::create(db);
        Conversation c;
        c.participantId = store->addParticipant(QStringLiteral("P1"));
        c.title = QStringLiteral("one");
        c.agent = QStringLiteral("assistant");
        c.sourceFormat = QStringLiteral("test");
        Turn user, reply;
        user.index = 0;
        user.role = Role::User;
        user.text = QStringLiteral("hello");
        reply.index = 1;
        reply.role = Role::Assistant;
        reply.text = QStringLiteral("hi");
        QVector<Turn> turns {user, reply};
        const qint64 id = store->addConversation(c, turns);
        // The model rated a reply the participant never rated.
        store->setRating(store->turnId(id, 1), store->findDimension(QStringLiteral("warmth"))->id,
                         store->annotatorId(QStringLiteral("m"), AnnotatorKind::Model), 3);
    }
    Result r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("Nothing to compare")), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    r = sense7Cli(
        {QStringLiteral("agreement"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("Nothing to compare")), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCli::paperFiguresOnlyBesideSense7()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    {
        auto store = Store::open(db);
        store->installInstrument(taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json")));
        const qint64 feedback = store->findDimension(QStringLiteral("esconv/feedback"))->id;
        const qint64 model =
            store->annotatorId(QStringLiteral("demo-classifier"), AnnotatorKind::Model);
        int i = 0;
        for (const Turn &turn : store->turns(1)) {
            if (turn.role != Role::Assistant)
                continue;
            store->setRating(turn.id, feedback, store->selfAnnotatorId(), 1 + i % 5);
            store->setRating(turn.id, feedback, model, 1 + (i + i / 3) % 5);
            ++i;
        }
    }
    Result r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                          QStringLiteral("--instrument"), QStringLiteral("esconv")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("feedback")));
    QVERIFY2(!r.out.contains(QStringLiteral("0.369")) && !r.out.contains(QStringLiteral("paper")),
             qPrintable(r.out));
    r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--instrument"), QStringLiteral("esconv"),
                   QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("instrument")).toString(), QStringLiteral("esconv"));
    QVERIFY(!json.contains(QStringLiteral("reference")));
    r = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db, QStringLiteral("--json"),
                   QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object().contains(QStringLiteral("reference")));
}

void TestCli::evaluateEsconvShowsNoPaperFigures()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("esconv.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    QCOMPARE(
        sense7Cli({QStringLiteral("import"), QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json"),
                   QStringLiteral("--db"), db})
            .exitCode,
        0);
    // A model that agrees with the seekers' feedback, except one point lower on the first.
    QString csv = QStringLiteral(
        "conversation_id,turn_index,instrument,dimension,value,annotator,annotator_kind\n");
    int rows = 0;
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        for (const ConversationSummary &c : store->conversationSummaries()) {
            for (const RatingRecord &r : store->ratingRecords(c.id)) {
                if (r.dimension != QLatin1String("feedback") || !r.turnIndex || !r.value)
                    continue;
                const int value = rows++ == 0 ? std::max(1, *r.value - 1) : *r.value;
                csv += QStringLiteral("%1,%2,esconv,feedback,%3,esconv-model,model\n")
                           .arg(c.id)
                           .arg(*r.turnIndex)
                           .arg(value);
            }
        }
    }
    QVERIFY(rows >= 3);
    const QString file = dir.filePath(QStringLiteral("model.csv"));
    test::writeFile(file, csv.toUtf8());
    QCOMPARE(sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db}).exitCode, 0);

    const Result text = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                                   QStringLiteral("--instrument"), QStringLiteral("esconv"),
                                   QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("feedback")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("%1").arg(rows)), qPrintable(text.out));
    QVERIFY2(!text.out.contains(QStringLiteral("0.369"))
                 && !text.out.contains(QStringLiteral("0.487"))
                 && !text.out.contains(QStringLiteral("paper")),
             qPrintable(text.out));
    const Result json =
        sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--instrument"), QStringLiteral("esconv"),
                   QStringLiteral("--json"), QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY(!object.contains(QStringLiteral("reference")));
    const QJsonArray dimensions = object.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dimensions.size(), 1); // ESConv's only turn-level dimension
    QCOMPARE(dimensions[0].toObject().value(QStringLiteral("n")).toInt(), rows);
    QCOMPARE(dimensions[0].toObject().value(QStringLiteral("accuracy")).toDouble(),
             double(rows - 1) / rows);

    // The data set's primary instrument (SENSE-7) has no model ratings here: an error that says
    // so, not a table of zeros.
    const Result primary = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db});
    QCOMPARE(primary.exitCode, 1);
    QVERIFY2(primary.err.contains(QStringLiteral("Nothing to compare on instrument “sense7”"))
                 && primary.err.contains(QStringLiteral("model “esconv-model” has 0")),
             qPrintable(primary.err));
    QVERIFY(primary.out.isEmpty());

    // An unknown instrument lists the known ones.
    const Result unknown = sense7Cli({QStringLiteral("agreement"), QStringLiteral("--db"), db,
                                      QStringLiteral("--instrument"), QStringLiteral("esconf")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains(QStringLiteral("has no instrument “esconf”; it has: sense7, "
                                                 "esconv.")),
             qPrintable(unknown.err));
}

void TestCli::analysesWithoutRatingsFail()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("empty.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    QCOMPARE(sense7Cli({QStringLiteral("import"),
                        QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv"),
                        QStringLiteral("--db"), db})
                 .exitCode,
             0);
    const QString file = dir.filePath(QStringLiteral("model.csv"));
    test::writeFile(file,
                    "conversation_id,turn_index,dimension,value,annotator,annotator_kind\n"
                    "c1,1,warmth,4,judge,model\n");
    QCOMPARE(sense7Cli({QStringLiteral("import"), file, QStringLiteral("--db"), db}).exitCode, 0);

    const Result evaluate = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db});
    QCOMPARE(evaluate.exitCode, 1);
    QVERIFY(evaluate.out.isEmpty());
    QVERIFY2(
        evaluate.err.contains(
            QStringLiteral("Nothing to compare on instrument “sense7” in %1: the participants' own "
                           "ratings (self) have 0 rated cells, model “judge” has 1")
                .arg(db)),
        qPrintable(evaluate.err));
    const Result agreement = sense7Cli(
        {QStringLiteral("agreement"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(agreement.exitCode, 1);
    QVERIFY(agreement.out.isEmpty());
    QVERIFY2(agreement.err.contains(QStringLiteral("Nothing to compare on instrument “sense7”"))
                 && agreement.err.contains(QStringLiteral("(self) have 0 rated cells")),
             qPrintable(agreement.err));
}

void TestCli::evaluatesASevenPointInstrument()
{
    // Five replies rated 1–7 by their participant and by a model (every scale point used): by
    // hand, ρ = 1 − 6·2/(5·24) = 0.9 (rank differences 1, 0, 0, 0, −1), accuracy 1/5, MAE 4/5,
    // and quadratic κ = 1 − 4/(250/5) = 0.92 (squared differences: 4 over the pairs, 250 over
    // all 25 pairings of a participant's rating with a model's).
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("seven.sense7"));
    {
        auto store = Store::create(db);
        store->installInstrument(
            taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json")));
    }
    QString conversations = QStringLiteral("conversation_id,role,text,turn_index\n");
    for (int i = 0; i < 5; ++i)
        conversations += QStringLiteral("e1,user,question %1,%2\ne1,assistant,answer %1,%3\n")
                             .arg(i)
                             .arg(2 * i)
                             .arg(2 * i + 1);
    const QString conversationFile = dir.filePath(QStringLiteral("e.csv"));
    test::writeFile(conversationFile, conversations.toUtf8());
    QCOMPARE(sense7Cli({QStringLiteral("import"), conversationFile, QStringLiteral("--db"), db})
                 .exitCode,
             0);
    const int self[] = {7, 5, 3, 1, 6};
    const int model[] = {6, 4, 2, 1, 7};
    QString ratings = QStringLiteral("conversation_id,turn_index,dimension,value,annotator,"
                                     "annotator_kind\n");
    for (int i = 0; i < 5; ++i)
        ratings += QStringLiteral("e1,%1,reply_empathy,%2,self,self\n"
                                  "e1,%1,reply_empathy,%3,judge-7,model\n")
                       .arg(2 * i + 1)
                       .arg(self[i])
                       .arg(model[i]);
    ratings += QStringLiteral("e1,,felt_understood,6,self,self\n");
    const QString ratingsFile = dir.filePath(QStringLiteral("r.csv"));
    test::writeFile(ratingsFile, ratings.toUtf8());
    QCOMPARE(
        sense7Cli({QStringLiteral("import"), ratingsFile, QStringLiteral("--db"), db}).exitCode, 0);

    const Result r =
        sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                   QStringLiteral("--instrument"), QStringLiteral("empathy7"),
                   QStringLiteral("--json"), QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!json.contains(QStringLiteral("reference")));
    const QJsonArray dimensions = json.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dimensions.size(), 1);
    const QJsonObject row = dimensions[0].toObject();
    QCOMPARE(row.value(QStringLiteral("dimension")).toString(), QStringLiteral("reply_empathy"));
    QCOMPARE(row.value(QStringLiteral("n")).toInt(), 5);
    QCOMPARE(row.value(QStringLiteral("spearman")).toDouble(), 0.9);
    QCOMPARE(row.value(QStringLiteral("accuracy")).toDouble(), 0.2);
    QCOMPARE(row.value(QStringLiteral("mae")).toDouble(), 0.8);
    QCOMPARE(row.value(QStringLiteral("qwk")).toDouble(), 0.92);
    // The confusion matrix is 7 × 7: self 7, model 6 is row 6, column 5.
    const QJsonArray confusion = row.value(QStringLiteral("confusion")).toArray();
    QCOMPARE(confusion.size(), 7);
    QCOMPARE(confusion[6].toArray().at(5).toInt(), 1);
    QCOMPARE(confusion[0].toArray().at(0).toInt(), 1);

    const Result text = sense7Cli({QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                                   QStringLiteral("--instrument"), QStringLiteral("empathy7"),
                                   QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("reply_empathy"))
                 && !text.out.contains(QStringLiteral("paper")),
             qPrintable(text.out));
}

void TestCli::infoAndRangeNameTheInstruments()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("two.sense7"));
    {
        auto store = Store::create(db);
        Instrument seven =
            taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json"));
        store->installInstrument(seven);
        seven.key = QStringLiteral("empathy7b");
        store->installInstrument(seven);
    }
    const Result info = sense7Cli({QStringLiteral("info"), db});
    QCOMPARE(info.exitCode, 0);
    for (const char *expected :
         {"Instrument:        sense7 (SENSE-7 1.0), the primary instrument\n",
          "Instrument:        empathy7 (Perceived empathy (7-point) 1.0)\n",
          "  conversations, 1–7: felt_understood, validated, affirmed, seen, accepted, "
          "cared_for\n",
          "  turns, 1–7: reply_empathy\n"})
        QVERIFY2(info.out.contains(QString::fromUtf8(expected)), qPrintable(info.out));

    const Result ambiguous =
        sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--range"),
                   QStringLiteral("seen:1:7"), QStringLiteral("--out"),
                   dir.filePath(QStringLiteral("out.csv"))});
    QCOMPARE(ambiguous.exitCode, 1);
    QVERIFY2(ambiguous.err.contains(QStringLiteral("\"seen\" is a dimension of empathy7, "
                                                   "empathy7b; write INSTRUMENT/seen")),
             qPrintable(ambiguous.err));
    const Result named =
        sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--range"),
                   QStringLiteral("empathy7b/seen:1:7"), QStringLiteral("--out"),
                   dir.filePath(QStringLiteral("out.csv"))});
    QVERIFY2(named.exitCode == 0, qPrintable(named.err));
}

void TestCli::exportRoundTripsThroughImport()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const QString csv = dir.filePath(QStringLiteral("p01.csv"));
    Result r =
        sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   csv, QStringLiteral("--participant"), QStringLiteral("P01")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("p01.codebook.md"))));
    const QList<QByteArray> lines = test::readFile(csv).trimmed().split('\n');
    QVERIFY(lines.first().startsWith("participant,conversation_id,agent,turn_index,role,"));
    for (int i = 1; i < lines.size(); ++i)
        QVERIFY2(lines[i].startsWith("P01,"), lines[i].constData());

    // A bundle of everything imports into an empty data set as the same counts.
    const QString bundle = dir.filePath(QStringLiteral("all.json"));
    r = sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   bundle, QStringLiteral("--format"), QStringLiteral("bundle")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString copy = dir.filePath(QStringLiteral("copy.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), copy, QStringLiteral("--protocol"),
                        QStringLiteral("sense7_live")})
                 .exitCode,
             0);
    r = sense7Cli({QStringLiteral("import"), bundle, QStringLiteral("--db"), copy});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto counts = [](const QString &path) {
        QJsonObject info =
            QJsonDocument::fromJson(
                sense7Cli({QStringLiteral("info"), path, QStringLiteral("--json")}).out.toUtf8())
                .object();
        info.remove(QStringLiteral("path"));
        return info;
    };
    QCOMPARE(counts(copy), counts(db));

    // JSON Lines with a filter on breaks refreshes what the filter needs first.
    const QString jsonl = dir.filePath(QStringLiteral("flagged.jsonl"));
    r = sense7Cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   jsonl, QStringLiteral("--format"), QStringLiteral("jsonl"),
                   QStringLiteral("--breaks"), QStringLiteral("flagged")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QList<QByteArray> conversations = test::readFile(jsonl).trimmed().split('\n');
    QVERIFY(!conversations.isEmpty());
    for (const QByteArray &line : conversations)
        QVERIFY(!QJsonDocument::fromJson(line)
                     .object()
                     .value(QStringLiteral("flags"))
                     .toArray()
                     .isEmpty());
}

void TestCli::exportAndFiguresUsageErrors()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const QString out = dir.filePath(QStringLiteral("x.csv"));
    const QList<QPair<QStringList, QString>> cases {
        {{QStringLiteral("--format"), QStringLiteral("xml")}, QStringLiteral("\"xml\"")},
        {{QStringLiteral("--ratings-only")}, QStringLiteral("--anonymise")},
        {{QStringLiteral("--anonymise")}, QStringLiteral("--format bundle")},
        {{QStringLiteral("--from"), QStringLiteral("yesterday")}, QStringLiteral("yesterday")},
        {{QStringLiteral("--range"), QStringLiteral("warmth:4")}, QStringLiteral("warmth:4")},
        {{QStringLiteral("--range"), QStringLiteral("charm:1:2")}, QStringLiteral("\"charm\"")},
        // Filters that could select nothing, silently: a typo in a code, a range off the scale.
        {{QStringLiteral("--range"), QStringLiteral("warmth:6:7")},
         QStringLiteral("Warmth is rated from 1 to 5")},
        {{QStringLiteral("--range"), QStringLiteral("warmth:0:3")}, QStringLiteral("from 1 to 5")},
        {{QStringLiteral("--participant"), QStringLiteral("P1")},
         QStringLiteral("--participant P1: ")},
        {{QStringLiteral("--participant"), QStringLiteral("P01"), QStringLiteral("--participant"),
          QStringLiteral("nosuch")},
         QStringLiteral("the participants are: P01, P02, P03")},
        {{QStringLiteral("--agent"), QStringLiteral("gpt-4o"), QStringLiteral("--agent"),
          QStringLiteral("GPT-4o")},
         QStringLiteral("--agent GPT-4o: no conversation in ")},
        {{QStringLiteral("--agent"), QStringLiteral("gpt4")},
         QStringLiteral("the assistants are: Assistant A, Assistant B, claude-3.5-sonnet, "
                        "empathy-prompted, gemini-1.5-pro, gpt-4o")},
        {{QStringLiteral("--condition"), QStringLiteral("empathic")},
         QStringLiteral("the conditions are: attentive, forgetful")},
        {{QStringLiteral("--breaks"), QStringLiteral("some")}, QStringLiteral("\"some\"")}};
    for (const auto &[extra, message] : cases) {
        const Result r = sense7Cli(QStringList {QStringLiteral("export"), QStringLiteral("--db"),
                                                db, QStringLiteral("--out"), out}
                                   + extra);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }
    const QString figures = dir.filePath(QStringLiteral("figures"));
    const QList<QPair<QStringList, QString>> figureCases {
        {{QStringLiteral("--format"), QStringLiteral("pdf,gif")}, QStringLiteral("\"gif\"")},
        {{QStringLiteral("--preset"), QStringLiteral("triple")}, QStringLiteral("\"triple\"")},
        {{QStringLiteral("--dpi"), QStringLiteral("5")}, QStringLiteral("--dpi")},
        {{QStringLiteral("--chart"), QStringLiteral("pie")}, QStringLiteral("\"pie\"")},
        {{QStringLiteral("--group-by"), QStringLiteral("shoe_size")}, QStringLiteral("shoe_size")},
        {{QStringLiteral("--conversation"), QStringLiteral("nope")}, QStringLiteral("\"nope\"")},
        {{QStringLiteral("--participant"), QStringLiteral("nosuch")},
         QStringLiteral("no participant with this code")},
        {{QStringLiteral("--range"), QStringLiteral("warmth:4:9")}, QStringLiteral("from 1 to 5")}};
    for (const auto &[extra, message] : figureCases) {
        const Result r = sense7Cli(QStringList {QStringLiteral("figures"), QStringLiteral("--db"),
                                                db, QStringLiteral("--out"), figures}
                                   + extra);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
    const Result help = sense7Cli({QStringLiteral("figures"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QStringLiteral("--preset")));
}

void TestCli::figuresCanLeaveTheTitleOut()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    // The same figure with and without its title: the sidecar says which, and only the titled
    // PDF has the title's text.
    const auto figure = [&](const QString &name, const QStringList &extra) {
        const QString out = dir.filePath(name);
        const Result r =
            sense7Cli(QStringList {QStringLiteral("figures"), QStringLiteral("--db"), db,
                                   QStringLiteral("--out"), out, QStringLiteral("--chart"),
                                   QStringLiteral("assistants"), QStringLiteral("--by"),
                                   QStringLiteral("assistant")}
                      + extra);
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.err));
        const QJsonObject sidecar =
            QJsonDocument::fromJson(
                test::readFile(QDir(out).filePath(QStringLiteral("assistants.pdf.json"))))
                .object();
        QProcess text;
        text.start(QStringLiteral("pdftotext"),
                   {QDir(out).filePath(QStringLiteral("assistants.pdf")), QStringLiteral("-")});
        text.waitForFinished(30000);
        return qMakePair(sidecar.value(QStringLiteral("style")).toObject(),
                         QString::fromUtf8(text.readAllStandardOutput()));
    };
    const auto [titledStyle, titledText] = figure(QStringLiteral("titled"), {});
    QCOMPARE(titledStyle.value(QStringLiteral("title")), QJsonValue(true));
    QVERIFY2(titledText.contains(QStringLiteral("Assistants compared")), qPrintable(titledText));
    const auto [bareStyle, bareText] =
        figure(QStringLiteral("bare"), {QStringLiteral("--no-title")});
    QCOMPARE(bareStyle.value(QStringLiteral("title")), QJsonValue(false));
    QVERIFY2(!bareText.contains(QStringLiteral("Assistants compared")), qPrintable(bareText));
    QVERIFY2(bareText.contains(QStringLiteral("Mean rating")), qPrintable(bareText));
    const Result help = sense7Cli({QStringLiteral("figures"), QStringLiteral("--help")});
    QVERIFY(help.out.contains(QStringLiteral("--no-title")));
}

void TestCli::figuresForAnyInstrumentAndContextKey()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("esconv.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db}).exitCode, 0);
    QCOMPARE(sense7Cli({QStringLiteral("import"), QStringLiteral("--db"), db,
                        QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json")})
                 .exitCode,
             0);
    const QString out = dir.filePath(QStringLiteral("figures"));
    const auto figures = [&](const QStringList &extra) {
        return sense7Cli(QStringList {QStringLiteral("figures"), QStringLiteral("--db"), db,
                                      QStringLiteral("--out"), out}
                         + extra);
    };
    // ESConv's feedback grouped by the emotion its importer stored; one dimension, no matrix.
    const Result r = figures({QStringLiteral("--instrument"), QStringLiteral("esconv"),
                              QStringLiteral("--group-by"), QStringLiteral("emotion_type"),
                              QStringLiteral("--chart"), QStringLiteral("context"),
                              QStringLiteral("--chart"), QStringLiteral("correlation")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("Skipped correlation")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("1 chart drawn, 1 skipped")), qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.value(0), QDir(out).filePath(QStringLiteral("context.pdf")));
    // The context chart's Kruskal–Wallis test follows, across the emotions.
    QCOMPARE(lines.value(1),
             QStringLiteral("Kruskal\u2013Wallis test across the groups of emotion_type:"));
    QVERIFY2(lines.value(2).trimmed().startsWith(QStringLiteral("Feedback: H = ")),
             qPrintable(r.out));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("correlation.pdf"))));
    const QJsonObject sidecar =
        QJsonDocument::fromJson(
            test::readFile(QDir(out).filePath(QStringLiteral("context.pdf.json"))))
            .object();
    QCOMPARE(sidecar.value(QStringLiteral("group_by")).toString(), QStringLiteral("emotion_type"));
    QCOMPARE(sidecar.value(QStringLiteral("instrument")).toString(), QStringLiteral("esconv"));
    QProcess text;
    text.start(QStringLiteral("pdftotext"),
               {QDir(out).filePath(QStringLiteral("context.pdf")), QStringLiteral("-")});
    text.waitForFinished(30000);
    const QString words = QString::fromUtf8(text.readAllStandardOutput());
    QVERIFY2(words.contains(QStringLiteral("anxiety")), qPrintable(words)); // the data's values

    // Conversations selected by any context key: the anxious one, said in the sidecar.
    const QString anxious = dir.filePath(QStringLiteral("anxious"));
    const Result one =
        sense7Cli({QStringLiteral("figures"), QStringLiteral("--db"), db, QStringLiteral("--out"),
                   anxious, QStringLiteral("--instrument"), QStringLiteral("esconv"),
                   QStringLiteral("--chart"), QStringLiteral("distribution"),
                   QStringLiteral("--context"), QStringLiteral("emotion_type=anxiety")});
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    const QJsonObject oneSidecar =
        QJsonDocument::fromJson(
            test::readFile(QDir(anxious).filePath(QStringLiteral("distribution.pdf.json"))))
            .object();
    QCOMPARE(oneSidecar.value(QStringLiteral("conversations")).toInt(), 1);
    QCOMPARE(oneSidecar.value(QStringLiteral("filters"))
                 .toObject()
                 .value(QStringLiteral("context"))
                 .toObject()
                 .value(QStringLiteral("emotion_type")),
             QJsonValue(QJsonArray {QStringLiteral("anxiety")}));
    const Result badKey = figures({QStringLiteral("--context"), QStringLiteral("shoe_size=9")});
    QCOMPARE(badKey.exitCode, 1);
    QVERIFY2(badKey.err.contains(QStringLiteral("\"shoe_size\""))
                 && badKey.err.contains(QStringLiteral("emotion_type")),
             qPrintable(badKey.err));
    QCOMPARE(figures({QStringLiteral("--context"), QStringLiteral("emotion_type")}).exitCode, 1);

    // An unknown instrument names the ones there are.
    const Result unknown = figures({QStringLiteral("--instrument"), QStringLiteral("nope")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains(QStringLiteral("\"nope\""))
                 && unknown.err.contains(QStringLiteral("sense7, esconv")),
             qPrintable(unknown.err));
    // The primary instrument, SENSE-7, has no ratings here: nothing drawn is exit code 1.
    QDir(out).removeRecursively();
    const Result none = figures({});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("0 charts drawn, 7 skipped")), qPrintable(none.err));
    QVERIFY(QDir(out).entryList(QDir::Files).isEmpty());
}

void TestCli::checkExitCodes()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    Result r = sense7Cli({QStringLiteral("check"), db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("no damage found")), qPrintable(r.out));
    const qint64 page = test::damageTable(db, QStringLiteral("turn"));
    const QByteArray before = test::fileHash(db);
    r = sense7Cli({QStringLiteral("check"), db});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.contains(QStringLiteral("is damaged")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Page %1").arg(page)), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("sense7 recover")));
    QCOMPARE(test::fileHash(db), before);
    // Too damaged to open at all (its schema page): still damage, exit code 2.
    const QString first = dir.filePath(QStringLiteral("first.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), first}).exitCode, 0);
    {
        QFile file(first);
        QVERIFY(file.open(QIODevice::ReadWrite) && file.seek(100));
        file.write(QByteArray(64, char(0xff)));
    }
    r = sense7Cli({QStringLiteral("check"), first});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.contains(QStringLiteral("is damaged")), qPrintable(r.out));
    const QString junk = dir.filePath(QStringLiteral("junk.sense7"));
    test::writeFile(junk, "not a data set");
    r = sense7Cli({QStringLiteral("check"), junk});
    QCOMPARE(r.exitCode, 1); // not damage: it never was a data set
    QVERIFY(r.err.contains(QStringLiteral("not an SQLite database")));
    r = sense7Cli({QStringLiteral("check"), dir.filePath(QStringLiteral("missing.sense7"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("does not exist")));
}

void TestCli::writingCommandsRefuseDamagedDataSet()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    test::damageTable(db, QStringLiteral("turn"));
    const QByteArray before = test::fileHash(db);
    const QString input = test::writeManyConversations(dir.filePath(QStringLiteral("in.jsonl")), 3);
    const Result r = sense7Cli({QStringLiteral("import"), input, QStringLiteral("--db"), db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("nothing was written")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("is damaged")));
    QVERIFY(r.err.contains(QStringLiteral("sense7 restore")));
    QVERIFY(r.err.contains(QStringLiteral("sense7 recover")));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(test::fileHash(db), before);
    for (const char *suffix : {"-wal", "-journal"})
        QCOMPARE(QFileInfo(db + QLatin1String(suffix)).size(), 0);
}

void TestCli::readingCommandsWarnOnDamage()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    // The journal of rating changes: info does not read it, so it still prints its counts.
    test::damageTable(db, QStringLiteral("rating_event"));
    const QByteArray before = test::fileHash(db);
    const Result r = sense7Cli({QStringLiteral("info"), db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.startsWith(QStringLiteral("warning: ")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("is damaged")));
    QVERIFY(r.out.contains(QStringLiteral("Conversations:     15")));
    QCOMPARE(test::fileHash(db), before);
}

void TestCli::backupRestoreAndRecover()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("d.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    QString original;
    {
        sql::Connection connection;
        connection.open(db, sql::Connection::Access::ReadOnly);
        original = test::logicalDump(connection);
    }
    Result r = sense7Cli({QStringLiteral("restore"), db, QStringLiteral("--list")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("no verified backups")));
    r = sense7Cli({QStringLiteral("backup"), db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("verified")), qPrintable(r.out));
    test::damageTable(db, QStringLiteral("turn"));
    // A damaged data set is not backed up.
    r = sense7Cli({QStringLiteral("backup"), db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("was not kept")), qPrintable(r.err));
    r = sense7Cli({QStringLiteral("restore"), db, QStringLiteral("--list")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).size(), 1);
    QVERIFY(r.out.contains(QStringLiteral("15 conversations, 124 turns, 1684 ratings")));

    // Salvage first (the damaged file is only read), then restore.
    const QString salvaged = dir.filePath(QStringLiteral("salvaged.sense7"));
    r = sense7Cli({QStringLiteral("recover"), db, salvaged});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("participant         : 3 rows recovered\n")),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("conversation        : 15 rows recovered\n")));
    QVERIFY(r.out.contains(QStringLiteral("(the rows there are lost)")));
    QVERIFY(r.out.contains(QStringLiteral("Some rows were lost")));
    QCOMPARE(sense7Cli({QStringLiteral("check"), salvaged}).exitCode, 0);

    r = sense7Cli({QStringLiteral("restore"), db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("The replaced file is kept at")), qPrintable(r.out));
    QCOMPARE(sense7Cli({QStringLiteral("check"), db}).exitCode, 0);
    sql::Connection connection;
    connection.open(db, sql::Connection::Access::ReadOnly);
    QCOMPARE(test::logicalDump(connection), original);
    QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("d.replaced-*.sense7")}).size(), 1);
}

void TestCli::helpListsDamageCommands()
{
    const Result r = sense7Cli({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char *command : {"check", "backup", "restore", "recover"})
        QVERIFY2(r.out.contains(QStringLiteral("  %1 ").arg(QLatin1String(command))), command);
    const Result restore = sense7Cli({QStringLiteral("restore"), QStringLiteral("--help")});
    QVERIFY(restore.out.contains(QStringLiteral("--from"))
            && restore.out.contains(QStringLiteral("--list")));
}

void TestCli::evaluateComparesEachCondition()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("study.sense7"));
    test::makeDemoDataSet(db, test::liveProtocol());
    const QStringList base {QStringLiteral("evaluate"), QStringLiteral("--db"), db,
                            QStringLiteral("--bootstrap"), QStringLiteral("0")};
    // Without live conversations: no per-condition part, and asking for one is an error.
    QVERIFY(!sense7Cli(base).out.contains(QStringLiteral("By condition")));
    const Result none =
        sense7Cli(base + QStringList {QStringLiteral("--by"), QStringLiteral("condition")});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("no conversation")), qPrintable(none.err));

    // Three live conversations in two conditions, their replies rated by the participants and by
    // the demo's classifier (which agrees with the empathic ones' raters more often).
    {
        auto store = Store::open(db);
        using test::LiveExchange;
        const QVector<LiveExchange> exchanges {{QStringLiteral("a"), QStringLiteral("b"), 4},
                                               {QStringLiteral("c"), QStringLiteral("d"), 2},
                                               {QStringLiteral("e"), QStringLiteral("f"), 5, true},
                                               {QStringLiteral("g"), QStringLiteral("h"), 3}};
        const qint64 model =
            store->annotatorId(QStringLiteral("demo-classifier"), AnnotatorKind::Model);
        const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
        int shift = 0;
        for (const auto &[code, key] :
             {std::pair {"L01", "empathic"}, {"L02", "empathic"}, {"L03", "forgetful"}}) {
            const qint64 id = test::addLiveConversation(*store, QLatin1String(code),
                                                        QLatin1String(key), exchanges);
            int k = 0;
            for (const Turn &t : store->turns(id))
                if (t.role == Role::Assistant)
                    store->setRating(t.id, warmth, model,
                                     std::clamp(exchanges[k++].warmth + shift % 2, 1, 5));
            ++shift;
        }
    }
    const Result r = sense7Cli(base + QStringList {QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject byCondition = json.value(QStringLiteral("by_condition")).toObject();
    QCOMPARE(byCondition.keys(),
             (QStringList {QStringLiteral("empathic"), QStringLiteral("forgetful")}));
    auto store = Store::open(db, Store::Access::ReadOnly);
    int pairs = 0;
    for (const QString &key : byCondition.keys()) {
        browse::Filter filter;
        filter.conditions = {key};
        analysis::Options options;
        options.conversations = browse::conversationIds(*store, filter);
        QCOMPARE(options.conversations.size(), key == QLatin1String("empathic") ? 2 : 1);
        const analysis::Evaluation e =
            analysis::evaluate(*store, QStringLiteral("demo-classifier"), options);
        QJsonObject expected = analysis::toJson(e);
        expected.remove(QStringLiteral("reference"));
        QCOMPARE(byCondition.value(key).toObject(), expected);
        QVERIFY(e.pairs() > 0);
        pairs += e.pairs();
    }
    // Each condition's pairs are its own conversations': fewer than all of them together.
    analysis::Options all;
    QVERIFY(pairs < analysis::evaluate(*store, QStringLiteral("demo-classifier"), all).pairs());

    const Result text = sense7Cli(base);
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains(QStringLiteral("By condition")));
    QVERIFY(text.out.contains(QStringLiteral("  empathic ")));
    QVERIFY(text.out.contains(QStringLiteral("  forgetful ")));
    QVERIFY(!sense7Cli(base + QStringList {QStringLiteral("--by"), QStringLiteral("none")})
                 .out.contains(QStringLiteral("By condition")));
    QCOMPARE(
        sense7Cli(base + QStringList {QStringLiteral("--by"), QStringLiteral("model")}).exitCode,
        1);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
