#pragma once

#include "browse/aggregates.h"
#include "browse/trajectory.h"
#include "stats/series.h"

#include <QString>

class QCPTextElement;
class QCustomPlot;

/**
 * Draws core series into a QCustomPlot: the studio's views and `sense7 figures` call the same
 * functions, so a figure looks the same wherever it is made. Each clears what the plot showed.
 */
namespace sense7::charts {

/** The aggregate charts, in the order of the browser's tabs. */
enum class Chart {
    Distribution,
    Trajectory,
    Assistants,
    Participants,
    Breaks,
    Correlation,
    Context
};
constexpr int chartCount = 7;
/** A chart's file-name key: "distribution", "trajectory", "assistants", ... */
QString chartKey(Chart chart);
std::optional<Chart> chartFromKey(const QString &key);
/** A chart's short name for people ("Around breaks"). */
QString chartName(Chart chart);
/**
 * Why \a chart cannot be drawn from \a aggregates (a correlation matrix of one dimension, no
 * ratings, no flagged breaks…), as a sentence for people; empty when it can. Such a chart is
 * skipped, never drawn empty.
 */
QString unavailableReason(Chart chart, const browse::Aggregates &aggregates);
/**
 * Draws \a chart of \a aggregates: the one call the browser and `sense7 figures` share. A chart
 * that cannot be drawn shows only its unavailableReason() (the browser's tab says why).
 */
void drawAggregate(QCustomPlot *plot, Chart chart, const browse::Aggregates &aggregates);

/**
 * What the point of a mean nearest \a pixel (within \a tolerance pixels), or the heat map's cell
 * or the bar under it, stands for — its mean or share, interval and n — for a tooltip; empty when
 * nothing is there.
 */
QString pointTip(QCustomPlot *plot, const QPointF &pixel, double tolerance = 8.0);

/** Leaves room left of the plot for the first slanted category label (after a font change). */
void fitRotatedLabels(QCustomPlot *plot);

/** The title row above the axes, replacing an earlier one. */
void setTitle(QCustomPlot *plot, const QString &title);
/** The title row above the axes; nullptr when there is none. */
QCPTextElement *plotTitle(QCustomPlot *plot);
/** Removes the title row (a journal puts the caption outside the figure). */
void removeTitle(QCustomPlot *plot);
/** The title of the legend below the plot ("Rating"); nullptr when the legend has no row. */
QCPTextElement *legendTitle(QCustomPlot *plot);

/** Names of the layout elements and the layer the charts add, for restyling and tests. */
constexpr const char *legendRowName = "legendRow";
constexpr const char *legendTitleName = "legendTitle";
constexpr const char *intervalLayerName = "intervals";

/** 1. Stacked bars: the share of each scale point per dimension. */
void drawDistribution(QCustomPlot *plot, const series::Distribution &distribution,
                      const QVector<Dimension> &dimensions);
/** 2. Mean rating over relative position, with its 95% band, on the dimensions' scale. */
void drawMeanTrajectory(QCustomPlot *plot, const series::Trajectory &trajectory,
                        const QVector<Dimension> &dimensions);
/**
 * 3 and 7. Means per dimension for each group as points with their 95% intervals (on a layer
 * above the points), side by side, on an axis that spans the scale from its minimum. The legend
 * is titled \a groupName.
 */
void drawGroupMeans(QCustomPlot *plot, const series::GroupMeans &means,
                    const QVector<Dimension> &dimensions, const QString &title,
                    const QString &emptyGroupName, const QString &groupName);
/**
 * 4. Heat map of means, groups (participants) down and dimensions across. Up to
 * maxLabelledHeatMapRows rows, by code, each row and cell labelled; more, ordered by mean rating
 * (highest first) with one row in k labelled (k of 1, 2, 5, 10, 20, 50… for at most
 * maxHeatMapRowLabels labels), since more labels than lines of text overprint each other.
 */
constexpr int maxLabelledHeatMapRows = 40;
constexpr int maxHeatMapRowLabels = 12;
void drawHeatMap(QCustomPlot *plot, const series::GroupMeans &means,
                 const QVector<Dimension> &dimensions);
/** 5. Mean rating around flagged breaks, on the dimensions' scale. */
void drawBreakAligned(QCustomPlot *plot, const series::BreakAligned &aligned,
                      const QVector<Dimension> &dimensions);
/** 6. Spearman ρ between dimensions, with a colour scale from −1 to 1. */
void drawCorrelation(QCustomPlot *plot, const series::Correlation &correlation,
                     const QVector<Dimension> &dimensions);
/**
 * One conversation: a line per dimension, the mean heavier, flagged breaks as solid markers
 * with a vertical rule, detected ones hollow. \a currentReply (or -1) is highlighted.
 */
void drawConversationTrajectory(QCustomPlot *plot, const browse::ConversationTrajectory &t,
                                int currentReply);

} // namespace sense7::charts
