#include "types.h"

#include <QCryptographicHash>

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
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(sourceFormat.toUtf8());
    for (const Turn &turn : turns) {
        hash.addData(QByteArrayView("\x1e", 1));
        hash.addData(roleKey(turn.role).toUtf8());
        hash.addData(QByteArrayView("\x1f", 1));
        hash.addData(turn.text.toUtf8());
    }
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace sense7
