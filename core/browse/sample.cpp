#include "sample.h"

#include "browse/digest.h"
#include "browse/select.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>

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

namespace {

/** The integer at \a at in \a json, moving past it; nullopt when there is none. */
std::optional<int> readInt(QByteArrayView json, qsizetype &at)
{
    const qsizetype start = at;
    if (at < json.size() && json[at] == '-')
        ++at;
    qint64 value = 0;
    const qsizetype digits = at;
    while (at < json.size() && json[at] >= '0' && json[at] <= '9' && at - digits < 10)
        value = value * 10 + (json[at++] - '0');
    if (at == digits || value > std::numeric_limits<int>::max())
        return std::nullopt;
    return json[start] == '-' ? -int(value) : int(value);
}

/**
 * Reads a digest's breaks as digest::refresh() writes them, {"detected":[[position,"rule"],...],
 * "flagged":[position,...],...} without spaces, into \a sample's flagged and detected. Returns
 * false, adding nothing, when the text is written otherwise (QJsonDocument then reads it).
 */
bool readBreaks(QByteArrayView json, series::Sample &sample)
{
    std::vector<int> flagged;
    std::vector<QPair<int, continuity::Rule>> detected;
    const auto list = [&](QByteArrayView key) -> qsizetype {
        const qsizetype at = json.indexOf(key);
        return at < 0 ? -1 : at + key.size();
    };
    qsizetype at = list("\"flagged\":[");
    if (at < 0)
        return false;
    while (at < json.size() && json[at] != ']') {
        const auto position = readInt(json, at);
        if (!position || at >= json.size() || (json[at] != ',' && json[at] != ']'))
            return false;
        flagged.push_back(*position);
        at += json[at] == ',' ? 1 : 0;
    }
    at = list("\"detected\":[");
    if (at < 0)
        return false;
    while (at < json.size() && json[at] != ']') {
        if (json[at] != '[')
            return false;
        ++at;
        const auto position = readInt(json, at);
        if (!position || at + 1 >= json.size() || json[at] != ',' || json[at + 1] != '"')
            return false;
        at += 2;
        const qsizetype end = json.indexOf('"', at);
        if (end < 0 || end + 1 >= json.size() || json[end + 1] != ']')
            return false;
        const QByteArrayView key = json.sliced(at, end - at);
        if (key.contains('\\'))
            return false;
        if (const auto rule = continuity::ruleFromKey(QString::fromLatin1(key)))
            detected.push_back({*position, *rule});
        at = end + 2;
        if (at < json.size() && json[at] == ',')
            ++at;
    }
    sample.flagged.insert(sample.flagged.end(), flagged.cbegin(), flagged.cend());
    sample.detected.insert(sample.detected.end(), detected.cbegin(), detected.cend());
    return true;
}

/**
 * Steps through \a query's rows, ordered by their first column (a conversation's id), beside
 * \a sample's rows (ordered by id), calling \a found(i) where the row is the sample's row i.
 */
template<typename Found>
void mergeScan(sql::Statement &query, const series::Sample &sample, Found &&found)
{
    int i = 0;
    while (query.next()) {
        const qint64 id = query.int64(0);
        while (i < sample.size() && sample.rows[size_t(i)].id < id)
            ++i;
        if (i == sample.size())
            break;
        if (sample.rows[size_t(i)].id == id)
            found(i);
    }
}

} // namespace

namespace {

/**
 * loadSample() of the conversations from \a from to \a to (ids) that \a selected selects, on
 * \a db, without the turn means.
 */
series::Sample loadRange(sql::Connection &db, const QVector<Dimension> &dimensions,
                         const Condition &selected, const QString &contextField, qint64 from,
                         qint64 to)
{
    series::Sample sample;
    sample.dimensions = dimensions;
    const int dims = int(sample.dimensions.size());

    // The selected conversations in order, names interned from the bytes SQLite holds (the
    // participant by its id), then their digests and rating rows by scans in the same order.
    Condition condition = selected;
    condition.sql =
        QStringLiteral("(") + condition.sql + QStringLiteral(") AND c.id BETWEEN ? AND ?");
    condition.binds << from << to;
    {
        const bool byCondition = contextField == conditionGroup;
        Select select(db,
                      QStringLiteral("c.id, c.participant_id, p.code, coalesce(c.agent, ''), ")
                          + (byCondition ? QStringLiteral("coalesce(c.condition, ?), ")
                                         : QStringLiteral("json_extract(c.context, ?), "))
                          + QStringLiteral("coalesce(c.condition, '')"),
                      condition, QStringLiteral("ORDER BY c.id"),
                      {byCondition ? QVariant(QString())
                                   : QVariant(QString(QStringLiteral("$.\"") + contextField
                                                      + QLatin1Char('"')))});
        sql::Statement &query = *select;
        std::vector<int> participantOf; // by participant id: its number in participants, or -1
        while (query.next()) {
            series::Sample::Row r;
            r.id = query.int64(0);
            const qint64 participant = query.int64(1);
            if (participant >= 0 && participant < (1 << 24)) {
                if (size_t(participant) >= participantOf.size())
                    participantOf.resize(size_t(participant) + 1, -1);
                int &number = participantOf[size_t(participant)];
                if (number < 0)
                    number = sample.participants.intern(query.utf8(2));
                r.participant = number;
            } else {
                r.participant = sample.participants.intern(query.utf8(2));
            }
            r.agent = sample.agents.intern(query.utf8(3));
            r.group = sample.groups.intern(query.utf8(4));
            r.condition = sample.conditions.intern(query.utf8(5));
            sample.rows.push_back(r);
        }
    }
    // Most of the range: a scan of every row in conversation order merged with the selection;
    // a few: a look-up per conversation.
    const bool most = qint64(sample.size()) * 8 >= to - from + 1;

    // Each digest's assistant turns and breaks, the breaks' text only where a list has some
    // (digest::refresh() counts them beside).
    const auto readDigest = [&sample](series::Sample::Row &r, sql::Statement &query, int column) {
        r.assistantTurns = query.integer(column);
        if (query.isNull(column + 1))
            return;
        const QByteArrayView breaks = query.utf8(column + 1);
        const size_t flagged = sample.flagged.size();
        const size_t detected = sample.detected.size();
        if (!(breaks.contains("\"flagged\":[]") && breaks.contains("\"detected\":[]"))
            && !readBreaks(breaks, sample)) {
            const QJsonObject object = QJsonDocument::fromJson(breaks.toByteArray()).object();
            for (const QJsonValue f : object.value(QStringLiteral("flagged")).toArray())
                sample.flagged.push_back(f.toInt());
            for (const QJsonValue d : object.value(QStringLiteral("detected")).toArray()) {
                const QJsonArray pair = d.toArray();
                if (const auto rule = continuity::ruleFromKey(pair.at(1).toString()))
                    sample.detected.push_back({pair.at(0).toInt(), *rule});
            }
        }
        r.flags = int(sample.flagged.size() - flagged);
        r.detections = int(sample.detected.size() - detected);
    };
    if (most) {
        sql::Statement query(db,
                             "SELECT conversation_id, assistant_turns, CASE WHEN flagged > 0 OR "
                             "detected > 0 THEN breaks END FROM conversation_digest "
                             "WHERE conversation_id BETWEEN ? AND ? ORDER BY conversation_id");
        query.bind(1, from).bind(2, to);
        mergeScan(query, sample, [&](int i) { readDigest(sample.rows[size_t(i)], query, 1); });
    } else {
        sql::Statement query(db,
                             "SELECT assistant_turns, CASE WHEN flagged > 0 OR detected > 0 THEN "
                             "breaks END FROM conversation_digest WHERE conversation_id = ?");
        for (series::Sample::Row &r : sample.rows) {
            query.bind(1, r.id);
            if (query.next())
                readDigest(r, query, 0);
            query.reset();
        }
    }
    // Breaks came in the rows' order: each row's come after the ones before.
    qint64 turns = 0;
    int flags = 0;
    int detections = 0;
    for (series::Sample::Row &r : sample.rows) {
        r.width = std::max(0, r.assistantTurns);
        r.first = turns;
        turns += r.width;
        r.firstFlag = flags;
        flags += r.flags;
        r.firstDetection = detections;
        detections += r.detections;
    }
    if (dims == 0 || sample.isEmpty())
        return sample;

    // The rating rows, placed turn by turn. A row longer than its conversation's assistant turns
    // (not as refresh() writes them) widens that conversation afterwards.
    sample.values.assign(size_t(turns * dims), digest::missing);
    struct Longer
    {
        int conversation;
        int dimension;
        QByteArray row;
    };
    std::vector<Longer> longer;
    const auto place = [&](int i, qint64 dimensionId, QByteArrayView row) {
        int d = 0;
        while (d < dims && sample.dimensions[d].id != dimensionId)
            ++d;
        if (d == dims)
            return;
        const series::Sample::Row &r = sample.rows[size_t(i)];
        if (row.size() > r.width) {
            longer.push_back({i, d, row.toByteArray()});
            return;
        }
        qint8 *turn = sample.values.data() + r.first * dims + d;
        for (qsizetype k = 0; k < row.size(); ++k)
            turn[k * dims] = qint8(row[k]);
    };
    if (most) {
        // Most of the data set: one scan of every rating row in conversation order, merged
        // with the selection (also in order).
        sql::Statement query(db,
                             "SELECT conversation_id, dimension_id, vals FROM digest_dimension "
                             "WHERE conversation_id BETWEEN ? AND ? ORDER BY conversation_id");
        query.bind(1, from).bind(2, to);
        mergeScan(query, sample, [&](int i) { place(i, query.int64(1), query.utf8(2)); });
    } else {
        // A few: their rows one conversation at a time.
        sql::Statement query(db,
                             "SELECT dimension_id, vals FROM digest_dimension "
                             "WHERE conversation_id = ?");
        for (int i = 0; i < sample.size(); ++i) {
            query.bind(1, sample.rows[size_t(i)].id);
            while (query.next())
                place(i, query.int64(0), query.utf8(1));
            query.reset();
        }
    }
    if (!longer.empty()) {
        std::vector<int> width(sample.rows.size());
        for (size_t i = 0; i < sample.rows.size(); ++i)
            width[i] = sample.rows[i].width;
        for (const Longer &l : longer)
            width[size_t(l.conversation)] =
                std::max(width[size_t(l.conversation)], int(l.row.size()));
        std::vector<qint8> values;
        qint64 first = 0;
        for (size_t i = 0; i < sample.rows.size(); ++i) {
            series::Sample::Row &r = sample.rows[i];
            values.resize(size_t((first + width[i]) * dims), digest::missing);
            std::copy(sample.values.begin() + r.first * dims,
                      sample.values.begin() + (r.first + r.width) * dims,
                      values.begin() + first * dims);
            r.first = first;
            r.width = width[i];
            first += r.width;
        }
        sample.values = std::move(values);
        for (const Longer &l : longer) {
            const series::Sample::Row &r = sample.rows[size_t(l.conversation)];
            for (qsizetype k = 0; k < l.row.size(); ++k)
                sample.values[size_t((r.first + k) * dims + l.dimension)] = qint8(l.row[k]);
        }
    }
    return sample;
}

/** Adds \a part's conversations after \a sample's: names numbered as one read would number them. */
void append(series::Sample &sample, const series::Sample &part)
{
    const auto numbers = [](series::Names &into, const series::Names &names) {
        // By their bytes, as one read interns them: text that is not UTF-8 stays apart.
        std::vector<int> number(size_t(names.size()));
        for (int i = 0; i < names.size(); ++i)
            number[size_t(i)] = into.intern(QByteArrayView(names.utf8(i)));
        return number;
    };
    const std::vector<int> participants = numbers(sample.participants, part.participants);
    const std::vector<int> agents = numbers(sample.agents, part.agents);
    const std::vector<int> conditions = numbers(sample.conditions, part.conditions);
    const std::vector<int> groups = numbers(sample.groups, part.groups);
    const qint64 turns =
        sample.rows.empty() ? 0 : sample.rows.back().first + sample.rows.back().width;
    const int flags = int(sample.flagged.size());
    const int detections = int(sample.detected.size());
    sample.rows.reserve(sample.rows.size() + part.rows.size());
    for (series::Sample::Row r : part.rows) {
        r.participant = participants[size_t(r.participant)];
        r.agent = agents[size_t(r.agent)];
        r.condition = conditions[size_t(r.condition)];
        r.group = groups[size_t(r.group)];
        r.first += turns;
        r.firstFlag += flags;
        r.firstDetection += detections;
        sample.rows.push_back(r);
    }
    sample.values.insert(sample.values.end(), part.values.cbegin(), part.values.cend());
    sample.flagged.insert(sample.flagged.end(), part.flagged.cbegin(), part.flagged.cend());
    sample.detected.insert(sample.detected.end(), part.detected.cbegin(), part.detected.cend());
}

} // namespace

series::Sample loadSample(const Store &store, const Filter &filter, const QString &contextField,
                          const QString &instrumentKey)
{
    QVector<Dimension> dimensions;
    const Protocol protocol = store.protocol();
    const Instrument *instrument =
        instrumentKey.isEmpty() ? &protocol.primary() : protocol.instrument(instrumentKey);
    if (instrument)
        dimensions = instrument->dimensionsAt(Level::Turn);
    const Condition condition = where(filter);
    sql::Statement ids(connection(store), "SELECT min(id), max(id) FROM conversation");
    qint64 lowest = 0;
    qint64 highest = 0;
    if (ids.next() && !ids.isNull(0)) {
        lowest = ids.int64(0);
        highest = ids.int64(1);
    }
    ids.reset();
    // A range of ids a core: each is read on a connection of its own (most of the time goes to
    // SQLite's reading and the context field's JSON), and their samples are put end to end. Not
    // with a text search, which each range's statement would make whole again.
    std::vector<series::Sample> parts(maxRanges);
    const bool text = !filter.text.trimmed().isEmpty();
    inRanges(store, lowest, highest, text ? std::numeric_limits<qint64>::max() : 50'000,
             [&](sql::Connection &db, qint64 from, qint64 to, int range) {
                 parts[size_t(range)] =
                     loadRange(db, dimensions, condition, contextField, from, to);
             });
    series::Sample sample = std::move(parts.front());
    for (size_t i = 1; i < parts.size(); ++i)
        append(sample, parts[i]);
    sample.computeMeans();
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
