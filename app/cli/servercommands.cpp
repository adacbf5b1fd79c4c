// `sense7 server init|add-participant|withdraw|status|upgrade`: the researcher's side of a study
// server on PostgreSQL (core/server/serverschema.h).

#include "cliutil.h"
#include "error.h"
#include "protocol.h"
#include "server/pg.h"
#include "server/serverschema.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sense7::cli {

namespace {

void addConnectionOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("URL"),
        tr("The study's database, e.g. postgresql://researcher@db.example.org/study. The "
           "password may be in the URL, in PGPASSWORD or in ~/.pgpass."));
    parser.addOption({QStringLiteral("sslmode"),
                      tr("TLS: disable, prefer (the default: TLS whenever the server offers it), "
                         "require, verify-ca or verify-full."),
                      QStringLiteral("MODE")});
}

pg::ConnectOptions connectOptions(const QCommandLineParser &parser)
{
    pg::ConnectOptions options;
    options.sslmode = parser.value(QStringLiteral("sslmode"));
    static const QStringList modes {QStringLiteral("disable"),   QStringLiteral("allow"),
                                    QStringLiteral("prefer"),    QStringLiteral("require"),
                                    QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
    if (!options.sslmode.isEmpty() && !modes.contains(options.sslmode))
        throw Error(tr("--sslmode must be one of %1, not \"%2\".")
                        .arg(modes.join(QStringLiteral(", ")), options.sslmode));
    return options;
}

/** Connects, adding what to do when the server refused the password. */
std::unique_ptr<pg::Connection> connect(const QString &url, const pg::ConnectOptions &options)
{
    try {
        return std::make_unique<pg::Connection>(url, options);
    } catch (const pg::ConnectError &e) {
        if (e.kind() == pg::ConnectError::Kind::Authentication)
            throw Error(e.message() + QLatin1Char('\n')
                        + tr("Give the researcher's password in the URL, in the environment "
                             "variable PGPASSWORD or in ~/.pgpass."));
        throw;
    }
}

QString when(const QDateTime &at)
{
    return at.isValid() ? at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
                        : tr("never");
}

int initServer(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Create a study on a PostgreSQL server: the schema sense7 with row-level security, the "
           "study's protocol, and the roles sense7_researcher (you) and sense7_participant. Done "
           "once per database; a database that holds a study already is refused."));
    addConnectionOptions(parser);
    parser.addOption({QStringLiteral("protocol"),
                      tr("The study protocol: a protocol file, or a shipped one (%1).")
                          .arg(protocol::shippedKeys().join(QStringLiteral(", "))),
                      QStringLiteral("FILE|KEY")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err, {QStringLiteral("protocol")}))
        return *done;
    const QString url = parser.positionalArguments().constFirst();
    const pg::ConnectOptions options = connectOptions(parser);
    const QString chosen = parser.value(QStringLiteral("protocol"));
    // A file of that name wins over a shipped key, as for `sense7 init`.
    const Protocol studyProtocol =
        (!QFileInfo::exists(chosen) && protocol::shippedKeys().contains(chosen))
        ? protocol::shipped(chosen)
        : protocol::load(chosen);
    auto db = connect(url, options);
    server::init(*db, studyProtocol);
    out << tr("Created the study %1 (version %2, fingerprint %3) in the database \"%4\" on %5.")
               .arg(studyProtocol.key, studyProtocol.version, studyProtocol.fingerprint(),
                    db->database(), db->host())
        << '\n'
        << tr("Add participants with `sense7 server add-participant URL CODE`.") << Qt::endl;
    if (!db->sslInUse())
        out << tr("Note: this connection is not encrypted (TLS); participants' connections will "
                  "be encrypted only if the server offers TLS.")
            << Qt::endl;
    return 0;
}

int addParticipant(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Add a participant to the study: a login role of their own with a random password. "
           "Prints the credentials to hand out; the password is shown only this once."));
    addConnectionOptions(parser);
    parser.addPositionalArgument(QStringLiteral("CODE"), tr("The participant's code."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of text.")});
    if (const auto done = parseOrExit(parser, arguments, 2, out, err))
        return *done;
    const QStringList positional = parser.positionalArguments();
    auto db = connect(positional.at(0), connectOptions(parser));
    const server::Credentials c = server::addParticipant(*db, positional.at(1));
    if (parser.isSet(QStringLiteral("json"))) {
        out << QJsonDocument(QJsonObject {{QStringLiteral("code"), c.code},
                                          {QStringLiteral("role"), c.role},
                                          {QStringLiteral("password"), c.password},
                                          {QStringLiteral("url"), c.url},
                                          {QStringLiteral("conditions"),
                                           QJsonArray::fromStringList(c.conditions)}})
                   .toJson(QJsonDocument::Indented);
        out.flush();
        return 0;
    }
    out << tr("Added the participant %1.").arg(c.code) << '\n'
        << tr("  Role:      %1").arg(c.role) << '\n'
        << tr("  Password:  %1").arg(c.password) << '\n'
        << tr("  URL:       %1").arg(c.url) << '\n';
    if (!c.conditions.isEmpty())
        out << tr("  Condition: %1").arg(c.conditions.join(QStringLiteral(", "))) << '\n';
    out << tr("Hand these to the participant: `sense7 join DB URL` (the password when asked), or "
              "File ▸ Join study… in the studio. The password is not shown again.")
        << Qt::endl;
    return 0;
}

int withdrawParticipant(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Withdraw a participant: delete every row of theirs on the server (conversations, "
           "turns, ratings, flags, notes, the change log, their profile), journal it in "
           "sense7.withdrawal and remove their login. Their own data sets are not touched."));
    addConnectionOptions(parser);
    parser.addPositionalArgument(QStringLiteral("CODE"), tr("The participant's code."));
    if (const auto done = parseOrExit(parser, arguments, 2, out, err))
        return *done;
    const QStringList positional = parser.positionalArguments();
    auto db = connect(positional.at(0), connectOptions(parser));
    const qint64 removed = server::withdraw(*db, positional.at(1));
    out << tr("Withdrew the participant %1: removed their %2 rows, journaled the withdrawal and "
              "removed their login.")
               .arg(positional.at(1), QString::number(removed))
        << Qt::endl;
    return 0;
}

int upgradeServer(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Bring a study's schema on the server to this version of Sense-7 Studio, in one "
           "transaction; the data are kept. Version 2 keeps a live conversation's turns, its "
           "condition and its ended sittings from participants' machines that run a version "
           "before data set format 12. Safe to run again."));
    addConnectionOptions(parser);
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    auto db = connect(parser.positionalArguments().constFirst(), connectOptions(parser));
    const int found = server::upgrade(*db);
    if (found == server::schemaVersion)
        out << tr("The study in the database \"%1\" on %2 has schema version %3 already; "
                  "nothing to do.")
                   .arg(db->database(), db->host(), QString::number(found))
            << Qt::endl;
    else
        out << tr("Upgraded the study in the database \"%1\" on %2 from schema version %3 to "
                  "%4.")
                   .arg(db->database(), db->host(), QString::number(found),
                        QString::number(server::schemaVersion))
            << Qt::endl;
    return 0;
}

int serverStatus(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Show the study on a server: its protocol and, per participant, machines, "
           "conversations, ratings and the last sync."));
    addConnectionOptions(parser);
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of text.")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    auto db = connect(parser.positionalArguments().constFirst(), connectOptions(parser));
    const server::Status s = server::status(*db);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray participants;
        for (const server::ParticipantStatus &p : s.participants)
            participants.append(QJsonObject {
                {QStringLiteral("code"), p.code},
                {QStringLiteral("withdrawn"), p.withdrawnAt.isValid()},
                {QStringLiteral("machines"), p.machines},
                {QStringLiteral("conversations"), p.conversations},
                {QStringLiteral("ratings"), p.ratings},
                {QStringLiteral("conditions"), QJsonArray::fromStringList(p.conditions)},
                {QStringLiteral("last_sync"),
                 p.lastSyncAt.isValid() ? QJsonValue(p.lastSyncAt.toString(Qt::ISODate))
                                        : QJsonValue()}});
        out << QJsonDocument(QJsonObject {{QStringLiteral("schema_version"), s.schemaVersion},
                                          {QStringLiteral("protocol"), s.protocolKey},
                                          {QStringLiteral("version"), s.protocolVersion},
                                          {QStringLiteral("fingerprint"), s.fingerprint},
                                          {QStringLiteral("participants"), participants}})
                   .toJson(QJsonDocument::Indented);
        out.flush();
        return 0;
    }
    out << tr("Study %1 (version %2, fingerprint %3) in the database \"%4\" on %5%6")
               .arg(s.protocolKey, s.protocolVersion, s.fingerprint, db->database(), db->host(),
                    db->sslInUse() ? tr(", over TLS") : QString())
        << '\n';
    if (s.schemaVersion < server::schemaVersion)
        out << tr("Its schema is version %1; run `sense7 server upgrade URL` to bring it to %2, "
                  "so that machines running an earlier Sense-7 Studio cannot replace a live "
                  "conversation's turns.")
                   .arg(s.schemaVersion)
                   .arg(server::schemaVersion)
            << '\n';
    else if (s.schemaVersion > server::schemaVersion)
        out << tr("Its schema is version %1, made by a later version of Sense-7 Studio than this "
                  "one (which knows up to %2).")
                   .arg(s.schemaVersion)
                   .arg(server::schemaVersion)
            << '\n';
    qint64 conversations = 0;
    qint64 ratings = 0;
    int withdrawn = 0;
    if (!s.participants.isEmpty())
        out << QStringLiteral("%1  %2  %3  %4  %5  %6")
                   .arg(tr("Participant"), -20)
                   .arg(tr("Machines"), 8)
                   .arg(tr("Conversations"), 13)
                   .arg(tr("Ratings"), 8)
                   .arg(tr("Last sync"), -20)
                   .arg(tr("Condition"))
            << '\n';
    for (const server::ParticipantStatus &p : s.participants) {
        conversations += p.conversations;
        ratings += p.ratings;
        if (p.withdrawnAt.isValid()) {
            ++withdrawn;
            out << QStringLiteral("%1  %2").arg(p.code.leftJustified(20),
                                                tr("withdrawn %1").arg(when(p.withdrawnAt)))
                << '\n';
            continue;
        }
        out << QStringLiteral("%1  %2  %3  %4  %5  %6")
                   .arg(p.code.leftJustified(20), QString::number(p.machines).rightJustified(8),
                        QString::number(p.conversations).rightJustified(13),
                        QString::number(p.ratings).rightJustified(8),
                        when(p.lastSyncAt).leftJustified(20),
                        p.conditions.join(QStringLiteral(", ")))
            << '\n';
    }
    out << tr("Participants: %1 (%2 withdrawn); conversations: %3; ratings: %4.")
               .arg(s.participants.size())
               .arg(withdrawn)
               .arg(conversations)
               .arg(ratings)
        << Qt::endl;
    return 0;
}

} // namespace

int serverCommand(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    using Run = int (*)(const QStringList &, QTextStream &, QTextStream &);
    static const std::map<QString, Run> subcommands {
        {QStringLiteral("init"), initServer},
        {QStringLiteral("add-participant"), addParticipant},
        {QStringLiteral("withdraw"), withdrawParticipant},
        {QStringLiteral("status"), serverStatus},
        {QStringLiteral("upgrade"), upgradeServer},
    };
    const QString sub = arguments.value(1);
    const auto found = subcommands.find(sub);
    if (found != subcommands.end()) {
        QStringList rest = arguments.mid(1);
        rest[0] = arguments.constFirst() + QLatin1Char(' ') + sub;
        return found->second(rest, out, err);
    }
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("The study server (PostgreSQL). `sense7 server init URL --protocol FILE|KEY` creates "
           "a study; `sense7 server add-participant URL CODE` adds a participant and prints their "
           "credentials; `sense7 server withdraw URL CODE` removes a participant's data; `sense7 "
           "server status URL` shows who has sent what; `sense7 server upgrade URL` brings the "
           "study's schema to this version."));
    parser.addPositionalArgument(QStringLiteral("SUBCOMMAND"),
                                 tr("init, add-participant, withdraw, status or upgrade."));
    if (const auto done = parseOrExit(parser, arguments, -1, out, err))
        return *done;
    err << helpText(parser, arguments);
    return 1;
}

} // namespace sense7::cli
