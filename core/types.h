#pragma once

#include "keys.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QString>
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
    int cells = 0; // assistant turns x turn-level dimensions
    double ratedShare = 0.0; // ratedCells / cells
};

/** A classifier's ratings of one turn and how they came about (see Store::recordPrediction). */
struct Prediction
{
    qint64 turnId = 0;
    qint64 annotatorId = 0;
    QString promptHash;
    QHash<qint64, std::optional<int>> values; // dimension id -> rating, nullopt = not applicable
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
