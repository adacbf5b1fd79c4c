// Live sessions: the engine (LiveChat) with the real store, against a streaming chat-completions
// server started inside the test and against a scripted condition; and `sense7 chat`.
#include "error.h"
#include "import/importer.h"
#include "live/livechat.h"
#include "store.h"
#include "streamserver.h"
#include "testsupport.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace sense7;
using namespace sense7::test;

namespace {

const QString keyVariable = QStringLiteral("SENSE7_TEST_LIVE_KEY");

/** The test protocol (tests/data/protocols/live.json) with its endpoint at \a url. */
Protocol liveProtocol(const QUrl &url, bool ratingRequired = false)
{
    QJsonObject root =
        QJsonDocument::fromJson(readFile(QStringLiteral(SENSE7_TEST_DATA "/protocols/live.json")))
            .object();
    QJsonObject live = root.value(QStringLiteral("live")).toObject();
    QJsonArray conditions = live.value(QStringLiteral("conditions")).toArray();
    QJsonObject empathic = conditions.at(0).toObject();
    QJsonObject endpoint = empathic.value(QStringLiteral("endpoint")).toObject();
    endpoint.insert(QStringLiteral("url"), url.toString());
    empathic.insert(QStringLiteral("endpoint"), endpoint);
    conditions.replace(0, empathic);
    live.insert(QStringLiteral("conditions"), conditions);
    live.insert(QStringLiteral("rating"),
                QJsonObject {{QStringLiteral("when"), QStringLiteral("after_each_reply")},
                             {QStringLiteral("required"), ratingRequired}});
    root.insert(QStringLiteral("live"), live);
    return protocol::parse(QJsonDocument(root).toJson(), QStringLiteral("live.json"));
}

struct Fixture
{
    QTemporaryDir dir;
    StreamServer server;
    std::unique_ptr<Store> store;
    qint64 participant = 0;

    explicit Fixture(bool ratingRequired = false)
    {
        store = Store::create(path(), liveProtocol(server.url(), ratingRequired));
        participant = store->addParticipant(QStringLiteral("P01"));
    }
    QString path() const { return dir.filePath(QStringLiteral("live.sense7")); }
    qint64 start(const QString &condition = QStringLiteral("empathic"))
    {
        return store->startLiveConversation(participant, condition, QStringLiteral("Test"));
    }
    /** Settings that keep the failure tests short. */
    static live::StreamSettings quick()
    {
        live::StreamSettings settings;
        settings.backoffMs = 20;
        settings.maxAttempts = 3;
        return settings;
    }
};

/** Sends \a text and waits until the chat is no longer streaming. */
bool sendAndWait(live::LiveChat &chat, const QString &text, int timeoutMs = 10000)
{
    if (!chat.send(text))
        return false;
    QElapsedTimer clock;
    clock.start();
    while (chat.isStreaming() && clock.elapsed() < timeoutMs)
        QTest::qWait(5);
    return !chat.isStreaming();
}

QVector<Turn> liveTurns(Store &store, qint64 conversation)
{
    return store.turns(conversation);
}

struct CliResult
{
    int exitCode = -1;
    QString out, err;
};

/** Runs `sense7 ARGS…` while this event loop (and the stream server in it) keeps running. */
CliResult runCli(const QStringList &arguments, const QProcessEnvironment &environment = {})
{
    QProcess process;
    if (!environment.isEmpty())
        process.setProcessEnvironment(environment);
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    loop.exec();
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestLive : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chatGoesOnOnlyInItsOwnSitting();
    void wholeReplyIsCommittedWithItsMeta();
    void streamCutMidwayKeepsThePartial();
    void tooManyRequestsWaitsForRetryAfter();
    void serverErrorFailsThenRetryAsksAgain();
    void slowFirstTokenIsMeasured();
    void firstTokenTimeoutFails();
    void stopKeepsThePartialWrittenWhileStreaming();
    void refusedKeySaysWhereItComesFrom();
    void wrongAddressNamesTheModel();
    void malformedEventFails();
    void eventsSplitAnywhereAreParsed();
    void unstreamedAnswersAreRead();
    void idleTimeoutKeepsThePartial();
    void replyLeftStreamingByACrashIsMarked();
    void scriptedConditionEndToEnd();
    void resumingSendsTheHistoryInANewSession();
    void requiredRatingBlocksTheNextMessage();
    void chatCommandScripted();
    void chatCommandEndpoint();
    void chatCommandKilledWhileStreamingKeepsThePartial();
    void replyDuringACancelledImportIsKept();
};

void TestLive::initTestCase()
{
    qputenv(qPrintable(keyVariable), "test-key");
}

void TestLive::chatGoesOnOnlyInItsOwnSitting()
{
    // A sitting still open here goes on when the chat opens again; another machine's open
    // sitting (brought by a sync) is that machine's: the chat begins one of its own.
    Fixture f;
    const qint64 conversation = f.start();
    const qint64 own = f.store->sessions(conversation).constFirst().id;
    {
        live::LiveChat chat(*f.store, conversation);
        QCOMPARE(chat.sessionId(), own);
    }
    f.store->endSession(own);
    LiveSession elsewhere;
    elsewhere.startedAt = QDateTime::currentDateTimeUtc().addSecs(60);
    elsewhere.firstTurnIndex = 0;
    f.store->mergeLiveConversation(conversation, QStringLiteral("empathic"), {elsewhere}, {},
                                   false);
    QCOMPARE(f.store->sessions(conversation).size(), 2);
    live::LiveChat chat(*f.store, conversation);
    const QVector<LiveSession> sittings = f.store->sessions(conversation);
    QCOMPARE(sittings.size(), 3);
    for (const LiveSession &s : sittings) {
        QCOMPARE(s.id == chat.sessionId(), s.begunHere && !s.endedAt.isValid());
        if (!s.begunHere)
            QVERIFY(!s.endedAt.isValid()); // left open: the other machine ends it
    }
}

void TestLive::wholeReplyIsCommittedWithItsMeta()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        return StreamPlan::reply(QStringLiteral("That sounds hard. What happened?"));
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy committed(&chat, &live::LiveChat::userTurnCommitted);
    QSignalSpy started(&chat, &live::LiveChat::replyStarted);
    QSignalSpy deltas(&chat, &live::LiveChat::replyDelta);
    QSignalSpy finished(&chat, &live::LiveChat::replyFinished);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(chat.send(QStringLiteral("I lost my job today.")));
    // The user's turn is in the data set before any reply arrives.
    QCOMPARE(committed.size(), 1);
    QCOMPARE(liveTurns(*f.store, conversation).size(), 1);
    QVERIFY(chat.isStreaming());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(failed.size(), 0);
    QCOMPARE(started.size(), 1);
    QVERIFY(deltas.size() >= 2); // streamed in pieces

    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[0].role, Role::User);
    QCOMPARE(turns[0].text, QStringLiteral("I lost my job today."));
    QCOMPARE(turns[0].meta.value(QLatin1String("live")).toBool(), true);
    QCOMPARE(turns[0].meta.value(QLatin1String("session")).toInteger(), chat.sessionId());
    QCOMPARE(turns[1].role, Role::Assistant);
    QCOMPARE(turns[1].id, started.at(0).at(0).toLongLong());
    QCOMPARE(turns[1].text, QStringLiteral("That sounds hard. What happened?"));
    const QJsonObject meta = turns[1].meta;
    QCOMPARE(meta.value(QLatin1String("condition")).toString(), QStringLiteral("empathic"));
    QCOMPARE(meta.value(QLatin1String("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(meta.value(QLatin1String("finish_reason")).toString(), QStringLiteral("stop"));
    QCOMPARE(meta.value(QLatin1String("interrupted")).toBool(true), false);
    QCOMPARE(meta.value(QLatin1String("prompt_tokens")).toInt(), 21);
    QCOMPARE(meta.value(QLatin1String("completion_tokens")).toInt(), 5);
    QVERIFY(meta.value(QLatin1String("latency_first_token_ms")).toInteger(-1) >= 0);
    QVERIFY(meta.value(QLatin1String("latency_total_ms")).toInteger(-1)
            >= meta.value(QLatin1String("latency_first_token_ms")).toInteger());
    QVERIFY(!meta.contains(QLatin1String("streaming")));
    QCOMPARE(meta.value(QLatin1String("session")).toInteger(), chat.sessionId());

    // The request: streaming, usage asked for, the system prompt and the message.
    QCOMPARE(f.server.bodies.size(), 1);
    const QJsonObject body = f.server.bodies[0];
    QCOMPARE(body.value(QLatin1String("stream")).toBool(), true);
    QCOMPARE(body.value(QLatin1String("stream_options"))
                 .toObject()
                 .value(QLatin1String("include_usage"))
                 .toBool(),
             true);
    QCOMPARE(body.value(QLatin1String("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(body.value(QLatin1String("max_tokens")).toInt(), 256);
    QCOMPARE(body.value(QLatin1String("temperature")).toDouble(), 0.5);
    QCOMPARE(f.server.messages(1),
             QStringList({QStringLiteral("system: You are an empathic assistant."),
                          QStringLiteral("user: I lost my job today.")}));
    QCOMPARE(f.server.authorizations[0], QByteArray("Bearer test-key"));
}

void TestLive::streamCutMidwayKeepsThePartial()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("One two three four five six"));
        plan.cutAfter = 3;
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    chat.setStreamSettings(Fixture::quick());
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QSignalSpy finished(&chat, &live::LiveChat::replyFinished);
    QVERIFY(sendAndWait(chat, QStringLiteral("Count for me.")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("broke off")),
             qPrintable(failed[0][0].toString()));
    QCOMPARE(finished.size(), 1);
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[1].text, QStringLiteral("One two three "));
    QCOMPARE(turns[1].meta.value(QLatin1String("interrupted")).toBool(), true);
    QCOMPARE(turns[1].meta.value(QLatin1String("finish_reason")).toString(),
             QStringLiteral("error"));
    QVERIFY(turns[1]
                .meta.value(QLatin1String("error"))
                .toString()
                .contains(QStringLiteral("broke off")));
    QVERIFY(!turns[1].meta.contains(QLatin1String("streaming")));
    QCOMPARE(f.server.bodies.size(), 1); // text had arrived: not asked again by itself
    QVERIFY(chat.canRetry());
}

void TestLive::tooManyRequestsWaitsForRetryAfter()
{
    Fixture f;
    f.server.handler = [](int number, const QJsonObject &) {
        return number == 1 ? StreamPlan::error(429, "Retry-After: 1\r\n")
                           : StreamPlan::reply(QStringLiteral("Here I am."));
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    chat.setStreamSettings(Fixture::quick());
    QSignalSpy waiting(&chat, &live::LiveChat::waiting);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(sendAndWait(chat, QStringLiteral("Hello?")));
    QCOMPARE(failed.size(), 0);
    QCOMPARE(waiting.size(), 1);
    QCOMPARE(waiting[0][0].toInt(), 1);
    QVERIFY(waiting[0][1].toString().contains(QStringLiteral("429")));
    QVERIFY(clock.elapsed() >= 950); // Retry-After honoured, not the short backoff
    QCOMPARE(f.server.bodies.size(), 2);
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2); // one user turn, one reply
    QCOMPARE(turns[1].text, QStringLiteral("Here I am."));
    QVERIFY(turns[1].meta.value(QLatin1String("latency_first_token_ms")).toInteger() >= 950);
}

void TestLive::serverErrorFailsThenRetryAsksAgain()
{
    Fixture f;
    bool healthy = false;
    f.server.handler = [&healthy](int, const QJsonObject &) {
        return healthy ? StreamPlan::reply(QStringLiteral("Back again.")) : StreamPlan::error(500);
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    chat.setStreamSettings(Fixture::quick());
    QSignalSpy waiting(&chat, &live::LiveChat::waiting);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QSignalSpy started(&chat, &live::LiveChat::replyStarted);
    QVERIFY(sendAndWait(chat, QStringLiteral("Are you there?")));
    QCOMPARE(f.server.bodies.size(), 3); // maxAttempts
    QCOMPARE(waiting.size(), 2);
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("HTTP 500")),
             qPrintable(failed[0][0].toString()));
    QCOMPARE(started.size(), 0);
    QCOMPARE(liveTurns(*f.store, conversation).size(), 1); // no reply row, the message is kept
    QVERIFY(chat.canRetry());

    healthy = true;
    chat.retry();
    QTRY_VERIFY_WITH_TIMEOUT(!chat.isStreaming(), 10000);
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2); // no second user turn
    QCOMPARE(turns[0].role, Role::User);
    QCOMPARE(turns[1].text, QStringLiteral("Back again."));
    QCOMPARE(f.server.messages(4).last(), QStringLiteral("user: Are you there?"));
    QVERIFY(!chat.canRetry());
}

void TestLive::slowFirstTokenIsMeasured()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("Thinking done."));
        plan.firstDelayMs = 400;
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QVERIFY(sendAndWait(chat, QStringLiteral("Take your time.")));
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2);
    QVERIFY(turns[1].meta.value(QLatin1String("latency_first_token_ms")).toInteger() >= 380);
    QCOMPARE(turns[1].meta.value(QLatin1String("finish_reason")).toString(),
             QStringLiteral("stop"));
}

void TestLive::firstTokenTimeoutFails()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("Too late."));
        plan.firstDelayMs = 5000;
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    live::StreamSettings settings = Fixture::quick();
    settings.firstTokenTimeoutMs = 200;
    chat.setStreamSettings(settings);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hello?")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("within 0.2 s")),
             qPrintable(failed[0][0].toString()));
    QCOMPARE(liveTurns(*f.store, conversation).size(), 1);
    QVERIFY(chat.canRetry());
}

void TestLive::stopKeepsThePartialWrittenWhileStreaming()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("First second third fourth"));
        plan.hangAfter = 2;
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy started(&chat, &live::LiveChat::replyStarted);
    QSignalSpy deltas(&chat, &live::LiveChat::replyDelta);
    QVERIFY(chat.send(QStringLiteral("Tell me a long story.")));
    QTRY_COMPARE_WITH_TIMEOUT(deltas.size(), 2, 10000);
    // Written while it streams, marked as streaming, within ~200 ms of the last piece.
    QTRY_COMPARE_WITH_TIMEOUT(liveTurns(*f.store, conversation).value(1).text,
                              QStringLiteral("First second "), 10000);
    Turn streaming = liveTurns(*f.store, conversation).value(1);
    QCOMPARE(streaming.id, started[0][0].toLongLong());
    QCOMPARE(streaming.meta.value(QLatin1String("streaming")).toBool(), true);
    QVERIFY(chat.isStreaming());
    QVERIFY(!chat.blockedReason().isEmpty());

    QSignalSpy finished(&chat, &live::LiveChat::replyFinished);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    chat.stop();
    QVERIFY(!chat.isStreaming());
    QCOMPARE(finished.size(), 1);
    QCOMPARE(failed.size(), 0);
    const Turn reply = liveTurns(*f.store, conversation).value(1);
    QCOMPARE(reply.text, QStringLiteral("First second "));
    QCOMPARE(reply.meta.value(QLatin1String("interrupted")).toBool(), true);
    QCOMPARE(reply.meta.value(QLatin1String("finish_reason")).toString(),
             QStringLiteral("stopped"));
    QVERIFY(!reply.meta.contains(QLatin1String("streaming")));
    QVERIFY(chat.blockedReason().isEmpty());
    QVERIFY(!chat.canRetry());
}

void TestLive::refusedKeySaysWhereItComesFrom()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        return StreamPlan::error(401);
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    chat.setStreamSettings(Fixture::quick());
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 1);
    const QString message = failed[0][0].toString();
    QVERIFY2(message.contains(QStringLiteral("refused the API key"))
                 && message.contains(keyVariable),
             qPrintable(message));
    QCOMPARE(f.server.bodies.size(), 1); // not asked again
    QCOMPARE(liveTurns(*f.store, conversation).size(), 1);

    // A key given to the engine wins over the environment.
    chat.setApiKey(QStringLiteral("from-keychain"));
    chat.retry();
    QTRY_VERIFY_WITH_TIMEOUT(!chat.isStreaming(), 10000);
    QCOMPARE(f.server.authorizations.value(1), QByteArray("Bearer from-keychain"));
    QVERIFY(failed.value(1).value(0).toString().contains(QStringLiteral("keychain")));
}

void TestLive::wrongAddressNamesTheModel()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        return StreamPlan::error(404);
    };
    live::LiveChat chat(*f.store, f.start());
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("404"))
                 && failed[0][0].toString().contains(QStringLiteral("test-model")),
             qPrintable(failed[0][0].toString()));
    QCOMPARE(f.server.bodies.size(), 1);
}

void TestLive::malformedEventFails()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("Fine so"));
        plan.rawEvent = "data: {\"choices\": [oops\n\n";
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("not a JSON object")),
             qPrintable(failed[0][0].toString()));
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[1].text, QStringLiteral("Fine so"));
    QCOMPARE(turns[1].meta.value(QLatin1String("interrupted")).toBool(), true);
}

void TestLive::eventsSplitAnywhereAreParsed()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan;
        // CRLF line ends, a comment, an event field, "data:" without its space, an event split
        // inside its JSON and one spread over two data lines; then the end, split too.
        plan.rawChunks = {
            ": keep-alive\r\n\r\nevent: message\r\ndata: {\"model\": \"split-model\", ",
            "\"choices\": [{\"delta\": {\"content\": \"Hel\"}}]}\r\n\r\ndata:{\"choices\": "
            "[{\"delta\": {\"content\": \"lo, \"}}]}\r\n",
            "\r\ndata: {\"choices\": [{\"delta\":\ndata: {\"content\": \"you.\"}, "
            "\"finish_reason\": \"length\"}]}\n\n",
            "data: {\"choices\": [], \"usage\": {\"prompt_tokens\": 7, "
            "\"completion_tokens\": 3}}\n\ndata: [DO",
            "NE]\n\n"};
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 0);
    const Turn reply = liveTurns(*f.store, conversation).value(1);
    QCOMPARE(reply.text, QStringLiteral("Hello, you."));
    QCOMPARE(reply.meta.value(QLatin1String("model")).toString(), QStringLiteral("split-model"));
    QCOMPARE(reply.meta.value(QLatin1String("finish_reason")).toString(), QStringLiteral("length"));
    QCOMPARE(reply.meta.value(QLatin1String("prompt_tokens")).toInt(), 7);
    QCOMPARE(reply.meta.value(QLatin1String("completion_tokens")).toInt(), 3);
    QCOMPARE(reply.meta.value(QLatin1String("interrupted")).toBool(true), false);
}

void TestLive::unstreamedAnswersAreRead()
{
    // A server that ignores "stream": one whole completion, or an error with status 200.
    Fixture f;
    f.server.handler = [](int number, const QJsonObject &) {
        StreamPlan plan;
        plan.rawChunks = {number == 1
                              ? QByteArray("{\"choices\": [{\"message\": {\"role\": \"assistant\", "
                                           "\"content\": \"All at once.\"}, \"finish_reason\": "
                                           "\"stop\"}]}")
                              : QByteArray("{\"error\": {\"message\": \"quota exceeded\"}}")};
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    chat.setStreamSettings(Fixture::quick());
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 0);
    QCOMPARE(liveTurns(*f.store, conversation).value(1).text, QStringLiteral("All at once."));
    QVERIFY(sendAndWait(chat, QStringLiteral("Again")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("quota exceeded")),
             qPrintable(failed[0][0].toString()));
    QCOMPARE(f.server.bodies.size(), 2); // not asked again
    QCOMPARE(liveTurns(*f.store, conversation).size(), 3);
}

void TestLive::idleTimeoutKeepsThePartial()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("Well, let me think"));
        plan.hangAfter = 2;
        return plan;
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    live::StreamSettings settings = Fixture::quick();
    settings.idleTimeoutMs = 1500; // the server hangs after two pieces; they come 2 ms apart
    chat.setStreamSettings(settings);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Hi")));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("nothing new for 1.5 s")),
             qPrintable(failed[0][0].toString()));
    const Turn reply = liveTurns(*f.store, conversation).value(1);
    QCOMPARE(reply.text, QStringLiteral("Well, let "));
    QCOMPARE(reply.meta.value(QLatin1String("interrupted")).toBool(), true);
    QCOMPARE(reply.meta.value(QLatin1String("finish_reason")).toString(), QStringLiteral("error"));
    QCOMPARE(f.server.bodies.size(), 1);
}

void TestLive::replyLeftStreamingByACrashIsMarked()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        return StreamPlan::reply(QStringLiteral("Asked again."));
    };
    const qint64 conversation = f.start();
    // What a killed program leaves: the message and a partial reply still marked streaming.
    f.store->appendTurn(conversation, QStringLiteral("user"), QStringLiteral("Before the crash."),
                        QJsonObject {{QStringLiteral("live"), true}});
    f.store->appendTurn(
        conversation, QStringLiteral("assistant"), QStringLiteral("Half a"),
        QJsonObject {{QStringLiteral("live"), true}, {QStringLiteral("streaming"), true}});
    live::LiveChat chat(*f.store, conversation);
    Turn partial = liveTurns(*f.store, conversation).value(1);
    QCOMPARE(partial.text, QStringLiteral("Half a"));
    QCOMPARE(partial.meta.value(QLatin1String("interrupted")).toBool(), true);
    QCOMPARE(partial.meta.value(QLatin1String("finish_reason")).toString(),
             QStringLiteral("crash"));
    QVERIFY(chat.blockedReason().isEmpty());
    QVERIFY(chat.canRetry());
    chat.retry();
    QTRY_VERIFY_WITH_TIMEOUT(!chat.isStreaming(), 10000);
    // Asked again for the message, without the partial reply; both replies are kept.
    QCOMPARE(f.server.messages(1).mid(1), QStringList({QStringLiteral("user: Before the crash.")}));
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 3);
    QCOMPARE(turns[2].text, QStringLiteral("Asked again."));
    QCOMPARE(turns[2].meta.value(QLatin1String("session")).toInteger(), chat.sessionId());
}

void TestLive::scriptedConditionEndToEnd()
{
    Fixture f;
    const qint64 conversation = f.start(QStringLiteral("forgetful"));
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy deltas(&chat, &live::LiveChat::replyDelta);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    const QStringList messages = {QStringLiteral("My DEADLINE is tomorrow."),
                                  QStringLiteral("I don't know."), QStringLiteral("Hm."),
                                  QStringLiteral("Still here."),
                                  QStringLiteral("Another deadline, sorry.")};
    for (const QString &message : messages)
        QVERIFY(sendAndWait(chat, message));
    QCOMPARE(failed.size(), 0);
    QVERIFY(deltas.size() > messages.size()); // in pieces
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 10);
    QStringList replies;
    QList<int> chosen;
    for (const Turn &turn : turns) {
        if (turn.role != Role::Assistant)
            continue;
        replies << turn.text;
        chosen << turn.meta.value(QLatin1String("scripted_reply")).toInt(-1);
        QCOMPARE(turn.meta.value(QLatin1String("model")).toString(), QStringLiteral("scripted"));
        QCOMPARE(turn.meta.value(QLatin1String("condition")).toString(),
                 QStringLiteral("forgetful"));
        QCOMPARE(turn.meta.value(QLatin1String("finish_reason")).toString(),
                 QStringLiteral("stop"));
        QCOMPARE(turn.meta.value(QLatin1String("interrupted")).toBool(true), false);
    }
    // By rule (a phrase, the reply's number), in order, then the fallback; each reply once.
    QCOMPARE(replies,
             QStringList({QStringLiteral("Deadlines weigh on you. Which one comes first?"),
                          QStringLiteral("What did you try so far?"), QStringLiteral("I see."),
                          QStringLiteral("Tell me more."), QStringLiteral("Tell me more.")}));
    QCOMPARE(chosen, QList<int>({0, 1, 2, -1, -1}));

    // A new engine on the same conversation (a restart) remembers which replies were used.
    live::LiveChat again(*f.store, conversation);
    QVERIFY(sendAndWait(again, QStringLiteral("deadline")));
    QCOMPARE(liveTurns(*f.store, conversation).constLast().text, QStringLiteral("Tell me more."));
}

void TestLive::resumingSendsTheHistoryInANewSession()
{
    Fixture f;
    f.server.handler = [](int number, const QJsonObject &) {
        return StreamPlan::reply(QStringLiteral("Reply %1.").arg(number));
    };
    const qint64 conversation = f.start();
    qint64 firstSession = 0;
    {
        live::LiveChat chat(*f.store, conversation);
        firstSession = chat.sessionId();
        QVERIFY(sendAndWait(chat, QStringLiteral("Message 1.")));
        QVERIFY(sendAndWait(chat, QStringLiteral("Message 2.")));
        QCOMPARE(
            f.server.messages(2),
            QStringList({QStringLiteral("system: You are an empathic assistant."),
                         QStringLiteral("user: Message 1."), QStringLiteral("assistant: Reply 1."),
                         QStringLiteral("user: Message 2.")}));
    }
    // Days later: a new sitting of the same conversation.
    const qint64 resumed = f.store->beginSession(conversation);
    QVERIFY(resumed != firstSession);
    live::LiveChat chat(*f.store, conversation);
    QCOMPARE(chat.sessionId(), resumed);
    QVERIFY(sendAndWait(chat, QStringLiteral("Message 3.")));
    // history_turns is 2: the system prompt, the last two earlier turns and the new message.
    QCOMPARE(f.server.messages(3),
             QStringList({QStringLiteral("system: You are an empathic assistant."),
                          QStringLiteral("user: Message 2."), QStringLiteral("assistant: Reply 2."),
                          QStringLiteral("user: Message 3.")}));
    const QVector<LiveSession> sessions = f.store->sessions(conversation);
    QCOMPARE(sessions.size(), 2);
    QCOMPARE(sessions[0].id, firstSession);
    QVERIFY(sessions[0].endedAt.isValid());
    QCOMPARE(sessions[1].id, resumed);
    QCOMPARE(sessions[1].firstTurnIndex, liveTurns(*f.store, conversation).at(4).index);
    const QVector<Turn> turns = liveTurns(*f.store, conversation);
    QCOMPARE(turns.size(), 6);
    for (int i = 0; i < turns.size(); ++i)
        QCOMPARE(turns[i].meta.value(QLatin1String("session")).toInteger(),
                 i < 4 ? firstSession : resumed);
}

void TestLive::requiredRatingBlocksTheNextMessage()
{
    Fixture f(true);
    const qint64 conversation = f.start(QStringLiteral("forgetful"));
    live::LiveChat chat(*f.store, conversation);
    QVERIFY(chat.blockedReason().isEmpty());
    QVERIFY(sendAndWait(chat, QStringLiteral("A deadline.")));
    const QString reason = QStringLiteral("Rate the last reply before you send your next message.");
    QCOMPARE(chat.blockedReason(), reason);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    QVERIFY(!chat.send(QStringLiteral("Next.")));
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed[0][0].toString(), reason);
    QCOMPARE(liveTurns(*f.store, conversation).size(), 2); // nothing added

    const Turn reply = liveTurns(*f.store, conversation).at(1);
    const auto helpful = f.store->findDimension(QStringLiteral("reply/helpful"));
    QVERIFY(helpful);
    f.store->setRating(reply.id, helpful->id,
                       f.store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self), 4);
    QVERIFY(chat.blockedReason().isEmpty());
    QVERIFY(sendAndWait(chat, QStringLiteral("Next.")));
    QCOMPARE(liveTurns(*f.store, conversation).size(), 4);
    QCOMPARE(chat.blockedReason(), reason);
}

void TestLive::chatCommandScripted()
{
    Fixture f;
    const QString db = f.path();
    f.store.reset();
    CliResult run =
        runCli({QStringLiteral("chat"), db, QStringLiteral("--condition"),
                QStringLiteral("forgetful"), QStringLiteral("--participant"), QStringLiteral("P07"),
                QStringLiteral("--message"), QStringLiteral("The deadline scares me."),
                QStringLiteral("--message"), QStringLiteral("Nothing yet.")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.out,
             QStringLiteral("Deadlines weigh on you. Which one comes first?\nWhat did you try so "
                            "far?\n"));

    auto store = Store::open(db);
    const qint64 participant = store->participantId(QStringLiteral("P07"));
    QVERIFY(participant != 0);
    QVERIFY(store->assignment(participant).has_value());
    const auto summaries = store->conversationSummaries(0, participant);
    QCOMPARE(summaries.size(), 1);
    const qint64 conversation = summaries[0].id;
    QCOMPARE(store->conversation(conversation)->condition, QStringLiteral("forgetful"));
    QVector<Turn> turns = store->turns(conversation);
    QCOMPARE(turns.size(), 4);
    QCOMPARE(turns[2].text, QStringLiteral("Nothing yet."));
    QCOMPARE(turns[3].meta.value(QLatin1String("scripted_reply")).toInt(), 1);
    QVector<LiveSession> sessions = store->sessions(conversation);
    QCOMPARE(sessions.size(), 1);
    QVERIFY(sessions[0].endedAt.isValid()); // the sitting ends with the command
    store.reset();

    // Resumed: a new session, the same conversation.
    run = runCli({QStringLiteral("chat"), db, QStringLiteral("--condition"),
                  QStringLiteral("forgetful"), QStringLiteral("--conversation"),
                  QString::number(conversation), QStringLiteral("--message"),
                  QStringLiteral("Hello again.")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.out, QStringLiteral("I see.\n"));
    store = Store::open(db);
    turns = store->turns(conversation);
    QCOMPARE(turns.size(), 6);
    sessions = store->sessions(conversation);
    QCOMPARE(sessions.size(), 2);
    QCOMPARE(turns[4].meta.value(QLatin1String("session")).toInteger(), sessions[1].id);
    store.reset();

    // The wrong condition for that conversation, or an unknown one: exit 1, nothing written.
    run =
        runCli({QStringLiteral("chat"), db, QStringLiteral("--condition"),
                QStringLiteral("empathic"), QStringLiteral("--conversation"),
                QString::number(conversation), QStringLiteral("--message"), QStringLiteral("Hi")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("forgetful")), qPrintable(run.err));
    run = runCli({QStringLiteral("chat"), db, QStringLiteral("--condition"),
                  QStringLiteral("nosuch"), QStringLiteral("--participant"), QStringLiteral("P07"),
                  QStringLiteral("--message"), QStringLiteral("Hi")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("empathic, forgetful")), qPrintable(run.err));
    store = Store::open(db);
    QCOMPARE(store->turns(conversation).size(), 6);
}

void TestLive::chatCommandEndpoint()
{
    Fixture f;
    f.server.handler = [](int number, const QJsonObject &) {
        return number == 1 ? StreamPlan::reply(QStringLiteral("I am listening."))
                           : StreamPlan::error(403);
    };
    const QString db = f.path();
    f.store.reset();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(keyVariable, QStringLiteral("cli-key"));
    CliResult run = runCli(
        {QStringLiteral("chat"), db, QStringLiteral("--condition"), QStringLiteral("empathic"),
         QStringLiteral("--participant"), QStringLiteral("P08"), QStringLiteral("--message"),
         QStringLiteral("Hello."), QStringLiteral("--message"), QStringLiteral("Still there?")},
        environment);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, QStringLiteral("I am listening.\n"));
    QVERIFY2(run.err.contains(QStringLiteral("refused the API key"))
                 && run.err.contains(keyVariable),
             qPrintable(run.err));
    QCOMPARE(f.server.authorizations.value(0), QByteArray("Bearer cli-key"));
    QCOMPARE(f.server.messages(2).last(), QStringLiteral("user: Still there?"));

    auto store = Store::open(db);
    const auto summaries =
        store->conversationSummaries(0, store->participantId(QStringLiteral("P08")));
    QCOMPARE(summaries.size(), 1);
    const QVector<Turn> turns = store->turns(summaries[0].id);
    QCOMPARE(turns.size(), 3); // both messages kept, one reply
    QCOMPARE(turns[1].meta.value(QLatin1String("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(turns[2].text, QStringLiteral("Still there?"));
    // The key is never stored.
    store.reset();
    for (const QString &file : QStringList {db, db + QStringLiteral("-wal")})
        if (QFile::exists(file))
            QVERIFY(!readFile(file).contains("cli-key"));
}

void TestLive::chatCommandKilledWhileStreamingKeepsThePartial()
{
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        StreamPlan plan = StreamPlan::reply(QStringLiteral("Once upon a time there was"));
        plan.hangAfter = 3;
        return plan;
    };
    const QString db = f.path();
    f.store.reset();
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI),
                  {QStringLiteral("chat"), db, QStringLiteral("--condition"),
                   QStringLiteral("empathic"), QStringLiteral("--participant"),
                   QStringLiteral("P09"), QStringLiteral("--message"),
                   QStringLiteral("Tell me a story.")});
    QVERIFY(process.waitForStarted());
    // Watch the data set from outside, as a restarted studio would read it.
    auto partialStored = [&db] {
        auto store = Store::open(db, Store::Access::ReadOnly, Store::Check::Never);
        const auto summaries =
            store->conversationSummaries(0, store->participantId(QStringLiteral("P09")));
        if (summaries.isEmpty())
            return false;
        const QVector<Turn> turns = store->turns(summaries[0].id);
        return turns.size() == 2 && turns[1].text == QStringLiteral("Once upon a ");
    };
    QTRY_VERIFY_WITH_TIMEOUT(partialStored(), 10000);
    QCOMPARE(process.state(), QProcess::Running); // still streaming: the server hangs
    process.kill(); // SIGKILL: nothing is flushed or rolled back by the program
    QVERIFY(process.waitForFinished());

    auto store = Store::open(db);
    const qint64 conversation =
        store->conversationSummaries(0, store->participantId(QStringLiteral("P09")))[0].id;
    QCOMPARE(store->turns(conversation)[1].meta.value(QLatin1String("streaming")).toBool(), true);
    live::LiveChat chat(*store, conversation); // opening it marks what the crash left
    const QVector<Turn> turns = store->turns(conversation);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[0].text, QStringLiteral("Tell me a story."));
    QCOMPARE(turns[1].text, QStringLiteral("Once upon a "));
    QCOMPARE(turns[1].meta.value(QLatin1String("interrupted")).toBool(), true);
    QCOMPARE(turns[1].meta.value(QLatin1String("finish_reason")).toString(),
             QStringLiteral("crash"));
    QVERIFY(!turns[1].meta.contains(QLatin1String("streaming")));
    QVERIFY(chat.canRetry());
}

void TestLive::replyDuringACancelledImportIsKept()
{
    // The studio's import dialog lets events through inside the import's transaction. A reply
    // that streams meanwhile must not join that transaction: cancelling the import takes back
    // the import's conversations, not the reply.
    Fixture f;
    f.server.handler = [](int, const QJsonObject &) {
        return StreamPlan::reply(QStringLiteral("Kept when the import is cancelled."));
    };
    const qint64 conversation = f.start();
    live::LiveChat chat(*f.store, conversation);
    QSignalSpy started(&chat, &live::LiveChat::replyStarted);
    QSignalSpy deltas(&chat, &live::LiveChat::replyDelta);
    QSignalSpy finished(&chat, &live::LiveChat::replyFinished);
    QSignalSpy failed(&chat, &live::LiveChat::failed);
    int startedBeforeFinished = -1;
    connect(&chat, &live::LiveChat::replyFinished, this,
            [&] { startedBeforeFinished = int(started.size()); });
    const QString many =
        test::writeManyConversations(f.dir.filePath(QStringLiteral("many.jsonl")), 20000, 200);
    QVERIFY(chat.send(QStringLiteral("Tell me something.")));

    import::Importer importer(*f.store);
    int calls = 0;
    int turnsWhileImporting = -1;
    QString refusal;
    importer.progress().setCallback([&](qint64, qint64) {
        if (++calls > 1)
            return;
        // As the studio's progress dialog does: writes held while events are handled.
        const Store::HoldWrites hold(*f.store);
        // The whole reply arrives meanwhile.
        const bool sent = QTest::qWaitFor([&] { return f.server.completed == 1; }, 10000);
        Q_UNUSED(sent) // checked after the import
        QTest::qWait(100);
        turnsWhileImporting = int(f.store->turns(conversation).size());
        try {
            f.store->saveDraft(conversation, QStringLiteral("typed during the import"));
        } catch (const Error &e) {
            refusal = e.message();
        }
        importer.progress().cancel();
    });
    try {
        importer.importFile(many, import::Options());
        QFAIL("the import was not cancelled");
    } catch (const import::Cancelled &) { }
    QVERIFY(calls >= 1);
    QCOMPARE(turnsWhileImporting, 1); // the message only: nothing joined the import
    QVERIFY2(refusal.contains(QStringLiteral("import")), qPrintable(refusal));
    QCOMPARE(f.server.completed, 1);
    QCOMPARE(started.size() + deltas.size() + finished.size(), 0); // all after the import
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
    QCOMPARE(startedBeforeFinished, 1); // it began, then ended, as any reply
    QVERIFY(!deltas.isEmpty());
    QCOMPARE(deltas.constLast().at(1).toString(),
             QStringLiteral("Kept when the import is cancelled."));
    QCOMPARE(failed.size(), 0);
    QVERIFY(!chat.isStreaming());

    // Committed: another connection reads the whole reply, and none of the import.
    auto other = Store::open(f.path(), Store::Access::ReadOnly, Store::Check::Never);
    const QVector<Turn> turns = other->turns(conversation);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[1].text, QStringLiteral("Kept when the import is cancelled."));
    QCOMPARE(turns[1].meta.value(QLatin1String("interrupted")).toBool(), false);
    QVERIFY(!turns[1].meta.contains(QLatin1String("streaming")));
    QCOMPARE(other->conversationSummaries().size(), 1);
    QVERIFY(other->draft(conversation).isEmpty());
}

QTEST_GUILESS_MAIN(TestLive)
#include "tst_live.moc"
