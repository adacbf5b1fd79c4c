#pragma once

#include "browse/filter.h"

#include <QDateTime>
#include <QHash>

namespace sense7 {
class Store;
}

namespace sense7::browse {

/** How the browser's table is sorted; ties go by conversation id in the same direction. */
struct Order
{
    enum class Key { Participant, Agent, Task, Date, Turns, Flagged, Detected, Mean, Condition };
    Key key = Key::Date;
    qint64 dimensionId = 0; // the dimension whose mean sorts, for Key::Mean
    bool ascending = false;
};

/** One conversation as the browser's table shows it, from its digest. */
struct PageRow
{
    qint64 id = 0;
    QString participant;
    QString agent;
    QString condition; // the live condition's key; empty for an imported conversation
    QString task; // the context form's task_type value
    QString title;
    QDateTime startedAt;
    int turns = 0;
    int flagged = 0;
    int detected = 0;
    QHash<qint64, double> means; // dimension id -> mean self rating; absent when unrated
};

/** The ids of the conversations \a filter selects, in id order. */
QVector<qint64> conversationIds(const Store &store, const Filter &filter);

/** How many conversations \a filter selects. */
qint64 count(const Store &store, const Filter &filter);

/**
 * The conversations \a filter selects, in \a order, from \a offset on, at most \a limit of them:
 * one query. Digests are read as they are (digest::refresh).
 */
QVector<PageRow> page(const Store &store, const Filter &filter, const Order &order, qint64 offset,
                      int limit);

} // namespace sense7::browse
