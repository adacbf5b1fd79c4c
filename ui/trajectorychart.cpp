#include "trajectorychart.h"

#include "browse/aggregates.h"
#include "charts/aggregatecharts.h"
#include "charts/chartdata.h"
#include "charts/figure.h"
#include "figuredialog.h"
#include "store.h"

#include <QContextMenuEvent>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QToolTip>

namespace sense7 {

TrajectoryChart::TrajectoryChart(QWidget *parent)
    : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("trajectoryChart"));
    setAccessibleName(tr("Rating trajectory"));
    setAccessibleDescription(
        tr("Ratings of each assistant reply in this conversation, with continuity breaks"));
    setMinimumHeight(150);
    setMouseTracking(true);
    setInteractions(QCP::iSelectLegend);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    legend->setFont(small);
    legend->setIconSize(18, 18); // the break's 16 px circle whole, not cut to "( )"
    legend->setBrush(Qt::NoBrush);
    connect(this, &QCustomPlot::legendClick, this,
            [this](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) {
                auto *entry = qobject_cast<QCPPlottableLegendItem *>(item);
                if (!entry)
                    return;
                const QString name = entry->plottable()->name();
                if (m_hidden.contains(name))
                    m_hidden.remove(name);
                else
                    m_hidden.insert(name);
                redraw();
            });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (legend->visible() && legend->selectTest(event->position(), false) >= 0)
            return;
        const int reply = replyAt(event->position());
        if (reply >= 0)
            Q_EMIT turnClicked(m_trajectory.turnIds[reply]);
    });
}

void TrajectoryChart::load(const Store *store, qint64 conversationId, qint64 annotatorId)
{
    const qint64 current = m_current >= 0 && m_current < m_trajectory.turnIds.size()
        ? m_trajectory.turnIds[m_current]
        : 0;
    m_store = store;
    m_conversationId = store ? conversationId : 0;
    m_trajectory = store && conversationId > 0
        ? browse::conversationTrajectory(*store, conversationId, annotatorId)
        : browse::ConversationTrajectory();
    m_current = m_trajectory.replyOf(current);
    redraw();
}

void TrajectoryChart::exportFigure()
{
    if (!m_store || m_conversationId == 0 || m_trajectory.turnIds.isEmpty())
        return;
    const auto conversation = m_store->conversation(m_conversationId);
    if (!conversation)
        return;
    const QJsonObject details {
        {QStringLiteral("chart"), QStringLiteral("conversation")},
        {QStringLiteral("data_set"), QFileInfo(m_store->path()).fileName()},
        {QStringLiteral("conversation"), conversation->contentHash},
        {QStringLiteral("data_hash"), browse::dataHash(*m_store, {m_conversationId})},
        {QStringLiteral("plotted"), charts::plottedData(m_trajectory)}};
    const browse::ConversationTrajectory trajectory = m_trajectory;
    const QString title = conversation->title;
    auto *dialog = new FigureDialog(
        [trajectory, title](QCustomPlot *plot) {
            charts::drawConversationTrajectory(plot, trajectory, -1);
            charts::setTitle(plot, title);
        },
        QStringLiteral("conversation-%1").arg(m_conversationId), details, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void TrajectoryChart::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *action = menu.addAction(tr("Export &Figure…"), this, &TrajectoryChart::exportFigure);
    action->setEnabled(m_conversationId != 0 && !m_trajectory.turnIds.isEmpty());
    menu.exec(event->globalPos());
}

void TrajectoryChart::setCurrentTurn(qint64 turnId)
{
    const int reply = m_trajectory.replyOf(turnId);
    if (reply == m_current)
        return;
    m_current = reply;
    // Moving through the conversation moves the highlight; the lines stay as they are. The plot
    // is drawn again once, when control returns to the event loop.
    QCPItemRect *highlight = nullptr;
    for (int i = 0; i < itemCount() && !highlight; ++i) {
        if (item(i)->objectName() == QLatin1String("current"))
            highlight = qobject_cast<QCPItemRect *>(item(i));
    }
    if (!highlight) {
        if (reply >= 0)
            redraw(); // drawn with none: draw it with one
        return;
    }
    highlight->setVisible(reply >= 0);
    if (reply >= 0) {
        highlight->topLeft->setCoords(reply + 0.6, 0);
        highlight->bottomRight->setCoords(reply + 1.4, 1);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

QString TrajectoryChart::breakDescription(int reply) const
{
    QStringList lines;
    for (const auto &f : m_trajectory.flagged) {
        if (f.reply != reply)
            continue;
        QString line =
            tr("Flagged: %1")
                .arg(f.reason.isEmpty() ? tr("no reason given") : breakReasonLabel(f.reason));
        if (f.refersToIndex)
            line += QLatin1Char(' ') + tr("(lost turn %1)").arg(*f.refersToIndex + 1);
        lines.append(line);
    }
    for (const auto &d : m_trajectory.detected)
        if (d.reply == reply)
            lines.append(tr("Detected (%1): %2")
                             .arg(continuity::ruleName(d.detection.rule),
                                  continuity::describe(d.detection)));
    return lines.join(QLatin1Char('\n'));
}

void TrajectoryChart::mouseMoveEvent(QMouseEvent *event)
{
    QCustomPlot::mouseMoveEvent(event);
    const int reply = replyAt(event->position());
    const QString text = reply >= 0 ? replyDescription(reply) : QString();
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QString TrajectoryChart::replyDescription(int reply) const
{
    if (reply < 0 || reply >= m_trajectory.turnIds.size())
        return {};
    int rated = 0;
    for (const auto &values : m_trajectory.values)
        rated += values.value(reply) ? 1 : 0;
    const std::optional<double> mean = m_trajectory.mean.value(reply);
    QString text = tr("Reply %1").arg(reply + 1);
    if (mean)
        text += QLatin1String(": ")
            + tr("mean %1, n = %2 of %3 dimensions")
                  .arg(QLocale().toString(*mean, 'f', 2), QLocale().toString(rated),
                       QLocale().toString(m_trajectory.dimensions.size()));
    const QString breaks = breakDescription(reply);
    if (!mean && breaks.isEmpty())
        return {};
    return breaks.isEmpty() ? text : text + QLatin1Char('\n') + breaks;
}

void TrajectoryChart::resizeEvent(QResizeEvent *event)
{
    fitLegend();
    QCustomPlot::resizeEvent(event);
}

void TrajectoryChart::fitLegend()
{
    // As many legend columns as the width allows, so that no name is cut.
    int widest = 0;
    const QFontMetrics metrics(legend->font());
    for (const Dimension &d : m_trajectory.dimensions)
        widest = std::max(widest, metrics.horizontalAdvance(d.displayName()));
    widest = std::max(widest, metrics.horizontalAdvance(tr("Detected break")));
    const int column = widest + legend->iconSize().width() + legend->iconTextPadding() + 10;
    const int wrap = std::clamp(width() / std::max(1, column), 1, 8);
    if (wrap != legend->wrap()) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flow the entries
    }
}

void TrajectoryChart::redraw()
{
    charts::drawConversationTrajectory(this, m_trajectory, m_current);
    // One dimension is its own mean: the heavier line would only hide it.
    if (m_trajectory.dimensions.size() == 1 && graphCount() > 1)
        removeGraph(1);
    charts::applyScreenPalette(this, palette());
    fitLegend();
    for (int i = 0; i < graphCount(); ++i) {
        QCPGraph *g = graph(i);
        const bool hidden = m_hidden.contains(g->name());
        g->setVisible(!hidden);
        if (QCPAbstractLegendItem *item = legend->itemWithPlottable(g))
            item->setTextColor(hidden ? palette().color(QPalette::Disabled, QPalette::Text)
                                      : palette().color(QPalette::Text));
    }
    replot();
}

void TrajectoryChart::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        redraw();
}

int TrajectoryChart::replyAt(const QPointF &pos) const
{
    if (m_trajectory.turnIds.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return -1;
    const int reply = int(std::lround(xAxis->pixelToCoord(pos.x()))) - 1;
    return reply >= 0 && reply < m_trajectory.turnIds.size() ? reply : -1;
}

} // namespace sense7
