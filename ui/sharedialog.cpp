#include "sharedialog.h"

#include "dataexport.h"
#include "settings.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace sense7 {
namespace {

/** \a text as it will leave, its redactions highlighted. */
QString highlighted(const QString &text, const redact::Redactor &redactor)
{
    QString html;
    qsizetype at = 0;
    for (const redact::Span &span : redactor.find(text)) {
        html += text.mid(at, span.start - at).toHtmlEscaped();
        html += QStringLiteral("<span class=\"redacted\" style=\"background-color:#F0E442; "
                               "color:#000000; font-weight:bold\">%1</span>")
                    .arg(redact::placeholder(span.kind).toHtmlEscaped());
        at = span.start + span.length;
    }
    html += text.mid(at).toHtmlEscaped();
    html.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    return html;
}

} // namespace

ShareDialog::ShareDialog(const Store &store, qint64 participantId, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_participant(new QComboBox(this))
    , m_code(new QLineEdit(this))
    , m_terms(new QLineEdit(this))
    , m_ratingsOnly(new QCheckBox(tr("Share &ratings only, without any message text"), this))
    , m_conversations(new QListWidget(this))
    , m_preview(new QTextBrowser(this))
    , m_summary(new QLabel(this))
    , m_consent(new QCheckBox(this))
    , m_save(nullptr)
    , m_delay(new QTimer(this))
{
    setObjectName(QStringLiteral("shareDialog"));
    setWindowTitle(tr("Share My Data"));

    auto *intro = new QLabel(
        tr("This writes a file you can send to the research team. Your participant code is "
           "replaced by a pseudonym, and email addresses, phone numbers, web and IP addresses "
           "are removed from every message. Add anything else that identifies you, such as "
           "your name or your company. The preview shows exactly what the file will contain."),
        this);
    intro->setWordWrap(true);

    m_participant->setObjectName(QStringLiteral("shareParticipant"));
    m_participant->setAccessibleName(tr("Participant"));
    for (const Participant &p : store.participants())
        m_participant->addItem(p.code, p.id);
    if (participantId > 0)
        m_participant->setCurrentIndex(std::max(0, m_participant->findData(participantId)));
    m_participant->setEnabled(m_participant->count() > 1);
    m_code->setObjectName(QStringLiteral("shareCode"));
    m_code->setAccessibleName(tr("Code in the shared file"));
    m_code->setToolTip(tr("A pseudonym, the same each time you share from this data set. Use "
                          "the code the research team gave you, if they gave you one."));
    m_terms->setObjectName(QStringLiteral("shareTerms"));
    m_terms->setAccessibleName(tr("Words to remove"));
    m_terms->setPlaceholderText(tr("e.g. Jane Doe, Acme, 张伟"));
    m_terms->setToolTip(tr("Separate words or names with commas. Each is removed wherever it "
                           "appears as a word, in any letter case."));
    m_terms->setClearButtonEnabled(true);
    m_ratingsOnly->setObjectName(QStringLiteral("shareRatingsOnly"));
    auto *form = new QFormLayout;
    form->addRow(tr("&Participant:"), m_participant);
    form->addRow(tr("&Code in the file:"), m_code);
    form->addRow(tr("&Remove these words:"), m_terms);
    form->addRow(QString(), m_ratingsOnly);

    m_conversations->setObjectName(QStringLiteral("shareConversations"));
    m_conversations->setAccessibleName(tr("Conversations to be shared"));
    m_preview->setObjectName(QStringLiteral("sharePreview"));
    m_preview->setAccessibleName(tr("Preview of what will be shared"));
    m_preview->setOpenLinks(false);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_conversations);
    split->addWidget(m_preview);
    split->setStretchFactor(1, 3);
    split->setSizes({240, 620});
    m_summary->setObjectName(QStringLiteral("shareSummary"));
    m_summary->setWordWrap(true);

    m_consent->setObjectName(QStringLiteral("shareConsent"));
    m_consent->setText(
        tr("I have looked at what will be shared and I agree to share it with the research team."));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setText(tr("&Save Bundle…"));
    m_save->setEnabled(false);
    connect(m_consent, &QCheckBox::toggled, this, [this] { m_save->setEnabled(mayShare()); });

    // The study's consent text comes before anything is shared, with its own "I agree".
    m_studyConsentBox = new QGroupBox(tr("The study's consent"), this);
    m_studyConsent = new QTextBrowser(m_studyConsentBox);
    m_studyConsent->setObjectName(QStringLiteral("shareStudyConsent"));
    m_studyConsent->setAccessibleName(tr("The study's consent text"));
    m_studyConsent->setMaximumHeight(fontMetrics().lineSpacing() * 7);
    m_agree = new QCheckBox(tr("I &agree to the consent text above."), m_studyConsentBox);
    m_agree->setObjectName(QStringLiteral("shareAgree"));
    connect(m_agree, &QCheckBox::toggled, this, [this] { m_save->setEnabled(mayShare()); });
    auto *boxLayout = new QVBoxLayout(m_studyConsentBox);
    boxLayout->addWidget(m_studyConsent);
    boxLayout->addWidget(m_agree);
    m_closed = new QLabel(tr("This study does not let participants share their data."), this);
    m_closed->setObjectName(QStringLiteral("shareClosed"));
    m_closed->setWordWrap(true);
    m_closed->setStyleSheet(QStringLiteral("color: #b3261e"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ShareDialog::chooseFileAndSave);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_closed);
    layout->addWidget(m_studyConsentBox);
    layout->addLayout(form);
    layout->addWidget(split, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_consent);
    layout->addWidget(buttons);

    // Typing terms redraws the preview after a pause, not on every key.
    m_delay->setSingleShot(true);
    m_delay->setInterval(250);
    connect(m_delay, &QTimer::timeout, this, &ShareDialog::updatePreview);
    connect(m_terms, &QLineEdit::textChanged, m_delay, qOverload<>(&QTimer::start));
    connect(m_code, &QLineEdit::textChanged, m_delay, qOverload<>(&QTimer::start));
    connect(m_ratingsOnly, &QCheckBox::toggled, this, &ShareDialog::updatePreview);
    connect(m_conversations, &QListWidget::currentRowChanged, this, &ShareDialog::updatePreview);
    connect(m_participant, &QComboBox::currentIndexChanged, this, &ShareDialog::loadParticipant);
    // Whatever changes what leaves asks for consent again.
    for (QObject *source : {static_cast<QObject *>(m_terms), static_cast<QObject *>(m_code)})
        connect(qobject_cast<QLineEdit *>(source), &QLineEdit::textChanged, m_consent,
                [this] { m_consent->setChecked(false); });
    connect(m_ratingsOnly, &QCheckBox::toggled, m_consent,
            [this] { m_consent->setChecked(false); });
    showStudyConsent(store.protocol());
    loadParticipant();
    resize(960, 680);
}

qint64 ShareDialog::participantId() const
{
    return m_participant->currentData().toLongLong();
}

exporter::Options ShareDialog::options() const
{
    exporter::Options options;
    options.filter.participants = {m_participant->currentText()};
    options.anonymise.enabled = true;
    options.anonymise.participantCode = m_code->text().trimmed();
    options.anonymise.ratingsOnly = m_ratingsOnly->isChecked();
    for (const QString &term : m_terms->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!term.trimmed().isEmpty())
            options.anonymise.terms.append(term.trimmed());
    return options;
}

void ShareDialog::loadParticipant()
{
    m_code->setText(exporter::pseudonym(m_store, participantId()));
    m_conversations->clear();
    const QVector<qint64> ids = exporter::selectConversations(m_store, options().filter);
    for (const qint64 id : ids) {
        const auto c = m_store.conversation(id);
        auto *item =
            new QListWidgetItem(c->title.isEmpty() ? tr("(untitled)") : c->title, m_conversations);
        item->setData(Qt::UserRole, id);
    }
    if (m_conversations->count() > 0)
        m_conversations->setCurrentRow(0);
    updatePreview();
}

QString ShareDialog::previewHtml() const
{
    const QListWidgetItem *item = m_conversations->currentItem();
    if (!item)
        return tr("<p>There is nothing to share: this participant has no conversations.</p>");
    const exporter::Options o = options();
    const redact::Redactor redactor(o.anonymise.terms);
    const qint64 id = item->data(Qt::UserRole).toLongLong();
    const QJsonObject shared = exporter::conversationJson(m_store, id, o.anonymise, &redactor);
    const auto original = m_store.conversation(id);
    QString html = QStringLiteral("<h3>%1</h3>")
                       .arg(o.anonymise.ratingsOnly ? tr("(title not shared)").toHtmlEscaped()
                                                    : highlighted(original->title, redactor));
    html += QStringLiteral("<p>")
        + tr("Participant: <b>%1</b> · Assistant: %2 · Ratings: %3 · Continuity flags: %4")
              .arg(shared.value(QStringLiteral("participant")).toString().toHtmlEscaped(),
                   original->agent.isEmpty() ? QStringLiteral("–")
                                             : original->agent.toHtmlEscaped(),
                   QString::number(shared.value(QStringLiteral("ratings")).toArray().size()),
                   QString::number(shared.value(QStringLiteral("flags")).toArray().size()))
        + QStringLiteral("</p><hr>");
    for (const Turn &turn : m_store.turns(id)) {
        const bool person = turn.role == Role::User || turn.role == Role::Assistant;
        html +=
            QStringLiteral("<p><b>%1:</b> ").arg(person ? labelOf(turn.role) : roleKey(turn.role));
        html += o.anonymise.ratingsOnly
            ? QStringLiteral("<i>%1</i>").arg(tr("(message text not shared)"))
            : highlighted(turn.text, redactor);
        html += QStringLiteral("</p>");
    }
    return html;
}

void ShareDialog::updatePreview()
{
    m_preview->setHtml(previewHtml());
    // Totals over everything that will be shared.
    const exporter::Options o = options();
    const redact::Redactor redactor(o.anonymise.terms);
    qint64 redactions = 0, ratings = 0;
    const int conversations = m_conversations->count();
    for (int i = 0; i < conversations; ++i) {
        const QJsonObject c = exporter::conversationJson(
            m_store, m_conversations->item(i)->data(Qt::UserRole).toLongLong(), o.anonymise,
            &redactor, &redactions);
        ratings += c.value(QStringLiteral("ratings")).toArray().size();
    }
    QString summary = tr("%n conversation(s) will be shared", nullptr, conversations);
    summary += QStringLiteral(", ") + tr("with %n rating(s)", nullptr, int(ratings));
    if (o.anonymise.ratingsOnly)
        summary += QStringLiteral("; ") + tr("no message text");
    else
        summary += QStringLiteral("; ")
            + tr("%n redaction(s), highlighted in the preview", nullptr, int(redactions));
    m_summary->setText(summary + QLatin1Char('.'));
}

void ShareDialog::showStudyConsent(const Protocol &protocol)
{
    m_sharing = protocol.sharing;
    const QString text = protocol.displayConsent().trimmed();
    m_needsAgreement = m_sharing && !text.isEmpty();
    m_studyConsent->setPlainText(text);
    m_studyConsentBox->setVisible(m_needsAgreement);
    m_closed->setVisible(!m_sharing);
    m_agree->setChecked(false);
    m_save->setEnabled(mayShare());
}

bool ShareDialog::mayShare() const
{
    return m_sharing && m_consent->isChecked() && (!m_needsAgreement || m_agree->isChecked());
}

exporter::Summary ShareDialog::saveTo(const QString &path)
{
    if (!m_sharing)
        throw Error(tr("This study does not let participants share their data."));
    if (m_needsAgreement && !m_agree->isChecked())
        throw Error(tr("Please read the study's consent text and tick \"I agree\" first."));
    if (!m_consent->isChecked())
        throw Error(tr("Please look at the preview and tick the consent box first."));
    return exportWithProgress(this, m_store, exporter::Format::Bundle, path, options());
}

void ShareDialog::chooseFileAndSave()
{
    Settings settings;
    QString folder = settings.exportFolder.get();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Bundle"),
        QDir(folder).filePath(
            QStringLiteral("sense7-%1.json").arg(options().anonymise.participantCode)),
        tr("Sense-7 bundle (*.json)"));
    if (path.isEmpty())
        return;
    settings.exportFolder.set(QFileInfo(path).absolutePath());
    try {
        const exporter::Summary summary = saveTo(path);
        QMessageBox::information(
            this, windowTitle(),
            tr("Saved %n conversation(s) to %1. Send this file to the research team.", nullptr,
               int(summary.conversations))
                .arg(QDir::toNativeSeparators(path)));
        accept();
    } catch (const exporter::Cancelled &) {
    } catch (const Error &e) {
        QMessageBox::warning(this, windowTitle(), e.message());
    }
}

} // namespace sense7
