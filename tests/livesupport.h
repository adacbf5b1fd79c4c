#pragma once

// Live conversations for the analysis tests: held with a condition of the study's protocol, in
// one sitting or more, each reply rated by the participant; made through the store's live API.

#include "protocol.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QVector>

namespace sense7::test {

/**
 * The SENSE-7 protocol with two scripted conditions: "empathic", shown as "Assistant A", and
 * "forgetful", shown as "Assistant B".
 */
inline Protocol liveProtocol()
{
    QJsonObject root = QJsonDocument::fromJson(protocol::sense7().definition).object();
    QJsonArray conditions;
    for (const char *key : {"empathic", "forgetful"})
        conditions.append(QJsonObject {
            {QStringLiteral("key"), QLatin1String(key)},
            {QStringLiteral("scripted"),
             QJsonObject {{QStringLiteral("replies"),
                           QJsonArray {QJsonObject {
                               {QStringLiteral("text"), QStringLiteral("A scripted reply.")}}}}}}});
    root.insert(QStringLiteral("live"),
                QJsonObject {{QStringLiteral("conditions"), conditions},
                             {QStringLiteral("assignment"),
                              QJsonObject {{QStringLiteral("design"), QStringLiteral("between")},
                                           {QStringLiteral("seed"), 7}}}});
    return protocol::parse(QJsonDocument(root).toJson(), QStringLiteral("live.json"));
}

/** One exchange of a live conversation: the participant's message and the reply they rated. */
struct LiveExchange
{
    QString message;
    QString reply;
    int warmth = 3; // the participant's rating of the reply on SENSE-7's warmth
    bool newSession = false; // the participant resumed the conversation here
};

/**
 * Adds a live conversation of participant \a code (made if new) held with condition \a key of
 * the store's protocol (liveProtocol()): each exchange a user turn and a rated reply, a new
 * session wherever an exchange says so. Returns the conversation's id.
 */
inline qint64 addLiveConversation(Store &store, const QString &code, const QString &key,
                                  const QVector<LiveExchange> &exchanges)
{
    qint64 participant = store.participantId(code);
    if (participant == 0)
        participant = store.addParticipant(code);
    const qint64 id =
        store.startLiveConversation(participant, key, QStringLiteral("%1, %2").arg(code, key));
    qint64 session = store.sessions(id).constLast().id;
    const qint64 self = store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 warmth = store.findDimension(QStringLiteral("warmth"))->id;
    for (const LiveExchange &e : exchanges) {
        if (e.newSession)
            session = store.beginSession(id);
        store.appendTurn(id, QStringLiteral("user"), e.message,
                         {{QStringLiteral("live"), true}, {QStringLiteral("session"), session}});
        const qint64 reply =
            store.appendTurn(id, QStringLiteral("assistant"), e.reply,
                             {{QStringLiteral("live"), true},
                              {QStringLiteral("session"), session},
                              {QStringLiteral("condition"), key},
                              {QStringLiteral("finish_reason"), QStringLiteral("stop")}});
        store.setRating(reply, warmth, self, e.warmth);
    }
    return id;
}

} // namespace sense7::test
