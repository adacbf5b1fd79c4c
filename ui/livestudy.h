#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QTimer;

namespace sense7 {

class ChatPane;
class ContextDialog;
class MainWindow;
class Store;

/**
 * The Study menu and the participant's live conversation in the studio: starts a conversation
 * with the condition the participant's assignment gives, resumes the selected one in a new
 * sitting, ends it with the context form, and opens the rating panel on each reply as the
 * protocol says. The chat pane sits under the transcript while a conversation is open.
 */
class LiveStudy : public QObject
{
    Q_OBJECT

public:
    LiveStudy(MainWindow *window, QMenu *menu);
    ~LiveStudy() override;

    ChatPane *pane() const { return m_pane; }
    QAction *newAction() const { return m_new; }
    QAction *resumeAction() const { return m_resume; }
    QAction *endAction() const { return m_end; }
    QAction *apiKeyAction() const { return m_key; }
    /** The form Study ▸ End conversation shows, while it is shown. */
    ContextDialog *contextDialog() const;

    /** A new live conversation of the participant shown; its id, 0 when none was started. */
    qint64 newConversation();
    /** Resumes the selected live conversation in a new sitting; false when it cannot. */
    bool resumeConversation();
    /** Opens the context form; the conversation ends once it is answered. */
    void endConversation();
    /** Asks for the API key of the study's endpoint conditions and keeps it in the keychain. */
    void editApiKey();
    /** Closes the chat (the sitting ends) without ending the conversation. */
    void closeChat();
    /** Follows the data set opened or closed and the conversation selected. */
    void updateActions();

Q_SIGNALS:
    /** The conversation ended: its context form was answered and its sitting closed. */
    void conversationEnded(qint64 conversationId);

private:
    Store *store() const;
    qint64 selectedConversation() const;
    /** Opens the chat on \a conversationId, already begun in a new sitting. */
    void openChat(qint64 conversationId);
    void finishEnding(qint64 conversationId);
    void followReply(qint64 turnId);
    void showLatest();
    /** Keeps the transcript's end in view while the conversation grows. */
    void scrollToEnd();
    bool showsChat() const;
    void showError(const QString &message);

    MainWindow *m_window;
    ChatPane *m_pane;
    QAction *m_new;
    QAction *m_resume;
    QAction *m_end;
    QAction *m_key;
    QPointer<ContextDialog> m_dialog;
    QTimer *m_follow; // showLatest() once the turns written settle
};

} // namespace sense7
