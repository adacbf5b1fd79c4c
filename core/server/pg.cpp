#include "pg.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <libpq-fe.h>

namespace sense7::pg {

namespace {

QString fromUtf8(const char *text)
{
    return text ? QString::fromUtf8(text) : QString();
}

/** libpq's message without its trailing newline; "FATAL:  " prefixes kept out. */
QString connectionMessage(PGconn *conn)
{
    return fromUtf8(PQerrorMessage(conn)).trimmed();
}

ConnectError::Kind classify(PGconn *conn, const QString &message)
{
    if (PQconnectionNeedsPassword(conn)
        || message.contains(QLatin1String("password authentication failed"))
        || message.contains(QLatin1String("authentication failed"))
        || message.contains(QLatin1String("no password supplied"))
        || message.contains(QLatin1String("SCRAM")))
        return ConnectError::Kind::Authentication;
    static const char *const unreachable[] = {"Connection refused", "could not translate host name",
                                              "timeout expired",    "No such file or directory",
                                              "No route to host",   "Network is unreachable",
                                              "could not connect",  "server closed the connection"};
    for (const char *text : unreachable) {
        if (message.contains(QLatin1String(text)))
            return ConnectError::Kind::Unreachable;
    }
    return ConnectError::Kind::Other;
}

} // namespace

// Result

void Result::Clear::operator()(pg_result *result) const
{
    PQclear(result);
}

Result::Result(pg_result *result)
    : m_result(result, Clear())
{ }

int Result::rows() const
{
    return m_result ? PQntuples(m_result.get()) : 0;
}

int Result::columns() const
{
    return m_result ? PQnfields(m_result.get()) : 0;
}

int Result::column(const char *name) const
{
    const int at = m_result ? PQfnumber(m_result.get(), name) : -1;
    if (at < 0)
        throw Error(QCoreApplication::translate("sense7::pg::Connection",
                                                "The server's answer has no column \"%1\".")
                        .arg(QString::fromUtf8(name)));
    return at;
}

bool Result::isNull(int row, int column) const
{
    return PQgetisnull(m_result.get(), row, column) != 0;
}

QString Result::text(int row, int column) const
{
    if (isNull(row, column))
        return QString();
    return QString::fromUtf8(PQgetvalue(m_result.get(), row, column),
                             PQgetlength(m_result.get(), row, column));
}

QByteArray Result::bytes(int row, int column) const
{
    if (isNull(row, column))
        return QByteArray();
    return QByteArray(PQgetvalue(m_result.get(), row, column),
                      PQgetlength(m_result.get(), row, column));
}

qint64 Result::int64(int row, int column) const
{
    return isNull(row, column) ? 0
                               : QByteArray(PQgetvalue(m_result.get(), row, column)).toLongLong();
}

std::optional<qint64> Result::optionalInt(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return int64(row, column);
}

bool Result::boolean(int row, int column) const
{
    if (isNull(row, column))
        return false;
    const char *value = PQgetvalue(m_result.get(), row, column);
    return value[0] == 't';
}

QDateTime Result::dateTime(int row, int column) const
{
    if (isNull(row, column))
        return QDateTime();
    // "2026-11-23 19:03:00.123456+00": the session's zone is UTC (set on connecting).
    QString value = text(row, column);
    const qsizetype zone =
        value.lastIndexOf(QRegularExpression(QStringLiteral("[+-]\\d\\d(:\\d\\d)?$")));
    QString offset = zone > 0 ? value.mid(zone) : QStringLiteral("+00");
    if (zone > 0)
        value.truncate(zone);
    if (offset.size() == 3)
        offset += QStringLiteral(":00");
    value.replace(QLatin1Char(' '), QLatin1Char('T'));
    QDateTime at = QDateTime::fromString(value + offset, Qt::ISODateWithMs);
    return at.toUTC();
}

QJsonValue Result::json(int row, int column) const
{
    if (isNull(row, column))
        return QJsonValue(QJsonValue::Undefined);
    // Wrapped in an array so that scalars parse too.
    const QJsonDocument document =
        QJsonDocument::fromJson(QByteArray("[") + bytes(row, column) + QByteArray("]"));
    return document.array().isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                      : document.array().first();
}

qint64 Result::affected() const
{
    return m_result ? QByteArray(PQcmdTuples(m_result.get())).toLongLong() : 0;
}

// Connection

Connection::Connection(const QString &target, const ConnectOptions &options)
{
    // Array entries before the expanded dbname are defaults the URL may override; those after
    // it override the URL (libpq processes the arrays in order, the last value wins).
    std::vector<QByteArray> keys;
    std::vector<QByteArray> values;
    const auto add = [&](const char *key, const QString &value) {
        if (!value.isEmpty()) {
            keys.emplace_back(key);
            values.push_back(value.toUtf8());
        }
    };
    if (options.connectTimeoutSeconds > 0)
        add("connect_timeout", QString::number(options.connectTimeoutSeconds));
    add("application_name", options.applicationName);
    add("dbname", target);
    add("password", options.password);
    add("sslmode", options.sslmode);
    std::vector<const char *> keyPointers;
    std::vector<const char *> valuePointers;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        keyPointers.push_back(keys[i].constData());
        valuePointers.push_back(values[i].constData());
    }
    keyPointers.push_back(nullptr);
    valuePointers.push_back(nullptr);
    m_conn = PQconnectdbParams(keyPointers.data(), valuePointers.data(), 1);
    if (!m_conn)
        throw ConnectError(tr("Out of memory while connecting to the study server."),
                           ConnectError::Kind::Other);
    if (PQstatus(m_conn) != CONNECTION_OK) {
        const QString message = connectionMessage(m_conn);
        const ConnectError::Kind kind = classify(m_conn, message);
        PQfinish(m_conn);
        m_conn = nullptr;
        const QString where = redacted(target);
        switch (kind) {
        case ConnectError::Kind::Unreachable:
            throw ConnectError(tr("Cannot reach the study server %1: %2").arg(where, message),
                               kind);
        case ConnectError::Kind::Authentication:
            throw ConnectError(
                tr("The study server %1 refused the user name or password: %2").arg(where, message),
                kind);
        case ConnectError::Kind::Other:
            break;
        }
        throw ConnectError(tr("Cannot connect to the study server %1: %2").arg(where, message),
                           kind);
    }
    m_cancel = PQgetCancel(m_conn);
    // The server's notices ("…does not exist, skipping") are not for the user's terminal.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
    // Every timestamp is exchanged in UTC, whatever the server's or the client's zone.
    exec("SET TIME ZONE 'UTC'");
}

Connection::~Connection()
{
    if (m_cancel)
        PQfreeCancel(m_cancel);
    if (m_conn)
        PQfinish(m_conn);
}

ServerError Connection::error(pg_result *result) const
{
    QString sqlstate;
    QString message;
    if (result) {
        sqlstate = fromUtf8(PQresultErrorField(result, PG_DIAG_SQLSTATE));
        message = fromUtf8(PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY));
        const QString detail = fromUtf8(PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL));
        if (!detail.isEmpty())
            message += QLatin1Char(' ') + detail;
    }
    if (message.isEmpty())
        message = connectionMessage(m_conn);
    if (message.isEmpty())
        message = tr("the connection to the study server was lost");
    const QString text = sqlstate.isEmpty()
        ? tr("The study server says: %1").arg(message)
        : tr("The study server says: %1 (SQLSTATE %2)").arg(message, sqlstate);
    return ServerError(text, sqlstate);
}

Result Connection::check(pg_result *raw, const QByteArray &)
{
    Result result(raw);
    const ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
        return result;
    throw error(raw);
}

Result Connection::exec(const char *sql, std::initializer_list<Param> params)
{
    return exec(QByteArray(sql), std::vector<Param>(params));
}

Result Connection::exec(const char *sql, const std::vector<Param> &params)
{
    return exec(QByteArray(sql), params);
}

Result Connection::exec(const QByteArray &sql, const std::vector<Param> &params)
{
    std::vector<const char *> values;
    values.reserve(params.size());
    for (const Param &param : params)
        values.push_back(param.value() ? param.value()->constData() : nullptr);
    return check(PQexecParams(m_conn, sql.constData(), int(values.size()), nullptr,
                              values.empty() ? nullptr : values.data(), nullptr, nullptr, 0),
                 sql);
}

void Connection::execScript(const QByteArray &sql)
{
    // PQexec runs several statements in one go; the last result tells how it ended.
    check(PQexec(m_conn, sql.constData()), sql);
}

qint64 Connection::copyIn(const QByteArray &copySql, const std::function<bool(QByteArray &)> &next)
{
    Result start(PQexec(m_conn, copySql.constData()));
    if (PQresultStatus(start.handle()) != PGRES_COPY_IN)
        throw error(start.handle());
    QByteArray chunk;
    QByteArray failure;
    try {
        while (next(chunk)) {
            if (chunk.isEmpty())
                continue;
            if (PQputCopyData(m_conn, chunk.constData(), int(chunk.size())) != 1)
                break;
            chunk.clear();
        }
    } catch (const std::exception &e) {
        failure = QByteArray(e.what());
        PQputCopyEnd(m_conn, failure.constData());
        while (PGresult *r = PQgetResult(m_conn))
            PQclear(r);
        throw;
    }
    PQputCopyEnd(m_conn, nullptr);
    qint64 rows = 0;
    std::optional<ServerError> problem;
    while (PGresult *raw = PQgetResult(m_conn)) {
        Result result(raw);
        if (PQresultStatus(raw) == PGRES_COMMAND_OK)
            rows = result.affected();
        else if (!problem)
            problem = error(raw);
    }
    if (problem)
        throw *problem;
    return rows;
}

qint64 Connection::copyOut(const QByteArray &copySql,
                           const std::function<void(const QByteArray &)> &row)
{
    Result start(PQexec(m_conn, copySql.constData()));
    if (PQresultStatus(start.handle()) != PGRES_COPY_OUT)
        throw error(start.handle());
    qint64 rows = 0;
    std::exception_ptr failure;
    for (;;) {
        char *buffer = nullptr;
        const int length = PQgetCopyData(m_conn, &buffer, 0);
        if (length < 0)
            break;
        if (!failure) {
            try {
                row(QByteArray(buffer, length));
            } catch (...) {
                failure = std::current_exception();
            }
        }
        PQfreemem(buffer);
        ++rows;
    }
    std::optional<ServerError> problem;
    while (PGresult *raw = PQgetResult(m_conn)) {
        Result result(raw);
        if (PQresultStatus(raw) != PGRES_COMMAND_OK && !problem)
            problem = error(raw);
    }
    if (failure)
        std::rethrow_exception(failure);
    if (problem)
        throw *problem;
    return rows;
}

QByteArray Connection::quoteIdentifier(const QString &name) const
{
    const QByteArray utf8 = name.toUtf8();
    char *quoted = PQescapeIdentifier(m_conn, utf8.constData(), std::size_t(utf8.size()));
    if (!quoted)
        throw Error(tr("Cannot quote the name \"%1\": %2").arg(name, connectionMessage(m_conn)));
    QByteArray result(quoted);
    PQfreemem(quoted);
    return result;
}

QByteArray Connection::quoteLiteral(const QByteArray &text) const
{
    char *quoted = PQescapeLiteral(m_conn, text.constData(), std::size_t(text.size()));
    if (!quoted)
        throw Error(tr("Cannot quote a text: %1").arg(connectionMessage(m_conn)));
    QByteArray result(quoted);
    PQfreemem(quoted);
    return result;
}

QByteArray Connection::encryptPassword(const QString &role, const QByteArray &password)
{
    const QByteArray user = role.toUtf8();
    char *encrypted =
        PQencryptPasswordConn(m_conn, password.constData(), user.constData(), "scram-sha-256");
    if (!encrypted)
        throw Error(tr("Cannot hash the password: %1").arg(connectionMessage(m_conn)));
    QByteArray result(encrypted);
    PQfreemem(encrypted);
    return result;
}

bool Connection::cancel()
{
    char message[256] = {};
    return m_cancel && PQcancel(m_cancel, message, int(sizeof message)) == 1;
}

bool Connection::isOk() const
{
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
}

QString Connection::user() const
{
    return fromUtf8(PQuser(m_conn));
}

QString Connection::host() const
{
    return fromUtf8(PQhost(m_conn));
}

QString Connection::port() const
{
    return fromUtf8(PQport(m_conn));
}

QString Connection::database() const
{
    return fromUtf8(PQdb(m_conn));
}

QString Connection::sslmode() const
{
    QString mode;
    if (PQconninfoOption *options = PQconninfo(m_conn)) {
        for (PQconninfoOption *o = options; o->keyword; ++o) {
            if (qstrcmp(o->keyword, "sslmode") == 0)
                mode = fromUtf8(o->val);
        }
        PQconninfoFree(options);
    }
    return mode;
}

bool Connection::sslInUse() const
{
    return PQsslInUse(m_conn) != 0;
}

QString Connection::urlFor(const QString &role) const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    url.setUserName(role);
    QUrlQuery query;
    const QString h = host();
    if (h.startsWith(QLatin1Char('/')))
        query.addQueryItem(QStringLiteral("host"), h); // a Unix socket's folder
    else
        url.setHost(h);
    url.setPort(port().toInt());
    url.setPath(QLatin1Char('/') + database());
    const QString mode = sslmode();
    if (!mode.isEmpty() && mode != QLatin1String("prefer"))
        query.addQueryItem(QStringLiteral("sslmode"), mode);
    url.setQuery(query);
    return url.toString(QUrl::FullyEncoded);
}

QString Connection::redacted(const QString &target)
{
    if (target.startsWith(QLatin1String("postgresql://"))
        || target.startsWith(QLatin1String("postgres://"))) {
        QUrl url(target);
        if (url.isValid()) {
            url.setPassword(QString());
            QUrlQuery query(url);
            query.removeAllQueryItems(QStringLiteral("password"));
            url.setQuery(query);
            return url.toString();
        }
        return QStringLiteral("postgresql://…");
    }
    QString text = target;
    static const QRegularExpression password(
        QStringLiteral(R"(password\s*=\s*('([^'\\]|\\.)*'|\S+))"));
    text.replace(password, QStringLiteral("password=…"));
    return text;
}

// Transaction

Transaction::Transaction(Connection &connection)
    : m_connection(connection)
{
    m_connection.exec("BEGIN");
}

Transaction::~Transaction()
{
    if (m_done)
        return;
    // Rolls back; a lost connection needs no rollback, and a destructor must not throw.
    PQclear(PQexec(m_connection.handle(), "ROLLBACK"));
}

void Transaction::commit()
{
    m_done = true;
    m_connection.exec("COMMIT");
}

} // namespace sense7::pg
