#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace sense7::sql {
class Connection;
}

/**
 * Damage, backups and salvage of a data set (store_integrity.cpp, store_backup.cpp,
 * store_recover.cpp). Every function here opens its own connections, so it may run on any thread.
 */
namespace sense7::integrity {

/** The result of a check: ok, or what SQLite found wrong (its own words, at most a few lines). */
struct Report
{
    bool ok = true;
    QStringList problems;
    /** ok without checking now: the file is as it was when last known undamaged (checkOnOpen). */
    bool remembered = false;
    /** When every page was last read and found undamaged (UTC); invalid unless ok. */
    QDateTime verifiedAt;
    /** The problems on one line, shortened. */
    QString summary() const;
};

enum class Depth {
    /** PRAGMA quick_check: every page and b-tree, not the indexes' agreement with the tables. */
    Quick,
    /** PRAGMA integrity_check and PRAGMA foreign_key_check. */
    Full,
};

/**
 * Checks \a db. Does not throw for damage; throws Error only when it cannot run at all (another
 * program kept the data set busy beyond the busy timeout, say).
 */
Report check(sql::Connection &db, Depth depth);
/**
 * Checks the file \a path on a connection of its own that writes nothing (not even a checkpoint
 * when it closes), except that SQLite rolls back what a crashed writer left half done. A file
 * SQLite cannot read at all is reported as damaged; one kept busy by another program throws Error.
 */
Report check(const QString &path, Depth depth);

/**
 * The check before a data set is opened for writing: check(\a path, Depth::Quick), except that a
 * file known to be undamaged is not read again while it stays exactly as it was then, for at most
 * \a maxAgeDays after every page was last read. It is known undamaged once a check found it so,
 * and again each time a store opened after such a check closes it (rememberClean()): SQLite's own
 * writes do not damage it. The file is recognised by its size, inode, modification and
 * status-change times, and those of its write-ahead log; any write by anything else changes them.
 * A clean result is remembered only when the file was last modified long enough before (the time
 * stamps' grain) that a later change cannot share its time stamp. Damage that arises unseen in a
 * file nobody writes (a failing disk's) is found by the next full read: the verified backups
 * read every page, and so does the first opening after \a maxAgeDays.
 */
Report checkOnOpen(const QString &path, int maxAgeDays = 7);
/**
 * Remembers that \a path, as it is now, is undamaged, every page having been read at
 * \a verifiedAt (see checkOnOpen()).
 */
void rememberClean(const QString &path, const QDateTime &verifiedAt);
/** Forgets that \a path was found undamaged: its next checkOnOpen() reads every page. */
void forgetClean(const QString &path);
/**
 * The device and inode of the file at \a path (empty when there is none): whether a path still
 * names the file a store opened, or another put in its place.
 */
QString fileIdentity(const QString &path);

/**
 * What a person should do about damage to \a path: the message the store, the studio and every
 * command give, with \a report's details.
 */
QString damageMessage(const QString &path, const Report &report);

/** A verified backup of a data set. */
struct Backup
{
    QString path;
    QDateTime made; // local time
    qint64 bytes = 0;
    qint64 conversations = 0;
    qint64 turns = 0;
    qint64 ratings = 0;
};

/** The folder that holds \a dataSet's backups: "study.sense7.backups" beside "study.sense7". */
QString backupFolder(const QString &dataSet);
/** The verified backups of \a dataSet, newest first (files whose check was not recorded are left
 * out). */
QVector<Backup> backups(const QString &dataSet);
/** True when \a dataSet has no backup made in the last \a hours. */
bool backupDue(const QString &dataSet, int hours);

/** Progress of a long copy: done and total pages; return false to stop. */
using Progress = std::function<bool(qint64 done, qint64 total)>;

/**
 * Copies \a dataSet with SQLite's online backup API (it may be open and written meanwhile; the
 * copy is one consistent moment), runs the full check on the copy and keeps it only when it
 * passes, then prunes old backups (the newest five and the newest of each of the last seven days
 * stay). A copy that fails its check is removed and Error says the data set is damaged: damage
 * never reaches the backups.
 */
Backup makeBackup(const QString &dataSet, const Progress &progress = {});

/**
 * Replaces \a dataSet with the verified backup \a backup. The backup is checked again and copied
 * beside the data set first; then the current file (with its -wal) is renamed aside, never
 * deleted, and the copy takes its place. Returns the path the replaced file was kept at. Nothing
 * may have \a dataSet open meanwhile.
 */
QString restore(const QString &dataSet, const QString &backup);

/** What `recover` salvaged from one table. */
struct TableRecovery
{
    QString table;
    qint64 recovered = 0;
    /** Keys (rowids, or the first key column) in ranges SQLite could not read. */
    QStringList unreadable;
    /** Rows read but refused by the new data set (a parent row was lost, a check failed). */
    qint64 refused = 0;
    /**
     * Rows the table counts beyond those read or refused: those under the unreadable keys and
     * any that no scan reached.
     */
    qint64 unreached = 0;
    bool lostNothing() const { return unreadable.isEmpty() && refused == 0 && unreached == 0; }
};

struct Recovery
{
    QVector<TableRecovery> tables;
    /** Tables that are rebuilt rather than copied (summaries, the search index). */
    QStringList rebuilt;
    bool complete() const;
    /** A report for people: per table, rows recovered and what was lost. */
    QString text() const;
};

/**
 * Salvages every readable row of the (damaged) data set \a damaged into a new data set \a out
 * with the current schema: each table is read by ranges of its key, and a range SQLite cannot
 * read is split until only the unreadable keys are left. The summaries and the search index are
 * rebuilt from the rows. \a out must not exist. Throws Error when nothing can be read (the file's
 * first page or its schema is damaged).
 */
Recovery recover(const QString &damaged, const QString &out);

} // namespace sense7::integrity
