// OpenAI chat JSONL: one {"messages": [{"role", "content"}]} object a line; content is a string
// or a list of parts.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"

#include <QIODevice>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

QString contentText(const Json &content)
{
    if (content.is_string())
        return qs(content.get_ref<const std::string &>());
    QStringList pieces;
    for (const Json &part : content) {
        const QString type = stringAt(part, "type");
        if (type == QLatin1String("text") || type == QLatin1String("input_text")
            || type == QLatin1String("output_text"))
            pieces << stringAt(part, "text");
        else if (type.contains(QLatin1String("image")))
            pieces << QStringLiteral("[image]");
        else if (type.contains(QLatin1String("audio")))
            pieces << QStringLiteral("[audio]");
        else if (part.is_string())
            pieces << qs(part.get<std::string>());
    }
    return pieces.join(QLatin1Char('\n'));
}
} // namespace

void readOpenAiJsonl(QIODevice &in, const QString &source, ImportSink &sink)
{
    forEachJsonLine(
        in, source, sink,
        [&](const Json &entry, const QString &where, qint64 lineNumber, qint64 bytes) {
            const Json &messages = child(entry, "messages");
            if (!messages.is_array())
                throw Error(tr("%1: expected an object with a \"messages\" list.").arg(where));
            ImportedConversation c;
            c.where = where;
            c.conversation.sourceFormat = QStringLiteral("openai-jsonl");
            c.conversation.sourceId = stringAt(entry, "id");
            if (c.conversation.sourceId.isEmpty()) {
                c.conversation.sourceId = QStringLiteral("line-%1").arg(lineNumber);
                c.sourceIdMade = true;
            }
            c.conversation.agent = stringAt(entry, "model");
            int position = 0;
            for (const Json &message : messages) {
                ++position;
                const auto role = roleFromKey(stringAt(message, "role"));
                const QString roleName = stringAt(message, "role");
                Turn turn;
                if (role)
                    turn.role = *role;
                else if (roleName == QLatin1String("function")
                         || roleName == QLatin1String("developer"))
                    turn.role = roleName == QLatin1String("function") ? Role::Tool : Role::System;
                else
                    throw Error(
                        tr("%1: message %2 has role \"%3\"; expected user, assistant, system "
                           "or tool.")
                            .arg(where, QString::number(position), roleName));
                const Json &content = child(message, "content");
                if (!content.is_string() && !content.is_array() && !content.is_null())
                    throw Error(tr("%1: message %2: \"content\" must be text or a list of parts.")
                                    .arg(where, QString::number(position)));
                turn.text = contentText(content);
                c.turns.append(std::move(turn));
            }
            if (c.turns.isEmpty()) {
                sink.warning(tr("%1 has no messages and was skipped.").arg(where));
                return;
            }
            c.conversation.title = c.turns.constFirst().text.left(60).simplified();
            for (const Turn &t : std::as_const(c.turns)) {
                if (t.role == Role::User) {
                    c.conversation.title = t.text.left(60).simplified();
                    break;
                }
            }
            sink.progress(bytes);
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
