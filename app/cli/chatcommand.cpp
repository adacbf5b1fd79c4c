// `sense7 chat`: hold a live conversation with one of the protocol's assistant conditions.
#include "cliutil.h"
#include "error.h"
#include "live/livechat.h"
#include "store.h"

#include <QEventLoop>

namespace sense7::cli {

namespace {

/** The conversation to talk in: the one \a key names (resumed in a new session) or a new one. */
qint64 openConversation(Store &store, const QString &conditionKey, const QString &participant,
                        const QString &key, const QString &firstMessage, QTextStream &err)
{
    if (!key.isEmpty()) {
        const qint64 id = store.findConversation(key);
        if (id == 0)
            throw Error(tr("No conversation “%1” in %2.").arg(key, store.path()));
        const auto conversation = store.conversation(id);
        if (conversation->condition.isEmpty())
            throw Error(tr("Conversation %1 was imported, not held live; it cannot be continued.")
                            .arg(key));
        if (conversation->condition != conditionKey)
            throw Error(tr("Conversation %1 is held with the condition “%2”, not “%3”.")
                            .arg(key, conversation->condition, conditionKey));
        const qint64 session = store.beginSession(id);
        err << tr("Resuming conversation %1 in session %2.").arg(id).arg(session) << Qt::endl;
        return id;
    }
    if (participant.isEmpty())
        throw Error(tr("Name the participant (--participant CODE) or the conversation to resume "
                       "(--conversation ID)."));
    qint64 participantId = store.participantId(participant);
    if (participantId == 0) {
        participantId = store.addParticipant(participant);
        err << tr("Added the participant %1.").arg(participant) << Qt::endl;
    }
    const Assignment assignment = store.assignConditions(participantId);
    if (!assignment.conditions.contains(conditionKey))
        err << tr("warning: %1 is assigned to %2, not to “%3”.")
                   .arg(participant, assignment.conditions.join(QStringLiteral(", ")), conditionKey)
            << Qt::endl;
    QString title = firstMessage.simplified();
    if (title.size() > 60)
        title = title.left(59) + QChar(0x2026);
    const qint64 id = store.startLiveConversation(participantId, conditionKey, title);
    err << tr("Started conversation %1 with %2.").arg(id).arg(conditionKey) << Qt::endl;
    return id;
}

} // namespace

int chat(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Hold a live conversation with one of the protocol's assistant conditions, as the "
           "studio does: each message is committed as a turn, the reply is printed as it streams "
           "and stored with its condition, model, latencies, token counts and finish reason. "
           "Without --conversation a new conversation is started for --participant (added when "
           "new); with it, that conversation is resumed in a new session. An endpoint's API key "
           "comes from the condition's environment variable, else SENSE7_API_KEY, and is never "
           "stored. When the protocol requires each reply's ratings before the next message, "
           "send one message at a time and rate in between."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set."));
    parser.addOption({QStringLiteral("condition"), tr("The assistant condition to talk with."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("participant"),
                      tr("The participant who talks (a new conversation)."),
                      QStringLiteral("CODE")});
    parser.addOption({QStringLiteral("conversation"),
                      tr("A live conversation to resume (id, source id or content hash)."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("message"),
                      tr("A message to send; repeat for more, sent in turn, each after the reply "
                         "to the one before."),
                      QStringLiteral("TEXT")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err,
                                      {QStringLiteral("condition"), QStringLiteral("message")}))
        return *done;

    auto store = Store::open(parser.positionalArguments().constFirst());
    if (refuseDamaged(*store, QStringLiteral("chat"), err))
        return 1;
    if (store->isReadOnly())
        throw Error(tr("%1 cannot be written.").arg(store->path()));
    const QString conditionKey = parser.value(QStringLiteral("condition"));
    const LivePlan plan = store->protocol().live;
    if (!plan.condition(conditionKey)) {
        QStringList keys;
        for (const AssistantCondition &condition : plan.conditions)
            keys << condition.key;
        throw Error(keys.isEmpty()
                        ? tr("The protocol of %1 has no assistant conditions.").arg(store->path())
                        : tr("The protocol of %1 has no condition “%2”; it has: %3.")
                              .arg(store->path(), conditionKey, keys.join(QStringLiteral(", "))));
    }
    const QStringList messages = parser.values(QStringLiteral("message"));
    const qint64 conversationId =
        openConversation(*store, conditionKey, parser.value(QStringLiteral("participant")),
                         parser.value(QStringLiteral("conversation")), messages.constFirst(), err);

    live::LiveChat chat(*store, conversationId);
    QEventLoop loop;
    QString failure;
    qsizetype printed = 0;
    QObject::connect(&chat, &live::LiveChat::replyDelta, &loop,
                     [&](qint64, const QString &textSoFar) {
                         out << QStringView(textSoFar).mid(printed);
                         out.flush();
                         printed = textSoFar.size();
                     });
    QObject::connect(&chat, &live::LiveChat::replyFinished, &loop, [&](qint64) {
        if (printed > 0)
            out << Qt::endl;
        if (!chat.isStreaming())
            loop.quit();
    });
    QObject::connect(&chat, &live::LiveChat::failed, &loop, [&](const QString &message) {
        failure = message;
        loop.quit();
    });
    QObject::connect(&chat, &live::LiveChat::waiting, &loop, [&](int seconds, const QString &why) {
        err << QCoreApplication::translate("sense7::cli", "%1: asking again in %n second(s).",
                                           nullptr, seconds)
                   .arg(why)
            << Qt::endl;
    });
    int status = 0;
    for (const QString &message : messages) {
        printed = 0;
        failure.clear();
        if (!chat.send(message)) {
            if (failure.isEmpty())
                failure = tr("The message “%1” is empty.").arg(message);
        } else if (chat.isStreaming()) {
            loop.exec();
        }
        if (!failure.isEmpty()) {
            err << tr("sense7 chat: %1").arg(failure) << Qt::endl;
            status = 1;
            break;
        }
    }
    store->endSession(chat.sessionId());
    return status;
}

} // namespace sense7::cli
