#include "live/assignment.h"

#include <QJsonArray>

#include <algorithm>
#include <random>

namespace sense7::live {

namespace {

/** SplitMix64's finaliser: spreads every bit of \a x over the result. */
quint64 splitmix64(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/**
 * 0..k-1 shuffled by Fisher–Yates driven by std::mt19937_64 (whose output the C++ standard
 * fixes), seeded with \a seed: the same everywhere.
 */
QVector<int> permutation(int k, quint64 seed)
{
    QVector<int> result(k);
    for (int i = 0; i < k; ++i)
        result[i] = i;
    std::mt19937_64 random(seed);
    for (int i = k - 1; i > 0; --i) {
        const int j = int(random() % quint64(i + 1));
        std::swap(result[i], result[j]);
    }
    return result;
}

// Distinct streams of the seed for the two uses.
constexpr quint64 blockStream = 0x626c6f636b000000ULL; // "block"
constexpr quint64 symbolStream = 0x73796d626f6c0000ULL; // "symbol"

} // namespace

QVector<QVector<int>> latinRows(int k)
{
    QVector<QVector<int>> rows;
    if (k <= 0)
        return rows;
    // Williams' first row: 0, 1, k-1, 2, k-2, 3, ...; row r adds r to every symbol (mod k).
    QVector<int> first;
    first.reserve(k);
    for (int low = 0, high = k - 1, j = 0; j < k; ++j)
        first.append(j == 0 ? 0 : (j % 2 == 1 ? ++low : high--));
    for (int r = 0; r < k; ++r) {
        QVector<int> row(k);
        for (int j = 0; j < k; ++j)
            row[j] = (first[j] + r) % k;
        rows.append(row);
    }
    if (k % 2 == 1) {
        // Odd k: no single square balances carry-over; the square with its rows reversed does.
        for (int r = 0; r < k; ++r) {
            QVector<int> row = rows[r];
            std::reverse(row.begin(), row.end());
            rows.append(row);
        }
    }
    return rows;
}

Assignment assign(const LivePlan &plan, int position)
{
    Assignment result;
    result.position = position;
    const int k = int(plan.conditions.size());
    if (k == 0 || position < 0)
        return result;
    if (plan.design == AssignmentDesign::Between) {
        const quint64 block = quint64(position / k);
        const QVector<int> order =
            permutation(k, splitmix64(plan.seed ^ blockStream) ^ splitmix64(block));
        result.conditions.append(plan.conditions.at(order.at(position % k)).key);
        return result;
    }
    const QVector<QVector<int>> rows = latinRows(k);
    const QVector<int> symbols = permutation(k, splitmix64(plan.seed ^ symbolStream));
    for (int symbol : rows.at(position % int(rows.size())))
        result.conditions.append(plan.conditions.at(symbols.at(symbol)).key);
    return result;
}

QJsonObject toJson(const Assignment &assignment)
{
    return {{QStringLiteral("position"), assignment.position},
            {QStringLiteral("conditions"), QJsonArray::fromStringList(assignment.conditions)}};
}

Assignment assignmentFromJson(const QJsonObject &json)
{
    Assignment result;
    result.position = json.value(QStringLiteral("position")).toInt();
    for (const QJsonValue key : json.value(QStringLiteral("conditions")).toArray())
        result.conditions.append(key.toString());
    return result;
}

} // namespace sense7::live
