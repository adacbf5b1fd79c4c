#pragma once

#include "browse/filter.h"
#include "stats/series.h"

namespace sense7 {
class Store;
}

namespace sense7::browse {

/**
 * The self ratings of the conversations \a filter selects, from their digests, on the turn-level
 * dimensions of the protocol's instrument \a instrumentKey (its primary one when empty; none when
 * the protocol has no such instrument). Each conversation's group is
 * the value of the context form field \a contextField. Digests are read as they are: refresh them
 * first (digest::refresh) for up-to-date numbers.
 */
series::Sample loadSample(const Store &store, const Filter &filter,
                          const QString &contextField = QStringLiteral("task_type"),
                          const QString &instrumentKey = {});

/** Distinct values for the filter bar's choices. */
QStringList participantCodes(const Store &store);
QStringList agents(const Store &store);
/** The condition keys live conversations were held with, sorted; empty without any. */
QStringList conditions(const Store &store);
/**
 * The session each turn of a live conversation belongs to: the turn index at which each sitting
 * began, in order (the first is normally 0). Empty for an imported conversation.
 */
QVector<int> sessionFirstTurns(const Store &store, qint64 conversationId);
/** The 1-based session of the turn at \a turnIndex given sessionFirstTurns(); 0 when none. */
int sessionOf(const QVector<int> &firstTurns, int turnIndex);
/**
 * The pseudo context field that groups chart 7 by the live conversations' condition instead of a
 * context field's value (no form field key starts with a colon).
 */
inline const QString conditionGroup = QStringLiteral(":condition");
/**
 * The keys found in conversations' context objects with a plain value (text, number, true or
 * false): the context form's fields and whatever importers stored (ESConv's "emotion_type"),
 * sorted.
 */
QStringList contextKeys(const Store &store);
/** The distinct values of a context field across conversations. */
QStringList contextValues(const Store &store, const QString &field);

} // namespace sense7::browse
