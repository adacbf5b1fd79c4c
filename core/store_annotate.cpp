// Store: what the annotation workspace reads and writes. Every change goes through apply(), which
// journals it so that an undo history can be rebuilt after a restart (see journal()).

#include "error.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace sense7 {

namespace {

/** A JSON value as journal text; std::nullopt for an undefined value (stored as SQL NULL). */
std::optional<QByteArray> valueText(const QJsonValue &value)
{
    if (value.isUndefined())
        return std::nullopt;
    // QJsonDocument writes only arrays and objects: wrap the value and unwrap the text.
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

QJsonValue valueFromText(const sql::Statement &query, int column)
{
    if (query.isNull(column))
        return QJsonValue::Undefined;
    const QByteArray text = QByteArray("[" + query.text(column).toUtf8() + "]");
    return QJsonDocument::fromJson(text).array().at(0);
}

void bindValue(sql::Statement &statement, int index, const QJsonValue &value)
{
    if (const auto text = valueText(value))
        statement.bind(index, *text);
    else
        statement.bind(index, nullptr);
}

bool isRatingValue(const QJsonValue &value)
{
    return value.isUndefined() || value.isNull()
        || (value.isDouble() && value.toDouble() == double(value.toInt()));
}

std::optional<int> ratingFromValue(const QJsonValue &value)
{
    if (value.isNull())
        return std::nullopt;
    return value.toInt();
}

} // namespace

void Store::apply(const Edit &edit, Origin origin)
{
    switch (edit.kind) {
    case Edit::Kind::Rating:
        if (!isRatingValue(edit.after))
            throw Error(
                tr("%1: a rating must be a whole number or \"not applicable\".").arg(path()));
        writeRating(edit.subjectId, edit.dimensionId, edit.annotatorId, !edit.after.isUndefined(),
                    ratingFromValue(edit.after), origin);
        return;
    case Edit::Kind::ConversationRating:
        writeConversationRating(edit.subjectId, edit.dimensionId, edit.annotatorId, edit.after,
                                origin);
        return;
    case Edit::Kind::Flag:
        writeFlag(edit.subjectId, edit.annotatorId, edit.after, origin);
        return;
    case Edit::Kind::Note:
        writeNote(edit.subjectId, edit.annotatorId, edit.after, origin);
        return;
    case Edit::Kind::Context:
    case Edit::Kind::Profile:
        writeForm(edit, origin);
        return;
    }
}

QJsonValue Store::currentValue(const Edit &edit) const
{
    switch (edit.kind) {
    case Edit::Kind::Rating: {
        sql::Statement query(*m_db,
                             "SELECT value FROM rating WHERE turn_id = ? AND dimension_id = ? "
                             "AND annotator_id = ?");
        query.bind(1, edit.subjectId).bind(2, edit.dimensionId).bind(3, edit.annotatorId);
        if (!query.next())
            return QJsonValue::Undefined;
        return ratingValue(query.optionalInt(0));
    }
    case Edit::Kind::ConversationRating: {
        sql::Statement query(*m_db,
                             "SELECT value FROM conversation_rating WHERE conversation_id = ? "
                             "AND dimension_id = ? AND annotator_id = ?");
        query.bind(1, edit.subjectId).bind(2, edit.dimensionId).bind(3, edit.annotatorId);
        if (!query.next())
            return QJsonValue::Undefined;
        return ratingValue(query.optionalInt(0));
    }
    case Edit::Kind::Flag: {
        sql::Statement query(*m_db,
                             "SELECT coalesce(reason, ''), refers_to_turn_id, coalesce(note, '') "
                             "FROM turn_flag WHERE turn_id = ? AND annotator_id = ? "
                             "AND kind = 'continuity_break'");
        query.bind(1, edit.subjectId).bind(2, edit.annotatorId);
        if (!query.next())
            return QJsonValue::Undefined;
        TurnFlag flag;
        flag.reason = query.text(0);
        if (!query.isNull(1))
            flag.refersToTurnId = query.int64(1);
        flag.note = query.text(2);
        return flagToJson(flag);
    }
    case Edit::Kind::Note: {
        sql::Statement query(*m_db,
                             "SELECT text FROM turn_note WHERE turn_id = ? AND annotator_id = ?");
        query.bind(1, edit.subjectId).bind(2, edit.annotatorId);
        if (!query.next())
            return QJsonValue::Undefined;
        return query.text(0);
    }
    case Edit::Kind::Context:
    case Edit::Kind::Profile: {
        sql::Statement query(*m_db,
                             edit.kind == Edit::Kind::Context
                                 ? "SELECT context FROM conversation WHERE id = ?"
                                 : "SELECT profile FROM participant WHERE id = ?");
        query.bind(1, edit.subjectId);
        if (!query.next())
            return QJsonValue::Undefined;
        return QJsonDocument::fromJson(query.text(0).toUtf8()).object();
    }
    }
    return QJsonValue::Undefined;
}

void Store::journalEdit(const Edit &edit, const QJsonValue &old, Origin origin)
{
    sql::Statement insert(*m_db,
                          "INSERT INTO edit_event(annotator_id, kind, subject_id, dimension_id, "
                          "old, new, origin, after_rating_event, at) VALUES (?, ?, ?, ?, ?, ?, ?, "
                          "(SELECT coalesce(max(id), 0) FROM rating_event), ?)");
    insert.bind(1, edit.annotatorId).bind(2, editKindKey(edit.kind)).bind(3, edit.subjectId);
    if (edit.dimensionId)
        insert.bind(4, edit.dimensionId);
    else
        insert.bind(4, nullptr);
    bindValue(insert, 5, old);
    bindValue(insert, 6, edit.after);
    insert.bind(7, originKey(origin)).bind(8, now()).run();
}

void Store::setConversationRating(qint64 conversationId, qint64 dimensionId, qint64 annotatorId,
                                  std::optional<int> value)
{
    writeConversationRating(conversationId, dimensionId, annotatorId, ratingValue(value),
                            Origin::Data);
}

void Store::writeConversationRating(qint64 conversationId, qint64 dimensionId, qint64 annotatorId,
                                    const QJsonValue &value, Origin origin)
{
    if (!isRatingValue(value))
        throw Error(tr("%1: a rating must be a whole number or \"not applicable\".").arg(path()));
    const Edit edit {Edit::Kind::ConversationRating, conversationId, dimensionId, annotatorId,
                     QJsonValue::Undefined,          value};
    const bool changed = transaction([&] {
        const std::optional<int> v =
            value.isDouble() ? std::optional<int>(value.toInt()) : std::nullopt;
        if (!value.isUndefined())
            requireOnScale(dimensionId, v, Level::Conversation);
        const QJsonValue old = currentValue(edit);
        if (old == value)
            return false;
        if (value.isUndefined()) {
            sql::Statement remove(*m_db,
                                  "DELETE FROM conversation_rating WHERE conversation_id = ? "
                                  "AND dimension_id = ? AND annotator_id = ?");
            remove.bind(1, conversationId).bind(2, dimensionId).bind(3, annotatorId).run();
        } else {
            sql::Statement upsert(
                *m_db,
                "INSERT INTO conversation_rating(conversation_id, dimension_id, annotator_id, "
                "value, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(conversation_id, "
                "dimension_id, annotator_id) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at");
            upsert.bind(1, conversationId).bind(2, dimensionId).bind(3, annotatorId).bind(4, v);
            upsert.bind(5, now()).run();
        }
        // Data that overwrites a value (an import told to replace) is journaled too: the
        // audit trail keeps what was there; undo histories skip origin "data".
        if (origin != Origin::Data || !old.isUndefined())
            journalEdit(edit, old, origin);
        return true;
    });
    if (changed)
        notify(QStringLiteral("crating %1 %2 %3")
                   .arg(conversationId)
                   .arg(dimensionId)
                   .arg(annotatorId),
               [=] {
                   Q_EMIT annotationChanged(Edit::Kind::ConversationRating, conversationId,
                                            annotatorId);
               });
}

void Store::writeFlag(qint64 turnId, qint64 annotatorId, const QJsonValue &value, Origin origin)
{
    if (!value.isUndefined() && !value.isObject())
        throw Error(tr("%1: a continuity flag must be a JSON object.").arg(path()));
    const TurnFlag flag = flagFromJson(value.toObject(), turnId, annotatorId);
    if (!flag.reason.isEmpty() && !breakReasonKeys().contains(flag.reason))
        throw Error(tr("\"%1\" is not a known reason for a continuity break.").arg(flag.reason));
    const Edit edit {Edit::Kind::Flag,
                     turnId,
                     0,
                     annotatorId,
                     QJsonValue::Undefined,
                     value.isUndefined() ? value : QJsonValue(flagToJson(flag))};
    const bool changed = transaction([&] {
        const QJsonValue old = currentValue(edit);
        if (old == edit.after)
            return false;
        if (value.isUndefined()) {
            sql::Statement remove(*m_db,
                                  "DELETE FROM turn_flag WHERE turn_id = ? AND annotator_id = ? "
                                  "AND kind = 'continuity_break'");
            remove.bind(1, turnId).bind(2, annotatorId).run();
        } else {
            sql::Statement upsert(*m_db,
                                  "INSERT INTO turn_flag(turn_id, annotator_id, kind, reason, "
                                  "refers_to_turn_id, note) VALUES (?, ?, 'continuity_break', ?, "
                                  "?, ?) ON CONFLICT(turn_id, annotator_id, kind) DO UPDATE SET "
                                  "reason = excluded.reason, refers_to_turn_id = "
                                  "excluded.refers_to_turn_id, note = excluded.note");
            upsert.bind(1, turnId).bind(2, annotatorId).bindNullIfEmpty(3, flag.reason);
            if (flag.refersToTurnId)
                upsert.bind(4, *flag.refersToTurnId);
            else
                upsert.bind(4, nullptr);
            upsert.bindNullIfEmpty(5, flag.note).run();
        }
        // Data that overwrites a value (an import told to replace) is journaled too: the
        // audit trail keeps what was there; undo histories skip origin "data".
        if (origin != Origin::Data || !old.isUndefined())
            journalEdit(edit, old, origin);
        return true;
    });
    if (changed)
        notify(QStringLiteral("flag %1 %2").arg(turnId).arg(annotatorId),
               [=] { Q_EMIT annotationChanged(Edit::Kind::Flag, turnId, annotatorId); });
}

void Store::writeNote(qint64 turnId, qint64 annotatorId, const QJsonValue &value, Origin origin)
{
    if (!value.isUndefined() && !value.isString())
        throw Error(tr("%1: a note must be text.").arg(path()));
    // An empty note is no note.
    const QJsonValue after = value.toString().isEmpty() ? QJsonValue(QJsonValue::Undefined) : value;
    const Edit edit {Edit::Kind::Note, turnId, 0, annotatorId, QJsonValue::Undefined, after};
    const bool changed = transaction([&] {
        const QJsonValue old = currentValue(edit);
        if (old == after)
            return false;
        if (after.isUndefined()) {
            sql::Statement remove(*m_db,
                                  "DELETE FROM turn_note WHERE turn_id = ? AND annotator_id = ?");
            remove.bind(1, turnId).bind(2, annotatorId).run();
        } else {
            sql::Statement upsert(*m_db,
                                  "INSERT INTO turn_note(turn_id, annotator_id, text, updated_at) "
                                  "VALUES (?, ?, ?, ?) ON CONFLICT(turn_id, annotator_id) DO "
                                  "UPDATE SET text = excluded.text, updated_at = "
                                  "excluded.updated_at");
            upsert.bind(1, turnId).bind(2, annotatorId).bind(3, after.toString()).bind(4, now());
            upsert.run();
        }
        // Data that overwrites a value (an import told to replace) is journaled too: the
        // audit trail keeps what was there; undo histories skip origin "data".
        if (origin != Origin::Data || !old.isUndefined())
            journalEdit(edit, old, origin);
        return true;
    });
    if (changed)
        notify(QStringLiteral("note %1 %2").arg(turnId).arg(annotatorId),
               [=] { Q_EMIT annotationChanged(Edit::Kind::Note, turnId, annotatorId); });
}

void Store::writeForm(const Edit &edit, Origin origin)
{
    if (!edit.after.isObject())
        throw Error(tr("%1: a form's answers must be a JSON object.").arg(path()));
    const bool changed = transaction([&] {
        const QJsonValue old = currentValue(edit);
        if (old.isUndefined())
            throw Error(
                edit.kind == Edit::Kind::Context
                    ? tr("%1: there is no conversation %2.").arg(path()).arg(edit.subjectId)
                    : tr("%1: there is no participant %2.").arg(path()).arg(edit.subjectId));
        if (old == edit.after)
            return false;
        if (edit.kind == Edit::Kind::Context)
            setConversationContext(edit.subjectId, edit.after.toObject());
        else
            setParticipantProfile(edit.subjectId, edit.after.toObject());
        if (origin != Origin::Data)
            journalEdit(edit, old, origin);
        return true;
    });
    if (changed)
        notify(QStringLiteral("form %1 %2").arg(editKindKey(edit.kind)).arg(edit.subjectId),
               [=] { Q_EMIT annotationChanged(edit.kind, edit.subjectId, edit.annotatorId); });
}

QVector<JournalEntry> Store::journal(qint64 annotatorId, int limit) const
{
    struct Keyed
    {
        qint64 ratingEvent; // the rating event this entry is, or follows
        int order; // 0: a rating event; 1: an edit event after it
        qint64 id;
        JournalEntry entry;
    };
    std::vector<Keyed> merged;
    {
        sql::Statement query(*m_db,
                             "SELECT id, turn_id, dimension_id, old_present, old_value, "
                             "new_present, new_value, origin FROM rating_event WHERE "
                             "annotator_id = ? AND origin <> 'data' ORDER BY id DESC LIMIT ?");
        query.bind(1, annotatorId).bind(2, limit);
        while (query.next()) {
            JournalEntry e;
            e.edit.kind = Edit::Kind::Rating;
            e.edit.subjectId = query.int64(1);
            e.edit.dimensionId = query.int64(2);
            e.edit.annotatorId = annotatorId;
            if (query.integer(3))
                e.edit.before = ratingValue(query.optionalInt(4));
            if (query.integer(5))
                e.edit.after = ratingValue(query.optionalInt(6));
            e.origin = originFromKey(query.text(7)).value_or(Origin::Edit);
            merged.push_back({query.int64(0), 0, query.int64(0), e});
        }
    }
    {
        sql::Statement query(*m_db,
                             "SELECT id, kind, subject_id, coalesce(dimension_id, 0), old, new, "
                             "origin, after_rating_event FROM edit_event WHERE annotator_id = ? "
                             "AND origin <> 'data' ORDER BY id DESC LIMIT ?");
        query.bind(1, annotatorId).bind(2, limit);
        while (query.next()) {
            const auto kind = editKindFromKey(query.text(1));
            if (!kind)
                continue;
            JournalEntry e;
            e.edit.kind = *kind;
            e.edit.subjectId = query.int64(2);
            e.edit.dimensionId = query.int64(3);
            e.edit.annotatorId = annotatorId;
            e.edit.before = valueFromText(query, 4);
            e.edit.after = valueFromText(query, 5);
            e.origin = originFromKey(query.text(6)).value_or(Origin::Edit);
            merged.push_back({query.int64(7), 1, query.int64(0), e});
        }
    }
    std::sort(merged.begin(), merged.end(), [](const Keyed &a, const Keyed &b) {
        return std::tie(a.ratingEvent, a.order, a.id) < std::tie(b.ratingEvent, b.order, b.id);
    });
    QVector<JournalEntry> result;
    const int skip = std::max(0, int(merged.size()) - limit);
    for (std::size_t i = std::size_t(skip); i < merged.size(); ++i)
        result.append(merged[i].entry);
    return result;
}

QHash<qint64, QHash<qint64, std::optional<int>>> Store::turnRatings(qint64 conversationId,
                                                                    qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT r.turn_id, r.dimension_id, r.value FROM rating r JOIN turn t "
                         "ON t.id = r.turn_id WHERE t.conversation_id = ? AND r.annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, QHash<qint64, std::optional<int>>> result;
    while (query.next())
        result[query.int64(0)].insert(query.int64(1), query.optionalInt(2));
    return result;
}

QHash<qint64, std::optional<int>> Store::conversationRatings(qint64 conversationId,
                                                             qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT dimension_id, value FROM conversation_rating "
                         "WHERE conversation_id = ? AND annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, std::optional<int>> result;
    while (query.next())
        result.insert(query.int64(0), query.optionalInt(1));
    return result;
}

QHash<qint64, TurnFlag> Store::flags(qint64 conversationId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT f.id, f.turn_id, f.kind, coalesce(f.reason, ''), "
                         "f.refers_to_turn_id, coalesce(f.note, '') FROM turn_flag f JOIN turn t "
                         "ON t.id = f.turn_id WHERE t.conversation_id = ? AND f.annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, TurnFlag> result;
    while (query.next()) {
        TurnFlag flag;
        flag.id = query.int64(0);
        flag.turnId = query.int64(1);
        flag.annotatorId = annotatorId;
        flag.kind = query.text(2);
        flag.reason = query.text(3);
        if (!query.isNull(4))
            flag.refersToTurnId = query.int64(4);
        flag.note = query.text(5);
        result.insert(flag.turnId, flag);
    }
    return result;
}

QHash<qint64, QString> Store::notes(qint64 conversationId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT n.turn_id, n.text FROM turn_note n JOIN turn t ON t.id = "
                         "n.turn_id WHERE t.conversation_id = ? AND n.annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, QString> result;
    while (query.next())
        result.insert(query.int64(0), query.text(1));
    return result;
}

QVector<Annotator> Store::annotators() const
{
    sql::Statement query(*m_db, "SELECT id, code, kind FROM annotator ORDER BY id");
    QVector<Annotator> result;
    while (query.next())
        result.append({query.int64(0), query.text(1),
                       annotatorKindFromKey(query.text(2)).value_or(AnnotatorKind::Observer)});
    return result;
}

QVector<qint64> Store::fullyRatedTurns(qint64 annotatorId, qint64 participantId,
                                       qint64 notRatedBy) const
{
    sql::Statement query(*m_db, R"sql(
        WITH primary_dims AS (
            SELECT id FROM dimension WHERE level = 'turn'
               AND instrument_id = (SELECT min(id) FROM instrument))
        SELECT r.turn_id FROM rating r
          JOIN turn t ON t.id = r.turn_id
          JOIN conversation c ON c.id = t.conversation_id
         WHERE r.annotator_id = ?1 AND r.dimension_id IN (SELECT id FROM primary_dims)
           AND (?2 = 0 OR c.participant_id = ?2)
           AND NOT EXISTS (SELECT 1 FROM rating x WHERE x.turn_id = r.turn_id
                                                    AND x.annotator_id = ?3)
         GROUP BY r.turn_id HAVING count(*) = (SELECT count(*) FROM primary_dims)
         ORDER BY r.turn_id)sql");
    query.bind(1, annotatorId).bind(2, participantId).bind(3, notRatedBy);
    QVector<qint64> result;
    while (query.next())
        result.append(query.int64(0));
    return result;
}

} // namespace sense7
