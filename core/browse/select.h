#pragma once

#include "browse/filter.h"
#include "sqlite.h"

#include <functional>
#include <memory>

namespace sense7 {
class Store;
}

namespace sense7::browse {

/**
 * The store's connection, for the browsing read model alone (a friend of Store): nothing outside
 * core/browse/ and the store's own files prepares SQL.
 */
sql::Connection &connection(const Store &store);
/**
 * A connection of its own to read the store's file, set up as the store's (immutable where the
 * store's is); throws Error when the file cannot be opened or the store's path names another
 * file now (Store::isStillAtPath()).
 */
std::unique_ptr<sql::Connection> openReader(const Store &store);

/** The most ranges inRanges() reads at once. */
constexpr int maxRanges = 4;

/**
 * Reads the ids from \a first to \a last in up to maxRanges ranges of at least \a least ids at
 * once, one a core: \a part(db, from, to, range) reads one, range 0 on the store's connection,
 * each other on a read-only connection of its own on a thread of its own (so \a part sees the
 * main schema only, not the connection's temporary tables). Ranges are numbered in the ids'
 * order and each is read once. A range whose connection could not read it (the file cannot be
 * opened again, another program holds it, or no thread could be started) is read again on the
 * store's connection, so \a part starts its range's results afresh. One range, on the store's
 * connection, for a store without a file or whose path names another file now
 * (Store::isStillAtPath()), within a transaction (which other connections would not see), or
 * for fewer ids. \a part's other exceptions come through.
 */
void inRanges(
    const Store &store, qint64 first, qint64 last, qint64 least,
    const std::function<void(sql::Connection &db, qint64 from, qint64 to, int range)> &part);
/**
 * How every inRanges() splits, for tests that read small data sets in ranges: \a least ids at the
 * least where callers give their own (about what a core reads in 50 ms), and \a ranges (up to
 * maxRanges) where the cores' count would decide; 0 leaves either to them.
 */
void setRangeSplit(qint64 least, int ranges = 0);

/**
 * "SELECT columns FROM fromClause() joins WHERE condition rest", prepared, with \a leading bound
 * first, then the condition's values, then \a trailing: the placeholders in \a columns and
 * \a joins come before the condition's, those in \a rest after them. A non-empty \a around is a
 * query with "%1" where this select goes (a subquery; \a around has no placeholders of its own).
 */
class Select
{
public:
    Select(const Store &store, const QString &columns, const Condition &condition,
           const QString &rest = {}, const QVariantList &leading = {},
           const QVariantList &trailing = {}, const QString &joins = {},
           const QString &around = {});
    /** The same on \a db, a connection to the store's file. */
    Select(sql::Connection &db, const QString &columns, const Condition &condition,
           const QString &rest = {}, const QVariantList &leading = {},
           const QVariantList &trailing = {}, const QString &joins = {},
           const QString &around = {});

    sql::Statement &operator*() { return m_query; }
    sql::Statement *operator->() { return &m_query; }

private:
    sql::Statement m_query;
};

} // namespace sense7::browse
