#pragma once

#include "stats/statistics.h"
#include "taxonomy.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace sense7 {

class Store;

/**
 * Reliability and classifier evaluation over a data set: the queries that gather rating pairs,
 * and the statistics of stats/statistics.h applied to them. Turn-level dimensions of one
 * instrument (SENSE-7 by default). A pair where both sides gave a value counts towards n; one
 * where exactly one side said "not applicable" is an abstention, counted beside n and as a
 * disagreement in the accuracy with abstentions. κ is on the dimension's full scale, and bootstrap
 * intervals resample the clusters of Options::cluster.
 */
namespace analysis {

struct Options
{
    QString instrument; ///< the instrument's key; empty: the data set's primary instrument
    qint64 participantId = 0; ///< 0: every participant
    /** Only these conversations (a condition's, say); empty: every conversation. evaluate() only.
     */
    QVector<qint64> conversations;
    int bootstrapReplicates = 0; ///< 0: no intervals
    quint64 seed = 7;
    stats::Cluster cluster = stats::Cluster::Participant; ///< what the bootstrap resamples
};

/** The instrument whose paper the reference figures below come from. */
inline constexpr char paperInstrument[] = "sense7";
/**
 * The instrument \a key names in \a store, or, when \a key is empty, the primary instrument of
 * the data set's protocol. Throws Error listing the data set's instruments when none has that key.
 */
Instrument chosenInstrument(const Store &store, const QString &key);

/** Whether the SENSE-7 paper's figures belong beside results on the instrument \a key. */
bool hasPaperReference(const QString &key);

/** The paper's reported classifier figures (Suh et al., 2025), shown beside ours. */
inline constexpr double paperMeanSpearman = 0.369;
inline constexpr double paperAccuracy = 0.487;

/**
 * Mean of each statistic over the dimensions where it is defined. ρ is also averaged through
 * Fisher's z, weighted by n − 3 and unweighted; the plain mean is kept as the paper reports it.
 */
struct Means
{
    std::optional<double> spearman, accuracy, mae, qwk;
    std::optional<double> spearmanFisher, spearmanFisherWeighted;
    std::optional<double> accuracyWithAbstentions;
    int n = 0, abstentions = 0; ///< totals over the dimensions
};
Means meanOver(const QVector<stats::Agreement> &perDimension);

/** The model against one floor on the same turns: model − floor, with clustered intervals. */
struct FloorComparison
{
    stats::Difference spearman; ///< undefined against a constant floor (it has no ρ)
    stats::Difference accuracy;
};

struct DimensionEvaluation
{
    Dimension dimension;
    stats::Agreement model;
    // The floors' own figures are point values; the intervals are on the differences below.
    stats::Agreement majority; ///< always predicting the most frequent self rating
    /**
     * Each participant's mean rating in their other conversations, rounded: it knows the person
     * but not the conversation. A participant with a single conversation gets the majority value.
     */
    stats::Agreement participantMean;
    int participantMeanFallbacks = 0; ///< turns that fell back to the majority value
    FloorComparison overMajority, overParticipantMean;
    int majorityValue = 0;
    /** counts[self - scaleMin][model - scaleMin] */
    QVector<QVector<int>> confusion;
};

struct Evaluation
{
    QString model;
    QString instrument;
    stats::Cluster cluster = stats::Cluster::Participant;
    qint64 annotatorId = 0;
    QVector<DimensionEvaluation> dimensions;
    Means mean, majorityMean, participantMeanMean;
    /** Whether the SENSE-7 paper's figures belong beside these (only for its instrument). */
    bool hasPaperReference() const { return instrument == QLatin1String(paperInstrument); }
    /** Pairs over every dimension (0: nothing to compare). */
    int pairs() const;
};

/**
 * Compares the ratings of the `model` annotator \a model with the participants' own (`self`)
 * ratings on the turns both rated. Throws Error when no such model annotator exists.
 */
Evaluation evaluate(const Store &store, const QString &model, const Options &options = {});

/** Names of the model annotators in \a store, for choosing one. */
QStringList models(const Store &store);

struct RetestRow
{
    QString participant; ///< code; empty for all participants pooled
    QVector<stats::Agreement> byDimension;
};

struct Reliability
{
    QString instrument;
    stats::Cluster cluster = stats::Cluster::Participant;
    QVector<Dimension> dimensions;
    /** Participants against their own blind re-ratings: pooled first, then each participant. */
    QVector<RetestRow> retest;
    /** Self against every observer, pooled over observers. */
    QVector<stats::Agreement> selfObserver;
    /** Observer codes, and self against each of them: selfPerObserver[observer][dimension]. */
    QStringList observerCodes;
    QVector<QVector<stats::Agreement>> selfPerObserver;
    /**
     * Self against the mean of the observers who rated the turn (n = turns). ρ and MAE only: a
     * mean of ratings is no point of the scale, so accuracy and κ are left undefined.
     */
    QVector<stats::Agreement> selfObserverMean;
    /** ICC(2,1) and ICC(3,1) wherever raters overlap: turns rated by all of them. */
    QVector<stats::Icc> retestIcc, selfObserverIcc, observerIcc;
    /** Krippendorff's α (ordinal) with self and every observer as coders, turns as units. */
    QVector<std::optional<double>> selfObserverAlpha;
    /** Krippendorff's α (ordinal) among observers only; missing with fewer than two. */
    QVector<std::optional<double>> observerAlpha;
    int observers = 0;
    /** Share of the variance of self ratings that lies between participants (one-way ICC). */
    QVector<std::optional<double>> individualisation;
    QVector<int> individualisationN;
    /** Whether anything at all was compared: pairs, or self ratings to split by participant. */
    bool isEmpty() const;
};

Reliability reliability(const Store &store, const Options &options = {});

/**
 * Machine-readable forms (missing values are null). The evaluation follows the shape
 * {"model", "instrument", "cluster", "dimensions": [{"dimension", "n", "spearman", "accuracy",
 * "mae", "qwk", "abstentions", "abstention_share", "accuracy_with_abstentions", "floors"}],
 * "mean", "baselines": {"majority", "participant_mean"}, "reference" (SENSE-7 only)}.
 */
QJsonObject toJson(const Evaluation &evaluation);
QJsonObject toJson(const Reliability &reliability);
QJsonObject toJson(const stats::Agreement &agreement);
QJsonObject toJson(const stats::Icc &icc);

} // namespace analysis
} // namespace sense7
