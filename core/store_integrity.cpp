// Checking a data set for damage (integrity.h).

#include "error.h"
#include "integrity.h"
#include "sqlite.h"

#include <QFileInfo>

namespace sense7::integrity {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("sense7::integrity", text, disambiguation, n);
}

constexpr int maxProblems = 20;

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
        // A page so damaged that the check itself stops (or a header SQLite cannot parse).
        if (report.problems.isEmpty())
            report.problems << e.message();
    }
    report.ok = report.problems.isEmpty();
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
        Report report;
        report.ok = false;
        report.problems << e.message();
        return report;
    }
    return check(db, depth);
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
