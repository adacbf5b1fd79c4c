#pragma once

// Times as exports write them: numbers since 1970 in any of four units, ISO 8601 text, MongoDB's
// {"$date": …}. A value that is there but is no time is left empty and counted, so that the
// import's summary says so instead of dropping it without a word.

#include "imported.h"
#include "readerutil.h"

#include <QDateTime>

#include <string_view>

namespace sense7::import {

/**
 * A number of seconds, milliseconds, microseconds or nanoseconds since 1970, told apart by size:
 * under 10^11 (the year 5138 in seconds) it is seconds, under 10^14 milliseconds, under 10^17
 * microseconds, else nanoseconds. Invalid when not finite or beyond nanoseconds' range.
 */
QDateTime fromEpochNumber(double n);

/**
 * ISO 8601 ("2024-03-01T09:30:00Z"; a space may stand for the "T"; no zone means UTC), or a
 * number written as text, as fromEpochNumber(). Invalid when it is neither.
 */
QDateTime fromTimeText(std::string_view text);

/**
 * The time \a value gives: a number, text, or MongoDB's {"$date": …} (whose "$numberLong" is
 * milliseconds). Null, absent or empty text: invalid, and nothing said. Anything else that is no
 * time: invalid, and counted in \a c with \a where for the import's summary.
 */
QDateTime timeOf(const Json &value, ImportedConversation &c, const QString &where);

/** Counts a time that was there but could not be read, written as \a written, at \a where. */
void countUnreadTime(ImportedConversation &c, const QString &where, const QString &written);

} // namespace sense7::import
