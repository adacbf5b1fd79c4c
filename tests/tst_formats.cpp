// The importers of assistants' exports and public corpora beyond ChatGPT and Claude: Grok, Open
// WebUI, LibreChat, OpenAssistant, mapped JSON Lines, Gemini and pasted transcripts. Their broken
// files are in tests/data/bad/ and checked by tst_import.

#include "error.h"
#include "import/importer.h"
#include "import/readers.h"
#include "store.h"
#include "taxonomy.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

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

/** "user,assistant,..." */
QString roles(const QVector<Turn> &turns)
{
    QStringList out;
    for (const Turn &t : turns)
        out << roleKey(t.role);
    return out.join(QLatin1Char(','));
}

QJsonArray alternatives(const Turn &turn)
{
    return turn.meta.value(QStringLiteral("alternatives")).toArray();
}

} // namespace

class TestFormats : public QObject
{
    Q_OBJECT

private slots:
    void grokExport();
    void grokListAfterOtherMembers();
    void openWebUiExport();
    void libreChatExport();
    void openAssistantTrees();
    void branchesNotTakenAreKeptWhole();
    void mappedJsonlWildChat();
    void mappedJsonlLmsys();
    void mappedJsonlPrismScores();
    void mappedJsonlCandidatesNotOneChosen();
    void mappedJsonlScoreOffTheScale();
    void geminiActivity();
    void geminiGap();
    void geminiHtmlToText();
    void transcriptCopiedFromAPage();
    void transcriptInMarkdown();
    void transcriptWithNamedSpeakers();
    void transcriptCodeIsText();
    void detectsEachFormat_data();
    void detectsEachFormat();
    void reimportAddsNothing_data();
    void reimportAddsNothing();
};

void TestFormats::grokExport()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("grok.json"));
    QCOMPARE(s.format, QStringLiteral("grok"));
    QCOMPARE(s.imported, 2);
    QCOMPARE(s.skipped, 0);
    const qint64 id =
        store->findConversation(QStringLiteral("2f9c3a7e-5b1d-4c8e-9a0f-1d2e3f4a5b6c"));
    const auto c = store->conversation(id);
    QCOMPARE(c->title, QStringLiteral("Meeting notes summary"));
    QCOMPARE(c->agent, QStringLiteral("grok-3"));
    QCOMPARE(c->sourceFormat, QStringLiteral("grok"));
    QCOMPARE(c->startedAt, QDateTime(QDate(2025, 3, 4), QTime(8, 15, 2, 114), Qt::UTC));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // The later of two answers to the first question is kept; the earlier is its alternative.
    QVERIFY(turns[1].text.startsWith(QStringLiteral("Quick update for you")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    QCOMPARE(alternatives(turns[1]).size(), 1);
    QVERIFY(alternatives(turns[1])
                .at(0)
                .toObject()
                .value(QStringLiteral("text"))
                .toString()
                .startsWith(QStringLiteral("Here is a short summary")));
    QCOMPARE(turns[0].createdAt.toMSecsSinceEpoch(), Q_INT64_C(1741076102114));
    QCOMPARE(turns[0].meta.value(QStringLiteral("attachments")).toInt(), 1);
    // The model switched for the last answer, which was interrupted.
    QCOMPARE(turns[3].meta.value(QStringLiteral("model")).toString(),
             QStringLiteral("grok-3-mini"));
    QVERIFY(turns[3].meta.value(QStringLiteral("interrupted")).toBool());
    QVERIFY(!turns[1].meta.contains(QStringLiteral("model")));

    // An older conversation: no parents, no title.
    const qint64 older =
        store->findConversation(QStringLiteral("7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d"));
    QCOMPARE(store->conversation(older)->agent, QStringLiteral("grok-2"));
    QCOMPARE(store->conversation(older)->title,
             QStringLiteral("How do I say no to an extra project politely?"));
    QCOMPARE(roles(store->turns(older)), QStringLiteral("user,assistant"));
}

void TestFormats::grokListAfterOtherMembers()
{
    // The list may come after other members, whose strings may hold brackets and quotes.
    const QJsonObject grok =
        QJsonDocument::fromJson(test::readFile(fixture(QStringLiteral("grok.json")))).object();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prod-grok-backend.json"));
    test::writeFile(
        path,
        QByteArray("{\"projects\": [{\"name\": \"x ] \\\" } [\"}], \"n\": 3,\n"
                   " \"conversations\": ")
            + QJsonDocument(grok.value(QStringLiteral("conversations")).toArray()).toJson()
            + QByteArray(", \"tasks\": []}\n"));
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Importer importer(*store);
    const import::Summary s = importer.importFile(path);
    QCOMPARE(s.format, QStringLiteral("grok"));
    QCOMPARE(s.imported, 2);
    // Text after the object is refused.
    test::writeFile(path, QByteArray("{\"conversations\": []} []"));
    import::Options grokOnly;
    grokOnly.format = QStringLiteral("grok");
    QVERIFY_THROWS_EXCEPTION(Error, importer.importFile(path, grokOnly));
}

void TestFormats::openWebUiExport()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("openwebui.json"));
    QCOMPARE(s.format, QStringLiteral("openwebui"));
    QCOMPARE(s.imported, 2);
    const qint64 id =
        store->findConversation(QStringLiteral("5e0c1f7a-3b2d-4e9f-8a61-2c4d6e8f0a1b"));
    const auto c = store->conversation(id);
    QCOMPARE(c->title, QStringLiteral("Email to a colleague"));
    QCOMPARE(c->agent, QStringLiteral("llama3.1:8b"));
    QCOMPARE(c->sourceFormat, QStringLiteral("openwebui"));
    QCOMPARE(c->startedAt.toSecsSinceEpoch(), 1718017201);
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // The kept answer is the one on the path to "currentId"; the other is its alternative.
    QVERIFY(turns[1].text.startsWith(QStringLiteral("Hi Sam,")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    QCOMPARE(alternatives(turns[1]).size(), 1);
    QCOMPARE(alternatives(turns[1]).at(0).toObject().value(QStringLiteral("source_id")).toString(),
             QStringLiteral("c3a1e2f4-0001-4a5b-8c9d-000000000002"));
    QVERIFY(!turns[0].meta.contains(QStringLiteral("alternatives")));
    // The user's thumbs up on the reply, with its reason and comment.
    QCOMPARE(turns[1].meta.value(QStringLiteral("feedback")).toObject(),
             QJsonObject({{QStringLiteral("rating"), 1},
                          {QStringLiteral("reason"), QStringLiteral("Thorough explanation")},
                          {QStringLiteral("comment"), QStringLiteral("Just what I needed.")}}));
    QVERIFY(!turns[3].meta.contains(QStringLiteral("feedback")));
    // The thumbs down on the answer regenerated stays with it.
    QCOMPARE(alternatives(turns[1])
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("meta"))
                 .toObject()
                 .value(QStringLiteral("feedback"))
                 .toObject(),
             QJsonObject({{QStringLiteral("rating"), -1},
                          {QStringLiteral("reason"), QStringLiteral("Don't like the style")},
                          {QStringLiteral("comment"), QStringLiteral("Far too formal.")}}));
    QCOMPARE(turns[2].text,
             QStringLiteral("Perfect. Can you also check the attached rota?\n\n"
                            "[attachment: rota-june.pdf]"));
    // The reasoning block is not part of the reply; the model switch is kept.
    QCOMPARE(turns[3].text,
             QStringLiteral("The rota shows Sam on Friday and you on Saturday, so "
                            "the swap is recorded."));
    QCOMPARE(turns[3].meta.value(QStringLiteral("model")).toString(), QStringLiteral("qwen3:8b"));
    QCOMPARE(turns[3].createdAt.toSecsSinceEpoch(), 1718017342);
    // An untitled chat takes its first question as its title; an unfinished reply is marked.
    const qint64 other =
        store->findConversation(QStringLiteral("9d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6"));
    QCOMPARE(store->conversation(other)->title, QStringLiteral("New Chat"));
    QVERIFY(store->turns(other)[1].meta.value(QStringLiteral("interrupted")).toBool());
}

void TestFormats::libreChatExport()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("librechat.json"));
    QCOMPARE(s.format, QStringLiteral("librechat"));
    QCOMPARE(s.imported, 1);
    const qint64 id =
        store->findConversation(QStringLiteral("8c1d5e2a-6f3b-4a7c-9d0e-1f2a3b4c5d6e"));
    const auto c = store->conversation(id);
    QCOMPARE(c->title, QStringLiteral("Preparing for a difficult conversation"));
    QCOMPARE(c->agent, QStringLiteral("gpt-4o"));
    QCOMPARE(c->sourceFormat, QStringLiteral("librechat"));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // The later version of the edited question is the kept branch.
    QCOMPARE(turns[2].text, QStringLiteral("What if they get defensive or angry?"));
    QCOMPARE(turns[2].meta.value(QStringLiteral("branch")).toString(), QStringLiteral("edited"));
    QCOMPARE(alternatives(turns[2]).at(0).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("What if they get defensive?"));
    QCOMPARE(turns[1].meta.value(QStringLiteral("feedback")).toObject(),
             QJsonObject({{QStringLiteral("rating"), QStringLiteral("thumbsDown")},
                          {QStringLiteral("tag"), QStringLiteral("not_helpful")},
                          {QStringLiteral("text"), QStringLiteral("Too vague.")}}));
    QCOMPARE(turns[3].meta.value(QStringLiteral("model")).toString(),
             QStringLiteral("gpt-4o-mini"));
    QVERIFY(turns[3].meta.value(QStringLiteral("interrupted")).toBool());
    QCOMPARE(turns[0].meta.value(QStringLiteral("system_prompt")).toString(),
             QStringLiteral("You are a supportive workplace coach."));
    QCOMPARE(turns[0].createdAt, QDateTime(QDate(2024, 10, 17), QTime(8, 30, 1, 120), Qt::UTC));
}

void TestFormats::openAssistantTrees()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("oasst.jsonl"));
    QCOMPARE(s.format, QStringLiteral("oasst"));
    QCOMPARE(s.imported, 2);
    const qint64 id =
        store->findConversation(QStringLiteral("6ab24d72-0181-4594-a9cd-deaf170242fb"));
    const auto c = store->conversation(id);
    QCOMPARE(c->sourceFormat, QStringLiteral("oasst"));
    QCOMPARE(c->agent, QStringLiteral("open-assistant"));
    QVERIFY(c->title.startsWith(QStringLiteral("A colleague keeps taking credit")));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // Rank 0 wins among the three answers; the other two are its alternatives.
    QVERIFY(turns[1].text.startsWith(QStringLiteral("It can help to prepare.")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("rank")).toInt(), 0);
    QCOMPARE(alternatives(turns[1]).size(), 2);
    QCOMPARE(turns[1].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("regenerated"));
    // Ranked follow-up questions: the best is kept, the other ("thanks") is an alternative.
    QCOMPARE(turns[2].text, QStringLiteral("How do I keep it from sounding like an accusation?"));
    QCOMPARE(alternatives(turns[2]).at(0).toObject().value(QStringLiteral("text")).toString(),
             QStringLiteral("thanks"));
    // The best-ranked last reply was deleted: the next one is kept.
    QVERIFY(turns[3].text.startsWith(QStringLiteral("Keep it factual")));
    QCOMPARE(turns[3].meta.value(QStringLiteral("rank")).toInt(), 1);
    QCOMPARE(turns[1]
                 .meta.value(QStringLiteral("labels"))
                 .toObject()
                 .value(QStringLiteral("quality"))
                 .toDouble(),
             0.75);
    QCOMPARE(turns[1]
                 .meta.value(QStringLiteral("emojis"))
                 .toObject()
                 .value(QStringLiteral("+1"))
                 .toInt(),
             7);
    QCOMPARE(turns[0].meta.value(QStringLiteral("lang")).toString(), QStringLiteral("en"));
    QCOMPARE(turns[0].createdAt, QDateTime(QDate(2023, 2, 6), QTime(13, 50, 44, 657), Qt::UTC));

    const qint64 german =
        store->findConversation(QStringLiteral("0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"));
    const QVector<Turn> de = store->turns(german);
    QCOMPARE(roles(de), QStringLiteral("user,assistant"));
    QCOMPARE(de[1].meta.value(QStringLiteral("lang")).toString(), QStringLiteral("de"));
    QVERIFY(!de[1].meta.contains(QStringLiteral("rank")));
}

void TestFormats::branchesNotTakenAreKeptWhole()
{
    // LibreChat: the reply to the question before its edit goes with that question.
    auto store = Store::create(QStringLiteral(":memory:"));
    QVERIFY(importInto(*store, QStringLiteral("librechat.json")).warnings.isEmpty());
    const QVector<Turn> turns = store->turns(
        store->findConversation(QStringLiteral("8c1d5e2a-6f3b-4a7c-9d0e-1f2a3b4c5d6e")));
    const QJsonObject edited = alternatives(turns[2]).at(0).toObject();
    const QJsonArray replies = edited.value(QStringLiteral("replies")).toArray();
    QCOMPARE(replies.size(), 1);
    QCOMPARE(replies.at(0).toObject().value(QStringLiteral("role")).toString(),
             QStringLiteral("assistant"));
    QCOMPARE(replies.at(0).toObject().value(QStringLiteral("parent")).toString(),
             edited.value(QStringLiteral("source_id")).toString());
    QVERIFY(replies.at(0)
                .toObject()
                .value(QStringLiteral("text"))
                .toString()
                .startsWith(QStringLiteral("Acknowledge the pressure")));

    // Grok: a follow-up under the answer that was regenerated, and its reply, in order.
    QTemporaryDir dir;
    const auto importText = [&](const QString &name, const QByteArray &text) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            throw Error(QStringLiteral("cannot write ") + name);
        file.close();
        import::Importer importer(*store);
        return importer.importFile(file.fileName());
    };
    const QByteArray grok = R"({"conversations": [{"conversation": {"id": "g1", "title": "Sub",
        "create_time": "2025-03-04T08:15:02.114000Z"}, "responses": [
      {"response": {"_id": "u1", "message": "q", "sender": "human", "parent_response_id": "",
        "create_time": {"$date": {"$numberLong": "1741076102114"}}}},
      {"response": {"_id": "a1", "message": "old answer", "sender": "ASSISTANT",
        "parent_response_id": "u1", "create_time": {"$date": {"$numberLong": "1741076102200"}}}},
      {"response": {"_id": "u2", "message": "follow-up on the old", "sender": "human",
        "parent_response_id": "a1", "create_time": {"$date": {"$numberLong": "1741076102300"}}}},
      {"response": {"_id": "a2", "message": "reply on the old", "sender": "ASSISTANT",
        "parent_response_id": "u2", "create_time": {"$date": {"$numberLong": "1741076102400"}}}},
      {"response": {"_id": "a3", "message": "new answer", "sender": "ASSISTANT",
        "parent_response_id": "u1", "create_time": {"$date": {"$numberLong": "1741076102500"}}}}
    ]}]})";
    const import::Summary g = importText(QStringLiteral("grok.json"), grok);
    QCOMPARE(g.imported, 1);
    QVERIFY(g.warnings.isEmpty());
    const QVector<Turn> kept = store->turns(store->findConversation(QStringLiteral("g1")));
    QCOMPARE(kept.size(), 2);
    QCOMPARE(kept[1].text, QStringLiteral("new answer"));
    QStringList below;
    for (const QJsonValue reply :
         alternatives(kept[1]).at(0).toObject().value(QStringLiteral("replies")).toArray())
        below << reply.toObject().value(QStringLiteral("parent")).toString() + QLatin1Char('>')
                + reply.toObject().value(QStringLiteral("source_id")).toString() + QLatin1Char(':')
                + reply.toObject().value(QStringLiteral("text")).toString();
    QCOMPARE(below,
             QStringList({QStringLiteral("a1>u2:follow-up on the old"),
                          QStringLiteral("u2>a2:reply on the old")}));

    // What is on no branch of the kept conversation is said, naming the messages.
    const QByteArray loop =
        R"({"conversationId": "lc-loop", "title": "T", "endpoint": "openAI", "messages": [
      {"messageId": "a", "parentMessageId": "00000000-0000-0000-0000-000000000000",
       "isCreatedByUser": true, "text": "q", "createdAt": "2024-10-17T08:30:01.120Z"},
      {"messageId": "b", "parentMessageId": "c", "isCreatedByUser": false, "text": "x",
       "createdAt": "2024-10-17T08:30:01.120Z"},
      {"messageId": "c", "parentMessageId": "b", "isCreatedByUser": true, "text": "y",
       "createdAt": "2024-10-17T08:30:01.120Z"}]})";
    const import::Summary l = importText(QStringLiteral("librechat-loop.json"), loop);
    QCOMPARE(l.imported, 1);
    QCOMPARE(l.warnings.size(), 1);
    QVERIFY2(l.warnings.constFirst().contains(QStringLiteral("librechat-loop.json")),
             qPrintable(l.warnings.constFirst()));
    QVERIFY2(l.warnings.constFirst().endsWith(QStringLiteral("were left out: b, c.")),
             qPrintable(l.warnings.constFirst()));
    const QByteArray dangling =
        R"([{"id": "dg", "title": "Dangle", "created_at": 1718017201, "chat": {"models": ["m"],
      "history": {"currentId": "b", "messages": {
        "a": {"id": "a", "parentId": null, "childrenIds": ["b"], "role": "user", "content": "q",
              "timestamp": 1718017201},
        "b": {"id": "b", "parentId": "a", "childrenIds": [], "role": "assistant",
              "content": "x", "timestamp": 1718017201},
        "q": {"id": "q", "parentId": "ghost", "childrenIds": [], "role": "assistant",
              "content": "a reply whose question is gone", "timestamp": 1718017201}}}}}])";
    const import::Summary w = importText(QStringLiteral("openwebui-dangling.json"), dangling);
    QCOMPARE(w.imported, 1);
    QCOMPARE(w.warnings.size(), 1);
    QVERIFY2(w.warnings.constFirst().contains(QStringLiteral("\"Dangle\" (line 1")),
             qPrintable(w.warnings.constFirst()));
    QVERIFY2(w.warnings.constFirst().endsWith(QStringLiteral("were left out: q.")),
             qPrintable(w.warnings.constFirst()));
    // ChatGPT: a second root.
    const QByteArray twoRoots = R"([{"title": "Two roots", "create_time": 1714000000.0,
      "id": "c6", "current_node": "a1", "mapping": {
        "root": {"id": "root", "message": null, "parent": null, "children": ["u1"]},
        "u1": {"id": "u1", "parent": "root", "children": ["a1"], "message": {"id": "u1",
               "author": {"role": "user"}, "create_time": 1714000000.0,
               "content": {"content_type": "text", "parts": ["q"]}}},
        "a1": {"id": "a1", "parent": "u1", "children": [], "message": {"id": "a1",
               "author": {"role": "assistant"}, "create_time": 1714000001.0,
               "content": {"content_type": "text", "parts": ["a"]}}},
        "r2": {"id": "r2", "message": null, "parent": null, "children": ["u2"]},
        "u2": {"id": "u2", "parent": "r2", "children": [], "message": {"id": "u2",
               "author": {"role": "user"}, "create_time": 1714000002.0,
               "content": {"content_type": "text", "parts": ["on another root"]}}}}}])";
    const import::Summary c = importText(QStringLiteral("conversations.json"), twoRoots);
    QCOMPARE(c.format, QStringLiteral("chatgpt"));
    QCOMPARE(c.imported, 1);
    QCOMPARE(c.warnings.size(), 1);
    QVERIFY2(c.warnings.constFirst().contains(QStringLiteral("\"Two roots\" (line 1")),
             qPrintable(c.warnings.constFirst()));
    QVERIFY2(c.warnings.constFirst().endsWith(QStringLiteral("were left out: u2.")),
             qPrintable(c.warnings.constFirst()));
}

void TestFormats::mappedJsonlWildChat()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation")},
                   {QStringLiteral("agent"), QStringLiteral("model")},
                   {QStringLiteral("id"), QStringLiteral("conversation_hash")}};
    const import::Summary s = importInto(*store, QStringLiteral("wildchat.jsonl"), options);
    QCOMPARE(s.format, QStringLiteral("jsonl"));
    QCOMPARE(s.imported, 2);
    const qint64 id = store->findConversation(QStringLiteral("c9ec5ee5d8e0ad0a3a4d6fc1f7d9a5b1"));
    const auto c = store->conversation(id);
    QCOMPARE(c->agent, QStringLiteral("gpt-3.5-turbo-0301"));
    QCOMPARE(c->sourceFormat, QStringLiteral("jsonl"));
    QCOMPARE(c->title,
             QStringLiteral("Write a polite reminder to my team about Friday's deadline."));
    QCOMPARE(c->startedAt, QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53), Qt::UTC));
    // The line's other fields are kept with the conversation, the messages' with their turns.
    const QJsonObject record = c->provenance.value(QStringLiteral("record")).toObject();
    QCOMPARE(record.value(QStringLiteral("country")).toString(), QStringLiteral("United Kingdom"));
    QCOMPARE(record.value(QStringLiteral("turn")).toInt(), 1);
    QVERIFY(record.value(QStringLiteral("openai_moderation")).isArray());
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant"));
    QCOMPARE(turns[0].meta.value(QStringLiteral("language")).toString(), QStringLiteral("English"));
    QCOMPARE(turns[0].meta.value(QStringLiteral("turn_identifier")).toInt(), 101552);
    QCOMPARE(turns[1].createdAt, QDateTime(QDate(2023, 4, 9), QTime(0, 2, 53), Qt::UTC));
    QCOMPARE(
        store->turns(store->findConversation(QStringLiteral("0a1b2c3d4e5f60718293a4b5c6d7e8f9")))
            .size(),
        4);
}

void TestFormats::mappedJsonlLmsys()
{
    // The usual names need no mapping: "conversation", "model", "conversation_id".
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("lmsys.jsonl"));
    QCOMPARE(s.format, QStringLiteral("jsonl"));
    QCOMPARE(s.imported, 2);
    const qint64 id = store->findConversation(QStringLiteral("33f01939a744455c869cb234afca47f1"));
    QCOMPARE(store->conversation(id)->agent, QStringLiteral("vicuna-13b"));
    QCOMPARE(store->conversation(id)
                 ->provenance.value(QStringLiteral("record"))
                 .toObject()
                 .value(QStringLiteral("language")),
             QJsonValue(QStringLiteral("English")));
    QCOMPARE(roles(store->turns(id)), QStringLiteral("user,assistant"));
    // The same file through an explicit mapping of another field as the agent.
    auto mapped = Store::create(QStringLiteral(":memory:"));
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation")},
                   {QStringLiteral("agent"), QStringLiteral("language")}};
    importInto(*mapped, QStringLiteral("lmsys.jsonl"), options);
    QCOMPARE(mapped
                 ->conversation(
                     mapped->findConversation(QStringLiteral("33f01939a744455c869cb234afca47f1")))
                 ->agent,
             QStringLiteral("English"));
}

void TestFormats::mappedJsonlPrismScores()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    store->installInstrument(taxonomy::load(fixture(QStringLiteral("prism-instrument.json"))));
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation_history")},
                   {QStringLiteral("chosen"), QStringLiteral("if_chosen")},
                   {QStringLiteral("score"), QStringLiteral("score")}};
    options.scoreDimension = QStringLiteral("prism/score");
    const import::Summary s = importInto(*store, QStringLiteral("prism.jsonl"), options);
    QCOMPARE(s.imported, 1);
    QCOMPARE(s.ratings, 2);
    QVERIFY2(s.warnings.isEmpty(), qPrintable(s.warnings.join(u'\n')));
    const qint64 id = store->findConversation(QStringLiteral("c1042"));
    const auto c = store->conversation(id);
    QCOMPARE(c->agent, QStringLiteral("gpt-4-1106-preview"));
    QCOMPARE(c->startedAt, QDateTime(QDate(2023, 11, 22), QTime(15, 27, 4), Qt::UTC));
    QCOMPARE(c->provenance.value(QStringLiteral("record"))
                 .toObject()
                 .value(QStringLiteral("open_feedback"))
                 .toString(),
             QStringLiteral("The first answer asked me a question back, which I liked."));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // The chosen reply is the turn; the other candidates are its alternatives, with their scores.
    QVERIFY(turns[1].text.startsWith(QStringLiteral("That sounds hard.")));
    QCOMPARE(turns[1].meta.value(QStringLiteral("branch")).toString(),
             QStringLiteral("candidates"));
    QCOMPARE(alternatives(turns[1]).size(), 2);
    QCOMPARE(alternatives(turns[1])
                 .at(1)
                 .toObject()
                 .value(QStringLiteral("meta"))
                 .toObject()
                 .value(QStringLiteral("model_name")),
             QJsonValue(QStringLiteral("llama-2-70b-chat")));
    QCOMPARE(alternatives(turns[2]).size(), 0);
    // Scores of the chosen replies are the participant's own ratings on prism/score.
    const auto dimension = store->findDimension(QStringLiteral("prism/score"));
    QVERIFY(dimension);
    const auto ratings = store->turnRatings(id, store->selfAnnotatorId());
    QCOMPARE(ratings.value(turns[1].id).value(dimension->id).number().value_or(0), 85);
    QCOMPARE(ratings.value(turns[3].id).value(dimension->id).number().value_or(0), 90);
    QVERIFY(!ratings.contains(turns[0].id));
}

void TestFormats::mappedJsonlCandidatesNotOneChosen()
{
    // Candidate replies of which none, or more than one, is chosen: every one is kept, as the
    // turn or an alternative, and the import says which it took.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prism.jsonl"));
    test::writeFile(path,
                    R"({"conversation_id": "p1", "conversation_history": [)"
                    R"({"role": "user", "content": "Q1"}, )"
                    R"({"role": "model", "content": "A", "if_chosen": false}, )"
                    R"({"role": "model", "content": "B", "if_chosen": false}, )"
                    R"({"role": "user", "content": "Q2"}, )"
                    R"({"role": "model", "content": "C", "if_chosen": 0}, )"
                    R"({"role": "model", "content": "D", "if_chosen": 1}, )"
                    R"({"role": "model", "content": "E", "if_chosen": "true"}, )"
                    R"({"role": "user", "content": "Q3", "if_chosen": false}, )"
                    R"({"role": "user", "content": "Q4", "if_chosen": true}, )"
                    R"({"role": "model", "content": "F", "if_chosen": "yes"}]})"
                    "\n");
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation_history")},
                   {QStringLiteral("chosen"), QStringLiteral("if_chosen")}};
    const import::Summary s = import::Importer(*store).importFile(path, options);
    QCOMPARE(s.imported, 1);
    QCOMPARE(s.warnings,
             QStringList({QStringLiteral("prism.jsonl: line 1: turns 2 to 3 are candidate replies "
                                         "and none is chosen: the first is kept as the turn, the "
                                         "others as its alternatives."),
                          QStringLiteral("prism.jsonl: line 1: turns 5 to 7 are candidate replies "
                                         "and 2 are chosen: the first chosen is kept as the turn, "
                                         "the others as its alternatives.")}));
    const QVector<Turn> turns = store->turns(store->findConversation(QStringLiteral("p1")));
    // Questions are never candidates: two in a row stay two.
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant,user,user,assistant"));
    // A value the import does not understand as chosen or not stays with its turn.
    QCOMPARE(turns[6].meta.value(QStringLiteral("if_chosen")).toString(), QStringLiteral("yes"));
    QCOMPARE(turns[5].meta.value(QStringLiteral("if_chosen")), QJsonValue(true)); // a question
    QCOMPARE(turns[1].text, QStringLiteral("A"));
    QCOMPARE(turns[3].text, QStringLiteral("D"));
    QStringList others;
    for (const int t : {1, 3})
        for (const QJsonValue alt : alternatives(turns[t]))
            others << alt.toObject().value(QStringLiteral("text")).toString();
    QCOMPARE(others, QStringList({QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("E")}));
}

void TestFormats::mappedJsonlScoreOffTheScale()
{
    // PRISM's 1-100 scores against a 1-5 dimension: refused, naming the line, nothing written.
    auto store = Store::create(QStringLiteral(":memory:"));
    store->installInstrument(taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json")));
    const QString before = test::logicalDump(*store);
    import::Options options;
    options.map = {{QStringLiteral("turns"), QStringLiteral("conversation_history")},
                   {QStringLiteral("score"), QStringLiteral("score")}};
    options.scoreDimension = QStringLiteral("esconv/feedback");
    try {
        importInto(*store, QStringLiteral("prism.jsonl"), options);
        QFAIL("scores off the scale were imported");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("prism.jsonl: line 1")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*store), before);
    // A score without a dimension, and an unknown key, are refused before anything is read.
    options.scoreDimension.clear();
    QVERIFY_THROWS_EXCEPTION(Error, importInto(*store, QStringLiteral("prism.jsonl"), options));
    options.map = {{QStringLiteral("speaker"), QStringLiteral("role")}};
    QVERIFY_THROWS_EXCEPTION(Error, importInto(*store, QStringLiteral("prism.jsonl"), options));
    QCOMPARE(test::logicalDump(*store), before);
}

void TestFormats::geminiActivity()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("gemini-myactivity.json"));
    QCOMPARE(s.format, QStringLiteral("gemini"));
    // Two sittings (a pause of more than 30 minutes between them); the visit that is not a
    // prompt is skipped with a warning, the prompt without a reply is kept and counted.
    QCOMPARE(s.imported, 2);
    QCOMPARE(s.skipped, 1);
    QVERIFY(
        s.warnings.constFirst().contains(QStringLiteral("\"Used Gemini Apps\" is not a prompt")));
    QCOMPARE(s.unanswered, 1);
    QVERIFY(s.text().contains(QStringLiteral("prompts without a reply, kept as unanswered: 1")));

    const qint64 first = store->findConversation(QStringLiteral("gemini-2025-01-13T17:02:00.000Z"));
    QVERIFY(first);
    const auto c = store->conversation(first);
    QCOMPARE(c->agent, QStringLiteral("gemini"));
    QCOMPARE(c->sourceFormat, QStringLiteral("gemini"));
    QCOMPARE(c->title, QStringLiteral("What should I say in my one-to-one?"));
    const QVector<Turn> turns = store->turns(first);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user"));
    QCOMPARE(turns[1].text,
             QStringLiteral("## Three things to raise\n\n"
                            "1. Your progress on the `billing` project\n"
                            "2. What support you need\n"
                            "3. Your goals for next quarter\n\n"
                            "Keep it **short** & specific."));
    QCOMPARE(turns[2].text,
             QStringLiteral("Summarise the attached report\n\n[attachment: Q4-report.pdf]"));
    QVERIFY(turns[2].meta.value(QStringLiteral("unanswered")).toBool());
    QCOMPARE(turns[2].meta.value(QStringLiteral("attachments")).toArray().at(0).toString(),
             QStringLiteral("Q4-report.pdf"));
    QCOMPARE(turns[2].createdAt, QDateTime(QDate(2025, 1, 13), QTime(17, 5), Qt::UTC));

    const qint64 second =
        store->findConversation(QStringLiteral("gemini-2025-01-14T09:12:33.512Z"));
    const QVector<Turn> next = store->turns(second);
    QCOMPARE(roles(next), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(next[0].text, QStringLiteral("How do I write a polite email declining a meeting?"));
    QCOMPARE(next[1].text,
             QStringLiteral("Here is a short, polite way to decline:\n\n"
                            "- **Thank them** for the invitation.\n"
                            "- Say *briefly* why you can't attend.\n"
                            "- Offer an alternative, such as reading the notes.\n\n"
                            "Would you like me to draft it?"));
    QCOMPARE(next[2].text, QStringLiteral("Thanks, make it shorter"));
}

void TestFormats::geminiGap()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Options options;
    options.gapMinutes = 1;
    QCOMPARE(importInto(*store, QStringLiteral("gemini-myactivity.json"), options).imported, 4);
    auto wide = Store::create(QStringLiteral(":memory:"));
    options.gapMinutes = 24 * 60;
    QCOMPARE(importInto(*wide, QStringLiteral("gemini-myactivity.json"), options).imported, 1);
    QCOMPARE(wide->turns(wide->conversationSummaries().at(0).id).size(), 7);
}

void TestFormats::geminiHtmlToText()
{
    QCOMPARE(import::htmlToText(QStringLiteral("<p>a&nbsp;b &lt;c&gt;</p><p>d<br>e</p>")),
             QStringLiteral("a b <c>\n\nd\ne"));
    QCOMPARE(import::htmlToText(
                 QStringLiteral("<ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul>")),
             QStringLiteral("- one\n  - inner\n- two"));
    QCOMPARE(import::htmlToText(QStringLiteral("<pre><code>x = 1\ny = 2</code></pre><p>done</p>")),
             QStringLiteral("```\nx = 1\ny = 2\n```\n\ndone"));
    QCOMPARE(import::htmlToText(QStringLiteral("&#128512; &#xD800; &bogus;")),
             QStringLiteral("\U0001F600 &#xD800; &bogus;"));
}

void TestFormats::transcriptCopiedFromAPage()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    const import::Summary s = importInto(*store, QStringLiteral("transcript-chatgpt-page.txt"));
    QCOMPARE(s.format, QStringLiteral("transcript"));
    QCOMPARE(s.imported, 1);
    const qint64 id = store->conversationSummaries().at(0).id;
    const auto c = store->conversation(id);
    QCOMPARE(c->agent, QStringLiteral("chatgpt"));
    QCOMPARE(c->sourceFormat, QStringLiteral("transcript"));
    QCOMPARE(c->title,
             QStringLiteral("I have three deadlines this week and I feel stuck. Where do"));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    // "Note:" inside a reply is not a speaker; the reply keeps its list and paragraphs.
    QCOMPARE(turns[1].text,
             QStringLiteral("That sounds stressful. Let's make it manageable:\n\n"
                            "1. List the three deadlines with their dates.\n"
                            "2. Pick the one due first and block two hours for it today.\n\n"
                            "Note: it often helps to tell your manager early if one of them will "
                            "slip."));
    QCOMPARE(turns[2].meta.value(QStringLiteral("line")).toInt(), 10);
    QCOMPARE(turns[3].meta.value(QStringLiteral("speaker")).toString(), QStringLiteral("ChatGPT"));
}

void TestFormats::transcriptInMarkdown()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    QCOMPARE(importInto(*store, QStringLiteral("transcript-copilot.md")).imported, 1);
    const qint64 id = store->conversationSummaries().at(0).id;
    QCOMPARE(store->conversation(id)->title, QStringLiteral("Meeting notes with Copilot"));
    QCOMPARE(store->conversation(id)->agent, QStringLiteral("copilot"));
    const QVector<Turn> turns = store->turns(id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(turns[0].text,
             QStringLiteral("Can you summarise the notes from this morning's meeting?"));
    QCOMPARE(turns[1].text,
             QStringLiteral("Sure. The team agreed to:\n\n- move the launch to **May**\n"
                            "- pause hiring until Q3"));

    // With the line ends of classic Mac OS ("\r" alone): told from its content and read alike.
    QFile original(fixture(QStringLiteral("transcript-copilot.md")));
    QVERIFY(original.open(QIODevice::ReadOnly));
    QTemporaryDir dir;
    const QString mac = dir.filePath(QStringLiteral("copilot-mac.txt"));
    test::writeFile(mac, original.readAll().replace("\r\n", "\n").replace('\n', '\r'));
    QCOMPARE(import::detectFormat(mac), QStringLiteral("transcript"));
    auto other = Store::create(QStringLiteral(":memory:"));
    QCOMPARE(import::Importer(*other).importFile(mac).imported, 1);
    const QVector<Turn> read = other->turns(other->conversationSummaries().at(0).id);
    QCOMPARE(read.size(), turns.size());
    for (int i = 0; i < turns.size(); ++i)
        QCOMPARE(read[i].text, turns[i].text);
}

void TestFormats::transcriptWithNamedSpeakers()
{
    // Names the importer does not know: not detected, and refused as a transcript without them.
    QVERIFY_THROWS_EXCEPTION(Error,
                             import::detectFormat(fixture(QStringLiteral("transcript-names.txt"))));
    auto store = Store::create(QStringLiteral(":memory:"));
    import::Options options;
    options.format = QStringLiteral("transcript");
    QVERIFY_THROWS_EXCEPTION(Error,
                             importInto(*store, QStringLiteral("transcript-names.txt"), options));
    QCOMPARE(store->conversationSummaries().size(), 0);
    // With --speaker the names are mapped, and the format follows from them.
    options.format.clear();
    options.speakers = {{QStringLiteral("alex"), Role::User},
                        {QStringLiteral("coach"), Role::Assistant}};
    const import::Summary s = importInto(*store, QStringLiteral("transcript-names.txt"), options);
    QCOMPARE(s.format, QStringLiteral("transcript"));
    const QVector<Turn> turns = store->turns(store->conversationSummaries().at(0).id);
    QCOMPARE(roles(turns), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(turns[2].text,
             QStringLiteral("That I'll forget everything\nand everyone will notice."));
    QCOMPARE(store->conversation(turns[0].conversationId)->agent, QStringLiteral("coach"));
}

void TestFormats::transcriptCodeIsText()
{
    // A speaker line inside a reply's code block is the code's, not a turn of its own.
    const import::TranscriptPreview fenced = import::previewTranscript(
        QStringLiteral("**You:** How do I log in as a user?\n\n## ChatGPT\nRun this:\n\n"
                       "```text\nUser: admin\n~~~\nAssistant: ready\n```\n\nThen wait.\n\n"
                       "You: thanks\n~~~~\nSystem: a tilde fence in a question\n~~~~~\n"),
        {});
    QVERIFY2(fenced.error.isEmpty(), qPrintable(fenced.error));
    QCOMPARE(roles(fenced.turns), QStringLiteral("user,assistant,user"));
    QCOMPARE(fenced.turns[1].text,
             QStringLiteral("Run this:\n\n```text\nUser: admin\n~~~\n"
                            "Assistant: ready\n```\n\nThen wait."));
    QCOMPARE(fenced.turns[2].text,
             QStringLiteral("thanks\n~~~~\nSystem: a tilde fence in a question\n~~~~~"));
    // A fence never closed is no fence: the turns after it stay turns.
    const import::TranscriptPreview open = import::previewTranscript(
        QStringLiteral("You: hi\nChatGPT: start\n```python\nprint(1)\nYou: more\nChatGPT: end\n"),
        {});
    QCOMPARE(roles(open.turns), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(open.turns[1].text, QStringLiteral("start\n```python\nprint(1)"));
    // Nor one cut off, and followed by another block of code: the turns between stay turns.
    const import::TranscriptPreview cut = import::previewTranscript(
        QStringLiteral("You: write it\nChatGPT: Here it is:\n```python\nprint(1\n"
                       "You: you stopped mid-way\nChatGPT: Sorry. Again:\n```python\n"
                       "print(1)\nUser: not a speaker here\n```\n"),
        {});
    QCOMPARE(roles(cut.turns), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(cut.turns[1].text, QStringLiteral("Here it is:\n```python\nprint(1"));
    QCOMPARE(cut.turns[3].text,
             QStringLiteral("Sorry. Again:\n```python\nprint(1)\n"
                            "User: not a speaker here\n```"));
    // Nor one cut off, and followed by a plain block of the next turn's.
    const import::TranscriptPreview pasted = import::previewTranscript(
        QStringLiteral("You: Write a loop.\nAssistant: Sure:\n```python\nfor i in x:\n"
                       "You: it got cut off. Here is mine:\n```\nwhile True: pass\n```\n"
                       "Assistant: That loops forever.\n"),
        {});
    QCOMPARE(roles(pasted.turns), QStringLiteral("user,assistant,user,assistant"));
    QCOMPARE(pasted.turns[1].text, QStringLiteral("Sure:\n```python\nfor i in x:"));
    QCOMPARE(pasted.turns[2].text,
             QStringLiteral("it got cut off. Here is mine:\n```\nwhile True: pass\n```"));
    // But a reply's example of a chat, then more code, or two examples: each block closes.
    const import::TranscriptPreview examples = import::previewTranscript(
        QStringLiteral("You: How should I format it?\nAssistant: Use this format:\n```\n"
                       "User: hello\nAssistant: hi\n```\nThen in Python:\n```python\n"
                       "print(\"hi\")\n```\nYou: thanks\n"),
        {});
    QCOMPARE(roles(examples.turns), QStringLiteral("user,assistant,user"));
    QVERIFY(examples.turns[1].text.endsWith(QStringLiteral("print(\"hi\")\n```")));
    const import::TranscriptPreview two = import::previewTranscript(
        QStringLiteral("You: Examples?\nAssistant: First:\n```\nUser: a\n```\nSecond:\n```\n"
                       "User: b\n```\nYou: ok\n"),
        {});
    QCOMPARE(roles(two.turns), QStringLiteral("user,assistant,user"));
    QCOMPARE(two.turns[2].text, QStringLiteral("ok"));
}

void TestFormats::detectsEachFormat_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::newRow("grok") << "grok.json"
                          << "grok";
    QTest::newRow("openwebui") << "openwebui.json"
                               << "openwebui";
    QTest::newRow("librechat") << "librechat.json"
                               << "librechat";
    QTest::newRow("oasst") << "oasst.jsonl"
                           << "oasst";
    QTest::newRow("wildchat") << "wildchat.jsonl"
                              << "jsonl";
    QTest::newRow("lmsys") << "lmsys.jsonl"
                           << "jsonl";
    QTest::newRow("prism") << "prism.jsonl"
                           << "jsonl";
    QTest::newRow("gemini") << "gemini-myactivity.json"
                            << "gemini";
    QTest::newRow("transcript page") << "transcript-chatgpt-page.txt"
                                     << "transcript";
    QTest::newRow("transcript markdown") << "transcript-copilot.md"
                                         << "transcript";
}

void TestFormats::detectsEachFormat()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    // The name says nothing: the content decides.
    QTemporaryDir dir;
    const QString renamed = dir.filePath(QStringLiteral("data.txt"));
    QVERIFY(QFile::copy(fixture(file), renamed));
    QCOMPARE(import::detectFormat(renamed), format);
}

void TestFormats::reimportAddsNothing_data()
{
    QTest::addColumn<QString>("file");
    for (const char *file :
         {"grok.json", "openwebui.json", "librechat.json", "oasst.jsonl", "wildchat.jsonl",
          "lmsys.jsonl", "prism.jsonl", "gemini-myactivity.json", "transcript-chatgpt-page.txt",
          "transcript-copilot.md"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestFormats::reimportAddsNothing()
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

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
