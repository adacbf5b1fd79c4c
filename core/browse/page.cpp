#include "page.h"

#include "browse/select.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#include <sqlite3.h>

namespace sense7::browse {
namespace {

/**
 * Puts the conversations with a turn whose text holds \a text into temp.browse_text_hits (empty).
 * The indexed turns are searched in ranges of ids at once (inRanges(): the index's phrase query
 * reads every trigram's list of turns, about 150 ms of one core for a common phrase among three
 * million turns); the turns not indexed yet are read on the store's connection.
 */
void findText(const Store &store, const QString &text)
{
    sql::Connection &db = connection(store);
    const QString phrase = indexPhrase(text);
    if (phrase.isEmpty()) {
        const Condition found = textConversations(text);
        sql::Statement fill(db, "INSERT INTO temp.browse_text_hits " + found.sql.toUtf8());
        for (int i = 0; i < found.binds.size(); ++i)
            fill.bind(i + 1, found.binds[i]);
        fill.run();
        return;
    }
    const qint64 indexed = db.pragmaInt("SELECT indexed_upto FROM search_state");
    std::vector<std::vector<qint64>> found(maxRanges);
    // The conversations themselves are not read: every turn has one, in the index of
    // (id, conversation_id).
    inRanges(store, 1, indexed, 250'000,
             [&](sql::Connection &reader, qint64 from, qint64 to, int range) {
                 std::vector<qint64> &ids = found[size_t(range)];
                 ids.clear();
                 sql::Statement query(
                     reader,
                     "SELECT t.conversation_id FROM turn t INDEXED BY turn_conversation "
                     "WHERE t.id IN (SELECT rowid FROM turn_text WHERE turn_text MATCH ?1 AND "
                     "rowid BETWEEN ?2 AND ?3)");
                 query.bind(1, phrase).bind(2, from).bind(3, to);
                 while (query.next())
                     ids.push_back(query.int64(0));
             });
    std::vector<qint64> all;
    for (const std::vector<qint64> &ids : found)
        all.insert(all.end(), ids.cbegin(), ids.cend());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    // One statement for them all, in the order the table keeps.
    QByteArray list("[");
    for (const qint64 id : all)
        list += QByteArray::number(id) + ',';
    list.back() = ']';
    if (!all.empty())
        sql::Statement(db, "INSERT INTO temp.browse_text_hits SELECT value FROM json_each(?)")
            .bind(1, list)
            .run();
    sql::Statement(db,
                   "INSERT OR IGNORE INTO temp.browse_text_hits SELECT conversation_id FROM turn "
                   "WHERE id > ?1 AND contains_folded(text, ?2)")
        .bind(1, indexed)
        .bind(2, text.trimmed())
        .run();
}

/**
 * \a filter's condition, its full-text part read from the conversations it found the last time
 * on this connection. The browser asks for a filter's count and then for its pages: the full-text
 * search, by far the costliest part of a filter on a large data set, runs once for them all. The
 * conversations it found are kept in a temporary table of the connection, with the text and the
 * data set's state they were found in (PRAGMA data_version for other connections' commits, the
 * connection's own count of changed rows for its own): any change searches again.
 */
Condition browsed(const Store &store, const Filter &filter, Shape shape = Shape::Sets)
{
    if (filter.text.trimmed().isEmpty())
        return where(filter, shape);
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
        db.exec("DELETE FROM temp.browse_text_key");
        db.exec("DELETE FROM temp.browse_text_hits");
        findText(store, filter.text);
        // The key's own row is one more change.
        sql::Statement(db, "INSERT INTO temp.browse_text_key VALUES(?, ?, ?)")
            .bind(1, filter.text)
            .bind(2, version)
            .bind(3, qint64(sqlite3_total_changes64(db.handle())) + 1)
            .run();
    }
    Filter rest = filter;
    rest.text.clear();
    Condition condition = where(rest, shape);
    condition.sql = QLatin1Char('(') + condition.sql
        + (shape == Shape::Sets
               ? QStringLiteral(") AND c.id IN (SELECT conversation_id FROM temp.browse_text_hits)")
               : QStringLiteral(") AND EXISTS (SELECT 1 FROM temp.browse_text_hits h "
                                "WHERE h.conversation_id = c.id)"));
    return condition;
}

/**
 * Counts already made on a connection while the data set stays as it was (PRAGMA data_version
 * for other connections' commits, the connection's count of changed rows for its own): the
 * browser counts a filter and then asks for its pages, which need the count to choose their
 * query, and scrolling asks again.
 */
struct Counts
{
    qint64 connection = 0;
    qint64 version = -1;
    qint64 changes = -1;
    QHash<QByteArray, qint64> known;
};

Counts &counts(sql::Connection &db)
{
    thread_local Counts cache;
    // Which connection this is: a number kept in its temporary schema, which another connection
    // (even one opened at the same address later) does not have.
    static std::atomic<qint64> connections {0};
    db.exec("CREATE TEMP TABLE IF NOT EXISTS browse_connection(n INTEGER NOT NULL)");
    qint64 id = db.pragmaInt("SELECT coalesce((SELECT n FROM temp.browse_connection), 0)");
    if (id == 0) {
        id = ++connections;
        sql::Statement(db, "INSERT INTO temp.browse_connection VALUES(?)").bind(1, id).run();
    }
    const qint64 version = db.pragmaInt("PRAGMA data_version");
    const qint64 changes = qint64(sqlite3_total_changes64(db.handle()));
    // Within a transaction (an import's, as its progress shows) nothing is kept: a rollback takes
    // back rows without taking back the count of changes.
    if (db.inTransaction() || cache.connection != id || cache.version != version
        || cache.changes != changes) {
        cache.connection = id;
        cache.version = db.inTransaction() ? -1 : version;
        cache.changes = changes;
        cache.known.clear();
    }
    return cache;
}

QByteArray keyOf(const Filter &filter)
{
    return QJsonDocument(filter.toJson()).toJson(QJsonDocument::Compact);
}

qint64 countCondition(const Store &store, const Condition &condition)
{
    // Every conversation has one participant and at most one digest: unless the condition reads
    // them, counting needs neither join (which cost a lookup a conversation, most of the time of
    // counting all of a large data set).
    static const QRegularExpression participant(QStringLiteral("\\bp\\."));
    static const QRegularExpression digest(QStringLiteral("\\bd\\."));
    QByteArray sql("SELECT count(*) FROM conversation c");
    if (condition.sql.contains(participant))
        sql += " JOIN participant p ON p.id = c.participant_id";
    if (condition.sql.contains(digest))
        sql += " LEFT JOIN conversation_digest d ON d.conversation_id = c.id";
    sql += " WHERE " + condition.sql.toUtf8();
    sql::Statement query(connection(store), sql);
    for (int i = 0; i < condition.binds.size(); ++i)
        query.bind(i + 1, condition.binds[i]);
    return query.next() ? query.int64(0) : 0;
}

/** The conversations with a mean on \a dimensionId (every row of the index has a conversation). */
qint64 ratedCount(const Store &store, qint64 dimensionId)
{
    sql::Connection &db = connection(store);
    Counts &cache = counts(db);
    const QByteArray key = "rated " + QByteArray::number(dimensionId);
    const auto known = cache.known.constFind(key);
    if (known != cache.known.cend())
        return *known;
    sql::Statement query(db,
                         "SELECT count(*) FROM digest_dimension WHERE dimension_id = ? "
                         "AND mean IS NOT NULL");
    query.bind(1, dimensionId);
    const qint64 n = query.next() ? query.int64(0) : 0;
    cache.known.insert(key, n);
    return n;
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
    counts(connection(store)); // numbering a connection is a change of its own: first
    const Condition condition = browsed(store, filter);
    Counts &cache = counts(connection(store));
    const QByteArray key = keyOf(filter);
    const auto known = cache.known.constFind(key);
    if (known != cache.known.cend())
        return *known;
    Filter rest = filter;
    rest.text.clear();
    qint64 n = 0;
    if (rest.isEmpty() && !filter.text.trimmed().isEmpty()) {
        // Text alone: what the search found, each conversation once (every turn has one).
        sql::Statement hits(connection(store), "SELECT count(*) FROM temp.browse_text_hits");
        n = hits.next() ? hits.int64(0) : 0;
    } else {
        n = countCondition(store, condition);
    }
    cache.known.insert(key, n);
    return n;
}

QVector<PageRow> page(const Store &store, const Filter &filter, const Order &order, qint64 offset,
                      int limit)
{
    // The page's ids in order (sorting touches only the sort key), then their rows and means,
    // one row per mean, in one query. Everything varying is bound, so each sort order and filter
    // shape is one statement however far the table is scrolled.
    const QString direction = order.ascending ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    const bool byMean = order.key == Order::Key::Mean;
    // Walking the conversations in the index of dates and testing each until the page is full
    // reads about (offset + limit) * all / matching of them; reading every match and sorting
    // them reads each once (and other orders have no index to walk). The counts are known: the
    // browser has just counted the filter.
    const qint64 matching = count(store, filter);
    const qint64 all = filter.isEmpty() ? matching : count(store, {});
    const bool walk = order.key == Order::Key::Date && matching > 0
        && double(offset + limit) * double(all) / double(matching) <= 20000.0;
    QString inner;
    QVariantList binds;
    if (byMean && filter.isEmpty()) {
        // Every conversation: the index of means is in the order asked for. The conversations
        // without a mean come first ascending and last descending, in id order.
        const qint64 rated = ratedCount(store, order.dimensionId);
        const qint64 unrated = all - rated;
        qint64 from = -1;
        if (order.ascending && unrated >= 0 && offset >= unrated)
            from = offset - unrated;
        else if (!order.ascending && offset + limit <= rated)
            from = offset;
        if (from >= 0) {
            inner = QStringLiteral("SELECT s.conversation_id AS id, s.mean AS k FROM "
                                   "digest_dimension s WHERE s.dimension_id = ? AND s.mean IS "
                                   "NOT NULL ORDER BY s.mean")
                + direction + QStringLiteral(", s.conversation_id") + direction
                + QStringLiteral(" LIMIT ? OFFSET ?");
            binds << order.dimensionId << limit << from;
        }
    }
    if (inner.isEmpty()) {
        const Condition condition = browsed(store, filter, walk ? Shape::Probes : Shape::Sets);
        inner = QStringLiteral("SELECT c.id AS id, ") + sortKey(order.key)
            + QStringLiteral(" AS k FROM ") + fromClause();
        if (byMean) {
            inner += QStringLiteral(" LEFT JOIN digest_dimension s ON s.conversation_id = c.id "
                                    "AND s.dimension_id = ?");
            binds << order.dimensionId;
        }
        inner += QStringLiteral(" WHERE ") + condition.sql + QStringLiteral(" ORDER BY ")
            + sortKey(order.key) + direction + QStringLiteral(", c.id") + direction
            + QStringLiteral(" LIMIT ? OFFSET ?");
        binds << condition.binds << limit << offset;
    }
    sql::Statement query(
        connection(store),
        (QStringLiteral(
             "SELECT c.id, p.code, coalesce(c.agent, ''), json_extract(c.context, '$.task_type'), "
             "c.title, c.started_at, d.turns, d.flagged, d.detected, m.dimension_id, m.mean, "
             "coalesce(c.condition, '') "
             "FROM (")
         + inner
         + QStringLiteral(") pg JOIN conversation c ON c.id = pg.id "
                          "JOIN participant p ON p.id = c.participant_id "
                          "LEFT JOIN conversation_digest d ON d.conversation_id = c.id "
                          "LEFT JOIN digest_dimension m ON m.conversation_id = c.id "
                          "AND m.mean IS NOT NULL ORDER BY pg.k")
         + direction + QStringLiteral(", pg.id") + direction)
            .toUtf8());
    for (int i = 0; i < binds.size(); ++i)
        query.bind(i + 1, binds[i]);
    QVector<PageRow> rows;
    while (query.next()) {
        const qint64 id = query.int64(0);
        if (rows.isEmpty() || rows.last().id != id) {
            PageRow row;
            row.id = id;
            row.participant = query.text(1);
            row.agent = query.text(2);
            row.task = query.text(3);
            row.title = query.text(4);
            row.startedAt = QDateTime::fromString(query.text(5), Qt::ISODateWithMs);
            row.turns = query.integer(6);
            row.flagged = query.integer(7);
            row.detected = query.integer(8);
            row.condition = query.text(11);
            rows.append(row);
        }
        if (!query.isNull(9))
            rows.last().means.insert(query.int64(9), query.real(10));
    }
    return rows;
}

} // namespace sense7::browse
