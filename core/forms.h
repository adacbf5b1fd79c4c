#pragma once

#include "i18n.h"
#include "keys.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sense7 {

/** One question of a form (a file in resources/forms). */
struct FormField
{
    enum class Type { Choice, Scale, Text, Number, MultipleChoice, Date };

    struct Option
    {
        QString value;
        QString label;
    };

    QString key;
    QString label;
    QString help;
    Type type = Type::Text;
    bool required = false;
    QVector<Option> options; // Choice, MultipleChoice
    bool allowOther = false; // Choice: a self-described answer is accepted
    int minChoices = 0; // MultipleChoice: at least so many when answered (1 when required)
    int maxChoices = 0; // MultipleChoice: at most so many; 0 for any number
    QString earliest; // Date: the first date accepted, yyyy-MM-dd; empty for none
    QString latest; // Date: the last date accepted, yyyy-MM-dd; empty for none
    int min = 1; // Scale, Number
    int max = 5; // Scale, Number
    QMap<int, QString> anchors; // Scale
    bool multiline = false; // Text
    /** Other languages' label, help, anchors and option labels; the fields above are English. */
    i18n::Translations translations;

    /** The wording in the application's language (i18n::language()), English where missing. */
    QString displayLabel() const;
    QString displayHelp() const;
    QMap<int, QString> displayAnchors() const;
    QString displayOptionLabel(const Option &option) const;
};

/** A form: the per-conversation context form or the participant profile. */
struct Form
{
    QString key;
    QString title;
    QString description;
    QVector<FormField> fields;
    i18n::Translations translations; // title and description

    const FormField *field(const QString &fieldKey) const;
    /** The label of a choice's \a value ("information_seeking" -> "Information seeking"), or
     * \a value itself when the field has no such option. */
    QString optionLabel(const QString &fieldKey, const QString &value) const;
    /** optionLabel() in the application's language. */
    QString displayOptionLabel(const QString &fieldKey, const QString &value) const;
    QString displayTitle() const;
    QString displayDescription() const;
    /**
     * Problems with \a answers, one sentence each; empty when they are valid. A multiple-choice
     * answer is an array of option values; a date an ISO 8601 date text (yyyy-MM-dd).
     */
    QStringList validate(const QJsonObject &answers) const;
};

template<>
struct KeyTable<FormField::Type>
{
    static const KeyEntry<FormField::Type> entries[6];
};
inline QString formFieldTypeKey(FormField::Type type)
{
    return keyOf(type);
}

namespace forms {

/** Parses and validates a form definition; throws Error naming \a source and the problem. */
Form parse(const QByteArray &json, const QString &source);
Form load(const QString &path);
Form context(); // resources/forms/context.json
Form profile(); // resources/forms/profile.json

} // namespace forms
} // namespace sense7
