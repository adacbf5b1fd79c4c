#pragma once

#include <QPalette>
#include <QString>

namespace sense7::theme {

/** The palette of the "dark" theme: Fusion colours with contrast checked for long reading. */
QPalette dark();
/** Fusion's own light palette. */
QPalette light();

/**
 * Applies \a theme ("system", "light" or "dark") to the running application. "system" keeps
 * the platform's style and palette; the others use the Fusion style with their palette.
 */
void apply(const QString &theme);

/** Whether \a palette is a dark one (light text on a dark window). */
bool isDark(const QPalette &palette);

} // namespace sense7::theme
