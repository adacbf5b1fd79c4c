// ChatGPT data export (conversations.json): a list of conversations, each a tree of messages
// ("mapping") whose kept path runs from "current_node" back to the root.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSet>

namespace sense7::import {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import::ChatGpt", text);
}

// Content that is not part of the visible reply.
bool isHiddenContent(const std::string &type)
{
    return type == "thoughts" || type == "reasoning_recap" || type == "user_editable_context"
        || type == "model_editable_context";
}

QString partsText(const Json &parts)
{
    QStringList pieces;
    for (const Json &part : parts) {
        if (part.is_string()) {
            const QString text = qs(part.get_ref<const std::string &>());
            if (!text.isEmpty())
                pieces << text;
        } else if (part.is_object()) {
            const QString type = stringAt(part, "content_type");
            if (type.contains(QLatin1String("image")))
                pieces << QStringLiteral("[image]");
            else if (type.contains(QLatin1String("audio")))
                pieces << QStringLiteral("[audio]");
            else if (child(part, "text").is_string())
                pieces << stringAt(part, "text");
            else
                pieces << QStringLiteral("[attachment]");
        }
    }
    return pieces.join(QLatin1Char('\n'));
}

/** The visible text of a message, or a null QString when it shows nothing. */
QString messageText(const Json &message)
{
    const Json &content = child(message, "content");
    if (!content.is_object())
        return {};
    const std::string type = child(content, "content_type").is_string()
        ? child(content, "content_type").get<std::string>()
        : std::string("text");
    if (isHiddenContent(type))
        return {};
    if (child(content, "parts").is_array())
        return partsText(child(content, "parts"));
    if (type == "tether_browsing_display") {
        const QString result = stringAt(content, "result");
        return result.isEmpty() ? stringAt(content, "summary") : result;
    }
    if (type == "tether_quote") {
        const QString title = stringAt(content, "title");
        const QString text = stringAt(content, "text");
        return title.isEmpty() ? text : title + QLatin1Char('\n') + text;
    }
    if (child(content, "text").is_string())
        return stringAt(content, "text");
    return QStringLiteral("[%1]").arg(qs(type));
}

struct Node
{
    const Json *message = nullptr;
    QString parent;
    QStringList children;
};

class Reader
{
public:
    Reader(const QString &source, ImportSink &sink)
        : m_source(source)
        , m_sink(sink)
    { }

    void read(const Json &entry, int index, const QString &position);

private:
    void skip(const QString &what, const QString &why)
    {
        m_sink.warning(tr("%1: %2 skipped: %3").arg(m_source, what, why));
    }
    Turn toTurn(const QString &id, const Json &message, const QHash<QString, Node> &nodes,
                bool &visible) const;

    QString m_source;
    ImportSink &m_sink;
};

Turn Reader::toTurn(const QString &id, const Json &message, const QHash<QString, Node> &nodes,
                    bool &visible) const
{
    Turn turn;
    visible = false;
    const Json &metadata = child(message, "metadata");
    if (child(metadata, "is_visually_hidden_from_conversation") == true)
        return turn;
    const QString role = stringAt(child(message, "author"), "role");
    const QString text = messageText(message);
    if (text.isNull() || (text.trimmed().isEmpty() && role != QLatin1String("assistant")))
        return turn;
    if (role == QLatin1String("user"))
        turn.role = Role::User;
    else if (role == QLatin1String("assistant"))
        turn.role = Role::Assistant;
    else if (role == QLatin1String("system"))
        turn.role = Role::System;
    else
        turn.role = Role::Tool; // "tool" and plug-in authors
    turn.text = text;
    turn.createdAt = fromEpochSeconds(child(message, "create_time"));
    turn.meta.insert(QStringLiteral("source_id"), id);
    const QString status = stringAt(message, "status");
    if (!status.isEmpty() && status != QLatin1String("finished_successfully"))
        turn.meta.insert(QStringLiteral("status"), status);
    if (metadata.is_object()) {
        const Json &finish = child(metadata, "finish_details");
        if (stringAt(finish, "type") == QLatin1String("interrupted"))
            turn.meta.insert(QStringLiteral("interrupted"), true);
        const QString model = stringAt(metadata, "model_slug");
        if (!model.isEmpty())
            turn.meta.insert(QStringLiteral("model"), model);
    }
    const QString contentType = stringAt(child(message, "content"), "content_type");
    if (!contentType.isEmpty() && contentType != QLatin1String("text"))
        turn.meta.insert(QStringLiteral("content_type"), contentType);

    // Siblings on the kept path: a regenerated answer or an edited question.
    const Node &node = nodes[id];
    if (nodes.contains(node.parent)) {
        QJsonArray alternatives;
        for (const QString &sibling : nodes[node.parent].children) {
            if (sibling == id || !nodes.contains(sibling) || !nodes[sibling].message)
                continue;
            const Json &other = *nodes[sibling].message;
            QJsonObject alt {{QStringLiteral("source_id"), sibling},
                             {QStringLiteral("text"), messageText(other)}};
            const QDateTime at = fromEpochSeconds(child(other, "create_time"));
            if (at.isValid())
                alt.insert(QStringLiteral("created_at"), at.toString(Qt::ISODateWithMs));
            alternatives.append(alt);
        }
        if (!alternatives.isEmpty()) {
            turn.meta.insert(QStringLiteral("alternatives"), alternatives);
            turn.meta.insert(QStringLiteral("branch"),
                             turn.role == Role::Assistant ? QStringLiteral("regenerated")
                                                          : QStringLiteral("edited"));
        }
    }
    visible = true;
    return turn;
}

void Reader::read(const Json &entry, int index, const QString &position)
{
    const QString title = stringAt(entry, "title");
    const QString what =
        describe(tr("conversation"), index, title) + QStringLiteral(" (%1)").arg(position);
    if (!entry.is_object())
        return skip(what, tr("it is not a conversation object"));
    const auto mappingIt = entry.find("mapping");
    if (mappingIt == entry.end() || !mappingIt->is_object())
        return skip(what, tr("it has no message tree (\"mapping\")"));

    QHash<QString, Node> nodes;
    for (auto it = mappingIt->begin(); it != mappingIt->end(); ++it) {
        Node node;
        const Json &value = it.value();
        if (!value.is_object())
            return skip(what, tr("node %1 is not an object").arg(qs(it.key())));
        if (child(value, "message").is_object())
            node.message = &child(value, "message");
        node.parent = stringAt(value, "parent");
        for (const Json &c : child(value, "children")) {
            if (c.is_string())
                node.children << qs(c.get_ref<const std::string &>());
        }
        nodes.insert(qs(it.key()), node);
    }
    const QString current = stringAt(entry, "current_node");
    if (current.isEmpty())
        return skip(what, tr("it has no \"current_node\""));
    if (!nodes.contains(current))
        return skip(what, tr("its \"current_node\" %1 is not in the message tree").arg(current));

    // Walk from the current node to the root.
    QStringList path;
    QSet<QString> seen;
    for (QString id = current; !id.isEmpty(); id = nodes[id].parent) {
        if (seen.contains(id))
            return skip(what, tr("its message tree has a cycle at node %1").arg(id));
        if (!nodes.contains(id))
            return skip(what,
                        tr("node %1 points to a parent %2 that is not in the tree")
                            .arg(path.constLast(), id));
        seen.insert(id);
        path.prepend(id);
    }

    ImportedConversation c;
    c.where = QStringLiteral("%1: %2").arg(m_source, what);
    c.conversation.sourceFormat = QStringLiteral("chatgpt");
    c.conversation.sourceId = stringAt(entry, "conversation_id");
    if (c.conversation.sourceId.isEmpty())
        c.conversation.sourceId = stringAt(entry, "id");
    c.conversation.title = title;
    c.conversation.startedAt = fromEpochSeconds(child(entry, "create_time"));
    for (const QString &id : std::as_const(path)) {
        const Node &node = nodes[id];
        if (!node.message)
            continue; // the empty root
        bool visible = false;
        Turn turn = toTurn(id, *node.message, nodes, visible);
        if (visible)
            c.turns.append(std::move(turn));
    }
    if (c.turns.isEmpty())
        return skip(what, tr("it has no visible messages"));
    for (const Turn &t : std::as_const(c.turns)) {
        if (t.role == Role::Assistant && t.meta.contains(QStringLiteral("model"))) {
            c.conversation.agent = t.meta.value(QStringLiteral("model")).toString();
            break;
        }
    }
    if (c.conversation.agent.isEmpty())
        c.conversation.agent = stringAt(entry, "default_model_slug");
    if (c.conversation.agent.isEmpty())
        c.conversation.agent = QStringLiteral("chatgpt");
    if (!c.conversation.startedAt.isValid())
        c.conversation.startedAt = c.turns.constFirst().createdAt;
    m_sink.conversation(std::move(c));
}

} // namespace

void readChatGpt(QIODevice &in, const QString &source, ImportSink &sink)
{
    JsonArrayReader array(in, source);
    Reader reader(source, sink);
    QByteArray element;
    while (!sink.cancelled() && array.next(element)) {
        const QString what = describe(tr("conversation"), array.index(), QString());
        const Json entry = parseElement(element, array, source, what);
        reader.read(entry, array.index(), array.startPosition());
        sink.progress(array.bytesRead());
    }
}

} // namespace sense7::import
