#pragma once

#include <QFont>
#include <QStringList>

namespace sense7::fonts {

/** Installed Simplified Chinese families, the most suitable for reading first. */
QStringList chineseFamilies();

/**
 * \a base with Simplified Chinese families after its own. Without them, fontconfig fills Han
 * characters from whichever CJK face it meets first, often a Japanese one whose glyph shapes
 * differ from those Chinese readers expect.
 */
QFont withChineseFallback(const QFont &base);

} // namespace sense7::fonts
