#pragma once

#include "keys.h"

#include <QJsonValue>
#include <QString>

#include <optional>

namespace sense7 {

/**
 * Where a journaled change came from. Only Edit, Undo and Redo belong to a person's undo
 * history; Data is what imports, the demo and scripts write.
 */
enum class Origin { Data, Edit, Undo, Redo };
template<>
struct KeyTable<Origin>
{
    static const KeyEntry<Origin> entries[4];
};
inline QString originKey(Origin origin)
{
    return keyOf(origin);
}
inline std::optional<Origin> originFromKey(const QString &key)
{
    return fromKey<Origin>(key);
}

/**
 * One change a person makes while annotating, as the undo history keeps it: what it applies to,
 * and the value before and after. Values are JSON: undefined means absent (no rating, no flag,
 * no note), null means "not applicable" for a rating, a number is a rating, an object is a flag
 * ({"reason", "refers_to", "note"}) or a form's answers, a string is a note.
 */
struct Edit
{
    enum class Kind { Rating, ConversationRating, Flag, Note, Context, Profile };

    Kind kind = Kind::Rating;
    qint64 subjectId = 0; // turn (Rating, Flag, Note), conversation or participant
    qint64 dimensionId = 0; // Rating, ConversationRating
    qint64 annotatorId = 0;
    QJsonValue before = QJsonValue::Undefined;
    QJsonValue after = QJsonValue::Undefined;

    /** The edit that takes this one back. */
    Edit reversed() const;
    bool isNoOp() const { return before == after; }
    friend bool operator==(const Edit &a, const Edit &b);
};

template<>
struct KeyTable<Edit::Kind>
{
    static const KeyEntry<Edit::Kind> entries[6];
};
inline QString editKindKey(Edit::Kind kind)
{
    return keyOf(kind);
}
inline std::optional<Edit::Kind> editKindFromKey(const QString &key)
{
    return fromKey<Edit::Kind>(key);
}

/** An edit read back from the journal, with the way it was made. */
struct JournalEntry
{
    Edit edit;
    Origin origin = Origin::Edit;
};

} // namespace sense7
