#pragma once

#include <QDialog>

class QComboBox;
class QLabel;

namespace sense7 {

/**
 * Preferences: the language of the studio (applied on restart) and its theme (applied at once).
 * Both are kept in Settings.
 */
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    QComboBox *languageBox() const { return m_language; }
    QComboBox *themeBox() const { return m_theme; }

    /** Saves the choices; the theme takes effect now, the language at the next start. */
    void accept() override;

private:
    void updateRestartNote();

    QComboBox *m_language;
    QComboBox *m_theme;
    QLabel *m_restartNote;
    QString m_startLanguage;
};

} // namespace sense7
