#include "sqlite.h"

#include "error.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QUrl>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <memory>
#include <numeric>
#include <optional>
#include <sqlite3.h>
#include <string>

namespace sense7::sql {

namespace {

constexpr int statementJournalInMemory = 1024 * 1024; // bytes: configureSqlite()

/** The count of this process's connections to \a file waiting for its write lock, shared. */
std::shared_ptr<std::atomic<int>> writersOf(const QString &file)
{
    static QMutex mutex;
    static QHash<QString, std::weak_ptr<std::atomic<int>>> writers;
    const QMutexLocker lock(&mutex);
    std::shared_ptr<std::atomic<int>> count = writers.value(file).lock();
    if (!count) {
        count = std::make_shared<std::atomic<int>>(0);
        writers.insert(file, count);
    }
    return count;
}

/** SQLite's word that the file is damaged, or could not be read or written. */
bool isDamage(int rc)
{
    const int primary = rc & 0xff;
    return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || primary == SQLITE_IOERR;
}

/**
 * The folder SQLite keeps its temporary files in on Unix, found as it finds it (unixTempFileDir in
 * os_unix.c): SQLITE_TMPDIR, TMPDIR, then the first of /var/tmp, /usr/tmp, /tmp and the working
 * folder that is a folder it may write in.
 */
QString sqliteTemporaryFolder()
{
    if (sqlite3_temp_directory != nullptr)
        return QString::fromLocal8Bit(sqlite3_temp_directory);
    const QStringList folders {qEnvironmentVariable("SQLITE_TMPDIR"),
                               qEnvironmentVariable("TMPDIR"), QStringLiteral("/var/tmp"),
                               QStringLiteral("/usr/tmp"), QStringLiteral("/tmp")};
    for (const QString &folder : folders) {
        const QFileInfo info(folder);
        if (!folder.isEmpty() && info.isDir() && info.isWritable())
            return folder;
    }
    return QDir::currentPath();
}

/**
 * Once per process, before SQLite starts (SQLITE_MISUSE when something started it first: then
 * SQLite's defaults stay, which changes only speed):
 * - No global memory statistics. Nothing reads them, and keeping them takes a process-wide mutex
 *   on every allocation SQLite makes.
 * - Statement journals in memory up to 1 MiB, not 64 KiB, where temporary files are on disk (an
 *   import's connection: Store::BulkWrite). A statement that fires a trigger (a rating's marks
 *   its conversation's digest stale) keeps the pages it changes, to undo itself alone; one that
 *   changed four pages of 16 KiB outgrew 64 KiB, and from then on, to the end of the
 *   transaction, every statement wrote its pages to a temporary file: 6.2 GB of writes for an
 *   import of 70,000 ratings that grew the data set by 10 MB.
 */
void configureSqlite()
{
    static const int once = [] {
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
        return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, statementJournalInMemory);
    }();
    Q_UNUSED(once)
}

/** \a c in ASCII lower case. */
inline unsigned char asciiLower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? c | 0x20 : c;
}

/**
 * Whether \a text holds the ASCII \a needle (folded: lower case), a letter of it in either case;
 * one pass. \a seen gathers the bits of every byte it read, and of the rest of the text when the
 * needle is not found, so that a text past ASCII shows in its high bit.
 */
bool containsAscii(const unsigned char *text, int n, const unsigned char *needle, int m,
                   unsigned char &seen)
{
    seen = 0;
    if (m == 0)
        return true;
    if (m > 256) { // longer than any search box holds: byte by byte
        for (int i = 0; i + m <= n; ++i) {
            int k = 0;
            while (k < m && asciiLower(text[i + k]) == needle[k])
                ++k;
            if (k == m)
                return true;
        }
        seen = std::accumulate(text, text + n, 0, std::bit_or<>());
        return false;
    }
    // A letter of the needle matches either case: the text's byte with the case bit set. Other
    // bytes match only themselves.
    unsigned char mask[256];
    for (int k = 0; k < m; ++k)
        mask[k] = needle[k] >= 'a' && needle[k] <= 'z' ? 0x20 : 0x00;
    const unsigned char first = needle[0];
    const unsigned char firstMask = mask[0];
    int i = 0;
    for (; i + m <= n; ++i) {
        seen |= text[i];
        if ((text[i] | firstMask) != first)
            continue;
        int k = 1;
        while (k < m && (text[i + k] | mask[k]) == needle[k])
            ++k;
        if (k == m)
            return true;
    }
    seen = std::accumulate(text + i, text + n, seen, std::bit_or<>());
    return false;
}

/**
 * How many of \a text's \a n bytes the full-text index reads: its tokenizer stops at a NUL
 * character (a JSON file's "\u0000", kept as imported), and so does the search of text it does
 * not hold.
 */
int readByIndex(const void *text, int n)
{
    const void *nul = std::memchr(text, 0, size_t(n));
    return nul ? int(static_cast<const char *>(nul) - static_cast<const char *>(text)) : n;
}

/**
 * The full-text index's own case folding, for searches of text it does not hold: its tokenizer
 * (FTS5's trigram), one for each connection. Qt folds with newer Unicode tables than SQLite
 * does (Georgian Mtavruli, Cherokee, Osage and Adlam fold in one and not the other), so a search
 * of unindexed text folded by Qt found what the same search no longer found once the text was
 * indexed.
 */
class IndexFolding
{
public:
    /** Null when this SQLite has no FTS5 (never in the builds the project supports). */
    static IndexFolding *create(sqlite3 *db)
    {
        fts5_api *api = nullptr;
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) != SQLITE_OK)
            return nullptr;
        sqlite3_bind_pointer(stmt, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
        sqlite3_step(stmt);
        sqlite3_finalize(stmt);
        if (!api)
            return nullptr;
        auto folding = std::make_unique<IndexFolding>();
        void *context = nullptr;
        if (api->xFindTokenizer(api, "trigram", &context, &folding->m_api) != SQLITE_OK
            || folding->m_api.xCreate(context, nullptr, 0, &folding->m_tokenizer) != SQLITE_OK)
            return nullptr;
        return folding.release();
    }
    ~IndexFolding()
    {
        if (m_tokenizer)
            m_api.xDelete(m_tokenizer);
    }

    /**
     * \a text folded as the index folds it. The tokenizer gives every run of three characters,
     * folded; two spaces after the text give its last characters runs of their own. The folded
     * text is the first run and the last character of each run after it.
     */
    std::string fold(const char *text, int n) const
    {
        std::string padded(text, size_t(readByIndex(text, n)));
        padded += "  ";
        struct Runs
        {
            std::string folded;
            bool first = true;
        } runs;
        m_api.xTokenize(
            m_tokenizer, &runs, FTS5_TOKENIZE_DOCUMENT, padded.data(), int(padded.size()),
            [](void *context, int, const char *run, int size, int, int) {
                auto *r = static_cast<Runs *>(context);
                if (r->first) {
                    r->folded.assign(run, size_t(size));
                    r->first = false;
                    return SQLITE_OK;
                }
                int last = size - 1; // where its last UTF-8 character begins
                while (last > 0 && (static_cast<unsigned char>(run[last]) & 0xC0) == 0x80)
                    --last;
                r->folded.append(run + last, size_t(size - last));
                return SQLITE_OK;
            });
        if (runs.folded.size() >= 2)
            runs.folded.resize(runs.folded.size() - 2); // the two spaces
        return runs.folded;
    }

private:
    fts5_tokenizer m_api {};
    Fts5Tokenizer *m_tokenizer = nullptr;
};

/** A search's needle, folded once a statement (it is a bound parameter). */
struct FoldedNeedle
{
    std::string text;
    bool ascii = true;
};

bool isAscii(const unsigned char *bytes, int n)
{
    return std::all_of(bytes, bytes + n, [](unsigned char c) { return c < 0x80; });
}

/**
 * contains_folded(TEXT, NEEDLE): whether TEXT holds NEEDLE ignoring case in any script, as the
 * trigram index finds it (IndexFolding). LIKE ignores the case of ASCII letters only, so a search
 * read "ÉCOLE" for "école" in the index but not in the turns not indexed yet. A needle that folds
 * into ASCII is looked for byte by byte, in one pass; the text is folded only when the needle
 * does not, or when a text past ASCII holds one of the two letters that fold into it.
 */
void containsFolded(sqlite3_context *context, int, sqlite3_value **values)
{
    const auto *text = static_cast<const unsigned char *>(sqlite3_value_text(values[0]));
    const auto *rawNeedle = static_cast<const unsigned char *>(sqlite3_value_text(values[1]));
    if (!text || !rawNeedle) {
        sqlite3_result_null(context);
        return;
    }
    const int n = readByIndex(text, sqlite3_value_bytes(values[0]));
    const auto *folding = static_cast<const IndexFolding *>(sqlite3_user_data(context));
    const auto *cached = static_cast<const FoldedNeedle *>(sqlite3_get_auxdata(context, 1));
    std::optional<FoldedNeedle> fresh;
    if (!cached) {
        const int m = readByIndex(rawNeedle, sqlite3_value_bytes(values[1]));
        FoldedNeedle needle;
        needle.text = folding ? folding->fold(reinterpret_cast<const char *>(rawNeedle), m)
                              : std::string(reinterpret_cast<const char *>(rawNeedle), size_t(m));
        needle.ascii = isAscii(reinterpret_cast<const unsigned char *>(needle.text.data()),
                               int(needle.text.size()));
        if (!folding) // ASCII letters at least
            std::transform(needle.text.begin(), needle.text.end(), needle.text.begin(),
                           [](char c) { return char(asciiLower(static_cast<unsigned char>(c))); });
        fresh = std::move(needle);
    }
    const FoldedNeedle &needle = cached ? *cached : *fresh;
    const auto *bytes = reinterpret_cast<const unsigned char *>(needle.text.data());
    const int m = int(needle.text.size());
    const auto answer = [&]() -> int {
        if (needle.ascii) {
            unsigned char seen = 0;
            if (containsAscii(text, n, bytes, m, seen))
                return 1;
            // Two letters past ASCII fold into it: the Kelvin sign to k, the long s to s.
            const char *chars = reinterpret_cast<const char *>(text);
            if ((seen & 0x80) == 0
                || (memmem(chars, size_t(n), "\xE2\x84\xAA", 3) == nullptr
                    && memmem(chars, size_t(n), "\xC5\xBF", 2) == nullptr))
                return 0;
        } else if (isAscii(text, n)) {
            return 0;
        }
        if (!folding)
            return 0;
        return folding->fold(reinterpret_cast<const char *>(text), n).find(needle.text)
                != std::string::npos
            ? 1
            : 0;
    };
    sqlite3_result_int(context, answer());
    if (fresh) // last: SQLite may free it at once
        sqlite3_set_auxdata(context, 1, new FoldedNeedle(std::move(*fresh)),
                            [](void *p) { delete static_cast<FoldedNeedle *>(p); });
}

/**
 * SQLite's authorizer while writes are refused. The temporary schema stays writable, and so do
 * the full-text index's own tables: FTS5 writes out the changes the open transaction made to it
 * whenever a statement (a search into a temporary table) needs them, and would lose them if that
 * were refused. Changing the index itself (its virtual table) is refused.
 */
int refuseChanges(void *, int action, const char *table, const char *, const char *database,
                  const char *)
{
    switch (action) {
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
        if (database && std::strcmp(database, "temp") == 0)
            return SQLITE_OK;
        return table && std::strncmp(table, "turn_text_", 10) == 0 ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_VTABLE:
    case SQLITE_DROP_INDEX:
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_TRIGGER:
    case SQLITE_DROP_VIEW:
    case SQLITE_DROP_VTABLE:
    case SQLITE_ALTER_TABLE:
        return SQLITE_DENY;
    default:
        return SQLITE_OK;
    }
}

} // namespace

Connection::~Connection()
{
    close();
}

void Connection::openToRead(const QString &path, const std::function<void()> &read)
{
    try {
        open(path, Access::ReadOnly);
        read();
    } catch (const Error &) {
        const QFileInfo wal(path + QStringLiteral("-wal"));
        if (wal.isFile() && wal.size() > 0)
            throw;
        open(path, Access::Immutable);
        read();
    }
}

void Connection::open(const QString &path, Access access)
{
    close();
    configureSqlite();
    int flags = SQLITE_OPEN_NOMUTEX;
    switch (access) {
    case Access::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case Access::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case Access::Immutable:
        flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        break;
    case Access::Create:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    }
    const QByteArray name = access == Access::Immutable
        ? QUrl::fromLocalFile(path).toEncoded() + "?immutable=1"
        : path.toUtf8();
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(name.constData(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const QString reason =
            db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(rc));
        sqlite3_close_v2(db);
        throw Error(tr("Cannot open %1: %2").arg(path, reason));
    }
    m_db = db;
    m_path = path;
    m_immutable = access == Access::Immutable;
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_create_function_v2(m_db, "contains_folded", 2,
                               SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                               IndexFolding::create(m_db), containsFolded, nullptr, nullptr,
                               [](void *folding) { delete static_cast<IndexFolding *>(folding); });
    if (access == Access::ReadWrite || access == Access::Create) {
        const QString file = QFileInfo(path).canonicalFilePath();
        if (!file.isEmpty())
            m_writers = writersOf(file);
    }
}

void Connection::close()
{
    for (auto &entry : m_cache)
        sqlite3_finalize(entry.second);
    m_byAddress.clear();
    m_cache.clear();
    for (const Dynamic &entry : m_dynamic)
        sqlite3_finalize(entry.stmt);
    m_dynamic.clear();
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
    m_writers.reset();
}

void Connection::setBusyWait(int milliseconds, std::function<bool()> stop)
{
    m_stopWaiting = std::move(stop);
    m_waitLimit = milliseconds;
    m_gaveUpWaiting = false;
    if (!m_db)
        return;
    if (!m_stopWaiting) {
        sqlite3_busy_timeout(m_db, milliseconds);
        return;
    }
    constexpr int step = 5;
    sqlite3_busy_handler(
        m_db,
        [](void *self, int waits) -> int {
            auto *connection = static_cast<Connection *>(self);
            if (connection->m_stopWaiting())
                return 0;
            if (waits * step >= connection->m_waitLimit) {
                connection->m_gaveUpWaiting = true;
                return 0;
            }
            sqlite3_sleep(step);
            return 1;
        },
        this);
}

bool Connection::isReadOnly() const
{
    return m_db && sqlite3_db_readonly(m_db, "main") == 1;
}

void Connection::setCheckpointOnClose(bool on)
{
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, nullptr);
}

void Connection::refuseWrites(const QString &reason)
{
    if (reason == m_refusal)
        return;
    m_refusal = reason;
    // Setting an authorizer expires the prepared statements: cached ones are checked again.
    sqlite3_set_authorizer(m_db, m_refusal.isEmpty() ? nullptr : refuseChanges, nullptr);
}

bool Connection::inTransaction() const
{
    return m_db && sqlite3_get_autocommit(m_db) == 0;
}

void Connection::exec(const char *sql)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        const int code = sqlite3_extended_errcode(m_db);
        const QString reason =
            reasonFor(code, QString::fromUtf8(message ? message : sqlite3_errstr(rc)));
        sqlite3_free(message);
        throw Error(tr("%1: %2").arg(m_path, reason));
    }
}

void Connection::setPragma(const char *name, qint64 value)
{
    exec(QByteArray(QByteArray("PRAGMA ") + name + " = " + QByteArray::number(value)).constData());
}

bool Connection::trySetPragma(const char *name, qint64 value) noexcept
{
    try {
        setPragma(name, value);
        return true;
    } catch (...) {
        return false;
    }
}

qint64 Connection::pragmaInt(const char *sql)
{
    Statement query(*this, sql);
    return query.next() ? query.int64(0) : 0;
}

QString Connection::pragmaText(const char *sql)
{
    Statement query(*this, sql);
    return query.next() ? query.text(0) : QString();
}

qint64 Connection::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

int Connection::changes() const
{
    return sqlite3_changes(m_db);
}

QString Connection::lastError() const
{
    if (!m_db)
        return {};
    return reasonFor(sqlite3_extended_errcode(m_db), QString::fromUtf8(sqlite3_errmsg(m_db)));
}

QString Connection::reasonFor(int rc, const QString &message) const
{
    m_sawDamage = m_sawDamage || isDamage(rc);
    if ((rc & 0xff) == SQLITE_AUTH && !m_refusal.isEmpty())
        return m_refusal;
    if ((rc & 0xff) == SQLITE_FULL && sortsInFiles())
        return tr("the disk is full (the data set's, or that of the temporary folder %1, where "
                  "large sorts are written) or the data set reached its size limit, so the "
                  "change was not saved; everything saved before is intact. Free some space and "
                  "try again.")
            .arg(QDir::toNativeSeparators(sqliteTemporaryFolder()));
    return explain(rc, message);
}

bool Connection::sortsInFiles() const
{
    // The build's TEMP_STORE decides what the pragma may choose: 0 always files, 1 files unless
    // the pragma says memory (2), 2 memory unless it says files (1), 3 always memory. Debian
    // builds with 1.
    int built = 1;
    for (int i = 0;; ++i) {
        const char *option = sqlite3_compileoption_get(i);
        if (option == nullptr)
            break;
        if (std::strncmp(option, "TEMP_STORE=", 11) == 0)
            built = option[11] - '0';
    }
    if (built == 0 || built == 3)
        return built == 0;
    // Read with SQLite's own calls: this runs while an error is reported, and must not throw.
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(m_db, "PRAGMA temp_store", -1, &stmt, nullptr) != SQLITE_OK)
        return false;
    const int chosen = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    return built == 1 ? chosen != 2 : chosen == 1;
}

QString Connection::explain(int rc, const QString &message)
{
    // The faults a person can do something about, in words they can act on.
    switch (rc & 0xff) {
    case SQLITE_FULL:
        return tr("the disk is full (or the data set reached its size limit), so the change was "
                  "not saved; everything saved before is intact. Free some space and try again.");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return tr("another program is writing to the data set (an import, perhaps) and did not "
                  "let go of it in time, so nothing was changed. Try again when it has finished.");
    case SQLITE_READONLY:
        return tr("the data set is read-only, so the change was not saved.");
    case SQLITE_IOERR:
        return tr("the disk could not be read or written (%1); the change was not saved.")
            .arg(message);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return tr("the data set is damaged (%1).").arg(message);
    default:
        return message;
    }
}

sqlite3_stmt *Connection::cached(const char *sql)
{
    // By address first: no copy of the text, and a hash of a pointer rather than of the text.
    if (const auto known = m_byAddress.find(sql);
        known != m_byAddress.end() && std::strcmp(known->second->first.c_str(), sql) == 0)
        return known->second->second;
    std::string key(sql);
    auto found = m_cache.find(key);
    if (found == m_cache.end())
        found = m_cache.emplace(std::move(key), prepare(sql, SQLITE_PREPARE_PERSISTENT)).first;
    m_byAddress[sql] = &*found; // elements keep their address when the map grows
    return found->second;
}

sqlite3_stmt *Connection::prepare(const char *sql, unsigned flags)
{
    sqlite3_stmt *stmt = nullptr;
    const int rc = sqlite3_prepare_v3(m_db, sql, -1, flags, &stmt, nullptr);
    if (rc != SQLITE_OK) {
        // A busy or full data set is said as such; "cannot prepare a query" would only puzzle.
        const int code = sqlite3_extended_errcode(m_db);
        if (!explain(code, {}).isEmpty())
            throw Error(tr("%1: %2").arg(m_path, lastError()));
        throw Error(tr("%1: cannot prepare a query: %2").arg(m_path, lastError()));
    }
    return stmt;
}

sqlite3_stmt *Connection::cachedDynamic(const QByteArray &sql)
{
    auto found = std::find_if(m_dynamic.begin(), m_dynamic.end(),
                              [&](const Dynamic &entry) { return entry.sql == sql; });
    if (found != m_dynamic.end()) {
        m_dynamic.splice(m_dynamic.begin(), m_dynamic, found);
    } else {
        m_dynamic.push_front({sql, prepare(sql.constData(), 0), 0});
        // Drop the least recently used statements nobody is stepping through.
        for (auto it = m_dynamic.end(); qsizetype(m_dynamic.size()) > dynamicCacheSize
             && it != std::next(m_dynamic.begin());) {
            --it;
            if (it->users == 0) {
                sqlite3_finalize(it->stmt);
                it = m_dynamic.erase(it);
            }
        }
    }
    ++m_dynamic.front().users;
    return m_dynamic.front().stmt;
}

void Connection::release(sqlite3_stmt *dynamic)
{
    for (Dynamic &entry : m_dynamic) {
        if (entry.stmt == dynamic) {
            --entry.users;
            return;
        }
    }
}

Statement::Statement(Connection &connection, const char *sql)
    : m_connection(connection)
    , m_stmt(connection.cached(sql))
{ }

Statement::Statement(Connection &connection, const QByteArray &sql)
    : m_connection(connection)
    , m_stmt(connection.cachedDynamic(sql))
    , m_dynamic(true)
{ }

Statement::~Statement()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    if (m_dynamic)
        m_connection.release(m_stmt);
}

void Statement::check(int rc, const char *what)
{
    if (rc != SQLITE_OK)
        throw Error(
            tr("%1: cannot %2: %3")
                .arg(m_connection.path(), QString::fromLatin1(what), m_connection.lastError()));
}

Statement &Statement::bind(int index, qint64 value)
{
    check(sqlite3_bind_int64(m_stmt, index, value), "bind a value");
    return *this;
}

Statement &Statement::bind(int index, double value)
{
    check(sqlite3_bind_double(m_stmt, index, value), "bind a value");
    return *this;
}

Statement &Statement::bind(int index, const QString &value)
{
    // Most text bound is ASCII (keys, hashes, times, names): narrowed into the statement's own
    // buffer and bound from there, without an allocation. Other text is converted.
    const auto size = std::size_t(value.size());
    if (size < m_ascii.size() - m_asciiUsed) {
        char *out = m_ascii.data() + m_asciiUsed;
        const QChar *in = value.constData();
        char16_t seen = 0;
        for (std::size_t i = 0; i < size; ++i) {
            seen |= in[i].unicode();
            out[i] = char(in[i].unicode());
        }
        if (seen < 0x80) {
            m_asciiUsed += size;
            check(sqlite3_bind_text64(m_stmt, index, out, sqlite3_uint64(size), SQLITE_STATIC,
                                      SQLITE_UTF8),
                  "bind a value");
            return *this;
        }
    }
    return bind(index, value.toUtf8());
}

Statement &Statement::bind(int index, const QByteArray &utf8)
{
    // SQLite keeps a pointer (no copy) until the statement is reset; the statement holds a
    // reference to the bytes until then.
    m_bound.append(utf8);
    check(sqlite3_bind_text64(m_stmt, index, utf8.constData(), sqlite3_uint64(utf8.size()),
                              SQLITE_STATIC, SQLITE_UTF8),
          "bind a value");
    return *this;
}

Statement &Statement::bindView(int index, QByteArrayView utf8, bool emptyIsNull)
{
    if (emptyIsNull && utf8.isEmpty())
        return bind(index, nullptr);
    check(sqlite3_bind_text64(m_stmt, index, utf8.data(), sqlite3_uint64(utf8.size()),
                              SQLITE_STATIC, SQLITE_UTF8),
          "bind a value");
    return *this;
}

Statement &Statement::bindBlob(int index, const QByteArray &bytes)
{
    m_bound.append(bytes);
    check(sqlite3_bind_blob64(m_stmt, index, bytes.constData(), sqlite3_uint64(bytes.size()),
                              SQLITE_STATIC),
          "bind a value");
    return *this;
}

Statement &Statement::bind(int index, const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Bool:
        return bind(index, value.toLongLong());
    case QMetaType::Double:
        return bind(index, value.toDouble());
    case QMetaType::QByteArray:
        return bindBlob(index, value.toByteArray());
    default:
        return value.isNull() ? bind(index, nullptr) : bind(index, value.toString());
    }
}

Statement &Statement::bind(int index, std::nullptr_t)
{
    check(sqlite3_bind_null(m_stmt, index), "bind a value");
    return *this;
}

Statement &Statement::bind(int index, std::optional<int> value)
{
    return value ? bind(index, qint64(*value)) : bind(index, nullptr);
}

Statement &Statement::bindNullIfEmpty(int index, const QString &value)
{
    return value.isEmpty() ? bind(index, nullptr) : bind(index, value);
}

bool Statement::next()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    const QString reason = m_connection.lastError();
    sqlite3_reset(m_stmt);
    throw Error(tr("%1: %2").arg(m_connection.path(), reason));
}

void Statement::run()
{
    while (next()) { }
    reset();
}

void Statement::reset()
{
    // Bindings outlive a reset in SQLite; clear them before the bytes they point to go.
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_bound.clear();
    m_asciiUsed = 0;
}

int Statement::columnCount() const
{
    return sqlite3_column_count(m_stmt);
}

QString Statement::columnName(int column) const
{
    return QString::fromUtf8(sqlite3_column_name(m_stmt, column));
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

qint64 Statement::int64(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

QByteArray Statement::blob(int column) const
{
    const auto *data = static_cast<const char *>(sqlite3_column_blob(m_stmt, column));
    return QByteArray(data, sqlite3_column_bytes(m_stmt, column));
}

QString Statement::text(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return QString::fromUtf8(data, sqlite3_column_bytes(m_stmt, column));
}

QByteArrayView Statement::utf8(int column) const
{
    // Text first: sqlite3_column_bytes() then counts the bytes of the text.
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return QByteArrayView(data, sqlite3_column_bytes(m_stmt, column));
}

QVariant Statement::value(int column) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_INTEGER:
        return int64(column);
    case SQLITE_FLOAT:
        return real(column);
    case SQLITE_TEXT:
        return text(column);
    case SQLITE_BLOB:
        return blob(column);
    default:
        return QVariant();
    }
}

std::optional<int> Statement::optionalInt(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return int(int64(column));
}

Transaction::Transaction(Connection &connection)
    : m_connection(connection)
{
    if (connection.inTransaction()) {
        static std::atomic<int> counter {0};
        m_savepoint = QByteArray("sp" + QByteArray::number(++counter));
        connection.exec(QByteArray("SAVEPOINT " + m_savepoint).constData());
    } else {
        // Counted while it waits for the lock, so that a writer that can wait gives way.
        const std::shared_ptr<std::atomic<int>> writers = connection.m_writers;
        if (writers)
            ++*writers;
        try {
            connection.exec("BEGIN IMMEDIATE");
        } catch (...) {
            if (writers)
                --*writers;
            throw;
        }
        if (writers)
            --*writers;
    }
}

Transaction::~Transaction()
{
    if (m_done)
        return;
    // Never throw from a destructor: a failed rollback leaves SQLite to roll back on close.
    if (m_savepoint.isEmpty()) {
        sqlite3_exec(m_connection.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    } else {
        const QByteArray sql =
            QByteArray("ROLLBACK TO " + m_savepoint + "; RELEASE " + m_savepoint);
        sqlite3_exec(m_connection.handle(), sql.constData(), nullptr, nullptr, nullptr);
    }
}

void Transaction::commit()
{
    if (m_savepoint.isEmpty())
        m_connection.exec("COMMIT");
    else
        m_connection.exec(QByteArray("RELEASE " + m_savepoint).constData());
    m_done = true;
}

} // namespace sense7::sql
