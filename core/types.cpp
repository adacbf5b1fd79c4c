#include "types.h"

// XXH3-128: a fast, well-tested fingerprint. Duplicate detection needs no cryptographic strength,
// and a SHA-256 over every imported message was a fifth of the import time.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace sense7 {

QString roleKey(Role role)
{
    switch (role) {
    case Role::User:
        return QStringLiteral("user");
    case Role::Assistant:
        return QStringLiteral("assistant");
    case Role::System:
        return QStringLiteral("system");
    case Role::Tool:
        return QStringLiteral("tool");
    }
    return {};
}

std::optional<Role> roleFromKey(const QString &key)
{
    for (Role role : {Role::User, Role::Assistant, Role::System, Role::Tool}) {
        if (roleKey(role) == key)
            return role;
    }
    return std::nullopt;
}

QString annotatorKindKey(AnnotatorKind kind)
{
    switch (kind) {
    case AnnotatorKind::Self:
        return QStringLiteral("self");
    case AnnotatorKind::Observer:
        return QStringLiteral("observer");
    case AnnotatorKind::Model:
        return QStringLiteral("model");
    }
    return {};
}

std::optional<AnnotatorKind> annotatorKindFromKey(const QString &key)
{
    for (AnnotatorKind kind :
         {AnnotatorKind::Self, AnnotatorKind::Observer, AnnotatorKind::Model}) {
        if (annotatorKindKey(kind) == key)
            return kind;
    }
    return std::nullopt;
}

QJsonValue Rating::toJson() const
{
    switch (m_state) {
    case State::Unset:
        return QJsonValue::Undefined;
    case State::NotApplicable:
        return QJsonValue::Null;
    case State::Value:
        return m_value;
    }
    return QJsonValue::Undefined;
}

std::optional<Rating> Rating::fromJson(const QJsonValue &json)
{
    if (json.isUndefined())
        return Rating();
    if (json.isNull())
        return notApplicable();
    if (json.isDouble() && json.toDouble() == double(json.toInt()))
        return Rating(json.toInt());
    return std::nullopt;
}

QStringList breakReasonKeys()
{
    return {QStringLiteral("forgot_context"),
            QStringLiteral("contradicted_itself"),
            QStringLiteral("repeated_itself"),
            QStringLiteral("ignored_instruction"),
            QStringLiteral("lost_thread"),
            QStringLiteral("technical_failure"),
            QStringLiteral("other")};
}

QString contentHash(const QString &sourceFormat, const QVector<Turn> &turns)
{
    // Over UTF-16LE code units, as QString holds them (every supported platform is
    // little-endian), so no text is converted just to be hashed.
    XXH3_state_t *state = XXH3_createState();
    XXH3_128bits_reset(state);
    const auto add = [state](const QString &text) {
        XXH3_128bits_update(state, text.utf16(), std::size_t(text.size()) * sizeof(char16_t));
    };
    const QString fieldSeparator(QChar(0x1f));
    const QString recordSeparator(QChar(0x1e));
    add(sourceFormat);
    for (const Turn &turn : turns) {
        add(recordSeparator);
        add(roleKey(turn.role));
        add(fieldSeparator);
        add(turn.text);
    }
    const XXH128_hash_t hash = XXH3_128bits_digest(state);
    XXH3_freeState(state);
    return QStringLiteral("%1%2")
        .arg(quint64(hash.high64), 16, 16, QLatin1Char('0'))
        .arg(quint64(hash.low64), 16, 16, QLatin1Char('0'));
}

} // namespace sense7

namespace sense7 {

QJsonObject flagToJson(const TurnFlag &flag)
{
    QJsonObject json;
    if (!flag.reason.isEmpty())
        json.insert(QStringLiteral("reason"), flag.reason);
    if (flag.refersToTurnId)
        json.insert(QStringLiteral("refers_to"), double(*flag.refersToTurnId));
    if (!flag.note.isEmpty())
        json.insert(QStringLiteral("note"), flag.note);
    return json;
}

TurnFlag flagFromJson(const QJsonObject &json, qint64 turnId, qint64 annotatorId)
{
    TurnFlag flag;
    flag.turnId = turnId;
    flag.annotatorId = annotatorId;
    flag.reason = json.value(QStringLiteral("reason")).toString();
    if (json.value(QStringLiteral("refers_to")).isDouble())
        flag.refersToTurnId = qint64(json.value(QStringLiteral("refers_to")).toDouble());
    flag.note = json.value(QStringLiteral("note")).toString();
    return flag;
}

} // namespace sense7
