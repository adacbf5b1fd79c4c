#pragma once

#include "keys.h"

#include <QDate>
#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QVariantList>
#include <QVector>

/**
 * Which conversations a researcher is looking at: the browser's filter bar, the aggregate charts
 * and the exports share it. Every part narrows the set; an empty part does not.
 */
namespace sense7::browse {

enum class Breaks { Any, Flagged, Detected, None };
} // namespace sense7::browse

template<>
struct sense7::KeyTable<sense7::browse::Breaks>
{
    static const KeyEntry<browse::Breaks> entries[4];
};

namespace sense7::browse {

struct RatingRange
{
    qint64 dimensionId = 0;
    double min = 1.0; // the conversation's mean self rating on the dimension, inclusive
    double max = 5.0;
    bool operator==(const RatingRange &o) const
    {
        return dimensionId == o.dimensionId && min == o.min && max == o.max;
    }
};

struct Filter
{
    QStringList participants; // participant codes
    QStringList agents;
    QStringList conditions; // condition keys of live conversations
    QStringList taskTypes; // values of the context form's task_type
    QMap<QString, QStringList> context; // any context key (an importer's too) -> its values
    QDate from; // started on or after; invalid: no lower bound
    QDate to; // started on or before; invalid: no upper bound
    QVector<RatingRange> ranges;
    Breaks breaks = Breaks::Any;
    QString text; // a substring of some turn's text, any script

    bool isEmpty() const;
    bool operator==(const Filter &o) const;
    bool operator!=(const Filter &o) const { return !(*this == o); }
    QJsonObject toJson() const;
};

/** A WHERE condition and its bound values. */
struct Condition
{
    QString sql;
    QVariantList binds;
};

/**
 * The tables a filtered query reads: conversation c (c.condition: the live condition's key, null
 * for imported conversations), participant p and conversation_digest d
 * (left-joined; null before the digest is built).
 */
QString fromClause();
/** How where() phrases the rating ranges: both select the same conversations. */
enum class Shape {
    /** As sets of conversations read from the index of means: best to count or when few match. */
    Sets,
    /** As a lookup per conversation: best to walk conversations in an order until a page fills. */
    Probes,
};

/**
 * The full-text index's query for \a text (trimmed): its characters as one phrase; empty when
 * it has fewer than the three characters the index's trigrams need.
 */
QString indexPhrase(const QString &text);

/**
 * A query of the ids of the conversations with a turn whose text holds \a text (trimmed; not
 * empty), each once.
 */
Condition textConversations(const QString &text);

/** The condition on fromClause() that selects \a filter's conversations ("1" for none). */
Condition where(const Filter &filter, Shape shape = Shape::Sets);

} // namespace sense7::browse
