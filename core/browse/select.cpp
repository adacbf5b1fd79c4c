#include "select.h"

#include "error.h"
#include "store.h"

#include <QThread>

#include <algorithm>
#include <atomic>
#include <future>
#include <limits>
#include <system_error>
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
std::atomic<int> rangeCount {0};
} // namespace

std::unique_ptr<sql::Connection> openReader(const Store &store)
{
    return store.openReader();
}

void setRangeSplit(qint64 least, int ranges)
{
    leastIds = least;
    rangeCount = std::clamp(ranges, 0, maxRanges);
}

void inRanges(const Store &store, qint64 first, qint64 last, qint64 least,
              const std::function<void(sql::Connection &, qint64, qint64, int)> &part)
{
    sql::Connection &db = connection(store);
    if (leastIds > 0)
        least = leastIds;
    int ranges =
        rangeCount > 0 ? int(rangeCount) : std::min(QThread::idealThreadCount(), maxRanges);
    qint64 span = 0; // the ids but one; ids near the ends of qint64 are read in one range
    if (last < first || __builtin_sub_overflow(last, first, &span)
        || span > std::numeric_limits<qint64>::max() / 2)
        ranges = 1;
    else if (least > 0)
        ranges = int(std::min<qint64>(ranges, (span + 1) / least));
    if (ranges <= 1 || db.inTransaction() || !store.isStillAtPath()) {
        part(db, first, last, 0);
        return;
    }
    const auto from = [&](int range) {
        return first + (span + 1) / ranges * range;
    };
    const auto to = [&](int range) {
        return range == ranges - 1 ? last : from(range + 1) - 1;
    };
    // A range read on a connection of its own; false when that could not read it.
    const auto readAlone = [&](int range) {
        try {
            const auto reader = openReader(store);
            // A file another program holds is read again on the store's connection, which waits
            // for it: one wait, not two.
            reader->exec("PRAGMA busy_timeout = 0");
            part(*reader, from(range), to(range), range);
            return true;
        } catch (const Error &) {
            return false;
        }
    };
    std::vector<int> again; // ranges to read on the store's connection
    std::vector<std::pair<int, std::future<bool>>> others;
    for (int range = 1; range < ranges; ++range) {
        try {
            others.emplace_back(range, std::async(std::launch::async, readAlone, range));
        } catch (const std::system_error &) {
            again.push_back(range); // no thread for it
        }
    }
    part(db, from(0), to(0), 0); // others' futures wait for them if this throws
    for (auto &[range, read] : others)
        if (!read.get())
            again.push_back(range);
    std::sort(again.begin(), again.end());
    for (int range : again)
        part(db, from(range), to(range), range);
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
