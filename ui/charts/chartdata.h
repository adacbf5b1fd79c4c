#pragma once

#include "aggregatecharts.h"

#include <QJsonObject>
#include <QStringList>

/**
 * The numbers a chart plots, for its sidecar: every series with each point's x (or category),
 * estimate, lower and upper end of its interval (null when there is none) and n, so that the
 * figure can be drawn again in R or pandas and checked.
 */
namespace sense7::charts {

/**
 * {"cluster", "interval", "minimum_n_for_interval", "series": [{"name", "points": [...]}]} and,
 * for the context chart, "tests": the Kruskal–Wallis test per dimension.
 */
QJsonObject plottedData(Chart chart, const browse::Aggregates &aggregates);

/**
 * The numbers of one conversation's trajectory: a series per dimension and the mean, a point per
 * assistant reply (x, 1-based) with its rating (n = 1, no interval).
 */
QJsonObject plottedData(const browse::ConversationTrajectory &trajectory);

/**
 * The Kruskal–Wallis test across the context chart's groups, a line per dimension
 * ("Empathy: H = 3.21, df = 2, p = 0.201, n = 14"); "not enough groups" where undefined.
 */
QStringList groupTestLines(const browse::Aggregates &aggregates);

/** How the intervals of \a cluster are made, in a sentence, for the sidecar and the dialog. */
QString intervalDescription(series::Cluster cluster);

} // namespace sense7::charts
