#include "confusionchart.h"

#include "palette.h"

#include <qcustomplot.h>

namespace sense7::charts {

void drawConfusion(QCustomPlot *plot, const QVector<QVector<int>> &counts, int scaleMin,
                   const QString &title, const QString &rowsLabel, const QString &columnsLabel)
{
    plot->clearPlottables();
    plot->clearItems();
    if (plot->plotLayout()->rowCount() > 1) { // the previous title
        plot->plotLayout()->removeAt(0);
        plot->plotLayout()->simplify();
    }
    plot->plotLayout()->insertRow(0);
    auto *heading = new QCPTextElement(
        plot, title, QFont(plot->font().family(), plot->font().pointSize() + 1, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, heading);

    const int levels = int(counts.size());
    const int scaleMax = scaleMin + levels - 1;
    auto *map = new QCPColorMap(plot->xAxis, plot->yAxis);
    map->data()->setSize(levels, levels);
    map->data()->setRange(QCPRange(scaleMin, scaleMax), QCPRange(scaleMin, scaleMax));
    for (int own = 0; own < levels; ++own) {
        int rowTotal = 0;
        for (int c : counts[own])
            rowTotal += c;
        for (int model = 0; model < levels; ++model) {
            const int count = counts[own].value(model);
            const double share = rowTotal > 0 ? double(count) / rowTotal : 0.0;
            map->data()->setCell(model, own, share);
            if (levels > 11)
                continue; // a wide scale's cells are too small for their counts
            auto *label = new QCPItemText(plot);
            label->position->setCoords(scaleMin + model, scaleMin + own);
            label->setText(QString::number(count));
            label->setColor(share > 0.55 ? Qt::white : Qt::black);
            QFont font = plot->font();
            if (own == model)
                font.setBold(true);
            label->setFont(font);
        }
    }
    QCPColorGradient gradient;
    gradient.setColorStopAt(0.0, QColor(0xF7, 0xF7, 0xF7));
    gradient.setColorStopAt(1.0, okabeIto()[5]);
    map->setGradient(gradient);
    map->setDataRange(QCPRange(0, 1));
    map->setInterpolate(false);

    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
        ticker->setTickStep(scaleTickStep(levels));
        axis->setTicker(ticker);
        axis->setRange(scaleMin - 0.5, scaleMax + 0.5);
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
    plot->xAxis->setLabel(columnsLabel);
    plot->yAxis->setLabel(rowsLabel);
    plot->yAxis->setRangeReversed(true);
    plot->replot();
}

} // namespace sense7::charts
