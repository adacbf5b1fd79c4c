// ChatGPT data export (conversations.json): a list of conversations, each a tree of messages
// ("mapping") whose kept path runs from "current_node" back to the root.
//
// Exports run to hundreds of megabytes, so this reader parses with simdjson (several times
// faster than a general JSON library); a conversation simdjson rejects is parsed again with
// nlohmann_json only to report the exact line and column.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"
#include "tree.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <simdjson.h>
#include <unordered_map>
#include <unordered_set>

namespace sense7::import {

namespace {

using simdjson::dom::element;

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

bool field(element e, std::string_view key, element &out)
{
    return e[key].get(out) == simdjson::SUCCESS;
}

std::string_view str(element e, std::string_view key)
{
    std::string_view s;
    return e[key].get_string().get(s) == simdjson::SUCCESS ? s : std::string_view();
}

/**
 * When message \a id of \a c was written, as times.h reads it; invalid when it does not say. A
 * value that is no time is counted in \a c.
 */
QDateTime writtenAt(element message, std::string_view id, ImportedConversation &c)
{
    element at;
    if (message["create_time"].get(at) != simdjson::SUCCESS)
        return {};
    return timeOf(at, c, [&] { return tr("%1, message %2").arg(c.where, qs(std::string(id))); });
}

// Content that is not part of the visible reply.
bool isHiddenContent(std::string_view type)
{
    return type == "thoughts" || type == "reasoning_recap" || type == "user_editable_context"
        || type == "model_editable_context";
}

QString partsText(simdjson::dom::array parts)
{
    QStringList pieces;
    for (element part : parts) {
        std::string_view s;
        if (part.get_string().get(s) == simdjson::SUCCESS) {
            if (!s.empty())
                pieces << qs(s);
        } else if (part.is_object()) {
            const std::string_view type = str(part, "content_type");
            if (type.find("image") != std::string_view::npos)
                pieces << QStringLiteral("[image]");
            else if (type.find("audio") != std::string_view::npos)
                pieces << QStringLiteral("[audio]");
            else if (!str(part, "text").empty())
                pieces << qs(str(part, "text"));
            else
                pieces << QStringLiteral("[attachment]");
        }
    }
    return pieces.size() == 1 ? pieces.constFirst() : pieces.join(QLatin1Char('\n'));
}

/** The visible text of a message, or a null QString when it shows nothing. */
QString messageText(element message)
{
    element content;
    if (!field(message, "content", content) || !content.is_object())
        return {};
    std::string_view type = str(content, "content_type");
    if (type.empty())
        type = "text";
    if (isHiddenContent(type))
        return {};
    simdjson::dom::array parts;
    if (content["parts"].get_array().get(parts) == simdjson::SUCCESS)
        return partsText(parts);
    if (type == "tether_browsing_display") {
        const std::string_view result = str(content, "result");
        return qs(result.empty() ? str(content, "summary") : result);
    }
    if (type == "tether_quote") {
        const QString title = qs(str(content, "title"));
        const QString text = qs(str(content, "text"));
        return title.isEmpty() ? text : title + QLatin1Char('\n') + text;
    }
    if (content["text"].is_string())
        return qs(str(content, "text"));
    return QStringLiteral("[%1]").arg(qs(type));
}

struct Node
{
    element message;
    bool hasMessage = false;
    std::string_view parent;
    std::vector<std::string_view> children;
};

using Nodes = std::unordered_map<std::string_view, Node>;

/** What a message's author is as a turn's role. */
Role roleOf(std::string_view author)
{
    if (author == "user")
        return Role::User;
    if (author == "assistant")
        return Role::Assistant;
    if (author == "system")
        return Role::System;
    return Role::Tool; // "tool" and plug-in authors
}

/** The author's role of \a message as written in the export ("" when it names none). */
std::string_view authorOf(element message)
{
    element author;
    return field(message, "author", author) ? str(author, "role") : std::string_view();
}

/** Whether \a node is a message the conversation shows, with its text in \a text. */
bool shown(const Node &node, QString &text)
{
    if (!node.hasMessage)
        return false;
    element metadata;
    bool hidden = false;
    if (field(node.message, "metadata", metadata) && metadata.is_object()
        && metadata["is_visually_hidden_from_conversation"].get_bool().get(hidden)
            == simdjson::SUCCESS
        && hidden)
        return false;
    text = messageText(node.message);
    return !text.isNull() && (authorOf(node.message) == "assistant" || !text.trimmed().isEmpty());
}

/** What a message says of itself beyond its text: status, interruption, model, content type. */
QJsonObject messageMeta(element message)
{
    QJsonObject meta;
    const std::string_view status = str(message, "status");
    if (!status.empty() && status != "finished_successfully")
        meta.insert(QStringLiteral("status"), qs(status));
    element metadata;
    if (field(message, "metadata", metadata) && metadata.is_object()) {
        element finish;
        if (field(metadata, "finish_details", finish) && str(finish, "type") == "interrupted")
            meta.insert(QStringLiteral("interrupted"), true);
        const std::string_view model = str(metadata, "model_slug");
        if (!model.empty())
            meta.insert(QStringLiteral("model"), qs(model));
    }
    element content;
    if (field(message, "content", content)) {
        const std::string_view type = str(content, "content_type");
        if (!type.empty() && type != "text")
            meta.insert(QStringLiteral("content_type"), qs(type));
    }
    return meta;
}

/**
 * Node \a top and every node below it not in \a covered yet, depth first, into \a covered:
 * through the children each names that name it as their parent. The messages shown below it go
 * to \a replies as an alternative's (tree.h), each naming the nearest message shown above it.
 */
void below(const Nodes &nodes, std::string_view top, std::unordered_set<std::string_view> &covered,
           QJsonArray *replies, ImportedConversation &c)
{
    std::vector<std::pair<std::string_view, std::string_view>> stack {{top, {}}}; // id, shown above
    while (!stack.empty()) {
        const auto [id, above] = stack.back();
        stack.pop_back();
        const auto it = nodes.find(id);
        if (it == nodes.end() || !covered.insert(id).second)
            continue;
        const Node &node = it->second;
        QString text;
        const bool isShown = id != top && replies && shown(node, text);
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child) {
            const auto next = nodes.find(*child);
            if (next != nodes.end() && next->second.parent == id)
                stack.emplace_back(*child, isShown || id == top ? id : above);
        }
        if (!isShown)
            continue;
        QJsonObject reply {{QStringLiteral("source_id"), qs(id)},
                           {QStringLiteral("parent"), qs(above)},
                           {QStringLiteral("role"), roleKey(roleOf(authorOf(node.message)))},
                           {QStringLiteral("text"), text}};
        const QDateTime at = writtenAt(node.message, id, c);
        if (at.isValid())
            reply.insert(QStringLiteral("created_at"), at.toString(Qt::ISODateWithMs));
        if (const QJsonObject meta = messageMeta(node.message); !meta.isEmpty())
            reply.insert(QStringLiteral("meta"), meta);
        replies->append(reply);
    }
}

class Reader
{
    Q_DECLARE_TR_FUNCTIONS(sense7::import)

public:
    Reader(const QString &source, ImportSink &sink)
        : m_source(source)
        , m_sink(sink)
    { }

    void read(element entry, int index, const QString &position);

private:
    void skip(const QString &what, const QString &why)
    {
        m_sink.warning(tr("%1: %2 skipped: %3").arg(m_source, what, why));
    }
    /** Node \a id as a turn; false when it is not shown (hidden, thoughts, empty). */
    bool toTurn(std::string_view id, const Nodes &nodes, Turn &turn, ImportedConversation &c) const;
    /**
     * The siblings of node \a id on the kept path, each with its branch; \a replied: what
     * alternatives kept already, the kept path first.
     */
    QJsonArray alternativesOf(std::string_view id, const Nodes &nodes,
                              std::unordered_set<std::string_view> &replied,
                              ImportedConversation &c) const;

    QString m_source;
    ImportSink &m_sink;
};

bool Reader::toTurn(std::string_view id, const Nodes &nodes, Turn &turn,
                    ImportedConversation &c) const
{
    const Node &node = nodes.at(id);
    QString text;
    if (!shown(node, text))
        return false;
    turn.role = roleOf(authorOf(node.message));
    turn.text = text;
    turn.createdAt = writtenAt(node.message, id, c);
    turn.meta = messageMeta(node.message);
    return true;
}

QJsonArray Reader::alternativesOf(std::string_view id, const Nodes &nodes,
                                  std::unordered_set<std::string_view> &replied,
                                  ImportedConversation &c) const
{
    // Siblings on the kept path: a regenerated answer or an edited question.
    QJsonArray alternatives;
    const auto parent = nodes.find(nodes.at(id).parent);
    if (parent == nodes.end() || parent->second.children.size() < 2)
        return alternatives;
    for (std::string_view sibling : parent->second.children) {
        const auto other = nodes.find(sibling);
        if (sibling == id || other == nodes.end() || !other->second.hasMessage
            || replied.count(sibling))
            continue; // a sibling listed twice, or on the kept path itself
        QJsonObject alt {{QStringLiteral("source_id"), qs(sibling)},
                         {QStringLiteral("role"), roleKey(roleOf(authorOf(other->second.message)))},
                         {QStringLiteral("text"), messageText(other->second.message)}};
        const QDateTime at = writtenAt(other->second.message, sibling, c);
        if (at.isValid())
            alt.insert(QStringLiteral("created_at"), at.toString(Qt::ISODateWithMs));
        if (const QJsonObject meta = messageMeta(other->second.message); !meta.isEmpty())
            alt.insert(QStringLiteral("meta"), meta);
        // The branch not taken whole: what was said after the edited question or the answer
        // regenerated (each message once, however the export lists it).
        QJsonArray replies;
        below(nodes, sibling, replied, &replies, c);
        if (!replies.isEmpty())
            alt.insert(QStringLiteral("replies"), replies);
        alternatives.append(alt);
    }
    return alternatives;
}

void Reader::read(element entry, int index, const QString &position)
{
    const QString title = qs(str(entry, "title"));
    const QString what =
        describe(tr("conversation"), index, title) + QStringLiteral(" (%1)").arg(position);
    if (!entry.is_object())
        return skip(what, tr("it is not a conversation object"));
    simdjson::dom::object mapping;
    if (entry["mapping"].get_object().get(mapping) != simdjson::SUCCESS)
        return skip(what, tr("it has no message tree (\"mapping\")"));

    Nodes nodes;
    nodes.reserve(mapping.size());
    for (const auto [key, value] : mapping) {
        if (!value.is_object())
            return skip(what, tr("node %1 is not an object").arg(qs(key)));
        Node node;
        node.hasMessage = field(value, "message", node.message) && node.message.is_object();
        node.parent = str(value, "parent");
        simdjson::dom::array children;
        if (value["children"].get_array().get(children) == simdjson::SUCCESS) {
            for (element child : children) {
                std::string_view c;
                if (child.get_string().get(c) == simdjson::SUCCESS)
                    node.children.push_back(c);
            }
        }
        if (!nodes.emplace(key, std::move(node)).second)
            return skip(what, tr("node %1 appears twice in the message tree").arg(qs(key)));
    }
    const std::string_view current = str(entry, "current_node");
    if (current.empty())
        return skip(what, tr("it has no \"current_node\""));
    if (nodes.find(current) == nodes.end())
        return skip(what,
                    tr("its \"current_node\" %1 is not in the message tree").arg(qs(current)));

    // Walk from the current node to the root.
    std::vector<std::string_view> path;
    std::unordered_set<std::string_view> seen;
    for (std::string_view id = current; !id.empty();) {
        if (!seen.insert(id).second)
            return skip(what, tr("its message tree has a cycle at node %1").arg(qs(id)));
        const auto it = nodes.find(id);
        if (it == nodes.end())
            return skip(what,
                        tr("node %1 points to a parent %2 that is not in the tree")
                            .arg(qs(path.back()), qs(id)));
        path.push_back(id);
        id = it->second.parent;
    }

    ImportedConversation c;
    c.where = QStringLiteral("%1: %2").arg(m_source, what);
    c.conversation.sourceFormat = QStringLiteral("chatgpt");
    c.conversation.sourceId = qs(str(entry, "conversation_id"));
    if (c.conversation.sourceId.isEmpty())
        c.conversation.sourceId = qs(str(entry, "id"));
    c.conversation.title = title;
    if (element at; entry["create_time"].get(at) == simdjson::SUCCESS)
        c.conversation.startedAt = timeOf(at, c, [&]() -> const QString & { return c.where; });
    c.turns.reserve(qsizetype(path.size()));
    std::unordered_set<std::string_view> replied(path.begin(), path.end());
    // The alternatives of a message the conversation does not show (a model's thoughts before
    // a regenerated answer) go with the next one it shows.
    QJsonArray carried;
    // "regenerated" when an alternative is an answer, "edited" when they are all questions: a
    // carried one may go with a turn of the other role (the last turn shown, when the kept path
    // ends in thoughts).
    const auto attach = [&carried](Turn &turn) {
        if (carried.isEmpty())
            return;
        QJsonArray alternatives = turn.meta.value(QStringLiteral("alternatives")).toArray();
        bool answers = false;
        for (const QJsonValue alt : std::as_const(carried)) {
            alternatives.append(alt);
            answers = answers
                || alt.toObject().value(QStringLiteral("role")).toString() != QLatin1String("user");
        }
        carried = {};
        turn.meta.insert(QStringLiteral("alternatives"), alternatives);
        turn.meta.insert(QStringLiteral("branch"),
                         answers ? QStringLiteral("regenerated") : QStringLiteral("edited"));
    };
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        for (const QJsonValue alt : alternativesOf(*it, nodes, replied, c))
            carried.append(alt);
        Turn turn;
        if (!nodes.at(*it).hasMessage || !toTurn(*it, nodes, turn, c))
            continue; // the empty root, or a message not shown
        attach(turn);
        c.turns.append(std::move(turn));
    }
    if (!c.turns.isEmpty())
        attach(c.turns.last()); // below the last message shown
    if (c.turns.isEmpty())
        return skip(what, tr("it has no visible messages"));
    // What is neither on the path nor below one of its alternatives is said, not lost.
    std::unordered_set<std::string_view> covered(path.begin(), path.end());
    for (const std::string_view id : path) {
        const auto parent = nodes.find(nodes.at(id).parent);
        if (parent != nodes.end())
            for (const std::string_view sibling : parent->second.children)
                if (sibling != id)
                    below(nodes, sibling, covered, nullptr, c);
    }
    QStringList leftOut;
    for (const auto &[id, node] : nodes) {
        QString text;
        if (!covered.count(id) && shown(node, text))
            leftOut << qs(id);
    }
    leftOut.sort(); // the map's order is no order
    if (const QString notice = leftOutNotice(leftOut, c.where); !notice.isEmpty())
        c.notices << notice;
    // The first reply's model labels the conversation; a turn keeps its own model in its
    // meta only when it differs (the user switched models mid-conversation).
    for (const Turn &t : std::as_const(c.turns)) {
        if (t.role == Role::Assistant && t.meta.contains(QStringLiteral("model"))) {
            c.conversation.agent = t.meta.value(QStringLiteral("model")).toString();
            break;
        }
    }
    for (Turn &t : c.turns) {
        if (t.meta.value(QStringLiteral("model")).toString() == c.conversation.agent)
            t.meta.remove(QStringLiteral("model"));
    }
    if (c.conversation.agent.isEmpty())
        c.conversation.agent = qs(str(entry, "default_model_slug"));
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
    simdjson::dom::parser parser;
    QByteArray bytes;
    while (!sink.cancelled() && array.next(bytes)) {
        element entry;
        if (const auto error =
                parser.parse(bytes.constData(), std::size_t(bytes.size())).get(entry)) {
            const QString what = describe(tr("conversation"), array.index(), QString());
            parseElement(bytes, array, source, what); // throws with the line and column
            throw Error(tr("%1: %2 (%3) is not valid JSON: %4")
                            .arg(source, what, array.startPosition(),
                                 QString::fromUtf8(simdjson::error_message(error))));
        }
        reader.read(entry, array.index(), array.startPosition());
        sink.progress(array.bytesRead());
    }
}

} // namespace sense7::import
