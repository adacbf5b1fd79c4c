#include "transcriptview.h"

#include "charts/palette.h"
#include "fonts.h"
#include "transcripthtml.h"
#include "turnlistmodel.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextFrame>
#include <QUrl>

namespace sense7 {

namespace {

/** Cuts \a text near \a limit at a paragraph or sentence end, never inside a code fence. */
QString collapsed(const QString &text, int limit)
{
    int cut = text.lastIndexOf(QStringLiteral("\n\n"), limit);
    if (cut < limit / 2)
        cut = text.lastIndexOf(QStringLiteral(". "), limit) + 1;
    if (cut < limit / 2)
        cut = limit;
    QString head = text.left(cut);
    if (head.count(QStringLiteral("```")) % 2 == 1)
        head += QStringLiteral("\n```");
    return head;
}

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setReadOnly(true);
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Transcript"));
    setAccessibleDescription(tr("The conversation; the reply being rated is outlined. Links "
                                "expand long messages."));
    setFont(fonts::withChineseFallback(font()));
    document()->setDefaultFont(font());
    document()->setDocumentMargin(12);
    // Turns are drawn into the document piece by piece as a conversation grows: keep no undo.
    document()->setUndoRedoEnabled(false);
    connect(this, &QTextBrowser::anchorClicked, this, &TranscriptView::followLink);
}

void TranscriptView::setModel(TurnListModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            m_expanded.clear();
            m_current = 0;
            render();
        });
        // A live conversation grows at its end: only the rows inserted or changed are drawn.
        connect(m_model, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex &, int first) { renderFrom(first); });
        connect(m_model, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex &topLeft) { renderFrom(topLeft.row()); });
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &TranscriptView::render);
        connect(m_model, &QAbstractItemModel::rowsMoved, this, &TranscriptView::render);
        connect(m_model, &QAbstractItemModel::layoutChanged, this, &TranscriptView::render);
    }
    render();
}

void TranscriptView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
    if (event->type() == QEvent::FontChange) {
        // Keep the Chinese fallback when the application font changes.
        if (font().families().size() <= 1 && !fonts::chineseFamilies().isEmpty()) {
            setFont(fonts::withChineseFallback(font()));
            return;
        }
        document()->setDefaultFont(font());
    }
}

void TranscriptView::focusInEvent(QFocusEvent *event)
{
    QTextBrowser::focusInEvent(event);
    viewport()->update();
}

void TranscriptView::focusOutEvent(QFocusEvent *event)
{
    QTextBrowser::focusOutEvent(event);
    viewport()->update();
}

void TranscriptView::paintEvent(QPaintEvent *event)
{
    QTextBrowser::paintEvent(event);
    if (!hasFocus())
        return;
    // The transcript has no frame of its own: show keyboard focus with a highlight edge.
    QPainter painter(viewport());
    QPen pen(palette().color(QPalette::Highlight), 2);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(viewport()->rect()).adjusted(1, 1, -1, -1));
}

QString TranscriptView::roleLabel(const QString &role, int assistantNumber) const
{
    const Role known = roleFromKey(role).value_or(Role::Tool);
    if (known == Role::Assistant)
        return tr("Assistant · reply %1").arg(assistantNumber);
    return labelOf(known);
}

TranscriptView::Colors TranscriptView::colors() const
{
    const QPalette p = palette();
    const QColor base = p.color(QPalette::Base);
    return {charts::mix(base, p.color(QPalette::Highlight), 0.14),
            charts::mix(base, p.color(QPalette::Text), 0.05),
            charts::mix(base, p.color(QPalette::Text), 0.10),
            charts::mix(p.color(QPalette::Text), base, 0.40)};
}

namespace {

/** Minutes are enough in a transcript; some locales' short format still carries seconds. */
QString transcriptTimeFormat()
{
    return QLocale().timeFormat(QLocale::ShortFormat).remove(QStringLiteral(":ss"));
}

} // namespace

QString TranscriptView::rowHtml(int row, const Colors &colors, const QString &timeFormat) const
{
    const QModelIndex index = m_model->index(row);
    const qint64 id = index.data(TurnListModel::IdRole).toLongLong();
    const QString role = index.data(TurnListModel::RoleKeyRole).toString();
    const bool isUser = role == QLatin1String("user");
    const QDateTime at = index.data(TurnListModel::CreatedAtRole).toDateTime();
    QString header = roleLabel(role, index.data(TurnListModel::AssistantNumberRole).toInt());
    if (at.isValid())
        header += QStringLiteral(" · ") + QLocale().toString(at.toLocalTime().time(), timeFormat);
    QString text = index.data().toString();
    QString more;
    if (text.size() > collapseAbove && !m_expanded.contains(id)) {
        more = QStringLiteral("<p><a href=\"expand:%1\">%2</a></p>")
                   .arg(id)
                   .arg(tr("Show more (%n more characters)", nullptr,
                           int(text.size() - collapsed(text, collapseAbove / 2).size()))
                            .toHtmlEscaped());
        text = collapsed(text, collapseAbove / 2);
    }
    return QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"10\" "
                          "border=\"0\" style=\"margin-top:4px;margin-bottom:8px;"
                          "margin-%1:48px\"><tr><td style=\"background-color:%2\">"
                          "<p style=\"margin-bottom:2px\"><a href=\"turn:%6\" "
                          "style=\"color:%3;text-decoration:none\"><b>%4</b></a></p>%5%7"
                          "</td></tr></table>")
        .arg(isUser ? QStringLiteral("left") : QStringLiteral("right"),
             (isUser ? colors.userBubble : colors.assistantBubble).name(), colors.muted.name(),
             header.toHtmlEscaped(), transcript::messageToHtml(text, colors.codeBackground),
             QString::number(id), more);
}

void TranscriptView::render()
{
    const int framesBefore = int(m_frames.size());
    m_frames.clear();
    if (!m_model || m_model->rowCount() == 0) {
        m_rowHtml.clear();
        setHtml(QStringLiteral("<p style=\"color:%1\">%2</p>")
                    .arg(palette().color(QPalette::PlaceholderText).name(),
                         tr("Choose a conversation to read it here, or import your chat exports "
                            "with File ▸ Import… or by dropping the files on this window.")
                             .toHtmlEscaped()));
        return;
    }
    const Colors palette = colors();
    const QString timeFormat = transcriptTimeFormat();
    QStringList rows;
    rows.reserve(m_model->rowCount());
    for (int row = 0; row < m_model->rowCount(); ++row)
        rows << rowHtml(row, palette, timeFormat);
    // A conversation that grows (a live one) or changes at its end is drawn again from the first
    // turn that differs only: the turns above keep their layout, and the view its scroll position.
    int same = 0;
    if (framesBefore == m_rowHtml.size()) {
        while (same < rows.size() && same < m_rowHtml.size() && rows[same] == m_rowHtml[same])
            ++same;
    }
    if (same > 0 && document()->rootFrame()->childFrames().size() == m_rowHtml.size()) {
        // Kept turns may still be outlined as the current one before.
        const QList<QTextFrame *> kept = document()->rootFrame()->childFrames();
        for (int row = 0; row < same; ++row) {
            if (kept[row]->frameFormat().border() != 0 && m_model->turn(row).id != m_current)
                outline(kept[row], false);
        }
        replaceTail(same, rows.mid(same));
        return;
    }
    setHtml(rows.join(QString()));
    m_rowHtml = rows;
    collectFrames(0);
}

void TranscriptView::renderFrom(int first)
{
    // Only a drawing that matches the model row for row can be patched; else draw it whole.
    if (!m_model || first <= 0 || m_frames.isEmpty() || m_frames.size() != m_rowHtml.size()
        || first > m_rowHtml.size() || m_model->rowCount() < first) {
        render();
        return;
    }
    const Colors palette = colors();
    const QString timeFormat = transcriptTimeFormat();
    QStringList rows;
    rows.reserve(m_model->rowCount() - first);
    int same = first;
    for (int row = first; row < m_model->rowCount(); ++row) {
        QString html = rowHtml(row, palette, timeFormat);
        if (rows.isEmpty() && row == same && row < m_rowHtml.size() && html == m_rowHtml[row])
            ++same; // drawn as it is already
        else
            rows << std::move(html);
    }
    replaceTail(same, rows);
}

void TranscriptView::replaceTail(int same, const QStringList &rows)
{
    const int kept = int(m_rowHtml.size());
    if (same < kept || !rows.isEmpty()) {
        const QList<QTextFrame *> before = document()->rootFrame()->childFrames();
        QTextCursor cursor(document());
        cursor.beginEditBlock();
        if (same < before.size()) {
            cursor.setPosition(before[same]->firstPosition() - 1);
            cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
            cursor.removeSelectedText();
        }
        cursor.movePosition(QTextCursor::End);
        if (!rows.isEmpty())
            cursor.insertHtml(rows.join(QString()));
        cursor.endEditBlock();
    }
    m_rowHtml = m_rowHtml.mid(0, same) + rows;
    collectFrames(std::min(same, kept));
}

void TranscriptView::collectFrames(int kept)
{
    // Each turn is one top-level table: keep them to outline the current one cheaply.
    m_frames.clear();
    const QList<QTextFrame *> frames = document()->rootFrame()->childFrames();
    for (QTextFrame *frame : frames)
        m_frames.append(frame);
    if (!m_model || m_frames.size() != m_model->rowCount()
        || m_rowHtml.size() != m_model->rowCount()) {
        m_frames.clear(); // unexpected structure: no outline rather than a wrong one
        m_rowHtml.clear(); // and drawn whole next time
    }
    if (m_current) {
        for (int row = int(m_frames.size()) - 1; row >= 0; --row) {
            if (m_model->turn(row).id == m_current) {
                if (row >= kept || m_frames[row]->frameFormat().border() == 0)
                    outline(row, true);
                break;
            }
        }
    }
}

void TranscriptView::outline(int row, bool on)
{
    if (row >= 0 && row < m_frames.size())
        outline(m_frames[row], on);
}

void TranscriptView::outline(QTextFrame *frame, bool on)
{
    QTextFrameFormat format = frame->frameFormat();
    format.setBorder(on ? 2 : 0);
    format.setBorderBrush(palette().color(QPalette::Highlight));
    format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
    frame->setFrameFormat(format);
}

void TranscriptView::setCurrentTurn(qint64 turnId)
{
    if (!m_model)
        return;
    int oldRow = -1;
    int newRow = -1;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const qint64 id = m_model->turn(row).id;
        if (id == m_current)
            oldRow = row;
        if (id == turnId)
            newRow = row;
    }
    if (oldRow != newRow) {
        outline(oldRow, false);
        outline(newRow, true);
    }
    m_current = turnId;
    scrollToRow(newRow);
}

void TranscriptView::scrollToRow(int row)
{
    if (row < 0 || row >= m_frames.size())
        return;
    const QRectF box = document()->documentLayout()->frameBoundingRect(m_frames[row]);
    QScrollBar *bar = verticalScrollBar();
    const int top = int(box.top()) - 8;
    const int bottom = int(box.bottom()) + 8;
    const int height = viewport()->height();
    // Keep the whole turn in view when it fits, else its beginning.
    if (top < bar->value() || box.height() + 16 > height)
        bar->setValue(top);
    else if (bottom > bar->value() + height)
        bar->setValue(bottom - height);
}

void TranscriptView::expand(qint64 turnId)
{
    if (m_expanded.contains(turnId))
        return;
    const int scroll = verticalScrollBar()->value();
    m_expanded.insert(turnId);
    render();
    verticalScrollBar()->setValue(scroll);
}

bool TranscriptView::isCollapsed(qint64 turnId) const
{
    if (!m_model || m_expanded.contains(turnId))
        return false;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->turn(row).id == turnId)
            return m_model->turn(row).text.size() > collapseAbove;
    }
    return false;
}

void TranscriptView::setPicking(bool picking)
{
    m_picking = picking;
    viewport()->setCursor(picking ? Qt::CrossCursor : Qt::IBeamCursor);
}

qint64 TranscriptView::turnAt(const QPoint &viewportPos) const
{
    const int position = cursorForPosition(viewportPos).position();
    for (int row = 0; row < m_frames.size(); ++row) {
        if (position >= m_frames[row]->firstPosition() && position <= m_frames[row]->lastPosition())
            return m_model->turn(row).id;
    }
    return 0;
}

void TranscriptView::mousePressEvent(QMouseEvent *event)
{
    // While the rating panel asks for the lost turn, a click anywhere on a turn chooses it.
    if (m_picking && event->button() == Qt::LeftButton) {
        if (const qint64 id = turnAt(event->position().toPoint())) {
            Q_EMIT turnClicked(id);
            event->accept();
            return;
        }
    }
    QTextBrowser::mousePressEvent(event);
}

void TranscriptView::followLink(const QUrl &url)
{
    const QString target = url.toString();
    const int colon = target.indexOf(QLatin1Char(':'));
    const QString scheme = target.left(colon);
    const qint64 id = target.mid(colon + 1).toLongLong();
    if (scheme == QLatin1String("expand"))
        expand(id);
    else if (scheme == QLatin1String("turn"))
        Q_EMIT turnClicked(id);
}

} // namespace sense7
