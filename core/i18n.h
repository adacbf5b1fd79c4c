#pragma once

#include <QLocale>

namespace sense7::i18n {

/**
 * Installs Qt's own and Sense-7's translations for \a locale on the running application. The
 * application owns the translators. Returns true when a Sense-7 translation was found.
 */
bool install(const QLocale &locale = QLocale());

} // namespace sense7::i18n
