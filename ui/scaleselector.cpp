#include "scaleselector.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QStyle>
#include <QStyleOptionFocusRect>
#include <QToolTip>

namespace sense7 {

ScaleSelector::ScaleSelector(int minimum, int maximum, bool allowNotApplicable, QWidget *parent)
    : QWidget(parent)
    , m_min(minimum)
    , m_max(maximum)
    , m_allowNotApplicable(allowNotApplicable)
    , m_typing(new QTimer(this))
{
    m_typing->setSingleShot(true);
    m_typing->setInterval(typingDelay());
    connect(m_typing, &QTimer::timeout, this, &ScaleSelector::commitPending);
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
    updateGeometry();
    update();
}

QFont ScaleSelector::anchorFont() const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return small;
}

int ScaleSelector::anchorHeight() const
{
    if (m_anchors.value(m_min).isEmpty() && m_anchors.value(m_max).isEmpty())
        return 0;
    return QFontMetrics(anchorFont()).height() + 2;
}

double ScaleSelector::notApplicableWidth() const
{
    return m_allowNotApplicable ? fontMetrics().horizontalAdvance(tr("N/A")) + 16.0 : 0.0;
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
    const int h = fontMetrics().height() + 14 + anchorHeight();
    const int point = fontMetrics().horizontalAdvance(QStringLiteral("10")) + 22;
    return {(m_max - m_min + 1) * point + int(notApplicableWidth()) + 12, h};
}

QSize ScaleSelector::minimumSizeHint() const
{
    // Eleven points and N/A fit a narrow panel: about 30 px a point.
    const int h = fontMetrics().height() + 14 + anchorHeight();
    const int point = fontMetrics().horizontalAdvance(QStringLiteral("10")) + 10;
    return {(m_max - m_min + 1) * point + int(notApplicableWidth()) + 12, h};
}

QRectF ScaleSelector::segmentRect(int segment) const
{
    // The N/A segment stands a little apart from the scale.
    const double gap = m_allowNotApplicable ? 8.0 : 0.0;
    const QRectF area = QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5 - anchorHeight());
    const int points = m_max - m_min + 1;
    const double na = notApplicableWidth();
    if (segment >= points)
        return {area.right() - na, area.top(), na, area.height()};
    const double width = (area.width() - gap - na) / points;
    return {area.left() + segment * width, area.top(), width, area.height()};
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
        return tr("Not applicable (N)");
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
        // A gap between the points and inside the focus frame: outlines never touch, so a row
        // of dashed (not yet rated) points reads as separate boxes, not a tangle of dashes.
        const QRectF r = segmentRect(s).adjusted(2, 2, -2, -2);
        const bool isSelected = s == selected;
        QPainterPath path;
        path.addRoundedRect(r, 5, 5);
        QColor fill = pal.color(QPalette::Base);
        const bool pending = m_pending >= 0 && s == m_pending - m_min;
        if (isSelected)
            fill = s > m_max - m_min ? muted : highlight;
        else if ((s == m_hover && isEnabled()) || pending)
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
    if (const int below = anchorHeight()) {
        // The ends' wording under their points: what 1 and 7 mean without hovering.
        p.setFont(anchorFont());
        p.setPen(muted);
        const QFontMetrics metrics(anchorFont());
        const QRectF first = segmentRect(0);
        const QRectF last = segmentRect(m_max - m_min);
        const QRectF line(first.left() + 2, height() - below - 1.5, last.right() - first.left() - 4,
                          below);
        const int half = int(line.width() / 2) - 6;
        // A long anchor ("Not at all: it went past what I said…") shows its head; the tooltip
        // has the whole.
        const auto head = [](const QString &anchor) {
            static const QRegularExpression colon(QStringLiteral("[:：]"));
            const qsizetype at = anchor.indexOf(colon);
            return at > 0 ? anchor.left(at) : anchor;
        };
        p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                   metrics.elidedText(head(m_anchors.value(m_min)), Qt::ElideRight, half));
        p.drawText(line, Qt::AlignRight | Qt::AlignVCenter,
                   metrics.elidedText(head(m_anchors.value(m_max)), Qt::ElideRight, half));
    }
    if (hasFocus() || m_current) {
        QPen pen(highlight, hasFocus() ? 2.0 : 1.0);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5 - anchorHeight()), 6, 6);
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
                || k == Qt::Key_Backspace || k == Qt::Key_Plus || k == Qt::Key_Minus)) {
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

bool ScaleSelector::typeDigit(int digit)
{
    if (!isEnabled() || digit < 0 || digit > 9)
        return false;
    if (m_pending >= 0) {
        const int first = m_pending;
        cancelTyping();
        if (isPoint(first * 10 + digit)) {
            commitTyped(first * 10 + digit);
            return true;
        }
        if (isPoint(first)) {
            // "1" then "5" on 0-10: 1 for this scale, 5 for the next.
            commitTyped(first);
            Q_EMIT digitLeftOver(digit);
            return true;
        }
    }
    // A digit that a second one may extend (the 1 of 10) waits for it.
    if (digit > 0 && digit * 10 <= m_max && digit * 10 + 9 >= m_min) {
        m_pending = digit;
        m_typing->start();
        update();
        return true;
    }
    if (isPoint(digit)) {
        commitTyped(digit);
        return true;
    }
    if (digit == 0 && m_allowNotApplicable) {
        commitTyped(QJsonValue::Null);
        return true;
    }
    return false;
}

void ScaleSelector::cancelTyping()
{
    if (m_pending < 0)
        return;
    m_typing->stop();
    m_pending = -1;
    update();
}

void ScaleSelector::commitPending()
{
    const int first = m_pending;
    cancelTyping();
    if (isPoint(first))
        commitTyped(first);
}

void ScaleSelector::commitTyped(const QJsonValue &value)
{
    choose(value);
    Q_EMIT advance();
}

bool ScaleSelector::chooseByKey(const QKeyEvent *event)
{
    const int k = event->key();
    if (k >= Qt::Key_0 && k <= Qt::Key_9) {
        typeDigit(k - Qt::Key_0);
        return true; // a digit that rates nothing here does nothing else either
    }
    if (k == Qt::Key_N && m_allowNotApplicable) {
        cancelTyping();
        commitTyped(QJsonValue::Null);
        return true;
    }
    return false;
}

void ScaleSelector::keyPressEvent(QKeyEvent *event)
{
    if (!(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier)) && chooseByKey(event))
        return;
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        cancelTyping();
        choose(QJsonValue::Undefined);
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
        cancelTyping();
        Q_EMIT moveRequested(event->key() == Qt::Key_Up ? -1 : 1);
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Minus:
    case Qt::Key_Plus: {
        cancelTyping();
        const int step = event->key() == Qt::Key_Left || event->key() == Qt::Key_Minus ? -1 : 1;
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
