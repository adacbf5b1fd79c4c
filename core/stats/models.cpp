#include "stats/models.h"

#include "error.h"
#include "store.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace sense7::analysis {

int MixedModels::ratings() const
{
    int total = 0;
    for (const DimensionModels &d : dimensions)
        total += d.interceptOnly.observations;
    return total;
}

MixedModels mixedModels(const Store &store, const QString &instrument, const QString &dimension)
{
    MixedModels result;
    result.instrument = instrument;
    QVector<Dimension> dimensions;
    bool instrumentFound = false;
    const QVector<Instrument> instruments = store.instruments();
    for (const Instrument &i : instruments) {
        if (i.key == instrument) {
            instrumentFound = true;
            dimensions = i.dimensionsAt(Level::Turn);
        }
    }
    if (!instrumentFound)
        throw Error(
            QCoreApplication::translate("sense7::analysis", "The data set has no instrument “%1”.")
                .arg(instrument));
    if (!dimension.isEmpty()) {
        const auto chosen = std::find_if(dimensions.cbegin(), dimensions.cend(),
                                         [&](const Dimension &d) { return d.key == dimension; });
        if (chosen == dimensions.cend()) {
            QStringList keys;
            for (const Dimension &d : std::as_const(dimensions))
                keys << d.key;
            throw Error(QCoreApplication::translate(
                            "sense7::analysis",
                            "The instrument “%1” has no turn-level dimension “%2”; it has: %3.")
                            .arg(instrument, dimension, keys.join(QLatin1String(", "))));
        }
        dimensions = {*chosen};
    }

    const qint64 self = store.selfAnnotatorId();
    for (const Dimension &d : std::as_const(dimensions)) {
        QVector<stats::Observation> observations;
        if (self != 0) {
            const QVector<RatedTurn> rated = store.ratedTurns(self, d.id);
            observations.reserve(rated.size());
            const QString unknown =
                QCoreApplication::translate("sense7::analysis", "(unknown assistant)");
            for (const RatedTurn &r : rated)
                observations.append({double(r.value), r.participant,
                                     QString::number(r.conversationId),
                                     r.agent.isEmpty() ? unknown : r.agent});
        }
        result.dimensions.append(
            {d, stats::fitMixedModel(observations, stats::FixedPart::InterceptOnly),
             stats::fitMixedModel(observations, stats::FixedPart::Group)});
    }
    return result;
}

QString formula(const stats::MixedModelFit &fit)
{
    return fit.fixedPart == stats::FixedPart::Group
        ? QStringLiteral("value ~ assistant + (1 | participant) + (1 | participant:conversation)")
        : QStringLiteral("value ~ 1 + (1 | participant) + (1 | participant:conversation)");
}

QStringList singularComponents(const stats::MixedModelFit &fit)
{
    QStringList zero;
    if (!fit.fitted || !fit.singular)
        return zero;
    // lme4's isSingular(): a relative standard deviation θ below 1e-4.
    if (fit.thetaParticipant < 1e-4)
        zero << QStringLiteral("participant");
    if (fit.thetaConversation < 1e-4)
        zero << QStringLiteral("conversation");
    return zero;
}

QJsonObject toJson(const stats::MixedModelFit &fit)
{
    QJsonObject out {{QStringLiteral("formula"), formula(fit)},
                     {QStringLiteral("fitted"), fit.fitted},
                     {QStringLiteral("n"), fit.observations},
                     {QStringLiteral("participants"), fit.participants},
                     {QStringLiteral("conversations"), fit.conversations}};
    if (fit.fixedPart == stats::FixedPart::Group && !fit.groups.isEmpty()) {
        out.insert(QStringLiteral("assistants"), QJsonArray::fromStringList(fit.groups));
        out.insert(QStringLiteral("reference"), fit.groups.constFirst());
    }
    if (!fit.fitted) {
        out.insert(QStringLiteral("reason"), fit.failure);
        return out;
    }
    QJsonArray fixed;
    for (const stats::FixedEffect &effect : fit.fixed)
        fixed.append(QJsonObject {{QStringLiteral("term"), effect.term},
                                  {QStringLiteral("estimate"), effect.estimate},
                                  {QStringLiteral("se"), effect.se},
                                  {QStringLiteral("t"), effect.t}});
    out.insert(QStringLiteral("variance"),
               QJsonObject {{QStringLiteral("participant"), fit.participant.variance},
                            {QStringLiteral("conversation"), fit.conversation.variance},
                            {QStringLiteral("residual"), fit.residual.variance}});
    out.insert(QStringLiteral("sd"),
               QJsonObject {{QStringLiteral("participant"), fit.participant.sd},
                            {QStringLiteral("conversation"), fit.conversation.sd},
                            {QStringLiteral("residual"), fit.residual.sd}});
    out.insert(QStringLiteral("icc"),
               QJsonObject {{QStringLiteral("participant"), fit.iccParticipant},
                            {QStringLiteral("conversation"), fit.iccConversation}});
    out.insert(QStringLiteral("fixed"), fixed);
    out.insert(QStringLiteral("reml_criterion"), fit.remlCriterion);
    out.insert(QStringLiteral("singular"), fit.singular);
    out.insert(QStringLiteral("singular_components"),
               QJsonArray::fromStringList(singularComponents(fit)));
    return out;
}

QJsonObject toJson(const MixedModels &models)
{
    QJsonArray dimensions;
    for (const DimensionModels &d : models.dimensions)
        dimensions.append(
            QJsonObject {{QStringLiteral("dimension"), d.dimension.key},
                         {QStringLiteral("intercept_only"), toJson(d.interceptOnly)},
                         {QStringLiteral("with_assistant"), toJson(d.withAssistant)}});
    return {{QStringLiteral("instrument"), models.instrument},
            {QStringLiteral("method"), QStringLiteral("REML")},
            {QStringLiteral("dimensions"), dimensions}};
}

} // namespace sense7::analysis
