// The numbers behind the aggregate charts, checked against values worked out by hand on a small
// sample (the comments show the working).

#include "browse/digest.h"
#include "stats/series.h"
#include "stats/statistics.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using sense7::Dimension;
using namespace sense7::series;
namespace digest = sense7::digest;
namespace stats = sense7::stats;
namespace continuity = sense7::continuity;

namespace {

using Cell = sense7::Rating; // unset: missing
constexpr Cell na = Cell::notApplicable();

QByteArray row(std::initializer_list<Cell> cells)
{
    return digest::pack(QVector<Cell>(cells));
}

/**
 * A: P1, agent X, coding, 4 replies; d0 = 5 4 2 n/a, d1 = 5 4 - 3; flagged at 2.
 * B: P2, agent Y, writing, 2 replies; d0 = 3 1, d1 = 3 3.
 * C: P1, agent X, no task type, 1 reply; d0 = 4, d1 unrated.
 * Turn means: A 5 4 2 3, B 3 2, C 4.
 */
QVector<Conversation> conversations()
{
    Conversation a;
    a.id = 1;
    a.participant = QStringLiteral("P1");
    a.agent = QStringLiteral("X");
    a.group = QStringLiteral("coding");
    a.assistantTurns = 4;
    a.values = {row({5, 4, 2, na}), row({5, 4, Cell(), 3})};
    a.flagged = {2};
    a.detected = {{1, continuity::Rule::RatingDrop}, {2, continuity::Rule::RepairCue}};
    Conversation b;
    b.id = 2;
    b.participant = QStringLiteral("P2");
    b.agent = QStringLiteral("Y");
    b.group = QStringLiteral("writing");
    b.assistantTurns = 2;
    b.values = {row({3, 1}), row({3, 3})};
    b.detected = {{0, continuity::Rule::Regenerated}};
    Conversation c;
    c.id = 3;
    c.participant = QStringLiteral("P1");
    c.agent = QStringLiteral("X");
    c.assistantTurns = 1;
    c.values = {row({4}), QByteArray()};
    return {a, b, c};
}

Sample sample()
{
    Sample s;
    Dimension d0;
    d0.key = QStringLiteral("d0");
    Dimension d1 = d0;
    d1.key = QStringLiteral("d1");
    s.dimensions = {d0, d1};
    for (const Conversation &c : conversations())
        s.append(c);
    return s;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

} // namespace

class TestSeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void valuesAndTurnMeans();
    void cachedTurnMeansAreTheSame();
    void estimateHasATInterval();
    void tQuantileMatchesTables();
    void clustersAverageTheirMeansFirst();
    void clusterByClusterEstimatesAsInOrder();
    void intervalsStayOnTheScale();
    void groupTestsAreKruskalWallisPerDimension();
    void distributionCountsEachScalePoint();
    void trajectoryBinsRelativePositions();
    void groupMeansByAgentParticipantAndContext();
    void breakAlignedAveragesAroundFlags();
    void correlationIsSpearmanOverCommonTurns();
    void spearmanFromCountsMatchesRawSpearman();
    void detectionScoresOverTheSample();
    void emptySampleGivesEmptySeries();
};

void TestSeries::valuesAndTurnMeans()
{
    const QVector<Conversation> all = conversations();
    const Conversation &a = all[0];
    QCOMPARE(a.value(0, 0), std::optional<int>(5));
    QVERIFY(!a.value(0, 3)); // n/a
    QVERIFY(!a.value(1, 2)); // missing
    QVERIFY(!a.value(0, 4)); // past the end
    QCOMPARE(*a.turnMean(0), 5.0);
    QCOMPARE(*a.turnMean(3), 3.0);
    QCOMPARE(*all[2].turnMean(0), 4.0);
    QVERIFY(!Conversation().turnMean(0));
    // The sample's columns hold the same.
    const Sample s = sample();
    QCOMPARE(s.size(), 3);
    QCOMPARE(s.value(0, 0, 0), std::optional<int>(5));
    QVERIFY(!s.value(0, 0, 3));
    QVERIFY(!s.value(0, 1, 2));
    QVERIFY(!s.value(0, 0, 4));
    QCOMPARE(*s.turnMean(0, 3), 3.0);
    QCOMPARE(*s.turnMean(2, 0), 4.0);
    QVERIFY(!s.value(2, 1, 0)); // unrated
    QCOMPARE(s.participant(2), QStringLiteral("P1"));
    QCOMPARE(s.participants.size(), 2); // each name once
    QCOMPARE(s.rows[2].participant, s.rows[0].participant);
    QCOMPARE(s.group(2), QString());
}

void TestSeries::cachedTurnMeansAreTheSame()
{
    // A sample keeps what its conversations give, cached or not, and gives them back.
    const QVector<Conversation> plain = conversations();
    const Sample s = sample();
    for (int i = 0; i < plain.size(); ++i) {
        Conversation cached = plain[i];
        cached.cacheTurnMeans();
        QCOMPARE(cached.means.size(), plain[i].assistantTurns);
        const Conversation back = s.conversation(i);
        QCOMPARE(back.id, plain[i].id);
        QCOMPARE(back.participant, plain[i].participant);
        QCOMPARE(back.agent, plain[i].agent);
        QCOMPARE(back.group, plain[i].group);
        QCOMPARE(back.condition, plain[i].condition);
        QCOMPARE(back.assistantTurns, plain[i].assistantTurns);
        QCOMPARE(back.flagged, plain[i].flagged);
        QCOMPARE(back.detected, plain[i].detected);
        for (int k = -1; k <= plain[i].assistantTurns; ++k) {
            QCOMPARE(cached.turnMean(k), plain[i].turnMean(k));
            QCOMPARE(s.turnMean(i, k), plain[i].turnMean(k));
            QCOMPARE(back.turnMean(k), plain[i].turnMean(k));
            for (int d = -1; d <= 2; ++d) {
                QCOMPARE(s.value(i, d, k), plain[i].value(d, k));
                QCOMPARE(back.value(d, k), plain[i].value(d, k));
            }
        }
    }
    QCOMPARE(s.means, (std::vector<double> {5, 4, 2, 3, 3, 2, 4})); // a turn each
    QCOMPARE(breakAligned(s, 1).mean[0].mean, 4.0);
}

// t(0.975, 2) in closed form, 0.95 / √(2 · 0.975 · 0.025).
constexpr double t2 = 4.302652729749464;

void TestSeries::estimateHasATInterval()
{
    Accumulator acc;
    for (double x : {5.0, 4.0, 3.0})
        acc.add(x);
    const Estimate e = acc.estimate(); // mean 4, s = 1
    QCOMPARE(e.n, 3);
    QCOMPARE(e.ratings, 3);
    QCOMPARE(e.mean, 4.0);
    QVERIFY(e.hasInterval());
    QVERIFY(near(e.high - e.mean, t2 / std::sqrt(3.0)));
    QVERIFY(near(e.mean - e.low, e.high - e.mean));
    // Two values: a mean, no interval (n < 3).
    Accumulator two;
    two.add(1);
    two.add(5);
    QCOMPARE(two.estimate().n, 2);
    QCOMPARE(two.estimate().mean, 3.0);
    QVERIFY(std::isnan(two.estimate().low));
    QVERIFY(!two.estimate().hasInterval());
    QVERIFY(std::isnan(Accumulator().estimate().mean));
    QVERIFY(!Accumulator().estimate().defined());
}

void TestSeries::tQuantileMatchesTables()
{
    // Closed forms for 1 and 2 degrees of freedom: tan(0.475π) and t2; tables (qt in R) else.
    QVERIFY(std::abs(tQuantile975(1) - 12.706204736174696) < 1e-9);
    QVERIFY(std::abs(tQuantile975(2) - t2) < 1e-9);
    QVERIFY(std::abs(tQuantile975(3) - 3.182446) < 1e-6);
    QVERIFY(std::abs(tQuantile975(30) - 2.042272) < 1e-6);
    QVERIFY(std::abs(tQuantile975(1000) - 1.962339) < 1e-6);
    QCOMPARE(clusterFromKey(QStringLiteral("conversation")), Cluster::Conversation);
    QCOMPARE(clusterKey(Cluster::None), QStringLiteral("none"));
    QVERIFY(!clusterFromKey(QStringLiteral("turn")));
}

void TestSeries::clustersAverageTheirMeansFirst()
{
    // Participant 1 gives 5 5 5 5, 2 gives 1, 3 gives 3: the mean of the means is 3, not 3.83.
    Accumulator acc(Cluster::Participant);
    for (int i = 0; i < 4; ++i)
        acc.add(5, 1);
    acc.add(1, 2);
    acc.add(3, 3);
    acc.add(5, 1); // a cluster seen before, not the last one
    const Estimate e = acc.estimate(1, 5);
    QCOMPARE(e.n, 3);
    QCOMPARE(e.ratings, 7);
    QCOMPARE(e.mean, 3.0);
    // Cluster means 5 1 3: s = 2, half width t(0.975, 2) · 2 / √3 = 4.97, clamped to 1–5.
    QCOMPARE(e.low, 1.0);
    QCOMPARE(e.high, 5.0);

    // The sample clustered by participant: P1 (A and C) and P2 (B) — two units, no interval.
    const GroupMeans byAgent = groupMeans(sample(), GroupBy::Agent, Cluster::Participant);
    QCOMPARE(byAgent.cells[0][0].n, 1); // agent X: P1 only
    QCOMPARE(byAgent.cells[0][0].ratings, 4);
    const Trajectory t = trajectory(sample(), 1, Cluster::Participant);
    // Turn means: P1 5 4 2 3 4 -> 3.6; P2 3 2 -> 2.5; the mean of the two is 3.05.
    QCOMPARE(t.mean[0].n, 2);
    QVERIFY(near(t.mean[0].mean, 3.05));
    QVERIFY(!t.mean[0].hasInterval());
    const Trajectory byConversation = trajectory(sample(), 1, Cluster::Conversation);
    // A 3.5, B 2.5, C 4: mean 10/3, s² = 21/36, half = t(0.975, 2) · s / √3 = 1.90; the upper
    // end is clamped to 5.
    QCOMPARE(byConversation.mean[0].n, 3);
    QVERIFY(near(byConversation.mean[0].mean, 10.0 / 3.0));
    QVERIFY(near(10.0 / 3.0 - byConversation.mean[0].low,
                 t2 * std::sqrt(21.0 / 36.0) / std::sqrt(3.0)));
    QCOMPARE(byConversation.mean[0].high, 5.0);
}

void TestSeries::clusterByClusterEstimatesAsInOrder()
{
    // Values added cluster by cluster (here the last cluster first) with their order give,
    // bit for bit, the estimate of adding them in order.
    struct Value
    {
        double x;
        int unit;
        int order;
    };
    QRandomGenerator random(7);
    std::vector<Value> values;
    for (int i = 0; i < 3000; ++i)
        values.push_back(
            {1.0 + 4.0 * std::pow(random.generateDouble(), 3), int(random.bounded(400)), i});
    for (const Cluster cluster : {Cluster::Participant, Cluster::Conversation, Cluster::None}) {
        Accumulator inOrder(cluster);
        for (const Value &v : values)
            inOrder.add(v.x, v.unit);
        std::vector<Value> byUnit = values;
        std::stable_sort(byUnit.begin(), byUnit.end(),
                         [](const Value &a, const Value &b) { return a.unit > b.unit; });
        Accumulator grouped(cluster);
        for (const Value &v : cluster == Cluster::None ? values : byUnit)
            grouped.add(v.x, v.unit, v.order);
        const Estimate a = inOrder.estimate(1.0, 5.0);
        const Estimate b = grouped.estimate(1.0, 5.0);
        QCOMPARE(b.n, a.n);
        QCOMPARE(b.ratings, a.ratings);
        QVERIFY(a.mean == b.mean && a.low == b.low && a.high == b.high);
    }
}

void TestSeries::intervalsStayOnTheScale()
{
    // Wide spread at small n: every interval the series return lies on the 1–5 scale.
    Sample s = sample();
    QRandomGenerator random(11);
    for (int i = 0; i < 30; ++i) {
        Conversation c;
        c.id = 100 + i;
        c.participant = QStringLiteral("Q%1").arg(i % 4);
        c.agent = QStringLiteral("Z");
        c.group = i % 2 ? QStringLiteral("coding") : QStringLiteral("writing");
        c.assistantTurns = 1 + int(random.bounded(4));
        QVector<Cell> d0, d1;
        for (int k = 0; k < c.assistantTurns; ++k) {
            d0.append(Cell(random.bounded(2) ? 1 : 5));
            d1.append(Cell(random.bounded(2) ? 1 : 5));
        }
        c.values = {digest::pack(d0), digest::pack(d1)};
        c.flagged = {0};
        c.cacheTurnMeans();
        s.append(c);
    }
    int withInterval = 0;
    const auto check = [&](const Estimate &e) {
        if (!e.defined())
            return;
        QVERIFY(e.mean >= 1.0 && e.mean <= 5.0);
        if (e.n < minimumIntervalN) {
            QVERIFY(std::isnan(e.low) && std::isnan(e.high));
            return;
        }
        ++withInterval;
        QVERIFY(e.low >= 1.0 && e.high <= 5.0 && e.low <= e.mean && e.mean <= e.high);
    };
    for (const Cluster cluster : {Cluster::Participant, Cluster::Conversation, Cluster::None}) {
        const Trajectory t = trajectory(s, 10, cluster);
        for (const Estimate &e : t.mean)
            check(e);
        for (const auto &line : t.dimensions)
            for (const Estimate &e : line)
                check(e);
        for (const GroupBy by : {GroupBy::Agent, GroupBy::Participant, GroupBy::Context}) {
            const GroupMeans g = groupMeans(s, by, cluster);
            for (const auto &row : g.cells)
                for (const Estimate &e : row)
                    check(e);
        }
        for (const Estimate &e : breakAligned(s, 3, cluster).mean)
            check(e);
    }
    QVERIFY(withInterval > 20);
}

void TestSeries::groupTestsAreKruskalWallisPerDimension()
{
    // By context with ratings as units: d0 groups "" {4}, coding {5 4 2}, writing {3 1}.
    const QVector<GroupTest> tests = groupTests(sample(), GroupBy::Context, Cluster::None);
    QCOMPARE(tests.size(), 2);
    const auto expected = stats::kruskalWallis({{4}, {5, 4, 2}, {3, 1}});
    QVERIFY(expected && tests[0].h);
    QCOMPARE(*tests[0].h, expected->h);
    QCOMPARE(*tests[0].p, expected->p);
    QCOMPARE(tests[0].df, 2);
    QCOMPARE(tests[0].n, 6);
    // By participant clusters: each participant's mean in each group is one value.
    // d0: "" {P1: 4}, coding {P1: 11/3}, writing {P2: 2}.
    const QVector<GroupTest> clustered = groupTests(sample(), GroupBy::Context);
    const auto byCluster = stats::kruskalWallis({{4}, {11.0 / 3.0}, {2}});
    QCOMPARE(clustered[0].n, 3);
    QVERIFY(near(*clustered[0].h, byCluster->h));
    // d1 has values in two groups only: coding {5 4 3} and writing {3 3}.
    QCOMPARE(tests[1].df, 1);
}

void TestSeries::distributionCountsEachScalePoint()
{
    const Distribution d = distribution(sample());
    // d0: 5 4 2 3 1 4 and one n/a; d1: 5 4 3 3 3.
    QCOMPARE(d.counts[0], (QVector<int> {1, 1, 1, 2, 1}));
    QCOMPARE(d.notApplicable[0], 1);
    QCOMPARE(d.counts[1], (QVector<int> {0, 0, 3, 1, 1}));
    QCOMPARE(d.notApplicable[1], 0);
}

void TestSeries::trajectoryBinsRelativePositions()
{
    // Two bins. A: k = 0, 1 -> bin 0; 2, 3 -> bin 1. B: 0 -> 0, 1 -> 1. C: (0.5 / 1) * 2 = 1 -> 1.
    const Trajectory t = trajectory(sample(), 2, Cluster::None);
    QCOMPARE(t.centres, (QVector<double> {0.25, 0.75}));
    // Bin 0 turn means 5 4 3: mean 4, s = 1.
    QCOMPARE(t.mean[0].n, 3);
    QCOMPARE(t.mean[0].mean, 4.0);
    // 4 ± t(0.975, 2) / √3 = 4 ± 2.48: the upper end is clamped to the scale's 5.
    QVERIFY(near(t.mean[0].low, 4.0 - t2 / std::sqrt(3.0)));
    QCOMPARE(t.mean[0].high, 5.0);
    // Bin 1 turn means 2 3 2 4: mean 2.75, s² = 2.75 / 3.
    QCOMPARE(t.mean[1].n, 4);
    QCOMPARE(t.mean[1].mean, 2.75);
    QVERIFY(near(t.mean[1].high - 2.75, tQuantile975(3) * std::sqrt(2.75 / 3.0 / 4.0)));
    // d0 per bin: 5 4 3 -> 4; 2 1 4 -> 7/3 (n/a left out).
    QCOMPARE(t.dimensions[0][0].mean, 4.0);
    QVERIFY(near(t.dimensions[0][1].mean, 7.0 / 3.0));
    QCOMPARE(t.dimensions[0][1].n, 3);
    // d1 per bin: 5 4 3 -> 4; 3 3 -> 3.
    QCOMPARE(t.dimensions[1][1].mean, 3.0);
    QCOMPARE(t.dimensions[1][1].n, 2);
}

void TestSeries::groupMeansByAgentParticipantAndContext()
{
    const GroupMeans agents = groupMeans(sample(), GroupBy::Agent, Cluster::None);
    QCOMPARE(agents.groups, (QStringList {QStringLiteral("X"), QStringLiteral("Y")}));
    // X = A + C: d0 5 4 2 4 -> 3.75; d1 5 4 3 -> 4; turn means 5 4 2 3 4 -> 3.6.
    QCOMPARE(agents.cells[0][0].mean, 3.75);
    QCOMPARE(agents.cells[0][0].n, 4);
    QCOMPARE(agents.cells[0][1].mean, 4.0);
    QCOMPARE(agents.overall[0].mean, 3.6);
    // Y = B: d0 3 1 -> 2; d1 3 3 -> 3, two values and so no interval.
    QCOMPARE(agents.cells[1][0].mean, 2.0);
    QVERIFY(std::isnan(agents.cells[1][1].low));
    // X's d1 5 4 3: s = 1, mean ± t(0.975, 2) / √3.
    QVERIFY(near(agents.cells[0][1].low, 4.0 - t2 / std::sqrt(3.0)));
    QCOMPARE(agents.overall[1].mean, 2.5);

    const GroupMeans people = groupMeans(sample(), GroupBy::Participant, Cluster::None);
    QCOMPARE(people.groups, (QStringList {QStringLiteral("P1"), QStringLiteral("P2")}));
    QCOMPARE(people.cells[0][0].mean, 3.75);

    const GroupMeans tasks = groupMeans(sample(), GroupBy::Context, Cluster::None);
    QCOMPARE(tasks.groups,
             (QStringList {QString(), QStringLiteral("coding"), QStringLiteral("writing")}));
    QCOMPARE(tasks.cells[0][0].mean, 4.0);
    QCOMPARE(tasks.cells[0][0].n, 1);
    QVERIFY(std::isnan(tasks.cells[0][0].low));
    QCOMPARE(tasks.cells[0][1].n, 0); // C has no d1 ratings
    QVERIFY(near(tasks.cells[1][0].mean, 11.0 / 3.0)); // A: 5 4 2
}

void TestSeries::breakAlignedAveragesAroundFlags()
{
    // A is flagged at 2; turn means around it: 4 (at 1), 2 (at 2), 3 (at 3).
    const BreakAligned one = breakAligned(sample(), 1, Cluster::None);
    QCOMPARE(one.offsets, (QVector<int> {-1, 0, 1}));
    QCOMPARE(one.breaks, 1);
    QCOMPARE(one.mean[0].mean, 4.0);
    QCOMPARE(one.mean[1].mean, 2.0);
    QCOMPARE(one.mean[2].mean, 3.0);
    const BreakAligned three = breakAligned(sample());
    QCOMPARE(three.offsets.size(), 7);
    QCOMPARE(three.mean[0].n, 0); // position -1 does not exist
    QCOMPARE(three.mean[1].mean, 5.0); // position 0
    QCOMPARE(three.mean[6].n, 0);
}

void TestSeries::correlationIsSpearmanOverCommonTurns()
{
    // Turns rated on both: (5,5) (4,4) (3,3) (1,3). Ranks x 4 3 2 1, y 4 3 1.5 1.5:
    // sxy = 4.5, sxx = 5, syy = 4.5, so ρ = 4.5 / √22.5.
    const Correlation c = correlation(sample());
    QCOMPARE(c.n[0][1], 4);
    QCOMPARE(c.n[1][0], 4);
    QVERIFY(near(*c.rho[0][1], 4.5 / std::sqrt(22.5)));
    QVERIFY(near(*c.rho[0][1], *stats::spearman({5, 4, 3, 1}, {5, 4, 3, 3})));
    QCOMPARE(*c.rho[0][0], 1.0);
    QCOMPARE(c.n[0][0], 6);
    QCOMPARE(c.n[1][1], 5);
}

void TestSeries::spearmanFromCountsMatchesRawSpearman()
{
    QRandomGenerator random(7);
    for (int round = 0; round < 20; ++round) {
        std::vector<double> x, y;
        std::vector<std::vector<qint64>> counts(5, std::vector<qint64>(5, 0));
        const int n = 2 + int(random.bounded(300));
        for (int i = 0; i < n; ++i) {
            const int a = int(random.bounded(5));
            const int b = std::clamp(a + int(random.bounded(3)) - 1, 0, 4);
            x.push_back(a + 1);
            y.push_back(b + 1);
            ++counts[size_t(a)][size_t(b)];
        }
        const auto expected = stats::spearman(x, y);
        const auto actual = spearmanFromCounts(counts);
        QCOMPARE(bool(actual), bool(expected));
        if (expected)
            QVERIFY2(near(*actual, *expected), qPrintable(QString::number(round)));
    }
    QVERIFY(!spearmanFromCounts({{3, 0}, {0, 0}})); // constant
}

void TestSeries::detectionScoresOverTheSample()
{
    const QVector<continuity::RuleScore> s = detectionScores(sample());
    // Drops: A@1 (not flagged). Cues: A@2 (flagged). Regenerated: B@0. One flag in all.
    QCOMPARE(s[0].detected, 1);
    QCOMPARE(*s[0].precision(), 0.0);
    QCOMPARE(*s[1].precision(), 1.0);
    QCOMPARE(*s[1].recall(), 1.0);
    QCOMPARE(s[3].detected, 1);
    QCOMPARE(s[4].detected, 3);
    QCOMPARE(s[4].flagged, 1);
    QVERIFY(near(*s[4].precision(), 1.0 / 3.0));
}

void TestSeries::emptySampleGivesEmptySeries()
{
    Sample empty;
    QVERIFY(distribution(empty).counts.isEmpty());
    QCOMPARE(trajectory(empty, 4).mean.size(), 4);
    QCOMPARE(trajectory(empty, 4).mean[0].n, 0);
    QVERIFY(groupMeans(empty, GroupBy::Agent).groups.isEmpty());
    QCOMPARE(breakAligned(empty).breaks, 0);
    QVERIFY(correlation(empty).rho.isEmpty());
    QCOMPARE(detectionScores(empty).size(), continuity::ruleCount + 1);
}

QTEST_GUILESS_MAIN(TestSeries)
#include "tst_series.moc"
