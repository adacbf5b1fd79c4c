#include "live/replystream.h"

#include "classify/classifier.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace sense7::live {

void ReplyStream::addText(const QString &piece)
{
    if (piece.isEmpty() || !isRunning())
        return;
    if (m_result.firstTokenMs < 0)
        m_result.firstTokenMs = m_clock.elapsed();
    m_result.text += piece;
    Q_EMIT delta(m_result.text);
}

void ReplyStream::finish(StreamResult::Outcome outcome, const QString &finishReason,
                         const QString &error)
{
    if (!isRunning())
        return;
    m_result.outcome = outcome;
    m_result.finishReason = finishReason;
    m_result.error = error;
    m_result.totalMs = m_clock.elapsed();
    Q_EMIT done();
}

// ---------------------------------------------------------------------------------------------
// EndpointStream

EndpointStream::EndpointStream(const AssistantCondition &condition, const QString &apiKey,
                               const QString &keySource, StreamSettings settings, QObject *parent)
    : EndpointStream(condition, apiKey, keySource, settings, nullptr, parent)
{ }

EndpointStream::EndpointStream(const AssistantCondition &condition, const QString &apiKey,
                               const QString &keySource, StreamSettings settings,
                               QNetworkAccessManager *network, QObject *parent)
    : ReplyStream(parent)
    , m_condition(condition)
    , m_apiKey(apiKey)
    , m_keySource(keySource)
    , m_settings(settings)
    , m_network(network ? network : new QNetworkAccessManager(this))
{
    classify::Endpoint endpoint;
    endpoint.url = condition.url;
    m_url = endpoint.completionsUrl();
    m_result.model = condition.model;
    m_timeout.setSingleShot(true);
    m_retry.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, &EndpointStream::onTimeout);
    connect(&m_retry, &QTimer::timeout, this, &EndpointStream::send);
}

EndpointStream::~EndpointStream()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

QJsonObject EndpointStream::body(const QJsonArray &messages) const
{
    QJsonObject body {
        {QStringLiteral("model"), m_condition.model},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}}},
        {QStringLiteral("temperature"), m_condition.temperature}};
    if (m_condition.maxTokens > 0)
        body.insert(QStringLiteral("max_tokens"), m_condition.maxTokens);
    return body;
}

void EndpointStream::start(const QJsonArray &messages)
{
    m_messages = messages;
    m_clock.start();
    if (!m_url.isValid()
        || !(m_url.scheme() == QLatin1String("http") || m_url.scheme() == QLatin1String("https"))) {
        const QString url = m_condition.url.toString();
        QTimer::singleShot(0, this, [this, url] {
            finish(StreamResult::Outcome::Failed, QStringLiteral("error"),
                   tr("The condition “%1” has no http or https address to ask (“%2”).")
                       .arg(m_condition.key, url));
        });
        return;
    }
    send();
}

void EndpointStream::send()
{
    if (!isRunning())
        return;
    ++m_attempts;
    m_status = 0;
    m_buffer.clear();
    m_eventData.clear();
    m_sawDone = false;
    m_timedOut = false;
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    request.setTransferTimeout(0); // the timers below watch the first token and the pauses
    if (!m_apiKey.isEmpty())
        request.setRawHeader("Authorization", QByteArray("Bearer " + m_apiKey.toUtf8()));
    m_reply =
        m_network->post(request, QJsonDocument(body(m_messages)).toJson(QJsonDocument::Compact));
    connect(m_reply, &QNetworkReply::readyRead, this, &EndpointStream::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &EndpointStream::onFinished);
    armTimeout();
}

void EndpointStream::armTimeout()
{
    const bool started = m_result.firstTokenMs >= 0;
    const int ms = started ? m_settings.idleTimeoutMs : m_settings.firstTokenTimeoutMs;
    if (ms > 0)
        m_timeout.start(ms);
}

void EndpointStream::onTimeout()
{
    if (!m_reply)
        return;
    m_timedOut = true;
    m_reply->abort(); // finished() follows at once
}

void EndpointStream::stop()
{
    if (!isRunning())
        return;
    m_retry.stop();
    m_timeout.stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    finish(StreamResult::Outcome::Stopped, QStringLiteral("stopped"));
}

void EndpointStream::onReadyRead()
{
    if (!m_reply || !isRunning())
        return;
    if (m_status == 0)
        m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_status != 200)
        return; // an error's body is read when it is complete
    m_buffer += m_reply->readAll();
    if (m_result.firstTokenMs >= 0)
        armTimeout(); // any bytes show the server is still there
    parseLines(false);
}

void EndpointStream::parseLines(bool atEnd)
{
    qsizetype from = 0;
    while (isRunning()) {
        const qsizetype newline = m_buffer.indexOf('\n', from);
        if (newline < 0)
            break;
        QByteArray line = m_buffer.mid(from, newline - from);
        from = newline + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty()) {
            if (!m_eventData.isEmpty()) {
                const QByteArray data = m_eventData;
                m_eventData.clear();
                dispatch(data);
            }
        } else if (line.startsWith("data:")) {
            QByteArray value = line.mid(5);
            if (value.startsWith(' '))
                value.remove(0, 1);
            if (!m_eventData.isEmpty())
                m_eventData += '\n';
            m_eventData += value.isEmpty() ? QByteArray(" ") : value;
        }
        // Comments (":…") and the fields "event", "id" and "retry" carry nothing here.
    }
    m_buffer.remove(0, from);
    if (atEnd && isRunning()) {
        if (m_buffer.trimmed().startsWith("data:")) { // a last event without its blank line
            m_buffer += "\n\n";
            parseLines(false);
        } else if (!m_eventData.isEmpty()) {
            const QByteArray data = m_eventData;
            m_eventData.clear();
            dispatch(data);
        }
    }
}

void EndpointStream::dispatch(const QByteArray &data)
{
    if (data.trimmed() == "[DONE]") {
        m_sawDone = true;
        m_timeout.stop();
        if (m_reply) {
            QNetworkReply *reply = m_reply;
            m_reply = nullptr;
            reply->disconnect(this);
            reply->deleteLater();
        }
        finish(StreamResult::Outcome::Completed,
               m_result.finishReason.isEmpty() ? QStringLiteral("stop") : m_result.finishReason);
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data.trimmed(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        fail(tr("%1 sent an event that is not a JSON object (%2): “%3”.")
                 .arg(m_url.toString(), parseError.errorString(),
                      QString::fromUtf8(data.left(120)).simplified()));
        return;
    }
    const QJsonObject event = document.object();
    if (event.contains(QStringLiteral("error"))) {
        fail(tr("%1 reported an error while replying: %2")
                 .arg(m_url.toString(), serverMessage(data)));
        return;
    }
    const QString model = event.value(QStringLiteral("model")).toString();
    if (!model.isEmpty())
        m_result.model = model;
    const QJsonObject usage = event.value(QStringLiteral("usage")).toObject();
    if (!usage.isEmpty()) {
        m_result.promptTokens = usage.value(QStringLiteral("prompt_tokens")).toInt(-1);
        m_result.completionTokens = usage.value(QStringLiteral("completion_tokens")).toInt(-1);
    }
    const QJsonArray choices = event.value(QStringLiteral("choices")).toArray();
    if (choices.isEmpty())
        return; // the usage chunk
    const QJsonObject choice = choices.at(0).toObject();
    const QString reason = choice.value(QStringLiteral("finish_reason")).toString();
    if (!reason.isEmpty())
        m_result.finishReason = reason;
    const QJsonValue delta = choice.value(QStringLiteral("delta"));
    if (!delta.isObject() && reason.isEmpty()) {
        fail(tr("%1 sent an event without choices[0].delta: “%2”.")
                 .arg(m_url.toString(), QString::fromUtf8(data.left(120)).simplified()));
        return;
    }
    addText(delta.toObject().value(QStringLiteral("content")).toString());
    if (m_result.firstTokenMs >= 0)
        armTimeout();
}

QString EndpointStream::serverMessage(const QByteArray &body) const
{
    const QJsonObject root = QJsonDocument::fromJson(body).object();
    const QJsonValue error = root.value(QStringLiteral("error"));
    QString message = error.isObject()
        ? error.toObject().value(QStringLiteral("message")).toString()
        : error.toString();
    if (message.isEmpty())
        message = root.value(QStringLiteral("message")).toString();
    if (message.isEmpty())
        message = QString::fromUtf8(body.left(300));
    return message.simplified();
}

void EndpointStream::onFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply || sender() != reply || !isRunning())
        return;
    m_reply = nullptr;
    reply->deleteLater();
    m_timeout.stop();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200) {
        if (reply->isOpen())
            m_buffer += reply->readAll();
        const QByteArray whole = m_buffer.trimmed();
        parseLines(true);
        if (!isRunning())
            return;
        // A server that ignored "stream" and sent one whole completion.
        if (m_result.text.isEmpty() && whole.startsWith('{')) {
            const QJsonObject root = QJsonDocument::fromJson(whole).object();
            if (root.contains(QStringLiteral("error"))) {
                fail(tr("%1 reported an error: %2").arg(m_url.toString(), serverMessage(whole)));
                return;
            }
            const QJsonObject choice =
                root.value(QStringLiteral("choices")).toArray().at(0).toObject();
            const QString content = choice.value(QStringLiteral("message"))
                                        .toObject()
                                        .value(QStringLiteral("content"))
                                        .toString();
            if (!content.isEmpty()) {
                addText(content);
                const QString reason = choice.value(QStringLiteral("finish_reason")).toString();
                finish(StreamResult::Outcome::Completed,
                       reason.isEmpty() ? QStringLiteral("stop") : reason);
                return;
            }
        }
        if (!m_result.finishReason.isEmpty() && reply->error() == QNetworkReply::NoError) {
            finish(StreamResult::Outcome::Completed, m_result.finishReason);
            return;
        }
    }
    if (m_timedOut) {
        if (m_result.text.isEmpty())
            fail(tr("No reply from %1 within %2 s.")
                     .arg(m_url.toString(),
                          QString::number(m_settings.firstTokenTimeoutMs / 1000.0)));
        else
            fail(tr("The reply stopped arriving: nothing new for %1 s.")
                     .arg(m_settings.idleTimeoutMs / 1000.0));
        return;
    }
    if (status == 200 || status == 0) {
        const auto error = reply->error();
        if (status == 0
            && (error == QNetworkReply::ConnectionRefusedError
                || error == QNetworkReply::HostNotFoundError)) {
            fail(tr("Cannot reach %1: %2.").arg(m_url.toString(), reply->errorString()));
            return;
        }
        if (!m_result.text.isEmpty()) {
            fail(tr("The connection to %1 broke off in the middle of the reply.")
                     .arg(m_url.toString()));
            return;
        }
        retryOrFail(status == 0 ? reply->errorString()
                                : tr("the connection closed before the reply began"),
                    -1);
        return;
    }
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (status == 401 || status == 403) {
        fail(tr("%1 refused the API key (HTTP %2: %3). %4")
                 .arg(m_url.toString(), QString::number(status), serverMessage(body), m_keySource));
        return;
    }
    if (status == 404) {
        fail(tr("%1 answered HTTP 404 (%2): check the endpoint's address and the model "
                "“%3” in the protocol.")
                 .arg(m_url.toString(), serverMessage(body), m_condition.model));
        return;
    }
    if (status == 429) {
        int waitMs = -1;
        const QByteArray retryAfter = reply->rawHeader("Retry-After").trimmed();
        bool ok = false;
        const int seconds = retryAfter.toInt(&ok);
        if (ok && seconds >= 0) {
            waitMs = seconds * 1000;
        } else if (!retryAfter.isEmpty()) {
            const QDateTime when =
                QDateTime::fromString(QString::fromLatin1(retryAfter), Qt::RFC2822Date);
            if (when.isValid())
                waitMs = int(std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(when)));
        }
        retryOrFail(tr("%1 is busy (HTTP 429)").arg(m_url.host()), waitMs);
        return;
    }
    if (status >= 500) {
        retryOrFail(tr("%1 failed (HTTP %2: %3)")
                        .arg(m_url.host(), QString::number(status), serverMessage(body)),
                    -1);
        return;
    }
    fail(tr("%1 answered HTTP %2: %3")
             .arg(m_url.toString(), QString::number(status), serverMessage(body)));
}

void EndpointStream::retryOrFail(const QString &why, int waitMs)
{
    if (m_attempts >= std::max(1, m_settings.maxAttempts)) {
        fail(tr("%1; gave up after %n attempt(s).", nullptr, m_attempts).arg(why));
        return;
    }
    const int wait =
        waitMs >= 0 ? waitMs : m_settings.backoffMs * (1 << std::min(m_attempts - 1, 6));
    if (wait > m_settings.maxWaitSeconds * 1000) {
        fail(tr("%1 and asks to wait %2 s; try again later.")
                 .arg(why, QString::number(wait / 1000)));
        return;
    }
    Q_EMIT waiting(int(std::ceil(wait / 1000.0)), why);
    if (isRunning()) // a handler of waiting() may have stopped the stream
        m_retry.start(wait);
}

void EndpointStream::fail(const QString &message)
{
    m_timeout.stop();
    m_retry.stop();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    finish(StreamResult::Outcome::Failed, QStringLiteral("error"), message);
}

// ---------------------------------------------------------------------------------------------
// ScriptedStream

ScriptedStream::ScriptedStream(const AssistantCondition &condition, const QSet<int> &used,
                               int replyNumber, QObject *parent)
    : ReplyStream(parent)
    , m_condition(condition)
    , m_used(used)
    , m_replyNumber(replyNumber)
{
    m_result.model = QStringLiteral("scripted");
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ScriptedStream::next);
}

int ScriptedStream::choose(const AssistantCondition &condition, const QSet<int> &used,
                           int replyNumber, const QString &message)
{
    for (int i = 0; i < condition.replies.size(); ++i) {
        const auto &reply = condition.replies.at(i);
        if (used.contains(i))
            continue;
        if (reply.turn > 0 && reply.turn != replyNumber)
            continue;
        if (!reply.match.isEmpty() && !message.contains(reply.match, Qt::CaseInsensitive))
            continue;
        return i;
    }
    return -1;
}

void ScriptedStream::start(const QJsonArray &messages)
{
    m_clock.start();
    const QString message = messages.isEmpty()
        ? QString()
        : messages.last().toObject().value(QStringLiteral("content")).toString();
    m_result.scriptedReply = choose(m_condition, m_used, m_replyNumber, message);
    const QString text = m_result.scriptedReply >= 0
        ? m_condition.replies.at(m_result.scriptedReply).text
        : m_condition.fallback;
    // Pieces of a word and the space after it, as a model's tokens would arrive.
    static const QRegularExpression word(QStringLiteral("\\S+\\s*|\\s+"));
    auto it = word.globalMatch(text);
    while (it.hasNext())
        m_pieces << it.next().captured();
    if (m_pieces.isEmpty()) {
        QTimer::singleShot(0, this, [this] {
            finish(StreamResult::Outcome::Failed, QStringLiteral("error"),
                   tr("The scripted condition “%1” has no reply left for this message and no "
                      "fallback.")
                       .arg(m_condition.key));
        });
        return;
    }
    m_timer.start(std::max(0, m_condition.chunkMs));
}

void ScriptedStream::next()
{
    if (!isRunning())
        return;
    if (m_pieces.isEmpty()) {
        finish(StreamResult::Outcome::Completed, QStringLiteral("stop"));
        return;
    }
    addText(m_pieces.takeFirst());
    m_timer.start(std::max(0, m_condition.chunkMs));
}

void ScriptedStream::stop()
{
    m_timer.stop();
    finish(StreamResult::Outcome::Stopped, QStringLiteral("stopped"));
}

// ---------------------------------------------------------------------------------------------

QJsonArray requestMessages(const AssistantCondition &condition, const QVector<Turn> &turns)
{
    qsizetype last = turns.size() - 1;
    while (last >= 0 && turns.at(last).role != Role::User)
        --last;
    QJsonArray messages;
    if (!condition.systemPrompt.isEmpty())
        messages.append(QJsonObject {{QStringLiteral("role"), QStringLiteral("system")},
                                     {QStringLiteral("content"), condition.systemPrompt}});
    if (last < 0)
        return messages;
    QVector<const Turn *> earlier;
    for (qsizetype i = 0; i < last; ++i) {
        const Turn &turn = turns.at(i);
        if ((turn.role == Role::User || turn.role == Role::Assistant) && !turn.text.isEmpty())
            earlier << &turn;
    }
    if (condition.historyTurns >= 0 && earlier.size() > condition.historyTurns)
        earlier.remove(0, earlier.size() - condition.historyTurns);
    earlier << &turns.at(last);
    for (const Turn *turn : std::as_const(earlier))
        messages.append(QJsonObject {{QStringLiteral("role"), roleKey(turn->role)},
                                     {QStringLiteral("content"), turn->text}});
    return messages;
}

} // namespace sense7::live
