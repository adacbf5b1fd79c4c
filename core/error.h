#pragma once

#include <QByteArray>
#include <QString>

#include <exception>

namespace sense7 {

/**
 * The one exception type of the core. Its message is complete and user-facing: it names the file
 * and, where there is one, the position. UI and CLI catch it at their boundary and show message().
 */
class Error : public std::exception
{
public:
    explicit Error(QString message)
        : m_message(std::move(message))
        , m_utf8(m_message.toUtf8())
    { }

    const QString &message() const noexcept { return m_message; }
    const char *what() const noexcept override { return m_utf8.constData(); }

private:
    QString m_message;
    QByteArray m_utf8;
};

} // namespace sense7
