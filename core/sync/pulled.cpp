// Applying pulled changes (pulled.h).

#include "sync/pulled.h"

#include "export/redact.h"
#include "export/writer.h"
#include "store.h"

#include <QJsonArray>

namespace sense7::sync {

qint64 localParticipant(Store &store, const syncstore::Link &link)
{
    if (const qint64 id = store.participantId(link.participant))
        return id;
    const QVector<Participant> participants = store.participants();
    if (participants.size() == 1)
        return participants.first().id;
    return store.addParticipant(link.participant);
}

namespace {

QVector<Turn> turnsOf(const QJsonObject &p)
{
    QVector<Turn> turns;
    for (const QJsonValue value : p.value(QStringLiteral("turns")).toArray()) {
        const QJsonObject t = value.toObject();
        Turn turn;
        turn.index = t.value(QStringLiteral("idx")).toInt(int(turns.size()));
        turn.role = roleFromKey(t.value(QStringLiteral("role")).toString()).value_or(Role::User);
        turn.text = t.value(QStringLiteral("text")).toString();
        turn.createdAt = QDateTime::fromString(t.value(QStringLiteral("created_at")).toString(),
                                               Qt::ISODateWithMs);
        turn.meta = t.value(QStringLiteral("meta")).toObject();
        turns.append(turn);
    }
    return turns;
}

QVector<LiveSession> sessionsOf(const QJsonObject &p)
{
    QVector<LiveSession> sessions;
    for (const QJsonValue value : p.value(QStringLiteral("sessions")).toArray()) {
        const QJsonObject s = value.toObject();
        LiveSession session;
        session.startedAt = QDateTime::fromString(s.value(QStringLiteral("started_at")).toString(),
                                                  Qt::ISODateWithMs);
        session.endedAt = QDateTime::fromString(s.value(QStringLiteral("ended_at")).toString(),
                                                Qt::ISODateWithMs);
        session.firstTurnIndex = s.value(QStringLiteral("first_turn_idx")).toInt();
        sessions.append(session);
    }
    return sessions;
}

qint64 addPulledConversation(Store &store, const syncstore::Link &link, const QJsonObject &p)
{
    Conversation conversation;
    conversation.participantId = localParticipant(store, link);
    conversation.sourceFormat = p.value(QStringLiteral("source_format")).toString();
    conversation.sourceId = p.value(QStringLiteral("source_id")).toString();
    conversation.agent = p.value(QStringLiteral("agent")).toString();
    conversation.title = p.value(QStringLiteral("title")).toString();
    conversation.startedAt =
        QDateTime::fromString(p.value(QStringLiteral("started_at")).toString(), Qt::ISODateWithMs);
    conversation.context = p.value(QStringLiteral("context")).toObject();
    conversation.contentHash = p.value(QStringLiteral("conversation")).toString();
    conversation.provenance = p.value(QStringLiteral("provenance")).toObject();
    QVector<Turn> turns = turnsOf(p);
    const qint64 id = store.addConversation(conversation, turns);
    // A live conversation: its condition and sittings.
    const QString condition = p.value(QStringLiteral("condition")).toString();
    if (!condition.isEmpty())
        store.mergeLiveConversation(id, condition, sessionsOf(p), {}, false);
    // What it arrived with on the other machine.
    for (const QJsonValue value : p.value(QStringLiteral("flags")).toArray()) {
        const QJsonObject f = value.toObject();
        const auto kind =
            annotatorKindFromKey(f.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(f.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        QJsonObject flag;
        if (!f.value(QStringLiteral("reason")).toString().isEmpty())
            flag.insert(QStringLiteral("reason"), f.value(QStringLiteral("reason")));
        if (f.value(QStringLiteral("refers_to")).isDouble())
            flag.insert(QStringLiteral("refers_to"),
                        store.turnId(id, f.value(QStringLiteral("refers_to")).toInt()));
        if (!f.value(QStringLiteral("note")).toString().isEmpty())
            flag.insert(QStringLiteral("note"), f.value(QStringLiteral("note")));
        store.apply({Edit::Kind::Flag,
                     store.turnId(id, f.value(QStringLiteral("turn")).toInt()),
                     0,
                     annotator,
                     {},
                     flag},
                    Origin::Data);
    }
    for (const QJsonValue value : p.value(QStringLiteral("ratings")).toArray()) {
        const QJsonObject r = value.toObject();
        if (!r.value(QStringLiteral("turn")).isNull())
            continue; // turn ratings come as their own changes
        const auto dimension = store.findDimension(r.value(QStringLiteral("dimension")).toString());
        if (!dimension)
            continue;
        const auto kind =
            annotatorKindFromKey(r.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(r.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        store.apply({Edit::Kind::ConversationRating,
                     id,
                     dimension->id,
                     annotator,
                     {},
                     r.value(QStringLiteral("value")).isDouble() ? r.value(QStringLiteral("value"))
                                                                 : QJsonValue(QJsonValue::Null)},
                    Origin::Data);
    }
    for (const QJsonValue value : p.value(QStringLiteral("notes")).toArray()) {
        const QJsonObject n = value.toObject();
        const auto kind =
            annotatorKindFromKey(n.value(QStringLiteral("annotator_kind")).toString());
        const qint64 annotator = store.annotatorId(n.value(QStringLiteral("annotator")).toString(),
                                                   kind.value_or(AnnotatorKind::Self));
        store.apply({Edit::Kind::Note,
                     store.turnId(id, n.value(QStringLiteral("turn")).toInt()),
                     0,
                     annotator,
                     {},
                     n.value(QStringLiteral("text"))},
                    Origin::Data);
    }
    return id;
}

/** The local edit a pulled change makes; subjectId 0 when what it refers to is not here. */
Edit editOf(Store &store, const syncstore::Link &link, const server::Pulled &c)
{
    const QJsonObject &p = c.payload;
    Edit edit;
    edit.kind = editKindFromKey(c.kind).value_or(Edit::Kind::Rating);
    const qint64 conversation = c.kind == QLatin1String("profile")
        ? 0
        : store.conversationWithHash(p.value(QStringLiteral("conversation")).toString());
    const auto annotator = [&] {
        const auto kind =
            annotatorKindFromKey(p.value(QStringLiteral("annotator_kind")).toString());
        return store.annotatorId(p.value(QStringLiteral("annotator")).toString(),
                                 kind.value_or(AnnotatorKind::Self));
    };
    const auto dimension = [&]() -> qint64 {
        const auto found =
            store.findDimension(p.value(QStringLiteral("instrument")).toString() + QLatin1Char('/')
                                + p.value(QStringLiteral("dimension")).toString());
        return found ? found->id : 0;
    };
    const auto rating = [&]() -> QJsonValue {
        if (!p.value(QStringLiteral("present")).toBool())
            return QJsonValue::Undefined;
        return p.value(QStringLiteral("value")).isDouble() ? p.value(QStringLiteral("value"))
                                                           : QJsonValue(QJsonValue::Null);
    };
    const int turn = p.value(QStringLiteral("turn")).toInt();
    switch (edit.kind) {
    case Edit::Kind::Rating:
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.dimensionId = dimension();
        edit.annotatorId = annotator();
        edit.after = rating();
        if (!edit.dimensionId)
            edit.subjectId = 0;
        break;
    case Edit::Kind::ConversationRating:
        edit.subjectId = conversation;
        edit.dimensionId = dimension();
        edit.annotatorId = annotator();
        edit.after = rating();
        if (!edit.dimensionId)
            edit.subjectId = 0;
        break;
    case Edit::Kind::Flag: {
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.annotatorId = annotator();
        if (p.value(QStringLiteral("present")).toBool()) {
            QJsonObject flag;
            if (!p.value(QStringLiteral("reason")).toString().isEmpty())
                flag.insert(QStringLiteral("reason"), p.value(QStringLiteral("reason")));
            if (p.value(QStringLiteral("refers_to")).isDouble() && conversation)
                flag.insert(
                    QStringLiteral("refers_to"),
                    store.turnId(conversation, p.value(QStringLiteral("refers_to")).toInt()));
            if (!p.value(QStringLiteral("note")).toString().isEmpty())
                flag.insert(QStringLiteral("note"), p.value(QStringLiteral("note")));
            edit.after = flag;
        }
        break;
    }
    case Edit::Kind::Note:
        edit.subjectId = conversation ? store.turnId(conversation, turn) : 0;
        edit.annotatorId = annotator();
        if (!p.value(QStringLiteral("text")).toString().isEmpty())
            edit.after = p.value(QStringLiteral("text"));
        break;
    case Edit::Kind::Context:
        edit.subjectId = conversation;
        edit.after = p.value(QStringLiteral("context")).toObject();
        break;
    case Edit::Kind::Profile:
        edit.subjectId = localParticipant(store, link);
        edit.after = p.value(QStringLiteral("profile")).toObject();
        break;
    }
    return edit;
}

/**
 * Makes the copy here of a conversation the server holds live (\a condition) live too, when it
 * is not (a condition lost, or an earlier version's copy): only a live copy's turns move after
 * the server's (Store::moveDivergedTurns). Otherwise the server's turns would replace this
 * copy's own where the two went on from the same turn. Returns whether it was not live.
 */
bool becomeLive(Store &store, qint64 conversationId, const QString &condition)
{
    const auto held = store.conversation(conversationId);
    if (!held || !held->condition.isEmpty() || condition.isEmpty())
        return false;
    store.mergeLiveConversation(conversationId, condition, {}, {}, false);
    return true;
}

} // namespace

int followServer(Store &store, qint64 conversationId, const QJsonObject &state)
{
    const QVector<Turn> turns = turnsOf(state);
    const QString condition = state.value(QStringLiteral("condition")).toString();
    return store.transaction([&] {
        becomeLive(store, conversationId, condition); // its turns move in this round
        const int moved = store.moveDivergedTurns(conversationId, turns, sessionsOf(state));
        store.mergeLiveConversation(conversationId, condition, sessionsOf(state), turns, false);
        return moved;
    });
}

bool applyPulled(Store &store, const syncstore::Link &link, const server::Pulled &c,
                 const syncstore::JournalRange &unmet, const QSet<qint64> &unpushedLive,
                 QSet<qint64> &moved, QVector<Conflict> &conflicts)
{
    if (c.kind == QLatin1String("assignment"))
        return false; // the server's assignment is taken after the pull (sync.cpp)
    if (c.kind == QLatin1String("conversation")) {
        // A live conversation as the server holds it now: the turns and sittings every machine
        // of the participant pushed since, the later push winning where two wrote one turn.
        QJsonObject p = c.payload;
        for (auto it = c.current.begin(); it != c.current.end(); ++it)
            p.insert(it.key(), it.value());
        const qint64 id =
            store.conversationWithHash(p.value(QStringLiteral("conversation")).toString());
        if (!id) {
            addPulledConversation(store, link, p);
            return true;
        }
        const QString condition = p.value(QStringLiteral("condition")).toString();
        if (condition.isEmpty())
            return false;
        // A turn this machine holds is replaced only when it holds no change of the
        // conversation that waits to be pushed (that goes to the server and wins there), and
        // when the server's form of it is not what this machine would send of it (its own
        // text, redacted or left out as the sharing rule says): another machine changed it.
        QVector<Turn> turns = turnsOf(p);
        // A copy here that is not live (an earlier version's) becomes so, and is then taken
        // like any other: its own turns, if any, move; the server's form of the turns both
        // hold replaces a stale one (a reply copied while it streamed).
        // It is pushed again as it is then (turns of its own the server lacks go with it).
        if (becomeLive(store, id, condition))
            moved.insert(id);
        // Both machines went on from the same turn: this one's continuation follows the
        // server's, and goes to the server again at its new places.
        const int movedHere = store.moveDivergedTurns(id, turns, sessionsOf(p));
        if (movedHere > 0)
            moved.insert(id);
        if (movedHere > 0 || unpushedLive.contains(id))
            return store.mergeLiveConversation(id, condition, sessionsOf(p), turns, false)
                + movedHere
                > 0;
        const Sharing sharing = sharingFromKey(link.sharing).value_or(Sharing::Ratings);
        exporter::Anonymise anonymise;
        anonymise.enabled = sharing != Sharing::Full;
        anonymise.ratingsOnly = sharing == Sharing::Ratings;
        anonymise.participantCode = link.participant;
        const redact::Redactor redactor;
        const QJsonArray shared = exporter::conversationJson(store, id, anonymise, &redactor)
                                      .value(QStringLiteral("turns"))
                                      .toArray();
        QHash<int, std::pair<Turn, QJsonObject>> held;
        const QVector<Turn> local = store.turns(id);
        for (int i = 0; i < local.size() && i < shared.size(); ++i)
            held.insert(local.at(i).index, {local.at(i), shared.at(i).toObject()});
        for (Turn &t : turns) {
            const auto it = held.constFind(t.index);
            if (it == held.constEnd())
                continue;
            const QJsonObject &form = it->second;
            if (form.value(QStringLiteral("text")).toString() != t.text)
                continue; // another machine changed the text: take it
            // The server holds this machine's text only as shared (redacted, or left out):
            // keep the text and take the rest, so that nothing the participant wrote is lost.
            const QJsonObject meta = t.meta;
            t = it->first;
            t.meta = form.value(QStringLiteral("meta")).toObject() == meta ? it->first.meta : meta;
        }
        return store.mergeLiveConversation(id, condition, sessionsOf(p), turns, true) > 0;
    }
    Edit edit = editOf(store, link, c);
    if (!edit.subjectId)
        return false; // refers to what this data set does not hold
    const bool lostOnServer = !c.winnerAt.isEmpty()
        && (c.winnerAt > c.at
            || (c.winnerAt == c.at && !c.winnerMachine.isEmpty() && c.winnerMachine != c.machine));
    const auto localAt = syncstore::editedIn(store, edit, unmet);
    if (localAt) {
        Conflict conflict;
        conflict.kind = c.kind;
        conflict.conversation = c.payload.value(QStringLiteral("conversation")).toString();
        if (c.payload.contains(QStringLiteral("turn")))
            conflict.turn = c.payload.value(QStringLiteral("turn")).toInt();
        if (c.payload.contains(QStringLiteral("dimension")))
            conflict.dimension = c.payload.value(QStringLiteral("instrument")).toString()
                + QLatin1Char('/') + c.payload.value(QStringLiteral("dimension")).toString();
        conflict.localAt = *localAt;
        conflict.remoteAt = c.at;
        const bool localLater = *localAt > c.at || lostOnServer;
        conflict.keptMachine = localLater ? link.machine : c.machine;
        conflicts.append(conflict);
        if (localLater) {
            // Journal both: the other machine's edit, then this one's again on top.
            const QJsonValue mine = store.currentValue(edit);
            if (mine == edit.after)
                return false;
            store.apply(edit, Origin::Data);
            Edit back = edit;
            back.after = mine;
            if (!(mine.isUndefined()
                  && (edit.kind == Edit::Kind::Context || edit.kind == Edit::Kind::Profile)))
                store.apply(back, Origin::Data);
            return true;
        }
    } else if (lostOnServer) {
        return false; // a later edit of the same thing is on the server: it comes in its turn
    }
    if (store.currentValue(edit) == edit.after)
        return false;
    store.apply(edit, Origin::Data);
    return true;
}

} // namespace sense7::sync
