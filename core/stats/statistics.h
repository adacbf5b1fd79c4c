#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
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
 * Cohen's κ with quadratic weights. The categories are \a labels — every point of the instrument's
 * scale, whether observed or not — together with any value seen on either side that is not among
 * them, in order; the weight of a disagreement is the squared distance between their positions
 * (scikit-learn's cohen_kappa_score with labels=…, weights="quadratic"). With no labels only the
 * observed values count, which overstates κ when a scale point is never used. nullopt when every
 * value is the same.
 */
std::optional<double> quadraticWeightedKappa(const std::vector<double> &x,
                                             const std::vector<double> &y,
                                             const std::vector<double> &labels = {});

/// The points scaleMin..scaleMax of an instrument's scale, as labels for the κ above.
std::vector<double> scaleLabels(int scaleMin, int scaleMax);

/**
 * Mean of correlations through Fisher's z: tanh of the (weighted) mean of atanh(r). Weighted by
 * n − 3 (the inverse variance of z) when \a weighted, leaving out correlations with n ≤ 3;
 * otherwise each correlation counts once. Undefined correlations are left out; nullopt when
 * none is left or the mean is not finite (correlations of +1 and −1 together).
 */
std::optional<double> fisherZMean(const std::vector<std::optional<double>> &correlations,
                                  const std::vector<int> &n, bool weighted);

/**
 * Regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), by its series below
 * x < a + 1 and its continued fraction above (Numerical Recipes, 3rd ed., §6.2).
 */
double upperIncompleteGammaQ(double a, double x);

/// Upper tail of the chi-square distribution with \a df degrees of freedom at \a x.
double chiSquareUpperTail(double x, int df);

/// Kruskal–Wallis H test.
struct KruskalWallis
{
    double h; ///< H, corrected for ties
    int df; ///< non-empty groups − 1
    double p; ///< chi-square upper tail of H on df
};
/**
 * Kruskal–Wallis H over \a groups (empty groups are left out), with the tie correction
 * 1 − Σ(t³ − t) / (N³ − N) and its chi-square p-value (as scipy.stats.kruskal). nullopt with fewer
 * than two non-empty groups or when every value is the same.
 */
std::optional<KruskalWallis> kruskalWallis(const std::vector<std::vector<double>> &groups);

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

/**
 * Cluster bootstrap: each resample draws as many clusters as there are, with replacement, and
 * takes every index of each drawn cluster (\a clusterOf gives the cluster of index i). Ratings of
 * one participant, or of one conversation, are not independent; resampling them as single pairs
 * makes the interval too narrow. With every index its own cluster this is bootstrapInterval.
 * nullopt with fewer than minimumBootstrapClusters clusters: resampling one participant gives
 * that participant back every time, a "95% interval" of a single point.
 */
/// The fewest clusters a cluster bootstrap resamples; fewer give no interval.
constexpr std::size_t minimumBootstrapClusters = 2;

std::optional<Interval> clusteredBootstrapInterval(
    const std::vector<std::int64_t> &clusterOf,
    const std::function<std::optional<double>(const std::vector<std::size_t> &)> &statistic,
    int replicates = 1000, std::uint64_t seed = 7, double level = 0.95);

/// What a bootstrap resamples.
enum class Cluster { Participant, Conversation, None };
/// "participant", "conversation" or "none".
const char *clusterKey(Cluster cluster);
/// The cluster named \a key (as clusterKey gives it); nullopt for anything else.
std::optional<Cluster> clusterFromKey(const std::string &key);

/// Pairs of ratings; convenience for the pairwise statistics and their bootstrap.
struct Pairs
{
    Pairs() = default;
    Pairs(std::vector<double> first, std::vector<double> second)
        : a(std::move(first))
        , b(std::move(second))
    { }

    std::vector<double> a;
    std::vector<double> b;
    /// Participant and conversation of each pair (empty, or one per pair), for the clusters.
    std::vector<std::int64_t> participant;
    std::vector<std::int64_t> conversation;
    /// Pairs on the same units where exactly one side said "not applicable" (not in a and b).
    int abstentions = 0;
    std::size_t size() const { return a.size(); }
    void add(double x, double y, std::int64_t participantId = 0, std::int64_t conversationId = 0);
    Pairs subset(const std::vector<std::size_t> &indices) const;
    /// The cluster of each pair; each pair its own for Cluster::None or without cluster ids.
    std::vector<std::int64_t> clusters(Cluster cluster) const;
};

/// How agree() computes.
struct AgreementOptions
{
    int replicates = 0; ///< bootstrap resamples; 0 for no intervals
    std::uint64_t seed = 7;
    Cluster cluster = Cluster::Participant;
    std::vector<double> labels; ///< the scale's points, for κ
};

/// The pairwise summary used by the evaluation and reliability tables.
struct Agreement
{
    int n = 0; ///< pairs where both sides gave a value
    std::optional<double> spearman;
    std::optional<double> accuracy;
    std::optional<double> mae;
    std::optional<double> qwk; ///< on the scale's labels when they were given
    std::optional<Interval> spearmanCi; ///< set when a bootstrap was asked for
    std::optional<Interval> accuracyCi;
    /// Pairs where exactly one side said "not applicable".
    int abstentions = 0;
    /// abstentions / (n + abstentions); nullopt when both are 0.
    std::optional<double> abstentionShare;
    /// Exact matches / (n + abstentions): a one-sided "not applicable" counts as a disagreement.
    std::optional<double> accuracyWithAbstentions;
};
Agreement agree(const Pairs &pairs, const AgreementOptions &options);
Agreement agree(const Pairs &pairs, int bootstrapReplicates = 0, std::uint64_t seed = 7);

/// A − B on the same resamples of the same clusters.
struct Difference
{
    std::optional<double> value;
    std::optional<Interval> ci;
};
/**
 * Difference of a statistic between two predictions of the same reference: \a statistic on
 * (first.a, first.b) minus on (second.a, second.b), with a clustered bootstrap interval of the
 * difference when options.replicates > 0. \a first and \a second must hold the same pairs of
 * reference values in the same order (their clusters are taken from \a first).
 */
Difference
difference(const Pairs &first, const Pairs &second,
           const std::function<std::optional<double>(const std::vector<double> &,
                                                     const std::vector<double> &)> &statistic,
           const AgreementOptions &options);

/// Mean of the defined values; nullopt when none is defined.
std::optional<double> meanOfDefined(const std::vector<std::optional<double>> &values);

} // namespace sense7::stats
