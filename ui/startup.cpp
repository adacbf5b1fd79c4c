#include "startup.h"

#include "demo.h"
#include "error.h"
#include "settings.h"
#include "store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace sense7::startup {

QString demoDataSetPath()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(folder).filePath(QStringLiteral("demo.sense7"));
}

QString previousDemoPath(const QString &demoPath)
{
    const QFileInfo info(demoPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-previous.")
                               + info.suffix());
}

namespace {

/** Whether the demo copy at \a path was made under another protocol than today's demo. */
bool madeBeforeLiveDemo(const QString &path)
{
    try {
        return Store::open(path, Store::Access::ReadOnly)->protocol().key != demo::protocol().key;
    } catch (const Error &) {
        return false; // a damaged demo opens with its banner, as any data set does
    }
}

} // namespace

QString ensureDemoDataSet()
{
    QString path = demoDataSetPath();
    if (QFileInfo::exists(path)) {
        if (!madeBeforeLiveDemo(path))
            return path;
        // An older program's demo, without the live study: kept beside, and made anew.
        const QString previous = previousDemoPath(path);
        for (const char *suffix : {"", "-wal", "-shm"}) {
            QFile::remove(previous + QLatin1String(suffix));
            if (QFileInfo::exists(path + QLatin1String(suffix))
                && !QFile::rename(path + QLatin1String(suffix), previous + QLatin1String(suffix)))
                throw Error(
                    QCoreApplication::translate("sense7::startup", "Cannot move %1 to %2.")
                        .arg(path + QLatin1String(suffix), previous + QLatin1String(suffix)));
        }
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        throw Error(QCoreApplication::translate("sense7::startup", "Cannot create the folder %1.")
                        .arg(QFileInfo(path).absolutePath()));
    // Build next to the target and rename, so an interrupted first start leaves no half demo.
    const QString partial = path + QStringLiteral(".partial");
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(partial + QLatin1String(suffix));
    {
        auto store = Store::create(partial, demo::protocol());
        demo::load(*store);
        store->checkpoint();
    }
    if (!QFile::rename(partial, path))
        throw Error(QCoreApplication::translate("sense7::startup", "Cannot create %1.").arg(path));
    return path;
}

QString dataSetToOpen(const QString &argument, const Settings &settings)
{
    if (!argument.isEmpty())
        return argument;
    QString last = settings.lastDataSet.get();
    if (!last.isEmpty() && QFileInfo::exists(last))
        return last;
    return ensureDemoDataSet();
}

} // namespace sense7::startup
