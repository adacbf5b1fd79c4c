#pragma once

#include <QString>
#include <QVector>

/**
 * Linear mixed models fitted by restricted maximum likelihood (REML), for ratings nested in
 * conversations nested in participants:
 *
 *     value ~ fixed + (1 | participant) + (1 | participant:conversation)
 *
 * with the fixed part either an intercept only or an intercept plus a categorical factor (the
 * assistant) in treatment coding, its first level alphabetically as the reference. The numbers are
 * those lme4's lmer() reports for the same formula (Bates et al., 2015): the REML criterion is
 * profiled over the relative standard deviations θ = (σ_participant / σ, σ_conversation / σ) ≥ 0,
 * minimised without derivatives, and σ², β and their standard errors follow from the minimum.
 */
namespace sense7::stats {

struct Observation
{
    double value = 0.0;
    QString participant;
    QString conversation; ///< within its participant: "c1" of P01 and "c1" of P02 differ
    QString group; ///< the level of the fixed factor (the assistant); unused by InterceptOnly
};

enum class FixedPart {
    InterceptOnly, ///< value ~ 1 + …
    Group, ///< value ~ 1 + group + …, treatment coding
};

struct VarianceComponent
{
    double variance = 0.0;
    double sd = 0.0;
};

struct FixedEffect
{
    QString term; ///< "(Intercept)", or the level of the group it contrasts with the reference
    double estimate = 0.0;
    double se = 0.0;
    double t = 0.0;
};

struct MixedModelFit
{
    FixedPart fixedPart = FixedPart::InterceptOnly;
    /** False when the model cannot be fitted; \a failure then says why, in words for a person. */
    bool fitted = false;
    QString failure;

    int observations = 0;
    int participants = 0;
    int conversations = 0; ///< participant:conversation combinations
    QStringList groups; ///< levels of the fixed factor, the reference first (Group only)

    VarianceComponent participant, conversation, residual;
    /** var(participant) / total: how alike two ratings of the same participant are. */
    double iccParticipant = 0.0;
    /** (var(participant) + var(conversation)) / total: two ratings of the same conversation. */
    double iccConversation = 0.0;
    QVector<FixedEffect> fixed;
    /** −2 × the REML log-likelihood at the optimum, as lme4 reports it. */
    double remlCriterion = 0.0;
    /** A variance component is zero or indistinguishable from it (θ < 1e-4, as lme4's
     * isSingular()): the data carry no evidence of that level of variation. */
    bool singular = false;
    double thetaParticipant = 0.0, thetaConversation = 0.0;
    int evaluations = 0; ///< of the REML criterion, for the curious
};

/** Fits the model to \a data. Never throws for data it cannot fit: see MixedModelFit::fitted. */
MixedModelFit fitMixedModel(const QVector<Observation> &data, FixedPart fixedPart);

} // namespace sense7::stats
