#pragma once

#include <QString>

namespace sense7 {

/**
 * \a value as one CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A
 * NUL character (a JSON file's "\u0000" kept as imported) becomes U+FFFD: CSV has no way to
 * write it, and R and spreadsheets stop reading a file at a NUL byte.
 */
inline QString csvField(const QString &value)
{
    if (value.contains(QChar::Null)) {
        QString replaced = value;
        replaced.replace(QChar::Null, QChar::ReplacementCharacter);
        return csvField(replaced);
    }
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"'))
        && !value.contains(QLatin1Char('\n')) && !value.contains(QLatin1Char('\r')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QString(QLatin1Char('"') + quoted + QLatin1Char('"'));
}

} // namespace sense7
