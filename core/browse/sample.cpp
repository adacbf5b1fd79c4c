#include "sample.h"

#include "browse/select.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace sense7::browse {
namespace {

QStringList strings(const Store &store, const char *sql)
{
    QStringList result;
    sql::Statement query(connection(store), sql);
    while (query.next())
        result.append(query.text(0));
    return result;
}

} // namespace

series::Sample loadSample(const Store &store, const Filter &filter, const QString &contextField,
                          const QString &instrumentKey)
{
    series::Sample sample;
    const Protocol protocol = store.protocol();
    const Instrument *instrument =
        instrumentKey.isEmpty() ? &protocol.primary() : protocol.instrument(instrumentKey);
    if (instrument)
        sample.dimensions = instrument->dimensionsAt(Level::Turn);
    QHash<qint64, int> dimensionIndex;
    for (int d = 0; d < sample.dimensions.size(); ++d)
        dimensionIndex.insert(sample.dimensions[d].id, d);

    const Condition condition = where(filter);
    QHash<qint64, int> index;
    {
        const bool byCondition = contextField == conditionGroup;
        Select select(store,
                      QStringLiteral("c.id, p.code, coalesce(c.agent, ''), ")
                          + (byCondition ? QStringLiteral("coalesce(c.condition, ?), ")
                                         : QStringLiteral("json_extract(c.context, ?), "))
                          + QStringLiteral("coalesce(d.assistant_turns, 0), d.breaks, "
                                           "coalesce(c.condition, '')"),
                      condition, QStringLiteral("ORDER BY c.id"),
                      {byCondition ? QVariant(QString())
                                   : QVariant(QString(QStringLiteral("$.\"") + contextField
                                                      + QLatin1Char('"')))});
        sql::Statement &query = *select;
        while (query.next()) {
            series::Conversation c;
            c.id = query.int64(0);
            c.participant = query.text(1);
            c.agent = query.text(2);
            c.group = query.text(3);
            c.assistantTurns = query.integer(4);
            c.condition = query.text(6);
            c.values.resize(sample.dimensions.size());
            // Most conversations have no breaks: skip parsing their (empty) lists.
            if (!query.isNull(5) && query.blob(5).contains(",")) {
                const QJsonObject breaks = QJsonDocument::fromJson(query.blob(5)).object();
                for (const QJsonValue f : breaks.value(QStringLiteral("flagged")).toArray())
                    c.flagged.append(f.toInt());
                for (const QJsonValue d : breaks.value(QStringLiteral("detected")).toArray()) {
                    const QJsonArray pair = d.toArray();
                    if (const auto rule = continuity::ruleFromKey(pair.at(1).toString()))
                        c.detected.append({pair.at(0).toInt(), *rule});
                }
            }
            index.insert(c.id, int(sample.conversations.size()));
            sample.conversations.append(c);
        }
    }
    if (sample.dimensions.isEmpty() || sample.conversations.isEmpty())
        return sample;
    Select select(store, QStringLiteral("c.id"), condition, {}, {}, {}, {},
                  QStringLiteral("SELECT dd.conversation_id, dd.dimension_id, dd.vals "
                                 "FROM digest_dimension dd WHERE dd.conversation_id IN (%1)"));
    sql::Statement &query = *select;
    while (query.next()) {
        const auto d = dimensionIndex.constFind(query.int64(1));
        const auto c = index.constFind(query.int64(0));
        if (d != dimensionIndex.cend() && c != index.cend())
            sample.conversations[*c].values[*d] = query.blob(2);
    }
    for (series::Conversation &c : sample.conversations)
        c.cacheTurnMeans();
    return sample;
}

QStringList participantCodes(const Store &store)
{
    return strings(store, "SELECT code FROM participant ORDER BY code");
}

QStringList agents(const Store &store)
{
    // From one distinct value to the next along the index on agent: a few lookups per assistant
    // rather than a read of every conversation's index entry.
    return strings(store,
                   "WITH RECURSIVE a(v) AS (SELECT min(agent) FROM conversation WHERE agent > '' "
                   "UNION ALL SELECT (SELECT min(agent) FROM conversation WHERE agent > a.v) "
                   "FROM a WHERE a.v IS NOT NULL) SELECT v FROM a WHERE v IS NOT NULL");
}

QStringList conditions(const Store &store)
{
    // The same along the partial index of the live conversations' conditions.
    return strings(store,
                   "WITH RECURSIVE a(v) AS (SELECT min(condition) FROM conversation "
                   "WHERE condition IS NOT NULL AND condition > '' UNION ALL "
                   "SELECT (SELECT min(condition) FROM conversation WHERE condition IS NOT NULL "
                   "AND condition > a.v) FROM a WHERE a.v IS NOT NULL) "
                   "SELECT v FROM a WHERE v IS NOT NULL");
}

QVector<int> sessionFirstTurns(const Store &store, qint64 conversationId)
{
    QVector<int> result;
    for (const LiveSession &session : store.sessions(conversationId))
        result.append(session.firstTurnIndex);
    std::sort(result.begin(), result.end());
    return result;
}

int sessionOf(const QVector<int> &firstTurns, int turnIndex)
{
    int session = 0;
    for (int i = 0; i < firstTurns.size(); ++i)
        if (firstTurns[i] <= turnIndex || i == 0)
            session = i + 1;
    return session;
}

QStringList contextKeys(const Store &store)
{
    // json_each over every conversation's context: a few tens of milliseconds at 50,000
    // conversations, once per filter bar fill or figure run.
    return strings(store,
                   "SELECT DISTINCT j.key FROM conversation c, json_each(c.context) j "
                   "WHERE json_valid(c.context) AND j.type IN ('text', 'integer', 'real', "
                   "'true', 'false') ORDER BY 1");
}

QStringList contextValues(const Store &store, const QString &field)
{
    if (field == QLatin1String("task_type")) {
        // From one task type to the next along their index.
        return strings(
            store,
            "WITH RECURSIVE a(v) AS (SELECT min(json_extract(context, '$.task_type')) FROM "
            "conversation WHERE json_extract(context, '$.task_type') IS NOT NULL UNION ALL "
            "SELECT (SELECT min(json_extract(context, '$.task_type')) FROM conversation WHERE "
            "json_extract(context, '$.task_type') > a.v) FROM a WHERE a.v IS NOT NULL) "
            "SELECT v FROM a WHERE v IS NOT NULL");
    }
    QStringList result;
    sql::Statement query(connection(store),
                         "SELECT DISTINCT json_extract(context, ?) AS v FROM conversation "
                         "WHERE v IS NOT NULL ORDER BY v");
    query.bind(1, QString(QStringLiteral("$.\"") + field + QLatin1Char('"')));
    while (query.next())
        result.append(query.text(0));
    return result;
}

} // namespace sense7::browse
