#include "series.h"

#include "browse/digest.h"
#include "stats/statistics.h"

#include <QMap>
#include <QSet>

#include <cmath>
#include <limits>

namespace sense7::series {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
static_assert(digest::missing == -128 && digest::notApplicable == -127,
              "Conversation::value() spells the digest's codes out");

int dimensionCount(const Sample &sample)
{
    return int(sample.dimensions.size());
}

/** The lowest scale_min and highest scale_max of the sample's dimensions (1–5 when none). */
std::pair<double, double> scaleOf(const Sample &sample)
{
    if (sample.dimensions.isEmpty())
        return {1.0, 5.0};
    int lo = sample.dimensions.first().scaleMin;
    int hi = sample.dimensions.first().scaleMax;
    for (const Dimension &d : sample.dimensions) {
        lo = std::min(lo, d.scaleMin);
        hi = std::max(hi, d.scaleMax);
    }
    return {lo, hi};
}

/** Each conversation's cluster: its participant's number, its own position, or -1. */
QVector<int> clustersOf(const Sample &sample, Cluster cluster)
{
    QVector<int> result(sample.conversations.size(), -1);
    QHash<QString, int> participants;
    for (int i = 0; i < sample.conversations.size(); ++i) {
        if (cluster == Cluster::Conversation)
            result[i] = i;
        else if (cluster == Cluster::Participant)
            result[i] = participants.contains(sample.conversations[i].participant)
                ? participants.value(sample.conversations[i].participant)
                : participants.insert(sample.conversations[i].participant, int(participants.size()))
                      .value();
    }
    return result;
}

/**
 * I_x(a, b), the regularized incomplete beta function, by Lentz's continued fraction (with the
 * symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges faster).
 */
double incompleteBeta(double a, double b, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    if (x > (a + 1.0) / (a + b + 2.0))
        return 1.0 - incompleteBeta(b, a, 1.0 - x);
    constexpr double tiny = 1e-300;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b)
                                  + a * std::log(x) + b * std::log1p(-x))
        / a;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = std::abs(d) < tiny ? 1.0 / tiny : 1.0 / d;
    double f = d;
    for (int m = 1; m < 10000; ++m) {
        for (int step = 0; step < 2; ++step) {
            const double numerator = step == 0
                ? m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m))
                : -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
            d = 1.0 + numerator * d;
            d = std::abs(d) < tiny ? 1.0 / tiny : 1.0 / d;
            c = 1.0 + numerator / c;
            if (std::abs(c) < tiny)
                c = tiny;
            f *= c * d;
        }
        if (std::abs(c * d - 1.0) < 1e-16)
            break;
    }
    return front * f;
}

} // namespace

QString clusterKey(Cluster cluster)
{
    switch (cluster) {
    case Cluster::Participant:
        return QStringLiteral("participant");
    case Cluster::Conversation:
        return QStringLiteral("conversation");
    case Cluster::None:
        break;
    }
    return QStringLiteral("none");
}

std::optional<Cluster> clusterFromKey(const QString &key)
{
    for (const Cluster c : {Cluster::Participant, Cluster::Conversation, Cluster::None})
        if (clusterKey(c) == key)
            return c;
    return std::nullopt;
}

double tQuantile975(int df)
{
    df = std::max(1, df);
    // The upper tail of t at x is I_{df / (df + x²)}(df / 2, 1 / 2) / 2; find where it is 0.025.
    const auto tail = [df](double x) {
        return incompleteBeta(df / 2.0, 0.5, df / (df + x * x)) / 2.0;
    };
    double lo = 1.9, hi = 13.0; // t(0.975, 1) = 12.706, and it falls to 1.96
    for (int i = 0; i < 100 && hi - lo > 1e-13; ++i) {
        const double mid = (lo + hi) / 2.0;
        (tail(mid) > 0.025 ? lo : hi) = mid;
    }
    return (lo + hi) / 2.0;
}

std::optional<double> Conversation::turnMean(int position) const
{
    if (means.size() == assistantTurns && means.size() > 0) {
        if (position < 0 || position >= means.size() || std::isnan(means[position]))
            return std::nullopt;
        return means[position];
    }
    double sum = 0;
    int n = 0;
    for (int d = 0; d < values.size(); ++d)
        if (const auto v = value(d, position)) {
            sum += *v;
            ++n;
        }
    return n > 0 ? std::optional<double>(sum / n) : std::nullopt;
}

void Conversation::cacheTurnMeans()
{
    means.clear(); // turnMean() computes while the cache is not the right size
    QVector<double> cached(assistantTurns);
    for (int k = 0; k < assistantTurns; ++k)
        cached[k] = turnMean(k).value_or(nan);
    means = cached;
}

void Accumulator::add(double x, int unit)
{
    ++m_n;
    m_sum += x;
    m_squares += x * x;
    if (m_cluster == Cluster::None)
        return;
    // Ratings come conversation by conversation: most often the same cluster as the last one.
    if (m_units.empty() || m_units.back().unit != unit) {
        const auto it = m_index.constFind(unit);
        if (it == m_index.cend()) {
            m_index.insert(unit, int(m_units.size()));
            m_units.push_back({unit, 0, 0.0});
        } else if (*it != int(m_units.size()) - 1) {
            Sums &sums = m_units[size_t(*it)];
            ++sums.n;
            sums.sum += x;
            return;
        }
    }
    ++m_units.back().n;
    m_units.back().sum += x;
}

Estimate Accumulator::estimate(double scaleMin, double scaleMax) const
{
    Estimate e;
    e.ratings = m_n;
    double sum = m_sum, squares = m_squares;
    if (m_cluster == Cluster::None) {
        e.n = m_n;
    } else {
        e.n = int(m_units.size());
        sum = squares = 0.0;
        for (const Sums &unit : m_units) {
            const double mean = unit.sum / unit.n;
            sum += mean;
            squares += mean * mean;
        }
    }
    e.mean = e.n > 0 ? sum / e.n : nan;
    if (e.n < minimumIntervalN) {
        e.low = e.high = nan;
        return e;
    }
    const double variance = std::max(0.0, (squares - sum * sum / e.n) / (e.n - 1));
    const double half = tQuantile975(e.n - 1) * std::sqrt(variance / e.n);
    // A mean rating lies within the scale, and so does every value its interval stands for.
    e.low = std::clamp(e.mean - half, scaleMin, scaleMax);
    e.high = std::clamp(e.mean + half, scaleMin, scaleMax);
    return e;
}

Distribution distribution(const Sample &sample)
{
    Distribution result;
    const int dims = dimensionCount(sample);
    result.notApplicable.fill(0, dims);
    for (const Dimension &d : sample.dimensions)
        result.counts.append(QVector<int>(d.scaleMax - d.scaleMin + 1, 0));
    for (const Conversation &c : sample.conversations) {
        for (int d = 0; d < dims && d < c.values.size(); ++d) {
            const Dimension &dim = sample.dimensions[d];
            for (char byte : c.values[d]) {
                const auto v = qint8(byte);
                if (v == digest::notApplicable)
                    ++result.notApplicable[d];
                else if (v >= dim.scaleMin && v <= dim.scaleMax)
                    ++result.counts[d][v - dim.scaleMin];
            }
        }
    }
    return result;
}

Trajectory trajectory(const Sample &sample, int bins, Cluster cluster)
{
    bins = std::max(1, bins);
    const int dims = dimensionCount(sample);
    const QVector<int> units = clustersOf(sample, cluster);
    const auto [lo, hi] = scaleOf(sample);
    QVector<Accumulator> mean(bins, Accumulator(cluster));
    QVector<QVector<Accumulator>> perDimension(dims,
                                               QVector<Accumulator>(bins, Accumulator(cluster)));
    for (int i = 0; i < sample.conversations.size(); ++i) {
        const Conversation &c = sample.conversations[i];
        const int m = c.assistantTurns;
        for (int k = 0; k < m; ++k) {
            const int bin = std::min(bins - 1, int(std::floor((k + 0.5) / m * bins)));
            if (const auto t = c.turnMean(k))
                mean[bin].add(*t, units[i]);
            for (int d = 0; d < dims; ++d)
                if (const auto v = c.value(d, k))
                    perDimension[d][bin].add(*v, units[i]);
        }
    }
    Trajectory result;
    for (int b = 0; b < bins; ++b) {
        result.centres.append((b + 0.5) / bins);
        result.mean.append(mean[b].estimate(lo, hi));
    }
    for (int d = 0; d < dims; ++d) {
        QVector<Estimate> line;
        const Dimension &dim = sample.dimensions[d];
        for (int b = 0; b < bins; ++b)
            line.append(perDimension[d][b].estimate(dim.scaleMin, dim.scaleMax));
        result.dimensions.append(line);
    }
    return result;
}

namespace {

const QString &groupOf(const Conversation &c, GroupBy by)
{
    switch (by) {
    case GroupBy::Agent:
        return c.agent;
    case GroupBy::Participant:
        return c.participant;
    case GroupBy::Condition:
        return c.condition;
    case GroupBy::Context:
        break;
    }
    return c.group;
}

} // namespace

GroupMeans groupMeans(const Sample &sample, GroupBy by, Cluster cluster)
{
    const int dims = dimensionCount(sample);
    const QVector<int> units = clustersOf(sample, cluster);
    const auto [lo, hi] = scaleOf(sample);
    QMap<QString, QVector<Accumulator>> cells; // the last slot is the turn mean
    for (int i = 0; i < sample.conversations.size(); ++i) {
        const Conversation &c = sample.conversations[i];
        const QString &group = groupOf(c, by);
        auto it = cells.find(group);
        if (it == cells.end())
            it = cells.insert(group, QVector<Accumulator>(dims + 1, Accumulator(cluster)));
        for (int k = 0; k < c.assistantTurns; ++k) {
            for (int d = 0; d < dims; ++d)
                if (const auto v = c.value(d, k))
                    (*it)[d].add(*v, units[i]);
            if (const auto t = c.turnMean(k))
                (*it)[dims].add(*t, units[i]);
        }
    }
    GroupMeans result;
    for (auto it = cells.cbegin(); it != cells.cend(); ++it) {
        result.groups.append(it.key());
        QVector<Estimate> row;
        for (int d = 0; d < dims; ++d)
            row.append(it.value()[d].estimate(sample.dimensions[d].scaleMin,
                                              sample.dimensions[d].scaleMax));
        result.cells.append(row);
        result.overall.append(it.value()[dims].estimate(lo, hi));
    }
    return result;
}

QVector<GroupTest> groupTests(const Sample &sample, GroupBy by, Cluster cluster)
{
    const int dims = dimensionCount(sample);
    const QVector<int> units = clustersOf(sample, cluster);
    // Per dimension and group: the values, or per cluster the sum and count.
    QMap<QString, QVector<QMap<int, QPair<double, int>>>> byGroup;
    QMap<QString, QVector<std::vector<double>>> ratings;
    for (int i = 0; i < sample.conversations.size(); ++i) {
        const Conversation &c = sample.conversations[i];
        const QString &group = groupOf(c, by);
        auto &cell = byGroup[group];
        auto &values = ratings[group];
        cell.resize(dims);
        values.resize(dims);
        for (int k = 0; k < c.assistantTurns; ++k)
            for (int d = 0; d < dims; ++d)
                if (const auto v = c.value(d, k)) {
                    if (cluster == Cluster::None) {
                        values[d].push_back(*v);
                    } else {
                        auto &sums = cell[d][units[i]];
                        sums.first += *v;
                        ++sums.second;
                    }
                }
    }
    QVector<GroupTest> result;
    for (int d = 0; d < dims; ++d) {
        std::vector<std::vector<double>> groups;
        GroupTest test;
        for (auto it = ratings.cbegin(); it != ratings.cend(); ++it) {
            std::vector<double> values = it.value()[d];
            // A copy: a reference into value()'s temporary would dangle in the loop.
            const auto cells = byGroup.value(it.key());
            for (const auto &sums : cells[d])
                values.push_back(sums.first / sums.second);
            test.n += int(values.size());
            groups.push_back(std::move(values));
        }
        if (const auto kw = stats::kruskalWallis(groups)) {
            test.h = kw->h;
            test.df = kw->df;
            test.p = kw->p;
        }
        result.append(test);
    }
    return result;
}

BreakAligned breakAligned(const Sample &sample, int window, Cluster cluster)
{
    window = std::max(0, window);
    const QVector<int> units = clustersOf(sample, cluster);
    const auto [lo, hi] = scaleOf(sample);
    QVector<Accumulator> at(2 * window + 1, Accumulator(cluster));
    BreakAligned result;
    for (int i = 0; i < sample.conversations.size(); ++i) {
        const Conversation &c = sample.conversations[i];
        for (int f : c.flagged) {
            ++result.breaks;
            for (int k = -window; k <= window; ++k)
                if (const auto t = c.turnMean(f + k))
                    at[k + window].add(*t, units[i]);
        }
    }
    for (int k = -window; k <= window; ++k) {
        result.offsets.append(k);
        result.mean.append(at[k + window].estimate(lo, hi));
    }
    return result;
}

std::optional<double> spearmanFromCounts(const std::vector<std::vector<qint64>> &counts)
{
    const size_t levels = counts.size();
    std::vector<double> rowTotal(levels, 0.0);
    std::vector<double> columnTotal(levels, 0.0);
    double n = 0;
    for (size_t i = 0; i < levels; ++i)
        for (size_t j = 0; j < levels; ++j) {
            rowTotal[i] += double(counts[i][j]);
            columnTotal[j] += double(counts[i][j]);
            n += double(counts[i][j]);
        }
    if (n < 2)
        return std::nullopt;
    // Average rank of each level: the ranks below it plus the middle of its own run.
    const auto ranks = [levels](const std::vector<double> &totals) {
        std::vector<double> rank(levels);
        double below = 0;
        for (size_t i = 0; i < levels; ++i) {
            rank[i] = below + (totals[i] + 1) / 2;
            below += totals[i];
        }
        return rank;
    };
    const std::vector<double> rx = ranks(rowTotal);
    const std::vector<double> ry = ranks(columnTotal);
    const double meanRank = (n + 1) / 2;
    double sxy = 0, sxx = 0, syy = 0;
    for (size_t i = 0; i < levels; ++i) {
        sxx += rowTotal[i] * (rx[i] - meanRank) * (rx[i] - meanRank);
        syy += columnTotal[i] * (ry[i] - meanRank) * (ry[i] - meanRank);
        for (size_t j = 0; j < levels; ++j)
            sxy += double(counts[i][j]) * (rx[i] - meanRank) * (ry[j] - meanRank);
    }
    if (sxx <= 0 || syy <= 0)
        return std::nullopt;
    return sxy / std::sqrt(sxx * syy);
}

Correlation correlation(const Sample &sample)
{
    const int dims = dimensionCount(sample);
    int lo = std::numeric_limits<int>::max();
    int hi = std::numeric_limits<int>::min();
    for (const Dimension &d : sample.dimensions) {
        lo = std::min(lo, d.scaleMin);
        hi = std::max(hi, d.scaleMax);
    }
    Correlation result;
    result.rho = QVector<QVector<std::optional<double>>>(
        dims, QVector<std::optional<double>>(dims, std::nullopt));
    result.n = QVector<QVector<int>>(dims, QVector<int>(dims, 0));
    if (dims == 0)
        return result;
    const size_t levels = size_t(hi - lo) + 1;
    // Joint counts per pair of dimensions (a < b).
    std::vector<std::vector<std::vector<qint64>>> joint(
        size_t(dims * dims), std::vector<std::vector<qint64>>(levels, std::vector<qint64>(levels)));
    std::vector<int> present(static_cast<size_t>(dims));
    for (const Conversation &c : sample.conversations) {
        for (int k = 0; k < c.assistantTurns; ++k) {
            for (int d = 0; d < dims; ++d) {
                const auto v = c.value(d, k);
                present[size_t(d)] = v && *v >= lo && *v <= hi ? *v - lo : -1;
            }
            for (int a = 0; a < dims; ++a) {
                if (present[size_t(a)] < 0)
                    continue;
                for (int b = a + 1; b < dims; ++b)
                    if (present[size_t(b)] >= 0)
                        ++joint[size_t(a) * size_t(dims) + size_t(b)][size_t(present[size_t(a)])]
                               [size_t(present[size_t(b)])];
            }
        }
    }
    for (int a = 0; a < dims; ++a) {
        for (int b = a; b < dims; ++b) {
            if (a == b) {
                qint64 n = 0;
                for (const Conversation &c : sample.conversations)
                    for (int k = 0; k < c.assistantTurns; ++k)
                        n += c.value(a, k) ? 1 : 0;
                result.n[a][a] = int(n);
                result.rho[a][a] = n >= 2 ? std::optional<double>(1.0) : std::nullopt;
                continue;
            }
            const auto &counts = joint[size_t(a) * size_t(dims) + size_t(b)];
            qint64 n = 0;
            for (const auto &row : counts)
                for (qint64 x : row)
                    n += x;
            result.n[a][b] = result.n[b][a] = int(n);
            result.rho[a][b] = result.rho[b][a] = spearmanFromCounts(counts);
        }
    }
    return result;
}

QVector<continuity::RuleScore> detectionScores(const Sample &sample)
{
    QVector<continuity::RuleScore> total;
    for (const Conversation &c : sample.conversations) {
        QVector<continuity::Detection> detections;
        for (const auto &[position, rule] : c.detected)
            detections.append({position, position, rule, {}});
        QSet<qint64> flagged;
        for (int f : c.flagged)
            flagged.insert(f);
        continuity::accumulate(total, continuity::score(detections, flagged));
    }
    if (total.isEmpty())
        total = continuity::score({}, {});
    return total;
}

} // namespace sense7::series
