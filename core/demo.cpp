#include "demo.h"

#include "error.h"
#include "forms.h"
#include "jsonsource.h"
#include "retest.h"
#include "store.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>

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

    int index = 0;
    for (const Json &t : turnNodes) {
        const Reader tr(t, where + Reader::tr(", turn %1").arg(index));
        const Turn &turn = turns[index++];
        if (tr.has("rate"))
            rateTurn(ctx, tr, turn.id);
        if (const Json *brk = tr.optionalObject("break")) {
            const Reader b(*brk, tr.where() + Reader::tr(", break"));
            TurnFlag flag;
            flag.turnId = turn.id;
            flag.annotatorId = ctx.self;
            flag.reason = b.string("reason");
            flag.note = b.optionalString("note");
            if (b.has("refers_to")) {
                const int lost = b.integer("refers_to");
                if (lost < 0 || lost >= turn.index)
                    b.fail(Reader::tr("\"refers_to\" must name an earlier turn"));
                flag.refersToTurnId = turns[lost].id;
            }
            ctx.store.addFlag(flag);
        }
    }
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
            const Reader pr(p, Reader::tr("%1: participant %2").arg(source).arg(++position));
            store.addParticipant(pr.string("code"), answers(pr, "profile", ctx.protocol.profile));
        }
        position = 0;
        for (const Json &c : r.array("conversations"))
            loadConversation(ctx, c, Reader::tr("%1: conversation %2").arg(source).arg(++position));

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

void load(Store &store)
{
    QFile file(resourcePath());
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Reader::tr("Cannot read the demo data: %1").arg(file.errorString()));
    load(store, file.readAll(), QStringLiteral("demo.json"));
}

} // namespace sense7::demo
