// Store: instruments and their dimensions.

#include "error.h"
#include "store.h"
#include "store_p.h"

#include <QJsonDocument>
#include <QSet>

namespace sense7 {

using namespace storage;

qint64 Store::installInstrument(const Instrument &instrument)
{
    return transaction([&] {
        qint64 instrumentId = 0;
        QSet<QString> present; // the dimensions an installed instrument has already
        int position = 0;
        {
            sql::Statement existing(*m_db, "SELECT id FROM instrument WHERE key = ?");
            existing.bind(1, instrument.key);
            if (existing.next())
                instrumentId = existing.int64(0);
        }
        if (instrumentId != 0) {
            // Installed already, perhaps from an older version: its dimensions stay as they are
            // and the ones it lacks are added after them.
            sql::Statement dims(*m_db,
                                "SELECT key, position FROM dimension WHERE instrument_id = ?");
            dims.bind(1, instrumentId);
            while (dims.next()) {
                present.insert(dims.text(0));
                position = std::max(position, dims.integer(1) + 1);
            }
        } else {
            sql::Statement insert(*m_db,
                                  "INSERT INTO instrument(key, name, version, definition) "
                                  "VALUES (?, ?, ?, ?)");
            insert.bind(1, instrument.key)
                .bind(2, instrument.name)
                .bind(3, instrument.version)
                .bind(4, instrument.definition.isEmpty() ? QByteArray("{}") : instrument.definition)
                .run();
            instrumentId = m_db->lastInsertId();
        }
        sql::Statement dimension(
            *m_db,
            "INSERT INTO dimension(instrument_id, key, name, description, scale_min, "
            "scale_max, anchors, level, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (const Dimension &d : instrument.dimensions) {
            if (present.contains(d.key))
                continue;
            QJsonObject anchors;
            for (auto it = d.anchors.begin(); it != d.anchors.end(); ++it)
                anchors.insert(QString::number(it.key()), it.value());
            dimension.bind(1, instrumentId)
                .bind(2, d.key)
                .bind(3, d.name)
                .bind(4, d.question)
                .bind(5, d.scaleMin)
                .bind(6, d.scaleMax)
                .bind(7, toJson(anchors))
                .bind(8, levelKey(d.level))
                .bind(9, position++)
                .run();
        }
        return instrumentId;
    });
}

QVector<Instrument> Store::instruments() const
{
    QVector<Instrument> result;
    sql::Statement query(*m_db,
                         "SELECT id, key, name, version, coalesce(definition, '') "
                         "FROM instrument ORDER BY id");
    while (query.next()) {
        Instrument instrument;
        instrument.id = query.int64(0);
        instrument.key = query.text(1);
        instrument.name = query.text(2);
        instrument.version = query.text(3);
        instrument.definition = query.text(4).toUtf8();
        // Whether "not applicable" is an answer is kept in the definition only.
        instrument.allowsNotApplicable = QJsonDocument::fromJson(instrument.definition)
                                             .object()
                                             .value(QStringLiteral("not_applicable"))
                                             .toBool(true);
        result.append(instrument);
    }
    sql::Statement dims(*m_db,
                        "SELECT id, key, name, description, scale_min, scale_max, anchors, "
                        "level FROM dimension WHERE instrument_id = ? ORDER BY position");
    for (Instrument &instrument : result) {
        dims.bind(1, instrument.id);
        while (dims.next()) {
            Dimension d;
            d.id = dims.int64(0);
            d.key = dims.text(1);
            d.name = dims.text(2);
            d.question = dims.text(3);
            d.scaleMin = dims.integer(4);
            d.scaleMax = dims.integer(5);
            const QJsonObject anchors = parseObject(dims.text(6));
            for (auto it = anchors.begin(); it != anchors.end(); ++it)
                d.anchors.insert(it.key().toInt(), it.value().toString());
            d.level = fromKey<Level>(dims.text(7)).value_or(Level::Conversation);
            instrument.dimensions.append(d);
        }
        dims.reset();
        taxonomy::attachTranslations(instrument);
    }
    return result;
}

std::optional<Dimension> Store::findDimension(const QString &key) const
{
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    const QString instrumentKey = slash >= 0 ? key.left(slash) : QString();
    const QString dimensionKey = slash >= 0 ? key.mid(slash + 1) : key;
    for (const Instrument &instrument : instruments()) {
        if (!instrumentKey.isEmpty() && instrument.key != instrumentKey)
            continue;
        for (const Dimension &d : instrument.dimensions) {
            if (d.key == dimensionKey)
                return d;
        }
    }
    return std::nullopt;
}

Protocol Store::protocol() const
{
    Protocol result = protocol::sense7();
    result.instruments = instruments();
    return result;
}

} // namespace sense7
