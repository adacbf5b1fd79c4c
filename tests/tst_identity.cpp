// A conversation and a participant shared both plain and anonymised are one conversation and one
// participant in the study that merges them, whichever form arrives first; ratings files keyed by
// either form of a conversation fit; data sets and bundles from before still do.

#include "export/writer.h"
#include "identity.h"
#include "import/importer.h"
#include "schema.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sense7;

class TestIdentity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void derivationsAreFixed();
    void plainThenAnonymised();
    void anonymisedThenPlain();
    void participantFoundByEitherName();
    void unlinkedParticipantIsReported();
    void ratingsCsvKeyedEitherWay();
    void anonymisedStudySharedAgainKeepsItsNames();
    void anonymisedBundleCarriesNoPlainIdentity();
    void oldStudyMigratesAndMerges();
    void oldBundlesMerge();
    void migrationTellsAnonymisedFromPlain();

private:
    QString bundle(const QString &participant, bool anonymised, const QDate &to = {});
    std::unique_ptr<Store> study(const QString &name, const QStringList &files);
    static import::Summary importInto(Store &store, const QString &path,
                                      const QString &format = {});
    /** A model's ratings CSV: warmth 3 on turn 1 of each conversation \a keys names. */
    QString modelCsv(const QString &name, const QStringList &keys);
    static qint64 modelRatings(Store &store);

    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_demo;
    DataSetInfo m_single; // the demo imported plain
};

void TestIdentity::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("demo.sense7"));
    test::makeDemoDataSet(path);
    m_demo = Store::open(path);
    QCOMPARE(m_demo->participants().size(), 3);
    QStringList plain;
    for (const char *p : {"P01", "P02", "P03"})
        plain << bundle(QLatin1String(p), false);
    m_single = study(QStringLiteral("single.sense7"), plain)->info();
    QCOMPARE(m_single.conversations, 13);
    QCOMPARE(m_single.ratings, 1467);
}

QString TestIdentity::bundle(const QString &participant, bool anonymised, const QDate &to)
{
    exporter::Options options;
    options.filter.participants = {participant};
    options.filter.to = to;
    options.anonymise.enabled = anonymised;
    const QString path =
        m_dir.filePath(QStringLiteral("%1-%2%3.json")
                           .arg(anonymised ? QStringLiteral("anonymised") : QStringLiteral("plain"),
                                participant, to.isValid() ? to.toString(Qt::ISODate) : QString()));
    exporter::write(*m_demo, exporter::Format::Bundle, path, options);
    return path;
}

import::Summary TestIdentity::importInto(Store &store, const QString &path,
                                         const QString &format){import::Importer importer(store);
import::Options options;
options.format = format;
return importer.importFile(path, options);
}

std::unique_ptr<Store> TestIdentity::study(const QString &name, const QStringList &files)
{
    auto store = Store::create(m_dir.filePath(name));
    for (const QString &file : files)
        importInto(*store, file);
    return store;
}

QString TestIdentity::modelCsv(const QString &name, const QStringList &keys)
{
    QByteArray csv = "conversation_id,turn_index,dimension,value,annotator,annotator_kind\n";
    for (const QString &key : keys)
        csv += key.toLatin1() + ",1,warmth,3,judge,model\n";
    const QString path = m_dir.filePath(name);
    test::writeFile(path, csv);
    return path;
}

qint64 TestIdentity::modelRatings(Store &store)
{
    return test::connection(store).pragmaInt("SELECT count(*) FROM rating r JOIN annotator a ON "
                                             "a.id = r.annotator_id WHERE a.code = 'judge'");
}

void TestIdentity::derivationsAreFixed()
{
    // Bundles written by every version must agree: these values never change.
    QCOMPARE(identity::anonymisedHash(QStringLiteral("0123456789abcdef0123456789abcdef")),
             QStringLiteral("051c977ab2d48cf7c5ade36ddb632d7e"));
    // The time as the data set holds it.
    const QDateTime created =
        QDateTime::fromString(QStringLiteral("2025-01-02T03:04:05.678Z"), Qt::ISODateWithMs);
    QCOMPARE(identity::pseudonym(QStringLiteral("P01"), created), QStringLiteral("P-39e9113fc4"));
}

void TestIdentity::plainThenAnonymised()
{
    auto store = study(QStringLiteral("plain-first.sense7"),
                       {bundle(QStringLiteral("P01"), false), bundle(QStringLiteral("P02"), false),
                        bundle(QStringLiteral("P03"), false)});
    const import::Summary summary = importInto(*store, bundle(QStringLiteral("P01"), true));
    QCOMPARE(summary.imported, 0);
    QCOMPARE(summary.alreadyPresent, 5);
    QCOMPARE(summary.conflicts, 0);
    const DataSetInfo info = store->info();
    QCOMPARE(info.conversations, m_single.conversations);
    QCOMPARE(info.participants, m_single.participants);
    QCOMPARE(info.ratings, m_single.ratings);
    QCOMPARE(info.flags, m_single.flags);
}

void TestIdentity::anonymisedThenPlain()
{
    auto store = study(QStringLiteral("anonymised-first.sense7"),
                       {bundle(QStringLiteral("P01"), true), bundle(QStringLiteral("P02"), true),
                        bundle(QStringLiteral("P03"), true)});
    QCOMPARE(store->info().conversations, 13);
    const import::Summary summary = importInto(*store, bundle(QStringLiteral("P01"), false));
    QCOMPARE(summary.imported, 0);
    QCOMPARE(summary.alreadyPresent, 5);
    QCOMPARE(summary.conflicts, 0);
    const DataSetInfo info = store->info();
    QCOMPARE(info.conversations, m_single.conversations);
    QCOMPARE(info.participants, m_single.participants);
    QCOMPARE(info.ratings, m_single.ratings);
    QCOMPARE(info.flags, m_single.flags);
    // The participants keep their pseudonyms: the anonymised study stays anonymised.
    for (const Participant &p : store->participants())
        QVERIFY2(p.code.startsWith(QStringLiteral("P-")), qPrintable(p.code));
    // Where the plain copy came from is kept beside the anonymised one.
    const qint64 first = store->findConversation(m_demo->conversation(1)->contentHash);
    QVERIFY(first != 0);
    QCOMPARE(
        store->conversation(first)->provenance.value(QStringLiteral("also_from")).toArray().size(),
        1);
}

void TestIdentity::participantFoundByEitherName()
{
    // P01's first three conversations shared in one form, all five in the other: the two more
    // are the same participant's.
    const QDate third(2025, 3, 11);
    {
        auto store = study(QStringLiteral("some-anonymised.sense7"),
                           {bundle(QStringLiteral("P01"), true, third)});
        QCOMPARE(store->info().conversations, 3);
        const import::Summary summary = importInto(*store, bundle(QStringLiteral("P01"), false));
        QCOMPARE(summary.imported, 2);
        QCOMPARE(summary.alreadyPresent, 3);
        QVERIFY2(summary.warnings.isEmpty(), qPrintable(summary.warnings.join(u'\n')));
        const auto people = store->participants();
        QCOMPARE(people.size(), 1);
        QCOMPARE(people.first().code, exporter::pseudonym(*m_demo, 1));
        QCOMPARE(store->info().conversations, 5);
    }
    {
        auto store = study(QStringLiteral("some-plain.sense7"),
                           {bundle(QStringLiteral("P01"), false, third)});
        const import::Summary summary = importInto(*store, bundle(QStringLiteral("P01"), true));
        QCOMPARE(summary.imported, 2);
        QCOMPARE(summary.alreadyPresent, 3);
        const auto people = store->participants();
        QCOMPARE(people.size(), 1);
        QCOMPARE(people.first().code, QStringLiteral("P01"));
        QCOMPARE(store->info().conversations, 5);
        QCOMPARE(store->info().ratings, 522);
    }
}

void TestIdentity::unlinkedParticipantIsReported()
{
    // A plain bundle that does not name the pseudonym (as bundles written before did not): its
    // participant cannot be told to be the anonymised one, and the import says so.
    auto store = study(QStringLiteral("unlinked.sense7"),
                       {bundle(QStringLiteral("P01"), true, QDate(2025, 3, 11))});
    QJsonObject json =
        QJsonDocument::fromJson(test::readFile(bundle(QStringLiteral("P01"), false))).object();
    QJsonArray people = json.value(QStringLiteral("participants")).toArray();
    QJsonObject person = people.first().toObject();
    QVERIFY(person.contains(QStringLiteral("pseudonym")));
    person.remove(QStringLiteral("pseudonym"));
    people.replace(0, person);
    json.insert(QStringLiteral("participants"), people);
    const QString old = m_dir.filePath(QStringLiteral("no-pseudonym.json"));
    test::writeFile(old, QJsonDocument(json).toJson());

    const import::Summary summary = importInto(*store, old);
    QCOMPARE(summary.imported, 2);
    QCOMPARE(summary.alreadyPresent, 3);
    QCOMPARE(store->info().participants, 2);
    QCOMPARE(summary.warnings.size(), 1);
    const QString pseudonym = exporter::pseudonym(*m_demo, 1);
    QVERIFY2(summary.warnings.first().contains(QStringLiteral("\"P01\""))
                 && summary.warnings.first().contains(pseudonym)
                 && summary.warnings.first().contains(QStringLiteral("no-pseudonym.json")),
             qPrintable(summary.warnings.first()));

    // Told whose they are, the same file joins them.
    auto again = study(QStringLiteral("unlinked-again.sense7"),
                       {bundle(QStringLiteral("P01"), true, QDate(2025, 3, 11))});
    import::Importer importer(*again);
    import::Options options;
    options.participant = pseudonym;
    const import::Summary joined = importer.importFile(old, options);
    QCOMPARE(joined.imported, 2);
    QVERIFY(joined.warnings.isEmpty());
    QCOMPARE(again->info().participants, 1);
}

void TestIdentity::ratingsCsvKeyedEitherWay()
{
    QStringList plainKeys, anonymisedKeys;
    for (const ConversationSummary &s : m_demo->conversationSummaries()) {
        const QString hash = m_demo->conversation(s.id)->contentHash;
        plainKeys << hash;
        anonymisedKeys << identity::anonymisedHash(hash);
    }
    QCOMPARE(plainKeys.size(), 13);

    // A model rated the original conversations; the study has them anonymised.
    auto anonymised =
        study(QStringLiteral("csv-anonymised.sense7"),
              {bundle(QStringLiteral("P01"), true), bundle(QStringLiteral("P02"), true),
               bundle(QStringLiteral("P03"), true)});
    import::Summary summary =
        importInto(*anonymised, modelCsv(QStringLiteral("by-plain.csv"), plainKeys),
                   QStringLiteral("ratings-csv"));
    QCOMPARE(summary.ratings, 13);
    QCOMPARE(modelRatings(*anonymised), 13);
    QCOMPARE(anonymised->info().conversations, 13);

    // And the other way round.
    auto plain = study(QStringLiteral("csv-plain.sense7"),
                       {bundle(QStringLiteral("P01"), false), bundle(QStringLiteral("P02"), false),
                        bundle(QStringLiteral("P03"), false)});
    summary = importInto(*plain, modelCsv(QStringLiteral("by-anonymised.csv"), anonymisedKeys),
                         QStringLiteral("ratings-csv"));
    QCOMPARE(summary.ratings, 13);
    QCOMPARE(modelRatings(*plain), 13);

    // Each key names its own conversation, in either study, by either form or a prefix of one.
    for (int i = 0; i < plainKeys.size(); ++i) {
        const qint64 inPlain = plain->findConversation(plainKeys[i]);
        QVERIFY(inPlain != 0);
        QCOMPARE(plain->findConversation(anonymisedKeys[i]), inPlain);
        QCOMPARE(plain->findConversation(anonymisedKeys[i].left(12)), inPlain);
        const qint64 inAnonymised = anonymised->findConversation(anonymisedKeys[i]);
        QVERIFY(inAnonymised != 0);
        QCOMPARE(anonymised->findConversation(plainKeys[i]), inAnonymised);
        QCOMPARE(anonymised->conversation(inAnonymised)->title,
                 m_demo->conversation(m_demo->findConversation(plainKeys[i]))->title);
    }
    QCOMPARE(plain->findConversation(QStringLiteral("0123456789abcdef0123456789abcdef")), 0);
}

void TestIdentity::anonymisedStudySharedAgainKeepsItsNames()
{
    // A study built from anonymised bundles, shared anonymised in turn: the same stand-ins and
    // pseudonyms, not stand-ins of stand-ins, so it still merges with the plain data.
    auto first = study(QStringLiteral("again-1.sense7"), {bundle(QStringLiteral("P02"), true)});
    exporter::Options options;
    options.anonymise.enabled = true;
    const QString again = m_dir.filePath(QStringLiteral("again.json"));
    exporter::write(*first, exporter::Format::Bundle, again, options);
    const QJsonObject json = QJsonDocument::fromJson(test::readFile(again)).object();
    const QJsonArray conversations = json.value(QStringLiteral("conversations")).toArray();
    QCOMPARE(conversations.size(), 4);
    for (const QJsonValue c : conversations) {
        const QString hash = c.toObject().value(QStringLiteral("content_hash")).toString();
        QCOMPARE(first->conversation(first->findConversation(hash))->contentHash, hash);
        QCOMPARE(c.toObject().value(QStringLiteral("participant")).toString(),
                 exporter::pseudonym(*m_demo, 2));
    }
    auto second = study(QStringLiteral("again-2.sense7"), {bundle(QStringLiteral("P02"), false)});
    const import::Summary summary = importInto(*second, again);
    QCOMPARE(summary.alreadyPresent, 4);
    QCOMPARE(second->info().participants, 1);
    QCOMPARE(second->info().ratings, 543);
}

void TestIdentity::anonymisedBundleCarriesNoPlainIdentity()
{
    const QByteArray anonymised = test::readFile(bundle(QStringLiteral("P03"), true));
    const QByteArray plain = test::readFile(bundle(QStringLiteral("P03"), false));
    const QJsonObject plainJson = QJsonDocument::fromJson(plain).object();
    QVERIFY(!anonymised.contains("anonymised_hash"));
    QVERIFY(!anonymised.contains("\"P03\""));
    for (const QJsonValue c : plainJson.value(QStringLiteral("conversations")).toArray()) {
        const QJsonObject o = c.toObject();
        const QString hash = o.value(QStringLiteral("content_hash")).toString();
        QVERIFY(!anonymised.contains(hash.toLatin1()));
        // The plain bundle names the stand-in its anonymised twin carries.
        const QString standIn = o.value(QStringLiteral("anonymised_hash")).toString();
        QCOMPARE(standIn, identity::anonymisedHash(hash));
        QVERIFY(anonymised.contains(standIn.toLatin1()));
    }
    const QJsonObject person =
        plainJson.value(QStringLiteral("participants")).toArray().first().toObject();
    QCOMPARE(person.value(QStringLiteral("pseudonym")).toString(), exporter::pseudonym(*m_demo, 3));
}

void TestIdentity::oldStudyMigratesAndMerges()
{
    // A study of format 5 built from an anonymised bundle, and the participant's plain bundle,
    // both made before conversations kept their anonymised hash.
    const QString path = m_dir.filePath(QStringLiteral("study-v5.sense7"));
    QVERIFY(QFile::copy(QStringLiteral(SENSE7_TEST_DATA "/identity/study-v5.sense7"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 5);
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    QCOMPARE(store->info().conversations, 4);
    // Every conversation arrived anonymised: its content hash is its stand-in; its participant
    // goes by a pseudonym.
    QCOMPARE(test::connection(*store).pragmaInt(
                 "SELECT count(*) FROM conversation WHERE anonymised_hash = content_hash"),
             4);
    const auto people = store->participants();
    QCOMPARE(people.size(), 1);
    QCOMPARE(people.first().pseudonym, people.first().code);

    const QString oldPlain = QStringLiteral(SENSE7_TEST_DATA "/identity/plain-P03.json");
    const import::Summary summary = importInto(*store, oldPlain);
    QCOMPARE(summary.imported, 0);
    QCOMPARE(summary.alreadyPresent, 4);
    QCOMPARE(store->info().conversations, 4);
    QCOMPARE(store->info().participants, 1);
    QCOMPARE(store->info().ratings, 402);

    // The plain bundle's conversation ids fit the anonymised study.
    QStringList keys;
    for (const QJsonValue c : QJsonDocument::fromJson(test::readFile(oldPlain))
                                  .object()
                                  .value(QStringLiteral("conversations"))
                                  .toArray())
        keys << c.toObject().value(QStringLiteral("content_hash")).toString();
    QCOMPARE(keys.size(), 4);
    importInto(*store, modelCsv(QStringLiteral("old-study.csv"), keys),
               QStringLiteral("ratings-csv"));
    QCOMPARE(modelRatings(*store), 4);

    // Shared anonymised again, the study keeps the stand-ins it received.
    exporter::Options options;
    options.anonymise.enabled = true;
    const QString again = m_dir.filePath(QStringLiteral("old-again.json"));
    exporter::write(*store, exporter::Format::Bundle, again, options);
    const QByteArray received =
        test::readFile(QStringLiteral(SENSE7_TEST_DATA "/identity/anonymised-P03.json"));
    for (const QJsonValue c : QJsonDocument::fromJson(test::readFile(again))
                                  .object()
                                  .value(QStringLiteral("conversations"))
                                  .toArray()) {
        QVERIFY(received.contains(
            c.toObject().value(QStringLiteral("content_hash")).toString().toLatin1()));
        QCOMPARE(c.toObject().value(QStringLiteral("participant")).toString(), people.first().code);
    }
}

void TestIdentity::oldBundlesMerge()
{
    const QString plain = QStringLiteral(SENSE7_TEST_DATA "/identity/plain-P03.json");
    const QString anonymised = QStringLiteral(SENSE7_TEST_DATA "/identity/anonymised-P03.json");
    for (const bool plainFirst : {true, false}) {
        auto store = study(plainFirst ? QStringLiteral("old-plain-first.sense7")
                                      : QStringLiteral("old-anonymised-first.sense7"),
                           {plainFirst ? plain : anonymised});
        const import::Summary summary = importInto(*store, plainFirst ? anonymised : plain);
        QCOMPARE(summary.imported, 0);
        QCOMPARE(summary.alreadyPresent, 4);
        const DataSetInfo info = store->info();
        QCOMPARE(info.conversations, 4);
        QCOMPARE(info.participants, 1);
        QCOMPARE(info.ratings, 402);
    }
    // And with the same participant's bundles written today.
    auto store = study(QStringLiteral("old-and-new.sense7"),
                       {anonymised, bundle(QStringLiteral("P03"), false)});
    QCOMPARE(store->info().conversations, 4);
    QCOMPARE(store->info().participants, 1);
}

void TestIdentity::migrationTellsAnonymisedFromPlain()
{
    // A data set with conversations from a chat export, one from a plain bundle and one from an
    // anonymised bundle (its text gone), taken back to format 5.
    const QString path = m_dir.filePath(QStringLiteral("mixed.sense7"));
    const QString fromPlain = m_demo->conversation(1)->contentHash;
    const QString fromAnonymised = identity::anonymisedHash(m_demo->conversation(6)->contentHash);
    QStringList chat;
    DataSetInfo before;
    {
        auto store = study(QStringLiteral("mixed.sense7"),
                           {QStringLiteral(SENSE7_TEST_DATA "/import/openai.jsonl"),
                            bundle(QStringLiteral("P01"), false, QDate(2025, 3, 3))});
        exporter::Options options;
        options.filter.participants = {QStringLiteral("P02")};
        options.filter.to = QDate(2025, 3, 4);
        options.anonymise.enabled = true;
        options.anonymise.ratingsOnly = true;
        const QString out = m_dir.filePath(QStringLiteral("mixed-anonymised.json"));
        exporter::write(*m_demo, exporter::Format::Bundle, out, options);
        importInto(*store, out);
        before = store->info();
        QVERIFY(before.conversations > 2);
        for (const ConversationSummary &s : store->conversationSummaries()) {
            const QString hash = store->conversation(s.id)->contentHash;
            if (hash != fromPlain && hash != fromAnonymised)
                chat << hash;
        }
        QCOMPARE(chat.size(), before.conversations - 2);
        QCOMPARE(store->conversation(store->findConversation(fromAnonymised))->anonymisedHash,
                 fromAnonymised);
        test::rollBackToFormat7(test::connection(*store));
        test::connection(*store).exec("DROP INDEX conversation_by_anonymised_hash");
        test::connection(*store).exec("ALTER TABLE conversation DROP COLUMN anonymised_hash");
        test::connection(*store).exec("ALTER TABLE participant DROP COLUMN pseudonym");
        test::connection(*store).exec("DROP TABLE protocol"); // format 7
        test::connection(*store).exec("PRAGMA user_version = 5");
    }
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    const auto anonymisedHashOf = [&](const QString &hash) {
        sql::Statement query(test::connection(*store),
                             "SELECT anonymised_hash FROM conversation WHERE content_hash = ?");
        query.bind(1, hash);
        return query.next() ? query.text(0) : QStringLiteral("missing");
    };
    for (const QString &hash : std::as_const(chat))
        QCOMPARE(anonymisedHashOf(hash), identity::anonymisedHash(hash));
    QCOMPARE(anonymisedHashOf(fromPlain), identity::anonymisedHash(fromPlain));
    QCOMPARE(anonymisedHashOf(fromAnonymised), fromAnonymised);
    // The participant of the anonymised conversation goes by a pseudonym, the other does not.
    for (const Participant &p : store->participants())
        QCOMPARE(p.pseudonym.isEmpty(), !p.code.startsWith(QStringLiteral("P-")));
    // Either form of those conversations merges into what the data set has.
    importInto(*store, bundle(QStringLiteral("P02"), false, QDate(2025, 3, 4)));
    importInto(*store, bundle(QStringLiteral("P01"), true, QDate(2025, 3, 3)));
    QCOMPARE(store->info().conversations, before.conversations);
    QCOMPARE(store->info().participants, before.participants);
    QCOMPARE(store->info().ratings, before.ratings);
}

QTEST_GUILESS_MAIN(TestIdentity)
#include "tst_identity.moc"
