#include "aggregates.h"

#include "browse/sample.h"
#include "browse/select.h"
#include "store.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <algorithm>

namespace sense7::browse {
namespace {

/**
 * Leaves out the groups without a rating (an empty row or column of a chart), then keeps the
 * \a keep groups with the most ratings, in their order. Returns how many had ratings.
 */
int keepRated(series::GroupMeans &means, int keep)
{
    QVector<int> rated;
    for (int g = 0; g < means.groups.size(); ++g)
        if (means.overall.value(g).defined())
            rated.append(g);
    const int total = int(rated.size());
    if (keep > 0 && total > keep) {
        std::stable_sort(rated.begin(), rated.end(), [&](int x, int y) {
            return means.overall[x].ratings > means.overall[y].ratings;
        });
        rated.resize(keep);
        std::sort(rated.begin(), rated.end());
    }
    if (rated.size() == means.groups.size())
        return total;
    series::GroupMeans kept;
    for (int g : std::as_const(rated)) {
        kept.groups.append(means.groups[g]);
        kept.cells.append(means.cells[g]);
        kept.overall.append(means.overall[g]);
    }
    means = kept;
    return total;
}

} // namespace

QString defaultContextField(const Store &store, const QStringList &keys)
{
    for (const FormField &field : store.protocol().context.fields)
        if ((field.type == FormField::Type::Choice || field.type == FormField::Type::Scale)
            && keys.contains(field.key))
            return field.key;
    return keys.value(0);
}

Aggregates computeAggregates(const Store &store, const Filter &filter, const QString &contextField,
                             const QString &instrumentKey, series::Cluster cluster,
                             AssistantGrouping grouping)
{
    Aggregates a;
    const Protocol protocol = store.protocol();
    const Instrument *instrument =
        instrumentKey.isEmpty() ? &protocol.primary() : protocol.instrument(instrumentKey);
    if (instrument) {
        a.instrument = instrument->key;
        a.instrumentName = instrument->displayName();
    }
    a.contextField =
        contextField.isEmpty() ? defaultContextField(store, contextKeys(store)) : contextField;
    const series::Sample sample = loadSample(store, filter, a.contextField, a.instrument);
    a.dimensions = sample.dimensions;
    a.conversations = sample.size();
    a.cluster = cluster;
    a.distribution = series::distribution(sample);
    a.trajectory = series::trajectory(sample, 10, cluster);
    a.agentsByCondition = grouping == AssistantGrouping::Condition;
    if (grouping == AssistantGrouping::Auto)
        for (const QString &condition : sample.conditions.names())
            if (!condition.isEmpty()) {
                a.agentsByCondition = true;
                break;
            }
    a.agents = series::groupMeans(
        sample, a.agentsByCondition ? series::GroupBy::Condition : series::GroupBy::Agent, cluster);
    a.agentGroups = keepRated(a.agents, maxChartGroups);
    a.participants = series::groupMeans(sample, series::GroupBy::Participant, cluster);
    keepRated(a.participants, 0);
    a.context = series::groupMeans(sample, series::GroupBy::Context, cluster);
    a.contextGroups = keepRated(a.context, maxChartGroups);
    a.contextTests = series::groupTests(sample, series::GroupBy::Context, cluster);
    // Labels from the protocol's context form where it knows the field ("Information seeking",
    // not "information_seeking"); the values as stored otherwise (ESConv's "anxiety").
    if (a.contextField == conditionGroup) {
        a.contextLabel = QCoreApplication::translate("sense7::browse", "Condition");
    } else {
        const FormField *field = protocol.context.field(a.contextField);
        a.contextLabel = field ? field->displayLabel() : a.contextField;
        for (QString &group : a.context.groups)
            group = protocol.context.displayOptionLabel(a.contextField, group);
    }
    a.aligned = series::breakAligned(sample, 3, cluster);
    a.correlation = series::correlation(sample);
    a.detection = series::detectionScores(sample);
    return a;
}

QString dataHash(const Store &store, const QVector<qint64> &conversationIds)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    sql::Statement head(browse::connection(store),
                        "SELECT c.content_hash, coalesce(c.agent, ''), p.code, c.context, "
                        "coalesce(d.breaks, ''), coalesce(d.rated_cells, -1), c.condition "
                        "FROM conversation c JOIN participant p ON p.id = c.participant_id "
                        "LEFT JOIN conversation_digest d ON d.conversation_id = c.id "
                        "WHERE c.id = ?");
    sql::Statement values(browse::connection(store),
                          "SELECT dimension_id, vals FROM digest_dimension "
                          "WHERE conversation_id = ? ORDER BY dimension_id");
    for (const qint64 id : conversationIds) {
        head.bind(1, id);
        if (head.next()) {
            for (int column = 0; column < 5; ++column) {
                hash.addData(head.text(column).toUtf8());
                hash.addData(QByteArrayView("\x1f", 1));
            }
            hash.addData(QByteArray::number(head.int64(5)));
            // Only live conversations carry a condition: other data sets hash as before.
            if (!head.isNull(6))
                hash.addData(QByteArray(QByteArray("\x1f") + head.text(6).toUtf8()));
        }
        head.reset();
        values.bind(1, id);
        while (values.next()) {
            hash.addData(QByteArray::number(values.int64(0)));
            hash.addData(values.blob(1));
        }
        values.reset();
        hash.addData(QByteArrayView("\x1e", 1));
    }
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace sense7::browse
