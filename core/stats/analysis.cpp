#include "stats/analysis.h"

#include "error.h"
#include "protocol.h"
#include "retest.h"
#include "sqlite.h"
#include "store.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace sense7::analysis {

namespace {

struct Rated
{
    qint64 turn = 0;
    qint64 participant = 0;
    qint64 conversation = 0;
    std::optional<int> value; ///< nullopt: "not applicable"
};

/** Ratings of one annotator on one dimension, "not applicable" included, in turn order. */
std::vector<Rated> ratingsOf(const Store &store, qint64 dimensionId, qint64 annotatorId,
                             qint64 participantId)
{
    std::vector<Rated> out;
    if (annotatorId == 0 || dimensionId == 0)
        return out;
    for (const RatedCell &cell : store.ratedCells(annotatorId, dimensionId, participantId, true))
        out.push_back({cell.turnId, cell.participantId, cell.conversationId,
                       cell.notApplicable ? std::nullopt : std::optional<int>(cell.value)});
    return out;
}

/** \a ratings of the conversations in \a conversations only; all of them when it is empty. */
std::vector<Rated> within(std::vector<Rated> ratings, const QVector<qint64> &conversations)
{
    if (conversations.isEmpty())
        return ratings;
    const QSet<qint64> chosen(conversations.cbegin(), conversations.cend());
    ratings.erase(std::remove_if(ratings.begin(), ratings.end(),
                                 [&](const Rated &r) { return !chosen.contains(r.conversation); }),
                  ratings.end());
    return ratings;
}

QHash<qint64, std::optional<int>> byTurn(const std::vector<Rated> &ratings)
{
    QHash<qint64, std::optional<int>> out;
    out.reserve(int(ratings.size()));
    for (const Rated &r : ratings)
        out.insert(r.turn, r.value);
    return out;
}

/**
 * Pairs \a reference with \a other on the turns both rated: values into the pairs, one-sided
 * "not applicable" into the abstentions, both "not applicable" left out.
 */
void pairUp(stats::Pairs &pairs, const Rated &reference, const std::optional<int> &other)
{
    if (reference.value && other)
        pairs.add(*reference.value, *other, reference.participant, reference.conversation);
    else if (reference.value.has_value() != other.has_value())
        ++pairs.abstentions;
}

stats::AgreementOptions agreementOptions(const Options &options, const Dimension &dimension,
                                         bool intervals = true)
{
    stats::AgreementOptions out;
    out.replicates = intervals ? options.bootstrapReplicates : 0;
    out.seed = options.seed;
    out.cluster = options.cluster;
    out.labels = stats::scaleLabels(dimension.scaleMin, dimension.scaleMax);
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

FloorComparison compare(const stats::Pairs &model, const stats::Pairs &floor,
                        const stats::AgreementOptions &options)
{
    FloorComparison out;
    out.spearman = stats::difference(model, floor, stats::spearman, options);
    out.accuracy = stats::difference(model, floor, stats::accuracy, options);
    return out;
}

/** A table of \a coders columns, one row per turn any of them rated with a value. */
stats::Icc iccOf(const std::vector<QHash<qint64, std::optional<int>>> &coders)
{
    std::map<qint64, std::vector<std::optional<double>>> rows;
    for (std::size_t c = 0; c < coders.size(); ++c) {
        for (auto it = coders[c].constBegin(); it != coders[c].constEnd(); ++it) {
            auto &row = rows[it.key()];
            row.resize(coders.size());
            if (it.value())
                row[c] = *it.value();
        }
    }
    stats::Table table;
    for (auto &[turn, row] : rows)
        table.push_back(std::move(row));
    return stats::intraclassCorrelation(table);
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
    return key == QLatin1String(paperInstrument);
}

Means meanOver(const QVector<stats::Agreement> &perDimension)
{
    std::vector<std::optional<double>> rho, acc, mae, qwk, accNa;
    std::vector<int> n;
    Means out;
    for (const auto &a : perDimension) {
        out.n += a.n;
        out.abstentions += a.abstentions;
        if (a.n == 0)
            continue;
        rho.push_back(a.spearman);
        n.push_back(a.n);
        acc.push_back(a.accuracy);
        mae.push_back(a.mae);
        qwk.push_back(a.qwk);
        accNa.push_back(a.accuracyWithAbstentions);
    }
    out.spearman = stats::meanOfDefined(rho);
    out.accuracy = stats::meanOfDefined(acc);
    out.mae = stats::meanOfDefined(mae);
    out.qwk = stats::meanOfDefined(qwk);
    out.spearmanFisher = stats::fisherZMean(rho, n, false);
    out.spearmanFisherWeighted = stats::fisherZMean(rho, n, true);
    out.accuracyWithAbstentions = stats::meanOfDefined(accNa);
    return out;
}

int Evaluation::pairs() const
{
    int total = 0;
    for (const auto &d : dimensions)
        total += d.model.n;
    return total;
}

bool Reliability::isEmpty() const
{
    for (int i = 0; i < dimensions.size(); ++i)
        if (retest.value(0).byDimension.value(i).n > 0 || selfObserver.value(i).n > 0
            || individualisationN.value(i) > 0)
            return false;
    return true;
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
    result.instrument = options.instrument;
    result.cluster = options.cluster;
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
    result.instrument = instrument.key;
    const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Turn);

    QVector<stats::Agreement> modelRows, majorityRows, meanRows;
    for (const Dimension &dimension : dimensions) {
        const stats::AgreementOptions withIntervals = agreementOptions(options, dimension);
        const stats::AgreementOptions pointOnly = agreementOptions(options, dimension, false);
        // The pairs come from the chosen conversations; the own-mean floor still knows each
        // participant from all their other conversations.
        const std::vector<Rated> allSelfRatings =
            ratingsOf(store, dimension.id, self, options.participantId);
        const std::vector<Rated> selfRatings = within(allSelfRatings, options.conversations);
        const QHash<qint64, std::optional<int>> predicted =
            byTurn(ratingsOf(store, dimension.id, result.annotatorId, options.participantId));

        // Each participant's sum and count of their own ratings, by conversation, for the floor
        // that knows the person but not the conversation.
        QHash<qint64, std::map<qint64, std::pair<double, int>>> ownTotals;
        for (const Rated &r : allSelfRatings) {
            if (!r.value)
                continue;
            auto &total = ownTotals[r.participant][r.conversation];
            total.first += *r.value;
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
            pairUp(pairs, r, *it);
            if (!r.value || !*it)
                continue;
            used.push_back(&r);
            const int i = *r.value - dimension.scaleMin, j = **it - dimension.scaleMin;
            if (i >= 0 && i < levels && j >= 0 && j < levels)
                ++row.confusion[i][j];
        }
        row.model = stats::agree(pairs, withIntervals);

        row.majorityValue = mostFrequent(pairs);
        stats::Pairs majority = pairs;
        majority.b.assign(pairs.size(), row.majorityValue);
        majority.abstentions = 0;
        row.majority = stats::agree(majority, pointOnly);

        stats::Pairs ownMean = pairs;
        ownMean.abstentions = 0;
        ownMean.b.clear();
        for (const Rated *r : used) {
            double sum = 0;
            int count = 0;
            for (const auto &[conversation, total] : ownTotals[r->participant]) {
                if (conversation == r->conversation)
                    continue;
                sum += total.first;
                count += total.second;
            }
            double guess = row.majorityValue;
            if (count > 0)
                guess = std::clamp(double(std::lround(sum / count)), double(dimension.scaleMin),
                                   double(dimension.scaleMax));
            else
                ++row.participantMeanFallbacks;
            ownMean.b.push_back(guess);
        }
        row.participantMean = stats::agree(ownMean, pointOnly);
        row.overMajority = compare(pairs, majority, withIntervals);
        row.overParticipantMean = compare(pairs, ownMean, withIntervals);

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
    result.instrument = options.instrument;
    result.cluster = options.cluster;
    const Instrument instrument = instrumentOf(store, options.instrument);
    result.instrument = instrument.key;
    result.dimensions = instrument.dimensionsAt(Level::Turn);

    const qint64 self = store.selfAnnotatorId();
    const qint64 retestId =
        annotatorByCode(store, QLatin1String(retest::annotatorCode), AnnotatorKind::Self);
    QVector<qint64> observers;
    const QVector<Annotator> annotators = store.annotators();
    for (const Annotator &a : annotators) {
        if (a.kind == AnnotatorKind::Observer) {
            observers << a.id;
            result.observerCodes << a.code;
        }
    }
    result.observers = int(observers.size());
    result.selfPerObserver.resize(observers.size());

    QHash<qint64, QString> participantCode;
    const auto participants = store.participants();
    for (const auto &p : participants)
        participantCode.insert(p.id, p.code);

    RetestRow pooled;
    std::map<QString, RetestRow> perParticipant;
    for (const Dimension &dimension : std::as_const(result.dimensions)) {
        const stats::AgreementOptions withIntervals = agreementOptions(options, dimension);
        const stats::AgreementOptions pointOnly = agreementOptions(options, dimension, false);
        const std::vector<Rated> selfRatings =
            ratingsOf(store, dimension.id, self, options.participantId);
        const QHash<qint64, std::optional<int>> selfByTurn = byTurn(selfRatings);

        // Test-retest.
        const QHash<qint64, std::optional<int>> again =
            byTurn(ratingsOf(store, dimension.id, retestId, options.participantId));
        stats::Pairs all;
        std::map<qint64, stats::Pairs> byParticipant;
        for (const Rated &r : selfRatings) {
            const auto it = again.constFind(r.turn);
            if (it == again.constEnd())
                continue;
            pairUp(all, r, *it);
            pairUp(byParticipant[r.participant], r, *it);
        }
        pooled.byDimension << stats::agree(all, withIntervals);
        for (const auto &[participant, pairs] : byParticipant) {
            RetestRow &row = perParticipant[participantCode.value(participant)];
            row.participant = participantCode.value(participant);
            while (row.byDimension.size() < pooled.byDimension.size() - 1)
                row.byDimension << stats::Agreement {};
            row.byDimension << stats::agree(pairs, pointOnly);
        }
        result.retestIcc << iccOf({selfByTurn, again});

        // Self and observers.
        std::map<qint64, std::vector<std::optional<double>>> units;
        const int coders = int(observers.size()) + 1;
        for (const Rated &r : selfRatings) {
            if (!r.value)
                continue;
            auto &unit = units[r.turn];
            unit.resize(coders);
            unit[0] = *r.value;
        }
        std::map<qint64, const Rated *> selfRated;
        for (const Rated &r : selfRatings)
            selfRated.emplace(r.turn, &r);
        stats::Pairs selfObserver;
        std::vector<QHash<qint64, std::optional<int>>> iccCoders {selfByTurn};
        std::map<qint64, std::pair<double, int>> observerSum; // turn -> sum, count of values
        std::map<qint64, int> observerSaidNa; // turn -> observers who said "not applicable"
        for (int o = 0; o < observers.size(); ++o) {
            const std::vector<Rated> theirs =
                ratingsOf(store, dimension.id, observers[o], options.participantId);
            stats::Pairs one;
            for (const Rated &r : theirs) {
                if (r.value) {
                    auto &unit = units[r.turn];
                    unit.resize(coders);
                    unit[o + 1] = *r.value;
                    observerSum[r.turn].first += *r.value;
                    observerSum[r.turn].second += 1;
                } else {
                    ++observerSaidNa[r.turn];
                }
                const auto mine = selfRated.find(r.turn);
                if (mine == selfRated.end())
                    continue;
                pairUp(selfObserver, *mine->second, r.value);
                pairUp(one, *mine->second, r.value);
            }
            result.selfPerObserver[o] << stats::agree(one, withIntervals);
            iccCoders.push_back(byTurn(theirs));
        }
        result.selfObserver << stats::agree(selfObserver, withIntervals);

        // Self against the observers' mean, one pair per turn.
        stats::Pairs againstMean;
        for (const auto &[turn, rated] : selfRated) {
            const auto sum = observerSum.find(turn);
            const bool observed = sum != observerSum.end();
            if (rated->value && observed)
                againstMean.add(*rated->value, sum->second.first / sum->second.second,
                                rated->participant, rated->conversation);
            else if (rated->value.has_value() != observed
                     && (observed || observerSaidNa.count(turn) > 0))
                ++againstMean.abstentions;
        }
        stats::AgreementOptions meanOptions = withIntervals;
        meanOptions.labels.clear();
        stats::Agreement meanRow = stats::agree(againstMean, meanOptions);
        meanRow.accuracy.reset();
        meanRow.accuracyCi.reset();
        meanRow.qwk.reset();
        meanRow.accuracyWithAbstentions.reset();
        result.selfObserverMean << meanRow;

        result.selfObserverIcc << (observers.isEmpty() ? stats::Icc {} : iccOf(iccCoders));
        result.observerIcc << (observers.size() < 2
                                   ? stats::Icc {}
                                   : iccOf({iccCoders.begin() + 1, iccCoders.end()}));

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
        int rated = 0;
        for (const Rated &r : selfRatings) {
            if (!r.value)
                continue;
            groups[r.participant].push_back(*r.value);
            ++rated;
        }
        std::vector<std::vector<double>> grouped;
        grouped.reserve(groups.size());
        for (auto &[participant, values] : groups)
            grouped.push_back(std::move(values));
        result.individualisation << stats::varianceShareBetweenGroups(grouped);
        result.individualisationN << rated;
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
            {QStringLiteral("spearman_fisher_z"), number(means.spearmanFisher)},
            {QStringLiteral("spearman_fisher_z_weighted"), number(means.spearmanFisherWeighted)},
            {QStringLiteral("accuracy"), number(means.accuracy)},
            {QStringLiteral("accuracy_with_abstentions"), number(means.accuracyWithAbstentions)},
            {QStringLiteral("mae"), number(means.mae)},
            {QStringLiteral("qwk"), number(means.qwk)},
            {QStringLiteral("n"), means.n},
            {QStringLiteral("abstentions"), means.abstentions}};
}

QJsonObject dimensionRow(const Dimension &dimension, const stats::Agreement &agreement)
{
    QJsonObject row = toJson(agreement);
    row.insert(QStringLiteral("dimension"), dimension.key);
    return row;
}

QJsonObject differenceToJson(const stats::Difference &difference)
{
    QJsonObject out {{QStringLiteral("value"), number(difference.value)}};
    if (difference.ci)
        out.insert(QStringLiteral("ci"), interval(difference.ci));
    return out;
}

QJsonObject comparisonToJson(const FloorComparison &comparison)
{
    return {{QStringLiteral("spearman_difference"), differenceToJson(comparison.spearman)},
            {QStringLiteral("accuracy_difference"), differenceToJson(comparison.accuracy)}};
}

} // namespace

QJsonObject toJson(const stats::Agreement &agreement)
{
    QJsonObject out {
        {QStringLiteral("n"), agreement.n},
        {QStringLiteral("spearman"), number(agreement.spearman)},
        {QStringLiteral("accuracy"), number(agreement.accuracy)},
        {QStringLiteral("mae"), number(agreement.mae)},
        {QStringLiteral("qwk"), number(agreement.qwk)},
        {QStringLiteral("abstentions"), agreement.abstentions},
        {QStringLiteral("abstention_share"), number(agreement.abstentionShare)},
        {QStringLiteral("accuracy_with_abstentions"), number(agreement.accuracyWithAbstentions)}};
    if (agreement.spearmanCi)
        out.insert(QStringLiteral("spearman_ci"), interval(agreement.spearmanCi));
    if (agreement.accuracyCi)
        out.insert(QStringLiteral("accuracy_ci"), interval(agreement.accuracyCi));
    return out;
}

QJsonObject toJson(const stats::Icc &icc)
{
    return {{QStringLiteral("icc2_1"), number(icc.icc2)},
            {QStringLiteral("icc3_1"), number(icc.icc3)},
            {QStringLiteral("n"), icc.targets}};
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
        modelRow.insert(
            QStringLiteral("floors"),
            QJsonObject {
                {QStringLiteral("majority"), comparisonToJson(row.overMajority)},
                {QStringLiteral("participant_mean"), comparisonToJson(row.overParticipantMean)}});
        dimensions.append(modelRow);
        QJsonObject majorityRow = dimensionRow(row.dimension, row.majority);
        majorityRow.insert(QStringLiteral("value"), row.majorityValue);
        majority.append(majorityRow);
        QJsonObject ownMeanRow = dimensionRow(row.dimension, row.participantMean);
        ownMeanRow.insert(QStringLiteral("fallbacks"), row.participantMeanFallbacks);
        ownMean.append(ownMeanRow);
    }
    QJsonObject out {
        {QStringLiteral("model"), evaluation.model},
        {QStringLiteral("instrument"), evaluation.instrument},
        {QStringLiteral("cluster"), QLatin1String(stats::clusterKey(evaluation.cluster))},
        {QStringLiteral("dimensions"), dimensions},
        {QStringLiteral("mean"), meansToJson(evaluation.mean)},
        {QStringLiteral("baselines"),
         QJsonObject {
             {QStringLiteral("majority"),
              QJsonObject {{QStringLiteral("dimensions"), majority},
                           {QStringLiteral("mean"), meansToJson(evaluation.majorityMean)}}},
             {QStringLiteral("participant_mean"),
              QJsonObject {
                  {QStringLiteral("source"), QStringLiteral("other_conversations")},
                  {QStringLiteral("dimensions"), ownMean},
                  {QStringLiteral("mean"), meansToJson(evaluation.participantMeanMean)}}}}},
    };
    if (evaluation.hasPaperReference())
        out.insert(
            QStringLiteral("reference"),
            QJsonObject {{QStringLiteral("source"), QStringLiteral("Suh et al., 2025 (SENSE-7)")},
                         {QStringLiteral("spearman"), paperMeanSpearman},
                         {QStringLiteral("accuracy"), paperAccuracy}});
    return out;
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
        retestObject.insert(QStringLiteral("icc"), toJson(reliability.retestIcc[i]));
        QJsonArray perObserver;
        for (int o = 0; o < reliability.observerCodes.size(); ++o) {
            QJsonObject row = toJson(reliability.selfPerObserver[o][i]);
            row.insert(QStringLiteral("observer"), reliability.observerCodes[o]);
            perObserver.append(row);
        }
        dimensions.append(QJsonObject {
            {QStringLiteral("dimension"), d.key},
            {QStringLiteral("retest"), retestObject},
            {QStringLiteral("self_observer"), toJson(reliability.selfObserver[i])},
            {QStringLiteral("self_per_observer"), perObserver},
            {QStringLiteral("self_observer_mean"), toJson(reliability.selfObserverMean[i])},
            {QStringLiteral("self_observer_alpha"), number(reliability.selfObserverAlpha[i])},
            {QStringLiteral("observer_alpha"), number(reliability.observerAlpha[i])},
            {QStringLiteral("self_observer_icc"), toJson(reliability.selfObserverIcc[i])},
            {QStringLiteral("observer_icc"), toJson(reliability.observerIcc[i])},
            {QStringLiteral("individualisation"),
             QJsonObject {{QStringLiteral("n"), reliability.individualisationN[i]},
                          {QStringLiteral("between_participants"),
                           number(reliability.individualisation[i])}}},
        });
    }
    return {{QStringLiteral("instrument"), reliability.instrument},
            {QStringLiteral("cluster"), QLatin1String(stats::clusterKey(reliability.cluster))},
            {QStringLiteral("observers"), reliability.observers},
            {QStringLiteral("dimensions"), dimensions}};
}

} // namespace sense7::analysis
