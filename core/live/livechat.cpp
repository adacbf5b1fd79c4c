#include "live/livechat.h"

#include "error.h"
#include "store.h"

#include <QJsonObject>
#include <QNetworkAccessManager>

namespace sense7::live {

namespace {

constexpr int writeIntervalMs = 200; // a streaming reply is written at most this often

QString metaString(const Turn &turn, const char *key)
{
    return turn.meta.value(QLatin1String(key)).toString();
}

} // namespace

LiveChat::LiveChat(Store &store, qint64 conversationId, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_conversationId(conversationId)
{
    const auto conversation = store.conversation(conversationId);
    if (!conversation)
        throw Error(
            tr("%1 has no conversation %2.").arg(store.path(), QString::number(conversationId)));
    if (conversation->condition.isEmpty())
        throw Error(tr("Conversation %1 of %2 was imported, not held live: it has no assistant "
                       "condition to talk with.")
                        .arg(conversationId)
                        .arg(store.path()));
    const Protocol protocol = store.protocol();
    const AssistantCondition *condition = protocol.live.condition(conversation->condition);
    if (!condition)
        throw Error(
            tr("The protocol of %1 has no assistant condition “%2” (conversation %3).")
                .arg(store.path(), conversation->condition, QString::number(conversationId)));
    m_condition = *condition;
    m_ratingRequired =
        protocol.live.ratingRequired && protocol.live.rating == RatingTiming::AfterEachReply;

    if (!store.isReadOnly())
        store.markInterruptedReplies(conversationId);
    // A sitting begun here and still open goes on (the latest, should there be more). Another
    // machine's open sitting is that machine's.
    const QVector<LiveSession> sessions = store.sessions(conversationId);
    const LiveSession *open = nullptr;
    for (const LiveSession &s : sessions)
        if (s.begunHere && !s.endedAt.isValid() && (!open || s.startedAt >= open->startedAt))
            open = &s;
    if (open)
        m_sessionId = open->id;
    else if (!store.isReadOnly())
        m_sessionId = store.beginSession(conversationId);

    noteLastReply(store.turns(conversationId));

    m_flush.setSingleShot(true);
    connect(&m_flush, &QTimer::timeout, this, &LiveChat::writePartial);
    connect(&m_store, &Store::writesReleased, this, &LiveChat::writeHeld);
}

LiveChat::~LiveChat()
{
    if (m_stream)
        stop(); // what arrived is kept, marked interrupted
}

void LiveChat::setApiKey(const QString &key)
{
    m_apiKey = key;
}

QString LiveChat::apiKey() const
{
    if (!m_apiKey.isEmpty())
        return m_apiKey;
    if (!m_condition.apiKeyVariable.isEmpty()) {
        QString key = qEnvironmentVariable(qPrintable(m_condition.apiKeyVariable));
        if (!key.isEmpty())
            return key;
    }
    return qEnvironmentVariable("SENSE7_API_KEY");
}

QString LiveChat::keySource() const
{
    if (!m_apiKey.isEmpty())
        return tr("The key is the one given to Sense-7 Studio (kept in the system keychain).");
    const QString variable = m_condition.apiKeyVariable;
    if (!variable.isEmpty() && !qEnvironmentVariable(qPrintable(variable)).isEmpty())
        return tr("The key comes from the environment variable %1.").arg(variable);
    if (!qEnvironmentVariable("SENSE7_API_KEY").isEmpty())
        return tr("The key comes from the environment variable SENSE7_API_KEY.");
    return variable.isEmpty()
        ? tr("No API key was given: set SENSE7_API_KEY in the environment or store a key in "
             "Sense-7 Studio.")
        : tr("No API key was given: set %1 (or SENSE7_API_KEY) in the environment or store a key "
             "in Sense-7 Studio.")
              .arg(variable);
}

bool LiveChat::lastReplyFailed(const QVector<Turn> &turns) const
{
    if (turns.isEmpty() || turns.constLast().role != Role::Assistant)
        return false;
    const QString reason = metaString(turns.constLast(), "finish_reason");
    return reason == QLatin1String("error") || reason == QLatin1String("crash");
}

void LiveChat::noteLastReply(const QVector<Turn> &turns)
{
    for (qsizetype i = turns.size() - 1; i >= 0; --i) {
        if (turns.at(i).role == Role::Assistant) {
            m_lastReplyIndex = turns.at(i).index;
            return;
        }
    }
}

QVector<Turn> LiveChat::recentTurns() const
{
    // Turns are only ever appended: the last reply is the one noted or one after it.
    return m_store.turns(m_conversationId, m_lastReplyIndex, -1);
}

QString LiveChat::blockedReason() const
{
    if (m_stream)
        return tr("Wait until the reply is complete, or stop it.");
    if (m_store.isReadOnly())
        return tr("%1 is open read-only: nothing can be added to it.").arg(m_store.path());
    if (!m_ratingRequired)
        return {};
    const QVector<Turn> turns = recentTurns();
    if (lastReplyFailed(turns))
        return {}; // a failed reply is asked again, not rated
    const Turn *last = nullptr;
    for (qsizetype i = turns.size() - 1; i >= 0 && !last; --i)
        if (turns.at(i).role == Role::Assistant)
            last = &turns.at(i);
    if (!last)
        return {};
    const qint64 self = m_store.selfAnnotatorId();
    const QHash<qint64, Rating> ratings =
        self == 0 ? QHash<qint64, Rating>() : m_store.ratingsOfTurn(last->id, self);
    const QString role = roleKey(Role::Assistant);
    for (const auto &[dimensionId, cellRole] : m_store.requiredTurnCells())
        if (cellRole == role && !ratings.value(dimensionId).isSet())
            return tr("Rate the last reply before you send your next message.");
    return {};
}

bool LiveChat::send(const QString &text)
{
    if (text.trimmed().isEmpty())
        return false;
    const QString reason = blockedReason();
    if (!reason.isEmpty()) {
        Q_EMIT failed(reason);
        return false;
    }
    qint64 turnId = 0;
    try {
        turnId = m_store.appendTurn(
            m_conversationId, roleKey(Role::User), text,
            QJsonObject {{QStringLiteral("live"), true}, {QStringLiteral("session"), m_sessionId}});
    } catch (const Error &e) {
        Q_EMIT failed(e.message());
        return false;
    }
    Q_EMIT userTurnCommitted(turnId);
    ask();
    return true;
}

bool LiveChat::canRetry() const
{
    if (m_stream || m_store.isReadOnly())
        return false;
    const QVector<Turn> turns = recentTurns();
    return (!turns.isEmpty() && turns.constLast().role == Role::User) || lastReplyFailed(turns);
}

void LiveChat::retry()
{
    if (canRetry())
        ask();
}

void LiveChat::stop()
{
    if (m_stream)
        m_stream->stop(); // done() follows at once
    // A reply that ended while an import held the writes, stopped before their release came.
    if (m_doneWhileHeld && !m_store.writesHeld())
        writeHeld();
}

void LiveChat::ask()
{
    const QVector<Turn> turns = m_store.turns(m_conversationId);
    noteLastReply(turns);
    const QJsonArray messages = requestMessages(m_condition, turns);
    ReplyStream *stream = nullptr;
    if (m_condition.kind == AssistantCondition::Kind::Endpoint) {
        if (!m_network)
            m_network = new QNetworkAccessManager(this);
        stream =
            new EndpointStream(m_condition, apiKey(), keySource(), m_settings, m_network, this);
    } else {
        QSet<int> used;
        int replyNumber = 0;
        for (const Turn &turn : turns) {
            if (turn.role == Role::User)
                ++replyNumber;
            const QJsonValue scripted = turn.meta.value(QStringLiteral("scripted_reply"));
            if (turn.role == Role::Assistant && scripted.isDouble())
                used.insert(scripted.toInt());
        }
        stream = new ScriptedStream(m_condition, used, std::max(1, replyNumber), this);
    }
    m_stream = stream;
    m_replyTurnId = 0;
    m_pending = false;
    m_writeFailed = false;
    connect(stream, &ReplyStream::delta, this, &LiveChat::onDelta);
    connect(stream, &ReplyStream::waiting, this, &LiveChat::waiting);
    connect(stream, &ReplyStream::done, this, &LiveChat::onDone);
    stream->start(messages);
}

QJsonObject LiveChat::replyMeta(const StreamResult &result, bool streaming) const
{
    QJsonObject meta {{QStringLiteral("live"), true},
                      {QStringLiteral("session"), m_sessionId},
                      {QStringLiteral("condition"), m_condition.key},
                      {QStringLiteral("model"), result.model}};
    if (result.firstTokenMs >= 0)
        meta.insert(QStringLiteral("latency_first_token_ms"), result.firstTokenMs);
    if (result.scriptedReply >= 0)
        meta.insert(QStringLiteral("scripted_reply"), result.scriptedReply);
    if (streaming) {
        meta.insert(QStringLiteral("streaming"), true);
        return meta;
    }
    meta.insert(QStringLiteral("latency_total_ms"), result.totalMs);
    if (result.promptTokens >= 0)
        meta.insert(QStringLiteral("prompt_tokens"), result.promptTokens);
    if (result.completionTokens >= 0)
        meta.insert(QStringLiteral("completion_tokens"), result.completionTokens);
    meta.insert(QStringLiteral("finish_reason"), result.finishReason);
    meta.insert(QStringLiteral("interrupted"), result.outcome != StreamResult::Outcome::Completed);
    if (!result.error.isEmpty())
        meta.insert(QStringLiteral("error"), result.error);
    return meta;
}

void LiveChat::onDelta(const QString &textSoFar)
{
    if (!m_stream || m_writeFailed)
        return;
    m_pendingText = textSoFar;
    m_pending = true;
    // While an import's progress holds the data set's writes, the text waits for writeHeld().
    if (m_store.writesHeld())
        return;
    if (m_replyTurnId == 0) {
        if (!startReply())
            return;
    } else if (m_lastWrite.elapsed() >= writeIntervalMs) {
        writePartial();
    } else if (!m_flush.isActive()) {
        m_flush.start(int(writeIntervalMs - m_lastWrite.elapsed()));
    }
    Q_EMIT replyDelta(m_replyTurnId, textSoFar);
}

bool LiveChat::startReply()
{
    m_pending = false;
    try {
        m_replyTurnId = m_store.appendTurn(m_conversationId, roleKey(Role::Assistant),
                                           m_pendingText, replyMeta(m_stream->result(), true));
    } catch (const Error &e) {
        m_writeFailed = true;
        Q_EMIT failed(e.message());
        m_stream->stop();
        return false;
    }
    m_lastWrite.start();
    Q_EMIT replyStarted(m_replyTurnId);
    return true;
}

void LiveChat::writeHeld()
{
    if (!m_stream || m_store.writesHeld())
        return;
    if (m_doneWhileHeld) {
        m_doneWhileHeld = false;
        // The reply began and ended while held: it begins now, then ends, as any other.
        if (m_replyTurnId == 0 && m_pending && !m_writeFailed) {
            const QString text = m_pendingText;
            if (startReply())
                Q_EMIT replyDelta(m_replyTurnId, text);
        }
        onDone();
        return;
    }
    if (!m_pending || m_writeFailed)
        return;
    const QString text = m_pendingText;
    if (m_replyTurnId == 0 && !startReply())
        return;
    writePartial();
    Q_EMIT replyDelta(m_replyTurnId, text);
}

void LiveChat::writePartial()
{
    m_flush.stop();
    if (!m_pending || !m_stream || m_replyTurnId == 0 || m_writeFailed || m_store.writesHeld())
        return;
    m_pending = false;
    try {
        m_store.updateLiveTurn(m_replyTurnId, m_pendingText, replyMeta(m_stream->result(), true));
    } catch (const Error &e) {
        m_writeFailed = true;
        Q_EMIT failed(e.message());
        m_stream->stop();
        return;
    }
    m_lastWrite.start();
}

void LiveChat::onDone()
{
    ReplyStream *stream = m_stream;
    if (!stream)
        return;
    if (m_store.writesHeld()) {
        m_doneWhileHeld = true; // the reply is written whole at writeHeld()
        return;
    }
    m_stream = nullptr;
    m_flush.stop();
    m_pending = false;
    stream->deleteLater();
    const StreamResult result = stream->result();
    const bool writeFailed = m_writeFailed;
    if (!result.text.isEmpty() && !writeFailed) {
        try {
            if (m_replyTurnId == 0)
                m_replyTurnId = m_store.appendTurn(m_conversationId, roleKey(Role::Assistant),
                                                   result.text, replyMeta(result, false));
            else
                m_store.updateLiveTurn(m_replyTurnId, result.text, replyMeta(result, false));
        } catch (const Error &e) {
            Q_EMIT failed(e.message());
            return;
        }
        Q_EMIT replyFinished(m_replyTurnId);
    }
    if (writeFailed)
        return;
    if (result.outcome == StreamResult::Outcome::Failed) {
        Q_EMIT failed(
            result.text.isEmpty()
                ? result.error
                : tr("%1 What arrived is kept, marked as interrupted.").arg(result.error));
    } else if (result.outcome == StreamResult::Outcome::Completed && result.text.isEmpty()) {
        Q_EMIT failed(tr("The assistant sent an empty reply. Try again."));
    }
}

} // namespace sense7::live
