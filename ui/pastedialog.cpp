#include "pastedialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sense7 {

PasteDialog::PasteDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("pasteDialog"));
    setWindowTitle(tr("Paste Conversation"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Paste a conversation copied from a chat page, or type one. Each speaker starts a "
           "line: \"You:\", \"User:\", \"Assistant:\", \"Copilot:\", \"ChatGPT said:\"…"),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_text = new QPlainTextEdit(splitter);
    m_text->setObjectName(QStringLiteral("pasteText"));
    m_text->setPlaceholderText(tr("You: …\nCopilot: …"));
    m_table = new QTableWidget(0, 3, splitter);
    m_table->setObjectName(QStringLiteral("pastePreview"));
    m_table->setHorizontalHeaderLabels({tr("Role"), tr("Speaker"), tr("Text")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false);
    splitter->addWidget(m_text);
    splitter->addWidget(m_table);
    layout->addWidget(splitter, 1);

    auto *form = new QFormLayout;
    m_speakers = new QLineEdit(this);
    m_speakers->setObjectName(QStringLiteral("pasteSpeakers"));
    m_speakers->setPlaceholderText(tr("e.g. Alex=user, Coach=assistant"));
    form->addRow(tr("Other &speakers:"), m_speakers);
    layout->addLayout(form);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("pasteStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_text, &QPlainTextEdit::textChanged, this, &PasteDialog::updatePreview);
    connect(m_speakers, &QLineEdit::textChanged, this, &PasteDialog::updatePreview);
    resize(720, 560);
    updatePreview();
}

QString PasteDialog::text() const
{
    return m_text->toPlainText();
}

void PasteDialog::setText(const QString &text)
{
    m_text->setPlainText(text);
}

QHash<QString, Role> PasteDialog::speakers() const
{
    QHash<QString, Role> out;
    const QStringList pairs = m_speakers->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &pair : pairs) {
        const qsizetype eq = pair.lastIndexOf(QLatin1Char('='));
        if (eq <= 0)
            continue;
        if (const auto role = roleFromKey(pair.mid(eq + 1).trimmed().toLower()))
            out.insert(pair.left(eq).trimmed().toLower(), *role);
    }
    return out;
}

void PasteDialog::updatePreview()
{
    m_preview = text().trimmed().isEmpty() ? import::TranscriptPreview {}
                                           : import::previewTranscript(text(), speakers());
    m_table->setRowCount(int(m_preview.turns.size()));
    int users = 0, assistants = 0;
    for (int row = 0; row < m_preview.turns.size(); ++row) {
        const Turn &turn = m_preview.turns[row];
        if (turn.role == Role::User)
            ++users;
        else if (turn.role == Role::Assistant)
            ++assistants;
        const QString role = turn.role == Role::User ? tr("participant")
            : turn.role == Role::Assistant           ? tr("assistant")
                                                     : tr("system");
        m_table->setItem(row, 0, new QTableWidgetItem(role));
        m_table->setItem(
            row, 1, new QTableWidgetItem(turn.meta.value(QStringLiteral("speaker")).toString()));
        auto *text = new QTableWidgetItem(turn.text.simplified().left(200));
        text->setToolTip(turn.text);
        m_table->setItem(row, 2, text);
    }
    m_table->resizeColumnToContents(0);
    m_table->resizeColumnToContents(1);
    if (!m_preview.error.isEmpty())
        m_status->setText(m_preview.error);
    else if (m_preview.turns.isEmpty())
        m_status->setText(tr("Nothing pasted yet."));
    else
        m_status->setText(tr("\"%1\" — turns: %2 (%3 from the participant, %4 from the assistant).")
                              .arg(m_preview.title, QString::number(m_preview.turns.size()),
                                   QString::number(users), QString::number(assistants)));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_preview.turns.isEmpty());
}

} // namespace sense7
