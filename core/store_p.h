#pragma once

// Helpers the store's files share: JSON and time as the tables hold them. Only store*.cpp use it.

#include "sqlite.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

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
