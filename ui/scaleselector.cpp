#include "scaleselector.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QStyle>
#include <QStyleOptionFocusRect>
#include <QToolTip>

namespace sense7 {

ScaleSelector::ScaleSelector(int minimum, int maximum, bool allowNotApplicable, QWidget *parent)
    : QWidget(parent)
    , m_min(minimum)
    , m_max(maximum)
    , m_allowNotApplicable(allowNotApplicable)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_Hover);
    updateAccessibleDescription();
}

void ScaleSelector::setValue(const QJsonValue &value)
{
    if (m_value == value)
        return;
    m_value = value;
    updateAccessibleDescription();
    update();
}

void ScaleSelector::setAnchors(const QMap<int, QString> &anchors)
{
    m_anchors = anchors;
}

void ScaleSelector::setCurrent(bool current)
{
    if (m_current == current)
        return;
    m_current = current;
    update();
}

int ScaleSelector::segmentCount() const
{
    return m_max - m_min + 1 + (m_allowNotApplicable ? 1 : 0);
}

QSize ScaleSelector::sizeHint() const
{
    const int h = fontMetrics().height() + 14;
    return {segmentCount() * (fontMetrics().horizontalAdvance(QStringLiteral("N/A")) + 20), h};
}

QSize ScaleSelector::minimumSizeHint() const
{
    const int h = fontMetrics().height() + 14;
    return {segmentCount() * (fontMetrics().horizontalAdvance(QStringLiteral("N/A")) + 6), h};
}

QRectF ScaleSelector::segmentRect(int segment) const
{
    // The N/A segment stands a little apart from the scale.
    const double gap = m_allowNotApplicable ? 8.0 : 0.0;
    const QRectF area = QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5);
    const int points = m_max - m_min + 1;
    const double width = (area.width() - gap) / segmentCount();
    double left = area.left() + segment * width;
    if (segment >= points)
        left += gap;
    return {left, area.top(), width, area.height()};
}

int ScaleSelector::segmentAt(const QPointF &pos) const
{
    for (int s = 0; s < segmentCount(); ++s) {
        if (segmentRect(s).contains(pos))
            return s;
    }
    return -1;
}

QJsonValue ScaleSelector::valueOf(int segment) const
{
    if (segment < 0)
        return QJsonValue::Undefined;
    if (segment > m_max - m_min)
        return QJsonValue::Null;
    return m_min + segment;
}

int ScaleSelector::segmentOf(const QJsonValue &value) const
{
    if (value.isNull())
        return m_allowNotApplicable ? m_max - m_min + 1 : -1;
    if (value.isDouble())
        return value.toInt() - m_min;
    return -1;
}

QString ScaleSelector::segmentLabel(int segment) const
{
    if (segment > m_max - m_min)
        return tr("N/A");
    return QString::number(m_min + segment);
}

QString ScaleSelector::segmentToolTip(int segment) const
{
    if (segment > m_max - m_min)
        return tr("Not applicable to this reply (0 or N)");
    const int point = m_min + segment;
    const QString anchor = m_anchors.value(point);
    return anchor.isEmpty() ? QString::number(point) : tr("%1 — %2").arg(point).arg(anchor);
}

void ScaleSelector::updateAccessibleDescription()
{
    QString state;
    if (m_value.isUndefined())
        state = tr("not rated");
    else if (m_value.isNull())
        state = tr("not applicable");
    else
        state = tr("%1 of %2").arg(m_value.toInt()).arg(m_max);
    setAccessibleDescription(state);
    if (QAccessible::isActive()) {
        QAccessibleEvent event(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

void ScaleSelector::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const int selected = segmentOf(m_value);
    const bool rated = !m_value.isUndefined();
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);

    for (int s = 0; s < segmentCount(); ++s) {
        const QRectF r = segmentRect(s).adjusted(1, 0, -1, 0);
        const bool isSelected = s == selected;
        QPainterPath path;
        path.addRoundedRect(r, 5, 5);
        QColor fill = pal.color(QPalette::Base);
        if (isSelected)
            fill = s > m_max - m_min ? muted : highlight;
        else if (s == m_hover && isEnabled())
            fill = pal.color(QPalette::Midlight);
        p.fillPath(path, fill);
        // Not rated: dashed outlines, so an empty row never looks like a chosen value.
        QPen pen(rated ? pal.color(QPalette::Mid) : muted, 1.0,
                 rated ? Qt::SolidLine : Qt::DashLine);
        p.setPen(pen);
        p.drawPath(path);
        p.setPen(isSelected ? pal.color(QPalette::HighlightedText) : (rated ? text : muted));
        QFont f = font();
        f.setBold(isSelected);
        p.setFont(f);
        p.drawText(r, Qt::AlignCenter, segmentLabel(s));
    }
    if (hasFocus() || m_current) {
        QPen pen(highlight, hasFocus() ? 2.0 : 1.0);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    }
}

bool ScaleSelector::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int s = segmentAt(help->pos());
        if (s >= 0)
            QToolTip::showText(help->globalPos(), segmentToolTip(s), this, segmentRect(s).toRect());
        else
            QToolTip::hideText();
        return true;
    }
    // The value keys belong to this control while it has focus, not to window shortcuts.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        const int k = key->key();
        const bool plain = !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier));
        if (plain
            && ((k >= Qt::Key_0 && k <= Qt::Key_9) || k == Qt::Key_N || k == Qt::Key_Delete
                || k == Qt::Key_Backspace)) {
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

void ScaleSelector::mousePressEvent(QMouseEvent *event)
{
    const int s = segmentAt(event->position());
    if (s < 0 || event->button() != Qt::LeftButton)
        return;
    setFocus(Qt::MouseFocusReason);
    // Clicking the chosen value again clears it.
    choose(s == segmentOf(m_value) ? QJsonValue(QJsonValue::Undefined) : valueOf(s));
}

void ScaleSelector::mouseMoveEvent(QMouseEvent *event)
{
    const int s = segmentAt(event->position());
    if (s != m_hover) {
        m_hover = s;
        update();
    }
}

void ScaleSelector::leaveEvent(QEvent *event)
{
    m_hover = -1;
    update();
    QWidget::leaveEvent(event);
}

bool ScaleSelector::chooseByKey(const QKeyEvent *event)
{
    const int k = event->key();
    if (k >= Qt::Key_0 && k <= Qt::Key_9) {
        const int digit = k - Qt::Key_0;
        if (digit >= m_min && digit <= m_max) {
            choose(digit);
            return true;
        }
        if (digit == 0 && m_allowNotApplicable) {
            choose(QJsonValue::Null);
            return true;
        }
        return false;
    }
    if (k == Qt::Key_N && m_allowNotApplicable) {
        choose(QJsonValue::Null);
        return true;
    }
    return false;
}

void ScaleSelector::keyPressEvent(QKeyEvent *event)
{
    if (!(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier)) && chooseByKey(event)) {
        Q_EMIT advance();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        choose(QJsonValue::Undefined);
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
        Q_EMIT moveRequested(event->key() == Qt::Key_Up ? -1 : 1);
        return;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const int step = event->key() == Qt::Key_Left ? -1 : 1;
        const int current =
            m_value.isDouble() ? m_value.toInt() : (step > 0 ? m_min - 1 : m_max + 1);
        const int next = qBound(m_min, current + step, m_max);
        choose(next);
        return;
    }
    default:
        QWidget::keyPressEvent(event);
    }
}

void ScaleSelector::choose(const QJsonValue &value)
{
    setValue(value);
    Q_EMIT chosen(value);
}

} // namespace sense7
