#include "page.h"

#include "browse/select.h"

namespace sense7::browse {
namespace {

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
    Select query(store, QStringLiteral("count(*)"), where(filter));
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
        where(filter), QStringLiteral("ORDER BY ") + orderBy + QStringLiteral(" LIMIT ? OFFSET ?"),
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
