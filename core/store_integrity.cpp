// Checking a data set for damage (integrity.h).

#include "error.h"
#include "integrity.h"
#include "sqlite.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <optional>
#include <sqlite3.h>
#include <sys/stat.h>

namespace sense7::integrity {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("sense7::integrity", text, disambiguation, n);
}

constexpr int maxProblems = 20;

/** What identifies a data set file's content without reading it (checkOnOpen()). */
struct FileState
{
    qint64 size = 0;
    qint64 inode = 0;
    qint64 modified = 0; // ns since the epoch
    qint64 changed = 0; // status change, ns
    qint64 walSize = 0; // an empty or missing log: 0, and its time is not part of the state
    qint64 walModified = 0;
    bool fineStamps = false; // the file system keeps sub-second times

    bool operator==(const FileState &o) const
    {
        return size == o.size && inode == o.inode && modified == o.modified && changed == o.changed
            && walSize == o.walSize && walModified == o.walModified;
    }
    bool operator!=(const FileState &o) const { return !(*this == o); }

    QJsonObject toJson() const
    {
        return {{QStringLiteral("size"), QString::number(size)},
                {QStringLiteral("inode"), QString::number(inode)},
                {QStringLiteral("modified"), QString::number(modified)},
                {QStringLiteral("changed"), QString::number(changed)},
                {QStringLiteral("wal_size"), QString::number(walSize)},
                {QStringLiteral("wal_modified"), QString::number(walModified)}};
    }
    static FileState fromJson(const QJsonObject &json)
    {
        const auto number = [&](const char *key) {
            return json.value(QLatin1String(key)).toString().toLongLong();
        };
        FileState state;
        state.size = number("size");
        state.inode = number("inode");
        state.modified = number("modified");
        state.changed = number("changed");
        state.walSize = number("wal_size");
        state.walModified = number("wal_modified");
        return state;
    }
};

qint64 nanoseconds(const timespec &t)
{
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

std::optional<FileState> fileState(const QString &path)
{
    struct stat main
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &main) != 0 || !S_ISREG(main.st_mode))
        return std::nullopt;
    FileState state;
    state.size = qint64(main.st_size);
    state.inode = qint64(main.st_ino);
    state.modified = nanoseconds(main.st_mtim);
    state.changed = nanoseconds(main.st_ctim);
    state.fineStamps = main.st_mtim.tv_nsec != 0;
    struct stat wal
    {
    };
    if (::stat(QFile::encodeName(path + QStringLiteral("-wal")).constData(), &wal) == 0
        && wal.st_size > 0) {
        state.walSize = qint64(wal.st_size);
        state.walModified = nanoseconds(wal.st_mtim);
    }
    return state;
}

/**
 * How long after a file's last modification a later change could still carry the same time
 * stamp: file systems stamp with a coarse clock (a few milliseconds on Linux), some to the second.
 */
qint64 stampWindowNs(const FileState &state)
{
    return state.fineStamps ? qint64(20) * 1000000 : qint64(2100) * 1000000;
}

qint64 nowNs()
{
    timespec now {};
    clock_gettime(CLOCK_REALTIME, &now);
    return nanoseconds(now);
}

/** Whether \a db's last error was another connection holding the data set. */
bool isBusy(const sql::Connection &db)
{
    if (!db.handle())
        return false;
    const int code = sqlite3_extended_errcode(db.handle()) & 0xff;
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

/** Where the state of \a path at its last clean check is kept: the user's cache, by path. */
QString recordPath(const QString &path)
{
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (cache.isEmpty())
        return {};
    const QByteArray key = QCryptographicHash::hash(QFileInfo(path).absoluteFilePath().toUtf8(),
                                                    QCryptographicHash::Sha1)
                               .toHex();
    return cache + QStringLiteral("/sense7/checked/") + QString::fromLatin1(key)
        + QStringLiteral(".json");
}

/** The state of \a path last remembered as undamaged, and when every page was last read. */
std::optional<std::pair<FileState, QDateTime>> rememberedState(const QString &path)
{
    const QString record = recordPath(path);
    QFile file(record);
    if (record.isEmpty() || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject json = QJsonDocument::fromJson(file.read(4096)).object();
    if (json.value(QStringLiteral("path")).toString() != QFileInfo(path).absoluteFilePath())
        return std::nullopt;
    const QDateTime verified = QDateTime::fromString(
        json.value(QStringLiteral("verified_at")).toString(), Qt::ISODateWithMs);
    if (!verified.isValid())
        return std::nullopt;
    return std::make_pair(FileState::fromJson(json), verified);
}

void forget(const QString &path)
{
    const QString record = recordPath(path);
    if (!record.isEmpty())
        QFile::remove(record);
}

/** Remembers \a state as undamaged, unless a later change could share its time stamps. */
void remember(const QString &path, const FileState &state, const QDateTime &verifiedAt)
{
    const qint64 latest = std::max(state.modified, state.walModified);
    if (nowNs() - latest <= stampWindowNs(state)) {
        forget(path);
        return;
    }
    const QString record = recordPath(path);
    if (record.isEmpty() || !QDir().mkpath(QFileInfo(record).absolutePath()))
        return;
    QJsonObject json = state.toJson();
    json.insert(QStringLiteral("path"), QFileInfo(path).absoluteFilePath());
    json.insert(QStringLiteral("verified_at"), verifiedAt.toUTC().toString(Qt::ISODateWithMs));
    QSaveFile file(record);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QJsonDocument(json).toJson(QJsonDocument::Compact));
        file.commit();
    }
}

} // namespace

QString Report::summary() const
{
    if (ok)
        return tr("no damage found");
    QStringList shown = problems.mid(0, 3);
    if (problems.size() > 3)
        shown << tr("and %n more", nullptr, int(problems.size() - 3));
    return shown.join(QStringLiteral("; "));
}

Report check(sql::Connection &db, Depth depth)
{
    Report report;
    try {
        sql::Statement query(
            db, depth == Depth::Quick ? "PRAGMA quick_check(20)" : "PRAGMA integrity_check(20)");
        while (query.next()) {
            for (const QString &line : query.text(0).split(QLatin1Char('\n'))) {
                if (line != QLatin1String("ok") && !line.startsWith(QLatin1String("***")))
                    report.problems << line;
            }
        }
        if (depth == Depth::Full && report.problems.isEmpty()) {
            sql::Statement keys(db, "PRAGMA foreign_key_check");
            while (keys.next() && report.problems.size() < maxProblems)
                report.problems << tr("row %1 of table %2 refers to a missing row of %3")
                                       .arg(keys.text(1), keys.text(0), keys.text(2));
        }
    } catch (const Error &e) {
        // Another program holding the data set is no damage: the check could not run.
        if (isBusy(db))
            throw;
        // A page so damaged that the check itself stops (or a header SQLite cannot parse).
        if (report.problems.isEmpty())
            report.problems << e.message();
    }
    report.ok = report.problems.isEmpty();
    if (report.ok)
        report.verifiedAt = QDateTime::currentDateTimeUtc();
    return report;
}

Report check(const QString &path, Depth depth)
{
    // Read-write when it may be written, and only to let SQLite roll back the hot journal a
    // crashed writer left (a read-only connection cannot, and would see half a transaction);
    // it is told not to checkpoint the log into the file when it closes. Otherwise nothing
    // here writes.
    const QFileInfo info(path);
    const bool writable = info.isWritable() && QFileInfo(info.absolutePath()).isWritable();
    sql::Connection db;
    try {
        db.open(path,
                writable ? sql::Connection::Access::ReadWrite : sql::Connection::Access::ReadOnly);
        if (writable)
            db.setCheckpointOnClose(false);
        db.exec("PRAGMA busy_timeout = 5000");
        if (!writable) {
            // A WAL file in a folder that cannot be written: SQLite cannot create the -shm it
            // needs even to read. With no -wal beside it the file is complete: read it as is.
            try {
                db.pragmaInt("SELECT count(*) FROM sqlite_schema");
            } catch (const Error &) {
                const QFileInfo wal(path + QStringLiteral("-wal"));
                if (wal.isFile() && wal.size() > 0)
                    throw;
                db.open(path, sql::Connection::Access::Immutable);
            }
        }
    } catch (const Error &e) {
        if (isBusy(db))
            throw;
        Report report;
        report.ok = false;
        report.problems << e.message();
        return report;
    }
    return check(db, depth);
}

Report checkOnOpen(const QString &path, int maxAgeDays)
{
    const std::optional<FileState> before = fileState(path);
    if (before) {
        const auto known = rememberedState(path);
        if (known && known->first == *before
            && known->second.secsTo(QDateTime::currentDateTimeUtc())
                < qint64(maxAgeDays) * 24 * 3600) {
            Report report;
            report.remembered = true;
            report.verifiedAt = known->second;
            return report;
        }
    }
    forget(path);
    Report report = check(path, Depth::Quick);
    // Remembered only when nothing changed the file while it was read.
    if (report.ok && before && fileState(path) == before)
        remember(path, *before, report.verifiedAt);
    return report;
}

void forgetClean(const QString &path)
{
    forget(path);
}

QString fileIdentity(const QString &path)
{
    struct stat info
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QStringLiteral("%1:%2").arg(quint64(info.st_dev)).arg(quint64(info.st_ino));
}

void rememberClean(const QString &path, const QDateTime &verifiedAt)
{
    std::optional<FileState> state = fileState(path);
    if (!state || !verifiedAt.isValid())
        return;
    // Just written (the last checkpoint, as a store closes): wait out the time stamps' grain
    // when it is short, so that the next open need not read every page again.
    const qint64 wait =
        std::max(state->modified, state->walModified) + stampWindowNs(*state) - nowNs();
    if (state->fineStamps && wait > 0) {
        QThread::usleep(std::uint64_t(wait / 1000 + 1));
        state = fileState(path);
        if (!state)
            return;
    }
    remember(path, *state, verifiedAt);
}

QString damageMessage(const QString &path, const Report &report)
{
    return tr("%1 is damaged (%2). It is open read-only so that nothing more is written into it. "
              "Restore a verified backup (File ▸ Restore backup… in the studio, or "
              "`sense7 restore %1`), or salvage every readable row into a new data set "
              "(`sense7 recover %1 NEW.sense7`).")
        .arg(path, report.summary());
}

} // namespace sense7::integrity
