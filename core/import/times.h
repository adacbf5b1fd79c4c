#pragma once

// Times as exports write them: numbers since 1970 in any of four units, ISO 8601 text, MongoDB's
// {"$date": …}. A value that is there but is no time is left empty and counted, so that the
// import's summary says so instead of dropping it without a word.

#include "imported.h"
#include "readerutil.h"

#include <QDateTime>

#include <simdjson.h>
#include <string_view>

namespace sense7::import {

/**
 * A number of seconds, milliseconds, microseconds or nanoseconds since 1970, told apart by size:
 * under 10^11 (the year 5138 in seconds) it is seconds, under 10^14 milliseconds, under 10^17
 * microseconds, else nanoseconds. Invalid when not finite or outside the years 1 to 9999.
 */
QDateTime fromEpochNumber(double n);

/**
 * ISO 8601 ("2024-03-01T09:30:00Z"; a space may stand for the "T"), or a number of 10^8 or
 * more written as text, as fromEpochNumber(). A time without a zone is in \a naive (UTC unless
 * told). Invalid when it is neither, or outside the years 1 to 9999.
 */
QDateTime fromTimeText(std::string_view text, Qt::TimeSpec naive = Qt::UTC);

/**
 * The time \a value gives: a number, text, or MongoDB's {"$date": …} (whose "$numberLong" is
 * milliseconds). Null, absent or blank text: invalid, and \a written stays null. Anything else
 * that is no time: invalid, and \a written is set to the value as written.
 */
QDateTime readTime(const Json &value, QString &written);
/** The same, for a value simdjson parsed. */
QDateTime readTime(simdjson::dom::element value, QString &written);

/**
 * readTime(), counting a value that is there but is no time in \a c for the import's summary,
 * with where it was: \a where() (called only for the first such value).
 */
template<typename Value, typename Where>
QDateTime timeOf(const Value &value, ImportedConversation &c, const Where &where)
{
    QString written;
    QDateTime t = readTime(value, written);
    if (!written.isNull() && c.timesUnread++ == 0)
        c.firstUnreadTime = QStringLiteral("%1: \"%2\"").arg(where(), written.left(60));
    return t;
}

} // namespace sense7::import
