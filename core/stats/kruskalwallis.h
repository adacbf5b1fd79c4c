#pragma once

#include <optional>
#include <vector>

namespace sense7::stats {

/// The Kruskal–Wallis H test: H corrected for ties, its degrees of freedom and chi-square p.
struct KruskalWallis
{
    double h;
    int df;
    double p;
};

/**
 * The Kruskal–Wallis test across \a groups (each a list of values): H from the average ranks of
 * all values pooled, divided by the tie correction 1 − Σ(t³ − t) / (N³ − N); p is the upper tail
 * of the chi-square distribution with (groups − 1) degrees of freedom, Q(df / 2, H / 2), the
 * regularized upper incomplete gamma function. Empty groups are left out. nullopt with fewer than
 * two non-empty groups or when every value is the same.
 */
std::optional<KruskalWallis> kruskalWallis(const std::vector<std::vector<double>> &groups);

} // namespace sense7::stats
