// OpenAssistant message trees (oasst1 and oasst2 "*.trees.jsonl"): one tree a line,
// {"message_tree_id", "tree_state", "prompt": {"message_id", "parent_id", "text", "role"
// ("prompter" or "assistant"), "lang", "rank", "deleted", "review_result", "synthetic",
// "model_name", "emojis", "labels", "replies": [...]}}. Volunteers ranked sibling replies
// (rank 0 is the best): the best-ranked path is the conversation, and the siblings of each
// message on it are kept as its alternatives. Deleted messages are never chosen.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"
#include "tree.h"

#include <QIODevice>
#include <QJsonArray>

#include <limits>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

struct Ranked
{
    double rank = std::numeric_limits<double>::infinity(); // no rank: after the ranked
    bool deleted = false;
};

/** {"name": [...], "value"|"count": [...]} as {name: value}. */
QJsonObject pairs(const Json &table, const char *values)
{
    QJsonObject out;
    const Json &names = child(table, "name");
    const Json &numbers = child(table, values);
    if (!names.is_array() || !numbers.is_array())
        return out;
    for (std::size_t i = 0; i < names.size() && i < numbers.size(); ++i) {
        if (names[i].is_string() && numbers[i].is_number())
            out.insert(qs(names[i].get<std::string>()), numbers[i].get<double>());
    }
    return out;
}

void collect(const Json &message, const QString &parent, const QString &where,
             QVector<TreeMessage> &nodes, QVector<Ranked> &ranks, int depth,
             ImportedConversation &c)
{
    if (depth > 1000)
        throw Error(tr("%1: the message tree is too deep.").arg(where));
    if (!message.is_object())
        throw Error(
            tr("%1: message %2 is not an object.").arg(where, QString::number(nodes.size() + 1)));
    TreeMessage node;
    node.id = stringAt(message, "message_id");
    if (node.id.isEmpty())
        throw Error(tr("%1: message %2 has no \"message_id\".")
                        .arg(where, QString::number(nodes.size() + 1)));
    node.parent = parent;
    const QString role = stringAt(message, "role");
    if (role == QLatin1String("prompter"))
        node.turn.role = Role::User;
    else if (role == QLatin1String("assistant"))
        node.turn.role = Role::Assistant;
    else
        throw Error(tr("%1: message %2 has role \"%3\"; expected \"prompter\" or \"assistant\".")
                        .arg(where, node.id, role));
    if (!child(message, "text").is_string())
        throw Error(tr("%1: message %2 has no text (\"text\").").arg(where, node.id));
    node.turn.text = stringAt(message, "text");
    node.turn.createdAt = timeOf(child(message, "created_date"), c,
                                 [&] { return tr("%1, message %2").arg(where, node.id); });
    QJsonObject &meta = node.turn.meta;
    meta.insert(QStringLiteral("source_id"), node.id);
    for (const char *key : {"lang", "model_name"}) {
        if (!stringAt(message, key).isEmpty())
            meta.insert(QString::fromLatin1(key), stringAt(message, key));
    }
    Ranked ranked;
    const Json &rank = child(message, "rank");
    if (rank.is_number()) {
        ranked.rank = rank.get<double>();
        meta.insert(QStringLiteral("rank"), ranked.rank);
    }
    ranked.deleted = child(message, "deleted") == true;
    if (ranked.deleted)
        meta.insert(QStringLiteral("deleted"), true);
    if (child(message, "synthetic") == true)
        meta.insert(QStringLiteral("synthetic"), true);
    if (child(message, "review_result").is_boolean())
        meta.insert(QStringLiteral("review_result"), child(message, "review_result").get<bool>());
    const QJsonObject labels = pairs(child(message, "labels"), "value");
    if (!labels.isEmpty())
        meta.insert(QStringLiteral("labels"), labels);
    const QJsonObject emojis = pairs(child(message, "emojis"), "count");
    if (!emojis.isEmpty())
        meta.insert(QStringLiteral("emojis"), emojis);
    const QString id = node.id;
    nodes.append(std::move(node));
    ranks.append(ranked);
    const Json &replies = child(message, "replies");
    if (!replies.is_null() && !replies.is_array())
        throw Error(tr("%1: message %2: \"replies\" must be a list.").arg(where, id));
    for (const Json &reply : replies)
        collect(reply, id, where, nodes, ranks, depth + 1, c);
}
} // namespace

void readOasst(QIODevice &in, const QString &source, ImportSink &sink)
{
    forEachJsonLine(
        in, source, sink, [&](const Json &entry, const QString &where, qint64, qint64 bytes) {
            const Json &prompt = child(entry, "prompt");
            if (!prompt.is_object())
                throw Error(tr("%1: expected a message tree with a \"prompt\".").arg(where));
            ImportedConversation c;
            c.where = where;
            QVector<TreeMessage> nodes;
            QVector<Ranked> ranks;
            collect(prompt, QString(), where, nodes, ranks, 0, c);
            const QString leaf = chosenLeaf(nodes, [&](const QVector<int> &children) {
                int best = children.constFirst();
                for (int i : children) {
                    // A kept message beats a deleted one; among equals the better rank wins.
                    const bool better = (ranks[best].deleted && !ranks[i].deleted)
                        || (ranks[i].deleted == ranks[best].deleted
                            && ranks[i].rank < ranks[best].rank);
                    if (better)
                        best = i;
                }
                return best;
            });
            QStringList leftOut;
            const QString problem = keptPath(nodes, leaf, c.turns, &leftOut);
            if (!problem.isEmpty())
                throw Error(tr("%1: %2.").arg(where, problem));
            if (const QString notice = leftOutNotice(leftOut, where); !notice.isEmpty())
                c.notices << notice;
            // A tree whose only replies were deleted ends in a deleted message: drop it.
            while (c.turns.size() > 1
                   && c.turns.constLast().meta.value(QStringLiteral("deleted")).toBool())
                c.turns.removeLast();
            c.conversation.sourceFormat = QStringLiteral("oasst");
            c.conversation.sourceId = stringAt(entry, "message_tree_id");
            if (c.conversation.sourceId.isEmpty())
                c.conversation.sourceId = nodes.constFirst().id;
            c.conversation.agent = QStringLiteral("open-assistant");
            c.conversation.title = c.turns.constFirst().text.left(60).simplified();
            c.conversation.startedAt = c.turns.constFirst().createdAt;
            const QString state = stringAt(entry, "tree_state");
            if (!state.isEmpty())
                c.turns.first().meta.insert(QStringLiteral("tree_state"), state);
            sink.progress(bytes);
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
