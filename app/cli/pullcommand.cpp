// sense7 pull: a study server's data into a local data set, for analysis.

#include "cliutil.h"
#include "server/pull.h"

#include <QJsonDocument>

namespace sense7::cli {

int pull(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Pull a study server's data into a local data set: everything the first time, then "
           "only what changed. The data set is created under the server's protocol when it does "
           "not exist. A participant who withdrew disappears from it. The password comes from "
           "the URL, SENSE7_SERVER_PASSWORD, PGPASSWORD or ~/.pgpass."));
    parser.addPositionalArgument(QStringLiteral("URL"),
                                 tr("The study server: postgresql://USER@HOST:PORT/DATABASE."));
    parser.addOption(
        {QStringLiteral("db"), tr("The local data set to pull into."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("json"), tr("Print what was pulled as JSON.")});
    parser.addOption({QStringLiteral("quiet"), tr("No progress on standard error.")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err, {QStringLiteral("db")}))
        return *done;
    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    server::Puller puller(parser.positionalArguments().constFirst(),
                          qEnvironmentVariable("SENSE7_SERVER_PASSWORD"));
    qint64 shown = -1; // the percentage shown last
    if (!quiet) {
        puller.setLog([&err](const QString &line) { err << line << Qt::endl; });
        puller.progress().setCallback([&err, &shown](qint64 done, qint64 total) {
            const qint64 percent = total > 0 ? done * 100 / total : 100;
            if (percent == shown)
                return;
            shown = percent;
            err << tr("\r%1 of %2 conversations (%3%)").arg(done).arg(total).arg(percent)
                << (done >= total ? "\n" : "") << Qt::flush;
        });
    }
    const server::PullSummary summary = puller.pull(parser.value(QStringLiteral("db")));
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(summary.toJson()).toJson(QJsonDocument::Indented);
    else
        out << summary.text() << Qt::endl;
    return 0;
}

} // namespace sense7::cli
