#pragma once

#include "continuity/detection.h"
#include "taxonomy.h"

#include <QByteArray>
#include <QHash>
#include <QStringList>
#include <QVector>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

/**
 * The numbers behind the aggregate charts, as pure functions over a Sample: the self ratings of a
 * filtered set of conversations (browse::loadSample reads one from a data set). Widgets only draw
 * what these return. A mean is taken over clusters (participants by default): each cluster's mean
 * first, then the mean of those, with a t-based 95% interval, mean ± t(0.975, k − 1)·s/√k over the
 * k cluster means, clamped to the dimensions' scale. With Cluster::None the ratings themselves are
 * the units. Below minimumIntervalN units there is no interval (NaN).
 */
namespace sense7::series {

/** What the units of an interval are: ratings of one participant or conversation go together. */
enum class Cluster { Participant, Conversation, None };
/** "participant", "conversation" or "none". */
QString clusterKey(Cluster cluster);
std::optional<Cluster> clusterFromKey(const QString &key);
/** The fewest units (clusters, or ratings with Cluster::None) an interval is drawn for. */
constexpr int minimumIntervalN = 3;
/** The 0.975 quantile of Student's t with \a df degrees of freedom (df ≥ 1). */
double tQuantile975(int df);

/** One conversation of a sample. */
struct Conversation
{
    qint64 id = 0;
    QString participant;
    QString agent;
    QString condition; // the live condition's key; empty for an imported conversation
    QString group; // the value of the chosen context field, empty when not answered
    int assistantTurns = 0;
    /** Per dimension of the sample, one byte per assistant turn (digest::pack); empty: unrated. */
    QVector<QByteArray> values;
    QVector<int> flagged; // assistant positions the participant flagged
    QVector<QPair<int, continuity::Rule>> detected; // assistant positions and the rule that fired

    /** Turn means cached by cacheTurnMeans() (NaN: none); empty until then. */
    QVector<double> means;

    /** The rating at \a position on dimension \a d; nullopt when missing or not applicable. */
    std::optional<int> value(int d, int position) const
    {
        if (d < 0 || d >= values.size() || position < 0 || position >= values[d].size())
            return std::nullopt;
        const auto byte = static_cast<qint8>(values[d].constData()[position]);
        if (byte == qint8(-128) || byte == qint8(-127)) // digest::missing, notApplicable
            return std::nullopt;
        return int(byte);
    }
    /** The mean of the turn's ratings over the sample's dimensions; nullopt when none. */
    std::optional<double> turnMean(int position) const;
    /** Computes every turn mean once; the series functions read them many times. */
    void cacheTurnMeans();
};

struct Sample
{
    QVector<Dimension> dimensions;
    QVector<Conversation> conversations;
};

/**
 * A mean with its 95% interval. n is the number of units (clusters, or ratings with
 * Cluster::None), ratings the number of values; mean is NaN when n is 0, the interval NaN when
 * n < minimumIntervalN.
 */
struct Estimate
{
    int n = 0;
    double mean = 0.0;
    double low = 0.0;
    double high = 0.0;
    int ratings = 0;
    bool defined() const { return n > 0; }
    bool hasInterval() const { return n >= minimumIntervalN && !std::isnan(low); }
};

/** Running sums for an Estimate, per cluster. */
class Accumulator
{
public:
    explicit Accumulator(Cluster cluster = Cluster::None)
        : m_cluster(cluster)
    { }
    /** Adds \a x, a value of cluster \a unit (ignored with Cluster::None). */
    void add(double x, int unit = -1);
    /** The estimate, its interval clamped to [\a scaleMin, \a scaleMax]. */
    Estimate estimate(double scaleMin = -std::numeric_limits<double>::infinity(),
                      double scaleMax = std::numeric_limits<double>::infinity()) const;

private:
    struct Sums
    {
        int unit = -1;
        int n = 0;
        double sum = 0.0;
    };
    Cluster m_cluster;
    int m_n = 0;
    double m_sum = 0.0;
    double m_squares = 0.0;
    std::vector<Sums> m_units; // per cluster, in the order first seen
    QHash<int, int> m_index; // unit -> position in m_units
};

/** 1. How often each scale point was given, per dimension. */
struct Distribution
{
    QVector<QVector<int>> counts; // [dimension][value - scaleMin]
    QVector<int> notApplicable; // [dimension]
};
Distribution distribution(const Sample &sample);

/**
 * 2. Mean rating over the relative position in the conversation: assistant turn k of m falls in
 * bin floor((k + 0.5) / m · bins).
 */
struct Trajectory
{
    QVector<double> centres; // bin centres in [0, 1]
    QVector<Estimate> mean; // turn means (the mean over dimensions) per bin
    QVector<QVector<Estimate>> dimensions; // [dimension][bin]
};
Trajectory trajectory(const Sample &sample, int bins = 10, Cluster cluster = Cluster::Participant);

/** 3, 4 and 7. Means per group and dimension. */
enum class GroupBy { Agent, Participant, Context, Condition };
struct GroupMeans
{
    QStringList groups; // sorted; "" is the group of conversations without a value
    QVector<QVector<Estimate>> cells; // [group][dimension]
    QVector<Estimate> overall; // [group]: turn means
};
GroupMeans groupMeans(const Sample &sample, GroupBy by, Cluster cluster = Cluster::Participant);

/**
 * The Kruskal–Wallis test across the groups of \a by, per dimension, on the same units as the
 * intervals: each cluster's mean in its group (each rating with Cluster::None). nullopt where
 * fewer than two groups have values or all are equal.
 */
struct GroupTest
{
    std::optional<double> h;
    int df = 0;
    std::optional<double> p;
    int n = 0; // units over all groups
};
QVector<GroupTest> groupTests(const Sample &sample, GroupBy by,
                              Cluster cluster = Cluster::Participant);

/** 5. Turn means from \a window turns before to \a window turns after each flagged break. */
struct BreakAligned
{
    QVector<int> offsets; // -window .. window; 0 is the flagged turn
    QVector<Estimate> mean;
    int breaks = 0;
};
BreakAligned breakAligned(const Sample &sample, int window = 3,
                          Cluster cluster = Cluster::Participant);

/** 6. Spearman ρ between dimensions over the turns rated on both. */
struct Correlation
{
    QVector<QVector<std::optional<double>>> rho;
    QVector<QVector<int>> n;
};
Correlation correlation(const Sample &sample);

/**
 * Spearman ρ of paired integer values on [lo, hi] from their joint counts (ties take average
 * ranks), the same number stats::spearman gives for the raw pairs, in O(levels²).
 */
std::optional<double> spearmanFromCounts(const std::vector<std::vector<qint64>> &counts);

/** Detections weighed against flagged breaks over the sample (continuity::score per rule). */
QVector<continuity::RuleScore> detectionScores(const Sample &sample);

} // namespace sense7::series
