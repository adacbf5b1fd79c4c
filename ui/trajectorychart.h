#pragma once

#include "browse/trajectory.h"

#include <qcustomplot.h>

namespace sense7 {

class Store;

/**
 * The rating trajectory of the conversation being read, under the transcript: a line per
 * dimension and the mean, flagged breaks solid, detected ones hollow. Clicking a reply selects it;
 * clicking a legend entry hides or shows that line; hovering a break says why it is there.
 */
class TrajectoryChart : public QCustomPlot
{
    Q_OBJECT

public:
    explicit TrajectoryChart(QWidget *parent = nullptr);

    /** Re-reads \a conversationId's ratings by \a annotatorId (0 clears the chart). */
    void load(const Store *store, qint64 conversationId, qint64 annotatorId);
    void setCurrentTurn(qint64 turnId);
    /** "Export figure…" for this conversation's trajectory; nothing when none is shown. */
    void exportFigure();
    const browse::ConversationTrajectory &trajectory() const { return m_trajectory; }
    /** What the tooltip says at reply \a reply (0-based): its breaks, empty when none. */
    QString breakDescription(int reply) const;
    /** The whole tooltip at reply \a reply: its mean over the n dimensions rated, then its breaks.
     */
    QString replyDescription(int reply) const;

    /** Small: the legend wraps and the axes shrink rather than widen the transcript pane. */
    QSize minimumSizeHint() const override { return {240, 150}; }
    QSize sizeHint() const override { return {480, 230}; }

Q_SIGNALS:
    void turnClicked(qint64 turnId);

protected:
    void mouseMoveEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void redraw();
    void fitLegend();
    int replyAt(const QPointF &pos) const;

    browse::ConversationTrajectory m_trajectory;
    const Store *m_store = nullptr;
    qint64 m_conversationId = 0;
    int m_current = -1;
    QSet<QString> m_hidden; // legend entries switched off
};

} // namespace sense7
