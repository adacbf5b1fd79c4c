#pragma once

#include "protocol.h"
#include "types.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

class QNetworkAccessManager;
class QNetworkReply;

namespace sense7::live {

/** How long to wait and how often to ask again while a reply streams. */
struct StreamSettings
{
    int firstTokenTimeoutMs = 60000; ///< from the request to the first piece of text
    int idleTimeoutMs = 60000; ///< between two pieces of text
    int maxAttempts = 4; ///< requests per reply, for HTTP 429, 5xx and connections lost early
    int backoffMs = 1000; ///< the first wait before asking again, doubled each time
    int maxWaitSeconds = 120; ///< the longest Retry-After honoured; longer ones fail at once
};

/** What a reply stream produced; filled in as it goes, complete after ReplyStream::done(). */
struct StreamResult
{
    enum class Outcome { Running, Completed, Stopped, Failed };
    Outcome outcome = Outcome::Running;
    QString text; ///< the reply so far: all of it when completed, the partial one otherwise
    QString model; ///< the model the server named (the condition's otherwise)
    QString finishReason; ///< the server's ("stop", "length"…); "stopped" or "error" otherwise
    QString error; ///< why it failed, for the participant's pane
    qint64 firstTokenMs = -1; ///< from start() to the first piece of text; -1: none arrived
    qint64 totalMs = 0; ///< from start() to the end
    int promptTokens = -1; ///< as the server counted them; -1: not reported
    int completionTokens = -1;
    int scriptedReply = -1; ///< which of the condition's scripted replies was sent; -1: fallback
};

/**
 * One reply of an assistant condition, streamed: started once, it reports each piece of text as
 * it arrives and ends with done(), whether completed, stopped or failed.
 */
class ReplyStream : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    /**
     * Asks for the reply to \a messages (chat-completions messages, "role" and "content", the new
     * user message last).
     */
    virtual void start(const QJsonArray &messages) = 0;
    /** Stops at once, keeping the text received so far; done() follows before it returns. */
    virtual void stop() = 0;
    const StreamResult &result() const { return m_result; }
    bool isRunning() const { return m_result.outcome == StreamResult::Outcome::Running; }

Q_SIGNALS:
    /** More text arrived: \a textSoFar is the whole reply up to now. */
    void delta(const QString &textSoFar);
    /** The server asked to wait (HTTP 429) or failed and is asked again after \a seconds. */
    void waiting(int seconds, const QString &why);
    /** The reply is over: see result(). Emitted once. */
    void done();

protected:
    void addText(const QString &piece);
    void finish(StreamResult::Outcome outcome, const QString &finishReason,
                const QString &error = {});

    StreamResult m_result;
    QElapsedTimer m_clock;
};

/**
 * Streams a reply from an OpenAI-compatible chat-completions endpoint with server-sent events
 * ("stream": true), retrying HTTP 429 (after its Retry-After), 5xx and connections lost before
 * the first token; a stream broken after some text keeps that text and fails.
 */
class EndpointStream : public ReplyStream
{
    Q_OBJECT

public:
    /**
     * \a keySource says where \a apiKey came from (or where it would have), for the message a
     * refused key gives.
     */
    EndpointStream(const AssistantCondition &condition, const QString &apiKey,
                   const QString &keySource, StreamSettings settings, QObject *parent = nullptr);
    /** The same, sending through \a network (kept by the caller, so connections are reused). */
    EndpointStream(const AssistantCondition &condition, const QString &apiKey,
                   const QString &keySource, StreamSettings settings,
                   QNetworkAccessManager *network, QObject *parent = nullptr);
    ~EndpointStream() override;

    void start(const QJsonArray &messages) override;
    void stop() override;

    /** The request body sent for \a messages. */
    QJsonObject body(const QJsonArray &messages) const;

private:
    void send();
    void onReadyRead();
    void onFinished();
    void parseLines(bool atEnd);
    void dispatch(const QByteArray &data);
    void retryOrFail(const QString &why, int waitMs);
    void fail(const QString &message);
    void armTimeout();
    void onTimeout();
    QString serverMessage(const QByteArray &body) const;

    AssistantCondition m_condition;
    QString m_apiKey;
    QString m_keySource;
    StreamSettings m_settings;
    QUrl m_url;
    QJsonArray m_messages;
    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout; // first token, then idle
    QTimer m_retry;
    QByteArray m_buffer; // bytes of the event stream not yet parsed
    QByteArray m_eventData; // the data lines of the event being read
    int m_attempts = 0;
    int m_status = 0;
    bool m_sawDone = false;
    bool m_timedOut = false;
};

/**
 * Streams one of a scripted condition's replies: the first one not used yet (\a used, by
 * position) whose rule matches the user's message and this reply's number, else the fallback;
 * in pieces every chunkMs, with the same signals as an endpoint.
 */
class ScriptedStream : public ReplyStream
{
    Q_OBJECT

public:
    /** \a replyNumber: 1 for the conversation's first reply. */
    ScriptedStream(const AssistantCondition &condition, const QSet<int> &used, int replyNumber,
                   QObject *parent = nullptr);

    void start(const QJsonArray &messages) override;
    void stop() override;

    /** The reply chosen for \a message (its position; -1 the fallback). */
    static int choose(const AssistantCondition &condition, const QSet<int> &used, int replyNumber,
                      const QString &message);

private:
    void next();

    AssistantCondition m_condition;
    QSet<int> m_used;
    int m_replyNumber = 1;
    QStringList m_pieces;
    QTimer m_timer;
};

/**
 * The chat-completions messages for the reply to the last user turn of \a turns: the condition's
 * system prompt, the last historyTurns earlier turns (all when -1) and the new message. Turns
 * after the last user turn (a failed attempt's partial reply) are left out; empty ones too.
 */
QJsonArray requestMessages(const AssistantCondition &condition, const QVector<Turn> &turns);

} // namespace sense7::live
