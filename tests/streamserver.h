#pragma once

// A chat-completions server on localhost that streams its replies as server-sent events, for the
// live-session tests (header-only). Each request is answered as the handler's plan says.

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>

namespace sense7::test {

/** What the streaming server does with one request. */
struct StreamPlan
{
    int status = 200;
    QByteArray headers; // extra header lines, each ending in "\r\n" (e.g. "Retry-After: 1\r\n")
    QByteArray body; // the body of an answer other than 200
    QStringList pieces; // the reply's text, one event each
    int firstDelayMs = 0; // before the first piece (a slow first token)
    int chunkMs = 2; // between pieces
    int cutAfter = -1; // close the connection after this many pieces, without ending the stream
    int hangAfter = -1; // send this many pieces, then nothing more (the connection stays open)
    QByteArray rawEvent; // sent after the pieces instead of the end of the stream (malformed)
    QList<QByteArray> rawChunks; // sent as they are, chunkMs apart, instead of all of the above
    QString finishReason = QStringLiteral("stop");
    QString model = QStringLiteral("test-model");
    int promptTokens = 21;

    static StreamPlan reply(const QString &text)
    {
        StreamPlan plan;
        // Pieces of a word and the space after it.
        QString piece;
        for (const QChar c : text) {
            if (!c.isSpace() && !piece.isEmpty() && piece.back().isSpace()) {
                plan.pieces << piece;
                piece.clear();
            }
            piece += c;
        }
        if (!piece.isEmpty())
            plan.pieces << piece;
        return plan;
    }
    static StreamPlan error(int status, const QByteArray &headers = {})
    {
        StreamPlan plan;
        plan.status = status;
        plan.headers = headers;
        plan.body = QByteArrayLiteral("{\"error\": {\"message\": \"status ")
            + QByteArray::number(status) + "\"}}";
        return plan;
    }
};

/** A minimal HTTP/1.1 server streaming chat completions (chunked, text/event-stream). */
class StreamServer : public QObject
{
public:
    std::function<StreamPlan(int number, const QJsonObject &body)> handler;
    QList<QJsonObject> bodies;
    int completed = 0; // replies sent whole, to their [DONE]
    QList<QByteArray> authorizations;

    StreamServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()));
    }

    /** The messages of request \a number (1-based) as "role: content" lines. */
    QStringList messages(int number) const
    {
        QStringList lines;
        for (const auto &value :
             bodies.value(number - 1).value(QStringLiteral("messages")).toArray())
            lines << value.toObject().value(QStringLiteral("role")).toString()
                    + QStringLiteral(": ")
                    + value.toObject().value(QStringLiteral("content")).toString();
        return lines;
    }

private:
    static QByteArray chunk(const QByteArray &data)
    {
        return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
    }

    static QByteArray event(const QJsonObject &object)
    {
        return "data: " + QJsonDocument(object).toJson(QJsonDocument::Compact) + "\n\n";
    }

    static QJsonObject choice(const QJsonObject &delta, const QJsonValue &finishReason)
    {
        return QJsonObject {{QStringLiteral("index"), 0},
                            {QStringLiteral("delta"), delta},
                            {QStringLiteral("finish_reason"), finishReason}};
    }

    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = buffer.left(end);
        qsizetype length = 0;
        QByteArray authorization;
        for (const QByteArray &line : head.split('\n')) {
            const QByteArray lower = line.trimmed().toLower();
            if (lower.startsWith("content-length:"))
                length = lower.mid(15).trimmed().toLongLong();
            if (lower.startsWith("authorization:"))
                authorization = line.trimmed().mid(14).trimmed();
        }
        if (buffer.size() < end + 4 + length)
            return;
        const QJsonObject body = QJsonDocument::fromJson(buffer.mid(end + 4, length)).object();
        m_buffers.remove(socket);
        bodies << body;
        authorizations << authorization;
        const StreamPlan plan = handler(int(bodies.size()), body);
        if (plan.status != 200) {
            socket->write("HTTP/1.1 " + QByteArray::number(plan.status)
                          + " Status\r\nContent-Type: application/json\r\n" + plan.headers
                          + "Content-Length: " + QByteArray::number(plan.body.size())
                          + "\r\nConnection: close\r\n\r\n" + plan.body);
            socket->disconnectFromHost();
            return;
        }
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" + plan.headers
                      + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
        socket->flush();
        QPointer<QTcpSocket> guarded(socket);
        QTimer::singleShot(plan.firstDelayMs, socket, [this, guarded, plan] {
            if (guarded)
                next(guarded, plan, 0);
        });
    }

    void next(QTcpSocket *socket, const StreamPlan &plan, int sent)
    {
        if (!plan.rawChunks.isEmpty()) {
            if (sent == plan.rawChunks.size()) {
                socket->write("0\r\n\r\n");
                socket->disconnectFromHost();
                return;
            }
            socket->write(chunk(plan.rawChunks.at(sent)));
            socket->flush();
            QPointer<QTcpSocket> guarded(socket);
            QTimer::singleShot(plan.chunkMs, socket, [this, guarded, plan, sent] {
                if (guarded)
                    next(guarded, plan, sent + 1);
            });
            return;
        }
        if (sent == plan.cutAfter) {
            // The connection closes without the stream's end (no last chunk, no [DONE]). Closed
            // rather than reset, so that what was sent is sure to arrive first.
            socket->disconnectFromHost();
            return;
        }
        if (sent == plan.hangAfter)
            return;
        if (sent < plan.pieces.size()) {
            QJsonObject delta {{QStringLiteral("content"), plan.pieces.at(sent)}};
            if (sent == 0)
                delta.insert(QStringLiteral("role"), QStringLiteral("assistant"));
            socket->write(chunk(event(QJsonObject {
                {QStringLiteral("id"), QStringLiteral("chatcmpl-1")},
                {QStringLiteral("model"), plan.model},
                {QStringLiteral("choices"), QJsonArray {choice(delta, QJsonValue::Null)}}})));
            socket->flush();
            QPointer<QTcpSocket> guarded(socket);
            QTimer::singleShot(plan.chunkMs, socket, [this, guarded, plan, sent] {
                if (guarded)
                    next(guarded, plan, sent + 1);
            });
            return;
        }
        if (!plan.rawEvent.isEmpty()) {
            socket->write(chunk(plan.rawEvent));
            socket->write("0\r\n\r\n");
            socket->disconnectFromHost();
            return;
        }
        QByteArray tail = event(
            QJsonObject {{QStringLiteral("model"), plan.model},
                         {QStringLiteral("choices"), QJsonArray {choice({}, plan.finishReason)}}});
        tail += event(QJsonObject {
            {QStringLiteral("model"), plan.model},
            {QStringLiteral("choices"), QJsonArray()},
            {QStringLiteral("usage"),
             QJsonObject {
                 {QStringLiteral("prompt_tokens"), plan.promptTokens},
                 {QStringLiteral("completion_tokens"), int(plan.pieces.size())},
                 {QStringLiteral("total_tokens"), plan.promptTokens + int(plan.pieces.size())}}}});
        tail += "data: [DONE]\n\n";
        socket->write(chunk(tail));
        socket->write("0\r\n\r\n");
        socket->disconnectFromHost();
        ++completed;
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

} // namespace sense7::test
