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

QVector<Dimension> ratedDimensions(const Instrument &instrument, Role role)
{
    QVector<Dimension> out;
    for (const Dimension &d : instrument.dimensionsAt(Level::Turn))
        if (d.roles.contains(roleKey(role)))
            out << d;
    return out;
}

QJsonArray buildMessages(const Instrument &instrument, const QVector<Turn> &turns, int ratedIndex,
                         const PromptOptions &options)
{
    const Role role =
        ratedIndex >= 0 && ratedIndex < turns.size() ? turns[ratedIndex].role : Role::Assistant;
    const QVector<Dimension> dimensions = ratedDimensions(instrument, role);
    bool notApplicable = false;
    for (const Dimension &d : dimensions)
        notApplicable = notApplicable || d.allowsNotApplicable;
    notApplicable = notApplicable && instrument.allowsNotApplicable;
    // Built from the instrument alone, whatever it is: its name and description, then each
    // dimension's question, scale and anchors.
    QString system = QStringLiteral("You rate a reply in a conversation, as the person who had the "
                                    "conversation would, on the instrument \"%1\".")
                         .arg(instrument.name);
    if (!instrument.description.isEmpty())
        system += QLatin1Char(' ') + instrument.description;
    system += QStringLiteral(
        "\nJudge only the reply marked RATED REPLY, in the light of the conversation before it. "
        "Rate each dimension below with a whole number on its scale");
    system += notApplicable
        ? QStringLiteral(", or null when the dimension does not apply to this reply.\n\n")
        : QStringLiteral(".\n\n");
    QStringList keys;
    for (const Dimension &d : dimensions) {
        keys << QStringLiteral("\"%1\": <rating>").arg(d.key);
        system += QStringLiteral("%1 (key \"%2\", a whole number from %3 to %4%5): %6\n")
                      .arg(d.name, d.key, QString::number(d.scaleMin), QString::number(d.scaleMax),
                           notApplicable && d.allowsNotApplicable ? QStringLiteral(" or null")
                                                                  : QString(),
                           d.question.isEmpty() ? d.name : d.question);
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
        user += QStringLiteral("RATED REPLY\n%1: %2\n")
                    .arg(speaker(turns[ratedIndex].role),
                         clipped(turns[ratedIndex].text, options.maxCharsPerTurn));

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

QHash<QString, std::optional<int>> parseReply(const QString &content, const Instrument &instrument,
                                              Role role)
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
                        .arg(error.errorString(), QString::number(open + error.offset)));
    const QJsonObject object = document.object();
    QHash<QString, std::optional<int>> values;
    for (const Dimension &d : ratedDimensions(instrument, role)) {
        const QJsonValue value = object.value(d.key);
        if (value.isUndefined())
            throw Error(tr("the reply has no rating for \"%1\"").arg(d.key));
        if (value.isNull()) {
            if (!instrument.allowsNotApplicable || !d.allowsNotApplicable)
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
                                   .chopped(1),
                         QString::number(d.scaleMin), QString::number(d.scaleMax)));
        values.insert(d.key, int(number));
    }
    return values;
}

} // namespace sense7::classify
