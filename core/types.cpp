#include "types.h"

// XXH3-128: a fast, well-tested fingerprint. Duplicate detection needs no cryptographic strength,
// and a SHA-256 over every imported message was a fifth of the import time.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace sense7 {

const KeyEntry<Role> KeyTable<Role>::entries[4] = {
    {Role::User, "user", QT_TRANSLATE_NOOP("sense7::keys", "You")},
    {Role::Assistant, "assistant", QT_TRANSLATE_NOOP("sense7::keys", "Assistant")},
    {Role::System, "system", QT_TRANSLATE_NOOP("sense7::keys", "System")},
    {Role::Tool, "tool", QT_TRANSLATE_NOOP("sense7::keys", "Tool")},
};

const KeyEntry<AnnotatorKind> KeyTable<AnnotatorKind>::entries[3] = {
    {AnnotatorKind::Self, "self", QT_TRANSLATE_NOOP("sense7::keys", "Participant (self)")},
    {AnnotatorKind::Observer, "observer", QT_TRANSLATE_NOOP("sense7::keys", "Observer")},
    {AnnotatorKind::Model, "model", QT_TRANSLATE_NOOP("sense7::keys", "Model")},
};

const KeyEntry<BreakReason> KeyTable<BreakReason>::entries[7] = {
    {BreakReason::ForgotContext, "forgot_context",
     QT_TRANSLATE_NOOP("sense7::keys", "Forgot earlier context")},
    {BreakReason::ContradictedItself, "contradicted_itself",
     QT_TRANSLATE_NOOP("sense7::keys", "Contradicted itself")},
    {BreakReason::RepeatedItself, "repeated_itself",
     QT_TRANSLATE_NOOP("sense7::keys", "Repeated itself")},
    {BreakReason::IgnoredInstruction, "ignored_instruction",
     QT_TRANSLATE_NOOP("sense7::keys", "Ignored an instruction")},
    {BreakReason::LostThread, "lost_thread", QT_TRANSLATE_NOOP("sense7::keys", "Lost the thread")},
    {BreakReason::TechnicalFailure, "technical_failure",
     QT_TRANSLATE_NOOP("sense7::keys", "Technical failure")},
    {BreakReason::Other, "other", QT_TRANSLATE_NOOP("sense7::keys", "Other")},
};

QString breakReasonLabel(const QString &key)
{
    const auto reason = fromKey<BreakReason>(key);
    return reason ? labelOf(*reason) : key;
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
