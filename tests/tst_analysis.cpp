// Reliability and classifier evaluation over a small data set whose pairs are worked out by hand.
#include "error.h"
#include "retest.h"
#include "stats/analysis.h"
#include "store.h"

#include <QJsonArray>
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
    void ownMeanFloorUsesOtherConversations();
    void evaluationWithinChosenConversations();
    void coverageCountsOneSidedNotApplicable();
    void kappaIsOnTheDimensionsScale();
    void meansThroughFisherZ();
    void selfAgainstEachObserverAndTheirMean();
    void iccWhereRatersOverlap();
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
    // Each participant has a single conversation, so the own-mean floor (other conversations)
    // knows nothing and falls back to the majority value on every turn.
    QCOMPARE(w.participantMean.n, 8);
    QCOMPARE(w.participantMeanFallbacks, 8);
    QVERIFY(near(w.participantMean.accuracy, 2.0 / 8));
    // Model against the floors: 5/8 - 2/8 accuracy; no ρ difference against a constant floor.
    QVERIFY(near(w.overMajority.accuracy.value, 3.0 / 8));
    QVERIFY(!w.overMajority.spearman.value.has_value());
}

void AnalysisTest::evaluationWithinChosenConversations()
{
    // A second conversation for P1, as in the test above: self {1, 1, 2}, model {1, 2, 2}.
    const QVector<qint64> three = m_f->addConversation(m_f->p1, QStringLiteral("three"), 3);
    const qint64 self = m_f->store->selfAnnotatorId();
    const qint64 model = m_f->store->annotatorId(QStringLiteral("gpt-test"), AnnotatorKind::Model);
    m_f->rate(three, self, {1, 1, 2});
    m_f->rate(three, model, {1, 2, 2});
    qint64 id = 0;
    for (const ConversationSummary &s : m_f->store->conversationSummaries())
        if (s.title == QLatin1String("three"))
            id = s.id;
    QVERIFY(id > 0);
    // Only "three" (a condition's conversations, say): its three pairs, two of them hits.
    analysis::Options options;
    options.conversations = {id};
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"), options);
    const auto &w = e.dimensions[5];
    QCOMPARE(w.model.n, 3);
    QCOMPARE(w.model.abstentions, 0);
    QVERIFY(near(w.model.accuracy, 2.0 / 3));
    QCOMPARE(w.majorityValue, 1);
    QVERIFY(near(w.majority.accuracy, 2.0 / 3));
    // The own-mean floor still knows P1 from "one", outside the chosen conversations
    // (11/5 -> 2): one hit of three, and no fallback to the majority.
    QCOMPARE(w.participantMeanFallbacks, 0);
    QVERIFY(near(w.participantMean.accuracy, 1.0 / 3));
    // Every conversation: the pairs of all three.
    QCOMPARE(analysis::evaluate(*m_f->store, QStringLiteral("gpt-test")).dimensions[5].model.n, 11);
}

void AnalysisTest::ownMeanFloorUsesOtherConversations()
{
    // A second conversation for P1: self {1, 1, 2}, model {1, 2, 2}.
    const QVector<qint64> three = m_f->addConversation(m_f->p1, QStringLiteral("three"), 3);
    const qint64 self = m_f->store->selfAnnotatorId();
    const qint64 model = m_f->store->annotatorId(QStringLiteral("gpt-test"), AnnotatorKind::Model);
    m_f->rate(three, self, {1, 1, 2});
    m_f->rate(three, model, {1, 2, 2});
    analysis::Options options;
    options.bootstrapReplicates = 200;
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"), options);
    const auto &w = e.dimensions[5];
    QCOMPARE(w.model.n, 11);
    // Paired self ratings 2,2,3,1 | 4,5,5,4 | 1,1,2: 1 and 2 occur three times, the lowest wins.
    QCOMPARE(w.majorityValue, 1);
    // Conversation "one" is predicted from "three" (4/3 -> 1): one hit of four; conversation
    // "three" from "one" (11/5 -> 2): one hit of three; P2 has no other conversation and gets the
    // majority value 1: no hit. Leave-one-rating-out would have used the same conversation.
    QCOMPARE(w.participantMeanFallbacks, 4);
    QVERIFY(near(w.participantMean.accuracy, 2.0 / 11));
    QVERIFY(near(w.model.accuracy, 7.0 / 11));
    QVERIFY(near(w.overParticipantMean.accuracy.value, 5.0 / 11));
    QVERIFY(w.overParticipantMean.accuracy.ci.has_value());
    const QJsonObject json = analysis::toJson(e);
    QCOMPARE(json.value(QLatin1String("cluster")).toString(), QStringLiteral("participant"));
    const QJsonObject floors = json.value(QLatin1String("dimensions"))
                                   .toArray()
                                   .at(5)
                                   .toObject()
                                   .value(QLatin1String("floors"))
                                   .toObject();
    QVERIFY(near(floors.value(QLatin1String("participant_mean"))
                     .toObject()
                     .value(QLatin1String("accuracy_difference"))
                     .toObject()
                     .value(QLatin1String("value"))
                     .toDouble(),
                 5.0 / 11));
}

void AnalysisTest::coverageCountsOneSidedNotApplicable()
{
    // The fixture's model said "not applicable" on P1's fifth reply, which P1 rated 3.
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    const auto &w = e.dimensions[5].model;
    QCOMPARE(w.n, 8);
    QCOMPARE(w.abstentions, 1);
    QVERIFY(near(w.abstentionShare, 1.0 / 9));
    QVERIFY(near(w.accuracy, 5.0 / 8));
    QVERIFY(near(w.accuracyWithAbstentions, 5.0 / 9));
    // Now P2 says "not applicable" where the model rates, and both say so on another reply.
    const qint64 self = m_f->store->selfAnnotatorId();
    const qint64 model = m_f->store->annotatorId(QStringLiteral("gpt-test"), AnnotatorKind::Model);
    m_f->store->setRating(m_f->turns2[3], m_f->warmth, self, Rating::notApplicable());
    m_f->store->setRating(m_f->turns2[4], m_f->warmth, self, Rating::notApplicable());
    m_f->store->setRating(m_f->turns2[4], m_f->warmth, model, Rating::notApplicable());
    const auto after = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    const auto &a = after.dimensions[5].model;
    QCOMPARE(a.n, 7); // (4,2) is gone
    QCOMPARE(a.abstentions, 2); // both-"not applicable" is no abstention
    QVERIFY(near(a.accuracy, 5.0 / 7));
    QVERIFY(near(a.accuracyWithAbstentions, 5.0 / 9));
    QCOMPARE(after.mean.abstentions, 2);
    QCOMPARE(after.mean.n, 7);
    const QJsonObject row =
        analysis::toJson(after).value(QLatin1String("dimensions")).toArray().at(5).toObject();
    QCOMPARE(row.value(QLatin1String("abstentions")).toInt(), 2);
    QVERIFY(near(row.value(QLatin1String("abstention_share")).toDouble(), 2.0 / 9));
    QVERIFY(near(row.value(QLatin1String("accuracy_with_abstentions")).toDouble(), 5.0 / 9));
}

void AnalysisTest::kappaIsOnTheDimensionsScale()
{
    // The golden case whose raters never use 2: κ on 1..5 is 0.7556, not 0.7967.
    const Dimension other =
        analysis::evaluate(*m_f->store, QStringLiteral("gpt-test")).dimensions[0].dimension;
    QCOMPARE(other.scaleMin, 1);
    QCOMPARE(other.scaleMax, 5);
    const qint64 self = m_f->store->selfAnnotatorId();
    const qint64 model = m_f->store->annotatorId(QStringLiteral("gpt-test"), AnnotatorKind::Model);
    const QVector<std::optional<int>> a1 = {1, 3, 3, 5, 4}, a2 = {1, 4, 5, 3, 1};
    const QVector<std::optional<int>> b1 = {1, 3, 4, 5, 5}, b2 = {3, 4, 4, 1, 1};
    for (int i = 0; i < 5; ++i) {
        m_f->store->setRating(m_f->turns1[i], other.id, self, *a1[i]);
        m_f->store->setRating(m_f->turns2[i], other.id, self, *a2[i]);
        m_f->store->setRating(m_f->turns1[i], other.id, model, *b1[i]);
        m_f->store->setRating(m_f->turns2[i], other.id, model, *b2[i]);
    }
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    QCOMPARE(e.dimensions[0].model.n, 10);
    QVERIFY(near(e.dimensions[0].model.qwk, 0.7555555555555555));
}

void AnalysisTest::meansThroughFisherZ()
{
    const auto e = analysis::evaluate(*m_f->store, QStringLiteral("gpt-test"));
    // One dimension with pairs: every mean of ρ is that dimension's ρ.
    QVERIFY(near(e.mean.spearmanFisher, *e.dimensions[5].model.spearman));
    QVERIFY(near(e.mean.spearmanFisherWeighted, *e.dimensions[5].model.spearman));
    QVERIFY(near(e.mean.spearman, *e.dimensions[5].model.spearman));
    QVERIFY(e.hasPaperReference());
    QVERIFY(analysis::toJson(e).contains(QLatin1String("reference")));
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

void AnalysisTest::selfAgainstEachObserverAndTheirMean()
{
    const auto r = analysis::reliability(*m_f->store);
    QCOMPARE(r.observerCodes.size(), 2);
    const int o1 = int(r.observerCodes.indexOf(QStringLiteral("O1")));
    const int o2 = int(r.observerCodes.indexOf(QStringLiteral("O2")));
    QVERIFY(o1 >= 0 && o2 >= 0);
    // O1: (2,2) (2,3) (3,3) (1,2); O2: (2,3) (2,3) (3,3) (1,1).
    QCOMPARE(r.selfPerObserver[o1][5].n, 4);
    QVERIFY(near(r.selfPerObserver[o1][5].accuracy, 2.0 / 4));
    QVERIFY(near(r.selfPerObserver[o1][5].mae, 2.0 / 4));
    QVERIFY(near(r.selfPerObserver[o2][5].accuracy, 2.0 / 4));
    QVERIFY(near(r.selfPerObserver[o2][5].spearman, *stats::spearman({2, 2, 3, 1}, {3, 3, 3, 1})));
    // Against the observers' mean, one pair per turn: (2, 2.5) (2, 3) (3, 3) (1, 1.5).
    const auto &mean = r.selfObserverMean[5];
    QCOMPARE(mean.n, 4);
    QVERIFY(near(mean.mae, 2.0 / 4));
    QVERIFY(near(mean.spearman, *stats::spearman({2, 2, 3, 1}, {2.5, 3, 3, 1.5})));
    QVERIFY(!mean.accuracy.has_value()); // a mean is no scale point
    QVERIFY(!mean.qwk.has_value());
    const QJsonObject row =
        analysis::toJson(r).value(QLatin1String("dimensions")).toArray().at(5).toObject();
    QCOMPARE(row.value(QLatin1String("self_per_observer")).toArray().size(), 2);
    QCOMPARE(row.value(QLatin1String("self_observer_mean")).toObject().value(QLatin1String("n")),
             QJsonValue(4));
}

void AnalysisTest::iccWhereRatersOverlap()
{
    const auto r = analysis::reliability(*m_f->store);
    const stats::Icc all =
        stats::intraclassCorrelation({{2, 2, 3}, {2, 3, 3}, {3, 3, 3}, {1, 2, 1}});
    QCOMPARE(r.selfObserverIcc[5].targets, 4);
    QVERIFY(near(r.selfObserverIcc[5].icc2, *all.icc2));
    QVERIFY(near(r.selfObserverIcc[5].icc3, *all.icc3));
    const stats::Icc observers = stats::intraclassCorrelation({{2, 3}, {3, 3}, {3, 3}, {2, 1}});
    QVERIFY(near(r.observerIcc[5].icc2, *observers.icc2));
    const stats::Icc retest = stats::intraclassCorrelation({{2, 2}, {2, 3}, {4, 4}});
    QCOMPARE(r.retestIcc[5].targets, 3);
    QVERIFY(near(r.retestIcc[5].icc3, *retest.icc3));
    QVERIFY(!r.selfObserverIcc[0].icc2.has_value());
    const QJsonObject icc = analysis::toJson(r)
                                .value(QLatin1String("dimensions"))
                                .toArray()
                                .at(5)
                                .toObject()
                                .value(QLatin1String("self_observer_icc"))
                                .toObject();
    QVERIFY(near(icc.value(QLatin1String("icc2_1")).toDouble(), *all.icc2));
    QCOMPARE(icc.value(QLatin1String("n")).toInt(), 4);
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
