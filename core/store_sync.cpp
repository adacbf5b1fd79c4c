// Store: what the sync engine reads and records (store_sync.h). The journals are append-only, so
// an id range of them always reads back the same entries: a push resent after a crash carries
// the same changes.

#include "store_sync.h"

#include "error.h"
#include "protocol.h"
#include "store.h"
#include "store_p.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <limits>

namespace sense7::syncstore {

using namespace storage;

namespace {

sql::Connection &db(const Store &store)
{
    return browse::connection(store);
}

QJsonValue valueFromText(const sql::Statement &query, int column)
{
    if (query.isNull(column))
        return QJsonValue::Undefined;
    const QByteArray text = QByteArray("[" + query.text(column).toUtf8() + "]");
    return QJsonDocument::fromJson(text).array().at(0);
}

QJsonValue ratingJson(bool present, const std::optional<int> &value)
{
    if (!present)
        return QJsonValue::Undefined;
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

const char *tableOf(Stream stream)
{
    switch (stream) {
    case Stream::Conversation:
        return "conversation";
    case Stream::RatingEvent:
        return "rating_event";
    case Stream::EditEvent:
        return "edit_event";
    }
    Q_UNREACHABLE();
}

} // namespace

QString streamKey(Stream stream)
{
    return QString::fromLatin1(tableOf(stream));
}

std::optional<Link> link(const Store &store)
{
    sql::Statement query(
        db(store),
        "SELECT url, participant_code, machine, sharing, coalesce(consent_at, ''), "
        "joined_at, coalesce(last_sync_at, '') FROM sync_server WHERE id = 1");
    if (!query.next())
        return std::nullopt;
    return Link {query.text(0), query.text(1), query.text(2), query.text(3),
                 query.text(4), query.text(5), query.text(6)};
}

void setLink(Store &store, const Link &link)
{
    store.transaction([&] {
        sql::Statement insert(db(store),
                              "INSERT OR REPLACE INTO sync_server(id, url, participant_code, "
                              "machine, sharing, consent_at, joined_at, last_sync_at) "
                              "VALUES (1, ?, ?, ?, ?, ?, ?, ?)");
        insert.bind(1, link.url).bind(2, link.participant).bind(3, link.machine);
        insert.bind(4, link.sharing).bindNullIfEmpty(5, link.consentAt).bind(6, link.joinedAt);
        insert.bindNullIfEmpty(7, link.lastSyncAt).run();
    });
}

void setLastSync(Store &store, const QString &at)
{
    store.transaction([&] {
        sql::Statement update(db(store), "UPDATE sync_server SET last_sync_at = ? WHERE id = 1");
        update.bind(1, at).run();
    });
}

QMap<QString, qint64> marks(const Store &store)
{
    sql::Statement query(db(store), "SELECT stream, upto FROM sync_mark");
    QMap<QString, qint64> result;
    while (query.next())
        result.insert(query.text(0), query.int64(1));
    return result;
}

void updateMarks(Store &store, const QMap<QString, qint64> &set, const QStringList &remove)
{
    store.transaction([&] {
        for (auto it = set.begin(); it != set.end(); ++it) {
            sql::Statement upsert(db(store),
                                  "INSERT INTO sync_mark(stream, upto) VALUES (?, ?) "
                                  "ON CONFLICT(stream) DO UPDATE SET upto = excluded.upto");
            upsert.bind(1, it.key()).bind(2, it.value()).run();
        }
        for (const QString &stream : remove) {
            sql::Statement drop(db(store), "DELETE FROM sync_mark WHERE stream = ?");
            drop.bind(1, stream).run();
        }
    });
}

qint64 maxId(const Store &store, Stream stream)
{
    switch (stream) {
    case Stream::Conversation:
        return count(db(store), "SELECT coalesce(max(id), 0) FROM conversation");
    case Stream::RatingEvent:
        return count(db(store), "SELECT coalesce(max(id), 0) FROM rating_event");
    case Stream::EditEvent:
        return count(db(store), "SELECT coalesce(max(id), 0) FROM edit_event");
    }
    Q_UNREACHABLE();
}

qint64 countBetween(const Store &store, Stream stream, qint64 after, qint64 upto)
{
    static const char *const sql[] = {
        "SELECT count(*) FROM conversation WHERE id > ? AND id <= ?",
        "SELECT count(*) FROM rating_event WHERE id > ? AND id <= ?",
        "SELECT count(*) FROM edit_event WHERE id > ? AND id <= ?",
    };
    sql::Statement query(db(store), sql[int(stream)]);
    query.bind(1, after).bind(2, upto);
    return query.next() ? query.int64(0) : 0;
}

QVector<Entry> ratingEvents(const Store &store, qint64 after, qint64 upto, int limit)
{
    sql::Statement query(db(store), R"sql(
        SELECT e.id, c.content_hash, t.idx, i.key, d.key, a.code, a.kind, e.new_present,
               e.new_value, e.at
          FROM rating_event e
          JOIN turn t ON t.id = e.turn_id
          JOIN conversation c ON c.id = t.conversation_id
          JOIN dimension d ON d.id = e.dimension_id
          JOIN instrument i ON i.id = d.instrument_id
          JOIN annotator a ON a.id = e.annotator_id
         WHERE e.id > ?1 AND e.id <= ?2 ORDER BY e.id LIMIT ?3)sql");
    query.bind(1, after).bind(2, upto).bind(3, limit);
    QVector<Entry> result;
    while (query.next()) {
        Entry entry;
        entry.stream = Stream::RatingEvent;
        entry.id = query.int64(0);
        entry.afterRatingEvent = entry.id;
        entry.kind = QStringLiteral("rating");
        const bool present = query.integer(7) != 0;
        entry.payload = {{QStringLiteral("conversation"), query.text(1)},
                         {QStringLiteral("turn"), query.integer(2)},
                         {QStringLiteral("instrument"), query.text(3)},
                         {QStringLiteral("dimension"), query.text(4)},
                         {QStringLiteral("annotator"), query.text(5)},
                         {QStringLiteral("annotator_kind"), query.text(6)},
                         {QStringLiteral("present"), present}};
        const QJsonValue value = ratingJson(present, query.optionalInt(8));
        entry.payload.insert(QStringLiteral("value"),
                             value.isUndefined() ? QJsonValue(QJsonValue::Null) : value);
        entry.at = query.text(9);
        result.append(entry);
    }
    return result;
}

QVector<Entry> editEvents(const Store &store, qint64 after, qint64 upto, int limit)
{
    sql::Statement query(db(store), R"sql(
        SELECT e.id, e.kind, e.new, e.at, e.after_rating_event, coalesce(a.code, ''),
               coalesce(a.kind, ''), coalesce(i.key, ''), coalesce(d.key, ''),
               CASE WHEN e.kind IN ('conversation_rating', 'context')
                    THEN (SELECT c.content_hash FROM conversation c WHERE c.id = e.subject_id)
                    WHEN e.kind IN ('flag', 'note')
                    THEN (SELECT c.content_hash FROM turn t JOIN conversation c
                            ON c.id = t.conversation_id WHERE t.id = e.subject_id) END,
               CASE WHEN e.kind IN ('flag', 'note')
                    THEN (SELECT idx FROM turn WHERE id = e.subject_id) END,
               CASE WHEN e.kind = 'flag'
                    THEN (SELECT r.idx FROM turn r
                           WHERE r.id = json_extract(e.new, '$.refers_to')) END
          FROM edit_event e
          LEFT JOIN annotator a ON a.id = e.annotator_id
          LEFT JOIN dimension d ON d.id = e.dimension_id
          LEFT JOIN instrument i ON i.id = d.instrument_id
         WHERE e.id > ?1 AND e.id <= ?2 ORDER BY e.id LIMIT ?3)sql");
    query.bind(1, after).bind(2, upto).bind(3, limit);
    QVector<Entry> result;
    while (query.next()) {
        Entry entry;
        entry.stream = Stream::EditEvent;
        entry.id = query.int64(0);
        entry.kind = query.text(1);
        entry.at = query.text(3);
        entry.afterRatingEvent = query.int64(4);
        const QJsonValue value = valueFromText(query, 2);
        QJsonObject &p = entry.payload;
        if (entry.kind != QLatin1String("profile")) {
            if (query.isNull(9)) { // its conversation is gone: nothing to carry
                entry.kind.clear();
                result.append(entry);
                continue;
            }
            p.insert(QStringLiteral("conversation"), query.text(9));
        }
        if (!query.isNull(10))
            p.insert(QStringLiteral("turn"), query.integer(10));
        if (entry.kind == QLatin1String("conversation_rating")
            || entry.kind == QLatin1String("flag") || entry.kind == QLatin1String("note")) {
            p.insert(QStringLiteral("annotator"), query.text(5));
            p.insert(QStringLiteral("annotator_kind"), query.text(6));
        }
        if (entry.kind == QLatin1String("conversation_rating")) {
            p.insert(QStringLiteral("instrument"), query.text(7));
            p.insert(QStringLiteral("dimension"), query.text(8));
            p.insert(QStringLiteral("present"), !value.isUndefined());
            p.insert(QStringLiteral("value"),
                     value.isDouble() ? value : QJsonValue(QJsonValue::Null));
        } else if (entry.kind == QLatin1String("flag")) {
            const QJsonObject flag = value.toObject();
            p.insert(QStringLiteral("present"), !value.isUndefined());
            p.insert(QStringLiteral("reason"), flag.value(QStringLiteral("reason")).toString());
            p.insert(QStringLiteral("refers_to"),
                     query.isNull(11) ? QJsonValue(QJsonValue::Null)
                                      : QJsonValue(query.integer(11)));
            p.insert(QStringLiteral("note"), flag.value(QStringLiteral("note")).toString());
        } else if (entry.kind == QLatin1String("note")) {
            p.insert(QStringLiteral("text"), value.toString());
        } else if (entry.kind == QLatin1String("context")) {
            p.insert(QStringLiteral("context"), value.toObject());
        } else if (entry.kind == QLatin1String("profile")) {
            p.insert(QStringLiteral("profile"), value.toObject());
        }
        result.append(entry);
    }
    return result;
}

QVector<qint64> conversationIds(const Store &store, qint64 after, qint64 upto, int limit)
{
    sql::Statement query(db(store),
                         "SELECT id FROM conversation WHERE id > ? AND id <= ? "
                         "ORDER BY id LIMIT ?");
    query.bind(1, after).bind(2, upto).bind(3, limit);
    QVector<qint64> result;
    while (query.next())
        result.append(query.int64(0));
    return result;
}

qint64 turnCount(const Store &store, const QVector<qint64> &ids)
{
    qint64 total = 0;
    for (const qint64 id : ids) {
        sql::Statement query(db(store), "SELECT count(*) FROM turn WHERE conversation_id = ?");
        query.bind(1, id);
        if (query.next())
            total += query.int64(0);
    }
    return total;
}

QJsonObject liveDetails(const Store &store, qint64 conversationId)
{
    QJsonObject result;
    {
        sql::Statement query(db(store), "SELECT condition FROM conversation WHERE id = ?");
        query.bind(1, conversationId);
        result.insert(QStringLiteral("condition"),
                      query.next() && !query.isNull(0) ? QJsonValue(query.text(0))
                                                       : QJsonValue(QJsonValue::Null));
    }
    sql::Statement query(db(store),
                         "SELECT started_at, ended_at, first_turn_idx, begun_here FROM session "
                         "WHERE conversation_id = ? ORDER BY started_at");
    query.bind(1, conversationId);
    QJsonArray sessions;
    while (query.next())
        sessions.append(QJsonObject {
            {QStringLiteral("started_at"), query.text(0)},
            {QStringLiteral("ended_at"),
             query.isNull(1) ? QJsonValue(QJsonValue::Null) : QJsonValue(query.text(1))},
            {QStringLiteral("first_turn_idx"), query.integer(2)},
            {QStringLiteral("own"), query.integer(3) != 0}});
    result.insert(QStringLiteral("sessions"), sessions);
    return result;
}

namespace {

qint64 digestOf(QCryptographicHash &hash)
{
    const QByteArray bytes = hash.result();
    qint64 value = 0;
    for (int i = 0; i < 8; ++i)
        value = (value << 8) | quint8(bytes.at(i));
    return value & std::numeric_limits<qint64>::max();
}

} // namespace

QMap<qint64, qint64> liveFingerprints(const Store &store)
{
    QHash<qint64, QByteArray> sittings;
    {
        sql::Statement query(db(store),
                             "SELECT s.conversation_id, s.started_at, coalesce(s.ended_at, ''), "
                             "s.first_turn_idx FROM session s JOIN conversation c "
                             "ON c.id = s.conversation_id WHERE c.condition IS NOT NULL "
                             "ORDER BY s.conversation_id, s.started_at");
        while (query.next())
            sittings[query.int64(0)] +=
                (query.text(1) + QLatin1Char('\x1f') + query.text(2) + QLatin1Char('\x1f')
                 + QString::number(query.integer(3)) + QLatin1Char('\x1e'))
                    .toUtf8();
    }
    QMap<qint64, qint64> result;
    sql::Statement query(db(store), R"sql(
        SELECT c.id, c.condition, t.idx, t.role, t.text, coalesce(t.created_at, ''), t.meta
          FROM conversation c LEFT JOIN turn t ON t.conversation_id = c.id
         WHERE c.condition IS NOT NULL ORDER BY c.id, t.idx)sql");
    QCryptographicHash hash(QCryptographicHash::Sha1);
    qint64 current = 0;
    const auto finish = [&] {
        if (current != 0)
            result.insert(current, digestOf(hash));
    };
    while (query.next()) {
        const qint64 id = query.int64(0);
        if (id != current) {
            finish();
            current = id;
            hash.reset();
            hash.addData(query.blob(1));
            hash.addData(QByteArrayView("\x1d"));
            hash.addData(sittings.value(id));
            hash.addData(QByteArrayView("\x1d"));
        }
        if (query.isNull(2))
            continue;
        for (int column = 2; column <= 6; ++column) {
            hash.addData(query.blob(column)); // the bytes as stored: no conversion
            hash.addData(QByteArrayView("\x1f"));
        }
        hash.addData(QByteArrayView("\x1e"));
    }
    finish();
    return result;
}

QJsonObject assignment(const Store &store, const QString &code)
{
    sql::Statement query(db(store),
                         "SELECT coalesce(assignment, '') FROM participant WHERE code = ?1 "
                         "OR (NOT EXISTS (SELECT 1 FROM participant WHERE code = ?1) "
                         "AND (SELECT count(*) FROM participant) = 1)");
    query.bind(1, code);
    if (!query.next() || query.text(0).isEmpty())
        return {};
    return QJsonDocument::fromJson(query.text(0).toUtf8()).object();
}

qint64 fingerprint(const QJsonObject &json)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(QJsonDocument(json).toJson(QJsonDocument::Compact));
    return digestOf(hash);
}

bool holdsData(const Store &store)
{
    return count(db(store),
                 "SELECT EXISTS (SELECT 1 FROM conversation) "
                 "OR EXISTS (SELECT 1 FROM rating) "
                 "OR EXISTS (SELECT 1 FROM conversation_rating)")
        != 0;
}

void adoptProtocol(Store &store, const Protocol &protocol)
{
    store.transaction([&] {
        for (const Instrument &instrument : protocol.instruments)
            store.installInstrument(instrument);
        const QByteArray definition = protocol::canonical(protocol);
        const Protocol recorded = protocol::parseStored(definition, protocol.key);
        sql::Statement(db(store), "DELETE FROM protocol").run();
        sql::Statement insert(db(store),
                              "INSERT INTO protocol(id, key, version, definition, fingerprint) "
                              "VALUES (1, ?, ?, ?, ?)");
        insert.bind(1, recorded.key)
            .bind(2, recorded.version)
            .bind(3, definition)
            .bind(4, recorded.fingerprint())
            .run();
    });
}

std::optional<QString> editedIn(const Store &store, const Edit &edit, const JournalRange &range)
{
    if (edit.kind == Edit::Kind::Rating) {
        sql::Statement query(db(store),
                             "SELECT max(at) FROM rating_event WHERE turn_id = ? AND "
                             "dimension_id = ? AND annotator_id = ? AND id > ? AND id <= ?");
        query.bind(1, edit.subjectId).bind(2, edit.dimensionId).bind(3, edit.annotatorId);
        query.bind(4, range.ratingsAfter).bind(5, range.ratingsUpto);
        if (query.next() && !query.isNull(0))
            return query.text(0);
        return std::nullopt;
    }
    sql::Statement query(db(store),
                         "SELECT max(at) FROM edit_event WHERE kind = ?1 AND subject_id = ?2 AND "
                         "coalesce(dimension_id, 0) = ?3 AND (?4 = 0 OR annotator_id = ?4) "
                         "AND id > ?5 AND id <= ?6");
    query.bind(1, editKindKey(edit.kind)).bind(2, edit.subjectId).bind(3, edit.dimensionId);
    query.bind(4, edit.annotatorId).bind(5, range.editsAfter).bind(6, range.editsUpto);
    if (query.next() && !query.isNull(0))
        return query.text(0);
    return std::nullopt;
}

} // namespace sense7::syncstore
