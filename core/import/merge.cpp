// Merging a conversation the data set holds already, and reporting what disagrees.

#include "store.h"
#include "writer.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace sense7::import {

namespace {

/** The turns as the reader read them, back from their encoded form. */
QVector<Turn> decoded(const EncodedTurns &encoded)
{
    QVector<Turn> turns;
    turns.reserve(encoded.size());
    for (int i = 0; i < encoded.size(); ++i) {
        const EncodedTurns::Row &row = encoded.rows[i];
        Turn t;
        t.index = i;
        t.role = row.role;
        t.text = QString::fromUtf8(encoded.view(row.text, row.textSize));
        if (row.createdAtSize > 0)
            t.createdAt = QDateTime::fromString(
                QString::fromUtf8(encoded.view(row.createdAt, row.createdAtSize)),
                Qt::ISODateWithMs);
        t.meta =
            QJsonDocument::fromJson(encoded.view(row.meta, row.metaSize).toByteArray()).object();
        turns.append(std::move(t));
    }
    return turns;
}

/** Whether \a incoming is \a held with more turns after it: the same roles and texts first. */
bool continues(const QVector<Turn> &incoming, const QVector<Turn> &held)
{
    if (incoming.size() <= held.size())
        return false;
    for (int i = 0; i < held.size(); ++i)
        if (incoming[i].role != held[i].role || incoming[i].text != held[i].text)
            return false;
    return true;
}

} // namespace

Conflict Writer::conflictIn(const ImportedConversation &c, const char *what, int turn,
                            const QString &rater) const
{
    Conflict conflict;
    conflict.where = c.where;
    conflict.what = QString::fromLatin1(what);
    conflict.conversation =
        !c.conversation.sourceId.isEmpty() ? c.conversation.sourceId : c.conversation.contentHash;
    conflict.turn = turn;
    conflict.rater = rater;
    return conflict;
}

bool Writer::compareRating(Rating current, Rating incoming, Conflict conflict)
{
    if (current == incoming) {
        ++m_summary.ratingsUnchanged;
        return false;
    }
    if (!current.isSet()) {
        ++m_summary.ratings;
        return true;
    }
    ++m_summary.ratingsConflicting;
    conflict.existing = current.toJson();
    conflict.incoming = incoming.toJson();
    return disagree(std::move(conflict));
}

bool Writer::disagree(Conflict conflict)
{
    conflict.file = m_summary.file;
    if (m_options.onConflict == OnConflict::Fail)
        throw Error(Importer::tr("%1. The import stops at the first disagreement (on conflict: "
                                 "fail); nothing of %2 was imported.")
                        .arg(conflict.description(), m_summary.file));
    // Context answers are one form, not one value: always kept, only reported.
    // Nor are a live conversation's condition, sessions and turns, or the participant's
    // assignment: they are how the study was run where it was run, not values to choose between.
    static const QSet<QString> keptAlways {QStringLiteral("context"),    QStringLiteral("profile"),
                                           QStringLiteral("condition"),  QStringLiteral("sessions"),
                                           QStringLiteral("assignment"), QStringLiteral("turns")};
    conflict.replaced =
        m_options.onConflict == OnConflict::Replace && !keptAlways.contains(conflict.what);
    ++m_summary.conflicts;
    m_summary.warnings << conflict.text();
    m_summary.conflictList << conflict;
    return conflict.replaced;
}

void Writer::merge(ImportedConversation &c, qint64 existingId)
{
    if (existingId == 0)
        return;
    QVector<Turn> turns = m_store.turns(existingId);
    bool added = false;
    if (turns.size() != c.encoded.size()) {
        // The same live conversation (its hash is fixed when it starts) shared again after it
        // went on: the turns it grew by are added when those held here begin it unchanged.
        // Anything else would be an astonishing hash collision. Not guessed: said.
        const QVector<Turn> incoming = decoded(c.encoded);
        if (!c.conversation.condition.isEmpty() && continues(incoming, turns)) {
            m_store.mergeLiveConversation(existingId, c.conversation.condition, c.sessions,
                                          incoming, false);
            m_summary.turns += incoming.size() - turns.size();
            turns = m_store.turns(existingId);
            added = true;
        } else {
            Conflict conflict = conflictIn(c, "turns", -1, QString());
            conflict.existing = int(turns.size());
            conflict.incoming = int(c.encoded.size());
            disagree(std::move(conflict));
            return;
        }
    }
    c.encoded.ids.resize(turns.size());
    for (int i = 0; i < turns.size(); ++i)
        c.encoded.ids[i] = turns[i].id;

    // Ratings: the same rater's rating of the same thing either agrees, is new, or disagrees.
    QHash<qint64, QHash<qint64, QHash<qint64, Rating>>> turnRatings; // by rater
    QHash<qint64, QHash<qint64, Rating>> conversationRatings; // by rater
    for (const ImportedRating &r : ratedOnce(c)) {
        const QString &where = r.where.isEmpty() ? c.where : r.where;
        const Dimension &d = dimension(r.dimension, where);
        const Rating incoming = checkedRating(r, d, where);
        const qint64 who = annotator(r.annotator, r.kind, where);
        if (!turnRatings.contains(who)) {
            turnRatings.insert(who, m_store.turnRatings(existingId, who));
            conversationRatings.insert(who, m_store.conversationRatings(existingId, who));
        }
        const Rating current = r.turnIndex >= 0
            ? turnRatings[who].value(c.encoded.ids[r.turnIndex]).value(d.id)
            : conversationRatings[who].value(d.id);
        Conflict conflict = conflictIn(c, r.turnIndex >= 0 ? "rating" : "conversation_rating",
                                       r.turnIndex, r.annotator);
        conflict.dimension = r.dimension;
        if (!compareRating(current, incoming, std::move(conflict)))
            continue;
        try {
            if (r.turnIndex >= 0)
                m_store.setRating(c.encoded.ids[r.turnIndex], d.id, who, incoming);
            else
                m_store.setConversationRating(existingId, d.id, who, incoming);
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(where, e.message()));
        }
        added = true;
    }

    for (const ImportedFlag &f : std::as_const(c.flags)) {
        const qint64 who = annotator(f.annotator, f.kind, f.where.isEmpty() ? c.where : f.where);
        const auto flags = m_store.flags(existingId, who);
        const qint64 turn = c.encoded.ids[f.turnIndex];
        TurnFlag flag;
        flag.turnId = turn;
        flag.annotatorId = who;
        flag.reason = f.reason;
        flag.note = f.note;
        if (f.refersTo && *f.refersTo >= 0 && *f.refersTo < c.encoded.size())
            flag.refersToTurnId = c.encoded.ids[*f.refersTo];
        if (const auto it = flags.find(turn); it != flags.end()) {
            const bool sameDetails =
                it->note == flag.note && it->refersToTurnId == flag.refersToTurnId;
            if (it->reason == f.reason && sameDetails)
                continue;
            // The same flag with a note or a lost turn it lacked: filled in, nothing replaced.
            const bool fillsIn = it->reason == f.reason
                && (it->note.isEmpty() || it->note == f.note)
                && (!it->refersToTurnId || it->refersToTurnId == flag.refersToTurnId);
            if (!fillsIn) {
                Conflict conflict = conflictIn(c, "flag", f.turnIndex, f.annotator);
                if (it->reason != f.reason) {
                    conflict.existing = it->reason;
                    conflict.incoming = f.reason;
                } else {
                    const auto shown = [&c](const TurnFlag &t) {
                        const int lost =
                            t.refersToTurnId ? int(c.encoded.ids.indexOf(*t.refersToTurnId)) : -1;
                        return QJsonObject {
                            {QStringLiteral("reason"), t.reason},
                            {QStringLiteral("note"), t.note},
                            {QStringLiteral("refers_to"),
                             lost >= 0 ? QJsonValue(lost) : QJsonValue(QJsonValue::Null)}};
                    };
                    conflict.existing = shown(*it);
                    conflict.incoming = shown(flag);
                }
                if (!disagree(std::move(conflict)))
                    continue;
            }
            // Replaced through the journaled path, so the change stays on record.
            m_store.apply({Edit::Kind::Flag, turn, 0, who, QJsonValue::Undefined, flagToJson(flag)},
                          Origin::Data);
            added = true;
            continue;
        }
        m_store.addFlag(flag);
        added = true;
    }

    for (const ImportedNote &n : std::as_const(c.notes)) {
        const qint64 who = annotator(n.annotator, n.kind, n.where.isEmpty() ? c.where : n.where);
        const QString current = m_store.notes(existingId, who).value(c.encoded.ids[n.turnIndex]);
        if (current == n.text)
            continue;
        if (!current.isEmpty()) {
            Conflict conflict = conflictIn(c, "note", n.turnIndex, n.annotator);
            conflict.existing = current;
            conflict.incoming = n.text;
            if (!disagree(std::move(conflict)))
                continue;
        }
        m_store.apply(
            {Edit::Kind::Note, c.encoded.ids[n.turnIndex], 0, who, QJsonValue::Undefined, n.text},
            Origin::Data);
        added = true;
    }

    const auto existing = m_store.conversation(existingId);
    const QJsonObject &context = c.conversation.context;
    if (existing && !context.isEmpty() && existing->context != context) {
        if (existing->context.isEmpty()) {
            m_store.setConversationContext(existingId, context);
            added = true;
        } else {
            Conflict conflict = conflictIn(c, "context", -1, QString());
            conflict.existing = existing->context;
            conflict.incoming = context;
            disagree(std::move(conflict));
        }
    }
    if (existing && mergeLive(c, *existing))
        added = true;
    if (existing) {
        // Where else the conversation arrived from: provenance keeps every source.
        QJsonObject provenance = existing->provenance;
        QJsonObject also = c.conversation.provenance;
        also.insert(QStringLiteral("file"), m_summary.file);
        also.insert(QStringLiteral("format"), m_summary.format);
        QJsonArray seen = provenance.value(QStringLiteral("also_from")).toArray();
        bool original = true; // the very file it first came from, imported again
        for (auto it = also.constBegin(); it != also.constEnd(); ++it)
            original = original && provenance.value(it.key()) == it.value();
        if (!original && !seen.contains(also)) {
            seen.append(also);
            provenance.insert(QStringLiteral("also_from"), seen);
            m_store.setConversationProvenance(existingId, provenance);
        }
    }
    if (added)
        ++m_summary.merged;
}

namespace {

QJsonArray sessionsJson(QVector<LiveSession> sessions)
{
    // In the order of their turns, as Store::sessions() lists them: a bundle written before
    // lists them as they were written.
    std::stable_sort(
        sessions.begin(), sessions.end(), [](const LiveSession &a, const LiveSession &b) {
            return a.firstTurnIndex != b.firstTurnIndex ? a.firstTurnIndex < b.firstTurnIndex
                                                        : a.startedAt < b.startedAt;
        });
    QJsonArray result;
    for (const LiveSession &s : std::as_const(sessions))
        result.append(QJsonObject {
            {QStringLiteral("started_at"), s.startedAt.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("ended_at"),
             s.endedAt.isValid() ? QJsonValue(s.endedAt.toUTC().toString(Qt::ISODateWithMs))
                                 : QJsonValue()},
            {QStringLiteral("first_turn"), s.firstTurnIndex}});
    return result;
}

} // namespace

bool Writer::mergeLive(const ImportedConversation &c, const Conversation &existing)
{
    bool added = false;
    const QString &condition = c.conversation.condition;
    if (!condition.isEmpty() && existing.condition != condition) {
        if (existing.condition.isEmpty()) {
            // Imported before bundles were read with their live details.
            m_store.setCondition(existing.id, condition);
            added = true;
        } else {
            Conflict conflict = conflictIn(c, "condition", -1, QString());
            conflict.existing = existing.condition;
            conflict.incoming = condition;
            disagree(std::move(conflict));
        }
    }
    if (c.sessions.isEmpty())
        return added;
    const QVector<LiveSession> held = m_store.sessions(existing.id);
    if (held.isEmpty()) {
        m_store.addSessions(existing.id, c.sessions);
        return true;
    }
    const QJsonArray ours = sessionsJson(held);
    const QJsonArray theirs = sessionsJson(c.sessions);
    if (ours != theirs) {
        Conflict conflict = conflictIn(c, "sessions", -1, QString());
        conflict.existing = ours;
        conflict.incoming = theirs;
        disagree(std::move(conflict));
    }
    return added;
}

} // namespace sense7::import
