#include "aggregatecharts.h"

#include "browse/sample.h"
#include "palette.h"

#include <QCoreApplication>
#include <QLocale>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <numeric>

namespace sense7::charts {
namespace {

/** The property of an axis that holds its category labels whole, before fitting. */
constexpr char categoryLabelsProperty[] = "sense7CategoryLabels";

void clear(QCustomPlot *plot)
{
    plot->clearPlottables();
    plot->clearItems();
    plot->clearGraphs();
    plot->legend->setVisible(false);
    plot->legend->clearItems();
    if (QCPTextElement *title = legendTitle(plot))
        title->setText({});
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setProperty(categoryLabelsProperty, QVariant());
        axis->setRangeReversed(false);
        axis->setLabel({});
        axis->setTickLabelRotation(0);
        axis->setVisible(true); // hidden by a chart that could not be drawn
        axis->grid()->setVisible(true);
        axis->setSubTicks(true);
    }
    plot->axisRect()->setMinimumMargins(QMargins());
    plot->axisRect()->setMarginGroup(QCP::msAll, nullptr);
    // A colour scale left by a heat map.
    for (int i = plot->plotLayout()->elementCount() - 1; i >= 0; --i)
        if (qobject_cast<QCPColorScale *>(plot->plotLayout()->elementAt(i)))
            plot->plotLayout()->remove(plot->plotLayout()->elementAt(i));
    plot->plotLayout()->simplify();
}

QSharedPointer<QCPAxisTickerText> textTicker(const QStringList &labels)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < labels.size(); ++i)
        ticker->addTick(i + 1, labels[i]);
    return ticker;
}

/**
 * \a text as a tick label: broken between words into lines of at most \a lineChars characters
 * (a longer word on a line of its own), at most \a lines of them, the last cut short with an
 * ellipsis when there is more. A long name (a protocol's "Acknowledgment of the assistant's
 * reply…") would otherwise take the figure's width, or be left out where it met the border.
 */
QString tickLabel(const QString &text, int lineChars, int lines)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList result;
    QString line;
    int next = 0;
    for (; next < words.size(); ++next) {
        const QString &word = words[next];
        if (line.isEmpty() || line.size() + 1 + word.size() <= lineChars) {
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
            continue;
        }
        result.append(line);
        line = word;
        if (result.size() == lines)
            break;
    }
    if (result.size() < lines)
        result.append(line);
    QString &last = result.last();
    if (next < words.size() || last.size() > lineChars)
        last = last.left(std::max(1, lineChars - 1)).trimmed() + QChar(0x2026);
    return result.join(QLatin1Char('\n'));
}

/** Dimension names, whole: fitRotatedLabels() shortens those below a chart to the room there is. */
QStringList names(const QVector<Dimension> &dimensions)
{
    QStringList result;
    for (const Dimension &d : dimensions)
        result.append(d.displayName());
    return result;
}

/** Names as the labels of a chart's rows: one line of at most 24 characters each. */
QStringList rowNames(const QVector<Dimension> &dimensions)
{
    QStringList result;
    for (const Dimension &d : dimensions)
        result.append(tickLabel(d.displayName(), 24, 1));
    return result;
}

/** Labels \a axis's categories 1, 2, … with \a labels, to be fitted by fitRotatedLabels(). */
void setCategoryLabels(QCPAxis *axis, const QStringList &labels)
{
    axis->setTicker(textTicker(labels));
    axis->setProperty(categoryLabelsProperty, labels);
}

QColor colour(int i)
{
    return okabeIto()[size_t(1 + i % 7)];
}

QPen pen(const QColor &c, double width = 1.5)
{
    QPen p(c);
    p.setWidthF(width);
    return p;
}

/**
 * The pen of an interval: round caps, since QCPErrorBars draws the parts above and below the
 * point as two lines, and flat caps would leave a seam where they meet.
 */
QPen intervalPen(const QColor &c, double width)
{
    QPen p = pen(c, width);
    p.setCapStyle(Qt::RoundCap);
    return p;
}

/** A heat map's cell without ratings. */
const QColor missingColour(0x80, 0x80, 0x80);

QCPColorGradient sequential()
{
    QCPColorGradient gradient;
    gradient.setColorStopAt(0.0, QColor(0xF7, 0xF7, 0xF7));
    gradient.setColorStopAt(1.0, okabeIto()[5]);
    gradient.setNanHandling(QCPColorGradient::nhTransparent); // no ratings: an empty cell
    return gradient;
}

void label(QCustomPlot *plot, double x, double y, const QString &text, bool dark)
{
    auto *item = new QCPItemText(plot);
    item->position->setCoords(x, y);
    item->setText(text);
    item->setColor(dark ? Qt::white : Qt::black);
    item->setFont(plot->font());
}

/**
 * The instrument's scale, scale_min to scale_max of its dimensions (SENSE-7's 1–5 only when there
 * are none).
 */
QCPRange scaleRange(const QVector<Dimension> &dimensions)
{
    if (dimensions.isEmpty())
        return QCPRange(1, 5);
    int lo = dimensions.first().scaleMin;
    int hi = dimensions.first().scaleMax;
    for (const Dimension &d : dimensions) {
        lo = std::min(lo, d.scaleMin);
        hi = std::max(hi, d.scaleMax);
    }
    return QCPRange(lo, hi);
}

/**
 * A value axis of mean ratings: exactly the scale, from its minimum (a mean cannot lie outside
 * it, and a bar or an axis from 0 would exaggerate differences), ticks on whole scale points.
 */
void ratingAxis(QCPAxis *axis, const QCPRange &scale, const QString &label)
{
    axis->setRange(scale);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(scaleTickStep(int(scale.upper - scale.lower) + 1));
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
    axis->setSubTicks(false);
    axis->setLabel(label);
}

/**
 * A plottable drawn a little past its axis rect: the value axis ends exactly at the scale, and a
 * mean on its end keeps its whole marker and whisker. The data lie within the scale.
 */
template<class Plottable>
class Unclipped : public Plottable
{
public:
    using Plottable::Plottable;

protected:
    QRect clipRect() const override
    {
        return Plottable::clipRect().adjusted(-unclippedMargin, -unclippedMargin, unclippedMargin,
                                              unclippedMargin);
    }

private:
    static constexpr int unclippedMargin = 8;
};

/**
 * A labelled colour scale in a row below the map, as wide as the map. Below, not beside it: a
 * second layout column would squeeze the title into the first one's width.
 */
QCPColorScale *colourScaleBelow(QCustomPlot *plot, const QString &label)
{
    auto *colourScale = new QCPColorScale(plot);
    const int scaleRow = plot->plotLayout()->rowCount();
    plot->plotLayout()->addElement(scaleRow, 0, colourScale);
    plot->plotLayout()->setRowStretchFactor(scaleRow, 0.001);
    colourScale->setType(QCPAxis::atBottom);
    colourScale->setBarWidth(8);
    colourScale->setLabel(label);
    // Close under the category labels: the frame's top edge needs no room for ticks.
    QCPAxisRect *bar = colourScale->axis()->axisRect();
    bar->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    bar->setMargins(QMargins(0, 2, 0, 0));
    colourScale->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    colourScale->setMargins(QMargins());
    auto *margins = new QCPMarginGroup(plot);
    plot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    colourScale->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    return colourScale;
}

/** \a value, or the nearest end of \a scale. */
double clamped(double value, const QCPRange &scale)
{
    return std::clamp(value, scale.lower, scale.upper);
}

constexpr const char *pointTipsProperty = "sense7PointTips";
/** A colour map's tips by cell: "column:row" in plot coordinates → text. */
constexpr const char *cellTipsProperty = "sense7CellTips";

QString cellKey(int column, int row)
{
    return QStringLiteral("%1:%2").arg(column).arg(row);
}

/** "Empathy: mean 3.42, 95% CI 2.91–3.93, n = 5 (23 ratings)": what hovering a point shows. */
QString estimateTip(const QString &what, const series::Estimate &e)
{
    const QLocale locale;
    QString text = what.isEmpty() ? QString() : what + QLatin1String(": ");
    text += QCoreApplication::translate("sense7::charts", "mean %1")
                .arg(locale.toString(e.mean, 'f', 2));
    if (e.hasInterval())
        text += QLatin1String(", ")
            + QCoreApplication::translate("sense7::charts", "95% CI %1–%2")
                  .arg(locale.toString(e.low, 'f', 2), locale.toString(e.high, 'f', 2));
    text += QLatin1String(", ")
        + QCoreApplication::translate("sense7::charts", "n = %1").arg(locale.toString(e.n));
    if (e.ratings != e.n)
        text += QLatin1Char(' ')
            + QCoreApplication::translate("sense7::charts", "(%n rating(s))", nullptr, e.ratings);
    if (!e.hasInterval())
        text += QLatin1String("; ")
            + QCoreApplication::translate("sense7::charts", "too few for an interval");
    return text;
}

/**
 * The error bars of an estimate: to its interval's ends (the series clamp them to the scale; so
 * does this, in case), or NaN — no bar at all — when there are too few units for an interval.
 */
QPair<double, double> errorsOf(const series::Estimate &e, const QCPRange &scale)
{
    if (!e.hasInterval())
        return {qQNaN(), qQNaN()};
    return {e.mean - clamped(e.low, scale), clamped(e.high, scale) - e.mean};
}

/**
 * The layer intervals are drawn on, above the points, lines and bars they belong to: nothing
 * hides part of an interval.
 */
QCPLayer *intervalLayer(QCustomPlot *plot)
{
    const QString name = QString::fromLatin1(intervalLayerName);
    if (!plot->layer(name))
        plot->addLayer(name, plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    return plot->layer(name);
}

/**
 * Moves the legend out of the plot into a row of its own below it, \a wrap entries a line, with
 * \a title left of the entries (as ggplot2 places a legend at the bottom) and the whole centred.
 */
constexpr int maxTitleWidthBeside = 90;

void legendBelow(QCustomPlot *plot, int wrap, const QString &title = {})
{
    auto *row = qobject_cast<QCPLayoutGrid *>(plot->legend->layout());
    if (!row || row->objectName() != QLatin1String(legendRowName)) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        row = new QCPLayoutGrid;
        row->setObjectName(QLatin1String(legendRowName));
        const int index = plot->plotLayout()->rowCount();
        plot->plotLayout()->addElement(index, 0, row);
        plot->plotLayout()->setRowStretchFactor(index, 0.001);
        auto *heading = new QCPTextElement(plot);
        heading->setObjectName(QLatin1String(legendTitleName));
        heading->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
        heading->setMargins(QMargins(4, 1, 2, 1));
        row->addElement(0, 0, new QCPLayoutElement(plot)); // spacers: the legend is centred
        row->addElement(0, 1, heading);
        row->addElement(0, 2, plot->legend);
        row->addElement(0, 3, new QCPLayoutElement(plot));
        row->setColumnStretchFactors({1.0, 0.001, 0.001, 1.0});
        row->setColumnSpacing(0);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->legend->setMargins(QMargins(4, 0, 4, 2));
        plot->legend->setRowSpacing(0);
    }
    QCPTextElement *heading = legendTitle(plot);
    heading->setText(plot->legend->visible() ? title : QString()); // no entries, no title
    heading->setFont(plot->legend->font());
    heading->setTextColor(plot->legend->textColor());
    // A long title (a question of the context form) goes above the entries, not beside them,
    // where it would leave the entries one narrow column.
    const bool above =
        QFontMetricsF(heading->font()).horizontalAdvance(title) > maxTitleWidthBeside;
    row->take(heading);
    row->take(plot->legend);
    row->addElement(0, above ? 2 : 1, heading);
    row->addElement(above ? 1 : 0, 2, plot->legend);
    row->setRowSpacing(0);
    plot->legend->setWrap(wrap);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

/** The title's note on the intervals: which are drawn and the range of n over the points, so
 *  that a title never promises a band or an interval that no point has. */
QString intervalNote(const QVector<series::Estimate> &estimates, const QString &withIntervals)
{
    int fewest = std::numeric_limits<int>::max(), most = 0;
    bool anyInterval = false;
    for (const series::Estimate &e : estimates)
        if (e.defined()) {
            fewest = std::min(fewest, e.n);
            most = std::max(most, e.n);
            anyInterval = anyInterval || e.hasInterval();
        }
    const QString range = most == 0 ? QStringLiteral("0")
        : fewest == most
        ? QLocale().toString(most)
        : QStringLiteral("%1–%2").arg(QLocale().toString(fewest), QLocale().toString(most));
    if (anyInterval)
        return QCoreApplication::translate("sense7::charts", "%1, n = %2 per point")
            .arg(withIntervals, range);
    return QCoreApplication::translate("sense7::charts",
                                       "n = %1 per point, too few for an interval")
        .arg(range);
}

/** "(means, 95% CI)" when any group's mean has an interval, else says that none is drawn. */
QString groupMeansNote(const series::GroupMeans &means)
{
    for (const auto &row : means.cells)
        for (const series::Estimate &e : row)
            if (e.defined() && e.hasInterval())
                return QCoreApplication::translate("sense7::charts", "means, 95% CI");
    return QCoreApplication::translate("sense7::charts", "means; too few for an interval");
}

/**
 * Shortens \a axis's category labels (setCategoryLabels()) to the room between its ticks at the
 * plot's size: slanted, as many lines (one or two) as fit between two neighbours; upright, lines
 * as wide as a category. Lays the plot out to measure it.
 */
void fitCategoryLabels(QCustomPlot *plot, QCPAxis *axis)
{
    const QStringList labels = axis->property(categoryLabelsProperty).toStringList();
    const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    if (labels.isEmpty() || !ticker || axis->range().size() <= 0)
        return;
    ticker->clear();
    plot->replot(QCustomPlot::rpImmediateRefresh); // the axis rect's width, without the labels
    const double slot = axis->axisRect()->width() / axis->range().size();
    const QFontMetricsF metrics(axis->tickLabelFont());
    int lines = 2;
    int chars = 18;
    if (axis->tickLabelRotation() != 0) {
        const double apart =
            slot * std::abs(std::sin(qDegreesToRadians(axis->tickLabelRotation())));
        lines = std::clamp(int(apart / metrics.lineSpacing()), 1, 2);
        chars = lines == 1 ? 24 : 18;
    } else {
        chars = std::clamp(int(slot * 0.92 / metrics.averageCharWidth()), 6, 40);
    }
    for (int i = 0; i < labels.size(); ++i)
        ticker->addTick(i + 1, tickLabel(labels[i], chars, lines));
}

} // namespace

void fitRotatedLabels(QCustomPlot *plot)
{
    QCPAxis *axis = plot->xAxis;
    fitCategoryLabels(plot, axis);
    int left = 0;
    const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    if (ticker && axis->tickLabelRotation() < 0 && !ticker->ticks().isEmpty()) {
        // A slanted label ends at its tick and runs left, past the first column and under the
        // vertical axis: QCustomPlot leaves out labels that would cross the plot's border, so
        // make room for the first one.
        const QFontMetricsF metrics(axis->tickLabelFont());
        const double angle = qDegreesToRadians(-axis->tickLabelRotation());
        const QStringList lines = ticker->ticks().first().split(QLatin1Char('\n'));
        double widest = 0;
        for (const QString &line : lines)
            widest = std::max(widest, metrics.horizontalAdvance(line));
        const double run =
            widest * std::cos(angle) + metrics.height() * double(lines.size()) * std::sin(angle);
        const double slot =
            (ticker->ticks().firstKey() - axis->range().lower) / axis->range().size();
        left = int(std::ceil(run - slot * plot->width() * 0.8)) + 4;
    }
    // Without a title row above, the top tick label reaches half its height above the axes.
    const int top = plotTitle(plot)
        ? 0
        : int(std::ceil(QFontMetricsF(plot->yAxis->tickLabelFont()).height() / 2)) + 2;
    // A little room on the right too, so the last column's label does not touch the border.
    plot->axisRect()->setMinimumMargins(QMargins(std::max(0, left), top, 8, 0));
}

QCPTextElement *plotTitle(QCustomPlot *plot)
{
    if (plot->plotLayout()->rowCount() < 2)
        return nullptr;
    return qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
}

void removeTitle(QCustomPlot *plot)
{
    if (QCPTextElement *title = plotTitle(plot)) {
        plot->plotLayout()->remove(title);
        plot->plotLayout()->simplify();
    }
}

QCPTextElement *legendTitle(QCustomPlot *plot)
{
    auto *row = qobject_cast<QCPLayoutGrid *>(plot->legend->layout());
    if (!row || row->objectName() != QLatin1String(legendRowName))
        return nullptr;
    for (int i = 0; i < row->elementCount(); ++i)
        if (auto *text = qobject_cast<QCPTextElement *>(row->elementAt(i)))
            return text;
    return nullptr;
}

void setTitle(QCustomPlot *plot, const QString &title)
{
    removeTitle(plot);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(
            plot, title, QFont(plot->font().family(), plot->font().pointSize() + 1, QFont::Bold)));
}

void drawDistribution(QCustomPlot *plot, const series::Distribution &distribution,
                      const QVector<Dimension> &dimensions)
{
    clear(plot);
    setTitle(plot,
             QCoreApplication::translate("sense7::charts", "Rating distribution per dimension"));
    const int levels = distribution.counts.isEmpty() ? 0 : int(distribution.counts[0].size());
    const int scaleMin = dimensions.isEmpty() ? 1 : dimensions.first().scaleMin;
    // A wide scale (0-100) is shown in bands of points, as many as fit a legend: 1–10, 11–20, ...
    const int band = scaleTickStep(levels);
    int bands = (levels + band - 1) / band;
    if (band > 1 && levels % band == 1)
        --bands; // 0-100: 90–100 last, not 100 alone
    // From red-orange (low) through yellow to blue (high), all Okabe–Ito.
    QCPColorGradient ramp;
    ramp.setColorStopAt(0.0, okabeIto()[6]);
    ramp.setColorStopAt(0.5, okabeIto()[4]);
    ramp.setColorStopAt(1.0, okabeIto()[5]);
    QCPBars *below = nullptr;
    for (int b = 0; b < bands; ++b) {
        const int first = b * band;
        const int last = b == bands - 1 ? levels - 1 : first + band - 1;
        auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(first == last
                          ? QString::number(scaleMin + first)
                          : QStringLiteral("%1–%2").arg(scaleMin + first).arg(scaleMin + last));
        static const int order[] = {6, 1, 4, 2, 5, 3, 7};
        bars->setBrush(bands <= 7 ? okabeIto()[size_t(order[b])]
                                  : QColor(ramp.color(b, QCPRange(0, bands - 1))));
        bars->setPen(QPen(Qt::white));
        bars->setWidth(0.7);
        QStringList tips;
        for (int d = 0; d < distribution.counts.size(); ++d) {
            int total = 0;
            for (int c : distribution.counts[d])
                total += c;
            int count = 0;
            for (int level = first; level <= last; ++level)
                count += distribution.counts[d].value(level);
            const double share = total > 0 ? 100.0 * count / total : 0.0;
            bars->addData(d + 1, share);
            tips.append(QCoreApplication::translate("sense7::charts",
                                                    "%1 · rating %2: %3% (%4 of n = %5 ratings)")
                            .arg(dimensions.value(d).displayName(), bars->name(),
                                 QLocale().toString(share, 'f', 1), QLocale().toString(count),
                                 QLocale().toString(total)));
        }
        bars->setProperty(pointTipsProperty, tips);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    setCategoryLabels(plot->xAxis, names(dimensions));
    plot->xAxis->setTickLabelRotation(dimensions.size() > 4 ? -30 : 0);
    plot->xAxis->setRange(0.4, dimensions.size() + 0.6);
    plot->xAxis->grid()->setVisible(false);
    // The scale points in one row above the bars, which end at 100 %.
    plot->yAxis->setRange(0, 100);
    QSharedPointer<QCPAxisTickerFixed> percentTicks(new QCPAxisTickerFixed);
    percentTicks->setTickStep(20);
    plot->yAxis->setTicker(percentTicks);
    plot->yAxis->setLabel(QCoreApplication::translate("sense7::charts", "Share of ratings (%)"));
    plot->legend->setVisible(bands > 0);
    legendBelow(plot, bands > 7 ? (bands + 1) / 2 : std::max(1, bands),
                QCoreApplication::translate("sense7::charts", "Rating"));
    fitRotatedLabels(plot);
    plot->replot();
}

void drawMeanTrajectory(QCustomPlot *plot, const series::Trajectory &trajectory,
                        const QVector<Dimension> &dimensions)
{
    clear(plot);
    setTitle(plot,
             QCoreApplication::translate("sense7::charts", "Mean rating over the conversation (%1)")
                 .arg(intervalNote(trajectory.mean,
                                   QCoreApplication::translate("sense7::charts", "95% band"))));
    QCPGraph *low = plot->addGraph();
    QCPGraph *high = plot->addGraph();
    QCPGraph *mean = new Unclipped<QCPGraph>(plot->xAxis, plot->yAxis);
    const QCPRange scale = scaleRange(dimensions);
    QStringList tips;
    for (int b = 0; b < trajectory.centres.size(); ++b) {
        const series::Estimate &e = trajectory.mean[b];
        if (!e.defined())
            continue;
        mean->addData(trajectory.centres[b], e.mean);
        tips.append(estimateTip(QCoreApplication::translate("sense7::charts", "Position %1")
                                    .arg(QLocale().toString(trajectory.centres[b], 'f', 2)),
                                e));
        // No band where there are too few units: a gap (NaN), not a band drawn across.
        low->addData(trajectory.centres[b], e.hasInterval() ? clamped(e.low, scale) : qQNaN());
        high->addData(trajectory.centres[b], e.hasInterval() ? clamped(e.high, scale) : qQNaN());
    }
    mean->setProperty(pointTipsProperty, tips);
    QColor band = okabeIto()[5];
    band.setAlpha(60);
    low->setPen(Qt::NoPen);
    high->setPen(Qt::NoPen);
    high->setBrush(band);
    high->setChannelFillGraph(low);
    mean->setPen(pen(okabeIto()[0], 2.5));
    mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    plot->xAxis->setRange(0, 1);
    plot->xAxis->setLabel(
        QCoreApplication::translate("sense7::charts", "Relative position in the conversation"));
    ratingAxis(plot->yAxis, scale, QCoreApplication::translate("sense7::charts", "Mean rating"));
    plot->replot();
}

void drawGroupMeans(QCustomPlot *plot, const series::GroupMeans &means,
                    const QVector<Dimension> &dimensions, const QString &title,
                    const QString &emptyGroupName, const QString &groupName)
{
    clear(plot);
    setTitle(plot, title);
    const QCPRange scale = scaleRange(dimensions);
    QCPLayer *intervals = intervalLayer(plot);
    const int groups = int(means.groups.size());
    // The groups side by side within a dimension's slot, in axis units: in a narrow figure pixel
    // offsets would push one dimension's points into the next.
    const double step = std::min(0.2, 0.8 / std::max(1, groups));
    // Shapes as well as colours, so that the groups stay apart in grey.
    static const QCPScatterStyle::ScatterShape shapes[] = {
        QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare, QCPScatterStyle::ssDiamond,
        QCPScatterStyle::ssTriangle, QCPScatterStyle::ssTriangleInverted};
    for (int g = 0; g < groups; ++g) {
        const double offset = (g - (groups - 1) / 2.0) * step;
        QCPGraph *points = new Unclipped<QCPGraph>(plot->xAxis, plot->yAxis);
        points->setName(means.groups[g].isEmpty() ? emptyGroupName : means.groups[g]);
        // Darker than the fill, so that yellow shows on white.
        const QColor fill = colour(g);
        const QColor line = mix(fill, Qt::black, 0.25);
        points->setLineStyle(QCPGraph::lsNone);
        points->setPen(pen(line, 1.2));
        points->setScatterStyle(
            QCPScatterStyle(shapes[g % 5], pen(line, 0.5), fill, groups > 5 ? 4.5 : 5.5));
        auto *errors = new Unclipped<QCPErrorBars>(plot->xAxis, plot->yAxis);
        errors->setLayer(intervals);
        errors->removeFromLegend();
        errors->setDataPlottable(points);
        errors->setPen(intervalPen(line, 1.2));
        errors->setWhiskerWidth(3);
        errors->setSymbolGap(0);
        QVector<double> keys, values, below, above;
        QStringList tips;
        for (int d = 0; d < dimensions.size() && d < means.cells[g].size(); ++d) {
            const series::Estimate &e = means.cells[g][d];
            if (!e.defined())
                continue;
            keys.append(d + 1 + offset);
            values.append(e.mean);
            const auto [minus, plus] = errorsOf(e, scale);
            below.append(minus);
            above.append(plus);
            tips.append(estimateTip(
                points->name() + QLatin1String(" · ") + dimensions[d].displayName(), e));
        }
        points->setData(keys, values, true);
        points->setProperty(pointTipsProperty, tips);
        errors->setData(below, above);
    }
    setCategoryLabels(plot->xAxis, names(dimensions));
    plot->xAxis->setTickLabelRotation(dimensions.size() > 4 ? -30 : 0);
    plot->xAxis->setRange(0.4, dimensions.size() + 0.6);
    plot->xAxis->grid()->setVisible(false);
    plot->xAxis->setSubTicks(false);
    ratingAxis(plot->yAxis, scale, QCoreApplication::translate("sense7::charts", "Mean rating"));
    plot->legend->setVisible(groups > 0 && groups <= 24);
    legendBelow(plot, 3, groupName);
    fitRotatedLabels(plot);
    plot->replot();
}

void drawHeatMap(QCustomPlot *plot, const series::GroupMeans &means,
                 const QVector<Dimension> &dimensions)
{
    clear(plot);
    setTitle(
        plot,
        QCoreApplication::translate("sense7::charts", "Mean rating by participant and dimension"));
    const int rows = int(means.groups.size());
    const int columns = int(dimensions.size());
    // Many rows: ordered by mean, so that the map shows who rates high and low, not the codes.
    const bool many = rows > maxLabelledHeatMapRows;
    QVector<int> order(rows);
    std::iota(order.begin(), order.end(), 0);
    if (many)
        std::stable_sort(order.begin(), order.end(), [&means](int a, int b) {
            const series::Estimate x = means.overall.value(a);
            const series::Estimate y = means.overall.value(b);
            if (x.defined() != y.defined())
                return x.defined();
            return x.defined() && x.mean > y.mean;
        });
    auto *map = new QCPColorMap(plot->xAxis, plot->yAxis);
    // QCustomPlot draws a map one cell wide or high with no width: such a map gets two half
    // cells of the same value instead.
    const int keyCells = columns == 1 ? 2 : std::max(1, columns);
    const int valueCells = rows == 1 ? 2 : std::max(1, rows);
    map->data()->setSize(keyCells, valueCells);
    map->data()->setRange(columns == 1 ? QCPRange(0.75, 1.25) : QCPRange(1, std::max(1, columns)),
                          rows == 1 ? QCPRange(0.75, 1.25) : QCPRange(1, std::max(1, rows)));
    const QCPRange scale = scaleRange(dimensions);
    QVariantMap tips;
    bool missing = false;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const series::Estimate &e = means.cells[order[r]][c];
            missing = missing || !e.defined();
            if (e.defined())
                tips.insert(cellKey(c + 1, r + 1),
                            estimateTip(means.groups[order[r]] + QLatin1String(" · ")
                                            + dimensions[c].displayName(),
                                        e));
            for (int kc = c; kc < (columns == 1 ? 2 : c + 1); ++kc)
                for (int vc = r; vc < (rows == 1 ? 2 : r + 1); ++vc)
                    map->data()->setCell(kc, vc, e.defined() ? e.mean : qQNaN());
            if (!many && e.defined())
                label(plot, c + 1, r + 1, QLocale().toString(e.mean, 'f', 1),
                      (e.mean - scale.lower) / std::max(1.0, scale.size()) > 0.6);
        }
    map->setProperty(cellTipsProperty, tips);
    QCPColorScale *colourScale = colourScaleBelow(
        plot,
        missing ? QCoreApplication::translate("sense7::charts", "Mean rating (grey: no ratings)")
                : QCoreApplication::translate("sense7::charts", "Mean rating"));
    map->setColorScale(colourScale); // before the gradient: the scale imposes its own
    // A cell without ratings: a neutral grey (ggplot2's for missing values), not left empty,
    // which looks like the scale's lowest colour, nearly white, where cells are too thin for a
    // label (past a few dozen rows).
    QCPColorGradient gradient = sequential();
    if (missing) {
        gradient.setNanHandling(QCPColorGradient::nhNanColor);
        gradient.setNanColor(missingColour);
    }
    map->setGradient(gradient);
    map->setDataRange(scale);
    map->setInterpolate(false);
    setCategoryLabels(plot->xAxis, names(dimensions));
    plot->xAxis->setTickLabelRotation(columns > 4 ? -30 : 0);
    plot->xAxis->setRange(0.5, columns + 0.5);
    // One row in `step` labelled, the step a 1-2-5 number: rows 1, 1 + step, 1 + 2 step…
    int step = 1;
    if (many) {
        const int needed = (rows + maxHeatMapRowLabels - 1) / maxHeatMapRowLabels;
        for (int magnitude = 1; step < needed; magnitude *= 10)
            for (int factor : {1, 2, 5})
                if (step < needed)
                    step = factor * magnitude;
    }
    QSharedPointer<QCPAxisTickerText> rowTicks(new QCPAxisTickerText);
    for (int r = 0; r < rows; r += step)
        rowTicks->addTick(r + 1, means.groups[order[r]]);
    plot->yAxis->setTicker(rowTicks);
    plot->yAxis->setRange(0.5, rows + 0.5);
    plot->yAxis->setRangeReversed(true);
    plot->yAxis->setLabel(
        many ? QCoreApplication::translate("sense7::charts", "Participants (n = %1), by mean")
                   .arg(QLocale().toString(rows))
             : QCoreApplication::translate("sense7::charts", "Participant"));
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
    fitRotatedLabels(plot);
    plot->replot();
}

void drawBreakAligned(QCustomPlot *plot, const series::BreakAligned &aligned,
                      const QVector<Dimension> &dimensions)
{
    clear(plot);
    // Each point has its own n (a break near a conversation's start has no turns before it):
    // the title gives their range, the tooltip and the sidecar each point's.
    setTitle(
        plot,
        QCoreApplication::translate("sense7::charts", "Mean rating around %1 flagged breaks (%2)")
            .arg(QLocale().toString(aligned.breaks),
                 intervalNote(aligned.mean,
                              QCoreApplication::translate("sense7::charts", "95% CI"))));
    const QCPRange scale = scaleRange(dimensions);
    QCPGraph *mean = new Unclipped<QCPGraph>(plot->xAxis, plot->yAxis);
    auto *errors = new Unclipped<QCPErrorBars>(plot->xAxis, plot->yAxis);
    errors->setLayer(intervalLayer(plot));
    QVector<double> keys, values, below, above;
    QStringList tips;
    for (int i = 0; i < aligned.offsets.size(); ++i) {
        const series::Estimate &e = aligned.mean[i];
        if (!e.defined())
            continue;
        keys.append(aligned.offsets[i]);
        values.append(e.mean);
        const auto [minus, plus] = errorsOf(e, scale);
        below.append(minus);
        above.append(plus);
        tips.append(estimateTip(
            QCoreApplication::translate("sense7::charts", "Offset %1").arg(aligned.offsets[i]), e));
    }
    mean->setData(keys, values);
    mean->setProperty(pointTipsProperty, tips);
    mean->setPen(pen(okabeIto()[6], 2.5));
    mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    errors->setDataPlottable(mean);
    errors->setData(below, above);
    errors->setPen(intervalPen(okabeIto()[0], 1));
    errors->setWhiskerWidth(5);
    errors->setSymbolGap(0);

    auto *rule = new QCPItemStraightLine(plot);
    rule->point1->setCoords(0, 0);
    rule->point2->setCoords(0, 1);
    QPen dashed = pen(okabeIto()[0], 1);
    dashed.setStyle(Qt::DashLine);
    rule->setPen(dashed);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    plot->xAxis->setTicker(ticker);
    const int window = aligned.offsets.isEmpty() ? 3 : aligned.offsets.last();
    plot->xAxis->setRange(-window - 0.5, window + 0.5);
    plot->xAxis->setLabel(
        QCoreApplication::translate("sense7::charts", "Replies from the flagged break"));
    ratingAxis(plot->yAxis, scale, QCoreApplication::translate("sense7::charts", "Mean rating"));
    plot->replot();
}

void drawCorrelation(QCustomPlot *plot, const series::Correlation &correlation,
                     const QVector<Dimension> &dimensions)
{
    clear(plot);
    setTitle(
        plot,
        QCoreApplication::translate("sense7::charts", "Spearman correlation between dimensions"));
    const int n = int(dimensions.size());
    auto *map = new QCPColorMap(plot->xAxis, plot->yAxis);
    map->data()->setSize(std::max(1, n), std::max(1, n));
    map->data()->setRange(QCPRange(1, std::max(1, n)), QCPRange(1, std::max(1, n)));
    QVariantMap tips;
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            const std::optional<double> rho = correlation.rho.value(a).value(b);
            map->data()->setCell(b, a, rho ? *rho : qQNaN());
            const QString pair =
                dimensions[a].displayName() + QLatin1String(" · ") + dimensions[b].displayName();
            const QString pairs = QLocale().toString(correlation.n.value(a).value(b));
            tips.insert(cellKey(b + 1, a + 1),
                        rho ? QCoreApplication::translate("sense7::charts", "%1: ρ = %2, n = %3")
                                  .arg(pair, QLocale().toString(*rho, 'f', 2), pairs)
                            : QCoreApplication::translate("sense7::charts",
                                                          "%1: too few pairs for ρ, n = %2")
                                  .arg(pair, pairs));
            if (rho)
                label(plot, b + 1, a + 1, QLocale().toString(*rho, 'f', 2), std::abs(*rho) > 0.6);
        }
    QCPColorGradient diverging;
    diverging.setColorStopAt(0.0, okabeIto()[6]);
    diverging.setColorStopAt(0.5, QColor(0xF7, 0xF7, 0xF7));
    diverging.setColorStopAt(1.0, okabeIto()[5]);
    // Too few pairs: an empty cell, not the colour of ρ = −1.
    diverging.setNanHandling(QCPColorGradient::nhTransparent);
    map->setProperty(cellTipsProperty, tips);
    QCPColorScale *colourScale =
        colourScaleBelow(plot, QCoreApplication::translate("sense7::charts", "Spearman ρ"));
    map->setColorScale(colourScale); // before the gradient: the scale imposes its own
    map->setGradient(diverging);
    map->setDataRange(QCPRange(-1, 1));
    map->setInterpolate(false);
    QSharedPointer<QCPAxisTickerFixed> rhoTicks(new QCPAxisTickerFixed);
    rhoTicks->setTickStep(0.5);
    colourScale->axis()->setTicker(rhoTicks);
    setCategoryLabels(plot->xAxis, names(dimensions));
    plot->xAxis->setTickLabelRotation(n > 4 ? -30 : 0);
    plot->yAxis->setTicker(textTicker(rowNames(dimensions))); // rows too close for two lines
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->setRange(0.5, n + 0.5);
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
    plot->yAxis->setRangeReversed(true);
    fitRotatedLabels(plot);
    plot->replot();
}

void drawConversationTrajectory(QCustomPlot *plot, const browse::ConversationTrajectory &t,
                                int currentReply)
{
    clear(plot);
    const int replies = int(t.turnIds.size());
    if (currentReply >= 0 && currentReply < replies) {
        auto *highlight = new QCPItemRect(plot);
        highlight->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        highlight->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        highlight->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        highlight->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        highlight->topLeft->setCoords(currentReply + 0.6, 0);
        highlight->bottomRight->setCoords(currentReply + 1.4, 1);
        QColor fill = okabeIto()[4];
        fill.setAlpha(70);
        highlight->setBrush(fill);
        highlight->setPen(Qt::NoPen);
        highlight->setObjectName(QStringLiteral("current"));
    }
    for (int d = 0; d < t.dimensions.size(); ++d) {
        QCPGraph *line = plot->addGraph();
        line->setName(t.dimensions[d].displayName());
        line->setPen(pen(colour(d), 1.2));
        line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
        for (int k = 0; k < replies; ++k)
            if (const auto v = t.values[d][k])
                line->addData(k + 1, *v);
    }
    QCPGraph *mean = plot->addGraph();
    mean->setName(QCoreApplication::translate("sense7::charts", "Mean"));
    mean->setPen(pen(okabeIto()[0], 3));
    mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    for (int k = 0; k < replies; ++k)
        if (t.mean[k])
            mean->addData(k + 1, *t.mean[k]);
    const auto markerY = [&](int k) {
        return t.mean.value(k).value_or(1.0);
    };
    QCPGraph *flagged = plot->addGraph();
    flagged->setName(QCoreApplication::translate("sense7::charts", "Flagged break"));
    flagged->setLineStyle(QCPGraph::lsNone);
    flagged->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, okabeIto()[6], okabeIto()[6], 13));
    for (const auto &f : t.flagged) {
        flagged->addData(f.reply + 1, markerY(f.reply));
        auto *rule = new QCPItemStraightLine(plot);
        rule->point1->setCoords(f.reply + 1, 0);
        rule->point2->setCoords(f.reply + 1, 1);
        rule->setPen(pen(okabeIto()[6], 1.5));
    }
    QCPGraph *detected = plot->addGraph();
    detected->setName(QCoreApplication::translate("sense7::charts", "Detected break"));
    detected->setLineStyle(QCPGraph::lsNone);
    QPen hollow = pen(okabeIto()[6], 2);
    detected->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, hollow, Qt::NoBrush, 16));
    for (const auto &d : t.detected)
        detected->addData(d.reply + 1, markerY(d.reply));
    // Each later sitting of a live conversation: a dashed line before its first reply, named at
    // the top ("Session 2"), since continuity across sittings is what a study measures.
    int last = std::max(1, replies);
    for (const auto &s : t.sessions) {
        const double x = s.reply + 0.5;
        last = std::max(last, s.reply + 1);
        auto *boundary = new QCPItemStraightLine(plot);
        boundary->setObjectName(QStringLiteral("session"));
        boundary->point1->setCoords(x, 0);
        boundary->point2->setCoords(x, 1);
        QPen dashed = pen(QColor(0x55, 0x55, 0x55), 1.2);
        dashed.setStyle(Qt::DashLine);
        boundary->setPen(dashed);
        auto *label = new QCPItemText(plot);
        label->setObjectName(QStringLiteral("sessionLabel"));
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // Upright along the line, on its left from the top: a narrow strip that stays clear of
        // the replies' points on either side of it.
        label->position->setCoords(x, 0.01);
        label->setRotation(-90);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setClipToAxisRect(false);
        label->setFont(plot->font());
        label->setColor(QColor(0x33, 0x33, 0x33));
        label->setBrush(QColor(255, 255, 255, 210));
        label->setText(QCoreApplication::translate("sense7::charts", "Session %1").arg(s.session));
    }
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(0.5, last + 0.5);
    plot->xAxis->setLabel(QCoreApplication::translate("sense7::charts", "Assistant reply"));
    plot->xAxis->setSubTicks(false);
    // Room for a marker, and a label, on the scale's ends: 0.4 of a point, or 6 % of a wide scale.
    const QCPRange scale = scaleRange(t.dimensions);
    const double margin = std::max(0.4, scale.size() * 0.06);
    plot->yAxis->setRange(scale.lower - margin, scale.upper + margin);
    // Ticks on the scale's points only (no 0 under a 1-100 scale), every tenth of a wide one.
    const int step = scaleTickStep(int(scale.size()) + 1);
    QSharedPointer<QCPAxisTickerText> yTicker(new QCPAxisTickerText);
    for (int point = int(scale.lower); point <= int(scale.upper); ++point) {
        if (point % step == 0 || step == 1)
            yTicker->addTick(point, QString::number(point));
    }
    plot->yAxis->setTicker(yTicker);
    plot->yAxis->setSubTicks(false);
    plot->yAxis->setLabel(QCoreApplication::translate("sense7::charts", "Rating"));
    // Eight entries would cover a short chart: the legend gets a row of its own below it.
    plot->legend->setVisible(true);
    legendBelow(plot, 4);
    plot->replot();
}

QString pointTip(QCustomPlot *plot, const QPointF &pixel, double tolerance)
{
    QString best;
    double nearest = tolerance;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable *plottable = plot->plottable(i);
        // A heat map's cell, a bar: the one under the pointer.
        if (auto *map = qobject_cast<QCPColorMap *>(plottable)) {
            const QVariantMap tips = map->property(cellTipsProperty).toMap();
            if (tips.isEmpty() || !map->keyAxis()->axisRect()->rect().contains(pixel.toPoint()))
                continue;
            double key = 0, value = 0;
            map->pixelsToCoords(pixel, key, value);
            QString tip =
                tips.value(cellKey(int(std::lround(key)), int(std::lround(value)))).toString();
            if (!tip.isEmpty())
                return tip;
            continue;
        }
        if (auto *bars = qobject_cast<QCPBars *>(plottable)) {
            const QStringList tips = bars->property(pointTipsProperty).toStringList();
            QVariant details;
            if (tips.size() != bars->dataCount() || bars->selectTest(pixel, false, &details) < 0)
                continue;
            const QCPDataSelection hit = details.value<QCPDataSelection>();
            if (!hit.isEmpty())
                return tips.value(hit.dataRange().begin());
            continue;
        }
        auto *graph = qobject_cast<QCPGraph *>(plottable);
        if (!graph)
            continue;
        const QStringList tips = graph->property(pointTipsProperty).toStringList();
        if (tips.size() != graph->dataCount())
            continue;
        for (int k = 0; k < graph->dataCount(); ++k) {
            const auto point = graph->data()->at(k);
            const QPointF at = graph->coordsToPixels(point->key, point->value);
            const double distance = QLineF(at, pixel).length();
            if (distance <= nearest) {
                nearest = distance;
                best = tips[k];
            }
        }
    }
    return best;
}

QString chartKey(Chart chart)
{
    static const char *const keys[chartCount] = {"distribution", "trajectory", "assistants",
                                                 "participants", "breaks",     "correlation",
                                                 "context"};
    return QLatin1String(keys[int(chart)]);
}

std::optional<Chart> chartFromKey(const QString &key)
{
    for (int i = 0; i < chartCount; ++i)
        if (chartKey(Chart(i)) == key)
            return Chart(i);
    return std::nullopt;
}

QString chartName(Chart chart)
{
    static const char *const names[chartCount] = {
        QT_TRANSLATE_NOOP("sense7::charts", "Distribution"),
        QT_TRANSLATE_NOOP("sense7::charts", "Trajectory"),
        QT_TRANSLATE_NOOP("sense7::charts", "Assistants"),
        QT_TRANSLATE_NOOP("sense7::charts", "Participants"),
        QT_TRANSLATE_NOOP("sense7::charts", "Around breaks"),
        QT_TRANSLATE_NOOP("sense7::charts", "Correlations"),
        QT_TRANSLATE_NOOP("sense7::charts", "By context")};
    return QCoreApplication::translate("sense7::charts", names[int(chart)]);
}

QString unavailableReason(Chart chart, const browse::Aggregates &a)
{
    const QString instrument = a.instrumentName.isEmpty() ? a.instrument : a.instrumentName;
    if (a.dimensions.isEmpty())
        return a.instrument.isEmpty()
            ? QCoreApplication::translate("sense7::charts", "the data set has no such instrument")
            : QCoreApplication::translate("sense7::charts",
                                          "the instrument %1 has no reply-level dimensions")
                  .arg(instrument);
    int ratings = 0;
    for (const QVector<int> &counts : a.distribution.counts)
        ratings += std::accumulate(counts.cbegin(), counts.cend(), 0);
    if (ratings == 0)
        return QCoreApplication::translate("sense7::charts",
                                           "no reply in the conversations selected is rated on %1")
            .arg(instrument);
    switch (chart) {
    case Chart::Distribution:
        return {};
    case Chart::Trajectory:
        for (const series::Estimate &e : a.trajectory.mean)
            if (e.defined())
                return {};
        return QCoreApplication::translate("sense7::charts",
                                           "no rated reply has a position in its conversation");
    case Chart::Assistants:
        return a.agents.groups.isEmpty()
            ? QCoreApplication::translate("sense7::charts", "no assistant has ratings")
            : QString();
    case Chart::Participants:
        return a.participants.groups.isEmpty()
            ? QCoreApplication::translate("sense7::charts", "no participant has ratings")
            : QString();
    case Chart::Breaks:
        if (a.aligned.breaks == 0)
            return QCoreApplication::translate(
                "sense7::charts", "no reply in the conversations selected is flagged as a break");
        for (const series::Estimate &e : a.aligned.mean)
            if (e.defined())
                return {};
        return QCoreApplication::translate("sense7::charts",
                                           "no reply around the flagged breaks is rated");
    case Chart::Correlation:
        if (a.dimensions.size() < 2)
            return QCoreApplication::translate(
                       "sense7::charts",
                       "a correlation matrix needs two dimensions or more, and %1 has one")
                .arg(instrument);
        for (int x = 0; x < a.correlation.rho.size(); ++x)
            for (int y = x + 1; y < a.correlation.rho[x].size(); ++y)
                if (a.correlation.rho[x][y])
                    return {};
        return QCoreApplication::translate(
            "sense7::charts", "too few replies are rated on two dimensions to correlate them");
    case Chart::Context:
        if (a.contextField.isEmpty())
            return QCoreApplication::translate(
                "sense7::charts", "the conversations have no context field to group by");
        for (const QString &group : a.context.groups)
            if (!group.isEmpty())
                return {};
        return QCoreApplication::translate("sense7::charts",
                                           "no rated conversation has a value for “%1”")
            .arg(a.contextLabel);
    }
    return {};
}

namespace {

/** A chart that cannot be drawn: its reason in the middle of an empty plot, and no axes. */
void drawUnavailable(QCustomPlot *plot, Chart chart, const QString &reason)
{
    clear(plot);
    setTitle(plot, chartName(chart));
    // Broken into lines of about 40 characters: a text item does not wrap by itself.
    QStringList lines {QString()};
    for (const QString &word : QCoreApplication::translate("sense7::charts", "Not drawn: %1.")
                                   .arg(reason)
                                   .split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.last().isEmpty() && lines.last().size() + word.size() > 40)
            lines.append(QString());
        lines.last() += (lines.last().isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    auto *text = new QCPItemText(plot);
    text->setObjectName(QStringLiteral("unavailable"));
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setText(lines.join(QLatin1Char('\n')));
    text->setFont(plot->font());
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis})
        axis->setVisible(false);
    plot->replot();
}

/**
 * A legend's title, "Assistant (the 12 largest of 30)" when \a shown of \a total groups are
 * drawn: in the legend, where a long title above the chart would take the legend's room.
 */
QString largest(const QString &title, int shown, int total)
{
    if (total <= shown)
        return title;
    return QCoreApplication::translate("sense7::charts", "%1 (the %2 largest of %3)")
        .arg(title, QLocale().toString(shown), QLocale().toString(total));
}

} // namespace

void drawAggregate(QCustomPlot *plot, Chart chart, const browse::Aggregates &a)
{
    const QString reason = unavailableReason(chart, a);
    if (!reason.isEmpty()) {
        drawUnavailable(plot, chart, reason);
        return;
    }
    switch (chart) {
    case Chart::Distribution:
        drawDistribution(plot, a.distribution, a.dimensions);
        break;
    case Chart::Trajectory:
        drawMeanTrajectory(plot, a.trajectory, a.dimensions);
        break;
    case Chart::Assistants:
        if (a.agentsByCondition)
            drawGroupMeans(plot, a.agents, a.dimensions,
                           QCoreApplication::translate("sense7::charts", "Conditions compared (%1)")
                               .arg(groupMeansNote(a.agents)),
                           QCoreApplication::translate("sense7::charts", "imported"),
                           largest(QCoreApplication::translate("sense7::charts", "Condition"),
                                   int(a.agents.groups.size()), a.agentGroups));
        else
            drawGroupMeans(plot, a.agents, a.dimensions,
                           QCoreApplication::translate("sense7::charts", "Assistants compared (%1)")
                               .arg(groupMeansNote(a.agents)),
                           QCoreApplication::translate("sense7::charts", "unknown"),
                           largest(QCoreApplication::translate("sense7::charts", "Assistant"),
                                   int(a.agents.groups.size()), a.agentGroups));
        break;
    case Chart::Participants:
        drawHeatMap(plot, a.participants, a.dimensions);
        break;
    case Chart::Breaks:
        drawBreakAligned(plot, a.aligned, a.dimensions);
        break;
    case Chart::Correlation:
        drawCorrelation(plot, a.correlation, a.dimensions);
        break;
    case Chart::Context: {
        const QString label = a.contextLabel.isEmpty() ? a.contextField : a.contextLabel;
        drawGroupMeans(plot, a.context, a.dimensions,
                       QCoreApplication::translate("sense7::charts", "Ratings by “%1” (%2)")
                           .arg(label, groupMeansNote(a.context)),
                       a.contextField == browse::conditionGroup
                           ? QCoreApplication::translate("sense7::charts", "imported")
                           : QCoreApplication::translate("sense7::charts", "not answered"),
                       largest(label, int(a.context.groups.size()), a.contextGroups));
        break;
    }
    }
}

} // namespace sense7::charts
