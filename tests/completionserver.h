#pragma once

// A chat-completions server on localhost for the classifier tests (header-only).

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

#include <functional>

namespace sense7::test {

/** What the fake server does with one request. */
struct Response
{
    int status = 200;
    QByteArray content; // the assistant message content, wrapped as a chat completion
    QByteArray rawBody; // sent as is instead, when set
    bool hang = false; // never answer
    QByteArray headers;
};

/** A minimal HTTP/1.1 server speaking enough of the chat-completions protocol. */
class CompletionServer : public QObject
{
public:
    std::function<Response(int number, const QJsonObject &body)> handler;
    QList<QJsonObject> bodies;
    QList<QByteArray> authorizations;

    CompletionServer()
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

private:
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
        const Response r = handler(int(bodies.size()), body);
        if (r.hang)
            return;
        QByteArray payload = r.rawBody;
        if (payload.isEmpty()) {
            const QJsonObject message {{QStringLiteral("role"), QStringLiteral("assistant")},
                                       {QStringLiteral("content"), QString::fromUtf8(r.content)}};
            payload =
                QJsonDocument(
                    QJsonObject {{QStringLiteral("choices"),
                                  QJsonArray {QJsonObject {{QStringLiteral("message"), message}}}}})
                    .toJson(QJsonDocument::Compact);
        }
        socket->write("HTTP/1.1 " + QByteArray::number(r.status)
                      + " Status\r\nContent-Type: application/json\r\n" + r.headers
                      + "Content-Length: " + QByteArray::number(payload.size())
                      + "\r\nConnection: close\r\n\r\n" + payload);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

/** A reply rating every SENSE-7 dimension \a value, and validation "not applicable". */
inline QByteArray ratings(int value)
{
    return QStringLiteral(
               "{\"acknowledgment\": %1, \"understanding\": %1, \"validation\": null, "
               "\"responsiveness\": %1, \"continuity\": %1, \"warmth\": %1, \"support\": %1}")
        .arg(value)
        .toUtf8();
}

} // namespace sense7::test
