#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace sense7 {

class Store;
namespace live {
class LiveChat;
}

/**
 * Below the transcript while a live conversation is open: the message box (Enter starts a new
 * line, Ctrl+Enter sends, Esc stops a reply), Stop and Retry, and what keeps a message from being
 * sent or a reply from arriving. The reply streams into the transcript: the store announces each
 * update of its row. The unsent text is the conversation's
 * draft in the data set: saved a moment after typing stops, when the box loses focus and when the
 * pane closes, and shown again when the conversation is opened. The transcript itself stays the
 * workspace's; committedTurn() tells when it should read the conversation again.
 */
class ChatPane : public QWidget
{
    Q_OBJECT

public:
    /** Typing pauses this long before the draft is saved. */
    static constexpr int draftDelayMs = 300;

    explicit ChatPane(QWidget *parent = nullptr);
    ~ChatPane() override;

    /**
     * Opens live conversation \a conversationId of \a store (which must outlive the pane or be
     * closed first), whose assistant participants know as \a label: its draft, its engine.
     * Throws Error when the conversation cannot be held (see live::LiveChat), and stays closed.
     */
    void open(Store *store, qint64 conversationId, const QString &label);
    /** Saves the draft and lets the conversation go; a reply still streaming is stopped. */
    void close();
    bool isOpen() const { return m_conversationId != 0; }
    qint64 conversationId() const { return m_conversationId; }
    live::LiveChat *chat() const { return m_chat; }

    /** Sends the message box's text; false (and the text kept) when it cannot be sent now. */
    bool send();
    void stop();
    void retry();
    /** Saves the message box's text as the draft now. */
    void saveDraft();
    /** Reads again what may keep a message from being sent (e.g. after a rating). */
    void updateState();
    /** updateState() once control returns to the event loop (a request goes out first). */
    void scheduleUpdate();

    QPlainTextEdit *messageBox() const { return m_message; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *retryButton() const { return m_retry; }
    /** Why nothing can be sent, an error, a wait: empty when all is well. */
    QLabel *statusLabel() const { return m_status; }

    /** Key and action of the pane's shortcuts, for Help ▸ Keyboard shortcuts. */
    static QList<QPair<QString, QString>> shortcutHelp();

Q_SIGNALS:
    /** A turn of the conversation was written (a message, a reply as it started or finished). */
    void committedTurn(qint64 turnId);
    /** A reply is complete (or stopped, or failed after some text): it can be rated. */
    void replyFinished(qint64 turnId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showStatus(const QString &text, bool problem);

    QPointer<Store> m_store;
    qint64 m_conversationId = 0;
    QString m_label;
    live::LiveChat *m_chat = nullptr;
    QLabel *m_heading;
    QPlainTextEdit *m_message;
    QLabel *m_status;
    QPushButton *m_send;
    QPushButton *m_stop;
    QPushButton *m_retry;
    QTimer *m_draftTimer;
    QTimer *m_updateTimer;
    QString m_problem; // the last error or wait, until the next send
};

} // namespace sense7
