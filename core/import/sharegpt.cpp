// ShareGPT JSON: a list of {"id", "conversations": [{"from": "human"|"gpt"|"system", "value"}]}.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}
} // namespace

std::optional<Role> roleFromSpeaker(const QString &speaker)
{
    static const QHash<QString, Role> roles {
        {QStringLiteral("human"), Role::User},
        {QStringLiteral("user"), Role::User},
        {QStringLiteral("seeker"), Role::User},
        {QStringLiteral("speaker"), Role::User},
        {QStringLiteral("customer"), Role::User},
        {QStringLiteral("gpt"), Role::Assistant},
        {QStringLiteral("assistant"), Role::Assistant},
        {QStringLiteral("ai"), Role::Assistant},
        {QStringLiteral("bot"), Role::Assistant},
        {QStringLiteral("model"), Role::Assistant},
        {QStringLiteral("chatgpt"), Role::Assistant},
        {QStringLiteral("bard"), Role::Assistant},
        {QStringLiteral("supporter"), Role::Assistant},
        {QStringLiteral("listener"), Role::Assistant},
        {QStringLiteral("system"), Role::System},
        {QStringLiteral("tool"), Role::Tool},
        {QStringLiteral("function"), Role::Tool},
        {QStringLiteral("observation"), Role::Tool},
    };
    const auto it = roles.find(speaker.trimmed().toLower());
    if (it == roles.end())
        return std::nullopt;
    return *it;
}

void readShareGpt(QIODevice &in, const QString &source, ImportSink &sink)
{
    forEachElement(
        in, source, sink, tr("conversation"), [&](const Json &entry, const JsonArrayReader &array) {
            const QString id = stringAt(entry, "id");
            const QString where = QStringLiteral("%1: %2 (%3)")
                                      .arg(source, describe(tr("conversation"), array.index(), id),
                                           array.startPosition());
            const Json &messages = child(entry, "conversations");
            if (!messages.is_array())
                throw Error(tr("%1: it has no list of messages (\"conversations\").").arg(where));
            ImportedConversation c;
            c.where = where;
            c.conversation.sourceFormat = QStringLiteral("sharegpt");
            c.conversation.sourceId = id;
            c.conversation.agent = stringAt(entry, "model");
            int position = 0;
            for (const Json &message : messages) {
                ++position;
                const auto role = roleFromSpeaker(stringAt(message, "from"));
                if (!role)
                    throw Error(
                        tr("%1: message %2 comes from \"%3\"; expected human, gpt or system.")
                            .arg(where, QString::number(position), stringAt(message, "from")));
                if (!child(message, "value").is_string())
                    throw Error(tr("%1: message %2 has no text (\"value\").")
                                    .arg(where, QString::number(position)));
                Turn turn;
                turn.role = *role;
                turn.text = stringAt(message, "value");
                c.turns.append(std::move(turn));
            }
            if (c.turns.isEmpty()) {
                sink.warning(tr("%1 has no messages and was skipped.").arg(where));
                return;
            }
            if (c.conversation.title.isEmpty())
                c.conversation.title = c.turns.constFirst().text.left(60).simplified();
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
