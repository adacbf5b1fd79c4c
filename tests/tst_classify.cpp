// The LLM rating client against a local chat-completions server started inside the test.
#include "classify/classifier.h"
#include "classify/prompt.h"
#include "completionserver.h"
#include "error.h"
#include "store.h"
#include "taxonomy.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>

using namespace sense7;
using namespace sense7::test;

namespace {

struct Fixture
{
    QTemporaryDir dir;
    std::unique_ptr<Store> store;
    qint64 conversation = 0;
    int replies = 0;

    Fixture()
    {
        store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
        const qint64 participant = store->addParticipant(QStringLiteral("P1"));
        Conversation c;
        c.participantId = participant;
        c.title = QStringLiteral("Planning");
        c.sourceFormat = QStringLiteral("test");
        QVector<Turn> turns;
        const QStringList texts = {QStringLiteral("I have too much to do."),
                                   QStringLiteral("That sounds like a lot. What is due first?"),
                                   QStringLiteral("The report on Friday."),
                                   QStringLiteral("Then let us start with the report.")};
        for (int i = 0; i < texts.size(); ++i) {
            Turn t;
            t.index = i;
            t.role = i % 2 ? Role::Assistant : Role::User;
            t.text = texts[i];
            turns << t;
        }
        conversation = store->addConversation(c, turns);
        replies = 2;
    }

    classify::Endpoint endpoint(const CompletionServer &server) const
    {
        classify::Endpoint e;
        e.url = server.url();
        e.model = QStringLiteral("local-model");
        e.concurrency = 2;
        e.timeoutMs = 10000; // a healthy answer is never late, even on a loaded machine
        e.backoffMs = 20;
        e.maxAttempts = 3;
        return e;
    }

    qint64 modelRatings() const
    {
        return test::queryInt(
            store->path(),
            "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
            " WHERE a.kind = 'model'");
    }
};

classify::RunSummary runToEnd(classify::Classifier &classifier,
                              const QVector<qint64> &conversations)
{
    QSignalSpy finished(&classifier, &classify::Classifier::finished);
    classifier.start(conversations);
    if (!finished.wait(20000))
        qFatal("the classifier did not finish");
    return classifier.summary();
}

} // namespace

class ClassifyTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void promptCarriesTaxonomyAndContext();
    void parsesFencedReplies();
    void rejectsBadReplies_data();
    void rejectsBadReplies();
    void storesGoodRepliesWithProvenance();
    void retriesMalformedJson();
    void retriesOutOfRangeValues();
    void retriesAfterTimeout();
    void retries429ThenSucceeds();
    void givesUpAfterMaxAttempts();
    void stopsOnBadKey();
    void stopsWhenNobodyListens();
    void cachedPromptsAreNotSentAgain();
    void cancelKeepsFinishedTurns();
    void cancelThroughProgress();
    void limitsConcurrency();
    void commandLineRatesThroughEndpoint();
    void promptForASevenPointInstrument();
    void ratesWithTheChosenInstrument();
};

void ClassifyTest::promptCarriesTaxonomyAndContext()
{
    Fixture f;
    const Instrument sense7 = f.store->instruments().constFirst();
    const QVector<Turn> turns = f.store->turns(f.conversation);
    const QJsonArray messages = classify::buildMessages(sense7, turns, 3);
    QCOMPARE(messages.size(), 2);
    const QString system = messages[0].toObject().value(QStringLiteral("content")).toString();
    for (const Dimension &d : sense7.dimensions) {
        QVERIFY(system.contains(d.key));
        QVERIFY(system.contains(d.question));
    }
    QVERIFY(system.contains(sense7.dimensions[0].anchors.value(1)));
    const QString user = messages[1].toObject().value(QStringLiteral("content")).toString();
    QVERIFY(user.contains(QStringLiteral("I have too much to do.")));
    QVERIFY(user.contains(
        QStringLiteral("RATED REPLY\nAssistant: Then let us start with the report.")));

    classify::PromptOptions narrow;
    narrow.contextTurns = 1;
    const QString shortUser = classify::buildMessages(sense7, turns, 3, narrow)[1]
                                  .toObject()
                                  .value(QStringLiteral("content"))
                                  .toString();
    QVERIFY(!shortUser.contains(QStringLiteral("I have too much to do.")));
    QVERIFY(shortUser.contains(QStringLiteral("The report on Friday.")));
    QVERIFY(shortUser.contains(QStringLiteral("2 earlier turns left out")));

    QCOMPARE(classify::promptHash(QStringLiteral("m"), messages),
             classify::promptHash(QStringLiteral("m"), messages));
    QVERIFY(classify::promptHash(QStringLiteral("m"), messages)
            != classify::promptHash(QStringLiteral("n"), messages));
}

void ClassifyTest::parsesFencedReplies()
{
    const Instrument sense7 = taxonomy::sense7();
    const auto values = classify::parseReply(
        QString::fromUtf8("Here you are:\n```json\n" + ratings(4) + "\n```\n"), sense7);
    QCOMPARE(values.size(), 7);
    QCOMPARE(values.value(QStringLiteral("warmth")), std::optional<int>(4));
    QVERIFY(!values.value(QStringLiteral("validation")).has_value());
}

void ClassifyTest::rejectsBadReplies_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("message");
    QTest::newRow("no json") << QStringLiteral("I would say four.")
                             << QStringLiteral("no JSON object");
    QTest::newRow("broken json") << QStringLiteral("{\"warmth\": 4,")
                                 << QStringLiteral("no JSON object");
    QTest::newRow("bad syntax") << QStringLiteral("{\"warmth\": four}")
                                << QStringLiteral("not valid JSON");
    QTest::newRow("missing key") << QString::fromUtf8(ratings(3))
                                        .replace(QStringLiteral("\"support\""),
                                                 QStringLiteral("\"help\""))
                                 << QStringLiteral("no rating for \"support\"");
    QTest::newRow("out of range") << QString::fromUtf8(
        ratings(6)) << QStringLiteral("\"acknowledgment\" is 6, not a whole number from 1 to 5");
    QTest::newRow("fraction") << QString::fromUtf8(ratings(3))
                                     .replace(QStringLiteral("\"warmth\": 3"),
                                              QStringLiteral("\"warmth\": 3.5"))
                              << QStringLiteral("\"warmth\" is 3.5");
    QTest::newRow("string") << QString::fromUtf8(ratings(3))
                                   .replace(QStringLiteral("\"warmth\": 3"),
                                            QStringLiteral("\"warmth\": \"3\""))
                            << QStringLiteral("\"warmth\" is 3, not a whole number");
}

void ClassifyTest::rejectsBadReplies()
{
    QFETCH(QString, reply);
    QFETCH(QString, message);
    try {
        classify::parseReply(reply, taxonomy::sense7());
        QFAIL("a bad reply was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(message), qPrintable(e.message()));
    }
}

void ClassifyTest::storesGoodRepliesWithProvenance()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, ratings(4), {}, false, {}};
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.apiKey = QStringLiteral("secret-key");
    classify::Classifier classifier(*f.store, endpoint);
    QSignalSpy predicted(&classifier, &classify::Classifier::turnPredicted);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.queued, 2);
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.failed, 0);
    QCOMPARE(predicted.size(), 2);
    QCOMPARE(server.bodies.size(), 2);
    QCOMPARE(server.bodies[0].value(QStringLiteral("model")).toString(),
             QStringLiteral("local-model"));
    QCOMPARE(server.authorizations[0], QByteArray("Bearer secret-key"));
    QCOMPARE(f.modelRatings(), qint64(2 * 7));
    const QString path = f.store->path();
    QCOMPARE(
        test::queryInt(path,
                       "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
                       " WHERE a.code = 'local-model' AND r.value IS NULL"),
        qint64(2)); // validation: not applicable
    QCOMPARE(test::queryInt(path,
                            "SELECT COUNT(*) FROM model_prediction WHERE attempts = 1"
                            " AND length(prompt_hash) = 32 AND reply LIKE '%warmth%'"),
             qint64(2));
    // The key is never written to the data set.
    QVERIFY(!test::readFile(path).contains("secret-key"));
    QCOMPARE(
        test::queryInt(path, "SELECT COUNT(*) FROM model_prediction WHERE reply LIKE '%secret%'"),
        qint64(0));
}

void ClassifyTest::retriesMalformedJson()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int n, const QJsonObject &) {
        return n == 1 ? Response {200, "{\"warmth\": 4, oops", {}, false, {}}
                      : Response {200, ratings(3), {}, false, {}};
    };
    classify::Classifier classifier(*f.store, f.endpoint(server));
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.requests, 3);
    QCOMPARE(test::queryInt(f.store->path(), "SELECT MAX(attempts) FROM model_prediction"),
             qint64(2));
}

void ClassifyTest::retriesOutOfRangeValues()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int n, const QJsonObject &) {
        return Response {200, n <= 2 ? ratings(7) : ratings(2), {}, false, {}};
    };
    classify::Classifier classifier(*f.store, f.endpoint(server));
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.requests, 4);
    QCOMPARE(test::queryInt(f.store->path(), "SELECT COUNT(*) FROM rating WHERE value = 7"),
             qint64(0));
    QCOMPARE(f.modelRatings(), qint64(14));
}

void ClassifyTest::retriesAfterTimeout()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int n, const QJsonObject &) {
        Response r {200, ratings(5), {}, false, {}};
        r.hang = n == 1;
        return r;
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 1;
    endpoint.timeoutMs = 1500; // the first request hangs
    classify::Classifier classifier(*f.store, endpoint);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.failed, 0);
    QCOMPARE(summary.requests, 3);
}

void ClassifyTest::retries429ThenSucceeds()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int n, const QJsonObject &) {
        if (n == 1)
            return Response {429, {}, "{\"error\": \"rate limited\"}", false, "Retry-After: 0\r\n"};
        if (n == 2)
            return Response {503, {}, "{\"error\": \"busy\"}", false, {}};
        return Response {200, ratings(1), {}, false, {}};
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 1;
    classify::Classifier classifier(*f.store, endpoint);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.requests, 4);
    // While the first reply waits out its Retry-After, the second is asked (and gets a 503).
    QCOMPARE(test::queryInt(f.store->path(), "SELECT SUM(attempts) FROM model_prediction"),
             qint64(4));
    QCOMPARE(f.modelRatings(), qint64(14));
}

void ClassifyTest::givesUpAfterMaxAttempts()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {500, {}, "{}", false, {}};
    };
    classify::Classifier classifier(*f.store, f.endpoint(server));
    QSignalSpy failed(&classifier, &classify::Classifier::turnFailed);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 0);
    QCOMPARE(summary.failed, 2);
    QCOMPARE(summary.requests, 6);
    QCOMPARE(failed.size(), 2);
    QVERIFY2(summary.errors[0].contains(QStringLiteral("HTTP 500 (after 3 attempt")),
             qPrintable(summary.errors[0]));
    QVERIFY2(summary.errors[0].contains(QStringLiteral("conversation ")),
             qPrintable(summary.errors[0]));
    QCOMPARE(f.modelRatings(), qint64(0));
}

void ClassifyTest::stopsOnBadKey()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {401, {}, "{\"error\": \"invalid api key\"}", false, {}};
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 1;
    classify::Classifier classifier(*f.store, endpoint);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.requests, 1); // the second turn is never sent
    QVERIFY2(summary.fatal.contains(QStringLiteral("HTTP 401"))
                 && summary.fatal.contains(QStringLiteral("invalid api key")),
             qPrintable(summary.fatal));
    QCOMPARE(f.modelRatings(), qint64(0));
}

void ClassifyTest::stopsWhenNobodyListens()
{
    Fixture f;
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        port = probe.serverPort();
    }
    classify::Endpoint endpoint;
    endpoint.url = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    endpoint.model = QStringLiteral("m");
    endpoint.backoffMs = 10;
    classify::Classifier classifier(*f.store, endpoint);
    const auto summary = runToEnd(classifier, {f.conversation});
    QVERIFY2(summary.fatal.startsWith(QStringLiteral("Cannot reach http://127.0.0.1")),
             qPrintable(summary.fatal));
    QCOMPARE(f.modelRatings(), qint64(0));

    endpoint.url = QUrl(QStringLiteral("ftp://example.org"));
    classify::Classifier wrong(*f.store, endpoint);
    QVERIFY_THROWS_EXCEPTION(Error, wrong.start({f.conversation}));
}

void ClassifyTest::cachedPromptsAreNotSentAgain()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, ratings(4), {}, false, {}};
    };
    {
        classify::Classifier classifier(*f.store, f.endpoint(server));
        QCOMPARE(runToEnd(classifier, {f.conversation}).predicted, 2);
    }
    classify::Classifier again(*f.store, f.endpoint(server));
    const auto summary = runToEnd(again, {f.conversation});
    QCOMPARE(summary.cached, 2);
    QCOMPARE(summary.queued, 0);
    QCOMPARE(server.bodies.size(), 2);

    // A wider context window is a different prompt: asked again.
    classify::PromptOptions wider;
    wider.contextTurns = 1;
    classify::Classifier changed(*f.store, f.endpoint(server), wider);
    QCOMPARE(runToEnd(changed, {f.conversation}).predicted,
             1); // the first reply's prompt is the same
    QCOMPARE(server.bodies.size(), 3);
}

void ClassifyTest::cancelKeepsFinishedTurns()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int n, const QJsonObject &) {
        Response r {200, ratings(2), {}, false, {}};
        r.hang = n > 1;
        return r;
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 1;
    endpoint.timeoutMs = 10000;
    classify::Classifier classifier(*f.store, endpoint);
    QSignalSpy finished(&classifier, &classify::Classifier::finished);
    QSignalSpy predicted(&classifier, &classify::Classifier::turnPredicted);
    classifier.start({f.conversation});
    QVERIFY(predicted.wait(5000));
    QTRY_COMPARE(server.bodies.size(), 2); // the second request hangs
    classifier.cancel();
    QCOMPARE(finished.size(), 1);
    QVERIFY(classifier.summary().cancelled);
    QVERIFY(!classifier.isRunning());
    QCOMPARE(classifier.summary().predicted, 1);
    QCOMPARE(f.modelRatings(), qint64(7));
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
}

void ClassifyTest::cancelThroughProgress()
{
    // A cancel through the progress, as a dialog's Cancel button gives it from the callback: no
    // further request is sent, and what was stored stays.
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        Response r {200, ratings(2), {}, false, {}};
        return r;
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 1;
    classify::Classifier classifier(*f.store, endpoint);
    classifier.progress().setCallback([&](qint64 done, qint64) {
        if (done == 1)
            classifier.progress().cancel();
    });
    QSignalSpy finished(&classifier, &classify::Classifier::finished);
    classifier.start({f.conversation});
    QVERIFY(finished.wait(5000));
    QVERIFY(classifier.summary().cancelled);
    QVERIFY(!classifier.isRunning());
    QCOMPARE(classifier.summary().predicted, 1);
    QCOMPARE(server.bodies.size(), 1);
    QCOMPARE(f.modelRatings(), qint64(7));
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
}

void ClassifyTest::limitsConcurrency()
{
    Fixture f;
    // A second conversation: four replies in all, at most two in flight.
    Conversation c;
    c.participantId = f.store->participantId(QStringLiteral("P1"));
    c.sourceFormat = QStringLiteral("test");
    QVector<Turn> turns;
    for (int i = 0; i < 4; ++i) {
        Turn t;
        t.index = i;
        t.role = i % 2 ? Role::Assistant : Role::User;
        t.text = QStringLiteral("second %1").arg(i);
        turns << t;
    }
    const qint64 second = f.store->addConversation(c, turns);

    CompletionServer server;
    int open = 0, most = 0;
    server.handler = [&](int, const QJsonObject &) {
        most = std::max(most, ++open);
        Response r {200, ratings(3), {}, false, {}};
        return r;
    };
    classify::Endpoint endpoint = f.endpoint(server);
    endpoint.concurrency = 2;
    classify::Classifier classifier(*f.store, endpoint);
    connect(&classifier, &classify::Classifier::turnPredicted, this, [&] { --open; });
    QVector<std::pair<qint64, qint64>> progress;
    classifier.progress().setCallback([&](qint64 done, qint64 total) {
        progress.append({done, total});
    });
    const auto summary = runToEnd(classifier, {f.conversation, second});
    QCOMPARE(summary.predicted, 4);
    QVERIFY(most <= 2);
    QCOMPARE(progress.last().first, qint64(4));
    QCOMPARE(progress.last().second, qint64(4));
}

void ClassifyTest::commandLineRatesThroughEndpoint()
{
    Fixture f;
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, ratings(5), {}, false, {}};
    };
    auto run = [&](const QStringList &extra) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MY_KEY"), QStringLiteral("from-env"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(SENSE7_CLI),
                      QStringList {QStringLiteral("classify"), QStringLiteral("--db"),
                                   f.store->path(), QStringLiteral("--endpoint"),
                                   server.url().toString(), QStringLiteral("--model"),
                                   QStringLiteral("cli-model"), QStringLiteral("--api-key-env"),
                                   QStringLiteral("MY_KEY")}
                          + extra);
        QSignalSpy done(&process, &QProcess::finished);
        if (!done.wait(30000))
            qFatal("sense7 classify did not finish");
        return std::make_tuple(process.exitCode(),
                               QString::fromUtf8(process.readAllStandardOutput()),
                               QString::fromUtf8(process.readAllStandardError()));
    };
    auto [code, out, err] = run({});
    QVERIFY2(code == 0, qPrintable(err));
    QVERIFY2(out.contains(QStringLiteral(
                 "cli-model: 2 turns rated, 0 unchanged and skipped, 0 failed; 2 requests.")),
             qPrintable(out));
    QCOMPARE(server.authorizations.value(0), QByteArray("Bearer from-env"));
    QCOMPARE(f.modelRatings(), qint64(14));

    std::tie(code, out, err) =
        run({QStringLiteral("--conversation"), QString::number(f.conversation)});
    QCOMPARE(code, 0);
    QVERIFY2(out.contains(QStringLiteral("0 turns rated, 2 unchanged and skipped")),
             qPrintable(out));
    QCOMPARE(server.bodies.size(), 2);

    std::tie(code, out, err) = run({QStringLiteral("--conversation"), QStringLiteral("nope")});
    QCOMPARE(code, 1);
    QVERIFY2(err.contains(QStringLiteral("No conversation “nope”")), qPrintable(err));
    std::tie(code, out, err) = run({QStringLiteral("--concurrency"), QStringLiteral("0")});
    QCOMPARE(code, 1);
    QVERIFY2(err.contains(QStringLiteral("--concurrency")), qPrintable(err));
}

void ClassifyTest::promptForASevenPointInstrument()
{
    Fixture f;
    const Instrument seven =
        taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json"));
    const QJsonArray messages = classify::buildMessages(seven, f.store->turns(f.conversation), 3);
    const QString system = messages[0].toObject().value(QStringLiteral("content")).toString();
    // Its name, its turn-level item with question and 7-point scale with the labels, and no
    // SENSE-7 wording; the conversation-level items are not asked of a reply.
    for (const char *expected :
         {"on the instrument \"Perceived empathy (7-point)\"",
          "Reply empathy (key \"reply_empathy\", a whole number from 1 to 7): This reply felt "
          "empathic.",
          "  1 = Strongly disagree\n", "  4 = Neither agree nor disagree\n",
          "  7 = Strongly agree\n", "{\"reply_empathy\": <rating>}"})
        QVERIFY2(system.contains(QString::fromUtf8(expected)), qPrintable(system));
    for (const char *absent : {"felt_understood", "cared_for", "SENSE-7", "null", "1 to 5"})
        QVERIFY2(!system.contains(QString::fromUtf8(absent)), qPrintable(system));

    QCOMPARE(classify::parseReply(QStringLiteral("{\"reply_empathy\": 7}"), seven)
                 .value(QStringLiteral("reply_empathy")),
             std::optional<int>(7));
    const QList<std::pair<const char *, const char *>> bad {
        {"{\"reply_empathy\": 8}", "\"reply_empathy\" is 8, not a whole number from 1 to 7"},
        {"{\"reply_empathy\": null}", "\"reply_empathy\" must be rated"}};
    for (const auto &[reply, message] : bad) {
        try {
            classify::parseReply(QString::fromUtf8(reply), seven);
            QFAIL(reply);
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QString::fromUtf8(message)), qPrintable(e.message()));
        }
    }
}

void ClassifyTest::ratesWithTheChosenInstrument()
{
    Fixture f;
    f.store->installInstrument(
        taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json")));
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, "{\"reply_empathy\": 6}", {}, false, {}};
    };
    classify::PromptOptions prompt;
    prompt.instrument = QStringLiteral("empathy7");
    classify::Classifier classifier(*f.store, f.endpoint(server), prompt);
    const auto summary = runToEnd(classifier, {f.conversation});
    QCOMPARE(summary.predicted, 2);
    QCOMPARE(summary.failed, 0);
    QVERIFY(server.bodies[0]
                .value(QStringLiteral("messages"))
                .toArray()
                .at(0)
                .toObject()
                .value(QStringLiteral("content"))
                .toString()
                .contains(QStringLiteral("reply_empathy")));
    QCOMPARE(test::queryInt(f.store->path(),
                            "SELECT COUNT(*) FROM rating r JOIN dimension d ON d.id = "
                            "r.dimension_id JOIN annotator a ON a.id = r.annotator_id WHERE "
                            "a.kind = 'model' AND d.key = 'reply_empathy' AND r.value = 6"),
             qint64(2));
    QCOMPARE(f.modelRatings(), qint64(2)); // nothing on SENSE-7

    prompt.instrument = QStringLiteral("empathy9");
    classify::Classifier unknown(*f.store, f.endpoint(server), prompt);
    try {
        unknown.start({f.conversation});
        QFAIL("an unknown instrument was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("no instrument “empathy9” to rate with; it "
                                                     "has: sense7, empathy7.")),
                 qPrintable(e.message()));
    }
}

QTEST_GUILESS_MAIN(ClassifyTest)
#include "tst_classify.moc"
