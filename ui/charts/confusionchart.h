#pragma once

#include <QString>
#include <QVector>

class QCustomPlot;

namespace sense7::charts {

/**
 * Draws a confusion matrix into \a plot: the participants' own ratings down, the model's across,
 * each cell shaded by its share of its row and labelled with its count. \a counts is indexed
 * [own - scaleMin][model - scaleMin]. Clears whatever the plot showed before.
 */
void drawConfusion(QCustomPlot *plot, const QVector<QVector<int>> &counts, int scaleMin,
                   const QString &title, const QString &rowsLabel, const QString &columnsLabel);

} // namespace sense7::charts
