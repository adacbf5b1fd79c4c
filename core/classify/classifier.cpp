#include "classify/classifier.h"

#include "error.h"
#include "store.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace sense7 {
namespace classify {

QUrl Endpoint::completionsUrl() const
{
    QUrl out = url;
    QString path = out.path();
    if (!path.endsWith(QLatin1String("/chat/completions"))) {
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        out.setPath(path + QStringLiteral("/chat/completions"));
    }
    return out;
}

Classifier::Classifier(Store &store, Endpoint endpoint, PromptOptions prompt, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_endpoint(std::move(endpoint))
    , m_prompt(prompt)
    , m_network(new QNetworkAccessManager(this))
{ }

Classifier::~Classifier()
{
    m_running = false;
    for (const auto &reply : std::as_const(m_inFlight))
        if (reply)
            reply->abort();
}

void Classifier::start(const QVector<qint64> &conversationIds)
{
    if (m_running)
        throw Error(tr("A prediction run is already going on."));
    const QUrl url = m_endpoint.completionsUrl();
    if (!url.isValid()
        || !(url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")))
        throw Error(tr("“%1” is not an http or https address.").arg(m_endpoint.url.toString()));
    if (m_endpoint.model.trimmed().isEmpty())
        throw Error(tr("Name the model to ask."));
    m_instrument = chosenInstrument();
    m_annotatorId = m_store.annotatorId(m_endpoint.model, AnnotatorKind::Model);

    m_summary = RunSummary();
    m_queue.clear();
    for (qint64 conversationId : conversationIds) {
        const QVector<Turn> turns = m_store.turns(conversationId);
        for (int i = 0; i < turns.size(); ++i) {
            if (ratedDimensions(m_instrument, turns[i].role).isEmpty())
                continue; // no dimension rates this role's turns
            Job job;
            job.turnId = turns[i].id;
            job.role = turns[i].role;
            job.messages = buildMessages(m_instrument, turns, i, m_prompt);
            job.hash = promptHash(m_endpoint.model, job.messages);
            job.where = tr("conversation %1, turn %2").arg(conversationId).arg(turns[i].index);
            if (m_store.predictionPromptHash(job.turnId, m_annotatorId) == job.hash) {
                ++m_summary.cached;
                continue;
            }
            m_queue.push_back(std::move(job));
        }
    }
    m_summary.queued = int(m_queue.size());
    m_running = true;
    m_progress.report(0, m_summary.queued);
    // Start from the event loop, so a caller can connect to finished() after start() returns.
    QTimer::singleShot(0, this, [this] {
        pump();
        maybeFinish();
    });
}

Instrument Classifier::chosenInstrument() const
{
    const QString key =
        m_prompt.instrument.isEmpty() ? m_store.protocol().primary().key : m_prompt.instrument;
    QStringList known;
    for (Instrument instrument : m_store.instruments()) {
        known << instrument.key;
        if (instrument.key != key)
            continue;
        if (instrument.dimensionsAt(Level::Turn).isEmpty())
            throw Error(tr("Instrument “%1” rates only whole conversations; a model rates "
                           "replies.")
                            .arg(key));
        // The data set's columns do not hold "not applicable"; the stored definition does.
        if (!instrument.definition.isEmpty()) {
            try {
                const Instrument defined = taxonomy::parse(instrument.definition, key);
                instrument.allowsNotApplicable =
                    instrument.allowsNotApplicable && defined.allowsNotApplicable;
                for (Dimension &d : instrument.dimensions)
                    for (const Dimension &e : defined.dimensions)
                        if (e.key == d.key) {
                            d.allowsNotApplicable = d.allowsNotApplicable && e.allowsNotApplicable;
                            d.roles = e.roles;
                        }
            } catch (const Error &) {
                // An unreadable definition: the columns decide.
            }
        }
        return instrument;
    }
    throw Error(tr("%1 has no instrument “%2” to rate with; it has: %3.")
                    .arg(m_store.path(), key, known.join(QStringLiteral(", "))));
}

void Classifier::cancel()
{
    m_progress.cancel();
    if (!m_running)
        return;
    m_summary.cancelled = true;
    stop(QString());
}

void Classifier::stop(const QString &fatal)
{
    if (!fatal.isEmpty() && m_summary.fatal.isEmpty())
        m_summary.fatal = fatal;
    m_queue.clear();
    m_waiting = 0;
    const auto inFlight = m_inFlight;
    m_inFlight.clear();
    m_running = false; // replies aborted below are ignored
    for (const auto &reply : inFlight)
        if (reply && reply->isRunning() && reply->error() == QNetworkReply::NoError)
            reply->abort();
    Q_EMIT finished();
}

int Classifier::done() const
{
    return m_summary.predicted + m_summary.failed;
}

void Classifier::pump()
{
    if (m_running && m_progress.cancelled()) {
        cancel();
        return;
    }
    while (m_running && !m_queue.empty()
           && m_inFlight.size() < std::max(1, m_endpoint.concurrency)) {
        Job job = std::move(m_queue.front());
        m_queue.pop_front();
        send(std::move(job));
    }
}

void Classifier::send(Job job)
{
    ++job.attempts;
    ++m_summary.requests;
    QNetworkRequest request(m_endpoint.completionsUrl());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setTransferTimeout(m_endpoint.timeoutMs);
    if (!m_endpoint.apiKey.isEmpty())
        request.setRawHeader("Authorization", QByteArray("Bearer " + m_endpoint.apiKey.toUtf8()));
    const QJsonObject body {{QStringLiteral("model"), m_endpoint.model},
                            {QStringLiteral("messages"), job.messages},
                            {QStringLiteral("temperature"), m_endpoint.temperature}};
    QNetworkReply *reply =
        m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    m_inFlight << reply;
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    connect(reply, &QNetworkReply::finished, this, [this, reply, job, timer] {
        reply->deleteLater();
        if (!m_running)
            return;
        m_inFlight.removeAll(reply);
        handle(reply, job, timer->elapsed());
        pump();
        maybeFinish();
    });
}

void Classifier::handle(QNetworkReply *reply, Job job, qint64 elapsedMs)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (status == 0) {
        const QString why = reply->error() == QNetworkReply::OperationCanceledError
            ? tr("no answer within %1 s").arg(m_endpoint.timeoutMs / 1000.0)
            : reply->errorString();
        if (reply->error() == QNetworkReply::ConnectionRefusedError
            || reply->error() == QNetworkReply::HostNotFoundError) {
            stop(tr("Cannot reach %1: %2").arg(m_endpoint.completionsUrl().toString(), why));
            return;
        }
        retryOrFail(std::move(job), why);
        return;
    }
    if (status == 429 || status >= 500) {
        int delay = -1;
        bool ok = false;
        const int seconds = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
        if (ok)
            delay = std::min(seconds, 60) * 1000;
        retryOrFail(std::move(job), tr("the server answered HTTP %1").arg(status), delay);
        return;
    }
    if (status == 401 || status == 403 || status == 404) {
        stop(tr("%1 answered HTTP %2: %3")
                 .arg(m_endpoint.completionsUrl().toString(), QString::number(status),
                      QString::fromUtf8(body.left(300)).simplified()));
        return;
    }
    if (status != 200) {
        fail(job,
             tr("the server answered HTTP %1: %2")
                 .arg(status)
                 .arg(QString::fromUtf8(body.left(300)).simplified()));
        return;
    }

    const QJsonObject root = QJsonDocument::fromJson(body).object();
    const QString content = root.value(QStringLiteral("choices"))
                                .toArray()
                                .at(0)
                                .toObject()
                                .value(QStringLiteral("message"))
                                .toObject()
                                .value(QStringLiteral("content"))
                                .toString();
    Prediction prediction;
    try {
        if (content.isEmpty())
            throw Error(tr("the reply has no choices[0].message.content"));
        const auto values = parseReply(content, m_instrument, job.role);
        for (const Dimension &d : ratedDimensions(m_instrument, job.role))
            prediction.values.insert(d.id, Rating::orNotApplicable(values.value(d.key)));
    } catch (const Error &e) {
        retryOrFail(std::move(job), e.message());
        return;
    }
    prediction.turnId = job.turnId;
    prediction.annotatorId = m_annotatorId;
    prediction.promptHash = job.hash;
    prediction.reply = content.toUtf8();
    prediction.elapsedMs = elapsedMs;
    prediction.attempts = job.attempts;
    try {
        m_store.recordPrediction(prediction);
    } catch (const Error &e) {
        stop(e.message()); // the data set cannot be written: no point asking further
        return;
    }
    ++m_summary.predicted;
    Q_EMIT turnPredicted(job.turnId);
    m_progress.report(done(), m_summary.queued);
}

void Classifier::retryOrFail(Job job, const QString &why, int delayMs)
{
    if (job.attempts >= m_endpoint.maxAttempts) {
        fail(job, tr("%1 (after %n attempt(s))", nullptr, job.attempts).arg(why));
        return;
    }
    const int delay =
        delayMs >= 0 ? delayMs : m_endpoint.backoffMs * (1 << std::min(job.attempts - 1, 6));
    ++m_waiting;
    QTimer::singleShot(delay, this, [this, job = std::move(job)]() mutable {
        if (!m_running)
            return;
        --m_waiting;
        m_queue.push_front(std::move(job));
        pump();
    });
}

void Classifier::fail(const Job &job, const QString &why)
{
    ++m_summary.failed;
    const QString line = QStringLiteral("%1: %2").arg(job.where, why);
    m_summary.errors << line;
    Q_EMIT turnFailed(job.turnId, line);
    m_progress.report(done(), m_summary.queued);
}

void Classifier::maybeFinish()
{
    if (m_running && m_queue.empty() && m_inFlight.isEmpty() && m_waiting == 0) {
        m_running = false;
        Q_EMIT finished();
    }
}

} // namespace classify
} // namespace sense7
