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
 * Everything the aggregate charts draw for one filter: the browser's chart tabs and
 * `sense7 figures` both compute this, then hand it to charts::drawAggregate().
 */
struct Aggregates
{
    QVector<Dimension> dimensions;
    int conversations = 0;
    QString contextField; // chart 7 groups by this context-form field
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

/** Reads \a filter's sample from the digests (refresh them first) and computes every series. */
Aggregates computeAggregates(const Store &store, const Filter &filter,
                             const QString &contextField = QStringLiteral("task_type"),
                             series::Cluster cluster = series::Cluster::Participant);

/**
 * A SHA-256 (hex) of what the charts of \a conversationIds are drawn from: each conversation's
 * content hash, assistant, participant, context and digest. Equal hashes, equal figures.
 */
QString dataHash(const Store &store, const QVector<qint64> &conversationIds);

} // namespace sense7::browse
