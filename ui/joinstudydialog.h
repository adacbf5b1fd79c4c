#pragma once

#include "sync/sync.h"

#include <QDialog>

#include <functional>
#include <optional>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace sense7 {

class Store;

/**
 * File ▸ Join study…: the participant gives the study server, their login (code or role) and
 * password, and Connect reads the study. Then they choose what to share — full text, text
 * redacted as the bundle redacts, or ratings only — and see, as with Share my data, exactly what
 * would leave the machine (how many conversations, turns and ratings, the first message as it
 * would be sent) and the study's consent text. Join is enabled once they tick that they agree;
 * it calls the join function given (StudySync::join: the password goes to the keychain).
 */
class JoinStudyDialog : public QDialog
{
    Q_OBJECT

public:
    using JoinFunction =
        std::function<void(const sync::Study &, sync::Sharing, const QString &password)>;

    JoinStudyDialog(const Store &store, JoinFunction join, QWidget *parent = nullptr);

    /** The URL with the login put in (the password is never in it). */
    QString url() const;
    /** Connects and reads the study, as Connect does; false (the reason shown) on failure. */
    bool connectToStudy();
    sync::Sharing sharing() const;
    void setSharing(sync::Sharing sharing);
    /** Joins, as Join does; false (the reason shown) when it was refused. */
    bool joinStudy();

    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *loginEdit() const { return m_login; }
    QLineEdit *passwordEdit() const { return m_password; }
    QPushButton *connectButton() const { return m_connect; }
    QTextBrowser *preview() const { return m_preview; }
    QCheckBox *consent() const { return m_consent; }
    QPushButton *joinButton() const { return m_join; }
    QLabel *errorLabel() const { return m_error; }
    const std::optional<sync::Study> &study() const { return m_study; }

private:
    void updatePreview();
    void updateButtons();
    void showError(const QString &message);

    const Store &m_store;
    JoinFunction m_joinFunction;
    QLineEdit *m_url;
    QLineEdit *m_login;
    QLineEdit *m_password;
    QPushButton *m_connect;
    QButtonGroup *m_sharing;
    QTextBrowser *m_preview;
    QCheckBox *m_consent;
    QLabel *m_error;
    QPushButton *m_join;
    std::optional<sync::Study> m_study;
};

} // namespace sense7
