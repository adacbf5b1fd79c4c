// Store: the narrow write API. Each method is one transaction (see Store::transaction).

#include "error.h"
#include "identity.h"
#include "store.h"

#include <QJsonDocument>
#include <QSet>
#include <QStringEncoder>

namespace sense7 {

namespace {

QByteArray toJson(const QJsonObject &object)
{
    if (object.isEmpty()) // most turns: skip the serializer
        return QByteArrayLiteral("{}");
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

/**
 * Writes \a when as "YYYY-MM-DDTHH:MM:SS.mmmZ", as Qt::ISODateWithMs writes UTC times, but
 * without its formatting machinery: imports write one per turn, and QDateTime::toString was a
 * tenth of the import. False for years outside 0-9999, which the caller formats with Qt.
 */
bool isoUtc(const QDateTime &when, char (&text)[24])
{
    const qint64 ms = when.toMSecsSinceEpoch();
    qint64 days = ms >= 0 ? ms / 86400000 : (ms - 86399999) / 86400000;
    qint64 rest = ms - days * 86400000;
    // Days to civil date (H. Hinnant's algorithm).
    days += 719468;
    const qint64 era = (days >= 0 ? days : days - 146096) / 146097;
    const qint64 doe = days - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const qint64 day = doy - (153 * mp + 2) / 5 + 1;
    const qint64 month = mp < 10 ? mp + 3 : mp - 9;
    const qint64 year = yoe + era * 400 + (month <= 2);
    if (year < 0 || year > 9999)
        return false;
    const qint64 hour = rest / 3600000;
    rest %= 3600000;
    const qint64 minute = rest / 60000;
    rest %= 60000;
    const qint64 second = rest / 1000;
    const qint64 milli = rest % 1000;
    const auto put = [&text](int at, qint64 value, int width) {
        for (int i = width - 1; i >= 0; --i, value /= 10)
            text[at + i] = char('0' + value % 10);
    };
    put(0, year, 4);
    text[4] = '-';
    put(5, month, 2);
    text[7] = '-';
    put(8, day, 2);
    text[10] = 'T';
    put(11, hour, 2);
    text[13] = ':';
    put(14, minute, 2);
    text[16] = ':';
    put(17, second, 2);
    text[19] = '.';
    put(20, milli, 3);
    text[23] = 'Z';
    return true;
}

QString timestamp(const QDateTime &when)
{
    if (!when.isValid())
        return {};
    char text[24];
    if (!isoUtc(when, text))
        return when.toUTC().toString(Qt::ISODateWithMs);
    return QString::fromLatin1(text, 24);
}

QByteArrayView roleKeyUtf8(Role role)
{
    switch (role) {
    case Role::User:
        return "user";
    case Role::Assistant:
        return "assistant";
    case Role::System:
        return "system";
    case Role::Tool:
        return "tool";
    }
    return {};
}

/** Appends \a text as UTF-8 to \a bytes without a temporary copy; returns where it starts. */
qsizetype appendUtf8(QByteArray &bytes, QStringView text)
{
    const qsizetype at = bytes.size();
    const qsizetype most = at + text.size() * 3;
    if (bytes.capacity() < most)
        bytes.reserve(qMax(most, bytes.capacity() * 2));
    bytes.resize(most);
    QStringEncoder encoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
    char *end = encoder.appendToBuffer(bytes.data() + at, text);
    bytes.resize(end - bytes.constData());
    return at;
}

} // namespace

QString Store::now()
{
    return timestamp(QDateTime::currentDateTimeUtc());
}

qint64 Store::addParticipant(const QString &code, const QJsonObject &profile,
                             const QString &pseudonym)
{
    if (code.trimmed().isEmpty())
        throw Error(tr("A participant needs a code."));
    return transaction([&] {
        if (participantId(code) != 0)
            throw Error(tr("%1: a participant with the code %2 already exists.").arg(path(), code));
        sql::Statement insert(*m_db,
                              "INSERT INTO participant(code, profile, created_at, pseudonym) "
                              "VALUES (?, ?, ?, ?)");
        insert.bind(1, code)
            .bind(2, toJson(profile))
            .bind(3, now())
            .bindNullIfEmpty(4, pseudonym)
            .run();
        return m_db->lastInsertId();
    });
}

qint64 Store::participantId(const QString &code) const
{
    sql::Statement query(*m_db, "SELECT id FROM participant WHERE code = ?");
    query.bind(1, code);
    return query.next() ? query.int64(0) : 0;
}

void Store::setParticipantProfile(qint64 participantId, const QJsonObject &profile)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE participant SET profile = ? WHERE id = ?");
        update.bind(1, toJson(profile)).bind(2, participantId).run();
        if (m_db->changes() != 1)
            throw Error(tr("%1: there is no participant %2.").arg(path()).arg(participantId));
    });
}

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

qint64 Store::annotatorId(const QString &code, AnnotatorKind kind)
{
    return transaction([&] {
        {
            sql::Statement existing(*m_db, "SELECT id, kind FROM annotator WHERE code = ?");
            existing.bind(1, code);
            if (existing.next()) {
                if (existing.text(1) != annotatorKindKey(kind))
                    throw Error(tr("%1: the annotator %2 exists already as %3, not as %4.")
                                    .arg(path(), code, existing.text(1), annotatorKindKey(kind)));
                return existing.int64(0);
            }
        }
        sql::Statement insert(*m_db, "INSERT INTO annotator(code, kind) VALUES (?, ?)");
        insert.bind(1, code).bind(2, annotatorKindKey(kind)).run();
        return m_db->lastInsertId();
    });
}

bool Store::hasContentHash(const QString &hash) const
{
    sql::Statement query(*m_db, "SELECT 1 FROM conversation WHERE content_hash = ?");
    query.bind(1, hash);
    return query.next();
}

EncodedTurns EncodedTurns::encode(const QVector<Turn> &turns)
{
    EncodedTurns out;
    out.rows.reserve(turns.size());
    qsizetype guess = 0;
    for (const Turn &t : turns)
        guess += t.text.size() + 26;
    out.bytes.reserve(guess);
    for (const Turn &t : turns) {
        Row row;
        row.role = t.role;
        row.text = appendUtf8(out.bytes, t.text);
        row.textSize = out.bytes.size() - row.text;
        row.createdAt = out.bytes.size();
        if (t.createdAt.isValid()) {
            char text[24];
            if (isoUtc(t.createdAt, text))
                out.bytes.append(text, 24);
            else
                appendUtf8(out.bytes, timestamp(t.createdAt));
        }
        row.createdAtSize = out.bytes.size() - row.createdAt;
        row.meta = out.bytes.size();
        out.bytes.append(toJson(t.meta));
        row.metaSize = out.bytes.size() - row.meta;
        out.rows.append(row);
    }
    return out;
}

qint64 Store::addConversation(Conversation c, QVector<Turn> &turns)
{
    if (c.contentHash.isEmpty())
        c.contentHash = contentHash(c.sourceFormat, turns);
    EncodedTurns encoded = EncodedTurns::encode(turns);
    const qint64 id = addConversation(c, encoded);
    for (int i = 0; i < turns.size(); ++i) {
        turns[i].id = encoded.ids[i];
        turns[i].conversationId = id;
        turns[i].index = i;
    }
    return id;
}

qint64 Store::addConversation(const Conversation &c, EncodedTurns &turns)
{
    Q_ASSERT(!c.contentHash.isEmpty());
    const QString anonymised =
        c.anonymisedHash.isEmpty() ? identity::anonymisedHash(c.contentHash) : c.anonymisedHash;
    const qint64 id = transaction([&] {
        if (conversationWithHash(c.contentHash, anonymised) != 0)
            throw Error(
                tr("%1: the conversation \"%2\" is already in the data set.").arg(path(), c.title));
        sql::Statement insert(
            *m_db,
            "INSERT INTO conversation(participant_id, source_format, source_id, agent, "
            "title, started_at, context, content_hash, provenance, anonymised_hash) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insert.bind(1, c.participantId)
            .bind(2, c.sourceFormat)
            .bindNullIfEmpty(3, c.sourceId)
            .bindNullIfEmpty(4, c.agent)
            .bind(5, c.title)
            .bindNullIfEmpty(6, timestamp(c.startedAt))
            .bind(7, toJson(c.context))
            .bind(8, c.contentHash)
            .bind(9, toJson(c.provenance))
            .bind(10, anonymised)
            .run();
        const qint64 conversationId = m_db->lastInsertId();
        sql::Statement turn(*m_db,
                            "INSERT INTO turn(conversation_id, idx, role, text, "
                            "created_at, meta) VALUES (?, ?, ?, ?, ?, ?)");
        turns.ids.resize(turns.size());
        for (qsizetype i = 0; i < turns.size(); ++i) {
            const EncodedTurns::Row &row = turns.rows.at(i);
            turn.bind(1, conversationId)
                .bind(2, qint64(i))
                .bindView(3, roleKeyUtf8(row.role))
                .bindView(4, turns.view(row.text, row.textSize))
                .bindView(5, turns.view(row.createdAt, row.createdAtSize), true)
                .bindView(6, turns.view(row.meta, row.metaSize))
                .run();
            turns.ids[i] = m_db->lastInsertId();
        }
        return conversationId;
    });
    notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
    return id;
}

void Store::setConversationContext(qint64 conversationId, const QJsonObject &context)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE conversation SET context = ? WHERE id = ?");
        update.bind(1, toJson(context)).bind(2, conversationId).run();
        if (m_db->changes() != 1)
            throw Error(tr("%1: there is no conversation %2.").arg(path()).arg(conversationId));
    });
}

void Store::setConversationProvenance(qint64 conversationId, const QJsonObject &provenance)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE conversation SET provenance = ? WHERE id = ?");
        update.bind(1, toJson(provenance)).bind(2, conversationId).run();
        if (m_db->changes() != 1)
            throw Error(tr("%1: there is no conversation %2.").arg(path()).arg(conversationId));
    });
}

void Store::requireOnScale(qint64 dimensionId, Rating value, Level level) const
{
    sql::Statement scale(*m_db,
                         "SELECT scale_min, scale_max, key, level FROM dimension WHERE id = ?");
    scale.bind(1, dimensionId);
    if (!scale.next())
        throw Error(tr("%1: there is no dimension %2.").arg(path()).arg(dimensionId));
    if (scale.text(3) != levelKey(level))
        throw Error(
            level == Level::Turn
                ? tr("%1: \"%2\" rates whole conversations, not turns.").arg(path(), scale.text(2))
                : tr("%1: \"%2\" rates turns, not whole conversations.")
                      .arg(path(), scale.text(2)));
    if (value.hasValue() && (value.value() < scale.integer(0) || value.value() > scale.integer(1)))
        throw Error(tr("%1: %2 is outside the scale %3–%4 of \"%5\".")
                        .arg(path())
                        .arg(value.value())
                        .arg(scale.integer(0))
                        .arg(scale.integer(1))
                        .arg(scale.text(2)));
}

qint64 Store::addFlag(const TurnFlag &flag)
{
    if (!flag.reason.isEmpty() && !breakReasonKeys().contains(flag.reason))
        throw Error(tr("\"%1\" is not a known reason for a continuity break.").arg(flag.reason));
    return transaction([&] {
        sql::Statement insert(*m_db,
                              "INSERT INTO turn_flag(turn_id, annotator_id, kind, reason, "
                              "refers_to_turn_id, note) VALUES (?, ?, ?, ?, ?, ?)");
        insert.bind(1, flag.turnId).bind(2, flag.annotatorId).bind(3, flag.kind);
        insert.bindNullIfEmpty(4, flag.reason);
        if (flag.refersToTurnId)
            insert.bind(5, *flag.refersToTurnId);
        else
            insert.bind(5, nullptr);
        insert.bindNullIfEmpty(6, flag.note).run();
        return m_db->lastInsertId();
    });
}

} // namespace sense7
