// Mapped JSON Lines at scale: the fast reading (simdjson, kept fields as JSON text) against the
// reference reading (nlohmann_json and Qt's JSON), and the importer's duplicate check in memory
// against the data set's own.

#include "browse/digest.h"
#include "browse/filter.h"
#include "browse/page.h"
#include "error.h"
#include "export/writer.h"
#include "identity.h"
#include "import/imported.h"
#include "import/importer.h"
#include "import/readers.h"
#include "import/readerutil.h"
#include "store.h"
#include "testsupport.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sense7;

class TestMappedJsonl : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fastEqualsReference();
    void storedAsTheReferenceReads();
    void duplicatesInMemory();
    void repeatsInAFirstImportAreFoundWithoutTheIndexes();
    void digestsKeepNoPagesInStatementJournals();
    void badLineWritesNothing();
    void tooDeepIsRefusedByName();
    void missingTextFieldIsRefused();
    void lineNamesFillTheNameOnce();
};

namespace {

/** Keeps what a reader hands over, in order. */
class Collect : public import::ImportSink
{
public:
    void conversation(import::ImportedConversation &&c) override
    {
        conversations.push_back(std::move(c));
    }
    void rating(import::ExternalRating &&) override { }
    void warning(const QString &message) override { warnings << message; }
    void progress(qint64 read) override { bytes = read; }
    bool cancelled() const override { return false; }

    std::vector<import::ImportedConversation> conversations;
    QStringList warnings;
    qint64 bytes = 0;
};

import::Options wildChatMapping(){import::Options options;
options.map = {{QStringLiteral("turns"), QStringLiteral("conversation")},
               {QStringLiteral("agent"), QStringLiteral("model")},
               {QStringLiteral("id"), QStringLiteral("conversation_hash")}};
return options;
} // namespace

Collect readAll(const QByteArray &bytes, const import::Options &options, bool fast)
{
    QBuffer in;
    in.setData(bytes);
    in.open(QIODevice::ReadOnly);
    Collect sink;
    import::readMappedJsonl(in, QStringLiteral("corpus.jsonl"), sink, options, fast);
    return sink;
}

QJsonObject object(QByteArrayView json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        qWarning() << "not a JSON object:" << json;
    return document.object();
}

/** Lines that exercise what the fast reading does itself, and what it leaves to Qt. */
QByteArray trickyLines()
{
    return QByteArray(
        "\xEF\xBB\xBF"
        R"({"conversation_hash": "h1", "model": "m1", "timestamp": "2023-04-09 00:02:53+00:00", )"
        R"("conversation": [{"role": "user", "content": "Hello \"quoted\" \\ back\nline\u0001 )"
        R"(\u4f60\u597d \ud83d\ude00 你好", "language": "English", "timestamp": null, )"
        R"("toxic": false, "turn_identifier": 101552, "we\"ird\nkey": [1, -2, 0.1, 1e-05, )"
        R"(2.5e300, 12345678901234567890, 9007199254740993, -9223372036854775808, true, null, )"
        R"({"a": {"b": []}}, "\t"]}, {"role": "assistant", "content": "Reply.", )"
        R"("timestamp": "2023-04-09T00:02:53.123Z", "model_name": "ignored"}], "turn": 1, )"
        R"("openai_moderation": [{"categories": {"harassment": false}, "category_scores": )"
        R"({"harassment": 0.0001, "self-harm": 2e-05}, "flagged": false}], "state": null, )"
        R"("header": {"accept-language": "en-GB,en;q=0.9", "x-note": "bell\u0007 unit\u001f"}, )"
        R"("empty": {}, "list": []})"
        "\n"
        "\n   \t\n"
        R"({"conversation_hash": 42, "timestamp": 1680998400, "conversation": [)"
        R"({"role": "user", "content": [{"type": "text", "text": "Part one"}, "part two", )"
        R"({"type": "image_url", "image_url": {"url": "x"}}, {"type": "audio"}, 7]}, )"
        R"({"role": "assistant", "content": "A", "model_name": "named-model", )"
        R"("timestamp": "2023-04-09T00:02:53+05:30"}]})"
        "\r\n"
        R"({"title": "Set title", "timestamp": 1680998400123, "conversation": [)"
        R"({"role": "gpt", "content": null, "timestamp": "2024-02-29T12:00:00"}, )"
        R"({"from": "human", "value": "by other names", "timestamp": "2023-02-30T00:00:00"}, )"
        R"({"role": "system", "content": "x", "timestamp": "2023-04-09T00:02:53.123456Z"}, )"
        R"({"role": "tool", "content": "y", "timestamp": {"$date": " 2023-04-09T00:02:53Z "}}, )"
        R"({"role": "user", "content": "z", "timestamp": {"$date": {"$numberLong": "1680998573500"}}}, )"
        R"({"role": "user", "content": "w", "timestamp": "2023-04-09T24:00:00"}]})"
        "\n"
        R"({"conversation_hash": "h4", "model": null, "conversation": []})"
        "\n"
        R"({"conversation_hash": "h5", "model": ["not", "text"], "conversation": [)"
        R"({"role": "assistant", "content": "only a reply", "model_name": 3}, )"
        R"({"role": "assistant", "content": "and another", "model_name": "second"}]})"
        "\n"
        // A key given twice: the last is the one both readings keep.
        R"({"conversation_hash": "d1", "conversation_hash": "d2", "conversation": [)"
        R"({"role": "assistant", "role": "user", "content": "first", "content": "second", )"
        R"("timestamp": "bad", "timestamp": "2024-01-01T00:00:00Z", "x": 1, "x": 2}, )"
        R"({"role": "assistant", "content": [{"type": "text", "text": "one", "text": "two"}], )"
        R"("model_name": "A", "model_name": null}, )"
        R"({"role": "assistant", "content": "three", "model_name": "A", "model_name": "B"}]})");
}

/** Line \a n of a WildChat-shaped corpus: a question and its answer, under the id \a prefix n. */
QByteArray questionLine(const QString &prefix, int n)
{
    return QStringLiteral(R"({"conversation_hash": "%1%2", "model": "m", "conversation": [)"
                          R"({"role": "user", "content": "question %2"}, )"
                          R"({"role": "assistant", "content": "answer %2"}]})")
        .arg(prefix)
        .arg(n)
        .toUtf8()
        .append('\n');
}

/** The data set's tables, indexes and triggers, as created. */
QString schema(Store &store)
{
    sql::Statement rows(test::connection(store),
                        "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM "
                        "sqlite_master ORDER BY type, name");
    QStringList lines;
    while (rows.next())
        lines << rows.text(0);
    return lines.join(QLatin1Char('\n'));
}

/**
 * Whether the store's own connection evaluates the schema's CHECK constraints (the import turns
 * them off while it writes): writing text that is not JSON into every conversation's provenance
 * must fail.
 */
bool checksEnforced(Store &store)
{
    try {
        test::connection(store).exec("UPDATE conversation SET provenance = '{not json'");
    } catch (const Error &e) {
        return e.message().contains(QStringLiteral("CHECK constraint failed"));
    }
    return false;
}

/** Every row that SQLite's integrity check finds breaking a constraint, or "ok". */
QString integrityCheck(Store &store)
{
    return test::connection(store).pragmaText("PRAGMA integrity_check");
}

} // namespace

void TestMappedJsonl::fastEqualsReference()
{
    const import::Options options = wildChatMapping();
    const Collect fast = readAll(trickyLines(), options, true);
    const Collect reference = readAll(trickyLines(), options, false);
    QCOMPARE(fast.warnings, reference.warnings);
    QCOMPARE(fast.warnings.size(), 1); // the line without turns
    QVERIFY2(fast.warnings.constFirst().contains(QStringLiteral("corpus.jsonl: line 6")),
             qPrintable(fast.warnings.constFirst()));
    QCOMPARE(fast.bytes, reference.bytes);
    QCOMPARE(fast.conversations.size(), std::size_t(5));
    QCOMPARE(reference.conversations.size(), fast.conversations.size());
    for (std::size_t i = 0; i < fast.conversations.size(); ++i) {
        const import::ImportedConversation &f = fast.conversations[i];
        const import::ImportedConversation &r = reference.conversations[i];
        QCOMPARE(f.where, r.where);
        QCOMPARE(f.conversation.sourceFormat, r.conversation.sourceFormat);
        QCOMPARE(f.conversation.sourceId, r.conversation.sourceId);
        QCOMPARE(f.conversation.agent, r.conversation.agent);
        QCOMPARE(f.conversation.title, r.conversation.title);
        QCOMPARE(f.conversation.startedAt.toMSecsSinceEpoch(),
                 r.conversation.startedAt.toMSecsSinceEpoch());
        QCOMPARE(f.conversation.startedAt.isValid(), r.conversation.startedAt.isValid());
        QCOMPARE(f.timesUnread, r.timesUnread);
        QCOMPARE(f.firstUnreadTime, r.firstUnreadTime);
        // The record: as text here, as Qt's JSON there; equal as JSON.
        QVERIFY(!f.conversation.provenance.contains(QStringLiteral("record")));
        QCOMPARE(f.recordJson.isEmpty(),
                 !r.conversation.provenance.contains(QStringLiteral("record")));
        if (!f.recordJson.isEmpty())
            QCOMPARE(object(f.recordJson),
                     r.conversation.provenance.value(QStringLiteral("record")).toObject());
        QCOMPARE(contentHash(f.conversation.sourceFormat, f.turns),
                 contentHash(r.conversation.sourceFormat, r.turns));
        // The turns as the store writes them: text and time the same bytes, meta equal JSON.
        const EncodedTurns expected = EncodedTurns::encode(r.turns);
        QCOMPARE(f.encoded.size(), expected.size());
        for (qsizetype t = 0; t < expected.size(); ++t) {
            const EncodedTurns::Row &fr = f.encoded.rows.at(t);
            const EncodedTurns::Row &er = expected.rows.at(t);
            QCOMPARE(fr.role, er.role);
            QCOMPARE(f.encoded.view(fr.text, fr.textSize), expected.view(er.text, er.textSize));
            QCOMPARE(f.encoded.view(fr.createdAt, fr.createdAtSize),
                     expected.view(er.createdAt, er.createdAtSize));
            QCOMPARE(object(f.encoded.view(fr.meta, fr.metaSize)), r.turns.at(t).meta);
        }
    }
    // Spot checks, that both readings did read what matters.
    const import::ImportedConversation &first = fast.conversations[0];
    QCOMPARE(first.conversation.startedAt, QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53), Qt::UTC));
    QVERIFY(first.turns[0].text.contains(QStringLiteral("你好 😀 你好")));
    const QJsonObject meta =
        object(first.encoded.view(first.encoded.rows[0].meta, first.encoded.rows[0].metaSize));
    QCOMPARE(meta.value(QStringLiteral("we\"ird\nkey")).toArray().size(), 12);
    QCOMPARE(first.turns[1].createdAt, QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53, 123), Qt::UTC));
    QCOMPARE(fast.conversations[1].conversation.sourceId, QStringLiteral("42"));
    QCOMPARE(fast.conversations[1].conversation.agent, QStringLiteral("named-model"));
    QCOMPARE(fast.conversations[1].turns[1].createdAt,
             QDateTime(QDate(2023, 4, 8), QTime(18, 32, 53), Qt::UTC));
    QCOMPARE(fast.conversations[2].conversation.sourceId, QStringLiteral("line-5"));
    // A date that does not exist is no time: left empty, and said (the same in both readings).
    QCOMPARE(fast.conversations[2].firstUnreadTime,
             QStringLiteral("corpus.jsonl: line 5, turn 2: \"2023-02-30T00:00:00\""));
    QCOMPARE(fast.conversations[2].timesUnread, 1);
    // MongoDB's times, read alike by both readings.
    QCOMPARE(fast.conversations[2].turns[3].createdAt,
             QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53), Qt::UTC));
    QCOMPARE(fast.conversations[2].turns[4].createdAt,
             QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53, 500), Qt::UTC));
    QCOMPARE(fast.conversations[3].conversation.agent, QStringLiteral("second"));
    const import::ImportedConversation &twice = fast.conversations[4];
    QCOMPARE(twice.conversation.sourceId, QStringLiteral("d2"));
    QCOMPARE(twice.turns[0].role, Role::User);
    QCOMPARE(twice.turns[0].text, QStringLiteral("second"));
    QCOMPARE(twice.turns[0].createdAt, QDateTime(QDate(2024, 1, 1), QTime(0, 0), Qt::UTC));
    QCOMPARE(twice.timesUnread, 0);
    QCOMPARE(twice.turns[1].text, QStringLiteral("two"));
    QCOMPARE(twice.conversation.agent, QStringLiteral("B"));
}

void TestMappedJsonl::storedAsTheReferenceReads()
{
    // What the import stores (provenance with the record, turns' meta) equals, as JSON, what the
    // reference reading read.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("corpus.jsonl"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(trickyLines());
    }
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    const QString schemaBefore = schema(*store);
    sql::Connection &connection = test::connection(*store);
    const qint64 cacheBefore = connection.pragmaInt("PRAGMA cache_size");
    const qint64 threadsBefore = connection.pragmaInt("PRAGMA threads");
    const qint64 tempStoreBefore = connection.pragmaInt("PRAGMA temp_store");
    QCOMPARE(tempStoreBefore, 2); // in memory
    const import::Summary s = importer.importFile(path, wildChatMapping());
    QCOMPARE(schema(*store), schemaBefore); // indexes built after the rows, trigger restored
    // The page cache, the sorter's threads and where it sorts, tuned for the import, are back.
    QCOMPARE(connection.pragmaInt("PRAGMA cache_size"), cacheBefore);
    QCOMPARE(connection.pragmaInt("PRAGMA threads"), threadsBefore);
    QCOMPARE(connection.pragmaInt("PRAGMA temp_store"), tempStoreBefore);
    QCOMPARE(s.imported, 5);
    // Written with the CHECK constraints off, every row still meets them (json_valid() of
    // each JSON column, escapes, control characters and numbers of every kind included), and
    // the connection evaluates them again.
    QCOMPARE(integrityCheck(*store), QStringLiteral("ok"));
    {
        sql::Statement invalid(
            test::connection(*store),
            "SELECT (SELECT count(*) FROM turn WHERE NOT json_valid(meta)) + "
            "(SELECT count(*) FROM conversation WHERE NOT json_valid(provenance) "
            "OR NOT json_valid(context))");
        QVERIFY(invalid.next());
        QCOMPARE(invalid.int64(0), 0);
    }
    QVERIFY(checksEnforced(*store));
    QCOMPARE(s.skipped, 1);
    const Collect reference = readAll(trickyLines(), wildChatMapping(), false);
    for (const import::ImportedConversation &r : reference.conversations) {
        const qint64 id = store->findConversation(r.conversation.sourceId);
        QVERIFY(id != 0);
        const auto stored = store->conversation(id);
        QCOMPARE(stored->provenance.value(QStringLiteral("file")).toString(),
                 QStringLiteral("corpus.jsonl"));
        QCOMPARE(stored->provenance.value(QStringLiteral("format")).toString(),
                 QStringLiteral("jsonl"));
        QCOMPARE(stored->provenance.value(QStringLiteral("record")),
                 r.conversation.provenance.value(QStringLiteral("record")));
        QCOMPARE(stored->provenance.size(), r.conversation.provenance.size() + 2);
        QCOMPARE(stored->title, r.conversation.title);
        QCOMPARE(stored->agent, r.conversation.agent);
        QCOMPARE(stored->contentHash, contentHash(r.conversation.sourceFormat, r.turns));
        QCOMPARE(stored->anonymisedHash, identity::anonymisedHash(stored->contentHash));
        const QVector<Turn> turns = store->turns(id);
        QCOMPARE(turns.size(), r.turns.size());
        for (int t = 0; t < turns.size(); ++t) {
            QCOMPARE(turns[t].role, r.turns[t].role);
            QCOMPARE(turns[t].text, r.turns[t].text);
            QCOMPARE(turns[t].createdAt, r.turns[t].createdAt.toUTC());
            QCOMPARE(turns[t].meta, r.turns[t].meta);
        }
    }
    // Every new conversation has its digest (worked out by the reader: none is marked stale),
    // and the trigger that marks new conversations is back.
    sql::Connection &db = test::connection(*store);
    sql::Statement stale(db,
                         "SELECT (SELECT count(*) FROM digest_stale), "
                         "(SELECT count(*) FROM conversation_digest)");
    QVERIFY(stale.next());
    QCOMPARE(stale.int64(0), 0);
    QCOMPARE(stale.int64(1), 5);
    sql::Statement trigger(db,
                           "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
                           "AND name = 'digest_conversation_added'");
    QVERIFY(trigger.next());
    QCOMPARE(trigger.int64(0), 1);
}

void TestMappedJsonl::duplicatesInMemory()
{
    // More lines than the writer looks up one by one, so that the later ones are checked in
    // memory: repeats within the file, conversations already in the data set in plain and in
    // anonymised form, are all found as before.
    const auto line = [](int n) {
        return questionLine(QStringLiteral("c"), n);
    };
    QByteArray all;
    for (int n = 0; n < 1500; ++n)
        all += line(n);
    for (int n : {3, 1200, 1499}) // repeated further down
        all += line(n);
    QByteArray firstPart;
    for (int n = 0; n < 300; ++n)
        firstPart += line(n);

    QTemporaryDir dir;
    const auto write = [&dir](const QString &name, const QByteArray &bytes) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(name));
        return file.fileName();
    };
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(write(QStringLiteral("first.jsonl"), firstPart), wildChatMapping())
                 .imported,
             300);
    // Conversation 1400 is in the data set already, as its anonymised stand-in (a bundle
    // shared anonymised), and conversation 1450 under its content hash only.
    const Collect read = readAll(line(1400) + line(1450), wildChatMapping(), true);
    for (const import::ImportedConversation &r : read.conversations) {
        Conversation c = r.conversation;
        const QString hash = contentHash(c.sourceFormat, r.turns);
        c.contentHash = r.conversation.sourceId == QLatin1String("c1400")
            ? identity::anonymisedHash(hash)
            : hash;
        c.participantId = store->participants().constFirst().id;
        QVector<Turn> turns = r.turns;
        store->addConversation(c, turns);
    }
    const import::Summary s =
        importer.importFile(write(QStringLiteral("all.jsonl"), all), wildChatMapping());
    QCOMPARE(s.alreadyPresent, 300 + 3 + 2);
    QCOMPARE(s.imported, 1500 - 300 - 2);
    QCOMPARE(store->info().conversations, 1500);
    // Again: everything is present, and nothing changes (each provenance, written by the
    // reader's thread, is found the same).
    const QString before = test::logicalDump(*store);
    const import::Summary again =
        importer.importFile(dir.filePath(QStringLiteral("all.jsonl")), wildChatMapping());
    QCOMPARE(again.imported, 0);
    QCOMPARE(again.alreadyPresent, 1503);
    QCOMPARE(test::logicalDump(*store), before);
}

void TestMappedJsonl::repeatsInAFirstImportAreFoundWithoutTheIndexes()
{
    // Into an empty data set the import drops the unique indexes of content hashes and turn
    // positions with the others: a conversation the file repeats is still found once (the
    // first repeat's lookup builds the indexes again, later ones use them), each index is back
    // and whole at the end, and still unique.
    const auto line = [](int n) {
        return questionLine(QStringLiteral("r"), n);
    };
    QByteArray all;
    for (int n = 0; n < 1500; ++n) {
        all += line(n);
        if (n == 2)
            all += line(0);
    }
    all += line(1499) + line(700);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("repeats.jsonl"));
    test::writeFile(path, all);
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    const QString schemaBefore = schema(*store);
    import::Importer importer(*store);
    // The studio's import lets events through from within (its progress dialog), on the same
    // connection: a text search then, while the indexes are dropped, still prepares and answers.
    // The first report comes at once, inside.
    int reports = 0;
    QString searched;
    importer.progress().setCallback([&](qint64, qint64) {
        if (reports++ > 0)
            return;
        browse::Filter f;
        f.text = QStringLiteral("question 0");
        try {
            searched = QString::number(browse::count(*store, f));
        } catch (const Error &e) {
            searched = e.message();
        }
    });
    const import::Summary s = importer.importFile(path, wildChatMapping());
    QVERIFY(reports >= 2);
    QCOMPARE(searched, QStringLiteral("1"));
    QCOMPARE(s.imported, 1500);
    QCOMPARE(s.alreadyPresent, 3);
    QCOMPARE(store->info().conversations, 1500);
    QCOMPARE(schema(*store), schemaBefore);
    QCOMPARE(integrityCheck(*store), QStringLiteral("ok"));
    sql::Connection &db = test::connection(*store);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn"), 3000);
    QCOMPARE(db.pragmaInt("SELECT count(DISTINCT content_hash) FROM conversation"), 1500);
    const qint64 last = store->findConversation(QStringLiteral("r1499"));
    QCOMPARE(store->turns(last).size(), 2);
    QVERIFY(store->turnId(last, 1) != 0);
    try {
        db.exec("INSERT INTO turn(conversation_id, idx, role, text) "
                "SELECT conversation_id, idx, role, text FROM turn LIMIT 1");
        QFAIL("a second turn took a turn's place");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("UNIQUE constraint failed")),
                 qPrintable(e.message()));
    }
}

void TestMappedJsonl::initTestCase()
{
    // A statement that may fail after it wrote (one that may delete a row with a foreign key,
    // say) keeps the pages it changes in a statement journal first. SQLite keeps that journal in
    // memory up to a size (sql::configureSqlite); here each one is a file from the start, so that
    // every page a statement keeps shows as bytes written. SQLite started at once takes no other
    // size after (the store's own is refused).
    QCOMPARE(sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, 0), SQLITE_OK);
    QCOMPARE(sqlite3_initialize(), SQLITE_OK);
}

void TestMappedJsonl::digestsKeepNoPagesInStatementJournals()
{
    // An import writes each new conversation's digest with it. It may not keep the digests'
    // page in a statement journal per conversation: an import of a million conversations wrote
    // 12.7 GB that way, four times the data set. The statement also serves the browser's
    // preparation, which writes each stale digest over the one it had.
    QByteArray all;
    for (int n = 0; n < 1000; ++n)
        all += questionLine(QStringLiteral("d"), n);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("digests.jsonl"));
    test::writeFile(path, all);
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    sql::Connection &db = test::connection(*store);

    const qint64 before = test::bytesWritten();
    QVERIFY2(before >= 0, "/proc/self/io tells no bytes written");
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(path, wildChatMapping()).imported, 1000);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM conversation_digest WHERE turns = 2 "
                          "AND assistant_turns = 1"),
             1000);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM digest_stale"), 0); // written by the import
    // The data set through the write-ahead log and into the file, and a few of the import's own
    // statements' pages, once each: 2.3 MB here. With a page (16 KiB) per digest in a statement
    // journal it was 19 MB.
    const qint64 written = test::bytesWritten() - before;
    QVERIFY2(written < qint64(8) * 1024 * 1024, qPrintable(QString::number(written)));

    // Every digest again, over one that is wrong: each is replaced.
    db.exec("UPDATE conversation_digest SET turns = 9, breaks = '{}'");
    db.exec("INSERT INTO digest_stale SELECT id FROM conversation");
    QCOMPARE(digest::refresh(*store, {}, {}, digest::preparationCommit, digest::Part::Digests),
             1000);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM conversation_digest WHERE turns = 2 "
                          "AND json_extract(breaks, '$.rated_cells') IS NOT NULL"),
             1000);
}

void TestMappedJsonl::badLineWritesNothing()
{
    // A broken line far into the file (past the lookups one by one): the message names the
    // file and the line, and nothing of the file is written, the digests' trigger included.
    QByteArray bytes;
    for (int n = 0; n < 1300; ++n)
        bytes += QStringLiteral(R"({"conversation_hash": "b%1", "conversation": [)"
                                R"({"role": "user", "content": "q %1"}]})")
                     .arg(n)
                     .toUtf8()
                     .append('\n');
    bytes += "{\"conversation_hash\": \"broken\", \"conversation\": [}\n";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.jsonl"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    const QString before = test::logicalDump(*store);
    const QString schemaBefore = schema(*store);
    QVERIFY(schemaBefore.contains(QStringLiteral("conversation_by_anonymised_hash")));
    import::Importer importer(*store);
    try {
        importer.importFile(path, wildChatMapping());
        QFAIL("a broken line was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("broken.jsonl: line 1301, column")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    QCOMPARE(schema(*store), schemaBefore); // the indexes and the trigger dropped are back
    QCOMPARE(integrityCheck(*store), QStringLiteral("ok"));
    sql::Statement trigger(test::connection(*store),
                           "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' "
                           "AND name = 'digest_conversation_added'");
    QVERIFY(trigger.next());
    QCOMPARE(trigger.int64(0), 1);
    trigger.reset();
    // The trigger still marks a conversation added afterwards.
    QVector<Turn> turns {Turn {}};
    turns[0].text = QStringLiteral("later");
    Conversation c;
    c.sourceFormat = QStringLiteral("jsonl");
    c.title = QStringLiteral("later");
    c.participantId = store->addParticipant(QStringLiteral("P01"));
    const qint64 id = store->addConversation(c, turns);
    sql::Statement stale(test::connection(*store),
                         "SELECT count(*) FROM digest_stale WHERE conversation_id = ?");
    stale.bind(1, id);
    QVERIFY(stale.next());
    QCOMPARE(stale.int64(0), 1);
    // The failed import turned the CHECK constraints, off while it wrote, on again.
    QVERIFY(checksEnforced(*store));
}

void TestMappedJsonl::tooDeepIsRefusedByName()
{
    // The import writes without SQLite's CHECK constraints, whose json_valid() refuses JSON
    // nested deeper than 1000 levels (since SQLite 3.42): a field nested deeper than a data set
    // keeps (500 levels) is refused, naming the line (and the turn), and nothing is written;
    // one just within it is kept, and meets the constraints.
    // A line: \a head, a value nested \a depth arrays deep, then \a tail.
    const auto line = [](const char *head, int depth, const char *tail) {
        QByteArray text(head);
        text.append(QByteArray(depth, '[')).append(QByteArray(depth, ']')).append(tail);
        return text;
    };
    const QByteArray first("{\"conversation_hash\": \"ok\", \"conversation\": "
                           "[{\"role\": \"user\", \"content\": \"fine\"}]}\n");
    const char *const turns = "\"conversation\": [{\"role\": \"user\", \"content\": \"q\"}]";
    // The line nests 1 + 499 levels, the most a data set keeps: read by the fast reading, and
    // kept. One more level is refused.
    const QByteArray within =
        line(QByteArray(QByteArray("{\"conversation_hash\": \"within\", ") + turns + ", \"deep\": ")
                 .constData(),
             499, "}\n");
    const QByteArray deepRecord =
        line(QByteArray(QByteArray("{\"conversation_hash\": \"deep\", ") + turns + ", \"deep\": ")
                 .constData(),
             500, "}\n");
    const QByteArray deepTurn = line("{\"conversation_hash\": \"turn\", \"conversation\": "
                                     "[{\"role\": \"user\", \"content\": \"q\", \"deep\": ",
                                     510, "}]}\n");
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*store);
    const auto write = [&](const QString &name, const QByteArray &bytes) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(name));
        file.write(bytes);
        return file.fileName();
    };
    QByteArray deepRecordLines = first;
    deepRecordLines.append(deepRecord);
    QByteArray deepTurnLines = first;
    deepTurnLines.append(deepTurn);
    QVector<std::pair<QByteArray, QString>> refused;
    refused.append({deepRecordLines, QStringLiteral("line 2: nested more than 500 levels deep")});
    refused.append({deepTurnLines, QStringLiteral("line 2: nested more than 500 levels deep")});
    for (const bool fast : {true, false}) {
        for (const auto &[lines, message] : std::as_const(refused)) {
            try {
                readAll(lines, wildChatMapping(), fast);
                QFAIL("a line nested too deep was read");
            } catch (const Error &e) {
                QVERIFY2(e.message().startsWith(QStringLiteral("corpus.jsonl: ") + message),
                         qPrintable(e.message()));
            }
        }
    }
    const QString before = test::logicalDump(*store);
    for (const auto &[lines, message] : std::as_const(refused)) {
        try {
            importer.importFile(write(QStringLiteral("deep.jsonl"), lines), wildChatMapping());
            QFAIL("a line nested too deep was imported");
        } catch (const Error &e) {
            QVERIFY2(e.message().startsWith(QStringLiteral("deep.jsonl: ") + message),
                     qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(*store), before);
    }
    QByteArray withinLines = first;
    withinLines.append(within);
    const import::Summary s =
        importer.importFile(write(QStringLiteral("within.jsonl"), withinLines), wildChatMapping());
    QCOMPARE(s.imported, 2);
    const auto kept = store->conversation(store->findConversation(QStringLiteral("within")));
    QVERIFY(kept);
    QJsonValue value =
        kept->provenance.value(QStringLiteral("record")).toObject().value(QStringLiteral("deep"));
    int depth = 0;
    while (value.isArray()) {
        ++depth;
        const QJsonArray array = value.toArray();
        value = array.isEmpty() ? QJsonValue() : array.first();
    }
    QCOMPARE(depth, 499);
    QCOMPARE(integrityCheck(*store), QStringLiteral("ok"));
    // What the data set keeps goes out in a bundle and comes back in, though the bundle holds it
    // a few levels deeper (in its provenance, as the record).
    const QString bundle = dir.filePath(QStringLiteral("out.sense7bundle"));
    exporter::write(*store, exporter::Format::Bundle, bundle);
    auto other = Store::create(dir.filePath(QStringLiteral("other.sense7")));
    import::Importer again(*other);
    QCOMPARE(again.importFile(bundle).imported, 2);
    const auto back = other->conversation(other->findConversation(QStringLiteral("within")));
    QVERIFY(back);
    QCOMPARE(back->provenance.value(QStringLiteral("earlier"))
                 .toObject()
                 .value(QStringLiteral("record")),
             kept->provenance.value(QStringLiteral("record")));
}

QTEST_GUILESS_MAIN(TestMappedJsonl)
void TestMappedJsonl::missingTextFieldIsRefused()
{
    // A mapping that names a field the messages lack would import every turn empty; a text
    // given as null, or none beside a tool call (a reply that only called a tool), is a turn.
    const QByteArray lines = R"({"id": "m1", "messages": [{"role": "user", "content": "q"}, )"
                             R"({"role": "assistant", "content": null, "tool_calls": []}, )"
                             R"({"role": "assistant", "tool_calls": [{"id": "c1"}]}]})"
                             "\n"
                             R"({"id": "m2", "messages": [{"role": "user", "body": "q"}]})"
                             "\n";
    for (const bool fast : {true, false}) {
        QString message;
        try {
            readAll(lines, {}, fast);
        } catch (const Error &e) {
            message = e.message();
        }
        QCOMPARE(message,
                 QStringLiteral("corpus.jsonl: line 2: turn 1 has no text field "
                                "(content, value, text); name the field with --map "
                                "text=FIELD."));
        import::Options named;
        named.map = {{QStringLiteral("text"), QStringLiteral("body")}};
        message.clear();
        try {
            readAll(lines, named, fast);
        } catch (const Error &e) {
            message = e.message();
        }
        QCOMPARE(message,
                 QStringLiteral("corpus.jsonl: line 1: turn 1 has no text field (body); "
                                "name the field with --map text=FIELD."));
        const Collect first = readAll(lines.left(lines.indexOf('\n') + 1), {}, fast);
        QCOMPARE(first.conversations.size(), std::size_t(1));
        QCOMPARE(first.conversations[0].turns.size(), 3);
        QCOMPARE(first.conversations[0].turns[1].text, QString());
        QCOMPARE(first.conversations[0].turns[2].text, QString()); // only a tool call
    }
}

void TestMappedJsonl::lineNamesFillTheNameOnce()
{
    // The name as it is, whatever placeholders or characters it holds, and the number where the
    // pattern (as a translation may order it) puts it.
    const QString name = QStringLiteral("a%1b%2\uFFFF.jsonl");
    const QList<std::pair<QString, QString>> cases {
        {QStringLiteral("%1: line %2"), name + QStringLiteral(": line 7")},
        {QStringLiteral("line %2 of %1"), QStringLiteral("line 7 of ") + name},
        {QStringLiteral("%1: %2 (%2)"), name + QStringLiteral(": 7 (7)")},
        {QStringLiteral("\uFFFE%1: line %2"),
         QStringLiteral("\uFFFE") + name + QStringLiteral(": line 7")},
    };
    for (const auto &[pattern, expected] : cases) {
        const import::LineNames lineAt(pattern, name);
        QCOMPARE(lineAt(7), expected);
        QCOMPARE(lineAt(1234567890123),
                 QString(expected).replace(QStringLiteral("7"), QStringLiteral("1234567890123")));
    }
}

#include "tst_mappedjsonl.moc"
