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
    QString instrument; // the key of the instrument drawn
    QVector<Dimension> dimensions; // its turn-level ones
    QVector<qint64> turnIds; // the turns they rate (the assistant's by default), in order
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
    /**
     * Where each sitting after the first of a live conversation begins: its number (2, 3…) and
     * the first reply drawn in it (0-based; replies.size() when it has none yet). Empty for an
     * imported conversation or one held in a single sitting.
     */
    struct SessionStart
    {
        int session = 0;
        int reply = 0;
    };
    QVector<SessionStart> sessions;

    int replyOf(qint64 turnId) const { return int(turnIds.indexOf(turnId)); }
};

/**
 * \a annotatorId's ratings on the turn-level dimensions of \a instrumentKey and flags of a
 * conversation; detection runs on the spot. Without \a instrumentKey, the protocol's instrument
 * with the most of \a annotatorId's ratings in the conversation (the first one on a tie, or when
 * there are none): an ESConv conversation in a SENSE-7 data set shows its feedback.
 */
ConversationTrajectory conversationTrajectory(const Store &store, qint64 conversationId,
                                              qint64 annotatorId,
                                              const continuity::Options &options = {},
                                              const QString &instrumentKey = {});

} // namespace sense7::browse
