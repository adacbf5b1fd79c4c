// Linear mixed models against lme4 1.1.31 (data/golden/mixed_models.json, written by lmer() with
// REML): variance components, ICCs, fixed effects and their standard errors to 1e-4 relative, the
// REML criterion to 1e-6 relative, and lme4's verdict on singular fits.
#include "stats/mixedmodel.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <random>

using namespace sense7::stats;

namespace {

constexpr double estimateTolerance = 1e-4;
constexpr double criterionTolerance = 1e-6;

QJsonObject golden()
{
    QFile file(QStringLiteral(SENSE7_TEST_DATA "/golden/mixed_models.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the golden mixed models");
    return QJsonDocument::fromJson(file.readAll()).object();
}

QVector<Observation> observations(const QJsonArray &rows)
{
    QVector<Observation> out;
    for (const auto &value : rows) {
        const QJsonObject row = value.toObject();
        out.append({row[QLatin1String("value")].toDouble(),
                    row[QLatin1String("participant")].toString(),
                    row[QLatin1String("conversation")].toString(),
                    row[QLatin1String("agent")].toString()});
    }
    return out;
}

/** Relative difference; against an expected zero, the absolute difference. */
double difference(double actual, double expected)
{
    return expected == 0.0 ? std::abs(actual) : std::abs(actual - expected) / std::abs(expected);
}

/** The largest differences seen over all cases, reported when the test case ends. */
struct Worst
{
    double variance = 0, icc = 0, estimate = 0, se = 0, criterion = 0;
};
Worst worst;

#define CHECK_CLOSE(actual, expected, tolerance, slot)                                             \
    do {                                                                                           \
        const double a_ = (actual), e_ = (expected), d_ = difference(a_, e_);                      \
        worst.slot = std::max(worst.slot, d_);                                                     \
        if (!(d_ <= (tolerance)))                                                                  \
            QFAIL(qPrintable(QStringLiteral("%1: %2, lme4 %3 (difference %4)")                     \
                                 .arg(QLatin1String(#actual))                                      \
                                 .arg(a_, 0, 'g', 12)                                              \
                                 .arg(e_, 0, 'g', 12)                                              \
                                 .arg(d_, 0, 'g', 3)));                                            \
    } while (false)

QVector<Observation> synthetic(int participants, int conversations, int turns, double sdP,
                               double sdC, double sdE, quint64 seed)
{
    std::mt19937_64 random(seed);
    std::normal_distribution<double> normal;
    const QStringList assistants {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    QVector<Observation> out;
    for (int p = 0; p < participants; ++p) {
        const double u = sdP * normal(random);
        for (int c = 0; c < conversations; ++c) {
            const double v = sdC * normal(random);
            const QString assistant = assistants[(p + c) % 3];
            const double effect = assistant == QLatin1String("b") ? 0.5 : 0.0;
            for (int t = 0; t < turns; ++t)
                out.append({4.0 + effect + u + v + sdE * normal(random),
                            QStringLiteral("P%1").arg(p), QStringLiteral("c%1").arg(c), assistant});
        }
    }
    return out;
}

} // namespace

class TestMixedModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanupTestCase();
    void matchesLme4_data();
    void matchesLme4();
    void zeroVarianceIsReportedAsSingular();
    void orderOfObservationsDoesNotMatter();
    void conversationsAreNestedInParticipants();
    void referenceLevelIsFirstAlphabetically();
    void emptyInputIsNotFitted();
    void oneParticipantIsNotFitted();
    void oneAssistantIsNotComparedButStillFitted();
    void singleRatingsPerConversationAreNotFitted();
    void nonFiniteValueIsNamed();
    void largeDataSetRecoversItsVariances();
};

void TestMixedModel::cleanupTestCase()
{
    qInfo("largest differences from lme4: variances %.3g, ICCs %.3g, fixed effects %.3g, standard "
          "errors %.3g, REML criterion %.3g",
          worst.variance, worst.icc, worst.estimate, worst.se, worst.criterion);
}

void TestMixedModel::matchesLme4_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("model");
    const QJsonObject all = golden();
    int cases = 0;
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (it.key() == QLatin1String("about"))
            continue;
        ++cases;
        for (const char *model : {"intercept_only", "with_agent"})
            QTest::addRow("%s/%s", qPrintable(it.key()), model)
                << it.key() << QString::fromLatin1(model);
    }
    QCOMPARE(cases, 4);
}

void TestMixedModel::matchesLme4()
{
    QFETCH(QString, name);
    QFETCH(QString, model);
    const QJsonObject testCase = golden()[name].toObject();
    const QVector<Observation> data = observations(testCase[QLatin1String("rows")].toArray());
    QCOMPARE(data.size(), testCase[QLatin1String("n")].toInt());
    const QJsonObject expected = testCase[model].toObject();
    const bool withAgent = model == QLatin1String("with_agent");

    const MixedModelFit fit =
        fitMixedModel(data, withAgent ? FixedPart::Group : FixedPart::InterceptOnly);
    QVERIFY2(fit.fitted, qPrintable(fit.failure));
    QCOMPARE(fit.observations, data.size());

    const QJsonObject variance = expected[QLatin1String("variance")].toObject();
    CHECK_CLOSE(fit.participant.variance, variance[QLatin1String("participant")].toDouble(),
                estimateTolerance, variance);
    CHECK_CLOSE(fit.conversation.variance, variance[QLatin1String("conversation")].toDouble(),
                estimateTolerance, variance);
    CHECK_CLOSE(fit.residual.variance, variance[QLatin1String("Residual")].toDouble(),
                estimateTolerance, variance);
    QCOMPARE(fit.residual.sd, std::sqrt(fit.residual.variance));
    QCOMPARE(fit.participant.sd, std::sqrt(fit.participant.variance));

    const QJsonObject icc = expected[QLatin1String("icc")].toObject();
    CHECK_CLOSE(fit.iccParticipant, icc[QLatin1String("participant")].toDouble(), estimateTolerance,
                icc);
    CHECK_CLOSE(fit.iccConversation, icc[QLatin1String("conversation")].toDouble(),
                estimateTolerance, icc);

    const QJsonObject fixed = expected[QLatin1String("fixed")].toObject();
    QCOMPARE(fit.fixed.size(), fixed.size());
    for (const FixedEffect &effect : fit.fixed) {
        const QString term = effect.term == QLatin1String("(Intercept)")
            ? effect.term
            : QStringLiteral("agent") + effect.term;
        QVERIFY2(fixed.contains(term), qPrintable(term));
        const QJsonObject lme4 = fixed[term].toObject();
        CHECK_CLOSE(effect.estimate, lme4[QLatin1String("estimate")].toDouble(), estimateTolerance,
                    estimate);
        CHECK_CLOSE(effect.se, lme4[QLatin1String("se")].toDouble(), estimateTolerance, se);
        QCOMPARE(effect.t, effect.estimate / effect.se);
    }

    CHECK_CLOSE(fit.remlCriterion, expected[QLatin1String("reml_criterion")].toDouble(),
                criterionTolerance, criterion);
    QCOMPARE(fit.singular, expected[QLatin1String("singular")].toBool());
}

void TestMixedModel::zeroVarianceIsReportedAsSingular()
{
    const QVector<Observation> data = observations(
        golden()[QLatin1String("no_participant_effect")][QLatin1String("rows")].toArray());
    const MixedModelFit intercept = fitMixedModel(data, FixedPart::InterceptOnly);
    QVERIFY(intercept.fitted);
    QVERIFY(intercept.singular);
    QCOMPARE(intercept.participant.variance, 0.0); // exactly: found on the boundary
    QCOMPARE(intercept.iccParticipant, 0.0);
    QVERIFY(intercept.conversation.variance > 0.01);

    const MixedModelFit agent = fitMixedModel(data, FixedPart::Group);
    QVERIFY(agent.singular);
    QCOMPARE(agent.participant.variance, 0.0);
    QCOMPARE(agent.conversation.variance, 0.0);
    QCOMPARE(agent.iccConversation, 0.0);

    const QVector<Observation> clear =
        observations(golden()[QLatin1String("balanced_small")][QLatin1String("rows")].toArray());
    QVERIFY(!fitMixedModel(clear, FixedPart::InterceptOnly).singular);
}

void TestMixedModel::orderOfObservationsDoesNotMatter()
{
    const QVector<Observation> data =
        observations(golden()[QLatin1String("unbalanced_likert")][QLatin1String("rows")].toArray());
    QVector<Observation> shuffled = data;
    std::mt19937 random(11);
    std::shuffle(shuffled.begin(), shuffled.end(), random);
    const MixedModelFit a = fitMixedModel(data, FixedPart::Group);
    const MixedModelFit b = fitMixedModel(shuffled, FixedPart::Group);
    QVERIFY(a.fitted && b.fitted);
    QCOMPARE(b.participants, 12);
    QCOMPARE(b.conversations, 47);
    QVERIFY(std::abs(a.remlCriterion - b.remlCriterion) < 1e-9 * a.remlCriterion);
    QVERIFY(difference(b.participant.variance, a.participant.variance) < 1e-5);
    QVERIFY(difference(b.conversation.variance, a.conversation.variance) < 1e-5);
    for (int k = 0; k < a.fixed.size(); ++k) {
        QCOMPARE(b.fixed[k].term, a.fixed[k].term);
        QVERIFY(difference(b.fixed[k].estimate, a.fixed[k].estimate) < 1e-5);
    }
}

void TestMixedModel::conversationsAreNestedInParticipants()
{
    // Conversation names repeat across participants ("c1" of P01 is not "c1" of P02).
    QVector<Observation> data =
        observations(golden()[QLatin1String("balanced_small")][QLatin1String("rows")].toArray());
    const MixedModelFit named = fitMixedModel(data, FixedPart::InterceptOnly);
    for (Observation &o : data)
        o.conversation = o.conversation.mid(o.conversation.indexOf(QLatin1Char('-')) + 1);
    const MixedModelFit renamed = fitMixedModel(data, FixedPart::InterceptOnly);
    QCOMPARE(renamed.conversations, 18);
    QCOMPARE(renamed.participants, 6);
    QVERIFY(std::abs(renamed.remlCriterion - named.remlCriterion) < 1e-9 * named.remlCriterion);
}

void TestMixedModel::referenceLevelIsFirstAlphabetically()
{
    const QVector<Observation> data =
        observations(golden()[QLatin1String("many_participants")][QLatin1String("rows")].toArray());
    const MixedModelFit fit = fitMixedModel(data, FixedPart::Group);
    QCOMPARE(fit.groups,
             (QStringList {QStringLiteral("w"), QStringLiteral("x"), QStringLiteral("y"),
                           QStringLiteral("z")}));
    QCOMPARE(fit.fixed.size(), 4);
    QCOMPARE(fit.fixed[0].term, QStringLiteral("(Intercept)"));
    QCOMPARE(fit.fixed[1].term, QStringLiteral("x"));
    QCOMPARE(fit.fixed[3].term, QStringLiteral("z"));
}

void TestMixedModel::emptyInputIsNotFitted()
{
    for (FixedPart part : {FixedPart::InterceptOnly, FixedPart::Group}) {
        const MixedModelFit fit = fitMixedModel({}, part);
        QVERIFY(!fit.fitted);
        QCOMPARE(fit.observations, 0);
        QVERIFY(fit.failure.contains(QLatin1String("no observations")));
        QVERIFY(fit.fixed.isEmpty());
    }
}

void TestMixedModel::oneParticipantIsNotFitted()
{
    QVector<Observation> data;
    for (const Observation &o :
         observations(golden()[QLatin1String("balanced_small")][QLatin1String("rows")].toArray()))
        if (o.participant == QLatin1String("P03"))
            data << o;
    QCOMPARE(data.size(), 12);
    for (FixedPart part : {FixedPart::InterceptOnly, FixedPart::Group}) {
        const MixedModelFit fit = fitMixedModel(data, part);
        QVERIFY(!fit.fitted);
        QCOMPARE(fit.participants, 1);
        QVERIFY2(fit.failure.contains(QLatin1String("at least two participants")),
                 qPrintable(fit.failure));
    }
}

void TestMixedModel::oneAssistantIsNotComparedButStillFitted()
{
    QVector<Observation> data =
        observations(golden()[QLatin1String("balanced_small")][QLatin1String("rows")].toArray());
    for (Observation &o : data)
        o.group = QStringLiteral("same");
    const MixedModelFit compared = fitMixedModel(data, FixedPart::Group);
    QVERIFY(!compared.fitted);
    QVERIFY2(compared.failure.contains(QLatin1String("at least two")),
             qPrintable(compared.failure));
    QVERIFY(fitMixedModel(data, FixedPart::InterceptOnly).fitted);
}

void TestMixedModel::singleRatingsPerConversationAreNotFitted()
{
    QVector<Observation> data;
    for (int p = 0; p < 5; ++p)
        for (int c = 0; c < 3; ++c)
            data.append({double((p * 7 + c * 3) % 5), QString::number(p), QString::number(c), {}});
    const MixedModelFit fit = fitMixedModel(data, FixedPart::InterceptOnly);
    QVERIFY(!fit.fitted);
    QVERIFY2(fit.failure.contains(QLatin1String("single rating")), qPrintable(fit.failure));

    // Constant within every conversation: no residual variance to estimate.
    QVector<Observation> flat;
    for (const Observation &o : data)
        flat << o << o;
    const MixedModelFit flatFit = fitMixedModel(flat, FixedPart::InterceptOnly);
    QVERIFY(!flatFit.fitted);
    QVERIFY2(flatFit.failure.contains(QLatin1String("do not vary")), qPrintable(flatFit.failure));
}

void TestMixedModel::nonFiniteValueIsNamed()
{
    QVector<Observation> data =
        observations(golden()[QLatin1String("balanced_small")][QLatin1String("rows")].toArray());
    data[4].value = std::numeric_limits<double>::quiet_NaN();
    const MixedModelFit fit = fitMixedModel(data, FixedPart::InterceptOnly);
    QVERIFY(!fit.fitted);
    QCOMPARE(fit.failure, QStringLiteral("Observation 5 has no finite value."));
}

void TestMixedModel::largeDataSetRecoversItsVariances()
{
    // 500 participants × 10 conversations × 10 turns, known standard deviations 0.6, 0.4, 0.9.
    const QVector<Observation> data = synthetic(500, 10, 10, 0.6, 0.4, 0.9, 2025);
    QElapsedTimer timer;
    timer.start();
    const MixedModelFit fit = fitMixedModel(data, FixedPart::Group);
    const qint64 groupMs = timer.restart();
    const MixedModelFit intercept = fitMixedModel(data, FixedPart::InterceptOnly);
    const qint64 interceptMs = timer.elapsed();
    qInfo("50,000 observations, 5,000 conversations: %lld ms with the assistant, %lld ms without "
          "(%d and %d evaluations)",
          groupMs, interceptMs, fit.evaluations, intercept.evaluations);
    QVERIFY(fit.fitted && intercept.fitted);
    QCOMPARE(fit.participants, 500);
    QCOMPARE(fit.conversations, 5000);
    QVERIFY(!fit.singular);
    QVERIFY(std::abs(fit.participant.sd - 0.6) < 0.06);
    QVERIFY(std::abs(fit.conversation.sd - 0.4) < 0.04);
    QVERIFY(std::abs(fit.residual.sd - 0.9) < 0.01);
    QCOMPARE(fit.fixed.size(), 3);
    QVERIFY(std::abs(fit.fixed[1].estimate - 0.5) < 4 * fit.fixed[1].se); // b against a
    QVERIFY(std::abs(fit.fixed[2].estimate) < 4 * fit.fixed[2].se); // c against a
    QVERIFY(groupMs < 10000); // a few milliseconds in practice; generous for loaded machines
}

QTEST_GUILESS_MAIN(TestMixedModel)
#include "tst_mixedmodel.moc"
