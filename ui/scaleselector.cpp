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
        return; // the same value read again (another program wrote): a drag goes on
    cancelDrag(); // a value chosen otherwise: the drag rates nothing now
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
    // A track is as wide as eleven points' boxes.
    const int points = isTrack() ? 11 : m_max - m_min + 1;
    return {points * point + int(readoutWidth() + notApplicableWidth()) + 12, h};
}

QSize ScaleSelector::minimumSizeHint() const
{
    // Eleven points and N/A fit a narrow panel: about 30 px a point.
    const int h = fontMetrics().height() + 14 + anchorHeight();
    const int point = fontMetrics().horizontalAdvance(QStringLiteral("10")) + 10;
    const int points = isTrack() ? 8 : m_max - m_min + 1;
    return {points * point + int(readoutWidth() + notApplicableWidth()) + 12, h};
}

double ScaleSelector::readoutWidth() const
{
    if (!isTrack())
        return 0.0;
    const QFontMetrics metrics(font());
    const int widest = qMax(metrics.horizontalAdvance(QString::number(m_min)),
                            metrics.horizontalAdvance(QString::number(m_max)));
    return widest + 20.0;
}

QRectF ScaleSelector::contentRect() const
{
    return QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5 - anchorHeight());
}

QRectF ScaleSelector::pointsRect() const
{
    // The N/A segment stands a little apart from the scale, and so does a track's value. A
    // track is drawn where its points are, so that a click rates the point drawn under it.
    const QRectF area = contentRect();
    const double na = notApplicableWidth();
    const double inset = isTrack() ? 2.0 : 0.0;
    const double left = isTrack() ? readoutWidth() + 6.0 : 0.0;
    const double right = na > 0 ? na + 8.0 : 0.0;
    return area.adjusted(left + inset, 0, -right - inset, 0);
}

QRectF ScaleSelector::readoutRect() const
{
    const QRectF area = contentRect();
    return {area.left(), area.top(), readoutWidth(), area.height()};
}

QRectF ScaleSelector::segmentRect(int segment) const
{
    const QRectF points = pointsRect();
    const int count = m_max - m_min + 1;
    if (segment >= count) {
        const double na = notApplicableWidth();
        return {contentRect().right() - na, points.top(), na, points.height()};
    }
    const double width = points.width() / count;
    return {points.left() + segment * width, points.top(), width, points.height()};
}

int ScaleSelector::pointAt(double x) const
{
    const QRectF points = pointsRect();
    const int count = m_max - m_min + 1;
    const int segment = int((x - points.left()) / points.width() * count);
    return qBound(0, segment, count - 1);
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
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);

    if (isTrack())
        paintTrack(p, selected, rated);
    else
        paintSegments(p, selected, rated);
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

void ScaleSelector::paintSegments(QPainter &p, int selected, bool rated)
{
    const QPalette pal = palette();
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
}

void ScaleSelector::paintTrack(QPainter &p, int selected, bool rated)
{
    const QPalette pal = palette();
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor highlight = pal.color(QPalette::Highlight);
    const int points = m_max - m_min + 1;
    const QPen outline(rated ? pal.color(QPalette::Mid) : muted, 1.0,
                       rated ? Qt::SolidLine : Qt::DashLine);
    QFont bold = font();
    bold.setBold(true);

    // The value's box: the number chosen, or what is being typed or dragged, or a dash.
    const QRectF box = readoutRect().adjusted(2, 2, -2, -2);
    QPainterPath boxPath;
    boxPath.addRoundedRect(box, 5, 5);
    QString shown = QStringLiteral("–");
    QColor boxFill = pal.color(QPalette::Base);
    QColor boxText = muted;
    if (m_drag >= 0 || m_pending >= 0) {
        shown = QString::number(m_drag >= 0 ? m_min + m_drag : m_pending);
        boxFill = pal.color(QPalette::Midlight);
        boxText = pal.color(QPalette::Text);
    } else if (selected >= 0 && selected < points) {
        shown = QString::number(m_min + selected);
        boxFill = highlight;
        boxText = pal.color(QPalette::HighlightedText);
    }
    p.fillPath(boxPath, boxFill);
    p.setPen(outline);
    p.drawPath(boxPath);
    p.setPen(boxText);
    p.setFont(bold);
    p.drawText(box, Qt::AlignCenter, shown);

    // The track: filled up to the chosen point, a tick on every tenth or so of its points.
    const QRectF track = pointsRect().adjusted(0, 2, 0, -2);
    QPainterPath trackPath;
    trackPath.addRoundedRect(track, 5, 5);
    p.fillPath(trackPath, pal.color(QPalette::Base));
    const auto centre = [&](int segment) {
        return track.left() + (segment + 0.5) * track.width() / points;
    };
    if (selected >= 0 && selected < points) {
        QColor bar = highlight;
        bar.setAlphaF(0.35);
        p.save();
        p.setClipPath(trackPath);
        p.fillRect(
            QRectF(track.left(), track.top(), centre(selected) - track.left(), track.height()),
            bar);
        p.restore();
    }
    p.setPen(QPen(pal.color(QPalette::Mid), 1.0));
    const int step = points > 60 ? 10 : (points > 25 ? 5 : 2); // 10, 20, ... on 1-100
    for (int point = 0; point < points; ++point) {
        if ((m_min + point) % step != 0)
            continue;
        const double x = centre(point);
        p.drawLine(QPointF(x, track.bottom() - 5), QPointF(x, track.bottom() - 1));
    }
    p.setPen(outline);
    p.setBrush(Qt::NoBrush);
    p.drawPath(trackPath);
    const int marked = m_drag >= 0 ? m_drag : (m_hover >= 0 && m_hover < points ? m_hover : -1);
    if (marked >= 0 && isEnabled()) {
        // Where a click or release would rate.
        p.setPen(QPen(pal.color(QPalette::Text), 1.0, Qt::DotLine));
        p.drawLine(QPointF(centre(marked), track.top() + 2),
                   QPointF(centre(marked), track.bottom() - 2));
    }
    if (selected >= 0 && selected < points) {
        const double x = centre(selected);
        p.setPen(QPen(highlight, 3.0, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(x, track.top() + 3), QPointF(x, track.bottom() - 3));
    }
    if (m_allowNotApplicable) {
        // N/A as on a segmented scale.
        const QRectF r = segmentRect(points).adjusted(2, 2, -2, -2);
        QPainterPath path;
        path.addRoundedRect(r, 5, 5);
        const bool isSelected = selected == points;
        p.fillPath(path,
                   isSelected ? muted
                              : (m_hover == points && isEnabled() ? pal.color(QPalette::Midlight)
                                                                  : pal.color(QPalette::Base)));
        p.setPen(outline);
        p.drawPath(path);
        p.setPen(isSelected ? pal.color(QPalette::HighlightedText)
                            : (rated ? pal.color(QPalette::Text) : muted));
        QFont f = font();
        f.setBold(isSelected);
        p.setFont(f);
        p.drawText(r, Qt::AlignCenter, tr("N/A"));
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
                || k == Qt::Key_Backspace || k == Qt::Key_Plus || k == Qt::Key_Minus
                || k == Qt::Key_Home || k == Qt::Key_End)) {
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
    cancelTyping();
    if (isTrack() && s <= m_max - m_min) {
        // Along a track the value follows the mouse and is taken when the button is released:
        // one rating, not one per point passed.
        m_drag = s;
        update();
        return;
    }
    // Clicking the chosen value again clears it.
    choose(s == segmentOf(m_value) ? QJsonValue(QJsonValue::Undefined) : valueOf(s));
}

void ScaleSelector::mouseMoveEvent(QMouseEvent *event)
{
    if (m_drag >= 0 && !(event->buttons() & Qt::LeftButton))
        cancelDrag(); // the release went elsewhere
    if (m_drag >= 0) {
        const int s = pointAt(event->position().x());
        if (s != m_drag) {
            m_drag = s;
            update();
        }
        return;
    }
    const int s = segmentAt(event->position());
    if (s != m_hover) {
        m_hover = s;
        update();
    }
}

void ScaleSelector::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_drag < 0 || event->button() != Qt::LeftButton)
        return;
    const QJsonValue value = valueOf(m_drag);
    m_drag = -1;
    m_hover = segmentAt(event->position());
    update();
    if (value != m_value)
        choose(value);
}

void ScaleSelector::cancelDrag()
{
    if (m_drag < 0)
        return;
    m_drag = -1;
    update();
}

void ScaleSelector::focusOutEvent(QFocusEvent *event)
{
    cancelDrag();
    QWidget::focusOutEvent(event);
}

void ScaleSelector::hideEvent(QHideEvent *event)
{
    cancelDrag();
    QWidget::hideEvent(event);
}

void ScaleSelector::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::EnabledChange && !isEnabled())
        cancelDrag();
    QWidget::changeEvent(event);
}

void ScaleSelector::leaveEvent(QEvent *event)
{
    m_hover = -1;
    update();
    QWidget::leaveEvent(event);
}

bool ScaleSelector::extendable(int number) const
{
    if (number <= 0)
        return false;
    // The numbers that begin with \a number and have k more digits: number * 10^k and on.
    for (qint64 first = qint64(number) * 10, count = 10; first <= m_max; first *= 10, count *= 10) {
        if (first + count - 1 >= m_min)
            return true;
    }
    return false;
}

bool ScaleSelector::typeDigit(int digit)
{
    if (!isEnabled() || digit < 0 || digit > 9)
        return false;
    cancelDrag();
    if (m_pending >= 0) {
        const int typed = m_pending;
        const int longer = typed * 10 + digit;
        if (extendable(longer)) {
            // "1", "0" on 1-100: 10 or, with another 0, 100.
            m_pending = longer;
            m_typing->start();
            update();
            return true;
        }
        cancelTyping();
        if (isPoint(longer)) {
            commitTyped(longer);
            return true;
        }
        if (isPoint(typed)) {
            // "1" then "5" on 0-10: 1 for this scale, 5 for the next.
            commitTyped(typed);
            Q_EMIT digitLeftOver(digit);
            return true;
        }
    }
    // A digit that a further one may extend (the 1 of 10) waits for it.
    if (extendable(digit)) {
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
    cancelDrag();
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
    switch (event->key()) {
    case Qt::Key_Shift:
    case Qt::Key_Control:
    case Qt::Key_Alt:
    case Qt::Key_AltGr:
    case Qt::Key_Meta:
        break; // a modifier alone leaves a drag alone
    default:
        cancelDrag();
    }
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
        const bool down = event->key() == Qt::Key_Left || event->key() == Qt::Key_Minus;
        // With Shift, a track steps a tenth of its points (10 on 0-100).
        const bool tenth = isTrack() && (event->modifiers() & Qt::ShiftModifier);
        const int step = (down ? -1 : 1) * (tenth ? qMax(1, (m_max - m_min + 1) / 10) : 1);
        const int current =
            m_value.isDouble() ? m_value.toInt() : (step > 0 ? m_min - 1 : m_max + 1);
        const int next = qBound(m_min, current + step, m_max);
        choose(next);
        return;
    }
    case Qt::Key_Home:
    case Qt::Key_End:
        cancelTyping();
        choose(event->key() == Qt::Key_Home ? m_min : m_max);
        return;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

void ScaleSelector::choose(const QJsonValue &value)
{
    setValue(value);
    Q_EMIT chosen(value);
}

} // namespace sense7
