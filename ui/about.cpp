#include "about.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

namespace sense7::about {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::about", text);
}
} // namespace

QString text()
{
    const QString json = QStringLiteral("%1.%2.%3")
                             .arg(NLOHMANN_JSON_VERSION_MAJOR)
                             .arg(NLOHMANN_JSON_VERSION_MINOR)
                             .arg(NLOHMANN_JSON_VERSION_PATCH);
    const QString rows =
        QStringLiteral("<tr><td>Qt %1</td><td>LGPL-3.0-only</td></tr>"
                       "<tr><td>QCustomPlot 2.1</td><td>GPL-3.0-or-later</td></tr>"
                       "<tr><td>SQLite %2</td><td>%3</td></tr>"
                       "<tr><td>nlohmann/json %4</td><td>MIT</td></tr>")
            .arg(QString::fromLatin1(qVersion()), QString::fromLatin1(sqlite3_libversion()),
                 tr("public domain"), json);
    return QStringLiteral("<h3>Sense-7 Studio %1</h3><p>%2</p><p>%3</p><p><b>%4</b></p>"
                          "<table cellpadding=\"2\">%5</table>")
        .arg(QStringLiteral(SENSE7_VERSION),
             tr("Measure how people perceive empathy in their conversations with AI assistants, "
                "turn by turn, on the seven SENSE-7 dimensions."),
             tr("Copyright © Sense-7 Studio contributors. Free software under the GNU General "
                "Public License, version 3 or later; it comes with no warranty."),
             tr("Third-party components"), rows);
}

} // namespace sense7::about
