#pragma once

// Private to the importers: message trees (Grok, Open WebUI, LibreChat, OpenAssistant), where a
// question can be edited and an answer regenerated. The kept path becomes the conversation;
// the other children of each parent on it are kept in the turn's meta, as for ChatGPT:
// "alternatives" [{source_id, text, created_at}] and "branch" ("regenerated" for an answer,
// "edited" for a question).

#include "types.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace sense7::import {

struct TreeMessage
{
    QString id;
    QString parent; // empty: a root
    Turn turn;
};

/**
 * The turns from the root down to \a leaf into \a turns. Returns why it cannot (a cycle, a
 * parent that is not in the tree, an unknown leaf), or an empty string. Each alternative keeps
 * its own meta (model, feedback, rank: "meta") and the messages below it in its "replies"
 * [{source_id, parent, role, text, created_at, meta}], depth first, so that a branch not taken
 * is kept whole. \a leftOut, when given, receives the ids of the messages neither on the path
 * nor below an alternative (below the leaf, or not reached from the root: a loop of their own).
 */
QString keptPath(const QVector<TreeMessage> &nodes, const QString &leaf, QVector<Turn> &turns,
                 QStringList *leftOut = nullptr);

/** The notice that messages \a leftOut (keptPath()) of \a where were left out; empty if none. */
QString leftOutNotice(const QStringList &leftOut, const QString &where);

/**
 * The leaf reached from the first root by taking, at each message, the child \a choose picks
 * among the indexes (into \a nodes, in file order) of its children. Empty for an empty tree.
 */
QString chosenLeaf(const QVector<TreeMessage> &nodes,
                   const std::function<int(const QVector<int> &children)> &choose);

/** The leaf reached by taking the last child each time: the latest answer or edit. */
QString latestLeaf(const QVector<TreeMessage> &nodes);

} // namespace sense7::import
