#pragma once

#include <QString>

namespace sense7 {

class Settings;

namespace startup {

/** The demo copy in the user's data folder (QStandardPaths::AppDataLocation). */
QString demoDataSetPath();

/** Where ensureDemoDataSet() keeps an older program's demo copy: "demo-previous.sense7". */
QString previousDemoPath(const QString &demoPath);

/**
 * Creates the demo copy when it does not exist yet, or when it was made by an older program under
 * another protocol than demo::protocol() (that copy is kept at previousDemoPath()); returns its
 * path. Throws Error.
 */
QString ensureDemoDataSet();

/**
 * The data set to open when the studio starts: \a argument when given, else the last data set if
 * it still exists, else the demo copy (created on first use). Throws Error.
 */
QString dataSetToOpen(const QString &argument, const Settings &settings);

} // namespace startup
} // namespace sense7
