#pragma once

#include "error.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

struct pg_conn;
struct pg_result;
struct pg_cancel;

/**
 * A small RAII wrapper on libpq, PostgreSQL's client library: the only place besides the store
 * (and the other core/server and core/sync files named *server* or *pg*) that speaks SQL.
 * Values always travel as parameters ($1, $2…), never inside the SQL text.
 */
namespace sense7::pg {

/** An error the server reported, with its SQLSTATE (e.g. "42501": insufficient privilege). */
class ServerError : public Error
{
public:
    ServerError(QString message, QString sqlstate)
        : Error(std::move(message))
        , m_sqlstate(std::move(sqlstate))
    { }
    const QString &sqlstate() const noexcept { return m_sqlstate; }

private:
    QString m_sqlstate;
};

/** A connection that could not be made; kind() says why, message() says it in words. */
class ConnectError : public Error
{
public:
    enum class Kind { Unreachable, Authentication, Other };
    ConnectError(QString message, Kind kind)
        : Error(std::move(message))
        , m_kind(kind)
    { }
    Kind kind() const noexcept { return m_kind; }

private:
    Kind m_kind;
};

/** One query parameter in text form; NULL when empty-optional. */
class Param
{
public:
    Param(std::nullptr_t) { }
    Param(const QString &text)
        : m_value(text.toUtf8())
    { }
    Param(const char *utf8)
        : m_value(QByteArray(utf8))
    { }
    Param(const QByteArray &utf8)
        : m_value(utf8)
    { }
    Param(qint64 value)
        : m_value(QByteArray::number(value))
    { }
    Param(int value)
        : m_value(QByteArray::number(value))
    { }
    Param(bool value)
        : m_value(value ? QByteArray("true") : QByteArray("false"))
    { }
    Param(double value)
        : m_value(QByteArray::number(value, 'g', 17))
    { }
    /** A timestamptz; an invalid QDateTime is NULL. */
    Param(const QDateTime &value)
    {
        if (value.isValid())
            m_value = value.toUTC().toString(Qt::ISODateWithMs).toLatin1();
    }
    /** A json or jsonb value, compact. */
    Param(const QJsonObject &value)
        : m_value(QJsonDocument(value).toJson(QJsonDocument::Compact))
    { }
    template<typename T>
    Param(const std::optional<T> &value)
    {
        if (value)
            m_value = Param(*value).m_value;
    }
    const std::optional<QByteArray> &value() const { return m_value; }

private:
    std::optional<QByteArray> m_value;
};

/** A query's result (rows are 0-based, columns 0-based). */
class Result
{
public:
    Result() = default;
    explicit Result(pg_result *result);

    int rows() const;
    int columns() const;
    /** The column called \a name; throws Error when there is none. */
    int column(const char *name) const;
    bool isNull(int row, int column) const;
    QString text(int row, int column) const;
    QByteArray bytes(int row, int column) const;
    qint64 int64(int row, int column) const;
    int integer(int row, int column) const { return int(int64(row, column)); }
    std::optional<qint64> optionalInt(int row, int column) const;
    bool boolean(int row, int column) const;
    /** A timestamptz (the connection's zone is UTC); invalid for NULL. */
    QDateTime dateTime(int row, int column) const;
    /** A json/jsonb value, parsed; Undefined for NULL. */
    QJsonValue json(int row, int column) const;
    /** Rows an INSERT, UPDATE or DELETE touched. */
    qint64 affected() const;
    pg_result *handle() const { return m_result.get(); }

private:
    struct Clear
    {
        void operator()(pg_result *result) const;
    };
    std::shared_ptr<pg_result> m_result;
};

/** Where and how to connect besides the URL. Empty fields leave the URL's (or libpq's) choice. */
struct ConnectOptions
{
    QString password; // overrides one in the URL; else libpq's PGPASSWORD or ~/.pgpass
    QString sslmode; // disable, allow, prefer (libpq's default: TLS when offered), require…
    int connectTimeoutSeconds = 10;
    QString applicationName = QStringLiteral("sense7");
};

/**
 * One connection to a PostgreSQL server. Not thread-safe: one thread owns it. Opening throws
 * ConnectError; a failed statement throws ServerError with the server's message and SQLSTATE.
 */
class Connection
{
    Q_DECLARE_TR_FUNCTIONS(sense7::pg::Connection)

public:
    /** \a target: a postgresql:// URL or a "key=value" conninfo string. */
    explicit Connection(const QString &target, const ConnectOptions &options = {});
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    /** Runs one statement with text parameters $1, $2…; throws ServerError on failure. */
    Result exec(const char *sql, std::initializer_list<Param> params = {});
    Result exec(const char *sql, const std::vector<Param> &params);
    Result exec(const QByteArray &sql, const std::vector<Param> &params = {});
    /** Runs several statements (no parameters), e.g. DDL. */
    void execScript(const QByteArray &sql);

    /**
     * COPY ... FROM STDIN: \a copySql is the COPY statement; \a next fills its argument with the
     * next chunk of data (text format) and returns false when there is none. Returns rows copied.
     */
    qint64 copyIn(const QByteArray &copySql, const std::function<bool(QByteArray &)> &next);
    /** COPY ... TO STDOUT: \a row receives each row (text format, with its newline). */
    qint64 copyOut(const QByteArray &copySql, const std::function<void(const QByteArray &)> &row);

    /** \a name as a double-quoted SQL identifier (PQescapeIdentifier). */
    QByteArray quoteIdentifier(const QString &name) const;
    /** \a text as a single-quoted SQL literal, for statements that take no parameters. */
    QByteArray quoteLiteral(const QByteArray &text) const;
    /** \a password hashed for \a role as the server wants it (SCRAM), for CREATE/ALTER ROLE. */
    QByteArray encryptPassword(const QString &role, const QByteArray &password);

    /**
     * Asks the server to stop the statement running now (it then fails with SQLSTATE 57014).
     * Safe to call from another thread while this one waits in exec(). False if not delivered.
     */
    bool cancel();
    /** False once the connection is lost (the server stopped, the network went away). */
    bool isOk() const;

    QString user() const;
    QString host() const;
    QString port() const;
    QString database() const;
    QString sslmode() const;
    bool sslInUse() const;
    /** A URL for this server and database as \a role, without a password. */
    QString urlFor(const QString &role) const;
    /** \a target with any password removed, for messages. */
    static QString redacted(const QString &target);

    pg_conn *handle() const { return m_conn; }

private:
    Result check(pg_result *result, const QByteArray &sql);
    ServerError error(pg_result *result) const;

    pg_conn *m_conn = nullptr;
    pg_cancel *m_cancel = nullptr;
};

/**
 * BEGIN … COMMIT; destroyed without commit() it rolls back (and never throws). Not nestable.
 */
class Transaction
{
public:
    explicit Transaction(Connection &connection);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    void commit();

private:
    Connection &m_connection;
    bool m_done = false;
};

} // namespace sense7::pg
