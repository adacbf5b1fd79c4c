#include "edit.h"

#include <QStringList>

namespace sense7 {

const KeyEntry<Origin> KeyTable<Origin>::entries[4] = {
    {Origin::Data, "data"},
    {Origin::Edit, "edit"},
    {Origin::Undo, "undo"},
    {Origin::Redo, "redo"},
};

const KeyEntry<Edit::Kind> KeyTable<Edit::Kind>::entries[6] = {
    {Edit::Kind::Rating, "rating"},   {Edit::Kind::ConversationRating, "conversation_rating"},
    {Edit::Kind::Flag, "flag"},       {Edit::Kind::Note, "note"},
    {Edit::Kind::Context, "context"}, {Edit::Kind::Profile, "profile"},
};

Edit Edit::reversed() const
{
    Edit r = *this;
    std::swap(r.before, r.after);
    return r;
}

bool operator==(const Edit &a, const Edit &b)
{
    return a.kind == b.kind && a.subjectId == b.subjectId && a.dimensionId == b.dimensionId
        && a.annotatorId == b.annotatorId && a.before == b.before && a.after == b.after;
}

} // namespace sense7
