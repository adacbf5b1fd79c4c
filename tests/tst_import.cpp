#include "browse/digest.h"
#include "error.h"
#include "export/writer.h"
#include "import/csvreader.h"
#include "import/importer.h"
#include "import/queue.h"
#include "import/times.h"
#include "live/livechat.h"
#include "store.h"
#include "taxonomy.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <ctime>
#include <fcntl.h>
#include <future>
#include <sqlite3.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace sense7;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(SENSE7_TEST_DATA "/import/") + name;
}

import::Summary importInto(Store &store, const QString &file,
                           const import::Options &options = {}){import::Importer importer(store);
return importer.importFile(fixture(file), options);
} // namespace

/** A ChatGPT export (conversations.json) of one conversation, built message by message. */
class ChatGptExport
{
public:
    /** What \a role said: \a text as the content's parts (or its thoughts), written at \a time. */
    static QJsonObject message(const QString &role, const QString &text,
                               const QJsonValue &time = 1714000000,
                               const QString &type = QStringLiteral("text"))
    {
        QJsonObject content {{QStringLiteral("content_type"), type}};
        if (type == QLatin1String("thoughts"))
            content.insert(QStringLiteral("thoughts"),
                           QJsonArray {QJsonObject {{QStringLiteral("content"), text}}});
        else
            content.insert(QStringLiteral("parts"), QJsonArray {text});
        return {{QStringLiteral("author"), QJsonObject {{QStringLiteral("role"), role}}},
                {QStringLiteral("create_time"), time},
                {QStringLiteral("content"), content}};
    }
    /** \a message as node \a id below \a parent, listing \a children; no message: a root. */
    void add(const QString &id, const QString &parent, const QJsonObject &message,
             const QStringList &children)
    {
        QJsonObject node {{QStringLiteral("parent"), parent},
                          {QStringLiteral("children"), QJsonArray::fromStringList(children)}};
        if (!message.isEmpty())
            node.insert(QStringLiteral("message"), message);
        m_mapping.insert(id, node);
    }
    /** Written as \a name in \a dir: conversation \a id, its current node \a current. */
    QString write(const QTemporaryDir &dir, const QString &name, const QString &id,
                  const QString &current, const QJsonValue &created = QJsonValue::Undefined) const
    {
        QJsonObject conversation {{QStringLiteral("id"), id},
                                  {QStringLiteral("title"), id},
                                  {QStringLiteral("current_node"), current},
                                  {QStringLiteral("mapping"), m_mapping}};
        if (!created.isUndefined())
            conversation.insert(QStringLiteral("create_time"), created);
        const QString path = dir.filePath(name);
        test::writeFile(path, QJsonDocument(QJsonArray {conversation}).toJson());
        return path;
    }
    void clear() { m_mapping = {}; }

private:
    QJsonObject m_mapping;
};

QVector<Turn> onlyConversationTurns(Store &store, int row = 0)
{
    return store.turns(store.conversationSummaries().at(row).id);
}

qint64 count(Store &store, const char *sql)
{
    return test::connection(store).pragmaInt(sql);
}

} // namespace

namespace {

/** The data set with conversations.csv and self ratings of c1 turn 1: warmth 5, support 4. */
std::unique_ptr<Store> withSelfRatings()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("conversations.csv"));
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 turn = store->turnId(store->findConversation(QStringLiteral("c1")), 1);
    store->setRating(turn, store->findDimension(QStringLiteral("warmth"))->id, self, 5);
    store->setRating(turn, store->findDimension(QStringLiteral("support"))->id, self, 4);
    return store;
}

/** The self rating of c1 turn \a turn on \a dimension; -1 when there is none. */
int selfRating(Store &store, const char *dimension, int turn = 1)
{
    const qint64 t = store.turnId(store.findConversation(QStringLiteral("c1")), turn);
    const auto ratings = store.turnRatings(store.conversationOfTurn(t), store.selfAnnotatorId());
    const auto d = store.findDimension(QString::fromLatin1(dimension));
    if (!ratings.value(t).contains(d->id))
        return -1;
    return ratings.value(t).value(d->id).number().value_or(0);
}

/**
 * Predictions in the four documented columns: warmth 1 where the participant said 5, support
 * 4 as they did, and a new rating of turn 3.
 */
QString conflictingRatings(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("predictions.csv"));
    test::writeFile(path,
                    "conversation_id,turn_index,dimension,value\n"
                    "c1,1,support,4\n"
                    "c1,1,warmth,1\n"
                    "c1,3,warmth,2\n");
    return path;
}

import::Options selfOptions(import::OnConflict policy = import::OnConflict::Keep){
    import::Options options;
options.annotator = QStringLiteral("self");
options.onConflict = policy;
return options;
} // namespace

} // namespace

namespace {

Instrument empathy7(const QString &key = QStringLiteral("empathy7"))
{
    Instrument instrument =
        taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json"));
    instrument.key = key;
    return instrument;
}

/** conversations.csv in a data set with the 7-point instrument and ESConv's beside SENSE-7. */
std::unique_ptr<Store> withInstruments(const QString &path = QStringLiteral(":memory:"))
{
    auto store = Store::create(path);
    importInto(*store, QStringLiteral("conversations.csv"));
    store->installInstrument(empathy7());
    store->installInstrument(taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json")));
    return store;
}

/** \a annotator's conversation-level rating of c1 on \a key ("instrument/key"); -1: none. */
int conversationRating(Store &store, const char *key, const char *annotator = "rater-A",
                       AnnotatorKind kind = AnnotatorKind::Observer)
{
    const qint64 who = store.annotatorId(QString::fromLatin1(annotator), kind);
    const auto ratings =
        store.conversationRatings(store.findConversation(QStringLiteral("c1")), who);
    const auto d = store.findDimension(QString::fromLatin1(key));
    if (!ratings.contains(d->id))
        return -1;
    return ratings.value(d->id).number().value_or(0);
}

} // namespace

namespace {

/** SENSE-7 with one scripted live condition, "coach", that answers at once. */
Protocol scriptedProtocol()
{
    const QByteArray live = R"({"live": {
        "conditions": [{"key": "coach", "label": "Assistant A",
                        "scripted": {"replies": [{"text": "That sounds hard. What happened?",
                                                  "turn": 0}],
                                     "fallback": "Tell me more.", "chunk_ms": 1}}],
        "assignment": {"design": "between", "seed": 7},
        "rating": {"when": "after_each_reply", "required": false}}})";
    QJsonObject root = QJsonDocument::fromJson(protocol::sense7().definition).object();
    root.insert(QStringLiteral("live"),
                QJsonDocument::fromJson(live).object().value(QStringLiteral("live")));
    return protocol::parse(QJsonDocument(root).toJson(), QStringLiteral("scripted.json"));
}

/** Sends \a messages in \a conversation's open session, each reply awaited. */
void chat(Store &store, qint64 conversation, const QStringList &messages)
{
    live::LiveChat engine(store, conversation);
    for (const QString &message : messages) {
        QVERIFY(engine.send(message));
        QElapsedTimer clock;
        clock.start();
        while (engine.isStreaming() && clock.elapsed() < 10000)
            QTest::qWait(2);
        QVERIFY(!engine.isStreaming());
    }
}

/**
 * A participant's data set: P07, assigned, holds two live conversations with "coach" — the
 * first in one sitting, the second resumed in a second sitting that is still open — each reply
 * rated on warmth.
 */
std::unique_ptr<Store> participantWithLiveConversations(const QString &path)
{
    auto store = Store::create(path, scriptedProtocol());
    const qint64 p = store->addParticipant(QStringLiteral("P07"));
    const QString condition = store->assignConditions(p).conditions.constFirst();
    const qint64 first = store->startLiveConversation(p, condition, QStringLiteral("Train"));
    chat(*store, first, {QStringLiteral("I missed my train."), QStringLiteral("Again today.")});
    store->endSession(store->sessions(first).constLast().id);
    const qint64 second = store->startLiveConversation(p, condition, QStringLiteral("Exam"));
    chat(*store, second, {QStringLiteral("My exam is on Friday.")});
    store->endSession(store->sessions(second).constLast().id);
    chat(*store, second, {QStringLiteral("I am back.")}); // a new sitting
    const qint64 self = store->selfAnnotatorId();
    const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
    int value = 2;
    for (const qint64 id : {first, second})
        for (const Turn &t : store->turns(id))
            if (t.role == Role::Assistant)
                store->setRating(t.id, warmth, self, value++);
    return store;
}

/** A live conversation as a bundle round trip must keep it. */
QString liveRecord(Store &store, qint64 id)
{
    const auto c = store.conversation(id);
    QStringList lines {c->condition, c->contentHash, c->anonymisedHash, c->title};
    for (const LiveSession &s : store.sessions(id))
        lines << QStringLiteral("session %1 %2 %3")
                     .arg(s.startedAt.toString(Qt::ISODateWithMs),
                          s.endedAt.toString(Qt::ISODateWithMs))
                     .arg(s.firstTurnIndex);
    for (const Turn &t : store.turns(id))
        lines << QStringLiteral("%1 %2 %3 %4")
                     .arg(roleKey(t.role), t.text, t.createdAt.toString(Qt::ISODateWithMs),
                          QString::fromUtf8(QJsonDocument(t.meta).toJson(QJsonDocument::Compact)));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void queueHandsOverInOrder();
    void queueHoldsTheReaderAndLetsItGo();
    void importKeepsWriteAheadLogMode();
    void importAloneWritesPagesOnce();
    void importWritesTheDigestsRefreshWould();
    void reimportLeavesDigestsToThePreparation();
    void ratingsWriteNoPagePerRating();
    void ratingsCsvReadsTheSourceIdsOnce();
    void sourceIdsFollowTheDataSet();
    void chatgptKeepsTheCurrentPath();
    void chatgptBranchesKeepEachMessageOnce();
    void chatgptRegeneratedAfterThoughts();
    void chatgptContentAndBrokenEntries();
    void chatgptZipExport();
    void claudeExport();
    void shareGpt();
    void openAiJsonl();
    void csvLongFormat();
    void ratingsAttachToTurns();
    void csvWithCarriageReturnLines();
    void csvTimeInAClockGap();
    void esconvFeedbackAndSurvey();
    void esconvIntoOlderInstrument();
    void bundle();
    void detectsFormatFromContent_data();
    void detectsFormatFromContent();
    void reimportAddsNothing_data();
    void reimportAddsNothing();
    void reimportOfAMappedCorpusAddsNothing();
    void otherVersionsAreSaid();
    void timesInAnyUnitOrSaid();
    void brokenFilesChangeNothing_data();
    void brokenFilesChangeNothing();
    void cancelChangesNothing();
    void cancelFromAnotherThread();
    void nonRegularFilesAreRefused();
    void participantAndAgentOptions();
    void ratingsKeepWhatTheDataSetHas();
    void reimportedRatingsAreUnchanged();
    void onConflictReplaceIsJournaled();
    void onConflictFailChangesNothing();
    void conflictReportAsCsvAndJson();
    void ratingsWithoutAnnotatorAreRefused();
    void bundleMergeConflictsAreCounted();
    void annotatorOfAnotherKindNamesItsEntry();
    void esconvSurveyConflictsAreReplacedWithAJournal();
    void ratingsCsvInstrumentAndConversationRows();
    void ratingsCsvConversationConflicts();
    void ratingsCsvBadRows_data();
    void ratingsCsvBadRows();
    void ratingsCsvRefuseAKeyNamingSeveral();
    void ratingsCsvRoundTripsThroughTheExport();
    void liveBundleRoundTrip();
    void liveBundleDetailsFillInAndDisagree();
    void brokenLiveBundleChangesNothing_data();
    void brokenLiveBundleChangesNothing();
    void bundleRatingsKeepTheirInstrumentsRules();
};

void TestImport::chatgptKeepsTheCurrentPath()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("chatgpt-branching.json"));
    QCOMPARE(s.format, QStringLiteral("chatgpt"));
    QCOMPARE(s.imported, 1);
    QCOMPARE(s.skipped, 0);
    const QVector<Turn> turns = onlyConversationTurns(*store);
    QStringList texts;
    for (const Turn &t : turns)
        texts << roleKey(t.role) + QLatin1Char(':') + t.text.left(14);
    QCOMPARE(
        texts,
        (QStringList {QStringLiteral("user:hi there"), QStringLiteral("assistant:Hello! How can"),
                      QStringLiteral("user:hi again"), QStringLiteral("assistant:Hey! Welcome b"),
                      QStringLiteral("user:tell me a joke"),
                      QStringLiteral("assistant:Sure, here's o")}));
    // The edited question and the regenerated answer keep what they replaced.
    QCOMPARE(turns[2].meta.value(QStringLiteral("branch")).toString(), QStringLiteral("edited"));
    QCOMPARE(turns[2]
                 .meta.value(QStringLiteral("alternatives"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("text"))
                 .toString(),
             QStringLiteral("so cool bro"));
    // The question before its edit keeps what followed it: the reply, a request, the story.
    QStringList followed;
    for (const QJsonValue reply : turns[2]
                                      .meta.value(QStringLiteral("alternatives"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("replies"))
                                      .toArray())
        followed << reply.toObject().value(QStringLiteral("role")).toString() + QLatin1Char(':')
                + reply.toObject().value(QStringLiteral("text")).toString().left(15);
    QCOMPARE(followed,
             QStringList({QStringLiteral("assistant:Thanks! What br"),
                          QStringLiteral("user:tell me a story"),
                          QStringLiteral("assistant:Sure! Here's a ")}));
    QVERIFY(s.warnings.isEmpty());
    QCOMPARE(turns[5].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    QCOMPARE(turns[5].meta.value(QStringLiteral("alternatives")).toArray().size(), 1);
    QVERIFY(!turns[5]
                 .meta.value(QStringLiteral("alternatives"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .contains(QStringLiteral("replies")));
    QVERIFY(!turns[1].meta.contains(QStringLiteral("alternatives")));
    QVERIFY(turns[0].createdAt.isValid());
    const auto c = store->conversation(turns[0].conversationId);
    QCOMPARE(c->agent, QStringLiteral("text-davinci-002-render-sha"));
    QCOMPARE(c->title, QStringLiteral("Assist user with summary"));
    QCOMPARE(c->sourceFormat, QStringLiteral("chatgpt"));
    QCOMPARE(c->startedAt.toSecsSinceEpoch(), 1714585031);
    QCOMPARE(c->provenance.value(QStringLiteral("file")).toString(),
             QStringLiteral("chatgpt-branching.json"));
}

void TestImport::chatgptBranchesKeepEachMessageOnce()
{
    // An export may list a message among the children of several others: its branch is kept
    // once, under the parent it names, and never the kept path again. A hidden message below an
    // alternative leaves its replies to the message shown above it.
    ChatGptExport chat;
    const auto node = [&](const QString &id, const QString &parent, const QString &role,
                          const QString &text, const QStringList &children, bool hidden = false) {
        QJsonObject message = ChatGptExport::message(role, text);
        if (hidden)
            message.insert(
                QStringLiteral("metadata"),
                QJsonObject {{QStringLiteral("is_visually_hidden_from_conversation"), true}});
        chat.add(id, parent, message, children);
    };
    const int pathLength = 40;
    const int chain = 30;
    for (int i = 0; i < pathLength; ++i) {
        QStringList children;
        if (i + 1 < pathLength)
            children << QStringLiteral("p%1").arg(i + 1);
        children << QStringLiteral("x0"); // listed everywhere, its parent is p0
        node(QStringLiteral("p%1").arg(i), i ? QStringLiteral("p%1").arg(i - 1) : QString(),
             i % 2 ? QStringLiteral("assistant") : QStringLiteral("user"),
             QStringLiteral("kept %1").arg(i), children);
    }
    for (int i = 0; i < chain; ++i) {
        QStringList children;
        if (i + 1 < chain)
            children << QStringLiteral("x%1").arg(i + 1);
        if (i == 0)
            children << QStringLiteral("p5"); // a kept message listed below the branch
        node(QStringLiteral("x%1").arg(i),
             i ? QStringLiteral("x%1").arg(i - 1) : QStringLiteral("p0"),
             i % 2 ? QStringLiteral("user") : QStringLiteral("assistant"),
             QStringLiteral("branch %1").arg(i), children, i == 1);
    }
    QTemporaryDir dir;
    const QString path =
        chat.write(dir, QStringLiteral("conversations.json"), QStringLiteral("listed-often"),
                   QStringLiteral("p%1").arg(pathLength - 1));
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = import::Importer(*store).importFile(path);
    QCOMPARE(s.imported, 1);
    QVERIFY2(s.warnings.isEmpty(), qPrintable(s.warnings.join(u'\n')));
    const QVector<Turn> turns =
        store->turns(store->findConversation(QStringLiteral("listed-often")));
    QCOMPARE(turns.size(), pathLength);
    int alternatives = 0;
    QStringList replies;
    for (const Turn &t : turns) {
        for (const QJsonValue alt : t.meta.value(QStringLiteral("alternatives")).toArray()) {
            ++alternatives;
            QCOMPARE(alt.toObject().value(QStringLiteral("source_id")).toString(),
                     QStringLiteral("x0"));
            for (const QJsonValue reply : alt.toObject().value(QStringLiteral("replies")).toArray())
                replies << reply.toObject().value(QStringLiteral("parent")).toString() + u'>'
                        + reply.toObject().value(QStringLiteral("source_id")).toString();
        }
    }
    QCOMPARE(alternatives, 1);
    QStringList expected {QStringLiteral("x0>x2")}; // x1 is hidden
    for (int i = 3; i < chain; ++i)
        expected << QStringLiteral("x%1>x%2").arg(i - 1).arg(i);
    QCOMPARE(replies, expected);
}

void TestImport::chatgptRegeneratedAfterThoughts()
{
    // A reasoning model thinks before it answers: a regenerated answer's branch starts at
    // thoughts the conversation does not show, and goes with the answer kept, with its model.
    ChatGptExport chat;
    const auto node = [&](const QString &id, const QString &parent, const QString &role,
                          const QString &type, const QString &text, const QStringList &children,
                          const QString &model = {}) {
        QJsonObject message = ChatGptExport::message(role, text, 1714000000, type);
        if (!model.isEmpty())
            message.insert(QStringLiteral("metadata"),
                           QJsonObject {{QStringLiteral("model_slug"), model}});
        chat.add(id, parent, message, children);
    };
    const QString user = QStringLiteral("user"), assistant = QStringLiteral("assistant");
    const QString text = QStringLiteral("text"), thoughts = QStringLiteral("thoughts");
    node(QStringLiteral("q"), {}, user, text, QStringLiteral("Plan my week?"),
         {QStringLiteral("t1"), QStringLiteral("t2")});
    node(QStringLiteral("t1"), QStringLiteral("q"), assistant, thoughts, QStringLiteral("hmm"),
         {QStringLiteral("a1")});
    node(QStringLiteral("a1"), QStringLiteral("t1"), assistant, text, QStringLiteral("First plan"),
         {QStringLiteral("f1")}, QStringLiteral("o1"));
    node(QStringLiteral("f1"), QStringLiteral("a1"), user, text, QStringLiteral("Shorter?"), {});
    node(QStringLiteral("t2"), QStringLiteral("q"), assistant, thoughts, QStringLiteral("again"),
         {QStringLiteral("a2")});
    node(QStringLiteral("a2"), QStringLiteral("t2"), assistant, text, QStringLiteral("Second plan"),
         {}, QStringLiteral("o3"));
    QTemporaryDir dir;
    const QString name = QStringLiteral("conversations.json");
    const QString path = chat.write(dir, name, QStringLiteral("thinking"), QStringLiteral("a2"));
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = import::Importer(*store).importFile(path);
    QCOMPARE(s.imported, 1);
    QVERIFY2(s.warnings.isEmpty(), qPrintable(s.warnings.join(u'\n')));
    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("thinking")));
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns[1].text, QStringLiteral("Second plan"));
    QCOMPARE(turns[1].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    const QJsonArray alternatives = turns[1].meta.value(QStringLiteral("alternatives")).toArray();
    QCOMPARE(alternatives.size(), 1);
    const QJsonObject other = alternatives.at(0).toObject();
    QCOMPARE(other.value(QStringLiteral("source_id")).toString(), QStringLiteral("t1"));
    QCOMPARE(other.value(QStringLiteral("meta")).toObject(),
             QJsonObject({{QStringLiteral("content_type"), thoughts}}));
    QStringList replies;
    for (const QJsonValue reply : other.value(QStringLiteral("replies")).toArray()) {
        const QJsonObject r = reply.toObject();
        replies << QStringLiteral("%1>%2:%3:%4")
                       .arg(r.value(QStringLiteral("parent")).toString(),
                            r.value(QStringLiteral("source_id")).toString(),
                            r.value(QStringLiteral("text")).toString(),
                            r.value(QStringLiteral("meta"))
                                .toObject()
                                .value(QStringLiteral("model"))
                                .toString());
    }
    QCOMPARE(
        replies,
        QStringList({QStringLiteral("t1>a1:First plan:o1"), QStringLiteral("a1>f1:Shorter?:")}));
    QCOMPARE(other.value(QStringLiteral("role")).toString(), assistant);

    // Stopped while thinking again: the answer before goes with the question, as an answer.
    chat.clear();
    node(QStringLiteral("q"), {}, user, text, QStringLiteral("Plan my week?"),
         {QStringLiteral("a1"), QStringLiteral("t2")});
    node(QStringLiteral("a1"), QStringLiteral("q"), assistant, text, QStringLiteral("First plan"),
         {});
    node(QStringLiteral("t2"), QStringLiteral("q"), assistant, thoughts, QStringLiteral("again"),
         {});
    QCOMPARE(import::Importer(*store)
                 .importFile(chat.write(dir, name, QStringLiteral("stopped"), QStringLiteral("t2")))
                 .imported,
             1);
    const QVector<Turn> asked = store->turns(store->findConversation(QStringLiteral("stopped")));
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked[0].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    const QJsonObject answer =
        asked[0].meta.value(QStringLiteral("alternatives")).toArray().at(0).toObject();
    QCOMPARE(answer.value(QStringLiteral("role")).toString(), assistant);
    QCOMPARE(answer.value(QStringLiteral("text")).toString(), QStringLiteral("First plan"));
}

void TestImport::chatgptContentAndBrokenEntries()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("chatgpt-tools.json"));
    QCOMPARE(s.imported, 2);
    QCOMPARE(s.skipped, 4);
    const QString warnings = s.warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(QStringLiteral("conversation 2 \"Broken: no mapping\"")),
             qPrintable(warnings));
    QVERIFY(warnings.contains(QStringLiteral("no message tree")));
    QVERIFY(warnings.contains(QStringLiteral("\"Broken: cycle\""))
            && warnings.contains(QStringLiteral("cycle")));
    QVERIFY(warnings.contains(QStringLiteral("no \"current_node\"")));
    QVERIFY(warnings.contains(QStringLiteral("not in the tree")));
    QVERIFY(warnings.contains(QStringLiteral("line ")));

    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("c-tools-1")));
    QCOMPARE(turns.size(), 6); // hidden system message and custom instructions left out
    QCOMPARE(turns[0].role, Role::User);
    QVERIFY(turns[0].text.startsWith(QStringLiteral("[image]\nHere is a screenshot")));
    QCOMPARE(turns[1].role, Role::Assistant);
    QVERIFY(turns[1].text.contains(QStringLiteral("pd.read_csv")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("content_type")).toString(),
             QStringLiteral("code"));
    QCOMPARE(turns[2].role, Role::Tool);
    QCOMPARE(turns[2].text, QStringLiteral("<Figure size 640x480 with 1 Axes>"));
    QCOMPARE(turns[5].meta.value(QStringLiteral("interrupted")).toBool(), true);
    QCOMPARE(turns[5].meta.value(QStringLiteral("status")).toString(),
             QStringLiteral("in_progress"));

    const QVector<Turn> o1 = store->turns(store->findConversation(QStringLiteral("c-o1")));
    QCOMPARE(o1.size(), 2); // the model's thoughts are not reply text
    QCOMPARE(o1[1].text, QStringLiteral("Move the Thursday sync: it has no external attendees."));
    QCOMPARE(store->conversation(o1[0].conversationId)->agent, QStringLiteral("o1"));
}

void TestImport::chatgptZipExport()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QCOMPARE(import::detectFormat(fixture(QStringLiteral("chatgpt-export.zip"))),
             QStringLiteral("chatgpt"));
    const import::Summary s = importInto(*store, QStringLiteral("chatgpt-export.zip"));
    QCOMPARE(s.imported, 2);
    QCOMPARE(store->info().turns, 8);
}

void TestImport::claudeExport()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("claude.json"));
    QCOMPARE(s.format, QStringLiteral("claude"));
    QCOMPARE(s.imported, 2);
    QCOMPARE(s.skipped, 1);
    QVERIFY(s.warnings.constFirst().contains(QStringLiteral("conversation 2")));
    QVERIFY(s.warnings.constFirst().contains(QStringLiteral("null")));
    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("cl-1")));
    QCOMPARE(turns.size(), 4);
    QVERIFY(turns[0].text.contains(QStringLiteral("[attachment: cover_letter.docx]")));
    QVERIFY(turns[1].text.startsWith(QStringLiteral("Of course.")));
    QVERIFY(
        !turns[1].text.contains(QStringLiteral("warmer tone; keep it professional"))); // thinking
    QCOMPARE(turns[1].role, Role::Assistant);
    QCOMPARE(store->conversation(turns[0].conversationId)->title,
             QStringLiteral("Rewrite my cover letter"));
    // A null message and an empty question inside a conversation are left out, not the rest.
    const QVector<Turn> second = store->turns(store->findConversation(QStringLiteral("cl-2")));
    QCOMPARE(second.size(), 2);
    QCOMPARE(second[1].text,
             QStringLiteral("The probability of data at least as extreme as yours if the null "
                            "hypothesis were true."));
}

void TestImport::shareGpt()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("sharegpt.json"));
    QCOMPARE(s.format, QStringLiteral("sharegpt"));
    QCOMPARE(s.imported, 2);
    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("sg-1")));
    QCOMPARE(turns.size(), 5);
    QCOMPARE(turns[0].role, Role::System);
    QCOMPARE(turns[2].role, Role::Assistant);
    QCOMPARE(store->conversation(turns[0].conversationId)->title,
             QStringLiteral("You are a helpful assistant."));
}

void TestImport::openAiJsonl()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("openai.jsonl"));
    QCOMPARE(s.format, QStringLiteral("openai-jsonl"));
    QCOMPARE(s.imported, 2);
    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("line-2")));
    QCOMPARE(turns[0].text, QStringLiteral("What is in this picture?\n[image]"));
    QCOMPARE(turns[1].text, QStringLiteral("A bar chart of quarterly revenue."));
    QCOMPARE(store->conversation(turns[0].conversationId)->title,
             QStringLiteral("What is in this picture? [image]"));
}

void TestImport::csvLongFormat()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("conversations.csv"));
    QCOMPARE(s.format, QStringLiteral("csv"));
    QCOMPARE(s.imported, 2);
    const QVector<Turn> c1 = store->turns(store->findConversation(QStringLiteral("c1")));
    QCOMPARE(c1.size(), 4);
    QCOMPARE(c1[1].text,
             QStringLiteral("Be honest and brief:\nSay you are sorry, give the reason,\nand "
                            "suggest another date."));
    QCOMPARE(c1[3].text, QStringLiteral("You're welcome, I hope the evening goes well."));
    QCOMPARE(c1[0].createdAt, QDateTime(QDate(2025, 3, 1), QTime(10, 0), Qt::UTC));
    const QVector<Turn> c2 = store->turns(store->findConversation(QStringLiteral("c2")));
    QCOMPARE(c2[0].text, QStringLiteral("Translate \"good morning\" to Chinese"));
    QCOMPARE(c2[1].text, QStringLiteral("早上好 (zǎoshang hǎo)"));
    QCOMPARE(store->participants().constFirst().code, QStringLiteral("P07"));
    QCOMPARE(store->conversation(c2[0].conversationId)->agent, QStringLiteral("gpt-4o"));

    const import::Summary tsv = importInto(*store, QStringLiteral("conversations.tsv"));
    QCOMPARE(tsv.imported, 1);
    const QVector<Turn> t1 = store->turns(store->findConversation(QStringLiteral("t1")));
    QCOMPARE(t1[1].role, Role::Assistant);
    QVERIFY(c1[0].meta.isEmpty()); // every column of the fixture is one the import knows

    // Columns of the file's own go with each turn, by their header; a name given twice keeps
    // its place.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("extra.csv"));
    test::writeFile(path,
                    "conversation_id,role,text,Mood Now,Note,note,score,item,rater\n"
                    "x1,user,hello,tense,,first,3,q1,RA\n"
                    "x1,assistant,hi,,a,b,,,\n");
    QCOMPARE(import::Importer(*store).importFile(path).imported, 1);
    const QVector<Turn> x1 = store->turns(store->findConversation(QStringLiteral("x1")));
    QCOMPARE(x1[0].meta,
             QJsonObject({{QStringLiteral("Mood Now"), QStringLiteral("tense")},
                          {QStringLiteral("note (6)"), QStringLiteral("first")},
                          {QStringLiteral("score"), QStringLiteral("3")},
                          {QStringLiteral("item"), QStringLiteral("q1")},
                          {QStringLiteral("rater"), QStringLiteral("RA")}}));
    QCOMPARE(x1[1].meta,
             QJsonObject({{QStringLiteral("Note (5)"), QStringLiteral("a")},
                          {QStringLiteral("note (6)"), QStringLiteral("b")}}));
}

void TestImport::ratingsAttachToTurns()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("conversations.csv"));
    const import::Summary s = importInto(*store, QStringLiteral("ratings.csv"));
    QCOMPARE(s.format, QStringLiteral("ratings-csv"));
    QCOMPARE(s.ratings, 15);
    QCOMPARE(s.imported, 0);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id "
                   "WHERE a.code = 'rater-A' AND a.kind = 'observer'"),
             14);
    QCOMPARE(count(*store, "SELECT count(*) FROM rating WHERE value IS NULL"), 1); // not applicable
    QCOMPARE(count(*store,
                   "SELECT r.value FROM rating r JOIN annotator a ON a.id = r.annotator_id "
                   "WHERE a.kind = 'model'"),
             3);
    const qint64 c1 = store->findConversation(QStringLiteral("c1"));
    QCOMPARE(count(*store, "SELECT count(DISTINCT turn_id) FROM rating"), 3);
    QVERIFY(store->turnId(c1, 3) > 0);
}

void TestImport::csvWithCarriageReturnLines()
{
    // Old Mac spreadsheets end lines in CR alone: the same files, told apart and read alike.
    QTemporaryDir dir;
    const auto macCopy = [&](const QString &name) {
        QByteArray data = test::readFile(fixture(name));
        data.replace("\r\n", "\r").replace('\n', '\r');
        QVERIFY(!data.contains('\n'));
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(data) == data.size());
    };
    for (const char *name : {"conversations.csv", "conversations.tsv", "ratings.csv"})
        macCopy(QString::fromLatin1(name));
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    const import::Summary s =
        importer.importFile(dir.filePath(QStringLiteral("conversations.csv")));
    QCOMPARE(s.format, QStringLiteral("csv"));
    QCOMPARE(s.imported, 2);
    QCOMPARE(s.turns, 6);
    const QVector<Turn> c1 = store->turns(store->findConversation(QStringLiteral("c1")));
    QCOMPARE(c1.size(), 4);
    // A line break inside quotes is a line break, as in the original.
    QCOMPARE(c1[1].text,
             QStringLiteral("Be honest and brief:\nSay you are sorry, give the reason,\nand "
                            "suggest another date."));
    QCOMPARE(c1[3].text, QStringLiteral("You're welcome, I hope the evening goes well."));
    const import::Summary tsv =
        importer.importFile(dir.filePath(QStringLiteral("conversations.tsv")));
    QCOMPARE(tsv.format, QStringLiteral("csv"));
    QCOMPARE(tsv.imported, 1);
    const import::Summary ratings =
        importer.importFile(dir.filePath(QStringLiteral("ratings.csv")));
    QCOMPARE(ratings.format, QStringLiteral("ratings-csv"));
    QCOMPARE(ratings.ratings, 15);

    // The same conversations as the original file's: importing that adds nothing.
    const import::Summary original = importInto(*store, QStringLiteral("conversations.csv"));
    QCOMPARE(original.imported, 0);
    QCOMPARE(original.alreadyPresent, 2);

    // Longer than one read: lines are counted right across reads.
    QByteArray big = "conversation_id,role,text\r";
    for (int i = 0; i < 3000; ++i)
        big += "long," + QByteArray(i % 2 ? "assistant" : "user") + ",message number "
            + QByteArray::number(i) + " padded to be a little longer\r";
    big += "long,user\r";
    QVERIFY(big.size() > 2 * 64 * 1024);
    QFile file(dir.filePath(QStringLiteral("long.csv")));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(big) == big.size());
    file.close();
    try {
        importer.importFile(file.fileName());
        QFAIL("a ragged line was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("long.csv: line 3002: 2 fields")),
                 qPrintable(e.message()));
    }
}

void TestImport::csvTimeInAClockGap()
{
    // A CSV time without a zone is this computer's local time. One the clocks skipped names
    // no time here: refused, saying so, rather than "not a date and time".
    const QByteArray zone = qgetenv("TZ");
    qputenv("TZ", "America/New_York");
    tzset();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("spring.csv"));
    test::writeFile(path,
                    "conversation_id,role,text,timestamp\n"
                    "c1,user,Before,2024-03-10 01:30:00\n"
                    "c1,assistant,Skipped,2024-03-10 02:30:00\n");
    auto store = Store::create(QStringLiteral(":memory:"));
    QString message;
    try {
        import::Importer(*store).importFile(path);
    } catch (const Error &e) {
        message = e.message();
    }
    test::writeFile(path,
                    "conversation_id,role,text,timestamp\n"
                    "c1,user,Before,2024-03-10 01:30:00\n"
                    "c1,assistant,After,2024-03-10 03:30:00\n");
    const import::Summary s = import::Importer(*store).importFile(path);
    const QVector<Turn> turns = onlyConversationTurns(*store);
    if (zone.isNull())
        qunsetenv("TZ");
    else
        qputenv("TZ", zone);
    tzset();
    QVERIFY2(message.contains(QStringLiteral("spring.csv: line 3: the timestamp \"2024-03-10 "
                                             "02:30:00\" names no time here")),
             qPrintable(message));
    QCOMPARE(s.imported, 1);
    QCOMPARE(turns[0].createdAt.toUTC(), QDateTime(QDate(2024, 3, 10), QTime(6, 30), Qt::UTC));
    QCOMPARE(turns[1].createdAt.toUTC(), QDateTime(QDate(2024, 3, 10), QTime(7, 30), Qt::UTC));
}

void TestImport::esconvFeedbackAndSurvey()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("esconv.json"));
    QCOMPARE(s.format, QStringLiteral("esconv"));
    QCOMPARE(s.imported, 3);
    // A repeated feedback and an unusable survey score are said, but nothing was skipped.
    QCOMPARE(s.skipped, 0);
    QCOMPARE(s.feedbackRepeated, 1);
    QCOMPARE(s.feedbackSpanning, 3); // two after turns 3-4 of the first, one after 1-3 of the third
    QCOMPARE(s.warnings.size(), 2);
    QVERIFY(s.warnings.at(0).contains(QStringLiteral("second feedback")));
    QVERIFY2(s.warnings.at(1).contains(QStringLiteral("dialogue 3"))
                 && s.warnings.at(1).contains(QStringLiteral("\"relevance\" 0")),
             qPrintable(s.warnings.at(1)));
    QVERIFY2(s.text().contains(QStringLiteral("skipped: 0")), qPrintable(s.text()));
    QVERIFY2(s.text().contains(QStringLiteral("feedback given twice for one turn: 1, the later "
                                              "kept")),
             qPrintable(s.text()));
    QVERIFY2(s.text().contains(QStringLiteral("supporter messages in a row, attached to the "
                                              "last of them: 3")),
             qPrintable(s.text()));
    const auto feedback = store->findDimension(QStringLiteral("esconv/feedback"));
    QVERIFY(feedback);
    QCOMPARE(feedback->level, Level::Turn);
    QCOMPARE(store->findDimension(QStringLiteral("esconv/empathy"))->level, Level::Conversation);

    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("1")));
    QCOMPARE(turns.size(), 9);
    const auto ratingOf = [&](int index) {
        sql::Statement q(test::connection(*store),
                         "SELECT value FROM rating WHERE turn_id = ? AND dimension_id = ?");
        q.bind(1, turns[index].id).bind(2, feedback->id);
        return q.next() ? q.integer(0) : -1;
    };
    QCOMPARE(turns[4].role, Role::Assistant);
    QCOMPARE(ratingOf(1), -1); // no feedback followed it
    QCOMPARE(ratingOf(3), -1); // the supporter's next utterance came before the feedback
    QCOMPARE(ratingOf(4), 4); // two feedbacks (5, then 4): the later one is kept
    QCOMPARE(turns[4].meta.value(QStringLiteral("feedback_history")).toArray(),
             (QJsonArray {5, 4}));
    QCOMPARE(ratingOf(7), 3);
    // The feedback after turns 3 and 4 covers both; it is on the last of them.
    QCOMPARE(turns[4].meta.value(QStringLiteral("feedback_span")).toArray(), (QJsonArray {3, 4}));
    QVERIFY(!turns[7].meta.contains(QStringLiteral("feedback_span"))); // one supporter message
    QVERIFY(!turns[3].meta.contains(QStringLiteral("feedback_span")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("strategy")).toString(),
             QStringLiteral("Question"));
    const QVector<Turn> third = store->turns(store->findConversation(QStringLiteral("3")));
    QCOMPARE(third.size(), 5);
    QCOMPARE(third[3].meta.value(QStringLiteral("feedback_span")).toArray(),
             (QJsonArray {1, 2, 3}));

    // The supporter's survey, by the supporter: an observer, not the seeker.
    const auto detail = store->findDimension(QStringLiteral("esconv/supporter_relevance"));
    QVERIFY(detail);
    QCOMPARE(detail->level, Level::Conversation);
    const qint64 supporter =
        store->annotatorId(QStringLiteral("esconv-supporter"), AnnotatorKind::Observer);
    const auto bySupporter = store->conversationRatings(turns[0].conversationId, supporter);
    QCOMPARE(bySupporter.size(), 1);
    QCOMPARE(bySupporter.value(detail->id), Rating(4));
    QVERIFY(store->conversationRatings(third[0].conversationId, supporter).isEmpty()); // its 0
    // 4 seeker scores in each of the three dialogues, and the supporter's one.
    QCOMPARE(count(*store, "SELECT count(*) FROM conversation_rating"), 13);
    QCOMPARE(count(*store,
                   "SELECT value FROM conversation_rating cr JOIN dimension d ON d.id = "
                   "cr.dimension_id WHERE d.key = 'empathy' ORDER BY conversation_id"),
             5);
    QCOMPARE(store->participants().size(), 3);
    QCOMPARE(store->conversation(turns[0].conversationId)
                 ->context.value(QStringLiteral("problem_type"))
                 .toString(),
             QStringLiteral("job crisis"));
}

void TestImport::esconvIntoOlderInstrument()
{
    // A data set that has ESConv's instrument from before the supporter's survey was imported.
    auto store = Store::create(QStringLiteral(":memory:"));
    Instrument older = taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json"));
    const qsizetype before = older.dimensions.size();
    older.dimensions.removeIf(
        [](const Dimension &d) { return d.key == QLatin1String("supporter_relevance"); });
    QCOMPARE(older.dimensions.size(), before - 1);
    store->installInstrument(older);
    const qint64 empathy = store->findDimension(QStringLiteral("esconv/empathy"))->id;
    QVERIFY(!store->findDimension(QStringLiteral("esconv/supporter_relevance")));

    const import::Summary s = importInto(*store, QStringLiteral("esconv.json"));
    QCOMPARE(s.imported, 3);
    const auto detail = store->findDimension(QStringLiteral("esconv/supporter_relevance"));
    QVERIFY(detail);
    QCOMPARE(store->findDimension(QStringLiteral("esconv/empathy"))->id, empathy); // unchanged
    QCOMPARE(store->instruments().size(), 2); // SENSE-7 and ESConv, not a second ESConv
    QCOMPARE(store->instruments().at(1).dimensions.size(), before);
    QCOMPARE(store->instruments().at(1).dimensions.constLast().key,
             QStringLiteral("supporter_relevance"));
}

void TestImport::bundle()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("bundle.json"));
    QCOMPARE(s.format, QStringLiteral("bundle"));
    QCOMPARE(s.imported, 1);
    QCOMPARE(s.ratings, 3);
    const Participant p = store->participants().constFirst();
    QCOMPARE(p.code, QStringLiteral("P42"));
    QCOMPARE(p.profile.value(QStringLiteral("trust_in_ai")).toInt(), 4);
    const qint64 id = store->findConversation(QStringLiteral("b-1"));
    const auto c = store->conversation(id);
    QCOMPARE(c->context.value(QStringLiteral("task_type")).toString(), QStringLiteral("writing"));
    QCOMPARE(c->provenance.value(QStringLiteral("program")).toString(),
             QStringLiteral("Sense-7 Studio 0.1.0"));
    QCOMPARE(c->provenance.value(QStringLiteral("exported_at")).toString(),
             QStringLiteral("2025-04-01T12:00:00Z"));
    QCOMPARE(count(*store, "SELECT count(*) FROM rating WHERE value IS NULL"), 1);
    sql::Statement flag(test::connection(*store),
                        "SELECT f.reason, t.idx, l.idx FROM turn_flag f JOIN turn t ON "
                        "t.id = f.turn_id JOIN turn l ON l.id = f.refers_to_turn_id");
    QVERIFY(flag.next());
    QCOMPARE(flag.text(0), QStringLiteral("repeated_itself"));
    QCOMPARE(flag.integer(1), 3);
    QCOMPARE(flag.integer(2), 1);
}

void TestImport::detectsFormatFromContent_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::newRow("chatgpt") << "chatgpt-branching.json"
                             << "chatgpt";
    QTest::newRow("chatgpt zip") << "chatgpt-export.zip"
                                 << "chatgpt";
    QTest::newRow("claude") << "claude.json"
                            << "claude";
    QTest::newRow("sharegpt") << "sharegpt.json"
                              << "sharegpt";
    QTest::newRow("openai") << "openai.jsonl"
                            << "openai-jsonl";
    QTest::newRow("csv") << "conversations.csv"
                         << "csv";
    QTest::newRow("tsv") << "conversations.tsv"
                         << "csv";
    QTest::newRow("ratings") << "ratings.csv"
                             << "ratings-csv";
    QTest::newRow("esconv") << "esconv.json"
                            << "esconv";
    QTest::newRow("bundle") << "bundle.json"
                            << "bundle";
}

void TestImport::detectsFormatFromContent()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    // The name says nothing: the content decides.
    QTemporaryDir dir;
    const QString renamed = dir.filePath(QStringLiteral("data.txt"));
    QVERIFY(QFile::copy(fixture(file), renamed));
    QCOMPARE(import::detectFormat(renamed), format);
}

void TestImport::reimportAddsNothing_data()
{
    QTest::addColumn<QString>("file");
    for (const char *file :
         {"chatgpt-branching.json", "chatgpt-tools.json", "chatgpt-export.zip", "claude.json",
          "sharegpt.json", "openai.jsonl", "conversations.csv", "esconv.json", "bundle.json"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestImport::reimportAddsNothing()
{
    QFETCH(QString, file);
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary first = importInto(*store, file);
    QVERIFY(first.imported > 0);
    const QString before = test::logicalDump(*store);
    const import::Summary again = importInto(*store, file);
    QCOMPARE(again.imported, 0);
    QCOMPARE(again.alreadyPresent, first.imported);
    QCOMPARE(test::logicalDump(*store), before);
}

void TestImport::reimportOfAMappedCorpusAddsNothing()
{
    // A corpus imported again from the same file is recognised by its stored provenance without
    // being read back; from a file of another name it is the same conversation arriving again
    // from elsewhere, which its provenance records once.
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("wildchat.jsonl"));
    const QString other = dir.filePath(QStringLiteral("other.jsonl"));
    QVERIFY(QFile::copy(fixture(QStringLiteral("wildchat.jsonl")), first));
    QVERIFY(QFile::copy(first, other));
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation")},
                   {QStringLiteral("agent"), QStringLiteral("model")},
                   {QStringLiteral("id"), QStringLiteral("conversation_hash")}};
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(first, options).imported, 2);
    const QString before = test::logicalDump(*store);
    for (int round = 0; round < 2; ++round) {
        const import::Summary again = importer.importFile(first, options);
        QCOMPARE(again.imported, 0);
        QCOMPARE(again.alreadyPresent, 2);
        QCOMPARE(again.merged, 0);
        QCOMPARE(test::logicalDump(*store), before);
    }
    const import::Summary elsewhere = importer.importFile(other, options);
    QCOMPARE(elsewhere.alreadyPresent, 2);
    const QString recorded = test::logicalDump(*store);
    QVERIFY(recorded != before);
    QCOMPARE(
        count(*store,
              "SELECT count(*) FROM conversation WHERE json_extract(provenance, "
              "'$.also_from[0].file') = 'other.jsonl' AND json_extract(provenance, "
              "'$.also_from[1]') IS NULL AND json_extract(provenance, '$.record') IS NOT NULL"),
        2);
    importer.importFile(other, options);
    importer.importFile(first, options);
    QCOMPARE(test::logicalDump(*store), recorded);
}

void TestImport::otherVersionsAreSaid()
{
    // A later export of a conversation that went on since: other content under the same id.
    QTemporaryDir dir;
    const auto chatgpt = [&](const QString &name, const QString &id, int exchanges) {
        ChatGptExport chat;
        chat.add(QStringLiteral("root"), {}, {}, {QStringLiteral("m0")});
        for (int i = 0; i < 2 * exchanges; ++i) {
            QStringList children;
            if (i + 1 < 2 * exchanges)
                children << QStringLiteral("m%1").arg(i + 1);
            chat.add(
                QStringLiteral("m%1").arg(i),
                i == 0 ? QStringLiteral("root") : QStringLiteral("m%1").arg(i - 1),
                ChatGptExport::message(i % 2 ? QStringLiteral("assistant") : QStringLiteral("user"),
                                       QStringLiteral("message %1").arg(i), 1714000000 + i),
                children);
        }
        return chat.write(dir, name, id, QStringLiteral("m%1").arg(2 * exchanges - 1));
    };
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    const import::Summary first =
        importer.importFile(chatgpt(QStringLiteral("a.json"), QStringLiteral("cont"), 1));
    QCOMPARE(first.otherVersions, 0);
    const import::Summary later =
        importer.importFile(chatgpt(QStringLiteral("b.json"), QStringLiteral("cont"), 2));
    QCOMPARE(later.imported, 1);
    QCOMPARE(later.otherVersions, 1);
    QCOMPARE(later.otherVersionIds, QStringList({QStringLiteral("cont")}));
    QVERIFY2(later.text().endsWith(QStringLiteral(
                 "; added beside a conversation from the same source with other content (a "
                 "later or edited export of it?): 1 (cont).")),
             qPrintable(later.text()));
    QCOMPARE(store->conversationSummaries().size(), 2); // nothing replaced
    // The same file again: present, nothing to say. Another conversation: nothing either.
    QCOMPARE(importer.importFile(dir.filePath(QStringLiteral("b.json"))).otherVersions, 0);
    QCOMPARE(importer.importFile(chatgpt(QStringLiteral("c.json"), QStringLiteral("other"), 1))
                 .otherVersions,
             0);

    // Twice in one corpus, into an empty data set (the bulk path, its indexes built at the
    // end): the second is counted. The same id in another format is another source.
    const QString corpus = dir.filePath(QStringLiteral("corpus.jsonl"));
    QByteArray lines;
    for (const char *text : {"first", "second", "third"})
        lines += QByteArray(R"({"id": "h1", "messages": [{"role": "user", "content": ")") + text
            + "\"}]}\n";
    lines += R"({"id": "cont", "messages": [{"role": "user", "content": "x"}]})"
             "\n";
    test::writeFile(corpus, lines);
    auto empty = Store::create(QStringLiteral(":memory:"));
    import::Importer bulk(*empty);
    import::Options jsonl;
    jsonl.format = QStringLiteral("jsonl");
    const import::Summary twice = bulk.importFile(corpus, jsonl);
    QCOMPARE(twice.imported, 4);
    QCOMPARE(twice.otherVersions, 2);
    QCOMPARE(twice.otherVersionIds, QStringList({QStringLiteral("h1"), QStringLiteral("h1")}));
    QCOMPARE(importer.importFile(corpus, jsonl).otherVersions, 2); // "cont" was ChatGPT's

    // Another participant's export of the same id is theirs: nothing to say.
    import::Options someoneElse;
    someoneElse.participant = QStringLiteral("P02");
    QCOMPARE(
        importer
            .importFile(chatgpt(QStringLiteral("p2.json"), QStringLiteral("cont"), 3), someoneElse)
            .otherVersions,
        0);

    // Ids a reader makes up (a line number) are no source's: unrelated files share them.
    for (const char *name : {"train.jsonl", "valid.jsonl"}) {
        const QString file = dir.filePath(QLatin1String(name));
        test::writeFile(
            file, QByteArray(R"({"messages": [{"role": "user", "content": ")") + name + "\"}]}\n");
        const import::Summary s = bulk.importFile(file, jsonl);
        QCOMPARE(s.imported, 1);
        QCOMPARE(s.otherVersions, 0);
    }
}

void TestImport::timesInAnyUnitOrSaid()
{
    // Seconds, milliseconds, microseconds and nanoseconds are told apart by size; ISO text with
    // a "T" or a space, a zone or none (UTC); a number written as text.
    const QDateTime at(QDate(2024, 4, 24), QTime(23, 6, 40), Qt::UTC);
    const QDateTime withMs = at.addMSecs(123);
    QCOMPARE(import::fromEpochNumber(1714000000), at);
    QCOMPARE(import::fromEpochNumber(1714000000.123), withMs);
    QCOMPARE(import::fromEpochNumber(1714000000123.0), withMs);
    QCOMPARE(import::fromEpochNumber(1714000000123456.0), withMs);
    QCOMPARE(import::fromEpochNumber(1714000000123456789.0), withMs);
    QCOMPARE(import::fromEpochNumber(0), QDateTime::fromMSecsSinceEpoch(0, Qt::UTC));
    QVERIFY(!import::fromEpochNumber(1e25).isValid());
    QVERIFY(!import::fromEpochNumber(-99999999999).isValid()); // the year -1199
    QVERIFY(!import::fromTimeText("9999-12-31T23:30:00-0100").isValid()); // the year 10000
    QVERIFY(!import::fromTimeText("0001-01-01T00:30:00+0100").isValid()); // the year 0
    QCOMPARE(import::fromTimeText("2024-04-24 23:06:40", Qt::LocalTime),
             QDateTime(at.date(), at.time(), Qt::LocalTime));
    QVERIFY(!import::fromEpochNumber(std::nan("")).isValid());
    QCOMPARE(import::fromTimeText("2024-04-24T23:06:40.123Z"), withMs);
    QCOMPARE(import::fromTimeText("2024-04-24 23:06:40.123"), withMs);
    QCOMPARE(import::fromTimeText(" 2024-04-25T01:06:40+02:00 "), at);
    QCOMPARE(import::fromTimeText("2024-04-24T23:06:40.123456Z"), withMs);
    QCOMPARE(import::fromTimeText("1714000000123"), withMs);
    for (const char *no :
         {"", "yesterday", "2024-02-30T00:00:00", "24/04/2024", "2024", "12", "nan"})
        QVERIFY2(!import::fromTimeText(no).isValid(), no);

    // Read so in an export; a time that is none is left empty and said, with where it was.
    ChatGptExport chat;
    const QString user = QStringLiteral("user"), assistant = QStringLiteral("assistant");
    chat.add(QStringLiteral("q"), {},
             ChatGptExport::message(user, QStringLiteral("When?"), 1714000000123.0),
             {QStringLiteral("a"), QStringLiteral("a2")});
    chat.add(QStringLiteral("a2"), QStringLiteral("q"), // the answer regenerated
             ChatGptExport::message(assistant, QStringLiteral("Later."), QStringLiteral("soon")),
             {});
    chat.add(QStringLiteral("a"), QStringLiteral("q"),
             ChatGptExport::message(assistant, QStringLiteral("Now."),
                                    QStringLiteral("2024-04-24 23:06:40")),
             {QStringLiteral("f")});
    chat.add(QStringLiteral("f"), QStringLiteral("a"),
             ChatGptExport::message(user, QStringLiteral("Sure?"), QStringLiteral("yesterday")),
             {QStringLiteral("g")});
    chat.add(QStringLiteral("g"), QStringLiteral("f"),
             ChatGptExport::message(assistant, QStringLiteral("Yes."), QJsonValue::Null), {});
    QTemporaryDir dir;
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    const import::Summary s = importer.importFile(
        chat.write(dir, QStringLiteral("conversations.json"), QStringLiteral("times"),
                   QStringLiteral("g"), 1714000000000000.0));
    QCOMPARE(s.imported, 1);
    QCOMPARE(s.timesUnread, 2); // the alternative's, and the kept path's
    QVERIFY2(s.text().endsWith(QStringLiteral(
                 "; times that could not be read, left empty: 2 "
                 "(conversations.json: conversation 1 \"times\" (line 2, column 5, byte 6), "
                 "message a2: \"soon\"; …).")),
             qPrintable(s.text()));
    // Past the first few, an ellipsis.
    import::Summary many;
    many.file = QStringLiteral("f.json");
    many.format = QStringLiteral("chatgpt");
    many.otherVersions = 5;
    many.otherVersionIds =
        QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    many.timesUnread = 4;
    many.unreadTimes = QStringList {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")};
    QVERIFY2(many.text().endsWith(QStringLiteral(
                 "(a later or edited export of it?): 5 (a, b, c, …); times that could not be "
                 "read, left empty: 4 (x; y; z; …).")),
             qPrintable(many.text()));
    const qint64 id = store->findConversation(QStringLiteral("times"));
    QCOMPARE(store->conversation(id)->startedAt, at);
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(turns.size(), 4);
    QCOMPARE(turns[0].createdAt, withMs);
    QCOMPARE(turns[1].createdAt, at);
    QVERIFY(!turns[2].createdAt.isValid());
    QVERIFY(!turns[3].createdAt.isValid()); // null: no time given, nothing to say

    // Open WebUI: ISO text and nanoseconds, which it dropped or misread before.
    const QString webUi = dir.filePath(QStringLiteral("openwebui.json"));
    test::writeFile(webUi, R"([{"id": "w1", "title": "Web", "created_at": "2024-04-24T23:06:40Z",
        "chat": {"messages": [
          {"id": "1", "role": "user", "content": "Hi", "timestamp": "2024-04-24T23:06:40.123Z"},
          {"id": "2", "role": "assistant", "content": "Hello", "timestamp": 1714000000123456789},
          {"id": "3", "role": "user", "content": "Bye", "timestamp": {"at": "noon"}}]}}])");
    import::Options openWebUi;
    openWebUi.format = QStringLiteral("openwebui"); // the older list form is told by name
    const import::Summary web = importer.importFile(webUi, openWebUi);
    QCOMPARE(web.imported, 1);
    QCOMPARE(web.timesUnread, 1);
    QVERIFY2(
        web.unreadTimes.constFirst().endsWith(QStringLiteral(", message 3: \"{\"at\":\"noon\"}\"")),
        qPrintable(web.unreadTimes.join(u'\n')));
    const qint64 w = store->findConversation(QStringLiteral("w1"));
    QCOMPARE(store->conversation(w)->startedAt, at);
    const QVector<Turn> webTurns = store->turns(w);
    QCOMPARE(webTurns[0].createdAt, withMs);
    QCOMPARE(webTurns[1].createdAt, withMs);
}

void TestImport::brokenFilesChangeNothing_data()
{
    // The corpus and what each file must say are listed in tests/data/bad/expected.tsv.
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected");
    const QDir bad(QStringLiteral(SENSE7_TEST_DATA "/bad"));
    const QList<QByteArray> lines =
        test::readFile(bad.filePath(QStringLiteral("expected.tsv"))).split('\n');
    QSet<QString> listed;
    for (const QByteArray &line : lines) {
        if (line.trimmed().isEmpty() || line.startsWith('#'))
            continue;
        const QStringList fields = QString::fromUtf8(line).split(QLatin1Char('\t'));
        if (fields.size() != 3)
            qFatal("expected.tsv: a line without three fields: %s", line.constData());
        const QString format = fields[1] == QLatin1String("-") ? QString() : fields[1];
        const QString name =
            fields[0] + (format.isEmpty() ? QString() : QStringLiteral(" as ") + format);
        QTest::newRow(qPrintable(name)) << fields[0] << format << fields[2];
        listed.insert(fields[0]);
    }
    // Every file of the corpus is checked, and it stays at least 40 files.
    QStringList files = bad.entryList(QDir::Files);
    files.removeAll(QStringLiteral("expected.tsv"));
    for (const QString &file : files) {
        if (!listed.contains(file))
            qFatal("tests/data/bad/%s is not listed in expected.tsv", qPrintable(file));
    }
    if (files.size() < 40 || listed.size() != files.size())
        qFatal("the corpus has %d files, %d listed", int(files.size()), int(listed.size()));
}

void TestImport::brokenFilesChangeNothing()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("study.sense7"));
    auto store = Store::create(path);
    importInto(*store, QStringLiteral("conversations.csv")); // targets for the ratings files
    const QString before = test::logicalDump(*store);
    const QJsonObject infoBefore = store->info().toJson();
    import::Options options;
    options.format = format;
    try {
        import::Importer importer(*store);
        importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/bad/") + file, options);
        QFAIL("a broken file was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(file), qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    QCOMPARE(store->info().toJson(), infoBefore);
    QVERIFY(!test::connection(*store).inTransaction());
}

void TestImport::nonRegularFilesAreRefused()
{
    // A named pipe would block the import until something wrote to it; a folder or a device is
    // no file to read either. Each is refused at once, naming it, detected format or not.
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("export.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QDir(dir.path()).mkdir(QStringLiteral("folder.json"));
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    const QString before = test::logicalDump(*store);
    const QList<std::pair<QString, QString>> cases {
        {fifo, QStringLiteral("is not a regular file")},
        {dir.filePath(QStringLiteral("folder.json")), QStringLiteral("is a folder")},
        {QStringLiteral("/dev/zero"), QStringLiteral("is not a regular file")},
        {QStringLiteral("/dev/null"), QStringLiteral("is not a regular file")}};
    for (const auto &[path, expected] : cases) {
        for (const QString &format : {QString(), QStringLiteral("chatgpt")}) {
            import::Options options;
            options.format = format;
            // On a thread with a deadline, so that a regression fails instead of hanging.
            std::promise<QString> promise;
            std::future<QString> outcome = promise.get_future();
            std::thread worker([&] {
                try {
                    import::Importer importer(*store);
                    importer.importFile(path, options);
                    promise.set_value(QStringLiteral("imported"));
                } catch (const Error &e) {
                    promise.set_value(e.message());
                }
            });
            if (outcome.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
                if (path == fifo) { // let the blocked reader go: a writer opens and closes
                    const int fd = ::open(QFile::encodeName(fifo).constData(), O_RDWR);
                    ::close(fd);
                    worker.join();
                    QFAIL(qPrintable(QStringLiteral("the import of %1 hangs").arg(path)));
                }
                // A device read for ever: the thread cannot be stopped, so neither can the test.
                qFatal("the import of %s hangs", qPrintable(path));
            }
            worker.join();
            const QString message = outcome.get();
            QVERIFY2(message.contains(path + QLatin1Char(' ') + expected), qPrintable(message));
        }
    }
    QCOMPARE(test::logicalDump(*store), before);
}

void TestImport::cancelFromAnotherThread()
{
    // Without a callback a report only says whether to go on.
    Progress idle;
    QVERIFY(idle.report(1, 2));
    QVERIFY(!idle.cancelled());

    QTemporaryDir dir;
    const QString big =
        test::writeManyConversations(dir.filePath(QStringLiteral("many.jsonl")), 3000);
    auto store = Store::create(dir.filePath(QStringLiteral("s.sense7")));
    const QString before = test::logicalDump(*store);
    import::Importer importer(*store);
    std::atomic<bool> reported {false};
    std::atomic<bool> cancelled {false};
    int reports = 0;
    importer.progress().setCallback([&](qint64, qint64) {
        ++reports;
        reported = true;
        while (!cancelled) // the cancel comes from the other thread, while the import waits
            std::this_thread::yield();
    });
    std::thread other([&] {
        while (!reported)
            std::this_thread::yield();
        importer.progress().cancel();
        cancelled = true;
    });
    QVERIFY_THROWS_EXCEPTION(import::Cancelled, importer.importFile(big));
    other.join();
    QCOMPARE(reports, 1);
    QVERIFY(importer.progress().cancelled());
    QVERIFY(!importer.progress().report(1, 2));
    QCOMPARE(test::logicalDump(*store), before);
}

void TestImport::cancelChangesNothing()
{
    QTemporaryDir dir;
    // Enough conversations that the import is still running when the user cancels.
    const QString big =
        test::writeManyConversations(dir.filePath(QStringLiteral("many.jsonl")), 3000);
    auto store = Store::create(dir.filePath(QStringLiteral("s.sense7")));
    const QString before = test::logicalDump(*store);
    import::Importer importer(*store);
    int reports = 0;
    importer.progress().setCallback([&](qint64, qint64) {
        if (++reports == 1)
            importer.progress().cancel();
    });
    QVERIFY_THROWS_EXCEPTION(import::Cancelled, importer.importFile(big));
    QCOMPARE(reports, 1);
    QCOMPARE(test::logicalDump(*store), before);

    import::Importer again(*store);
    QCOMPARE(again.importFile(big).imported, 3000);
}

void TestImport::queueHandsOverInOrder()
{
    // Batches, the last one short, cross whole and in order; conversations and warnings mixed.
    using import::QueueSink;
    Progress progress;
    QueueSink sink(progress);
    constexpr int items = int(QueueSink::capacity * 5 + QueueSink::batch / 2 + 1);
    std::thread reader([&] {
        for (int i = 0; i < items; ++i) {
            if (i % 3 == 0) {
                sink.warning(QString::number(i));
                continue;
            }
            import::ImportedConversation c;
            Turn turn;
            turn.text = QString::number(i);
            c.turns.append(turn);
            c.conversation.title = QString::number(i);
            sink.conversation(std::move(c));
        }
        sink.finish({});
    });
    QStringList seen;
    import::ItemPtr item;
    while (sink.pop(item)) {
        if (const auto *warning = std::get_if<QString>(item.get()))
            seen << *warning;
        else if (const auto *c = std::get_if<import::ImportedConversation>(item.get())) {
            QVERIFY(!c->conversation.contentHash.isEmpty()); // hashed on the reader's thread
            QCOMPARE(c->encoded.size(), 1);
            seen << c->conversation.title;
        }
        if (seen.size() % 50 == 0) // now and then slower than the reader, now and then faster
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    reader.join();
    QVERIFY(!sink.error());
    QStringList expected;
    for (int i = 0; i < items; ++i)
        expected << QString::number(i);
    QCOMPARE(seen, expected);
    QVERIFY(!sink.pop(item)); // and stays done
}

void TestImport::queueHoldsTheReaderAndLetsItGo()
{
    // A writer that takes nothing holds the reader at capacity plus one batch; stop() lets it go.
    using import::QueueSink;
    Progress progress;
    QueueSink sink(progress);
    std::atomic<int> given {0};
    std::thread reader([&] {
        for (int i = 0; i < 100000 && !sink.cancelled(); ++i) {
            sink.warning(QString::number(i));
            ++given;
        }
        sink.finish({});
    });
    const auto end = qScopeGuard([&] { // also when a comparison fails
        sink.stop();
        reader.join();
    });
    // The last warning of the batch waits in warning(), to be handed over.
    const int held = int(QueueSink::capacity + QueueSink::batch) - 1;
    QTRY_COMPARE_WITH_TIMEOUT(given.load(), held, 5000);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(given.load(), held); // held, not running on
    sink.stop();
    QTRY_COMPARE_WITH_TIMEOUT(given.load(), held + 1, 5000);
    QVERIFY(sink.cancelled());
}

void TestImport::importKeepsWriteAheadLogMode()
{
    // An import leaves the data set in WAL mode, and a second connection that was open
    // meanwhile sees the result.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("wal.sense7"));
    auto store = Store::create(path);
    sql::Connection reader;
    reader.open(path, sql::Connection::Access::ReadOnly);
    QCOMPARE(importInto(*store, QStringLiteral("claude.json")).imported, 2);
    QCOMPARE(reader.pragmaInt("SELECT count(*) FROM conversation"), 2);
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    store.reset();
    QCOMPARE(test::queryInt(path, "SELECT count(*) FROM conversation"), 2);
    sql::Connection check;
    check.open(path, sql::Connection::Access::ReadOnly);
    QCOMPARE(check.pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    QCOMPARE(check.pragmaText("PRAGMA integrity_check"), QStringLiteral("ok"));
}

void TestImport::importWritesTheDigestsRefreshWould()
{
    // An import works out the digest of each new conversation that comes without ratings or
    // flags on its reading thread, and writes it with the conversation: the rows digest::refresh()
    // writes from the stored turns, the detected breaks included. A conversation with ratings
    // (ESConv's feedback) is left to refresh(), marked stale.
    QTemporaryDir dir;
    QByteArray mapped;
    QByteArray chat;
    for (int i = 0; i < 3; ++i) {
        QJsonArray turns;
        const QString week = QStringLiteral(" of week %1").arg(i + 10);
        const std::pair<const char *, QString> said[] = {
            {"user", QStringLiteral("Plan my week around the budget review on Monday") + week},
            {"assistant", QStringLiteral("Here is a plan for your week.")},
            {"user", QStringLiteral("As I said, the budget review is on Monday, not Friday.")},
            {"assistant", QStringLiteral("Sorry, here it is again.")},
            {"user", QStringLiteral("plan my week around the budget review on monday") + week},
            {"assistant", QStringLiteral("Done.")}};
        for (const auto &[role, text] : said)
            turns.append(QJsonObject {{QStringLiteral("role"), QLatin1String(role)},
                                      {QStringLiteral("content"), text}});
        mapped += QJsonDocument(QJsonObject {{QStringLiteral("conversation_hash"),
                                              QStringLiteral("cue-%1").arg(i)},
                                             {QStringLiteral("model"), QStringLiteral("gpt-4")},
                                             {QStringLiteral("conversation"), turns}})
                      .toJson(QJsonDocument::Compact)
            + '\n';
        turns.append(QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("try %1").arg(i)}});
        chat += QJsonDocument(QJsonObject {{QStringLiteral("messages"), turns}})
                    .toJson(QJsonDocument::Compact)
            + '\n';
    }
    QFile mappedFile(dir.filePath(QStringLiteral("cues.jsonl")));
    QVERIFY(mappedFile.open(QIODevice::WriteOnly));
    mappedFile.write(mapped);
    mappedFile.close();
    QFile chatFile(dir.filePath(QStringLiteral("chat.jsonl")));
    QVERIFY(chatFile.open(QIODevice::WriteOnly));
    chatFile.write(chat);
    chatFile.close();

    // ESConv first: the instrument it installs changes what digests count (their rated_cells).
    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("esconv.json"));
    import::Options options;
    options.participant = QStringLiteral("P01");
    for (const char *file :
         {"chatgpt-branching.json", "openwebui.json", "librechat.json", "oasst.jsonl"})
        importInto(*store, QLatin1String(file), options);
    import::Importer importer(*store);
    import::Options mapping = options;
    mapping.map = {{QStringLiteral("turns"), QStringLiteral("conversation")},
                   {QStringLiteral("agent"), QStringLiteral("model")},
                   {QStringLiteral("id"), QStringLiteral("conversation_hash")}};
    QCOMPARE(importer.importFile(mappedFile.fileName(), mapping).imported, 3);
    QCOMPARE(importer.importFile(chatFile.fileName(), options).imported, 3);

    const auto digests = [&] {
        QStringList rows;
        sql::Statement query(test::connection(*store),
                             "SELECT conversation_id, turns, assistant_turns, rated_turns, "
                             "rated_cells, mean, flagged, detected, breaks "
                             "FROM conversation_digest ORDER BY conversation_id");
        while (query.next()) {
            QStringList row;
            for (int column = 0; column < 9; ++column)
                row << (query.isNull(column) ? QStringLiteral("NULL") : query.text(column));
            rows << row.join(QLatin1Char('|'));
        }
        return rows;
    };
    const qint64 conversations = count(*store, "SELECT count(*) FROM conversation");
    const QStringList imported = digests();
    const qint64 stale = count(*store, "SELECT count(*) FROM digest_stale");
    QVERIFY(stale > 0); // ESConv's rated conversations
    QCOMPARE(stale + imported.size(), conversations);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM conversation_digest d JOIN digest_stale s "
                   "ON s.conversation_id = d.conversation_id"),
             0);
    // The rules fired: the test compares breaks, not only empty lists.
    const QString all = imported.join(QLatin1Char('\n'));
    for (const char *rule : {"repair_cue", "repeated_request", "regenerated"})
        QVERIFY2(all.contains(QLatin1String(rule)), rule);

    digest::refresh(*store);
    QCOMPARE(digest::pendingWork(*store), 0);
    const QStringList refreshed = digests();
    QCOMPARE(refreshed.size(), conversations);
    for (const QString &row : imported)
        QVERIFY2(refreshed.contains(row), qPrintable(row)); // refresh() left them as they were

    // Worked out again from the stored turns, every digest is the same.
    test::connection(*store).exec("DELETE FROM conversation_digest; DELETE FROM digest_dimension; "
                                  "INSERT INTO digest_stale SELECT id FROM conversation");
    digest::refresh(*store);
    QCOMPARE(digests(), refreshed);
}

void TestImport::ratingsWriteNoPagePerRating()
{
    // Each rating's insert fires the trigger that marks its conversation's digest stale, so
    // SQLite keeps the pages that statement changes, to undo it alone. Kept in a temporary file
    // once one statement's outgrew 64 KiB, that was a page or more written per rating to the
    // end of the transaction: 6.2 GB for 70,000 ratings. In memory (sql::configureSqlite) they
    // cost no writes.
    QTemporaryDir dir;
    QByteArray conversations = "conversation_id,role,text\n";
    QByteArray ratings = "conversation_id,turn_index,dimension,value,annotator,annotator_kind\n";
    const QByteArrayList dimensions = {"acknowledgment", "understanding", "validation",
                                       "responsiveness"};
    for (int c = 0; c < 600; ++c) {
        const QByteArray id = "c" + QByteArray::number(c);
        conversations += id + ",user,question " + QByteArray::number(c) + "\n" + id
            + ",assistant,answer " + QByteArray::number(c) + "\n";
        for (const QByteArray &dimension : dimensions)
            ratings += id + ",1," + dimension + "," + QByteArray::number(1 + c % 5)
                + ",rater-A,observer\n";
    }
    test::writeFile(dir.filePath(QStringLiteral("conversations.csv")), conversations);
    test::writeFile(dir.filePath(QStringLiteral("ratings.csv")), ratings);
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(dir.filePath(QStringLiteral("conversations.csv"))).imported, 600);
    const qint64 sizeBefore = QFileInfo(store->path()).size();
    const qint64 before = test::bytesWritten();
    QVERIFY2(before >= 0, "/proc/self/io tells no bytes written");
    QCOMPARE(importer.importFile(dir.filePath(QStringLiteral("ratings.csv"))).ratings, 2400);
    const qint64 written = test::bytesWritten() - before;
    QCOMPARE(count(*store, "SELECT count(*) FROM rating"), 2400);
    QCOMPARE(count(*store, "SELECT count(*) FROM digest_stale"), 600);
    // The rows through the write-ahead log and back: 0.7 MB here, twice the growth. A page
    // (16 KiB) per rating would be 39 MB; it was 209 MB.
    const qint64 grown = QFileInfo(store->path()).size() - sizeBefore;
    QVERIFY2(written < qint64(16) * 1024 * 1024,
             qPrintable(
                 QStringLiteral("%1 bytes written, the file grew by %2").arg(written).arg(grown)));
}

void TestImport::ratingsCsvReadsTheSourceIdsOnce()
{
    // A ratings file names conversations by their source ids, which the data set keeps in its
    // participants' index (after the participant and the format). Looked up one by one, each
    // name was a scan of that index: 20,000 ratings of a 100,000-conversation data set took
    // 91 s. The import reads the source ids once (Store::SourceIds): the steps SQLite takes
    // through whole tables and indexes grow with the rows, not with rows times names.
    QTemporaryDir dir;
    constexpr int conversations = 500;
    QByteArray file = "conversation_id,role,text\n";
    QByteArray ratings = "conversation_id,turn_index,dimension,value,annotator,annotator_kind\n";
    for (int c = 0; c < conversations; ++c) {
        const QByteArray id = "source-" + QByteArray::number(c);
        file += id + ",user,question " + QByteArray::number(c) + "\n" + id + ",assistant,answer "
            + QByteArray::number(c) + "\n";
        ratings +=
            id + ",1,acknowledgment," + QByteArray::number(1 + c % 5) + ",rater-A,observer\n";
    }
    test::writeFile(dir.filePath(QStringLiteral("conversations.csv")), file);
    test::writeFile(dir.filePath(QStringLiteral("ratings.csv")), ratings);
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(dir.filePath(QStringLiteral("conversations.csv"))).imported,
             conversations);

    // Every statement's steps through whole tables and indexes, counted as each one finishes.
    static qint64 scanned = 0;
    scanned = 0;
    sqlite3 *db = test::connection(*store).handle();
    sqlite3_trace_v2(
        db, SQLITE_TRACE_PROFILE,
        [](unsigned, void *, void *statement, void *) {
            scanned += sqlite3_stmt_status(static_cast<sqlite3_stmt *>(statement),
                                           SQLITE_STMTSTATUS_FULLSCAN_STEP, 1);
            return 0;
        },
        nullptr);
    const auto untrace = qScopeGuard([db] { sqlite3_trace_v2(db, 0, nullptr, nullptr); });
    QCOMPARE(importer.importFile(dir.filePath(QStringLiteral("ratings.csv"))).ratings,
             conversations);
    // A scan per name would be 500 × 500 steps; one reading is 500.
    QVERIFY2(scanned < 10 * conversations, qPrintable(QString::number(scanned)));

    // Each rating went to its own conversation.
    const qint64 rater = store->annotatorId(QStringLiteral("rater-A"), AnnotatorKind::Observer);
    const qint64 dimension = store->findDimension(QStringLiteral("acknowledgment"))->id;
    for (const int c : {0, 1, 2, 3, 4, 250, conversations - 1}) {
        const qint64 id = store->findConversation(QStringLiteral("source-%1").arg(c));
        const qint64 turn = store->turnId(id, 1);
        QCOMPARE(store->turnRatings(id, rater).value(turn).value(dimension).number().value_or(-1),
                 1 + c % 5);
    }
}

void TestImport::sourceIdsFollowTheDataSet()
{
    // What conversationsNamed() finds by a source id, Store::SourceIds finds too: several
    // conversations for one source id, those added after its reading, none for a conversation
    // gone since.
    QTemporaryDir dir;
    test::writeFile(dir.filePath(QStringLiteral("a.csv")),
                    "conversation_id,role,text\nshared,user,hello\nshared,assistant,hi\n"
                    "only-a,user,one\nonly-a,assistant,two\n");
    test::writeFile(dir.filePath(QStringLiteral("b.csv")),
                    "conversation_id,role,text\nshared,user,other\nshared,assistant,words\n");
    test::writeFile(dir.filePath(QStringLiteral("c.csv")),
                    "conversation_id,role,text\nlater,user,late\nlater,assistant,reply\n");
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    importer.importFile(dir.filePath(QStringLiteral("a.csv")));
    import::Options other;
    other.participant = QStringLiteral("P2");
    importer.importFile(dir.filePath(QStringLiteral("b.csv")), other);

    Store::SourceIds sourceIds(*store);
    const QStringList keys = {QStringLiteral("shared"),   QStringLiteral("only-a"),
                              QStringLiteral(" only-a "), QStringLiteral("nothing"),
                              QStringLiteral("1"),        QStringLiteral("2")};
    for (const QString &key : keys)
        QCOMPARE(store->conversationsNamed(key, sourceIds), store->conversationsNamed(key));
    QCOMPARE(store->conversationsNamed(QStringLiteral("shared"), sourceIds).size(), 2);

    importer.importFile(dir.filePath(QStringLiteral("c.csv")), other);
    const QVector<qint64> later = store->conversationsNamed(QStringLiteral("later"));
    QCOMPARE(later.size(), 1);
    QCOMPARE(store->conversationsNamed(QStringLiteral("later"), sourceIds), later);

    const qint64 onlyA = store->findConversation(QStringLiteral("only-a"));
    test::connection(*store).exec(
        QByteArray("DELETE FROM conversation WHERE id = " + QByteArray::number(onlyA)).constData());
    QVERIFY(store->conversationsNamed(QStringLiteral("only-a")).isEmpty());
    QVERIFY(store->conversationsNamed(QStringLiteral("only-a"), sourceIds).isEmpty());
}

void TestImport::reimportLeavesDigestsToThePreparation()
{
    // A file imported again mostly holds conversations the data set has: the reader stops working
    // out digests that would be thrown away, and the new conversations among them (here after the
    // first 800 lines, more than the queue holds after the writer decides) are left to the
    // preparation, marked stale. Either way the digests are those of the stored turns.
    QTemporaryDir dir;
    const auto lines = [](int from, int to) {
        QByteArray bytes;
        for (int i = from; i < to; ++i)
            bytes +=
                QJsonDocument(
                    QJsonObject {
                        {QStringLiteral("messages"),
                         QJsonArray {
                             QJsonObject {
                                 {QStringLiteral("role"), QStringLiteral("user")},
                                 {QStringLiteral("content"), QStringLiteral("Question %1").arg(i)}},
                             QJsonObject {
                                 {QStringLiteral("role"), QStringLiteral("assistant")},
                                 {QStringLiteral("content"), QStringLiteral("Answer %1").arg(i)}},
                             QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                                          {QStringLiteral("content"),
                                           QStringLiteral("As I said, question %1").arg(i)}}}}})
                    .toJson(QJsonDocument::Compact)
                + '\n';
        return bytes;
    };
    const auto write = [&](const QString &name, const QByteArray &bytes) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(file.fileName()));
        return file.fileName();
    };
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    QCOMPARE(importer.importFile(write(QStringLiteral("first.jsonl"), lines(0, 800))).imported,
             800);
    QCOMPARE(count(*store, "SELECT count(*) FROM digest_stale"), 0);
    QCOMPARE(count(*store, "SELECT count(*) FROM conversation_digest"), 800);
    const import::Summary again =
        importer.importFile(write(QStringLiteral("again.jsonl"), lines(0, 810)));
    QCOMPARE(again.alreadyPresent, 800);
    QCOMPARE(again.imported, 10);
    QCOMPARE(count(*store, "SELECT count(*) FROM digest_stale"), 10);
    digest::refresh(*store);
    QCOMPARE(count(*store, "SELECT count(*) FROM conversation_digest WHERE detected = 1"), 810);
}

void TestImport::importAloneWritesPagesOnce()
{
    // Alone with the data set, the importer writes with a rollback journal, so the new pages go
    // straight into the file; through the write-ahead log they would be written there first and
    // copied again at the checkpoint. With another connection open it keeps the log, which that
    // connection reads from.
    QTemporaryDir dir;
    const QString file =
        test::writeManyConversations(dir.filePath(QStringLiteral("many.jsonl")), 3000, 300);
    const auto walBytes = [](const QString &db) {
        return QFileInfo(db + QStringLiteral("-wal")).size(); // 0 when there is none
    };

    const QString alone = dir.filePath(QStringLiteral("alone.sense7"));
    auto store = Store::create(alone);
    const qint64 pagesBefore = count(*store, "PRAGMA page_count");
    {
        import::Importer importer(*store);
        QCOMPARE(importer.importFile(file).imported, 3000);
    }
    const qint64 newPages = count(*store, "PRAGMA page_count") - pagesBefore;
    const qint64 pageSize = count(*store, "PRAGMA page_size");
    QVERIFY2(newPages * pageSize > 1'000'000, qPrintable(QString::number(newPages)));
    QVERIFY2(walBytes(alone) < 8 * pageSize, qPrintable(QString::number(walBytes(alone))));
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
    QVERIFY(!QFileInfo::exists(alone + QStringLiteral("-journal")));
    QCOMPARE(count(*store, "SELECT count(*) FROM turn"), 6000);

    const QString shared = dir.filePath(QStringLiteral("shared.sense7"));
    store = Store::create(shared);
    sql::Connection other;
    other.open(shared, sql::Connection::Access::ReadOnly);
    QCOMPARE(other.pragmaInt("SELECT count(*) FROM conversation"), 0);
    {
        import::Importer importer(*store);
        QCOMPARE(importer.importFile(file).imported, 3000);
    }
    QVERIFY2(walBytes(shared) > newPages * pageSize, qPrintable(QString::number(walBytes(shared))));
    QCOMPARE(other.pragmaInt("SELECT count(*) FROM conversation"), 3000);
    QCOMPARE(test::connection(*store).pragmaText("PRAGMA journal_mode"), QStringLiteral("wal"));
}

void TestImport::participantAndAgentOptions()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    store->addParticipant(QStringLiteral("A"));
    store->addParticipant(QStringLiteral("B"));
    // Two participants and nothing in the file to choose: the importer asks instead of guessing.
    QVERIFY_THROWS_EXCEPTION(Error, importInto(*store, QStringLiteral("sharegpt.json")));
    QCOMPARE(store->info().conversations, 0);
    import::Options options;
    options.participant = QStringLiteral("B");
    options.agent = QStringLiteral("empathy-prompted");
    QCOMPARE(importInto(*store, QStringLiteral("sharegpt.json"), options).imported, 2);
    for (const ConversationSummary &s : store->conversationSummaries()) {
        QCOMPARE(s.participant, QStringLiteral("B"));
        QCOMPARE(s.agent, QStringLiteral("empathy-prompted"));
    }
    // An unknown participant code is created.
    options.participant = QStringLiteral("C");
    QCOMPARE(importInto(*store, QStringLiteral("openai.jsonl"), options).imported, 2);
    QCOMPARE(store->participants().size(), 3);
}

void TestImport::ratingsKeepWhatTheDataSetHas()
{
    QTemporaryDir dir;
    auto store = withSelfRatings();
    const QString file = conflictingRatings(dir);
    import::Importer importer(*store);
    const import::Summary s = importer.importFile(file, selfOptions());
    QCOMPARE(selfRating(*store, "warmth"), 5); // the participant's own rating stays
    QCOMPARE(selfRating(*store, "warmth", 3), 2); // the new one is added
    QCOMPARE(s.ratings, qint64(1));
    QCOMPARE(s.ratingsUnchanged, qint64(1));
    QCOMPARE(s.ratingsConflicting, qint64(1));
    QCOMPARE(s.conflicts, 1);
    QVERIFY2(s.text().contains(QStringLiteral("ratings: 1 new, 1 unchanged, 1 conflicting (kept)")),
             qPrintable(s.text()));
    QCOMPARE(s.conflictList.size(), 1);
    const import::Conflict &c = s.conflictList.constFirst();
    QCOMPARE(c.file, QStringLiteral("predictions.csv"));
    QCOMPARE(c.line, qint64(3));
    QCOMPARE(c.conversation, QStringLiteral("c1"));
    QCOMPARE(c.turn, 1);
    QCOMPARE(c.dimension, QStringLiteral("warmth"));
    QCOMPARE(c.rater, QStringLiteral("self"));
    QCOMPARE(c.existing, QJsonValue(5));
    QCOMPARE(c.incoming, QJsonValue(1));
    QVERIFY(!c.replaced);
    QCOMPARE(s.warnings.size(), 1);
    const QString message = s.warnings.constFirst();
    for (const char *part :
         {"predictions.csv: line 3", "conversation \"c1\", turn 1", "\"warmth\" by self",
          "is 5 in the data set and 1 in this file", "kept 5"})
        QVERIFY2(message.contains(QString::fromUtf8(part)), qPrintable(message));
}

void TestImport::reimportedRatingsAreUnchanged()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("conversations.csv"));
    const import::Summary first = importInto(*store, QStringLiteral("ratings.csv"));
    QCOMPARE(first.ratings, qint64(15));
    QCOMPARE(first.ratingsUnchanged, qint64(0));
    const QString before = test::logicalDump(*store);
    const import::Summary again = importInto(*store, QStringLiteral("ratings.csv"));
    QCOMPARE(again.ratings, qint64(0));
    QCOMPARE(again.ratingsUnchanged, qint64(15));
    QCOMPARE(again.ratingsConflicting, qint64(0));
    QVERIFY2(again.text().contains(QStringLiteral("ratings: 0 new, 15 unchanged, 0 conflicting")),
             qPrintable(again.text()));
    QCOMPARE(test::logicalDump(*store), before);
}

void TestImport::onConflictReplaceIsJournaled()
{
    QTemporaryDir dir;
    auto store = withSelfRatings();
    const qint64 events = store->ratingEventCount();
    import::Importer importer(*store);
    const import::Summary s =
        importer.importFile(conflictingRatings(dir), selfOptions(import::OnConflict::Replace));
    QCOMPARE(selfRating(*store, "warmth"), 1);
    QCOMPARE(s.ratingsConflicting, qint64(1));
    QVERIFY2(s.text().contains(QStringLiteral("ratings: 1 new, 1 unchanged, 1 replaced")),
             qPrintable(s.text()));
    QVERIFY(s.conflictList.constFirst().replaced);
    QVERIFY(s.warnings.constFirst().contains(QStringLiteral("replaced it with 1")));
    // Two writes (the new rating and the replaced one), each journaled with old and new value.
    QCOMPARE(store->ratingEventCount(), events + 2);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM rating_event e JOIN dimension d ON d.id = e.dimension_id "
                   "WHERE d.key = 'warmth' AND e.old_present = 1 AND e.old_value = 5 AND "
                   "e.new_present = 1 AND e.new_value = 1 AND e.origin = 'data'"),
             1);
}

void TestImport::onConflictFailChangesNothing()
{
    QTemporaryDir dir;
    auto store = withSelfRatings();
    const QString before = test::logicalDump(*store);
    const qint64 events = store->ratingEventCount();
    import::Importer importer(*store);
    try {
        importer.importFile(conflictingRatings(dir), selfOptions(import::OnConflict::Fail));
        QFAIL("a conflicting file was imported with on-conflict fail");
    } catch (const Error &e) {
        for (const char *part : {"predictions.csv: line 3", "turn 1", "\"warmth\" by self",
                                 "is 5 in the data set and 1 in this file", "nothing"})
            QVERIFY2(e.message().contains(QString::fromUtf8(part)), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    QCOMPARE(store->ratingEventCount(), events);
    QCOMPARE(selfRating(*store, "warmth", 3), -1);
}

void TestImport::conflictReportAsCsvAndJson()
{
    QTemporaryDir dir;
    auto store = withSelfRatings();
    import::Importer importer(*store);
    const import::Summary s = importer.importFile(conflictingRatings(dir), selfOptions());

    const QString json = dir.filePath(QStringLiteral("report.json"));
    import::writeConflictReport(json, s.conflictList);
    const QJsonArray rows = QJsonDocument::fromJson(test::readFile(json)).array();
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.first().toObject();
    QCOMPARE(row.value(QStringLiteral("file")).toString(), QStringLiteral("predictions.csv"));
    QCOMPARE(row.value(QStringLiteral("line")).toInt(), 3);
    QCOMPARE(row.value(QStringLiteral("conversation")).toString(), QStringLiteral("c1"));
    QCOMPARE(row.value(QStringLiteral("turn")).toInt(), 1);
    QCOMPARE(row.value(QStringLiteral("dimension")).toString(), QStringLiteral("warmth"));
    QCOMPARE(row.value(QStringLiteral("rater")).toString(), QStringLiteral("self"));
    QCOMPARE(row.value(QStringLiteral("existing")).toInt(), 5);
    QCOMPARE(row.value(QStringLiteral("file_value")).toInt(), 1);
    QCOMPARE(row.value(QStringLiteral("action")).toString(), QStringLiteral("kept"));

    const QString csv = dir.filePath(QStringLiteral("report.csv"));
    import::writeConflictReport(csv, s.conflictList);
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    import::CsvReader reader(file, csv);
    QStringList header, fields;
    QVERIFY(reader.next(header));
    QCOMPARE(header,
             QString::fromLatin1("file,line,what,conversation,turn,dimension,rater,existing,"
                                 "file_value,action")
                 .split(QLatin1Char(',')));
    QVERIFY(reader.next(fields));
    QCOMPARE(fields,
             QString::fromLatin1("predictions.csv,3,rating,c1,1,warmth,self,5,1,kept")
                 .split(QLatin1Char(',')));
    QVERIFY(!reader.next(fields));

    QVERIFY_THROWS_EXCEPTION(
        Error, import::writeConflictReport(dir.filePath(QStringLiteral("report.txt")), {}));
}

void TestImport::ratingsWithoutAnnotatorAreRefused()
{
    QTemporaryDir dir;
    auto store = withSelfRatings();
    const QString file = conflictingRatings(dir);
    QVERIFY(import::needsAnnotator(file));
    QVERIFY(!import::needsAnnotator(fixture(QStringLiteral("ratings.csv"))));
    QVERIFY(!import::needsAnnotator(fixture(QStringLiteral("conversations.csv"))));
    const QString before = test::logicalDump(*store);
    try {
        import::Importer(*store).importFile(file);
        QFAIL("a ratings file without an annotator was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("predictions.csv: line 2")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(QStringLiteral("--annotator")), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    QCOMPARE(selfRating(*store, "warmth"), 5);

    // Named: an observer unless said otherwise; the self ratings are untouched.
    import::Options options;
    options.annotator = QStringLiteral("obs-1");
    const import::Summary s = import::Importer(*store).importFile(file, options);
    QCOMPARE(s.ratings, qint64(3));
    QCOMPARE(s.conflicts, 0);
    QCOMPARE(selfRating(*store, "warmth"), 5);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id "
                   "WHERE a.code = 'obs-1' AND a.kind = 'observer'"),
             3);
    options.annotator = QStringLiteral("judge");
    options.annotatorKind = AnnotatorKind::Model;
    import::Importer(*store).importFile(file, options);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id "
                   "WHERE a.code = 'judge' AND a.kind = 'model'"),
             3);
}

void TestImport::annotatorOfAnotherKindNamesItsEntry()
{
    // A rater the data set knows as another kind of annotator is refused, naming the file and
    // the row or entry that named them, and nothing of the file is written.
    const auto refused = [](Store &store, const QString &file, const QString &where,
                            const QString &message) {
        const QString before = test::logicalDump(store);
        try {
            import::Importer(store).importFile(file);
            QFAIL("a rater of two kinds was imported");
        } catch (const Error &e) {
            QVERIFY2(e.message().startsWith(where), qPrintable(e.message()));
            QVERIFY2(e.message().contains(message), qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(store), before);
    };
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    importInto(*store, QStringLiteral("conversations.csv"));
    const QString csv = dir.filePath(QStringLiteral("bad.csv"));
    test::writeFile(csv,
                    "conversation_id,turn_index,dimension,value,annotator,annotator_kind\n"
                    "c1,1,warmth,4,rater-B,observer\n"
                    "c1,1,support,3,rater-B,model\n");
    refused(*store, csv, QStringLiteral("bad.csv: line 3: "),
            QStringLiteral("the annotator rater-B exists already as observer, not as model"));

    // A bundle's rating, flag or note by rater-B as an observer, into a data set that has
    // rater-B as a model: merged into a conversation the data set has, or a new one.
    const auto bundleWith = [&dir](const char *list, const QJsonObject &entry) {
        QJsonObject bundle =
            QJsonDocument::fromJson(test::readFile(fixture(QStringLiteral("bundle.json"))))
                .object();
        QJsonArray conversations = bundle.value(QStringLiteral("conversations")).toArray();
        QJsonObject c = conversations.first().toObject();
        QJsonObject byB = entry;
        byB.insert(QStringLiteral("annotator"), QStringLiteral("rater-B"));
        byB.insert(QStringLiteral("annotator_kind"), QStringLiteral("observer"));
        c.insert(QLatin1String(list), QJsonArray {byB});
        conversations[0] = c;
        bundle.insert(QStringLiteral("conversations"), conversations);
        const QString path = dir.filePath(QLatin1String(list) + QStringLiteral(".json"));
        test::writeFile(path, QJsonDocument(bundle).toJson());
        return path;
    };
    const QString clash =
        QStringLiteral("the annotator rater-B exists already as model, not as observer");
    auto merged = Store::create(dir.filePath(QStringLiteral("merged.sense7")));
    importInto(*merged, QStringLiteral("bundle.json"));
    merged->annotatorId(QStringLiteral("rater-B"), AnnotatorKind::Model);
    auto fresh = Store::create(dir.filePath(QStringLiteral("fresh.sense7")));
    fresh->annotatorId(QStringLiteral("rater-B"), AnnotatorKind::Model);
    const QString rating =
        bundleWith("ratings",
                   {{QStringLiteral("turn"), 1},
                    {QStringLiteral("dimension"), QStringLiteral("sense7/warmth")},
                    {QStringLiteral("value"), 2}});
    const QString flag =
        bundleWith("flags",
                   {{QStringLiteral("turn"), 3},
                    {QStringLiteral("reason"), QStringLiteral("repeated_itself")}});
    const QString note = bundleWith(
        "notes",
        {{QStringLiteral("turn"), 1}, {QStringLiteral("text"), QStringLiteral("Too formal")}});
    for (Store *into : {merged.get(), fresh.get()}) {
        refused(*into, rating, QStringLiteral("ratings.json: conversation 1"), clash);
        refused(*into, flag, QStringLiteral("flags.json: conversation 1"), clash);
        refused(*into, note, QStringLiteral("notes.json: conversation 1"), clash);
    }
    // Each names its entry, once.
    for (const auto &[file, entry] : {std::pair {flag, QStringLiteral(", flag 1: ")},
                                      std::pair {note, QStringLiteral(", note 1: ")}}) {
        try {
            import::Importer(*merged).importFile(file);
            QFAIL("a rater of two kinds was merged");
        } catch (const Error &e) {
            QCOMPARE(e.message().count(entry), 1);
            QCOMPARE(e.message().count(QStringLiteral("conversation 1")), 1);
        }
    }
}

void TestImport::bundleMergeConflictsAreCounted()
{
    QTemporaryDir dir;
    QJsonObject bundle =
        QJsonDocument::fromJson(test::readFile(fixture(QStringLiteral("bundle.json")))).object();
    QJsonArray conversations = bundle.value(QStringLiteral("conversations")).toArray();
    QJsonObject c = conversations.first().toObject();
    QJsonArray ratings = c.value(QStringLiteral("ratings")).toArray();
    QJsonObject warmth = ratings.at(0).toObject();
    QCOMPARE(warmth.value(QStringLiteral("value")).toInt(), 4);
    warmth.insert(QStringLiteral("value"), 2);
    ratings[0] = warmth;
    c.insert(QStringLiteral("ratings"), ratings);
    QJsonArray flags = c.value(QStringLiteral("flags")).toArray();
    QJsonObject flag = flags.at(0).toObject();
    flag.insert(QStringLiteral("reason"), QStringLiteral("forgot_context"));
    flags[0] = flag;
    c.insert(QStringLiteral("flags"), flags);
    conversations[0] = c;
    bundle.insert(QStringLiteral("conversations"), conversations);
    const QString changed = dir.filePath(QStringLiteral("changed.json"));
    test::writeFile(changed, QJsonDocument(bundle).toJson());

    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("bundle.json"));
    const QString before = test::logicalDump(*store);
    const import::Summary kept = import::Importer(*store).importFile(changed);
    QCOMPARE(kept.ratings, qint64(0));
    QCOMPARE(kept.ratingsUnchanged, qint64(2));
    QCOMPARE(kept.ratingsConflicting, qint64(1));
    QCOMPARE(kept.conflicts, 2); // the rating and the flag
    QCOMPARE(kept.conflictList.size(), 2);
    const import::Conflict &r = kept.conflictList.at(0);
    QCOMPARE(r.what, QStringLiteral("rating"));
    QCOMPARE(r.conversation, QStringLiteral("b-1"));
    QCOMPARE(r.turn, 1);
    QCOMPARE(r.dimension, QStringLiteral("sense7/warmth"));
    QCOMPARE(r.rater, QStringLiteral("self"));
    QCOMPARE(r.existing, QJsonValue(4));
    QCOMPARE(r.incoming, QJsonValue(2));
    QCOMPARE(kept.conflictList.at(1).what, QStringLiteral("flag"));
    QVERIFY2(
        kept.text().contains(QStringLiteral("ratings: 0 new, 2 unchanged, 1 conflicting (kept)")),
        qPrintable(kept.text()));
    QVERIFY(kept.warnings.constFirst().contains(QStringLiteral("changed.json: conversation 1")));
    // Only the provenance learnt where the copy came from.
    QString withoutProvenance = test::logicalDump(*store);
    QVERIFY(withoutProvenance != before);
    QVERIFY(withoutProvenance.contains(QStringLiteral("changed.json")));

    const QString kept2 = test::logicalDump(*store);
    QVERIFY_THROWS_EXCEPTION(Error, [&] {
        import::Options options;
        options.onConflict = import::OnConflict::Fail;
        import::Importer(*store).importFile(changed, options);
    }());
    QCOMPARE(test::logicalDump(*store), kept2);

    import::Options replace;
    replace.onConflict = import::OnConflict::Replace;
    const import::Summary replaced = import::Importer(*store).importFile(changed, replace);
    QCOMPARE(replaced.ratingsConflicting, qint64(1));
    QVERIFY(replaced.conflictList.at(0).replaced && replaced.conflictList.at(1).replaced);
    QCOMPARE(
        count(*store, "SELECT count(*) FROM rating_event WHERE old_value = 4 AND new_value = 2"),
        1);
    QCOMPARE(count(*store, "SELECT count(*) FROM turn_flag WHERE reason = 'forgot_context'"), 1);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM edit_event WHERE kind = 'flag' AND origin = 'data' AND "
                   "json_extract(old, '$.reason') = 'repeated_itself' AND "
                   "json_extract(new, '$.reason') = 'forgot_context'"),
             1);
    // Now the data set says what the file says.
    const import::Summary again = import::Importer(*store).importFile(changed);
    QCOMPARE(again.conflicts, 0);
    QCOMPARE(again.ratingsUnchanged, qint64(3));
}

void TestImport::esconvSurveyConflictsAreReplacedWithAJournal()
{
    QTemporaryDir dir;
    QJsonArray dialogues =
        QJsonDocument::fromJson(test::readFile(fixture(QStringLiteral("esconv.json")))).array();
    QJsonObject first = dialogues.at(0).toObject();
    QJsonObject survey = first.value(QStringLiteral("survey_score")).toObject();
    QJsonObject seeker = survey.value(QStringLiteral("seeker")).toObject();
    QCOMPARE(seeker.value(QStringLiteral("empathy")).toString(), QStringLiteral("5"));
    seeker.insert(QStringLiteral("empathy"), QStringLiteral("2"));
    survey.insert(QStringLiteral("seeker"), seeker);
    first.insert(QStringLiteral("survey_score"), survey);
    dialogues[0] = first;
    const QString changed = dir.filePath(QStringLiteral("esconv-changed.json"));
    test::writeFile(changed, QJsonDocument(dialogues).toJson());

    auto store = Store::create(QStringLiteral(":memory:"));
    importInto(*store, QStringLiteral("esconv.json"));
    const import::Summary kept = import::Importer(*store).importFile(changed);
    QCOMPARE(kept.imported, 0);
    QCOMPARE(kept.ratingsConflicting, qint64(1));
    QCOMPARE(kept.ratings, qint64(0));
    QVERIFY(kept.ratingsUnchanged > 0);
    const import::Conflict &c = kept.conflictList.constFirst();
    QCOMPARE(c.what, QStringLiteral("conversation_rating"));
    QCOMPARE(c.turn, -1);
    QCOMPARE(c.dimension, QStringLiteral("esconv/empathy"));
    QCOMPARE(c.existing, QJsonValue(5));
    QCOMPARE(c.incoming, QJsonValue(2));
    QVERIFY2(c.text().contains(QStringLiteral("esconv-changed.json")), qPrintable(c.text()));
    const auto empathy = [&] {
        return count(*store,
                     "SELECT value FROM conversation_rating cr JOIN dimension d ON d.id = "
                     "cr.dimension_id WHERE d.key = 'empathy' ORDER BY conversation_id");
    };
    QCOMPARE(empathy(), 5);

    import::Options replace;
    replace.onConflict = import::OnConflict::Replace;
    const import::Summary replaced = import::Importer(*store).importFile(changed, replace);
    QVERIFY(replaced.conflictList.constFirst().replaced);
    QCOMPARE(empathy(), 2);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM edit_event WHERE kind = 'conversation_rating' AND "
                   "origin = 'data' AND old = '5' AND new = '2'"),
             1);
}

void TestImport::ratingsCsvInstrumentAndConversationRows()
{
    QTemporaryDir dir;
    auto store = withInstruments();
    const QString file = dir.filePath(QStringLiteral("empathy.csv"));
    // An instrument column, a key that only one instrument has (ESConv's feedback), the
    // instrument written before the key, and conversation-level rows with an empty turn_index.
    test::writeFile(file,
                    "conversation_id,turn_index,instrument,dimension,value,annotator,"
                    "annotator_kind\n"
                    "c1,1,empathy7,reply_empathy,6,rater-A,observer\n"
                    "c1,,empathy7,felt_understood,7,rater-A,observer\n"
                    "c1,,,empathy7/cared_for,2,rater-A,observer\n"
                    "c1,,empathy7,empathy7/seen,1,rater-A,observer\n"
                    "c1,3,,feedback,4,rater-A,observer\n"
                    "c1,,,relevance,3,rater-A,observer\n"
                    "c2,1,sense7,warmth,,rater-A,observer\n");
    const import::Summary s = import::Importer(*store).importFile(file);
    QCOMPARE(s.format, QStringLiteral("ratings-csv"));
    QCOMPARE(s.ratings, qint64(7));
    QCOMPARE(conversationRating(*store, "empathy7/felt_understood"), 7);
    QCOMPARE(conversationRating(*store, "empathy7/cared_for"), 2);
    QCOMPARE(conversationRating(*store, "empathy7/seen"), 1);
    QCOMPARE(conversationRating(*store, "esconv/relevance"), 3);
    const qint64 rater = store->annotatorId(QStringLiteral("rater-A"), AnnotatorKind::Observer);
    const qint64 c1 = store->findConversation(QStringLiteral("c1"));
    QCOMPARE(store->rating(store->turnId(c1, 1),
                           store->findDimension(QStringLiteral("empathy7/reply_empathy"))->id,
                           rater),
             Rating(6));
    QCOMPARE(store->rating(store->turnId(c1, 3),
                           store->findDimension(QStringLiteral("esconv/feedback"))->id, rater),
             Rating(4));
    const qint64 c2 = store->findConversation(QStringLiteral("c2"));
    QCOMPARE(store->rating(store->turnId(c2, 1),
                           store->findDimension(QStringLiteral("sense7/warmth"))->id, rater),
             Rating::notApplicable());
    // Conversation ratings are not turn ratings: none of them landed on a turn.
    QCOMPARE(count(*store, "SELECT count(*) FROM rating"), 3);
    QCOMPARE(count(*store, "SELECT count(*) FROM conversation_rating"), 4);

    const import::Summary again = import::Importer(*store).importFile(file);
    QCOMPARE(again.ratings, qint64(0));
    QCOMPARE(again.ratingsUnchanged, qint64(7));

    // A survey of whole conversations needs no turn_index column at all.
    const QString survey = dir.filePath(QStringLiteral("survey.csv"));
    test::writeFile(survey,
                    "conversation_id,instrument,dimension,value,annotator\n"
                    "c1,empathy7,accepted,5,self\n"
                    "c2,empathy7,accepted,3,self\n");
    const import::Summary surveyed = import::Importer(*store).importFile(survey);
    QCOMPARE(surveyed.format, QStringLiteral("ratings-csv"));
    QCOMPARE(surveyed.ratings, qint64(2));
    QCOMPARE(conversationRating(*store, "empathy7/accepted", "self", AnnotatorKind::Self), 5);
}

void TestImport::ratingsCsvConversationConflicts()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("study.sense7"));
    auto store = withInstruments(path);
    const QString first = dir.filePath(QStringLiteral("first.csv"));
    test::writeFile(first,
                    "conversation_id,turn_index,instrument,dimension,value,annotator\n"
                    "c1,,empathy7,validated,5,rater-A\n"
                    "c1,,empathy7,accepted,4,rater-A\n");
    import::Importer(*store).importFile(first);
    QCOMPARE(conversationRating(*store, "empathy7/validated"), 5);
    const QString second = dir.filePath(QStringLiteral("second.csv"));
    test::writeFile(second,
                    "conversation_id,turn_index,instrument,dimension,value,annotator\n"
                    "c1,,empathy7,validated,2,rater-A\n"
                    "c1,,empathy7,accepted,4,rater-A\n"
                    "c1,,empathy7,affirmed,6,rater-A\n");

    // Keep (the default): reported with the file, line and both values; the data set's stays.
    const import::Summary kept = import::Importer(*store).importFile(second);
    QCOMPARE(kept.ratings, qint64(1));
    QCOMPARE(kept.ratingsUnchanged, qint64(1));
    QCOMPARE(kept.ratingsConflicting, qint64(1));
    const import::Conflict &c = kept.conflictList.constFirst();
    QCOMPARE(c.what, QStringLiteral("conversation_rating"));
    QCOMPARE(c.turn, -1);
    QCOMPARE(c.line, qint64(2));
    QCOMPARE(c.dimension, QStringLiteral("empathy7/validated"));
    QCOMPARE(c.existing, QJsonValue(5));
    QCOMPARE(c.incoming, QJsonValue(2));
    QVERIFY2(c.text().contains(QStringLiteral("second.csv: line 2: conversation \"c1\", the "
                                              "conversation rating \"empathy7/validated\" by "
                                              "rater-A is 5 in the data set and 2 in this file")),
             qPrintable(c.text()));
    QCOMPARE(conversationRating(*store, "empathy7/validated"), 5);
    QCOMPARE(conversationRating(*store, "empathy7/affirmed"), 6);

    // Fail: nothing of the file is written.
    const QString before = test::logicalDump(*store);
    import::Options fail;
    fail.onConflict = import::OnConflict::Fail;
    try {
        import::Importer(*store).importFile(second, fail);
        QFAIL("a conflicting conversation rating was imported under --on-conflict fail");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("second.csv: line 2")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);

    // Replace: written, reported and journaled with the old and the new value.
    import::Options replace;
    replace.onConflict = import::OnConflict::Replace;
    const import::Summary replaced = import::Importer(*store).importFile(second, replace);
    QVERIFY(replaced.conflictList.constFirst().replaced);
    QVERIFY2(replaced.text().contains(QStringLiteral("1 replaced")), qPrintable(replaced.text()));
    QCOMPARE(conversationRating(*store, "empathy7/validated"), 2);
    QCOMPARE(count(*store,
                   "SELECT count(*) FROM edit_event WHERE kind = 'conversation_rating' AND "
                   "origin = 'data' AND old = '5' AND new = '2'"),
             1);
}

void TestImport::ratingsCsvBadRows_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<QString>("expected");
    const QByteArray ok = "c1,1,empathy7,reply_empathy,4\n";
    QTest::newRow("unknown instrument")
        << ok + "c1,1,empathy9,reply_empathy,4\n"
        << "bad.csv: line 3: the data set has no instrument \"empathy9\" (it has: sense7, "
           "empathy7, esconv, empathy7b).";
    QTest::newRow("unknown dimension of an instrument")
        << ok + "c1,,empathy7,hugged,4\n"
        << "bad.csv: line 3: instrument \"empathy7\" has no dimension \"hugged\" (it has: "
           "felt_understood, validated, affirmed, seen, accepted, cared_for, reply_empathy).";
    QTest::newRow("unknown dimension")
        << ok + "c1,1,,hugged,4\n"
        << "bad.csv: line 3: the data set has no dimension \"hugged\" in any of its instruments "
           "(sense7, empathy7, esconv, empathy7b).";
    QTest::newRow("ambiguous key")
        << ok + "c1,,,seen,4\n"
        << "bad.csv: line 3: the dimension \"seen\" is in more than one instrument (empathy7, "
           "empathy7b): name the instrument in an instrument column or as \"empathy7/seen\".";
    QTest::newRow("turn-level dimension without a turn")
        << ok + "c1,,empathy7,reply_empathy,4\n"
        << "bad.csv: line 3: \"empathy7/reply_empathy\" rates turns, so the row needs a "
           "turn_index";
    QTest::newRow("conversation-level dimension on a turn")
        << ok + "c1,3,empathy7,seen,4\n"
        << "bad.csv: line 3: \"empathy7/seen\" rates whole conversations, not turns: leave "
           "turn_index empty.";
    QTest::newRow("off the 7-point scale")
        << ok + "c1,,empathy7,seen,8\n"
        << "bad.csv: line 3: 8 is outside the scale 1–7 of \"empathy7/seen\".";
    QTest::newRow("NA where the instrument has none")
        << ok + "c1,,empathy7,seen,NA\n"
        << "bad.csv: line 3: \"empathy7/seen\" has no \"not applicable\": the value must be a "
           "whole number from 1 to 7, not empty or NA.";
    QTest::newRow("empty where ESConv has no not applicable")
        << ok + "c1,3,esconv,feedback,\n"
        << "bad.csv: line 3: \"esconv/feedback\" has no \"not applicable\"";
    QTest::newRow("instrument column and prefix disagree")
        << ok + "c1,,empathy7,esconv/empathy,4\n"
        << "bad.csv: line 3: the dimension \"esconv/empathy\" names instrument \"esconv\", but "
           "the instrument column says \"empathy7\".";
    QTest::newRow("one rating written two ways")
        << ok + "c1,3,esconv,feedback,4\nc1,3,,feedback,5\n"
        << "bad.csv: line 4: \"feedback\" of the same turn by rater-A is rated on line 3 "
           "already.";
    QTest::newRow("conversation rated twice")
        << ok + "c1,,empathy7,seen,4\nc1,,empathy7,seen,5\n"
        << "bad.csv: line 4: a second rating of conversation \"c1\" as a whole on "
           "\"empathy7/seen\" by the import's annotator (the first is on line 3).";
}

void TestImport::ratingsCsvBadRows()
{
    QFETCH(QByteArray, rows);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    auto store = withInstruments(dir.filePath(QStringLiteral("study.sense7")));
    store->installInstrument(empathy7(QStringLiteral("empathy7b"))); // "seen" twice
    const QString before = test::logicalDump(*store);
    const QString file = dir.filePath(QStringLiteral("bad.csv"));
    test::writeFile(file, "conversation_id,turn_index,instrument,dimension,value\n" + rows);
    import::Options options;
    options.annotator = QStringLiteral("rater-A");
    try {
        import::Importer(*store).importFile(file, options);
        QFAIL("a bad ratings row was imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
}

void TestImport::ratingsCsvRefuseAKeyNamingSeveral()
{
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("study.sense7")));
    // "2" is the source id of the first conversation and the id of the second; "c1" is the
    // source id of one conversation of each participant.
    const QString mine = dir.filePath(QStringLiteral("mine.csv"));
    test::writeFile(mine,
                    "conversation_id,role,text\n"
                    "2,user,first\n2,assistant,first reply\n"
                    "x,user,second\nx,assistant,second reply\n"
                    "c1,user,third\nc1,assistant,third reply\n");
    const QString theirs = dir.filePath(QStringLiteral("theirs.csv"));
    test::writeFile(theirs,
                    "conversation_id,role,text\n"
                    "c1,user,fourth\nc1,assistant,fourth reply\n");
    import::Options p1;
    p1.participant = QStringLiteral("P1");
    import::Importer(*store).importFile(mine, p1);
    import::Options p2;
    p2.participant = QStringLiteral("P2");
    import::Importer(*store).importFile(theirs, p2);
    const qint64 first = store->conversationsNamed(QStringLiteral("x")).value(0) - 1;
    QCOMPARE(store->conversationsNamed(QStringLiteral("2")), (QVector<qint64> {first, first + 1}));
    QCOMPARE(store->conversationsNamed(QStringLiteral("c1")).size(), 2);
    try {
        store->findConversation(QStringLiteral("2"));
        QFAIL("a key naming two conversations was taken for one of them");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("\"2\" names 2 conversations")),
                 qPrintable(e.message()));
    }

    import::Options options;
    options.annotator = QStringLiteral("rater-A");
    const QString before = test::logicalDump(*store);
    for (const char *key : {"2", "c1"}) {
        const QString file = dir.filePath(QStringLiteral("ratings.csv"));
        test::writeFile(file,
                        QByteArray("conversation_id,turn_index,dimension,value\n"
                                   "x,1,sense7/warmth,4\n")
                            + key + ",1,sense7/warmth,5\n");
        try {
            import::Importer(*store).importFile(file, options);
            QFAIL("a rating was given to one of the conversations its key names");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("ratings.csv: line 3: \"%1\" names 2 "
                                                         "conversations (ids ")
                                              .arg(QLatin1String(key))),
                     qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(*store), before);
    }
    // A key naming one conversation is taken, whichever way it names it.
    const QString file = dir.filePath(QStringLiteral("ratings.csv"));
    const QString hash = store->conversation(first)->contentHash;
    test::writeFile(file,
                    "conversation_id,turn_index,dimension,value\nx,1,sense7/warmth,4\n"
                        + hash.toLatin1() + ",1,sense7/warmth,5\n");
    QCOMPARE(import::Importer(*store).importFile(file, options).ratings, qint64(2));
    QCOMPARE(store->findConversation(hash), first);
}

void TestImport::ratingsCsvRoundTripsThroughTheExport()
{
    // A study under a 7-point instrument: turn and conversation ratings by the participant, an
    // observer and a model, exported as the tidy CSV and read into a second data set.
    QTemporaryDir dir;
    auto source = withInstruments(dir.filePath(QStringLiteral("a.sense7")));
    const qint64 self = source->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 observer = source->annotatorId(QStringLiteral("obs-1"), AnnotatorKind::Observer);
    const qint64 model = source->annotatorId(QStringLiteral("judge"), AnnotatorKind::Model);
    const Instrument instrument = [&] {
        for (const Instrument &i : source->instruments())
            if (i.key == QLatin1String("empathy7"))
                return i;
        return Instrument();
    }();
    QCOMPARE(instrument.dimensions.size(), 7);
    int value = 0;
    for (const QString &key : {QStringLiteral("c1"), QStringLiteral("c2")}) {
        const qint64 conversation = source->findConversation(key);
        for (const qint64 who : {self, observer, model}) {
            for (const Dimension &d : instrument.dimensions) {
                const int v = 1 + (value++ % 7);
                if (d.level == Level::Conversation)
                    source->setConversationRating(conversation, d.id, who, v);
                else
                    source->setRating(source->turnId(conversation, 1), d.id, who, v);
            }
        }
    }
    source->setRating(source->turnId(source->findConversation(QStringLiteral("c1")), 1),
                      source->findDimension(QStringLiteral("sense7/warmth"))->id, self,
                      Rating::notApplicable());
    const QString csv = dir.filePath(QStringLiteral("study.csv"));
    exporter::write(*source, exporter::Format::Csv, csv);

    auto target = withInstruments(dir.filePath(QStringLiteral("b.sense7")));
    const import::Summary s = import::Importer(*target).importFile(csv);
    QCOMPARE(s.format, QStringLiteral("ratings-csv"));
    QCOMPARE(s.ratings, qint64(2 * 3 * 7 + 1));
    for (const QString &key : {QStringLiteral("c1"), QStringLiteral("c2")}) {
        const QVector<RatingRecord> before = source->ratingRecords(source->findConversation(key));
        const QVector<RatingRecord> after = target->ratingRecords(target->findConversation(key));
        QCOMPARE(after.size(), before.size());
        for (int i = 0; i < before.size(); ++i) {
            QCOMPARE(after[i].turnIndex, before[i].turnIndex);
            QCOMPARE(after[i].instrument, before[i].instrument);
            QCOMPARE(after[i].dimension, before[i].dimension);
            QCOMPARE(after[i].annotator, before[i].annotator);
            QCOMPARE(after[i].annotatorKind, before[i].annotatorKind);
            QCOMPARE(after[i].value, before[i].value);
        }
    }
    QCOMPARE(count(*target, "SELECT count(*) FROM conversation_rating"), 2 * 3 * 6);
    // And back again: everything unchanged.
    const import::Summary again = import::Importer(*target).importFile(csv);
    QCOMPARE(again.ratingsUnchanged, qint64(2 * 3 * 7 + 1));
}

void TestImport::liveBundleRoundTrip()
{
    QTemporaryDir dir;
    auto participant = participantWithLiveConversations(dir.filePath(QStringLiteral("p.sense7")));
    const qint64 pid = participant->participantId(QStringLiteral("P07"));
    const auto ids = exporter::selectConversations(*participant, {});
    QCOMPARE(ids.size(), 2);
    // The live conversations are what the analyses need: a condition, sittings, rich turn meta.
    QCOMPARE(participant->sessions(ids[1]).size(), 2);
    QVERIFY(!participant->sessions(ids[1]).constLast().endedAt.isValid());
    const Turn reply = participant->turns(ids[0]).at(1);
    QCOMPARE(reply.meta.value(QStringLiteral("condition")).toString(), QStringLiteral("coach"));
    QCOMPARE(reply.meta.value(QStringLiteral("model")).toString(), QStringLiteral("scripted"));
    QVERIFY(reply.meta.contains(QStringLiteral("latency_total_ms")));
    QCOMPARE(reply.meta.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("stop"));

    for (const bool anonymised : {false, true}) {
        const QString bundle = dir.filePath(anonymised ? QStringLiteral("shared-anonymised.json")
                                                       : QStringLiteral("shared-plain.json"));
        exporter::Options options;
        options.anonymise.enabled = anonymised;
        exporter::write(*participant, exporter::Format::Bundle, bundle, options);

        auto study = Store::create(QStringLiteral(":memory:"));
        const import::Summary first = import::Importer(*study).importFile(bundle);
        QCOMPARE(first.imported, 2);
        QCOMPARE(first.turns, qint64(8));
        QCOMPARE(first.ratings, qint64(4));
        QCOMPARE(first.conflicts, 0);
        for (const qint64 id : ids) {
            const auto original = participant->conversation(id);
            const qint64 copy =
                study->conversationWithHash(original->contentHash, original->anonymisedHash);
            QVERIFY(copy != 0);
            QString expected = liveRecord(*participant, id);
            if (anonymised) {
                // Only the stand-in leaves: it is both of the copy's hashes.
                expected.replace(original->contentHash, original->anonymisedHash);
            }
            QCOMPARE(liveRecord(*study, copy), expected);
            // The plain copy is no anonymised stand-in: its content hash is the participant's.
            QCOMPARE(study->conversation(copy)->contentHash == original->contentHash, !anonymised);
        }
        // The participant's assignment travels with them.
        const qint64 arrived = study->participants().constFirst().id;
        QCOMPARE(study->participants().size(), 1);
        QVERIFY(study->assignment(arrived).has_value());
        QCOMPARE(study->assignment(arrived)->conditions, participant->assignment(pid)->conditions);
        QCOMPARE(study->assignment(arrived)->position, participant->assignment(pid)->position);

        // Importing the same bundle again writes nothing and says so.
        const QString before = test::logicalDump(*study);
        const import::Summary again = import::Importer(*study).importFile(bundle);
        QCOMPARE(again.imported, 0);
        QCOMPARE(again.alreadyPresent, 2);
        QCOMPARE(again.merged, 0);
        QCOMPARE(again.conflicts, 0);
        QCOMPARE(again.ratingsUnchanged, qint64(4));
        QVERIFY2(again.text().contains(QStringLiteral("already present: 2")),
                 qPrintable(again.text()));
        QCOMPARE(test::logicalDump(*study), before);

        if (!anonymised) {
            // A plain bundle without the stand-ins (as written before they existed): a live
            // conversation's random content hash is not the hash of its text, yet no stand-in.
            QJsonObject root = QJsonDocument::fromJson(test::readFile(bundle)).object();
            QJsonArray conversations = root.value(QStringLiteral("conversations")).toArray();
            for (auto it = conversations.begin(); it != conversations.end(); ++it) {
                QJsonObject c = it->toObject();
                c.remove(QStringLiteral("anonymised_hash"));
                *it = c;
            }
            root.insert(QStringLiteral("conversations"), conversations);
            const QString older = dir.filePath(QStringLiteral("older.json"));
            test::writeFile(older, QJsonDocument(root).toJson());
            auto other = Store::create(QStringLiteral(":memory:"));
            QCOMPARE(import::Importer(*other).importFile(older).imported, 2);
            for (const qint64 id : ids) {
                const auto original = participant->conversation(id);
                const auto copy = other->conversation(
                    other->conversationWithHash(original->contentHash, QString()));
                QVERIFY(copy.has_value());
                QCOMPARE(copy->contentHash, original->contentHash);
                QCOMPARE(copy->anonymisedHash, original->anonymisedHash);
            }
        }
        if (anonymised) {
            // The plain bundle of the same data merges into the anonymised copies: one set.
            const import::Summary plain = import::Importer(*study).importFile(
                dir.filePath(QStringLiteral("shared-plain.json")));
            QCOMPARE(plain.imported, 0);
            QCOMPARE(plain.alreadyPresent, 2);
            QCOMPARE(plain.conflicts, 0);
            QCOMPARE(count(*study, "SELECT count(*) FROM session"), 3);
        }
    }
}

void TestImport::liveBundleDetailsFillInAndDisagree()
{
    QTemporaryDir dir;
    auto participant = participantWithLiveConversations(dir.filePath(QStringLiteral("p.sense7")));
    const QString bundle = dir.filePath(QStringLiteral("shared.json"));
    exporter::write(*participant, exporter::Format::Bundle, bundle);
    auto study = Store::create(QStringLiteral(":memory:"));
    import::Importer(*study).importFile(bundle);
    const QString complete = test::logicalDump(*study, test::Times::Ignored);

    // A data set that imported the bundle before its live details were read lacks them: the
    // same bundle adds them, and nothing else.
    sql::Connection &db = test::connection(*study);
    db.exec("DELETE FROM session");
    db.exec("UPDATE conversation SET condition = NULL");
    db.exec("UPDATE participant SET assignment = NULL");
    const import::Summary filled = import::Importer(*study).importFile(bundle);
    QCOMPARE(filled.alreadyPresent, 2);
    QCOMPARE(filled.merged, 2);
    QCOMPARE(filled.conflicts, 0);
    QCOMPARE(test::logicalDump(*study, test::Times::Ignored), complete);

    // A bundle that says otherwise is reported and the data set's account kept, even when
    // asked to replace; asked to fail, it writes nothing.
    QJsonObject root = QJsonDocument::fromJson(test::readFile(bundle)).object();
    QJsonArray conversations = root.value(QStringLiteral("conversations")).toArray();
    QJsonObject c = conversations.at(1).toObject();
    c.insert(QStringLiteral("condition"), QStringLiteral("other"));
    QJsonArray sessions = c.value(QStringLiteral("sessions")).toArray();
    sessions.removeLast();
    c.insert(QStringLiteral("sessions"), sessions);
    conversations[1] = c;
    root.insert(QStringLiteral("conversations"), conversations);
    QJsonArray people = root.value(QStringLiteral("participants")).toArray();
    QJsonObject person = people.at(0).toObject();
    person.insert(
        QStringLiteral("assignment"),
        QJsonObject {{QStringLiteral("position"), 5},
                     {QStringLiteral("conditions"), QJsonArray {QStringLiteral("other")}}});
    people[0] = person;
    root.insert(QStringLiteral("participants"), people);
    const QString changed = dir.filePath(QStringLiteral("changed.json"));
    test::writeFile(changed, QJsonDocument(root).toJson());

    const QString before = test::logicalDump(*study);
    QVERIFY_THROWS_EXCEPTION(Error, [&] {
        import::Options options;
        options.onConflict = import::OnConflict::Fail;
        import::Importer(*study).importFile(changed, options);
    }());
    QCOMPARE(test::logicalDump(*study), before);

    import::Options replace;
    replace.onConflict = import::OnConflict::Replace;
    const import::Summary kept = import::Importer(*study).importFile(changed, replace);
    QStringList what;
    for (const import::Conflict &conflict : kept.conflictList) {
        what << conflict.what;
        QVERIFY(!conflict.replaced);
    }
    QCOMPARE(what,
             QStringList({QStringLiteral("assignment"), QStringLiteral("condition"),
                          QStringLiteral("sessions")}));
    QVERIFY2(kept.warnings.join(QLatin1Char('\n'))
                 .contains(QStringLiteral("changed.json: conversation 2 \"Exam\"")),
             qPrintable(kept.warnings.join(QLatin1Char('\n'))));
    QVERIFY2(kept.text().contains(QStringLiteral("kept as they were: 3")), qPrintable(kept.text()));
    QCOMPARE(count(*study, "SELECT count(*) FROM conversation WHERE condition = 'coach'"), 2);
    QCOMPARE(count(*study, "SELECT count(*) FROM session"), 3);

    // The conversation went on after it was shared, in another sitting: the turns it grew by
    // are added, with the sitting, and nothing is reported.
    const QJsonObject original = QJsonDocument::fromJson(test::readFile(bundle)).object();
    conversations = original.value(QStringLiteral("conversations")).toArray();
    c = conversations.at(1).toObject();
    QJsonArray turns = c.value(QStringLiteral("turns")).toArray();
    const int held = int(turns.size());
    turns.append(QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                              {QStringLiteral("text"), QStringLiteral("One more thing.")}});
    turns.append(QJsonObject {{QStringLiteral("role"), QStringLiteral("assistant")},
                              {QStringLiteral("text"), QStringLiteral("Go on.")}});
    c.insert(QStringLiteral("turns"), turns);
    sessions = c.value(QStringLiteral("sessions")).toArray();
    sessions.append(
        QJsonObject {{QStringLiteral("started_at"), QStringLiteral("2027-01-04T10:00:00.000Z")},
                     {QStringLiteral("ended_at"), QStringLiteral("2027-01-04T10:05:00.000Z")},
                     {QStringLiteral("first_turn"), held}});
    c.insert(QStringLiteral("sessions"), sessions);
    conversations[1] = c;
    QJsonObject grownRoot = original;
    grownRoot.insert(QStringLiteral("conversations"), conversations);
    const QString grownFile = dir.filePath(QStringLiteral("grown.json"));
    test::writeFile(grownFile, QJsonDocument(grownRoot).toJson());
    const qint64 exam = count(*study, "SELECT id FROM conversation WHERE title = 'Exam'");
    import::Summary grown;
    try {
        grown = import::Importer(*study).importFile(grownFile);
    } catch (const Error &e) {
        QFAIL(qPrintable(e.message()));
    }
    QVERIFY2(grown.conflictList.isEmpty(), qPrintable(grown.warnings.join(u'\n')));
    QCOMPARE(grown.alreadyPresent, 2);
    QCOMPARE(grown.merged, 1);
    QCOMPARE(grown.turns, 2);
    const QVector<Turn> examTurns = study->turns(exam);
    QCOMPARE(examTurns.size(), held + 2);
    QCOMPARE(examTurns.constLast().text, QStringLiteral("Go on."));
    QCOMPARE(examTurns.constLast().role, Role::Assistant);
    QCOMPARE(study->sessions(exam).size(), int(sessions.size()));
    QCOMPARE(study->sessions(exam).constLast().firstTurnIndex, held);
    // Again: nothing more.
    const import::Summary again = import::Importer(*study).importFile(grownFile);
    QCOMPARE(again.merged, 0);
    QCOMPARE(again.conflicts, 0);
    QCOMPARE(study->turns(exam).size(), held + 2);

    // One that says otherwise about a turn held here is reported, and the data set keeps its
    // turns.
    turns.replace(0,
                  QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                               {QStringLiteral("text"), QStringLiteral("Something else")}});
    turns.append(QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                              {QStringLiteral("text"), QStringLiteral("And more.")}});
    c.insert(QStringLiteral("turns"), turns);
    conversations[1] = c;
    grownRoot.insert(QStringLiteral("conversations"), conversations);
    test::writeFile(changed, QJsonDocument(grownRoot).toJson());
    const import::Summary differs = import::Importer(*study).importFile(changed);
    QCOMPARE(differs.conflictList.size(), 1);
    QCOMPARE(differs.conflictList.constFirst().what, QStringLiteral("turns"));
    QCOMPARE(differs.conflictList.constFirst().existing, QJsonValue(held + 2));
    QCOMPARE(differs.conflictList.constFirst().incoming, QJsonValue(held + 3));
    QCOMPARE(study->turns(exam).size(), held + 2);
}

void TestImport::brokenLiveBundleChangesNothing_data()
{
    QTest::addColumn<QString>("path"); // where in the bundle: conversations/1/condition, …
    QTest::addColumn<QString>("value"); // JSON
    QTest::addColumn<QString>("expected");
    const QString exam = QStringLiteral("broken.json: conversation 2 \"Exam\"");
    QTest::newRow("condition a number") << "conversations/1/condition"
                                        << "7" << exam + QStringLiteral(": \"condition\" must be");
    QTest::newRow("condition empty") << "conversations/1/condition"
                                     << "\"\"" << exam + QStringLiteral(": \"condition\" must be");
    QTest::newRow("sessions an object")
        << "conversations/1/sessions"
        << "{}" << exam + QStringLiteral(": \"sessions\" must be a list");
    QTest::newRow("session not an object")
        << "conversations/1/sessions/1"
        << "3" << exam + QStringLiteral(", session 2: a session must");
    QTest::newRow("first turn past the turns") << "conversations/1/sessions/1/first_turn"
                                               << "9"
                                               << exam
            + QStringLiteral(", session 2: \"first_turn\" must be the index of the turn the "
                             "session began at, from 0 to 4");
    QTest::newRow("first turn before the previous")
        << "conversations/1/sessions/1/first_turn"
        << "-1" << exam + QStringLiteral(", session 2: \"first_turn\"");
    QTest::newRow("start not a time")
        << "conversations/1/sessions/0/started_at"
        << "\"yesterday\""
        << exam + QStringLiteral(", session 1: \"started_at\" must be a date and time");
    QTest::newRow("end not a time")
        << "conversations/1/sessions/0/ended_at"
        << "17" << exam + QStringLiteral(", session 1: \"ended_at\" must be a date and time");
    QTest::newRow("end before start")
        << "conversations/1/sessions/0/ended_at"
        << "\"2001-01-01T00:00:00.000Z\""
        << exam + QStringLiteral(", session 1: the session ends before it starts");
    QTest::newRow("sessions without condition")
        << "conversations/1/condition"
        << "null" << exam + QStringLiteral(": it has \"sessions\" but no \"condition\"");
    QTest::newRow("assignment without conditions")
        << "participants/0/assignment/conditions"
        << "[]" << QStringLiteral("broken.json: participant 1 (\"P07\"): \"assignment\" must be");
    QTest::newRow("rating value past a whole number's range")
        << "conversations/1/ratings/0/value"
        << "4294967299"
        << exam + QStringLiteral(", rating 1: a rating value must be a whole number or null.");
    QTest::newRow("rating turn past a whole number's range")
        << "conversations/1/ratings/0/turn"
        << "4294967297"
        << exam + QStringLiteral(", rating 1: \"turn\" must be the index of one of the 4 turns.");
    QTest::newRow("rating given twice") << "conversations/1/ratings/1/turn"
                                        << "1"
                                        << exam
            + QStringLiteral(", rating 2: self rates \"sense7/warmth\" of the same turn 1 "
                             "again, otherwise (first: ")
            + exam + QStringLiteral(", rating 1).");
    QTest::newRow("assignment position negative")
        << "participants/0/assignment/position"
        << "-2" << QStringLiteral("broken.json: participant 1 (\"P07\"): \"assignment\" must be");
}

namespace {

/** \a value with the value at \a path ("a/0/b") replaced by \a replacement. */
QJsonValue replacedAt(const QJsonValue &value, QStringList path, const QJsonValue &replacement)
{
    if (path.isEmpty())
        return replacement;
    const QString key = path.takeFirst();
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        const int index = key.toInt();
        array[index] = replacedAt(array.at(index), path, replacement);
        return array;
    }
    QJsonObject object = value.toObject();
    object.insert(key, replacedAt(object.value(key), path, replacement));
    return object;
}

} // namespace

void TestImport::brokenLiveBundleChangesNothing()
{
    QFETCH(QString, path);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString bundle = dir.filePath(QStringLiteral("shared.json"));
    {
        auto participant =
            participantWithLiveConversations(dir.filePath(QStringLiteral("p.sense7")));
        exporter::write(*participant, exporter::Format::Bundle, bundle);
    }
    const QJsonValue replacement =
        QJsonDocument::fromJson("[" + value.toUtf8() + "]").array().at(0);
    const QJsonValue root = replacedAt(QJsonDocument::fromJson(test::readFile(bundle)).object(),
                                       path.split(QLatin1Char('/')), replacement);
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    test::writeFile(broken, QJsonDocument(root.toObject()).toJson());

    // Into a data set holding other data, and into one holding this very bundle.
    auto study = Store::create(QStringLiteral(":memory:"));
    importInto(*study, QStringLiteral("conversations.csv"));
    for (int round = 0; round < 2; ++round) {
        const QString before = test::logicalDump(*study);
        try {
            import::Importer(*study).importFile(broken);
            QFAIL("a broken bundle was imported");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(*study), before);
        import::Importer(*study).importFile(bundle);
    }
}

void TestImport::bundleRatingsKeepTheirInstrumentsRules()
{
    QTemporaryDir dir;
    auto source = withInstruments(dir.filePath(QStringLiteral("source.sense7")));
    const QString ratings = dir.filePath(QStringLiteral("ratings.csv"));
    test::writeFile(ratings,
                    "conversation_id,turn_index,dimension,value,annotator\n"
                    "c1,1,empathy7/reply_empathy,4,rater-A\n");
    import::Importer(*source).importFile(ratings);
    const QString bundle = dir.filePath(QStringLiteral("shared.json"));
    exporter::write(*source, exporter::Format::Bundle, bundle);

    // "not applicable" where the 7-point instrument has none: refused as from a ratings file,
    // into a data set without the conversation and into one with it (a merge).
    QJsonObject root = QJsonDocument::fromJson(test::readFile(bundle)).object();
    QJsonArray conversations = root.value(QStringLiteral("conversations")).toArray();
    int rated = -1;
    for (int i = 0; i < conversations.size(); ++i) {
        QJsonObject c = conversations.at(i).toObject();
        QJsonArray list = c.value(QStringLiteral("ratings")).toArray();
        for (int r = 0; r < list.size(); ++r) {
            QJsonObject rating = list.at(r).toObject();
            if (rating.value(QStringLiteral("dimension")).toString()
                == QLatin1String("empathy7/reply_empathy")) {
                rating.insert(QStringLiteral("value"), QJsonValue::Null);
                list[r] = rating;
                rated = i;
            }
        }
        c.insert(QStringLiteral("ratings"), list);
        conversations[i] = c;
    }
    QVERIFY(rated >= 0);
    root.insert(QStringLiteral("conversations"), conversations);
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    test::writeFile(broken, QJsonDocument(root).toJson());
    auto fresh = withInstruments(dir.filePath(QStringLiteral("fresh.sense7")));
    for (Store *store : {fresh.get(), source.get()}) {
        const QString before = test::logicalDump(*store);
        try {
            import::Importer(*store).importFile(broken);
            QFAIL("a bundle's \"not applicable\" was imported where the instrument has none");
        } catch (const Error &e) {
            QVERIFY2(
                e.message().contains(QStringLiteral("broken.json: conversation %1").arg(rated + 1))
                    && e.message().contains(
                        QStringLiteral(": \"empathy7/reply_empathy\" has no \"not applicable\"")),
                qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(*store), before);
    }
    // The same rating under another spelling of its dimension: the same value is the same
    // rating; another value is refused, not taken in the first's place.
    for (const int value : {4, 2}) {
        QJsonObject again = QJsonDocument::fromJson(test::readFile(bundle)).object();
        QJsonArray list = again.value(QStringLiteral("conversations")).toArray();
        QJsonObject c = list.at(rated).toObject();
        QJsonArray given = c.value(QStringLiteral("ratings")).toArray();
        for (const QJsonValue r : c.value(QStringLiteral("ratings")).toArray()) {
            QJsonObject copy = r.toObject();
            if (copy.value(QStringLiteral("dimension")).toString()
                != QLatin1String("empathy7/reply_empathy"))
                continue;
            copy.insert(QStringLiteral("dimension"), QStringLiteral("reply_empathy"));
            copy.insert(QStringLiteral("value"), value);
            given.append(copy);
        }
        c.insert(QStringLiteral("ratings"), given);
        list[rated] = c;
        again.insert(QStringLiteral("conversations"), list);
        const QString twice = dir.filePath(QStringLiteral("twice.json"));
        test::writeFile(twice, QJsonDocument(again).toJson());
        auto store = withInstruments(dir.filePath(QStringLiteral("twice-%1.sense7").arg(value)));
        if (value == 4) {
            QCOMPARE(import::Importer(*store).importFile(twice).ratings, qint64(1));
            continue;
        }
        const QString before = test::logicalDump(*store);
        try {
            import::Importer(*store).importFile(twice);
            QFAIL("a second rating of the same reply took the first's place");
        } catch (const Error &e) {
            QVERIFY2(e.message().contains(QStringLiteral("rater-A rates \"reply_empathy\" of the "
                                                         "same turn 1 again, otherwise")),
                     qPrintable(e.message()));
        }
        QCOMPARE(test::logicalDump(*store), before);
    }
    // The bundle as it was imports, and reads back the rating.
    QCOMPARE(import::Importer(*fresh).importFile(bundle).ratings, qint64(1));
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
