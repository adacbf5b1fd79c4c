#include "series.h"

#include "browse/digest.h"

#include <QMap>
#include <QSet>

#include <cmath>
#include <limits>

namespace sense7::series {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double z95 = 1.959963984540054;
static_assert(digest::missing == -128 && digest::notApplicable == -127,
              "Conversation::value() spells the digest's codes out");

int dimensionCount(const Sample &sample)
{
    return int(sample.dimensions.size());
}

} // namespace

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

Estimate Accumulator::estimate() const
{
    Estimate e;
    e.n = m_n;
    e.mean = m_n > 0 ? m_sum / m_n : nan;
    if (m_n < 2) {
        e.low = e.high = nan;
        return e;
    }
    const double variance = std::max(0.0, (m_squares - m_sum * m_sum / m_n) / (m_n - 1));
    const double half = z95 * std::sqrt(variance / m_n);
    e.low = e.mean - half;
    e.high = e.mean + half;
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

Trajectory trajectory(const Sample &sample, int bins)
{
    bins = std::max(1, bins);
    const int dims = dimensionCount(sample);
    QVector<Accumulator> mean(bins);
    QVector<QVector<Accumulator>> perDimension(dims, QVector<Accumulator>(bins));
    for (const Conversation &c : sample.conversations) {
        const int m = c.assistantTurns;
        for (int k = 0; k < m; ++k) {
            const int bin = std::min(bins - 1, int(std::floor((k + 0.5) / m * bins)));
            if (const auto t = c.turnMean(k))
                mean[bin].add(*t);
            for (int d = 0; d < dims; ++d)
                if (const auto v = c.value(d, k))
                    perDimension[d][bin].add(*v);
        }
    }
    Trajectory result;
    for (int b = 0; b < bins; ++b) {
        result.centres.append((b + 0.5) / bins);
        result.mean.append(mean[b].estimate());
    }
    for (int d = 0; d < dims; ++d) {
        QVector<Estimate> line;
        for (int b = 0; b < bins; ++b)
            line.append(perDimension[d][b].estimate());
        result.dimensions.append(line);
    }
    return result;
}

GroupMeans groupMeans(const Sample &sample, GroupBy by)
{
    const int dims = dimensionCount(sample);
    QMap<QString, QVector<Accumulator>> cells; // the last slot is the turn mean
    for (const Conversation &c : sample.conversations) {
        const QString &group = by == GroupBy::Agent ? c.agent
            : by == GroupBy::Participant            ? c.participant
                                                    : c.group;
        auto it = cells.find(group);
        if (it == cells.end())
            it = cells.insert(group, QVector<Accumulator>(dims + 1));
        for (int k = 0; k < c.assistantTurns; ++k) {
            for (int d = 0; d < dims; ++d)
                if (const auto v = c.value(d, k))
                    (*it)[d].add(*v);
            if (const auto t = c.turnMean(k))
                (*it)[dims].add(*t);
        }
    }
    GroupMeans result;
    for (auto it = cells.cbegin(); it != cells.cend(); ++it) {
        result.groups.append(it.key());
        QVector<Estimate> row;
        for (int d = 0; d < dims; ++d)
            row.append(it.value()[d].estimate());
        result.cells.append(row);
        result.overall.append(it.value()[dims].estimate());
    }
    return result;
}

BreakAligned breakAligned(const Sample &sample, int window)
{
    window = std::max(0, window);
    QVector<Accumulator> at(2 * window + 1);
    BreakAligned result;
    for (const Conversation &c : sample.conversations) {
        for (int f : c.flagged) {
            ++result.breaks;
            for (int k = -window; k <= window; ++k)
                if (const auto t = c.turnMean(f + k))
                    at[k + window].add(*t);
        }
    }
    for (int k = -window; k <= window; ++k) {
        result.offsets.append(k);
        result.mean.append(at[k + window].estimate());
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
