#pragma once

#include "stats/mixedmodel.h"
#include "taxonomy.h"

#include <QJsonObject>
#include <QString>
#include <QVector>

namespace sense7 {

class Store;

namespace analysis {

/** Both mixed models of one dimension's self ratings. */
struct DimensionModels
{
    Dimension dimension;
    stats::MixedModelFit interceptOnly; ///< value ~ 1 + (1 | participant) + (1 | p:conversation)
    stats::MixedModelFit withAssistant; ///< value ~ assistant + (1 | participant) + (1 | p:c)
};

struct MixedModels
{
    QString instrument;
    QVector<DimensionModels> dimensions;
    /** Self ratings over all dimensions modelled ("not applicable" left out). */
    int ratings() const;
};

/**
 * Fits both mixed models to the participants' own ratings ("self"; re-ratings and "not
 * applicable" left out) on each turn-level dimension of \a instrument, or only on \a dimension
 * (its key) when given. Conversations are nested in participants; the assistant is the
 * conversation's agent. Throws Error when the instrument or dimension does not exist.
 */
MixedModels mixedModels(const Store &store, const QString &instrument = QStringLiteral("sense7"),
                        const QString &dimension = {});

/**
 * {"instrument", "method": "REML", "dimensions": [{"dimension", "intercept_only": FIT,
 * "with_assistant": FIT}]} where FIT is {"formula", "fitted", "n", "participants",
 * "conversations", "variance": {"participant", "conversation", "residual"}, "sd": {…}, "icc":
 * {"participant", "conversation"}, "fixed": [{"term", "estimate", "se", "t"}], "reml_criterion",
 * "singular", "singular_components": ["participant" and/or "conversation", the variances
 * estimated at zero]} or {"formula", "fitted": false, "n", …, "reason"}; with the assistant, also
 * "assistants" (the reference first) and "reference". A term other than "(Intercept)" is an
 * assistant, its estimate the difference from the reference.
 */
QJsonObject toJson(const MixedModels &models);
QJsonObject toJson(const stats::MixedModelFit &fit);
/** The model fitted, in lme4's notation. */
QString formula(const stats::MixedModelFit &fit);
/** "participant" and/or "conversation": the variance components a singular fit puts at zero. */
QStringList singularComponents(const stats::MixedModelFit &fit);

} // namespace analysis
} // namespace sense7
