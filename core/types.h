#pragma once

#include "keys.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace sense7 {

enum class Role { User, Assistant, System, Tool };
template<>
struct KeyTable<Role>
{
    static const KeyEntry<Role> entries[4];
};
inline QString roleKey(Role role)
{
    return keyOf(role);
}
inline std::optional<Role> roleFromKey(const QString &key)
{
    return fromKey<Role>(key);
}

enum class AnnotatorKind { Self, Observer, Model };
template<>
struct KeyTable<AnnotatorKind>
{
    static const KeyEntry<AnnotatorKind> entries[3];
};
inline QString annotatorKindKey(AnnotatorKind kind)
{
    return keyOf(kind);
}
inline std::optional<AnnotatorKind> annotatorKindFromKey(const QString &key)
{
    return fromKey<AnnotatorKind>(key);
}

/**
 * One rating as the data set holds it: unset (no rating), "not applicable", or a value on the
 * dimension's scale. The store, the edits and the importer speak this type; JSON is only the form
 * an Edit and the journal keep it in (toJson(), fromJson()).
 */
class Rating
{
public:
    /** Unset: no rating. */
    constexpr Rating() = default;
    /** A value on the scale; implicit, so a number can be passed where a rating is asked for. */
    constexpr Rating(int value) // NOLINT(google-explicit-constructor)
        : m_state(State::Value)
        , m_value(value)
    { }

    static constexpr Rating unset() { return {}; }
    static constexpr Rating notApplicable() { return Rating(State::NotApplicable); }
    static constexpr Rating of(int value) { return Rating(value); }
    /** A value or "not applicable" (std::nullopt), as imported files and classifiers give one. */
    static constexpr Rating orNotApplicable(std::optional<int> value)
    {
        return value ? Rating(*value) : notApplicable();
    }

    constexpr bool isSet() const { return m_state != State::Unset; }
    constexpr bool isNotApplicable() const { return m_state == State::NotApplicable; }
    constexpr bool hasValue() const { return m_state == State::Value; }
    /** The value on the scale; 0 unless hasValue(). */
    constexpr int value() const { return m_value; }
    /** The value when there is one; std::nullopt for unset and "not applicable". */
    constexpr std::optional<int> number() const
    {
        return hasValue() ? std::optional<int>(m_value) : std::nullopt;
    }

    /** As an Edit holds it: undefined (unset), null (not applicable) or a number. */
    QJsonValue toJson() const;
    /** The rating \a json holds in Edit's form; std::nullopt when it holds none (text, 2.5). */
    static std::optional<Rating> fromJson(const QJsonValue &json);

    friend constexpr bool operator==(const Rating &a, const Rating &b)
    {
        return a.m_state == b.m_state && a.m_value == b.m_value;
    }
    friend constexpr bool operator!=(const Rating &a, const Rating &b) { return !(a == b); }

private:
    enum class State : quint8 { Unset, NotApplicable, Value };
    constexpr explicit Rating(State state)
        : m_state(state)
    { }

    State m_state = State::Unset;
    int m_value = 0;
};

/** The reasons a participant can give for a continuity break (DESIGN.md, "Continuity breaks"). */
enum class BreakReason {
    ForgotContext,
    ContradictedItself,
    RepeatedItself,
    IgnoredInstruction,
    LostThread,
    TechnicalFailure,
    Other
};
template<>
struct KeyTable<BreakReason>
{
    static const KeyEntry<BreakReason> entries[7];
};
inline QStringList breakReasonKeys()
{
    return keysOf<BreakReason>();
}
/** The translated label of a break reason's key; an unknown key as it is. */
QString breakReasonLabel(const QString &key);

struct Annotator
{
    qint64 id = 0;
    QString code; // "self", an observer's code, or a model name
    AnnotatorKind kind = AnnotatorKind::Self;
};

struct Participant
{
    qint64 id = 0;
    QString code; // a pseudonym, never a name
    QJsonObject profile;
    QDateTime createdAt;
    /** Their pseudonym when it came with their data (a bundle); empty: derived from code and
     * createdAt (identity::pseudonym()). */
    QString pseudonym;
};

struct Turn
{
    qint64 id = 0;
    qint64 conversationId = 0;
    int index = 0;
    Role role = Role::User;
    QString text;
    QDateTime createdAt;
    QJsonObject meta;
};

struct Conversation
{
    qint64 id = 0;
    qint64 participantId = 0;
    QString sourceFormat;
    QString sourceId;
    QString agent;
    QString title;
    QDateTime startedAt;
    QJsonObject context;
    QString contentHash;
    /** The stand-in an anonymised bundle carries for contentHash (identity.h); the content hash
     * itself when the conversation arrived anonymised. Filled in when written when empty. */
    QString anonymisedHash;
    QJsonObject provenance; // where an imported conversation came from (file, format, bundle)
    QString condition; // the live condition's key (LivePlan); empty for imported conversations
};

/** One row of the conversation list: ids plus what a person needs to choose a conversation. */
struct ConversationSummary
{
    qint64 id = 0;
    QString participant;
    QString agent;
    QString title;
    QDateTime startedAt;
    int turns = 0;
    int assistantTurns = 0;
    int ratedCells = 0; // ratings present, "not applicable" included
    int cells = 0; // what the protocol asks to be rated: Store::requiredTurnCells() per turn
    double ratedShare = 0.0; // ratedCells / cells
    QString condition; // the live condition's key; empty for imported conversations
};

/** The live conditions assigned to a participant (live/assignment.h, Store::assignConditions). */
struct Assignment
{
    int position = 0; // how many participants were assigned before this one
    QStringList conditions; // the condition keys in the order the participant meets them

    bool operator==(const Assignment &other) const
    {
        return position == other.position && conditions == other.conditions;
    }
    bool operator!=(const Assignment &other) const { return !(*this == other); }
};

/** One sitting of a live conversation: from the turn it began at until it ended. */
struct LiveSession
{
    qint64 id = 0;
    qint64 conversationId = 0;
    QDateTime startedAt, endedAt; // endedAt invalid while the session is open
    int firstTurnIndex = 0;
    /** Begun on this data set's machine, not taken from another copy (a sync, a bundle). */
    bool begunHere = true;
};

/** A classifier's ratings of one turn and how they came about (see Store::recordPrediction). */
struct Prediction
{
    qint64 turnId = 0;
    qint64 annotatorId = 0;
    QString promptHash;
    QHash<qint64, Rating> values; // dimension id -> rating
    QByteArray reply; // the reply's content as received
    qint64 elapsedMs = 0;
    int attempts = 1;
};

struct TurnFlag
{
    qint64 id = 0;
    qint64 turnId = 0;
    qint64 annotatorId = 0;
    QString kind = QStringLiteral("continuity_break");
    QString reason;
    std::optional<qint64> refersToTurnId;
    QString note;
};

/** A flag as an Edit holds it: {"reason", "refers_to", "note"}, without the empty ones. */
QJsonObject flagToJson(const TurnFlag &flag);
TurnFlag flagFromJson(const QJsonObject &json, qint64 turnId, qint64 annotatorId);

/** Stable content hash of a conversation's turns: role and text, in order. */
QString contentHash(const QString &sourceFormat, const QVector<Turn> &turns);

} // namespace sense7

// Every member is a number or one of Qt's implicitly shared types: a list of 500,000 summaries
// grows by moving its memory at once instead of moving and destroying each summary in turn.
Q_DECLARE_TYPEINFO(sense7::ConversationSummary, Q_RELOCATABLE_TYPE);
