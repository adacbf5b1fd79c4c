// sense7 join and sense7 sync: a participant's data set and the study server (core/sync).

#include "cliutil.h"
#include "error.h"
#include "store.h"
#include "sync/sync.h"

#include <QJsonDocument>

#include <cstdio>
#include <termios.h>
#include <unistd.h>

namespace sense7::cli {

namespace {

/** A line from standard input; without echo when \a secret and it is a terminal. */
QString readLine(bool secret)
{
    termios saved {};
    const bool terminal = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0;
    if (secret && terminal) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    QTextStream in(stdin);
    QString line = in.readLine();
    if (secret && terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        std::fputc('\n', stderr);
    }
    return line;
}

/** SENSE7_SERVER_PASSWORD, else the URL's, else asked for on a terminal; never stored. */
QString password(const QString &url, QTextStream &err)
{
    const QByteArray fromEnvironment = qgetenv("SENSE7_SERVER_PASSWORD");
    if (!fromEnvironment.isEmpty())
        return QString::fromUtf8(fromEnvironment);
    QString inUrl = sync::passwordOfUrl(url);
    if (!inUrl.isEmpty())
        return inUrl;
    if (!isatty(STDIN_FILENO))
        throw Error(tr("No password for the study server: set SENSE7_SERVER_PASSWORD."));
    err << tr("Password for %1: ").arg(sync::urlWithoutPassword(url)) << Qt::flush;
    return readLine(true);
}

} // namespace

int join(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Join a study server: the data set takes the study's protocol and from then on sends "
           "its changes with sense7 sync. Shows what will be shared and asks for consent. The "
           "password comes from SENSE7_SERVER_PASSWORD, the URL or a prompt, and is never "
           "written to the data set."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    parser.addPositionalArgument(QStringLiteral("URL"),
                                 tr("The study server: postgresql://LOGIN@HOST:PORT/DATABASE."));
    parser.addOption({QStringLiteral("sharing"),
                      tr("What conversations share: full (all text), redacted (e-mail addresses, "
                         "phone numbers, web and IP addresses removed) or ratings (no text). "
                         "Default: redacted."),
                      QStringLiteral("RULE"), QStringLiteral("redacted")});
    parser.addOption({QStringLiteral("yes"), tr("Consent without asking (for scripts).")});
    if (const auto done = parseOrExit(parser, arguments, 2, out, err))
        return *done;
    try {
        const auto sharing = sync::sharingFromKey(parser.value(QStringLiteral("sharing")));
        if (!sharing)
            throw Error(tr("--sharing must be full, redacted or ratings, not \"%1\".")
                            .arg(parser.value(QStringLiteral("sharing"))));
        const QString path = parser.positionalArguments().at(0);
        const QString url = parser.positionalArguments().at(1);
        auto store = Store::open(path);
        if (refuseDamaged(*store, QStringLiteral("join"), err))
            return 1;
        const sync::Study study = sync::inspect(url, password(url, err));
        out << tr("Study server %1, protocol %2, participant %3.")
                   .arg(study.url, study.protocol.displayName(), study.participant)
            << '\n'
            << sync::preview(*store, study, *sharing).describe() << '\n';
        if (!parser.isSet(QStringLiteral("yes"))) {
            if (!isatty(STDIN_FILENO)) {
                err << tr("sense7 join: consent is needed: run it in a terminal, or pass --yes.")
                    << Qt::endl;
                return 1;
            }
            out << tr("Share as described? [y/N] ") << Qt::flush;
            const QString answer = readLine(false).trimmed().toLower();
            if (answer != QLatin1String("y") && answer != QLatin1String("yes")) {
                out << tr("Not joined; nothing was changed.") << Qt::endl;
                return 1;
            }
        }
        const syncstore::Link link = sync::join(*store, study, *sharing);
        out << tr("Joined as participant %1 (machine %2, sharing %3). Run sense7 sync %4 to "
                  "send your data.")
                   .arg(link.participant, link.machine, link.sharing, path)
            << Qt::endl;
        return 0;
    } catch (const Error &e) {
        err << tr("sense7 join: %1").arg(e.message()) << Qt::endl;
        return 1;
    }
}

int syncCommand(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("One round of sync with the study server the data set joined: sends every change not "
           "yet sent, then takes what the participant's other machines sent. Exit code 1 when the "
           "server cannot be reached; the changes wait and nothing is lost."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of text.")});
    parser.addOption({QStringLiteral("batch"), tr("Changes per server transaction (default 300)."),
                      QStringLiteral("N"), QStringLiteral("300")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    try {
        auto store = Store::open(parser.positionalArguments().constFirst());
        if (refuseDamaged(*store, QStringLiteral("sync"), err))
            return 1;
        const auto link = syncstore::link(*store);
        if (!link)
            throw Error(
                tr("%1 has not joined a study server: run sense7 join first.").arg(store->path()));
        sync::Options options;
        bool ok = false;
        options.batchSize = parser.value(QStringLiteral("batch")).toInt(&ok);
        if (!ok || options.batchSize < 1)
            throw Error(tr("--batch must be a positive whole number."));
        const sync::Result result = sync::run(*store, password(link->url, err), options);
        if (parser.isSet(QStringLiteral("json"))) {
            out << QJsonDocument(result.toJson()).toJson(QJsonDocument::Compact) << Qt::endl;
        } else {
            out << tr("Pushed %1, pulled %2, conflicts %3.")
                       .arg(result.pushed)
                       .arg(result.pulled)
                       .arg(result.conflicts.size())
                << '\n';
            for (const sync::Conflict &conflict : result.conflicts)
                out << conflict.describe() << '\n';
            out.flush();
        }
        if (!result.ok()) {
            err << (result.offline ? tr("sense7 sync: offline, %1 change(s) waiting: %2")
                                   : tr("sense7 sync: %1 change(s) waiting: %2"))
                       .arg(result.waiting)
                       .arg(result.error)
                << Qt::endl;
            return 1;
        }
        return 0;
    } catch (const Error &e) {
        err << tr("sense7 sync: %1").arg(e.message()) << Qt::endl;
        return 1;
    }
}

} // namespace sense7::cli
