#include "protocol.h"

#include "error.h"

#include <QCryptographicHash>

namespace sense7 {

const KeyEntry<DimensionOrder> KeyTable<DimensionOrder>::entries[2] = {
    {DimensionOrder::Fixed, "fixed"},
    {DimensionOrder::Random, "random"},
};

const Instrument *Protocol::instrument(const QString &instrumentKey) const
{
    for (const Instrument &i : instruments) {
        if (i.key == instrumentKey)
            return &i;
    }
    return nullptr;
}

const Instrument &Protocol::primary() const
{
    static const Instrument none;
    return instruments.isEmpty() ? none : instruments.first();
}

QVector<int> Protocol::dimensionOrder(const QVector<Dimension> &dimensions, qint64 turnId) const
{
    QVector<int> positions(dimensions.size());
    for (int i = 0; i < positions.size(); ++i)
        positions[i] = i;
    Q_UNUSED(turnId)
    return positions;
}

QString Protocol::fingerprint() const
{
    return QString::fromLatin1(
        QCryptographicHash::hash(definition, QCryptographicHash::Sha256).toHex().left(16));
}

QString Protocol::displayName() const
{
    return i18n::pick(translations, QStringLiteral("name"), name);
}

QString Protocol::displayConsent() const
{
    return i18n::pick(translations, QStringLiteral("consent"), consent);
}

namespace protocol {

Protocol sense7()
{
    Protocol p;
    p.key = QStringLiteral("sense7");
    p.name = QStringLiteral("SENSE-7");
    p.version = QStringLiteral("1");
    p.instruments = {taxonomy::sense7()};
    p.context = forms::context();
    p.profile = forms::profile();
    p.definition = p.instruments.first().definition;
    return p;
}

QStringList shippedKeys()
{
    return {QStringLiteral("sense7")};
}

Protocol shipped(const QString &key)
{
    if (key == QLatin1String("sense7"))
        return sense7();
    throw Error(QStringLiteral("No shipped protocol \"%1\"").arg(key));
}

Compatibility compare(const Protocol &ours, const Protocol &theirs)
{
    Compatibility result;
    if (ours.key != theirs.key)
        result.differences.append(
            QStringLiteral("the study key is %1, not %2").arg(theirs.key, ours.key));
    return result;
}

} // namespace protocol
} // namespace sense7
