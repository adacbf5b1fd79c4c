#pragma once

#include "browse/filter.h"
#include "continuity/detection.h"
#include "stats/series.h"

#include <QString>
#include <QVector>

namespace sense7 {
class Store;
}

namespace sense7::browse {

/**
 * What the assistants-compared chart groups by: the assistant's name, or the condition a live
 * conversation was held with (imported conversations form one group of their own). Auto groups by
 * condition when some conversation of the selection carries one.
 */
enum class AssistantGrouping { Auto, Assistant, Condition };

/**
 * Everything the aggregate charts draw for one filter: the browser's chart tabs and
 * `sense7 figures` both compute this, then hand it to charts::drawAggregate().
 */
struct Aggregates
{
    QString instrument; // the protocol instrument's key
    QString instrumentName; // for people
    QVector<Dimension> dimensions; // its turn-level ones
    int conversations = 0;
    QString contextField; // chart 7 groups by this context field (empty: none in the data)
    QString contextLabel; // the field's label in the protocol's context form, else its key
    bool agentsByCondition = false; // chart 3's groups are condition keys, not assistant names
    int agentGroups = 0; // assistants with ratings, before keeping the largest
    int contextGroups = 0; // context values with ratings, before keeping the largest
    series::Cluster cluster = series::Cluster::Participant; // the units of every interval
    series::Distribution distribution;
    series::Trajectory trajectory;
    series::GroupMeans agents;
    series::GroupMeans participants;
    series::GroupMeans context; // groups named by the field's answer labels
    QVector<series::GroupTest>
        contextTests; // Kruskal–Wallis across context's groups, per dimension
    series::BreakAligned aligned;
    series::Correlation correlation;
    QVector<continuity::RuleScore> detection;
};

/** At most this many groups in the assistants and context charts: the largest, by ratings. */
constexpr int maxChartGroups = 12;

/**
 * Reads \a filter's sample from the digests (refresh them first) and computes every series, on
 * the turn-level dimensions of the protocol's instrument \a instrumentKey (the primary one when
 * empty), grouped for chart 7 by the context field \a contextField (defaultContextField() when
 * empty). Groups without a rating are left out; of assistants and context values, the
 * maxChartGroups with the most ratings are kept. Every interval is a t interval over the units of
 * \a cluster; the context's Kruskal–Wallis tests run across all its groups. \a contextField
 * conditionGroup groups chart 7 by condition; \a grouping chooses chart 3's groups.
 */
Aggregates computeAggregates(const Store &store, const Filter &filter,
                             const QString &contextField = QStringLiteral("task_type"),
                             const QString &instrumentKey = {},
                             series::Cluster cluster = series::Cluster::Participant,
                             AssistantGrouping grouping = AssistantGrouping::Auto);

/**
 * The context field to group by when none is chosen: the first choice or scale field of the
 * protocol's context form that conversations answer, else the first key in the data, else empty.
 */
QString defaultContextField(const Store &store, const QStringList &keys);

/**
 * A SHA-256 (hex) of what the charts of \a conversationIds are drawn from: each conversation's
 * content hash, assistant, participant, context and digest. Equal hashes, equal figures.
 */
QString dataHash(const Store &store, const QVector<qint64> &conversationIds);

} // namespace sense7::browse
