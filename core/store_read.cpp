// Store: queries. Nothing here writes.

#include "error.h"
#include "identity.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace sense7 {

namespace {

QJsonObject parseObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QDateTime parseTime(const QString &text)
{
    return text.isEmpty() ? QDateTime() : QDateTime::fromString(text, Qt::ISODateWithMs);
}

qint64 count(sql::Connection &db, const char *sql)
{
    return db.pragmaInt(sql);
}

} // namespace

QJsonObject DataSetInfo::toJson() const
{
    QJsonArray instrumentArray;
    for (const Instrument &instrument : instruments) {
        QJsonArray dims;
        for (const Dimension &d : instrument.dimensions) {
            dims.append(QJsonObject {{QStringLiteral("key"), d.key},
                                     {QStringLiteral("name"), d.name},
                                     {QStringLiteral("level"), levelKey(d.level)},
                                     {QStringLiteral("scale_min"), d.scaleMin},
                                     {QStringLiteral("scale_max"), d.scaleMax}});
        }
        instrumentArray.append(QJsonObject {{QStringLiteral("key"), instrument.key},
                                            {QStringLiteral("name"), instrument.name},
                                            {QStringLiteral("version"), instrument.version},
                                            {QStringLiteral("dimensions"), dims}});
    }
    return QJsonObject {
        {QStringLiteral("path"), path},
        {QStringLiteral("schema_version"), schemaVersion},
        {QStringLiteral("read_only"), readOnly},
        {QStringLiteral("participants"), participants},
        {QStringLiteral("conversations"), conversations},
        {QStringLiteral("turns"), turns},
        {QStringLiteral("assistant_turns"), assistantTurns},
        {QStringLiteral("ratings"), ratings},
        {QStringLiteral("conversation_ratings"), conversationRatings},
        {QStringLiteral("flags"), flags},
        {QStringLiteral("agents"), QJsonArray::fromStringList(agents)},
        {QStringLiteral("source_formats"), QJsonArray::fromStringList(sourceFormats)},
        {QStringLiteral("instruments"), instrumentArray},
    };
}

DataSetInfo Store::info() const
{
    DataSetInfo info;
    info.path = path();
    info.schemaVersion = schemaVersion();
    info.readOnly = isReadOnly();
    info.participants = count(*m_db, "SELECT count(*) FROM participant");
    info.conversations = count(*m_db, "SELECT count(*) FROM conversation");
    info.turns = count(*m_db, "SELECT count(*) FROM turn");
    // Digests know their conversation's assistant turns (turns never change); only the
    // conversations without one are counted turn by turn, through the (conversation, idx) index.
    info.assistantTurns =
        count(*m_db,
              "SELECT (SELECT coalesce(sum(assistant_turns), 0) FROM conversation_digest) "
              "+ (SELECT coalesce(sum((SELECT count(*) FROM turn t WHERE "
              "t.conversation_id = c.id AND t.role = 'assistant')), 0) FROM conversation c "
              "WHERE NOT EXISTS (SELECT 1 FROM conversation_digest d WHERE "
              "d.conversation_id = c.id))");
    info.ratings = count(*m_db, "SELECT count(*) FROM rating");
    info.conversationRatings = count(*m_db, "SELECT count(*) FROM conversation_rating");
    info.flags = count(*m_db, "SELECT count(*) FROM turn_flag");
    sql::Statement agents(*m_db,
                          "SELECT DISTINCT agent FROM conversation WHERE agent IS NOT NULL "
                          "ORDER BY agent");
    while (agents.next())
        info.agents << agents.text(0);
    sql::Statement formats(*m_db,
                           "SELECT DISTINCT source_format FROM conversation "
                           "ORDER BY source_format");
    while (formats.next())
        info.sourceFormats << formats.text(0);
    info.instruments = instruments();
    return info;
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
            d.level = dims.text(7) == QLatin1String("turn") ? Level::Turn : Level::Conversation;
            instrument.dimensions.append(d);
        }
        dims.reset();
        taxonomy::attachTranslations(instrument);
    }
    return result;
}

QVector<Participant> Store::participants() const
{
    QVector<Participant> result;
    sql::Statement query(*m_db,
                         "SELECT id, code, profile, created_at, coalesce(pseudonym, '') "
                         "FROM participant ORDER BY code");
    while (query.next()) {
        result.append(Participant {query.int64(0), query.text(1), parseObject(query.text(2)),
                                   parseTime(query.text(3)), query.text(4)});
    }
    return result;
}

namespace {

/**
 * Summaries of the conversations that \a where selects (with ?2 bound to \a whereValue). Rated
 * share counts annotator ?1's ratings (the "self" annotator when ?1 is 0) on the first instrument's
 * turn-level dimensions.
 */
QVector<ConversationSummary> summaries(sql::Connection &db, qint64 annotatorId, const char *where,
                                       qint64 whereValue)
{
    const QByteArray sql = QByteArray(R"sql(
        WITH primary_dims AS (
            SELECT id FROM dimension WHERE level = 'turn'
               AND instrument_id = (SELECT min(id) FROM instrument)),
        rater AS (
            SELECT CASE WHEN ?1 <> 0 THEN ?1
                        ELSE (SELECT id FROM annotator WHERE code = 'self') END AS id)
        SELECT c.id, p.code, coalesce(c.agent, ''), c.title, coalesce(c.started_at, ''),
               -- A digest knows the turn counts (turns never change) and, while it is fresh,
               -- the count of self ratings: large data sets open fast. Without one, count.
               coalesce(d.turns, (SELECT count(*) FROM turn t WHERE t.conversation_id = c.id)),
               coalesce(d.assistant_turns, (SELECT count(*) FROM turn t
                                             WHERE t.conversation_id = c.id
                                               AND t.role = 'assistant')),
               coalesce((SELECT d.rated_cells
                          WHERE (SELECT id FROM rater) = (SELECT id FROM annotator
                                                           WHERE code = 'self')
                            AND c.id NOT IN (SELECT conversation_id FROM digest_stale)),
                        (SELECT count(*) FROM turn t JOIN rating r ON r.turn_id = t.id
                          WHERE t.conversation_id = c.id
                            AND r.annotator_id = (SELECT id FROM rater)
                            AND r.dimension_id IN (SELECT id FROM primary_dims))),
               (SELECT count(*) FROM primary_dims)
          FROM conversation c
          JOIN participant p ON p.id = c.participant_id
          LEFT JOIN conversation_digest d ON d.conversation_id = c.id
         WHERE )sql")
        + where + " ORDER BY p.code, c.started_at, c.id";
    sql::Statement query(db, sql);
    query.bind(1, annotatorId).bind(2, whereValue);
    QVector<ConversationSummary> result;
    while (query.next()) {
        ConversationSummary s;
        s.id = query.int64(0);
        s.participant = query.text(1);
        s.agent = query.text(2);
        s.title = query.text(3);
        s.startedAt = parseTime(query.text(4));
        s.turns = query.integer(5);
        s.assistantTurns = query.integer(6);
        s.ratedCells = query.integer(7);
        s.cells = s.assistantTurns * query.integer(8);
        s.ratedShare = s.cells > 0 ? double(s.ratedCells) / double(s.cells) : 0.0;
        result.append(s);
    }
    return result;
}

} // namespace

QVector<ConversationSummary> Store::conversationSummaries(qint64 annotatorId,
                                                          qint64 participantId) const
{
    return summaries(*m_db, annotatorId, "(?2 = 0 OR c.participant_id = ?2)", participantId);
}

std::optional<ConversationSummary> Store::conversationSummary(qint64 conversationId,
                                                              qint64 annotatorId) const
{
    const auto rows = summaries(*m_db, annotatorId, "c.id = ?2", conversationId);
    if (rows.isEmpty())
        return std::nullopt;
    return rows.first();
}

std::optional<Conversation> Store::conversation(qint64 id) const
{
    sql::Statement query(*m_db,
                         "SELECT id, participant_id, source_format, "
                         "coalesce(source_id, ''), coalesce(agent, ''), title, "
                         "coalesce(started_at, ''), context, content_hash, provenance, "
                         "coalesce(anonymised_hash, '') FROM conversation WHERE id = ?");
    query.bind(1, id);
    if (!query.next())
        return std::nullopt;
    Conversation c;
    c.id = query.int64(0);
    c.participantId = query.int64(1);
    c.sourceFormat = query.text(2);
    c.sourceId = query.text(3);
    c.agent = query.text(4);
    c.title = query.text(5);
    c.startedAt = parseTime(query.text(6));
    c.context = parseObject(query.text(7));
    c.contentHash = query.text(8);
    c.provenance = parseObject(query.text(9));
    c.anonymisedHash = query.text(10);
    return c;
}

QVector<Turn> Store::turns(qint64 conversationId) const
{
    QVector<Turn> result;
    sql::Statement query(*m_db,
                         "SELECT id, idx, role, text, coalesce(created_at, ''), meta "
                         "FROM turn WHERE conversation_id = ? ORDER BY idx");
    query.bind(1, conversationId);
    while (query.next()) {
        Turn t;
        t.id = query.int64(0);
        t.conversationId = conversationId;
        t.index = query.integer(1);
        t.role = roleFromKey(query.text(2)).value_or(Role::User);
        t.text = query.text(3);
        t.createdAt = parseTime(query.text(4));
        t.meta = parseObject(query.text(5));
        result.append(t);
    }
    return result;
}

qint64 Store::findConversation(const QString &key) const
{
    const QString k = key.trimmed();
    if (k.isEmpty())
        return 0;
    bool numeric = false;
    const qint64 id = k.toLongLong(&numeric);
    if (numeric) {
        sql::Statement byId(*m_db, "SELECT id FROM conversation WHERE id = ?");
        byId.bind(1, id);
        if (byId.next())
            return byId.int64(0);
    }
    {
        sql::Statement bySource(*m_db,
                                "SELECT id FROM conversation WHERE source_id = ? ORDER BY id");
        bySource.bind(1, k);
        if (bySource.next())
            return bySource.int64(0);
    }
    const QString hash = k.toLower();
    if (hash.size() == 32) {
        if (const qint64 found = conversationWithHash(hash))
            return found;
    }
    if (k.size() >= 8) {
        // A prefix of either form; an ambiguous prefix names nothing.
        QSet<qint64> found;
        for (const char *sql : {"SELECT id FROM conversation WHERE content_hash >= ? AND "
                                "content_hash < ? ORDER BY content_hash LIMIT 2",
                                "SELECT id FROM conversation WHERE anonymised_hash >= ? AND "
                                "anonymised_hash < ? ORDER BY anonymised_hash LIMIT 2"}) {
            sql::Statement byHash(*m_db, sql);
            byHash.bind(1, hash).bind(2, hash + QChar(0x7f));
            while (byHash.next())
                found.insert(byHash.int64(0));
        }
        if (found.size() == 1)
            return *found.constBegin();
    }
    return 0;
}

qint64 Store::conversationWithHash(const QString &contentHash, const QString &anonymisedHash) const
{
    if (contentHash.isEmpty())
        return 0;
    // The forms the conversation may have been stored under: as it is, as its anonymised
    // stand-in, and the stand-in this form would get. Either column may hold any of them.
    const QString derived = identity::anonymisedHash(contentHash);
    sql::Statement query(*m_db,
                         "SELECT id FROM conversation WHERE content_hash IN (?1, ?2, ?3) "
                         "OR anonymised_hash IN (?1, ?2, ?3) ORDER BY id LIMIT 1");
    query.bind(1, contentHash)
        .bind(2, anonymisedHash.isEmpty() ? derived : anonymisedHash)
        .bind(3, derived);
    return query.next() ? query.int64(0) : 0;
}

qint64 Store::findParticipant(const QString &code, const QString &pseudonym) const
{
    if (const qint64 id = participantId(code))
        return id;
    // By either name: a participant known by their pseudonym, or by their code when the
    // pseudonym arrives.
    const QSet<QString> names {code, pseudonym.isEmpty() ? code : pseudonym};
    for (const Participant &p : participants()) {
        const QString own =
            p.pseudonym.isEmpty() ? identity::pseudonym(p.code, p.createdAt) : p.pseudonym;
        if (names.contains(p.code) || names.contains(own))
            return p.id;
    }
    return 0;
}

qint64 Store::turnId(qint64 conversationId, int index) const
{
    sql::Statement query(*m_db, "SELECT id FROM turn WHERE conversation_id = ? AND idx = ?");
    query.bind(1, conversationId).bind(2, index);
    return query.next() ? query.int64(0) : 0;
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

qint64 Store::ratingEventCount() const
{
    return count(*m_db, "SELECT count(*) FROM rating_event");
}

qint64 Store::conversationOfTurn(qint64 turnId) const
{
    sql::Statement query(*m_db, "SELECT conversation_id FROM turn WHERE id = ?");
    query.bind(1, turnId);
    return query.next() ? query.int64(0) : 0;
}

qint64 Store::selfAnnotatorId() const
{
    sql::Statement query(*m_db, "SELECT id FROM annotator WHERE code = 'self'");
    return query.next() ? query.int64(0) : 0;
}

QVector<RatingRecord> Store::ratingRecords(qint64 conversationId, RatingRecords shape) const
{
    QVector<RatingRecord> records;
    {
        sql::Statement query(*m_db,
                             shape == RatingRecords::WithFlags
                                 ? "SELECT t.idx, t.role, i.key, d.key, r.value, a.code, a.kind, "
                                   "f.id IS NOT NULL, coalesce(f.reason, '') "
                                   "FROM rating r JOIN turn t ON t.id = r.turn_id "
                                   "JOIN dimension d ON d.id = r.dimension_id "
                                   "JOIN instrument i ON i.id = d.instrument_id "
                                   "JOIN annotator a ON a.id = r.annotator_id "
                                   "LEFT JOIN turn_flag f ON f.turn_id = r.turn_id "
                                   "AND f.annotator_id = r.annotator_id "
                                   "WHERE t.conversation_id = ? "
                                   "ORDER BY t.idx, i.id, d.position, a.code"
                                 : "SELECT t.idx, t.role, i.key, d.key, r.value, a.code, a.kind, "
                                   "0, '' "
                                   "FROM rating r JOIN turn t ON t.id = r.turn_id "
                                   "JOIN dimension d ON d.id = r.dimension_id "
                                   "JOIN instrument i ON i.id = d.instrument_id "
                                   "JOIN annotator a ON a.id = r.annotator_id "
                                   "WHERE t.conversation_id = ? "
                                   "ORDER BY t.idx, i.id, d.position, a.code");
        query.bind(1, conversationId);
        while (query.next()) {
            RatingRecord r;
            r.turnIndex = query.integer(0);
            r.role = query.text(1);
            r.instrument = query.text(2);
            r.dimension = query.text(3);
            r.value = query.optionalInt(4);
            r.annotator = query.text(5);
            r.annotatorKind = query.text(6);
            r.flagged = query.integer(7) != 0;
            r.flagReason = query.text(8);
            records.append(r);
        }
    }
    sql::Statement query(*m_db,
                         "SELECT i.key, d.key, r.value, a.code, a.kind "
                         "FROM conversation_rating r "
                         "JOIN dimension d ON d.id = r.dimension_id "
                         "JOIN instrument i ON i.id = d.instrument_id "
                         "JOIN annotator a ON a.id = r.annotator_id "
                         "WHERE r.conversation_id = ? ORDER BY i.id, d.position, a.code");
    query.bind(1, conversationId);
    while (query.next()) {
        RatingRecord r;
        r.instrument = query.text(0);
        r.dimension = query.text(1);
        r.value = query.optionalInt(2);
        r.annotator = query.text(3);
        r.annotatorKind = query.text(4);
        records.append(r);
    }
    return records;
}

QVector<FlagRecord> Store::flagRecords(qint64 conversationId) const
{
    QVector<FlagRecord> records;
    sql::Statement query(*m_db,
                         "SELECT t.idx, a.code, a.kind, coalesce(f.reason, ''), rt.idx, "
                         "coalesce(f.note, '') FROM turn_flag f "
                         "JOIN turn t ON t.id = f.turn_id "
                         "JOIN annotator a ON a.id = f.annotator_id "
                         "LEFT JOIN turn rt ON rt.id = f.refers_to_turn_id "
                         "WHERE t.conversation_id = ? ORDER BY t.idx, a.code");
    query.bind(1, conversationId);
    while (query.next()) {
        FlagRecord f;
        f.turnIndex = query.integer(0);
        f.annotator = query.text(1);
        f.annotatorKind = query.text(2);
        f.reason = query.text(3);
        f.refersToIndex = query.optionalInt(4);
        f.note = query.text(5);
        records.append(f);
    }
    return records;
}

QVector<NoteRecord> Store::noteRecords(qint64 conversationId) const
{
    QVector<NoteRecord> records;
    sql::Statement query(*m_db,
                         "SELECT t.idx, a.code, a.kind, n.text FROM turn_note n "
                         "JOIN turn t ON t.id = n.turn_id "
                         "JOIN annotator a ON a.id = n.annotator_id "
                         "WHERE t.conversation_id = ? ORDER BY t.idx, a.code");
    query.bind(1, conversationId);
    while (query.next())
        records.append({query.integer(0), query.text(1), query.text(2), query.text(3)});
    return records;
}

QVector<RatedCell> Store::ratedCells(qint64 annotatorId, qint64 dimensionId,
                                     qint64 participantId) const
{
    QVector<RatedCell> cells;
    sql::Statement query(*m_db,
                         dimensionId != 0
                             ? "SELECT r.turn_id, r.dimension_id, c.participant_id, r.value "
                               "FROM rating r JOIN turn t ON t.id = r.turn_id "
                               "JOIN conversation c ON c.id = t.conversation_id "
                               "WHERE r.dimension_id = ?1 AND r.annotator_id = ?2 "
                               "AND r.value IS NOT NULL "
                               "AND (?3 = 0 OR c.participant_id = ?3) ORDER BY r.turn_id"
                             : "SELECT r.turn_id, r.dimension_id, c.participant_id, r.value "
                               "FROM rating r JOIN dimension d ON d.id = r.dimension_id "
                               "JOIN turn t ON t.id = r.turn_id "
                               "JOIN conversation c ON c.id = t.conversation_id "
                               "WHERE ?1 = 0 AND r.annotator_id = ?2 AND r.value IS NOT NULL "
                               "AND (?3 = 0 OR c.participant_id = ?3) "
                               "ORDER BY r.turn_id, d.position");
    query.bind(1, dimensionId).bind(2, annotatorId).bind(3, participantId);
    while (query.next())
        cells.append({query.int64(0), query.int64(1), query.int64(2), query.integer(3)});
    return cells;
}

void Store::checkpoint()
{
    m_db->exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

// One reply's annotations, for the rating panel: it shows one reply at a time.

QHash<qint64, std::optional<int>> Store::ratingsOfTurn(qint64 turnId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT dimension_id, value FROM rating WHERE turn_id = ? "
                         "AND annotator_id = ?");
    query.bind(1, turnId).bind(2, annotatorId);
    QHash<qint64, std::optional<int>> result;
    while (query.next())
        result.insert(query.int64(0), query.optionalInt(1));
    return result;
}

std::optional<TurnFlag> Store::flagOfTurn(qint64 turnId, qint64 annotatorId) const
{
    sql::Statement query(
        *m_db,
        "SELECT id, kind, coalesce(reason, ''), refers_to_turn_id, "
        "coalesce(note, '') FROM turn_flag WHERE turn_id = ? AND annotator_id = ?");
    query.bind(1, turnId).bind(2, annotatorId);
    if (!query.next())
        return std::nullopt;
    TurnFlag flag;
    flag.id = query.int64(0);
    flag.turnId = turnId;
    flag.annotatorId = annotatorId;
    flag.kind = query.text(1);
    flag.reason = query.text(2);
    if (!query.isNull(3))
        flag.refersToTurnId = query.int64(3);
    flag.note = query.text(4);
    return flag;
}

QString Store::noteOfTurn(qint64 turnId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT text FROM turn_note WHERE turn_id = ? AND annotator_id = ?");
    query.bind(1, turnId).bind(2, annotatorId);
    return query.next() ? query.text(0) : QString();
}

} // namespace sense7
