#pragma once

#include "browse/filter.h"
#include "sqlite.h"

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

    sql::Statement &operator*() { return m_query; }
    sql::Statement *operator->() { return &m_query; }

private:
    sql::Statement m_query;
};

} // namespace sense7::browse
