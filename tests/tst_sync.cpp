// Syncing participants' data sets with a study server on a real, throwaway PostgreSQL 15
// cluster: every kind of change under each sharing rule, resending after a crash, `sense7 sync`
// killed mid-push, the server stopped mid-sync, two machines of one participant, and offline work.

#include "error.h"
#include "livesupport.h"
#include "pgcluster.h"
#include "protocol.h"
#include "server/pg.h"
#include "server/serverschema.h"
#include "store.h"
#include "store_sync.h"
#include "studysync.h"
#include "sync/pulled.h"
#include "sync/sync.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLabel>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <memory>
#include <thread>
#include <tuple>
#include <utility>

using namespace sense7;

namespace {

const QString email = QStringLiteral("ann@example.com");

struct Study
{
    QString adminUrl; // the superuser's: what the researcher sees
    QString url; // the participant's, without the password
    QString password;
};

struct Local
{
    std::unique_ptr<Store> store;
    qint64 participant = 0;
    qint64 self = 0;
    qint64 conversation = 0;
    QVector<qint64> turns; // of the first conversation
    qint64 feedback = 0; // turn-level dimension
    qint64 empathy = 0; // conversation-level dimension
    qint64 relevance = 0; // conversation-level dimension
};

/** A data set under ESConv (a turn- and conversation-level instrument) with one conversation. */
Local makeLocal(const QString &path, const QString &code = QStringLiteral("P01"))
{
    Local l;
    l.store = Store::create(path, protocol::shipped(QStringLiteral("esconv")));
    l.participant = l.store->addParticipant(code);
    l.self = l.store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    Conversation c;
    c.participantId = l.participant;
    c.sourceFormat = QStringLiteral("generic");
    c.title = QStringLiteral("Moving house");
    c.context = QJsonObject {{QStringLiteral("emotion_type"), QStringLiteral("anxiety")}};
    QVector<Turn> turns(4);
    const Role roles[] = {Role::User, Role::Assistant, Role::User, Role::Assistant};
    for (int i = 0; i < 4; ++i) {
        turns[i].role = roles[i];
        turns[i].text = QStringLiteral("Turn %1: write to me at %2 about 'x'); DROP TABLE turn;--")
                            .arg(i)
                            .arg(email);
    }
    l.conversation = l.store->addConversation(c, turns);
    for (const Turn &t : turns)
        l.turns << t.id;
    l.feedback = l.store->findDimension(QStringLiteral("esconv/feedback"))->id;
    l.empathy = l.store->findDimension(QStringLiteral("esconv/empathy"))->id;
    l.relevance = l.store->findDimension(QStringLiteral("esconv/relevance"))->id;
    return l;
}

void edit(Store &store, Edit::Kind kind, qint64 subject, qint64 dimension, qint64 annotator,
          const QJsonValue &after)
{
    store.apply({kind, subject, dimension, annotator, {}, after}, Origin::Edit);
}

/** A data set's live conversations as every copy must hold them: by keys, not ids. */
QString liveDump(Store &store)
{
    QStringList lines;
    const auto json = [](const QJsonObject &o) {
        return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    };
    for (const Participant &p : store.participants()) {
        const auto a = store.assignment(p.id);
        lines << QStringLiteral("assignment|%1|%2|%3")
                     .arg(p.code)
                     .arg(a ? a->position : -1)
                     .arg(a ? a->conditions.join(u',') : QString());
    }
    for (const ConversationSummary &s : store.conversationSummaries()) {
        const Conversation c = *store.conversation(s.id);
        lines << QStringLiteral("conversation|%1|%2").arg(c.contentHash, c.condition);
        for (const LiveSession &session : store.sessions(s.id))
            lines << QStringLiteral("session|%1|%2|%3|%4")
                         .arg(c.contentHash, session.startedAt.toString(Qt::ISODateWithMs),
                              session.endedAt.toString(Qt::ISODateWithMs))
                         .arg(session.firstTurnIndex);
        for (const Turn &t : store.turns(s.id))
            lines << QStringLiteral("turn|%1|%2|%3|%4|%5")
                         .arg(c.contentHash)
                         .arg(t.index)
                         .arg(roleKey(t.role), t.text, json(t.meta));
        for (const RatingRecord &r : store.ratingRecords(s.id))
            lines << QStringLiteral("rating|%1|%2|%3|%4")
                         .arg(c.contentHash)
                         .arg(r.turnIndex ? *r.turnIndex : -1)
                         .arg(r.dimension)
                         .arg(r.value ? *r.value : -1);
    }
    return lines.join(u'\n');
}

/** Empty when one more sync of each of \a stores pushes and pulls nothing; else what it did. */
QString unsettled(std::initializer_list<Store *> stores, const QString &password)
{
    QStringList moved;
    for (Store *store : stores) {
        const sync::Result again = sync::run(*store, password);
        if (!again.ok() || again.pushed != 0 || again.pulled != 0)
            moved << QStringLiteral("%1: pushed %2, pulled %3 %4")
                         .arg(store->path())
                         .arg(again.pushed)
                         .arg(again.pulled)
                         .arg(again.error);
    }
    return moved.join(u'\n');
}

qint64 serverCount(const QString &url, const char *sql,
                   std::initializer_list<pg::Param> params = {})
{
    pg::Connection db(url);
    return db.exec(sql, params).int64(0, 0);
}

} // namespace

class TestSync : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyKindOfChangeUnderEachSharingRule();
    void resentBatchAfterCrashIsNoOp();
    void killedSyncLeavesExactlyTheAcknowledgedChanges();
    void serverStoppedMidSync();
    void twoMachinesConverge();
    void liveConversationContinuedOnTwoMachines();
    void liveTextStaysWhenSharedWithoutIt();
    void liveConversationWentOnFromOneTurnOnTwoMachines();
    void staleCopyNeverUndoesAReply();
    void copyNotLiveFollowsTheServer();
    void turnsPushedWithoutConditionArriveLive();
    void anotherMachinesSittingIsItsToEnd();
    void replacedAssignmentIsReported();
    void offlineWorkGoesOn();
    void joinRefusesIncompatibleData();
    void cliJoinAndSync();
    void studioSyncsInBackground();

private:
    /** A new study database named after the running test, and participant \a code on it. */
    Study freshStudy(const QString &code = QStringLiteral("P01"),
                     const Protocol &protocol = protocol::shipped(QStringLiteral("esconv")));
    /** Two data sets of the live protocol that joined \a study, each as "a-" and "b-". */
    std::pair<std::unique_ptr<Store>, std::unique_ptr<Store>>
    twoLiveMachines(const Study &study, sync::Sharing sharing);
    /** A live conversation of P01's begun on machine a with one exchange, synced to b. */
    struct SharedLive
    {
        Study study;
        std::unique_ptr<Store> a;
        std::unique_ptr<Store> b;
        QString condition;
        QString uid;
        qint64 onA = 0;
        qint64 onB = 0;
    };
    SharedLive shareLiveConversation();
    /** Every change on the server as "stream:id" of its source, with repetitions. */
    QStringList serverSources(const Study &study);
    /** Every journal entry and conversation of \a store as "stream:id". */
    static QStringList localSources(Store &store);

    std::unique_ptr<test::PgCluster> m_cluster;
    QTemporaryDir m_dir;
};

void TestSync::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<test::PgCluster>();
}

void TestSync::cleanupTestCase()
{
    m_cluster.reset();
}

Study TestSync::freshStudy(const QString &code, const Protocol &protocol)
{
    Study s;
    s.adminUrl =
        m_cluster->createDatabase(QString::fromLatin1(QTest::currentTestFunction()).toLower());
    server::init(s.adminUrl, protocol);
    const server::Credentials c = server::addParticipant(s.adminUrl, code);
    s.url = c.url;
    s.password = c.password;
    return s;
}

QStringList TestSync::serverSources(const Study &study)
{
    pg::Connection db(study.adminUrl);
    const pg::Result rows = db.exec("SELECT (payload->'source'->>'stream') || ':' || "
                                    "(payload->'source'->>'id') FROM sense7.change ORDER BY 1");
    QStringList result;
    for (int i = 0; i < rows.rows(); ++i)
        result << rows.text(i, 0);
    return result;
}

QStringList TestSync::localSources(Store &store)
{
    QStringList result;
    for (const auto stream : {syncstore::Stream::Conversation, syncstore::Stream::RatingEvent,
                              syncstore::Stream::EditEvent}) {
        const QString key = syncstore::streamKey(stream);
        sql::Statement ids(test::connection(store),
                           QByteArray("SELECT id FROM " + key.toLatin1()).constData());
        while (ids.next())
            result << key + QLatin1Char(':') + QString::number(ids.int64(0));
    }
    result.sort();
    return result;
}

std::pair<std::unique_ptr<Store>, std::unique_ptr<Store>>
TestSync::twoLiveMachines(const Study &study, sync::Sharing sharing)
{
    auto a =
        Store::create(test::testFunctionPath(m_dir, QStringLiteral("a-")), test::liveProtocol());
    auto b =
        Store::create(test::testFunctionPath(m_dir, QStringLiteral("b-")), test::liveProtocol());
    const sync::Study s = sync::inspect(study.url, study.password);
    sync::join(*a, s, sharing);
    sync::join(*b, s, sharing);
    return {std::move(a), std::move(b)};
}

TestSync::SharedLive TestSync::shareLiveConversation()
{
    SharedLive shared;
    shared.study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    std::tie(shared.a, shared.b) = twoLiveMachines(shared.study, sync::Sharing::Full);
    Store &a = *shared.a;
    Store &b = *shared.b;
    const auto assigned = a.assignment(a.participantId(QStringLiteral("P01")));
    if (!assigned)
        throw Error(QStringLiteral("P01 has no assignment"));
    shared.condition = assigned->conditions.constFirst();
    shared.onA = test::addLiveConversation(a, QStringLiteral("P01"), shared.condition,
                                           {{QStringLiteral("Hello"), QStringLiteral("Hi."), 4}});
    if (!sync::run(a, shared.study.password).ok())
        throw Error(QStringLiteral("A's first sync failed"));
    shared.uid = a.conversation(shared.onA)->contentHash;
    if (!sync::run(b, shared.study.password).ok())
        throw Error(QStringLiteral("B's first sync failed"));
    shared.onB = b.conversationWithHash(shared.uid);
    if (b.turns(shared.onB).size() != 2)
        throw Error(QStringLiteral("B did not take the conversation"));
    return shared;
}

void TestSync::everyKindOfChangeUnderEachSharingRule()
{
    for (const sync::Sharing sharing :
         {sync::Sharing::Full, sync::Sharing::Redacted, sync::Sharing::Ratings}) {
        const QString key = sync::sharingKey(sharing);
        const Study study = freshStudy(QStringLiteral("P'01; DROP TABLE x;--"));
        Local l = makeLocal(m_dir.filePath(QStringLiteral("every-%1.sense7").arg(key)));
        const auto link = sync::join(*l.store, sync::inspect(study.url, study.password), sharing);
        QCOMPARE(link.participant, QStringLiteral("P'01; DROP TABLE x;--"));
        QCOMPARE(link.sharing, key);
        Store &s = *l.store;
        // A rating, a "not applicable", a rating set then cleared, conversation ratings (one
        // cleared), a flag, a note, the context form and the profile.
        edit(s, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, 4);
        edit(s, Edit::Kind::Rating, l.turns[3], l.feedback, l.self, QJsonValue::Null);
        edit(s, Edit::Kind::Rating, l.turns[3], l.feedback, l.self, QJsonValue::Undefined);
        edit(s, Edit::Kind::Rating, l.turns[3], l.feedback, l.self, QJsonValue::Null);
        edit(s, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, 5);
        edit(s, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, QJsonValue::Undefined);
        edit(s, Edit::Kind::ConversationRating, l.conversation, l.empathy, l.self, 3);
        edit(s, Edit::Kind::ConversationRating, l.conversation, l.relevance, l.self, 2);
        edit(s, Edit::Kind::ConversationRating, l.conversation, l.relevance, l.self,
             QJsonValue::Undefined);
        edit(s, Edit::Kind::Flag, l.turns[3], 0, l.self,
             QJsonObject {{QStringLiteral("reason"), QStringLiteral("forgot_context")},
                          {QStringLiteral("refers_to"), double(l.turns[1])},
                          {QStringLiteral("note"), QString(QStringLiteral("mail ") + email)}});
        edit(s, Edit::Kind::Note, l.turns[1], 0, l.self, QString(QStringLiteral("Note: ") + email));
        edit(s, Edit::Kind::Context, l.conversation, 0, l.self,
             QJsonObject {{QStringLiteral("emotion_type"), QStringLiteral("sadness")}});
        edit(s, Edit::Kind::Profile, l.participant, 0, l.self,
             QJsonObject {{QStringLiteral("age"), QStringLiteral("25-34")}});
        // A live conversation's condition and sittings (data set format 8) go with it.
        test::connection(s).exec("UPDATE conversation SET condition = 'warm'");
        test::connection(s).exec(
            "INSERT INTO session(conversation_id, started_at, ended_at, first_turn_idx) "
            "VALUES (1, '2026-01-02T10:00:00.000Z', '2026-01-02T10:30:00.000Z', 0)");
        QCOMPARE(sync::waitingChanges(s), 1 + 6 + 7);

        const sync::Result result = sync::run(s, study.password);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.pushed, 1 + 6 + 7);
        QCOMPARE(result.waiting, 0);
        QCOMPARE(sync::waitingChanges(s), 0);
        QVERIFY(!syncstore::link(s)->lastSyncAt.isEmpty());

        pg::Connection db(study.adminUrl);
        const QString code = link.participant;
        const QString uid = s.conversation(l.conversation)->contentHash;
        const pg::Result ratings = db.exec(
            "SELECT turn_idx, present, value, machine FROM sense7.rating WHERE participant_code = "
            "$1 AND conversation_uid = $2 ORDER BY turn_idx",
            {code, uid});
        QCOMPARE(ratings.rows(), 2);
        QCOMPARE(ratings.integer(0, 0), 1); // set, changed, then cleared
        QVERIFY(!ratings.boolean(0, 1));
        QVERIFY(ratings.isNull(0, 2));
        QCOMPARE(ratings.text(0, 3), link.machine);
        QCOMPARE(ratings.integer(1, 0), 3); // not applicable
        QVERIFY(ratings.boolean(1, 1));
        QVERIFY(ratings.isNull(1, 2));
        const pg::Result conversationRatings =
            db.exec("SELECT dimension, present, value FROM sense7.conversation_rating "
                    "WHERE conversation_uid = $1 ORDER BY dimension",
                    {uid});
        QCOMPARE(conversationRatings.rows(), 2);
        QCOMPARE(conversationRatings.text(0, 0), QStringLiteral("empathy"));
        QCOMPARE(conversationRatings.integer(0, 2), 3);
        QCOMPARE(conversationRatings.text(1, 0), QStringLiteral("relevance"));
        QVERIFY(!conversationRatings.boolean(1, 1));
        const pg::Result flag = db.exec("SELECT turn_idx, present, reason, refers_to_idx, note "
                                        "FROM sense7.flag WHERE conversation_uid = $1",
                                        {uid});
        QCOMPARE(flag.rows(), 1);
        QCOMPARE(flag.integer(0, 0), 3);
        QVERIFY(flag.boolean(0, 1));
        QCOMPARE(flag.text(0, 2), QStringLiteral("forgot_context"));
        QCOMPARE(flag.integer(0, 3), 1);
        const QString note =
            db.exec("SELECT text FROM sense7.note WHERE conversation_uid = $1 AND turn_idx = 1",
                    {uid})
                .text(0, 0);
        QCOMPARE(db.exec("SELECT context->>'emotion_type' FROM sense7.conversation WHERE uid = $1",
                         {uid})
                     .text(0, 0),
                 QStringLiteral("sadness"));
        QCOMPARE(db.exec("SELECT profile->>'age' FROM sense7.participant WHERE code = $1", {code})
                     .text(0, 0),
                 QStringLiteral("25-34"));
        const pg::Result turns = db.exec(
            "SELECT idx, role, text FROM sense7.turn WHERE conversation_uid = $1 ORDER BY idx",
            {uid});
        QCOMPARE(turns.rows(), 4);
        QCOMPARE(turns.text(1, 1), QStringLiteral("assistant"));
        QCOMPARE(
            db.exec("SELECT sharing FROM sense7.conversation WHERE uid = $1", {uid}).text(0, 0),
            key);
        const QString text = turns.text(0, 2);
        switch (sharing) {
        case sync::Sharing::Full:
            QCOMPARE(text, s.turns(l.conversation).at(0).text); // verbatim, quotes and all
            QCOMPARE(note, QStringLiteral("Note: ") + email);
            QCOMPARE(flag.text(0, 4), QStringLiteral("mail ") + email);
            break;
        case sync::Sharing::Redacted:
            QCOMPARE(text,
                     QStringLiteral("Turn 0: write to me at [email] about 'x'); DROP "
                                    "TABLE turn;--"));
            QCOMPARE(note, QStringLiteral("Note: [email]"));
            QCOMPARE(flag.text(0, 4), QStringLiteral("mail [email]"));
            break;
        case sync::Sharing::Ratings:
            QCOMPARE(text, QString());
            QCOMPARE(note, QStringLiteral("Note: [email]"));
            break;
        }
        // Nothing anywhere on the server holds the address unless sharing is full.
        const qint64 leaks =
            db.exec("SELECT count(*) FROM sense7.change WHERE payload::text LIKE $1",
                    {QString(QStringLiteral("%") + email + QStringLiteral("%"))})
                .int64(0, 0);
        QVERIFY2(sharing == sync::Sharing::Full ? leaks > 0 : leaks == 0, qPrintable(key));
        // A second round has nothing to do.
        const sync::Result again = sync::run(s, study.password);
        QVERIFY(again.ok());
        QCOMPARE(again.pushed, 0);
        QCOMPARE(again.pulled, 0);
        QCOMPARE(serverSources(study), localSources(s));
    }
}

void TestSync::resentBatchAfterCrashIsNoOp()
{
    const Study study = freshStudy();
    const QString path = test::testFunctionPath(m_dir);
    const QString before = path + QStringLiteral(".before");
    {
        Local l = makeLocal(path);
        sync::join(*l.store, sync::inspect(study.url, study.password), sync::Sharing::Full);
        for (int i = 0; i < 50; ++i)
            edit(*l.store, Edit::Kind::Rating, l.turns[1 + 2 * (i % 2)], l.feedback, l.self,
                 1 + i % 5);
        l.store->checkpoint();
    }
    QVERIFY(QFile::copy(path, before));
    {
        auto store = Store::open(path);
        const sync::Result result = sync::run(*store, study.password, {7, {}, {}});
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.pushed, 51);
    }
    const QStringList pushed = serverSources(study);
    QCOMPARE(pushed.size(), 51);
    // The crash: the server committed, the local marks never moved. The same changes go again,
    // under the same seqs, and the server takes none of them twice.
    auto store = Store::open(before);
    QCOMPARE(sync::waitingChanges(*store), 51);
    const sync::Result again = sync::run(*store, study.password, {7, {}, {}});
    QVERIFY2(again.ok(), qPrintable(again.error));
    QCOMPARE(again.pushed, 0);
    QCOMPARE(sync::waitingChanges(*store), 0);
    QCOMPARE(serverSources(study), pushed);
    QCOMPARE(serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change"), 51);
    QCOMPARE(serverCount(study.adminUrl, "SELECT max(seq) FROM sense7.change"), 51);
}

void TestSync::killedSyncLeavesExactlyTheAcknowledgedChanges()
{
    const Study study = freshStudy();
    const QString path = test::testFunctionPath(m_dir);
    {
        Local l = makeLocal(path);
        sync::join(*l.store, sync::inspect(study.url, study.password), sync::Sharing::Full);
    }
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("SENSE7_SERVER_PASSWORD"), study.password);
    pg::Connection serverDb(study.adminUrl);
    int interrupted = 0;
    for (int round = 0; round < 20; ++round) {
        {
            // New work for this round: 120 rating changes in one go.
            Local l;
            l.store = Store::open(path);
            const qint64 self = l.store->selfAnnotatorId();
            const qint64 conversation = l.store->findConversation(QStringLiteral("1"));
            const qint64 feedback = l.store->findDimension(QStringLiteral("esconv/feedback"))->id;
            l.store->transaction([&] {
                for (int i = 0; i < 120; ++i)
                    l.store->setRating(l.store->turnId(conversation, 1 + 2 * (i % 2)), feedback,
                                       self, 1 + (i + round) % 5, Origin::Edit);
            });
        }
        // The kill comes once the server holds a random number of this round's changes, so it
        // lands mid-push however fast the machine is: between batches, or between the server's
        // commit and the data set's marks.
        const qint64 before = serverDb.exec("SELECT count(*) FROM sense7.change").int64(0, 0);
        const qint64 target = before + 1 + QRandomGenerator::global()->bounded(60);
        QProcess sync;
        sync.setProcessEnvironment(environment);
        sync.start(QStringLiteral(SENSE7_CLI),
                   {QStringLiteral("sync"), path, QStringLiteral("--batch"), QStringLiteral("5")});
        QVERIFY(sync.waitForStarted());
        QElapsedTimer waited;
        waited.start();
        while (!sync.waitForFinished(1) && waited.elapsed() < 60000) {
            if (serverDb.exec("SELECT count(*) FROM sense7.change").int64(0, 0) >= target) {
                ::kill(pid_t(sync.processId()), SIGKILL);
                break;
            }
        }
        QVERIFY(sync.waitForFinished());
        auto store = Store::open(path);
        if (sync.exitStatus() == QProcess::CrashExit && sync::waitingChanges(*store) > 0)
            ++interrupted;
        // Every change the data set counts as acknowledged is on the server, once; the server
        // holds nothing that is not in the data set.
        const QStringList server = serverSources(study);
        QCOMPARE(QSet<QString>(server.begin(), server.end()).size(), server.size());
        const QStringList local = localSources(*store);
        const QSet<QString> localSet(local.begin(), local.end());
        for (const QString &source : server)
            QVERIFY2(localSet.contains(source), qPrintable(source));
        const auto marks = syncstore::marks(*store);
        for (const QString &source : local) {
            const QString stream = source.section(QLatin1Char(':'), 0, 0);
            const qint64 id = source.section(QLatin1Char(':'), 1).toLongLong();
            if (id <= marks.value(QStringLiteral("push:") + stream))
                QVERIFY2(server.contains(source), qPrintable(source));
        }
    }
    QVERIFY2(interrupted >= 10,
             qPrintable(QStringLiteral("only %1 kills hit a push").arg(interrupted)));
    auto store = Store::open(path);
    const sync::Result final = sync::run(*store, study.password);
    QVERIFY2(final.ok(), qPrintable(final.error));
    QCOMPARE(final.waiting, 0);
    QCOMPARE(serverSources(study), localSources(*store));
    // Seqs of the machine run from 1 without a gap: nothing was skipped or doubled.
    QCOMPARE(serverCount(study.adminUrl, "SELECT max(seq) - count(*) FROM sense7.change"), 0);
}

void TestSync::serverStoppedMidSync()
{
    const Study study = freshStudy();
    Local l = makeLocal(test::testFunctionPath(m_dir));
    sync::join(*l.store, sync::inspect(study.url, study.password), sync::Sharing::Full);
    l.store->transaction([&] {
        for (int i = 0; i < 2000; ++i)
            edit(*l.store, Edit::Kind::Rating, l.turns[1 + 2 * (i % 2)], l.feedback, l.self,
                 1 + i % 5);
    });
    const qint64 total = 2001;
    // The server goes down at once (no shutdown) while batches keep going: mid-batch.
    sync::Options options;
    options.batchSize = 20;
    qint64 acknowledged = 0;
    std::thread stopper;
    options.afterBatch = [&](qint64 pushed) {
        acknowledged = pushed;
        if (pushed >= 100 && !stopper.joinable())
            stopper = std::thread([this] { m_cluster->stop(QStringLiteral("immediate")); });
        // However fast the batches go, the server is down before the round can end: the
        // stop lands during one of the next five batches, or this waits for it.
        else if (pushed >= 200 && stopper.joinable())
            stopper.join();
    };
    const sync::Result stopped = sync::run(*l.store, study.password, options);
    if (stopper.joinable())
        stopper.join();
    QVERIFY(!stopped.ok());
    QVERIFY2(stopped.offline, qPrintable(stopped.error));
    QCOMPARE(stopped.pushed, acknowledged);
    QCOMPARE(stopped.waiting, total - acknowledged);
    QCOMPARE(sync::waitingChanges(*l.store), total - acknowledged);
    m_cluster->start();
    // The server holds every acknowledged change, and at most the batch whose COMMIT it took
    // as the connection went; the next round sends that one again and it is taken once.
    const qint64 held = serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change");
    QVERIFY2(held >= acknowledged && held <= acknowledged + options.batchSize,
             qPrintable(QStringLiteral("%1 held, %2 acknowledged").arg(held).arg(acknowledged)));
    options.afterBatch = {};
    const sync::Result resumed = sync::run(*l.store, study.password, options);
    QVERIFY2(resumed.ok(), qPrintable(resumed.error));
    QCOMPARE(resumed.pushed, total - held);
    QCOMPARE(serverSources(study), localSources(*l.store));
    QCOMPARE(serverCount(study.adminUrl, "SELECT max(seq) - count(*) FROM sense7.change"), 0);
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT value FROM sense7.rating WHERE turn_idx = 3 AND present"),
             qint64(l.store->rating(l.turns[3], l.feedback, l.self).value()));
}

void TestSync::twoMachinesConverge()
{
    const Study study = freshStudy();
    const QString pathA = test::testFunctionPath(m_dir, QStringLiteral("a-"));
    const QString pathB = test::testFunctionPath(m_dir, QStringLiteral("b-"));
    {
        Local l = makeLocal(pathA);
        l.store->checkpoint();
    }
    QVERIFY(QFile::copy(pathA, pathB));
    auto a = Store::open(pathA);
    auto b = Store::open(pathB);
    const sync::Study s = sync::inspect(study.url, study.password);
    const auto linkA = sync::join(*a, s, sync::Sharing::Full);
    const auto linkB = sync::join(*b, s, sync::Sharing::Full);
    QVERIFY(linkA.machine != linkB.machine);
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());

    const qint64 self = a->selfAnnotatorId();
    const qint64 conversation = 1;
    const qint64 feedback = a->findDimension(QStringLiteral("esconv/feedback"))->id;
    const qint64 empathy = a->findDimension(QStringLiteral("esconv/empathy"))->id;
    const auto turn = [](Store &store, int idx) {
        return store.turnId(1, idx);
    };
    // A: rates turn 1, flags turn 3, adds a conversation of its own; B: a note and the context,
    // and both rate turn 3 — B later: a conflict.
    edit(*a, Edit::Kind::Rating, turn(*a, 1), feedback, self, 2);
    edit(*a, Edit::Kind::Flag, turn(*a, 3), 0, self,
         QJsonObject {{QStringLiteral("reason"), QStringLiteral("lost_thread")}});
    edit(*a, Edit::Kind::Rating, turn(*a, 3), feedback, self, 1);
    {
        Conversation c;
        c.participantId = a->participants().first().id;
        c.sourceFormat = QStringLiteral("generic");
        c.title = QStringLiteral("A only");
        QVector<Turn> turns(2);
        turns[0].text = QStringLiteral("Hello");
        turns[1].role = Role::Assistant;
        turns[1].text = QStringLiteral("Hi");
        const qint64 id = a->addConversation(c, turns);
        edit(*a, Edit::Kind::Rating, turns[1].id, feedback, self, 3);
        // As an import writes it: not journaled, so it travels with the conversation.
        a->setConversationRating(id, empathy, self, 5);
    }
    QThread::msleep(5);
    edit(*b, Edit::Kind::Note, turn(*b, 1), 0, self, QStringLiteral("from B"));
    edit(*b, Edit::Kind::Context, conversation, 0, self,
         QJsonObject {{QStringLiteral("emotion_type"), QStringLiteral("anger")}});
    edit(*b, Edit::Kind::ConversationRating, conversation, empathy, self, 4);
    edit(*b, Edit::Kind::Rating, turn(*b, 3), feedback, self, 5);

    const sync::Result ra = sync::run(*a, study.password);
    QVERIFY2(ra.ok(), qPrintable(ra.error));
    QVERIFY(ra.conflicts.isEmpty());
    // B edits again while its round is between push and pull: that edit waits for the next
    // round, and what the pull writes into B's journal is never pushed back.
    sync::Options meanwhile;
    meanwhile.beforePull = [&] {
        edit(*b, Edit::Kind::Note, turn(*b, 3), 0, self, QStringLiteral("meanwhile"));
    };
    const sync::Result rb = sync::run(*b, study.password, meanwhile);
    QVERIFY2(rb.ok(), qPrintable(rb.error));
    QCOMPARE(rb.conflicts.size(), 1);
    QCOMPARE(rb.conflicts.first().kind, QStringLiteral("rating"));
    QCOMPARE(rb.conflicts.first().turn, 3);
    QCOMPARE(rb.conflicts.first().keptMachine, linkB.machine);
    QVERIFY(rb.conflicts.first().describe().contains(linkB.machine));
    QVERIFY(rb.pulled >= 4);
    QCOMPARE(sync::waitingChanges(*b), 1);
    const qint64 fromB = serverCount(
        study.adminUrl, "SELECT count(*) FROM sense7.change WHERE machine = $1", {linkB.machine});
    const sync::Result rb2 = sync::run(*b, study.password);
    QVERIFY2(rb2.ok(), qPrintable(rb2.error));
    QCOMPARE(rb2.pushed, 1);
    QCOMPARE(serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change WHERE machine = $1",
                         {linkB.machine}),
             fromB + 1);
    const sync::Result ra2 = sync::run(*a, study.password);
    QVERIFY2(ra2.ok(), qPrintable(ra2.error));
    QVERIFY(ra2.pulled >= 4);
    QVERIFY(sync::run(*b, study.password).ok());

    // Both hold the same: the later edit of turn 3 (B's 5), everything else from both.
    for (Store *store : {a.get(), b.get()}) {
        QCOMPARE(store->rating(turn(*store, 3), feedback, self), Rating(5));
        QCOMPARE(store->rating(turn(*store, 1), feedback, self), Rating(2));
        QCOMPARE(store->noteOfTurn(turn(*store, 1), self), QStringLiteral("from B"));
        QCOMPARE(store->noteOfTurn(turn(*store, 3), self), QStringLiteral("meanwhile"));
        QVERIFY(store->flagOfTurn(turn(*store, 3), self).has_value());
        QCOMPARE(store->conversation(conversation)->context.value(QStringLiteral("emotion_type")),
                 QJsonValue(QStringLiteral("anger")));
        QCOMPARE(store->conversationRatings(conversation, self).value(empathy), Rating(4));
        QCOMPARE(store->info().conversations, 2);
    }
    QCOMPARE(a->conversationSummaries().size(), b->conversationSummaries().size());
    for (qint64 id : {qint64(1), a->conversationSummaries().last().id}) {
        const qint64 other = b->conversationWithHash(a->conversation(id)->contentHash);
        QVERIFY(other);
        QCOMPARE(b->ratingRecords(other).size(), a->ratingRecords(id).size());
        QCOMPARE(b->conversationRatings(other, self), a->conversationRatings(id, self));
    }
    // B's edit of turn 3 was journaled, and so was A's that lost.
    QCOMPARE(test::queryInt(pathB, "SELECT count(*) FROM rating_event WHERE new_value = 1"), 1);
    // The server agrees; pulled changes were not pushed back.
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT value FROM sense7.rating WHERE turn_idx = 3 AND present"),
             5);
    QCOMPARE(sync::waitingChanges(*a), 0);
    QCOMPARE(sync::waitingChanges(*b), 0);
    const qint64 changes = serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change");
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());
    QCOMPARE(serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change"), changes);
}

void TestSync::liveConversationContinuedOnTwoMachines()
{
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    // A server that made no assignment when the participant was added (as one set up before
    // assignments were made there): the first machine's own goes up, and every machine takes it.
    // (tst_pull covers the assignment made when the participant is added.)
    {
        pg::Connection db(study.adminUrl);
        QCOMPARE(db.exec("UPDATE sense7.participant SET assignment = NULL").affected(), 1);
    }
    const QString pathA = test::testFunctionPath(m_dir, QStringLiteral("a-"));
    const QString pathB = test::testFunctionPath(m_dir, QStringLiteral("b-"));
    auto a = Store::create(pathA, test::liveProtocol());
    auto b = Store::create(pathB, test::liveProtocol());
    const sync::Study s = sync::inspect(study.url, study.password);
    sync::join(*a, s, sync::Sharing::Full);
    sync::join(*b, s, sync::Sharing::Redacted); // the same text: it holds nothing to redact
    const qint64 warmth = a->findDimension(QStringLiteral("warmth"))->id;

    QVERIFY(!b->assignment(b->participantId(QStringLiteral("P01"))));
    // Day 1 on A: a conversation of two exchanges, a third reply still streaming.
    const Assignment assigned = a->assignConditions(a->addParticipant(QStringLiteral("P01")));
    const QString condition = assigned.conditions.constFirst();
    const qint64 id =
        test::addLiveConversation(*a, QStringLiteral("P01"), condition,
                                  {{QStringLiteral("Hello"), QStringLiteral("Hi there."), 4},
                                   {QStringLiteral("I moved"), QStringLiteral("How is it?"), 3}});
    a->appendTurn(id, QStringLiteral("user"), QStringLiteral("Tired"), {});
    a->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("That so"),
                  {{QStringLiteral("streaming"), true}});
    const sync::Result first = sync::run(*a, study.password);
    QVERIFY2(first.ok(), qPrintable(first.error));
    QCOMPARE(first.pushed, 1 + 1 + 2); // the assignment, the conversation, two ratings
    const QString uid = a->conversation(id)->contentHash;
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             6);

    // B looks in while the reply streams.
    const sync::Result early = sync::run(*b, study.password);
    QVERIFY2(early.ok(), qPrintable(early.error));
    QVERIFY(b->turns(b->conversationWithHash(uid))
                .last()
                .meta.value(QStringLiteral("streaming"))
                .toBool());

    // A crashed: its reply was interrupted, which the conversation shows when opened again.
    QCOMPARE(a->markInterruptedReplies(id), 1);
    QCOMPARE(sync::waitingChanges(*a), 1);
    const sync::Result interrupted = sync::run(*a, study.password);
    QVERIFY2(interrupted.ok(), qPrintable(interrupted.error));
    QCOMPARE(interrupted.pushed, 1);
    QCOMPARE(sync::run(*a, study.password).pushed, 0); // pushed once, not again

    // Day 2 on B: the study's conversation arrives with its condition, sittings, turns and
    // ratings, and A's assignment; B resumes it in a new sitting.
    const sync::Result joined = sync::run(*b, study.password);
    QVERIFY2(joined.ok(), qPrintable(joined.error));
    QCOMPARE(sync::waitingChanges(*b), 0);
    QCOMPARE(liveDump(*b), liveDump(*a));
    const qint64 idB = b->conversationWithHash(uid);
    QVERIFY(idB != 0);
    QCOMPARE(b->conversation(idB)->condition, condition);
    QCOMPARE(b->turns(idB).last().meta.value(QStringLiteral("finish_reason")).toString(),
             QStringLiteral("crash"));
    const qint64 session = b->beginSession(idB);
    b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("Back again"),
                  {{QStringLiteral("session"), session}});
    const qint64 reply =
        b->appendTurn(idB, QStringLiteral("assistant"), QStringLiteral("Welcome back, cut sh"),
                      {{QStringLiteral("session"), session},
                       {QStringLiteral("finish_reason"), QStringLiteral("length")},
                       {QStringLiteral("interrupted"), true}});
    b->setRating(reply, warmth, b->selfAnnotatorId(), 2);
    b->endSession(session);
    // The continuation and its rating: one change each.
    QCOMPARE(sync::waitingChanges(*b), 2);
    const sync::Result fromB = sync::run(*b, study.password);
    QVERIFY2(fromB.ok(), qPrintable(fromB.error));
    QCOMPARE(fromB.pushed, 2);

    // Back on A: the conversation as B left it.
    const sync::Result back = sync::run(*a, study.password);
    QVERIFY2(back.ok(), qPrintable(back.error));
    QVERIFY(back.pulled >= 2);
    QCOMPARE(sync::waitingChanges(*a), 0);
    QCOMPARE(a->turns(id).size(), 8);
    QCOMPARE(a->sessions(id).size(), 2);
    QVERIFY(a->sessions(id).last().endedAt.isValid());
    QCOMPARE(liveDump(*a), liveDump(*b));
    // Settled: nothing goes either way any more, and the server holds every turn once.
    const QString stillMoving = unsettled({a.get(), b.get()}, study.password);
    QVERIFY2(stillMoving.isEmpty(), qPrintable(stillMoving));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             8);
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.session WHERE conversation_uid = $1", {uid}),
             2);
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.participant WHERE assignment->>'position' = "
                         "'0' AND assignment->'conditions'->>0 = $1",
                         {condition}),
             1);

    // A crash after the server committed a continuation, before A recorded it: the round
    // again sends the same changes under the same numbers, and the server keeps them once.
    const qint64 more = a->appendTurn(id, QStringLiteral("user"), QStringLiteral("Bye"), {});
    a->setRating(more, warmth, a->selfAnnotatorId(), 5);
    a->checkpoint();
    a.reset();
    const QString beforeCrash = pathA + QStringLiteral(".before");
    QVERIFY(QFile::copy(pathA, beforeCrash));
    {
        auto store = Store::open(pathA);
        QCOMPARE(sync::run(*store, study.password).pushed, 2);
    }
    const qint64 changes = serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change");
    QVERIFY(QFile::remove(pathA));
    QVERIFY(QFile::copy(beforeCrash, pathA));
    a = Store::open(pathA);
    const sync::Result resent = sync::run(*a, study.password);
    QVERIFY2(resent.ok(), qPrintable(resent.error));
    QCOMPARE(resent.pushed, 0);
    QCOMPARE(sync::waitingChanges(*a), 0);
    QCOMPARE(serverCount(study.adminUrl, "SELECT count(*) FROM sense7.change"), changes);
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             9);
    QVERIFY(sync::run(*b, study.password).ok());
    QCOMPARE(liveDump(*b), liveDump(*a));
}

void TestSync::liveTextStaysWhenSharedWithoutIt()
{
    // Two machines of a participant who shares ratings only: the server holds no text, so a
    // turn another machine changed (here: marked interrupted) must keep this machine's text.
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    auto machines = twoLiveMachines(study, sync::Sharing::Ratings);
    Store *a = machines.first.get();
    Store *b = machines.second.get();
    const auto assigned = a->assignment(a->participantId(QStringLiteral("P01")));
    QVERIFY(assigned); // made on the server when the participant was added
    const qint64 id = test::addLiveConversation(
        *a, QStringLiteral("P01"), assigned->conditions.constFirst(),
        {{QStringLiteral("My deadline moved"), QStringLiteral("That sounds hard."), 4}});
    a->appendTurn(id, QStringLiteral("user"), QStringLiteral("Yes, by two weeks"), {});
    a->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Then let us pla"),
                  {{QStringLiteral("streaming"), true}});
    QVERIFY(sync::run(*a, study.password).ok());
    const QString uid = a->conversation(id)->contentHash;
    QVERIFY(sync::run(*b, study.password).ok());
    const qint64 idB = b->conversationWithHash(uid);
    QVERIFY(idB != 0);
    QCOMPARE(b->turns(idB).size(), 4);
    QCOMPARE(b->turns(idB).last().text, QString()); // ratings only: no text reaches B
    QCOMPARE(b->markInterruptedReplies(idB), 1);
    QVERIFY(sync::run(*b, study.password).ok());

    const sync::Result back = sync::run(*a, study.password);
    QVERIFY2(back.ok(), qPrintable(back.error));
    const QVector<Turn> turns = a->turns(id);
    QCOMPARE(turns.size(), 4);
    QCOMPARE(turns.at(0).text, QStringLiteral("My deadline moved"));
    QCOMPARE(turns.at(2).text, QStringLiteral("Yes, by two weeks"));
    QCOMPARE(turns.last().text, QStringLiteral("Then let us pla"));
    QCOMPARE(turns.last().meta.value(QStringLiteral("finish_reason")).toString(),
             QStringLiteral("crash"));
    QVERIFY(!turns.last().meta.value(QStringLiteral("streaming")).toBool());
}

void TestSync::liveConversationWentOnFromOneTurnOnTwoMachines()
{
    // The participant goes on with one conversation on two machines before either syncs: both
    // continuations are the participant's, so both are kept, each with its ratings and sitting.
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    auto machines = twoLiveMachines(study, sync::Sharing::Full);
    Store *a = machines.first.get();
    Store *b = machines.second.get();
    const qint64 warmth = a->findDimension(QStringLiteral("warmth"))->id;
    const auto assigned = a->assignment(a->participantId(QStringLiteral("P01")));
    QVERIFY(assigned);
    const qint64 id =
        test::addLiveConversation(*a, QStringLiteral("P01"), assigned->conditions.constFirst(),
                                  {{QStringLiteral("Hello"), QStringLiteral("Hi there."), 4},
                                   {QStringLiteral("I moved"), QStringLiteral("How is it?"), 3}});
    QVERIFY(sync::run(*a, study.password).ok());
    const QString uid = a->conversation(id)->contentHash;
    QVERIFY(sync::run(*b, study.password).ok());
    const qint64 idB = b->conversationWithHash(uid);
    QCOMPARE(b->turns(idB).size(), 4);

    // Both go on from turn 3: A with one exchange, B in a new sitting with one and a half.
    const auto exchange = [&](Store &store, qint64 conversation, const QString &message,
                              const QString &reply, int rating, qint64 session) {
        QJsonObject meta {{QStringLiteral("live"), true}};
        if (session)
            meta.insert(QStringLiteral("session"), session);
        store.appendTurn(conversation, QStringLiteral("user"), message, meta);
        const qint64 turn =
            store.appendTurn(conversation, QStringLiteral("assistant"), reply, meta);
        store.setRating(turn, warmth, store.selfAnnotatorId(), rating);
    };
    // A opens the conversation and syncs before it says anything: B holds A's new sitting,
    // which is A's to place, before any of its turns.
    const qint64 sittingA = a->beginSession(id);
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());
    QCOMPARE(b->sessions(idB).size(), 2);
    exchange(*a, id, QStringLiteral("A: lunch plans"), QStringLiteral("A: try the market"), 5,
             sittingA);
    a->endSession(sittingA);
    // B opens it too. A's sitting, open on B, is A's to end: B's new one leaves it open.
    const qint64 sitting = b->beginSession(idB);
    QStringList openOnB;
    for (const LiveSession &s : b->sessions(idB))
        if (!s.endedAt.isValid())
            openOnB << (s.begunHere ? QStringLiteral("B's") : QStringLiteral("A's"));
    QCOMPARE(openOnB, QStringList({QStringLiteral("A's"), QStringLiteral("B's")}));
    exchange(*b, idB, QStringLiteral("B: the boxes"), QStringLiteral("B: one room a day"), 2,
             sitting);
    b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("B: and the cat?"),
                  {{QStringLiteral("session"), sitting}});
    b->endSession(sitting);
    // B opened the conversation again; nothing said in that sitting yet.
    const qint64 reopened = b->beginSession(idB);
    const auto firstTurns = [](Store &store, qint64 conversation) {
        QList<int> firsts;
        for (const LiveSession &session : store.sessions(conversation))
            firsts << session.firstTurnIndex;
        return firsts;
    };

    // A syncs first. B's push would replace A's turns 4 and 5: the server refuses it, and B's
    // continuation moves after A's, its rating and sitting with it.
    QVERIFY(sync::run(*a, study.password).ok());
    const sync::Result fromB = sync::run(*b, study.password);
    QVERIFY2(fromB.ok(), qPrintable(fromB.error));
    QCOMPARE(sync::waitingChanges(*b), 0);
    const sync::Result back = sync::run(*a, study.password);
    QVERIFY2(back.ok(), qPrintable(back.error));
    QCOMPARE(sync::waitingChanges(*a), 0);

    QStringList texts;
    for (const Turn &t : a->turns(id))
        texts << QStringLiteral("%1:%2:%3")
                     .arg(t.index)
                     .arg(t.text)
                     .arg(t.meta.value(QStringLiteral("moved_from")).toInt(-1));
    QCOMPARE(texts,
             QStringList(
                 {QStringLiteral("0:Hello:-1"), QStringLiteral("1:Hi there.:-1"),
                  QStringLiteral("2:I moved:-1"), QStringLiteral("3:How is it?:-1"),
                  QStringLiteral("4:A: lunch plans:-1"), QStringLiteral("5:A: try the market:-1"),
                  QStringLiteral("6:B: the boxes:4"), QStringLiteral("7:B: one room a day:5"),
                  QStringLiteral("8:B: and the cat?:6")}));
    QCOMPARE(liveDump(*a), liveDump(*b));
    QVERIFY(liveDump(*a).contains(QStringLiteral("|5|warmth|5")));
    QVERIFY(liveDump(*a).contains(QStringLiteral("|7|warmth|2")));
    // The sittings in the order of their turns: A's, then B's moved one, then B's open one,
    // after every turn before it.
    QCOMPARE(firstTurns(*a, id), QList<int>({0, 4, 6, 9}));
    QCOMPARE(firstTurns(*b, idB), QList<int>({0, 4, 6, 9}));
    const QString stillMoving = unsettled({a, b}, study.password);
    QVERIFY2(stillMoving.isEmpty(), qPrintable(stillMoving));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             9);
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.rating WHERE conversation_uid = $1 AND "
                         "turn_idx = 7 AND value = 2",
                         {uid}),
             1);

    // B goes on again while its sync pulls, after it pushed: the pull finds A's newer turn where
    // B's is, moves B's after it, and the same round pushes it.
    const qint64 againA = a->beginSession(id);
    exchange(*a, id, QStringLiteral("A: thanks"), QStringLiteral("A: any time"), 4, againA);
    QVERIFY(sync::run(*a, study.password).ok());
    sync::Options options;
    bool written = false; // once: the round pulls again after it moved the turn
    options.beforePull = [&] {
        if (std::exchange(written, true))
            return;
        b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("B: one more thing"),
                      {{QStringLiteral("session"), reopened}});
    };
    const sync::Result racing = sync::run(*b, study.password, options);
    QVERIFY2(racing.ok(), qPrintable(racing.error));
    QCOMPARE(racing.pushed, 1);
    QCOMPARE(sync::waitingChanges(*b), 0);
    QCOMPARE(b->turns(idB).last().text, QStringLiteral("B: one more thing"));
    QCOMPARE(b->turns(idB).last().index, 11);
    QCOMPARE(b->turns(idB).last().meta.value(QStringLiteral("moved_from")).toInt(), 9);
    QVERIFY(sync::run(*a, study.password).ok());
    QCOMPARE(liveDump(*a), liveDump(*b));
    // B's open sitting follows its turn (it was B's, though shared before); A's new one begins
    // with A's turns.
    QCOMPARE(firstTurns(*a, id), QList<int>({0, 4, 6, 9, 11}));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             12);
}

void TestSync::staleCopyNeverUndoesAReply()
{
    // B took a copy of A's reply while it streamed; opening the conversation marks that copy
    // interrupted. Pushed after A finished the reply, it must not replace the reply anywhere.
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    auto machines = twoLiveMachines(study, sync::Sharing::Full);
    Store *a = machines.first.get();
    Store *b = machines.second.get();
    const auto assigned = a->assignment(a->participantId(QStringLiteral("P01")));
    QVERIFY(assigned);
    const qint64 id =
        test::addLiveConversation(*a, QStringLiteral("P01"), assigned->conditions.constFirst(),
                                  {{QStringLiteral("Hello"), QStringLiteral("Hi there."), 4}});
    a->appendTurn(id, QStringLiteral("user"), QStringLiteral("I moved"), {});
    // The meta LiveChat writes: while the reply streams, and once it finished.
    const QString finished = QStringLiteral("How is the new place?");
    QJsonObject meta {{QStringLiteral("live"), true},
                      {QStringLiteral("model"), QStringLiteral("m")}};
    QJsonObject streaming = meta;
    streaming.insert(QStringLiteral("streaming"), true);
    QJsonObject done = meta;
    done.insert(QStringLiteral("latency_total_ms"), 900);
    done.insert(QStringLiteral("finish_reason"), QStringLiteral("stop"));
    done.insert(QStringLiteral("interrupted"), false);
    // B's copy already holds the whole text: only the meta tells it is not finished.
    const qint64 reply = a->appendTurn(id, QStringLiteral("assistant"), finished, streaming);
    QVERIFY(sync::run(*a, study.password).ok());
    const QString uid = a->conversation(id)->contentHash;
    QVERIFY(sync::run(*b, study.password).ok());
    const qint64 idB = b->conversationWithHash(uid);
    a->updateLiveTurn(reply, finished, done);
    QVERIFY(sync::run(*a, study.password).ok());
    QCOMPARE(b->markInterruptedReplies(idB), 1);
    const sync::Result fromB = sync::run(*b, study.password);
    QVERIFY2(fromB.ok(), qPrintable(fromB.error));
    QCOMPARE(sync::waitingChanges(*b), 0);
    const auto serverMeta = [&](int idx) {
        pg::Connection db(study.adminUrl);
        return db
            .exec("SELECT meta FROM sense7.turn WHERE conversation_uid = $1 AND idx = $2",
                  {uid, idx})
            .json(0, 0)
            .toObject();
    };
    QCOMPARE(serverMeta(3), done);
    QCOMPARE(b->turns(idB).last().text, finished);
    QCOMPARE(b->turns(idB).last().meta, done);
    QVERIFY(sync::run(*a, study.password).ok());
    QCOMPARE(a->turns(id).last().meta, done);
    QCOMPARE(liveDump(*a), liveDump(*b));

    // An earlier version let a machine take another's reply whole, text and meta, while
    // keeping its own time for it. Such a reply is the other machine's: kept once, not moved.
    a->appendTurn(id, QStringLiteral("user"), QStringLiteral("Tired"), {});
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());
    a->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Rest first."), done);
    QVERIFY(sync::run(*a, study.password).ok());
    QTest::qWait(2); // another millisecond: B's copy gets its own time
    b->appendTurn(idB, QStringLiteral("assistant"), QStringLiteral("Rest first."), done);
    QVERIFY(b->turns(idB).last().createdAt != a->turns(id).last().createdAt);
    const sync::Result legacy = sync::run(*b, study.password);
    QVERIFY2(legacy.ok(), qPrintable(legacy.error));
    QCOMPARE(b->turns(idB).size(), 6);
    QCOMPARE(b->turns(idB).last().createdAt, a->turns(id).last().createdAt);

    // Not so two messages: the same words typed on both machines are two turns.
    a->appendTurn(id, QStringLiteral("user"), QStringLiteral("ok"), {});
    QVERIFY(sync::run(*a, study.password).ok());
    QTest::qWait(2);
    b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("ok"), {});
    QVERIFY2(sync::run(*b, study.password).ok(), "B's push");
    QVERIFY(sync::run(*a, study.password).ok());
    QCOMPARE(a->turns(id).size(), 8);
    QCOMPARE(a->turns(id).last().meta.value(QStringLiteral("moved_from")).toInt(), 6);
    QCOMPARE(liveDump(*a), liveDump(*b));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             8);
}

void TestSync::copyNotLiveFollowsTheServer()
{
    // B's copy of a live conversation is not live (e.g. its condition was lost in a restore)
    // when both went on from the same turn. The server keeps the conversation live and refuses
    // B's push; B's copy becomes live again and its continuation follows A's, in that round.
    const SharedLive shared = shareLiveConversation();
    const Study &study = shared.study;
    Store *a = shared.a.get();
    Store *b = shared.b.get();
    const QString &condition = shared.condition;
    const QString &uid = shared.uid;
    const qint64 id = shared.onA;
    const qint64 idB = shared.onB;
    const auto goOn = [&](Store &store, qint64 conversation, const QString &text) {
        QTest::qWait(2); // each turn its own time
        store.appendTurn(conversation, QStringLiteral("user"), text,
                         {{QStringLiteral("live"), true}});
    };
    const auto notLive = [&] {
        test::connection(*b).exec("UPDATE conversation SET condition = NULL");
        QCOMPARE(b->conversation(idB)->condition, QString());
    };
    const auto texts = [](Store &store, qint64 conversation) {
        QStringList result;
        for (const Turn &t : store.turns(conversation))
            result << QStringLiteral("%1:%2:%3")
                          .arg(t.index)
                          .arg(t.text)
                          .arg(t.meta.value(QStringLiteral("moved_from")).toInt(-1));
        return result;
    };

    // Through a sync: nothing lost, nothing replaced, on either machine or the server.
    goOn(*a, id, QStringLiteral("A: first"));
    QVERIFY(sync::run(*a, study.password).ok());
    goOn(*b, idB, QStringLiteral("B: first"));
    notLive();
    const sync::Result fromB = sync::run(*b, study.password);
    QVERIFY2(fromB.ok(), qPrintable(fromB.error));
    QCOMPARE(sync::waitingChanges(*b), 0);
    QCOMPARE(b->conversation(idB)->condition, condition);
    QVERIFY(sync::run(*a, study.password).ok());
    const QStringList once {QStringLiteral("0:Hello:-1"), QStringLiteral("1:Hi.:-1"),
                            QStringLiteral("2:A: first:-1"), QStringLiteral("3:B: first:2")};
    QCOMPARE(texts(*a, id), once);
    QCOMPARE(texts(*b, idB), once);
    QCOMPARE(liveDump(*a), liveDump(*b));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.turn WHERE conversation_uid = $1", {uid}),
             4);

    // Following the server once is enough: the turns move in the same step that makes the
    // copy live, so the next push is not refused again.
    goOn(*a, id, QStringLiteral("A: second"));
    QVERIFY(sync::run(*a, study.password).ok());
    goOn(*b, idB, QStringLiteral("B: second"));
    notLive();
    pg::ConnectOptions participant;
    participant.password = study.password;
    pg::Connection db(study.url, participant);
    const QJsonObject state = sync::server::liveStates(db, QJsonArray {uid}).value(uid);
    QCOMPARE(state.value(QStringLiteral("condition")).toString(), condition);
    QCOMPARE(sync::followServer(*b, idB, state), 1);
    QCOMPARE(b->conversation(idB)->condition, condition);
    QCOMPARE(
        texts(*b, idB),
        once + QStringList({QStringLiteral("4:A: second:-1"), QStringLiteral("5:B: second:4")}));
    const sync::Result pushed = sync::run(*b, study.password);
    QVERIFY2(pushed.ok(), qPrintable(pushed.error));
    QVERIFY(sync::run(*a, study.password).ok());
    QCOMPARE(liveDump(*a), liveDump(*b));
    const QString stillMoving = unsettled({a, b}, study.password);
    QVERIFY2(stillMoving.isEmpty(), qPrintable(stillMoving));

    // A copy taken while a reply streamed, not live here, takes the finished reply: it holds
    // nothing of its own to keep.
    QJsonObject streaming {{QStringLiteral("live"), true}, {QStringLiteral("streaming"), true}};
    const qint64 reply =
        a->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("How is"), streaming);
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());
    QCOMPARE(b->turns(idB).last().text, QStringLiteral("How is"));
    const QJsonObject done {{QStringLiteral("live"), true},
                            {QStringLiteral("finish_reason"), QStringLiteral("stop")}};
    a->updateLiveTurn(reply, QStringLiteral("How is the new place?"), done);
    QVERIFY(sync::run(*a, study.password).ok());
    notLive();
    const sync::Result finished = sync::run(*b, study.password);
    QVERIFY2(finished.ok(), qPrintable(finished.error));
    QCOMPARE(b->conversation(idB)->condition, condition);
    QCOMPARE(b->turns(idB).last().text, QStringLiteral("How is the new place?"));
    QCOMPARE(b->turns(idB).last().meta, done);
    QCOMPARE(liveDump(*a), liveDump(*b));
    const QString settled = unsettled({a, b}, study.password);
    QVERIFY2(settled.isEmpty(), qPrintable(settled));
}

void TestSync::turnsPushedWithoutConditionArriveLive()
{
    // A machine with a copy that is not live (or an earlier version) goes on with a live
    // conversation, and its change on the server carries no condition. The server holds the
    // conversation live; the other machines take its turns as the live conversation's at once.
    const SharedLive shared = shareLiveConversation();
    const Study &study = shared.study;
    Store *a = shared.a.get();
    Store *b = shared.b.get();

    pg::ConnectOptions participant;
    participant.password = study.password;
    pg::Connection db(study.url, participant);
    QJsonArray turns = sync::server::liveStates(db, QJsonArray {shared.uid})
                           .value(shared.uid)
                           .value(QStringLiteral("turns"))
                           .toArray();
    QCOMPARE(turns.size(), 2);
    turns.append(
        QJsonObject {{QStringLiteral("idx"), 2},
                     {QStringLiteral("role"), QStringLiteral("user")},
                     {QStringLiteral("text"), QStringLiteral("From the old laptop")},
                     {QStringLiteral("created_at"), QStringLiteral("2026-11-27T12:00:00.000Z")},
                     {QStringLiteral("meta"), QJsonObject()}});
    sync::server::Change change;
    change.seq = 1;
    change.kind = QStringLiteral("conversation");
    change.at = QStringLiteral("2026-11-27T12:00:01.000Z");
    change.payload = {{QStringLiteral("conversation"), shared.uid},
                      {QStringLiteral("turns"), turns},
                      {QStringLiteral("flags"), QJsonArray()},
                      {QStringLiteral("notes"), QJsonArray()},
                      {QStringLiteral("ratings"), QJsonArray()}};
    QCOMPARE(sync::server::push(db, QStringLiteral("P01"), QStringLiteral("old-laptop"), {change}),
             1);

    for (Store *store : {a, b}) {
        const sync::Result pulled = sync::run(*store, study.password);
        QVERIFY2(pulled.ok(), qPrintable(pulled.error));
        const qint64 here = store->conversationWithHash(shared.uid);
        QCOMPARE(store->conversation(here)->condition, shared.condition);
        const QVector<Turn> held = store->turns(here);
        QCOMPARE(held.size(), 3);
        QCOMPARE(held.last().text, QStringLiteral("From the old laptop"));
        QCOMPARE(sync::waitingChanges(*store), 0);
    }
    QCOMPARE(liveDump(*a), liveDump(*b));

    // A machine that joins later takes the conversation live as well.
    auto c =
        Store::create(test::testFunctionPath(m_dir, QStringLiteral("c-")), test::liveProtocol());
    sync::join(*c, sync::inspect(study.url, study.password), sync::Sharing::Full);
    QVERIFY(sync::run(*c, study.password).ok());
    const qint64 idC = c->conversationWithHash(shared.uid);
    QVERIFY(idC != 0);
    QCOMPARE(c->conversation(idC)->condition, shared.condition);
    QCOMPARE(liveDump(*c), liveDump(*a));
}

void TestSync::anotherMachinesSittingIsItsToEnd()
{
    // B holds A's first sitting open, as it was when B pulled it. A ends it; B goes on in a
    // sitting of its own and pushes before it pulls: the server keeps A's end, and B takes it.
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    auto machines = twoLiveMachines(study, sync::Sharing::Full);
    Store *a = machines.first.get();
    Store *b = machines.second.get();
    const auto assigned = a->assignment(a->participantId(QStringLiteral("P01")));
    QVERIFY(assigned);
    const qint64 id =
        test::addLiveConversation(*a, QStringLiteral("P01"), assigned->conditions.constFirst(),
                                  {{QStringLiteral("Hello"), QStringLiteral("Hi there."), 4}});
    QVERIFY(sync::run(*a, study.password).ok());
    QVERIFY(sync::run(*b, study.password).ok());
    const QString uid = a->conversation(id)->contentHash;
    const qint64 idB = b->conversationWithHash(uid);
    QCOMPARE(b->sessions(idB).size(), 1);
    QVERIFY(!b->sessions(idB).constFirst().begunHere);
    a->endSession(a->sessions(id).constFirst().id);
    QVERIFY(sync::run(*a, study.password).ok());

    const qint64 sitting = b->beginSession(idB);
    b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("From B"),
                  {{QStringLiteral("session"), sitting}});
    // A sitting that came to B from elsewhere (a bundle, say) and that the server lacks: B sends
    // it, for the server to take where it has none.
    LiveSession brought;
    brought.startedAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
    brought.endedAt = brought.startedAt.addSecs(60);
    brought.firstTurnIndex = 2;
    b->mergeLiveConversation(idB, QString(), {brought}, {}, false);
    const sync::Result fromB = sync::run(*b, study.password);
    QVERIFY2(fromB.ok(), qPrintable(fromB.error));
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.session WHERE conversation_uid = $1 AND "
                         "ended_at IS NULL",
                         {uid}),
             1); // B's, still open
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.session WHERE conversation_uid = $1", {uid}),
             3);
    for (const LiveSession &s : b->sessions(idB))
        QCOMPARE(s.endedAt.isValid(), !s.begunHere);
    QVERIFY(sync::run(*a, study.password).ok());
    const QString stillMoving = unsettled({a, b}, study.password);
    QVERIFY2(stillMoving.isEmpty(), qPrintable(stillMoving));
    QCOMPARE(liveDump(*a), liveDump(*b));

    // A data set that pulled before format 12 takes none of its sittings as its own, though it
    // began some: one it ended then, not yet sent, still gets its end to the server.
    b->endSession(sitting);
    test::connection(*b).exec("UPDATE session SET begun_here = 0");
    b->appendTurn(idB, QStringLiteral("user"), QStringLiteral("Bye"), {});
    QVERIFY(sync::run(*b, study.password).ok());
    QCOMPARE(serverCount(study.adminUrl,
                         "SELECT count(*) FROM sense7.session WHERE conversation_uid = $1 AND "
                         "ended_at IS NULL",
                         {uid}),
             0);
}

void TestSync::replacedAssignmentIsReported()
{
    // The server assigned P01 when they were added; this machine holds another assignment (made
    // before it joined an older server, say): it takes the server's, and says so.
    const Study study = freshStudy(QStringLiteral("P01"), test::liveProtocol());
    auto store = Store::create(test::testFunctionPath(m_dir), test::liveProtocol());
    sync::join(*store, sync::inspect(study.url, study.password), sync::Sharing::Full);
    const qint64 participant = store->participantId(QStringLiteral("P01"));
    const auto server = store->assignment(participant);
    QVERIFY(server);
    Assignment other;
    other.position = 1;
    other.conditions = {server->conditions.constFirst() == QLatin1String("empathic")
                            ? QStringLiteral("forgetful")
                            : QStringLiteral("empathic")};
    store->setAssignment(participant, other);

    const sync::Result result = sync::run(*store, study.password);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(store->assignment(participant), server);
    QCOMPARE(result.conflicts.size(), 1);
    const sync::Conflict &conflict = result.conflicts.constFirst();
    QCOMPARE(conflict.kind, QStringLiteral("assignment"));
    QCOMPARE(conflict.local, other.conditions.constFirst());
    QCOMPARE(conflict.remote, server->conditions.constFirst());
    QVERIFY2(conflict.describe().contains(QStringLiteral("took the server's")),
             qPrintable(conflict.describe()));
    // Settled: nothing more to say.
    const sync::Result again = sync::run(*store, study.password);
    QVERIFY(again.ok());
    QVERIFY(again.conflicts.isEmpty());
}

void TestSync::offlineWorkGoesOn()
{
    const Study study = freshStudy();
    Local l = makeLocal(test::testFunctionPath(m_dir));
    sync::join(*l.store, sync::inspect(study.url, study.password), sync::Sharing::Redacted);
    QVERIFY(sync::run(*l.store, study.password).ok());
    m_cluster->stop();
    for (int i = 0; i < 14; ++i)
        edit(*l.store, Edit::Kind::Rating, l.turns[1 + 2 * (i % 2)], l.feedback, l.self, 1 + i % 5);
    const sync::Result offline = sync::run(*l.store, study.password);
    QVERIFY(!offline.ok());
    QVERIFY(offline.offline);
    QCOMPARE(offline.waiting, 14);
    QCOMPARE(offline.toJson().value(QStringLiteral("waiting")).toInt(), 14);
    // Rating goes on and nothing is lost.
    edit(*l.store, Edit::Kind::Note, l.turns[1], 0, l.self, QStringLiteral("offline note"));
    QCOMPARE(sync::waitingChanges(*l.store), 15);
    m_cluster->start();
    // A wrong password is not being offline: it says so, and the changes still wait.
    const sync::Result refused = sync::run(*l.store, QStringLiteral("wrong"));
    QVERIFY(!refused.ok());
    QVERIFY(!refused.offline);
    QCOMPARE(refused.waiting, 15);
    const sync::Result online = sync::run(*l.store, study.password);
    QVERIFY2(online.ok(), qPrintable(online.error));
    QCOMPARE(online.pushed, 15);
    QCOMPARE(serverSources(study), localSources(*l.store));
}

void TestSync::joinRefusesIncompatibleData()
{
    const Study study = freshStudy();
    const QString path = test::testFunctionPath(m_dir);
    test::makeDemoDataSet(path); // SENSE-7 ratings: the ESConv study cannot take them
    auto store = Store::open(path);
    const QString before = test::logicalDump(*store);
    try {
        sync::join(*store, sync::inspect(study.url, study.password), sync::Sharing::Full);
        QFAIL("joined with data under an incompatible protocol");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("cannot join")), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    try {
        sync::run(*store, study.password);
        QFAIL("synced without joining");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QLatin1String("sense7 join")), qPrintable(e.message()));
    }
    // An empty data set takes the study's protocol.
    auto empty = Store::create(test::testFunctionPath(m_dir, QStringLiteral("empty-")));
    sync::join(*empty, sync::inspect(study.url, study.password), sync::Sharing::Ratings);
    QCOMPARE(empty->protocol().key, QStringLiteral("esconv"));
    QVERIFY(empty->findDimension(QStringLiteral("esconv/feedback")));
}

void TestSync::cliJoinAndSync()
{
    const Study study = freshStudy();
    const QString path = test::testFunctionPath(m_dir);
    {
        Local l = makeLocal(path);
        edit(*l.store, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, 3);
    }
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("SENSE7_SERVER_PASSWORD"), study.password);
    QProcess join;
    join.setProcessEnvironment(environment);
    join.start(QStringLiteral(SENSE7_CLI),
               {QStringLiteral("join"), path, study.url, QStringLiteral("--sharing"),
                QStringLiteral("redacted"), QStringLiteral("--yes")});
    QVERIFY(join.waitForFinished());
    const QString joinOut = QString::fromUtf8(join.readAllStandardOutput());
    QVERIFY2(join.exitCode() == 0, qPrintable(QString::fromUtf8(join.readAllStandardError())));
    QVERIFY2(joinOut.contains(QLatin1String("1 conversation")), qPrintable(joinOut));
    QVERIFY2(joinOut.contains(QLatin1String("[email]")), qPrintable(joinOut)); // the preview
    QVERIFY(!joinOut.contains(email));
    // Without --yes and without a terminal, consent cannot be given: nothing changes.
    {
        const QString other = test::testFunctionPath(m_dir, QStringLiteral("noconsent-"));
        makeLocal(other);
        QProcess refused;
        refused.setProcessEnvironment(environment);
        refused.start(QStringLiteral(SENSE7_CLI), {QStringLiteral("join"), other, study.url});
        refused.closeWriteChannel();
        QVERIFY(refused.waitForFinished());
        QCOMPARE(refused.exitCode(), 1);
        QCOMPARE(test::queryInt(other, "SELECT count(*) FROM sync_server"), 0);
    }

    QProcess sync;
    sync.setProcessEnvironment(environment);
    sync.start(QStringLiteral(SENSE7_CLI),
               {QStringLiteral("sync"), path, QStringLiteral("--json")});
    QVERIFY(sync.waitForFinished());
    QVERIFY2(sync.exitCode() == 0, qPrintable(QString::fromUtf8(sync.readAllStandardError())));
    const QJsonObject json = QJsonDocument::fromJson(sync.readAllStandardOutput()).object();
    QCOMPARE(json.value(QStringLiteral("pushed")).toInt(), 2);
    QCOMPARE(json.value(QStringLiteral("pulled")).toInt(), 0);
    QCOMPARE(json.value(QStringLiteral("waiting")).toInt(), 0);
    // The password is nowhere in the data set.
    QVERIFY(!test::readFile(path).contains(study.password.toUtf8()));
    if (QFile::exists(path + QStringLiteral("-wal")))
        QVERIFY(!test::readFile(path + QStringLiteral("-wal")).contains(study.password.toUtf8()));

    // Offline: exit code 1 and how many changes wait.
    {
        auto store = Store::open(path);
        const qint64 self = store->selfAnnotatorId();
        store->setRating(store->turnId(1, 3), store->findDimension(QStringLiteral("feedback"))->id,
                         self, 2, Origin::Edit);
    }
    m_cluster->stop();
    QProcess offline;
    offline.setProcessEnvironment(environment);
    offline.start(QStringLiteral(SENSE7_CLI), {QStringLiteral("sync"), path});
    QVERIFY(offline.waitForFinished());
    m_cluster->start();
    QCOMPARE(offline.exitCode(), 1);
    const QString message = QString::fromUtf8(offline.readAllStandardError());
    QVERIFY2(message.contains(QLatin1String("offline, 1 change(s) waiting")), qPrintable(message));
}

void TestSync::studioSyncsInBackground()
{
    const Study study = freshStudy();
    Local l = makeLocal(test::testFunctionPath(m_dir));
    qputenv("SENSE7_SERVER_PASSWORD", study.password.toUtf8());
    StudySync studio;
    QSignalSpy finished(&studio, &StudySync::finished);
    studio.setStore(l.store.get());
    studio.join(sync::inspect(study.url, study.password), sync::Sharing::Full, study.password);
    QVERIFY(!studio.label()->isHidden());
    QVERIFY(studio.isSyncing());
    // Rating goes on while the round runs on its own thread and connection: not held up for
    // the round (a loaded machine may take a moment; the busy timeout would be 5 s).
    QElapsedTimer timer;
    timer.start();
    edit(*l.store, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, 4);
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(finished.wait(20000));
    QVERIFY2(studio.lastResult().ok(), qPrintable(studio.lastResult().error));
    QVERIFY2(studio.label()->text().startsWith(QLatin1String("Synced ")),
             qPrintable(studio.label()->text()));
    // The rating made meanwhile follows a few seconds later, by itself.
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= 2 && sync::waitingChanges(*l.store) == 0, 20000);
    QCOMPARE(serverCount(study.adminUrl, "SELECT value FROM sense7.rating WHERE turn_idx = 1"), 4);
    // Offline: the status bar says how many changes wait.
    m_cluster->stop();
    edit(*l.store, Edit::Kind::Rating, l.turns[1], l.feedback, l.self, 2);
    const auto count = finished.size();
    studio.syncNow();
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() > count && !studio.isSyncing(), 20000);
    m_cluster->start();
    QVERIFY(studio.lastResult().offline);
    QCOMPARE(studio.label()->text(), QStringLiteral("Offline — 1 change(s) waiting"));
    studio.setStore(nullptr);
    QVERIFY(studio.label()->isHidden());
    qunsetenv("SENSE7_SERVER_PASSWORD");
}

QTEST_MAIN(TestSync)
#include "tst_sync.moc"
