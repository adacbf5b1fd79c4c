#pragma once

#include <QString>

namespace sense7 {

class Settings;

namespace startup {

/** The demo copy in the user's data folder (QStandardPaths::AppDataLocation). */
QString demoDataSetPath();

/** Creates the demo copy when it does not exist yet; returns its path. Throws Error. */
QString ensureDemoDataSet();

/**
 * The data set to open when the studio starts: \a argument when given, else the last data set if
 * it still exists, else the demo copy (created on first use). Throws Error.
 */
QString dataSetToOpen(const QString &argument, const Settings &settings);

} // namespace startup
} // namespace sense7
