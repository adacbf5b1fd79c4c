#pragma once

// Helpers shared by the test executables (header-only; each test is its own program).

#include "demo.h"
#include "sqlite.h"
#include "store.h"

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace sense7::test {

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

inline void writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(data);
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

/** A new data set filled with the demo, closed so that its file is complete. */
inline void makeDemoDataSet(const QString &path)
{
    auto store = Store::create(path);
    demo::load(*store);
}

/** Runs a single-value SQL query on a raw connection to \a path. */
inline qint64 queryInt(const QString &path, const char *sql)
{
    sql::Connection db;
    db.open(path, sql::Connection::Access::ReadOnly);
    return db.pragmaInt(sql);
}

} // namespace sense7::test
