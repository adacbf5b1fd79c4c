#pragma once

#include "continuity/detection.h"
#include "taxonomy.h"

#include <QByteArray>
#include <QStringList>
#include <QVector>

#include <optional>
#include <vector>

/**
 * The numbers behind the aggregate charts, as pure functions over a Sample: the self ratings of a
 * filtered set of conversations (browse::loadSample reads one from a data set). Widgets only draw
 * what these return. Intervals are normal-approximation 95% intervals of a mean, mean ± 1.96·s/√n,
 * treating turns as independent; they are absent (NaN) below two values.
 */
namespace sense7::series {

/** One conversation of a sample. */
struct Conversation
{
    qint64 id = 0;
    QString participant;
    QString agent;
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

/** A mean with its 95% interval; mean is NaN when n is 0, the interval NaN when n < 2. */
struct Estimate
{
    int n = 0;
    double mean = 0.0;
    double low = 0.0;
    double high = 0.0;
    bool defined() const { return n > 0; }
};

/** Running sums for an Estimate. */
class Accumulator
{
public:
    void add(double x)
    {
        ++m_n;
        m_sum += x;
        m_squares += x * x;
    }
    Estimate estimate() const;

private:
    int m_n = 0;
    double m_sum = 0.0;
    double m_squares = 0.0;
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
Trajectory trajectory(const Sample &sample, int bins = 10);

/** 3, 4 and 7. Means per group and dimension. */
enum class GroupBy { Agent, Participant, Context };
struct GroupMeans
{
    QStringList groups; // sorted; "" is the group of conversations without a value
    QVector<QVector<Estimate>> cells; // [group][dimension]
    QVector<Estimate> overall; // [group]: turn means
};
GroupMeans groupMeans(const Sample &sample, GroupBy by);

/** 5. Turn means from \a window turns before to \a window turns after each flagged break. */
struct BreakAligned
{
    QVector<int> offsets; // -window .. window; 0 is the flagged turn
    QVector<Estimate> mean;
    int breaks = 0;
};
BreakAligned breakAligned(const Sample &sample, int window = 3);

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
