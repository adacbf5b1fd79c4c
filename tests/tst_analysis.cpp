// Reliability and classifier evaluation over a small data set whose pairs are worked out by hand.
#include "error.h"
#include "retest.h"
#include "stats/analysis.h"
#include "store.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sense7;

namespace {

constexpr double tolerance = 1e-9;

bool near(const std::optional<double> &value, double expected)
{
    return value && std::abs(*value - expected) < tolerance;
}

struct Fixture
{
    std::unique_ptr<Store> store;
    qint64 p1 = 0, p2 = 0, warmth = 0;
    QVector<qint64> turns1, turns2; // assistant turns of each participant's conversation

    QVector<qint64> addConversation(qint64 participant, const QString &title, int replies)
    {
        Conversation c;
        c.participantId = participant;
        c.title = title;
        c.agent = QStringLiteral("assistant");
        c.sourceFormat = QStringLiteral("test");
        QVector<Turn> turns;
        for (int i = 0; i < replies * 2; ++i) {
            Turn t;
            t.index = i;
            t.role = i % 2 ? Role::Assistant : Role::User;
            t.text = QStringLiteral("%1 turn %2").arg(title).arg(i);
            turns << t;
        }
        const qint64 id = store->addConversation(c, turns);
        QVector<qint64> out;
        for (int i = 1; i < replies * 2; i += 2)
            out << store->turnId(id, i);
        return out;
    }

    void rate(const QVector<qint64> &turns, qint64 annotator,
              const QVector<std::optional<int>> &values)
    {
        for (int i = 0; i < values.size(); ++i)
            store->setRating(turns[i], warmth, annotator, Rating::orNotApplicable(values[i]));
    }
};

std::unique_ptr<Fixture> makeFixture(const QString &path)
{
    auto f = std::make_unique<Fixture>();
    f->store = Store::create(path);
    f->p1 = f->store->addParticipant(QStringLiteral("P1"));
    f->p2 = f->store->addParticipant(QStringLiteral("P2"));
    f->warmth = f->store->findDimension(QStringLiteral("warmth"))->id;
    f->turns1 = f->addConversation(f->p1, QStringLiteral("one"), 5);
    f->turns2 = f->addConversation(f->p2, QStringLiteral("two"), 5);

    const qint64 self = f->store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    f->rate(f->turns1, self, {2, 2, 3, 1, 3});
    f->rate(f->turns2, self, {4, 5, 5, 4, 1});

    const qint64 model = f->store->annotatorId(QStringLiteral("gpt-test"), AnnotatorKind::Model);
    // P1's fifth reply: "not applicable" from the model; P2's fifth: no prediction.
    f->rate(f->turns1, model, {2, 3, 3, 1, std::nullopt});
    f->rate(f->turns2, model, {4, 4, 5, 2});

    const qint64 again =
        f->store->annotatorId(QLatin1String(retest::annotatorCode), AnnotatorKind::Self);
    f->rate(f->turns1, again, {2, 3});
    f->rate(f->turns2, again, {4});

    const qint64 o1 = f->store->annotatorId(QStringLiteral("O1"), AnnotatorKind::Observer);
    const qint64 o2 = f->store->annotatorId(QStringLiteral("O2"), AnnotatorKind::Observer);
    f->rate(f->turns1, o1, {2, 3, 3, 2});
    f->rate(f->turns1, o2, {3, 3, 3, 1});
    return f;
}

int indexOf(const QVector<Dimension> &dimensions, const QString &key)
{
    for (int i = 0; i < dimensions.size(); ++i)
        if (dimensions[i].key == key)
            return i;
    return -1;
}

} // namespace

class AnalysisTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void evaluationPairsModelWithSelf();
    void evaluationBaselinesUseTheSameTurns();
    void evaluationCountsConfusions();
    void evaluationMeansSkipUnratedDimensions();
    void evaluationNamesAMissingModel();
    void retestPoolsAndSplitsByParticipant();
    void observersAgreeWithSelfAndEachOther();
    void individualisationGroupsByParticipant();
    void participantFilterNarrowsEveryPair();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Fixture> m_f;
};

void AnalysisTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_f = makeFixture(m_dir->filePath(QStringLiteral("study.sense7")));
}

void AnalysisTest::cleanup()
{
    m_f.reset();
    m_dir.reset();
}

void AnalysisTest::evaluationPairsModelWithSelf()
{
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    QCOMPARE(e.dimensions.size(), 7);
    QVector<Dimension> dimensions;
    for (const auto &d : e.dimensions)
        dimensions << d.dimension;
    const auto &w = e.dimensions[indexOf(dimensions, QStringLiteral("warmth"))];
    // Pairs (self, model): (2,2) (2,3) (3,3) (1,1) (4,4) (5,4) (5,5) (4,2).
    QCOMPARE(w.model.n, 8);
    QVERIFY(near(w.model.accuracy, 5.0 / 8));
    QVERIFY(near(w.model.mae, 4.0 / 8));
    const std::vector<double> self = {2, 2, 3, 1, 4, 5, 5, 4}, model = {2, 3, 3, 1, 4, 4, 5, 2};
    QVERIFY(near(w.model.spearman, *stats::spearman(self, model)));
    QVERIFY(near(w.model.qwk, *stats::quadraticWeightedKappa(self, model)));
}

void AnalysisTest::evaluationBaselinesUseTheSameTurns()
{
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    const auto &w = e.dimensions[5];
    QCOMPARE(w.dimension.key, QStringLiteral("warmth"));
    // Majority of the paired self ratings: 2, 4 and 5 occur twice; the lowest wins.
    QCOMPARE(w.majorityValue, 2);
    QCOMPARE(w.majority.n, 8);
    QVERIFY(near(w.majority.accuracy, 2.0 / 8));
    QVERIFY(!w.majority.spearman.has_value()); // a constant prediction has no rank correlation
    // Leave-one-out means over all of a participant's own ratings (five each), rounded:
    // P1 {2,2,3,1,3}: 9/4, 9/4, 8/4, 10/4 -> 2, 2, 2, 3 against 2, 2, 3, 1.
    // P2 {4,5,5,4,1}: 15/4, 14/4, 14/4, 15/4 -> 4, 4, 4, 4 against 4, 5, 5, 4.
    QCOMPARE(w.participantMean.n, 8);
    QVERIFY(near(w.participantMean.accuracy, 4.0 / 8));
    QVERIFY(near(w.participantMean.mae, 5.0 / 8));
}

void AnalysisTest::evaluationCountsConfusions()
{
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    const auto &c = e.dimensions[5].confusion;
    QCOMPARE(c.size(), 5);
    QCOMPARE(c[1][1], 1); // self 2, model 2
    QCOMPARE(c[1][2], 1); // self 2, model 3
    QCOMPARE(c[3][1], 1); // self 4, model 2
    QCOMPARE(c[4][3], 1); // self 5, model 4
    int total = 0;
    for (const auto &row : c)
        for (int v : row)
            total += v;
    QCOMPARE(total, 8);
}

void AnalysisTest::evaluationMeansSkipUnratedDimensions()
{
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    QCOMPARE(e.dimensions[0].model.n, 0);
    QVERIFY(!e.dimensions[0].model.accuracy.has_value());
    // Only warmth has pairs, so the mean over dimensions is warmth's.
    QVERIFY(near(e.mean.accuracy, 5.0 / 8));
    QVERIFY(near(e.mean.mae, 0.5));
    QVERIFY(near(e.majorityMean.accuracy, 0.25));
    QVERIFY(!e.majorityMean.spearman.has_value());
}

void AnalysisTest::evaluationNamesAMissingModel()
{
    try {
        analysis::evaluate(*m_f->store, QStringLiteral("nobody"));
        QFAIL("an unknown model was accepted");
    } catch (const Error &error) {
        QVERIFY2(error.message().contains(QLatin1String("nobody")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(QLatin1String("gpt-test")), qPrintable(error.message()));
    }
    QCOMPARE(analysis::models(*m_f->store), QStringList {QStringLiteral("gpt-test")});
}

void AnalysisTest::retestPoolsAndSplitsByParticipant()
{
    const auto r = analysis::reliability(*m_f->store);
    QCOMPARE(r.retest.size(), 3);
    QVERIFY(r.retest[0].participant.isEmpty());
    const auto &pooled = r.retest[0].byDimension[5];
    QCOMPARE(pooled.n, 3); // (2,2) (2,3) (4,4)
    QVERIFY(near(pooled.accuracy, 2.0 / 3));
    QCOMPARE(r.retest[1].participant, QStringLiteral("P1"));
    QCOMPARE(r.retest[1].byDimension[5].n, 2);
    QVERIFY(near(r.retest[1].byDimension[5].accuracy, 0.5));
    QCOMPARE(r.retest[2].participant, QStringLiteral("P2"));
    QVERIFY(near(r.retest[2].byDimension[5].accuracy, 1.0));
    QCOMPARE(r.retest[2].byDimension.size(), 7);
    QCOMPARE(r.retest[2].byDimension[0].n, 0);
}

void AnalysisTest::observersAgreeWithSelfAndEachOther()
{
    const auto r = analysis::reliability(*m_f->store);
    QCOMPARE(r.observers, 2);
    const auto &so = r.selfObserver[5];
    QCOMPARE(so.n, 8);
    QVERIFY(near(so.accuracy, 4.0 / 8));
    const stats::Table withSelf = {{2, 2, 3},   {2, 3, 3},   {3, 3, 3},   {1, 2, 1},   {3, {}, {}},
                                   {4, {}, {}}, {5, {}, {}}, {5, {}, {}}, {4, {}, {}}, {1, {}, {}}};
    QVERIFY(
        near(r.selfObserverAlpha[5], *stats::krippendorffAlpha(withSelf, stats::Metric::Ordinal)));
    const stats::Table observers = {{2, 3}, {3, 3}, {3, 3}, {2, 1}};
    QVERIFY(near(r.observerAlpha[5], *stats::krippendorffAlpha(observers, stats::Metric::Ordinal)));
    QVERIFY(!r.observerAlpha[0].has_value());
}

void AnalysisTest::individualisationGroupsByParticipant()
{
    const auto r = analysis::reliability(*m_f->store);
    QCOMPARE(r.individualisationN[5], 10);
    QVERIFY(near(r.individualisation[5],
                 *stats::varianceShareBetweenGroups({{2, 2, 3, 1, 3}, {4, 5, 5, 4, 1}})));
    QVERIFY(!r.individualisation[0].has_value());
}

void AnalysisTest::participantFilterNarrowsEveryPair()
{
    analysis::Options only2;
    only2.participantId = m_f->p2;
    const auto r = analysis::reliability(*m_f->store, only2);
    QCOMPARE(r.retest[0].byDimension[5].n, 1);
    QCOMPARE(r.selfObserver[5].n, 0);
    QVERIFY(!r.individualisation[5].has_value()); // one participant: nothing between
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"), only2);
    QCOMPARE(e.dimensions[5].model.n, 4);
}

QTEST_GUILESS_MAIN(AnalysisTest)
#include "tst_analysis.moc"
