// Open WebUI chat export (Settings ▸ Chats ▸ Export): a list of chats, each {"id", "title",
// "chat": {"models", "history": {"currentId", "messages": {id: {"id", "parentId",
// "childrenIds", "role", "content", "timestamp", "model", "files"}}}}, "created_at", ...}. The
// kept path runs from "currentId" back to the root; the other answers and edits are kept as
// alternatives. Reasoning and tool-call blocks (<details type="reasoning">…</details>) are not
// reply text and are left out. Older exports have only a list "chat.messages".
//
// LibreChat conversation export: one conversation a file, {"conversationId", "endpoint",
// "title", "options", "messages"}: a flat list with "parentMessageId", or (with "recursive")
// nested "children". LibreChat shows the latest of sibling messages, so that branch is kept.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"
#include "tree.h"

#include <QIODevice>
#include <QRegularExpression>
#include <QSet>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

std::optional<Role> roleFromName(const QString &name)
{
    if (name == QLatin1String("user"))
        return Role::User;
    if (name == QLatin1String("assistant"))
        return Role::Assistant;
    if (name == QLatin1String("system"))
        return Role::System;
    if (name == QLatin1String("tool"))
        return Role::Tool;
    return std::nullopt;
}

/** Open WebUI content without its reasoning and tool-call blocks. */
QString visibleText(QString text)
{
    static const QRegularExpression details(
        QStringLiteral(
            "<details type=\"(reasoning|tool_calls|code_interpreter)\"[^>]*>.*?</details>"),
        QRegularExpression::DotMatchesEverythingOption);
    text.remove(details);
    return text.trimmed();
}

/** The one message of an Open WebUI chat as a tree node; throws on a role it does not know. */
TreeMessage webUiNode(const Json &message, const QString &id, const QString &where,
                      ImportedConversation &c)
{
    TreeMessage node;
    node.id = id;
    node.parent = stringAt(message, "parentId");
    const QString roleName = stringAt(message, "role");
    const auto role = roleFromName(roleName);
    if (!role)
        throw Error(tr("%1: message %2 has role \"%3\"; expected user, assistant or system.")
                        .arg(where, id, roleName));
    node.turn.role = *role;
    const Json &content = child(message, "content");
    if (!content.is_string() && !content.is_null())
        throw Error(tr("%1: message %2: \"content\" must be text.").arg(where, id));
    node.turn.text = visibleText(stringAt(message, "content"));
    for (const Json &file : child(message, "files")) {
        const QString name = stringAt(file, "name");
        node.turn.text += QStringLiteral("%1[attachment: %2]")
                              .arg(node.turn.text.isEmpty() ? QString() : QStringLiteral("\n\n"),
                                   name.isEmpty() ? stringAt(file, "type") : name);
    }
    node.turn.createdAt =
        timeOf(child(message, "timestamp"), c, [&] { return tr("%1, message %2").arg(where, id); });
    const QString model = stringAt(message, "model");
    if (!model.isEmpty() && node.turn.role == Role::Assistant)
        node.turn.meta.insert(QStringLiteral("model"), model);
    if (child(message, "done") == false)
        node.turn.meta.insert(QStringLiteral("interrupted"), true);
    // The user's own feedback on a reply (thumbs up 1 or down -1, a reason, a comment, tags).
    if (const Json &annotation = child(message, "annotation");
        annotation.is_object() && !annotation.empty())
        node.turn.meta.insert(QStringLiteral("feedback"),
                              toQt(annotation, tr("%1, message %2").arg(where, id)));
    node.turn.meta.insert(QStringLiteral("source_id"), id);
    return node;
}

/** The first assistant's model labels the conversation; turns keep theirs only when it differs. */
void labelAgent(ImportedConversation &c, const QString &fallback)
{
    for (const Turn &t : std::as_const(c.turns)) {
        if (t.role == Role::Assistant && t.meta.contains(QStringLiteral("model"))) {
            c.conversation.agent = t.meta.value(QStringLiteral("model")).toString();
            break;
        }
    }
    if (c.conversation.agent.isEmpty())
        c.conversation.agent = fallback;
    for (Turn &t : c.turns) {
        if (t.meta.value(QStringLiteral("model")).toString() == c.conversation.agent)
            t.meta.remove(QStringLiteral("model"));
    }
    if (c.conversation.title.isEmpty() && !c.turns.isEmpty())
        c.conversation.title = c.turns.constFirst().text.left(60).simplified();
    if (!c.conversation.startedAt.isValid() && !c.turns.isEmpty())
        c.conversation.startedAt = c.turns.constFirst().createdAt;
}
} // namespace

void readOpenWebUi(QIODevice &in, const QString &source, ImportSink &sink)
{
    forEachElement(
        in, source, sink, tr("chat"), [&](const Json &entry, const JsonArrayReader &array) {
            const QString title = stringAt(entry, "title");
            const QString where =
                QStringLiteral("%1: %2 (%3)")
                    .arg(source, describe(tr("chat"), array.index(), title), array.startPosition());
            const Json &chat = child(entry, "chat");
            const Json &history = child(chat, "history");
            const Json &messages = child(history, "messages");
            const Json &list = child(chat, "messages");
            if (!messages.is_object() && !list.is_array())
                throw Error(
                    tr("%1: it has no message tree (\"chat.history.messages\").").arg(where));
            ImportedConversation c;
            c.where = where;
            QVector<TreeMessage> nodes;
            QString leaf;
            if (messages.is_object()) {
                // In the order of each message's "childrenIds", roots first.
                QVector<QString> order;
                QSet<QString> placed;
                for (const auto &[id, message] : messages.items()) {
                    if (child(message, "parentId").is_null() && !placed.contains(qs(id))) {
                        placed.insert(qs(id));
                        order.append(qs(id));
                    }
                }
                for (int i = 0; i < order.size(); ++i) {
                    for (const Json &childId :
                         child(child(messages, order[i].toUtf8().constData()), "childrenIds")) {
                        const QString id =
                            childId.is_string() ? qs(childId.get<std::string>()) : QString();
                        if (!id.isEmpty() && !placed.contains(id)
                            && messages.contains(id.toStdString())) {
                            placed.insert(id);
                            order.append(id);
                        }
                    }
                }
                for (auto it = messages.begin(); it != messages.end(); ++it) {
                    if (!placed.contains(qs(it.key())))
                        order.append(qs(it.key())); // not reached from a root
                }
                for (const QString &id : std::as_const(order)) {
                    const Json &message = messages.at(id.toStdString());
                    if (!message.is_object())
                        throw Error(tr("%1: message %2 is not an object.").arg(where, id));
                    nodes.append(webUiNode(message, id, where, c));
                }
                leaf = stringAt(history, "currentId");
                if (leaf.isEmpty())
                    leaf = latestLeaf(nodes);
            } else {
                int position = 0;
                for (const Json &message : list) {
                    ++position;
                    QString id = stringAt(message, "id");
                    if (id.isEmpty())
                        id = QStringLiteral("#%1").arg(position);
                    TreeMessage node = webUiNode(message, id, where, c);
                    node.parent = nodes.isEmpty() ? QString() : nodes.constLast().id;
                    nodes.append(std::move(node));
                }
                leaf = nodes.isEmpty() ? QString() : nodes.constLast().id;
            }
            if (nodes.isEmpty()) {
                sink.warning(tr("%1 has no messages and was skipped.").arg(where));
                return;
            }
            QStringList leftOut;
            const QString problem = keptPath(nodes, leaf, c.turns, &leftOut);
            if (!problem.isEmpty()) {
                sink.warning(tr("%1 skipped: %2").arg(where, problem));
                return;
            }
            if (const QString notice = leftOutNotice(leftOut, where); !notice.isEmpty())
                c.notices << notice;
            c.conversation.sourceFormat = QStringLiteral("openwebui");
            c.conversation.sourceId = stringAt(entry, "id");
            c.conversation.title = title.isEmpty() ? stringAt(chat, "title") : title;
            c.conversation.startedAt =
                timeOf(child(entry, "created_at"), c, [&]() -> const QString & { return where; });
            const Json &models = child(chat, "models");
            const QString model = models.is_array() && !models.empty() && models[0].is_string()
                ? qs(models[0].get<std::string>())
                : QStringLiteral("open-webui");
            labelAgent(c, model);
            sink.conversation(std::move(c));
        });
}

namespace {
void libreChatNodes(const Json &messages, const QString &parent, const QString &where,
                    QVector<TreeMessage> &nodes, int depth, ImportedConversation &c)
{
    if (depth > 10000)
        throw Error(tr("%1: the message tree is too deep.").arg(where));
    for (const Json &message : messages) {
        const int position = int(nodes.size()) + 1;
        if (!message.is_object())
            throw Error(
                tr("%1: message %2 is not an object.").arg(where, QString::number(position)));
        TreeMessage node;
        node.id = stringAt(message, "messageId");
        if (node.id.isEmpty())
            throw Error(
                tr("%1: message %2 has no \"messageId\".").arg(where, QString::number(position)));
        node.parent = stringAt(message, "parentMessageId");
        if (node.parent.isEmpty()
            || node.parent == QLatin1String("00000000-0000-0000-0000-000000000000"))
            node.parent = parent;
        const Json &byUser = child(message, "isCreatedByUser");
        if (!byUser.is_boolean())
            throw Error(tr("%1: message %2 does not say who wrote it (\"isCreatedByUser\").")
                            .arg(where, node.id));
        node.turn.role = byUser.get<bool>() ? Role::User : Role::Assistant;
        const Json &text = child(message, "text");
        if (!text.is_string() && !text.is_null())
            throw Error(tr("%1: message %2: \"text\" must be text.").arg(where, node.id));
        node.turn.text = stringAt(message, "text");
        if (node.turn.text.isEmpty()) { // newer versions: a list of content parts
            QStringList parts;
            for (const Json &part : child(message, "content")) {
                if (stringAt(part, "type") == QLatin1String("text"))
                    parts << stringAt(part, "text");
            }
            node.turn.text = parts.join(QStringLiteral("\n\n"));
        }
        node.turn.createdAt = timeOf(child(message, "createdAt"), c,
                                     [&] { return tr("%1, message %2").arg(where, node.id); });
        node.turn.meta.insert(QStringLiteral("source_id"), node.id);
        const QString model = stringAt(message, "model");
        if (!model.isEmpty() && node.turn.role == Role::Assistant)
            node.turn.meta.insert(QStringLiteral("model"), model);
        if (child(message, "unfinished") == true)
            node.turn.meta.insert(QStringLiteral("interrupted"), true);
        if (child(message, "error") == true)
            node.turn.meta.insert(QStringLiteral("status"), QStringLiteral("error"));
        // The user's own feedback on a reply ("thumbsUp" or "thumbsDown", a tag, a text).
        if (const Json &feedback = child(message, "feedback");
            feedback.is_object() && !feedback.empty())
            node.turn.meta.insert(QStringLiteral("feedback"),
                                  toQt(feedback, tr("%1, message %2").arg(where, node.id)));
        const QString id = node.id;
        nodes.append(std::move(node));
        libreChatNodes(child(message, "children"), id, where, nodes, depth + 1, c);
    }
}
} // namespace

void readLibreChat(QIODevice &in, const QString &source, ImportSink &sink)
{
    const QByteArray data = in.readAll();
    const Json root = json::parse(data, source);
    sink.progress(data.size());
    const QString title = stringAt(root, "title");
    const QString where =
        QStringLiteral("%1: %2").arg(source, describe(tr("conversation"), 1, title));
    const Json &messages = child(root, "messages");
    if (!messages.is_array())
        throw Error(
            tr("%1: expected a LibreChat conversation with a list of \"messages\".").arg(source));
    ImportedConversation c;
    c.where = where;
    QVector<TreeMessage> nodes;
    libreChatNodes(messages, QString(), where, nodes, 0, c);
    if (nodes.isEmpty())
        throw Error(tr("%1 has no messages.").arg(where));
    QSet<QString> ids;
    for (const TreeMessage &n : std::as_const(nodes))
        ids.insert(n.id);
    for (const TreeMessage &n : std::as_const(nodes)) { // an orphan would be lost
        if (!n.parent.isEmpty() && !ids.contains(n.parent))
            throw Error(tr("%1: message %2 points to a parent %3 that is not in the tree.")
                            .arg(where, n.id, n.parent));
    }
    QStringList leftOut;
    const QString problem = keptPath(nodes, latestLeaf(nodes), c.turns, &leftOut);
    if (!problem.isEmpty())
        throw Error(tr("%1: %2.").arg(where, problem));
    if (const QString notice = leftOutNotice(leftOut, where); !notice.isEmpty())
        c.notices << notice;
    c.conversation.sourceFormat = QStringLiteral("librechat");
    c.conversation.sourceId = stringAt(root, "conversationId");
    c.conversation.title = title;
    const Json &options = child(root, "options");
    if (!stringAt(options, "promptPrefix").isEmpty() && !c.turns.isEmpty())
        c.turns.first().meta.insert(QStringLiteral("system_prompt"),
                                    stringAt(options, "promptPrefix"));
    QString fallback = stringAt(options, "model");
    if (fallback.isEmpty())
        fallback = stringAt(root, "endpoint");
    labelAgent(c, fallback.isEmpty() ? QStringLiteral("librechat") : fallback);
    sink.conversation(std::move(c));
}

} // namespace sense7::import
