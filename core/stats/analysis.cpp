#include "stats/analysis.h"

#include "error.h"
#include "protocol.h"
#include "retest.h"
#include "sqlite.h"
#include "store.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>

namespace sense7::analysis {

namespace {

struct Rated
{
    qint64 turn = 0;
    qint64 participant = 0;
    int value = 0;
};

/** Non-missing ratings of one annotator on one dimension, in turn order. */
std::vector<Rated> ratingsOf(const Store &store, qint64 dimensionId, qint64 annotatorId,
                             qint64 participantId)
{
    std::vector<Rated> out;
    if (annotatorId == 0 || dimensionId == 0)
        return out;
    for (const RatedCell &cell : store.ratedCells(annotatorId, dimensionId, participantId))
        out.push_back({cell.turnId, cell.participantId, cell.value});
    return out;
}

QHash<qint64, int> byTurn(const std::vector<Rated> &ratings)
{
    QHash<qint64, int> out;
    out.reserve(int(ratings.size()));
    for (const Rated &r : ratings)
        out.insert(r.turn, r.value);
    return out;
}

Instrument instrumentOf(const Store &store, const QString &key)
{
    return chosenInstrument(store, key);
}

qint64 annotatorByCode(const Store &store, const QString &code, AnnotatorKind kind)
{
    const QVector<Annotator> annotators = store.annotators();
    for (const Annotator &a : annotators)
        if (a.code == code && a.kind == kind)
            return a.id;
    return 0;
}

int mostFrequent(const stats::Pairs &pairs)
{
    std::map<int, int> counts;
    for (double v : pairs.a)
        ++counts[int(v)];
    int best = 0, bestCount = -1;
    for (const auto &[value, count] : counts) {
        if (count > bestCount) {
            best = value;
            bestCount = count;
        }
    }
    return best;
}

} // namespace

Instrument chosenInstrument(const Store &store, const QString &key)
{
    const QVector<Instrument> instruments = store.instruments();
    if (key.isEmpty()) {
        const Protocol protocol = store.protocol();
        if (!protocol.instruments.isEmpty()) {
            const QString primary = protocol.primary().key;
            for (const Instrument &instrument : instruments)
                if (instrument.key == primary)
                    return instrument;
        }
        if (!instruments.isEmpty())
            return instruments.constFirst();
        throw Error(QCoreApplication::translate("sense7::analysis",
                                                "%1 has no instrument to compare ratings on.")
                        .arg(store.path()));
    }
    QStringList known;
    for (const Instrument &instrument : instruments) {
        if (instrument.key == key)
            return instrument;
        known << instrument.key;
    }
    throw Error(
        QCoreApplication::translate("sense7::analysis", "%1 has no instrument “%2”; it has: %3.")
            .arg(store.path(), key, known.join(QLatin1String(", "))));
}

bool hasPaperReference(const QString &key)
{
    return key == QLatin1String("sense7");
}

Means meanOver(const QVector<stats::Agreement> &perDimension)
{
    std::vector<std::optional<double>> rho, acc, mae, qwk;
    for (const auto &a : perDimension) {
        if (a.n == 0)
            continue;
        rho.push_back(a.spearman);
        acc.push_back(a.accuracy);
        mae.push_back(a.mae);
        qwk.push_back(a.qwk);
    }
    return {stats::meanOfDefined(rho), stats::meanOfDefined(acc), stats::meanOfDefined(mae),
            stats::meanOfDefined(qwk)};
}

QStringList models(const Store &store)
{
    QStringList out;
    const QVector<Annotator> annotators = store.annotators();
    for (const Annotator &a : annotators)
        if (a.kind == AnnotatorKind::Model)
            out << a.code;
    out.sort();
    return out;
}

Evaluation evaluate(const Store &store, const QString &model, const Options &options)
{
    Evaluation result;
    result.model = model;
    result.annotatorId = annotatorByCode(store, model, AnnotatorKind::Model);
    if (result.annotatorId == 0) {
        const QStringList known = models(store);
        throw Error(
            known.isEmpty()
                ? QCoreApplication::translate("sense7::analysis",
                                              "No model ratings in this data set: import "
                                              "predictions as annotator kind “model” first.")
                : QCoreApplication::translate("sense7::analysis",
                                              "No model “%1” in this data set; it has: %2.")
                      .arg(model, known.join(QLatin1String(", "))));
    }
    const qint64 self = store.selfAnnotatorId();
    const Instrument instrument = instrumentOf(store, options.instrument);
    const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Turn);

    QVector<stats::Agreement> modelRows, majorityRows, meanRows;
    for (const Dimension &dimension : dimensions) {
        const std::vector<Rated> selfRatings =
            ratingsOf(store, dimension.id, self, options.participantId);
        const QHash<qint64, int> predicted =
            byTurn(ratingsOf(store, dimension.id, result.annotatorId, options.participantId));

        // Each participant's sum and count over all their own ratings, for the leave-one-out mean.
        QHash<qint64, std::pair<double, int>> ownTotals;
        for (const Rated &r : selfRatings) {
            auto &total = ownTotals[r.participant];
            total.first += r.value;
            total.second += 1;
        }

        DimensionEvaluation row;
        row.dimension = dimension;
        const int levels = dimension.scaleMax - dimension.scaleMin + 1;
        row.confusion = QVector<QVector<int>>(levels, QVector<int>(levels, 0));
        stats::Pairs pairs;
        std::vector<const Rated *> used;
        for (const Rated &r : selfRatings) {
            const auto it = predicted.constFind(r.turn);
            if (it == predicted.constEnd())
                continue;
            pairs.a.push_back(r.value);
            pairs.b.push_back(*it);
            used.push_back(&r);
            const int i = r.value - dimension.scaleMin, j = *it - dimension.scaleMin;
            if (i >= 0 && i < levels && j >= 0 && j < levels)
                ++row.confusion[i][j];
        }
        row.model = stats::agree(pairs, options.bootstrapReplicates, options.seed);

        row.majorityValue = mostFrequent(pairs);
        stats::Pairs majority {pairs.a, std::vector<double>(pairs.size(), row.majorityValue)};
        row.majority = stats::agree(majority);

        stats::Pairs ownMean {pairs.a, {}};
        for (const Rated *r : used) {
            const auto &total = ownTotals[r->participant];
            double guess = row.majorityValue;
            if (total.second > 1) {
                const double mean = (total.first - r->value) / (total.second - 1);
                guess = std::clamp(double(std::lround(mean)), double(dimension.scaleMin),
                                   double(dimension.scaleMax));
            }
            ownMean.b.push_back(guess);
        }
        row.participantMean = stats::agree(ownMean);

        modelRows << row.model;
        majorityRows << row.majority;
        meanRows << row.participantMean;
        result.dimensions << row;
    }
    result.mean = meanOver(modelRows);
    result.majorityMean = meanOver(majorityRows);
    result.participantMeanMean = meanOver(meanRows);
    return result;
}

Reliability reliability(const Store &store, const Options &options)
{
    Reliability result;
    const Instrument instrument = instrumentOf(store, options.instrument);
    result.dimensions = instrument.dimensionsAt(Level::Turn);

    const qint64 self = store.selfAnnotatorId();
    const qint64 retestId =
        annotatorByCode(store, QLatin1String(retest::annotatorCode), AnnotatorKind::Self);
    QVector<qint64> observers;
    const QVector<Annotator> annotators = store.annotators();
    for (const Annotator &a : annotators)
        if (a.kind == AnnotatorKind::Observer)
            observers << a.id;
    result.observers = int(observers.size());

    QHash<qint64, QString> participantCode;
    const auto participants = store.participants();
    for (const auto &p : participants)
        participantCode.insert(p.id, p.code);

    RetestRow pooled;
    std::map<QString, RetestRow> perParticipant;
    for (const Dimension &dimension : std::as_const(result.dimensions)) {
        const std::vector<Rated> selfRatings =
            ratingsOf(store, dimension.id, self, options.participantId);

        // Test-retest.
        const QHash<qint64, int> again =
            byTurn(ratingsOf(store, dimension.id, retestId, options.participantId));
        stats::Pairs all;
        std::map<qint64, stats::Pairs> byParticipant;
        for (const Rated &r : selfRatings) {
            const auto it = again.constFind(r.turn);
            if (it == again.constEnd())
                continue;
            all.a.push_back(r.value);
            all.b.push_back(*it);
            byParticipant[r.participant].a.push_back(r.value);
            byParticipant[r.participant].b.push_back(*it);
        }
        pooled.byDimension << stats::agree(all, options.bootstrapReplicates, options.seed);
        for (const auto &[participant, pairs] : byParticipant) {
            RetestRow &row = perParticipant[participantCode.value(participant)];
            row.participant = participantCode.value(participant);
            while (row.byDimension.size() < pooled.byDimension.size() - 1)
                row.byDimension << stats::Agreement {};
            row.byDimension << stats::agree(pairs);
        }

        // Self and observers.
        std::map<qint64, std::vector<std::optional<double>>> units;
        const int coders = int(observers.size()) + 1;
        for (const Rated &r : selfRatings) {
            auto &unit = units[r.turn];
            unit.resize(coders);
            unit[0] = r.value;
        }
        stats::Pairs selfObserver;
        for (int o = 0; o < observers.size(); ++o) {
            const std::vector<Rated> theirs =
                ratingsOf(store, dimension.id, observers[o], options.participantId);
            for (const Rated &r : theirs) {
                auto &unit = units[r.turn];
                unit.resize(coders);
                unit[o + 1] = r.value;
                if (unit[0]) {
                    selfObserver.a.push_back(*unit[0]);
                    selfObserver.b.push_back(r.value);
                }
            }
        }
        result.selfObserver << stats::agree(selfObserver, options.bootstrapReplicates,
                                            options.seed);
        stats::Table withSelf, observersOnly;
        for (const auto &[turn, unit] : units) {
            withSelf.push_back(unit);
            observersOnly.emplace_back(unit.begin() + 1, unit.end());
        }
        result.selfObserverAlpha << (observers.isEmpty() ? std::nullopt
                                                         : stats::krippendorffAlpha(
                                                             withSelf, stats::Metric::Ordinal));
        result.observerAlpha << (observers.size() < 2 ? std::nullopt
                                                      : stats::krippendorffAlpha(
                                                          observersOnly, stats::Metric::Ordinal));

        // Individualisation.
        std::map<qint64, std::vector<double>> groups;
        for (const Rated &r : selfRatings)
            groups[r.participant].push_back(r.value);
        std::vector<std::vector<double>> grouped;
        grouped.reserve(groups.size());
        for (auto &[participant, values] : groups)
            grouped.push_back(std::move(values));
        result.individualisation << stats::varianceShareBetweenGroups(grouped);
        result.individualisationN << int(selfRatings.size());
    }
    result.retest << pooled;
    for (auto &[code, row] : perParticipant) {
        while (row.byDimension.size() < result.dimensions.size())
            row.byDimension << stats::Agreement {};
        result.retest << row;
    }
    return result;
}

} // namespace sense7::analysis

namespace sense7::analysis {

namespace {

QJsonValue number(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue interval(const std::optional<stats::Interval> &value)
{
    if (!value)
        return QJsonValue(QJsonValue::Null);
    return QJsonArray {value->low, value->high};
}

QJsonObject meansToJson(const Means &means)
{
    return {{QStringLiteral("spearman"), number(means.spearman)},
            {QStringLiteral("accuracy"), number(means.accuracy)},
            {QStringLiteral("mae"), number(means.mae)},
            {QStringLiteral("qwk"), number(means.qwk)}};
}

QJsonObject dimensionRow(const Dimension &dimension, const stats::Agreement &agreement)
{
    QJsonObject row = toJson(agreement);
    row.insert(QStringLiteral("dimension"), dimension.key);
    return row;
}

} // namespace

QJsonObject toJson(const stats::Agreement &agreement)
{
    QJsonObject out {{QStringLiteral("n"), agreement.n},
                     {QStringLiteral("spearman"), number(agreement.spearman)},
                     {QStringLiteral("accuracy"), number(agreement.accuracy)},
                     {QStringLiteral("mae"), number(agreement.mae)},
                     {QStringLiteral("qwk"), number(agreement.qwk)}};
    if (agreement.spearmanCi)
        out.insert(QStringLiteral("spearman_ci"), interval(agreement.spearmanCi));
    if (agreement.accuracyCi)
        out.insert(QStringLiteral("accuracy_ci"), interval(agreement.accuracyCi));
    return out;
}

QJsonObject toJson(const Evaluation &evaluation)
{
    QJsonArray dimensions, majority, ownMean;
    for (const DimensionEvaluation &row : evaluation.dimensions) {
        QJsonObject modelRow = dimensionRow(row.dimension, row.model);
        QJsonArray confusion;
        for (const auto &counts : row.confusion) {
            QJsonArray line;
            for (int c : counts)
                line.append(c);
            confusion.append(line);
        }
        modelRow.insert(QStringLiteral("confusion"), confusion);
        dimensions.append(modelRow);
        QJsonObject majorityRow = dimensionRow(row.dimension, row.majority);
        majorityRow.insert(QStringLiteral("value"), row.majorityValue);
        majority.append(majorityRow);
        ownMean.append(dimensionRow(row.dimension, row.participantMean));
    }
    return {
        {QStringLiteral("model"), evaluation.model},
        {QStringLiteral("dimensions"), dimensions},
        {QStringLiteral("mean"), meansToJson(evaluation.mean)},
        {QStringLiteral("baselines"),
         QJsonObject {
             {QStringLiteral("majority"),
              QJsonObject {{QStringLiteral("dimensions"), majority},
                           {QStringLiteral("mean"), meansToJson(evaluation.majorityMean)}}},
             {QStringLiteral("participant_mean"),
              QJsonObject {
                  {QStringLiteral("dimensions"), ownMean},
                  {QStringLiteral("mean"), meansToJson(evaluation.participantMeanMean)}}}}},
        {QStringLiteral("reference"),
         QJsonObject {{QStringLiteral("source"), QStringLiteral("Suh et al., 2025 (SENSE-7)")},
                      {QStringLiteral("spearman"), paperMeanSpearman},
                      {QStringLiteral("accuracy"), paperAccuracy}}},
    };
}

QJsonObject toJson(const Reliability &reliability)
{
    QJsonArray dimensions;
    for (int i = 0; i < reliability.dimensions.size(); ++i) {
        const Dimension &d = reliability.dimensions[i];
        QJsonArray perParticipant;
        for (int r = 1; r < reliability.retest.size(); ++r) {
            QJsonObject row = toJson(reliability.retest[r].byDimension[i]);
            row.insert(QStringLiteral("participant"), reliability.retest[r].participant);
            perParticipant.append(row);
        }
        QJsonObject retestObject = toJson(reliability.retest[0].byDimension[i]);
        retestObject.insert(QStringLiteral("participants"), perParticipant);
        dimensions.append(QJsonObject {
            {QStringLiteral("dimension"), d.key},
            {QStringLiteral("retest"), retestObject},
            {QStringLiteral("self_observer"), toJson(reliability.selfObserver[i])},
            {QStringLiteral("self_observer_alpha"), number(reliability.selfObserverAlpha[i])},
            {QStringLiteral("observer_alpha"), number(reliability.observerAlpha[i])},
            {QStringLiteral("individualisation"),
             QJsonObject {{QStringLiteral("n"), reliability.individualisationN[i]},
                          {QStringLiteral("between_participants"),
                           number(reliability.individualisation[i])}}},
        });
    }
    return {{QStringLiteral("observers"), reliability.observers},
            {QStringLiteral("dimensions"), dimensions}};
}

} // namespace sense7::analysis
