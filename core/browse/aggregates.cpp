#include "aggregates.h"

#include "browse/sample.h"
#include "browse/select.h"
#include "forms.h"
#include "store.h"

#include <QCryptographicHash>

namespace sense7::browse {

Aggregates computeAggregates(const Store &store, const Filter &filter, const QString &contextField,
                             series::Cluster cluster)
{
    Aggregates a;
    const series::Sample sample = loadSample(store, filter, contextField);
    a.dimensions = sample.dimensions;
    a.conversations = int(sample.conversations.size());
    a.contextField = contextField;
    a.cluster = cluster;
    a.distribution = series::distribution(sample);
    a.trajectory = series::trajectory(sample, 10, cluster);
    a.agents = series::groupMeans(sample, series::GroupBy::Agent, cluster);
    a.participants = series::groupMeans(sample, series::GroupBy::Participant, cluster);
    a.context = series::groupMeans(sample, series::GroupBy::Context, cluster);
    a.contextTests = series::groupTests(sample, series::GroupBy::Context, cluster);
    // Choice answers by their labels ("Information seeking", not "information_seeking").
    const Form form = forms::context();
    for (QString &group : a.context.groups)
        group = form.displayOptionLabel(contextField, group);
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
                        "coalesce(d.breaks, ''), coalesce(d.rated_cells, -1) "
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
