// The store's live-session API: assignment, live conversations, their turns, sessions and
// drafts, each call committed at once; and the assignment designs (live/assignment.h).

#include "browse/digest.h"
#include "error.h"
#include "live/assignment.h"
#include "protocol.h"
#include "sqlite.h"
#include "store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sense7;

namespace {

/** The SENSE-7 protocol with \a k scripted conditions ("c1".."ck") and \a design. */
Protocol liveProtocol(int k = 2, const QString &design = QStringLiteral("between"),
                      quint64 seed = 7)
{
    QJsonObject root = QJsonDocument::fromJson(protocol::sense7().definition).object();
    QJsonArray conditions;
    for (int i = 1; i <= k; ++i) {
        conditions.append(QJsonObject {
            {QStringLiteral("key"), QStringLiteral("c%1").arg(i)},
            {QStringLiteral("scripted"),
             QJsonObject {{QStringLiteral("replies"),
                           QJsonArray {QJsonObject {
                               {QStringLiteral("text"), QStringLiteral("Reply %1").arg(i)}}}}}}});
    }
    root.insert(QStringLiteral("live"),
                QJsonObject {{QStringLiteral("conditions"), conditions},
                             {QStringLiteral("assignment"),
                              QJsonObject {{QStringLiteral("design"), design},
                                           {QStringLiteral("seed"), qint64(seed)}}}});
    return protocol::parse(QJsonDocument(root).toJson(), QStringLiteral("live.json"));
}

LivePlan plan(int k, AssignmentDesign design, quint64 seed)
{
    LivePlan result;
    for (int i = 1; i <= k; ++i) {
        AssistantCondition c;
        c.key = QStringLiteral("c%1").arg(i);
        result.conditions.append(c);
    }
    result.design = design;
    result.seed = seed;
    return result;
}

/** A JSON object from Latin-1 keys (the build forbids implicit casts from ASCII). */
QJsonObject obj(std::initializer_list<std::pair<const char *, QJsonValue>> members)
{
    QJsonObject result;
    for (const auto &[key, value] : members)
        result.insert(QLatin1String(key), value);
    return result;
}

QJsonValue str(const char *text)
{
    return QJsonValue(QLatin1String(text));
}

/** A second connection to the file: sees only what was committed. */
std::unique_ptr<Store> reader(const Store &store)
{
    return Store::open(store.path(), Store::Access::ReadOnly, Store::Check::Never);
}

QString errorOf(const std::function<void()> &call)
{
    try {
        call();
    } catch (const Error &e) {
        return e.message();
    }
    return {};
}

} // namespace

class TestLiveStore : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void startLiveConversation();
    void contentHashIsRandomAndStable();
    void eachCallIsCommitted();
    void turnsAppendAndUpdate();
    void turnsWrittenNamesTheTurns();
    void updatedTextStaysSearchable();
    void appendRefusedOnImportedConversation();
    void unknownConditionRefused();
    void sessions();
    void endingIsRecorded();
    void importedLiveConversationIsNotContinued();
    void drafts();
    void markInterruptedReplies();
    void assignConditionsStoresAndKeeps();
    void assignRefusedWithoutConditions();
    void betweenBalancedAtEveryPrefix();
    void betweenReproducibleFromSeed();
    void withinLatinSquareComplete();
    void withinOddCountUsesTwoSquares();
    void withinReproducibleFromSeed();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    qint64 m_participant = 0;
};

void TestLiveStore::init()
{
    m_store.reset();
    const QString path = test::testFunctionPath(m_dir) + QStringLiteral(".sense7");
    m_store = Store::create(path, liveProtocol());
    m_participant = m_store->addParticipant(QStringLiteral("P01"));
}

void TestLiveStore::startLiveConversation()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c2"),
                                                     QStringLiteral("Planning the week"));
    const auto c = m_store->conversation(id);
    QVERIFY(c);
    QCOMPARE(c->participantId, m_participant);
    QCOMPARE(c->sourceFormat, QStringLiteral("live"));
    QCOMPARE(c->condition, QStringLiteral("c2"));
    QCOMPARE(c->agent, QStringLiteral("Assistant B")); // the default label of the second
    QCOMPARE(c->title, QStringLiteral("Planning the week"));
    QVERIFY(qAbs(c->startedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QVERIFY(!c->anonymisedHash.isEmpty());
    const auto summary = m_store->conversationSummary(id);
    QVERIFY(summary);
    QCOMPARE(summary->condition, QStringLiteral("c2"));
    QCOMPARE(summary->turns, 0);
    const QVector<LiveSession> sessions = m_store->sessions(id);
    QCOMPARE(sessions.size(), 1);
    QCOMPARE(sessions[0].conversationId, id);
    QCOMPARE(sessions[0].firstTurnIndex, 0);
    QVERIFY(sessions[0].startedAt.isValid());
    QVERIFY(!sessions[0].endedAt.isValid());

    // An imported conversation has no condition.
    QVector<Turn> turns {Turn {0, 0, 0, Role::User, QStringLiteral("Hello"), {}, {}},
                         Turn {0, 0, 1, Role::Assistant, QStringLiteral("Hi"), {}, {}}};
    Conversation imported;
    imported.participantId = m_participant;
    imported.sourceFormat = QStringLiteral("chatgpt");
    imported.title = QStringLiteral("Imported");
    const qint64 importedId = m_store->addConversation(imported, turns);
    QCOMPARE(m_store->conversation(importedId)->condition, QString());
    QCOMPARE(m_store->conversationSummary(importedId)->condition, QString());
}

void TestLiveStore::contentHashIsRandomAndStable()
{
    const QRegularExpression hex(QStringLiteral("^[0-9a-f]{32}$"));
    QSet<QString> hashes;
    for (int i = 0; i < 5; ++i) {
        const qint64 id =
            m_store->startLiveConversation(m_participant, QStringLiteral("c1"), QString());
        const QString hash = m_store->conversation(id)->contentHash;
        QVERIFY2(hex.match(hash).hasMatch(), qPrintable(hash));
        hashes.insert(hash);
    }
    QCOMPARE(hashes.size(), 5); // random, not derived from the (empty) content
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    const QString hash = m_store->conversation(id)->contentHash;
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), {});
    const qint64 reply = m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Hi"),
                                             obj({{"streaming", true}}));
    m_store->updateLiveTurn(reply, QStringLiteral("Hi there"), {});
    QCOMPARE(m_store->conversation(id)->contentHash, hash);
    QCOMPARE(m_store->findConversation(hash), id);
}

void TestLiveStore::eachCallIsCommitted()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    QCOMPARE(reader(*m_store)->conversation(id)->condition, QStringLiteral("c1"));
    QCOMPARE(reader(*m_store)->sessions(id).size(), 1);
    const qint64 user = m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"),
                                            obj({{"live", true}}));
    QCOMPARE(reader(*m_store)->turns(id).size(), 1);
    const qint64 reply = m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("H"),
                                             obj({{"streaming", true}}));
    m_store->updateLiveTurn(reply, QStringLiteral("Hello again"), obj({{"streaming", true}}));
    QCOMPARE(reader(*m_store)->turns(id).at(1).text, QStringLiteral("Hello again"));
    m_store->saveDraft(id, QStringLiteral("half a thou"));
    QCOMPARE(reader(*m_store)->draft(id), QStringLiteral("half a thou"));
    const qint64 second = m_store->beginSession(id);
    QCOMPARE(reader(*m_store)->sessions(id).size(), 2);
    m_store->endSession(second);
    QVERIFY(reader(*m_store)->sessions(id).at(1).endedAt.isValid());
    QCOMPARE(m_store->markInterruptedReplies(id), 1);
    QCOMPARE(reader(*m_store)->turns(id).at(1).meta.value(QStringLiteral("interrupted")),
             QJsonValue(true));
    m_store->assignConditions(m_participant);
    QVERIFY(reader(*m_store)->assignment(m_participant));
    QVERIFY(user != reply);
}

void TestLiveStore::turnsAppendAndUpdate()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    QCOMPARE(m_store->conversationSummary(id)->turns, 0);
    digest::refresh(*m_store); // a fresh digest, which must not hide the new turns
    const QJsonObject userMeta = obj({{"live", true}, {"session", 1}});
    const qint64 user =
        m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Plan my week"), userMeta);
    const qint64 reply = m_store->appendTurn(id, QStringLiteral("assistant"),
                                             QStringLiteral("Sure"), obj({{"streaming", true}}));
    QCOMPARE(m_store->conversationSummary(id)->turns, 2);
    QCOMPARE(m_store->conversationSummary(id)->assistantTurns, 1);
    const QJsonObject done =
        obj({{"live", true}, {"finish_reason", str("stop")}, {"completion_tokens", 7}});
    m_store->updateLiveTurn(reply, QStringLiteral("Sure, let us start with Monday."), done);
    const QVector<Turn> turns = m_store->turns(id);
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[0].id, user);
    QCOMPARE(turns[0].index, 0);
    QCOMPARE(turns[0].role, Role::User);
    QCOMPARE(turns[0].meta, userMeta);
    QVERIFY(turns[0].createdAt.isValid());
    QCOMPARE(turns[1].index, 1);
    QCOMPARE(turns[1].role, Role::Assistant);
    QCOMPARE(turns[1].text, QStringLiteral("Sure, let us start with Monday."));
    QCOMPARE(turns[1].meta, done);
    digest::refresh(*m_store);
    QCOMPARE(m_store->conversationSummary(id)->turns, 2);
    const qint64 thanks =
        m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Thanks"), {});
    QCOMPARE(m_store->turnId(id, 2), thanks);
    QCOMPARE(m_store->conversationSummary(id)->turns, 3);
    // Unknown roles and turns are refused.
    QVERIFY(errorOf([&] {
                m_store->appendTurn(id, QStringLiteral("bot"), {}, {});
            }).contains(QStringLiteral("\"bot\" is not a role")));
    QVERIFY(errorOf([&] {
                m_store->updateLiveTurn(99999, {}, {});
            }).contains(QStringLiteral("there is no turn 99999")));
    QCOMPARE(m_store->turns(id).size(), 3);
}

void TestLiveStore::turnsWrittenNamesTheTurns()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    QSignalSpy written(m_store.get(), &Store::turnsWritten);
    QSignalSpy conversations(m_store.get(), &Store::conversationsChanged);
    const auto check = [&](int first, int count) {
        QCOMPARE(written.count(), 1);
        const QList<QVariant> args = written.takeFirst();
        QCOMPARE(args.at(0).toLongLong(), id);
        QCOMPARE(args.at(1).toInt(), first);
        QCOMPARE(args.at(2).toInt(), count);
    };
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), {});
    check(0, 1);
    // Announced once it is committed: a second connection reads it.
    QSignalSpy seen(m_store.get(), &Store::turnsWritten);
    connect(m_store.get(), &Store::turnsWritten, this,
            [&] { QCOMPARE(reader(*m_store)->turns(id).size(), 2); });
    const qint64 reply =
        m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("H"), {});
    QCOMPARE(seen.count(), 1);
    disconnect(m_store.get(), &Store::turnsWritten, this, nullptr);
    check(1, 1);
    m_store->updateLiveTurn(reply, QStringLiteral("Hi there"), obj({{"streaming", true}}));
    check(1, 1);
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("And?"), {});
    check(2, 1);
    // Several in one transaction: one notice covering them all, after the commit.
    m_store->transaction([&] {
        m_store->updateLiveTurn(reply, QStringLiteral("Hi there, you"), {});
        m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Well"),
                            obj({{"streaming", true}}));
        QCOMPARE(written.count(), 0);
    });
    check(1, 3);
    // Rolled back: nothing to announce, and nothing left over for the next write.
    try {
        m_store->transaction([&] {
            m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("lost"), {});
            throw Error(QStringLiteral("rolled back"));
        });
    } catch (const Error &) { }
    QCOMPARE(written.count(), 0);
    QCOMPARE(m_store->markInterruptedReplies(id), 1); // the reply "Well", turn 3
    check(3, 1);
    // The turns themselves changed, not the list of conversations.
    QCOMPARE(conversations.count(), 0);

    // What a view reads after the notice: the turns from an index on.
    const QVector<Turn> all = m_store->turns(id);
    QCOMPARE(all.size(), 4);
    const QVector<Turn> tail = m_store->turns(id, 1, 2);
    QCOMPARE(tail.size(), 2);
    QCOMPARE(tail[0].id, all[1].id);
    QCOMPARE(tail[0].text, QStringLiteral("Hi there, you"));
    QCOMPARE(tail[1].id, all[2].id);
    QCOMPARE(tail[1].index, 2);
    QCOMPARE(m_store->turns(id, 2, -1).size(), 2);
    QCOMPARE(m_store->turns(id, 4, 5).size(), 0);
    QCOMPARE(m_store->turns(id, 0, 0).size(), 0);
}

void TestLiveStore::updatedTextStaysSearchable()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    const qint64 reply = m_store->appendTurn(id, QStringLiteral("assistant"),
                                             QStringLiteral("partial"), obj({{"streaming", true}}));
    digest::refresh(*m_store); // indexes the partial text
    m_store->updateLiveTurn(reply, QStringLiteral("complete answer"), {});
    sql::Connection &db = test::connection(*m_store);
    // The external-content index agrees with the table (SQLite's own check)...
    db.exec("INSERT INTO turn_text(turn_text, rank) VALUES('integrity-check', 1)");
    // ...and finds the new text, not the old.
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn_text WHERE turn_text MATCH 'complete'"), 1);
    QCOMPARE(db.pragmaInt("SELECT count(*) FROM turn_text WHERE turn_text MATCH 'partial'"), 0);
}

void TestLiveStore::appendRefusedOnImportedConversation()
{
    QVector<Turn> turns {Turn {0, 0, 0, Role::User, QStringLiteral("Hello"), {}, {}}};
    Conversation imported;
    imported.participantId = m_participant;
    imported.sourceFormat = QStringLiteral("chatgpt");
    imported.title = QStringLiteral("Imported");
    const qint64 id = m_store->addConversation(imported, turns);
    const QString expected = QStringLiteral("%1: conversation %2 is not a live conversation; only "
                                            "live conversations take new turns.")
                                 .arg(m_store->path())
                                 .arg(id);
    QCOMPARE(errorOf([&] {
                 m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("More"), {});
             }),
             expected);
    QCOMPARE(errorOf([&] { m_store->updateLiveTurn(turns[0].id, QStringLiteral("Changed"), {}); }),
             expected);
    QCOMPARE(errorOf([&] { m_store->beginSession(id); }), expected);
    QCOMPARE(errorOf([&] { m_store->appendTurn(4242, QStringLiteral("user"), {}, {}); }),
             QStringLiteral("%1: there is no conversation 4242.").arg(m_store->path()));
    const QVector<Turn> after = m_store->turns(id);
    QCOMPARE(after.size(), 1);
    QCOMPARE(after[0].text, QStringLiteral("Hello"));
    QVERIFY(m_store->sessions(id).isEmpty());
}

void TestLiveStore::unknownConditionRefused()
{
    QCOMPARE(
        errorOf([&] { m_store->startLiveConversation(m_participant, QStringLiteral("nope"), {}); }),
        QStringLiteral("%1: the study's protocol has no assistant condition \"nope\".")
            .arg(m_store->path()));
    QCOMPARE(errorOf([&] { m_store->startLiveConversation(777, QStringLiteral("c1"), {}); }),
             QStringLiteral("%1: there is no participant 777.").arg(m_store->path()));
    QVERIFY(m_store->conversationSummaries().isEmpty());
}

void TestLiveStore::sessions()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("One"), {});
    m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Two"), {});
    const qint64 first = m_store->sessions(id).at(0).id;
    const qint64 second = m_store->beginSession(id);
    QVERIFY(second != first);
    QVector<LiveSession> all = m_store->sessions(id);
    QCOMPARE(all.size(), 2);
    QVERIFY(all[0].endedAt.isValid()); // beginning a sitting ends the open one
    QCOMPARE(all[1].id, second);
    QCOMPARE(all[1].firstTurnIndex, 2);
    QVERIFY(!all[1].endedAt.isValid());
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Three"), {});
    m_store->endSession(second);
    all = m_store->sessions(id);
    QVERIFY(all[1].endedAt.isValid());
    QVERIFY(all[1].endedAt >= all[1].startedAt);
    const qint64 third = m_store->beginSession(id);
    QCOMPARE(m_store->sessions(id).at(2).firstTurnIndex, 3);
    QCOMPARE(m_store->sessions(id).at(2).id, third);
    QCOMPARE(errorOf([&] { m_store->endSession(987654); }),
             QStringLiteral("%1: there is no session 987654.").arg(m_store->path()));
}

void TestLiveStore::endingIsRecorded()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("One"), {});
    m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Two"), {});
    QVERIFY(!m_store->liveConversationEnded(id).isValid());
    // Closing the sitting is not ending the conversation.
    m_store->endSession(m_store->sessions(id).constLast().id);
    QVERIFY(!m_store->liveConversationEnded(id).isValid());
    m_store->beginSession(id);
    m_store->endLiveConversation(id);
    const QDateTime ended = m_store->liveConversationEnded(id);
    QVERIFY(ended.isValid());
    const QVector<LiveSession> sessions = m_store->sessions(id);
    QCOMPARE(sessions.size(), 2);
    QCOMPARE(sessions.constLast().endedAt, ended); // the sitting ends with it
    QCOMPARE(m_store->conversation(id)->provenance.value(QStringLiteral("format")).toString(),
             QStringLiteral("live"));

    // Durable: the data set opened again still knows.
    const QString path = m_store->path();
    m_store.reset();
    m_store = Store::open(path);
    QCOMPARE(m_store->liveConversationEnded(id), ended);
    // Resumed, it has not ended; ended again, the later end counts.
    m_store->beginSession(id);
    QVERIFY(!m_store->liveConversationEnded(id).isValid());
    QTest::qWait(5);
    m_store->endLiveConversation(id);
    QVERIFY(m_store->liveConversationEnded(id) > ended);
    QCOMPARE(errorOf([&] { m_store->endLiveConversation(4242); }),
             QStringLiteral("%1: there is no conversation 4242.").arg(m_store->path()));
}

void TestLiveStore::importedLiveConversationIsNotContinued()
{
    // A participant's live conversation in the researcher's data set, as a bundle brings it.
    QVector<Turn> turns {Turn {0, 0, 0, Role::User, QStringLiteral("Hello"), {}, {}}};
    Conversation imported;
    imported.participantId = m_participant;
    imported.sourceFormat = QStringLiteral("live");
    imported.condition = QStringLiteral("c1");
    imported.contentHash = QStringLiteral("0123456789abcdef0123456789abcdef");
    imported.provenance = {{QStringLiteral("file"), QStringLiteral("P01.json")},
                           {QStringLiteral("format"), QStringLiteral("bundle")}};
    const qint64 id = m_store->addConversation(imported, turns);
    QCOMPARE(m_store->conversation(id)->condition, QStringLiteral("c1"));
    const QString expected = QStringLiteral("%1: conversation %2 was held live elsewhere and "
                                            "imported; only the data set it was held in "
                                            "continues it.")
                                 .arg(m_store->path())
                                 .arg(id);
    QCOMPARE(errorOf([&] {
                 m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("More"), {});
             }),
             expected);
    QCOMPARE(errorOf([&] { m_store->beginSession(id); }), expected);
    QCOMPARE(errorOf([&] { m_store->endLiveConversation(id); }), expected);
    QCOMPARE(m_store->turns(id).size(), 1);
    QVERIFY(m_store->sessions(id).isEmpty());
}

void TestLiveStore::drafts()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    QCOMPARE(m_store->draft(id), QString());
    m_store->saveDraft(id, QStringLiteral("Dear assistant,\nI"));
    m_store->saveDraft(id, QStringLiteral("Dear assistant,\nI need"));
    const QString path = m_store->path();
    m_store.reset();
    m_store = Store::open(path);
    QCOMPARE(m_store->draft(id), QStringLiteral("Dear assistant,\nI need"));
    m_store->saveDraft(id, QString());
    QCOMPARE(m_store->draft(id), QString());
    QCOMPARE(test::connection(*m_store).pragmaInt("SELECT count(*) FROM draft"), 0);
}

void TestLiveStore::markInterruptedReplies()
{
    const qint64 id = m_store->startLiveConversation(m_participant, QStringLiteral("c1"), {});
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("Hello"), obj({{"live", true}}));
    const qint64 done = m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Hi"),
                                            obj({{"live", true}, {"finish_reason", str("stop")}}));
    m_store->appendTurn(id, QStringLiteral("user"), QStringLiteral("And?"), obj({{"live", true}}));
    const qint64 cut =
        m_store->appendTurn(id, QStringLiteral("assistant"), QStringLiteral("Well"),
                            obj({{"live", true}, {"streaming", true}, {"model", str("m")}}));
    QCOMPARE(m_store->markInterruptedReplies(id), 1);
    const QVector<Turn> turns = m_store->turns(id);
    const QJsonObject meta = turns[3].meta;
    QCOMPARE(turns[3].id, cut);
    QCOMPARE(turns[3].text, QStringLiteral("Well")); // the partial text is kept
    QVERIFY(!meta.contains(QStringLiteral("streaming")));
    QCOMPARE(meta.value(QStringLiteral("interrupted")), QJsonValue(true));
    QCOMPARE(meta.value(QStringLiteral("finish_reason")), QJsonValue(QStringLiteral("crash")));
    QCOMPARE(meta.value(QStringLiteral("model")), QJsonValue(QStringLiteral("m")));
    QCOMPARE(turns[1].id, done);
    QCOMPARE(turns[1].meta.value(QStringLiteral("finish_reason")),
             QJsonValue(QStringLiteral("stop")));
    QVERIFY(!turns[1].meta.contains(QStringLiteral("interrupted")));
    QCOMPARE(m_store->markInterruptedReplies(id), 0);
}

void TestLiveStore::assignConditionsStoresAndKeeps()
{
    QVERIFY(!m_store->assignment(m_participant));
    const Assignment first = m_store->assignConditions(m_participant);
    QCOMPARE(first.position, 0);
    QCOMPARE(first.conditions, live::assign(m_store->protocol().live, 0).conditions);
    QCOMPARE(first.conditions.size(), 1); // between participants: one condition
    const qint64 other = m_store->addParticipant(QStringLiteral("P02"));
    const Assignment second = m_store->assignConditions(other);
    QCOMPARE(second.position, 1);
    QCOMPARE(second.conditions, live::assign(m_store->protocol().live, 1).conditions);
    // The first block of two holds both conditions.
    QVERIFY(first.conditions != second.conditions);
    // Asking again gives the stored one, without counting a new position.
    const Assignment again = m_store->assignConditions(m_participant);
    QCOMPARE(again.position, 0);
    QCOMPARE(again.conditions, first.conditions);
    const auto stored = m_store->assignment(other);
    QVERIFY(stored);
    QCOMPARE(stored->position, 1);
    QCOMPARE(stored->conditions, second.conditions);
    QCOMPARE(errorOf([&] { m_store->assignConditions(31337); }),
             QStringLiteral("%1: there is no participant 31337.").arg(m_store->path()));
}

void TestLiveStore::assignRefusedWithoutConditions()
{
    const QString path = test::testFunctionPath(m_dir) + QStringLiteral("-plain.sense7");
    auto plain = Store::create(path);
    const qint64 p = plain->addParticipant(QStringLiteral("P01"));
    QCOMPARE(errorOf([&] { plain->assignConditions(p); }),
             QStringLiteral("%1: the study's protocol names no assistant conditions, so there is "
                            "nothing to assign.")
                 .arg(path));
    QVERIFY(!plain->assignment(p));
}

void TestLiveStore::betweenBalancedAtEveryPrefix()
{
    // 120 participants through the store, 4 conditions: balanced within one at every prefix.
    m_store.reset();
    const QString path = test::testFunctionPath(m_dir) + QStringLiteral("-120.sense7");
    m_store = Store::create(path, liveProtocol(4, QStringLiteral("between"), 2026));
    const QStringList conditionKeys {QStringLiteral("c1"), QStringLiteral("c2"),
                                     QStringLiteral("c3"), QStringLiteral("c4")};
    QHash<QString, int> counts;
    for (int i = 0; i < 120; ++i) {
        const qint64 p = m_store->addParticipant(QStringLiteral("P%1").arg(i, 3, 10, QChar(u'0')));
        const Assignment a = m_store->assignConditions(p);
        QCOMPARE(a.position, i);
        QCOMPARE(a.conditions.size(), 1);
        ++counts[a.conditions.first()];
        int least = INT_MAX, most = 0;
        for (const QString &key : conditionKeys) {
            least = std::min(least, counts.value(key));
            most = std::max(most, counts.value(key));
        }
        QVERIFY2(most - least <= 1, qPrintable(QStringLiteral("unbalanced after %1").arg(i + 1)));
    }
    for (const QString &key : conditionKeys)
        QCOMPARE(counts.value(key), 30);
    // Randomised: the blocks are not all in the same order.
    QSet<QString> blockOrders;
    for (int block = 0; block < 30; ++block) {
        QStringList order;
        for (int i = 0; i < 4; ++i)
            order << live::assign(m_store->protocol().live, block * 4 + i).conditions.first();
        blockOrders.insert(order.join(QLatin1Char(',')));
    }
    QVERIFY(blockOrders.size() > 5);
}

void TestLiveStore::betweenReproducibleFromSeed()
{
    const LivePlan a = plan(4, AssignmentDesign::Between, 11);
    const LivePlan b = plan(4, AssignmentDesign::Between, 12);
    QStringList first, again, other;
    for (int i = 0; i < 40; ++i) {
        first << live::assign(a, i).conditions;
        again << live::assign(a, i).conditions;
        other << live::assign(b, i).conditions;
    }
    QCOMPARE(again, first);
    QVERIFY(other != first); // another seed, another sequence
    // Stored data sets agree with the function: reopened, the same seed gives the same plan.
    QCOMPARE(liveProtocol(4, QStringLiteral("between"), 11).live.seed, quint64(11));
}

void TestLiveStore::withinLatinSquareComplete()
{
    for (int k : {2, 4, 6}) {
        const LivePlan p = plan(k, AssignmentDesign::Within, 5);
        QVector<QStringList> orders;
        for (int i = 0; i < 3 * k; ++i) {
            const Assignment a = live::assign(p, i);
            QCOMPARE(a.position, i);
            QCOMPARE(a.conditions.size(), k);
            QCOMPARE(QSet<QString>(a.conditions.begin(), a.conditions.end()).size(), k);
            orders.append(a.conditions);
        }
        // Each block of k participants: every condition once in every position.
        for (int block = 0; block < 3; ++block) {
            for (int position = 0; position < k; ++position) {
                QSet<QString> seen;
                for (int i = 0; i < k; ++i)
                    seen.insert(orders[block * k + i][position]);
                QCOMPARE(seen.size(), k);
            }
        }
        // Williams: every condition directly follows every other exactly once per block.
        QHash<QString, int> pairs;
        for (int i = 0; i < k; ++i) {
            for (int position = 1; position < k; ++position)
                ++pairs[orders[i][position - 1] + QLatin1Char('>') + orders[i][position]];
        }
        QCOMPARE(int(pairs.size()), k * (k - 1));
        for (int n : std::as_const(pairs))
            QCOMPARE(n, 1);
    }
}

void TestLiveStore::withinOddCountUsesTwoSquares()
{
    const int k = 3;
    const LivePlan p = plan(k, AssignmentDesign::Within, 9);
    QCOMPARE(live::latinRows(k).size(), 2 * k);
    QVector<QStringList> orders;
    for (int i = 0; i < 2 * k; ++i)
        orders.append(live::assign(p, i).conditions);
    for (int block = 0; block < 2; ++block) {
        for (int position = 0; position < k; ++position) {
            QSet<QString> seen;
            for (int i = 0; i < k; ++i)
                seen.insert(orders[block * k + i][position]);
            QCOMPARE(seen.size(), k);
        }
    }
    // Over the pair of squares every ordered pair of neighbours occurs equally often (twice).
    QHash<QString, int> pairs;
    for (const QStringList &order : orders) {
        for (int position = 1; position < k; ++position)
            ++pairs[order[position - 1] + QLatin1Char('>') + order[position]];
    }
    QCOMPARE(int(pairs.size()), k * (k - 1));
    for (int n : std::as_const(pairs))
        QCOMPARE(n, 2);
    // The pattern repeats after 2k participants.
    QCOMPARE(live::assign(p, 2 * k).conditions, orders[0]);
}

void TestLiveStore::withinReproducibleFromSeed()
{
    m_store.reset();
    const QString path = test::testFunctionPath(m_dir) + QStringLiteral("-within.sense7");
    const Protocol protocol = liveProtocol(4, QStringLiteral("within"), 3);
    m_store = Store::create(path, protocol);
    QCOMPARE(m_store->protocol().live.design, AssignmentDesign::Within);
    const qint64 p = m_store->addParticipant(QStringLiteral("P01"));
    QCOMPARE(m_store->assignConditions(p).conditions, live::assign(protocol.live, 0).conditions);
    // The seed decides which condition stands for which symbol of the square.
    QSet<QString> firstRows;
    for (quint64 seed = 0; seed < 20; ++seed)
        firstRows.insert(
            live::assign(plan(4, AssignmentDesign::Within, seed), 0).conditions.join(u','));
    QVERIFY(firstRows.size() > 3);
}

QTEST_GUILESS_MAIN(TestLiveStore)
#include "tst_live_store.moc"
