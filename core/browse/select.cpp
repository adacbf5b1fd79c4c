#include "select.h"

#include "error.h"
#include "store.h"

#include <QThread>

#include <algorithm>
#include <atomic>
#include <future>
#include <vector>

namespace sense7::browse {
namespace {

QByteArray selectSql(const QString &columns, const QString &joins, const Condition &condition,
                     const QString &rest, const QString &around)
{
    QString sql = QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM ") + fromClause();
    if (!joins.isEmpty())
        sql += QLatin1Char(' ') + joins;
    sql += QStringLiteral(" WHERE ") + condition.sql;
    if (!rest.isEmpty())
        sql += QLatin1Char(' ') + rest;
    return (around.isEmpty() ? sql : around.arg(sql)).toUtf8();
}

} // namespace

sql::Connection &connection(const Store &store)
{
    return store.connection();
}

namespace {
std::atomic<qint64> leastIds {0};
} // namespace

void setLeastIdsPerRange(qint64 ids)
{
    leastIds = ids;
}

void inRanges(const Store &store, qint64 first, qint64 last, qint64 least,
              const std::function<void(sql::Connection &, qint64, qint64, int)> &part)
{
    sql::Connection &db = connection(store);
    const QString path = store.path();
    const qint64 span = last - first + 1;
    if (leastIds > 0)
        least = leastIds;
    int ranges = std::clamp(QThread::idealThreadCount(), 1, maxRanges);
    if (least > 0)
        ranges = int(std::min<qint64>(ranges, span / least));
    if (ranges <= 1 || db.inTransaction() || !store.isStillAtPath()) {
        part(db, first, last, 0);
        return;
    }
    const auto from = [&](int range) {
        return range == ranges ? last + 1 : first + span / ranges * range;
    };
    std::vector<std::future<bool>> others;
    for (int range = 1; range < ranges; ++range)
        others.push_back(std::async(std::launch::async, [&, range] {
            try {
                sql::Connection reader;
                reader.open(path, sql::Connection::Access::ReadOnly);
                reader.exec("PRAGMA busy_timeout = 5000");
                part(reader, from(range), from(range + 1) - 1, range);
                return true;
            } catch (const Error &) {
                return false;
            }
        }));
    part(db, from(0), from(1) - 1, 0); // others' futures wait for them if this throws
    std::vector<int> again;
    for (int range = 1; range < ranges; ++range)
        if (!others[size_t(range - 1)].get())
            again.push_back(range);
    for (int range : again)
        part(db, from(range), from(range + 1) - 1, range);
}

Select::Select(const Store &store, const QString &columns, const Condition &condition,
               const QString &rest, const QVariantList &leading, const QVariantList &trailing,
               const QString &joins, const QString &around)
    : Select(connection(store), columns, condition, rest, leading, trailing, joins, around)
{ }

Select::Select(sql::Connection &db, const QString &columns, const Condition &condition,
               const QString &rest, const QVariantList &leading, const QVariantList &trailing,
               const QString &joins, const QString &around)
    : m_query(db, selectSql(columns, joins, condition, rest, around))
{
    int index = 1;
    for (const QVariantList *values : {&leading, &condition.binds, &trailing})
        for (const QVariant &value : *values)
            m_query.bind(index++, value);
}

} // namespace sense7::browse
