// Exports: the bundle round trip, the tidy CSV read back against the data set, JSON Lines,
// filters, anonymised bundles, cancelling, and merging bundles that disagree.

#include "browse/digest.h"
#include "browse/trajectory.h"
#include "edit.h"
#include "export/writer.h"
#include "import/csvreader.h"
#include "import/importer.h"
#include "livesupport.h"
#include "retest.h"
#include "testsupport.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace sense7;

namespace {

/** Everything a round trip must keep, keyed by content hash and turn index, not by row ids. */
QString logicalDump(Store &store)
{
    QString text;
    const char *const queries[] = {
        "SELECT p.code, p.profile FROM participant p ORDER BY p.code",
        "SELECT c.content_hash, p.code, c.source_format, coalesce(c.source_id, ''), "
        "coalesce(c.agent, ''), c.title, coalesce(c.started_at, ''), c.context "
        "FROM conversation c JOIN participant p ON p.id = c.participant_id ORDER BY 1",
        "SELECT c.content_hash, t.idx, t.role, t.text, coalesce(t.created_at, ''), t.meta "
        "FROM turn t JOIN conversation c ON c.id = t.conversation_id ORDER BY 1, 2",
        "SELECT c.content_hash, t.idx, i.key, d.key, a.code, a.kind, coalesce(r.value, 'n/a') "
        "FROM rating r JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = "
        "t.conversation_id JOIN dimension d ON d.id = r.dimension_id JOIN instrument i ON i.id = "
        "d.instrument_id JOIN annotator a ON a.id = r.annotator_id ORDER BY 1, 2, 3, 4, 5",
        "SELECT c.content_hash, d.key, a.code, coalesce(r.value, 'n/a') FROM conversation_rating r "
        "JOIN conversation c ON c.id = r.conversation_id JOIN dimension d ON d.id = "
        "r.dimension_id JOIN annotator a ON a.id = r.annotator_id ORDER BY 1, 2, 3",
        "SELECT c.content_hash, t.idx, a.code, coalesce(f.reason, ''), coalesce(rt.idx, ''), "
        "coalesce(f.note, '') FROM turn_flag f JOIN turn t ON t.id = f.turn_id JOIN conversation c "
        "ON c.id = t.conversation_id JOIN annotator a ON a.id = f.annotator_id LEFT JOIN turn rt "
        "ON rt.id = f.refers_to_turn_id ORDER BY 1, 2, 3",
        "SELECT c.content_hash, t.idx, a.code, n.text FROM turn_note n JOIN turn t ON t.id = "
        "n.turn_id JOIN conversation c ON c.id = t.conversation_id JOIN annotator a ON a.id = "
        "n.annotator_id ORDER BY 1, 2, 3",
        "SELECT key, name, version, definition FROM instrument ORDER BY key"};
    for (const char *sql : queries) {
        sql::Statement query(test::connection(store), sql);
        int rows = 0;
        while (query.next()) {
            for (int c = 0; c < 8; ++c)
                text += query.text(c) + QLatin1Char('|');
            text += QLatin1Char('\n');
            ++rows;
        }
        text += QStringLiteral("-- %1 rows\n").arg(rows);
    }
    return text;
}

/** The demo plus what it lacks: a note, a conversation rating, an observer's n/a rating. */
void enrich(Store &store)
{
    const qint64 conversation = store.conversationSummaries().first().id;
    const QVector<Turn> turns = store.turns(conversation);
    const qint64 self = store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    store.apply({Edit::Kind::Note, turns[1].id, 0, self, QJsonValue::Undefined,
                 QStringLiteral("Felt rushed — 有点敷衍, \"quoted\", comma")},
                Origin::Edit);
    const auto overall = store.findDimension(QStringLiteral("esconv/empathy"));
    const auto warmth = store.findDimension(QStringLiteral("warmth"));
    QVERIFY(warmth);
    const qint64 observer = store.annotatorId(QStringLiteral("OBS9"), AnnotatorKind::Observer);
    store.setRating(turns[1].id, warmth->id, observer, Rating::notApplicable());
    if (overall)
        store.setConversationRating(conversation, overall->id, self, 4);
}

/** A CSV file's rows (the header first), read back with the importer's reader. */
QVector<QStringList> readCsv(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    import::CsvReader reader(file, path);
    QVector<QStringList> rows;
    QStringList row;
    while (reader.next(row))
        rows.append(row);
    return rows;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bundleRoundTripKeepsEverything();
    void csvReadsBackAsTheDataSet();
    void csvHasCodebookAndContextColumns();
    void jsonlHasOneConversationALine();
    void filterLimitsTheExport();
    void anonymisedBundleRedactsAndImports();
    void ratingsOnlyBundleHasNoText();
    void anonymisedBundleRedactsEveryName();
    void cancelWritesNothing();
    void mergingAddsMissingAndReportsDisagreements();
    void mergingKeepsProvenanceOfEachBundle();
    void mergingReportsFlagAndProfileDisagreements();
    void turnsTableHasEveryTurn();
    void nulInAFieldNeverReachesTheCsv();
    void participantsTableHasTheirProfiles();
    void importersContextFieldsGetColumns();
    void contextKeysOfAnyShapeGetAColumnEach();
    void blindReratingsHaveAColumn();
    void liveConversationsHaveConditionAndSession();

private:
    QTemporaryDir m_dir;
};

void TestExport::bundleRoundTripKeepsEverything()
{
    const QString demoPath = m_dir.filePath(QStringLiteral("round.sense7"));
    test::makeDemoDataSet(demoPath);
    auto demo = Store::open(demoPath);
    enrich(*demo);
    const QString bundle = m_dir.filePath(QStringLiteral("round.json"));
    const exporter::Summary written = exporter::write(*demo, exporter::Format::Bundle, bundle);
    QCOMPARE(written.conversations, demo->info().conversations);

    auto empty = Store::create(m_dir.filePath(QStringLiteral("empty.sense7")));
    import::Importer importer(*empty);
    const import::Summary summary = importer.importFile(bundle);
    QCOMPARE(summary.format, QStringLiteral("bundle"));
    QCOMPARE(summary.imported, int(written.conversations));
    const QString before = logicalDump(*demo);
    QVERIFY(before.contains(QStringLiteral("有点敷衍")));
    QVERIFY(before.contains(QStringLiteral("OBS9|observer|n/a")));
    QCOMPARE(logicalDump(*empty), before);
    // Where each conversation came from survives as provenance of the bundle.
    const auto conversation = empty->conversation(empty->conversationSummaries().first().id);
    QCOMPARE(conversation->provenance.value(QStringLiteral("bundle")).toString(),
             QStringLiteral("round.json"));
    QCOMPARE(conversation->provenance.value(QStringLiteral("format")).toString(),
             QStringLiteral("bundle"));

    // Importing it again adds nothing and changes nothing.
    const QString after = logicalDump(*empty);
    import::Importer again(*empty);
    const import::Summary second = again.importFile(bundle);
    QCOMPARE(second.imported, 0);
    QCOMPARE(second.alreadyPresent, summary.imported);
    QCOMPARE(second.conflicts, 0);
    QCOMPARE(logicalDump(*empty), after);
}

void TestExport::csvReadsBackAsTheDataSet()
{
    const QString path = m_dir.filePath(QStringLiteral("csv.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    enrich(*store);
    const QString csv = m_dir.filePath(QStringLiteral("ratings.csv"));
    const exporter::Summary summary = exporter::write(*store, exporter::Format::Csv, csv);

    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    import::CsvReader reader(file, csv);
    QStringList header, row;
    QVERIFY(reader.next(header));
    QCOMPARE(header, exporter::csvColumns(exporter::answerKeys(store->protocol().context, {})));
    const auto column = [&](const char *name) {
        return int(header.indexOf(QLatin1String(name)));
    };
    for (const char *name :
         {"participant", "conversation_id", "agent", "turn_index", "role", "dimension", "value",
          "annotator", "annotator_kind", "flagged_break", "break_reason", "task_type"})
        QVERIFY2(column(name) >= 0, name);

    qint64 rows = 0, notApplicable = 0, flagged = 0;
    sql::Statement lookup(test::connection(*store),
                          "SELECT r.value, r.value IS NULL, p.code, coalesce(c.agent, ''), t.role, "
                          "EXISTS(SELECT 1 FROM turn_flag f WHERE f.turn_id = t.id AND "
                          "f.annotator_id = a.id) FROM rating r JOIN turn t ON t.id = r.turn_id "
                          "JOIN conversation c ON c.id = t.conversation_id JOIN participant p ON "
                          "p.id = c.participant_id JOIN dimension d ON d.id = r.dimension_id JOIN "
                          "annotator a ON a.id = r.annotator_id WHERE c.content_hash = ? AND "
                          "t.idx = ? AND d.key = ? AND a.code = ?");
    QString firstKey;
    while (reader.next(row)) {
        QCOMPARE(row.size(), header.size());
        ++rows;
        if (firstKey.isEmpty())
            firstKey = row[column("conversation_id")];
        if (row[column("turn_index")].isEmpty())
            continue; // a conversation rating
        lookup.bind(1, row[column("conversation_id")])
            .bind(2, row[column("turn_index")].toInt())
            .bind(3, row[column("dimension")])
            .bind(4, row[column("annotator")]);
        QVERIFY2(lookup.next(), qPrintable(row.join(QLatin1Char(','))));
        if (lookup.integer(1)) {
            QCOMPARE(row[column("value")], QString()); // not applicable: an empty cell
            ++notApplicable;
        } else {
            QCOMPARE(row[column("value")].toInt(), lookup.integer(0));
        }
        QCOMPARE(row[column("participant")], lookup.text(2));
        QCOMPARE(row[column("agent")], lookup.text(3));
        QCOMPARE(row[column("role")], lookup.text(4));
        QCOMPARE(row[column("flagged_break")],
                 lookup.integer(5) ? QStringLiteral("1") : QStringLiteral("0"));
        flagged += lookup.integer(5);
        lookup.reset();
    }
    const qint64 expected = test::connection(*store).pragmaInt("SELECT count(*) FROM rating")
        + test::connection(*store).pragmaInt("SELECT count(*) FROM conversation_rating");
    QCOMPARE(rows, expected);
    QCOMPARE(summary.ratings, expected);
    QCOMPARE(notApplicable,
             test::connection(*store).pragmaInt("SELECT count(*) FROM rating WHERE value IS NULL"));
    QVERIFY(flagged > 0);

    // The keys it writes are the ones the ratings importer accepts.
    QVERIFY(store->findConversation(firstKey) > 0);
}

void TestExport::csvHasCodebookAndContextColumns()
{
    const QString path = m_dir.filePath(QStringLiteral("book.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const QString csv = m_dir.filePath(QStringLiteral("book.csv"));
    const exporter::Summary summary = exporter::write(*store, exporter::Format::Csv, csv);
    QCOMPARE(summary.files,
             (QStringList {csv, m_dir.filePath(QStringLiteral("book.turns.csv")),
                           m_dir.filePath(QStringLiteral("book.participants.csv")),
                           m_dir.filePath(QStringLiteral("book.codebook.md"))}));
    const QString book = QString::fromUtf8(test::readFile(summary.files.last()));
    int anchors = 0;
    for (const Instrument &instrument : store->instruments()) {
        for (const Dimension &d : instrument.dimensions) {
            QVERIFY2(book.contains(QStringLiteral("`%1`").arg(d.key)), qPrintable(d.key));
            for (const QString &anchor : d.anchors) {
                QVERIFY2(book.contains(anchor), qPrintable(anchor));
                ++anchors;
            }
        }
    }
    QVERIFY(anchors >= 21);
    QVERIFY(book.contains(QStringLiteral("`task_type`")));
    QVERIFY(book.contains(QStringLiteral("`information_seeking` = Information seeking")));
    QVERIFY(book.contains(QStringLiteral("`flagged_break`")));
    // Context answers appear in their columns.
    const QString text = QString::fromUtf8(test::readFile(csv));
    QVERIFY(text.contains(QStringLiteral(",writing,"))
            || text.contains(QStringLiteral(",coding,")));
}

void TestExport::jsonlHasOneConversationALine()
{
    const QString path = m_dir.filePath(QStringLiteral("lines.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const QString out = m_dir.filePath(QStringLiteral("lines.jsonl"));
    exporter::write(*store, exporter::Format::Jsonl, out);
    const QList<QByteArray> lines = test::readFile(out).trimmed().split('\n');
    QCOMPARE(qint64(lines.size()), store->info().conversations);
    qint64 ratings = 0, turns = 0;
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonObject c = QJsonDocument::fromJson(line, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(!c.value(QStringLiteral("participant")).toString().isEmpty());
        QVERIFY(c.value(QStringLiteral("context")).isObject());
        QVERIFY(c.value(QStringLiteral("profile")).isObject());
        QVERIFY(c.value(QStringLiteral("flags")).isArray());
        turns += c.value(QStringLiteral("turns")).toArray().size();
        ratings += c.value(QStringLiteral("ratings")).toArray().size();
    }
    QCOMPARE(turns, store->info().turns);
    QCOMPARE(ratings, store->info().ratings + store->info().conversationRatings);
}

void TestExport::filterLimitsTheExport()
{
    const QString path = m_dir.filePath(QStringLiteral("filter.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    exporter::Options options;
    options.filter.participants = {QStringLiteral("P02")};
    const QString out = m_dir.filePath(QStringLiteral("p02.json"));
    const exporter::Summary summary =
        exporter::write(*store, exporter::Format::Bundle, out, options);
    QCOMPARE(summary.conversations,
             test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM conversation c JOIN participant p ON p.id = "
                 "c.participant_id WHERE p.code = 'P02'"));
    QVERIFY(summary.conversations > 0);
    const QJsonObject bundle = QJsonDocument::fromJson(test::readFile(out)).object();
    const QJsonArray people = bundle.value(QStringLiteral("participants")).toArray();
    QCOMPARE(people.size(), 1);
    QCOMPARE(people.first().toObject().value(QStringLiteral("code")).toString(),
             QStringLiteral("P02"));
    for (const QJsonValue c : bundle.value(QStringLiteral("conversations")).toArray())
        QCOMPARE(c.toObject().value(QStringLiteral("participant")).toString(),
                 QStringLiteral("P02"));
}

void TestExport::anonymisedBundleRedactsAndImports()
{
    auto store = Store::create(m_dir.filePath(QStringLiteral("secret.sense7")));
    const qint64 participant = store->addParticipant(QStringLiteral("Alice Chen"));
    const qint64 id = test::addRatedExchange(
        *store, participant, QStringLiteral("chatgpt"), QStringLiteral("Email to Bob at Acme"),
        QStringLiteral("Write to bob@acme.com, call +44 20 7946 0958, see "
                       "https://acme.com/team — I'm Alice at Acme."),
        QStringLiteral("Dear Bob, Alice from Acme here. 张伟 will join."), 4);

    exporter::Options options;
    options.anonymise.enabled = true;
    options.anonymise.terms = {QStringLiteral("Alice"), QStringLiteral("Acme"),
                               QStringLiteral("张伟")};
    const QString out = m_dir.filePath(QStringLiteral("shared.json"));
    const exporter::Summary summary =
        exporter::write(*store, exporter::Format::Bundle, out, options);
    QCOMPARE(summary.redactions, qint64(9)); // 1 in the title, 5 and 3 in the turns
    const QString text = QString::fromUtf8(test::readFile(out));
    for (const char *secret : {"bob@acme.com", "7946", "https://", "Alice", "Acme", "张伟"})
        QVERIFY2(!text.contains(QString::fromUtf8(secret)), secret);
    QVERIFY(text.contains(QStringLiteral("Dear Bob, [redacted] from [redacted] here.")));
    const QString pseudonym = exporter::pseudonym(*store, participant);
    QVERIFY(QRegularExpression(QStringLiteral("^P-[0-9a-f]{10}$")).match(pseudonym).hasMatch());
    QVERIFY(text.contains(pseudonym));
    QCOMPARE(exporter::pseudonym(*store, participant), pseudonym); // stable
    // No trace of the original text's hash either.
    QVERIFY(!text.contains(store->conversation(id)->contentHash));

    auto study = Store::create(m_dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*study);
    QCOMPARE(importer.importFile(out).imported, 1);
    QCOMPARE(study->participants().first().code, pseudonym);
    QCOMPARE(study->info().ratings, qint64(1));
    // Shared again, with other terms: still the same conversation.
    options.anonymise.terms = {QStringLiteral("Bob")};
    exporter::write(*store, exporter::Format::Bundle, out, options);
    import::Importer again(*study);
    const import::Summary second = again.importFile(out);
    QCOMPARE(second.imported, 0);
    QCOMPARE(second.alreadyPresent, 1);
}

void TestExport::anonymisedBundleRedactsEveryName()
{
    // Addresses and names where the text is not: the export's id, the assistant's label, a
    // column's header, raters' codes; and addresses in other scripts.
    auto store = Store::create(m_dir.filePath(QStringLiteral("names.sense7")));
    const QString csv = m_dir.filePath(QStringLiteral("names.csv"));
    test::writeFile(csv,
                    "conversation_id,role,text,agent,alice.smith@example.com\n"
                    "alice.smith@example.com-chat,user,Write to josé@correo.es,"
                    "Alice's bot,x\n"
                    "alice.smith@example.com-chat,assistant,Or 张伟@qq.com,Alice's bot,y\n");
    import::Options participant;
    participant.participant = QStringLiteral("P1");
    import::Importer(*store).importFile(csv, participant);
    const QString ratings = m_dir.filePath(QStringLiteral("raters.csv"));
    test::writeFile(ratings,
                    "conversation_id,turn_index,dimension,value,annotator\n"
                    "alice.smith@example.com-chat,1,warmth,4,carol.jones@example.com\n"
                    "alice.smith@example.com-chat,1,warmth,2,dave@example.com\n");
    import::Importer(*store).importFile(ratings);
    exporter::Options options;
    options.anonymise.enabled = true;
    options.anonymise.terms = {QStringLiteral("Alice")};
    const QString out = m_dir.filePath(QStringLiteral("names.json"));
    exporter::write(*store, exporter::Format::Bundle, out, options);
    const QString text = QString::fromUtf8(test::readFile(out));
    for (const char *secret :
         {"alice", "Alice", "carol", "dave", "example.com", "josé", "张伟", "correo", "qq.com"})
        QVERIFY2(!text.contains(QString::fromUtf8(secret)), secret);
    // The export's id has a stand-in of its own, not a redaction other ids would share; raters'
    // stand-ins cannot be found again from their codes alone.
    const QJsonObject shared = QJsonDocument::fromJson(text.toUtf8()).object();
    const QJsonObject conversation =
        shared.value(QStringLiteral("conversations")).toArray().first().toObject();
    QVERIFY(QRegularExpression(QStringLiteral("^source-[0-9a-f]{12}$"))
                .match(conversation.value(QStringLiteral("source_id")).toString())
                .hasMatch());
    const QByteArray guess = QCryptographicHash::hash("sense7-stand-in\x1f"
                                                      "rater-\x1f\x1f"
                                                      "dave@example.com",
                                                      QCryptographicHash::Sha256)
                                 .toHex()
                                 .left(12);
    QVERIFY(!text.contains(QString::fromLatin1(guess)));

    // The two raters stay two, under the same stand-ins every time.
    auto study = Store::create(m_dir.filePath(QStringLiteral("names-study.sense7")));
    import::Importer(*study).importFile(out);
    QCOMPARE(study->info().ratings, qint64(2));
    exporter::write(*store, exporter::Format::Bundle, out, options);
    const import::Summary again = import::Importer(*study).importFile(out);
    QCOMPARE(again.alreadyPresent, 1);
    QCOMPARE(again.conflicts, qint64(0));
    QCOMPARE(study->info().ratings, qint64(2));
    QCOMPARE(
        test::queryInt(study->path(), "SELECT count(*) FROM annotator WHERE kind = 'observer'"), 2);
}

void TestExport::ratingsOnlyBundleHasNoText()
{
    const QString path = m_dir.filePath(QStringLiteral("only.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    exporter::Options options;
    options.anonymise.enabled = true;
    options.anonymise.ratingsOnly = true;
    options.anonymise.participantCode = QStringLiteral("S-001");
    const QString out = m_dir.filePath(QStringLiteral("only.json"));
    exporter::write(*store, exporter::Format::Bundle, out, options);
    const QJsonObject bundle = QJsonDocument::fromJson(test::readFile(out)).object();
    QCOMPARE(bundle.value(QStringLiteral("ratings_only")).toBool(), true);
    for (const QJsonValue v : bundle.value(QStringLiteral("conversations")).toArray()) {
        const QJsonObject c = v.toObject();
        QCOMPARE(c.value(QStringLiteral("participant")).toString(), QStringLiteral("S-001"));
        QCOMPARE(c.value(QStringLiteral("title")).toString(), QString());
        for (const QJsonValue t : c.value(QStringLiteral("turns")).toArray())
            QCOMPARE(t.toObject().value(QStringLiteral("text")).toString(), QString());
    }
    auto study = Store::create(m_dir.filePath(QStringLiteral("only-study.sense7")));
    import::Importer importer(*study);
    const import::Summary summary = importer.importFile(out);
    // Each conversation stays its own, although every text is empty.
    QCOMPARE(qint64(summary.imported), store->info().conversations);
    QCOMPARE(study->info().ratings, store->info().ratings);
}

void TestExport::cancelWritesNothing()
{
    const QString path = m_dir.filePath(QStringLiteral("cancel.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const QString out = m_dir.filePath(QStringLiteral("cancelled.json"));
    bool thrown = false;
    try {
        exporter::write(*store, exporter::Format::Bundle, out, {},
                        [](qint64 done, qint64) { return done == 0; });
    } catch (const exporter::Cancelled &) {
        thrown = true;
    }
    QVERIFY(thrown);
    QVERIFY(!QFile::exists(out));
    QVERIFY(!QFile::exists(exporter::codebookPath(m_dir.filePath(QStringLiteral("x.csv")))));
    // A cancelled CSV leaves none of its tables.
    const QString csv = m_dir.filePath(QStringLiteral("cancelled.csv"));
    thrown = false;
    try {
        exporter::write(*store, exporter::Format::Csv, csv, {},
                        [](qint64 done, qint64 total) { return done < total; });
    } catch (const exporter::Cancelled &) {
        thrown = true;
    }
    QVERIFY(thrown);
    for (const QString &file : {csv, exporter::turnsPath(csv), exporter::participantsPath(csv),
                                exporter::codebookPath(csv)})
        QVERIFY2(!QFile::exists(file), qPrintable(file));
}

void TestExport::mergingAddsMissingAndReportsDisagreements()
{
    const QString path = m_dir.filePath(QStringLiteral("merge.sense7"));
    test::makeDemoDataSet(path);
    auto source = Store::open(path);
    const QString bundlePath = m_dir.filePath(QStringLiteral("merge.json"));
    exporter::write(*source, exporter::Format::Bundle, bundlePath);
    auto study = Store::create(m_dir.filePath(QStringLiteral("merge-study.sense7")));
    import::Importer first(*study);
    first.importFile(bundlePath);
    const QString before = logicalDump(*study);

    // A second copy that disagrees on one rating and adds an observer's rating.
    QJsonObject bundle = QJsonDocument::fromJson(test::readFile(bundlePath)).object();
    QJsonArray conversations = bundle.value(QStringLiteral("conversations")).toArray();
    QJsonObject c = conversations.first().toObject();
    QJsonArray ratings = c.value(QStringLiteral("ratings")).toArray();
    QJsonObject changed = ratings.first().toObject();
    const int oldValue = changed.value(QStringLiteral("value")).toInt();
    changed.insert(QStringLiteral("value"), oldValue == 5 ? 1 : 5);
    ratings[0] = changed;
    QJsonObject added = changed;
    added.insert(QStringLiteral("annotator"), QStringLiteral("OBS-NEW"));
    added.insert(QStringLiteral("annotator_kind"), QStringLiteral("observer"));
    added.insert(QStringLiteral("value"), 3);
    ratings.append(added);
    c.insert(QStringLiteral("ratings"), ratings);
    conversations[0] = c;
    bundle.insert(QStringLiteral("conversations"), conversations);
    const QString secondPath = m_dir.filePath(QStringLiteral("merge-2.json"));
    test::writeFile(secondPath, QJsonDocument(bundle).toJson());

    import::Importer second(*study);
    import::Summary summary;
    try {
        summary = second.importFile(secondPath);
    } catch (const Error &e) {
        QFAIL(qPrintable(e.message()));
    }
    QCOMPARE(summary.imported, 0);
    QCOMPARE(summary.conflicts, 1);
    QCOMPARE(summary.merged, 1);
    QCOMPARE(summary.ratings, qint64(1));
    QCOMPARE(summary.warnings.size(), 1);
    QVERIFY2(summary.warnings.first().contains(QStringLiteral("merge-2.json: conversation 1")),
             qPrintable(summary.warnings.first()));
    QVERIFY(summary.warnings.first().contains(QStringLiteral("kept %1").arg(oldValue)));
    QCOMPARE(summary.ratingsConflicting, qint64(1));
    QVERIFY2(summary.text().contains(QStringLiteral("ratings: 1 new, "))
                 && summary.text().contains(QStringLiteral(" unchanged, 1 conflicting (kept)")),
             qPrintable(summary.text()));
    // The disagreeing value was not overwritten; the new rating is there.
    const QString after = logicalDump(*study);
    QVERIFY(after.contains(QStringLiteral("OBS-NEW|observer|3|")));
    QString withoutNew = after;
    withoutNew.remove(QRegularExpression(QStringLiteral("[^\\n]*OBS-NEW[^\\n]*\\n")));
    withoutNew.replace(QRegularExpression(QStringLiteral("-- (\\d+) rows")), QStringLiteral("--"));
    QString expected = before;
    expected.replace(QRegularExpression(QStringLiteral("-- (\\d+) rows")), QStringLiteral("--"));
    QCOMPARE(withoutNew, expected);
}

void TestExport::mergingKeepsProvenanceOfEachBundle()
{
    const QString path = m_dir.filePath(QStringLiteral("prov.sense7"));
    test::makeDemoDataSet(path);
    auto source = Store::open(path);
    const QString a = m_dir.filePath(QStringLiteral("prov-a.json"));
    const QString b = m_dir.filePath(QStringLiteral("prov-b.json"));
    exporter::write(*source, exporter::Format::Bundle, a);
    QVERIFY(QFile::copy(a, b));
    auto study = Store::create(m_dir.filePath(QStringLiteral("prov-study.sense7")));
    import::Importer(*study).importFile(a);
    const import::Summary again = import::Importer(*study).importFile(b);
    QCOMPARE(again.alreadyPresent, int(source->info().conversations));
    const auto c = study->conversation(study->conversationSummaries().first().id);
    QCOMPARE(c->provenance.value(QStringLiteral("bundle")).toString(),
             QStringLiteral("prov-a.json"));
    QVERIFY(!c->provenance.value(QStringLiteral("exported_at")).toString().isEmpty());
    QVERIFY(c->provenance.value(QStringLiteral("program"))
                .toString()
                .startsWith(QStringLiteral("Sense-7 Studio")));
    const QJsonArray also = c->provenance.value(QStringLiteral("also_from")).toArray();
    QCOMPARE(also.size(), 1);
    QCOMPARE(also.first().toObject().value(QStringLiteral("bundle")).toString(),
             QStringLiteral("prov-b.json"));
}

void TestExport::mergingReportsFlagAndProfileDisagreements()
{
    const QString path = m_dir.filePath(QStringLiteral("flags.sense7"));
    test::makeDemoDataSet(path);
    const QString plain = m_dir.filePath(QStringLiteral("flags.json"));
    exporter::write(*Store::open(path), exporter::Format::Bundle, plain);
    const QJsonObject bundle = QJsonDocument::fromJson(test::readFile(plain)).object();
    QJsonArray conversations = bundle.value(QStringLiteral("conversations")).toArray();
    int flagged = -1;
    for (int i = 0; i < conversations.size() && flagged < 0; ++i)
        if (!conversations.at(i)[QStringLiteral("flags")].toArray().isEmpty()
            && !conversations.at(i)[QStringLiteral("flags")][0][QStringLiteral("note")]
                    .toString()
                    .isEmpty())
            flagged = i;
    QVERIFY(flagged >= 0);
    const QString hash = conversations.at(flagged)[QStringLiteral("content_hash")].toString();
    const QString note =
        conversations.at(flagged)[QStringLiteral("flags")][0][QStringLiteral("note")].toString();
    // \a bundle with the flag's note and the first participant's trust answer set.
    const auto variant = [&](const QString &name, const QJsonValue &flagNote, int trust) {
        QJsonObject copy = bundle;
        QJsonArray list = conversations;
        QJsonObject c = list.at(flagged).toObject();
        QJsonArray flags = c.value(QStringLiteral("flags")).toArray();
        QJsonObject flag = flags.at(0).toObject();
        flag.insert(QStringLiteral("note"), flagNote);
        flags[0] = flag;
        c.insert(QStringLiteral("flags"), flags);
        list[flagged] = c;
        copy.insert(QStringLiteral("conversations"), list);
        QJsonArray participants = copy.value(QStringLiteral("participants")).toArray();
        QJsonObject p = participants.at(0).toObject();
        QJsonObject profile = p.value(QStringLiteral("profile")).toObject();
        profile.insert(QStringLiteral("trust_in_ai"), trust);
        p.insert(QStringLiteral("profile"), profile);
        participants[0] = p;
        copy.insert(QStringLiteral("participants"), participants);
        const QString file = m_dir.filePath(name);
        test::writeFile(file, QJsonDocument(copy).toJson());
        return file;
    };
    const int trust = bundle[QStringLiteral("participants")][0][QStringLiteral("profile")]
                            [QStringLiteral("trust_in_ai")]
                                .toInt();
    const auto flagNote = [&](Store &study) {
        const qint64 id = study.conversationWithHash(hash);
        const auto flags = study.flags(id, study.selfAnnotatorId());
        return flags.isEmpty() ? QString() : flags.begin()->note;
    };

    // The flag without its note, then with it: the note is added, nothing reported.
    auto study = Store::create(m_dir.filePath(QStringLiteral("flags-study.sense7")));
    import::Importer(*study).importFile(variant(QStringLiteral("bare.json"), QString(), trust));
    QCOMPARE(flagNote(*study), QString());
    const import::Summary filled = import::Importer(*study).importFile(plain);
    QCOMPARE(filled.conflicts, qint64(0));
    QCOMPARE(flagNote(*study), note);

    // Another note and another answer: both reported, both kept.
    const import::Summary other = import::Importer(*study).importFile(
        variant(QStringLiteral("other.json"), QStringLiteral("Another note"), trust + 1));
    QCOMPARE(other.conflicts, qint64(2));
    const QString said = other.warnings.join(QLatin1Char('\n'));
    QVERIFY2(said.contains(QStringLiteral("the continuity flag by self"))
                 && said.contains(QStringLiteral("Another note"))
                 && said.contains(QStringLiteral("the participant's profile")),
             qPrintable(said));
    QCOMPARE(flagNote(*study), note);
    QCOMPARE(study->participants().first().profile.value(QStringLiteral("trust_in_ai")).toInt(),
             trust);

    // A lost turn that is the flagged reply itself is refused.
    QJsonObject later = bundle;
    QJsonArray list = conversations;
    QJsonObject c = list.at(flagged).toObject();
    QJsonArray flags = c.value(QStringLiteral("flags")).toArray();
    QJsonObject flag = flags.at(0).toObject();
    flag.insert(QStringLiteral("refers_to"), flag.value(QStringLiteral("turn")).toInt());
    flags[0] = flag;
    c.insert(QStringLiteral("flags"), flags);
    list[flagged] = c;
    later.insert(QStringLiteral("conversations"), list);
    const QString laterPath = m_dir.filePath(QStringLiteral("later.json"));
    test::writeFile(laterPath, QJsonDocument(later).toJson());
    const QString before = logicalDump(*study);
    try {
        import::Importer(*study).importFile(laterPath);
        QFAIL("a flag whose lost turn is the flagged reply was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("turns other than the flagged one, or null.")),
                 qPrintable(e.message()));
    }
    QCOMPARE(logicalDump(*study), before);
}

void TestExport::turnsTableHasEveryTurn()
{
    const QString path = m_dir.filePath(QStringLiteral("turns.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    digest::refresh(*store);
    const QString csv = m_dir.filePath(QStringLiteral("turns.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);
    const QVector<QStringList> rows = readCsv(exporter::turnsPath(csv));
    QVERIFY(!rows.isEmpty());
    const QStringList header = rows.first();
    QCOMPARE(header, exporter::turnColumns());
    const auto column = [&](const char *name) {
        return int(header.indexOf(QLatin1String(name)));
    };
    // Every turn, rated or not.
    QCOMPARE(qint64(rows.size() - 1),
             test::connection(*store).pragmaInt("SELECT count(*) FROM turn"));
    QHash<QString, QStringList> byKey; // content hash and turn index -> row
    for (int i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows[i].size(), header.size());
        byKey.insert(rows[i][column("conversation_id")] + QLatin1Char('/')
                         + rows[i][column("turn_index")],
                     rows[i]);
    }
    int unrated = 0, flagged = 0, detected = 0, lost = 0;
    const qint64 self = store->selfAnnotatorId();
    for (const ConversationSummary &summary : store->conversationSummaries()) {
        const auto c = store->conversation(summary.id);
        const browse::ConversationTrajectory t =
            browse::conversationTrajectory(*store, summary.id, self);
        const QVector<Turn> turns = store->turns(summary.id);
        int reply = 0;
        for (const Turn &turn : turns) {
            const QStringList row =
                byKey.value(c->contentHash + QLatin1Char('/') + QString::number(turn.index));
            QVERIFY(!row.isEmpty());
            QCOMPARE(row[column("role")], roleKey(turn.role));
            QCOMPARE(row[column("replies")].toInt(), int(t.turnIds.size()));
            const qint64 ratings = test::connection(*store).pragmaInt(
                QStringLiteral("SELECT count(*) FROM rating r JOIN annotator a ON a.id = "
                               "r.annotator_id WHERE a.code = 'self' AND r.turn_id = %1")
                    .arg(turn.id)
                    .toUtf8()
                    .constData());
            QCOMPARE(row[column("self_ratings")].toLongLong(), ratings);
            if (ratings == 0)
                ++unrated;
            if (turn.role != Role::Assistant) {
                QCOMPARE(row[column("reply")], QString());
                QCOMPARE(row[column("flagged_break")], QStringLiteral("0"));
                continue;
            }
            QCOMPARE(row[column("reply")].toInt(), ++reply);
            QStringList rules;
            for (const auto &d : t.detected)
                if (d.reply == reply - 1)
                    rules.append(continuity::ruleKey(d.detection.rule));
            QCOMPARE(row[column("detected_breaks")], rules.join(QLatin1Char(';')));
            detected += rules.isEmpty() ? 0 : 1;
            bool found = false;
            for (const auto &f : t.flagged) {
                if (f.reply != reply - 1)
                    continue;
                found = true;
                QCOMPARE(row[column("break_reason")], f.reason);
                QCOMPARE(row[column("lost_turn")],
                         f.refersToIndex ? QString::number(*f.refersToIndex) : QString());
                lost += f.refersToIndex ? 1 : 0;
            }
            QCOMPARE(row[column("flagged_break")],
                     found ? QStringLiteral("1") : QStringLiteral("0"));
            flagged += found ? 1 : 0;
        }
    }
    QVERIFY(unrated > 0); // user turns at least
    QCOMPARE(qint64(flagged),
             test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM turn_flag f JOIN annotator a ON a.id = f.annotator_id "
                 "WHERE a.code = 'self'"));
    QVERIFY(detected > 0);
    QVERIFY(lost > 0);
    const QString book = QString::fromUtf8(test::readFile(exporter::codebookPath(csv)));
    for (const QString &name : exporter::turnColumns())
        QVERIFY2(book.contains(QStringLiteral("`%1`").arg(name)), qPrintable(name));
}

void TestExport::nulInAFieldNeverReachesTheCsv()
{
    // A JSON file's "\u0000" is kept as imported; CSV cannot write it, and R stops reading at a
    // NUL byte: the tables show U+FFFD in its place.
    const QString path = m_dir.filePath(QStringLiteral("nul.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    test::connection(*store).exec(
        "UPDATE conversation SET agent = 'gpt' || char(0) || '-4' "
        "WHERE id = (SELECT min(conversation_id) FROM turn t JOIN rating r ON r.turn_id = t.id)");
    const QString csv = m_dir.filePath(QStringLiteral("nul.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);
    for (const QString &file : {csv, exporter::turnsPath(csv)}) {
        const QByteArray bytes = test::readFile(file);
        QVERIFY2(!bytes.contains('\0'), qPrintable(file));
        QVERIFY2(QString::fromUtf8(bytes).contains(QStringLiteral(",gpt\uFFFD-4,")),
                 qPrintable(file));
    }
}

void TestExport::participantsTableHasTheirProfiles()
{
    const QString path = m_dir.filePath(QStringLiteral("people.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const QString csv = m_dir.filePath(QStringLiteral("people.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);
    const QVector<QStringList> rows = readCsv(exporter::participantsPath(csv));
    const QStringList header = rows.first();
    // The profile form's questions are the columns after the fixed three.
    QStringList profileKeys;
    for (const FormField &field : forms::profile().fields)
        profileKeys.append(field.key);
    QCOMPARE(header, exporter::participantColumns(profileKeys));
    const QVector<Participant> participants = store->participants();
    QCOMPARE(rows.size() - 1, participants.size());
    int answers = 0;
    for (const Participant &p : participants) {
        const auto row = std::find_if(rows.begin() + 1, rows.end(),
                                      [&](const QStringList &r) { return r[0] == p.code; });
        QVERIFY(row != rows.end());
        QCOMPARE((*row)[1], exporter::pseudonym(*store, p.id));
        QCOMPARE((*row)[2].toLongLong(),
                 test::connection(*store).pragmaInt(
                     QStringLiteral("SELECT count(*) FROM conversation WHERE participant_id = %1")
                         .arg(p.id)
                         .toUtf8()
                         .constData()));
        for (int i = 0; i < profileKeys.size(); ++i) {
            const QJsonValue value = p.profile.value(profileKeys[i]);
            const QString expected =
                value.isDouble() ? QString::number(value.toDouble()) : value.toString();
            QCOMPARE((*row)[3 + i], expected);
            answers += expected.isEmpty() ? 0 : 1;
        }
    }
    QVERIFY(answers >= participants.size() * 3);
    const QString book = QString::fromUtf8(test::readFile(exporter::codebookPath(csv)));
    QVERIFY(book.contains(QStringLiteral("`age_band`")));
}

void TestExport::importersContextFieldsGetColumns()
{
    // ESConv keeps emotion_type, problem_type and more in the conversation's context, and brings
    // its own instrument: both reach the tables and the codebook.
    auto store = Store::create(m_dir.filePath(QStringLiteral("esconv.sense7")));
    import::Importer importer(*store);
    importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json"));
    const QString csv = m_dir.filePath(QStringLiteral("esconv.csv"));
    const exporter::Summary summary = exporter::write(*store, exporter::Format::Csv, csv);
    QVERIFY(summary.ratings > 0);
    const QVector<QStringList> rows = readCsv(csv);
    const QStringList header = rows.first();
    const int emotion = int(header.indexOf(QStringLiteral("emotion_type")));
    const int problem = int(header.indexOf(QStringLiteral("problem_type")));
    QVERIFY2(emotion >= 0 && problem >= 0, qPrintable(header.join(QLatin1Char(','))));
    // After the context form's own fields.
    QVERIFY(emotion > int(header.indexOf(QStringLiteral("task_type"))));
    QSet<QString> emotions, instruments;
    for (int i = 1; i < rows.size(); ++i) {
        emotions.insert(rows[i][emotion]);
        instruments.insert(rows[i][header.indexOf(QStringLiteral("instrument"))]);
    }
    QVERIFY2(emotions.contains(QStringLiteral("anxiety")),
             qPrintable(QStringList(emotions.begin(), emotions.end()).join(QLatin1Char(','))));
    // Every instrument's ratings, and every instrument in the codebook.
    QVERIFY(instruments.contains(QStringLiteral("esconv")));
    const QString book = QString::fromUtf8(test::readFile(exporter::codebookPath(csv)));
    QVERIFY(book.contains(QStringLiteral("`emotion_type`")));
    QVERIFY(book.contains(QStringLiteral("as stored with the data")));
    for (const Instrument &instrument : store->instruments()) {
        QVERIFY2(book.contains(QStringLiteral("`%1`").arg(instrument.key)),
                 qPrintable(instrument.key));
        for (const Dimension &d : instrument.dimensions)
            QVERIFY2(book.contains(QStringLiteral("`%1`").arg(d.key)), qPrintable(d.key));
    }
}

void TestExport::contextKeysOfAnyShapeGetAColumnEach()
{
    // A key with a comma and quotes, a key that is a fixed column, and the name that one gets.
    const QString path = m_dir.filePath(QStringLiteral("keys.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const qint64 conversation = store->conversationSummaries().first().id;
    QJsonObject context = store->conversation(conversation)->context;
    context.insert(QStringLiteral("weird key, \"x\""), QStringLiteral("w"));
    context.insert(QStringLiteral("participant"), QStringLiteral("p"));
    context.insert(QStringLiteral("context_participant"), QStringLiteral("q"));
    store->setConversationContext(conversation, context);
    const QString csv = m_dir.filePath(QStringLiteral("keys.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);
    const QVector<QStringList> rows = readCsv(csv);
    const QStringList header = rows.first();
    QCOMPARE(QSet<QString>(header.begin(), header.end()).size(), header.size());
    for (const QStringList &row : rows)
        QCOMPARE(row.size(), header.size());
    const int weird = int(header.indexOf(QStringLiteral("weird key, \"x\"")));
    const int own = int(header.indexOf(QStringLiteral("context_participant")));
    const int other = int(header.indexOf(QStringLiteral("context_participant_2")));
    QVERIFY2(weird > 0 && own > 0 && other > 0, qPrintable(header.join(QLatin1Char('|'))));
    const QString hash = store->conversation(conversation)->contentHash;
    int seen = 0;
    for (const QStringList &row : rows.mid(1)) {
        if (row[1] != hash)
            continue;
        ++seen;
        QCOMPARE(row[weird], QStringLiteral("w"));
        // The context's "participant" went first: it is the prefixed one.
        QCOMPARE(QSet<QString>({row[own], row[other]}),
                 (QSet<QString> {QStringLiteral("p"), QStringLiteral("q")}));
    }
    QVERIFY(seen > 0);
    // It reads back as a ratings file: every rating unchanged.
    const QString before = test::logicalDump(*store);
    const import::Summary back = import::Importer(*store).importFile(csv);
    QCOMPARE(back.ratingsConflicting, qint64(0));
    QCOMPARE(test::logicalDump(*store), before);
}

void TestExport::blindReratingsHaveAColumn()
{
    const QString path = m_dir.filePath(QStringLiteral("retest.sense7"));
    test::makeDemoDataSet(path);
    auto store = Store::open(path);
    const QString csv = m_dir.filePath(QStringLiteral("retest.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);
    const QVector<QStringList> rows = readCsv(csv);
    const QStringList header = rows.first();
    const int rerating = int(header.indexOf(QStringLiteral("rerating")));
    const int annotator = int(header.indexOf(QStringLiteral("annotator")));
    QVERIFY(rerating >= 0);
    qint64 reratings = 0;
    for (int i = 1; i < rows.size(); ++i) {
        const bool blind = rows[i][annotator] == QLatin1String(retest::annotatorCode);
        QCOMPARE(rows[i][rerating], blind ? QStringLiteral("1") : QStringLiteral("0"));
        reratings += blind ? 1 : 0;
    }
    QCOMPARE(reratings,
             test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM rating r JOIN annotator a ON a.id = "
                 "r.annotator_id WHERE a.code = 'self-retest'"));
    QVERIFY(reratings > 0);
}

void TestExport::liveConversationsHaveConditionAndSession()
{
    const QString path = m_dir.filePath(QStringLiteral("live.sense7"));
    test::makeDemoDataSet(path, test::liveProtocol());
    auto store = Store::open(path);
    const qint64 live = test::addLiveConversation(
        *store, QStringLiteral("L01"), QStringLiteral("empathic"),
        {{QStringLiteral("hello"), QStringLiteral("hi"), 4},
         {QStringLiteral("I'm back"), QStringLiteral("Welcome back"), 5, true},
         {QStringLiteral("and again"), QStringLiteral("Hello again"), 2, true}});
    const QString hash = store->conversation(live)->contentHash;
    digest::refresh(*store);
    const QString csv = m_dir.filePath(QStringLiteral("live.csv"));
    exporter::write(*store, exporter::Format::Csv, csv);

    // The turns table: the condition on every turn of the live conversation, its sitting from 1.
    const QVector<QStringList> turns = readCsv(exporter::turnsPath(csv));
    const QStringList header = turns.first();
    QCOMPARE(header.mid(header.size() - 2),
             (QStringList {QStringLiteral("condition"), QStringLiteral("session")}));
    const int conversation = int(header.indexOf(QStringLiteral("conversation_id")));
    const int index = int(header.indexOf(QStringLiteral("turn_index")));
    const int condition = int(header.indexOf(QStringLiteral("condition")));
    const int session = int(header.indexOf(QStringLiteral("session")));
    QStringList sessions;
    int imported = 0;
    for (int i = 1; i < turns.size(); ++i) {
        QCOMPARE(turns[i].size(), header.size());
        if (turns[i][conversation] != hash) {
            QCOMPARE(turns[i][condition], QString());
            QCOMPARE(turns[i][session], QString());
            ++imported;
            continue;
        }
        QCOMPARE(turns[i][condition], QStringLiteral("empathic"));
        QCOMPARE(turns[i][index].toInt(), sessions.size());
        sessions.append(turns[i][session]);
    }
    QVERIFY(imported > 0);
    QCOMPARE(sessions,
             (QStringList {QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("2"),
                           QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("3")}));

    // The ratings table: condition and session per rating, the session of the rated turn.
    const QVector<QStringList> ratings = readCsv(csv);
    const QStringList columns = ratings.first();
    const int rc = int(columns.indexOf(QStringLiteral("condition")));
    const int rs = int(columns.indexOf(QStringLiteral("session")));
    const int rt = int(columns.indexOf(QStringLiteral("turn_index")));
    const int rv = int(columns.indexOf(QStringLiteral("value")));
    const int rconv = int(columns.indexOf(QStringLiteral("conversation_id")));
    QVERIFY(rc > 0 && rs > 0);
    QStringList seen;
    for (int i = 1; i < ratings.size(); ++i) {
        if (ratings[i][rconv] != hash) {
            QCOMPARE(ratings[i][rc], QString());
            continue;
        }
        QCOMPARE(ratings[i][rc], QStringLiteral("empathic"));
        seen.append(ratings[i][rt] + QLatin1Char(':') + ratings[i][rs] + QLatin1Char('=')
                    + ratings[i][rv]);
    }
    QCOMPARE(
        seen,
        (QStringList {QStringLiteral("1:1=4"), QStringLiteral("3:2=5"), QStringLiteral("5:3=2")}));

    // The codebook explains both columns in both tables.
    const QString book = QString::fromUtf8(test::readFile(exporter::codebookPath(csv)));
    QCOMPARE(book.count(QStringLiteral("| `condition` |")), 2);
    QCOMPARE(book.count(QStringLiteral("| `session` |")), 2);
    QVERIFY(
        book.contains(QStringLiteral("The sitting of a live conversation the turn belongs to")));

    // JSON Lines: the condition and the sittings, each from the turn it began at.
    const QString jsonl = m_dir.filePath(QStringLiteral("live.jsonl"));
    exporter::write(*store, exporter::Format::Jsonl, jsonl);
    int found = 0;
    for (const QByteArray &line : test::readFile(jsonl).split('\n')) {
        const QJsonObject c = QJsonDocument::fromJson(line).object();
        if (c.value(QStringLiteral("content_hash")).toString() != hash) {
            QVERIFY(!c.contains(QStringLiteral("condition")));
            continue;
        }
        ++found;
        QVERIFY2(c.value(QStringLiteral("condition")).toString() == QLatin1String("empathic"),
                 line.constData());
        QStringList firstTurns;
        for (const QJsonValue s : c.value(QStringLiteral("sessions")).toArray())
            firstTurns.append(
                QString::number(s.toObject().value(QStringLiteral("first_turn")).toInt()));
        QCOMPARE(firstTurns,
                 (QStringList {QStringLiteral("0"), QStringLiteral("2"), QStringLiteral("4")}));
    }
    QCOMPARE(found, 1);
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
