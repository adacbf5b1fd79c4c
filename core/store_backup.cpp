// Verified rolling backups and restoring them (integrity.h).

#include "error.h"
#include "integrity.h"
#include "sqlite.h"
#include "store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <sqlite3.h>

namespace sense7::integrity {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("sense7::integrity", text, disambiguation, n);
}

constexpr int keepNewest = 5;
constexpr int keepDays = 7;
const auto stampFormat = QStringLiteral("yyyyMMdd-HHmmss-zzz");

QString sidecarOf(const QString &backup)
{
    return backup + QStringLiteral(".json");
}

void removeWithCompanions(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

/** Copies \a from into a new file \a to with the online backup API, one consistent moment. */
void copyDatabase(const QString &from, const QString &to, const Progress &progress)
{
    sql::Connection source;
    source.open(from, sql::Connection::Access::ReadOnly);
    source.exec("PRAGMA busy_timeout = 5000");
    sql::Connection copy;
    copy.open(to, sql::Connection::Access::Create);
    // One read transaction for the whole copy: the studio may commit ratings meanwhile (WAL
    // readers do not block writers) without making the backup start over.
    source.exec("BEGIN");
    source.pragmaInt("SELECT count(*) FROM sqlite_schema");
    sqlite3_backup *backup = sqlite3_backup_init(copy.handle(), "main", source.handle(), "main");
    if (!backup)
        throw Error(tr("Cannot back up %1: %2").arg(from, copy.lastError()));
    int rc = SQLITE_OK;
    bool stopped = false;
    while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
        rc = sqlite3_backup_step(backup, 1024);
        const int total = sqlite3_backup_pagecount(backup);
        if (progress && !progress(total - sqlite3_backup_remaining(backup), total)) {
            stopped = true;
            break;
        }
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            QThread::msleep(50);
    }
    sqlite3_backup_finish(backup);
    const QString reason = sql::Connection::explain(rc, QString::fromUtf8(sqlite3_errstr(rc)));
    source.exec("COMMIT");
    if (stopped)
        throw Error(tr("The backup of %1 was stopped.").arg(from));
    if (rc != SQLITE_DONE)
        throw Error(tr("Cannot back up %1: %2").arg(from, reason));
    // The copy took the source's write-ahead-log mode; one self-contained file is what a
    // backup should be (reading it then leaves no -wal or -shm beside it).
    copy.exec("PRAGMA journal_mode = DELETE");
}

Backup readSidecar(const QString &path)
{
    Backup backup;
    QFile file(sidecarOf(path));
    if (!file.open(QIODevice::ReadOnly))
        return backup;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    if (json.value(QStringLiteral("verified")).toString() != QLatin1String("integrity_check ok"))
        return backup;
    backup.path = path;
    backup.made =
        QDateTime::fromString(json.value(QStringLiteral("made")).toString(), Qt::ISODateWithMs)
            .toLocalTime();
    backup.bytes = QFileInfo(path).size();
    backup.conversations = json.value(QStringLiteral("conversations")).toInteger();
    backup.turns = json.value(QStringLiteral("turns")).toInteger();
    backup.ratings = json.value(QStringLiteral("ratings")).toInteger();
    return backup;
}

void prune(const QString &dataSet)
{
    const QVector<Backup> all = backups(dataSet);
    const QDate today = QDate::currentDate();
    QSet<QDate> days;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QDate day = all[i].made.date();
        const bool newest = i < keepNewest;
        const bool dayKept = day.daysTo(today) < keepDays && !days.contains(day);
        days.insert(day);
        if (newest || dayKept)
            continue;
        QFile::remove(sidecarOf(all[i].path));
        removeWithCompanions(all[i].path);
    }
}

} // namespace

QString backupFolder(const QString &dataSet)
{
    return QFileInfo(dataSet).absoluteFilePath() + QStringLiteral(".backups");
}

QVector<Backup> backups(const QString &dataSet)
{
    QVector<Backup> list;
    const QDir folder(backupFolder(dataSet));
    const QString prefix = QFileInfo(dataSet).completeBaseName() + QLatin1Char('-');
    for (const QString &name :
         folder.entryList({prefix + QStringLiteral("*.sense7")}, QDir::Files)) {
        const Backup backup = readSidecar(folder.filePath(name));
        if (!backup.path.isEmpty())
            list.append(backup);
    }
    std::sort(list.begin(), list.end(),
              [](const Backup &a, const Backup &b) { return a.made > b.made; });
    return list;
}

bool backupDue(const QString &dataSet, int hours)
{
    const QVector<Backup> list = backups(dataSet);
    return list.isEmpty()
        || list.constFirst().made.secsTo(QDateTime::currentDateTime()) >= qint64(hours) * 3600;
}

Backup makeBackup(const QString &dataSet, const Progress &progress)
{
    const QString folder = backupFolder(dataSet);
    if (!QDir().mkpath(folder))
        throw Error(tr("Cannot create the folder %1 for backups.").arg(folder));
    const QDateTime now = QDateTime::currentDateTime();
    const QString target =
        QDir(folder).filePath(QFileInfo(dataSet).completeBaseName() + QLatin1Char('-')
                              + now.toString(stampFormat) + QStringLiteral(".sense7"));
    const QString partial = target + QStringLiteral(".partial");
    removeWithCompanions(partial);
    try {
        copyDatabase(dataSet, partial, progress);
        // The copy is kept only when it passes the full check: a damaged data set never
        // replaces a good backup, and the rolling window keeps the good ones.
        const Report report = check(partial, Depth::Full);
        if (!report.ok)
            throw Error(tr("The backup of %1 was not kept: the copy failed its check, so the data "
                           "set is damaged (%2). Run `sense7 check %1`; restore an earlier "
                           "backup or salvage it with `sense7 recover`.")
                            .arg(dataSet, report.summary()));
        Backup backup;
        {
            // Counted in the tables every format has: a data set of an older format is backed
            // up as it is, before anything upgrades it.
            Store::requireDataSet(partial);
            sql::Connection copy;
            copy.open(partial, sql::Connection::Access::ReadOnly);
            backup.conversations = copy.pragmaInt("SELECT count(*) FROM conversation");
            backup.turns = copy.pragmaInt("SELECT count(*) FROM turn");
            backup.ratings = copy.pragmaInt("SELECT count(*) FROM rating");
        }
        const QJsonObject sidecar {
            {QStringLiteral("verified"), QStringLiteral("integrity_check ok")},
            {QStringLiteral("made"), now.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("source"), QFileInfo(dataSet).absoluteFilePath()},
            {QStringLiteral("conversations"), backup.conversations},
            {QStringLiteral("turns"), backup.turns},
            {QStringLiteral("ratings"), backup.ratings}};
        QSaveFile json(sidecarOf(target));
        if (!json.open(QIODevice::WriteOnly) || json.write(QJsonDocument(sidecar).toJson()) < 0
            || !json.commit())
            throw Error(tr("Cannot write %1: %2").arg(sidecarOf(target), json.errorString()));
        QFile::remove(partial + QStringLiteral("-shm")); // an index of a log that is gone
        if (!QFile::rename(partial, target)) {
            QFile::remove(sidecarOf(target));
            throw Error(tr("Cannot write the backup %1.").arg(target));
        }
        backup.path = target;
        backup.made = now;
        backup.bytes = QFileInfo(target).size();
        prune(dataSet);
        return backup;
    } catch (...) {
        removeWithCompanions(partial);
        throw;
    }
}

QString restore(const QString &dataSet, const QString &backup)
{
    if (!QFileInfo(backup).isFile())
        throw Error(tr("There is no backup %1.").arg(backup));
    const Report report = check(backup, Depth::Full);
    if (!report.ok)
        throw Error(
            tr("The backup %1 is damaged (%2): choose another one.").arg(backup, report.summary()));
    // It must be a Sense-7 data set this version reads (an older format is upgraded when the
    // restored data set is next opened to write).
    Store::requireDataSet(backup);
    const QString incoming = dataSet + QStringLiteral(".restoring");
    removeWithCompanions(incoming);
    if (!QFile::copy(backup, incoming))
        throw Error(tr("Cannot copy %1 beside %2.").arg(backup, dataSet));
    QFile(incoming).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup
                                   | QFile::ReadOther);
    if (!check(incoming, Depth::Quick).ok) {
        removeWithCompanions(incoming);
        throw Error(
            tr("The copy of %1 beside %2 is damaged: is the disk failing?").arg(backup, dataSet));
    }

    // The replaced file is kept beside the data set, with its log: it is never deleted.
    const QFileInfo info(dataSet);
    QString aside;
    sql::Connection lock;
    if (info.exists()) {
        // A program that has it open would go on writing into the file moved aside. In
        // exclusive locking mode, SQLite's first read of a WAL file fails while any other
        // connection has it open, even an idle one; held until the rename is done.
        lock.open(dataSet, sql::Connection::Access::ReadWrite);
        lock.setCheckpointOnClose(false);
        lock.exec("PRAGMA locking_mode = EXCLUSIVE");
        int rc = sqlite3_exec(lock.handle(), "SELECT count(*) FROM sqlite_schema", nullptr, nullptr,
                              nullptr);
        // A bulk import writes with a rollback journal (Store::BulkWrite), which an exclusive
        // WAL read does not see: its write lock does, and taking ours keeps any writer out
        // until the file is moved.
        if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
            rc = sqlite3_exec(lock.handle(), "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr);
        if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED) {
            removeWithCompanions(incoming);
            throw Error(tr("%1 is open in another program (the studio?): close it there "
                           "first, then restore.")
                            .arg(dataSet));
        }
        aside = info.dir().filePath(info.completeBaseName() + QStringLiteral(".replaced-")
                                    + QDateTime::currentDateTime().toString(stampFormat)
                                    + QLatin1Char('.') + info.suffix());
        if (!QFile::rename(dataSet, aside)) {
            removeWithCompanions(incoming);
            throw Error(tr("Cannot move %1 aside to %2: is it open in another program?")
                            .arg(dataSet, aside));
        }
        for (const char *suffix : {"-wal", "-shm", "-journal"}) {
            if (QFileInfo::exists(dataSet + QLatin1String(suffix)))
                QFile::rename(dataSet + QLatin1String(suffix), aside + QLatin1String(suffix));
        }
    }
    lock.close();
    if (!QFile::rename(incoming, dataSet))
        throw Error(tr("Cannot put %1 in place of %2; the backup is at %1 and the replaced file "
                       "at %3.")
                        .arg(incoming, dataSet, aside));
    return aside;
}

} // namespace sense7::integrity
