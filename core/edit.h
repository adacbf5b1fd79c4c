#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace sense7 {

/**
 * Where a journaled change came from. Only Edit, Undo and Redo belong to a person's undo
 * history; Data is what imports, the demo and scripts write.
 */
enum class Origin { Data, Edit, Undo, Redo };
QString originKey(Origin origin);
std::optional<Origin> originFromKey(const QString &key);

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

QString editKindKey(Edit::Kind kind);
std::optional<Edit::Kind> editKindFromKey(const QString &key);

/** An edit read back from the journal, with the way it was made. */
struct JournalEntry
{
    Edit edit;
    Origin origin = Origin::Edit;
};

} // namespace sense7
