#include "analysisrows.h"

namespace sense7 {

namespace {

QVariant optionalValue(const std::optional<double> &value)
{
    return value ? QVariant(*value) : QVariant();
}

} // namespace

stats::Agreement AnalysisRows::fromMeans(const analysis::Means &m)
{
    stats::Agreement a;
    a.n = -1;
    a.spearman = m.spearman;
    a.accuracy = m.accuracy;
    a.mae = m.mae;
    a.qwk = m.qwk;
    a.abstentions = m.abstentions;
    if (m.n + m.abstentions > 0)
        a.abstentionShare = double(m.abstentions) / (m.n + m.abstentions);
    a.accuracyWithAbstentions = m.accuracyWithAbstentions;
    return a;
}

QVariant AnalysisRows::difference(const stats::Difference &d)
{
    if (!d.value)
        return {};
    QString text = QString::number(*d.value, 'f', 3);
    if (d.ci)
        text += QStringLiteral("  [%1, %2]").arg(d.ci->low, 0, 'f', 2).arg(d.ci->high, 0, 'f', 2);
    return text;
}

AnalysisRows::Table AnalysisRows::retest(const analysis::Reliability &r)
{
    Table t;
    for (int i = 0; i < r.dimensions.size(); ++i)
        t.rows.append({r.dimensions[i].displayName(),
                       r.retest[0].byDimension[i],
                       {optionalValue(r.retestIcc[i].icc2), optionalValue(r.retestIcc[i].icc3)},
                       false});
    t.extras = QStringList {tr("ICC(2,1)"), tr("ICC(3,1)")};
    t.extraToolTips = QStringList {
        tr("Two-way random effects, absolute agreement, single rating (Shrout & Fleiss): "
           "ratings and re-ratings of the same replies"),
        tr("Two-way mixed effects, consistency, single rating (Shrout & Fleiss): a shift "
           "between rating and re-rating does not count")};
    return t;
}

AnalysisRows::Table AnalysisRows::observers(const analysis::Reliability &r, int comparison)
{
    Table t;
    for (int i = 0; i < r.dimensions.size(); ++i) {
        const stats::Agreement &a = comparison < 0 ? r.selfObserver[i]
            : comparison < r.observerCodes.size()  ? r.selfPerObserver[comparison][i]
                                                   : r.selfObserverMean[i];
        t.rows.append({r.dimensions[i].displayName(),
                       a,
                       {optionalValue(r.selfObserverAlpha[i]), optionalValue(r.observerAlpha[i])},
                       false});
    }
    t.extras = QStringList {tr("α self + observers"), tr("α observers")};
    t.extraToolTips = QStringList {
        tr("Krippendorff's α (ordinal) with the participant and every observer as coders"),
        tr("Krippendorff's α (ordinal) among observers only")};
    return t;
}

AnalysisRows::Table AnalysisRows::iccs(const analysis::Reliability &r)
{
    Table t;
    for (int i = 0; i < r.dimensions.size(); ++i) {
        const stats::Icc &re = r.retestIcc[i], &so = r.selfObserverIcc[i], &ob = r.observerIcc[i];
        t.rows.append({r.dimensions[i].displayName(),
                       std::nullopt,
                       {optionalValue(re.icc2), optionalValue(re.icc3), re.targets,
                        optionalValue(so.icc2), optionalValue(so.icc3), so.targets,
                        optionalValue(ob.icc2), optionalValue(ob.icc3), ob.targets},
                       false});
    }
    const QString icc2 = tr("ICC(2,1): two-way random effects, absolute agreement, single rating");
    const QString icc3 = tr("ICC(3,1): two-way mixed effects, consistency, single rating");
    const QString n = tr("Replies rated by every rater of the group (the others are left out)");
    t.extras = QStringList {tr("Retest ICC(2,1)"),    tr("ICC(3,1)"), tr("n"),
                            tr("Self+obs. ICC(2,1)"), tr("ICC(3,1)"), tr("n"),
                            tr("Observers ICC(2,1)"), tr("ICC(3,1)"), tr("n")};
    t.extraToolTips =
        QStringList {tr("Participants against their own blind re-ratings. %1").arg(icc2),
                     tr("Participants against their own blind re-ratings. %1").arg(icc3),
                     n,
                     tr("The participant and every observer. %1").arg(icc2),
                     tr("The participant and every observer. %1").arg(icc3),
                     n,
                     tr("Observers only. %1").arg(icc2),
                     tr("Observers only. %1").arg(icc3),
                     n};
    return t;
}

AnalysisRows::Table AnalysisRows::individual(const analysis::Reliability &r)
{
    Table t;
    for (int i = 0; i < r.dimensions.size(); ++i)
        t.rows.append({r.dimensions[i].displayName(),
                       std::nullopt,
                       {optionalValue(r.individualisation[i]), r.individualisationN[i]},
                       false});
    t.extras = QStringList {tr("Between participants"), tr("Ratings")};
    t.extraToolTips =
        QStringList {tr("One-way ICC(1) for groups of unequal size: the share of the variance of "
                        "participants' own ratings that lies between participants. An estimate: "
                        "below 0 where participants differ no more than their ratings vary within "
                        "each; read that as none"),
                     tr("Participants' own ratings with a value")};
    return t;
}

AnalysisRows::Table AnalysisRows::evaluation(const analysis::Evaluation &e)
{
    Table t;
    for (const auto &d : e.dimensions)
        t.rows.append({d.dimension.displayName(), d.model, {}, false});
    t.rows.append({tr("Mean over dimensions"), fromMeans(e.mean), {}, true});
    return t;
}

AnalysisRows::Table AnalysisRows::floors(const analysis::Evaluation &e)
{
    Table t;
    auto fisher = [](const analysis::Means &m) -> QVector<QVariant> {
        return {optionalValue(m.spearmanFisher), optionalValue(m.spearmanFisherWeighted)};
    };
    t.rows = {{e.model, fromMeans(e.mean), fisher(e.mean), true},
              {tr("Majority rating"), fromMeans(e.majorityMean), fisher(e.majorityMean), false},
              {tr("Participant's own mean (other conversations)"), fromMeans(e.participantMeanMean),
               fisher(e.participantMeanMean), false}};
    if (e.hasPaperReference()) {
        stats::Agreement paper;
        paper.n = -1;
        paper.spearman = analysis::paperMeanSpearman;
        paper.accuracy = analysis::paperAccuracy;
        t.rows.append({tr("SENSE-7 paper's classifier (reference)"), paper, {}, false});
    }
    t.extras = QStringList {tr("ρ, Fisher z"), tr("ρ, Fisher z (n − 3)")};
    t.extraToolTips = QStringList {
        tr("Mean of ρ over dimensions through Fisher's z: tanh of the mean of atanh(ρ). The "
           "Spearman ρ column is the plain mean, as the SENSE-7 paper reports it"),
        tr("Mean of ρ through Fisher's z, each dimension weighted by n − 3 (the inverse variance "
           "of z)")};
    return t;
}

AnalysisRows::Table AnalysisRows::floorDifferences(const analysis::Evaluation &e)
{
    Table t;
    for (const auto &d : e.dimensions)
        t.rows.append(
            {d.dimension.displayName(),
             std::nullopt,
             {difference(d.overParticipantMean.spearman), difference(d.overMajority.accuracy),
              difference(d.overParticipantMean.accuracy), d.participantMeanFallbacks},
             false});
    t.extras = QStringList {tr("Δρ, own mean"), tr("Δaccuracy, majority"),
                            tr("Δaccuracy, own mean"), tr("Fallbacks")};
    const QString interval = tr("with a 95% bootstrap interval of the difference, resampling the "
                                "same clusters for model and floor");
    t.extraToolTips = QStringList {
        tr("Model ρ minus the own-mean floor's ρ, %1. The majority floor is constant and has no "
           "ρ")
            .arg(interval),
        tr("Model accuracy minus the majority floor's, %1").arg(interval),
        tr("Model accuracy minus the own-mean floor's, %1").arg(interval),
        tr("Replies of participants with a single conversation, for whom the own-mean floor "
           "uses the majority rating")};
    return t;
}

} // namespace sense7
