#include "demo.h"

#include "error.h"
#include "forms.h"
#include "jsonsource.h"
#include "live/replystream.h"
#include "retest.h"
#include "store.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <random>

namespace sense7::demo {

namespace {

using json::Json;
using json::Reader;

QJsonObject toQt(const Json &object)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object();
}

QJsonObject answers(const Reader &r, const char *key, const Form &form)
{
    const Json *node = r.optionalObject(key);
    QJsonObject values = node ? toQt(*node) : QJsonObject();
    const QStringList problems = form.validate(values);
    if (!problems.isEmpty())
        r.fail(problems.join(QLatin1Char(' ')));
    return values;
}

struct Context
{
    Store &store;
    qint64 self = 0;
    QVector<Dimension> dimensions; // SENSE-7, turn level, in order
    Protocol protocol; // the data set's: its forms check the demo's answers
};

void rateTurn(Context &ctx, const Reader &r, qint64 turnId)
{
    const QString code = r.string("rate");
    if (code.size() != ctx.dimensions.size())
        r.fail(Reader::tr("\"rate\" needs one character per dimension (%1)")
                   .arg(ctx.dimensions.size()));
    for (int i = 0; i < code.size(); ++i) {
        const QChar c = code.at(i);
        if (c == QLatin1Char('.'))
            continue; // not rated
        if (c == QLatin1Char('-')) {
            ctx.store.setRating(turnId, ctx.dimensions[i].id, ctx.self, Rating::notApplicable());
            continue;
        }
        const int value = c.digitValue();
        if (value < ctx.dimensions[i].scaleMin || value > ctx.dimensions[i].scaleMax)
            r.fail(Reader::tr("\"rate\" has '%1', which is not a scale point, '-' or '.'").arg(c));
        ctx.store.setRating(turnId, ctx.dimensions[i].id, ctx.self, value);
    }
}

/**
 * The "break" of \a r, if any, as a flag on the turn at \a index of a conversation whose turns
 * are \a turnIds; "refers_to" is the index of the earlier turn that was lost.
 */
void flagTurn(Context &ctx, const Reader &r, int index, const QVector<qint64> &turnIds)
{
    const Json *brk = r.optionalObject("break");
    if (!brk)
        return;
    const Reader b(*brk, r.where() + Reader::tr(", break"));
    TurnFlag flag;
    flag.turnId = turnIds.at(index);
    flag.annotatorId = ctx.self;
    flag.reason = b.string("reason");
    flag.note = b.optionalString("note");
    if (b.has("refers_to")) {
        const int lost = b.integer("refers_to");
        if (lost < 0 || lost >= index)
            b.fail(Reader::tr("\"refers_to\" must name an earlier turn"));
        flag.refersToTurnId = turnIds.at(lost);
    }
    ctx.store.addFlag(flag);
}

void loadConversation(Context &ctx, const Json &node, const QString &where)
{
    const Reader r(node, where);
    const QString participant = r.string("participant");
    const qint64 participantId = ctx.store.participantId(participant);
    if (participantId == 0)
        r.fail(Reader::tr("unknown participant \"%1\"").arg(participant));

    Conversation c;
    c.participantId = participantId;
    c.sourceFormat = QStringLiteral("demo");
    c.agent = r.string("agent");
    c.title = r.string("title");
    c.startedAt = QDateTime::fromString(r.string("started_at"), Qt::ISODate);
    if (!c.startedAt.isValid())
        r.fail(Reader::tr("\"started_at\" is not an ISO 8601 date and time"));
    c.context = answers(r, "context", ctx.protocol.context);

    QVector<Turn> turns;
    const Json &turnNodes = r.array("turns");
    for (const Json &t : turnNodes) {
        const Reader tr(t, where + Reader::tr(", turn %1").arg(turns.size()));
        Turn turn;
        const auto role = roleFromKey(tr.string("role"));
        if (!role)
            tr.fail(Reader::tr("unknown role"));
        turn.role = *role;
        turn.text = tr.string("text");
        // Replies arrive a minute or two apart; deterministic so the demo is reproducible.
        turn.createdAt = c.startedAt.addSecs(qint64(turns.size()) * 75);
        turns.append(turn);
    }
    ctx.store.addConversation(c, turns);
    QVector<qint64> turnIds;
    for (const Turn &turn : std::as_const(turns))
        turnIds.append(turn.id);

    int index = 0;
    for (const Json &t : turnNodes) {
        const Reader tr(t, where + Reader::tr(", turn %1").arg(index));
        const Turn &turn = turns[index++];
        if (tr.has("rate"))
            rateTurn(ctx, tr, turn.id);
        flagTurn(ctx, tr, turn.index, turnIds);
    }
}

/**
 * A live conversation as a participant held it with the protocol's scripted condition: the
 * participant's messages, each followed by the reply the condition's script gives (chosen as
 * live::ScriptedStream does), in one or more sessions, with the participant's ratings.
 */
void loadLiveConversation(Context &ctx, const Json &node, const QString &where)
{
    const Reader r(node, where);
    const QString participant = r.string("participant");
    const qint64 participantId = ctx.store.participantId(participant);
    if (participantId == 0)
        r.fail(Reader::tr("unknown participant \"%1\"").arg(participant));
    const QString key = r.string("condition");
    const AssistantCondition *condition = ctx.protocol.live.condition(key);
    if (!condition || condition->kind != AssistantCondition::Kind::Scripted)
        r.fail(Reader::tr("\"%1\" is not a scripted condition of the protocol").arg(key));
    const Assignment assignment = ctx.store.assignConditions(participantId);
    if (!assignment.conditions.contains(key))
        r.fail(Reader::tr("%1 is assigned %2, not \"%3\"")
                   .arg(participant, assignment.conditions.join(QStringLiteral(", ")), key));

    const qint64 id = ctx.store.startLiveConversation(participantId, key, r.string("title"));
    qint64 session = ctx.store.sessions(id).constLast().id;
    QVector<qint64> turnIds;
    QSet<int> used;
    int replyNumber = 0;
    static const QRegularExpression word(QStringLiteral("\\S+\\s*|\\s+"));
    int sessionNumber = 0;
    for (const Json &s : r.array("sessions")) {
        const Reader sr(s, where + Reader::tr(", session %1").arg(++sessionNumber));
        if (sessionNumber > 1)
            session = ctx.store.beginSession(id);
        int messageNumber = 0;
        for (const Json &m : sr.array("messages")) {
            const Reader mr(m, sr.where() + Reader::tr(", message %1").arg(++messageNumber));
            const QString text = mr.string("text");
            turnIds.append(
                ctx.store.appendTurn(id, roleKey(Role::User), text,
                                     QJsonObject {{QStringLiteral("live"), true},
                                                  {QStringLiteral("session"), session}}));
            const int chosen = live::ScriptedStream::choose(*condition, used, ++replyNumber, text);
            if (chosen >= 0)
                used.insert(chosen);
            const QString reply =
                chosen >= 0 ? condition->replies.at(chosen).text : condition->fallback;
            // The times a scripted reply takes: one piece every chunk_ms, then the end.
            int pieces = 0;
            for (auto it = word.globalMatch(reply); it.hasNext(); it.next())
                ++pieces;
            QJsonObject meta {
                {QStringLiteral("live"), true},
                {QStringLiteral("session"), session},
                {QStringLiteral("condition"), key},
                {QStringLiteral("model"), QStringLiteral("scripted")},
                {QStringLiteral("latency_first_token_ms"), condition->chunkMs},
                {QStringLiteral("latency_total_ms"), condition->chunkMs * (pieces + 1)},
                {QStringLiteral("finish_reason"), QStringLiteral("stop")},
                {QStringLiteral("interrupted"), false}};
            if (chosen >= 0)
                meta.insert(QStringLiteral("scripted_reply"), chosen);
            const qint64 replyId = ctx.store.appendTurn(id, roleKey(Role::Assistant), reply, meta);
            turnIds.append(replyId);
            if (mr.has("rate"))
                rateTurn(ctx, mr, replyId);
            flagTurn(ctx, mr, int(turnIds.size()) - 1, turnIds);
        }
        ctx.store.endSession(session);
    }
    if (r.has("context"))
        ctx.store.setConversationContext(id, answers(r, "context", ctx.protocol.context));
}

/** Whether \a protocol has every condition the demo's live conversations were held with. */
bool liveConditionsPresent(const Protocol &protocol, const Reader &root)
{
    if (protocol.live.conditions.isEmpty() || !root.has("live_conversations"))
        return false;
    for (const Json &c : root.array("live_conversations")) {
        if (!protocol.live.condition(Reader(c, root.where()).string("condition")))
            return false;
    }
    return true;
}

/**
 * Illustrative second opinions derived from the self-ratings, so that the reliability and
 * evaluation views have something to show: a classifier, two observers and blind re-ratings of
 * every third reply. Each is the self-rating moved by seeded noise; \a spread[i] is the percent
 * chance of moving it by i - 2 points (so spread[2] is the chance of agreeing).
 */
void addSecondOpinion(Store &store, qint64 self, qint64 annotator, std::uint32_t seed,
                      const std::array<int, 5> &spread, int everyNthTurn)
{
    std::mt19937 generator(seed);
    struct Cell
    {
        qint64 turn, dimension;
        int value, scaleMin, scaleMax;
    };
    std::vector<Cell> cells;
    {
        QHash<qint64, Dimension> dimensions;
        for (const Instrument &instrument : store.instruments())
            for (const Dimension &d : instrument.dimensions)
                dimensions.insert(d.id, d);
        for (const RatedCell &cell : store.ratedCells(self)) {
            const Dimension d = dimensions.value(cell.dimensionId);
            cells.push_back({cell.turnId, cell.dimensionId, cell.value, d.scaleMin, d.scaleMax});
        }
    }
    qint64 lastTurn = 0;
    int turnNumber = -1;
    for (const Cell &cell : cells) {
        if (cell.turn != lastTurn) {
            lastTurn = cell.turn;
            ++turnNumber;
        }
        if (turnNumber % everyNthTurn != 0)
            continue;
        int draw = int(generator() % 100);
        int shift = -2;
        for (int chance : spread) {
            if (draw < chance)
                break;
            draw -= chance;
            ++shift;
        }
        store.setRating(cell.turn, cell.dimension, annotator,
                        std::clamp(cell.value + shift, cell.scaleMin, cell.scaleMax));
    }
}

} // namespace

QString resourcePath()
{
    return QStringLiteral(":/sense7/demo/demo.json");
}

void load(Store &store, const QByteArray &data, const QString &source)
{
    const Json root = json::parse(data, source);
    const Reader r(root, source);
    if (r.string("format") != QLatin1String("sense7-demo"))
        r.fail(Reader::tr("this is not a Sense-7 demo file"));

    store.transaction([&] {
        Context ctx {store,
                     store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self),
                     {},
                     store.protocol()};
        for (const Instrument &instrument : store.instruments()) {
            if (instrument.key == QLatin1String("sense7"))
                ctx.dimensions = instrument.dimensionsAt(Level::Turn);
        }
        if (ctx.dimensions.isEmpty())
            throw Error(Reader::tr("%1 has no SENSE-7 instrument.").arg(store.path()));

        int position = 0;
        for (const Json &p : r.array("participants")) {
            const Reader pr(
                p, Reader::tr("%1: participant %2").arg(source, QString::number(++position)));
            store.addParticipant(pr.string("code"), answers(pr, "profile", ctx.protocol.profile));
        }
        position = 0;
        for (const Json &c : r.array("conversations"))
            loadConversation(
                ctx, c, Reader::tr("%1: conversation %2").arg(source, QString::number(++position)));
        // Under a protocol with the demo's live conditions (sense7_live), every participant is
        // assigned, in the order listed, and the live conversations they held are added. Under
        // any other protocol (one with other conditions or none) they are left out.
        if (liveConditionsPresent(ctx.protocol, r)) {
            for (const Participant &p : store.participants())
                store.assignConditions(p.id);
            position = 0;
            for (const Json &c : r.array("live_conversations"))
                loadLiveConversation(ctx, c,
                                     Reader::tr("%1: live conversation %2")
                                         .arg(source, QString::number(++position)));
        }

        addSecondOpinion(store, ctx.self,
                         store.annotatorId(QStringLiteral("demo-classifier"), AnnotatorKind::Model),
                         11, {8, 27, 45, 15, 5}, 1);
        addSecondOpinion(store, ctx.self,
                         store.annotatorId(QStringLiteral("observer-1"), AnnotatorKind::Observer),
                         12, {3, 20, 60, 15, 2}, 1);
        addSecondOpinion(store, ctx.self,
                         store.annotatorId(QStringLiteral("observer-2"), AnnotatorKind::Observer),
                         13, {2, 22, 52, 20, 4}, 1);
        addSecondOpinion(
            store, ctx.self,
            store.annotatorId(QLatin1String(retest::annotatorCode), AnnotatorKind::Self), 14,
            {0, 15, 72, 13, 0}, 3);
    });
}

Protocol protocol()
{
    return protocol::shipped(QStringLiteral("sense7_live"));
}

void load(Store &store)
{
    QFile file(resourcePath());
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Reader::tr("Cannot read the demo data: %1").arg(file.errorString()));
    load(store, file.readAll(), QStringLiteral("demo.json"));
}

} // namespace sense7::demo
