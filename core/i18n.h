#pragma once

#include <QHash>
#include <QLocale>
#include <QMap>
#include <QString>
#include <QVector>

namespace sense7::i18n {

/**
 * Installs Qt's own and Sense-7's translations for \a locale on the running application. The
 * application owns the translators. Returns true when a Sense-7 translation was found; the
 * language() then follows it.
 */
bool install(const QLocale &locale = QLocale());

/** The language the application shows, such as "zh_CN"; empty for the source language. */
QString language();
void setLanguage(const QString &language);

/**
 * The languages a person can choose in Preferences: an empty code for the system's language,
 * then every language Sense-7 is translated into (its code and its own name).
 */
struct Choice
{
    QString code;
    QString name;
};
QVector<Choice> availableLanguages();

/**
 * Wording of a taxonomy or form in other languages, from its JSON "translations" object, keyed
 * "<language>/<field>": "zh_CN/name", "zh_CN/anchor/3", "zh_CN/option/writing".
 */
using Translations = QHash<QString, QString>;

/**
 * \a field of \a translations in \a lang (by default language()), trying "zh_CN" and then "zh";
 * \a fallback, the source wording, when there is none.
 */
QString pick(const Translations &translations, const QString &field, const QString &fallback,
             const QString &lang = language());

/** \a anchors (scale point -> English wording) with each point's "anchor/<point>" translation. */
QMap<int, QString> pickAnchors(const Translations &translations, const QMap<int, QString> &anchors,
                               const QString &lang = language());

} // namespace sense7::i18n
