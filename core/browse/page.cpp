#include "page.h"

#include "browse/select.h"

#include <QRegularExpression>

#include <sqlite3.h>

namespace sense7::browse {
namespace {

/**
 * \a filter's condition, its full-text part read from the conversations it found the last time
 * on this connection. The browser asks for a filter's count and then for its pages: the full-text
 * search, by far the costliest part of a filter on a large data set, runs once for them all. The
 * conversations it found are kept in a temporary table of the connection, with the text and the
 * data set's state they were found in (PRAGMA data_version for other connections' commits, the
 * connection's own count of changed rows for its own): any change searches again.
 */
Condition browsed(const Store &store, const Filter &filter)
{
    if (filter.text.trimmed().isEmpty())
        return where(filter);
    sql::Connection &db = connection(store);
    db.exec(
        "CREATE TEMP TABLE IF NOT EXISTS browse_text_hits(conversation_id INTEGER PRIMARY KEY)");
    db.exec("CREATE TEMP TABLE IF NOT EXISTS browse_text_key(text TEXT NOT NULL, "
            "version INTEGER NOT NULL, changes INTEGER NOT NULL)");
    const qint64 version = db.pragmaInt("PRAGMA data_version");
    sql::Statement key(db,
                       "SELECT 1 FROM temp.browse_text_key WHERE text = ? AND version = ? "
                       "AND changes = ?");
    key.bind(1, filter.text).bind(2, version).bind(3, qint64(sqlite3_total_changes64(db.handle())));
    if (!key.next()) {
        Filter text;
        text.text = filter.text;
        const Condition found = where(text);
        db.exec("DELETE FROM temp.browse_text_key");
        db.exec("DELETE FROM temp.browse_text_hits");
        Select fill(store, QStringLiteral("c.id"), found, {}, {}, {}, {},
                    QStringLiteral("INSERT INTO temp.browse_text_hits %1"));
        fill->run();
        // The key's own row is one more change.
        sql::Statement(db, "INSERT INTO temp.browse_text_key VALUES(?, ?, ?)")
            .bind(1, filter.text)
            .bind(2, version)
            .bind(3, qint64(sqlite3_total_changes64(db.handle())) + 1)
            .run();
    }
    Filter rest = filter;
    rest.text.clear();
    Condition condition = where(rest);
    condition.sql = QLatin1Char('(') + condition.sql
        + QStringLiteral(") AND c.id IN (SELECT conversation_id FROM temp.browse_text_hits)");
    return condition;
}

QString sortKey(Order::Key key)
{
    switch (key) {
    case Order::Key::Participant:
        return QStringLiteral("p.code");
    case Order::Key::Agent:
        return QStringLiteral("c.agent");
    case Order::Key::Task:
        return QStringLiteral("json_extract(c.context, '$.task_type')");
    case Order::Key::Date:
        return QStringLiteral("c.started_at");
    case Order::Key::Turns:
        return QStringLiteral("d.turns");
    case Order::Key::Flagged:
        return QStringLiteral("d.flagged");
    case Order::Key::Detected:
        return QStringLiteral("d.detected");
    case Order::Key::Mean:
        return QStringLiteral("s.mean");
    case Order::Key::Condition:
        return QStringLiteral("c.condition");
    }
    return QStringLiteral("c.started_at");
}

} // namespace

QVector<qint64> conversationIds(const Store &store, const Filter &filter)
{
    Select query(store, QStringLiteral("c.id"), where(filter), QStringLiteral("ORDER BY c.id"));
    QVector<qint64> ids;
    while (query->next())
        ids.append(query->int64(0));
    return ids;
}

qint64 count(const Store &store, const Filter &filter)
{
    const Condition condition = browsed(store, filter);
    // Every conversation has one participant and at most one digest: unless the condition reads
    // them, counting needs neither join (which cost a lookup a conversation, most of the time of
    // counting all of a large data set).
    static const QRegularExpression joined(QStringLiteral("\\b[pd]\\."));
    if (!condition.sql.contains(joined)) {
        sql::Statement query(connection(store),
                             QByteArray("SELECT count(*) FROM conversation c WHERE ")
                                 + condition.sql.toUtf8());
        for (int i = 0; i < condition.binds.size(); ++i)
            query.bind(i + 1, condition.binds[i]);
        return query.next() ? query.int64(0) : 0;
    }
    Select query(store, QStringLiteral("count(*)"), condition);
    return query->next() ? query->int64(0) : 0;
}

QVector<PageRow> page(const Store &store, const Filter &filter, const Order &order, qint64 offset,
                      int limit)
{
    // The page's ids in order (sorting touches only the sort key), then their rows and means,
    // one row per mean, in one query. Everything varying is bound, so each sort order and filter
    // shape is one statement however far the table is scrolled.
    const QString direction = order.ascending ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    const QString orderBy = sortKey(order.key) + direction + QStringLiteral(", c.id") + direction;
    const bool byMean = order.key == Order::Key::Mean;
    Select query(
        store, QStringLiteral("c.id AS id, ") + sortKey(order.key) + QStringLiteral(" AS k"),
        browsed(store, filter),
        QStringLiteral("ORDER BY ") + orderBy + QStringLiteral(" LIMIT ? OFFSET ?"),
        byMean ? QVariantList {order.dimensionId} : QVariantList {}, QVariantList {limit, offset},
        byMean ? QStringLiteral("LEFT JOIN digest_dimension s ON s.conversation_id = c.id "
                                "AND s.dimension_id = ?")
               : QString(),
        QStringLiteral(
            "SELECT c.id, p.code, coalesce(c.agent, ''), json_extract(c.context, '$.task_type'), "
            "c.title, c.started_at, d.turns, d.flagged, d.detected, m.dimension_id, m.mean, "
            "coalesce(c.condition, '') "
            "FROM (%1) pg JOIN conversation c ON c.id = pg.id "
            "JOIN participant p ON p.id = c.participant_id "
            "LEFT JOIN conversation_digest d ON d.conversation_id = c.id "
            "LEFT JOIN digest_dimension m ON m.conversation_id = c.id AND m.mean IS NOT NULL "
            "ORDER BY pg.k")
            + direction + QStringLiteral(", pg.id") + direction);
    QVector<PageRow> rows;
    while (query->next()) {
        const qint64 id = query->int64(0);
        if (rows.isEmpty() || rows.last().id != id) {
            PageRow row;
            row.id = id;
            row.participant = query->text(1);
            row.agent = query->text(2);
            row.task = query->text(3);
            row.title = query->text(4);
            row.startedAt = QDateTime::fromString(query->text(5), Qt::ISODateWithMs);
            row.turns = query->integer(6);
            row.flagged = query->integer(7);
            row.detected = query->integer(8);
            row.condition = query->text(11);
            rows.append(row);
        }
        if (!query->isNull(9))
            rows.last().means.insert(query->int64(9), query->real(10));
    }
    return rows;
}

} // namespace sense7::browse
