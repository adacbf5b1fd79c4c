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
 * instrument (the data set's primary one by default); "not applicable" ratings are left out of
 * every pair.
 */
namespace analysis {

struct Options
{
    QString instrument; ///< the instrument's key; empty: the data set's primary instrument
    qint64 participantId = 0; ///< 0: every participant
    int bootstrapReplicates = 0; ///< 0: no intervals
    quint64 seed = 7;
};

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

/** Mean of each statistic over the dimensions where it is defined. */
struct Means
{
    std::optional<double> spearman, accuracy, mae, qwk;
};
Means meanOver(const QVector<stats::Agreement> &perDimension);

struct DimensionEvaluation
{
    Dimension dimension;
    stats::Agreement model;
    // The two floors are point values only: no bootstrap intervals are computed for them.
    stats::Agreement majority; ///< always predicting the most frequent self rating
    stats::Agreement participantMean; ///< each participant's mean of their other ratings, rounded
    int majorityValue = 0;
    /** counts[self - scaleMin][model - scaleMin] */
    QVector<QVector<int>> confusion;
};

struct Evaluation
{
    QString model;
    qint64 annotatorId = 0;
    QVector<DimensionEvaluation> dimensions;
    Means mean, majorityMean, participantMeanMean;
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
    QVector<Dimension> dimensions;
    /** Participants against their own blind re-ratings: pooled first, then each participant. */
    QVector<RetestRow> retest;
    /** Self against every observer, pooled over observers. */
    QVector<stats::Agreement> selfObserver;
    /** Krippendorff's α (ordinal) with self and every observer as coders, turns as units. */
    QVector<std::optional<double>> selfObserverAlpha;
    /** Krippendorff's α (ordinal) among observers only; missing with fewer than two. */
    QVector<std::optional<double>> observerAlpha;
    int observers = 0;
    /** Share of the variance of self ratings that lies between participants (one-way ICC). */
    QVector<std::optional<double>> individualisation;
    QVector<int> individualisationN;
};

Reliability reliability(const Store &store, const Options &options = {});

/**
 * Machine-readable forms (missing values are null). The evaluation follows the shape
 * {"model", "dimensions": [{"dimension", "n", "spearman", "accuracy", "mae", "qwk"}], "mean",
 * "baselines": {"majority", "participant_mean"}, "reference"}.
 */
QJsonObject toJson(const Evaluation &evaluation);
QJsonObject toJson(const Reliability &reliability);
QJsonObject toJson(const stats::Agreement &agreement);

} // namespace analysis
} // namespace sense7
