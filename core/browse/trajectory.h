#pragma once

#include "continuity/detection.h"
#include "taxonomy.h"

namespace sense7 {
class Store;
}

namespace sense7::browse {

/** One conversation's ratings reply by reply, with its flagged and detected breaks. */
struct ConversationTrajectory
{
    QVector<Dimension> dimensions; // turn-level, of the chosen instrument
    QVector<qint64> turnIds; // the assistant turns, in order
    QVector<int> turnIndexes; // their index in the conversation
    QVector<QVector<std::optional<int>>> values; // [dimension][reply]; nullopt: none or n/a
    QVector<std::optional<double>> mean; // [reply]
    struct Flag
    {
        int reply = 0;
        QString reason;
        std::optional<int> refersToIndex; // the lost turn's index in the conversation
        QString note;
    };
    QVector<Flag> flagged;
    struct Detected
    {
        int reply = 0;
        continuity::Detection detection;
    };
    QVector<Detected> detected;

    int replyOf(qint64 turnId) const { return int(turnIds.indexOf(turnId)); }
};

/**
 * \a annotatorId's ratings and flags of a conversation on the turn-level dimensions of the
 * protocol's instrument \a instrumentKey (its primary one when empty); detection runs on the spot.
 */
ConversationTrajectory conversationTrajectory(const Store &store, qint64 conversationId,
                                              qint64 annotatorId,
                                              const continuity::Options &options = {},
                                              const QString &instrumentKey = {});

} // namespace sense7::browse
