#include "transcriptview.h"

#include "transcripthtml.h"
#include "turnlistmodel.h"

#include <QEvent>
#include <QLocale>

namespace sense7 {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

TranscriptView::TranscriptView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setReadOnly(true);
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Transcript"));
    document()->setDocumentMargin(12);
}

void TranscriptView::setModel(TurnListModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &QAbstractItemModel::modelReset, this, &TranscriptView::render);
    render();
}

void TranscriptView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

QString TranscriptView::roleLabel(const QString &role, int assistantNumber) const
{
    if (role == QLatin1String("assistant"))
        return tr("Assistant · reply %1").arg(assistantNumber);
    if (role == QLatin1String("user"))
        return tr("You");
    if (role == QLatin1String("system"))
        return tr("System");
    return tr("Tool");
}

void TranscriptView::render()
{
    if (!m_model || m_model->rowCount() == 0) {
        setHtml(QStringLiteral("<p style=\"color:%1\">%2</p>")
                    .arg(palette().color(QPalette::PlaceholderText).name(),
                         tr("Choose a conversation to read it here, or import your chat exports "
                            "with File ▸ Import… or by dropping the files on this window.")
                             .toHtmlEscaped()));
        return;
    }
    const QPalette p = palette();
    const QColor base = p.color(QPalette::Base);
    const QColor userBubble = mix(base, p.color(QPalette::Highlight), 0.14);
    const QColor assistantBubble = mix(base, p.color(QPalette::Text), 0.05);
    const QColor codeBackground = mix(base, p.color(QPalette::Text), 0.10);
    const QColor muted = mix(p.color(QPalette::Text), base, 0.40);

    // Minutes are enough in a transcript; some locales' short format still carries seconds.
    const QString timeFormat =
        QLocale().timeFormat(QLocale::ShortFormat).remove(QStringLiteral(":ss"));
    QString html;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row);
        const QString role = index.data(TurnListModel::RoleKeyRole).toString();
        const bool isUser = role == QLatin1String("user");
        const QDateTime at = index.data(TurnListModel::CreatedAtRole).toDateTime();
        QString header = roleLabel(role, index.data(TurnListModel::AssistantNumberRole).toInt());
        if (at.isValid())
            header +=
                QStringLiteral(" · ") + QLocale().toString(at.toLocalTime().time(), timeFormat);
        html += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"10\" "
                               "style=\"margin-top:4px;margin-bottom:8px;margin-%1:48px\">"
                               "<tr><td style=\"background-color:%2\">"
                               "<p style=\"color:%3;margin-bottom:2px\"><b>%4</b></p>%5"
                               "</td></tr></table>")
                    .arg(isUser ? QStringLiteral("left") : QStringLiteral("right"),
                         (isUser ? userBubble : assistantBubble).name(), muted.name(),
                         header.toHtmlEscaped(),
                         transcript::messageToHtml(index.data().toString(), codeBackground));
    }
    setHtml(html);
}

} // namespace sense7
