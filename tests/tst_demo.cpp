#include "demo.h"
#include "error.h"
#include "forms.h"
#include "store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace sense7;

class TestDemo : public QObject
{
    Q_OBJECT

private slots:
    void meetsTheSpecification();
    void ratesAllDimensionsWithSomeNotApplicable();
    void flagsBreaksWithReasons();
    void formsAreValid();
    void saysItIsIllustrative();
    void loadingTwiceWritesNothing();
    void badDemoWritesNothing();
};

void TestDemo::meetsTheSpecification()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    const DataSetInfo info = store->info();
    QVERIFY(info.participants >= 3);
    QVERIFY(info.conversations >= 12);
    QCOMPARE(info.agents.size(), 4);
    QVERIFY(info.agents.contains(QStringLiteral("empathy-prompted")));
    for (const ConversationSummary &s : store->conversationSummaries()) {
        QVERIFY2(s.turns >= 6 && s.turns <= 30, qPrintable(s.title));
        QVERIFY(s.assistantTurns >= 3);
        QVERIFY(!s.title.isEmpty());
        QVERIFY(s.startedAt.isValid());
    }
    // Some conversations are left partly rated, as a participant would leave them mid-study.
    QSet<double> shares;
    for (const ConversationSummary &s : store->conversationSummaries())
        shares.insert(s.ratedShare);
    QVERIFY(shares.contains(1.0));
    QVERIFY(shares.size() > 1);
}

void TestDemo::ratesAllDimensionsWithSomeNotApplicable()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    auto &db = test::connection(*store);
    QCOMPARE(db.pragmaInt("SELECT count(DISTINCT dimension_id) FROM rating"), 7);
    QVERIFY(db.pragmaInt("SELECT count(*) FROM rating WHERE value IS NULL") >= 5);
    QVERIFY(db.pragmaInt("SELECT count(DISTINCT value) FROM rating WHERE value IS NOT NULL") == 5);
    // Ratings only ever sit on assistant turns.
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM rating r JOIN turn t ON t.id = r.turn_id "
                          "WHERE t.role <> 'assistant'"),
             0);
}

void TestDemo::flagsBreaksWithReasons()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    auto &db = test::connection(*store);
    QVERIFY(db.pragmaInt("SELECT count(*) FROM turn_flag") >= 4);
    QVERIFY(db.pragmaInt("SELECT count(DISTINCT reason) FROM turn_flag") >= 4);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn_flag WHERE reason IS NULL"), 0);
    // A lost turn is always earlier in the same conversation.
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn_flag f JOIN turn t ON t.id = f.turn_id "
                          "JOIN turn l ON l.id = f.refers_to_turn_id "
                          "WHERE l.conversation_id <> t.conversation_id OR l.idx >= t.idx"),
             0);
    QVERIFY(db.pragmaInt("SELECT count(*) FROM turn_flag WHERE refers_to_turn_id IS NOT NULL")
            >= 4);
}

void TestDemo::formsAreValid()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    const Form context = forms::context();
    for (const ConversationSummary &s : store->conversationSummaries()) {
        const QJsonObject answers = store->conversation(s.id)->context;
        QVERIFY2(!answers.isEmpty(), qPrintable(s.title));
        QCOMPARE(context.validate(answers), QStringList());
    }
    const Form profile = forms::profile();
    for (const Participant &p : store->participants()) {
        QVERIFY(!p.profile.isEmpty());
        QCOMPARE(profile.validate(p.profile), QStringList());
    }
}

void TestDemo::saysItIsIllustrative()
{
    const QJsonObject root = QJsonDocument::fromJson(test::readFile(demo::resourcePath())).object();
    QVERIFY(
        root.value(QStringLiteral("about")).toString().contains(QStringLiteral("not study data")));
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    QCOMPARE(store->info().sourceFormats, QStringList {QStringLiteral("demo")});
}

void TestDemo::loadingTwiceWritesNothing()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    const QJsonObject before = store->info().toJson();
    QVERIFY_THROWS_EXCEPTION(Error, demo::load(*store));
    QCOMPARE(store->info().toJson(), before);
}

void TestDemo::badDemoWritesNothing()
{
    QJsonObject root = QJsonDocument::fromJson(test::readFile(demo::resourcePath())).object();
    QJsonArray conversations = root.value(QStringLiteral("conversations")).toArray();
    QJsonObject second = conversations[1].toObject();
    QJsonArray turns = second.value(QStringLiteral("turns")).toArray();
    QJsonObject reply = turns[1].toObject();
    reply.insert(QStringLiteral("rate"), QStringLiteral("44x4444"));
    turns[1] = reply;
    second.insert(QStringLiteral("turns"), turns);
    conversations[1] = second;
    root.insert(QStringLiteral("conversations"), conversations);

    auto store = Store::create(QStringLiteral(":memory:"));
    try {
        demo::load(*store, QJsonDocument(root).toJson(), QStringLiteral("broken-demo.json"));
        QFAIL("a broken demo was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("broken-demo.json: conversation 2")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("turn 1")), qPrintable(e.message()));
    }
    const DataSetInfo info = store->info();
    QCOMPARE(info.participants, 0);
    QCOMPARE(info.conversations, 0);
    QCOMPARE(info.ratings, 0);
}

QTEST_GUILESS_MAIN(TestDemo)
#include "tst_demo.moc"
