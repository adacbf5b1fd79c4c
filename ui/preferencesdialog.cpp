#include "preferencesdialog.h"

#include "i18n.h"
#include "settings.h"
#include "theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace sense7 {

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_restartNote(new QLabel(this))
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferences"));
    const Settings settings;

    for (const i18n::Choice &choice : i18n::availableLanguages()) {
        const QString name = choice.code.isEmpty()
            ? tr("System language (%1)").arg(QLocale::system().nativeLanguageName())
            : choice.name;
        m_language->addItem(name, choice.code);
    }
    m_startLanguage = settings.language.get();
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_startLanguage)));
    m_language->setAccessibleName(tr("Language"));
    m_language->setAccessibleDescription(
        tr("The language of menus, forms and the rating scales. Takes effect after a restart."));
    m_language->setToolTip(m_language->accessibleDescription());

    m_theme->addItem(tr("Same as the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(settings.theme.get())));
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->setAccessibleDescription(tr("Light or dark colours for every window."));
    m_theme->setToolTip(m_theme->accessibleDescription());

    m_restartNote->setObjectName(QStringLiteral("restartNote"));
    m_restartNote->setWordWrap(true);
    m_restartNote->setText(tr("The new language is used when Sense-7 Studio starts again."));
    QFont small = m_restartNote->font();
    small.setItalic(true);
    m_restartNote->setFont(small);

    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), m_restartNote);
    form->addRow(tr("&Theme:"), m_theme);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch();
    layout->addWidget(buttons);

    connect(m_language, &QComboBox::currentIndexChanged, this,
            &PreferencesDialog::updateRestartNote);
    updateRestartNote();
    setMinimumWidth(420);
}

void PreferencesDialog::updateRestartNote()
{
    m_restartNote->setVisible(m_language->currentData().toString() != m_startLanguage);
}

void PreferencesDialog::accept()
{
    Settings settings;
    settings.language.set(m_language->currentData().toString());
    const QString theme = m_theme->currentData().toString();
    if (theme != settings.theme.get()) {
        settings.theme.set(theme);
        theme::apply(theme);
    }
    QDialog::accept();
}

} // namespace sense7
