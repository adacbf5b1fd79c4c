#include "digest.h"

#include "browse/select.h"
#include "error.h"
#include "store.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

namespace sense7::digest {
namespace {

// Batches are sized by time: the first is small, then each is sized to take about a tenth of a
// second on this machine.
constexpr int firstConversations = 100;
constexpr int firstTurns = 5000;
constexpr qint64 batchNanoseconds = 100'000'000;

// Several batches share a transaction until it has lasted this long (or the work is stopped):
// each commit syncs the file, and each one also ends a segment of the full-text index, which its
// merges then rewrite. The progress hears of the work after each commit, never inside a
// transaction: a progress dialog lets the GUI handle events there, and an edit made then must be
// committed at once, not with the preparation's work. So the transaction is short enough for the
// dialog to stay responsive (its Stop answered within half a second: preparationCommit).
// The full-text index keeps this much of newly indexed text in memory before it writes a segment
// (SQLite's default is 1 MiB): segments 32 times larger are merged far less often. Measured on
// 300,000 turns: 2.9 s of CPU rather than 5.4 s, for some 30 MB more memory while indexing.
constexpr qint64 searchHashBytes = qint64(32) * 1024 * 1024;
// Each commit ends a segment, and the index merges segments of a size once it has this many
// (SQLite's default is 4, its largest 16). Sixteen rewrites each indexed byte about half as often:
// on a million turns committed every 20,000, 16.9 s instead of 20.6 s, with the same search times.
constexpr qint64 searchAutomerge = 16;
// With sixteen, SQLite's default "crisis" merge (of a level that reaches 16 segments, all in one
// commit) fired every sixteenth commit and made it three times as long (1.45 s, where the
// preparation commits every half second to answer its Stop); at 64 it never comes first.
constexpr qint64 searchCrisismerge = 64;

/**
 * The statement writing a conversation's digest, over the one it has if any. Not INSERT OR
 * REPLACE: a statement that may delete a row of a table with a foreign key opens a statement
 * journal, and once one statement's journal outgrew memory, every later one in the transaction
 * writes the page it changes to a temporary file. In an import of a million conversations that
 * was 12.7 GB of writes (each digest's page, 16 KiB) for 0.2 GB of digests.
 */
QByteArray digestInsert(const char *values)
{
    return QByteArray("INSERT INTO conversation_digest(conversation_id, turns, assistant_turns, "
                      "rated_turns, mean, flagged, detected, breaks, rated_cells) VALUES(")
        + values
        + ") ON CONFLICT(conversation_id) DO UPDATE SET turns = excluded.turns, "
          "assistant_turns = excluded.assistant_turns, rated_turns = excluded.rated_turns, "
          "mean = excluded.mean, flagged = excluded.flagged, detected = excluded.detected, "
          "breaks = excluded.breaks, rated_cells = excluded.rated_cells";
}

// Conversations plus turns from which refresh() writes as a bulk write (Store::BulkWrite).
constexpr qint64 bulkItems = 20'000;

/** The next batch's size after \a size items took \a nanoseconds: aimed at batchNanoseconds,
 * growing at most fourfold and never below \a least. */
int nextBatch(int size, qint64 nanoseconds, int least, int most)
{
    const double aimed =
        double(size) * double(batchNanoseconds) / double(std::max<qint64>(nanoseconds, 1));
    return int(std::clamp(aimed, double(least), std::min(4.0 * size, double(most))));
}

enum class Step { More, Done };

/**
 * Runs \a step, one batch a call, in transactions of about commitNanoseconds each until it is done,
 * or until \a yield() asks to commit sooner; \a beforeCommit ends each transaction's work. After
 * each commit \a report() tells the progress; false (stopped) ends the work there, with what was
 * done committed. Returns false when stopped.
 */
template<typename BeforeCommit, typename Batch, typename Report, typename Yield>
bool inTransactions(Store &store, qint64 commitNanoseconds, BeforeCommit &&beforeCommit,
                    Batch &&step, Report &&report, Yield &&yield)
{
    for (;;) {
        Step last = Step::More;
        store.transaction([&] {
            QElapsedTimer open;
            open.start();
            do
                last = step();
            while (last == Step::More && open.nsecsElapsed() < commitNanoseconds && !yield());
            beforeCommit();
        });
        if (!report())
            return false;
        if (last == Step::Done)
            return true;
    }
}

/** One conversation's turns with the self ratings and flags a digest summarises. */
struct Material
{
    QVector<continuity::TurnInput> turns;
    QVector<int> assistantPositions; // index in turns of each assistant turn
    QHash<qint64, QHash<qint64, Rating>> ratings; // turn id -> dimension id -> value
    QSet<qint64> flagged;
    int widestSpan = 0; // max - min of the widest scale rated (continuity::dropThreshold())
};

/** Gives each turn of \a m with ratings the mean of its values (not-applicable left out). */
void setMeanRatings(Material &m)
{
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
}

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
                           "SELECT r.turn_id, r.dimension_id, r.value, d.scale_max - d.scale_min, "
                           "t.role FROM turn t "
                           "JOIN rating r ON r.turn_id = t.id AND r.annotator_id = ? "
                           "JOIN dimension d ON d.id = r.dimension_id AND d.level = 'turn' "
                           "WHERE t.conversation_id = ?");
    ratings.bind(1, annotatorId).bind(2, conversationId);
    while (ratings.next()) {
        m.ratings[ratings.int64(0)].insert(ratings.int64(1),
                                           Rating::orNotApplicable(ratings.optionalInt(2)));
        // As the trajectory: the scales of the replies' values, which the rule compares.
        if (!ratings.isNull(2) && ratings.utf8(4) == "assistant")
            m.widestSpan = std::max(m.widestSpan, ratings.integer(3));
    }
    sql::Statement flags(db,
                         "SELECT f.turn_id FROM turn t JOIN turn_flag f ON f.turn_id = t.id "
                         "WHERE t.conversation_id = ? AND f.annotator_id = ?");
    flags.bind(1, conversationId).bind(2, annotatorId);
    while (flags.next())
        m.flagged.insert(flags.int64(0));
    setMeanRatings(m);
    return m;
}

/** The stale conversations \a first to \a last with their material, as refresh() summarises them:
 * three queries for the whole batch rather than three per conversation, reading only what
 * detection needs (the text of user turns, the meta of turns whose meta mentions a branch).
 * Conversations no longer in the data set are left out. */
QVector<QPair<qint64, Material>> loadBatch(sql::Connection &db, qint64 first, qint64 last,
                                           qint64 annotatorId,
                                           const QVector<qint64> &turnDimensions,
                                           const QHash<qint64, int> &spans)
{
    QVector<QPair<qint64, Material>> batch;
    QHash<qint64, int> position; // conversation id -> index in batch
    {
        sql::Statement turns(
            db,
            "SELECT s.conversation_id, t.id, t.role, "
            "CASE WHEN t.role = 'user' THEN t.text END, "
            "CASE WHEN instr(t.meta, 'branch') > 0 THEN t.meta END "
            "FROM digest_stale s JOIN conversation c ON c.id = s.conversation_id "
            "LEFT JOIN turn t ON t.conversation_id = s.conversation_id "
            "WHERE s.conversation_id BETWEEN ? AND ? ORDER BY s.conversation_id, t.idx");
        turns.bind(1, first).bind(2, last);
        Material *m = nullptr;
        qint64 current = 0;
        while (turns.next()) {
            const qint64 conversation = turns.int64(0);
            if (m == nullptr || conversation != current) {
                current = conversation;
                position.insert(conversation, int(batch.size()));
                batch.append({conversation, Material()});
                m = &batch.last().second;
            }
            if (turns.isNull(1))
                continue; // a conversation without turns
            continuity::TurnInput turn;
            turn.turnId = turns.int64(1);
            turn.role = roleFromKey(turns.text(2)).value_or(Role::User);
            if (turn.role == Role::User)
                turn.text = turns.text(3);
            if (!turns.isNull(4))
                turn.meta = QJsonDocument::fromJson(turns.text(4).toUtf8()).object();
            if (turn.role == Role::Assistant)
                m->assistantPositions.append(int(m->turns.size()));
            m->turns.append(turn);
        }
    }
    if (annotatorId == 0 || batch.isEmpty())
        return batch;
    sql::Statement ratings(
        db,
        "SELECT t.conversation_id, r.turn_id, r.dimension_id, r.value, t.role "
        "FROM digest_stale s JOIN turn t ON t.conversation_id = s.conversation_id "
        "JOIN rating r ON r.turn_id = t.id AND r.annotator_id = ? "
        "WHERE s.conversation_id BETWEEN ? AND ?");
    ratings.bind(1, annotatorId).bind(2, first).bind(3, last);
    while (ratings.next()) {
        // Turn dimensions only (\a turnDimensions is sorted), checked here rather than joined.
        if (!std::binary_search(turnDimensions.cbegin(), turnDimensions.cend(), ratings.int64(2)))
            continue;
        const int at = position.value(ratings.int64(0), -1);
        if (at >= 0) {
            Material &m = batch[at].second;
            m.ratings[ratings.int64(1)].insert(ratings.int64(2),
                                               Rating::orNotApplicable(ratings.optionalInt(3)));
            if (!ratings.isNull(3) && ratings.utf8(4) == "assistant")
                m.widestSpan = std::max(m.widestSpan, spans.value(ratings.int64(2)));
        }
    }
    sql::Statement flags(db,
                         "SELECT t.conversation_id, f.turn_id "
                         "FROM digest_stale s JOIN turn t ON t.conversation_id = s.conversation_id "
                         "JOIN turn_flag f ON f.turn_id = t.id AND f.annotator_id = ? "
                         "WHERE s.conversation_id BETWEEN ? AND ?");
    flags.bind(1, annotatorId).bind(2, first).bind(3, last);
    while (flags.next()) {
        const int at = position.value(flags.int64(0), -1);
        if (at >= 0)
            batch[at].second.flagged.insert(flags.int64(1));
    }
    for (auto &[id, m] : batch)
        setMeanRatings(m);
    return batch;
}

/** What the protocol asks to be rated (Store::requiredTurnCells()), as the digest counts it. */
struct Asked
{
    QSet<QPair<qint64, int>> cells; // (dimension id, Role): the roles a turn can have
    QString key; // the cells as the JSON text the store binds: which cells a digest counted
    QByteArray keyMember; // "rated_cells":key} as the end of a compact JSON object
};

Asked asked(const Store &store)
{
    Asked result;
    const auto cells = store.requiredTurnCells();
    QJsonArray array; // the same text as storage::requiredCellsJson()
    for (const auto &cell : cells) {
        if (const auto role = roleFromKey(cell.second))
            result.cells.insert({cell.first, int(*role)});
        array.append(QJsonArray {cell.first, cell.second});
    }
    result.key = QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
    result.keyMember = QJsonDocument(QJsonObject {{QStringLiteral("rated_cells"), result.key}})
                           .toJson(QJsonDocument::Compact)
                           .mid(1);
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

/** Writes a conversation's digest; its former dimension rows are already deleted. */
/** The statements write() runs, prepared once for a batch. */
struct Writer
{
    explicit Writer(sql::Connection &db)
        : dimension(db,
                    "INSERT INTO digest_dimension(conversation_id, dimension_id, n, mean, vals) "
                    "VALUES(?, ?, ?, ?, ?)")
        , digest(db, digestInsert("?, ?, ?, ?, ?, ?, ?, ?, ?"))
    { }

    sql::Statement dimension;
    sql::Statement digest;
};

/** The continuity breaks detected in a conversation, as its digest keeps them. */
struct Detected
{
    QByteArray members; // of the breaks' "detected" list: [assistant turn, "rule"], ...
    int turns = 0; // the assistant turns named
};

Detected detectBreaks(const QVector<continuity::TurnInput> &turns,
                      const QVector<int> &assistantPositions, const continuity::Options &options)
{
    Detected result;
    QSet<qint64> named;
    for (const continuity::Detection &d : continuity::detect(turns, options)) {
        // Rules fire on assistant turns: d.position is one of assistantPositions.
        const auto at =
            std::lower_bound(assistantPositions.cbegin(), assistantPositions.cend(), d.position);
        if (!result.members.isEmpty())
            result.members += ',';
        result.members += '[' + QByteArray::number(qsizetype(at - assistantPositions.cbegin()))
            + ",\"" + continuity::ruleKey(d.rule).toLatin1() + "\"]";
        named.insert(d.turnId);
    }
    result.turns = int(named.size());
    return result;
}

void write(Writer &writer, qint64 conversationId, const Material &m,
           const QVector<qint64> &dimensions, const Asked &asked,
           const continuity::Options &options)
{
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
        sql::Statement &insert = writer.dimension;
        insert.bind(1, conversationId).bind(2, dimension).bind(3, n);
        if (n > 0)
            insert.bind(4, sum / n);
        insert.bindBlob(5, pack(row)).run();
    }

    // The breaks as QJsonDocument writes them, compact with the keys in order, built directly:
    // most conversations have none, and this is done for every one.
    continuity::Options scaled = options;
    scaled.threshold = continuity::dropThreshold(options.threshold, m.widestSpan);
    const Detected detected = detectBreaks(m.turns, m.assistantPositions, scaled);
    QByteArray breaks = "{\"detected\":[" + detected.members + "],\"flagged\":[";
    int flagged = 0;
    if (!m.flagged.isEmpty())
        for (int i = 0; i < m.assistantPositions.size(); ++i)
            if (m.flagged.contains(m.turns[m.assistantPositions[i]].turnId)) {
                if (flagged++ > 0)
                    breaks += ',';
                breaks += QByteArray::number(i);
            }
    // rated_cells counts what the protocol asked when it was written: the key tells which.
    breaks += "]," + asked.keyMember;
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
        const int role = int(turn.role);
        for (auto it = ratings->cbegin(); it != ratings->cend(); ++it)
            cells += asked.cells.contains({it.key(), role}) ? 1 : 0;
    }
    sql::Statement &insert = writer.digest;
    insert.bind(1, conversationId)
        .bind(2, int(m.turns.size()))
        .bind(3, int(m.assistantPositions.size()))
        .bind(4, rated);
    if (rated > 0)
        insert.bind(5, sum / rated);
    insert.bind(6, flagged).bind(7, detected.turns).bind(8, breaks).bind(9, cells).run();
}

qint64 staleConversations(sql::Connection &db)
{
    sql::Statement count(db, "SELECT count(*) FROM digest_stale");
    return count.next() ? count.int64(0) : 0;
}

qint64 indexed(sql::Connection &db)
{
    sql::Statement query(db, "SELECT indexed_upto FROM search_state");
    return query.next() ? query.int64(0) : 0;
}

qint64 unindexedTurns(sql::Connection &db)
{
    sql::Statement count(
        db, "SELECT count(*) FROM turn WHERE id > (SELECT indexed_upto FROM search_state)");
    return count.next() ? count.int64(0) : 0;
}

/** Sets the full-text index's settings for a large indexing, once: they are kept in the data set.
 */
void configureSearchIndex(Store &store, sql::Connection &db)
{
    const std::pair<const char *, qint64> settings[] = {{"hashsize", searchHashBytes},
                                                        {"automerge", searchAutomerge},
                                                        {"crisismerge", searchCrisismerge}};
    for (const auto &setting : settings) {
        const QString key = QString::fromLatin1(setting.first);
        const qint64 value = setting.second;
        sql::Statement current(db, "SELECT v FROM turn_text_config WHERE k = ?");
        current.bind(1, key);
        if (current.next() && current.int64(0) == value)
            continue;
        current.reset();
        store.transaction([&] {
            sql::Statement(db, "INSERT INTO turn_text(turn_text, rank) VALUES(?, ?)")
                .bind(1, key)
                .bind(2, value)
                .run();
        });
    }
}

/**
 * Indexes the turns not in the full-text index yet, in transactions of about \a commitNanoseconds.
 * \a done counts the turns indexed towards \a total. Returns false when \a progress stopped it.
 * With \a giveWay (beside a studio in use), a transaction ends as soon as another connection of
 * this process waits to write, and the next begins only once it has written and \a pause has
 * passed.
 */
bool indexTurns(Store &store, qint64 commitNanoseconds, const Progress &progress, qint64 &done,
                qint64 total, bool giveWay, std::chrono::milliseconds pause = {})
{
    sql::Connection &db = browse::connection(store);
    if (unindexedTurns(db) > 0)
        configureSearchIndex(store, db);
    const auto yield = [&] {
        return giveWay && db.writersWaiting();
    };
    QElapsedTimer timer;
    int turnsPerBatch = firstTurns;
    qint64 indexedUpto = -1; // what this transaction indexed, recorded as it commits
    const auto recordIndexed = [&] {
        if (indexedUpto >= 0)
            sql::Statement(db, "UPDATE search_state SET indexed_upto = ?")
                .bind(1, indexedUpto)
                .run();
        indexedUpto = -1;
    };
    return inTransactions(
        store, commitNanoseconds, recordIndexed,
        [&] {
            timer.start();
            const qint64 from = indexedUpto >= 0 ? indexedUpto : indexed(db);
            // Row by row: an INSERT ... SELECT (or any statement that may write several rows, such
            // as the UPDATE of search_state) makes the index write out the text it holds in memory,
            // in a segment of its own; single rows let it gather up to searchHashBytes.
            sql::Statement texts(db, "SELECT id, text FROM turn WHERE id > ? ORDER BY id LIMIT ?");
            sql::Statement insert(db, "INSERT INTO turn_text(rowid, text) VALUES(?, ?)");
            texts.bind(1, from).bind(2, turnsPerBatch);
            qint64 last = from;
            int rows = 0;
            while (texts.next()) {
                last = texts.int64(0);
                insert.bind(1, last).bindView(2, texts.utf8(1)).run();
                ++rows;
                // Beside the studio, after every turn: a turn may be megabytes long, and a batch
                // counted in turns would then hold the data set (and a Stop) for seconds.
                if (giveWay
                    && (yield() || progress.cancelled()
                        || timer.nsecsElapsed() >= batchNanoseconds))
                    break;
            }
            if (rows == 0)
                return Step::Done;
            done += rows;
            indexedUpto = last;
            turnsPerBatch =
                nextBatch(std::max(rows, 1), timer.nsecsElapsed(), firstTurns, 20 * firstTurns);
            return Step::More;
        },
        [&] {
            if (giveWay) {
                // A writer that waited is let in before this thread asks for the lock again.
                QElapsedTimer waited;
                waited.start();
                std::this_thread::sleep_for(pause);
                while (db.writersWaiting() && !progress.cancelled() && waited.elapsed() < 5000)
                    std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
            return progress.report(std::min(done, total), total);
        },
        yield);
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

Unrated unrated(const EncodedTurns &encoded, const continuity::Options &options)
{
    // What loadBatch() reads for detection: the text of user turns, the meta of turns whose
    // meta mentions a branch. A turn's position stands for its id. The rules that read text fire
    // on a user message after a reply: a conversation without one (a single exchange, as half of
    // a corpus may be) needs no text decoded.
    bool replied = false;
    const bool textMatters =
        std::any_of(encoded.rows.cbegin(), encoded.rows.cend(), [&](const EncodedTurns::Row &row) {
            replied = replied || row.role == Role::Assistant;
            return replied && row.role == Role::User;
        });
    QVector<continuity::TurnInput> turns;
    QVector<int> assistantPositions;
    turns.reserve(encoded.size());
    for (qsizetype i = 0; i < encoded.size(); ++i) {
        const EncodedTurns::Row &row = encoded.rows[i];
        continuity::TurnInput turn;
        turn.turnId = i;
        turn.role = row.role;
        if (textMatters && row.role == Role::User)
            turn.text = QString::fromUtf8(encoded.view(row.text, row.textSize));
        const QByteArrayView meta = encoded.view(row.meta, row.metaSize);
        if (meta.contains(QByteArrayView("branch")))
            turn.meta = QJsonDocument::fromJson(meta.toByteArray()).object();
        if (row.role == Role::Assistant)
            assistantPositions.append(int(i));
        turns.append(std::move(turn));
    }
    const Detected detected = detectBreaks(turns, assistantPositions, options);
    return {int(turns.size()), int(assistantPositions.size()), detected.turns, detected.members};
}

struct UnratedWriter::Statements
{
    explicit Statements(sql::Connection &db)
        : insert(db, digestInsert("?, ?, ?, 0, NULL, 0, ?, ?, 0"))
    { }

    sql::Statement insert;
    QByteArray ratedCells; // the breaks' end: "rated_cells":...}
};

UnratedWriter::UnratedWriter(Store &store)
    : m_statements(std::make_unique<Statements>(browse::connection(store)))
{
    m_statements->ratedCells = asked(store).keyMember;
}

UnratedWriter::~UnratedWriter() = default;

void UnratedWriter::write(qint64 conversationId, const Unrated &digest)
{
    m_statements->insert.bind(1, conversationId)
        .bind(2, digest.turns)
        .bind(3, digest.assistantTurns)
        .bind(4, digest.detectedTurns)
        .bind(5,
              QByteArray("{\"detected\":[" + digest.detected + "],\"flagged\":[],"
                         + m_statements->ratedCells))
        .run();
}

qint64 pendingWork(const Store &store, Part part)
{
    sql::Connection &db = browse::connection(store);
    qint64 pending = 0;
    if (part != Part::SearchIndex)
        pending += staleConversations(db) + outdatedConversations(db, asked(store).key);
    if (part != Part::Digests)
        pending += unindexedTurns(db);
    return pending;
}

qint64 refresh(Store &store, const Progress &progress, const continuity::Options &options,
               std::chrono::milliseconds commitEvery, Part part)
{
    const qint64 commitNanoseconds =
        std::chrono::duration_cast<std::chrono::nanoseconds>(commitEvery).count();
    if (store.isReadOnly())
        return 0;
    sql::Connection &db = browse::connection(store);
    const Asked cells = asked(store);
    const bool digests = part != Part::SearchIndex;
    if (digests && outdatedConversations(db, cells.key) > 0) {
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
    const qint64 stale = digests ? staleConversations(db) : 0;
    const qint64 total = stale + (part != Part::Digests ? unindexedTurns(db) : 0);
    if (total == 0)
        return 0;
    // A large preparation (an import's) gets a 64 MiB page cache and, when this is the data set's
    // only connection, a rollback journal: the index's new pages are then written once rather
    // than into the log and again by its checkpoint. A small one (after a few edits) is not worth
    // leaving WAL mode for.
    std::optional<Store::BulkWrite> bulk;
    if (total >= bulkItems)
        bulk.emplace(store);
    const qint64 self = store.selfAnnotatorId();
    QVector<qint64> dimensions;
    QHash<qint64, int> spans; // max - min
    {
        sql::Statement query(
            db, "SELECT id, scale_max - scale_min FROM dimension WHERE level = 'turn' ORDER BY id");
        while (query.next()) {
            dimensions.append(query.int64(0));
            spans.insert(query.int64(0), query.integer(1));
        }
    }
    qint64 done = 0;
    qint64 refreshed = 0;
    if (!progress.report(done, total))
        return refreshed;
    QElapsedTimer timer;
    int conversationsPerBatch = firstConversations;
    const bool digested = inTransactions(
        store, commitNanoseconds, [] {},
        [&] {
            timer.start();
            qint64 first = 0;
            qint64 last = 0;
            qint64 count = 0;
            {
                sql::Statement query(db,
                                     "SELECT min(conversation_id), max(conversation_id), count(*) "
                                     "FROM (SELECT conversation_id FROM digest_stale ORDER BY 1 "
                                     "LIMIT ?)");
                query.bind(1, conversationsPerBatch);
                if (!query.next() || query.isNull(0))
                    return Step::Done;
                first = query.int64(0);
                last = query.int64(1);
                count = query.int64(2);
            }
            // Every stale conversation from first to last is in this batch.
            const QVector<QPair<qint64, Material>> batch =
                loadBatch(db, first, last, self, dimensions, spans);
            sql::Statement(
                db,
                "DELETE FROM digest_dimension WHERE conversation_id IN (SELECT "
                "conversation_id FROM digest_stale WHERE conversation_id BETWEEN ? AND ?)")
                .bind(1, first)
                .bind(2, last)
                .run();
            Writer writer(db);
            for (const auto &[id, material] : batch)
                write(writer, id, material, dimensions, cells, options);
            sql::Statement(db, "DELETE FROM digest_stale WHERE conversation_id BETWEEN ? AND ?")
                .bind(1, first)
                .bind(2, last)
                .run();
            refreshed += batch.size();
            done += count;
            conversationsPerBatch = nextBatch(int(count), timer.nsecsElapsed(), firstConversations,
                                              20 * firstConversations);
            return Step::More;
        },
        [&] { return progress.report(std::min(done, total), total); }, [] { return false; });
    if (digested && part != Part::Digests)
        indexTurns(store, commitNanoseconds, progress, done, total, false);
    return refreshed;
}

Indexed indexForSearch(Store &store, const Progress &progress,
                       std::chrono::milliseconds commitEvery, std::chrono::milliseconds pause)
{
    Indexed result;
    if (store.isReadOnly())
        return result;
    sql::Connection &db = browse::connection(store);
    const qint64 total = unindexedTurns(db);
    if (total == 0 || !progress.report(0, total))
        return result;
    // Waits for the data set in short steps, and not at all once asked to stop; commits that do
    // not wait for the disk (the log stays whole; a power cut may take back the last few, and
    // what they had indexed with them): the studio's writes wait for these. Both are put back
    // however this ends, the guard in place before either is changed.
    const qint64 synchronous = db.pragmaInt("PRAGMA synchronous");
    const auto restore = qScopeGuard([&db, synchronous] {
        db.setBusyWait(busyWaitMilliseconds);
        db.trySetPragma("synchronous", synchronous);
    });
    db.setBusyWait(busyWaitMilliseconds, [&progress] { return progress.cancelled(); });
    db.setPragma("synchronous", 1); // NORMAL
    try {
        indexTurns(store, std::chrono::duration_cast<std::chrono::nanoseconds>(commitEvery).count(),
                   progress, result.turns, total, true, pause);
    } catch (const Error &) {
        // Stopped while it waited, or another program held the data set too long: what was
        // indexed is committed, and the rest waits for the next time.
        result.busy = db.gaveUpWaiting();
        if (!progress.cancelled() && !result.busy)
            throw;
    }
    result.turns = std::min(result.turns, total);
    return result;
}

QVector<continuity::TurnInput> detectionInput(const Store &store, qint64 conversationId,
                                              qint64 annotatorId)
{
    return load(browse::connection(store), conversationId, annotatorId).turns;
}

} // namespace sense7::digest
