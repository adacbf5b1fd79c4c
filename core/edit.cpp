#include "edit.h"

#include <QStringList>

namespace sense7 {

namespace {

const QStringList &originKeys()
{
    static const QStringList keys {QStringLiteral("data"), QStringLiteral("edit"),
                                   QStringLiteral("undo"), QStringLiteral("redo")};
    return keys;
}

const QStringList &kindKeys()
{
    static const QStringList keys {QStringLiteral("rating"),  QStringLiteral("conversation_rating"),
                                   QStringLiteral("flag"),    QStringLiteral("note"),
                                   QStringLiteral("context"), QStringLiteral("profile")};
    return keys;
}

} // namespace

QString originKey(Origin origin)
{
    return originKeys().at(int(origin));
}

std::optional<Origin> originFromKey(const QString &key)
{
    const int i = originKeys().indexOf(key);
    if (i < 0)
        return std::nullopt;
    return Origin(i);
}

QString editKindKey(Edit::Kind kind)
{
    return kindKeys().at(int(kind));
}

std::optional<Edit::Kind> editKindFromKey(const QString &key)
{
    const int i = kindKeys().indexOf(key);
    if (i < 0)
        return std::nullopt;
    return Edit::Kind(i);
}

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
