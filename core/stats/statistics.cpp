#include "stats/statistics.h"

#include <algorithm>
#include <cmath>
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
                                             const std::vector<double> &y)
{
    const std::size_t n = std::min(x.size(), y.size());
    std::map<double, std::size_t> category;
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
    if (n == 0 || replicates <= 0)
        return std::nullopt;
    std::mt19937_64 generator(seed);
    std::uniform_int_distribution<std::size_t> pick(0, n - 1);
    std::vector<double> estimates;
    estimates.reserve(static_cast<std::size_t>(replicates));
    std::vector<std::size_t> sample(n);
    for (int r = 0; r < replicates; ++r) {
        for (auto &index : sample)
            index = pick(generator);
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

Pairs Pairs::subset(const std::vector<std::size_t> &indices) const
{
    Pairs out;
    out.a.reserve(indices.size());
    out.b.reserve(indices.size());
    for (std::size_t i : indices) {
        out.a.push_back(a[i]);
        out.b.push_back(b[i]);
    }
    return out;
}

Agreement agree(const Pairs &pairs, int bootstrapReplicates, std::uint64_t seed)
{
    Agreement result;
    result.n = static_cast<int>(pairs.size());
    result.spearman = spearman(pairs.a, pairs.b);
    result.accuracy = accuracy(pairs.a, pairs.b);
    result.mae = meanAbsoluteError(pairs.a, pairs.b);
    result.qwk = quadraticWeightedKappa(pairs.a, pairs.b);
    if (bootstrapReplicates > 0 && pairs.size() >= 2) {
        result.spearmanCi = bootstrapInterval(
            pairs.size(),
            [&](const std::vector<std::size_t> &indices) {
                const Pairs s = pairs.subset(indices);
                return spearman(s.a, s.b);
            },
            bootstrapReplicates, seed);
        result.accuracyCi = bootstrapInterval(
            pairs.size(),
            [&](const std::vector<std::size_t> &indices) {
                const Pairs s = pairs.subset(indices);
                return accuracy(s.a, s.b);
            },
            bootstrapReplicates, seed);
    }
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
