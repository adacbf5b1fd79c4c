#include "retest.h"

#include <QRandomGenerator64>

#include <algorithm>
#include <cmath>

namespace sense7::retest {

QVector<qint64> choose(const QVector<qint64> &candidates, int percent, quint64 seed)
{
    if (candidates.isEmpty() || percent <= 0)
        return {};
    const int wanted =
        std::clamp(int(std::lround(candidates.size() * std::min(percent, 100) / 100.0)), 1,
                   int(candidates.size()));
    QVector<qint64> pool = candidates;
    std::sort(pool.begin(), pool.end()); // the input order must not change the choice
    pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
    QRandomGenerator64 random(seed);
    // A partial Fisher-Yates shuffle: the first `wanted` places are the choice.
    const int n = std::min(wanted, int(pool.size()));
    for (int i = 0; i < n; ++i) {
        const int j = i + int(random.bounded(quint64(pool.size() - i)));
        std::swap(pool[i], pool[j]);
    }
    pool.resize(n);
    return pool;
}

bool isDue(int completed, int every, int lastMilestone)
{
    return every > 0 && completed > 0 && completed >= lastMilestone + every;
}

} // namespace sense7::retest
