#include "select.h"

#include "store.h"

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

Select::Select(const Store &store, const QString &columns, const Condition &condition,
               const QString &rest, const QVariantList &leading, const QVariantList &trailing,
               const QString &joins, const QString &around)
    : m_query(connection(store), selectSql(columns, joins, condition, rest, around))
{
    int index = 1;
    for (const QVariantList *values : {&leading, &condition.binds, &trailing})
        for (const QVariant &value : *values)
            m_query.bind(index++, value);
}

} // namespace sense7::browse
