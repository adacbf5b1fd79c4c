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
 * "YYYY-MM-DDTHH:MM:SS" (or a space for the "T"), with a fraction of a second or none, and "Z",
 * "+HH:MM", "-HH:MM" or no zone (UTC; \a zoned says which): the common shapes, as milliseconds
 * since the epoch, without Qt's general parser, which the million-conversation import would
 * feel. Anything else is left to it (nullopt).
 */
std::optional<qint64> isoMilliseconds(std::string_view text, bool *zoned)
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
    if (at < text.size() && text[at] == '.') { // 1 to 9 digits; milliseconds kept, not rounded
        std::size_t end = at + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9')
            ++end;
        const std::size_t count = end - at - 1;
        if (count < 1 || count > 9)
            return std::nullopt;
        for (std::size_t i = 0; i < 3; ++i)
            milli = milli * 10 + (i < count ? text[at + 1 + i] - '0' : 0);
        at = end;
    }
    *zoned = at < text.size();
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

// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the years ISO 8601 writes.
constexpr qint64 firstMs = -62135596800000LL;
constexpr qint64 lastMs = 253402300799999LL;

/** \a ms since 1970 as a time; invalid outside the years 1 to 9999. */
QDateTime fromMilliseconds(qint64 ms)
{
    if (ms < firstMs || ms > lastMs)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

/** \a t, or invalid when it falls outside the years 1 to 9999 in UTC. */
QDateTime withinYears(const QDateTime &t)
{
    if (!t.isValid())
        return {};
    const qint64 ms = t.toMSecsSinceEpoch();
    return ms < firstMs || ms > lastMs ? QDateTime() : t;
}

/** MongoDB's {"$date": {"$numberLong": "ms"}}, {"$date": ms} or {"$date": "ISO 8601"}. */
QDateTime mongoDate(const Json &date)
{
    const bool wrapped = date.is_object();
    const Json &ms = wrapped ? child(date, "$numberLong") : date;
    if (ms.is_number()) {
        const double n = ms.get<double>();
        return std::fabs(n) < 1e18 ? fromMilliseconds(qint64(std::llround(n))) : QDateTime();
    }
    if (!ms.is_string())
        return {};
    if (!wrapped)
        return fromTimeText(ms.get_ref<const std::string &>());
    bool ok = false;
    const qint64 n = qs(ms.get<std::string>()).toLongLong(&ok);
    return ok ? fromMilliseconds(n) : QDateTime();
}

/** Whether \a text is blank: spaces and tabs only, or nothing. */
bool blank(std::string_view text)
{
    return text.find_first_not_of(" \t") == std::string_view::npos;
}

} // namespace

QDateTime fromEpochNumber(double n)
{
    const double size = std::fabs(n);
    if (!std::isfinite(n) || size >= 1e20)
        return {};
    const double ms = size < 1e11 ? n * 1000.0 : size < 1e14 ? n : size < 1e17 ? n / 1e3 : n / 1e6;
    return fromMilliseconds(qint64(std::llround(ms)));
}

QDateTime fromTimeText(std::string_view text, Qt::TimeSpec naive)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    if (text.empty())
        return {};
    bool zoned = false;
    if (const auto ms = isoMilliseconds(text, &zoned)) {
        QDateTime t = fromMilliseconds(*ms);
        if (t.isValid() && !zoned && naive != Qt::UTC)
            t = withinYears(QDateTime(t.date(), t.time(), naive));
        return t;
    }
    QString written = QString::fromUtf8(text.data(), qsizetype(text.size()));
    // A count since 1970 written as text is 10^8 or more (March 1973 onwards in seconds):
    // smaller ones ("2024", "12", "20240301") are no time anyone wrote that way.
    bool number = false;
    const double n = written.toDouble(&number);
    if (number)
        return std::fabs(n) >= 1e8 ? fromEpochNumber(n) : QDateTime();
    if (written.size() > 10 && written.at(10) == QLatin1Char(' '))
        written[10] = QLatin1Char('T');
    QDateTime t = fromIso(written);
    if (t.isValid() && t.timeSpec() == Qt::LocalTime && naive != Qt::LocalTime)
        t.setTimeSpec(naive);
    return withinYears(t);
}

QDateTime readTime(const Json &value, QString &written)
{
    if (value.is_null() || (value.is_string() && blank(value.get_ref<const std::string &>())))
        return {};
    QDateTime t;
    if (value.is_number()) {
        t = fromEpochNumber(value.get<double>());
    } else if (value.is_string()) {
        t = fromTimeText(value.get_ref<const std::string &>());
    } else if (const Json &date = child(value, "$date"); !date.is_null()) {
        t = mongoDate(date);
    }
    if (!t.isValid())
        written = value.is_string() ? qs(value.get<std::string>()) : qs(value.dump());
    return t;
}

QDateTime readTime(simdjson::dom::element value, QString &written)
{
    double n = 0;
    std::string_view text;
    if (value.is_null())
        return {};
    if (value.get_string().get(text) == simdjson::SUCCESS) {
        if (blank(text))
            return {};
        QDateTime t = fromTimeText(text);
        if (!t.isValid())
            written = QString::fromUtf8(text.data(), qsizetype(text.size()));
        return t;
    }
    if (value.is_number() && value.get_double().get(n) == simdjson::SUCCESS) {
        QDateTime t = fromEpochNumber(n);
        if (!t.isValid())
            written = QString::fromStdString(simdjson::minify(value));
        return t;
    }
    // {"$date": …} and anything else: rare, read as the reference reading reads them.
    return readTime(Json::parse(simdjson::minify(value)), written);
}

} // namespace sense7::import
