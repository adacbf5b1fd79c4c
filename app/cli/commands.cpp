#include "commands.h"

#include "cliutil.h"
#include "demo.h"
#include "error.h"
#include "import/importer.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <functional>
#include <map>
#include <tuple>
#include <vector>

namespace sense7::cli {

namespace {

struct Command
{
    const char *summary;
    std::function<int(const QStringList &, QTextStream &, QTextStream &)> run;
};

int init(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Create a new, empty data set under a study protocol (SENSE-7 unless --protocol says "
           "otherwise; with --demo, the demo's sense7_live)."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file to create."));
    parser.addOption({QStringLiteral("protocol"),
                      tr("The study protocol: a protocol file, or a shipped one (%1).")
                          .arg(protocol::shippedKeys().join(QStringLiteral(", "))),
                      QStringLiteral("FILE|KEY")});
    parser.addOption({QStringLiteral("demo"), tr("Fill it with the illustrative demo data.")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    const QString path = parser.positionalArguments().constFirst();
    const QString chosen = parser.value(QStringLiteral("protocol"));
    // A file of that name wins over a shipped key, so that no file is ever ignored.
    // The demo is made under its own protocol, whose scripted conditions hold live conversations.
    const Protocol studyProtocol = chosen.isEmpty()
        ? (parser.isSet(QStringLiteral("demo")) ? demo::protocol() : protocol::sense7())
        : (!QFileInfo::exists(chosen) && protocol::shippedKeys().contains(chosen))
        ? protocol::shipped(chosen)
        : protocol::load(chosen);
    if (parser.isSet(QStringLiteral("demo")) && !studyProtocol.instrument(QStringLiteral("sense7")))
        throw Error(tr("--demo needs the SENSE-7 instrument, which the protocol \"%1\" does not "
                       "have.")
                        .arg(studyProtocol.key));
    auto store = Store::create(path, studyProtocol);
    if (parser.isSet(QStringLiteral("demo")))
        demo::load(*store);
    const DataSetInfo info = store->info();
    out << tr("Created %1 under the protocol %2 (%3): %4 participants, %5 conversations, %6 "
              "ratings.")
               .arg(path, studyProtocol.key, studyProtocol.fingerprint(),
                    QString::number(info.participants), QString::number(info.conversations),
                    QString::number(info.ratings))
        << Qt::endl;
    return 0;
}

int info(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Describe a data set: counts, assistants and instruments."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of text.")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    auto store = Store::open(parser.positionalArguments().constFirst(), Store::Access::ReadOnly,
                             Store::Check::Always);
    warnIfDamaged(*store, err);
    const DataSetInfo info = store->info();
    if (parser.isSet(QStringLiteral("json"))) {
        out << QJsonDocument(info.toJson()).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << tr("Data set:          %1").arg(info.path) << '\n'
        << tr("Format version:    %1").arg(info.schemaVersion) << '\n'
        << tr("Participants:      %1").arg(info.participants) << '\n'
        << tr("Conversations:     %1").arg(info.conversations) << '\n'
        << tr("Turns:             %1 (%2 by the assistant)")
               .arg(info.turns)
               .arg(info.assistantTurns)
        << '\n'
        << tr("Ratings:           %1 of turns, %2 of conversations")
               .arg(info.ratings)
               .arg(info.conversationRatings)
        << '\n'
        << tr("Continuity flags:  %1").arg(info.flags) << '\n'
        << tr("Assistants:        %1").arg(info.agents.join(QStringLiteral(", "))) << '\n'
        << tr("Protocol:          %1 (version %2, fingerprint %3)")
               .arg(info.protocolKey, info.protocolVersion, info.protocolFingerprint)
        << '\n';
    // Each instrument with its dimensions grouped by what they rate and on which scale.
    const QString primary = store->protocol().primary().key;
    for (const Instrument &instrument : info.instruments) {
        out << tr("Instrument:        %1 (%2 %3)")
                   .arg(instrument.key, instrument.name, instrument.version)
            << (instrument.key == primary ? tr(", the primary instrument") : QString()) << '\n';
        std::map<std::tuple<int, int, int>, QStringList> groups; // level, min, max -> keys
        std::vector<std::tuple<int, int, int>> order;
        for (const Dimension &d : instrument.dimensions) {
            const auto group = std::make_tuple(int(d.level), d.scaleMin, d.scaleMax);
            if (!groups.count(group))
                order.push_back(group);
            groups[group] << d.key;
        }
        for (const auto &group : order) {
            const auto [level, min, max] = group;
            out << "  "
                << (Level(level) == Level::Turn ? tr("turns, %1–%2: %3")
                                                : tr("conversations, %1–%2: %3"))
                       .arg(min)
                       .arg(max)
                       .arg(groups[group].join(QStringLiteral(", ")))
                << '\n';
        }
    }
    out.flush();
    return 0;
}

int importFiles(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Import chat exports, research data sets, ratings or Sense-7 bundles. Each file is one "
           "transaction: a file with an error changes nothing. Conversations already in the data "
           "set are not added again."));
    parser.addPositionalArgument(QStringLiteral("FILE"), tr("Files to import."),
                                 QStringLiteral("FILE..."));
    parser.addOption(
        {QStringLiteral("db"), tr("The data set to import into."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("format"),
                      tr("The format, instead of telling it from the content: %1.")
                          .arg(import::formats().join(QStringLiteral(", "))),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("participant"),
                      tr("The participant code the conversations belong to."),
                      QStringLiteral("CODE")});
    parser.addOption({QStringLiteral("agent"), tr("The assistant label to give the conversations."),
                      QStringLiteral("LABEL")});
    parser.addOption(
        {QStringLiteral("annotator"),
         tr("Who rated, for a ratings file without an annotator column (required then). Use "
            "\"self\" only for the participants' own ratings."),
         QStringLiteral("CODE")});
    parser.addOption({QStringLiteral("annotator-kind"),
                      tr("The kind of --annotator: self, observer or model (default: self for "
                         "\"self\", else observer)."),
                      QStringLiteral("KIND")});
    parser.addOption({QStringLiteral("on-conflict"),
                      tr("What to do with a value the data set already holds differently: keep "
                         "it and report (default), replace it (journaled), or fail (the file "
                         "changes nothing)."),
                      QStringLiteral("keep|replace|fail"), QStringLiteral("keep")});
    parser.addOption({QStringLiteral("report"),
                      tr("Write every conflict to FILE, as CSV (.csv) or JSON (.json)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("map"),
                      tr("JSON Lines corpora: which field holds what, KEY=FIELD, repeatable. "
                         "Keys: %1.")
                          .arg(import::mapKeys().join(QStringLiteral(", "))),
                      QStringLiteral("KEY=FIELD")});
    parser.addOption({QStringLiteral("score-dimension"),
                      tr("The dimension (INSTRUMENT/DIMENSION) that the mapped per-turn score "
                         "rates, as the participant's own rating."),
                      QStringLiteral("DIMENSION")});
    parser.addOption({QStringLiteral("gap"),
                      tr("Gemini activity: a pause of more than MINUTES starts a new "
                         "conversation (default 30)."),
                      QStringLiteral("MINUTES"), QStringLiteral("30")});
    parser.addOption({QStringLiteral("speaker"),
                      tr("Pasted transcripts: a speaker name and the role it stands for, "
                         "NAME=ROLE (user, assistant or system), repeatable."),
                      QStringLiteral("NAME=ROLE")});
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        err << parser.errorText() << Qt::endl;
        return 1;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << helpText(parser, arguments);
        return 0;
    }
    if (parser.positionalArguments().isEmpty() || !parser.isSet(QStringLiteral("db"))) {
        err << helpText(parser, arguments);
        return 1;
    }
    import::Options options;
    options.format = parser.value(QStringLiteral("format"));
    options.participant = parser.value(QStringLiteral("participant"));
    options.agent = parser.value(QStringLiteral("agent"));
    options.annotator = parser.value(QStringLiteral("annotator")).trimmed();
    if (parser.isSet(QStringLiteral("annotator-kind"))) {
        const QString key = parser.value(QStringLiteral("annotator-kind")).trimmed().toLower();
        options.annotatorKind = annotatorKindFromKey(key);
        if (!options.annotatorKind) {
            err << tr("sense7 import: the annotator kind \"%1\" is not self, observer or model.")
                       .arg(key)
                << Qt::endl;
            return 1;
        }
    }
    const QString policy = parser.value(QStringLiteral("on-conflict")).trimmed().toLower();
    if (const auto parsed = import::onConflictFromKey(policy)) {
        options.onConflict = *parsed;
    } else {
        err << tr("sense7 import: --on-conflict must be keep, replace or fail, not \"%1\".")
                   .arg(policy)
            << Qt::endl;
        return 1;
    }
    for (const QString &pair : parser.values(QStringLiteral("map"))) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        const QString key = pair.left(eq).trimmed().toLower();
        if (eq <= 0 || !import::mapKeys().contains(key)) {
            err << tr("sense7 import: --map takes KEY=FIELD with KEY one of %1, not \"%2\".")
                       .arg(import::mapKeys().join(QStringLiteral(", ")), pair)
                << Qt::endl;
            return 1;
        }
        options.map.insert(key, pair.mid(eq + 1).trimmed());
    }
    options.scoreDimension = parser.value(QStringLiteral("score-dimension")).trimmed();
    bool gapOk = false;
    options.gapMinutes = parser.value(QStringLiteral("gap")).toInt(&gapOk);
    if (!gapOk || options.gapMinutes < 1) {
        err << tr("sense7 import: --gap takes a number of minutes, not \"%1\".")
                   .arg(parser.value(QStringLiteral("gap")))
            << Qt::endl;
        return 1;
    }
    for (const QString &pair : parser.values(QStringLiteral("speaker"))) {
        const qsizetype eq = pair.lastIndexOf(QLatin1Char('='));
        const auto role = eq > 0 ? roleFromKey(pair.mid(eq + 1).trimmed().toLower()) : std::nullopt;
        if (!role) {
            err << tr("sense7 import: --speaker takes NAME=ROLE with ROLE user, assistant or "
                      "system, not \"%1\".")
                       .arg(pair)
                << Qt::endl;
            return 1;
        }
        options.speakers.insert(pair.left(eq).trimmed().toLower(), *role);
    }
    const QString report = parser.value(QStringLiteral("report"));
    if (!report.isEmpty() && !report.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        && !report.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        err << tr("sense7 import: the report %1 must end in .csv or .json.").arg(report)
            << Qt::endl;
        return 1;
    }
    auto store = Store::open(parser.value(QStringLiteral("db")));
    if (refuseDamaged(*store, QStringLiteral("import"), err))
        return 1;
    int failures = 0;
    QVector<import::Conflict> conflicts;
    for (const QString &file : parser.positionalArguments()) {
        try {
            import::Importer importer(*store);
            const import::Summary summary = importer.importFile(file, options);
            out << summary.text() << Qt::endl;
            for (const QString &warning : summary.warnings)
                err << tr("warning: %1").arg(warning) << Qt::endl;
            conflicts += summary.conflictList;
        } catch (const Error &e) {
            err << tr("sense7 import: %1").arg(e.message()) << Qt::endl;
            ++failures;
        }
    }
    if (!report.isEmpty()) {
        try {
            import::writeConflictReport(report, conflicts);
            out << tr("Conflicts written to %1: %2.").arg(report, QString::number(conflicts.size()))
                << Qt::endl;
        } catch (const Error &e) {
            err << tr("sense7 import: %1").arg(e.message()) << Qt::endl;
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table {
        {QStringLiteral("init"), {QT_TRANSLATE_NOOP("sense7::cli", "create a new data set"), init}},
        {QStringLiteral("info"), {QT_TRANSLATE_NOOP("sense7::cli", "describe a data set"), info}},
        {QStringLiteral("join"),
         {QT_TRANSLATE_NOOP("sense7::cli", "join a study server (PostgreSQL) with a data set"),
          join}},
        {QStringLiteral("sync"),
         {QT_TRANSLATE_NOOP("sense7::cli", "send changes to the study server and take others'"),
          syncCommand}},
        {QStringLiteral("import"),
         {QT_TRANSLATE_NOOP("sense7::cli", "import exports, data sets, ratings or bundles"),
          importFiles}},
        {QStringLiteral("agreement"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "reliability: re-rating, observers, individual judgements"),
          agreement}},
        {QStringLiteral("classify"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "ask a model (OpenAI-compatible endpoint) to rate turns"),
          classifyTurns}},
        {QStringLiteral("export"),
         {QT_TRANSLATE_NOOP("sense7::cli", "write tidy CSV, JSON Lines or a bundle"), exportData}},
        {QStringLiteral("figures"),
         {QT_TRANSLATE_NOOP("sense7::cli", "draw publication figures (PDF, SVG, PNG)"), figures}},
        {QStringLiteral("chat"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "hold a live conversation with one of the protocol's assistants"),
          chat}},
        {QStringLiteral("check"),
         {QT_TRANSLATE_NOOP("sense7::cli", "check a data set for damage (exit code 2 if damaged)"),
          check}},
        {QStringLiteral("backup"),
         {QT_TRANSLATE_NOOP("sense7::cli", "make a verified backup of a data set now"), backup}},
        {QStringLiteral("restore"),
         {QT_TRANSLATE_NOOP("sense7::cli", "list verified backups, or restore one"), restore}},
        {QStringLiteral("recover"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "salvage the readable rows of a damaged data set into a new one"),
          recover}},
        {QStringLiteral("model"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "mixed models: variance by participant and conversation, ICCs"),
          mixedModel}},
        {QStringLiteral("protocol"),
         {QT_TRANSLATE_NOOP("sense7::cli", "check a protocol file, or show a data set's protocol"),
          protocolCommand}},
        {QStringLiteral("pull"),
         {QT_TRANSLATE_NOOP("sense7::cli", "pull a study server's data into a local data set"),
          pull}},
        {QStringLiteral("server"),
         {QT_TRANSLATE_NOOP("sense7::cli",
                            "run a study server (PostgreSQL): init, participants, status"),
          serverCommand}},
        {QStringLiteral("evaluate"),
         {QT_TRANSLATE_NOOP("sense7::cli", "compare a model's ratings with the participants' own"),
          evaluate}},
    };
    return table;
}

void usage(QTextStream &stream)
{
    stream << tr("Usage: sense7 COMMAND [OPTIONS] ...") << '\n' << '\n' << tr("Commands:") << '\n';
    for (const auto &[name, command] : commands())
        stream << QStringLiteral("  %1  %2").arg(name.leftJustified(10), tr(command.summary))
               << '\n';
    stream << '\n'
           << tr("Run 'sense7 COMMAND --help' for a command's options; 'sense7 --version' for the "
                 "version.")
           << Qt::endl;
}

} // namespace

int run(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    if (arguments.size() < 2) {
        usage(err);
        return 1;
    }
    const QString &first = arguments.at(1);
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        out << QStringLiteral("sense7 %1").arg(QStringLiteral(SENSE7_VERSION)) << Qt::endl;
        return 0;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h")
        || first == QLatin1String("help")) {
        usage(out);
        return 0;
    }
    const auto found = commands().find(first);
    if (found == commands().end()) {
        err << tr("sense7: unknown command \"%1\".").arg(first) << '\n';
        usage(err);
        return 1;
    }
    QStringList rest = arguments.mid(1);
    rest[0] = QStringLiteral("sense7 ") + first;
    try {
        return found->second.run(rest, out, err);
    } catch (const Error &e) {
        err << tr("sense7 %1: %2").arg(first, e.message()) << Qt::endl;
        return 1;
    }
}

} // namespace sense7::cli
