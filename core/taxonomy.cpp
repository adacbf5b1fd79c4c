#include "taxonomy.h"

#include "error.h"
#include "jsonsource.h"
#include "protocol.h"
#include "types.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace sense7 {

const KeyEntry<Level> KeyTable<Level>::entries[2] = {
    {Level::Turn, "turn"},
    {Level::Conversation, "conversation"},
};

QVector<Dimension> Instrument::dimensionsAt(Level level) const
{
    QVector<Dimension> result;
    for (const Dimension &d : dimensions) {
        if (d.level == level)
            result.append(d);
    }
    return result;
}

QString Dimension::displayName() const
{
    return i18n::pick(translations, QStringLiteral("name"), name);
}

QString Dimension::displayQuestion() const
{
    return i18n::pick(translations, QStringLiteral("question"), question);
}

QMap<int, QString> Dimension::displayAnchors() const
{
    return i18n::pickAnchors(translations, anchors);
}

QString Instrument::displayName() const
{
    return i18n::pick(translations, QStringLiteral("name"), name);
}

QString Instrument::displayDescription() const
{
    return i18n::pick(translations, QStringLiteral("description"), description);
}

namespace taxonomy {
namespace {

using json::Json;
using json::Reader;

bool isKey(const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z][a-z0-9_]*$"));
    return pattern.match(key).hasMatch();
}

Dimension parseDimension(const Json &node, const QString &where, bool allowsNotApplicable)
{
    const Reader r(node, where);
    Dimension d;
    d.key = r.string("key");
    if (!isKey(d.key))
        r.fail(Reader::tr("key \"%1\" must be lower-case letters, digits and _").arg(d.key));
    const Reader named(node, QStringLiteral("%1 (%2)").arg(where, d.key));
    d.name = named.string("name");
    d.question = named.string("question");
    if (const Json *scale = named.optionalObject("scale")) {
        const Reader s(*scale, named.where() + Reader::tr(", scale"));
        d.scaleMin = s.integer("min");
        d.scaleMax = s.integer("max");
    }
    if (d.scaleMax <= d.scaleMin)
        named.fail(Reader::tr("the scale's max (%1) must be above its min (%2)")
                       .arg(d.scaleMax)
                       .arg(d.scaleMin));
    const QString level = named.optionalString("level", QStringLiteral("turn"));
    if (const auto known = fromKey<Level>(level))
        d.level = *known;
    else
        named.fail(Reader::tr("level \"%1\" must be \"turn\" or \"conversation\"").arg(level));
    // Protocol files call them "labels"; instruments written before, "anchors".
    const char *labels = named.has("labels") ? "labels" : "anchors";
    if (const Json *anchors = named.optionalObject(labels)) {
        for (auto it = anchors->begin(); it != anchors->end(); ++it) {
            const QString point = QString::fromStdString(it.key());
            bool ok = false;
            const int value = point.toInt(&ok);
            if (!ok)
                named.fail(Reader::tr("anchor \"%1\" is not a scale point").arg(point));
            if (value < d.scaleMin || value > d.scaleMax)
                named.fail(Reader::tr("anchor %1 is outside the scale %2–%3")
                               .arg(value)
                               .arg(d.scaleMin)
                               .arg(d.scaleMax));
            if (!it.value().is_string() || it.value().get<std::string>().empty())
                named.fail(Reader::tr("anchor %1 must be a non-empty string").arg(value));
            d.anchors.insert(value, QString::fromStdString(it.value().get<std::string>()));
        }
    }
    if (named.has("roles")) {
        d.roles.clear();
        for (const Json &role : named.array("roles")) {
            const QString key =
                role.is_string() ? QString::fromStdString(role.get<std::string>()) : QString();
            if (!fromKey<Role>(key))
                named.fail(Reader::tr("\"%1\" is not a role").arg(key));
            d.roles << key;
        }
    }
    d.required = named.optionalBool("required", true);
    d.allowsNotApplicable = named.optionalBool("not_applicable", allowsNotApplicable);
    d.translations =
        named.translations({QStringLiteral("name"), QStringLiteral("question")}, d.anchors.keys());
    return d;
}

} // namespace

Instrument parse(const QByteArray &data, const QString &source)
{
    const Json root = json::parse(data, source);
    const Reader r(root, source);
    Instrument instrument;
    instrument.key = r.string("key");
    if (!isKey(instrument.key))
        r.fail(
            Reader::tr("key \"%1\" must be lower-case letters, digits and _").arg(instrument.key));
    instrument.name = r.string("name");
    instrument.version = r.string("version");
    instrument.description = r.optionalString("description");
    instrument.allowsNotApplicable = r.optionalBool("not_applicable", true);
    instrument.translations =
        r.translations({QStringLiteral("name"), QStringLiteral("description")});
    const Json &dimensions = r.array("dimensions");
    int position = 0;
    for (const Json &node : dimensions) {
        ++position;
        const QString where = Reader::tr("%1: dimension %2").arg(source, QString::number(position));
        Dimension d = parseDimension(node, where, instrument.allowsNotApplicable);
        for (const Dimension &earlier : std::as_const(instrument.dimensions)) {
            if (earlier.key == d.key)
                throw Error(Reader::tr("%1: the key \"%2\" is used twice").arg(where, d.key));
        }
        instrument.dimensions.append(std::move(d));
    }
    instrument.definition = data;
    return instrument;
}

namespace {

/** The shipped instrument with \a key, if any: its wording in other languages may be newer. */
const Instrument *shipped(const QString &key)
{
    static const QVector<Instrument> instruments {
        load(QStringLiteral(":/sense7/taxonomy/sense7.json")),
        load(QStringLiteral(":/sense7/taxonomy/esconv.json"))};
    for (const Instrument &instrument : instruments) {
        if (instrument.key == key)
            return &instrument;
    }
    return nullptr;
}

void copyTranslations(Instrument &instrument, const Instrument &from, bool sameWordingOnly)
{
    if (instrument.translations.isEmpty() && (!sameWordingOnly || instrument.name == from.name))
        instrument.translations = from.translations;
    for (Dimension &d : instrument.dimensions) {
        if (!d.translations.isEmpty())
            continue;
        for (const Dimension &source : from.dimensions) {
            // A translation only stands for the English it was made from.
            if (source.key == d.key
                && (!sameWordingOnly
                    || (source.name == d.name && source.question == d.question
                        && source.anchors == d.anchors)))
                d.translations = source.translations;
        }
    }
}

} // namespace

void attachTranslations(Instrument &instrument)
{
    if (instrument.definition.size() > 2) {
        try {
            const Instrument defined = parse(instrument.definition, instrument.key);
            copyTranslations(instrument, defined, false);
            // What a data set's columns do not hold: who is rated, what is required, and
            // whether "not applicable" is an answer.
            instrument.allowsNotApplicable = defined.allowsNotApplicable;
            if (instrument.description.isEmpty())
                instrument.description = defined.description;
            for (Dimension &d : instrument.dimensions) {
                for (const Dimension &source : defined.dimensions) {
                    if (source.key == d.key) {
                        d.roles = source.roles;
                        d.required = source.required;
                        d.allowsNotApplicable = source.allowsNotApplicable;
                    }
                }
            }
        } catch (const Error &) {
            // A data set written by another tool may carry no usable definition.
        }
    }
    // Data sets made before the instrument carried translations borrow the shipped ones.
    if (const Instrument *current = shipped(instrument.key))
        copyTranslations(instrument, *current, true);
}

Instrument load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Reader::tr("Cannot read %1: %2").arg(path, file.errorString()));
    return parse(file.readAll(), QFileInfo(path).fileName());
}

Instrument sense7()
{
    // The SENSE-7 protocol's instrument: the one new data sets are made with.
    static const Instrument instrument = protocol::sense7().primary();
    return instrument;
}

} // namespace taxonomy
} // namespace sense7
