// Claude.ai data export (conversations.json): a list of conversations with "chat_messages";
// real files contain null entries, and "thinking" parts that are not reply text.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"

namespace sense7::import {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

QString messageText(const Json &message)
{
    const Json &content = child(message, "content");
    QStringList pieces;
    if (content.is_array() && !content.empty()) {
        for (const Json &part : content) {
            const QString type = stringAt(part, "type");
            if (type == QLatin1String("text"))
                pieces << stringAt(part, "text");
            else if (type == QLatin1String("tool_use"))
                pieces << QStringLiteral("[tool use: %1]").arg(stringAt(part, "name"));
            else if (type == QLatin1String("image"))
                pieces << QStringLiteral("[image]");
            // "thinking" and "tool_result" parts are not part of the reply.
        }
    } else {
        pieces << stringAt(message, "text");
    }
    for (const Json &attachment : child(message, "attachments"))
        pieces << QStringLiteral("[attachment: %1]").arg(stringAt(attachment, "file_name"));
    pieces.removeAll(QString());
    return pieces.join(QStringLiteral("\n\n"));
}

} // namespace

void readClaude(QIODevice &in, const QString &source, ImportSink &sink)
{
    forEachElement(
        in, source, sink, tr("conversation"), [&](const Json &entry, const JsonArrayReader &array) {
            const QString what = describe(tr("conversation"), array.index(), QString());
            if (entry.is_null()) {
                sink.warning(tr("%1: %2 (%3) is empty (null) and was skipped.")
                                 .arg(source, what, array.startPosition()));
                return;
            }
            const QString title = stringAt(entry, "name");
            const QString where =
                QStringLiteral("%1: %2 (%3)")
                    .arg(source, describe(tr("conversation"), array.index(), title),
                         array.startPosition());
            const Json &messages = child(entry, "chat_messages");
            if (!entry.is_object() || !messages.is_array())
                throw Error(tr("%1: it has no list of messages (\"chat_messages\").").arg(where));

            ImportedConversation c;
            c.where = where;
            c.conversation.sourceFormat = QStringLiteral("claude");
            c.conversation.sourceId = stringAt(entry, "uuid");
            c.conversation.title = title;
            c.conversation.agent = QStringLiteral("claude");
            c.conversation.startedAt =
                timeOf(child(entry, "created_at"), c, [&]() -> const QString & { return where; });
            int position = 0;
            for (const Json &message : messages) {
                ++position;
                if (message.is_null())
                    continue; // a null message in the list
                const QString sender = stringAt(message, "sender");
                Turn turn;
                if (sender == QLatin1String("human"))
                    turn.role = Role::User;
                else if (sender == QLatin1String("assistant"))
                    turn.role = Role::Assistant;
                else
                    throw Error(tr("%1: message %2 has sender \"%3\"; expected \"human\" or "
                                   "\"assistant\".")
                                    .arg(where, QString::number(position), sender));
                turn.text = messageText(message);
                turn.createdAt = timeOf(child(message, "created_at"), c, [&] {
                    return tr("%1, message %2").arg(where, QString::number(position));
                });
                const QString id = stringAt(message, "uuid");
                if (!id.isEmpty())
                    turn.meta.insert(QStringLiteral("source_id"), id);
                if (turn.text.trimmed().isEmpty() && turn.role == Role::User)
                    continue; // an empty question (e.g. only a rejected upload)
                c.turns.append(std::move(turn));
            }
            if (c.turns.isEmpty()) {
                sink.warning(tr("%1 has no messages and was skipped.").arg(where));
                return;
            }
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
