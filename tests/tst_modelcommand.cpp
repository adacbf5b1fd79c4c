// Mixed models of a data set's self ratings (analysis::mixedModels) and `sense7 model`, on the
// demo data set: what is gathered, and what the command prints and exits with.
#include "error.h"
#include "stats/models.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sense7;

namespace {

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result sense7Cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(60000))
        qFatal("sense7 did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

/** The self ratings of \a dimension gathered turn by turn through other store calls. */
QVector<stats::Observation> gatheredByHand(const Store &store, qint64 dimensionId)
{
    const qint64 self = store.selfAnnotatorId();
    QVector<stats::Observation> out;
    const QVector<ConversationSummary> conversations = store.conversationSummaries(self);
    for (const ConversationSummary &c : conversations) {
        const QVector<Turn> turns = store.turns(c.id);
        for (const Turn &turn : turns) {
            const Rating rating = store.ratingsOfTurn(turn.id, self).value(dimensionId);
            if (rating.hasValue())
                out.append({double(rating.value()), c.participant, QString::number(c.id), c.agent});
        }
    }
    return out;
}

} // namespace

class TestModelCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fitsEveryDimensionOfTheSelfRatings();
    void leavesNotApplicableOut();
    void choosesOneDimension();
    void jsonMatchesTheLibrary();
    void tableShowsComponentsAndEffects();
    void effectsNameAnAssistantAsItIs();
    void exitsWithMessageWithoutRatings();
    void modelsThePrimaryInstrumentAndFailsWhenNothingFits();

private:
    QTemporaryDir m_dir;
    QString m_demo;
};

void TestModelCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_demo = m_dir.filePath(QStringLiteral("demo.sense7"));
    test::makeDemoDataSet(m_demo);
}

void TestModelCommand::fitsEveryDimensionOfTheSelfRatings()
{
    auto store = Store::open(m_demo, Store::Access::ReadOnly);
    const analysis::MixedModels models = analysis::mixedModels(*store);
    QCOMPARE(models.dimensions.size(), 7);
    int total = 0;
    for (const analysis::DimensionModels &d : models.dimensions) {
        const QVector<stats::Observation> expected = gatheredByHand(*store, d.dimension.id);
        QVERIFY(!expected.isEmpty());
        total += int(expected.size());
        for (const stats::MixedModelFit *fit : {&d.interceptOnly, &d.withAssistant}) {
            QVERIFY2(fit->fitted, qPrintable(fit->failure));
            QCOMPARE(fit->observations, expected.size());
            QCOMPARE(fit->participants, 3);
        }
        const stats::MixedModelFit byHand = stats::fitMixedModel(expected, stats::FixedPart::Group);
        QCOMPARE(d.withAssistant.conversations, byHand.conversations);
        QCOMPARE(d.withAssistant.groups, byHand.groups);
        QCOMPARE(d.withAssistant.remlCriterion, byHand.remlCriterion);
        QCOMPARE(d.withAssistant.fixed.size(), byHand.fixed.size());
        for (int k = 0; k < byHand.fixed.size(); ++k)
            QCOMPARE(d.withAssistant.fixed[k].estimate, byHand.fixed[k].estimate);
    }
    QCOMPARE(models.ratings(), total);
    // The demo's assistants, the first alphabetically the reference.
    QCOMPARE(models.dimensions[0].withAssistant.groups.value(0),
             QStringLiteral("claude-3.5-sonnet"));
}

void TestModelCommand::leavesNotApplicableOut()
{
    const QString db = m_dir.filePath(QStringLiteral("not-applicable.sense7"));
    test::makeDemoDataSet(db);
    auto store = Store::open(db);
    const analysis::MixedModels before =
        analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("warmth"));
    const Dimension warmth = before.dimensions[0].dimension;
    const QVector<RatedCell> cells = store->ratedCells(store->selfAnnotatorId(), warmth.id);
    QVERIFY(!cells.isEmpty());
    store->setRating(cells[0].turnId, warmth.id, store->selfAnnotatorId(), Rating::notApplicable());
    const analysis::MixedModels after =
        analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("warmth"));
    QCOMPARE(after.dimensions[0].interceptOnly.observations,
             before.dimensions[0].interceptOnly.observations - 1);
    QVERIFY(after.dimensions[0].interceptOnly.remlCriterion
            != before.dimensions[0].interceptOnly.remlCriterion);
}

void TestModelCommand::choosesOneDimension()
{
    auto store = Store::open(m_demo, Store::Access::ReadOnly);
    const analysis::MixedModels one =
        analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("warmth"));
    QCOMPARE(one.dimensions.size(), 1);
    QCOMPARE(one.dimensions[0].dimension.key, QStringLiteral("warmth"));
    QVERIFY_THROWS_EXCEPTION(
        Error, analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("nope")));
    QVERIFY_THROWS_EXCEPTION(Error, analysis::mixedModels(*store, QStringLiteral("nope")));
}

void TestModelCommand::jsonMatchesTheLibrary()
{
    const Result r = sense7Cli(
        {QStringLiteral("model"), QStringLiteral("--db"), m_demo, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    auto store = Store::open(m_demo, Store::Access::ReadOnly);
    const QJsonObject expected = analysis::toJson(analysis::mixedModels(*store));
    const QJsonObject printed = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(printed, expected);
    const QJsonArray dimensions = printed[QLatin1String("dimensions")].toArray();
    QCOMPARE(dimensions.size(), 7);
    const QJsonObject first = dimensions[0].toObject();
    for (const char *model : {"intercept_only", "with_assistant"}) {
        const QJsonObject fit = first[QLatin1String(model)].toObject();
        QVERIFY(fit[QLatin1String("fitted")].toBool());
        QVERIFY(fit[QLatin1String("variance")].toObject().contains(QLatin1String("residual")));
        QVERIFY(fit[QLatin1String("icc")].toObject().contains(QLatin1String("conversation")));
        QVERIFY(fit[QLatin1String("reml_criterion")].isDouble());
        QVERIFY(fit[QLatin1String("singular")].isBool());
        // A singular fit names the components at zero, and only then.
        const QJsonArray zero = fit[QLatin1String("singular_components")].toArray();
        QCOMPARE(zero.isEmpty(), !fit[QLatin1String("singular")].toBool());
        for (const QJsonValue &component : zero)
            QVERIFY(fit[QLatin1String("variance")][component.toString()].toDouble() < 1e-6);
        QVERIFY(fit[QLatin1String("formula")].toString().contains(
            QLatin1String("(1 | participant) + (1 | participant:conversation)")));
    }
    QCOMPARE(first[QLatin1String("with_assistant")][QLatin1String("fixed")].toArray().size(), 4);
    QCOMPARE(first[QLatin1String("with_assistant")][QLatin1String("reference")].toString(),
             QStringLiteral("claude-3.5-sonnet"));
}

void TestModelCommand::tableShowsComponentsAndEffects()
{
    const Result r = sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), m_demo,
                                QStringLiteral("--dimension"), QStringLiteral("warmth")});
    QCOMPARE(r.exitCode, 0);
    auto store = Store::open(m_demo, Store::Access::ReadOnly);
    const analysis::DimensionModels d =
        analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("warmth"))
            .dimensions[0];
    QVERIFY2(r.out.contains(QStringLiteral("warmth: %1 ratings, 3 participants, %2 conversations")
                                .arg(d.interceptOnly.observations)
                                .arg(d.interceptOnly.conversations)),
             qPrintable(r.out));
    QVERIFY(!r.out.contains(QLatin1String("support:")));
    for (const stats::MixedModelFit *fit : {&d.interceptOnly, &d.withAssistant}) {
        QVERIFY(r.out.contains(QStringLiteral("%1 (%2)")
                                   .arg(fit->residual.variance, 0, 'f', 3)
                                   .arg(fit->residual.sd, 0, 'f', 3)));
        QVERIFY(r.out.contains(QStringLiteral("%1").arg(fit->remlCriterion, 0, 'f', 3)));
        for (const stats::FixedEffect &effect : fit->fixed)
            QVERIFY(r.out.contains(QStringLiteral("%1 ± %2")
                                       .arg(effect.estimate, 0, 'f', 3)
                                       .arg(effect.se, 0, 'f', 3)));
    }
    QVERIFY(r.out.contains(QStringLiteral("against “claude-3.5-sonnet”")));
    QVERIFY(r.out.contains(QLatin1String("singular")));
    // The demo's participants hardly differ: the fit says which variance is at zero.
    QVERIFY2(r.out.contains(QLatin1String("Singular (intercept only): the variance between "
                                          "participants is estimated at zero")),
             qPrintable(r.out));
}

void TestModelCommand::effectsNameAnAssistantAsItIs()
{
    // An assistant's name is data (a live condition's label, say): "%1" in it is not a
    // placeholder of the line that shows its effect.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("renamed.sense7"));
    const QString name = QStringLiteral("gpt 50%1 off");
    QVERIFY(test::copyRenamingAgent(m_demo, db, QStringLiteral("gpt-4o"), name));
    const Result r = sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), db,
                                QStringLiteral("--dimension"), QStringLiteral("warmth")});
    QCOMPARE(r.exitCode, 0);
    auto store = Store::open(db, Store::Access::ReadOnly);
    const analysis::DimensionModels d =
        analysis::mixedModels(*store, QStringLiteral("sense7"), QStringLiteral("warmth"))
            .dimensions[0];
    const auto effect = std::find_if(d.withAssistant.fixed.cbegin(), d.withAssistant.fixed.cend(),
                                     [&](const stats::FixedEffect &e) { return e.term == name; });
    QVERIFY(effect != d.withAssistant.fixed.cend());
    const QString line = QStringLiteral("    ") + name.leftJustified(20) + QLatin1Char(' ')
        + QString::number(effect->estimate, 'f', 3).rightJustified(7) + QStringLiteral(" ± ")
        + QString::number(effect->se, 'f', 3) + QStringLiteral("   t = ")
        + QString::number(effect->t, 'f', 2);
    QVERIFY2(r.out.contains(line), qPrintable(r.out));
}

void TestModelCommand::exitsWithMessageWithoutRatings()
{
    const QString empty = m_dir.filePath(QStringLiteral("empty.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), empty}).exitCode, 0);
    Result r = sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), empty});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QLatin1String("No participants' own ratings to model")),
             qPrintable(r.err));
    QVERIFY(r.out.isEmpty());

    r = sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), m_demo,
                   QStringLiteral("--dimension"), QStringLiteral("nope")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("no turn-level dimension “nope”")));

    r = sense7Cli({QStringLiteral("model")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QLatin1String("--db")));
}

void TestModelCommand::modelsThePrimaryInstrumentAndFailsWhenNothingFits()
{
    // A study under its own protocol: the model is of its primary instrument, as the figures
    // are. With one participant's two ratings nothing can be fitted: the reasons are printed
    // and the exit code says so.
    const Protocol study =
        protocol::load(QStringLiteral(SENSE7_TEST_DATA "/protocols/example.json"));
    const QString db = m_dir.filePath(QStringLiteral("tutoring.sense7"));
    {
        auto store = Store::create(db, study);
        Conversation c;
        c.participantId = store->addParticipant(QStringLiteral("P01"));
        c.sourceFormat = QStringLiteral("test");
        QVector<Turn> turns(4);
        for (int i = 0; i < turns.size(); ++i) {
            turns[i].role = i % 2 ? Role::Assistant : Role::User;
            turns[i].text = QStringLiteral("Turn %1").arg(i);
        }
        const qint64 id = store->addConversation(c, turns);
        const qint64 clarity = store->findDimension(QStringLiteral("tutoring/clarity"))->id;
        int value = 2;
        for (const Turn &t : store->turns(id))
            if (t.role == Role::Assistant)
                store->setRating(t.id, clarity, store->selfAnnotatorId(), value++);
    }
    const Result r = sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), db,
                                QStringLiteral("--dimension"), QStringLiteral("clarity")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(QLatin1String("clarity: 2 ratings")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("not fitted")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("No model could be fitted on “tutoring”")),
             qPrintable(r.err));
    const Result json =
        sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 1);
    // The demo's models fit: exit 0, as before.
    QCOMPARE(sense7Cli({QStringLiteral("model"), QStringLiteral("--db"), m_demo}).exitCode, 0);
}

QTEST_GUILESS_MAIN(TestModelCommand)
#include "tst_modelcommand.moc"
