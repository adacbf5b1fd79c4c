#pragma once

#include <QJsonValue>
#include <QMap>
#include <QWidget>

namespace sense7 {

/**
 * A segmented control for one rating: a segment per scale point and, optionally, "N/A". The value
 * is undefined (not rated: a dashed outline, no segment filled), null ("not applicable") or a
 * number. Anchors show as the segments' tooltips. Keys: the digits of the scale choose a value,
 * 0 or N "not applicable", Delete clears, Left and Right step; every choice emits chosen().
 */
class ScaleSelector : public QWidget
{
    Q_OBJECT

public:
    explicit ScaleSelector(int minimum, int maximum, bool allowNotApplicable,
                           QWidget *parent = nullptr);

    QJsonValue value() const { return m_value; }
    /** Shows \a value without emitting chosen(). */
    void setValue(const QJsonValue &value);
    void setAnchors(const QMap<int, QString> &anchors);
    /** Draws the row as the one the rating keys act on. */
    void setCurrent(bool current);
    bool isCurrent() const { return m_current; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /** The person chose \a value (by mouse or key). */
    void chosen(const QJsonValue &value);
    /** A value key was pressed: the panel moves on to the next row. */
    void advance();
    /** Up (-1) or Down (+1) was pressed: the panel moves to the row above or below. */
    void moveRequested(int step);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    int segmentCount() const;
    QRectF segmentRect(int segment) const;
    int segmentAt(const QPointF &pos) const;
    QJsonValue valueOf(int segment) const;
    int segmentOf(const QJsonValue &value) const; // -1 when not rated
    QString segmentLabel(int segment) const;
    QString segmentToolTip(int segment) const;
    /** Handles a value key; returns false for other keys. */
    bool chooseByKey(const QKeyEvent *event);
    void choose(const QJsonValue &value);
    void updateAccessibleDescription();

    int m_min;
    int m_max;
    bool m_allowNotApplicable;
    QJsonValue m_value = QJsonValue::Undefined;
    QMap<int, QString> m_anchors;
    int m_hover = -1;
    bool m_current = false;
};

} // namespace sense7
