#include "i18n.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace sense7::i18n {

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
        return true;
    }
    // English source strings need only their plural forms; they are also the fallback for
    // languages without a translation of their own.
    if (own->load(QStringLiteral("sense7_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    else
        delete own;
    return false;
}

} // namespace sense7::i18n
