#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QVariant>

#include <array>
#include <atomic>
#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace sense7::sql {

/**
 * A single SQLite connection (sqlite3 C API). Not thread-safe: one thread owns it. Prepared
 * statements are cached per SQL text and finalized when the connection closes. Fixed texts (string
 * literals) are kept for good; texts built at run time (a filter's condition, say) go to a small
 * cache of their own that drops the least recently used one when full.
 */
class Connection
{
    Q_DECLARE_TR_FUNCTIONS(sense7::sql::Connection)

public:
    /**
     * Immutable: read-only, and SQLite assumes nobody changes the file meanwhile. For WAL files
     * whose -wal and -shm companions cannot be created (a folder the user cannot write).
     */
    enum class Access { ReadWrite, ReadOnly, Immutable, Create };

    Connection() = default;
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    /** Opens \a path; throws sense7::Error naming the file on failure. ":memory:" is allowed. */
    void open(const QString &path, Access access);
    /**
     * Opens \a path read-only and runs \a read. Where that fails because SQLite cannot make a
     * WAL file's index beside it even to read (a folder or medium it cannot write) and no log
     * lies beside the file, which is then whole, opens it immutable and runs \a read again.
     */
    void openToRead(const QString &path, const std::function<void()> &read);
    void close();
    bool isOpen() const { return m_db != nullptr; }
    bool isReadOnly() const;
    /** Opened with Access::Immutable. */
    bool isImmutable() const { return m_immutable; }
    bool inTransaction() const;
    /**
     * Whether closing the last connection to a WAL file copies the log into it (SQLite's
     * default). Off for a connection that must leave a possibly damaged file as it is.
     */
    void setCheckpointOnClose(bool on);

    /** Runs one or more statements without results; throws on error. */
    void exec(const char *sql);
    /** Runs a single-value query such as a PRAGMA and returns its integer result. */
    qint64 pragmaInt(const char *sql);
    QString pragmaText(const char *sql);
    /** Sets a pragma of the connection to a number ("PRAGMA name = value"); throws on error. */
    void setPragma(const char *name, qint64 value);
    /** setPragma(), false instead of throwing: for putting back a setting that only speed needs. */
    bool trySetPragma(const char *name, qint64 value) noexcept;

    qint64 lastInsertId() const;
    int changes() const;
    QString lastError() const;
    /**
     * Whether SQLite has reported damage or a failed read or write here since it opened
     * (SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR): the file is not to be remembered as clean.
     */
    bool sawDamage() const { return m_sawDamage; }
    /**
     * While \a reason is not empty, statements that would change the data set's own tables
     * (not the connection's temporary ones) fail, and their error is \a reason. For the moments
     * a long transaction lets events through (an import's progress): a change made then by
     * someone else would join the transaction, and go if it were rolled back.
     */
    void refuseWrites(const QString &reason);
    bool refusesWrites() const { return !m_refusal.isEmpty(); }
    /** An SQLite result code and message, in words: a full disk or a busy data set says so. */
    static QString explain(int rc, const QString &message);

    const QString &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }

    /**
     * Whether another connection of this process to the same file is waiting for its write lock
     * now (a Transaction beginning). A writer that can wait, such as the search index built on a
     * thread, ends its transaction and gives way while one is: SQLite's busy wait would let it
     * take the lock again first, time after time.
     */
    bool writersWaiting() const { return m_writers && m_writers->load() > 0; }
    /**
     * Waits for a data set another connection holds in steps of 5 ms, for at most
     * \a milliseconds, and gives up at once when \a stop() says so (a thread asked to stop, which
     * SQLite's own wait would keep for its whole timeout). An empty \a stop puts back SQLite's
     * own wait. gaveUpWaiting() tells afterwards whether a wait ran out of time.
     */
    void setBusyWait(int milliseconds, std::function<bool()> stop = {});
    bool gaveUpWaiting() const { return m_gaveUpWaiting; }

    sqlite3_stmt *cached(const char *sql);
    /** A statement built at run time; release() it when done. */
    sqlite3_stmt *cachedDynamic(const QByteArray &sql);
    void release(sqlite3_stmt *dynamic);
    /** Prepared statements held now, fixed and built at run time. */
    qsizetype cachedStatementCount() const
    {
        return qsizetype(m_cache.size()) + qsizetype(m_dynamic.size());
    }
    /** How many statements built at run time are kept (more while that many are in use). */
    static constexpr qsizetype dynamicCacheSize = 16;

private:
    sqlite3_stmt *prepare(const char *sql, unsigned flags);
    /** explain(), knowing this connection: a refusal's reason; a full disk that may be the
     * temporary folder's names it. */
    QString reasonFor(int rc, const QString &message) const;
    /** Whether SQLite writes its temporary files (large sorts) to disk on this connection. */
    bool sortsInFiles() const;

    struct Dynamic
    {
        QByteArray sql;
        sqlite3_stmt *stmt = nullptr;
        int users = 0;
    };
    sqlite3 *m_db = nullptr;
    QString m_path;
    bool m_immutable = false;
    // This process's connections to the file waiting for its write lock (writersWaiting()).
    std::shared_ptr<std::atomic<int>> m_writers;
    std::function<bool()> m_stopWaiting; // setBusyWait()
    int m_waitLimit = 0;
    bool m_gaveUpWaiting = false;
    friend class Transaction;
    mutable bool m_sawDamage = false;
    QString m_refusal;
    std::unordered_map<std::string, sqlite3_stmt *> m_cache;
    // The same statements by the address of the text they were asked for by (cached()): a
    // literal's address is fixed, and the text is compared with the entry's to be sure.
    std::unordered_map<const char *, const std::pair<const std::string, sqlite3_stmt *> *>
        m_byAddress;
    std::list<Dynamic> m_dynamic; // most recently used first
};

/**
 * A cached prepared statement in use. Binding indexes start at 1, column indexes at 0. The
 * statement is reset and its bindings cleared when this object goes out of scope.
 */
class Statement
{
    Q_DECLARE_TR_FUNCTIONS(sense7::sql::Statement)

public:
    /** \a sql is a fixed text, a string literal: its statement is kept until the connection closes.
     */
    Statement(Connection &connection, const char *sql);
    /** \a sql is built at run time: its statement lives in the connection's small cache. */
    Statement(Connection &connection, const QByteArray &sql);
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, qint64 value);
    Statement &bind(int index, int value) { return bind(index, qint64(value)); }
    Statement &bind(int index, double value);
    Statement &bind(int index, const QString &value);
    Statement &bind(int index, const QByteArray &utf8);
    Statement &bind(int index, std::nullptr_t);
    /** Integers, doubles, strings and null; a QByteArray binds as a blob. */
    Statement &bind(int index, const QVariant &value);
    Statement &bindBlob(int index, const QByteArray &bytes);
    Statement &bind(int index, std::optional<int> value);
    Statement &bindNullIfEmpty(int index, const QString &value);
    /**
     * Binds UTF-8 text without a copy and without keeping a reference: the caller keeps the
     * bytes alive until the statement has run. An empty view binds NULL when \a emptyIsNull.
     */
    Statement &bindView(int index, QByteArrayView utf8, bool emptyIsNull = false);

    /** Steps once; true while a row is available. Throws on error. */
    bool next();
    /** Steps to completion for statements without results. */
    void run();
    void reset();

    int columnCount() const;
    QString columnName(int column) const;
    bool isNull(int column) const;
    qint64 int64(int column) const;
    int integer(int column) const { return int(int64(column)); }
    double real(int column) const;
    QString text(int column) const;
    /**
     * The column's UTF-8 text without a copy: valid until the next next(), reset() or read of the
     * column as another type.
     */
    QByteArrayView utf8(int column) const;
    QByteArray blob(int column) const;
    std::optional<int> optionalInt(int column) const;
    /** The value as SQLite stores it: qint64, double, QString, QByteArray (blob) or null. */
    QVariant value(int column) const;

private:
    void check(int rc, const char *what);

    Connection &m_connection;
    sqlite3_stmt *m_stmt;
    bool m_dynamic = false;
    QList<QByteArray> m_bound; // text bound without a copy, alive until the next bind or reset
    // ASCII text bound by bind(const QString &), narrowed here, until reset(): no allocation.
    std::array<char, 512> m_ascii;
    std::size_t m_asciiUsed = 0;
};

/**
 * One unit of work. The outermost Transaction is BEGIN IMMEDIATE ... COMMIT; nested ones are
 * savepoints, so functions that own their transaction compose into a caller's larger one. A
 * Transaction destroyed without commit() rolls back.
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
    QByteArray m_savepoint; // empty for the outermost transaction
    bool m_done = false;
};

} // namespace sense7::sql
