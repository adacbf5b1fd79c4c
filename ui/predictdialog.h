#pragma once

#include <QDialog>
#include <QPointer>
#include <QVector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace sense7 {

class Store;
namespace classify {
class Classifier;
}

/**
 * "Predict ratings…": asks a model behind an OpenAI-compatible endpoint to rate the assistant
 * turns of the current conversation or of every listed one, with progress and cancel. The API key
 * comes from the field, the system keychain (when the user asked to keep it there) or the
 * SENSE7_API_KEY environment variable, and is never written to the data set or the settings.
 */
class PredictDialog : public QDialog
{
    Q_OBJECT

public:
    PredictDialog(Store *store, qint64 currentConversation, const QVector<qint64> &listed,
                  QWidget *parent = nullptr);
    ~PredictDialog() override;

    void setEndpoint(const QString &url, const QString &model);
    /** Starts a run with what the form says; false with a message when the form is incomplete. */
    bool start();
    void cancel();
    bool isRunning() const;
    QString statusText() const;

Q_SIGNALS:
    void runFinished();
    /** Ratings were stored: views showing model ratings may refresh. */
    void predicted();

protected:
    void reject() override;

private:
    void finishRun();
    void readKeyFromKeychain();
    void storeKeyInKeychain(const QString &key);

    Store *m_store;
    qint64 m_current;
    QVector<qint64> m_listed;
    QLineEdit *m_url = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_key = nullptr;
    QComboBox *m_instrument = nullptr; // the instrument to rate with, by key
    QCheckBox *m_keychain = nullptr;
    QSpinBox *m_context = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QSpinBox *m_timeout = nullptr;
    QRadioButton *m_onlyCurrent = nullptr;
    QRadioButton *m_allListed = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_close = nullptr;
    QPointer<classify::Classifier> m_classifier;
};

} // namespace sense7
