#include "digest.h"

#include "browse/select.h"
#include "store.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace sense7::digest {
namespace {

// A batch is one transaction, after which the progress hears of the work done. The first is small;
// then each batch is sized to take about a tenth of a second on this machine, short enough for a
// progress dialog on the GUI thread to stay responsive and long enough that the commits (each one
// writes every page the batch touched) cost little beside the work.
constexpr int firstConversations = 100;
constexpr int firstTurns = 5000;
constexpr qint64 batchNanoseconds = 100'000'000;

/** The next batch's size after \a size items took \a nanoseconds: aimed at batchNanoseconds,
 * growing at most fourfold and never below \a least. */
int nextBatch(int size, qint64 nanoseconds, int least, int most)
{
    const double aimed =
        double(size) * double(batchNanoseconds) / double(std::max<qint64>(nanoseconds, 1));
    return int(std::clamp(aimed, double(least), std::min(4.0 * size, double(most))));
}

/** One conversation's turns with the self ratings and flags a digest summarises. */
struct Material
{
    QVector<continuity::TurnInput> turns;
    QVector<int> assistantPositions; // index in turns of each assistant turn
    QHash<qint64, QHash<qint64, Rating>> ratings; // turn id -> dimension id -> value
    QSet<qint64> flagged;
};

Material load(sql::Connection &db, qint64 conversationId, qint64 annotatorId)
{
    Material m;
    sql::Statement turns(
        db, "SELECT id, role, text, meta FROM turn WHERE conversation_id = ? ORDER BY idx");
    turns.bind(1, conversationId);
    while (turns.next()) {
        continuity::TurnInput turn;
        turn.turnId = turns.int64(0);
        turn.role = roleFromKey(turns.text(1)).value_or(Role::User);
        turn.text = turns.text(2);
        const QString meta = turns.text(3);
        if (meta.contains(QLatin1String("branch")))
            turn.meta = QJsonDocument::fromJson(meta.toUtf8()).object();
        if (turn.role == Role::Assistant)
            m.assistantPositions.append(int(m.turns.size()));
        m.turns.append(turn);
    }
    if (annotatorId == 0)
        return m;
    sql::Statement ratings(db,
                           "SELECT r.turn_id, r.dimension_id, r.value FROM turn t "
                           "JOIN rating r ON r.turn_id = t.id AND r.annotator_id = ? "
                           "JOIN dimension d ON d.id = r.dimension_id AND d.level = 'turn' "
                           "WHERE t.conversation_id = ?");
    ratings.bind(1, annotatorId).bind(2, conversationId);
    while (ratings.next())
        m.ratings[ratings.int64(0)].insert(ratings.int64(1),
                                           Rating::orNotApplicable(ratings.optionalInt(2)));
    sql::Statement flags(db,
                         "SELECT f.turn_id FROM turn t JOIN turn_flag f ON f.turn_id = t.id "
                         "WHERE t.conversation_id = ? AND f.annotator_id = ?");
    flags.bind(1, conversationId).bind(2, annotatorId);
    while (flags.next())
        m.flagged.insert(flags.int64(0));
    for (continuity::TurnInput &turn : m.turns) {
        const auto it = m.ratings.constFind(turn.turnId);
        if (it == m.ratings.cend())
            continue;
        double sum = 0;
        int n = 0;
        for (const Rating &value : *it)
            if (value.hasValue()) {
                sum += value.value();
                ++n;
            }
        if (n > 0)
            turn.meanRating = sum / n;
    }
    return m;
}

/** What the protocol asks to be rated (Store::requiredTurnCells()), as the digest counts it. */
struct Asked
{
    QSet<QPair<qint64, QString>> cells; // (dimension id, role key)
    QString key; // the cells as the JSON text the store binds: which cells a digest counted
};

Asked asked(const Store &store)
{
    Asked result;
    const auto cells = store.requiredTurnCells();
    QJsonArray array; // the same text as storage::requiredCellsJson()
    for (const auto &cell : cells) {
        result.cells.insert(cell);
        array.append(QJsonArray {cell.first, cell.second});
    }
    result.key = QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
    return result;
}

/** Digests counted for other cells than \a key: the protocol's instruments changed since. */
qint64 outdatedConversations(sql::Connection &db, const QString &key)
{
    sql::Statement count(db,
                         "SELECT count(*) FROM conversation_digest d "
                         "WHERE json_extract(d.breaks, '$.rated_cells') IS NOT ? "
                         "AND NOT EXISTS (SELECT 1 FROM digest_stale s "
                         "WHERE s.conversation_id = d.conversation_id)");
    count.bind(1, key);
    return count.next() ? count.int64(0) : 0;
}

void write(sql::Connection &db, qint64 conversationId, const Material &m,
           const QVector<qint64> &dimensions, const Asked &asked,
           const continuity::Options &options)
{
    sql::Statement(db, "DELETE FROM digest_dimension WHERE conversation_id = ?")
        .bind(1, conversationId)
        .run();
    for (qint64 dimension : dimensions) {
        QVector<Rating> row;
        double sum = 0;
        int n = 0;
        bool any = false;
        for (int position : m.assistantPositions) {
            const auto turn = m.ratings.constFind(m.turns[position].turnId);
            if (turn == m.ratings.cend() || !turn->contains(dimension)) {
                row.append(Rating());
                continue;
            }
            const Rating value = turn->value(dimension);
            row.append(value);
            any = true;
            if (value.hasValue()) {
                sum += value.value();
                ++n;
            }
        }
        if (!any)
            continue;
        sql::Statement insert(db,
                              "INSERT INTO digest_dimension(conversation_id, dimension_id, n, "
                              "mean, vals) VALUES(?, ?, ?, ?, ?)");
        insert.bind(1, conversationId).bind(2, dimension).bind(3, n);
        if (n > 0)
            insert.bind(4, sum / n);
        insert.bindBlob(5, pack(row)).run();
    }

    QHash<qint64, int> ordinal; // turn id -> assistant position
    for (int i = 0; i < m.assistantPositions.size(); ++i)
        ordinal.insert(m.turns[m.assistantPositions[i]].turnId, i);
    QJsonArray flagged;
    for (int i = 0; i < m.assistantPositions.size(); ++i)
        if (m.flagged.contains(m.turns[m.assistantPositions[i]].turnId))
            flagged.append(i);
    QJsonArray detected;
    QSet<qint64> detectedTurns;
    for (const continuity::Detection &d : continuity::detect(m.turns, options)) {
        detected.append(QJsonArray {ordinal.value(d.turnId), continuity::ruleKey(d.rule)});
        detectedTurns.insert(d.turnId);
    }
    double sum = 0;
    int rated = 0;
    for (int position : m.assistantPositions)
        if (const auto mean = m.turns[position].meanRating) {
            sum += *mean;
            ++rated;
        }
    int cells = 0;
    for (const continuity::TurnInput &turn : m.turns) {
        const auto ratings = m.ratings.constFind(turn.turnId);
        if (ratings == m.ratings.cend())
            continue;
        const QString role = roleKey(turn.role);
        for (auto it = ratings->cbegin(); it != ratings->cend(); ++it)
            cells += asked.cells.contains({it.key(), role}) ? 1 : 0;
    }
    // rated_cells counts what the protocol asked when it was written: the key tells which.
    const QJsonObject breaks {{QStringLiteral("flagged"), flagged},
                              {QStringLiteral("detected"), detected},
                              {QStringLiteral("rated_cells"), asked.key}};
    sql::Statement insert(db,
                          "INSERT OR REPLACE INTO conversation_digest(conversation_id, turns, "
                          "assistant_turns, rated_turns, mean, flagged, detected, breaks, "
                          "rated_cells) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, conversationId)
        .bind(2, int(m.turns.size()))
        .bind(3, int(m.assistantPositions.size()))
        .bind(4, rated);
    if (rated > 0)
        insert.bind(5, sum / rated);
    insert.bind(6, int(flagged.size()))
        .bind(7, int(detectedTurns.size()))
        .bind(8, QJsonDocument(breaks).toJson(QJsonDocument::Compact))
        .bind(9, cells)
        .run();
}

qint64 staleConversations(sql::Connection &db)
{
    sql::Statement count(db, "SELECT count(*) FROM digest_stale");
    return count.next() ? count.int64(0) : 0;
}

qint64 unindexedTurns(sql::Connection &db)
{
    sql::Statement count(
        db, "SELECT count(*) FROM turn WHERE id > (SELECT indexed_upto FROM search_state)");
    return count.next() ? count.int64(0) : 0;
}

} // namespace

QByteArray pack(const QVector<Rating> &values)
{
    QByteArray bytes;
    bytes.reserve(values.size());
    for (const Rating &value : values) {
        if (!value.isSet())
            bytes.append(char(missing));
        else if (value.isNotApplicable())
            bytes.append(char(notApplicable));
        else
            bytes.append(char(qBound(-126, value.value(), 127)));
    }
    return bytes;
}

qint64 pendingWork(const Store &store)
{
    sql::Connection &db = browse::connection(store);
    return staleConversations(db) + outdatedConversations(db, asked(store).key)
        + unindexedTurns(db);
}

qint64 refresh(Store &store, const Progress &progress, const continuity::Options &options)
{
    if (store.isReadOnly())
        return 0;
    sql::Connection &db = browse::connection(store);
    const Asked cells = asked(store);
    if (outdatedConversations(db, cells.key) > 0) {
        // Counted for other instruments or roles (or before digests said which): count again.
        store.transaction([&] {
            sql::Statement(db,
                           "INSERT INTO digest_stale SELECT d.conversation_id "
                           "FROM conversation_digest d "
                           "WHERE json_extract(d.breaks, '$.rated_cells') IS NOT ? "
                           "AND NOT EXISTS (SELECT 1 FROM digest_stale s "
                           "WHERE s.conversation_id = d.conversation_id)")
                .bind(1, cells.key)
                .run();
        });
    }
    const qint64 stale = staleConversations(db);
    const qint64 total = stale + unindexedTurns(db);
    if (total == 0)
        return 0;
    const qint64 self = store.selfAnnotatorId();
    QVector<qint64> dimensions;
    {
        sql::Statement query(db, "SELECT id FROM dimension WHERE level = 'turn' ORDER BY id");
        while (query.next())
            dimensions.append(query.int64(0));
    }
    qint64 done = 0;
    qint64 refreshed = 0;
    if (!progress.report(done, total))
        return refreshed;
    QElapsedTimer timer;
    int conversationsPerBatch = firstConversations;
    for (;;) {
        timer.start();
        QVector<qint64> batch;
        {
            sql::Statement query(db, "SELECT conversation_id FROM digest_stale ORDER BY 1 LIMIT ?");
            query.bind(1, conversationsPerBatch);
            while (query.next())
                batch.append(query.int64(0));
        }
        if (batch.isEmpty())
            break;
        store.transaction([&] {
            for (qint64 id : batch) {
                sql::Statement exists(db, "SELECT 1 FROM conversation WHERE id = ?");
                if (exists.bind(1, id).next()) {
                    write(db, id, load(db, id, self), dimensions, cells, options);
                    ++refreshed;
                }
                sql::Statement(db, "DELETE FROM digest_stale WHERE conversation_id = ?")
                    .bind(1, id)
                    .run();
            }
        });
        done += batch.size();
        conversationsPerBatch = nextBatch(int(batch.size()), timer.nsecsElapsed(),
                                          firstConversations, 20 * firstConversations);
        if (!progress.report(std::min(done, total), total))
            return refreshed;
    }
    int turnsPerBatch = firstTurns;
    for (;;) {
        timer.start();
        qint64 from = 0;
        qint64 upto = 0;
        {
            sql::Statement query(db,
                                 "SELECT (SELECT indexed_upto FROM search_state), max(id), "
                                 "count(*) FROM (SELECT id FROM turn WHERE id > "
                                 "(SELECT indexed_upto FROM search_state) ORDER BY id LIMIT ?)");
            query.bind(1, turnsPerBatch);
            if (!query.next() || query.isNull(1))
                break;
            from = query.int64(0);
            upto = query.int64(1);
            done += query.int64(2);
        }
        store.transaction([&] {
            sql::Statement(db,
                           "INSERT INTO turn_text(rowid, text) SELECT id, text FROM turn "
                           "WHERE id > ? AND id <= ?")
                .bind(1, from)
                .bind(2, upto)
                .run();
            sql::Statement(db, "UPDATE search_state SET indexed_upto = ?").bind(1, upto).run();
        });
        turnsPerBatch = nextBatch(turnsPerBatch, timer.nsecsElapsed(), firstTurns, 20 * firstTurns);
        if (!progress.report(std::min(done, total), total))
            break;
    }
    return refreshed;
}

QVector<continuity::TurnInput> detectionInput(const Store &store, qint64 conversationId,
                                              qint64 annotatorId)
{
    return load(browse::connection(store), conversationId, annotatorId).turns;
}

} // namespace sense7::digest
