#pragma once

#include <QJsonValue>
#include <QMap>
#include <QTimer>
#include <QWidget>

namespace sense7 {

/**
 * A segmented control for one rating: a segment per scale point (2 to 11 of them, from any
 * minimum) and, optionally, "N/A". The value is undefined (not rated: a dashed outline, no
 * segment filled), null ("not applicable") or a number. Anchors show as the segments' tooltips,
 * and those of the ends under the scale. Keys: digits type a value (typeDigit()): a scale that
 * reaches 10 or more takes two digits typed within typingDelay(), and a single digit is committed
 * once no second one follows; 0 or N is "not applicable" where 0 is no point of the scale, Delete
 * clears, Left and Right (or - and +) step; every choice emits chosen().
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

    /**
     * A digit typed for this scale (from the keyboard, focused or not). A value it completes is
     * chosen and advance() emitted; one that a second digit could still extend (the 1 of 10) waits
     * typingDelay() for it. Digits that rate nothing on this scale are ignored; returns whether
     * \a digit was taken.
     */
    bool typeDigit(int digit);
    /** Forgets a digit waiting for its second one. */
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
     * A second digit that did not extend the first one: the first was chosen alone (and advance()
     * emitted), \a digit is for the scale that is current now.
     */
    void digitLeftOver(int digit);

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
    bool isPoint(int value) const { return value >= m_min && value <= m_max; }
    /** Width of the N/A segment; 0 without one. */
    double notApplicableWidth() const;
    void choose(const QJsonValue &value);
    void updateAccessibleDescription();
    /** Chooses \a value (a point or null) as a key did, and moves on. */
    void commitTyped(const QJsonValue &value);
    void commitPending();
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
    int m_pending = -1; // a first digit waiting for its second one
    QTimer *m_typing;
};

} // namespace sense7
