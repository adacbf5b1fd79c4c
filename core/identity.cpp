#include "identity.h"

#include <QCryptographicHash>

namespace sense7::identity {

// Both derivations are fixed for good: bundles written years apart must still agree.

QString anonymisedHash(const QString &contentHash)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(
            QByteArray(QByteArray("sense7-anonymised\x1f") + contentHash.toLatin1()),
            QCryptographicHash::Sha256)
            .toHex()
            .left(32));
}

QString pseudonym(const QString &code, const QDateTime &createdAt)
{
    const QByteArray seed = QByteArray(QByteArray("sense7-pseudonym\x1f") + code.toUtf8() + '\x1f'
                                       + createdAt.toString(Qt::ISODateWithMs).toLatin1());
    return QStringLiteral("P-")
        + QString::fromLatin1(
               QCryptographicHash::hash(seed, QCryptographicHash::Sha256).toHex().left(10));
}

} // namespace sense7::identity
