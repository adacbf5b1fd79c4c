// Statistics against the reference values in data/golden/statistics.json (SciPy / scikit-learn
// and the worked examples of Krippendorff 2011 and Shrout & Fleiss 1979), and the cases below
// copied from scikit-learn and SciPy (full-scale κ, Kruskal–Wallis, Fisher-z means), tolerance
// 1e-9.
#include "stats/statistics.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <random>

using namespace sense7::stats;

namespace {

constexpr double tolerance = 1e-9;

QJsonObject golden()
{
    QFile file(QStringLiteral(SENSE7_TEST_DATA "/golden/statistics.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the golden statistics");
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::vector<double> numbers(const QJsonArray &array)
{
    std::vector<double> out;
    for (const auto &v : array)
        out.push_back(v.toDouble());
    return out;
}

Table table(const QJsonArray &rows)
{
    Table out;
    for (const auto &row : rows) {
        std::vector<std::optional<double>> values;
        for (const auto &v : row.toArray())
            values.push_back(v.isNull() ? std::nullopt : std::optional<double>(v.toDouble()));
        out.push_back(values);
    }
    return out;
}

void compare(const std::optional<double> &actual, const QJsonValue &expected, const char *what)
{
    if (expected.isNull()) {
        QVERIFY2(!actual.has_value(), what);
        return;
    }
    QVERIFY2(actual.has_value(), what);
    if (std::abs(*actual - expected.toDouble()) > tolerance)
        QFAIL(qPrintable(QStringLiteral("%1: %2, expected %3")
                             .arg(QLatin1String(what))
                             .arg(*actual, 0, 'g', 17)
                             .arg(expected.toDouble(), 0, 'g', 17)));
}

// Copied from kappa_fixed_scale.json (scikit-learn cohen_kappa_score, weights="quadratic"):
// labels=[1..5] for the full scale, labels omitted for the observed values only.
struct KappaCase
{
    std::vector<double> a, b, scale;
    double onScale, observedOnly;
};
const std::vector<KappaCase> kappaCases = {
    {{1, 3, 3, 5, 4, 1, 4, 5, 3, 1},
     {1, 3, 4, 5, 5, 3, 4, 4, 1, 1},
     {1, 2, 3, 4, 5},
     0.7555555555555555,
     0.7967479674796748},
    {{3, 5, 1, 1, 1, 4, 1, 3, 1, 1, 5, 5, 1, 3, 1, 5, 1, 1, 3, 1, 5, 1, 3, 1, 3, 4, 5, 3},
     {2, 5, 1, 1, 1, 4, 1, 2, 1, 1, 5, 5, 1, 4, 2, 5, 1, 1, 3, 1, 4, 1, 4, 1, 4, 4, 4, 2},
     {1, 2, 3, 4, 5},
     0.9365558912386707,
     0.9365558912386707},
    {{5, 3, 4, 3, 5, 5, 1, 1, 4, 4, 4, 5, 5, 1, 1, 4, 5, 1, 1, 4,
      5, 4, 5, 4, 1, 5, 4, 3, 1, 5, 1, 3, 4, 3, 3, 5, 5, 5, 1, 3},
     {5, 4, 4, 3, 5, 5, 2, 1, 5, 4, 4, 4, 5, 1, 1, 4, 4, 2, 1, 4,
      5, 3, 5, 5, 1, 5, 4, 2, 2, 5, 2, 4, 5, 2, 4, 5, 4, 5, 1, 3},
     {1, 2, 3, 4, 5},
     0.9111111111111111,
     0.9111111111111111},
    {{3, 1, 4, 1, 1, 1, 3, 1, 4, 1, 1, 3, 5, 3, 4, 4, 4, 5,
      1, 1, 5, 5, 5, 5, 4, 1, 3, 1, 4, 4, 5, 3, 1, 3, 4, 3},
     {2, 1, 3, 1, 1, 1, 3, 1, 4, 1, 1, 3, 5, 3, 4, 5, 4, 4,
      1, 1, 5, 5, 5, 5, 5, 1, 3, 1, 4, 3, 5, 4, 1, 3, 4, 4},
     {1, 2, 3, 4, 5},
     0.9540083040562121,
     0.9540083040562121},
    {{1, 5, 4, 1, 1, 5, 3, 5, 3, 5, 4, 1, 5, 5, 5, 1, 3, 3, 3, 1, 3, 5, 3, 5,
      4, 3, 3, 1, 1, 1, 3, 5, 3, 3, 1, 4, 3, 4, 3, 4, 4, 5, 3, 1, 4, 5, 5},
     {1, 5, 3, 2, 1, 4, 3, 5, 3, 5, 3, 1, 5, 5, 4, 1, 3, 3, 3, 1, 2, 5, 2, 4,
      5, 3, 3, 1, 2, 2, 3, 5, 3, 4, 1, 5, 2, 5, 4, 4, 3, 5, 4, 1, 4, 5, 4},
     {1, 2, 3, 4, 5},
     0.9017493673671471,
     0.9017493673671471},
    {{2, 2, 3, 3}, {2, 3, 3, 2}, {1, 2, 3, 4, 5}, 0.0, 0.0},
};

// Copied from tests_and_means.json (scipy.stats.kruskal).
struct KruskalCase
{
    std::vector<std::vector<double>> groups;
    double h, p;
};
const std::vector<KruskalCase> kruskalCases = {
    {{{2, 5, 5, 5, 3, 4, 4, 5, 5, 5, 5, 3, 3, 3, 2, 4, 3, 3, 4, 4, 5, 4, 3, 3, 3, 5, 4, 5, 4, 4},
      {3, 3, 2, 3, 5},
      {3, 3, 3, 3, 3, 4, 4, 3, 3, 3, 2, 3, 3, 2, 4, 2, 4, 3, 4, 3, 4, 4, 3, 3, 3, 3, 3},
      {5, 5, 3, 4, 4, 3, 4, 4, 3, 4, 4, 5, 4, 3, 5, 4, 2},
      {4, 4, 3, 3, 3, 2, 2, 3, 3, 3, 4, 4, 3, 3, 3, 1, 2, 4, 4, 2, 2, 3, 4}},
     18.989778251944042,
     0.0007895868395526183},
    {{{3, 2, 3, 3, 3, 3, 2, 3},
      {4, 5, 3, 4, 5, 5, 5, 4, 2, 3, 3, 3, 5, 4, 5, 4, 4, 4, 4, 5, 4, 4, 3, 5, 5, 4},
      {1, 2, 2, 3, 3, 3, 3, 3, 4, 3, 3, 3, 2, 3, 5, 4, 3, 2, 4, 3, 4, 4, 5, 4, 3}},
     17.643364988920524,
     0.00014749998343931123},
    {{{3, 2, 2, 2, 2, 4, 4, 5, 3, 3, 2, 3, 2, 1, 4, 4, 4, 4, 3, 2, 3},
      {2, 3, 4, 3, 4, 3, 3, 2, 4, 5, 2, 2, 4, 2, 3, 2, 1, 4, 5, 2, 2, 4, 3, 3, 1},
      {3, 2, 1, 3, 4, 2, 3, 3, 4, 2, 2, 2, 5, 4, 3, 3, 3, 3, 3, 3, 2, 2, 5, 4, 3, 3, 3, 3, 2, 3},
      {3, 2, 3, 2, 1, 4, 3, 3, 4, 3, 3, 1, 3, 3, 4, 2, 4, 2, 3, 3, 2, 4, 1},
      {5, 3, 5, 5, 2}},
     3.7832882540839736,
     0.43612826871886545},
    {{{2, 2, 4, 4, 5, 4, 2, 3, 3, 5, 2, 5, 3, 4, 3, 5, 2, 3, 4, 2},
      {4, 3, 4, 4, 3, 4, 3, 3, 5, 4, 4, 2, 3, 4, 2, 5, 3, 4, 3, 4, 5, 3, 5, 3, 3, 4, 2},
      {5, 3, 3, 3, 5, 5, 4, 5, 4, 4, 5, 4},
      {2, 3, 3, 2, 1, 3, 4, 4, 1, 4, 4, 3, 2, 3, 1, 4, 4, 2, 3, 4},
      {3, 3, 3, 3, 3, 4, 3, 2, 2, 4, 4, 4, 4, 4, 3, 4, 2, 3, 2, 4, 2, 3}},
     12.918258022354788,
     0.011682183701502898},
    {{{1, 3, 1, 2, 3, 5, 4, 1, 3, 4, 4, 3, 5, 3, 3, 4, 3, 2, 5, 4, 1, 4, 4, 4, 3, 3, 3, 4, 5, 2},
      {2, 3, 4, 4, 4, 4},
      {4, 5, 5, 5, 5, 4, 4, 4, 5, 4, 4, 3, 3, 4, 3, 5, 5, 4, 4, 3}},
     8.583209999125687,
     0.013682946540919269},
};

// Copied from tests_and_means.json: means of correlations through Fisher's z.
struct FisherCase
{
    std::vector<double> rho;
    std::vector<int> n;
    double weighted, unweighted, plain;
};
const std::vector<FisherCase> fisherCases = {
    {{0.245, 0.587, 0.186, -0.066, -0.102, 0.315, -0.281},
     {63, 227, 117, 278, 194, 152, 163},
     0.12876603537076753,
     0.13912337159620838,
     0.12628571428571428},
    {{0.794, 0.593, 0.634, 0.678, 0.187, 0.776, 0.756},
     {209, 241, 112, 227, 125, 114, 56},
     0.6596155088461982,
     0.6599600120542833,
     0.6311428571428571},
    {{0.657, 0.062, -0.179, 0.766, 0.889, 0.783, -0.241},
     {159, 173, 192, 130, 227, 113, 292},
     0.435147873612184,
     0.5062371790188681,
     0.391},
    {{-0.208, 0.318, 0.297, -0.044, -0.156, 0.174, 0.39},
     {78, 75, 141, 151, 247, 225, 278},
     0.1333768698756224,
     0.11531934913674115,
     0.11014285714285714},
};

/// Synthetic clustered ratings: \a groups participants with \a per pairs each, both sides sharing
/// the participant's level, so that pairs within a participant are far from independent.
Pairs clusteredPairs(int groups, int per, std::uint64_t seed)
{
    std::mt19937_64 generator(seed);
    std::uniform_int_distribution<int> level(1, 5), noise(-1, 1);
    Pairs pairs;
    for (int g = 0; g < groups; ++g) {
        const int shared = level(generator);
        for (int i = 0; i < per; ++i) {
            const int a = std::clamp(shared + noise(generator), 1, 5);
            const int b = std::clamp(shared + noise(generator), 1, 5);
            pairs.add(a, b, g + 1, (g + 1) * 100 + i / 10);
        }
    }
    return pairs;
}

} // namespace

class StatisticsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairwiseMatchesReference_data();
    void pairwiseMatchesReference();
    void alphaMatchesReference_data();
    void alphaMatchesReference();
    void krippendorffWorkedExample();
    void shroutFleissWorkedExample();
    void averageRanksShareTies();
    void spearmanIsMissingForConstantSide();
    void kappaUsesCategoryPositions();
    void iccLeavesOutIncompleteTargets();
    void varianceShareBetweenGroupsByHand();
    void bootstrapIsSeededAndBracketsEstimate();
    void agreeBundlesTheFourStatistics();
    void kappaOnTheInstrumentsFullScale();
    void fisherZMeanMatchesReference();
    void kruskalWallisMatchesReference();
    void kruskalWallisNeedsTwoGroupsAndSpread();
    void chiSquareTailKnownValues();
    void clusterBootstrapIsWiderThanPairBootstrap();
    void oneClusterGivesNoInterval();
    void clusterKeysRoundTrip();
    void abstentionsCountAsDisagreements();
    void differenceIntervalUsesTheSameResamples();
};

void StatisticsTest::pairwiseMatchesReference_data()
{
    QTest::addColumn<QJsonObject>("entry");
    int i = 0;
    for (const auto &entry : golden().value(QLatin1String("pairs")).toArray())
        QTest::addRow("pair %d (n=%d)", i++,
                      int(entry.toObject().value(QLatin1String("user")).toArray().size()))
            << entry.toObject();
}

void StatisticsTest::pairwiseMatchesReference()
{
    QFETCH(QJsonObject, entry);
    const auto user = numbers(entry.value(QLatin1String("user")).toArray());
    const auto predicted = numbers(entry.value(QLatin1String("predicted")).toArray());
    compare(spearman(user, predicted), entry.value(QLatin1String("spearman")), "spearman");
    compare(accuracy(user, predicted), entry.value(QLatin1String("accuracy")), "accuracy");
    compare(meanAbsoluteError(user, predicted), entry.value(QLatin1String("mae")), "mae");
    compare(quadraticWeightedKappa(user, predicted), entry.value(QLatin1String("qwk")), "qwk");
}

void StatisticsTest::alphaMatchesReference_data()
{
    QTest::addColumn<QJsonObject>("entry");
    int i = 0;
    for (const auto &entry : golden().value(QLatin1String("multi_rater")).toArray())
        QTest::addRow("table %d", i++) << entry.toObject();
}

void StatisticsTest::alphaMatchesReference()
{
    QFETCH(QJsonObject, entry);
    const Table data = table(entry.value(QLatin1String("units_by_coders")).toArray());
    compare(krippendorffAlpha(data, Metric::Nominal), entry.value(QLatin1String("alpha_nominal")),
            "nominal");
    compare(krippendorffAlpha(data, Metric::Ordinal), entry.value(QLatin1String("alpha_ordinal")),
            "ordinal");
    compare(krippendorffAlpha(data, Metric::Interval), entry.value(QLatin1String("alpha_interval")),
            "interval");
    if (entry.contains(QLatin1String("icc1"))) {
        const Icc icc = intraclassCorrelation(data);
        QCOMPARE(icc.targets, int(data.size()));
        compare(icc.icc1, entry.value(QLatin1String("icc1")), "ICC(1,1)");
        compare(icc.icc2, entry.value(QLatin1String("icc2")), "ICC(2,1)");
        compare(icc.icc3, entry.value(QLatin1String("icc3")), "ICC(3,1)");
    }
}

void StatisticsTest::krippendorffWorkedExample()
{
    const QJsonObject example = golden()
                                    .value(QLatin1String("published_examples"))
                                    .toObject()
                                    .value(QLatin1String("krippendorff_2011"))
                                    .toObject();
    const Table data = table(example.value(QLatin1String("data_units_by_coders")).toArray());
    compare(krippendorffAlpha(data, Metric::Nominal), example.value(QLatin1String("alpha_nominal")),
            "nominal");
    compare(krippendorffAlpha(data, Metric::Ordinal), example.value(QLatin1String("alpha_ordinal")),
            "ordinal");
    compare(krippendorffAlpha(data, Metric::Interval),
            example.value(QLatin1String("alpha_interval")), "interval");
    // The published, rounded figures.
    QCOMPARE(qRound(*krippendorffAlpha(data, Metric::Nominal) * 1000), 743);
    QCOMPARE(qRound(*krippendorffAlpha(data, Metric::Ordinal) * 1000), 815);
    QCOMPARE(qRound(*krippendorffAlpha(data, Metric::Interval) * 1000), 849);
}

void StatisticsTest::shroutFleissWorkedExample()
{
    const QJsonObject example = golden()
                                    .value(QLatin1String("published_examples"))
                                    .toObject()
                                    .value(QLatin1String("shrout_fleiss_1979"))
                                    .toObject();
    const Icc icc =
        intraclassCorrelation(table(example.value(QLatin1String("targets_by_judges")).toArray()));
    compare(icc.icc1, example.value(QLatin1String("ICC1")), "ICC(1,1)");
    compare(icc.icc2, example.value(QLatin1String("ICC2")), "ICC(2,1)");
    compare(icc.icc3, example.value(QLatin1String("ICC3")), "ICC(3,1)");
    QCOMPARE(qRound(*icc.icc1 * 100), 17);
    QCOMPARE(qRound(*icc.icc2 * 100), 29);
    QCOMPARE(qRound(*icc.icc3 * 100), 71);
}

void StatisticsTest::averageRanksShareTies()
{
    const std::vector<double> ranks = averageRanks({3, 1, 3, 2, 3});
    const std::vector<double> expected = {4, 1, 4, 2, 4};
    QCOMPARE(ranks, expected);
}

void StatisticsTest::spearmanIsMissingForConstantSide()
{
    QVERIFY(!spearman({3, 3, 3}, {1, 2, 3}).has_value());
    QVERIFY(!spearman({1, 2, 3}, {4, 4, 4}).has_value());
    QVERIFY(!spearman({1}, {1}).has_value());
    QVERIFY(!accuracy({}, {}).has_value());
    QCOMPARE(*spearman({1, 2, 3}, {1, 2, 3}), 1.0);
}

void StatisticsTest::kappaUsesCategoryPositions()
{
    // Only the values 1, 2 and 5 occur: 5 is one position away from 2, as in scikit-learn.
    const std::vector<double> a = {1, 2, 5, 5};
    const std::vector<double> b = {1, 5, 2, 5};
    // Observed weighted disagreement: two off-by-one-position pairs = 2. Expected: row and column
    // margins are (1, 1, 2) each; sum over cells of w * r * c / n = (1*1*1 + 1*2*4 + 1*1*1 + 1*2*1
    // + 2*1*4 + 2*1*1) / 4 = 22 / 4 = 5.5. κ = 1 - 2 / 5.5.
    QVERIFY(std::abs(*quadraticWeightedKappa(a, b) - (1.0 - 2.0 / 5.5)) < tolerance);
    QVERIFY(!quadraticWeightedKappa({2, 2}, {2, 2}).has_value());
}

void StatisticsTest::iccLeavesOutIncompleteTargets()
{
    const Table complete = {{9, 2, 5, 8}, {6, 1, 3, 2},  {8, 4, 6, 8},
                            {7, 1, 2, 6}, {10, 5, 6, 9}, {6, 2, 4, 7}};
    Table withGap = complete;
    withGap.push_back({3, std::nullopt, 4, 5});
    const Icc a = intraclassCorrelation(complete);
    const Icc b = intraclassCorrelation(withGap);
    QCOMPARE(b.targets, 6);
    QCOMPARE(*a.icc2, *b.icc2);
    QVERIFY(!intraclassCorrelation({{1, 2}}).icc1.has_value());
}

void StatisticsTest::varianceShareBetweenGroupsByHand()
{
    // Balanced: MSB = 13.5, MSW = 1, n0 = 3 -> 12.5 / 15.5.
    QVERIFY(std::abs(*varianceShareBetweenGroups({{1, 2, 3}, {4, 5, 6}}) - 12.5 / 15.5)
            < tolerance);
    // Unbalanced: MSB = 4.8, MSW = 10/3, n0 = 2.4 -> 11/71.
    QVERIFY(std::abs(*varianceShareBetweenGroups({{1, 3}, {2, 4, 6}}) - 11.0 / 71.0) < tolerance);
    QVERIFY(!varianceShareBetweenGroups({{1, 2, 3}}).has_value());
}

void StatisticsTest::bootstrapIsSeededAndBracketsEstimate()
{
    const auto golden_ = golden().value(QLatin1String("pairs")).toArray().at(4).toObject();
    Pairs pairs {numbers(golden_.value(QLatin1String("user")).toArray()),
                 numbers(golden_.value(QLatin1String("predicted")).toArray())};
    const Agreement first = agree(pairs, 500, 11);
    const Agreement second = agree(pairs, 500, 11);
    QVERIFY(first.spearmanCi && second.spearmanCi);
    QCOMPARE(first.spearmanCi->low, second.spearmanCi->low);
    QCOMPARE(first.spearmanCi->high, second.spearmanCi->high);
    QVERIFY(first.spearmanCi->low < *first.spearman && *first.spearman < first.spearmanCi->high);
    QVERIFY(first.accuracyCi->low < *first.accuracy && *first.accuracy < first.accuracyCi->high);
    // n = 1000: the interval is narrow, well under ±0.1.
    QVERIFY(first.spearmanCi->high - first.spearmanCi->low < 0.2);
    const Agreement other = agree(pairs, 500, 12);
    QVERIFY(other.spearmanCi->low != first.spearmanCi->low
            || other.spearmanCi->high != first.spearmanCi->high);
}

void StatisticsTest::agreeBundlesTheFourStatistics()
{
    const Agreement a = agree(Pairs {{4, 1, 2, 3, 2}, {4, 1, 3, 3, 2}});
    QCOMPARE(a.n, 5);
    QVERIFY(std::abs(*a.spearman - 0.9210526315789475) < tolerance);
    QVERIFY(std::abs(*a.accuracy - 0.8) < tolerance);
    QVERIFY(std::abs(*a.mae - 0.2) < tolerance);
    QVERIFY(std::abs(*a.qwk - 0.9056603773584906) < tolerance);
    QVERIFY(!a.spearmanCi.has_value());
    QCOMPARE(*meanOfDefined({1.0, std::nullopt, 2.0}), 1.5);
    QVERIFY(!meanOfDefined({std::nullopt}).has_value());
}

void StatisticsTest::kappaOnTheInstrumentsFullScale()
{
    double largest = 0;
    for (const KappaCase &c : kappaCases) {
        const auto onScale = quadraticWeightedKappa(c.a, c.b, c.scale);
        const auto observed = quadraticWeightedKappa(c.a, c.b);
        QVERIFY(onScale && observed);
        largest = std::max(
            {largest, std::abs(*onScale - c.onScale), std::abs(*observed - c.observedOnly)});
        QVERIFY2(std::abs(*onScale - c.onScale) < tolerance,
                 qPrintable(QString::number(*onScale, 'g', 17)));
        QVERIFY2(std::abs(*observed - c.observedOnly) < tolerance,
                 qPrintable(QString::number(*observed, 'g', 17)));
        // agree() passes the labels through.
        AgreementOptions options;
        options.labels = c.scale;
        QCOMPARE(*agree(Pairs {c.a, c.b}, options).qwk, *onScale);
    }
    // The example of the documentation: a scale point (2) never used.
    QVERIFY(std::abs(*quadraticWeightedKappa(kappaCases[0].a, kappaCases[0].b, scaleLabels(1, 5))
                     - 0.7555555555555555)
            < tolerance);
    QCOMPARE(scaleLabels(1, 5), (std::vector<double> {1, 2, 3, 4, 5}));
    qInfo("full-scale kappa: %d cases, largest difference %.3g", int(kappaCases.size()), largest);
}

void StatisticsTest::fisherZMeanMatchesReference()
{
    double largest = 0;
    for (const FisherCase &c : fisherCases) {
        const std::vector<std::optional<double>> rho(c.rho.begin(), c.rho.end());
        const auto weighted = fisherZMean(rho, c.n, true);
        const auto unweighted = fisherZMean(rho, c.n, false);
        const auto plain = meanOfDefined(rho);
        QVERIFY(weighted && unweighted && plain);
        for (const auto &[actual, expected] :
             {std::pair {*weighted, c.weighted}, std::pair {*unweighted, c.unweighted},
              std::pair {*plain, c.plain}}) {
            largest = std::max(largest, std::abs(actual - expected));
            QVERIFY2(std::abs(actual - expected) < tolerance,
                     qPrintable(QStringLiteral("%1, expected %2")
                                    .arg(actual, 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
        }
    }
    // Undefined correlations and n <= 3 (weight 0) are left out.
    QCOMPARE(*fisherZMean({0.5, std::nullopt}, {10, 10}, true), 0.5);
    QCOMPARE(*fisherZMean({0.5, 0.9}, {10, 3}, true), 0.5);
    QVERIFY(!fisherZMean({std::nullopt}, {10}, false).has_value());
    QVERIFY(!fisherZMean({1.0, -1.0}, {10, 10}, false).has_value());
    qInfo("Fisher-z means: %d cases, largest difference %.3g", int(fisherCases.size()), largest);
}

void StatisticsTest::kruskalWallisMatchesReference()
{
    double largestH = 0, largestP = 0;
    for (const KruskalCase &c : kruskalCases) {
        const auto result = kruskalWallis(c.groups);
        QVERIFY(result.has_value());
        QCOMPARE(result->df, int(c.groups.size()) - 1);
        largestH = std::max(largestH, std::abs(result->h - c.h));
        largestP = std::max(largestP, std::abs(result->p - c.p));
        QVERIFY2(std::abs(result->h - c.h) < tolerance,
                 qPrintable(QString::number(result->h, 'g', 17)));
        QVERIFY2(std::abs(result->p - c.p) < tolerance,
                 qPrintable(QString::number(result->p, 'g', 17)));
    }
    qInfo("Kruskal-Wallis: %d cases, largest difference H %.3g, p %.3g", int(kruskalCases.size()),
          largestH, largestP);
}

void StatisticsTest::kruskalWallisNeedsTwoGroupsAndSpread()
{
    QVERIFY(!kruskalWallis({{1, 2, 3}}).has_value());
    QVERIFY(!kruskalWallis({{1, 2, 3}, {}}).has_value());
    QVERIFY(!kruskalWallis({{2, 2}, {2, 2, 2}}).has_value()); // every value tied
    // Empty groups do not count towards df.
    const auto withEmpty = kruskalWallis({{1, 2, 3}, {}, {4, 5, 6}});
    const auto without = kruskalWallis({{1, 2, 3}, {4, 5, 6}});
    QVERIFY(withEmpty && without);
    QCOMPARE(withEmpty->df, 1);
    QCOMPARE(withEmpty->h, without->h);
    // No ties: H = 12/(6*7) * (6^2/3 + 15^2/3) - 21 = 27/7.
    QVERIFY(std::abs(without->h - 27.0 / 7.0) < tolerance);
}

void StatisticsTest::chiSquareTailKnownValues()
{
    // The familiar critical values, and the closed form exp(-x/2) for two degrees of freedom.
    QVERIFY(std::abs(chiSquareUpperTail(3.841458820694124, 1) - 0.05) < 1e-12);
    QVERIFY(std::abs(chiSquareUpperTail(9.487729036781154, 4) - 0.05) < 1e-12);
    QVERIFY(std::abs(chiSquareUpperTail(0.5, 2) - std::exp(-0.25)) < 1e-14); // series branch
    QVERIFY(std::abs(chiSquareUpperTail(40.0, 2) - std::exp(-20.0)) < 1e-20); // fraction branch
    QCOMPARE(chiSquareUpperTail(0, 3), 1.0);
    // Q(1, x) = exp(-x) on both sides of the switch at x = a + 1.
    for (double x : {0.1, 1.9, 2.0, 2.1, 30.0})
        QVERIFY(std::abs(upperIncompleteGammaQ(1.0, x) - std::exp(-x)) < 1e-14 * std::max(1.0, x));
}

void StatisticsTest::clusterBootstrapIsWiderThanPairBootstrap()
{
    const Pairs pairs = clusteredPairs(12, 40, 3);
    AgreementOptions options;
    options.replicates = 1000;
    options.seed = 5;
    options.cluster = Cluster::None;
    const Agreement single = agree(pairs, options);
    options.cluster = Cluster::Participant;
    const Agreement clustered = agree(pairs, options);
    const Agreement again = agree(pairs, options);
    options.cluster = Cluster::Conversation;
    const Agreement byConversation = agree(pairs, options);
    QVERIFY(single.spearmanCi && clustered.spearmanCi && byConversation.spearmanCi);
    // Same point estimates; only the intervals differ.
    QCOMPARE(*single.spearman, *clustered.spearman);
    const double widthSingle = single.spearmanCi->high - single.spearmanCi->low;
    const double widthClustered = clustered.spearmanCi->high - clustered.spearmanCi->low;
    const double widthConversation =
        byConversation.spearmanCi->high - byConversation.spearmanCi->low;
    qInfo("95%% interval widths of rho: pairs %.3f, conversations %.3f, participants %.3f",
          widthSingle, widthConversation, widthClustered);
    QVERIFY2(widthClustered > 1.5 * widthSingle,
             qPrintable(QStringLiteral("%1 vs %2").arg(widthClustered).arg(widthSingle)));
    QVERIFY(widthConversation > widthSingle);
    // Deterministic for a seed.
    QCOMPARE(again.spearmanCi->low, clustered.spearmanCi->low);
    QCOMPARE(again.spearmanCi->high, clustered.spearmanCi->high);
    QCOMPARE(again.accuracyCi->low, clustered.accuracyCi->low);
    // Without cluster ids every pair is its own cluster: the plain bootstrap, draw for draw.
    const Pairs bare {pairs.a, pairs.b};
    const auto plain = bootstrapInterval(
        bare.size(),
        [&](const std::vector<std::size_t> &indices) {
            const Pairs s = bare.subset(indices);
            return spearman(s.a, s.b);
        },
        1000, 5);
    QCOMPARE(plain->low, single.spearmanCi->low);
    QCOMPARE(plain->high, single.spearmanCi->high);
}

void StatisticsTest::oneClusterGivesNoInterval()
{
    // One participant's pairs resampled by participant: every resample is the same data, and the
    // "interval" would be the estimate twice. No interval is given; by conversation there is one.
    Pairs pairs {{1, 2, 3, 4, 5, 2, 3, 4}, {1, 3, 3, 5, 4, 2, 2, 4}};
    pairs.participant.assign(8, 1);
    pairs.conversation = {1, 1, 2, 2, 3, 3, 4, 4};
    AgreementOptions options;
    options.replicates = 200;
    options.cluster = Cluster::Participant;
    const Agreement one = agree(pairs, options);
    QVERIFY(one.spearman);
    QVERIFY(!one.spearmanCi);
    QVERIFY(!one.accuracyCi);
    options.cluster = Cluster::Conversation;
    const Agreement four = agree(pairs, options);
    QVERIFY(four.spearmanCi);
    QVERIFY(four.spearmanCi->low < four.spearmanCi->high);
}

void StatisticsTest::clusterKeysRoundTrip()
{
    for (Cluster c : {Cluster::Participant, Cluster::Conversation, Cluster::None})
        QCOMPARE(*clusterFromKey(clusterKey(c)), c);
    QVERIFY(!clusterFromKey("turn").has_value());
}

void StatisticsTest::abstentionsCountAsDisagreements()
{
    Pairs pairs {{1, 2, 3, 4}, {1, 2, 3, 5}};
    pairs.abstentions = 4; // four more replies where only one side said "not applicable"
    const Agreement a = agree(pairs, AgreementOptions {});
    QCOMPARE(a.n, 4);
    QCOMPARE(a.abstentions, 4);
    QVERIFY(std::abs(*a.accuracy - 0.75) < tolerance);
    QVERIFY(std::abs(*a.accuracyWithAbstentions - 3.0 / 8.0) < tolerance);
    QVERIFY(std::abs(*a.abstentionShare - 0.5) < tolerance);
    const Agreement none = agree(Pairs {}, AgreementOptions {});
    QVERIFY(!none.abstentionShare.has_value());
    QVERIFY(!none.accuracyWithAbstentions.has_value());
    Pairs onlyAbstentions;
    onlyAbstentions.abstentions = 2;
    QCOMPARE(*agree(onlyAbstentions, AgreementOptions {}).accuracyWithAbstentions, 0.0);
}

void StatisticsTest::differenceIntervalUsesTheSameResamples()
{
    const Pairs model = clusteredPairs(10, 20, 9);
    Pairs same = model; // a floor identical to the model: the difference is exactly 0 throughout
    AgreementOptions options;
    options.replicates = 300;
    const Difference zero = difference(model, same, spearman, options);
    QCOMPARE(*zero.value, 0.0);
    QCOMPARE(zero.ci->low, 0.0);
    QCOMPARE(zero.ci->high, 0.0);
    Pairs worse = model;
    std::reverse(worse.b.begin(), worse.b.end());
    const Difference d = difference(model, worse, spearman, options);
    QVERIFY(std::abs(*d.value - (*spearman(model.a, model.b) - *spearman(worse.a, worse.b)))
            < tolerance);
    QVERIFY(d.ci->low < *d.value && *d.value < d.ci->high);
    const Difference constant = difference(
        model, Pairs {model.a, std::vector<double>(model.size(), 3.0)}, spearman, options);
    QVERIFY(!constant.value.has_value()); // a constant floor has no ρ
}

QTEST_GUILESS_MAIN(StatisticsTest)
#include "tst_statistics.moc"
