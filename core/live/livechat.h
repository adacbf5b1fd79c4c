#pragma once

#include "live/replystream.h"
#include "protocol.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QNetworkAccessManager;

namespace sense7 {

class Store;

namespace live {

/**
 * One open live conversation: sends the participant's messages to the conversation's assistant
 * condition and streams the replies, committing as it goes. The user's turn is committed before
 * anything is sent; a reply's turn is created at its first piece of text (meta "streaming" true)
 * and written again at most every ~200 ms, so a crash keeps the partial reply; at the end it gets
 * its final text and meta (condition, model, latencies, token counts, finish reason). A reply cut
 * off by stop() or an error keeps what arrived, marked "interrupted". Runs on the caller's event
 * loop and writes the store from that thread only.
 */
class LiveChat : public QObject
{
    Q_OBJECT

public:
    /**
     * Opens \a conversationId, a live conversation whose condition the data set's protocol has;
     * replies a crash left streaming are marked interrupted, and the open session (a new one
     * when none is open) receives the turns. Throws Error otherwise.
     */
    LiveChat(Store &store, qint64 conversationId, QObject *parent = nullptr);
    ~LiveChat() override;

    /** The key to send; without one, the condition's environment variable, else SENSE7_API_KEY. */
    void setApiKey(const QString &key);
    /** Timeouts and retries of the endpoint (the defaults suit a participant waiting). */
    void setStreamSettings(const StreamSettings &settings) { m_settings = settings; }

    /**
     * Why a message cannot be sent now (a reply is streaming; the last reply's required ratings
     * are missing — "Rate the last reply before you send your next message."), or empty.
     */
    QString blockedReason() const;
    /** Commits \a text as the user's turn at once, then asks for the reply; false when refused. */
    bool send(const QString &text);
    /** Stops the reply streaming now, keeping what arrived, marked interrupted. */
    void stop();
    /** Whether the last message has no reply (a failed or stopped request): retry() asks again. */
    bool canRetry() const;
    /** Asks again for the reply to the last message, without a second user turn. */
    void retry();
    bool isStreaming() const { return m_stream != nullptr; }

    qint64 conversationId() const { return m_conversationId; }
    qint64 sessionId() const { return m_sessionId; }
    const AssistantCondition &condition() const { return m_condition; }
    /** Where the API key comes from, as a sentence for messages. */
    QString keySource() const;

Q_SIGNALS:
    void userTurnCommitted(qint64 turnId);
    /** The first piece of text arrived; the reply's turn exists. */
    void replyStarted(qint64 turnId);
    void replyDelta(qint64 turnId, const QString &textSoFar);
    /** The reply is over: completed, stopped or failed after some text arrived. */
    void replyFinished(qint64 turnId);
    /** Something went wrong: a clear message for the pane; nothing typed is lost. */
    void failed(const QString &message);
    /** The server asked to wait (HTTP 429 Retry-After) or is asked again after a failure. */
    void waiting(int seconds, const QString &why);

private:
    void ask();
    void onDelta(const QString &textSoFar);
    void onDone();
    void writePartial();
    /** Adds the reply's turn with the text so far; false when the data set refused it. */
    bool startReply();
    /** An import's progress held the data set's writes, and let them go: what waited is written. */
    void writeHeld();
    QJsonObject replyMeta(const StreamResult &result, bool streaming) const;
    /** The last reply of the conversation, when it failed (an error or a crash). */
    bool lastReplyFailed(const QVector<Turn> &turns) const;
    /**
     * The conversation's turns from its last reply known on (all of them before the first reply):
     * what decides whether a message may go, read without the whole conversation.
     */
    QVector<Turn> recentTurns() const;
    /** Notes where the last reply of \a turns (the whole conversation) is. */
    void noteLastReply(const QVector<Turn> &turns);
    QString apiKey() const;

    Store &m_store;
    qint64 m_conversationId = 0;
    qint64 m_sessionId = 0;
    AssistantCondition m_condition;
    bool m_ratingRequired = false;
    QString m_apiKey;
    StreamSettings m_settings;
    QNetworkAccessManager *m_network = nullptr; // one for all replies: connections are reused
    QPointer<ReplyStream> m_stream;
    qint64 m_replyTurnId = 0;
    int m_lastReplyIndex = 0; // the index of the last reply known (0 before the first)
    QString m_pendingText; // text not yet written to the reply's turn
    bool m_pending = false;
    bool m_writeFailed = false; // the data set refused the reply: nothing more is written
    bool m_doneWhileHeld = false; // the reply ended while writes were held: finished at writeHeld()
    QElapsedTimer m_lastWrite;
    QTimer m_flush;
};

} // namespace live
} // namespace sense7
