#include "times.h"

#include <cmath>
#include <optional>

namespace sense7::import {

namespace {

/** The digits at \a at of \a text as a number, or -1 unless all \a count are digits. */
int digits(std::string_view text, std::size_t at, std::size_t count)
{
    int n = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        const char ch = text[i];
        if (ch < '0' || ch > '9')
            return -1;
        n = n * 10 + (ch - '0');
    }
    return n;
}

/**
 * "YYYY-MM-DDTHH:MM:SS" (or a space for the "T"), with milliseconds or none, and "Z", "+HH:MM",
 * "-HH:MM" or no zone (UTC): the common shapes, as milliseconds since the epoch, without Qt's
 * general parser, which the million-conversation import would feel. Anything else is left to it
 * (nullopt).
 */
std::optional<qint64> isoMilliseconds(std::string_view text)
{
    if (text.size() < 19 || text[4] != '-' || text[7] != '-' || (text[10] != 'T' && text[10] != ' ')
        || text[13] != ':' || text[16] != ':')
        return std::nullopt;
    const int year = digits(text, 0, 4), month = digits(text, 5, 2), day = digits(text, 8, 2);
    const int hour = digits(text, 11, 2), minute = digits(text, 14, 2),
              second = digits(text, 17, 2);
    if (year < 1 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0
        || minute > 59 || second < 0 || second > 59)
        return std::nullopt;
    static const int monthDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > monthDays[month - 1] + (month == 2 && leap ? 1 : 0))
        return std::nullopt;
    std::size_t at = 19;
    int milli = 0;
    if (at < text.size() && text[at] == '.') {
        if (text.size() < at + 4 || (milli = digits(text, at + 1, 3)) < 0
            || (text.size() > at + 4 && text[at + 4] >= '0' && text[at + 4] <= '9'))
            return std::nullopt;
        at += 4;
    }
    int offset = 0; // minutes east of UTC
    if (at < text.size()) {
        if (text[at] == 'Z' && at + 1 == text.size()) {
        } else if ((text[at] == '+' || text[at] == '-') && text.size() == at + 6
                   && text[at + 3] == ':') {
            const int h = digits(text, at + 1, 2), mm = digits(text, at + 4, 2);
            if (h < 0 || h > 14 || mm < 0 || mm > 59)
                return std::nullopt;
            offset = (h * 60 + mm) * (text[at] == '-' ? -1 : 1);
        } else {
            return std::nullopt;
        }
    }
    // Days since the epoch of a civil date (H. Hinnant's algorithm).
    const int y = year - (month <= 2 ? 1 : 0);
    const int era = y / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const qint64 days = qint64(era) * 146097 + doe - 719468;
    return ((days * 24 + hour) * 60 + minute - offset) * 60000 + qint64(second) * 1000 + milli;
}

} // namespace

QDateTime fromEpochNumber(double n)
{
    const double size = std::fabs(n);
    if (!std::isfinite(n) || size >= 1e20)
        return {};
    const double ms = size < 1e11 ? n * 1000.0 : size < 1e14 ? n : size < 1e17 ? n / 1e3 : n / 1e6;
    return QDateTime::fromMSecsSinceEpoch(qint64(std::llround(ms)), Qt::UTC);
}

QDateTime fromTimeText(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    if (text.empty())
        return {};
    if (const auto ms = isoMilliseconds(text))
        return QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC);
    QString written = QString::fromUtf8(text.data(), qsizetype(text.size()));
    bool number = false;
    const double n = written.toDouble(&number);
    if (number)
        return fromEpochNumber(n);
    if (written.size() > 10 && written.at(10) == QLatin1Char(' '))
        written[10] = QLatin1Char('T');
    QDateTime t = fromIso(written);
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t;
}

void countUnreadTime(ImportedConversation &c, const QString &where, const QString &written)
{
    if (c.timesUnread++ == 0)
        c.firstUnreadTime = QStringLiteral("%1: \"%2\"").arg(where, written.left(60));
}

QDateTime timeOf(const Json &value, ImportedConversation &c, const QString &where)
{
    if (value.is_null())
        return {};
    QDateTime t;
    if (value.is_number()) {
        t = fromEpochNumber(value.get<double>());
    } else if (value.is_string()) {
        const std::string &text = value.get_ref<const std::string &>();
        if (text.find_first_not_of(" \t") == std::string::npos)
            return {};
        t = fromTimeText(text);
    } else if (const Json &date = child(value, "$date"); !date.is_null()) {
        const Json &ms = child(date, "$numberLong");
        if (ms.is_number()) {
            if (const double n = ms.get<double>(); std::fabs(n) < 1e17)
                t = QDateTime::fromMSecsSinceEpoch(qint64(n), Qt::UTC);
        } else if (ms.is_string()) {
            bool ok = false;
            const qint64 n = stringAt(date, "$numberLong").toLongLong(&ok);
            if (ok)
                t = QDateTime::fromMSecsSinceEpoch(n, Qt::UTC);
        } else if (!date.is_object()) {
            ImportedConversation ignored;
            t = timeOf(date, ignored, where);
        }
    }
    if (!t.isValid())
        countUnreadTime(c, where,
                        value.is_string() ? qs(value.get<std::string>()) : qs(value.dump()));
    return t;
}

} // namespace sense7::import
