// `sense7 agreement` and `sense7 evaluate`: the reliability and classifier tables.
#include "browse/page.h"
#include "browse/sample.h"
#include "cliutil.h"
#include "error.h"
#include "stats/analysis.h"
#include "store.h"

#include <QJsonDocument>

#include <algorithm>

namespace sense7::cli {

namespace {

void addCommonOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("db"), tr("The data set."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("participant"), tr("Only this participant's conversations."),
                      QStringLiteral("CODE")});
    parser.addOption({QStringLiteral("instrument"),
                      tr("The instrument whose turn-level dimensions are compared (default: the "
                         "data set's primary instrument)."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("bootstrap"),
                      tr("Bootstrap resamples for the 95% intervals; 0 for none (default: 1000)."),
                      QStringLiteral("N"), QStringLiteral("1000")});
    parser.addOption(
        {QStringLiteral("cluster"),
         tr("What the bootstrap resamples: participant (default), conversation, or none (single "
            "pairs; too narrow when a person's ratings hang together)."),
         QStringLiteral("UNIT"), QStringLiteral("participant")});
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of a table.")});
}

/** Reads the options every analysis takes; throws Error on a bad value. */
analysis::Options commonOptions(const QCommandLineParser &parser, const Store &store)
{
    analysis::Options options;
    const Instrument instrument =
        analysis::chosenInstrument(store, parser.value(QStringLiteral("instrument")));
    if (instrument.dimensionsAt(Level::Turn).isEmpty())
        throw Error(QCoreApplication::translate("sense7::cli",
                                                "Instrument “%1” rates only whole conversations; "
                                                "this compares turn ratings.")
                        .arg(instrument.key));
    options.instrument = instrument.key;
    bool ok = false;
    options.bootstrapReplicates = parser.value(QStringLiteral("bootstrap")).toInt(&ok);
    if (!ok || options.bootstrapReplicates < 0)
        throw Error(QCoreApplication::translate(
                        "sense7::cli", "--bootstrap needs a whole number of 0 or more, not “%1”.")
                        .arg(parser.value(QStringLiteral("bootstrap"))));
    const QString cluster = parser.value(QStringLiteral("cluster"));
    const auto parsed = stats::clusterFromKey(cluster.toStdString());
    if (!parsed)
        throw Error(
            QCoreApplication::translate(
                "sense7::cli", "--cluster needs participant, conversation or none, not “%1”.")
                .arg(cluster));
    options.cluster = *parsed;
    if (parser.isSet(QStringLiteral("participant"))) {
        const QString code = parser.value(QStringLiteral("participant"));
        options.participantId = store.participantId(code);
        if (options.participantId == 0)
            throw Error(QCoreApplication::translate("sense7::cli", "No participant “%1” in %2.")
                            .arg(code, store.path()));
    }
    return options;
}

std::unique_ptr<Store> openFor(const QCommandLineParser &parser, const QStringList &arguments,
                               QTextStream &err)
{
    if (!parser.isSet(QStringLiteral("db"))) {
        err << helpText(parser, arguments);
        return nullptr;
    }
    auto store = Store::open(parser.value(QStringLiteral("db")), Store::Access::ReadOnly,
                             Store::Check::Always);
    warnIfDamaged(*store, err);
    return store;
}

QString withInterval(const stats::Agreement &a)
{
    QString text = decimal(a.spearman, 7);
    if (a.spearmanCi)
        text += QStringLiteral(" [%1, %2]")
                    .arg(a.spearmanCi->low, 6, 'f', 3)
                    .arg(a.spearmanCi->high, 6, 'f', 3);
    else
        text += QString(17, QLatin1Char(' '));
    return text;
}

/** "12 (3.4%)": how often exactly one side said "not applicable". */
QString abstentions(int count, const std::optional<double> &share)
{
    if (!share)
        return QStringLiteral("%1").arg(QStringLiteral("—"), 13);
    return QStringLiteral("%1").arg(
        QStringLiteral("%1 (%2%)").arg(count).arg(*share * 100, 0, 'f', 1), 13);
}

void agreementLine(QTextStream &out, const QString &label, const stats::Agreement &a)
{
    out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8")
               .arg(label.leftJustified(16), QString::number(a.n).rightJustified(7),
                    withInterval(a), decimal(a.accuracy), decimal(a.mae), decimal(a.qwk),
                    abstentions(a.abstentions, a.abstentionShare),
                    decimal(a.accuracyWithAbstentions, 10))
        << '\n';
}

void agreementHeader(QTextStream &out, const QString &first)
{
    out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8")
               .arg(first.leftJustified(16), QStringLiteral("n").rightJustified(7),
                    tr("Spearman ρ [95% CI]").leftJustified(24), tr("accuracy").rightJustified(8),
                    tr("MAE").rightJustified(8), tr("QWK").rightJustified(8),
                    tr("one-sided NA").rightJustified(13), tr("acc. w/ NA").rightJustified(10))
        << '\n';
}

void meansLine(QTextStream &out, const QString &label, const analysis::Means &m)
{
    out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8")
               .arg(label.leftJustified(16), QString::number(m.n).rightJustified(7),
                    decimal(m.spearman, 7) + QString(17, QLatin1Char(' ')), decimal(m.accuracy),
                    decimal(m.mae), decimal(m.qwk), QStringLiteral("%1").arg(m.abstentions, 13),
                    decimal(m.accuracyWithAbstentions, 10))
        << '\n';
}

/** Which resampling the intervals come from, for the top of a table. */
QString intervalsLine(const analysis::Options &options)
{
    if (options.bootstrapReplicates == 0)
        return tr("No bootstrap intervals.");
    switch (options.cluster) {
    case stats::Cluster::Participant:
        return tr("95% intervals: %1 bootstrap resamples of whole participants (none from a "
                  "single one).")
            .arg(options.bootstrapReplicates);
    case stats::Cluster::Conversation:
        return tr("95% intervals: %1 bootstrap resamples of whole conversations (none from a "
                  "single one).")
            .arg(options.bootstrapReplicates);
    case stats::Cluster::None:
        break;
    }
    return tr("95% intervals: %1 bootstrap resamples of single pairs (no clusters).")
        .arg(options.bootstrapReplicates);
}

QString differenceText(const stats::Difference &d)
{
    QString text = d.value ? QStringLiteral("%1").arg(*d.value, 7, 'f', 3)
                           : QStringLiteral("%1").arg(QStringLiteral("—"), 7);
    if (d.ci)
        text += QStringLiteral(" [%1, %2]").arg(d.ci->low, 6, 'f', 3).arg(d.ci->high, 6, 'f', 3);
    else
        text += QString(17, QLatin1Char(' '));
    return text;
}

QString iccText(const stats::Icc &icc)
{
    return decimal(icc.icc2, 9) + decimal(icc.icc3, 9) + QStringLiteral("%1").arg(icc.targets, 6);
}

/** Turns \a annotatorId rated on \a instrument's turn-level dimensions (cells, not turns). */
qint64 ratedCellsOn(const Store &store, const QString &instrument, qint64 annotatorId,
                    qint64 participantId)
{
    if (annotatorId == 0)
        return 0;
    qint64 cells = 0;
    for (const Dimension &d :
         analysis::chosenInstrument(store, instrument).dimensionsAt(Level::Turn))
        cells += store.ratedCells(annotatorId, d.id, participantId).size();
    return cells;
}

/** Throws, saying what is missing, when \a e compares no rating at all. */
void requirePairs(const Store &store, const analysis::Evaluation &e,
                  const analysis::Options &options)
{
    for (const auto &row : e.dimensions)
        if (row.model.n > 0)
            return;
    throw Error(
        tr("Nothing to compare on instrument “%1” in %2: the participants' own ratings "
           "(self) have %3 rated cells, model “%4” has %5, and they share none.")
            .arg(options.instrument, store.path(),
                 QString::number(ratedCellsOn(store, options.instrument, store.selfAnnotatorId(),
                                              options.participantId)),
                 e.model,
                 QString::number(ratedCellsOn(store, options.instrument, e.annotatorId,
                                              options.participantId))));
}

/** Throws, saying what is missing, when \a r has nothing to show. */
void requireRatings(const Store &store, const analysis::Reliability &r,
                    const analysis::Options &options)
{
    int retest = 0, observed = 0;
    for (const auto &a : r.retest.constFirst().byDimension)
        retest += a.n;
    for (const auto &a : r.selfObserver)
        observed += a.n;
    bool individual = false;
    for (const auto &share : r.individualisation)
        individual = individual || share.has_value();
    if (retest > 0 || observed > 0 || individual)
        return;
    throw Error(
        tr("Nothing to compare on instrument “%1” in %2: the participants' own ratings (self) "
           "have %3 rated cells, with %4 blind re-ratings and %5 observer ratings of the same "
           "turns (%6 observers), and too few participants to compare them with one another.")
            .arg(options.instrument, store.path(),
                 QString::number(ratedCellsOn(store, options.instrument, store.selfAnnotatorId(),
                                              options.participantId)),
                 QString::number(retest), QString::number(observed), QString::number(r.observers)));
}

} // namespace

int evaluate(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Compare a classifier's ratings (annotator kind \"model\") with the participants' own, "
           "per dimension: n, Spearman ρ, exact accuracy, mean absolute error and quadratic "
           "weighted κ on the dimension's scale, how often exactly one side said \"not "
           "applicable\", with two floors computed on the same turns: the majority rating and each "
           "participant's own mean rating in their other conversations, and the model's "
           "difference from each floor with a clustered bootstrap interval."));
    addCommonOptions(parser);
    parser.addOption(
        {QStringLiteral("model"), tr("The model annotator to evaluate."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("by"),
                      tr("condition: also compare within each condition of a live study (the "
                         "conversations held with it); none: only overall; auto (default): "
                         "condition when the data set has live conversations."),
                      QStringLiteral("condition|none|auto"), QStringLiteral("auto")});
    if (const auto done = parseOrExit(parser, arguments, 0, out, err))
        return *done;
    const QString by = parser.value(QStringLiteral("by"));
    if (by != QLatin1String("condition") && by != QLatin1String("none")
        && by != QLatin1String("auto"))
        throw Error(tr("--by must be condition, none or auto, not “%1”.").arg(by));
    auto store = openFor(parser, arguments, err);
    if (!store)
        return 1;
    QString model = parser.value(QStringLiteral("model"));
    if (model.isEmpty()) {
        const QStringList known = analysis::models(*store);
        if (known.size() != 1)
            throw Error(
                known.isEmpty()
                    ? tr("No model ratings in %1.").arg(store->path())
                    : tr("Choose a model with --model: %1.").arg(known.join(QLatin1String(", "))));
        model = known.constFirst();
    }
    const analysis::Options options = commonOptions(parser, *store);
    const analysis::Evaluation e = analysis::evaluate(*store, model, options);
    requirePairs(*store, e, options);
    const bool paper = e.hasPaperReference();
    // Each condition's conversations on their own (the own-mean floor still knows each
    // participant from all their other conversations).
    const QStringList conditions =
        by == QLatin1String("none") ? QStringList() : browse::conditions(*store);
    if (by == QLatin1String("condition") && conditions.isEmpty())
        throw Error(tr("--by condition: no conversation in %1 is a live one held with a "
                       "condition.")
                        .arg(store->path()));
    QVector<QPair<QString, analysis::Evaluation>> byCondition;
    for (const QString &key : conditions) {
        browse::Filter filter;
        filter.conditions = {key};
        analysis::Options within = options;
        within.conversations = browse::conversationIds(*store, filter);
        byCondition.append({key, analysis::evaluate(*store, model, within)});
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject json = analysis::toJson(e);
        if (!paper)
            json.remove(QStringLiteral("reference"));
        if (!byCondition.isEmpty()) {
            QJsonObject perCondition;
            for (const auto &[key, evaluation] : std::as_const(byCondition)) {
                QJsonObject one = analysis::toJson(evaluation);
                one.remove(QStringLiteral("reference"));
                perCondition.insert(key, one);
            }
            json.insert(QStringLiteral("by_condition"), perCondition);
        }
        out << QJsonDocument(json).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << tr("Model “%1” against the participants' own ratings on “%2”")
               .arg(model, options.instrument)
        << '\n'
        << intervalsLine(options) << ' '
        << tr("κ is on each dimension's full scale; “one-sided NA” counts replies where exactly "
              "one side said “not applicable”, which “acc. w/ NA” counts as disagreements.")
        << "\n\n";
    agreementHeader(out, tr("dimension"));
    for (const auto &row : e.dimensions)
        agreementLine(out, row.dimension.key, row.model);
    meansLine(out, tr("mean"), e.mean);
    out << QStringLiteral("  %1 %2").arg(tr("mean ρ, Fisher z"), -16).arg(QString(), 7)
        << decimal(e.mean.spearmanFisher, 7) << "  "
        << tr("(weighted by n − 3: %1)").arg(decimal(e.mean.spearmanFisherWeighted, 0)) << '\n';
    out << '\n' << tr("Floors on the same turns (means over dimensions):") << '\n';
    meansLine(out, tr("majority rating"), e.majorityMean);
    meansLine(out, tr("own mean"), e.participantMeanMean);
    int fallbacks = 0;
    for (const auto &row : e.dimensions)
        fallbacks += row.participantMeanFallbacks;
    out << "  " << tr("Own mean: the participant's mean rating in their other conversations.");
    if (fallbacks > 0)
        out << ' '
            << tr("%1 turn(s) of participants with a single conversation use the majority rating "
                  "instead.")
                   .arg(fallbacks);
    out << '\n';
    out << '\n' << tr("Model minus floor, with 95% intervals:") << '\n';
    out << QStringLiteral("  %1 %2 %3 %4")
               .arg(tr("dimension"), -16)
               .arg(tr("Δρ own mean"), -24)
               .arg(tr("Δaccuracy majority"), -24)
               .arg(tr("Δaccuracy own mean"), -24)
        << '\n';
    for (const auto &row : e.dimensions)
        out << QStringLiteral("  %1 %2 %3 %4")
                   .arg(row.dimension.key.leftJustified(16),
                        differenceText(row.overParticipantMean.spearman).leftJustified(24),
                        differenceText(row.overMajority.accuracy).leftJustified(24),
                        differenceText(row.overParticipantMean.accuracy).leftJustified(24))
            << '\n';
    if (!byCondition.isEmpty()) {
        out << '\n'
            << tr("By condition (means over dimensions; each on the conversations held with it):")
            << '\n';
        agreementHeader(out, tr("condition"));
        for (const auto &[key, evaluation] : std::as_const(byCondition))
            meansLine(out, key, evaluation.mean);
    }
    if (e.hasPaperReference())
        out << '\n'
            << tr("SENSE-7 paper (Suh et al., 2025): mean ρ = %1, accuracy = %2.")
                   .arg(analysis::paperMeanSpearman, 0, 'f', 3)
                   .arg(analysis::paperAccuracy, 0, 'f', 3)
            << '\n';
    out << Qt::flush;
    return 0;
}

int agreement(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Reliability per dimension: participants against their own blind re-ratings "
           "(test–retest), self against observers (pooled, each observer, and their mean) and "
           "observers among themselves (Krippendorff's α, ordinal; ICC(2,1) and ICC(3,1)), and the "
           "share of rating variance that lies between participants."));
    addCommonOptions(parser);
    if (const auto done = parseOrExit(parser, arguments, 0, out, err))
        return *done;
    auto store = openFor(parser, arguments, err);
    if (!store)
        return 1;
    const analysis::Options options = commonOptions(parser, *store);
    const analysis::Reliability r = analysis::reliability(*store, options);
    requireRatings(*store, r, options);
    if (parser.isSet(QStringLiteral("json"))) {
        out << QJsonDocument(analysis::toJson(r)).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << intervalsLine(options) << "\n\n";
    out << tr("Test–retest: participants against their own blind re-ratings") << '\n';
    agreementHeader(out, tr("dimension"));
    for (int i = 0; i < r.dimensions.size(); ++i)
        agreementLine(out, r.dimensions[i].key, r.retest[0].byDimension[i]);
    out << '\n'
        << QCoreApplication::translate(
               "sense7::cli",
               "Self against observers, pooled (%n observer(s); n = pairs, a turn "
               "once per observer)",
               nullptr, r.observers)
        << '\n';
    agreementHeader(out, tr("dimension"));
    for (int i = 0; i < r.dimensions.size(); ++i)
        agreementLine(out, r.dimensions[i].key, r.selfObserver[i]);
    for (int o = 0; o < r.observerCodes.size(); ++o) {
        out << '\n' << tr("Self against observer “%1” (n = turns)").arg(r.observerCodes[o]) << '\n';
        agreementHeader(out, tr("dimension"));
        for (int i = 0; i < r.dimensions.size(); ++i)
            agreementLine(out, r.dimensions[i].key, r.selfPerObserver[o][i]);
    }
    if (r.observers > 0) {
        out << '\n' << tr("Self against the observers' mean (n = turns; ρ and MAE only)") << '\n';
        agreementHeader(out, tr("dimension"));
        for (int i = 0; i < r.dimensions.size(); ++i)
            agreementLine(out, r.dimensions[i].key, r.selfObserverMean[i]);
    }
    out << '\n'
        << tr("Intraclass correlations on the turns every rater of the group rated (n):") << '\n'
        << QStringLiteral("  %1 %2 %3 %4")
               .arg(QString(), -16)
               .arg(tr("test–retest"), -24)
               .arg(tr("self + observers"), -24)
               .arg(tr("observers"), -24)
        << '\n'
        << QStringLiteral("  %1 %2 %2 %2")
               .arg(tr("dimension"), -16)
               .arg(QStringLiteral("%1%2%3")
                        .arg(tr("ICC(2,1)"), 9)
                        .arg(tr("ICC(3,1)"), 9)
                        .arg(QStringLiteral("n"), 6),
                    -24)
        << '\n';
    for (int i = 0; i < r.dimensions.size(); ++i)
        out << QStringLiteral("  %1 %2 %3 %4")
                   .arg(r.dimensions[i].key.leftJustified(16),
                        iccText(r.retestIcc[i]).leftJustified(24),
                        iccText(r.selfObserverIcc[i]).leftJustified(24),
                        iccText(r.observerIcc[i]).leftJustified(24))
            << '\n';
    out << '\n'
        << QStringLiteral("  %1 %2 %3 %4")
               .arg(tr("dimension"), -16)
               .arg(tr("α self+obs."), 12)
               .arg(tr("α observers"), 12)
               .arg(tr("between participants"), 22)
        << '\n';
    for (int i = 0; i < r.dimensions.size(); ++i)
        out << QStringLiteral("  %1 %2 %3 %4")
                   .arg(r.dimensions[i].key.leftJustified(16), decimal(r.selfObserverAlpha[i], 12),
                        decimal(r.observerAlpha[i], 12), decimal(r.individualisation[i], 22))
            << '\n';
    if (std::any_of(r.individualisation.cbegin(), r.individualisation.cend(),
                    [](const std::optional<double> &share) { return share && *share < 0; }))
        out << '\n'
            << tr("“Between participants” is the one-way ICC(1) of the participants' own "
                  "ratings, an estimate:\nbelow 0 where participants differ no more than their "
                  "ratings vary within each. Read a value below 0 as none.")
            << '\n';
    out << Qt::flush;
    return 0;
}

} // namespace sense7::cli
