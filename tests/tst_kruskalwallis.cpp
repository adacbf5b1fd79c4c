// The Kruskal–Wallis test against reference values (scipy.stats.kruskal, tie-corrected H and its
// chi-square p), copied from the shared golden file tests_and_means.json.

#include "stats/kruskalwallis.h"

#include <QTest>

#include <cmath>

namespace stats = sense7::stats;

namespace {

struct Case
{
    std::vector<std::vector<double>> groups;
    double h;
    double p;
};

const std::vector<Case> &golden()
{
    static const std::vector<Case> cases = {
        {{{2, 5, 5, 5, 3, 4, 4, 5, 5, 5, 5, 3, 3, 3, 2,
           4, 3, 3, 4, 4, 5, 4, 3, 3, 3, 5, 4, 5, 4, 4},
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
          {3, 2, 1, 3, 4, 2, 3, 3, 4, 2, 2, 2, 5, 4, 3,
           3, 3, 3, 3, 3, 2, 2, 5, 4, 3, 3, 3, 3, 2, 3},
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
        {{{1, 3, 1, 2, 3, 5, 4, 1, 3, 4, 4, 3, 5, 3, 3,
           4, 3, 2, 5, 4, 1, 4, 4, 4, 3, 3, 3, 4, 5, 2},
          {2, 3, 4, 4, 4, 4},
          {4, 5, 5, 5, 5, 4, 4, 4, 5, 4, 4, 3, 3, 4, 3, 5, 5, 4, 4, 3}},
         8.583209999125687,
         0.013682946540919269}};
    return cases;
}

} // namespace

class TestKruskalWallis : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheReferenceValues();
    void degreesOfFreedomCountNonEmptyGroups();
    void undefinedWithoutTwoGroupsOrVariation();
    void smallExampleByHand();
};

void TestKruskalWallis::matchesTheReferenceValues()
{
    QCOMPARE(golden().size(), size_t(5));
    for (const Case &c : golden()) {
        const auto result = stats::kruskalWallis(c.groups);
        QVERIFY(result);
        QVERIFY2(std::abs(result->h - c.h) < 1e-9, qPrintable(QString::number(result->h, 'g', 17)));
        QVERIFY2(std::abs(result->p - c.p) < 1e-9, qPrintable(QString::number(result->p, 'g', 17)));
        QCOMPARE(result->df, int(c.groups.size()) - 1);
    }
}

void TestKruskalWallis::degreesOfFreedomCountNonEmptyGroups()
{
    const auto result = stats::kruskalWallis({{1, 2, 3}, {}, {4, 5, 6}});
    QVERIFY(result);
    QCOMPARE(result->df, 1);
    // Ranks 1 2 3 | 4 5 6: H = 12 / 42 · (36 / 3 + 225 / 3) − 21 = 27 / 7, no ties.
    QVERIFY(std::abs(result->h - 27.0 / 7.0) < 1e-12);
    // One degree of freedom: p = erfc(√(H / 2)).
    QVERIFY(std::abs(result->p - std::erfc(std::sqrt(result->h / 2))) < 1e-12);
}

void TestKruskalWallis::undefinedWithoutTwoGroupsOrVariation()
{
    QVERIFY(!stats::kruskalWallis({}));
    QVERIFY(!stats::kruskalWallis({{1, 2, 3}}));
    QVERIFY(!stats::kruskalWallis({{1, 2, 3}, {}}));
    QVERIFY(!stats::kruskalWallis({{3, 3}, {3, 3, 3}}));
}

void TestKruskalWallis::smallExampleByHand()
{
    // {1, 2} and {2, 3}: ranks 1 2.5 | 2.5 4; Σ R²/n = 12.25 / 2 + 42.25 / 2 = 27.25;
    // H = 12 / 20 · 27.25 − 15 = 1.35; ties: one pair, C = 1 − 6 / 60 = 0.9; H = 1.5.
    const auto result = stats::kruskalWallis({{1, 2}, {2, 3}});
    QVERIFY(result);
    QVERIFY(std::abs(result->h - 1.5) < 1e-12);
    QVERIFY(std::abs(result->p - std::erfc(std::sqrt(0.75))) < 1e-12);
}

QTEST_APPLESS_MAIN(TestKruskalWallis)
#include "tst_kruskalwallis.moc"
