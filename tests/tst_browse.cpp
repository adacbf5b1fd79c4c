// Digests, the browser's filters and sample loading, checked against plain SQL over the same data.

#include "browse/aggregates.h"
#include "browse/digest.h"
#include "browse/filter.h"
#include "browse/page.h"
#include "browse/sample.h"
#include "browse/select.h"
#include "browse/trajectory.h"
#include "import/importer.h"
#include "livesupport.h"
#include "protocol.h"
#include "schema.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <limits>
#include <mutex>
#include <thread>

using namespace sense7;
using namespace sense7::browse;

namespace {

qint64 count(Store &store, const QString &sql)
{
    sql::Statement query(test::connection(store), sql.toUtf8().constData());
    return query.next() ? query.int64(0) : -1;
}

/** Conversations \a filter selects, counted through where() as the browser does. */
qint64 filtered(Store &store, const Filter &filter)
{
    const Condition condition = where(filter);
    const QByteArray sql = QString(QStringLiteral("SELECT count(*) FROM ") + fromClause()
                                   + QStringLiteral(" WHERE ") + condition.sql)
                               .toUtf8();
    sql::Statement query(test::connection(store), sql.constData());
    for (int i = 0; i < condition.binds.size(); ++i)
        query.bind(i + 1, condition.binds[i]);
    return query.next() ? query.int64(0) : -1;
}

qint64 addConversation(Store &store, const QString &participant, const QStringList &texts,
                       const QJsonObject &meta = {})
{
    qint64 p = store.participantId(participant);
    if (p == 0)
        p = store.addParticipant(participant);
    Conversation c;
    c.participantId = p;
    c.sourceFormat = QStringLiteral("test");
    c.agent = QStringLiteral("test-agent");
    c.startedAt = QDateTime(QDate(2024, 1, 2), QTime(10, 0), Qt::UTC);
    QVector<Turn> turns;
    for (int i = 0; i < texts.size(); ++i) {
        Turn t;
        t.role = i % 2 == 0 ? Role::User : Role::Assistant;
        t.text = texts[i];
        if (t.role == Role::Assistant)
            t.meta = meta;
        turns.append(t);
    }
    return store.addConversation(c, turns);
}

/** Every inRanges() splits as setRangeSplit() says, while it lives. */
struct RangeSplit
{
    RangeSplit(qint64 least, int ranges) { setRangeSplit(least, ranges); }
    ~RangeSplit() { setRangeSplit(0, 0); }
    RangeSplit(const RangeSplit &) = delete;
    RangeSplit &operator=(const RangeSplit &) = delete;
};

QVector<qint64> replyIds(const Store &store, qint64 conversation)
{
    QVector<qint64> replies;
    for (const Turn &t : store.turns(conversation))
        if (t.role == Role::Assistant)
            replies.append(t.id);
    return replies;
}

QVector<series::Conversation> sampleConversations(const series::Sample &sample)
{
    QVector<series::Conversation> result;
    for (int i = 0; i < sample.size(); ++i)
        result.append(sample.conversation(i));
    return result;
}

/** Every number of a sample, conversation by conversation, exactly (doubles to 17 digits). */
QString fingerprint(const series::Sample &sample)
{
    QString out;
    const auto number = [](double x) {
        return QString::number(x, 'g', 17);
    };
    for (const Dimension &d : sample.dimensions)
        out += QStringLiteral("dim %1 %2 %3 %4\n")
                   .arg(d.id)
                   .arg(d.key)
                   .arg(d.scaleMin)
                   .arg(d.scaleMax);
    for (const series::Conversation &c : sampleConversations(sample)) {
        out += QStringLiteral("conv %1 [%2] [%3] [%4] [%5] %6\n")
                   .arg(c.id)
                   .arg(c.participant, c.agent, c.condition, c.group)
                   .arg(c.assistantTurns);
        for (int d = 0; d < sample.dimensions.size(); ++d) {
            out += QStringLiteral(" v");
            for (int k = -1; k <= c.assistantTurns + 1; ++k) {
                const auto v = c.value(d, k);
                out += v ? QStringLiteral(" %1").arg(*v) : QStringLiteral(" -");
            }
            out += QLatin1Char('\n');
        }
        out += QStringLiteral(" m");
        for (int k = -4; k <= c.assistantTurns + 4; ++k) {
            const auto t = c.turnMean(k);
            out += t ? QLatin1Char(' ') + number(*t) : QStringLiteral(" -");
        }
        out += QStringLiteral("\n f");
        for (int f : c.flagged)
            out += QStringLiteral(" %1").arg(f);
        out += QStringLiteral("\n d");
        for (const auto &[position, rule] : c.detected)
            out += QStringLiteral(" %1:%2").arg(position).arg(continuity::ruleKey(rule));
        out += QLatin1Char('\n');
    }
    return out;
}

QString fingerprint(const Aggregates &a)
{
    QString out;
    const auto number = [](double x) {
        return QString::number(x, 'g', 17);
    };
    const auto estimate = [&](const series::Estimate &e) {
        return QStringLiteral("(%1 %2 %3 %4 %5)")
            .arg(e.n)
            .arg(number(e.mean), number(e.low), number(e.high))
            .arg(e.ratings);
    };
    const auto groups = [&](const char *name, const series::GroupMeans &g) {
        out += QLatin1String(name) + QLatin1Char(' ') + g.groups.join(QLatin1Char('|'))
            + QLatin1Char('\n');
        for (int i = 0; i < g.cells.size(); ++i) {
            for (const series::Estimate &e : g.cells[i])
                out += estimate(e);
            out += QStringLiteral(" overall ") + estimate(g.overall[i]) + QLatin1Char('\n');
        }
    };
    const auto optional = [&](std::optional<double> x) {
        return x ? number(*x) : QStringLiteral("-");
    };
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(a.instrument, a.contextField, a.contextLabel)
               .arg(a.conversations)
               .arg(a.agentsByCondition)
               .arg(a.agentGroups)
               .arg(a.contextGroups)
               .arg(series::clusterKey(a.cluster))
               .arg(a.dimensions.size());
    for (int d = 0; d < a.distribution.counts.size(); ++d) {
        out += QStringLiteral("dist");
        for (int c : a.distribution.counts[d])
            out += QStringLiteral(" %1").arg(c);
        out += QStringLiteral(" na %1\n").arg(a.distribution.notApplicable[d]);
    }
    for (int b = 0; b < a.trajectory.centres.size(); ++b)
        out += QStringLiteral("bin %1 ").arg(number(a.trajectory.centres[b]))
            + estimate(a.trajectory.mean[b]) + QLatin1Char('\n');
    for (const QVector<series::Estimate> &line : a.trajectory.dimensions) {
        for (const series::Estimate &e : line)
            out += estimate(e);
        out += QLatin1Char('\n');
    }
    groups("agents", a.agents);
    groups("participants", a.participants);
    groups("context", a.context);
    for (const series::GroupTest &t : a.contextTests)
        out += QStringLiteral("kw %1 %2 %3 %4\n")
                   .arg(optional(t.h))
                   .arg(t.df)
                   .arg(optional(t.p))
                   .arg(t.n);
    out += QStringLiteral("aligned %1").arg(a.aligned.breaks);
    for (int i = 0; i < a.aligned.offsets.size(); ++i)
        out += QStringLiteral(" %1:").arg(a.aligned.offsets[i]) + estimate(a.aligned.mean[i]);
    out += QLatin1Char('\n');
    for (int i = 0; i < a.correlation.rho.size(); ++i) {
        for (int j = 0; j < a.correlation.rho[i].size(); ++j)
            out += QLatin1Char(' ') + optional(a.correlation.rho[i][j])
                + QStringLiteral("/%1").arg(a.correlation.n[i][j]);
        out += QLatin1Char('\n');
    }
    for (const continuity::RuleScore &s : a.detection)
        out += QStringLiteral("rule %1 %2 %3 %4\n")
                   .arg(s.rule ? continuity::ruleKey(*s.rule) : QStringLiteral("any"))
                   .arg(s.detected)
                   .arg(s.hits)
                   .arg(s.flagged);
    return out;
}

} // namespace

class TestBrowse : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void digestsSummariseTheSelfRatings();
    void editsMarkDigestsStale();
    void digestsHoldFlaggedAndDetectedBreaks();
    void ratingDropFollowsTheScale();
    void refreshCanStopAndResume();
    void refreshStoppedInLargerBatchesStaysConsistent();
    void searchIndexMergesFewerSegmentsAndStaysWhole();
    void editsWhilePreparingAreCommittedAtOnce();
    void indexingOnAThreadLetsOthersWrite();
    void indexingLongTurnsStopsWithinATurn();
    void heldOutsideChangesAreReportedOnRelease();
    void digestsAndSearchMatchFirstPrinciples();
    void filtersMatchSqlCounts();
    void ratingRangesAndBreaksFilterOnDigests();
    void textSearchFindsSubstringsInAnyScript();
    void textSearchSeesTurnsNotYetIndexed();
    void turnsTakingDeletedTurnsIdsAreSearched();
    void textSearchIgnoresCaseAlikeIndexedOrNot();
    void browserCountsAndPagesOfTextFollowChanges();
    void browserCountMatchesEveryFilter();
    void pagesFollowEveryOrderAndQueryShape();
    void sampleHoldsTheFilteredRatings();
    void sampleAndChartsStayExact();
    void rangesAreReadOnEveryCore();
    void textAndSamplesReadInRangesAlike();
    void choicesListDistinctValues();
    void filterToJsonNamesWhatIsSet();
    void contextKeysAndSamplesOfAnyInstrument();
    void liveConditionsFilterSortAndGroup();
    void sessionsMarkTheTrajectory();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Store> m_store;
};

void TestBrowse::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = Store::create(m_dir->filePath(QStringLiteral("browse.sense7")));
    demo::load(*m_store);
}

void TestBrowse::digestsSummariseTheSelfRatings()
{
    Store &store = *m_store;
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM digest_stale")), 13);
    QVERIFY(digest::pendingWork(store) > 13);
    const QVector<ConversationSummary> counted = store.conversationSummaries();
    const qint64 assistantTurns = store.info().assistantTurns;
    QCOMPARE(assistantTurns,
             count(store,
                   QStringLiteral("SELECT count(*) FROM turn WHERE role = "
                                  "'assistant'")));
    // The status bar's overview counts the same, with the demo notice.
    const auto sameAsInfo = [&](const Store &s) {
        const DataSetInfo info = s.info();
        const DataSetOverview overview = s.overview();
        QCOMPARE(overview.participants, info.participants);
        QCOMPARE(overview.conversations, info.conversations);
        QCOMPARE(overview.assistantTurns, info.assistantTurns);
        QCOMPARE(overview.readOnly, info.readOnly);
        QCOMPARE(overview.demo, info.sourceFormats.contains(QLatin1String("demo")));
    };
    sameAsInfo(store);
    QVERIFY(store.overview().demo);
    QCOMPARE(digest::refresh(store), 13);
    QCOMPARE(store.info().assistantTurns, assistantTurns); // now from the digests
    sameAsInfo(store);
    {
        // One conversation with a digest, one without: both counted, and no demo.
        auto other = Store::create(m_dir->filePath(QStringLiteral("overview.sense7")));
        addConversation(*other, QStringLiteral("P1"), {QStringLiteral("a"), QStringLiteral("b")});
        digest::refresh(*other);
        addConversation(
            *other, QStringLiteral("P2"),
            {QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("e"), QStringLiteral("f")});
        sameAsInfo(*other);
        const DataSetOverview overview = other->overview();
        QCOMPARE(overview.participants, 2);
        QCOMPARE(overview.conversations, 2);
        QCOMPARE(overview.assistantTurns, 3);
        QVERIFY(!overview.demo);
    }
    // The conversation list now takes its rated cells from the digests: the same numbers.
    const QVector<ConversationSummary> digested = store.conversationSummaries();
    QCOMPARE(digested.size(), counted.size());
    for (int i = 0; i < counted.size(); ++i)
        QCOMPARE(digested[i].ratedCells, counted[i].ratedCells);
    QVERIFY(counted.first().ratedCells > 0);
    QCOMPARE(
        store
            .conversationSummaries(
                store.annotatorId(QStringLiteral("observer-1"), AnnotatorKind::Observer))
            .first()
            .ratedCells,
        int(count(store,
                  QStringLiteral("SELECT count(*) FROM rating r JOIN turn t ON t.id = r.turn_id "
                                 "JOIN annotator a ON a.id = r.annotator_id AND a.code = "
                                 "'observer-1' WHERE t.conversation_id = ")
                      + QString::number(counted.first().id))));
    QCOMPARE(digest::pendingWork(store), 0);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM conversation_digest")), 13);
    // Every dimension mean is the SQL average of the self ratings, "not applicable" left out.
    QCOMPARE(count(store,
                   QStringLiteral(
                       "SELECT count(*) FROM digest_dimension dd WHERE abs(dd.mean - (SELECT "
                       "avg(r.value) FROM rating r JOIN turn t ON t.id = r.turn_id JOIN annotator "
                       "a ON a.id = r.annotator_id AND a.code = 'self' WHERE t.conversation_id = "
                       "dd.conversation_id AND r.dimension_id = dd.dimension_id)) > 1e-9 OR "
                       "dd.n <> (SELECT count(r.value) FROM rating r JOIN turn t ON t.id = "
                       "r.turn_id JOIN annotator a ON a.id = r.annotator_id AND a.code = 'self' "
                       "WHERE t.conversation_id = dd.conversation_id AND r.dimension_id = "
                       "dd.dimension_id)")),
             0);
    QVERIFY(count(store, QStringLiteral("SELECT count(*) FROM digest_dimension")) >= 13 * 7);
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM conversation_digest d WHERE "
                                  "assistant_turns <> (SELECT count(*) FROM turn t WHERE "
                                  "t.conversation_id = d.conversation_id AND role = "
                                  "'assistant') OR length((SELECT vals FROM "
                                  "digest_dimension dd WHERE dd.conversation_id = "
                                  "d.conversation_id LIMIT 1)) <> assistant_turns")),
             0);
    QCOMPARE(digest::refresh(store), 0); // nothing stale
}

void TestBrowse::editsMarkDigestsStale()
{
    Store &store = *m_store;
    digest::refresh(store);
    const qint64 conversation = store.conversationSummaries().first().id;
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    const qint64 self = store.selfAnnotatorId();
    qint64 turn = 0;
    for (const Turn &t : store.turns(conversation))
        if (t.role == Role::Assistant && turn == 0)
            turn = t.id;
    const int before = store.conversationSummary(conversation)->ratedCells;
    store.clearRating(turn, warmth.id, self);
    // Stale: the list counts again rather than trust the digest.
    QCOMPARE(store.conversationSummary(conversation)->ratedCells, before - 1);
    store.setRating(turn, warmth.id, self, 1);
    QCOMPARE(store.conversationSummary(conversation)->ratedCells, before);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM digest_stale")), 1);
    QCOMPARE(digest::refresh(store), 1);
    QCOMPARE(qint8(test::connection(store).pragmaInt(
                 QByteArray("SELECT unicode(substr(CAST(vals AS TEXT), 1, 1)) FROM "
                            "digest_dimension WHERE conversation_id = "
                            + QByteArray::number(conversation)
                            + " AND dimension_id = " + QByteArray::number(warmth.id))
                     .constData())),
             1);
    store.clearRating(turn, warmth.id, self);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM digest_stale")), 1);
    digest::refresh(store);
    TurnFlag flag;
    flag.turnId = turn;
    flag.annotatorId = self;
    flag.reason = QStringLiteral("forgot_context");
    store.addFlag(flag);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM digest_stale")), 1);
    // A model's rating also marks it (over-marking costs one rebuild, never a wrong number).
    digest::refresh(store);
    store.setRating(turn, warmth.id, store.annotatorId(QStringLiteral("m"), AnnotatorKind::Model),
                    3);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM digest_stale")), 1);
}

void TestBrowse::digestsHoldFlaggedAndDetectedBreaks()
{
    Store &store = *m_store;
    const qint64 id = addConversation(
        store, QStringLiteral("P09"),
        {QStringLiteral("Write a short poem about autumn leaves please"), QStringLiteral("Poem 1"),
         QStringLiteral("You forgot the leaves."), QStringLiteral("Poem 2"),
         QStringLiteral("Thanks"), QStringLiteral("Poem 3")},
        {{QStringLiteral("branch"), QStringLiteral("regenerated")}});
    digest::refresh(store);
    sql::Statement query(test::connection(store),
                         "SELECT flagged, detected, breaks, assistant_turns, rated_turns, mean "
                         "FROM conversation_digest WHERE conversation_id = ?");
    QVERIFY(query.bind(1, id).next());
    QCOMPARE(query.integer(0), 0);
    QCOMPARE(query.integer(1), 3); // every reply was regenerated
    QCOMPARE(query.integer(3), 3);
    QCOMPARE(query.integer(4), 0);
    QVERIFY(query.isNull(5));
    const QString breaks = query.text(2);
    QVERIFY2(breaks.contains(QLatin1String("[0,\"repair_cue\"]")), qPrintable(breaks));
    QVERIFY(breaks.contains(QLatin1String("[2,\"regenerated\"]")));

    // The demo's flags are in the digests: P01's first conversation has six.
    QCOMPARE(count(store, QStringLiteral("SELECT sum(flagged) FROM conversation_digest")),
             count(store,
                   QStringLiteral("SELECT count(*) FROM turn_flag f JOIN annotator a ON "
                                  "a.id = f.annotator_id AND a.code = 'self'")));
}

void TestBrowse::refreshCanStopAndResume()
{
    Store &store = *m_store;
    const qint64 total = digest::pendingWork(store);
    QVector<qint64> seen;
    Progress progress;
    progress.setCallback([&](qint64 done, qint64 all) {
        seen.append(done);
        if (!(all == total && done == 0))
            progress.cancel(); // stop after the first batch
    });
    digest::refresh(store, progress, {}, std::chrono::milliseconds(0));
    QCOMPARE(seen.size(), 2);
    QVERIFY(digest::pendingWork(store) < total);
    QVERIFY(digest::pendingWork(store) > 0); // the text index is still to do
    digest::refresh(store);
    QCOMPARE(digest::pendingWork(store), 0);

    Store::open(store.path(), Store::Access::ReadOnly);
    addConversation(store, QStringLiteral("P09"), {QStringLiteral("a"), QStringLiteral("b")});
    auto readOnly = Store::open(store.path(), Store::Access::ReadOnly);
    QCOMPARE(digest::refresh(*readOnly), 0);
    QCOMPARE(digest::pendingWork(*readOnly), 3); // one conversation, two turns
}

void TestBrowse::editsWhilePreparingAreCommittedAtOnce()
{
    // The studio's progress dialog handles events while the preparation reports its progress: a
    // rating given then is committed at once, never held in the preparation's transaction.
    Store &store = *m_store;
    for (int i = 0; i < 300; ++i)
        addConversation(store, QStringLiteral("P%1").arg(10 + i % 5),
                        {QStringLiteral("question %1").arg(i), QStringLiteral("answer %1").arg(i)});
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    const QVector<qint64> replies = replyIds(store, 1);
    const qint64 self = store.selfAnnotatorId();
    int reports = 0;
    Progress progress;
    progress.setCallback([&](qint64, qint64) {
        const qint64 reply = replies.value(reports++ % replies.size());
        const int value = 1 + reports % 5;
        store.setRating(reply, warmth.id, self, value, Origin::Edit);
        // Another connection sees it: committed.
        auto other = Store::open(store.path(), Store::Access::ReadOnly);
        QCOMPARE(other->rating(reply, warmth.id, self), Rating(value));
    });
    digest::refresh(store, progress, {}, std::chrono::milliseconds(0));
    QVERIFY(reports >= 3); // at the start, and after each phase's commit at least
    digest::refresh(store); // the last rating made its conversation's digest stale again
    QCOMPARE(digest::pendingWork(store), 0);
}

void TestBrowse::indexingOnAThreadLetsOthersWrite()
{
    // The browser indexes on a thread, on a connection of its own, while the studio rates on its
    // connection: each rating is committed while the index grows, and the index ends whole.
    Store &store = *m_store;
    digest::refresh(store);
    const QString words = QStringLiteral("the quarterly plan with its budget and every deadline ");
    for (int i = 0; i < 1500; ++i)
        addConversation(store, QStringLiteral("P%1").arg(10 + i % 5),
                        {words.repeated(8) + QStringLiteral("okapi%1").arg(i), words.repeated(12),
                         words.repeated(6), words.repeated(10)});
    QCOMPARE(digest::pendingWork(store, digest::Part::Digests), 1500);
    digest::refresh(store, {}, {}, digest::preparationCommit, digest::Part::Digests);
    QCOMPARE(digest::pendingWork(store, digest::Part::Digests), 0);
    const qint64 unindexed = digest::pendingWork(store, digest::Part::SearchIndex);
    QCOMPARE(unindexed, 6000);
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    const QVector<qint64> replies = replyIds(store, 1);
    const qint64 self = store.selfAnnotatorId();

    std::atomic<bool> finished {false};
    std::atomic<int> reports {0};
    qint64 indexed = -1;
    QString failure;
    std::thread indexer([&] {
        try {
            auto own = Store::open(store.path(), Store::Access::ReadWrite, Store::Check::Never);
            Progress progress([&](qint64, qint64) { ++reports; });
            indexed = digest::indexForSearch(*own, progress, std::chrono::milliseconds(0),
                                             std::chrono::milliseconds(2))
                          .turns;
        } catch (const Error &e) {
            failure = e.message();
        }
        finished = true;
    });
    int rated = 0;
    int whileIndexing = 0;
    while (!finished || rated < 20) {
        whileIndexing += finished ? 0 : 1;
        const qint64 reply = replies.value(rated % replies.size());
        const int value = 1 + rated % 5;
        store.setRating(reply, warmth.id, self, value, Origin::Edit); // throws if kept waiting
        ++rated;
        auto other = Store::open(store.path(), Store::Access::ReadOnly, Store::Check::Never);
        QCOMPARE(other->rating(reply, warmth.id, self), Rating(value));
    }
    indexer.join();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QCOMPARE(indexed, unindexed);
    QVERIFY(reports >= 3); // several transactions, the ratings between them
    QVERIFY(whileIndexing > 0);
    QCOMPARE(digest::pendingWork(store, digest::Part::SearchIndex), 0);
    Filter f;
    f.text = QStringLiteral("okapi1234");
    QCOMPARE(filtered(store, f), 1);
    f.text = QStringLiteral("budget and every");
    QCOMPARE(filtered(store, f), 1500);
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM turn_text WHERE turn_text MATCH "
                                  "'\"deadline the quarterly\"'")),
             6000);
    sql::Statement(test::connection(store),
                   "INSERT INTO turn_text(turn_text, rank) VALUES('integrity-check', 1)")
        .run();
}

void TestBrowse::indexingLongTurnsStopsWithinATurn()
{
    // Turns of a megabyte: the index beside the studio looks at the time, a waiting writer and a
    // stop after every turn, not after a batch counted in turns (which held the data set, and a
    // Stop, for as long as forty such turns take).
    Store &store = *m_store;
    digest::refresh(store);
    const QString megabyte = QStringLiteral("long reply with many words ").repeated(40000);
    for (int i = 0; i < 20; ++i)
        addConversation(store, QStringLiteral("P09"),
                        {megabyte + QString::number(i), megabyte, QStringLiteral("q")});
    QVERIFY(digest::pendingWork(store, digest::Part::SearchIndex) >= 40);
    Progress progress;
    std::atomic<qint64> stoppedAt {0};
    QElapsedTimer clock;
    clock.start();
    std::thread indexer([&] {
        auto own = Store::open(store.path(), Store::Access::ReadWrite, Store::Check::Never);
        digest::indexForSearch(*own, progress, digest::backgroundCommit, digest::backgroundPause);
    });
    // Asked to stop as soon as it started on the long turns.
    while (digest::pendingWork(store, digest::Part::SearchIndex) > 0 && clock.elapsed() < 200)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stoppedAt = clock.elapsed();
    progress.cancel();
    indexer.join();
    const qint64 answered = clock.elapsed() - stoppedAt;
    QVERIFY2(answered < 1000, qPrintable(QString::number(answered)));
    QVERIFY(digest::pendingWork(store, digest::Part::SearchIndex) > 0); // stopped, not finished
    // A rating given while it indexes waits at most about a turn.
    std::thread again([&] {
        auto own = Store::open(store.path(), Store::Access::ReadWrite, Store::Check::Never);
        Progress unstopped;
        digest::indexForSearch(*own, unstopped, digest::backgroundCommit, digest::backgroundPause);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    const QVector<qint64> replies = replyIds(store, 1);
    QElapsedTimer rating;
    rating.start();
    store.setRating(replies.constFirst(), warmth.id, store.selfAnnotatorId(), 3, Origin::Edit);
    const qint64 waited = rating.elapsed();
    again.join();
    QVERIFY2(waited < 2000, qPrintable(QString::number(waited)));
    QCOMPARE(digest::pendingWork(store, digest::Part::SearchIndex), 0);
}

void TestBrowse::heldOutsideChangesAreReportedOnRelease()
{
    // While the browser's own indexing thread writes, its commits are not another program's; one
    // made meanwhile by another program is reported when the hold ends, not lost.
    Store &store = *m_store;
    QSignalSpy elsewhere(&store, &Store::changedElsewhere);
    QVERIFY(!store.checkForOutsideChanges());
    auto other = Store::open(store.path());
    store.holdOutsideChanges();
    store.holdOutsideChanges();
    addConversation(*other, QStringLiteral("P08"), {QStringLiteral("hello"), QStringLiteral("hi")});
    QVERIFY(!store.checkForOutsideChanges());
    store.releaseOutsideChanges();
    QVERIFY(!store.checkForOutsideChanges()); // still held once
    QCOMPARE(elsewhere.count(), 0);
    store.releaseOutsideChanges();
    QCOMPARE(elsewhere.count(), 1);
    QVERIFY(!store.checkForOutsideChanges());
    addConversation(*other, QStringLiteral("P08"), {QStringLiteral("again"), QStringLiteral("hi")});
    QVERIFY(store.checkForOutsideChanges());
    QCOMPARE(elsewhere.count(), 2);
}

void TestBrowse::refreshStoppedInLargerBatchesStaysConsistent()
{
    // Enough conversations for batches after the first (of 100) to grow: a stop between any two
    // leaves each conversation either summarised or still marked stale, never both or neither.
    Store &store = *m_store;
    for (int i = 0; i < 400; ++i)
        addConversation(store, QStringLiteral("P%1").arg(10 + i % 5),
                        {QStringLiteral("question %1").arg(i), QStringLiteral("answer %1").arg(i),
                         QStringLiteral("as I said, question %1").arg(i)});
    const qint64 conversations = count(store, QStringLiteral("SELECT count(*) FROM conversation"));
    const QString consistent = QStringLiteral(
        "SELECT count(*) FROM conversation c WHERE (c.id IN (SELECT conversation_id FROM "
        "conversation_digest)) = (c.id IN (SELECT conversation_id FROM digest_stale))");
    QVector<qint64> seen;
    Progress progress;
    progress.setCallback([&](qint64 done, qint64) {
        seen.append(done);
        if (seen.size() == 3)
            progress.cancel(); // after the second batch
    });
    digest::refresh(store, progress, {}, std::chrono::milliseconds(0));
    QCOMPARE(seen.size(), 3);
    QVERIFY(seen[2] > seen[1]);
    QVERIFY(seen[1] >= 100);
    QCOMPARE(count(store, consistent), 0);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM conversation_digest")), seen[2]);
    QCOMPARE(count(store, QStringLiteral("SELECT indexed_upto FROM search_state")), 0);
    digest::refresh(store);
    QCOMPARE(digest::pendingWork(store), 0);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM conversation_digest")),
             conversations);
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM conversation_digest "
                                  "WHERE detected > 0")),
             400
                 + count(store,
                         QStringLiteral("SELECT count(*) FROM conversation_digest d JOIN "
                                        "conversation c ON c.id = d.conversation_id "
                                        "WHERE c.participant_id IN (SELECT id FROM "
                                        "participant WHERE code < 'P10') AND detected > 0")));
    Filter text;
    text.text = QStringLiteral("question 399");
    QCOMPARE(filtered(store, text), 1);
}

void TestBrowse::browserCountsAndPagesOfTextFollowChanges()
{
    // browse::count() and browse::page() keep what a text search found: they answer as where()
    // does, and see every change, on this connection or another.
    Store &store = *m_store;
    digest::refresh(store);
    Filter f;
    f.text = QStringLiteral("okapi");
    QCOMPARE(browse::count(store, f), 0);
    QVERIFY(browse::page(store, f, {}, 0, 50).isEmpty());
    const qint64 first =
        addConversation(store, QStringLiteral("P09"),
                        {QStringLiteral("an okapi in the zoo"), QStringLiteral("ok")});
    QCOMPARE(browse::count(store, f), 1); // not indexed yet
    QCOMPARE(browse::count(store, f), filtered(store, f));
    digest::refresh(store);
    QCOMPARE(browse::count(store, f), 1); // indexed
    f.participants = {QStringLiteral("P09")};
    const QVector<PageRow> rows = browse::page(store, f, {}, 0, 50);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.constFirst().id, first);
    f.participants = {QStringLiteral("P01")};
    QCOMPARE(browse::count(store, f), 0);
    f.participants.clear();
    {
        // Another connection adds one: seen after its commit.
        auto other = Store::open(store.path());
        addConversation(*other, QStringLiteral("P08"),
                        {QStringLiteral("OKAPI again"), QStringLiteral("yes")});
    }
    QCOMPARE(browse::count(store, f), 2);
    QCOMPARE(browse::page(store, f, {}, 0, 50).size(), 2);
    QCOMPARE(browse::count(store, f), filtered(store, f));
    // Another text, then the first again; a short text; a removal.
    f.text = QStringLiteral("zoo");
    QCOMPARE(browse::count(store, f), 1);
    f.text = QStringLiteral("ok");
    QCOMPARE(browse::count(store, f), filtered(store, f));
    f.text = QStringLiteral("okapi");
    QCOMPARE(browse::count(store, f), 2);
    sql::Statement(test::connection(store), "DELETE FROM conversation WHERE id = ?")
        .bind(1, first)
        .run();
    QCOMPARE(browse::count(store, f), 1);
    QCOMPARE(browse::page(store, f, {}, 0, 50).size(), 1);
}

void TestBrowse::browserCountMatchesEveryFilter()
{
    // browse::count() leaves out the joins a condition does not read: the same counts as where()
    // with every join, and its pages hold that many rows.
    Store &store = *m_store;
    digest::refresh(store);
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    QVector<Filter> filters(12);
    filters[1].participants = {QStringLiteral("P02")};
    filters[2].agents = {QStringLiteral("gpt-4o"), QStringLiteral("gemini-1.5-pro")};
    filters[3].taskTypes = {QStringLiteral("planning"), QStringLiteral("writing")};
    filters[4].from = QDate(2024, 1, 1);
    filters[4].to = QDate(2030, 1, 1);
    filters[5].ranges = {{warmth.id, 3.0, 5.0}};
    filters[6].breaks = Breaks::Flagged;
    filters[7].breaks = Breaks::None;
    filters[8].text = QStringLiteral("the");
    filters[9].text = QStringLiteral("a");
    filters[10] = filters[2];
    filters[10].breaks = Breaks::Detected;
    filters[11].context.insert(QStringLiteral("task_type"), {QStringLiteral("writing")});
    for (int i = 0; i < filters.size(); ++i) {
        const qint64 expected = filtered(store, filters[i]);
        QVERIFY2(browse::count(store, filters[i]) == expected, qPrintable(QString::number(i)));
        QCOMPARE(browse::page(store, filters[i], {}, 0, 100).size(), expected);
    }
    QCOMPARE(browse::count(store, filters[0]), 13);
    QVERIFY(browse::count(store, filters[6]) > 0);
    QVERIFY(browse::count(store, filters[7]) > 0);
}

void TestBrowse::pagesFollowEveryOrderAndQueryShape()
{
    // Pages walk an index in the order asked for where they can (the means of every
    // conversation, rating ranges and text as lookups per conversation) and read every match and
    // sort it otherwise: page after page, the same conversations in the same order as sorting
    // where()'s selection by the key and then the id, both directions. A conversation without
    // ratings has no mean: first ascending, last descending.
    Store &store = *m_store;
    addConversation(store, QStringLiteral("P01"),
                    {QStringLiteral("unrated question"), QStringLiteral("unrated answer")});
    digest::refresh(store);
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    QVector<Filter> filters(7);
    filters[1].agents = {QStringLiteral("gpt-4o")};
    filters[2].ranges = {{warmth.id, 3.0, 5.0}};
    filters[3].breaks = Breaks::Flagged;
    filters[4].text = QStringLiteral("the");
    filters[5].participants = {QStringLiteral("P02")};
    filters[6].ranges = {{warmth.id, 2.0, 4.5}};
    filters[6].text = QStringLiteral("you");
    using Key = Order::Key;
    const QVector<QPair<Key, QString>> keys = {
        {Key::Participant, QStringLiteral("p.code")},
        {Key::Agent, QStringLiteral("c.agent")},
        {Key::Task, QStringLiteral("json_extract(c.context, '$.task_type')")},
        {Key::Date, QStringLiteral("c.started_at")},
        {Key::Turns, QStringLiteral("d.turns")},
        {Key::Flagged, QStringLiteral("d.flagged")},
        {Key::Detected, QStringLiteral("d.detected")},
        {Key::Mean, QStringLiteral("s.mean")},
        {Key::Condition, QStringLiteral("c.condition")}};
    const auto expected = [&](const Filter &filter, const Order &order, Shape shape) {
        const Condition condition = where(filter, shape);
        const QString direction =
            order.ascending ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
        QString key;
        for (const auto &k : keys)
            if (k.first == order.key)
                key = k.second;
        const QString sql = QStringLiteral("SELECT c.id FROM ") + fromClause()
            + QStringLiteral(" LEFT JOIN digest_dimension s ON s.conversation_id = c.id AND "
                             "s.dimension_id = ")
            + QString::number(warmth.id) + QStringLiteral(" WHERE ") + condition.sql
            + QStringLiteral(" ORDER BY ") + key + direction + QStringLiteral(", c.id") + direction;
        sql::Statement query(test::connection(store), sql.toUtf8());
        for (int i = 0; i < condition.binds.size(); ++i)
            query.bind(i + 1, condition.binds[i]);
        QVector<qint64> ids;
        while (query.next())
            ids.append(query.int64(0));
        return ids;
    };
    int nonEmpty = 0;
    for (int f = 0; f < filters.size(); ++f) {
        for (const auto &k : keys) {
            for (const bool ascending : {true, false}) {
                Order order;
                order.key = k.first;
                order.dimensionId = warmth.id;
                order.ascending = ascending;
                const QVector<qint64> wanted = expected(filters[f], order, Shape::Sets);
                const QString what = QStringLiteral("filter %1, key %2, %3")
                                         .arg(f)
                                         .arg(int(k.first))
                                         .arg(ascending ? QStringLiteral("ascending")
                                                        : QStringLiteral("descending"));
                QVERIFY2(expected(filters[f], order, Shape::Probes) == wanted, qPrintable(what));
                QVector<qint64> paged;
                for (qint64 offset = 0; offset <= wanted.size(); offset += 3)
                    for (const PageRow &row : browse::page(store, filters[f], order, offset, 3))
                        paged.append(row.id);
                QVERIFY2(paged == wanted, qPrintable(what));
                QCOMPARE(browse::count(store, filters[f]), qint64(wanted.size()));
                if (!wanted.isEmpty())
                    ++nonEmpty;
            }
        }
    }
    QCOMPARE(nonEmpty, int(filters.size() * keys.size() * 2));
    // The unrated conversation is where a missing mean sorts.
    Order byWarmth;
    byWarmth.key = Key::Mean;
    byWarmth.dimensionId = warmth.id;
    byWarmth.ascending = true;
    const QVector<PageRow> first = browse::page(store, {}, byWarmth, 0, 1);
    QCOMPARE(first.size(), 1);
    QVERIFY(!first[0].means.contains(warmth.id));
    QVERIFY(browse::page(store, {}, byWarmth, 1, 1).value(0).means.contains(warmth.id));
}

void TestBrowse::searchIndexMergesFewerSegmentsAndStaysWhole()
{
    // Each preparation's commit ends a segment of the full-text index: the preparation sets the
    // index to merge sixteen segments at a time, never all of a level in one commit (a "crisis"
    // merge), and to gather 32 MiB in memory. Twenty
    // preparations make twenty segments, merged once; the index stays whole and answers as before.
    Store &store = *m_store;
    for (int round = 0; round < 20; ++round) {
        for (int i = round * 15; i < (round + 1) * 15; ++i)
            addConversation(store, QStringLiteral("P%1").arg(10 + i % 3),
                            {QStringLiteral("question %1 about the budget").arg(i),
                             QStringLiteral("answer %1").arg(i)});
        digest::refresh(store);
        QCOMPARE(digest::pendingWork(store), 0);
    }
    QCOMPARE(count(store, QStringLiteral("SELECT v FROM turn_text_config WHERE k = 'automerge'")),
             16);
    QCOMPARE(count(store, QStringLiteral("SELECT v FROM turn_text_config WHERE k = 'hashsize'")),
             qint64(32) * 1024 * 1024);
    QCOMPARE(count(store, QStringLiteral("SELECT v FROM turn_text_config WHERE k = 'crisismerge'")),
             64);
    test::connection(store).exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')");
    Filter text;
    text.text = QStringLiteral("question 299 about");
    QCOMPARE(filtered(store, text), 1);
    text.text = QStringLiteral("the budget");
    QCOMPARE(filtered(store, text), 300);
}

void TestBrowse::digestsAndSearchMatchFirstPrinciples()
{
    // A varied data set, summarised in batches (stopped once and resumed), against digests
    // worked out here conversation by conversation from what the store returns, and the
    // full-text index against the text it indexes.
    Store &store = *m_store;
    const qint64 self = store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 observer =
        store.annotatorId(QStringLiteral("observer-9"), AnnotatorKind::Observer);
    QVector<qint64> turnDimensions;
    {
        sql::Statement query(test::connection(store),
                             "SELECT id FROM dimension WHERE level = 'turn' ORDER BY id");
        while (query.next())
            turnDimensions.append(query.int64(0));
    }
    QVERIFY(turnDimensions.size() >= 2);
    const QStringList agents {QStringLiteral("gpt-4"), QStringLiteral("claude"),
                              QStringLiteral("qwen")};
    for (int i = 0; i < 260; ++i) {
        qint64 p = store.participantId(QStringLiteral("Q%1").arg(i % 7));
        if (p == 0)
            p = store.addParticipant(QStringLiteral("Q%1").arg(i % 7));
        Conversation c;
        c.participantId = p;
        c.sourceFormat = QStringLiteral("test");
        c.agent = agents[i % agents.size()];
        c.startedAt = QDateTime(QDate(2024, 2, 1 + i % 20), QTime(9, i % 60), Qt::UTC);
        QVector<Turn> turns;
        const auto add = [&](Role role, const QString &text, const QJsonObject &meta = {}) {
            Turn t;
            t.role = role;
            t.text = text;
            t.meta = meta;
            turns.append(t);
        };
        if (i % 11 == 0)
            add(Role::System, QStringLiteral("You are a helpful assistant, number %1.").arg(i));
        const int exchanges = i == 9 || i == 99 ? 0 : 1 + (i / 3) % 5; // 99: a system turn alone
        for (int e = 0; e < exchanges; ++e) {
            if (e > 0 && i % 5 == 0)
                add(Role::User,
                    QStringLiteral("As I said, that is not what I asked in %1.").arg(i));
            else if (e > 0 && i % 3 == 0)
                add(Role::User,
                    QStringLiteral("Please write a short story about a lighthouse keeper %1")
                        .arg(i));
            else if (i % 4 == 0)
                add(Role::User, QStringLiteral("请解释一下第%1个问题的答案").arg(i));
            else
                add(Role::User,
                    QStringLiteral("Please write a short story about a lighthouse keeper %1")
                        .arg(i));
            QJsonObject meta;
            if ((i + e) % 7 == 0) {
                meta.insert(QStringLiteral("branch"), QStringLiteral("regenerated"));
                if (e % 2 == 0)
                    meta.insert(QStringLiteral("alternatives"), QJsonArray {1, 2});
            } else if ((i + e) % 13 == 0) {
                meta.insert(QStringLiteral("branch"), QStringLiteral("kept"));
            }
            add(Role::Assistant,
                QStringLiteral("Reply %1.%2: the keeper’s lamp 灯塔 burned all night.")
                    .arg(i)
                    .arg(e),
                meta);
            if (i % 17 == 0 && e == 0)
                add(Role::Tool, QStringLiteral("tool output %1").arg(i));
        }
        const qint64 id = store.addConversation(c, turns);
        // Self ratings on some replies, "not applicable" among them; others' ratings and flags.
        int reply = 0;
        for (const Turn &t : store.turns(id)) {
            if (t.role != Role::Assistant)
                continue;
            ++reply;
            if (i % 3 != 0) {
                for (int d = 0; d < turnDimensions.size(); ++d) {
                    if ((i + reply + d) % 4 == 0)
                        continue;
                    const Rating value = (i + d) % 10 == 0
                        ? Rating::notApplicable()
                        : Rating(1 + (i * 3 + reply * 7 + d) % 5);
                    store.setRating(t.id, turnDimensions[d], self, value);
                }
            }
            if (i % 6 == 1)
                store.setRating(t.id, turnDimensions[0], observer, Rating(2));
            if ((i + reply) % 8 == 0) {
                TurnFlag flag;
                flag.turnId = t.id;
                flag.annotatorId = (i % 16 == 0) ? observer : self;
                flag.reason = QStringLiteral("forgot_context");
                store.addFlag(flag);
            }
        }
    }
    // A participant who withdrew: their conversations leave stale marks without conversations.
    store.removeParticipant(store.participantId(QStringLiteral("Q6")));
    QVERIFY(count(store,
                  QStringLiteral("SELECT count(*) FROM digest_stale WHERE conversation_id NOT IN "
                                 "(SELECT id FROM conversation)"))
            > 0);

    int reports = 0;
    Progress progress;
    progress.setCallback([&](qint64, qint64) {
        if (++reports == 3)
            progress.cancel();
    });
    digest::refresh(store, progress, {}, std::chrono::milliseconds(0));
    QVERIFY(digest::pendingWork(store) > 0);
    digest::refresh(store);
    QCOMPARE(digest::pendingWork(store), 0);

    QSet<QPair<qint64, QString>> asked;
    for (const auto &cell : store.requiredTurnCells())
        asked.insert(cell);
    const QVector<qint64> ids = [&] {
        QVector<qint64> list;
        sql::Statement query(test::connection(store), "SELECT id FROM conversation ORDER BY id");
        while (query.next())
            list.append(query.int64(0));
        return list;
    }();
    QVERIFY(ids.size() > 200);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM conversation_digest")),
             qint64(ids.size()));
    int detectedSomewhere = 0;
    int ratedSomewhere = 0;
    for (qint64 id : ids) {
        const QVector<Turn> turns = store.turns(id);
        const auto ratings = store.turnRatings(id, self);
        const auto flags = store.flags(id, self);
        QVector<continuity::TurnInput> input;
        QVector<qint64> replies; // assistant turn ids
        for (const Turn &t : turns) {
            continuity::TurnInput turn;
            turn.turnId = t.id;
            turn.role = t.role;
            turn.text = t.text;
            turn.meta = t.meta;
            double sum = 0;
            int n = 0;
            for (auto it = ratings.value(t.id).cbegin(); it != ratings.value(t.id).cend(); ++it)
                if (turnDimensions.contains(it.key()) && it->hasValue()) {
                    sum += it->value();
                    ++n;
                }
            if (n > 0)
                turn.meanRating = sum / n;
            if (t.role == Role::Assistant)
                replies.append(t.id);
            input.append(turn);
        }
        QJsonArray flagged;
        for (int r = 0; r < replies.size(); ++r)
            if (flags.contains(replies[r]))
                flagged.append(r);
        QJsonArray detected;
        QSet<qint64> detectedTurns;
        for (const continuity::Detection &d : continuity::detect(input)) {
            detected.append(
                QJsonArray {int(replies.indexOf(d.turnId)), continuity::ruleKey(d.rule)});
            detectedTurns.insert(d.turnId);
        }
        detectedSomewhere += detectedTurns.isEmpty() ? 0 : 1;
        double sum = 0;
        int rated = 0;
        for (const continuity::TurnInput &t : input)
            if (t.role == Role::Assistant && t.meanRating) {
                sum += *t.meanRating;
                ++rated;
            }
        int cells = 0;
        for (const Turn &t : turns)
            for (auto it = ratings.value(t.id).cbegin(); it != ratings.value(t.id).cend(); ++it)
                cells +=
                    turnDimensions.contains(it.key()) && asked.contains({it.key(), roleKey(t.role)})
                    ? 1
                    : 0;

        sql::Statement digestRow(test::connection(store),
                                 "SELECT turns, assistant_turns, rated_turns, mean, flagged, "
                                 "detected, breaks, rated_cells FROM conversation_digest "
                                 "WHERE conversation_id = ?");
        QVERIFY(digestRow.bind(1, id).next());
        QCOMPARE(digestRow.integer(0), int(turns.size()));
        QCOMPARE(digestRow.integer(1), int(replies.size()));
        QCOMPARE(digestRow.integer(2), rated);
        QCOMPARE(digestRow.isNull(3), rated == 0);
        if (rated > 0)
            QCOMPARE(digestRow.real(3), sum / rated);
        QCOMPARE(digestRow.integer(4), int(flagged.size()));
        QCOMPARE(digestRow.integer(5), int(detectedTurns.size()));
        const QJsonObject breaks = QJsonDocument::fromJson(digestRow.text(6).toUtf8()).object();
        QCOMPARE(breaks.value(QStringLiteral("flagged")).toArray(), flagged);
        QCOMPARE(breaks.value(QStringLiteral("detected")).toArray(), detected);
        // Byte for byte as QJsonDocument writes it.
        const QJsonObject expected {
            {QStringLiteral("flagged"), flagged},
            {QStringLiteral("detected"), detected},
            {QStringLiteral("rated_cells"), breaks.value(QStringLiteral("rated_cells"))}};
        QCOMPARE(digestRow.text(6),
                 QString::fromUtf8(QJsonDocument(expected).toJson(QJsonDocument::Compact)));
        QCOMPARE(digestRow.integer(7), cells);

        int dimensionRows = 0;
        for (qint64 dimension : turnDimensions) {
            QVector<Rating> row;
            double dsum = 0;
            int n = 0;
            bool any = false;
            for (qint64 reply : replies) {
                const Rating value = ratings.value(reply).value(dimension);
                row.append(value);
                any = any || value.isSet();
                if (value.hasValue()) {
                    dsum += value.value();
                    ++n;
                }
            }
            sql::Statement dimensionRow(test::connection(store),
                                        "SELECT n, mean, vals FROM digest_dimension "
                                        "WHERE conversation_id = ? AND dimension_id = ?");
            dimensionRow.bind(1, id).bind(2, dimension);
            QCOMPARE(dimensionRow.next(), any);
            if (!any)
                continue;
            ++dimensionRows;
            QCOMPARE(dimensionRow.integer(0), n);
            QCOMPARE(dimensionRow.isNull(1), n == 0);
            if (n > 0)
                QCOMPARE(dimensionRow.real(1), dsum / n);
            QCOMPARE(dimensionRow.blob(2), digest::pack(row));
        }
        ratedSomewhere += dimensionRows > 0 ? 1 : 0;
        QCOMPARE(count(store,
                       QStringLiteral("SELECT count(*) FROM digest_dimension WHERE "
                                      "conversation_id = %1")
                           .arg(id)),
                 qint64(dimensionRows));
    }
    QVERIFY(detectedSomewhere > 50);
    QVERIFY(ratedSomewhere > 50);

    // The index holds exactly the turns' text: SQLite's own check against the content table,
    // and substring searches in two scripts against LIKE.
    test::connection(store).exec(
        "INSERT INTO turn_text(turn_text, rank) VALUES('integrity-check', 1)");
    for (const QString &text : {QStringLiteral("lighthouse keeper 1"), QStringLiteral("as i said"),
                                QStringLiteral("灯塔 burned"), QStringLiteral("第12"),
                                QStringLiteral("keeper’s lamp"), QStringLiteral("number 22.")}) {
        sql::Statement match(test::connection(store),
                             "SELECT count(*), coalesce(sum(rowid), 0) FROM turn_text "
                             "WHERE turn_text MATCH ?");
        QString quoted = text;
        quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
        QVERIFY(match.bind(1, QString(QLatin1Char('"') + quoted + QLatin1Char('"'))).next());
        sql::Statement like(test::connection(store),
                            "SELECT count(*), coalesce(sum(id), 0) FROM turn WHERE text LIKE ?");
        QVERIFY(like.bind(1, QString(QLatin1Char('%') + text + QLatin1Char('%'))).next());
        QVERIFY2(match.int64(0) > 0, qPrintable(text));
        QCOMPARE(match.int64(0), like.int64(0));
        QCOMPARE(match.int64(1), like.int64(1));
    }
}

void TestBrowse::filtersMatchSqlCounts()
{
    Store &store = *m_store;
    digest::refresh(store);
    QCOMPARE(filtered(store, {}), 13);
    Filter f;
    f.participants = {QStringLiteral("P02")};
    QCOMPARE(filtered(store, f),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation c JOIN "
                                  "participant p ON p.id = c.participant_id "
                                  "WHERE p.code = 'P02'")));
    QCOMPARE(filtered(store, f), 4);
    f.agents = {QStringLiteral("gpt-4o"), QStringLiteral("gemini-1.5-pro")};
    QCOMPARE(filtered(store, f), 2);
    Filter tasks;
    tasks.taskTypes = {QStringLiteral("planning"), QStringLiteral("writing")};
    QCOMPARE(filtered(store, tasks),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation WHERE "
                                  "json_extract(context, '$.task_type') IN "
                                  "('planning', 'writing')")));
    QCOMPARE(filtered(store, tasks), 6);
    Filter dates;
    dates.from = QDate(2025, 3, 5);
    dates.to = QDate(2025, 3, 12); // inclusive: 5, 6, 11, 12 March
    QCOMPARE(filtered(store, dates),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation WHERE "
                                  "date(started_at) BETWEEN '2025-03-05' AND "
                                  "'2025-03-12'")));
    QCOMPARE(filtered(store, dates), 4);
    dates.from = QDate();
    QCOMPARE(filtered(store, dates), 6);
}

void TestBrowse::ratingRangesAndBreaksFilterOnDigests()
{
    Store &store = *m_store;
    digest::refresh(store);
    const Dimension warmth = *store.findDimension(QStringLiteral("warmth"));
    Filter f;
    f.ranges = {{warmth.id, 4.0, 5.0}};
    const qint64 expected =
        count(store,
              QString(QStringLiteral("SELECT count(*) FROM (SELECT t.conversation_id, "
                                     "avg(r.value) AS m FROM rating r JOIN turn t ON t.id = "
                                     "r.turn_id JOIN annotator a ON a.id = r.annotator_id AND "
                                     "a.code = 'self' WHERE r.dimension_id = ")
                      + QString::number(warmth.id)
                      + QStringLiteral(" GROUP BY 1) WHERE m BETWEEN 4 AND 5")));
    QVERIFY(expected > 0 && expected < 13);
    QCOMPARE(filtered(store, f), expected);
    f.ranges.append({warmth.id, 1.0, 2.0}); // both at once: none
    QCOMPARE(filtered(store, f), 0);

    Filter flagged;
    flagged.breaks = Breaks::Flagged;
    const qint64 withFlags =
        count(store,
              QStringLiteral("SELECT count(DISTINCT t.conversation_id) FROM turn_flag f JOIN "
                             "turn t ON t.id = f.turn_id JOIN annotator a ON a.id = "
                             "f.annotator_id AND a.code = 'self'"));
    QVERIFY(withFlags > 0);
    QCOMPARE(filtered(store, flagged), withFlags);
    Filter detected;
    detected.breaks = Breaks::Detected;
    QCOMPARE(filtered(store, detected),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation_digest WHERE "
                                  "detected > 0")));
    Filter none;
    none.breaks = Breaks::None;
    QCOMPARE(filtered(store, none),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation_digest WHERE "
                                  "detected = 0 AND flagged = 0")));
}

void TestBrowse::textSearchFindsSubstringsInAnyScript()
{
    Store &store = *m_store;
    addConversation(store, QStringLiteral("P09"),
                    {QStringLiteral("请帮我安排周五的会议"), QStringLiteral("好的，周五上午十点。"),
                     QStringLiteral("Use 100% \"quotes\" and under_scores"), QStringLiteral("ok")});
    digest::refresh(store);
    const auto search = [&](const QString &text) {
        Filter f;
        f.text = text;
        return filtered(store, f);
    };
    const auto likeCount = [&](const QString &pattern) {
        return count(store,
                     QStringLiteral("SELECT count(DISTINCT conversation_id) FROM turn "
                                    "WHERE text LIKE '%")
                         + pattern + QStringLiteral("%'"));
    };
    QCOMPARE(search(QStringLiteral("deadline")), likeCount(QStringLiteral("deadline")));
    QVERIFY(search(QStringLiteral("deadline")) > 0);
    QCOMPARE(search(QStringLiteral("DEADLINE")), search(QStringLiteral("deadline")));
    QCOMPARE(search(QStringLiteral("周五的会议")), 1); // trigram index
    QCOMPARE(search(QStringLiteral("周五")), 1); // two characters: LIKE
    QCOMPARE(search(QStringLiteral("100% \"quotes\"")), 1);
    QCOMPARE(search(QStringLiteral("r_s")), 1); // "_" is literal, not a wildcard
    QCOMPARE(search(QStringLiteral("nothing like this anywhere")), 0);
    QCOMPARE(search(QStringLiteral("   ")), 13 + 1);
}

void TestBrowse::textSearchSeesTurnsNotYetIndexed()
{
    Store &store = *m_store;
    digest::refresh(store);
    addConversation(store, QStringLiteral("P09"),
                    {QStringLiteral("zebra crossing plans"), QStringLiteral("ok")});
    Filter f;
    f.text = QStringLiteral("zebra cross");
    QCOMPARE(filtered(store, f), 1); // not indexed yet
    digest::refresh(store);
    QCOMPARE(filtered(store, f), 1); // indexed
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM turn_text WHERE turn_text "
                                  "MATCH '\"zebra cross\"'")),
             1);
    // Removing a conversation removes its turns from the index.
    sql::Statement(test::connection(store),
                   "DELETE FROM conversation WHERE id = (SELECT max(id) FROM conversation)")
        .run();
    QCOMPARE(filtered(store, f), 0);
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM turn_text WHERE turn_text "
                                  "MATCH '\"zebra cross\"'")),
             0);
    test::connection(store).exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')");
}

void TestBrowse::turnsTakingDeletedTurnsIdsAreSearched()
{
    // A turn's id is one past the highest: once the highest turns are deleted, a new turn takes
    // an id the full-text index was already past. It is searched all the same, before and after
    // indexing; and a data set of format 13, whose index left such turns out, is mended on opening.
    Filter quagga;
    quagga.text = QStringLiteral("quagga herd");
    const auto replaceLastConversation = [](Store &store, const QString &text) {
        const qint64 upto = count(store, QStringLiteral("SELECT indexed_upto FROM search_state"));
        sql::Statement(test::connection(store),
                       "DELETE FROM conversation WHERE id = (SELECT max(id) FROM conversation)")
            .run();
        const qint64 added =
            addConversation(store, QStringLiteral("P09"), {text, QStringLiteral("ok")});
        QVERIFY(store.turns(added).first().id <= upto); // the id of a deleted, indexed turn
    };
    // Adds a conversation whose question holds \a needle; how many conversations a search finds.
    const auto addAndSearch = [](Store &store, const QString &needle, const QString &text) {
        addConversation(store, QStringLiteral("P09"), {text, QStringLiteral("ok")});
        Filter f;
        f.text = needle;
        return browse::count(store, f);
    };
    {
        Store &store = *m_store;
        digest::refresh(store);
        replaceLastConversation(store, QStringLiteral("a quagga herd at dusk"));
        QCOMPARE(filtered(store, quagga), 1); // not indexed yet
        QCOMPARE(browse::count(store, quagga), 1);
        digest::refresh(store);
        QCOMPARE(digest::pendingWork(store), 0);
        QCOMPARE(browse::count(store, quagga), 1); // indexed
        QCOMPARE(count(store,
                       QStringLiteral("SELECT count(*) FROM turn_text WHERE turn_text "
                                      "MATCH '\"quagga herd\"'")),
                 1);
        test::connection(store).exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')");

        // Turns not indexed yet deleted after indexed ones (a participant removed whose last
        // conversation came after the index was built): the mark comes down all the same.
        const qint64 unindexed =
            addConversation(store, QStringLiteral("P09"),
                            {QStringLiteral("not indexed yet"), QStringLiteral("ok")});
        sql::Statement(test::connection(store),
                       "DELETE FROM conversation WHERE id = "
                       "(SELECT max(id) FROM conversation WHERE id < ?)")
            .bind(1, unindexed)
            .run();
        sql::Statement(test::connection(store), "DELETE FROM conversation WHERE id = ?")
            .bind(1, unindexed)
            .run();
        QCOMPARE(
            addAndSearch(store, QStringLiteral("wombat burrow"), QStringLiteral("a wombat burrow")),
            1);
        digest::refresh(store);
        Filter wombat;
        wombat.text = QStringLiteral("wombat burrow");
        QCOMPARE(browse::count(store, wombat), 1);
        test::connection(store).exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')");
    }

    // The same under format 13's trigger, which left indexed_upto where it was: past the highest
    // turn, and past a new turn that took a deleted one's id.
    const QString path = m_store->path();
    {
        Store &store = *m_store;
        test::rollBackToFormat13(test::connection(store));
        test::connection(store).exec(
            "DELETE FROM conversation WHERE id = (SELECT max(id) FROM conversation)");
        Filter okapi;
        okapi.text = QStringLiteral("okapi calf");
        replaceLastConversation(store, QStringLiteral("an okapi calf sleeps"));
        QCOMPARE(filtered(store, okapi), 0); // the defect: neither the index nor the text read
        QVERIFY(count(store, QStringLiteral("SELECT indexed_upto FROM search_state"))
                > count(store, QStringLiteral("SELECT max(id) FROM turn")));
    }
    m_store.reset();
    m_store = Store::open(path);
    Store &store = *m_store;
    QCOMPARE(store.schemaVersion(), schema::currentVersion);
    Filter okapi;
    okapi.text = QStringLiteral("okapi calf");
    QCOMPARE(filtered(store, okapi), 1);
    QCOMPARE(browse::count(store, okapi), 1);
    QCOMPARE(count(store, QStringLiteral("SELECT count(*) FROM turn")),
             count(store, QStringLiteral("SELECT count(*) FROM turn_text_docsize")));
    test::connection(store).exec("INSERT INTO turn_text(turn_text) VALUES('integrity-check')");
    QCOMPARE(count(store, QStringLiteral("SELECT indexed_upto FROM search_state")),
             count(store, QStringLiteral("SELECT max(id) FROM turn")));
    QCOMPARE(addAndSearch(store, QStringLiteral("emu chicks"), QStringLiteral("three emu chicks")),
             1);
    digest::refresh(store);
    replaceLastConversation(store, QStringLiteral("a quagga herd again"));
    QCOMPARE(browse::count(store, quagga), 1);
}

void TestBrowse::textSearchIgnoresCaseAlikeIndexedOrNot()
{
    // The index ignores case in every script; the turns not indexed yet (while the browser builds
    // the index, or for a command) are searched the same way: the same conversations either way.
    Store &store = *m_store;
    digest::refresh(store);
    const QStringList texts = {
        QStringLiteral("Meet at the ÉCOLE near Über-Platz"), QStringLiteral("Η ΣΟΦΊΑ και το ΔΆΣΟΣ"),
        QStringLiteral("Мой ДОМ у реки"), QStringLiteral("plain ascii CASE test"),
        QStringLiteral("你忘了我说的话"), QStringLiteral("5 \u212Aelvin and a \u017Ftrudelq"),
        QStringLiteral("thumbs \U0001F44D\U0001F3FD up"), QStringLiteral("it ends with \u212A"),
        // Case pairs SQLite's index does not fold and Qt does.
        QStringLiteral("\u1C92\u1C90\u1C9B\u1C90\u1CA0\u1C96\u1C9D\u1C91\u1C90"),
        QStringLiteral("\u13A0\u13A1\u13A2 cherokee"),
        QStringLiteral("na\u00EFve") + QChar(0) + QStringLiteral("xyzzy")};
    for (const QString &text : texts)
        addConversation(store, QStringLiteral("P09"), {text, QStringLiteral("ok")});
    const QStringList searches = {QStringLiteral("école"),
                                  QStringLiteral("über-platz"),
                                  QStringLiteral("ÜBER"),
                                  QStringLiteral("σοφία"),
                                  QStringLiteral("дом"),
                                  QStringLiteral("case TEST"),
                                  QStringLiteral("忘了"),
                                  QStringLiteral("é"),
                                  QStringLiteral("Дo"),
                                  QStringLiteral("zz top"),
                                  QStringLiteral("kelvin"),
                                  QStringLiteral("strudelq"),
                                  QStringLiteral("\U0001F44D\U0001F3FD"),
                                  QStringLiteral("with k"),
                                  QStringLiteral("\u10D2\u10D0\u10DB\u10D0\u10E0"),
                                  QStringLiteral("\u1C92\u1C90\u1C9B"),
                                  QStringLiteral("\uAB70\uAB71\uAB72"),
                                  QStringLiteral("\u13A0\u13A1\u13A2"),
                                  QStringLiteral("NA\u00CFV"),
                                  QStringLiteral("xyzzy")};
    // The Kelvin sign and the long s fold into ASCII, also as a text's last letter; an emoji with
    // its skin tone is two characters (four UTF-16 units), fewer than the trigram index answers.
    // Georgian Mtavruli and Cherokee's small letters (Unicode 11 and 8) are case pairs the
    // index's folding predates: each is found only as written, indexed or not.
    // The index reads a text up to a NUL character (a JSON file's "\u0000"), and so does the
    // search.
    const QVector<qint64> expected = {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0};
    QVector<qint64> before;
    for (const QString &search : searches) {
        Filter f;
        f.text = search;
        before.append(filtered(store, f));
    }
    QVERIFY(digest::pendingWork(store, digest::Part::SearchIndex) > 0);
    digest::refresh(store);
    QCOMPARE(digest::pendingWork(store, digest::Part::SearchIndex), 0);
    for (int i = 0; i < searches.size(); ++i) {
        Filter f;
        f.text = searches[i];
        QVERIFY2(before[i] == expected[i],
                 qPrintable(searches[i] + QStringLiteral(" (not indexed)")));
        QVERIFY2(filtered(store, f) == expected[i],
                 qPrintable(searches[i] + QStringLiteral(" (indexed)")));
    }
}

void TestBrowse::sampleHoldsTheFilteredRatings()
{
    Store &store = *m_store;
    digest::refresh(store);
    Filter f;
    f.participants = {QStringLiteral("P01"), QStringLiteral("P03")};
    const series::Sample sample = loadSample(store, f);
    QCOMPARE(sample.dimensions.size(), 7);
    QCOMPARE(sample.size(), 9);
    const series::Distribution d = series::distribution(sample);
    qint64 total = 0;
    for (const QVector<int> &counts : d.counts)
        for (int c : counts)
            total += c;
    for (int na : d.notApplicable)
        total += na;
    QCOMPARE(total,
             count(store,
                   QStringLiteral("SELECT count(*) FROM rating r JOIN turn t ON t.id = "
                                  "r.turn_id JOIN conversation c ON c.id = t.conversation_id "
                                  "JOIN participant p ON p.id = c.participant_id JOIN "
                                  "annotator a ON a.id = r.annotator_id AND a.code = 'self' "
                                  "WHERE p.code IN ('P01', 'P03')")));
    int flags = 0;
    QSet<QString> groups;
    for (const series::Conversation &c : sampleConversations(sample)) {
        flags += int(c.flagged.size());
        groups.insert(c.group);
        QVERIFY(c.participant == QLatin1String("P01") || c.participant == QLatin1String("P03"));
    }
    QCOMPARE(groups.contains(QStringLiteral("planning")), true);
    QCOMPARE(flags,
             int(count(store,
                       QStringLiteral("SELECT count(*) FROM turn_flag f JOIN turn t ON t.id = "
                                      "f.turn_id JOIN conversation c ON c.id = "
                                      "t.conversation_id JOIN participant p ON p.id = "
                                      "c.participant_id JOIN annotator a ON a.id = "
                                      "f.annotator_id AND a.code = 'self' WHERE p.code IN "
                                      "('P01', 'P03')"))));
    const series::Sample byGoal = loadSample(store, f, QStringLiteral("goal_achieved"));
    QVERIFY(!byGoal.group(0).isEmpty());
    QVERIFY(loadSample(store, f, QStringLiteral("task_type"), QStringLiteral("nope"))
                .dimensions.isEmpty());
}

void TestBrowse::sampleAndChartsStayExact()
{
    // A data set with all a sample can hold: the demo's self ratings (some not applicable, some
    // missing), flagged and detected breaks, several assistants and task types; live
    // conversations with conditions; ESConv's conversations on an instrument of their own.
    auto live =
        Store::create(m_dir->filePath(QStringLiteral("exact.sense7")), test::liveProtocol());
    demo::load(*live);
    Store &store = *live;
    test::addLiveConversation(store, QStringLiteral("L01"), QStringLiteral("empathic"),
                              {{QStringLiteral("hi"), QStringLiteral("hello"), 5},
                               {QStringLiteral("again"), QStringLiteral("welcome back"), 4, true}});
    test::addLiveConversation(store, QStringLiteral("L02"), QStringLiteral("forgetful"),
                              {{QStringLiteral("hi"), QStringLiteral("who?"), 2}});
    import::Importer importer(store);
    QCOMPARE(importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json")).imported,
             3);
    digest::refresh(store);

    Filter some;
    some.participants = {QStringLiteral("P01"), QStringLiteral("P03"), QStringLiteral("L02")};
    Filter esconv;
    esconv.participants = participantCodes(store).filter(QStringLiteral("esconv"));
    const auto everything = [&] {
        QString all;
        for (const Filter &filter : {Filter(), some, esconv})
            for (const QString &field :
                 {QStringLiteral("task_type"), QStringLiteral("goal_achieved"), conditionGroup,
                  QStringLiteral("emotion_type")})
                for (const QString &instrument : {QString(), QStringLiteral("esconv")}) {
                    all += fingerprint(loadSample(store, filter, field, instrument));
                    for (const series::Cluster cluster :
                         {series::Cluster::Participant, series::Cluster::Conversation,
                          series::Cluster::None})
                        all += fingerprint(
                            computeAggregates(store, filter, field, instrument, cluster));
                }
        return all;
    };
    const QString all = everything();
    {
        // Read in ranges of a few conversations on every core, the same.
        for (const int ranges : {2, 4}) {
            const RangeSplit split(3, ranges);
            QCOMPARE(everything(), all);
        }
    }
    QVERIFY(all.contains(QStringLiteral("rule any")));
    QVERIFY(all.contains(QStringLiteral("empathic")));
    // The figures as the sample was first loaded (a conversation at a time) gave them.
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(all.toUtf8(), QCryptographicHash::Sha256).toHex());
    QCOMPARE(hash,
             QStringLiteral("df8544105926e57d4d6328dd855bdfcee83eadc67dfe1b807b9b61e2cf58b59c"));

    // A participant's few conversations, their rating rows read one conversation at a time: the
    // same as in the sample of all, read in one scan.
    const series::Sample whole = loadSample(store, Filter());
    for (const QString &code : participantCodes(store)) {
        Filter one;
        one.participants = {code};
        series::Sample expected;
        expected.dimensions = whole.dimensions;
        for (int i = 0; i < whole.size(); ++i)
            if (whole.participant(i) == code)
                expected.append(whole.conversation(i));
        QVERIFY(expected.size() > 0);
        QCOMPARE(fingerprint(loadSample(store, one)), fingerprint(expected));
    }
    // Breaks written otherwise than refresh() writes them read the same.
    const QString compact = fingerprint(whole);
    QVERIFY(compact.contains(QStringLiteral(" f 2\n")));
    test::connection(store).exec(
        "UPDATE conversation_digest SET breaks = replace(breaks, ',', ', ')");
    QCOMPARE(fingerprint(loadSample(store, Filter())), compact);
}

void TestBrowse::rangesAreReadOnEveryCore()
{
    Store &store = *m_store;
    const int cores = std::min(QThread::idealThreadCount(), maxRanges);
    struct Read
    {
        qint64 from = 0;
        qint64 to = 0;
        bool storeConnection = false;
        std::thread::id thread;
        qint64 conversations = -1; // what the range's connection read of the data set
    };
    std::mutex mutex;
    const auto readRanges =
        [&](qint64 first, qint64 last, qint64 least,
            const std::function<void(int range, bool storeConnection)> &also = {}) {
            std::vector<Read> reads(maxRanges);
            int calls = 0;
            inRanges(store, first, last, least,
                     [&](sql::Connection &db, qint64 from, qint64 to, int range) {
                         const bool own = &db == &test::connection(store);
                         {
                             const std::lock_guard<std::mutex> lock(mutex);
                             ++calls;
                         }
                         if (also)
                             also(range, own);
                         sql::Statement query(db,
                                              "SELECT count(*) FROM conversation WHERE id "
                                              "BETWEEN ? AND ?");
                         query.bind(1, from).bind(2, to);
                         const qint64 n = query.next() ? query.int64(0) : -1;
                         reads[size_t(range)] = {from, to, own, std::this_thread::get_id(), n};
                     });
            reads.erase(std::remove_if(reads.begin(), reads.end(),
                                       [](const Read &r) { return r.conversations < 0; }),
                        reads.end());
            return std::make_pair(reads, calls);
        };
    const qint64 conversations = count(store, QStringLiteral("SELECT count(*) FROM conversation"));
    // Ranges end to end in order, at least `least` ids each; the first on the store's connection
    // and this thread, the others each on a connection and thread of its own, all reading the
    // data set: as many as cores, or as many as asked.
    auto [reads, calls] = readRanges(1, 1000, 10);
    QCOMPARE(int(reads.size()), cores);
    for (const int asked : {2, 3, maxRanges}) {
        const RangeSplit split(0, asked);
        std::tie(reads, calls) = readRanges(1, 1000, 10);
        QCOMPARE(int(reads.size()), asked);
        QCOMPARE(calls, asked);
        qint64 next = 1;
        qint64 read = 0;
        QSet<std::thread::id> threads;
        for (size_t r = 0; r < reads.size(); ++r) {
            QCOMPARE(reads[r].from, next);
            QVERIFY(reads[r].to >= reads[r].from + 10 - 1);
            next = reads[r].to + 1;
            read += reads[r].conversations;
            QCOMPARE(reads[r].storeConnection, r == 0);
            QCOMPARE(reads[r].thread == std::this_thread::get_id(), r == 0);
            threads.insert(reads[r].thread);
        }
        QCOMPARE(next, 1001);
        QCOMPARE(read, conversations);
        QCOMPARE(int(threads.size()), asked);
        // Too few ids for two ranges: one.
        std::tie(reads, calls) = readRanges(1, 19, 10);
        QCOMPARE(int(reads.size()), 1);
        QCOMPARE(reads[0].from, 1);
        QCOMPARE(reads[0].to, 19);
        // Ids at the ends of their type: one range, read whole.
        std::tie(reads, calls) = readRanges(std::numeric_limits<qint64>::min() + 1,
                                            std::numeric_limits<qint64>::max(), 10);
        QCOMPARE(int(reads.size()), 1);
        QCOMPARE(reads[0].to, std::numeric_limits<qint64>::max());
        std::tie(reads, calls) = readRanges(1, std::numeric_limits<qint64>::max(), 10);
        QCOMPARE(int(reads.size()), 1);
    }
    const RangeSplit split(0, 3);
    // Within a transaction, which other connections do not see: one, on the store's connection.
    store.transaction([&] { std::tie(reads, calls) = readRanges(1, 1000, 10); });
    QCOMPARE(int(reads.size()), 1);
    QVERIFY(reads[0].storeConnection);
    QCOMPARE(reads[0].to, 1000);
    // A range its own connection could not read is read again on the store's.
    std::atomic<int> failed {0};
    std::tie(reads, calls) = readRanges(1, 1000, 10, [&](int, bool own) {
        if (!own && failed++ == 0)
            throw Error(QStringLiteral("database is locked"));
    });
    QCOMPARE(int(reads.size()), 3);
    QCOMPARE(calls, 3 + 1);
    QCOMPARE(int(std::count_if(reads.cbegin(), reads.cend(),
                               [](const Read &r) { return r.storeConnection; })),
             2);
    QCOMPARE(reads.back().to, 1000);
    // Other exceptions come through.
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, readRanges(1, 1000, 10, [](int range, bool) {
                                 if (range == 2)
                                     throw std::runtime_error("out of memory");
                             }));
    // Another file put at the store's path: the others would read it, so one range.
    const QString copy = m_dir->filePath(QStringLiteral("copy.sense7"));
    QVERIFY(QFile::copy(store.path(), copy));
    QVERIFY(store.isStillAtPath());
    QVERIFY(std::rename(QFile::encodeName(copy).constData(),
                        QFile::encodeName(store.path()).constData())
            == 0);
    QVERIFY(!store.isStillAtPath());
    std::tie(reads, calls) = readRanges(1, 1000, 10);
    QCOMPARE(int(reads.size()), 1);
    QVERIFY(reads[0].storeConnection);
}

void TestBrowse::textAndSamplesReadInRangesAlike()
{
    // The demo with many more conversations, indexed, and a few more not indexed yet: text
    // searches and samples read in two to four ranges find what one read finds. Most turns are
    // conversations of one turn that the needle finds, so that a turn missed or read twice at a
    // range's edge changes what is found.
    Store &store = *m_store;
    const qint64 demoTurns = count(store, QStringLiteral("SELECT count(*) FROM turn"));
    for (int i = 0; i < 40; ++i)
        addConversation(store, QStringLiteral("P%1").arg(20 + i % 7),
                        {QStringLiteral("Deadline friday, part %1").arg(i),
                         QStringLiteral("Noted: the deadline is Friday (%1).").arg(i),
                         QStringLiteral("你忘了吗 %1").arg(i), QStringLiteral("ok")});
    for (int i = 0; i < 4 * demoTurns; ++i)
        addConversation(store, QStringLiteral("P%1").arg(40 + i % 5),
                        {QStringLiteral("a needle, alone %1").arg(i)});
    // Assistants whose name is not UTF-8 (another program's bytes) in every range.
    sql::Statement(test::connection(store),
                   "UPDATE conversation SET agent = CAST(X'61EDB280' AS TEXT) WHERE id % 3 = 0")
        .run();
    digest::refresh(store);
    for (int i = 0; i < 5; ++i)
        addConversation(store, QStringLiteral("P30"),
                        {QStringLiteral("a DEADLINE FRIDAY not indexed %1").arg(i),
                         QStringLiteral("a needle, alone and not indexed")});
    digest::refresh(store, {}, {}, digest::preparationCommit, digest::Part::Digests);
    QCOMPARE(count(store,
                   QStringLiteral("SELECT count(*) FROM turn WHERE id > (SELECT "
                                  "indexed_upto FROM search_state)")),
             10);
    const QStringList texts = {QStringLiteral("deadline friday"),
                               QStringLiteral("你忘了"),
                               QStringLiteral("needle, alone"),
                               QStringLiteral("part 1"),
                               QStringLiteral("ok"),
                               QStringLiteral("not indexed"),
                               QStringLiteral("nowhere at all")};
    QStringList miscounted;
    const auto found = [&](int ranges) {
        const RangeSplit split(1, ranges);
        // A connection of its own: the text searches found on one are kept on it.
        auto own = Store::open(store.path());
        QStringList result;
        for (const QString &text : texts) {
            Filter f;
            f.text = text;
            QStringList ids;
            for (const PageRow &row : browse::page(*own, f, {}, 0, 100'000))
                ids.append(QString::number(row.id));
            ids.sort();
            if (browse::count(*own, f) != filtered(*own, f) || browse::count(*own, f) != ids.size())
                miscounted.append(text);
            result.append(text + QLatin1Char(':') + ids.join(QLatin1Char(',')));
        }
        for (const QString &field :
             {QStringLiteral("task_type"), QStringLiteral("goal_achieved")}) {
            const series::Sample sample = loadSample(*own, Filter(), field);
            result.append(fingerprint(sample));
            result.append(sample.participants.names().join(QLatin1Char(',')));
            result.append(sample.agents.names().join(QLatin1Char(',')));
            result.append(sample.groups.names().join(QLatin1Char(',')));
            for (const series::Sample::Row &r : sample.rows)
                result.append(QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                                  .arg(r.participant)
                                  .arg(r.agent)
                                  .arg(r.group)
                                  .arg(r.first)
                                  .arg(r.firstFlag)
                                  .arg(r.firstDetection)
                                  .arg(r.width));
        }
        // As many ranges were read as asked.
        std::atomic<int> read {0};
        inRanges(*own, 1, 1'000'000, 1000, [&](sql::Connection &, qint64, qint64, int) { ++read; });
        result.append(QString::number(read));
        return result;
    };
    const QStringList once = found(1);
    QCOMPARE(once.constLast(), QStringLiteral("1"));
    QCOMPARE(once.constFirst().count(QLatin1Char(',')), 40 + 5 - 1);
    QCOMPARE(once[2].section(QLatin1Char(':'), 1).count(QLatin1Char(',')), 4 * demoTurns + 5 - 1);
    for (const int ranges : {2, 3, 4}) {
        QStringList inRanges = found(ranges);
        QCOMPARE(inRanges.takeLast(), QString::number(ranges));
        QCOMPARE(inRanges, once.mid(0, once.size() - 1));
    }
    QVERIFY2(miscounted.isEmpty(), qPrintable(miscounted.join(QLatin1Char(','))));
}

void TestBrowse::choicesListDistinctValues()
{
    Store &store = *m_store;
    QCOMPARE(participantCodes(store),
             (QStringList {QStringLiteral("P01"), QStringLiteral("P02"), QStringLiteral("P03")}));
    QCOMPARE(agents(store).size(), 4);
    QVERIFY(contextValues(store, QStringLiteral("task_type")).contains(QStringLiteral("coding")));
    // Read along indexes: what reading every conversation lists, in the same order, with an
    // empty assistant and a number among the task types too.
    addConversation(store, QStringLiteral("P01"), {QStringLiteral("q"), QStringLiteral("a")});
    test::connection(store).exec(
        "UPDATE conversation SET agent = '', context = json_set(context, '$.task_type', 7) "
        "WHERE id = (SELECT max(id) FROM conversation)");
    const auto listed = [&](const char *sql) {
        QStringList values;
        sql::Statement query(test::connection(store), sql);
        while (query.next())
            values << query.text(0);
        return values;
    };
    QCOMPARE(agents(store),
             listed("SELECT DISTINCT agent FROM conversation WHERE agent IS NOT "
                    "NULL AND agent <> '' ORDER BY agent"));
    QCOMPARE(contextValues(store, QStringLiteral("task_type")),
             listed("SELECT DISTINCT json_extract(context, '$.task_type') AS v FROM "
                    "conversation WHERE v IS NOT NULL ORDER BY v"));
    QVERIFY(contextValues(store, QStringLiteral("task_type")).contains(QStringLiteral("7")));
    QVERIFY(conditions(store).isEmpty());
}

void TestBrowse::filterToJsonNamesWhatIsSet()
{
    Filter f;
    QVERIFY(f.isEmpty());
    QVERIFY(f.toJson().isEmpty());
    f.agents = {QStringLiteral("gpt-4o")};
    f.to = QDate(2025, 1, 31);
    f.breaks = Breaks::Detected;
    QVERIFY(!f.isEmpty());
    QCOMPARE(f.toJson(),
             QJsonObject({{QStringLiteral("agents"), QJsonArray {QStringLiteral("gpt-4o")}},
                          {QStringLiteral("to"), QStringLiteral("2025-01-31")},
                          {QStringLiteral("breaks"), QStringLiteral("detected")}}));
}

void TestBrowse::ratingDropFollowsTheScale()
{
    // A 1-100 score: the rule fires on a drop of the same share of the scale as 1.5 of SENSE-7's
    // 1-5 (37 points), not on a score's ordinary 8 points; in the digest and in the chart alike.
    QTemporaryDir dir;
    auto store =
        Store::create(dir.filePath(QStringLiteral("prism.sense7")),
                      protocol::load(QStringLiteral(SENSE7_TEST_DATA "/protocols/prism.json")));
    const qint64 participant = store->addParticipant(QStringLiteral("P01"));
    const qint64 score = store->findDimension(QStringLiteral("prism/score"))->id;
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const auto add = [&](const QString &title, const QVector<int> &scores) {
        Conversation c;
        c.participantId = participant;
        c.sourceFormat = QStringLiteral("test");
        c.title = title;
        QVector<Turn> turns = test::exchanges(title, int(scores.size()));
        const qint64 id = store->addConversation(c, turns);
        const QVector<Turn> stored = store->turns(id);
        for (int i = 0; i < scores.size(); ++i)
            store->setRating(stored[2 * i + 1].id, score, self, scores[i]);
        return id;
    };
    const qint64 ordinary = add(QStringLiteral("Ordinary"), {74, 66, 60});
    const qint64 dropped = add(QStringLiteral("Dropped"), {90, 40, 45});
    digest::refresh(*store);
    sql::Statement detected(test::connection(*store),
                            "SELECT detected, breaks FROM conversation_digest "
                            "WHERE conversation_id = ?");
    detected.bind(1, ordinary);
    QVERIFY(detected.next());
    QCOMPARE(detected.integer(0), 0);
    detected.reset();
    detected.bind(1, dropped);
    QVERIFY(detected.next());
    QCOMPARE(detected.integer(0), 1);
    QVERIFY2(detected.text(1).contains(QStringLiteral("[1,\"rating_drop\"]")),
             qPrintable(detected.text(1)));

    // A wide scale rating the user's messages leaves the replies' threshold alone: the rule
    // compares replies. (PRISM's score given to user turns beside a 1-5 item on replies.)
    QByteArray json = test::readFile(QStringLiteral(SENSE7_TEST_DATA "/protocols/prism.json"));
    json.replace(R"("labels": {"1": "Terrible", "100": "Perfect"})",
                 R"("labels": {"1": "Terrible", "100": "Perfect"}, "roles": ["user"]},
                    {"key": "effort", "name": "Effort", "question": "How much effort?",
                     "labels": {"1": "None", "3": "Some", "5": "A lot"})");
    auto mixedStore = Store::create(dir.filePath(QStringLiteral("mixed.sense7")),
                                    protocol::parse(json, QStringLiteral("mixed.json")));
    Conversation c;
    c.participantId = mixedStore->addParticipant(QStringLiteral("P01"));
    c.sourceFormat = QStringLiteral("test");
    c.title = QStringLiteral("Mixed");
    QVector<Turn> turns = test::exchanges(c.title, 3);
    const qint64 mixed = mixedStore->addConversation(c, turns);
    const qint64 mixedSelf = mixedStore->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 userScore = mixedStore->findDimension(QStringLiteral("prism/score"))->id;
    const qint64 effort = mixedStore->findDimension(QStringLiteral("prism/effort"))->id;
    const QVector<Turn> stored = mixedStore->turns(mixed);
    const int efforts[] = {5, 5, 3}; // 5 -> 3: 2 points
    for (int i = 0; i < 3; ++i) {
        mixedStore->setRating(stored[2 * i].id, userScore, mixedSelf, 50);
        mixedStore->setRating(stored[2 * i + 1].id, effort, mixedSelf, efforts[i]);
    }
    digest::refresh(*mixedStore);
    sql::Statement digested(test::connection(*mixedStore),
                            "SELECT detected FROM conversation_digest WHERE conversation_id = ?");
    digested.bind(1, mixed);
    QVERIFY(digested.next());
    QCOMPARE(digested.integer(0), 1);
    QCOMPARE(browse::conversationTrajectory(*mixedStore, mixed, mixedSelf).detected.size(), 1);

    QVERIFY(browse::conversationTrajectory(*store, ordinary, self).detected.isEmpty());
    const auto t = browse::conversationTrajectory(*store, dropped, self);
    QCOMPARE(t.detected.size(), 1);
    QCOMPARE(t.detected.first().reply, 1);
    QCOMPARE(t.detected.first().detection.detail, QLocale().toString(50.0, 'f', 1));
}

QTEST_GUILESS_MAIN(TestBrowse)
void TestBrowse::contextKeysAndSamplesOfAnyInstrument()
{
    // The demo's context: the form's fields.
    QVERIFY(contextKeys(*m_store).contains(QStringLiteral("task_type")));
    QVERIFY(!contextKeys(*m_store).contains(QStringLiteral("emotion_type")));

    // ESConv's: the keys its importer stores, which no form knows.
    Store &store = *m_store;
    import::Importer importer(store);
    QCOMPARE(importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/esconv.json")).imported,
             3);
    digest::refresh(store);
    const QStringList keys = contextKeys(store);
    for (const char *key : {"emotion_type", "problem_type", "experience_type", "task_type"})
        QVERIFY2(keys.contains(QLatin1String(key)), qPrintable(keys.join(QLatin1Char(','))));
    QVERIFY(std::is_sorted(keys.cbegin(), keys.cend()));
    QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()).size(), keys.size());

    // A filter on any context key, the importer's too.
    Filter sad;
    sad.context.insert(QStringLiteral("emotion_type"), {QStringLiteral("sadness")});
    QCOMPARE(loadSample(store, sad).size(), 1);
    QCOMPARE(
        sad.toJson().value(QStringLiteral("context")).toObject(),
        (QJsonObject {{QStringLiteral("emotion_type"), QJsonArray {QStringLiteral("sadness")}}}));
    sad.context.insert(QStringLiteral("emotion_type"),
                       {QStringLiteral("sadness"), QStringLiteral("fear")});
    QCOMPARE(loadSample(store, sad).size(), 2);
    QVERIFY(sad != Filter());

    // A sample of ESConv's instrument: its one turn-level dimension, grouped by emotion.
    Filter esconv;
    esconv.participants = participantCodes(store).filter(QStringLiteral("esconv"));
    QCOMPARE(esconv.participants.size(), 3);
    const series::Sample sample =
        loadSample(store, esconv, QStringLiteral("emotion_type"), QStringLiteral("esconv"));
    QCOMPARE(sample.dimensions.size(), 1);
    QCOMPARE(sample.dimensions.first().key, QStringLiteral("feedback"));
    QSet<QString> groups;
    int rated = 0;
    for (const series::Conversation &c : sampleConversations(sample)) {
        groups.insert(c.group);
        for (int k = 0; k < c.assistantTurns; ++k)
            rated += c.value(0, k).has_value() ? 1 : 0;
    }
    QVERIFY(groups.contains(QStringLiteral("anxiety")));
    QVERIFY(!groups.contains(QString()));
    QCOMPARE(rated,
             int(count(store,
                       QStringLiteral("SELECT count(*) FROM rating r JOIN dimension "
                                      "d ON d.id = r.dimension_id WHERE d.key = "
                                      "'feedback'"))));
    // The primary instrument stays SENSE-7's seven, and its aggregates for these are empty.
    QCOMPARE(loadSample(store, esconv).dimensions.size(), 7);
    const browse::Aggregates a = computeAggregates(store, esconv, QStringLiteral("emotion_type"));
    QCOMPARE(a.instrument, QStringLiteral("sense7"));
    QVERIFY(a.participants.groups.isEmpty()); // no participant with a SENSE-7 rating
    const browse::Aggregates e =
        computeAggregates(store, esconv, QStringLiteral("emotion_type"), QStringLiteral("esconv"));
    QCOMPARE(e.participants.groups.size(), 3);
    QVERIFY(e.context.groups.contains(QStringLiteral("anxiety")));
    QCOMPARE(e.contextLabel, QStringLiteral("emotion_type"));
}

void TestBrowse::liveConditionsFilterSortAndGroup()
{
    auto live = Store::create(m_dir->filePath(QStringLiteral("live.sense7")), test::liveProtocol());
    demo::load(*live);
    Store &store = *live;
    QVERIFY(conditions(store).isEmpty()); // the demo's conversations are imported
    using test::LiveExchange;
    test::addLiveConversation(store, QStringLiteral("L01"), QStringLiteral("empathic"),
                              {{QStringLiteral("hi"), QStringLiteral("hello"), 5},
                               {QStringLiteral("again"), QStringLiteral("welcome back"), 4, true}});
    test::addLiveConversation(store, QStringLiteral("L02"), QStringLiteral("forgetful"),
                              {{QStringLiteral("hi"), QStringLiteral("who?"), 2}});
    test::addLiveConversation(store, QStringLiteral("L03"), QStringLiteral("empathic"),
                              {{QStringLiteral("hi"), QStringLiteral("hello there"), 4}});
    digest::refresh(store);
    QCOMPARE(conditions(store),
             (QStringList {QStringLiteral("empathic"), QStringLiteral("forgetful")}));

    Filter empathic;
    empathic.conditions = {QStringLiteral("empathic")};
    QCOMPARE(filtered(store, empathic), 2);
    QCOMPARE(browse::count(store, empathic), 2);
    QCOMPARE(empathic.toJson().value(QStringLiteral("conditions")).toArray(),
             QJsonArray {QStringLiteral("empathic")});
    QVERIFY(empathic != Filter());
    Filter both = empathic;
    both.conditions.append(QStringLiteral("forgetful"));
    QCOMPARE(filtered(store, both),
             count(store,
                   QStringLiteral("SELECT count(*) FROM conversation WHERE condition IS "
                                  "NOT NULL")));

    // The page carries the key; sorting by condition puts the imported ones (null) apart.
    Order order;
    order.key = Order::Key::Condition;
    order.ascending = false;
    const QVector<PageRow> rows = page(store, Filter(), order, 0, 100);
    QCOMPARE(rows.size(), 16);
    QCOMPARE(rows[0].condition, QStringLiteral("forgetful"));
    QCOMPARE(rows[0].agent, QStringLiteral("Assistant B"));
    QCOMPARE(rows[1].condition, QStringLiteral("empathic"));
    QCOMPARE(rows[2].condition, QStringLiteral("empathic"));
    QVERIFY(rows[3].condition.isEmpty());

    // Chart 3 compares the conditions once a conversation carries one; imported ones are one
    // group (""), drawn as "imported".
    const Aggregates automatic = computeAggregates(store, Filter());
    QVERIFY(automatic.agentsByCondition);
    QCOMPARE(automatic.agents.groups,
             (QStringList {QString(), QStringLiteral("empathic"), QStringLiteral("forgetful")}));
    const int forgetful = 2;
    const int warmth =
        int(std::find_if(automatic.dimensions.cbegin(), automatic.dimensions.cend(),
                         [](const Dimension &d) { return d.key == QLatin1String("warmth"); })
            - automatic.dimensions.cbegin());
    QCOMPARE(automatic.agents.cells[forgetful][warmth].mean, 2.0);
    QCOMPARE(automatic.agents.cells[1][warmth].ratings, 3);
    const Aggregates byName = computeAggregates(
        store, Filter(), {}, {}, series::Cluster::Participant, AssistantGrouping::Assistant);
    QVERIFY(!byName.agentsByCondition);
    QVERIFY(byName.agents.groups.contains(QStringLiteral("Assistant A")));
    QVERIFY(!byName.agents.groups.contains(QStringLiteral("empathic")));
    // Without a live conversation in the selection, automatic stays with the assistants.
    Filter imported;
    imported.agents = agents(store);
    imported.agents.removeAll(QStringLiteral("Assistant A"));
    imported.agents.removeAll(QStringLiteral("Assistant B"));
    QVERIFY(!imported.agents.isEmpty());
    QVERIFY(!computeAggregates(store, imported).agentsByCondition);

    // Chart 7 by condition: the keys as groups, labelled "Condition".
    const Aggregates grouped = computeAggregates(store, both, conditionGroup);
    QCOMPARE(grouped.contextLabel, QStringLiteral("Condition"));
    QCOMPARE(grouped.context.groups,
             (QStringList {QStringLiteral("empathic"), QStringLiteral("forgetful")}));
    const series::Sample sample = loadSample(store, both, conditionGroup);
    QCOMPARE(sample.size(), 3);
    for (int i = 0; i < sample.size(); ++i)
        QCOMPARE(sample.group(i), sample.condition(i));

    // The figures' data hash sees the condition: another key, another hash.
    const QVector<qint64> ids = conversationIds(store, both);
    const QString before = dataHash(store, ids);
    test::connection(store).exec(
        "UPDATE conversation SET condition = 'warm' WHERE condition = 'forgetful'");
    QVERIFY(dataHash(store, ids) != before);
}

void TestBrowse::sessionsMarkTheTrajectory()
{
    auto live = Store::create(m_dir->filePath(QStringLiteral("live.sense7")), test::liveProtocol());
    demo::load(*live);
    Store &store = *live;
    using test::LiveExchange;
    const qint64 id =
        test::addLiveConversation(store, QStringLiteral("L01"), QStringLiteral("empathic"),
                                  {{QStringLiteral("a"), QStringLiteral("b"), 4},
                                   {QStringLiteral("c"), QStringLiteral("d"), 4},
                                   {QStringLiteral("e"), QStringLiteral("f"), 2, true},
                                   {QStringLiteral("g"), QStringLiteral("h"), 3, true}});
    QCOMPARE(sessionFirstTurns(store, id), (QVector<int> {0, 4, 6}));
    QCOMPARE(sessionOf({0, 4, 6}, 0), 1);
    QCOMPARE(sessionOf({0, 4, 6}, 3), 1);
    QCOMPARE(sessionOf({0, 4, 6}, 4), 2);
    QCOMPARE(sessionOf({0, 4, 6}, 7), 3);
    QCOMPARE(sessionOf({}, 7), 0);
    const ConversationTrajectory t = conversationTrajectory(store, id, store.selfAnnotatorId());
    QCOMPARE(t.turnIds.size(), 4);
    QCOMPARE(t.sessions.size(), 2);
    QCOMPARE(t.sessions[0].session, 2);
    QCOMPARE(t.sessions[0].reply, 2); // before the third reply
    QCOMPARE(t.sessions[1].session, 3);
    QCOMPARE(t.sessions[1].reply, 3);
    // An imported conversation has none.
    QVERIFY(conversationTrajectory(store, conversationIds(store, Filter()).first(),
                                   store.selfAnnotatorId())
                .sessions.isEmpty());
}

#include "tst_browse.moc"
