#include "tree.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

QHash<QString, QVector<int>> childrenOf(const QVector<TreeMessage> &nodes)
{
    QHash<QString, QVector<int>> children;
    for (int i = 0; i < nodes.size(); ++i)
        children[nodes[i].parent].append(i);
    return children;
}

/** What a message's meta says of it beyond its id: its model, the user's feedback, its rank. */
QJsonObject ownMeta(const Turn &turn)
{
    QJsonObject meta = turn.meta;
    meta.remove(QStringLiteral("source_id"));
    return meta;
}

/** The messages below node \a top, depth first, each naming its parent; \a seen grows. */
QJsonArray repliesBelow(const QVector<TreeMessage> &nodes,
                        const QHash<QString, QVector<int>> &children, int top, QSet<int> &seen)
{
    QJsonArray replies;
    QVector<int> stack;
    const auto push = [&](int parent) {
        const QVector<int> below = children.value(nodes[parent].id);
        for (auto it = below.crbegin(); it != below.crend(); ++it)
            stack.append(*it);
    };
    push(top);
    while (!stack.isEmpty()) {
        const int i = stack.takeLast();
        if (seen.contains(i))
            continue; // a message twice, or a loop: keptPath() refuses those on the path
        seen.insert(i);
        const TreeMessage &node = nodes[i];
        QJsonObject reply {{QStringLiteral("source_id"), node.id},
                           {QStringLiteral("parent"), node.parent},
                           {QStringLiteral("role"), roleKey(node.turn.role)},
                           {QStringLiteral("text"), node.turn.text}};
        if (node.turn.createdAt.isValid())
            reply.insert(QStringLiteral("created_at"),
                         node.turn.createdAt.toString(Qt::ISODateWithMs));
        if (const QJsonObject meta = ownMeta(node.turn); !meta.isEmpty())
            reply.insert(QStringLiteral("meta"), meta);
        replies.append(reply);
        push(i);
    }
    return replies;
}
} // namespace

QString keptPath(const QVector<TreeMessage> &nodes, const QString &leaf, QVector<Turn> &turns,
                 QStringList *leftOut)
{
    QHash<QString, int> index;
    for (int i = 0; i < nodes.size(); ++i) {
        if (index.contains(nodes[i].id))
            return tr("message %1 appears twice in the message tree").arg(nodes[i].id);
        index.insert(nodes[i].id, i);
    }
    if (!index.contains(leaf))
        return tr("its current message %1 is not in the message tree").arg(leaf);
    QVector<int> path;
    QSet<QString> seen;
    for (QString id = leaf; !id.isEmpty();) {
        if (seen.contains(id))
            return tr("its message tree has a cycle at message %1").arg(id);
        seen.insert(id);
        const auto it = index.constFind(id);
        if (it == index.constEnd())
            return tr("message %1 points to a parent %2 that is not in the tree")
                .arg(nodes[path.constLast()].id, id);
        path.append(*it);
        id = nodes[*it].parent;
    }
    const QHash<QString, QVector<int>> children = childrenOf(nodes);
    QSet<int> covered(path.cbegin(), path.cend());
    turns.clear();
    turns.reserve(path.size());
    for (auto it = path.crbegin(); it != path.crend(); ++it) {
        const TreeMessage &node = nodes[*it];
        Turn turn = node.turn;
        QJsonArray alternatives;
        for (int sibling : children.value(node.parent)) {
            if (sibling == *it || covered.contains(sibling))
                continue;
            covered.insert(sibling);
            const Turn &other = nodes[sibling].turn;
            QJsonObject alt {{QStringLiteral("source_id"), nodes[sibling].id},
                             {QStringLiteral("text"), other.text}};
            if (other.createdAt.isValid())
                alt.insert(QStringLiteral("created_at"),
                           other.createdAt.toString(Qt::ISODateWithMs));
            if (const QJsonObject meta = ownMeta(other); !meta.isEmpty())
                alt.insert(QStringLiteral("meta"), meta);
            const QJsonArray replies = repliesBelow(nodes, children, sibling, covered);
            if (!replies.isEmpty())
                alt.insert(QStringLiteral("replies"), replies);
            alternatives.append(alt);
        }
        if (!alternatives.isEmpty()) {
            turn.meta.insert(QStringLiteral("alternatives"), alternatives);
            turn.meta.insert(QStringLiteral("branch"),
                             turn.role == Role::Assistant ? QStringLiteral("regenerated")
                                                          : QStringLiteral("edited"));
        }
        turns.append(std::move(turn));
    }
    if (leftOut) {
        leftOut->clear();
        for (int i = 0; i < nodes.size(); ++i)
            if (!covered.contains(i))
                leftOut->append(nodes[i].id);
    }
    return {};
}

QString leftOutNotice(const QStringList &leftOut, const QString &where)
{
    if (leftOut.isEmpty())
        return {};
    const int shown = 5;
    QString ids = QStringList(leftOut.mid(0, shown)).join(QStringLiteral(", "));
    if (leftOut.size() > shown)
        ids = tr("%1 and %2 more").arg(ids, QString::number(leftOut.size() - shown));
    return tr("%1: messages on no branch of the kept conversation (below its last message, or "
              "not reached from its first) were left out: %2.")
        .arg(where, ids);
}

QString chosenLeaf(const QVector<TreeMessage> &nodes,
                   const std::function<int(const QVector<int> &children)> &choose)
{
    if (nodes.isEmpty())
        return {};
    QSet<QString> ids;
    for (const TreeMessage &n : nodes)
        ids.insert(n.id);
    const QHash<QString, QVector<int>> children = childrenOf(nodes);
    // The first root: a message without a parent, or whose parent is not in the file.
    int current = 0;
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes[i].parent.isEmpty() || !ids.contains(nodes[i].parent)) {
            current = i;
            break;
        }
    }
    QSet<int> seen;
    for (;;) {
        seen.insert(current);
        const QVector<int> next = children.value(nodes[current].id);
        if (next.isEmpty() || nodes[current].id.isEmpty())
            return nodes[current].id;
        const int chosen = choose(next);
        if (seen.contains(chosen))
            return nodes[current].id; // a cycle: keptPath() reports it
        current = chosen;
    }
}

QString latestLeaf(const QVector<TreeMessage> &nodes)
{
    return chosenLeaf(nodes, [](const QVector<int> &children) { return children.constLast(); });
}

} // namespace sense7::import
