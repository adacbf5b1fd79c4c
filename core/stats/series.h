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

/**
 * One conversation of a sample, whole: how a sample is built by hand (Sample::append) and what
 * Sample::conversation() gives back.
 */
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

/** Names kept once each and numbered in the order first seen (equal texts, one number). */
class Names
{
public:
    int intern(const QString &name);
    /** The same for UTF-8 text; copied only when new. */
    int intern(QByteArrayView utf8);
    const QString &name(int index) const { return m_names[index]; }
    /** The bytes the name was interned from (not always valid UTF-8, unlike name()). */
    const QByteArray &utf8(int index) const { return m_utf8[size_t(index)]; }
    int size() const { return int(m_names.size()); }
    const QStringList &names() const { return m_names; }

private:
    QStringList m_names;
    std::vector<QByteArray> m_utf8; // the names as UTF-8, in order
    QHash<QByteArray, int> m_index; // by UTF-8, once there are many
};

/**
 * The conversations of a sample in columns: a row of numbers each (names interned), their ratings
 * in one byte array and their turn means in one array. Half a million conversations with three
 * rated replies each take some 50 MB.
 */
struct Sample
{
    QVector<Dimension> dimensions;

    /** One conversation. */
    struct Row
    {
        qint64 id = 0;
        int participant = 0; // in participants
        int agent = 0; // in agents
        int condition = 0; // in conditions
        int group = 0; // in groups
        int assistantTurns = 0;
        /** Turns stored: assistantTurns, or more when a rating row of it is longer. */
        int width = 0;
        qint64 first = 0; // its first turn in means; values from first × dimensions on
        int firstFlag = 0; // in flagged
        int flags = 0;
        int firstDetection = 0; // in detected
        int detections = 0;
    };
    std::vector<Row> rows;
    Names participants;
    Names agents;
    Names conditions;
    Names groups;
    /**
     * Turn by turn, the turn's byte (digest::pack) on each dimension in order; digest::missing
     * where a conversation has no rating row or a shorter one.
     */
    std::vector<qint8> values;
    /** Per stored turn, the mean over dimensions (Conversation::turnMean()); NaN: none. */
    std::vector<double> means;
    std::vector<int> flagged; // assistant positions, conversation by conversation
    std::vector<QPair<int, continuity::Rule>> detected;

    int size() const { return int(rows.size()); }
    bool isEmpty() const { return rows.empty(); }
    /** Adds \a c (set dimensions first): its numbers as Conversation's functions give them. */
    void append(const Conversation &c);
    /** Conversation \a i whole, its turn means cached. */
    Conversation conversation(int i) const;

    const QString &participant(int i) const
    {
        return participants.name(rows[size_t(i)].participant);
    }
    const QString &agent(int i) const { return agents.name(rows[size_t(i)].agent); }
    const QString &condition(int i) const { return conditions.name(rows[size_t(i)].condition); }
    const QString &group(int i) const { return groups.name(rows[size_t(i)].group); }
    /** As Conversation::value(). */
    std::optional<int> value(int i, int d, int position) const
    {
        const Row &r = rows[size_t(i)];
        if (d < 0 || d >= dimensions.size() || position < 0 || position >= r.width)
            return std::nullopt;
        const qint8 byte = values[size_t((r.first + position) * dimensions.size() + d)];
        if (byte == qint8(-128) || byte == qint8(-127)) // digest::missing, notApplicable
            return std::nullopt;
        return int(byte);
    }
    /** As Conversation::turnMean(). */
    std::optional<double> turnMean(int i, int position) const
    {
        const Row &r = rows[size_t(i)];
        if (position < 0 || position >= r.width)
            return std::nullopt;
        const double mean = means[size_t(r.first + position)];
        return std::isnan(mean) ? std::nullopt : std::optional<double>(mean);
    }
    /**
     * Fills means from values (after the loader placed them): the means a Conversation caches,
     * none past assistantTurns when it has some.
     */
    void computeMeans();
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
    /**
     * The same, where the values may come cluster by cluster rather than in their order:
     * \a order is the value's place in it (a conversation's position in its sample). The
     * estimate then takes the clusters in the order their first values would have come, and is
     * the one add(x, unit) in that order gives.
     */
    void add(double x, int unit, qint64 order);
    /** The estimate, its interval clamped to [\a scaleMin, \a scaleMax]. */
    Estimate estimate(double scaleMin = -std::numeric_limits<double>::infinity(),
                      double scaleMax = std::numeric_limits<double>::infinity()) const;

private:
    struct Sums
    {
        int unit = -1;
        int n = 0;
        double sum = 0.0;
        qint64 first = -1; // the order of its first value
    };
    Cluster m_cluster;
    int m_n = 0;
    bool m_ordered = false; // some values came with their order
    double m_sum = 0.0;
    double m_squares = 0.0;
    std::vector<Sums> m_units; // per cluster, in the order first seen
    // unit -> position in m_units: open addressing, keys and positions side by side (a QHash
    // lookup for every rating cost most of a chart's time)
    std::vector<int> m_slots;
    int slotOf(int unit) const;
    void insert(int unit, int position);
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
