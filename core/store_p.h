#pragma once

// Helpers the store's files share: JSON and time as the tables hold them. Only store*.cpp use it.

#include "sqlite.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace sense7::storage {

inline QByteArray toJson(const QJsonObject &object)
{
    if (object.isEmpty()) // most turns: skip the serializer
        return QByteArrayLiteral("{}");
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

/**
 * Writes \a when as "YYYY-MM-DDTHH:MM:SS.mmmZ", as Qt::ISODateWithMs writes UTC times, but
 * without its formatting machinery: imports write one per turn, and QDateTime::toString was a
 * tenth of the import. False for years outside 0-9999, which the caller formats with Qt.
 */
inline bool isoUtc(const QDateTime &when, char (&text)[24])
{
    const qint64 ms = when.toMSecsSinceEpoch();
    qint64 days = ms >= 0 ? ms / 86400000 : (ms - 86399999) / 86400000;
    qint64 rest = ms - days * 86400000;
    // Days to civil date (H. Hinnant's algorithm).
    days += 719468;
    const qint64 era = (days >= 0 ? days : days - 146096) / 146097;
    const qint64 doe = days - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const qint64 day = doy - (153 * mp + 2) / 5 + 1;
    const qint64 month = mp < 10 ? mp + 3 : mp - 9;
    const qint64 year = yoe + era * 400 + (month <= 2);
    if (year < 0 || year > 9999)
        return false;
    const qint64 hour = rest / 3600000;
    rest %= 3600000;
    const qint64 minute = rest / 60000;
    rest %= 60000;
    const qint64 second = rest / 1000;
    const qint64 milli = rest % 1000;
    const auto put = [&text](int at, qint64 value, int width) {
        for (int i = width - 1; i >= 0; --i, value /= 10)
            text[at + i] = char('0' + value % 10);
    };
    put(0, year, 4);
    text[4] = '-';
    put(5, month, 2);
    text[7] = '-';
    put(8, day, 2);
    text[10] = 'T';
    put(11, hour, 2);
    text[13] = ':';
    put(14, minute, 2);
    text[16] = ':';
    put(17, second, 2);
    text[19] = '.';
    put(20, milli, 3);
    text[23] = 'Z';
    return true;
}

inline QString timestamp(const QDateTime &when)
{
    if (!when.isValid())
        return {};
    char text[24];
    if (!isoUtc(when, text))
        return when.toUTC().toString(Qt::ISODateWithMs);
    return QString::fromLatin1(text, 24);
}

inline QJsonObject parseObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

inline QDateTime parseTime(const QString &text)
{
    return text.isEmpty() ? QDateTime() : QDateTime::fromString(text, Qt::ISODateWithMs);
}

/**
 * The milliseconds since 1970 of a time in the form the store writes (isoUtc()'s
 * "YYYY-MM-DDTHH:MM:SS.mmmZ", years 1 to 9999); nothing for any other text. Such times order as
 * their text does.
 */
inline std::optional<qint64> isoUtcMilliseconds(QByteArrayView text)
{
    const auto digits = [&text](int at, int width, int &value) {
        value = 0;
        for (int i = at; i < at + width; ++i) {
            const char c = text[i];
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + (c - '0');
        }
        return true;
    };
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, milli = 0;
    const bool shaped = text.size() == 24 && text[4] == '-' && text[7] == '-' && text[10] == 'T'
        && text[13] == ':' && text[16] == ':' && text[19] == '.' && text[23] == 'Z'
        && digits(0, 4, year) && digits(5, 2, month) && digits(8, 2, day) && digits(11, 2, hour)
        && digits(14, 2, minute) && digits(17, 2, second) && digits(20, 3, milli);
    if (!shaped || year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59
        || second > 59)
        return std::nullopt;
    static constexpr int monthDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > monthDays[month - 1] + (month == 2 && leap ? 1 : 0))
        return std::nullopt;
    // Civil date to days since 1970-01-01 (H. Hinnant's algorithm), isoUtc()'s inverse.
    const qint64 y = year - (month <= 2 ? 1 : 0);
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const qint64 days = era * 146097 + doe - 719468;
    return ((days * 24 + hour) * 60 + minute) * 60000 + qint64(second) * 1000 + milli;
}

/**
 * Reads a time as the store writes it without Qt's parser, which was a tenth of reading 500,000
 * conversations' summaries; any other text goes to parseTime(), so the result is always
 * QDateTime::fromString()'s.
 */
inline QDateTime parseIsoUtc(QByteArrayView text)
{
    if (const auto ms = isoUtcMilliseconds(text))
        return QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC);
    return text.isEmpty() ? QDateTime() : parseTime(QString::fromUtf8(text));
}

inline qint64 count(sql::Connection &db, const char *sql)
{
    return db.pragmaInt(sql);
}

/**
 * \a cells (Store::requiredTurnCells()) as a JSON array of [dimension id, role key] pairs, for
 * SQLite's json_each(): the statements that count what the protocol asks to be rated bind it.
 */
QByteArray requiredCellsJson(const QVector<QPair<qint64, QString>> &cells);

} // namespace sense7::storage
