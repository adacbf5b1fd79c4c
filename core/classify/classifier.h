#pragma once

#include "classify/prompt.h"
#include "progress.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <deque>

class QNetworkAccessManager;
class QNetworkReply;

namespace sense7 {

class Store;

namespace classify {

/** Where and how to ask: any OpenAI-compatible chat-completions endpoint. */
struct Endpoint
{
    QUrl url; ///< ".../v1" or ".../v1/chat/completions"
    QString model; ///< sent as "model" and used as the model annotator's code
    QString apiKey; ///< sent as a bearer token when set; never stored in the data set
    int concurrency = 4; ///< requests in flight at once
    int timeoutMs = 60000;
    int maxAttempts = 4; ///< per turn, for timeouts, 429, 5xx and malformed replies
    int backoffMs = 1000; ///< first retry delay, doubled each time (Retry-After wins)
    double temperature = 0;

    /** The chat-completions URL \a url names. */
    QUrl completionsUrl() const;
};

struct RunSummary
{
    int queued = 0; ///< turns asked about
    int predicted = 0; ///< turns whose ratings were stored
    int cached = 0; ///< turns skipped: the same prompt was answered before
    int failed = 0;
    int requests = 0; ///< HTTP requests sent, retries included
    bool cancelled = false;
    QString fatal; ///< why the whole run stopped early (bad key, wrong URL), if it did
    QStringList errors; ///< one line per failed turn
};

/**
 * Asks a model to rate every assistant turn of some conversations and stores the answers as a
 * `model` annotator, with the prompt hash, reply, timing and attempts. Runs on the caller's event
 * loop; the store is written from that thread only, one transaction per turn, so a cancel or a
 * crash keeps every turn already answered. Nothing is sent before start().
 */
class Classifier : public QObject
{
    Q_OBJECT

public:
    Classifier(Store &store, Endpoint endpoint, PromptOptions prompt = {},
               QObject *parent = nullptr);
    ~Classifier() override;

    /**
     * Queues the turns of \a conversationIds that the instrument's turn-level dimensions rate
     * (the assistant's by default) and starts; throws Error on a bad setup.
     */
    void start(const QVector<qint64> &conversationIds);
    /** Stops the run at once: requests in flight are aborted; what was stored stays. */
    void cancel();
    bool isRunning() const { return m_running; }
    /**
     * Hears of the replies done (stored or failed) out of those queued; a cancel through it stops
     * the run before the next request, like cancel(). One run per classifier.
     */
    Progress &progress() { return m_progress; }
    const RunSummary &summary() const { return m_summary; }

Q_SIGNALS:
    void turnPredicted(qint64 turnId);
    void turnFailed(qint64 turnId, const QString &message);
    void finished();

private:
    struct Job
    {
        qint64 turnId = 0;
        QJsonArray messages;
        QString hash;
        int attempts = 0;
        QString where; // "conversation 3, turn 5" for messages
        Role role = Role::Assistant; // the rated turn's: which dimensions rate it
    };

    /** The instrument m_prompt names (the primary one when none); throws Error when missing. */
    Instrument chosenInstrument() const;

    void pump();
    void send(Job job);
    void handle(QNetworkReply *reply, Job job, qint64 elapsedMs);
    void retryOrFail(Job job, const QString &why, int delayMs = -1);
    void fail(const Job &job, const QString &why);
    void stop(const QString &fatal);
    void maybeFinish();
    int done() const;

    Store &m_store;
    Endpoint m_endpoint;
    PromptOptions m_prompt;
    Instrument m_instrument;
    qint64 m_annotatorId = 0;
    QNetworkAccessManager *m_network = nullptr;
    std::deque<Job> m_queue;
    QList<QPointer<QNetworkReply>> m_inFlight;
    int m_waiting = 0; // jobs sleeping before a retry
    bool m_running = false;
    RunSummary m_summary;
    Progress m_progress;
};

} // namespace classify
} // namespace sense7
