#include "stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <random>

namespace sense7::stats {

std::vector<double> averageRanks(const std::vector<double> &values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t l, std::size_t r) { return values[l] < values[r]; });
    std::vector<double> ranks(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        const double rank = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            ranks[order[k]] = rank;
        i = j + 1;
    }
    return ranks;
}

std::optional<double> pearson(const std::vector<double> &x, const std::vector<double> &y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return std::nullopt;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double dx = x[i] - mx;
        const double dy = y[i] - my;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (sxx <= 0 || syy <= 0)
        return std::nullopt;
    return std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
}

std::optional<double> spearman(const std::vector<double> &x, const std::vector<double> &y)
{
    return pearson(averageRanks(x), averageRanks(y));
}

std::optional<double> accuracy(const std::vector<double> &x, const std::vector<double> &y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n == 0)
        return std::nullopt;
    std::size_t same = 0;
    for (std::size_t i = 0; i < n; ++i)
        same += x[i] == y[i] ? 1 : 0;
    return static_cast<double>(same) / static_cast<double>(n);
}

std::optional<double> meanAbsoluteError(const std::vector<double> &x, const std::vector<double> &y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n == 0)
        return std::nullopt;
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum += std::abs(x[i] - y[i]);
    return sum / static_cast<double>(n);
}

std::optional<double> quadraticWeightedKappa(const std::vector<double> &x,
                                             const std::vector<double> &y,
                                             const std::vector<double> &labels)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n == 0)
        return std::nullopt;
    std::map<double, std::size_t> category;
    for (double label : labels)
        category.emplace(label, 0);
    for (std::size_t i = 0; i < n; ++i) {
        category.emplace(x[i], 0);
        category.emplace(y[i], 0);
    }
    std::size_t index = 0;
    for (auto &entry : category)
        entry.second = index++;
    const std::size_t k = category.size();
    if (k < 2)
        return std::nullopt;

    std::vector<double> observed(k * k, 0.0), rows(k, 0.0), cols(k, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t r = category[x[i]];
        const std::size_t c = category[y[i]];
        observed[r * k + c] += 1;
        rows[r] += 1;
        cols[c] += 1;
    }
    double disagreement = 0, expected = 0;
    for (std::size_t r = 0; r < k; ++r) {
        for (std::size_t c = 0; c < k; ++c) {
            const double d = static_cast<double>(r) - static_cast<double>(c);
            const double w = d * d;
            disagreement += w * observed[r * k + c];
            expected += w * rows[r] * cols[c] / static_cast<double>(n);
        }
    }
    if (expected <= 0)
        return std::nullopt;
    return 1.0 - disagreement / expected;
}

std::vector<double> scaleLabels(int scaleMin, int scaleMax)
{
    std::vector<double> out;
    for (int v = scaleMin; v <= scaleMax; ++v)
        out.push_back(v);
    return out;
}

std::optional<double> fisherZMean(const std::vector<std::optional<double>> &correlations,
                                  const std::vector<int> &n, bool weighted)
{
    double sum = 0, weights = 0;
    for (std::size_t i = 0; i < correlations.size(); ++i) {
        if (!correlations[i])
            continue;
        double w = 1;
        if (weighted) {
            if (i >= n.size() || n[i] <= 3)
                continue;
            w = n[i] - 3;
        }
        sum += w * std::atanh(*correlations[i]);
        weights += w;
    }
    if (weights <= 0)
        return std::nullopt;
    const double mean = std::tanh(sum / weights);
    if (!std::isfinite(mean))
        return std::nullopt;
    return mean;
}

namespace {

/// ln Γ(a) for a > 0.
double logGamma(double a)
{
    return std::lgamma(a);
}

/// P(a, x) by its series; valid for x < a + 1.
double lowerGammaSeries(double a, double x)
{
    double term = 1.0 / a, sum = term, ap = a;
    for (int i = 0; i < 100000; ++i) {
        ap += 1;
        term *= x / ap;
        sum += term;
        if (std::abs(term) < std::abs(sum) * 1e-16)
            break;
    }
    return sum * std::exp(-x + a * std::log(x) - logGamma(a));
}

/// Q(a, x) by its continued fraction (modified Lentz); valid for x ≥ a + 1.
double upperGammaFraction(double a, double x)
{
    constexpr double tiny = 1e-300;
    double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
    for (int i = 1; i < 100000; ++i) {
        const double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        if (std::abs(d) < tiny)
            d = tiny;
        c = b + an / c;
        if (std::abs(c) < tiny)
            c = tiny;
        d = 1 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1) < 1e-16)
            break;
    }
    return std::exp(-x + a * std::log(x) - logGamma(a)) * h;
}

} // namespace

double upperIncompleteGammaQ(double a, double x)
{
    if (!(a > 0) || !(x >= 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (x == 0)
        return 1.0;
    if (x < a + 1)
        return 1.0 - lowerGammaSeries(a, x);
    return upperGammaFraction(a, x);
}

double chiSquareUpperTail(double x, int df)
{
    if (df <= 0)
        return std::numeric_limits<double>::quiet_NaN();
    if (x <= 0)
        return 1.0;
    return upperIncompleteGammaQ(df / 2.0, x / 2.0);
}

std::optional<KruskalWallis> kruskalWallis(const std::vector<std::vector<double>> &groups)
{
    std::vector<double> all;
    std::vector<std::size_t> sizes;
    for (const auto &group : groups) {
        if (group.empty())
            continue;
        sizes.push_back(group.size());
        all.insert(all.end(), group.begin(), group.end());
    }
    if (sizes.size() < 2)
        return std::nullopt;
    const std::vector<double> ranks = averageRanks(all);
    const double total = static_cast<double>(all.size());
    double sum = 0;
    std::size_t offset = 0;
    for (std::size_t size : sizes) {
        double rankSum = 0;
        for (std::size_t i = offset; i < offset + size; ++i)
            rankSum += ranks[i];
        sum += rankSum * rankSum / static_cast<double>(size);
        offset += size;
    }
    const double h = 12.0 / (total * (total + 1)) * sum - 3 * (total + 1);

    std::map<double, double> ties;
    for (double v : all)
        ties[v] += 1;
    double tieSum = 0;
    for (const auto &[value, t] : ties)
        tieSum += t * t * t - t;
    const double correction = 1 - tieSum / (total * total * total - total);
    if (correction <= 0)
        return std::nullopt;
    KruskalWallis result;
    result.h = h / correction;
    result.df = static_cast<int>(sizes.size()) - 1;
    result.p = chiSquareUpperTail(result.h, result.df);
    return result;
}

std::optional<double> krippendorffAlpha(const Table &unitsByCoders, Metric metric)
{
    // Coincidence matrix over the distinct values, in order.
    std::map<double, std::size_t> valueIndex;
    for (const auto &unit : unitsByCoders)
        for (const auto &v : unit)
            if (v)
                valueIndex.emplace(*v, 0);
    std::vector<double> values;
    for (auto &entry : valueIndex) {
        entry.second = values.size();
        values.push_back(entry.first);
    }
    const std::size_t k = values.size();
    if (k < 2)
        return std::nullopt;

    std::vector<double> o(k * k, 0.0);
    for (const auto &unit : unitsByCoders) {
        std::vector<std::size_t> present;
        for (const auto &v : unit)
            if (v)
                present.push_back(valueIndex[*v]);
        const std::size_t m = present.size();
        if (m < 2)
            continue;
        const double weight = 1.0 / static_cast<double>(m - 1);
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < m; ++j)
                if (i != j)
                    o[present[i] * k + present[j]] += weight;
    }
    std::vector<double> nc(k, 0.0);
    double n = 0;
    for (std::size_t c = 0; c < k; ++c) {
        for (std::size_t j = 0; j < k; ++j)
            nc[c] += o[c * k + j];
        n += nc[c];
    }
    if (n <= 1)
        return std::nullopt;

    auto delta2 = [&](std::size_t c, std::size_t j) -> double {
        if (c == j)
            return 0.0;
        switch (metric) {
        case Metric::Nominal:
            return 1.0;
        case Metric::Interval: {
            const double d = values[c] - values[j];
            return d * d;
        }
        case Metric::Ordinal: {
            const std::size_t lo = std::min(c, j), hi = std::max(c, j);
            double sum = 0;
            for (std::size_t g = lo; g <= hi; ++g)
                sum += nc[g];
            const double d = sum - (nc[c] + nc[j]) / 2.0;
            return d * d;
        }
        }
        return 0.0;
    };

    double observedD = 0, expectedD = 0;
    for (std::size_t c = 0; c < k; ++c) {
        for (std::size_t j = 0; j < k; ++j) {
            const double d2 = delta2(c, j);
            observedD += o[c * k + j] * d2;
            expectedD += nc[c] * nc[j] * d2;
        }
    }
    if (expectedD <= 0)
        return std::nullopt;
    return 1.0 - (n - 1.0) * observedD / expectedD;
}

Icc intraclassCorrelation(const Table &targetsByJudges)
{
    std::vector<std::vector<double>> rows;
    std::size_t k = 0;
    for (const auto &row : targetsByJudges)
        k = std::max(k, row.size());
    for (const auto &row : targetsByJudges) {
        if (row.size() != k
            || std::any_of(row.begin(), row.end(), [](const auto &v) { return !v; }))
            continue;
        std::vector<double> complete;
        complete.reserve(row.size());
        for (const auto &v : row)
            complete.push_back(*v);
        rows.push_back(std::move(complete));
    }
    Icc result;
    result.targets = static_cast<int>(rows.size());
    const std::size_t n = rows.size();
    if (n < 2 || k < 2)
        return result;

    double grand = 0;
    std::vector<double> rowMean(n, 0.0), colMean(k, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < k; ++j) {
            rowMean[i] += rows[i][j];
            colMean[j] += rows[i][j];
            grand += rows[i][j];
        }
    }
    const double nd = static_cast<double>(n), kd = static_cast<double>(k);
    grand /= nd * kd;
    for (auto &m : rowMean)
        m /= kd;
    for (auto &m : colMean)
        m /= nd;

    double ssRows = 0, ssCols = 0, ssTotal = 0;
    for (std::size_t i = 0; i < n; ++i)
        ssRows += kd * (rowMean[i] - grand) * (rowMean[i] - grand);
    for (std::size_t j = 0; j < k; ++j)
        ssCols += nd * (colMean[j] - grand) * (colMean[j] - grand);
    for (const auto &row : rows)
        for (double v : row)
            ssTotal += (v - grand) * (v - grand);
    const double ssWithin = ssTotal - ssRows;
    const double ssError = ssTotal - ssRows - ssCols;

    const double bms = ssRows / (nd - 1);
    const double wms = ssWithin / (nd * (kd - 1));
    const double jms = ssCols / (kd - 1);
    const double ems = ssError / ((nd - 1) * (kd - 1));

    auto ratio = [](double num, double den) -> std::optional<double> {
        if (den == 0)
            return std::nullopt;
        return num / den;
    };
    result.icc1 = ratio(bms - wms, bms + (kd - 1) * wms);
    result.icc2 = ratio(bms - ems, bms + (kd - 1) * ems + kd * (jms - ems) / nd);
    result.icc3 = ratio(bms - ems, bms + (kd - 1) * ems);
    return result;
}

std::optional<double> varianceShareBetweenGroups(const std::vector<std::vector<double>> &groups)
{
    double total = 0, sumSquares = 0, grand = 0;
    std::size_t g = 0;
    for (const auto &group : groups) {
        if (group.empty())
            continue;
        ++g;
        const double size = static_cast<double>(group.size());
        total += size;
        sumSquares += size * size;
        for (double v : group)
            grand += v;
    }
    if (g < 2 || total <= static_cast<double>(g))
        return std::nullopt;
    grand /= total;

    double ssBetween = 0, ssWithin = 0;
    for (const auto &group : groups) {
        if (group.empty())
            continue;
        const double mean =
            std::accumulate(group.begin(), group.end(), 0.0) / static_cast<double>(group.size());
        ssBetween += static_cast<double>(group.size()) * (mean - grand) * (mean - grand);
        for (double v : group)
            ssWithin += (v - mean) * (v - mean);
    }
    const double gd = static_cast<double>(g);
    const double msBetween = ssBetween / (gd - 1);
    const double msWithin = ssWithin / (total - gd);
    const double n0 = (total - sumSquares / total) / (gd - 1);
    const double denominator = msBetween + (n0 - 1) * msWithin;
    if (denominator <= 0)
        return std::nullopt;
    return (msBetween - msWithin) / denominator;
}

std::optional<Interval> bootstrapInterval(
    std::size_t n,
    const std::function<std::optional<double>(const std::vector<std::size_t> &)> &statistic,
    int replicates, std::uint64_t seed, double level)
{
    std::vector<std::int64_t> clusterOf(n);
    std::iota(clusterOf.begin(), clusterOf.end(), std::int64_t {0});
    return clusteredBootstrapInterval(clusterOf, statistic, replicates, seed, level);
}

std::optional<Interval> clusteredBootstrapInterval(
    const std::vector<std::int64_t> &clusterOf,
    const std::function<std::optional<double>(const std::vector<std::size_t> &)> &statistic,
    int replicates, std::uint64_t seed, double level)
{
    if (clusterOf.empty() || replicates <= 0)
        return std::nullopt;
    // The members of each cluster, clusters in order of first appearance.
    std::vector<std::vector<std::size_t>> members;
    std::map<std::int64_t, std::size_t> clusterIndex;
    for (std::size_t i = 0; i < clusterOf.size(); ++i) {
        const auto [it, added] = clusterIndex.emplace(clusterOf[i], members.size());
        if (added)
            members.emplace_back();
        members[it->second].push_back(i);
    }
    if (members.size() < minimumBootstrapClusters)
        return std::nullopt;
    std::mt19937_64 generator(seed);
    std::uniform_int_distribution<std::size_t> pick(0, members.size() - 1);
    std::vector<double> estimates;
    estimates.reserve(static_cast<std::size_t>(replicates));
    std::vector<std::size_t> sample;
    sample.reserve(clusterOf.size());
    for (int r = 0; r < replicates; ++r) {
        sample.clear();
        for (std::size_t c = 0; c < members.size(); ++c) {
            const auto &drawn = members[pick(generator)];
            sample.insert(sample.end(), drawn.begin(), drawn.end());
        }
        if (const auto value = statistic(sample))
            estimates.push_back(*value);
    }
    if (estimates.size() * 2 < static_cast<std::size_t>(replicates))
        return std::nullopt;
    std::sort(estimates.begin(), estimates.end());
    auto quantile = [&](double q) {
        // Linear interpolation between order statistics (type 7, the common default).
        const double position = q * static_cast<double>(estimates.size() - 1);
        const auto below = static_cast<std::size_t>(std::floor(position));
        const auto above = std::min(below + 1, estimates.size() - 1);
        const double fraction = position - static_cast<double>(below);
        return estimates[below] + fraction * (estimates[above] - estimates[below]);
    };
    const double tail = (1.0 - level) / 2.0;
    return Interval {quantile(tail), quantile(1.0 - tail)};
}

const char *clusterKey(Cluster cluster)
{
    switch (cluster) {
    case Cluster::Participant:
        return "participant";
    case Cluster::Conversation:
        return "conversation";
    case Cluster::None:
        return "none";
    }
    return "none";
}

std::optional<Cluster> clusterFromKey(const std::string &key)
{
    for (Cluster c : {Cluster::Participant, Cluster::Conversation, Cluster::None})
        if (key == clusterKey(c))
            return c;
    return std::nullopt;
}

void Pairs::add(double x, double y, std::int64_t participantId, std::int64_t conversationId)
{
    a.push_back(x);
    b.push_back(y);
    participant.push_back(participantId);
    conversation.push_back(conversationId);
}

std::vector<std::int64_t> Pairs::clusters(Cluster cluster) const
{
    const std::vector<std::int64_t> *ids = cluster == Cluster::Participant ? &participant
        : cluster == Cluster::Conversation                                 ? &conversation
                                                                           : nullptr;
    if (ids && ids->size() == size())
        return *ids;
    std::vector<std::int64_t> own(size());
    std::iota(own.begin(), own.end(), std::int64_t {0});
    return own;
}

Pairs Pairs::subset(const std::vector<std::size_t> &indices) const
{
    Pairs out;
    out.a.reserve(indices.size());
    out.b.reserve(indices.size());
    const bool ids = participant.size() == size() && conversation.size() == size();
    for (std::size_t i : indices) {
        out.a.push_back(a[i]);
        out.b.push_back(b[i]);
        if (ids) {
            out.participant.push_back(participant[i]);
            out.conversation.push_back(conversation[i]);
        }
    }
    return out;
}

Agreement agree(const Pairs &pairs, const AgreementOptions &options)
{
    Agreement result;
    result.n = static_cast<int>(pairs.size());
    result.spearman = spearman(pairs.a, pairs.b);
    result.accuracy = accuracy(pairs.a, pairs.b);
    result.mae = meanAbsoluteError(pairs.a, pairs.b);
    result.qwk = quadraticWeightedKappa(pairs.a, pairs.b, options.labels);
    result.abstentions = pairs.abstentions;
    const int covered = result.n + result.abstentions;
    if (covered > 0) {
        result.abstentionShare = double(result.abstentions) / covered;
        result.accuracyWithAbstentions =
            (result.accuracy ? double(std::lround(*result.accuracy * result.n)) : 0.0) / covered;
    }
    if (options.replicates > 0 && pairs.size() >= 2) {
        const std::vector<std::int64_t> clusterOf = pairs.clusters(options.cluster);
        result.spearmanCi = clusteredBootstrapInterval(
            clusterOf,
            [&](const std::vector<std::size_t> &indices) {
                const Pairs s = pairs.subset(indices);
                return spearman(s.a, s.b);
            },
            options.replicates, options.seed);
        result.accuracyCi = clusteredBootstrapInterval(
            clusterOf,
            [&](const std::vector<std::size_t> &indices) {
                const Pairs s = pairs.subset(indices);
                return accuracy(s.a, s.b);
            },
            options.replicates, options.seed);
    }
    return result;
}

Agreement agree(const Pairs &pairs, int bootstrapReplicates, std::uint64_t seed)
{
    AgreementOptions options;
    options.replicates = bootstrapReplicates;
    options.seed = seed;
    options.cluster = Cluster::None;
    return agree(pairs, options);
}

Difference
difference(const Pairs &first, const Pairs &second,
           const std::function<std::optional<double>(const std::vector<double> &,
                                                     const std::vector<double> &)> &statistic,
           const AgreementOptions &options)
{
    Difference result;
    if (first.size() != second.size())
        return result;
    auto of = [&](const std::vector<std::size_t> &indices) -> std::optional<double> {
        const Pairs x = first.subset(indices), y = second.subset(indices);
        const auto one = statistic(x.a, x.b), other = statistic(y.a, y.b);
        if (!one || !other)
            return std::nullopt;
        return *one - *other;
    };
    std::vector<std::size_t> everything(first.size());
    std::iota(everything.begin(), everything.end(), std::size_t {0});
    result.value = of(everything);
    if (result.value && options.replicates > 0 && first.size() >= 2)
        result.ci = clusteredBootstrapInterval(first.clusters(options.cluster), of,
                                               options.replicates, options.seed);
    return result;
}

std::optional<double> meanOfDefined(const std::vector<std::optional<double>> &values)
{
    double sum = 0;
    int count = 0;
    for (const auto &v : values) {
        if (v) {
            sum += *v;
            ++count;
        }
    }
    if (count == 0)
        return std::nullopt;
    return sum / count;
}

} // namespace sense7::stats
