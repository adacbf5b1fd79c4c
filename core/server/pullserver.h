#pragma once

// Reading a study server for Puller: the rows of the state tables, as COPY sends them.

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace sense7::pg {
class Connection;
}

namespace sense7::server::pulled {

/** One row of COPY ... TO STDOUT (text format), decoded: a field is nullopt when SQL NULL. */
using Row = QVector<std::optional<QString>>;

/** A read-only connection in one REPEATABLE READ transaction: every query sees one snapshot. */
class Snapshot
{
    Q_DECLARE_TR_FUNCTIONS(sense7::server::pulled::Snapshot)

public:
    /** Connects and begins; throws Error naming the server on failure. */
    Snapshot(const QString &url, const QString &password);
    ~Snapshot();
    Snapshot(const Snapshot &) = delete;
    Snapshot &operator=(const Snapshot &) = delete;

    /** Runs COPY (\a select) TO STDOUT and hands each row to \a row. */
    void copy(const QByteArray &select, const std::function<void(const Row &)> &row);
    /** \a text as an SQL string literal, quoted and escaped for this connection. */
    QByteArray literal(const QString &text) const;
    /** The server's name for messages: host, port and database, never the password. */
    QString where() const { return m_where; }

private:
    std::unique_ptr<pg::Connection> m_db;
    QString m_where;
};

/** Decodes one line of COPY's text format (without its newline). */
Row decodeCopyLine(QByteArrayView line);

} // namespace sense7::server::pulled
