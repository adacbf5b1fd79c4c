#include "classify/prompt.h"

#include "error.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>

namespace sense7::classify {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::classify", text);
}

QString clipped(const QString &text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    const int half = maxChars / 2;
    return QString(text.left(half) + QStringLiteral("\n[…]\n") + text.right(half));
}

QString speaker(Role role)
{
    switch (role) {
    case Role::User:
        return QStringLiteral("User");
    case Role::Assistant:
        return QStringLiteral("Assistant");
    case Role::System:
        return QStringLiteral("System");
    case Role::Tool:
        return QStringLiteral("Tool");
    }
    return QString();
}

} // namespace

QJsonArray buildMessages(const Instrument &instrument, const QVector<Turn> &turns, int ratedIndex,
                         const PromptOptions &options)
{
    const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Turn);
    QString system =
        QStringLiteral(
            "You rate how empathic an AI assistant's reply felt to the user who had the "
            "conversation. "
            "Judge only the reply marked RATED REPLY, in the light of the conversation before it. "
            "Rate each dimension below with a whole number from %1 (not at all) to %2 (completely)")
            .arg(dimensions.isEmpty() ? 1 : dimensions.first().scaleMin)
            .arg(dimensions.isEmpty() ? 5 : dimensions.first().scaleMax);
    system += instrument.allowsNotApplicable
        ? QStringLiteral(", or null when the dimension does not apply to this reply.\n\n")
        : QStringLiteral(".\n\n");
    QStringList keys;
    for (const Dimension &d : dimensions) {
        keys << QStringLiteral("\"%1\": <rating>").arg(d.key);
        system += QStringLiteral("%1 (key \"%2\"): %3\n").arg(d.name, d.key, d.question);
        for (auto it = d.anchors.constBegin(); it != d.anchors.constEnd(); ++it)
            system += QStringLiteral("  %1 = %2\n").arg(it.key()).arg(it.value());
    }
    system += QStringLiteral("\nAnswer with one JSON object and nothing else: {%1}")
                  .arg(keys.join(QStringLiteral(", ")));

    QString user;
    const int first = std::max(0, ratedIndex - options.contextTurns);
    if (first > 0)
        user += QStringLiteral("[%1 earlier turns left out]\n\n").arg(first);
    for (int i = first; i < ratedIndex && i < turns.size(); ++i)
        user += QStringLiteral("%1: %2\n\n")
                    .arg(speaker(turns[i].role), clipped(turns[i].text, options.maxCharsPerTurn));
    if (ratedIndex >= 0 && ratedIndex < turns.size())
        user += QStringLiteral("RATED REPLY\nAssistant: %1\n")
                    .arg(clipped(turns[ratedIndex].text, options.maxCharsPerTurn));

    return QJsonArray {
        QJsonObject {{QStringLiteral("role"), QStringLiteral("system")},
                     {QStringLiteral("content"), system}},
        QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                     {QStringLiteral("content"), user}},
    };
}

QString promptHash(const QString &model, const QJsonArray &messages)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(model.toUtf8());
    hash.addData(QByteArrayView("\n"));
    hash.addData(QJsonDocument(messages).toJson(QJsonDocument::Compact));
    return QString::fromLatin1(hash.result().toHex().left(32));
}

QHash<QString, std::optional<int>> parseReply(const QString &content, const Instrument &instrument)
{
    const qsizetype open = content.indexOf(QLatin1Char('{'));
    const qsizetype close = content.lastIndexOf(QLatin1Char('}'));
    if (open < 0 || close < open)
        throw Error(tr("the reply holds no JSON object"));
    QJsonParseError error;
    const QJsonDocument document =
        QJsonDocument::fromJson(content.mid(open, close - open + 1).toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        throw Error(tr("the reply is not valid JSON (%1 at character %2)")
                        .arg(error.errorString())
                        .arg(open + error.offset));
    const QJsonObject object = document.object();
    QHash<QString, std::optional<int>> values;
    for (const Dimension &d : instrument.dimensionsAt(Level::Turn)) {
        const QJsonValue value = object.value(d.key);
        if (value.isUndefined())
            throw Error(tr("the reply has no rating for \"%1\"").arg(d.key));
        if (value.isNull()) {
            if (!instrument.allowsNotApplicable)
                throw Error(tr("\"%1\" must be rated; it may not be null").arg(d.key));
            values.insert(d.key, std::nullopt);
            continue;
        }
        const double number = value.toDouble(-1e9);
        if (!value.isDouble() || number != std::floor(number) || number < d.scaleMin
            || number > d.scaleMax)
            throw Error(
                tr("\"%1\" is %2, not a whole number from %3 to %4")
                    .arg(d.key,
                         value.isString()
                             ? value.toString()
                             : QString::fromUtf8(
                                   QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact))
                                   .mid(1)
                                   .chopped(1))
                    .arg(d.scaleMin)
                    .arg(d.scaleMax));
        values.insert(d.key, int(number));
    }
    return values;
}

} // namespace sense7::classify
