// sense7 check, backup, restore and recover: damage, verified backups and salvage.

#include "cliutil.h"
#include "error.h"
#include "integrity.h"
#include "store.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

namespace sense7::cli {

namespace {

QString counts(const integrity::Backup &backup)
{
    return tr("%1 conversations, %2 turns, %3 ratings")
        .arg(backup.conversations)
        .arg(backup.turns)
        .arg(backup.ratings);
}

} // namespace

bool refuseDamaged(const Store &store, const QString &command, QTextStream &err)
{
    if (!store.isDamaged())
        return false;
    err << tr("sense7 %1: nothing was written. %2").arg(command, store.damage()) << Qt::endl;
    return true;
}

void warnIfDamaged(const Store &store, QTextStream &err)
{
    if (store.isDamaged())
        err << tr("warning: %1").arg(store.damage()) << Qt::endl;
}

int check(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Check a data set for damage: SQLite's full integrity check and its foreign-key "
           "check. Exit code 0: no damage; 2: damaged; 1: it could not be checked."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    const QString path = parser.positionalArguments().constFirst();
    // Refuses what is not a Sense-7 data set; writes nothing. An SQLite file too damaged to
    // open at all is damage, not a usage error.
    try {
        Store::requireDataSet(path);
    } catch (const Error &) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)
            || !file.read(16).startsWith(QByteArrayView("SQLite format 3\0", 16))
            || integrity::check(path, integrity::Depth::Quick).ok)
            throw;
    }
    const integrity::Report report = integrity::check(path, integrity::Depth::Full);
    if (report.ok) {
        out << tr("%1: no damage found (integrity check and foreign-key check).").arg(path)
            << Qt::endl;
        return 0;
    }
    out << tr("%1 is damaged:").arg(path) << '\n';
    for (const QString &problem : report.problems)
        out << "  " << problem << '\n';
    out << tr("Do not write into it. Restore a verified backup (`sense7 restore %1 --list`), or "
              "salvage every readable row into a new data set (`sense7 recover %1 NEW.sense7`).")
               .arg(path)
        << Qt::endl;
    return 2;
}

int backup(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Make a verified backup of a data set now, in the folder DB.backups beside it. The "
           "copy is kept only when it passes the full integrity check; the newest five and the "
           "newest of each of the last seven days are kept."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    const QString path = parser.positionalArguments().constFirst();
    Store::requireDataSet(path);
    const integrity::Backup made = integrity::makeBackup(path);
    out << tr("Backed up %1 to %2 (verified; %3).").arg(path, made.path, counts(made)) << Qt::endl;
    return 0;
}

int restore(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Replace a data set with one of its verified backups (the newest unless --from says "
           "which). The current file is kept beside it, renamed, never deleted. Refused while "
           "another program has the data set open."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    parser.addOption({QStringLiteral("list"), tr("List the verified backups and change nothing.")});
    parser.addOption({QStringLiteral("from"),
                      tr("The backup to restore: its path, or its file name in DB.backups."),
                      QStringLiteral("BACKUP")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    const QString path = parser.positionalArguments().constFirst();
    const QVector<integrity::Backup> list = integrity::backups(path);
    if (parser.isSet(QStringLiteral("list"))) {
        if (list.isEmpty()) {
            out << tr("%1 has no verified backups (in %2).")
                       .arg(path, integrity::backupFolder(path))
                << Qt::endl;
            return 0;
        }
        for (const integrity::Backup &b : list)
            out << QLocale::c().toString(b.made, QStringLiteral("yyyy-MM-dd HH:mm:ss")) << "  "
                << counts(b) << "  " << b.path << '\n';
        out.flush();
        return 0;
    }
    QString from = parser.value(QStringLiteral("from"));
    if (from.isEmpty()) {
        if (list.isEmpty())
            throw Error(tr("%1 has no verified backups (in %2): salvage it with `sense7 recover "
                           "%1 NEW.sense7` instead.")
                            .arg(path, integrity::backupFolder(path)));
        from = list.constFirst().path;
    } else if (!QFileInfo::exists(from)) {
        from = QDir(integrity::backupFolder(path)).filePath(from);
    }
    const QString aside = integrity::restore(path, from);
    out << tr("Restored %1 from %2.").arg(path, from);
    if (!aside.isEmpty())
        out << ' ' << tr("The replaced file is kept at %1.").arg(aside);
    out << Qt::endl;
    return 0;
}

int recover(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Salvage every readable row of a damaged data set into a new data set OUT, and report "
           "per table what was recovered and what was lost. DB is only read."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The damaged data set."));
    parser.addPositionalArgument(QStringLiteral("OUT"), tr("The new data set to write."));
    if (const auto done = parseOrExit(parser, arguments, 2, out, err))
        return *done;
    const QString path = parser.positionalArguments().at(0);
    const QString target = parser.positionalArguments().at(1);
    const integrity::Recovery recovery = integrity::recover(path, target);
    out << tr("Salvaged %1 into %2.").arg(path, target) << '\n' << recovery.text() << Qt::endl;
    return 0;
}

} // namespace sense7::cli
