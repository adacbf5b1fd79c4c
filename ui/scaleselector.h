#pragma once

#include <QJsonValue>
#include <QMap>
#include <QTimer>
#include <QWidget>

namespace sense7 {

/**
 * A control for one rating: a segment per scale point (2 to 11 of them, from any minimum) or, on
 * a wider scale (up to protocol::maxScalePoints), a track with the value in a box beside it;
 * optionally "N/A". The value is undefined (not rated: a dashed outline, nothing filled), null
 * ("not applicable") or a number. Anchors show as the points' tooltips, and those of the ends
 * under the scale. Keys: digits type a value (typeDigit()): on a scale that reaches 10 or more a
 * digit that a further one could extend waits typingDelay() for it, and a number is committed
 * once no digit could extend it or none follows; 0 or N is "not applicable" where 0 is no point
 * of the scale, Delete clears, Left and Right (or - and +) step, on a track with Shift a tenth of
 * the scale, Home and End go to its ends. A track is also rated by clicking or dragging along it,
 * the value taken when the button is released (a value set meanwhile, a key, a digit or the
 * focus leaving cancels it). Every choice emits chosen().
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
    bool allowsNotApplicable() const { return m_allowNotApplicable; }
    int minimum() const { return m_min; }
    int maximum() const { return m_max; }
    /** Whether the scale is drawn as a track (more than 11 points) rather than a box a point. */
    bool isTrack() const { return m_max - m_min + 1 > 11; }
    /** Where the point \a value is drawn and answers the mouse (a box, or a strip of a track). */
    QRectF pointRect(int value) const { return segmentRect(value - m_min); }

    /**
     * A digit typed for this scale (from the keyboard, focused or not). A value it completes is
     * chosen and advance() emitted; one that a further digit could still extend (the 1 of 10, the 7
     * of 73 on 1-100) waits typingDelay() for it. Digits that rate nothing on this scale are
     * ignored; returns whether \a digit was taken.
     */
    bool typeDigit(int digit);
    /**
     * Forgets digits waiting for another one, and a press on a track not released yet (the pages
     * call it when they show another reply).
     */
    void cancelTyping();
    bool isTyping() const { return m_pending >= 0; }
    /** How long a first digit waits for a second one, in milliseconds. */
    static int typingDelay() { return 800; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /** The person chose \a value (by mouse or key). */
    void chosen(const QJsonValue &value);
    /** A value key was pressed: the panel moves on to the next row. */
    void advance();
    /** Up (-1) or Down (+1) was pressed: the panel moves to the row above or below. */
    void moveRequested(int step);
    /**
     * A digit that did not extend those typed before it: they were chosen alone (and advance()
     * emitted), \a digit is for the scale that is current now.
     */
    void digitLeftOver(int digit);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    int segmentCount() const;
    QRectF segmentRect(int segment) const;
    int segmentAt(const QPointF &pos) const;
    /** The widget less its margins and the anchors' line. */
    QRectF contentRect() const;
    /** The scale points' area, without the N/A segment and, on a track, the value's box. */
    QRectF pointsRect() const;
    /** On a track: the box that shows the value (or what is being typed or dragged). */
    QRectF readoutRect() const;
    double readoutWidth() const;
    /** On a track: the point nearest to \a x, clamped to the scale (a segment index). */
    int pointAt(double x) const;
    void paintSegments(QPainter &p, int selected, bool rated);
    void paintTrack(QPainter &p, int selected, bool rated);
    QJsonValue valueOf(int segment) const;
    int segmentOf(const QJsonValue &value) const; // -1 when not rated
    QString segmentLabel(int segment) const;
    QString segmentToolTip(int segment) const;
    /** Handles a value key; returns false for other keys. */
    bool chooseByKey(const QKeyEvent *event);
    bool isPoint(int value) const { return value >= m_min && value <= m_max; }
    /** Whether a further digit could make \a number a point of the scale (the 1 of 10). */
    bool extendable(int number) const;
    /** Width of the N/A segment; 0 without one. */
    double notApplicableWidth() const;
    void choose(const QJsonValue &value);
    void updateAccessibleDescription();
    /** Chooses \a value (a point or null) as a key did, and moves on. */
    void commitTyped(const QJsonValue &value);
    void commitPending();
    /** Forgets a press on a track whose release has not come (or will rate nothing). */
    void cancelDrag();
    /** Height of the anchors' line under the segments; 0 when the ends have no anchors. */
    int anchorHeight() const;
    QFont anchorFont() const;

    int m_min;
    int m_max;
    bool m_allowNotApplicable;
    QJsonValue m_value = QJsonValue::Undefined;
    QMap<int, QString> m_anchors;
    int m_hover = -1;
    bool m_current = false;
    int m_pending = -1; // the digits typed so far, waiting for another one
    int m_drag = -1; // on a track: the point (segment) under the pressed mouse button
    QTimer *m_typing;
};

} // namespace sense7
