// Store: annotators and what they record: ratings, flags, notes and forms. Every change goes
// through apply(), which journals it so that an undo history can be rebuilt after a restart.

#include "error.h"
#include "store.h"
#include "store_p.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace sense7 {

using namespace storage;

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

/**
 * Where one kind of annotation lives: a table with one row per subject (a turn or a
 * conversation), annotator and, for ratings, dimension. Every statement takes the subject as ?1,
 * the annotator as ?2 and the dimension as ?3; the upsert takes the value's columns after them.
 */
struct AnnotationTable
{
    Edit::Kind kind;
    bool hasDimension;
    const char *select;
    const char *remove;
    const char *upsert;
    /** The value of the row \a select found, as an Edit holds it. */
    QJsonValue (*read)(const sql::Statement &row);
    /** Binds \a edit's after value (checked, defined) to the upsert's value columns and \a at. */
    void (*bindValue)(sql::Statement &upsert, const Edit &edit, const QString &at);
};

QJsonValue readRating(const sql::Statement &row)
{
    return (row.isNull(0) ? Rating::notApplicable() : Rating(row.integer(0))).toJson();
}

void bindRating(sql::Statement &upsert, const Edit &edit, const QString &at)
{
    upsert.bind(4, Rating::fromJson(edit.after).value_or(Rating()).number()).bind(5, at);
}

QJsonValue readFlag(const sql::Statement &row)
{
    TurnFlag flag;
    flag.reason = row.text(0);
    if (!row.isNull(1))
        flag.refersToTurnId = row.int64(1);
    flag.note = row.text(2);
    return flagToJson(flag);
}

void bindFlag(sql::Statement &upsert, const Edit &edit, const QString &)
{
    const TurnFlag flag = flagFromJson(edit.after.toObject(), edit.subjectId, edit.annotatorId);
    upsert.bindNullIfEmpty(3, flag.reason);
    if (flag.refersToTurnId)
        upsert.bind(4, *flag.refersToTurnId);
    else
        upsert.bind(4, nullptr);
    upsert.bindNullIfEmpty(5, flag.note);
}

QJsonValue readNote(const sql::Statement &row)
{
    return row.text(0);
}

void bindNote(sql::Statement &upsert, const Edit &edit, const QString &at)
{
    upsert.bind(3, edit.after.toString()).bind(4, at);
}

const AnnotationTable &tableOf(Edit::Kind kind)
{
    static const AnnotationTable tables[] = {
        {Edit::Kind::Rating, true,
         "SELECT value FROM rating WHERE turn_id = ?1 AND annotator_id = ?2 AND dimension_id = ?3",
         "DELETE FROM rating WHERE turn_id = ?1 AND annotator_id = ?2 AND dimension_id = ?3",
         "INSERT INTO rating(turn_id, annotator_id, dimension_id, value, updated_at) "
         "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(turn_id, dimension_id, annotator_id) "
         "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
         readRating, bindRating},
        {Edit::Kind::ConversationRating, true,
         "SELECT value FROM conversation_rating WHERE conversation_id = ?1 AND annotator_id = ?2 "
         "AND dimension_id = ?3",
         "DELETE FROM conversation_rating WHERE conversation_id = ?1 AND annotator_id = ?2 "
         "AND dimension_id = ?3",
         "INSERT INTO conversation_rating(conversation_id, annotator_id, dimension_id, value, "
         "updated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(conversation_id, dimension_id, "
         "annotator_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
         readRating, bindRating},
        {Edit::Kind::Flag, false,
         "SELECT coalesce(reason, ''), refers_to_turn_id, coalesce(note, '') FROM turn_flag "
         "WHERE turn_id = ?1 AND annotator_id = ?2 AND kind = 'continuity_break'",
         "DELETE FROM turn_flag WHERE turn_id = ?1 AND annotator_id = ?2 "
         "AND kind = 'continuity_break'",
         "INSERT INTO turn_flag(turn_id, annotator_id, kind, reason, refers_to_turn_id, note) "
         "VALUES (?1, ?2, 'continuity_break', ?3, ?4, ?5) ON CONFLICT(turn_id, annotator_id, "
         "kind) DO UPDATE SET reason = excluded.reason, refers_to_turn_id = "
         "excluded.refers_to_turn_id, note = excluded.note",
         readFlag, bindFlag},
        {Edit::Kind::Note, false,
         "SELECT text FROM turn_note WHERE turn_id = ?1 AND annotator_id = ?2",
         "DELETE FROM turn_note WHERE turn_id = ?1 AND annotator_id = ?2",
         "INSERT INTO turn_note(turn_id, annotator_id, text, updated_at) VALUES (?1, ?2, ?3, ?4) "
         "ON CONFLICT(turn_id, annotator_id) DO UPDATE SET text = excluded.text, "
         "updated_at = excluded.updated_at",
         readNote, bindNote},
    };
    for (const AnnotationTable &table : tables) {
        if (table.kind == kind)
            return table;
    }
    Q_UNREACHABLE();
}

bool isAnnotation(Edit::Kind kind)
{
    return kind == Edit::Kind::Rating || kind == Edit::Kind::ConversationRating
        || kind == Edit::Kind::Flag || kind == Edit::Kind::Note;
}

sql::Statement &bindKey(sql::Statement &statement, const AnnotationTable &table, const Edit &edit)
{
    statement.bind(1, edit.subjectId).bind(2, edit.annotatorId);
    if (table.hasDimension)
        statement.bind(3, edit.dimensionId);
    return statement;
}

} // namespace

void Store::apply(const Edit &edit, Origin origin)
{
    if (isAnnotation(edit.kind))
        writeAnnotation(edit, origin);
    else
        writeForm(edit, origin);
}

QJsonValue Store::currentValue(const Edit &edit) const
{
    if (isAnnotation(edit.kind)) {
        const AnnotationTable &table = tableOf(edit.kind);
        sql::Statement query(*m_db, table.select);
        bindKey(query, table, edit);
        return query.next() ? table.read(query) : QJsonValue(QJsonValue::Undefined);
    }
    sql::Statement query(*m_db,
                         edit.kind == Edit::Kind::Context
                             ? "SELECT context FROM conversation WHERE id = ?"
                             : "SELECT profile FROM participant WHERE id = ?");
    query.bind(1, edit.subjectId);
    if (!query.next())
        return QJsonValue::Undefined;
    return QJsonDocument::fromJson(query.text(0).toUtf8()).object();
}

Rating Store::rating(qint64 turnId, qint64 dimensionId, qint64 annotatorId) const
{
    return Rating::fromJson(currentValue({Edit::Kind::Rating, turnId, dimensionId, annotatorId}))
        .value_or(Rating());
}

QJsonValue Store::checkedValue(const Edit &edit) const
{
    const QJsonValue &value = edit.after;
    switch (edit.kind) {
    case Edit::Kind::Rating:
    case Edit::Kind::ConversationRating:
        if (const auto rating = Rating::fromJson(value))
            return rating->toJson();
        throw Error(tr("%1: a rating must be a whole number or \"not applicable\".").arg(path()));
    case Edit::Kind::Flag: {
        if (value.isUndefined())
            return value;
        if (!value.isObject())
            throw Error(tr("%1: a continuity flag must be a JSON object.").arg(path()));
        const TurnFlag flag = flagFromJson(value.toObject(), edit.subjectId, edit.annotatorId);
        if (!flag.reason.isEmpty() && !breakReasonKeys().contains(flag.reason))
            throw Error(
                tr("\"%1\" is not a known reason for a continuity break.").arg(flag.reason));
        return flagToJson(flag);
    }
    case Edit::Kind::Note:
        if (!value.isUndefined() && !value.isString())
            throw Error(tr("%1: a note must be text.").arg(path()));
        // An empty note is no note.
        return value.toString().isEmpty() ? QJsonValue(QJsonValue::Undefined) : value;
    case Edit::Kind::Context:
    case Edit::Kind::Profile:
        break;
    }
    return value;
}

void Store::writeAnnotation(const Edit &requested, Origin origin)
{
    const AnnotationTable &table = tableOf(requested.kind);
    Edit edit = requested;
    edit.before = QJsonValue::Undefined;
    edit.after = checkedValue(requested);
    const bool changed = transaction([&] {
        if (table.hasDimension && !edit.after.isUndefined())
            requireOnScale(edit.dimensionId, *Rating::fromJson(edit.after),
                           edit.kind == Edit::Kind::Rating ? Level::Turn : Level::Conversation);
        const QJsonValue old = currentValue(edit);
        if (old == edit.after)
            return false;
        const QString at = now();
        if (edit.after.isUndefined()) {
            sql::Statement remove(*m_db, table.remove);
            bindKey(remove, table, edit).run();
        } else {
            sql::Statement upsert(*m_db, table.upsert);
            table.bindValue(bindKey(upsert, table, edit), edit, at);
            upsert.run();
        }
        if (edit.kind == Edit::Kind::Rating)
            journalRating(edit, old, origin, at);
        // Data that overwrites a value (an import told to replace) is journaled too: the
        // audit trail keeps what was there; undo histories skip origin "data".
        else if (origin != Origin::Data || !old.isUndefined())
            journalEdit(edit, old, origin);
        return true;
    });
    if (!changed)
        return;
    const Edit::Kind kind = edit.kind;
    const qint64 subject = edit.subjectId, dimension = edit.dimensionId,
                 annotator = edit.annotatorId;
    notify(QStringLiteral("%1 %2 %3 %4")
               .arg(editKindKey(kind), QString::number(subject), QString::number(dimension),
                    QString::number(annotator)),
           [=] {
               if (kind == Edit::Kind::Rating)
                   Q_EMIT ratingChanged(subject, dimension, annotator);
               else
                   Q_EMIT annotationChanged(kind, subject, annotator);
           });
}

void Store::journalRating(const Edit &edit, const QJsonValue &old, Origin origin, const QString &at)
{
    const Rating before = Rating::fromJson(old).value_or(Rating());
    const Rating after = Rating::fromJson(edit.after).value_or(Rating());
    sql::Statement journal(
        *m_db,
        "INSERT INTO rating_event(turn_id, dimension_id, annotator_id, old_present, "
        "old_value, new_present, new_value, at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    journal.bind(1, edit.subjectId).bind(2, edit.dimensionId).bind(3, edit.annotatorId);
    journal.bind(4, int(before.isSet())).bind(5, before.number());
    journal.bind(6, int(after.isSet())).bind(7, after.number());
    journal.bind(8, at).bind(9, originKey(origin)).run();
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

void Store::setRating(qint64 turnId, qint64 dimensionId, qint64 annotatorId, Rating value,
                      Origin origin)
{
    writeAnnotation({Edit::Kind::Rating, turnId, dimensionId, annotatorId, {}, value.toJson()},
                    origin);
}

void Store::clearRating(qint64 turnId, qint64 dimensionId, qint64 annotatorId, Origin origin)
{
    setRating(turnId, dimensionId, annotatorId, Rating(), origin);
}

void Store::setConversationRating(qint64 conversationId, qint64 dimensionId, qint64 annotatorId,
                                  Rating value)
{
    writeAnnotation({Edit::Kind::ConversationRating,
                     conversationId,
                     dimensionId,
                     annotatorId,
                     {},
                     value.toJson()},
                    Origin::Data);
}

void Store::writeForm(const Edit &edit, Origin origin)
{
    if (!edit.after.isObject())
        throw Error(tr("%1: a form's answers must be a JSON object.").arg(path()));
    const bool changed = transaction([&] {
        const QJsonValue old = currentValue(edit);
        if (old.isUndefined())
            throw Error(edit.kind == Edit::Kind::Context
                            ? tr("%1: there is no conversation %2.")
                                  .arg(path(), QString::number(edit.subjectId))
                            : tr("%1: there is no participant %2.")
                                  .arg(path(), QString::number(edit.subjectId)));
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
        notify(QStringLiteral("form %1 %2")
                   .arg(editKindKey(edit.kind), QString::number(edit.subjectId)),
               [=] { Q_EMIT annotationChanged(edit.kind, edit.subjectId, edit.annotatorId); });
}

QVector<JournalEntry> Store::journal(qint64 annotatorId, int limit) const
{
    // Turn ratings are journaled in rating_event, other edits in edit_event, which says after
    // which rating event each came: one order over both, the last \a limit of each first.
    sql::Statement query(*m_db, R"sql(
        SELECT * FROM (
            SELECT id AS after_event, 0 AS source, id, 'rating' AS kind, turn_id AS subject,
                   dimension_id, old_present, old_value, new_present, new_value,
                   NULL AS old, NULL AS new, origin
              FROM rating_event WHERE annotator_id = ?1 AND origin <> 'data'
             ORDER BY id DESC LIMIT ?2)
        UNION ALL
        SELECT * FROM (
            SELECT after_rating_event, 1, id, kind, subject_id, coalesce(dimension_id, 0),
                   0, NULL, 0, NULL, old, new, origin
              FROM edit_event WHERE annotator_id = ?1 AND origin <> 'data'
             ORDER BY id DESC LIMIT ?2)
        ORDER BY 1 DESC, 2 DESC, 3 DESC LIMIT ?2)sql");
    query.bind(1, annotatorId).bind(2, limit);
    QVector<JournalEntry> result;
    while (query.next()) {
        const auto kind = editKindFromKey(query.text(3));
        if (!kind)
            continue;
        JournalEntry e;
        e.edit.kind = *kind;
        e.edit.subjectId = query.int64(4);
        e.edit.dimensionId = query.int64(5);
        e.edit.annotatorId = annotatorId;
        if (query.integer(1) == 0) {
            const auto rating = [&](int present, int value) {
                if (!query.integer(present))
                    return Rating();
                return query.isNull(value) ? Rating::notApplicable() : Rating(query.integer(value));
            };
            e.edit.before = rating(6, 7).toJson();
            e.edit.after = rating(8, 9).toJson();
        } else {
            e.edit.before = valueFromText(query, 10);
            e.edit.after = valueFromText(query, 11);
        }
        e.origin = originFromKey(query.text(12)).value_or(Origin::Edit);
        result.append(e);
    }
    std::reverse(result.begin(), result.end());
    return result;
}

QHash<qint64, QHash<qint64, Rating>> Store::turnRatings(qint64 conversationId,
                                                        qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT r.turn_id, r.dimension_id, r.value FROM rating r JOIN turn t "
                         "ON t.id = r.turn_id WHERE t.conversation_id = ? AND r.annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, QHash<qint64, Rating>> result;
    while (query.next())
        result[query.int64(0)].insert(query.int64(1),
                                      Rating::orNotApplicable(query.optionalInt(2)));
    return result;
}

QHash<qint64, Rating> Store::conversationRatings(qint64 conversationId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT dimension_id, value FROM conversation_rating "
                         "WHERE conversation_id = ? AND annotator_id = ?");
    query.bind(1, conversationId).bind(2, annotatorId);
    QHash<qint64, Rating> result;
    while (query.next())
        result.insert(query.int64(0), Rating::orNotApplicable(query.optionalInt(1)));
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
        WITH asked(dimension_id, role) AS (
            SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?4))
        SELECT r.turn_id FROM rating r
          JOIN turn t ON t.id = r.turn_id
          JOIN conversation c ON c.id = t.conversation_id
          JOIN asked a ON a.dimension_id = r.dimension_id AND a.role = t.role
         WHERE r.annotator_id = ?1
           AND (?2 = 0 OR c.participant_id = ?2)
           AND NOT EXISTS (SELECT 1 FROM rating x WHERE x.turn_id = r.turn_id
                                                    AND x.annotator_id = ?3)
         GROUP BY r.turn_id, t.role
        HAVING count(*) = (SELECT count(*) FROM asked x WHERE x.role = t.role)
         ORDER BY r.turn_id)sql");
    query.bind(1, annotatorId)
        .bind(2, participantId)
        .bind(3, notRatedBy)
        .bind(4, QString::fromUtf8(requiredCellsJson(requiredTurnCells())));
    QVector<qint64> result;
    while (query.next())
        result.append(query.int64(0));
    return result;
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

qint64 Store::selfAnnotatorId() const
{
    sql::Statement query(*m_db, "SELECT id FROM annotator WHERE code = 'self'");
    return query.next() ? query.int64(0) : 0;
}

void Store::requireOnScale(qint64 dimensionId, Rating value, Level level) const
{
    sql::Statement scale(*m_db,
                         "SELECT scale_min, scale_max, key, level FROM dimension WHERE id = ?");
    scale.bind(1, dimensionId);
    if (!scale.next())
        throw Error(tr("%1: there is no dimension %2.").arg(path(), QString::number(dimensionId)));
    if (scale.text(3) != levelKey(level))
        throw Error(
            level == Level::Turn
                ? tr("%1: \"%2\" rates whole conversations, not turns.").arg(path(), scale.text(2))
                : tr("%1: \"%2\" rates turns, not whole conversations.")
                      .arg(path(), scale.text(2)));
    if (value.hasValue() && (value.value() < scale.integer(0) || value.value() > scale.integer(1)))
        throw Error(tr("%1: %2 is outside the scale %3–%4 of \"%5\".")
                        .arg(path(), QString::number(value.value()),
                             QString::number(scale.integer(0)), QString::number(scale.integer(1)),
                             scale.text(2)));
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

qint64 Store::ratingEventCount() const
{
    return count(*m_db, "SELECT count(*) FROM rating_event");
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

QVector<RatedCell> Store::ratedCells(qint64 annotatorId, qint64 dimensionId, qint64 participantId,
                                     bool withNotApplicable) const
{
    QVector<RatedCell> cells;
    sql::Statement query(*m_db,
                         dimensionId != 0
                             ? "SELECT r.turn_id, r.dimension_id, c.participant_id, r.value, c.id "
                               "FROM rating r JOIN turn t ON t.id = r.turn_id "
                               "JOIN conversation c ON c.id = t.conversation_id "
                               "WHERE r.dimension_id = ?1 AND r.annotator_id = ?2 "
                               "AND (?4 OR r.value IS NOT NULL) "
                               "AND (?3 = 0 OR c.participant_id = ?3) ORDER BY r.turn_id"
                             : "SELECT r.turn_id, r.dimension_id, c.participant_id, r.value, c.id "
                               "FROM rating r JOIN dimension d ON d.id = r.dimension_id "
                               "JOIN turn t ON t.id = r.turn_id "
                               "JOIN conversation c ON c.id = t.conversation_id "
                               "WHERE ?1 = 0 AND r.annotator_id = ?2 "
                               "AND (?4 OR r.value IS NOT NULL) "
                               "AND (?3 = 0 OR c.participant_id = ?3) "
                               "ORDER BY r.turn_id, d.position");
    query.bind(1, dimensionId).bind(2, annotatorId).bind(3, participantId);
    query.bind(4, withNotApplicable ? 1 : 0);
    while (query.next()) {
        const bool notApplicable = query.isNull(3);
        cells.append({query.int64(0), query.int64(1), query.int64(2),
                      notApplicable ? 0 : query.integer(3), query.int64(4), notApplicable});
    }
    return cells;
}

QVector<RatedTurn> Store::ratedTurns(qint64 annotatorId, qint64 dimensionId) const
{
    sql::Statement query(*m_db,
                         "SELECT r.turn_id, c.id, p.code, COALESCE(c.agent, ''), r.value "
                         "FROM rating r JOIN turn t ON t.id = r.turn_id "
                         "JOIN conversation c ON c.id = t.conversation_id "
                         "JOIN participant p ON p.id = c.participant_id "
                         "WHERE r.dimension_id = ?1 AND r.annotator_id = ?2 "
                         "AND r.value IS NOT NULL ORDER BY p.code, c.id, t.idx");
    query.bind(1, dimensionId).bind(2, annotatorId);
    QVector<RatedTurn> out;
    while (query.next())
        out.append(
            {query.int64(0), query.int64(1), query.text(2), query.text(3), query.integer(4)});
    return out;
}

QHash<qint64, Rating> Store::ratingsOfTurn(qint64 turnId, qint64 annotatorId) const
{
    sql::Statement query(*m_db,
                         "SELECT dimension_id, value FROM rating WHERE turn_id = ? "
                         "AND annotator_id = ?");
    query.bind(1, turnId).bind(2, annotatorId);
    QHash<qint64, Rating> result;
    while (query.next())
        result.insert(query.int64(0), Rating::orNotApplicable(query.optionalInt(1)));
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
