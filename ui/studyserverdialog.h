#pragma once

#include <QDialog>

#include <memory>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QThread;

namespace sense7 {

namespace server {
class Puller;
}

/** Where a study server is and who connects to it (the password stays in memory only). */
struct StudyServerLogin
{
    QString url; // postgresql://HOST:PORT/DATABASE, with the user name when one was given
    QString password;
};

/**
 * File ▸ Open study server…: the researcher gives the server, their user name and password and a
 * local data set (new or one pulled before), and Pull reads the study into it with a progress bar
 * and Cancel (a cancelled or failed pull leaves the data set as it was). Accepted once the pull
 * succeeded: the studio then opens pulledPath() and the study-progress window.
 */
class StudyServerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit StudyServerDialog(QWidget *parent = nullptr);
    ~StudyServerDialog() override;

    /** The server and credentials as entered; the user name goes into the URL. */
    StudyServerLogin login() const;
    QString pulledPath() const { return m_pulled; }
    /** What the pull wrote, for people; empty before it succeeded. */
    QString summary() const { return m_summary; }

    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *userEdit() const { return m_user; }
    QLineEdit *passwordEdit() const { return m_password; }
    QLineEdit *pathEdit() const { return m_path; }
    QPushButton *pullButton() const { return m_pull; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *statusLabel() const { return m_status; }

    /** Starts the pull (as the Pull button does); finished() tells when it is over. */
    void startPull();
    bool isPulling() const { return m_thread != nullptr; }

Q_SIGNALS:
    /** The pull ended: \a ok when the data set now holds the study, else \a message says why. */
    void pullFinished(bool ok, const QString &message);

protected:
    void reject() override;

private:
    void browse();
    void updateButtons();
    void finish(bool ok, const QString &message);

    QLineEdit *m_url;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QLineEdit *m_path;
    QPushButton *m_browse;
    QPushButton *m_pull;
    QProgressBar *m_progress;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QThread *m_thread = nullptr;
    std::shared_ptr<server::Puller> m_puller;
    QString m_pulled;
    QString m_summary;
};

} // namespace sense7
