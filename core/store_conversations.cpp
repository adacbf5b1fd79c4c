// Store: participants, conversations and their turns.

#include "error.h"
#include "identity.h"
#include "store.h"
#include "store_p.h"

#include <QJsonArray>
#include <QLocale>
#include <QScopeGuard>
#include <QSet>
#include <QStringEncoder>

#include <algorithm>
#include <atomic>
#include <limits>
#include <sqlite3.h>

namespace sense7 {

using namespace storage;

namespace {

QByteArrayView roleKeyUtf8(Role role)
{
    return QByteArrayView(keyData(role)); // the key table's own bytes: no copy per turn
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

QByteArray storage::requiredCellsJson(const QVector<QPair<qint64, QString>> &cells)
{
    QJsonArray array;
    for (const auto &[dimension, role] : cells)
        array.append(QJsonArray {dimension, role});
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

namespace {

/**
 * The values of a column that many rows share (participant codes, assistants, conditions), each
 * made a QString once: reading 500,000 summaries made a million and a half copies of a few
 * thousand strings.
 */
class Distinct
{
public:
    int indexOf(QByteArrayView utf8)
    {
        // Rows come in the table's order, where one participant's conversations and one
        // assistant's mostly follow one another: the last value is compared before hashing.
        if (m_last >= 0 && utf8 == QByteArrayView(m_lastBytes))
            return m_last;
        // The lookup borrows SQLite's bytes; only a new value is copied.
        const auto found = m_index.constFind(QByteArray::fromRawData(utf8.data(), utf8.size()));
        if (found != m_index.cend()) {
            m_last = *found;
            m_lastBytes = found.key();
            return m_last;
        }
        m_lastBytes = QByteArray(utf8.data(), utf8.size());
        m_last = int(m_values.size());
        m_index.insert(m_lastBytes, m_last);
        m_values.append(QString::fromUtf8(utf8));
        return m_last;
    }
    const QString &at(int index) const { return m_values.at(index); }
    /** Each value's place in the order of their UTF-8 bytes, by index. */
    QVector<int> ranks() const
    {
        QVector<std::pair<QByteArray, int>> bytes;
        bytes.reserve(m_index.size());
        for (auto it = m_index.cbegin(); it != m_index.cend(); ++it)
            bytes.append({it.key(), it.value()});
        std::sort(bytes.begin(), bytes.end());
        QVector<int> rank(m_values.size());
        for (int i = 0; i < bytes.size(); ++i)
            rank[bytes[i].second] = i;
        return rank;
    }

private:
    QHash<QByteArray, int> m_index;
    QStringList m_values;
    QByteArray m_lastBytes; // shares the key's data
    int m_last = -1;
};

/**
 * Summaries of the conversations that \a where selects (with ?2 bound to \a whereValue), by
 * participant code, start and id. Rated
 * share counts annotator ?1's ratings (the "self" annotator when ?1 is 0) of what the protocol
 * asks to be rated, \a cells: the required turn-level dimensions of every instrument on the
 * turns of the roles each rates. A digest's count of self ratings is used only while it is fresh
 * and was counted for the same cells (its breaks' "rated_cells").
 */
QVector<ConversationSummary> summaries(sql::Connection &db, qint64 annotatorId, const char *where,
                                       qint64 whereValue,
                                       const QVector<QPair<qint64, QString>> &cells)
{
    const QByteArray sql = QByteArray(R"sql(
        WITH asked(dimension_id, role) AS (
            SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?3)),
        rater AS (
            SELECT CASE WHEN ?1 <> 0 THEN ?1
                        ELSE (SELECT id FROM annotator WHERE code = 'self') END AS id)
        SELECT c.id, p.code, coalesce(c.agent, ''), c.title, c.started_at,
               -- A digest knows the turn counts (turns never change) and, while it is fresh,
               -- the count of self ratings: large data sets open fast. Without one, count.
               coalesce(d.turns, (SELECT count(*) FROM turn t WHERE t.conversation_id = c.id)),
               coalesce(d.assistant_turns, (SELECT count(*) FROM turn t
                                             WHERE t.conversation_id = c.id
                                               AND t.role = 'assistant')),
               coalesce((SELECT d.rated_cells
                          WHERE (SELECT id FROM rater) = (SELECT id FROM annotator
                                                           WHERE code = 'self')
                            AND json_extract(d.breaks, '$.rated_cells') = ?3
                            AND c.id NOT IN (SELECT conversation_id FROM digest_stale)),
                        (SELECT count(*) FROM turn t JOIN rating r ON r.turn_id = t.id
                          JOIN asked a ON a.dimension_id = r.dimension_id AND a.role = t.role
                          WHERE t.conversation_id = c.id
                            AND r.annotator_id = (SELECT id FROM rater))),
               (SELECT count(*) FROM asked WHERE role = 'assistant'),
               -- Turns of other roles count only in protocols that rate them.
               CASE WHEN EXISTS (SELECT 1 FROM asked WHERE role <> 'assistant')
                    THEN (SELECT count(*) FROM turn t JOIN asked a ON a.role = t.role
                           WHERE t.conversation_id = c.id AND t.role <> 'assistant')
                    ELSE 0 END,
               coalesce(c.condition, '')
          FROM conversation c
          JOIN participant p ON p.id = c.participant_id
          LEFT JOIN conversation_digest d ON d.conversation_id = c.id
         WHERE )sql")
        + where;
    sql::Statement query(db, sql);
    query.bind(1, annotatorId)
        .bind(2, whereValue)
        .bind(3, QString::fromUtf8(requiredCellsJson(cells)));
    // Read in the table's order and sorted here: SQLite's sorter, with the index walk it chose
    // for the order, took about 0.8 s of the 1.6 s that 500,000 summaries took; sorting keys of
    // numbers takes a tenth of that.
    struct Key
    {
        int participant; // its place among the codes read
        bool started; // false: NULL, first as in SQL
        qint64 ms; // the start, when in the store's own form (the text of nearly all)
        int other; // else its text in others
        qint64 id;
        int row;
    };
    QVector<Key> keys;
    QVector<QByteArray> others;
    Distinct participants;
    Distinct agents;
    Distinct conditions;
    QVector<ConversationSummary> result;
    while (query.next()) {
        ConversationSummary s;
        s.id = query.int64(0);
        const int participant = participants.indexOf(query.utf8(1));
        s.participant = participants.at(participant);
        s.agent = agents.at(agents.indexOf(query.utf8(2)));
        s.title = query.text(3);
        Key key {participant, !query.isNull(4), 0, -1, s.id, int(result.size())};
        const QByteArrayView started = query.utf8(4);
        if (const auto ms = isoUtcMilliseconds(started)) {
            key.ms = *ms;
            s.startedAt = QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC);
        } else {
            s.startedAt = parseTime(QString::fromUtf8(started));
            if (key.started) {
                key.other = int(others.size());
                others.append(started.toByteArray());
            }
        }
        s.turns = query.integer(5);
        s.assistantTurns = query.integer(6);
        s.ratedCells = query.integer(7);
        s.cells = s.assistantTurns * query.integer(8) + query.integer(9);
        s.ratedShare = s.cells > 0 ? double(s.ratedCells) / double(s.cells) : 0.0;
        s.condition = conditions.at(conditions.indexOf(query.utf8(10)));
        keys.append(key);
        result.append(std::move(s));
    }
    // SQL's order: participants by their codes' UTF-8 bytes; within one, no start first, then
    // starts by their text's bytes (for the store's own form, by time), then by id.
    const QVector<int> rank = participants.ranks();
    const auto text = [&others](const Key &k) {
        if (k.other >= 0)
            return others[k.other];
        char iso[24];
        isoUtc(QDateTime::fromMSecsSinceEpoch(k.ms, Qt::UTC), iso);
        return QByteArray(iso, 24);
    };
    std::sort(keys.begin(), keys.end(), [&](const Key &a, const Key &b) {
        const int ra = rank[a.participant];
        const int rb = rank[b.participant];
        if (ra != rb)
            return ra < rb;
        if (a.started != b.started)
            return !a.started;
        if (a.started) {
            if (a.other < 0 && b.other < 0) {
                if (a.ms != b.ms)
                    return a.ms < b.ms;
            } else if (const int c = text(a).compare(text(b)); c != 0) {
                return c < 0;
            }
        }
        return a.id < b.id;
    });
    QVector<ConversationSummary> sorted;
    sorted.reserve(result.size());
    for (const Key &k : keys)
        sorted.append(std::move(result[k.row]));
    return sorted;
}

} // namespace

QVector<QPair<qint64, QString>> Store::requiredTurnCells() const
{
    QVector<QPair<qint64, QString>> result;
    for (const Instrument &instrument : protocol().instruments) {
        for (const Dimension &d : instrument.dimensionsAt(Level::Turn)) {
            if (!d.required)
                continue;
            qint64 id = d.id;
            if (id == 0) {
                const auto stored = findDimension(instrument.key + QLatin1Char('/') + d.key);
                id = stored ? stored->id : 0;
            }
            if (id == 0)
                continue;
            for (const QString &role : d.roles)
                result.append({id, role});
        }
    }
    return result;
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

void Store::setParticipantProfile(qint64 participantId, const QJsonObject &profile)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE participant SET profile = ? WHERE id = ?");
        update.bind(1, toJson(profile)).bind(2, participantId).run();
        if (m_db->changes() != 1)
            throw Error(
                tr("%1: there is no participant %2.").arg(path(), QString::number(participantId)));
    });
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
        out.appendRest(row, t.createdAt, toJson(t.meta));
    }
    return out;
}

void EncodedTurns::append(Role role, QByteArrayView text, const QDateTime &createdAt,
                          QByteArrayView meta)
{
    Row row;
    row.role = role;
    row.text = bytes.size();
    bytes.append(text);
    row.textSize = text.size();
    appendRest(row, createdAt, meta);
}

void EncodedTurns::appendRest(Row &row, const QDateTime &createdAt, QByteArrayView meta)
{
    row.createdAt = bytes.size();
    if (createdAt.isValid()) {
        char text[24];
        if (isoUtc(createdAt, text))
            bytes.append(text, 24);
        else
            appendUtf8(bytes, timestamp(createdAt));
    }
    row.createdAtSize = bytes.size() - row.createdAt;
    row.meta = bytes.size();
    bytes.append(meta);
    row.metaSize = meta.size();
    rows.append(row);
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
    return addConversation(c, turns, Adding());
}

qint64 Store::addConversation(const Conversation &c, EncodedTurns &turns, const Adding &adding)
{
    Q_ASSERT(!c.contentHash.isEmpty());
    const QString anonymised =
        c.anonymisedHash.isEmpty() ? identity::anonymisedHash(c.contentHash) : c.anonymisedHash;
    const QByteArray provenance =
        adding.provenanceJson.isEmpty() ? toJson(c.provenance) : QByteArray();
    const auto add = [&] {
        if (!adding.checked && conversationWithHash(c.contentHash, anonymised) != 0)
            throw Error(
                tr("%1: the conversation \"%2\" is already in the data set.").arg(path(), c.title));
        sql::Statement insert(
            *m_db,
            "INSERT INTO conversation(participant_id, source_format, source_id, agent, "
            "title, started_at, context, content_hash, provenance, anonymised_hash, condition) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insert.bind(1, c.participantId)
            .bind(2, c.sourceFormat)
            .bindNullIfEmpty(3, c.sourceId)
            .bindNullIfEmpty(4, c.agent)
            .bind(5, c.title)
            .bindNullIfEmpty(6, timestamp(c.startedAt))
            .bind(7, toJson(c.context))
            .bind(8, c.contentHash)
            .bindView(9, adding.provenanceJson.isEmpty() ? provenance : adding.provenanceJson)
            .bind(10, anonymised)
            .bindNullIfEmpty(11, c.condition)
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
    };
    const qint64 id = adding.partOfTransaction && m_db->inTransaction() ? add() : transaction(add);
    notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
    return id;
}

bool Store::hasContentHash(const QString &hash) const
{
    if (m_adding) // indexes dropped for a bulk write: the lookup needs them
        m_adding->restoreIndexes();
    sql::Statement query(*m_db, "SELECT 1 FROM conversation WHERE content_hash = ?");
    query.bind(1, hash);
    return query.next();
}

bool Store::hasSource(qint64 participantId, const QString &format, const QString &sourceId,
                      qint64 upTo) const
{
    if (upTo <= 0 || sourceId.isEmpty())
        return false;
    if (m_adding) // indexes dropped for a bulk write: the lookup needs them
        m_adding->restoreIndexes();
    sql::Statement query(*m_db,
                         "SELECT 1 FROM conversation WHERE participant_id = ? AND "
                         "source_format = ? AND source_id = ? AND id <= ? LIMIT 1");
    query.bind(1, participantId).bind(2, format).bind(3, sourceId).bind(4, upTo);
    return query.next();
}

qint64 Store::lastConversationId() const
{
    sql::Statement query(*m_db, "SELECT coalesce(max(id), 0) FROM conversation");
    return query.next() ? query.int64(0) : 0;
}

bool Store::conversationHashes(qint64 most, const std::function<void(const QString &)> &found) const
{
    if (most >= 0) {
        sql::Statement count(*m_db, "SELECT count(*) FROM (SELECT 1 FROM conversation LIMIT ?)");
        count.bind(1, most + 1);
        if (count.next() && count.int64(0) > most)
            return false;
    }
    // Each from its own index, which holds it (SQLite scans the narrower covering index): no
    // row of the table is read.
    for (const char *sql : {"SELECT content_hash FROM conversation",
                            "SELECT anonymised_hash FROM conversation "
                            "WHERE anonymised_hash IS NOT NULL"}) {
        sql::Statement query(*m_db, sql);
        while (query.next())
            found(query.text(0));
    }
    return true;
}

qint64 Store::conversationWithHash(const QString &contentHash, const QString &anonymisedHash) const
{
    if (contentHash.isEmpty())
        return 0;
    if (m_adding) // indexes dropped for a bulk write: the lookup needs them
        m_adding->restoreIndexes();
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

std::optional<Store::HeldConversation> Store::heldConversation(qint64 conversationId) const
{
    sql::Statement query(*m_db,
                         "SELECT participant_id, provenance, "
                         "(SELECT count(*) FROM turn WHERE conversation_id = ?1) "
                         "FROM conversation WHERE id = ?1");
    if (!query.bind(1, conversationId).next())
        return std::nullopt;
    HeldConversation held;
    held.participantId = query.int64(0);
    held.provenanceJson = query.utf8(1).toByteArray();
    held.turns = query.int64(2);
    return held;
}

void Store::setConversationContext(qint64 conversationId, const QJsonObject &context)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE conversation SET context = ? WHERE id = ?");
        update.bind(1, toJson(context)).bind(2, conversationId).run();
        if (m_db->changes() != 1)
            throw Error(tr("%1: there is no conversation %2.")
                            .arg(path(), QString::number(conversationId)));
    });
}

void Store::setConversationProvenance(qint64 conversationId, const QJsonObject &provenance)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE conversation SET provenance = ? WHERE id = ?");
        update.bind(1, toJson(provenance)).bind(2, conversationId).run();
        if (m_db->changes() != 1)
            throw Error(tr("%1: there is no conversation %2.")
                            .arg(path(), QString::number(conversationId)));
    });
}

QVector<ConversationSummary> Store::conversationSummaries(qint64 annotatorId,
                                                          qint64 participantId) const
{
    // Two statements, so that one participant's rows come from the participant index and
    // everyone's from the table in its order.
    return summaries(*m_db, annotatorId, participantId == 0 ? "?2 = 0" : "c.participant_id = ?2",
                     participantId, requiredTurnCells());
}

SummariesRead Store::conversationSummariesReader(qint64 annotatorId, qint64 participantId) const
{
    const auto stop = std::make_shared<std::atomic<bool>>(false);
    const std::shared_ptr<sql::Connection> reader = openReader();
    // Asked every thousand steps of the statement, whenever it starts (sqlite3_interrupt()
    // would miss a statement that has not started yet).
    sqlite3_progress_handler(
        reader->handle(), 1000,
        [](void *flag) { return static_cast<std::atomic<bool> *>(flag)->load() ? 1 : 0; },
        stop.get());
    reader->setBusyWait(5000, [stop] { return stop->load(); }); // nor while another writes
    SummariesRead r;
    r.read = [reader, stop, annotatorId, participantId, cells = requiredTurnCells()] {
        return summaries(*reader, annotatorId,
                         participantId == 0 ? "?2 = 0" : "c.participant_id = ?2", participantId,
                         cells);
    };
    r.interrupt = [stop] {
        *stop = true;
    };
    return r;
}

std::optional<ConversationSummary> Store::conversationSummary(qint64 conversationId,
                                                              qint64 annotatorId) const
{
    const auto rows =
        summaries(*m_db, annotatorId, "c.id = ?2", conversationId, requiredTurnCells());
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
                         "coalesce(anonymised_hash, ''), coalesce(condition, '') "
                         "FROM conversation WHERE id = ?");
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
    c.condition = query.text(11);
    return c;
}

QVector<Turn> Store::turns(qint64 conversationId) const
{
    return turns(conversationId, std::numeric_limits<int>::min(), -1);
}

QVector<Turn> Store::turns(qint64 conversationId, int firstIndex, int count) const
{
    if (m_adding) // indexes dropped for a bulk write: the lookup needs them
        m_adding->restoreIndexes();
    QVector<Turn> result;
    if (count == 0)
        return result;
    sql::Statement query(*m_db,
                         "SELECT id, idx, role, text, coalesce(created_at, ''), meta "
                         "FROM turn WHERE conversation_id = ? AND idx >= ? ORDER BY idx LIMIT ?");
    query.bind(1, conversationId).bind(2, firstIndex).bind(3, qint64(count));
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

QVector<qint64> Store::conversationsNamed(const QString &key) const
{
    return named(key, [this](const QString &sourceId) {
        QVector<qint64> ids;
        sql::Statement bySource(*m_db, "SELECT id FROM conversation WHERE source_id = ?");
        bySource.bind(1, sourceId);
        while (bySource.next())
            ids.append(bySource.int64(0));
        return ids;
    });
}

QVector<qint64> Store::conversationsNamed(const QString &key, SourceIds &sourceIds) const
{
    return named(key, [&sourceIds](const QString &sourceId) { return sourceIds.find(sourceId); });
}

QVector<qint64> Store::SourceIds::find(const QString &key)
{
    if (m_store.m_adding) // its indexes dropped for a bulk write: the reading needs them
        m_store.m_adding->restoreIndexes();
    sql::Connection &db = *m_store.m_db;
    qint64 last = 0;
    {
        sql::Statement max(db, "SELECT coalesce(max(id), 0) FROM conversation");
        if (max.next())
            last = max.int64(0);
    }
    if (last > m_upto)
        readFrom(m_upto);
    m_upto = std::max(m_upto, last);

    const QByteArray utf8 = key.toUtf8();
    const size_t hash = qHash(QByteArrayView(utf8));
    QVector<qint64> found;
    auto at = std::lower_bound(m_ids.cbegin(), m_ids.cend(), std::pair(hash, qint64(0)));
    // Another source id can have the same hash: the data set says whether the id has this one.
    sql::Statement check(db, "SELECT 1 FROM conversation WHERE id = ? AND source_id = ?");
    for (; at != m_ids.cend() && at->first == hash; ++at) {
        check.reset();
        check.bind(1, at->second).bind(2, key);
        if (check.next())
            found.append(at->second);
    }
    return found;
}

void Store::SourceIds::readFrom(qint64 after)
{
    // The first reading takes every row from the narrow index that holds the source ids
    // (conversation_by_participant); a later one the rows added since, by id.
    sql::Statement rows(*m_store.m_db,
                        after < 0 ? "SELECT source_id, id FROM conversation "
                                    "WHERE source_id IS NOT NULL"
                                  : "SELECT source_id, id FROM conversation "
                                    "WHERE id > ? AND source_id IS NOT NULL");
    if (after >= 0)
        rows.bind(1, after);
    const auto sorted = qsizetype(m_ids.size());
    // A reading that fails leaves the rows read before, still sorted, for the next to go on from.
    auto unread = qScopeGuard([&] { m_ids.resize(std::size_t(sorted)); });
    while (rows.next())
        m_ids.emplace_back(qHash(rows.utf8(0)), rows.int64(1));
    unread.dismiss();
    std::sort(m_ids.begin() + sorted, m_ids.end());
    std::inplace_merge(m_ids.begin(), m_ids.begin() + sorted, m_ids.end());
}

QVector<qint64> Store::named(const QString &key,
                             const std::function<QVector<qint64>(const QString &)> &bySource) const
{
    if (m_adding)
        m_adding->restoreIndexes();
    const QString k = key.trimmed();
    if (k.isEmpty())
        return {};
    QVector<qint64> found;
    const auto add = [&found](qint64 id) {
        if (id != 0 && !found.contains(id))
            found.append(id);
    };
    // Every reading of the key as a whole name: a number can be one conversation's id and
    // another's source id (ESConv numbers its dialogues from 1), and two exports can use one id.
    bool numeric = false;
    const qint64 id = k.toLongLong(&numeric);
    if (numeric) {
        sql::Statement byId(*m_db, "SELECT id FROM conversation WHERE id = ?");
        byId.bind(1, id);
        if (byId.next())
            add(byId.int64(0));
    }
    for (const qint64 sourced : bySource(k))
        add(sourced);
    const QString hash = k.toLower();
    if (hash.size() == 32)
        add(conversationWithHash(hash));
    if (found.isEmpty() && k.size() >= 8) {
        // A prefix of either form, when the key is no whole name.
        for (const char *sql : {"SELECT id FROM conversation WHERE content_hash >= ? AND "
                                "content_hash < ? ORDER BY content_hash LIMIT 2",
                                "SELECT id FROM conversation WHERE anonymised_hash >= ? AND "
                                "anonymised_hash < ? ORDER BY anonymised_hash LIMIT 2"}) {
            sql::Statement byHash(*m_db, sql);
            byHash.bind(1, hash).bind(2, hash + QChar(0x7f));
            while (byHash.next())
                add(byHash.int64(0));
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

qint64 Store::findConversation(const QString &key) const
{
    const QVector<qint64> named = conversationsNamed(key);
    if (named.size() > 1)
        throw Error(tr("%1: %2").arg(path(), severalNamed(key, named)));
    return named.value(0);
}

QString Store::severalNamed(const QString &key, const QVector<qint64> &ids)
{
    QStringList listed;
    for (const qint64 id : ids)
        listed << QString::number(id);
    return tr("\"%1\" names %n conversations (ids %2): it is the id, source id or hash (or a "
              "prefix of one) of each. Name the conversation by its whole content hash, as the "
              "tidy export does.",
              nullptr, int(ids.size()))
        .arg(key.trimmed(), QLocale().createSeparatedList(listed));
}

qint64 Store::turnId(qint64 conversationId, int index) const
{
    if (m_adding) // indexes dropped for a bulk write: the lookup needs them
        m_adding->restoreIndexes();
    sql::Statement query(*m_db, "SELECT id FROM turn WHERE conversation_id = ? AND idx = ?");
    query.bind(1, conversationId).bind(2, index);
    return query.next() ? query.int64(0) : 0;
}

qint64 Store::conversationOfTurn(qint64 turnId) const
{
    sql::Statement query(*m_db, "SELECT conversation_id FROM turn WHERE id = ?");
    query.bind(1, turnId);
    return query.next() ? query.int64(0) : 0;
}

} // namespace sense7
