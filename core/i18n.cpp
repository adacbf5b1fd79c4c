#include "i18n.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>
#include <QVector>

namespace sense7::i18n {
namespace {

QString &current()
{
    static QString language;
    return language;
}

} // namespace

bool install(const QLocale &locale)
{
    auto *app = QCoreApplication::instance();
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    auto *own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("sense7"), QStringLiteral("_"),
                  QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        setLanguage(own->language());
        // Dates and numbers as the language shown writes them ("2025/3/3", not "3 Mar 2025"). An
        // English interface keeps the system's formats, unless they are another language's.
        if (!language().isEmpty())
            QLocale::setDefault(QLocale(language()));
        else if (QLocale().language() != QLocale::English && QLocale().language() != QLocale::C)
            QLocale::setDefault(QLocale(QLocale::English, QLocale().territory()));
        return true;
    }
    setLanguage({});
    // English source strings need only their plural forms; they are also the fallback for
    // languages without a translation of their own.
    if (own->load(QStringLiteral("sense7_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    else
        delete own;
    return false;
}

QString language()
{
    return current();
}

void setLanguage(const QString &language)
{
    current() = language.startsWith(QLatin1String("en")) ? QString() : language;
}

QVector<Choice> availableLanguages()
{
    QVector<Choice> result {{QString(), QString()},
                            {QStringLiteral("en"), QStringLiteral("English")}};
    const QStringList files =
        QDir(QStringLiteral(":/i18n"))
            .entryList({QStringLiteral("sense7_*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString code = file.mid(7, file.size() - 7 - 3);
        if (code == QLatin1String("en"))
            continue;
        const QLocale locale(code);
        result.append({code, locale.nativeLanguageName()});
    }
    return result;
}

QString pick(const Translations &translations, const QString &field, const QString &fallback,
             const QString &lang)
{
    if (lang.isEmpty() || translations.isEmpty())
        return fallback;
    const auto exact = translations.constFind(lang + QLatin1Char('/') + field);
    if (exact != translations.constEnd())
        return *exact;
    const QString base = lang.section(QLatin1Char('_'), 0, 0);
    return translations.value(base + QLatin1Char('/') + field, fallback);
}

QMap<int, QString> pickAnchors(const Translations &translations, const QMap<int, QString> &anchors,
                               const QString &lang)
{
    QMap<int, QString> result = anchors;
    for (auto it = result.begin(); it != result.end(); ++it)
        *it = pick(translations, QStringLiteral("anchor/%1").arg(it.key()), *it, lang);
    return result;
}

} // namespace sense7::i18n
