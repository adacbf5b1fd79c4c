#pragma once

#include "protocol.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTextBrowser;

namespace sense7 {

class ConversationPage;
class FormView;
class TurnPage;

/**
 * File ▸ New study…: choose a protocol (a shipped one or a file) and see, before the data set
 * exists, what participants will see — the rating panel's reply page for the turn-level
 * dimensions, the conversation-level scales, the context and profile forms and the consent text —
 * then create the data set under it. The preview is a scratch copy: nothing chosen in it is kept.
 */
class NewStudyDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewStudyDialog(QWidget *parent = nullptr);
    ~NewStudyDialog() override;

    /** Shows \a protocol (built elsewhere) as the one to create the study with. */
    void setProtocol(const Protocol &protocol);
    /** Reads the protocol file \a path and shows it; false (the message shown) when it fails. */
    bool loadFile(const QString &path);
    /** The protocol shown; none after a file failed to load. */
    const std::optional<Protocol> &protocol() const { return m_protocol; }
    /** Creates the data set \a path under the protocol shown. Throws Error. */
    void createAt(const QString &path);
    /** The data set created, once the dialog was accepted. */
    QString createdPath() const { return m_created; }

    QComboBox *protocolBox() const { return m_choice; }
    QLabel *errorLabel() const { return m_error; }
    QTabWidget *previewTabs() const { return m_tabs; }
    TurnPage *turnPage() const { return m_turnPage; }
    ConversationPage *conversationPage() const { return m_conversationPage; }
    FormView *contextForm() const { return m_context; }
    FormView *profileForm() const { return m_profile; }
    QTextBrowser *consentView() const { return m_consent; }
    QPushButton *createButton() const { return m_create; }

private:
    void chooseShipped(int index);
    void showProtocol(const Protocol &protocol);
    void browse();
    void showError(const QString &message);
    void createWithDialog();

    std::optional<Protocol> m_protocol;
    QVector<Protocol> m_given; // by setProtocol()
    QString m_created;
    QComboBox *m_choice;
    QPushButton *m_browse;
    QLabel *m_summary;
    QLabel *m_error;
    QLabel *m_previewLabel;
    QTabWidget *m_tabs;
    TurnPage *m_turnPage;
    ConversationPage *m_conversationPage;
    FormView *m_context;
    FormView *m_profile;
    QTextBrowser *m_consent;
    QPushButton *m_create;
};

} // namespace sense7
