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

/**
 * Each conversation's cluster: its participant's number (in the order first seen), its own
 * position, or -1.
 */
QVector<int> clustersOf(const Sample &sample, Cluster cluster)
{
    QVector<int> result(sample.size(), -1);
    for (int i = 0; i < sample.size(); ++i) {
        if (cluster == Cluster::Conversation)
            result[i] = i;
        else if (cluster == Cluster::Participant)
            result[i] = sample.rows[size_t(i)].participant;
    }
    return result;
}

/**
 * The conversations in the order to add their values in: cluster by cluster (in the order the
 * clusters first come, each one's conversations in sample order) with Cluster::Participant, so
 * that an Accumulator finds the cluster it added to last instead of looking it up for every
 * value; the sample's order otherwise (a conversation is a cluster of its own). Values added
 * with Accumulator::add(x, unit, conversation) give the estimates of the sample's order.
 */
std::vector<int> addingOrder(const Sample &sample, Cluster cluster)
{
    std::vector<int> order(size_t(sample.size()));
    if (cluster != Cluster::Participant) {
        for (int i = 0; i < sample.size(); ++i)
            order[size_t(i)] = i;
        return order;
    }
    std::vector<int> start(size_t(sample.participants.size()) + 1, 0);
    for (const Sample::Row &r : sample.rows)
        ++start[size_t(r.participant) + 1];
    for (size_t p = 1; p < start.size(); ++p)
        start[p] += start[p - 1];
    for (int i = 0; i < sample.size(); ++i)
        order[size_t(start[size_t(sample.rows[size_t(i)].participant)]++)] = i;
    return order;
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

int Names::intern(const QString &name)
{
    return intern(QByteArrayView(name.toUtf8()));
}

int Names::intern(QByteArrayView utf8)
{
    // A few names (assistants, task types) are compared in turn; many are hashed. The bytes are
    // looked up as they are and copied only when new.
    constexpr size_t few = 16;
    if (m_utf8.size() <= few) {
        for (size_t i = 0; i < m_utf8.size(); ++i)
            if (QByteArrayView(m_utf8[i]) == utf8)
                return int(i);
    } else {
        const auto it = m_index.constFind(QByteArray::fromRawData(utf8.data(), utf8.size()));
        if (it != m_index.cend())
            return *it;
    }
    const int index = int(m_names.size());
    m_names.append(QString::fromUtf8(utf8));
    m_utf8.push_back(utf8.toByteArray());
    if (m_utf8.size() > few) {
        if (m_index.isEmpty())
            for (size_t i = 0; i < m_utf8.size(); ++i)
                m_index.insert(m_utf8[i], int(i));
        else
            m_index.insert(m_utf8.back(), index);
    }
    return index;
}

void Sample::append(const Conversation &c)
{
    const qsizetype dims = dimensions.size();
    Row r;
    r.id = c.id;
    r.participant = participants.intern(c.participant);
    r.agent = agents.intern(c.agent);
    r.condition = conditions.intern(c.condition);
    r.group = groups.intern(c.group);
    r.assistantTurns = c.assistantTurns;
    r.width = std::max(0, c.assistantTurns);
    for (qsizetype d = 0; d < dims && d < c.values.size(); ++d)
        r.width = std::max(r.width, int(c.values[d].size()));
    r.first = qint64(means.size());
    values.resize(size_t((r.first + r.width) * dims), qint8(digest::missing));
    for (qsizetype d = 0; d < dims && d < c.values.size(); ++d)
        for (int k = 0; k < c.values[d].size(); ++k)
            values[size_t((r.first + k) * dims + d)] = qint8(c.values[d].at(k));
    for (int k = 0; k < r.width; ++k)
        means.push_back(c.turnMean(k).value_or(nan));
    r.firstFlag = int(flagged.size());
    r.flags = int(c.flagged.size());
    flagged.insert(flagged.end(), c.flagged.cbegin(), c.flagged.cend());
    r.firstDetection = int(detected.size());
    r.detections = int(c.detected.size());
    detected.insert(detected.end(), c.detected.cbegin(), c.detected.cend());
    rows.push_back(r);
}

Conversation Sample::conversation(int i) const
{
    const Row &r = rows[size_t(i)];
    Conversation c;
    c.id = r.id;
    c.participant = participant(i);
    c.agent = agent(i);
    c.condition = condition(i);
    c.group = group(i);
    c.assistantTurns = r.assistantTurns;
    const qsizetype dims = dimensions.size();
    for (qsizetype d = 0; d < dims; ++d) {
        QByteArray row(r.width, char(digest::missing));
        for (int k = 0; k < r.width; ++k)
            row[k] = char(values[size_t((r.first + k) * dims + d)]);
        c.values.append(row);
    }
    for (int f = 0; f < r.flags; ++f)
        c.flagged.append(flagged[size_t(r.firstFlag) + size_t(f)]);
    for (int d = 0; d < r.detections; ++d)
        c.detected.append(detected[size_t(r.firstDetection) + size_t(d)]);
    if (r.assistantTurns > 0)
        for (int k = 0; k < r.assistantTurns; ++k)
            c.means.append(means[size_t(r.first + k)]);
    return c;
}

void Sample::computeMeans()
{
    const qsizetype dims = dimensions.size();
    means.assign(rows.empty() ? 0 : size_t(rows.back().first + rows.back().width), nan);
    for (const Row &r : rows) {
        // As Conversation::cacheTurnMeans() leaves them: with assistant turns, none after them.
        const int upTo = r.assistantTurns > 0 ? std::min(r.width, r.assistantTurns) : r.width;
        for (int k = 0; k < upTo; ++k) {
            const qint8 *turn = values.data() + (r.first + k) * dims;
            double sum = 0;
            int n = 0;
            for (qsizetype d = 0; d < dims; ++d)
                if (turn[d] != digest::missing && turn[d] != digest::notApplicable) {
                    sum += turn[d];
                    ++n;
                }
            if (n > 0)
                means[size_t(r.first + k)] = sum / n;
        }
    }
}

int Accumulator::slotOf(int unit) const
{
    if (m_slots.empty())
        return -1;
    const size_t mask = m_slots.size() / 2 - 1;
    for (size_t i = size_t(quint32(quint32(unit) * 2654435761u)) & mask;; i = (i + 1) & mask) {
        if (m_slots[2 * i + 1] < 0)
            return -1;
        if (m_slots[2 * i] == unit)
            return m_slots[2 * i + 1];
    }
}

void Accumulator::insert(int unit, int position)
{
    // Keys and positions in pairs; a position of -1 marks a free slot. At most half full.
    if (size_t(position + 1) * 4 > m_slots.size()) {
        std::vector<int> old =
            std::exchange(m_slots, std::vector<int>(std::max<size_t>(32, m_slots.size() * 2), -1));
        for (size_t i = 0; i + 1 < old.size(); i += 2)
            if (old[i + 1] >= 0)
                insert(old[i], old[i + 1]);
    }
    const size_t mask = m_slots.size() / 2 - 1;
    size_t i = size_t(quint32(quint32(unit) * 2654435761u)) & mask;
    while (m_slots[2 * i + 1] >= 0)
        i = (i + 1) & mask;
    m_slots[2 * i] = unit;
    m_slots[2 * i + 1] = position;
}

void Accumulator::add(double x, int unit, qint64 order)
{
    add(x, unit);
    if (m_cluster == Cluster::None)
        return;
    m_ordered = true;
    // add() left the cluster's sums last when they are new or were last already; else find them.
    Sums &sums = m_units.back().unit == unit ? m_units.back() : m_units[size_t(slotOf(unit))];
    if (sums.first < 0 || order < sums.first)
        sums.first = order;
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
        const int position = slotOf(unit);
        if (position < 0) {
            insert(unit, int(m_units.size()));
            m_units.push_back({unit, 0, 0.0});
        } else if (position != int(m_units.size()) - 1) {
            Sums &sums = m_units[size_t(position)];
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
        std::vector<const Sums *> units;
        units.reserve(m_units.size());
        for (const Sums &unit : m_units)
            units.push_back(&unit);
        if (m_ordered)
            std::sort(units.begin(), units.end(),
                      [](const Sums *x, const Sums *y) { return x->first < y->first; });
        for (const Sums *unit : units) {
            const double mean = unit->sum / unit->n;
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
    if (dims == 0)
        return result;
    // Every stored byte (a conversation's rating rows whole): turn by turn, dimension by
    // dimension; the missing ones fill shorter rows and count nowhere.
    std::vector<std::vector<qint64>> counts(size_t(dims), std::vector<qint64>(256));
    const qint8 *byte = sample.values.data();
    const qint8 *const end = byte + sample.values.size();
    while (byte < end)
        for (int d = 0; d < dims; ++d)
            ++counts[size_t(d)][size_t(quint8(*byte++))];
    for (int d = 0; d < dims; ++d) {
        const Dimension &dim = sample.dimensions[d];
        result.notApplicable[d] = int(counts[size_t(d)][quint8(digest::notApplicable)]);
        for (int v = dim.scaleMin; v <= dim.scaleMax; ++v)
            if (v > digest::notApplicable && v <= 127)
                result.counts[d][v - dim.scaleMin] = int(counts[size_t(d)][quint8(qint8(v))]);
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
    for (const int i : addingOrder(sample, cluster)) {
        const Sample::Row &c = sample.rows[size_t(i)];
        const int m = c.assistantTurns;
        for (int k = 0; k < m; ++k) {
            const int bin = std::min(bins - 1, int(std::floor((k + 0.5) / m * bins)));
            if (const auto t = sample.turnMean(i, k))
                mean[bin].add(*t, units[i], i);
            for (int d = 0; d < dims; ++d)
                if (const auto v = sample.value(i, d, k))
                    perDimension[d][bin].add(*v, units[i], i);
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

/** The names a sample groups by, and each conversation's group among them. */
std::pair<const Names *, int Sample::Row::*> groupsOf(const Sample &sample, GroupBy by)
{
    switch (by) {
    case GroupBy::Agent:
        return {&sample.agents, &Sample::Row::agent};
    case GroupBy::Participant:
        return {&sample.participants, &Sample::Row::participant};
    case GroupBy::Condition:
        return {&sample.conditions, &Sample::Row::condition};
    case GroupBy::Context:
        break;
    }
    return {&sample.groups, &Sample::Row::group};
}

/** The groups that occur, sorted by name (the order a QMap of their names gives). */
std::vector<int> sortedGroups(const Sample &sample, const Names &names, int Sample::Row::*member)
{
    std::vector<bool> seen(size_t(names.size()), false);
    for (const Sample::Row &r : sample.rows)
        seen[size_t(r.*member)] = true;
    std::vector<int> result;
    for (int g = 0; g < names.size(); ++g)
        if (seen[size_t(g)])
            result.push_back(g);
    std::sort(result.begin(), result.end(),
              [&](int x, int y) { return names.name(x) < names.name(y); });
    return result;
}

} // namespace

GroupMeans groupMeans(const Sample &sample, GroupBy by, Cluster cluster)
{
    const int dims = dimensionCount(sample);
    const QVector<int> units = clustersOf(sample, cluster);
    const auto [lo, hi] = scaleOf(sample);
    const auto [names, member] = groupsOf(sample, by);
    // Per group, the dimensions' accumulators and last the turn mean's.
    std::vector<QVector<Accumulator>> cells(size_t(names->size()));
    for (const int i : addingOrder(sample, cluster)) {
        const Sample::Row &c = sample.rows[size_t(i)];
        QVector<Accumulator> &cell = cells[size_t(c.*member)];
        if (cell.isEmpty())
            cell = QVector<Accumulator>(dims + 1, Accumulator(cluster));
        for (int k = 0; k < c.assistantTurns; ++k) {
            for (int d = 0; d < dims; ++d)
                if (const auto v = sample.value(i, d, k))
                    cell[d].add(*v, units[i], i);
            if (const auto t = sample.turnMean(i, k))
                cell[dims].add(*t, units[i], i);
        }
    }
    GroupMeans result;
    for (const int g : sortedGroups(sample, *names, member)) {
        result.groups.append(names->name(g));
        const QVector<Accumulator> &cell = cells[size_t(g)];
        QVector<Estimate> row;
        for (int d = 0; d < dims; ++d)
            row.append(
                cell[d].estimate(sample.dimensions[d].scaleMin, sample.dimensions[d].scaleMax));
        result.cells.append(row);
        result.overall.append(cell[dims].estimate(lo, hi));
    }
    return result;
}

QVector<GroupTest> groupTests(const Sample &sample, GroupBy by, Cluster cluster)
{
    const int dims = dimensionCount(sample);
    const QVector<int> units = clustersOf(sample, cluster);
    const auto [names, member] = groupsOf(sample, by);
    // Per group and dimension: the values, or per cluster the sum and count (sums of whole
    // ratings: exact in any order).
    std::vector<std::vector<QMap<int, QPair<double, int>>>> byGroup(
        size_t(names->size()), std::vector<QMap<int, QPair<double, int>>>(size_t(dims)));
    std::vector<std::vector<std::vector<double>>> ratings(
        size_t(names->size()), std::vector<std::vector<double>>(size_t(dims)));
    std::vector<double> sum(static_cast<size_t>(dims));
    std::vector<int> n(static_cast<size_t>(dims));
    for (int i = 0; i < sample.size(); ++i) {
        const Sample::Row &c = sample.rows[size_t(i)];
        const size_t group = size_t(c.*member);
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(n.begin(), n.end(), 0);
        for (int k = 0; k < c.assistantTurns; ++k)
            for (int d = 0; d < dims; ++d)
                if (const auto v = sample.value(i, d, k)) {
                    if (cluster == Cluster::None) {
                        ratings[group][size_t(d)].push_back(*v);
                    } else {
                        sum[size_t(d)] += *v;
                        ++n[size_t(d)];
                    }
                }
        if (cluster != Cluster::None)
            for (int d = 0; d < dims; ++d)
                if (n[size_t(d)] > 0) {
                    auto &sums = byGroup[group][size_t(d)][units[i]];
                    sums.first += sum[size_t(d)];
                    sums.second += n[size_t(d)];
                }
    }
    const std::vector<int> order = sortedGroups(sample, *names, member);
    QVector<GroupTest> result;
    for (int d = 0; d < dims; ++d) {
        std::vector<std::vector<double>> groups;
        GroupTest test;
        for (const int g : order) {
            std::vector<double> values = ratings[size_t(g)][size_t(d)];
            for (const auto &sums : byGroup[size_t(g)][size_t(d)])
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
    for (const int i : addingOrder(sample, cluster)) {
        const Sample::Row &c = sample.rows[size_t(i)];
        for (int f = c.firstFlag; f < c.firstFlag + c.flags; ++f) {
            const int flagged = sample.flagged[size_t(f)];
            ++result.breaks;
            for (int k = -window; k <= window; ++k)
                if (const auto t = sample.turnMean(i, flagged + k))
                    at[k + window].add(*t, units[i], i);
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
    const size_t dimensions = size_t(dims);
    // Joint counts per pair of dimensions (a < b), in one array: [a][b][value of a][value of b].
    std::vector<qint64> joint(dimensions * dimensions * levels * levels);
    std::vector<int> present(dimensions);
    std::vector<qint64> rated(dimensions);
    for (int i = 0; i < sample.size(); ++i) {
        const Sample::Row &r = sample.rows[size_t(i)];
        for (int k = 0; k < r.assistantTurns && k < r.width; ++k) {
            const qint8 *turn = sample.values.data() + (r.first + k) * dims;
            for (size_t d = 0; d < dimensions; ++d) {
                const qint8 v = turn[d]; // small numbers, and the two negative marks
                const bool isValue = v != digest::missing && v != digest::notApplicable;
                rated[d] += isValue ? 1 : 0;
                present[d] = isValue && v >= lo && v <= hi ? v - lo : -1;
            }
            for (size_t a = 0; a < dimensions; ++a) {
                if (present[a] < 0)
                    continue;
                qint64 *row =
                    joint.data() + (a * dimensions * levels + size_t(present[a])) * levels;
                for (size_t b = a + 1; b < dimensions; ++b)
                    if (present[b] >= 0)
                        ++row[b * levels * levels + size_t(present[b])];
            }
        }
    }
    for (int a = 0; a < dims; ++a) {
        for (int b = a; b < dims; ++b) {
            if (a == b) {
                const qint64 n = rated[size_t(a)];
                result.n[a][a] = int(n);
                result.rho[a][a] = n >= 2 ? std::optional<double>(1.0) : std::nullopt;
                continue;
            }
            std::vector<std::vector<qint64>> counts(levels, std::vector<qint64>(levels));
            for (size_t x = 0; x < levels; ++x)
                for (size_t y = 0; y < levels; ++y)
                    counts[x][y] =
                        joint[((size_t(a) * dimensions + size_t(b)) * levels + x) * levels + y];
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
    // continuity::score() over each conversation, summed, as counts: per rule (and any rule),
    // the distinct positions it fired on, how many of those were flagged, and the flags.
    QVector<continuity::RuleScore> total = continuity::score({}, {});
    std::vector<int> flagged;
    std::vector<int> fired;
    for (const Sample::Row &c : sample.rows) {
        // A conversation without flags or detections adds nothing to any count.
        if (c.flags == 0 && c.detections == 0)
            continue;
        flagged.assign(sample.flagged.cbegin() + c.firstFlag,
                       sample.flagged.cbegin() + c.firstFlag + c.flags);
        std::sort(flagged.begin(), flagged.end());
        flagged.erase(std::unique(flagged.begin(), flagged.end()), flagged.end());
        for (continuity::RuleScore &score : total) {
            fired.clear();
            for (int d = c.firstDetection; d < c.firstDetection + c.detections; ++d) {
                const auto &[position, rule] = sample.detected[size_t(d)];
                if (!score.rule || *score.rule == rule)
                    fired.push_back(position);
            }
            std::sort(fired.begin(), fired.end());
            fired.erase(std::unique(fired.begin(), fired.end()), fired.end());
            score.detected += int(fired.size());
            score.flagged += int(flagged.size());
            for (const int position : fired)
                score.hits +=
                    std::binary_search(flagged.cbegin(), flagged.cend(), position) ? 1 : 0;
        }
    }
    return total;
}

} // namespace sense7::series
