#include "demo.h"
#include "error.h"
#include "forms.h"
#include "live/livechat.h"
#include "livesupport.h"
#include "store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
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
    void liveDemoHoldsScriptedConversations();
    void liveDemoStartsANewConversationWithoutNetwork();
    void liveConversationMustMatchTheAssignment();
    void otherLiveProtocolsLeaveTheLiveConversationsOut();
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

void TestDemo::liveDemoHoldsScriptedConversations()
{
    const Protocol protocol = demo::protocol();
    QCOMPARE(protocol.key, QStringLiteral("sense7_live"));
    auto store = Store::create(QStringLiteral(":memory:"), protocol);
    demo::load(*store);
    // Every participant is assigned, in the order listed.
    int position = 0;
    for (const Participant &p : store->participants()) {
        const auto assignment = store->assignment(p.id);
        QVERIFY2(assignment, qPrintable(p.code));
        QCOMPARE(assignment->position, position++);
        QCOMPARE(assignment->conditions.size(), 1);
    }
    QCOMPARE(position, 3);

    QHash<QString, ConversationSummary> live;
    for (const ConversationSummary &s : store->conversationSummaries())
        if (!s.condition.isEmpty())
            live.insert(s.condition, s);
    QCOMPARE(store->info().conversations, 15);
    QCOMPARE(live.size(), 2);
    const AssistantCondition *attentive = protocol.live.condition(QStringLiteral("attentive"));
    const AssistantCondition *forgetful = protocol.live.condition(QStringLiteral("forgetful"));

    // P01's conversation with Assistant A, held in two sittings, every reply rated.
    const ConversationSummary a = live.value(QStringLiteral("attentive"));
    QCOMPARE(store->conversation(a.id)->participantId, store->participantId(QStringLiteral("P01")));
    QCOMPARE(a.agent, QStringLiteral("Assistant A"));
    QCOMPARE(a.ratedShare, 1.0);
    const QVector<LiveSession> sessions = store->sessions(a.id);
    QCOMPARE(sessions.size(), 2);
    QCOMPARE(sessions.at(1).firstTurnIndex, 4);
    for (const LiveSession &s : sessions)
        QVERIFY(s.endedAt.isValid());
    QCOMPARE(forms::context().validate(store->conversation(a.id)->context), QStringList());
    const QVector<Turn> aTurns = store->turns(a.id);
    QCOMPARE(aTurns.size(), 8);
    // Each reply is the one the script gives: the first mentions the deadline, the third looks
    // back at the start.
    QCOMPARE(aTurns.at(1).text, attentive->replies.at(1).text);
    QCOMPARE(aTurns.at(5).text, attentive->replies.at(0).text);
    QCOMPARE(aTurns.at(5).meta.value(QStringLiteral("scripted_reply")).toInt(), 0);
    QCOMPARE(aTurns.at(5).meta.value(QStringLiteral("session")).toInteger(), sessions.at(1).id);
    QCOMPARE(aTurns.at(5).meta.value(QStringLiteral("condition")).toString(),
             QStringLiteral("attentive"));
    QCOMPARE(aTurns.at(4).meta.value(QStringLiteral("session")).toInteger(), sessions.at(1).id);
    QCOMPARE(aTurns.at(3).meta.value(QStringLiteral("session")).toInteger(), sessions.at(0).id);

    // P02's conversation with Assistant B: the third reply forgets the first message, flagged.
    const ConversationSummary f = live.value(QStringLiteral("forgetful"));
    QCOMPARE(store->conversation(f.id)->participantId, store->participantId(QStringLiteral("P02")));
    QCOMPARE(f.agent, QStringLiteral("Assistant B"));
    const QVector<Turn> fTurns = store->turns(f.id);
    QCOMPARE(fTurns.size(), 8);
    QCOMPARE(fTurns.at(5).text, forgetful->replies.at(0).text);
    QVERIFY(fTurns.at(5).text != aTurns.at(5).text);
    auto &db = test::connection(*store);
    QCOMPARE(db.pragmaInt(QStringLiteral("SELECT count(*) FROM turn_flag WHERE turn_id = %1 AND "
                                         "reason = 'forgot_context' AND refers_to_turn_id = %2")
                              .arg(fTurns.at(5).id)
                              .arg(fTurns.at(0).id)
                              .toUtf8()
                              .constData()),
             1);
    // Its last reply is left for the participant to rate, as they would leave it mid-study.
    const qint64 self = store->selfAnnotatorId();
    QVERIFY(store->ratingsOfTurn(fTurns.at(7).id, self).isEmpty());
    QCOMPARE(store->ratingsOfTurn(fTurns.at(5).id, self).size(), 7);
}

void TestDemo::liveDemoStartsANewConversationWithoutNetwork()
{
    auto store = Store::create(QStringLiteral(":memory:"), demo::protocol());
    demo::load(*store);
    // What Study > New conversation does for P03: the recorded condition, a scripted reply.
    const qint64 p03 = store->participantId(QStringLiteral("P03"));
    const QString condition = store->assignment(p03)->conditions.constFirst();
    const qint64 id = store->startLiveConversation(p03, condition, QStringLiteral("New"));
    live::LiveChat chat(*store, id);
    QSignalSpy finished(&chat, &live::LiveChat::replyFinished);
    QVERIFY(chat.send(QStringLiteral("My deadline moved up and I cannot sleep.")));
    QVERIFY(finished.wait(10000));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(turns.size(), 2);
    const Protocol protocol = store->protocol();
    const AssistantCondition *c = protocol.live.condition(condition);
    QCOMPARE(turns.at(1).text, c->replies.at(1).text); // the one that mentions the deadline
    QCOMPARE(turns.at(1).meta.value(QStringLiteral("model")).toString(),
             QStringLiteral("scripted"));
    // Rating is required before the next message.
    QVERIFY(!chat.blockedReason().isEmpty());
}

void TestDemo::liveConversationMustMatchTheAssignment()
{
    QJsonObject root = QJsonDocument::fromJson(test::readFile(demo::resourcePath())).object();
    QJsonArray live = root.value(QStringLiteral("live_conversations")).toArray();
    QJsonObject first = live[0].toObject();
    first.insert(QStringLiteral("condition"), QStringLiteral("forgetful"));
    live[0] = first;
    root.insert(QStringLiteral("live_conversations"), live);
    auto store = Store::create(QStringLiteral(":memory:"), demo::protocol());
    try {
        demo::load(*store, QJsonDocument(root).toJson(), QStringLiteral("broken-demo.json"));
        QFAIL("a live conversation with another condition than assigned was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("live conversation 1")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("P01 is assigned attentive")),
                 qPrintable(e.message()));
    }
    QCOMPARE(store->info().conversations, 0);
    QVERIFY(!store->assignment(store->participantId(QStringLiteral("P01"))));
}

void TestDemo::otherLiveProtocolsLeaveTheLiveConversationsOut()
{
    // SENSE-7 with other conditions (empathic, forgetful): the demo's conversations were not
    // all held with them, so only the imported ones are loaded, and nobody is assigned.
    {
        auto store = Store::create(QStringLiteral(":memory:"), test::liveProtocol());
        demo::load(*store);
        QCOMPARE(store->info().conversations, 13);
        for (const Participant &p : store->participants())
            QVERIFY(!store->assignment(p.id));
    }
    // Plain SENSE-7: the same.
    auto plain = Store::create(QStringLiteral(":memory:"));
    demo::load(*plain);
    QCOMPARE(plain->info().conversations, 13);
    QVERIFY(!plain->assignment(plain->participantId(QStringLiteral("P01"))));
}

QTEST_GUILESS_MAIN(TestDemo)
#include "tst_demo.moc"
