#include "kruskalwallis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace sense7::stats {
namespace {

/** P(a, x), the regularized lower incomplete gamma function, by its series (x < a + 1). */
double lowerSeries(double a, double x)
{
    double term = 1.0 / a;
    double sum = term;
    for (int n = 1; n < 10000; ++n) {
        term *= x / (a + n);
        sum += term;
        if (std::abs(term) < std::abs(sum) * 1e-17)
            break;
    }
    return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

/** Q(a, x), the regularized upper incomplete gamma function, by Lentz's continued fraction. */
double upperFraction(double a, double x)
{
    constexpr double tiny = 1e-300;
    double b = x + 1.0 - a;
    double c = 1.0 / tiny;
    double d = 1.0 / b;
    double h = d;
    for (int i = 1; i < 10000; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::abs(d) < tiny)
            d = tiny;
        c = b + an / c;
        if (std::abs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1.0) < 1e-17)
            break;
    }
    return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

/** Q(a, x) = 1 − P(a, x). */
double upperRegularizedGamma(double a, double x)
{
    if (x <= 0.0)
        return 1.0;
    return x < a + 1.0 ? 1.0 - lowerSeries(a, x) : upperFraction(a, x);
}

} // namespace

std::optional<KruskalWallis> kruskalWallis(const std::vector<std::vector<double>> &groups)
{
    std::vector<std::pair<double, size_t>> pooled; // value, group
    size_t nonEmpty = 0;
    for (size_t g = 0; g < groups.size(); ++g) {
        if (!groups[g].empty())
            ++nonEmpty;
        for (const double x : groups[g])
            pooled.emplace_back(x, g);
    }
    if (nonEmpty < 2)
        return std::nullopt;
    std::sort(pooled.begin(), pooled.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    const double n = double(pooled.size());
    std::vector<double> rankSums(groups.size(), 0.0);
    double ties = 0.0; // Σ (t³ − t) over runs of equal values
    for (size_t i = 0; i < pooled.size();) {
        size_t j = i;
        while (j < pooled.size() && pooled[j].first == pooled[i].first)
            ++j;
        const double t = double(j - i);
        const double rank = (double(i) + 1.0 + double(j)) / 2.0; // average of ranks i+1 .. j
        for (size_t k = i; k < j; ++k)
            rankSums[pooled[k].second] += rank;
        ties += t * t * t - t;
        i = j;
    }
    const double correction = 1.0 - ties / (n * n * n - n);
    if (!(correction > 0.0))
        return std::nullopt;
    double sum = 0.0;
    for (size_t g = 0; g < groups.size(); ++g)
        if (!groups[g].empty())
            sum += rankSums[g] * rankSums[g] / double(groups[g].size());
    const double h = (12.0 / (n * (n + 1.0)) * sum - 3.0 * (n + 1.0)) / correction;
    const int df = int(nonEmpty) - 1;
    return KruskalWallis {h, df, upperRegularizedGamma(df / 2.0, std::max(0.0, h) / 2.0)};
}

} // namespace sense7::stats
