#pragma once

#include "export/writer.h"
#include "protocol.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTextBrowser;
class QTimer;

namespace sense7 {

class Store;

/**
 * "Share my data…": a participant's anonymised bundle. The participant chooses a code, terms to
 * remove (their name, their company) or to share ratings only; the preview shows each
 * conversation exactly as it will leave, every redaction highlighted; nothing is written until
 * they tick the consent box and, when the study's protocol has a consent text (shown first),
 * "I agree" to it.
 */
class ShareDialog : public QDialog
{
    Q_OBJECT

public:
    /** \a participantId: whose data (0: the first participant; a choice when there are several). */
    ShareDialog(const Store &store, qint64 participantId, QWidget *parent = nullptr);

    exporter::Options options() const;
    qint64 participantId() const;
    /** The preview of the conversation chosen in the list, as HTML. */
    QString previewHtml() const;
    QListWidget *conversationList() const { return m_conversations; }
    QTextBrowser *preview() const { return m_preview; }
    QCheckBox *consent() const { return m_consent; }
    /** The study's consent text (the protocol's), shown before anything is shared. */
    QTextBrowser *studyConsent() const { return m_studyConsent; }
    /** "I agree" to the study's consent text; shown only when the protocol has one. */
    QCheckBox *agree() const { return m_agree; }
    /**
     * Shows \a protocol's consent text, to be agreed to before anything is shared (the data
     * set's protocol, which the dialog shows from the start).
     */
    void showStudyConsent(const Protocol &protocol);
    QLineEdit *terms() const { return m_terms; }
    QLineEdit *code() const { return m_code; }
    QCheckBox *ratingsOnly() const { return m_ratingsOnly; }
    QPushButton *saveButton() const { return m_save; }
    /**
     * Writes the bundle. Throws Error without writing anything when consent is missing or the
     * file cannot be written, exporter::Cancelled when the user stops it.
     */
    exporter::Summary saveTo(const QString &path);

private:
    void loadParticipant();
    void updatePreview();
    void chooseFileAndSave();
    /** Whether every box that must be ticked is ticked, and the study lets data be shared. */
    bool mayShare() const;

    const Store &m_store;
    QComboBox *m_participant;
    QLineEdit *m_code;
    QLineEdit *m_terms;
    QCheckBox *m_ratingsOnly;
    QListWidget *m_conversations;
    QTextBrowser *m_preview;
    QLabel *m_summary;
    QCheckBox *m_consent;
    QGroupBox *m_studyConsentBox;
    QTextBrowser *m_studyConsent;
    QCheckBox *m_agree;
    QLabel *m_closed;
    bool m_sharing = true;
    bool m_needsAgreement = false;
    QPushButton *m_save;
    QTimer *m_delay;
};

} // namespace sense7
