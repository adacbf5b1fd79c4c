// `sense7 model`: linear mixed models of the participants' own ratings.
#include "cliutil.h"
#include "error.h"
#include "stats/models.h"
#include "store.h"

#include <QJsonDocument>

#include <algorithm>

namespace sense7::cli {

namespace {

QString component(const stats::VarianceComponent &c)
{
    return QStringLiteral("%1 (%2)").arg(c.variance, 0, 'f', 3).arg(c.sd, 0, 'f', 3);
}

void fitLine(QTextStream &out, const QString &label, const stats::MixedModelFit &fit)
{
    if (!fit.fitted) {
        out << QStringLiteral("  %1 ").arg(label, -16) << tr("not fitted: %1").arg(fit.failure)
            << '\n';
        return;
    }
    out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8")
               .arg(label.leftJustified(16), component(fit.participant).rightJustified(15),
                    component(fit.conversation).rightJustified(15),
                    component(fit.residual).rightJustified(15),
                    QString::number(fit.iccParticipant, 'f', 3).rightJustified(9),
                    QString::number(fit.iccConversation, 'f', 3).rightJustified(9),
                    QString::number(fit.remlCriterion, 'f', 3).rightJustified(11),
                    (fit.singular ? tr("yes") : tr("no")).rightJustified(9))
        << '\n';
}

void fixedLines(QTextStream &out, const QString &title, const stats::MixedModelFit &fit)
{
    if (!fit.fitted)
        return;
    out << "  " << title << '\n';
    for (const stats::FixedEffect &effect : fit.fixed)
        out << QStringLiteral("    %1 %2 ± %3   t = %4")
                   .arg((effect.term == QLatin1String("(Intercept)") ? tr("(intercept)")
                                                                     : effect.term)
                            .leftJustified(20),
                        QString::number(effect.estimate, 'f', 3).rightJustified(7),
                        QString::number(effect.se, 'f', 3), QString::number(effect.t, 'f', 2))
            << '\n';
}

} // namespace

int mixedModel(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Linear mixed models of the participants' own ratings, per turn-level dimension, fitted "
           "by REML: value ~ 1 + (1 | participant) + (1 | participant:conversation), and the same "
           "with the assistant as a fixed effect (the first alphabetically as the reference). "
           "Prints the variance components, the intraclass correlations of ratings by the same "
           "participant and of the same conversation, the fixed effects with standard errors, the "
           "REML criterion and whether the fit is singular (a variance component at zero)."));
    parser.addOption({QStringLiteral("db"), tr("The data set."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("instrument"),
                      tr("The instrument whose turn-level dimensions are modelled (default: the "
                         "data set's primary instrument)."),
                      QStringLiteral("KEY")});
    parser.addOption(
        {QStringLiteral("dimension"), tr("Only this dimension (its key)."), QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of a table.")});
    if (const auto done = parseOrExit(parser, arguments, 0, out, err, {QStringLiteral("db")}))
        return *done;
    auto store = Store::open(parser.value(QStringLiteral("db")), Store::Access::ReadOnly,
                             Store::Check::Always);
    warnIfDamaged(*store, err);
    const QString instrument = parser.isSet(QStringLiteral("instrument"))
        ? parser.value(QStringLiteral("instrument"))
        : store->protocol().primary().key;
    const analysis::MixedModels models =
        analysis::mixedModels(*store, instrument, parser.value(QStringLiteral("dimension")));
    if (models.ratings() == 0)
        throw Error(tr("No participants' own ratings to model on “%1” in %2.")
                        .arg(instrument, store->path()));
    // Nothing fitted is a failure, as it is when there is nothing to fit: the reasons are printed,
    // and the exit code says so to a script.
    const bool anyFitted =
        std::any_of(models.dimensions.cbegin(), models.dimensions.cend(),
                    [](const analysis::DimensionModels &d) { return d.interceptOnly.fitted; });
    if (parser.isSet(QStringLiteral("json"))) {
        out << QJsonDocument(analysis::toJson(models)).toJson(QJsonDocument::Indented);
        return anyFitted ? 0 : 1;
    }
    out << tr("Linear mixed models (REML) of the participants' own ratings: variance (SD) by "
              "level, intraclass correlations, REML criterion")
        << '\n';
    for (const analysis::DimensionModels &d : models.dimensions) {
        const stats::MixedModelFit &base = d.interceptOnly;
        out << '\n'
            << tr("%1: %2 ratings, %3 participants, %4 conversations")
                   .arg(d.dimension.key)
                   .arg(base.observations)
                   .arg(base.participants)
                   .arg(base.conversations)
            << '\n';
        out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8")
                   .arg(tr("fixed part"), -16)
                   .arg(tr("participant"), 15)
                   .arg(tr("conversation"), 15)
                   .arg(tr("residual"), 15)
                   .arg(tr("ICC part."), 9)
                   .arg(tr("ICC conv."), 9)
                   .arg(tr("REML crit."), 11)
                   .arg(tr("singular"), 9)
            << '\n';
        fitLine(out, tr("intercept only"), d.interceptOnly);
        fitLine(out, tr("+ assistant"), d.withAssistant);
        for (const auto &[label, fit] : {std::pair {tr("intercept only"), &d.interceptOnly},
                                         std::pair {tr("+ assistant"), &d.withAssistant}}) {
            const QStringList zero = analysis::singularComponents(*fit);
            if (zero.isEmpty())
                continue;
            QStringList names;
            for (const QString &component : zero)
                names << (component == QLatin1String("participant") ? tr("between participants")
                                                                    : tr("between conversations"));
            out << "  "
                << (names.size() == 1
                        ? tr("Singular (%1): the variance %2 is estimated at zero; the ratings "
                             "show no sign of it.")
                        : tr("Singular (%1): the variances %2 are estimated at zero; the "
                             "ratings show no sign of them."))
                       .arg(label, names.join(tr(" and ")))
                << '\n';
        }
        fixedLines(out, tr("Fixed effects, intercept only (estimate ± SE):"), d.interceptOnly);
        if (d.withAssistant.fitted)
            fixedLines(out,
                       tr("Fixed effects with the assistant (against “%1”):")
                           .arg(d.withAssistant.groups.value(0)),
                       d.withAssistant);
    }
    out << Qt::flush;
    if (!anyFitted)
        err << tr("No model could be fitted on “%1” in %2 (the reasons are above).")
                   .arg(instrument, store->path())
            << '\n';
    return anyFitted ? 0 : 1;
}

} // namespace sense7::cli
