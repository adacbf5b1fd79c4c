// Statistics against the reference values in data/golden/statistics.json (SciPy / scikit-learn
// and the worked examples of Krippendorff 2011 and Shrout & Fleiss 1979), tolerance 1e-9.
#include "stats/statistics.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

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

QTEST_GUILESS_MAIN(StatisticsTest)
#include "tst_statistics.moc"
