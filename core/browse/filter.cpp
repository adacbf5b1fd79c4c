#include "filter.h"

#include "sqlite.h"

#include <QJsonArray>

namespace sense7::browse {
namespace {

/** "c.agent IN (?, ?)" for \a values, appending the binds. */
QString anyOf(const QString &column, const QStringList &values, QVariantList &binds)
{
    QStringList marks;
    for (const QString &value : values) {
        marks.append(QStringLiteral("?"));
        binds.append(value);
    }
    return QString(column + QStringLiteral(" IN (") + marks.join(QStringLiteral(", "))
                   + QLatin1Char(')'));
}

} // namespace
} // namespace sense7::browse

const sense7::KeyEntry<sense7::browse::Breaks>
    sense7::KeyTable<sense7::browse::Breaks>::entries[4] = {
        {browse::Breaks::Any, "any"},
        {browse::Breaks::Flagged, "flagged"},
        {browse::Breaks::Detected, "detected"},
        {browse::Breaks::None, "none"},
};

namespace sense7::browse {

bool Filter::isEmpty() const
{
    return *this == Filter();
}

bool Filter::operator==(const Filter &o) const
{
    return participants == o.participants && agents == o.agents && conditions == o.conditions
        && taskTypes == o.taskTypes && context == o.context && from == o.from && to == o.to
        && ranges == o.ranges && breaks == o.breaks && text == o.text;
}

QJsonObject Filter::toJson() const
{
    QJsonObject json;
    if (!participants.isEmpty())
        json.insert(QStringLiteral("participants"), QJsonArray::fromStringList(participants));
    if (!agents.isEmpty())
        json.insert(QStringLiteral("agents"), QJsonArray::fromStringList(agents));
    if (!conditions.isEmpty())
        json.insert(QStringLiteral("conditions"), QJsonArray::fromStringList(conditions));
    if (!taskTypes.isEmpty())
        json.insert(QStringLiteral("task_types"), QJsonArray::fromStringList(taskTypes));
    QJsonObject contextValues;
    for (auto it = context.cbegin(); it != context.cend(); ++it)
        if (!it->isEmpty())
            contextValues.insert(it.key(), QJsonArray::fromStringList(*it));
    if (!contextValues.isEmpty())
        json.insert(QStringLiteral("context"), contextValues);
    if (from.isValid())
        json.insert(QStringLiteral("from"), from.toString(Qt::ISODate));
    if (to.isValid())
        json.insert(QStringLiteral("to"), to.toString(Qt::ISODate));
    QJsonArray rangeList;
    for (const RatingRange &r : ranges)
        rangeList.append(QJsonObject {{QStringLiteral("dimension_id"), r.dimensionId},
                                      {QStringLiteral("min"), r.min},
                                      {QStringLiteral("max"), r.max}});
    if (!rangeList.isEmpty())
        json.insert(QStringLiteral("ranges"), rangeList);
    if (breaks != Breaks::Any)
        json.insert(QStringLiteral("breaks"), keyOf(breaks));
    if (!text.isEmpty())
        json.insert(QStringLiteral("text"), text);
    return json;
}

QString fromClause()
{
    return QStringLiteral("conversation c JOIN participant p ON p.id = c.participant_id "
                          "LEFT JOIN conversation_digest d ON d.conversation_id = c.id");
}

QString indexPhrase(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.toUcs4().size() < 3) // characters, not UTF-16 units: "👍🏽" is two
        return {};
    QString quoted = trimmed;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

Condition textConversations(const QString &text)
{
    // The trigram index answers substrings of three characters or more; shorter ones, and
    // turns not indexed yet, are matched by contains_folded(), which ignores case as the index
    // does, in any script. The found turns' conversations come from
    // the index of (id, conversation_id), not from the turns' rows.
    Condition result;
    const QString trimmed = text.trimmed();
    const QString phrase = indexPhrase(trimmed);
    if (!phrase.isEmpty()) {
        result.sql = QStringLiteral(
            "SELECT t.conversation_id FROM turn t INDEXED BY turn_conversation WHERE t.id IN "
            "(SELECT rowid FROM "
            "turn_text WHERE turn_text MATCH ?) UNION SELECT conversation_id FROM turn WHERE "
            "id > (SELECT indexed_upto FROM search_state) AND contains_folded(text, ?)");
        result.binds << phrase << trimmed;
    } else {
        result.sql = QStringLiteral(
            "SELECT DISTINCT conversation_id FROM turn WHERE contains_folded(text, ?)");
        result.binds << trimmed;
    }
    return result;
}

Condition where(const Filter &filter, Shape shape)
{
    Condition result;
    QStringList parts;
    QVariantList &binds = result.binds;
    if (!filter.participants.isEmpty())
        parts.append(anyOf(QStringLiteral("p.code"), filter.participants, binds));
    if (!filter.agents.isEmpty())
        parts.append(anyOf(QStringLiteral("c.agent"), filter.agents, binds));
    if (!filter.conditions.isEmpty())
        parts.append(anyOf(QStringLiteral("c.condition"), filter.conditions, binds));
    if (!filter.taskTypes.isEmpty())
        parts.append(anyOf(QStringLiteral("json_extract(c.context, '$.task_type')"),
                           filter.taskTypes, binds));
    for (auto it = filter.context.cbegin(); it != filter.context.cend(); ++it) {
        if (it->isEmpty())
            continue;
        binds.append(QString(QStringLiteral("$.\"") + it.key() + QLatin1Char('"')));
        parts.append(anyOf(QStringLiteral("CAST(json_extract(c.context, ?) AS TEXT)"), *it, binds));
    }
    // started_at is UTC ISO text, so dates compare as text prefixes.
    if (filter.from.isValid()) {
        parts.append(QStringLiteral("c.started_at >= ?"));
        binds.append(filter.from.toString(Qt::ISODate));
    }
    if (filter.to.isValid()) {
        parts.append(QStringLiteral("c.started_at < ?"));
        binds.append(filter.to.addDays(1).toString(Qt::ISODate));
    }
    for (const RatingRange &range : filter.ranges) {
        parts.append(shape == Shape::Sets
                         ? QStringLiteral("c.id IN (SELECT conversation_id FROM digest_dimension "
                                          "WHERE dimension_id = ? AND mean BETWEEN ? AND ?)")
                         : QStringLiteral("EXISTS (SELECT 1 FROM digest_dimension r WHERE "
                                          "r.conversation_id = c.id AND r.dimension_id = ? "
                                          "AND r.mean BETWEEN ? AND ?)"));
        binds << range.dimensionId << range.min - 1e-9 << range.max + 1e-9;
    }
    switch (filter.breaks) {
    case Breaks::Any:
        break;
    case Breaks::Flagged:
        parts.append(QStringLiteral("d.flagged > 0"));
        break;
    case Breaks::Detected:
        parts.append(QStringLiteral("d.detected > 0"));
        break;
    case Breaks::None:
        parts.append(QStringLiteral("coalesce(d.flagged, 0) = 0 AND coalesce(d.detected, 0) = 0"));
        break;
    }
    if (!filter.text.trimmed().isEmpty()) {
        const Condition found = textConversations(filter.text);
        parts.append(QStringLiteral("c.id IN (") + found.sql + QLatin1Char(')'));
        binds << found.binds;
    }
    result.sql = parts.isEmpty() ? QStringLiteral("1") : parts.join(QStringLiteral(" AND "));
    return result;
}

} // namespace sense7::browse
