// Store: live sessions — assignment, live conversations, their sessions, turns and drafts.

#include "error.h"
#include "identity.h"
#include "live/assignment.h"
#include "store.h"
#include "store_p.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <limits>
#include <utility>

namespace sense7 {

using namespace storage;

namespace {

QString randomHash()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

/**
 * Ends the sitting of \a conversationId begun here and still open, if any, at \a at. Another
 * machine's open sitting is that machine's to end.
 */
void endOpenSitting(sql::Connection &db, qint64 conversationId, const QString &at)
{
    sql::Statement(db,
                   "UPDATE session SET ended_at = ? WHERE conversation_id = ? AND ended_at IS NULL "
                   "AND begun_here = 1")
        .bind(1, at)
        .bind(2, conversationId)
        .run();
}

std::optional<Assignment> assignmentFromJson(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    return live::assignmentFromJson(parseObject(text));
}

} // namespace

void Store::requireLive(qint64 conversationId, bool evenImported) const
{
    sql::Statement query(*m_db,
                         "SELECT coalesce(condition, ''), "
                         "json_extract(provenance, '$.file') IS NOT NULL "
                         "FROM conversation WHERE id = ?");
    query.bind(1, conversationId);
    if (!query.next())
        throw Error(
            tr("%1: there is no conversation %2.").arg(path(), QString::number(conversationId)));
    if (query.text(0).isEmpty())
        throw Error(tr("%1: conversation %2 is not a live conversation; only live conversations "
                       "take new turns.")
                        .arg(path(), QString::number(conversationId)));
    // Held live elsewhere and imported (a bundle): it is the participant's record, not to go on.
    if (!evenImported && query.integer(1) != 0)
        throw Error(tr("%1: conversation %2 was held live elsewhere and imported; only the data "
                       "set it was held in continues it.")
                        .arg(path(), QString::number(conversationId)));
}

void Store::turnsChanged(qint64 conversationId, int firstIndex, int lastIndex)
{
    // The digest counts turns and is trusted for them even when stale: drop it, so that the
    // summaries count again until digest::refresh() writes a new one.
    sql::Statement(*m_db, "DELETE FROM conversation_digest WHERE conversation_id = ?")
        .bind(1, conversationId)
        .run();
    sql::Statement(*m_db, "INSERT OR IGNORE INTO digest_stale(conversation_id) VALUES (?)")
        .bind(1, conversationId)
        .run();
    // Views read the turns written, not the whole data set: one notice per conversation and
    // transaction, covering every turn it wrote.
    auto range = m_pendingTurns.find(conversationId);
    if (range == m_pendingTurns.end()) {
        m_pendingTurns.insert(conversationId, {firstIndex, lastIndex});
    } else {
        range->first = std::min(range->first, firstIndex);
        range->second = std::max(range->second, lastIndex);
    }
    notify(QStringLiteral("turns"), [this] {
        const auto written = std::exchange(m_pendingTurns, {});
        for (auto it = written.cbegin(); it != written.cend(); ++it)
            Q_EMIT turnsWritten(it.key(), it->first, it->second - it->first + 1);
    });
}

Assignment Store::assignConditions(qint64 participantId)
{
    return transaction([&] {
        if (const auto existing = assignment(participantId))
            return *existing;
        {
            sql::Statement exists(*m_db, "SELECT 1 FROM participant WHERE id = ?");
            if (!exists.bind(1, participantId).next())
                throw Error(tr("%1: there is no participant %2.")
                                .arg(path(), QString::number(participantId)));
        }
        const LivePlan plan = protocol().live;
        if (plan.conditions.isEmpty())
            throw Error(tr("%1: the study's protocol names no assistant conditions, so there is "
                           "nothing to assign.")
                            .arg(path()));
        const int position =
            int(count(*m_db, "SELECT count(*) FROM participant WHERE assignment IS NOT NULL"));
        Assignment result = live::assign(plan, position);
        sql::Statement(*m_db, "UPDATE participant SET assignment = ? WHERE id = ?")
            .bind(1, toJson(live::toJson(result)))
            .bind(2, participantId)
            .run();
        return result;
    });
}

std::optional<Assignment> Store::assignment(qint64 participantId) const
{
    sql::Statement query(*m_db, "SELECT coalesce(assignment, '') FROM participant WHERE id = ?");
    query.bind(1, participantId);
    return query.next() ? assignmentFromJson(query.text(0)) : std::nullopt;
}

qint64 Store::startLiveConversation(qint64 participantId, const QString &conditionKey,
                                    const QString &title)
{
    const qint64 id = transaction([&] {
        const LivePlan plan = protocol().live;
        const AssistantCondition *condition = plan.condition(conditionKey);
        if (!condition)
            throw Error(tr("%1: the study's protocol has no assistant condition \"%2\".")
                            .arg(path(), conditionKey));
        {
            sql::Statement exists(*m_db, "SELECT 1 FROM participant WHERE id = ?");
            if (!exists.bind(1, participantId).next())
                throw Error(tr("%1: there is no participant %2.")
                                .arg(path(), QString::number(participantId)));
        }
        // Live text changes as it arrives: the hash only identifies the conversation.
        const QString hash = randomHash();
        const QString started = now();
        sql::Statement insert(
            *m_db,
            "INSERT INTO conversation(participant_id, source_format, agent, title, started_at, "
            "context, content_hash, provenance, anonymised_hash, condition) "
            "VALUES (?, 'live', ?, ?, ?, '{}', ?, ?, ?, ?)");
        insert.bind(1, participantId)
            .bindNullIfEmpty(2, condition->label)
            .bind(3, title)
            .bind(4, started)
            .bind(5, hash)
            .bind(6, toJson(QJsonObject {{QStringLiteral("format"), QStringLiteral("live")}}))
            .bind(7, identity::anonymisedHash(hash))
            .bind(8, conditionKey)
            .run();
        const qint64 conversationId = m_db->lastInsertId();
        sql::Statement session(*m_db,
                               "INSERT INTO session(conversation_id, started_at, first_turn_idx) "
                               "VALUES (?, ?, 0)");
        session.bind(1, conversationId).bind(2, started).run();
        return conversationId;
    });
    notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
    return id;
}

qint64 Store::beginSession(qint64 conversationId)
{
    return transaction([&] {
        requireLive(conversationId);
        const QString at = now();
        endOpenSitting(*m_db, conversationId, at);
        // Resumed: the conversation has not ended (any more).
        sql::Statement(*m_db,
                       "UPDATE conversation SET provenance = json_remove(provenance, '$.ended_at') "
                       "WHERE id = ? AND json_extract(provenance, '$.ended_at') IS NOT NULL")
            .bind(1, conversationId)
            .run();
        sql::Statement insert(*m_db,
                              "INSERT INTO session(conversation_id, started_at, first_turn_idx) "
                              "VALUES (?1, ?2, (SELECT coalesce(max(idx) + 1, 0) FROM turn "
                              "WHERE conversation_id = ?1))");
        insert.bind(1, conversationId).bind(2, at).run();
        return m_db->lastInsertId();
    });
}

void Store::endLiveConversation(qint64 conversationId)
{
    transaction([&] {
        requireLive(conversationId);
        const QString at = now();
        endOpenSitting(*m_db, conversationId, at);
        // In the conversation's provenance, the account of how it came about: a column of its
        // own would need a new data set format.
        sql::Statement(*m_db,
                       "UPDATE conversation SET provenance = "
                       "json_set(coalesce(provenance, '{}'), '$.ended_at', ?) WHERE id = ?")
            .bind(1, at)
            .bind(2, conversationId)
            .run();
    });
    notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
}

QDateTime Store::liveConversationEnded(qint64 conversationId) const
{
    sql::Statement query(*m_db,
                         "SELECT coalesce(json_extract(provenance, '$.ended_at'), '') "
                         "FROM conversation WHERE id = ?");
    query.bind(1, conversationId);
    return query.next() ? parseTime(query.text(0)) : QDateTime();
}

void Store::endSession(qint64 sessionId)
{
    transaction([&] {
        sql::Statement exists(*m_db, "SELECT 1 FROM session WHERE id = ?");
        if (!exists.bind(1, sessionId).next())
            throw Error(tr("%1: there is no session %2.").arg(path(), QString::number(sessionId)));
        sql::Statement(*m_db, "UPDATE session SET ended_at = ? WHERE id = ? AND ended_at IS NULL")
            .bind(1, now())
            .bind(2, sessionId)
            .run();
    });
}

QVector<LiveSession> Store::sessions(qint64 conversationId) const
{
    QVector<LiveSession> result;
    sql::Statement query(*m_db,
                         "SELECT id, started_at, coalesce(ended_at, ''), first_turn_idx, "
                         "begun_here FROM session WHERE conversation_id = ? "
                         "ORDER BY first_turn_idx, started_at, id");
    query.bind(1, conversationId);
    while (query.next()) {
        result.append(LiveSession {query.int64(0), conversationId, parseTime(query.text(1)),
                                   parseTime(query.text(2)), query.integer(3),
                                   query.integer(4) != 0});
    }
    return result;
}

void Store::addSessions(qint64 conversationId, const QVector<LiveSession> &sessions, int turnCount)
{
    if (turnCount < 0 && m_adding) // indexes dropped for a bulk write: counting needs them
        m_adding->restoreIndexes();
    transaction([&] {
        int count = turnCount;
        if (count < 0) {
            sql::Statement turns(*m_db, "SELECT count(*) FROM turn WHERE conversation_id = ?");
            turns.bind(1, conversationId);
            count = turns.next() ? turns.integer(0) : 0;
        }
        sql::Statement exists(*m_db, "SELECT 1 FROM conversation WHERE id = ?");
        if (!exists.bind(1, conversationId).next())
            throw Error(tr("%1: there is no conversation %2.")
                            .arg(path(), QString::number(conversationId)));
        sql::Statement insert(*m_db,
                              "INSERT INTO session(conversation_id, started_at, ended_at, "
                              "first_turn_idx, begun_here) VALUES (?, ?, ?, ?, 0)");
        for (const LiveSession &s : sessions) {
            if (!s.startedAt.isValid() || s.firstTurnIndex < 0 || s.firstTurnIndex > count)
                throw Error(
                    tr("%1: a session of conversation %2 needs a start and a first turn "
                       "from 0 to %3.")
                        .arg(path(), QString::number(conversationId), QString::number(count)));
            insert.bind(1, conversationId)
                .bind(2, timestamp(s.startedAt))
                .bindNullIfEmpty(3, timestamp(s.endedAt))
                .bind(4, qint64(s.firstTurnIndex))
                .run();
        }
    });
}

void Store::setCondition(qint64 conversationId, const QString &conditionKey)
{
    transaction([&] {
        sql::Statement query(*m_db,
                             "SELECT coalesce(condition, '') FROM conversation WHERE id = ?");
        query.bind(1, conversationId);
        if (!query.next())
            throw Error(tr("%1: there is no conversation %2.")
                            .arg(path(), QString::number(conversationId)));
        const QString current = query.text(0);
        if (current == conditionKey)
            return;
        if (!current.isEmpty())
            throw Error(tr("%1: conversation %2 was held with the condition \"%3\", not \"%4\".")
                            .arg(path(), QString::number(conversationId), current, conditionKey));
        sql::Statement(*m_db, "UPDATE conversation SET condition = ? WHERE id = ?")
            .bindNullIfEmpty(1, conditionKey)
            .bind(2, conversationId)
            .run();
    });
    notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
}

qint64 Store::appendTurn(qint64 conversationId, const QString &role, const QString &text,
                         const QJsonObject &meta)
{
    if (!roleFromKey(role))
        throw Error(tr("%1: \"%2\" is not a role; the roles are %3.")
                        .arg(path(), role, keysOf<Role>().join(QStringLiteral(", "))));
    return transaction([&] {
        requireLive(conversationId);
        sql::Statement next(*m_db,
                            "SELECT coalesce(max(idx) + 1, 0) FROM turn "
                            "WHERE conversation_id = ?");
        next.bind(1, conversationId);
        next.next();
        const int index = next.integer(0);
        sql::Statement insert(*m_db,
                              "INSERT INTO turn(conversation_id, idx, role, text, created_at, "
                              "meta) VALUES (?, ?, ?, ?, ?, ?)");
        insert.bind(1, conversationId)
            .bind(2, index)
            .bind(3, role)
            .bind(4, text)
            .bind(5, now())
            .bind(6, toJson(meta))
            .run();
        const qint64 id = m_db->lastInsertId();
        turnsChanged(conversationId, index, index);
        return id;
    });
}

void Store::updateLiveTurn(qint64 turnId, const QString &text, const QJsonObject &meta)
{
    transaction([&] {
        sql::Statement where(*m_db,
                             "SELECT conversation_id, idx, json_extract(meta, '$.moved_from') "
                             "FROM turn WHERE id = ?");
        if (!where.bind(1, turnId).next())
            throw Error(tr("%1: there is no turn %2.").arg(path(), QString::number(turnId)));
        const qint64 conversationId = where.int64(0);
        const int index = where.integer(1);
        // A reply moved while it streamed (moveDivergedTurns, by a sync) stays marked so.
        QJsonObject kept = meta;
        if (!where.isNull(2) && !kept.contains(QStringLiteral("moved_from")))
            kept.insert(QStringLiteral("moved_from"), where.integer(2));
        requireLive(conversationId);
        // The full-text index holds the text it was given: take the old out, put the new in.
        sql::Statement indexed(*m_db,
                               "SELECT text FROM turn WHERE id = ? "
                               "AND id <= (SELECT indexed_upto FROM search_state)");
        indexed.bind(1, turnId);
        const bool wasIndexed = indexed.next();
        if (wasIndexed) {
            sql::Statement(*m_db,
                           "INSERT INTO turn_text(turn_text, rowid, text) VALUES('delete', ?, ?)")
                .bind(1, turnId)
                .bind(2, indexed.text(0))
                .run();
        }
        sql::Statement(*m_db, "UPDATE turn SET text = ?, meta = ? WHERE id = ?")
            .bind(1, text)
            .bind(2, toJson(kept))
            .bind(3, turnId)
            .run();
        if (wasIndexed) {
            sql::Statement(*m_db, "INSERT INTO turn_text(rowid, text) VALUES(?, ?)")
                .bind(1, turnId)
                .bind(2, text)
                .run();
        }
        turnsChanged(conversationId, index, index);
    });
}

void Store::saveDraft(qint64 conversationId, const QString &text)
{
    transaction([&] {
        requireLive(conversationId);
        if (text.isEmpty()) {
            sql::Statement(*m_db, "DELETE FROM draft WHERE conversation_id = ?")
                .bind(1, conversationId)
                .run();
            return;
        }
        sql::Statement(*m_db,
                       "INSERT OR REPLACE INTO draft(conversation_id, text, updated_at) "
                       "VALUES (?, ?, ?)")
            .bind(1, conversationId)
            .bind(2, text)
            .bind(3, now())
            .run();
    });
}

QString Store::draft(qint64 conversationId) const
{
    sql::Statement query(*m_db, "SELECT text FROM draft WHERE conversation_id = ?");
    query.bind(1, conversationId);
    return query.next() ? query.text(0) : QString();
}

int Store::markInterruptedReplies(qint64 conversationId)
{
    return transaction([&] {
        requireLive(conversationId);
        QVector<QPair<qint64, QJsonObject>> streaming;
        int first = 0;
        int last = 0;
        {
            sql::Statement query(*m_db,
                                 "SELECT id, meta, idx FROM turn WHERE conversation_id = ? "
                                 "AND json_extract(meta, '$.streaming') = 1 ORDER BY idx");
            query.bind(1, conversationId);
            while (query.next()) {
                if (streaming.isEmpty())
                    first = query.integer(2);
                last = query.integer(2);
                streaming.append({query.int64(0), parseObject(query.text(1))});
            }
        }
        sql::Statement update(*m_db, "UPDATE turn SET meta = ? WHERE id = ?");
        for (auto &[id, meta] : streaming) {
            meta.remove(QStringLiteral("streaming"));
            meta.insert(QStringLiteral("interrupted"), true);
            meta.insert(QStringLiteral("finish_reason"), QStringLiteral("crash"));
            update.bind(1, toJson(meta)).bind(2, id).run();
        }
        if (!streaming.isEmpty())
            turnsChanged(conversationId, first, last);
        return int(streaming.size());
    });
}

void Store::setAssignment(qint64 participantId, const Assignment &assignment)
{
    transaction([&] {
        sql::Statement update(*m_db, "UPDATE participant SET assignment = ? WHERE id = ?");
        update.bind(1, toJson(live::toJson(assignment))).bind(2, participantId).run();
        if (m_db->changes() != 1)
            throw Error(
                tr("%1: there is no participant %2.").arg(path(), QString::number(participantId)));
    });
}

int Store::mergeLiveConversation(qint64 conversationId, const QString &condition,
                                 const QVector<LiveSession> &sessions, const QVector<Turn> &turns,
                                 bool replaceTurns)
{
    int changed = 0;
    transaction([&] {
        if (!condition.isEmpty()) {
            sql::Statement(*m_db,
                           "UPDATE conversation SET condition = ? WHERE id = ? AND "
                           "coalesce(condition, '') = ''")
                .bind(1, condition)
                .bind(2, conversationId)
                .run();
        }
        requireLive(conversationId, true);
        for (const LiveSession &s : sessions) {
            const QString started = timestamp(s.startedAt);
            if (started.isEmpty())
                continue;
            sql::Statement existing(*m_db,
                                    "SELECT id, coalesce(ended_at, ''), first_turn_idx "
                                    "FROM session WHERE conversation_id = ? AND "
                                    "started_at = ?");
            existing.bind(1, conversationId).bind(2, started);
            const QString ended = timestamp(s.endedAt);
            if (!existing.next()) {
                sql::Statement(*m_db,
                               "INSERT INTO session(conversation_id, started_at, ended_at, "
                               "first_turn_idx, begun_here) VALUES (?, ?, ?, ?, 0)")
                    .bind(1, conversationId)
                    .bind(2, started)
                    .bindNullIfEmpty(3, ended)
                    .bind(4, s.firstTurnIndex)
                    .run();
                ++changed;
            } else {
                if (!ended.isEmpty() && existing.text(1) != ended) {
                    sql::Statement(*m_db, "UPDATE session SET ended_at = ? WHERE id = ?")
                        .bind(1, ended)
                        .bind(2, existing.int64(0))
                        .run();
                    ++changed;
                }
                // Where the sitting begins moves with its turns (moveDivergedTurns): the other
                // copy's word counts when its turns do.
                if (replaceTurns && existing.integer(2) != s.firstTurnIndex) {
                    sql::Statement(*m_db, "UPDATE session SET first_turn_idx = ? WHERE id = ?")
                        .bind(1, s.firstTurnIndex)
                        .bind(2, existing.int64(0))
                        .run();
                    ++changed;
                }
            }
        }
        QHash<int, Turn> held;
        for (const Turn &t : this->turns(conversationId))
            held.insert(t.index, t);
        int added = 0;
        int firstAdded = std::numeric_limits<int>::max();
        int lastAdded = -1;
        for (const Turn &t : turns) {
            const auto it = held.constFind(t.index);
            if (it == held.constEnd()) {
                firstAdded = std::min(firstAdded, t.index);
                lastAdded = std::max(lastAdded, t.index);
                sql::Statement(*m_db,
                               "INSERT INTO turn(conversation_id, idx, role, text, created_at, "
                               "meta) VALUES (?, ?, ?, ?, ?, ?)")
                    .bind(1, conversationId)
                    .bind(2, t.index)
                    .bind(3, roleKey(t.role))
                    .bind(4, t.text)
                    .bindNullIfEmpty(5, timestamp(t.createdAt))
                    .bind(6, toJson(t.meta))
                    .run();
                ++added;
            } else if (replaceTurns && (it->text != t.text || it->meta != t.meta)) {
                updateLiveTurn(it->id, t.text, t.meta);
                ++changed;
            }
        }
        if (added > 0)
            turnsChanged(conversationId, firstAdded, lastAdded);
        changed += added;
    });
    return changed;
}

int Store::moveDivergedTurns(qint64 conversationId, const QVector<Turn> &theirs,
                             const QVector<LiveSession> &theirSittings)
{
    const auto same = [](const Turn &a, const Turn &b) {
        return a.role == b.role && a.createdAt == b.createdAt;
    };
    return transaction([&] {
        {
            sql::Statement live(*m_db,
                                "SELECT coalesce(condition, '') FROM conversation "
                                "WHERE id = ?");
            if (!live.bind(1, conversationId).next())
                throw Error(tr("%1: there is no conversation %2.")
                                .arg(path(), QString::number(conversationId)));
            if (live.text(0).isEmpty())
                return 0; // not live here yet: merging the other copy makes it so
        }
        QHash<int, Turn> other;
        int otherLast = -1;
        for (const Turn &t : theirs) {
            other.insert(t.index, t);
            otherLast = std::max(otherLast, t.index);
        }
        QVector<Turn> mine = turns(conversationId);
        // A reply this copy took whole from the other (text and meta: its model, timings and
        // tokens) before the two were told apart by time is the other's reply: it takes the
        // other's time too. (Not a message: two alike are too easily the participant's own.)
        sql::Statement retime(*m_db, "UPDATE turn SET created_at = ? WHERE id = ?");
        int firstRetimed = -1;
        for (Turn &t : mine) {
            const auto it = other.constFind(t.index);
            if (it != other.constEnd() && !same(t, *it) && t.role == Role::Assistant
                && it->role == Role::Assistant && !t.meta.isEmpty() && t.text == it->text
                && t.meta == it->meta) {
                retime.bindNullIfEmpty(1, timestamp(it->createdAt)).bind(2, t.id).run();
                t.createdAt = it->createdAt;
                if (firstRetimed < 0)
                    firstRetimed = t.index;
            }
        }
        const auto diverged = std::find_if(mine.begin(), mine.end(), [&](const Turn &t) {
            const auto it = other.constFind(t.index);
            return it != other.constEnd() && !same(t, *it);
        });
        if (diverged == mine.end()) {
            if (firstRetimed >= 0)
                turnsChanged(conversationId, firstRetimed, mine.constLast().index);
            return 0;
        }
        // From there on, every turn of this copy's that the other does not hold at its index.
        QVector<Turn> moving;
        for (auto t = diverged; t != mine.end(); ++t) {
            const auto it = other.constFind(t->index);
            if (it == other.constEnd() || !same(*t, *it))
                moving.append(*t);
        }
        const int from = moving.constFirst().index;
        // Out of the way first (the index is unique per conversation), then into place.
        sql::Statement park(*m_db, "UPDATE turn SET idx = ? WHERE id = ?");
        for (int i = 0; i < moving.size(); ++i)
            park.bind(1, -1 - i).bind(2, moving.at(i).id).run();
        sql::Statement place(*m_db, "UPDATE turn SET idx = ?, meta = ? WHERE id = ?");
        for (int i = 0; i < moving.size(); ++i) {
            const Turn &t = moving.at(i);
            QJsonObject meta = t.meta;
            if (!meta.contains(QStringLiteral("moved_from")))
                meta.insert(QStringLiteral("moved_from"), t.index);
            place.bind(1, otherLast + 1 + i).bind(2, toJson(meta)).bind(3, t.id).run();
        }
        // Sittings begun here, and any the other copy does not hold, move with this copy's turns:
        // one its moved turns were written in (meta "session") begins at the first of them; one
        // with no turn yet that the other copy does not hold, after the moved turns before it.
        // Another machine's sittings that the other copy holds are that machine's to place.
        {
            QHash<qint64, int> firstOf; // sitting id -> new index of its first moved turn
            for (int i = 0; i < moving.size(); ++i) {
                const qint64 sitting =
                    moving.at(i).meta.value(QStringLiteral("session")).toVariant().toLongLong();
                if (sitting != 0 && !firstOf.contains(sitting))
                    firstOf.insert(sitting, otherLast + 1 + i);
            }
            QSet<QString> held;
            for (const LiveSession &s : theirSittings)
                held.insert(timestamp(s.startedAt));
            QVector<std::pair<qint64, int>> sittings;
            sql::Statement query(*m_db,
                                 "SELECT id, first_turn_idx, started_at, begun_here FROM session "
                                 "WHERE conversation_id = ? AND first_turn_idx >= ?");
            query.bind(1, conversationId).bind(2, from);
            while (query.next()) {
                const qint64 id = query.int64(0);
                const int first = query.integer(1);
                const bool heldThere = held.contains(query.text(2));
                if (heldThere && query.integer(3) == 0)
                    continue; // another machine's, and the other copy has it
                if (firstOf.contains(id)) {
                    sittings.append({id, firstOf.value(id)});
                } else if (!heldThere) {
                    const auto before =
                        std::count_if(moving.cbegin(), moving.cend(),
                                      [first](const Turn &t) { return t.index < first; });
                    sittings.append({id, otherLast + 1 + int(before)});
                }
            }
            sql::Statement update(*m_db, "UPDATE session SET first_turn_idx = ? WHERE id = ?");
            for (const auto &[id, index] : sittings)
                update.bind(1, index).bind(2, id).run();
        }
        turnsChanged(conversationId, from, otherLast + int(moving.size()));
        return int(moving.size());
    });
}

} // namespace sense7
