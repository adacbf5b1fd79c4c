#include "forms.h"

#include "error.h"
#include "jsonsource.h"

#include <QDate>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace sense7 {

using json::Json;
using json::Reader;

const KeyEntry<FormField::Type> KeyTable<FormField::Type>::entries[6] = {
    {FormField::Type::Choice, "choice"},
    {FormField::Type::Scale, "scale"},
    {FormField::Type::Text, "text"},
    {FormField::Type::Number, "number"},
    {FormField::Type::MultipleChoice, "multiple_choice"},
    {FormField::Type::Date, "date"},
};

namespace {

/** \a text as a date when it is one in ISO 8601 (yyyy-MM-dd), else an invalid date. */
QDate isoDate(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    return pattern.match(text).hasMatch() ? QDate::fromString(text, Qt::ISODate) : QDate();
}

bool isOption(const FormField &f, const QString &value)
{
    return std::any_of(f.options.begin(), f.options.end(),
                       [&](const FormField::Option &o) { return o.value == value; });
}

} // namespace

QString Form::optionLabel(const QString &fieldKey, const QString &value) const
{
    if (const FormField *f = field(fieldKey))
        for (const FormField::Option &option : f->options)
            if (option.value == value)
                return option.label;
    return value;
}

QString Form::displayOptionLabel(const QString &fieldKey, const QString &value) const
{
    if (const FormField *f = field(fieldKey))
        for (const FormField::Option &option : f->options)
            if (option.value == value)
                return f->displayOptionLabel(option);
    return value;
}

QString Form::displayTitle() const
{
    return i18n::pick(translations, QStringLiteral("title"), title);
}

QString Form::displayDescription() const
{
    return i18n::pick(translations, QStringLiteral("description"), description);
}

QString FormField::displayLabel() const
{
    return i18n::pick(translations, QStringLiteral("label"), label);
}

QString FormField::displayHelp() const
{
    return i18n::pick(translations, QStringLiteral("help"), help);
}

QMap<int, QString> FormField::displayAnchors() const
{
    return i18n::pickAnchors(translations, anchors);
}

QString FormField::displayOptionLabel(const Option &option) const
{
    return i18n::pick(translations, QStringLiteral("option/") + option.value, option.label);
}

const FormField *Form::field(const QString &fieldKey) const
{
    for (const FormField &f : fields) {
        if (f.key == fieldKey)
            return &f;
    }
    return nullptr;
}

QStringList Form::validate(const QJsonObject &answers) const
{
    QStringList problems;
    for (auto it = answers.begin(); it != answers.end(); ++it) {
        if (!field(it.key()))
            problems
                << Reader::tr("\"%1\" is not a question of the form \"%2\".").arg(it.key(), key);
    }
    for (const FormField &f : fields) {
        const QJsonValue v = answers.value(f.key);
        if (v.isUndefined() || v.isNull() || (v.isString() && v.toString().trimmed().isEmpty())
            || (v.isArray() && v.toArray().isEmpty())) {
            if (f.required)
                problems << Reader::tr("\"%1\" needs an answer.").arg(f.label);
            continue;
        }
        switch (f.type) {
        case FormField::Type::Choice:
            if (!v.isString() || (!isOption(f, v.toString()) && !f.allowOther))
                problems << Reader::tr("\"%1\" must be one of the listed answers.").arg(f.label);
            break;
        case FormField::Type::MultipleChoice: {
            const QJsonArray chosen = v.toArray();
            QSet<QString> seen;
            bool valid = v.isArray();
            for (const auto &item : chosen) {
                valid = valid && item.isString() && isOption(f, item.toString())
                    && !seen.contains(item.toString());
                seen.insert(item.toString());
            }
            if (!valid)
                problems << Reader::tr("\"%1\" must be a list of the listed answers, each once.")
                                .arg(f.label);
            else if (chosen.size() < f.minChoices)
                problems << Reader::tr("\"%1\" needs at least %2 answers.")
                                .arg(f.label, QString::number(f.minChoices));
            else if (f.maxChoices > 0 && chosen.size() > f.maxChoices)
                problems << Reader::tr("\"%1\" takes at most %2 answers.")
                                .arg(f.label, QString::number(f.maxChoices));
            break;
        }
        case FormField::Type::Date: {
            const QDate date = isoDate(v.toString());
            if (!v.isString() || !date.isValid())
                problems << Reader::tr("\"%1\" must be a date written as yyyy-MM-dd.").arg(f.label);
            else if (!f.earliest.isEmpty() && date < isoDate(f.earliest))
                problems << Reader::tr("\"%1\" must be %2 or later.").arg(f.label, f.earliest);
            else if (!f.latest.isEmpty() && date > isoDate(f.latest))
                problems << Reader::tr("\"%1\" must be %2 or earlier.").arg(f.label, f.latest);
            break;
        }
        case FormField::Type::Scale:
        case FormField::Type::Number: {
            const double n = v.toDouble(std::nan(""));
            const bool whole = f.type == FormField::Type::Number || n == std::floor(n);
            if (!v.isDouble() || !whole || n < f.min || n > f.max)
                problems << Reader::tr("\"%1\" must be a number from %2 to %3.")
                                .arg(f.label, QString::number(f.min), QString::number(f.max));
            break;
        }
        case FormField::Type::Text:
            if (!v.isString())
                problems << Reader::tr("\"%1\" must be text.").arg(f.label);
            break;
        }
    }
    return problems;
}

namespace forms {
namespace {

FormField parseField(const Json &node, const QString &where)
{
    const Reader r(node, where);
    FormField f;
    f.key = r.string("key");
    static const QRegularExpression keyPattern(QStringLiteral("^[a-z][a-z0-9_]*$"));
    if (!keyPattern.match(f.key).hasMatch())
        r.fail(Reader::tr("key \"%1\" must be lower-case letters, digits and _").arg(f.key));
    const Reader named(node, QStringLiteral("%1 (%2)").arg(where, f.key));
    f.label = named.string("label");
    f.help = named.optionalString("help");
    f.required = named.optionalBool("required", false);
    const QString type = named.string("type");
    const auto known = fromKey<FormField::Type>(type);
    if (!known)
        named.fail(Reader::tr("type \"%1\" must be choice, multiple_choice, scale, number, date "
                              "or text")
                       .arg(type));
    f.type = *known;
    if (f.type == FormField::Type::Choice || f.type == FormField::Type::MultipleChoice) {
        if (f.type == FormField::Type::Choice)
            f.allowOther = named.optionalBool("allow_other", false);
        QSet<QString> seen;
        for (const Json &option : named.array("options")) {
            const Reader o(option, named.where() + Reader::tr(", option"));
            FormField::Option opt {o.string("value"), o.string("label")};
            if (seen.contains(opt.value))
                named.fail(Reader::tr("option \"%1\" is listed twice").arg(opt.value));
            seen.insert(opt.value);
            f.options.append(opt);
        }
        if (f.type == FormField::Type::MultipleChoice) {
            const int count = int(f.options.size());
            f.minChoices = named.optionalInteger("min_choices", f.required ? 1 : 0);
            f.maxChoices = named.optionalInteger("max_choices", 0);
            if (f.minChoices < 0 || f.minChoices > count)
                named.fail(Reader::tr("min_choices (%1) must be from 0 to the %2 options")
                               .arg(f.minChoices)
                               .arg(count));
            if (f.maxChoices != 0
                && (f.maxChoices < std::max(f.minChoices, 1) || f.maxChoices > count))
                named.fail(Reader::tr("max_choices (%1) must be from min_choices (or 1) to the %2 "
                                      "options")
                               .arg(f.maxChoices)
                               .arg(count));
        }
    } else if (f.type == FormField::Type::Date) {
        f.earliest = named.optionalString("min");
        f.latest = named.optionalString("max");
        for (const QString &bound : {f.earliest, f.latest})
            if (!bound.isEmpty() && !isoDate(bound).isValid())
                named.fail(Reader::tr("the date \"%1\" must be written as yyyy-MM-dd").arg(bound));
        if (!f.earliest.isEmpty() && !f.latest.isEmpty() && isoDate(f.latest) < isoDate(f.earliest))
            named.fail(
                Reader::tr("max (%1) must not be before min (%2)").arg(f.latest, f.earliest));
    } else if (f.type == FormField::Type::Scale || f.type == FormField::Type::Number) {
        f.min = named.integer("min");
        f.max = named.integer("max");
        if (f.max <= f.min)
            named.fail(Reader::tr("max (%1) must be above min (%2)").arg(f.max).arg(f.min));
        if (const Json *anchors = named.optionalObject("anchors")) {
            for (auto it = anchors->begin(); it != anchors->end(); ++it) {
                bool ok = false;
                const int point = QString::fromStdString(it.key()).toInt(&ok);
                if (!ok || point < f.min || point > f.max || !it.value().is_string())
                    named.fail(Reader::tr("anchor \"%1\" must be a scale point with a text")
                                   .arg(QString::fromStdString(it.key())));
                f.anchors.insert(point, QString::fromStdString(it.value().get<std::string>()));
            }
        }
    } else {
        f.multiline = named.optionalBool("multiline", false);
    }
    QStringList optionValues;
    for (const FormField::Option &option : std::as_const(f.options))
        optionValues << option.value;
    f.translations = named.translations({QStringLiteral("label"), QStringLiteral("help")},
                                        f.anchors.keys(), optionValues);
    return f;
}

} // namespace

Form parse(const QByteArray &data, const QString &source)
{
    const Json root = json::parse(data, source);
    const Reader r(root, source);
    Form form;
    form.key = r.string("key");
    form.title = r.string("title");
    form.description = r.optionalString("description");
    form.translations = r.translations({QStringLiteral("title"), QStringLiteral("description")});
    int position = 0;
    for (const Json &node : r.array("fields")) {
        ++position;
        const QString where = Reader::tr("%1: field %2").arg(source, QString::number(position));
        FormField f = parseField(node, where);
        if (form.field(f.key))
            throw Error(Reader::tr("%1: the key \"%2\" is used twice").arg(where, f.key));
        form.fields.append(std::move(f));
    }
    return form;
}

Form load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Reader::tr("Cannot read %1: %2").arg(path, file.errorString()));
    return parse(file.readAll(), QFileInfo(path).fileName());
}

Form context()
{
    static const Form form = load(QStringLiteral(":/sense7/forms/context.json"));
    return form;
}

Form profile()
{
    static const Form form = load(QStringLiteral(":/sense7/forms/profile.json"));
    return form;
}

} // namespace forms
} // namespace sense7
