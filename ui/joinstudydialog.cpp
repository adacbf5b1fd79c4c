#include "joinstudydialog.h"

#include "error.h"
#include "store.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace sense7 {

JoinStudyDialog::JoinStudyDialog(const Store &store, JoinFunction join, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_joinFunction(std::move(join))
    , m_url(new QLineEdit(this))
    , m_login(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_connect(new QPushButton(tr("&Connect"), this))
    , m_sharing(new QButtonGroup(this))
    , m_preview(new QTextBrowser(this))
    , m_consent(new QCheckBox(this))
    , m_error(new QLabel(this))
    , m_join(new QPushButton(tr("&Join"), this))
{
    setWindowTitle(tr("Join study"));
    m_url->setPlaceholderText(QStringLiteral("postgresql://study.example.org:5432/study"));
    m_url->setToolTip(tr("The server and database the research team gave you"));
    m_login->setPlaceholderText(tr("the login you were given (s7p_…)"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setToolTip(tr("Kept in the system keychain, never in the data set"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Server:"), m_url);
    form->addRow(tr("&Login:"), m_login);
    auto *passwordRow = new QHBoxLayout;
    passwordRow->addWidget(m_password, 1);
    passwordRow->addWidget(m_connect);
    auto *passwordLabel = new QLabel(tr("Pass&word:"), this);
    passwordLabel->setBuddy(m_password);
    form->addRow(passwordLabel, passwordRow);

    auto *share = new QGroupBox(tr("What to share"), this);
    auto *shareLayout = new QVBoxLayout(share);
    const std::pair<sync::Sharing, QString> choices[] = {
        {sync::Sharing::Full, tr("My conversations' full text and my ratings")},
        {sync::Sharing::Redacted,
         tr("The text with e-mail addresses, phone numbers, links and numbers removed, as Share "
            "my data removes them, and my ratings")},
        {sync::Sharing::Ratings, tr("My ratings only, no text")}};
    for (const auto &[sharing, label] : choices) {
        auto *button = new QRadioButton(label, share);
        m_sharing->addButton(button, int(sharing));
        shareLayout->addWidget(button);
    }
    m_sharing->button(int(sync::Sharing::Redacted))->setChecked(true);

    m_preview->setMinimumHeight(160);
    m_preview->setOpenLinks(false);
    m_consent->setText(tr("I have read the study's consent text and agree to share what is "
                          "shown above, and what I add later, with the study server"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: palette(highlighted-text); "
                                          "background: palette(highlight); padding: 4px"));
    m_error->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(m_join, QDialogButtonBox::AcceptRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(share);
    layout->addWidget(new QLabel(tr("What will leave this machine:"), this));
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_consent);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(640, 620);

    connect(m_connect, &QPushButton::clicked, this, &JoinStudyDialog::connectToStudy);
    connect(m_sharing, &QButtonGroup::idClicked, this, &JoinStudyDialog::updatePreview);
    connect(m_consent, &QCheckBox::toggled, this, &JoinStudyDialog::updateButtons);
    connect(m_join, &QPushButton::clicked, this, [this] {
        if (joinStudy())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *edit : {m_url, m_login, m_password}) {
        connect(edit, &QLineEdit::textChanged, this, [this] {
            m_study.reset(); // what was read no longer matches what is typed
            updatePreview();
        });
    }
    updatePreview();
}

QString JoinStudyDialog::url() const
{
    QUrl url(m_url->text().trimmed());
    if (!url.isValid() || url.scheme().isEmpty())
        return m_url->text().trimmed();
    if (!m_login->text().trimmed().isEmpty())
        url.setUserName(m_login->text().trimmed());
    url.setPassword({});
    return url.toString();
}

sync::Sharing JoinStudyDialog::sharing() const
{
    return sync::Sharing(m_sharing->checkedId());
}

void JoinStudyDialog::setSharing(sync::Sharing sharing)
{
    m_sharing->button(int(sharing))->setChecked(true);
    updatePreview();
}

bool JoinStudyDialog::connectToStudy()
{
    m_error->hide();
    try {
        m_study = sync::inspect(url(), m_password->text());
    } catch (const Error &e) {
        m_study.reset();
        updatePreview();
        showError(e.message());
        return false;
    }
    updatePreview();
    return true;
}

void JoinStudyDialog::updatePreview()
{
    m_consent->setChecked(false);
    if (!m_study) {
        m_preview->setHtml(tr("<p>Connect to see the study, and what of your data it would "
                              "receive.</p>"));
        updateButtons();
        return;
    }
    const sync::Preview preview = sync::preview(m_store, *m_study, sharing());
    QString html = tr("<p><b>%1</b> — you take part as <b>%2</b>.</p>")
                       .arg(m_study->protocol.displayName().toHtmlEscaped(),
                            m_study->participant.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(preview.describe().toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
    if (!preview.sample.isEmpty())
        html += tr("<p>Your first message as it would be sent:</p><blockquote>%1</blockquote>")
                    .arg(preview.sample.toHtmlEscaped());
    m_preview->setHtml(html);
    updateButtons();
}

void JoinStudyDialog::updateButtons()
{
    m_consent->setEnabled(m_study.has_value());
    m_join->setEnabled(m_study.has_value() && m_consent->isChecked());
    m_connect->setEnabled(!m_url->text().trimmed().isEmpty());
}

bool JoinStudyDialog::joinStudy()
{
    if (!m_study || !m_consent->isChecked())
        return false;
    try {
        m_joinFunction(*m_study, sharing(), m_password->text());
    } catch (const Error &e) {
        showError(e.message());
        return false;
    }
    return true;
}

void JoinStudyDialog::showError(const QString &message)
{
    m_error->setText(message);
    m_error->show();
}

} // namespace sense7
