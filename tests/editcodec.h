#pragma once

// An annotation Edit as one line of JSON, for the helper processes of the crash and concurrency
// tests: they print each change they make, and the test reads the changes back.

#include "edit.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sense7::test {

/** Undefined (absent) travels as [], any other value as [value]. */
inline QJsonArray wrapValue(const QJsonValue &value)
{
    return value.isUndefined() ? QJsonArray() : QJsonArray {value};
}

inline QJsonValue unwrapValue(const QJsonValue &wrapped)
{
    const QJsonArray array = wrapped.toArray();
    return array.isEmpty() ? QJsonValue(QJsonValue::Undefined) : array.at(0);
}

inline QByteArray encodeEdit(const Edit &edit)
{
    const QJsonObject json {{QStringLiteral("kind"), editKindKey(edit.kind)},
                            {QStringLiteral("subject"), double(edit.subjectId)},
                            {QStringLiteral("dimension"), double(edit.dimensionId)},
                            {QStringLiteral("annotator"), double(edit.annotatorId)},
                            {QStringLiteral("before"), wrapValue(edit.before)},
                            {QStringLiteral("after"), wrapValue(edit.after)}};
    return QJsonDocument(json).toJson(QJsonDocument::Compact);
}

inline std::optional<Edit> decodeEdit(const QByteArray &line)
{
    const QJsonObject json = QJsonDocument::fromJson(line).object();
    const auto kind = editKindFromKey(json.value(QStringLiteral("kind")).toString());
    if (!kind)
        return std::nullopt;
    Edit edit;
    edit.kind = *kind;
    edit.subjectId = qint64(json.value(QStringLiteral("subject")).toDouble());
    edit.dimensionId = qint64(json.value(QStringLiteral("dimension")).toDouble());
    edit.annotatorId = qint64(json.value(QStringLiteral("annotator")).toDouble());
    edit.before = unwrapValue(json.value(QStringLiteral("before")));
    edit.after = unwrapValue(json.value(QStringLiteral("after")));
    return edit;
}

} // namespace sense7::test
