#include "trajectory.h"

#include "browse/digest.h"
#include "browse/sample.h"
#include "store.h"

#include <algorithm>

namespace sense7::browse {

ConversationTrajectory conversationTrajectory(const Store &store, qint64 conversationId,
                                              qint64 annotatorId,
                                              const continuity::Options &options,
                                              const QString &instrumentKey)
{
    ConversationTrajectory t;
    const auto ratings = store.turnRatings(conversationId, annotatorId);
    int most = -1;
    for (const Instrument &instrument : store.protocol().instruments) {
        const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Turn);
        if (dimensions.isEmpty() || (!instrumentKey.isEmpty() && instrument.key != instrumentKey))
            continue;
        int given = 0;
        for (const auto &turn : ratings) {
            for (const Dimension &d : dimensions)
                given += turn.contains(d.id) ? 1 : 0;
        }
        if (given > most) {
            most = given;
            t.instrument = instrument.key;
            t.dimensions = dimensions;
        }
    }
    QSet<Role> roles;
    for (const Dimension &d : std::as_const(t.dimensions)) {
        for (const QString &key : d.roles) {
            if (const auto role = roleFromKey(key))
                roles.insert(*role);
        }
    }
    if (roles.isEmpty())
        roles.insert(Role::Assistant);
    const QVector<Turn> turns = store.turns(conversationId);
    QHash<qint64, int> indexOfTurn;
    for (const Turn &turn : turns) {
        indexOfTurn.insert(turn.id, turn.index);
        if (!roles.contains(turn.role))
            continue;
        t.turnIds.append(turn.id);
        t.turnIndexes.append(turn.index);
    }
    t.values.resize(t.dimensions.size());
    for (qint64 id : t.turnIds) {
        const auto own = ratings.value(id);
        double sum = 0;
        int n = 0;
        for (int d = 0; d < t.dimensions.size(); ++d) {
            const std::optional<int> v = own.value(t.dimensions[d].id).number();
            t.values[d].append(v);
            if (v) {
                sum += *v;
                ++n;
            }
        }
        t.mean.append(n > 0 ? std::optional<double>(sum / n) : std::nullopt);
    }
    const auto flags = store.flags(conversationId, annotatorId);
    for (auto it = flags.cbegin(); it != flags.cend(); ++it) {
        const int reply = t.replyOf(it.key());
        if (reply < 0)
            continue;
        ConversationTrajectory::Flag flag {reply, it->reason, std::nullopt, it->note};
        if (it->refersToTurnId && indexOfTurn.contains(*it->refersToTurnId))
            flag.refersToIndex = indexOfTurn.value(*it->refersToTurnId);
        t.flagged.append(flag);
    }
    std::sort(t.flagged.begin(), t.flagged.end(),
              [](const auto &a, const auto &b) { return a.reply < b.reply; });
    // Detection sees the same means the chart draws.
    QVector<continuity::TurnInput> input = digest::detectionInput(store, conversationId, 0);
    for (continuity::TurnInput &turn : input) {
        const int reply = t.replyOf(turn.turnId);
        if (reply >= 0)
            turn.meanRating = t.mean[reply];
    }
    // The drop threshold follows the widest scale that rated a reply here (an assistant's: the
    // rule compares those).
    QSet<qint64> replies;
    for (const Turn &turn : turns) {
        if (turn.role == Role::Assistant)
            replies.insert(turn.id);
    }
    int span = 0;
    for (int d = 0; d < t.dimensions.size(); ++d) {
        for (int k = 0; k < t.turnIds.size(); ++k) {
            if (t.values[d][k] && replies.contains(t.turnIds[k]))
                span = std::max(span, t.dimensions[d].scaleMax - t.dimensions[d].scaleMin);
        }
    }
    continuity::Options scaled = options;
    scaled.threshold = continuity::dropThreshold(options.threshold, span);
    for (const continuity::Detection &d : continuity::detect(input, scaled))
        t.detected.append({t.replyOf(d.turnId), d});
    const QVector<int> firstTurns = sessionFirstTurns(store, conversationId);
    for (int s = 1; s < firstTurns.size(); ++s) {
        int reply = 0;
        while (reply < t.turnIndexes.size() && t.turnIndexes[reply] < firstTurns[s])
            ++reply;
        t.sessions.append({s + 1, reply});
    }
    return t;
}

} // namespace sense7::browse
