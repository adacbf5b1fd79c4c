#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

/**
 * Agreement and reliability statistics as pure functions over plain vectors. A statistic that is
 * undefined for its input (a constant side, too few values) is std::nullopt — never 0 — so that a
 * table can say "missing" rather than report a number that was never measured.
 */
namespace sense7::stats {

/// Ranks 1..n with ties given the average of the ranks they span.
std::vector<double> averageRanks(const std::vector<double> &values);

/// Pearson product-moment correlation; nullopt when a side is constant or n < 2.
std::optional<double> pearson(const std::vector<double> &x, const std::vector<double> &y);

/// Spearman ρ: Pearson correlation of the average ranks.
std::optional<double> spearman(const std::vector<double> &x, const std::vector<double> &y);

/// Share of pairs with exactly the same value; nullopt for no pairs.
std::optional<double> accuracy(const std::vector<double> &x, const std::vector<double> &y);

/// Mean absolute difference; nullopt for no pairs.
std::optional<double> meanAbsoluteError(const std::vector<double> &x, const std::vector<double> &y);

/**
 * Cohen's κ with quadratic weights. The categories are the distinct values seen on either side,
 * in order, and the weight of a disagreement is the squared distance between their positions (the
 * definition scikit-learn's cohen_kappa_score uses). nullopt when every value is the same.
 */
std::optional<double> quadraticWeightedKappa(const std::vector<double> &x,
                                             const std::vector<double> &y);

/// Level of measurement for Krippendorff's α.
enum class Metric { Nominal, Ordinal, Interval };

/// A units × coders table; a missing value is std::nullopt.
using Table = std::vector<std::vector<std::optional<double>>>;

/**
 * Krippendorff's α from the coincidence matrix. Units with fewer than two values are not
 * pairable and are left out; nullopt when there is no disagreement to expect (a single value).
 */
std::optional<double> krippendorffAlpha(const Table &unitsByCoders, Metric metric);

/// Shrout & Fleiss (1979) intraclass correlations, one target per row, one judge per column.
struct Icc
{
    std::optional<double> icc1; ///< ICC(1,1): one-way random effects
    std::optional<double> icc2; ///< ICC(2,1): two-way random effects, absolute agreement
    std::optional<double> icc3; ///< ICC(3,1): two-way mixed effects, consistency
    int targets = 0; ///< rows used (rows with a missing value are left out)
};
Icc intraclassCorrelation(const Table &targetsByJudges);

/**
 * One-way ICC(1) for groups of unequal size: the estimated share of the variance that lies between
 * groups (for example, between participants). Uses the usual n0 for unbalanced designs.
 */
std::optional<double> varianceShareBetweenGroups(const std::vector<std::vector<double>> &groups);

/// Percentile interval from a bootstrap.
struct Interval
{
    double low = 0;
    double high = 0;
};

/**
 * Percentile bootstrap 95% interval: \a statistic is evaluated on \a replicates resamples (with
 * replacement) of the indices 0..n-1, drawn from a generator seeded with \a seed, so the same call
 * gives the same interval. Resamples where the statistic is undefined are skipped; nullopt when
 * fewer than half of them are defined.
 */
std::optional<Interval> bootstrapInterval(
    std::size_t n,
    const std::function<std::optional<double>(const std::vector<std::size_t> &)> &statistic,
    int replicates = 1000, std::uint64_t seed = 7, double level = 0.95);

/// Pairs of ratings; convenience for the pairwise statistics and their bootstrap.
struct Pairs
{
    std::vector<double> a;
    std::vector<double> b;
    std::size_t size() const { return a.size(); }
    Pairs subset(const std::vector<std::size_t> &indices) const;
};

/// The pairwise summary used by the evaluation and reliability tables.
struct Agreement
{
    int n = 0;
    std::optional<double> spearman;
    std::optional<double> accuracy;
    std::optional<double> mae;
    std::optional<double> qwk;
    std::optional<Interval> spearmanCi; ///< set when a bootstrap was asked for
    std::optional<Interval> accuracyCi;
};
Agreement agree(const Pairs &pairs, int bootstrapReplicates = 0, std::uint64_t seed = 7);

/// Mean of the defined values; nullopt when none is defined.
std::optional<double> meanOfDefined(const std::vector<std::optional<double>> &values);

} // namespace sense7::stats
