// `sense7 protocol check FILE` and `sense7 protocol show DB`: study protocols (protocol.h).

#include "cliutil.h"
#include "error.h"
#include "protocol.h"
#include "store.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>

namespace sense7::cli {

namespace {

QString scaleText(const Dimension &d)
{
    return QStringLiteral("%1–%2").arg(d.scaleMin).arg(d.scaleMax);
}

/** One line per instrument and dimension, as `check` and `show` print them. */
void printInstruments(const Protocol &p, QTextStream &out)
{
    for (const Instrument &instrument : p.instruments) {
        out << QCoreApplication::translate("sense7::cli",
                                           "Instrument %1 (%2, version %3): %n dimension(s)",
                                           nullptr, int(instrument.dimensions.size()))
                   .arg(instrument.key, instrument.name, instrument.version)
            << '\n';
        for (const Dimension &d : instrument.dimensions) {
            QStringList notes;
            if (d.level == Level::Turn)
                notes << tr("rates %1").arg(d.roles.join(QStringLiteral(", ")));
            if (!d.required)
                notes << tr("optional");
            if (!d.allowsNotApplicable)
                notes << tr("no \"not applicable\"");
            out << QStringLiteral("  %1  %2  %3  %4  %5")
                       .arg(d.key.leftJustified(24), levelKey(d.level).leftJustified(12),
                            scaleText(d).leftJustified(6), d.name, notes.join(QStringLiteral("; ")))
                << '\n';
        }
    }
}

void printForm(const QString &title, const Form &form, QTextStream &out)
{
    QStringList fields;
    for (const FormField &f : form.fields)
        fields << QStringLiteral("%1 (%2%3)")
                      .arg(f.key, formFieldTypeKey(f.type),
                           f.required ? tr(", required") : QString());
    out << title << ' ' << (fields.isEmpty() ? tr("none") : fields.join(QStringLiteral(", ")))
        << '\n';
}

/** The endpoint's address without any user name or password in it. */
QString endpointText(const AssistantCondition &c)
{
    return c.url.toString(QUrl::RemoveUserInfo);
}

/** The live plan: the design, then one line per condition; nothing is printed without one. */
void printLive(const LivePlan &plan, QTextStream &out)
{
    if (plan.conditions.isEmpty()) {
        out << tr("Live:         no assistant conditions") << '\n';
        return;
    }
    out << tr("Live:         %1 conditions, %2 (seed %3), %4, rating %5%6")
               .arg(plan.conditions.size())
               .arg(plan.design == AssignmentDesign::Between ? tr("between participants")
                                                             : tr("within participants"))
               .arg(plan.seed)
               .arg(plan.blinded ? tr("blinded") : tr("not blinded"))
               .arg(plan.rating == RatingTiming::AfterEachReply ? tr("after each reply")
                                                                : tr("at the end"))
               .arg(plan.ratingRequired ? tr(", required") : QString())
        << '\n';
    for (const AssistantCondition &c : plan.conditions) {
        const QString kind = c.kind == AssistantCondition::Kind::Scripted
            ? tr("scripted: %1 replies and a fallback, a piece every %2 ms")
                  .arg(c.replies.size())
                  .arg(c.chunkMs)
            : tr("endpoint: %1, model %2").arg(endpointText(c), c.model);
        out << QStringLiteral("  %1  %2  %3")
                   .arg(c.key.leftJustified(16), c.label.leftJustified(14), kind)
            << '\n';
    }
}

void printSummary(const Protocol &p, QTextStream &out)
{
    out << tr("Study:        %1 (%2, version %3)").arg(p.key, p.name, p.version) << '\n'
        << tr("Fingerprint:  %1").arg(p.fingerprint()) << '\n';
    printInstruments(p, out);
    printForm(tr("Context form:"), p.context, out);
    printForm(tr("Profile form:"), p.profile, out);
    out << tr("Sharing:      %1").arg(p.sharing ? tr("enabled") : tr("disabled")) << '\n';
    if (!p.consent.isEmpty())
        out << tr("Consent:      %1").arg(p.consent) << '\n';
    out << tr("Re-rating:    %1")
               .arg(p.retest.enabled ? tr("%1% of rated replies after every %2 conversations")
                                           .arg(p.retest.percent)
                                           .arg(p.retest.everyConversations)
                                     : tr("off"))
        << '\n'
        << tr("Order:        %1")
               .arg(p.order == DimensionOrder::Random
                        ? tr("random per reply (seed %1)").arg(p.orderSeed)
                        : tr("fixed"))
        << '\n';
    printLive(p.live, out);
}

/** Each participant's recorded assignment, one line each, in the order they were assigned. */
void printAssignments(const Store &store, QTextStream &out)
{
    if (store.protocol().live.conditions.isEmpty())
        return;
    const QVector<Participant> participants = store.participants();
    out << tr("Assignments:  %1 of %2 participants assigned")
               .arg(std::count_if(
                   participants.begin(), participants.end(),
                   [&](const Participant &p) { return store.assignment(p.id).has_value(); }))
               .arg(participants.size())
        << '\n';
    for (const Participant &participant : participants) {
        const auto assignment = store.assignment(participant.id);
        out << QStringLiteral("  %1  %2")
                   .arg(participant.code.leftJustified(12),
                        assignment ? tr("%1 (position %2)")
                                         .arg(assignment->conditions.join(QStringLiteral(" → ")),
                                              QString::number(assignment->position))
                                   : tr("not assigned yet"))
            << '\n';
    }
}

/** The live plan as `show --json` gives it: null without conditions; never an API key. */
QJsonValue liveJson(const LivePlan &plan)
{
    if (plan.conditions.isEmpty())
        return QJsonValue::Null;
    QJsonArray conditions;
    for (const AssistantCondition &c : plan.conditions) {
        QJsonObject condition {{QStringLiteral("key"), c.key}, {QStringLiteral("label"), c.label}};
        if (c.kind == AssistantCondition::Kind::Scripted) {
            condition.insert(QStringLiteral("kind"), QStringLiteral("scripted"));
            condition.insert(QStringLiteral("replies"), int(c.replies.size()));
        } else {
            condition.insert(QStringLiteral("kind"), QStringLiteral("endpoint"));
            condition.insert(QStringLiteral("url"), endpointText(c));
            condition.insert(QStringLiteral("model"), c.model);
        }
        conditions.append(condition);
    }
    return QJsonObject {
        {QStringLiteral("conditions"), conditions},
        {QStringLiteral("assignment"),
         QJsonObject {{QStringLiteral("design"), keyOf(plan.design)},
                      {QStringLiteral("seed"), QString::number(plan.seed)}}},
        {QStringLiteral("blinded"), plan.blinded},
        {QStringLiteral("rating"),
         QJsonObject {{QStringLiteral("when"), keyOf(plan.rating)},
                      {QStringLiteral("required"), plan.ratingRequired}}},
    };
}

/** Every participant with their recorded assignment (position and conditions) or null. */
QJsonArray assignmentsJson(const Store &store)
{
    QJsonArray result;
    for (const Participant &participant : store.participants()) {
        const auto assignment = store.assignment(participant.id);
        result.append(QJsonObject {
            {QStringLiteral("participant"), participant.code},
            {QStringLiteral("position"),
             assignment ? QJsonValue(assignment->position) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("conditions"),
             QJsonArray::fromStringList(assignment ? assignment->conditions : QStringList())},
        });
    }
    return result;
}

QJsonObject toJson(const Protocol &p)
{
    QJsonArray instruments;
    for (const Instrument &instrument : p.instruments) {
        QJsonArray dimensions;
        for (const Dimension &d : instrument.dimensions) {
            QJsonObject labels;
            for (auto it = d.anchors.begin(); it != d.anchors.end(); ++it)
                labels.insert(QString::number(it.key()), it.value());
            dimensions.append(
                QJsonObject {{QStringLiteral("key"), d.key},
                             {QStringLiteral("name"), d.name},
                             {QStringLiteral("question"), d.question},
                             {QStringLiteral("level"), levelKey(d.level)},
                             {QStringLiteral("scale"),
                              QJsonObject {{QStringLiteral("min"), d.scaleMin},
                                           {QStringLiteral("max"), d.scaleMax}}},
                             {QStringLiteral("labels"), labels},
                             {QStringLiteral("roles"), QJsonArray::fromStringList(d.roles)},
                             {QStringLiteral("required"), d.required},
                             {QStringLiteral("not_applicable"), d.allowsNotApplicable}});
        }
        instruments.append(
            QJsonObject {{QStringLiteral("key"), instrument.key},
                         {QStringLiteral("name"), instrument.name},
                         {QStringLiteral("version"), instrument.version},
                         {QStringLiteral("description"), instrument.description},
                         {QStringLiteral("not_applicable"), instrument.allowsNotApplicable},
                         {QStringLiteral("dimensions"), dimensions}});
    }
    const auto formJson = [](const Form &form) {
        QJsonArray fields;
        for (const FormField &f : form.fields)
            fields.append(QJsonObject {{QStringLiteral("key"), f.key},
                                       {QStringLiteral("label"), f.label},
                                       {QStringLiteral("type"), formFieldTypeKey(f.type)},
                                       {QStringLiteral("required"), f.required}});
        return QJsonObject {{QStringLiteral("title"), form.title},
                            {QStringLiteral("fields"), fields}};
    };
    return QJsonObject {
        {QStringLiteral("key"), p.key},
        {QStringLiteral("name"), p.name},
        {QStringLiteral("version"), p.version},
        {QStringLiteral("description"), p.description},
        {QStringLiteral("fingerprint"), p.fingerprint()},
        {QStringLiteral("instruments"), instruments},
        {QStringLiteral("forms"),
         QJsonObject {{QStringLiteral("context"), formJson(p.context)},
                      {QStringLiteral("profile"), formJson(p.profile)}}},
        {QStringLiteral("sharing"),
         QJsonObject {{QStringLiteral("enabled"), p.sharing},
                      {QStringLiteral("consent"), p.consent}}},
        {QStringLiteral("retest"),
         QJsonObject {{QStringLiteral("enabled"), p.retest.enabled},
                      {QStringLiteral("every_conversations"), p.retest.everyConversations},
                      {QStringLiteral("percent"), p.retest.percent}}},
        {QStringLiteral("dimension_order"),
         QJsonObject {{QStringLiteral("mode"), keyOf(p.order)},
                      {QStringLiteral("seed"), QString::number(p.orderSeed)}}},
        {QStringLiteral("live"), liveJson(p.live)},
        // Everything else (the forms' options and anchors, translations…): the protocol as a
        // file, with the data set's own instruments, which `sense7 init --protocol` reads back.
        {QStringLiteral("definition"),
         QJsonDocument::fromJson(protocol::withInstruments(p, p.instruments)).object()},
    };
}

int checkProtocol(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Check a study protocol file: exit code 0 and a summary when it is valid, 1 and the "
           "file, line and column of the first problem when it is not."));
    parser.addPositionalArgument(QStringLiteral("FILE"), tr("The protocol file (JSON)."));
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    const QString path = parser.positionalArguments().constFirst();
    try {
        const Protocol p = protocol::load(path);
        out << tr("%1 is a valid protocol.").arg(path) << '\n';
        printSummary(p, out);
        out.flush();
        return 0;
    } catch (const Error &e) {
        err << e.message() << Qt::endl;
        return 1;
    }
}

int showProtocol(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Show the study protocol a data set was made under: its instruments, dimensions with "
           "scales and levels, forms, consent text, fingerprint, live conditions and each "
           "participant's assignment to them."));
    parser.addPositionalArgument(QStringLiteral("DB"), tr("The data set file."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of text.")});
    if (const auto done = parseOrExit(parser, arguments, 1, out, err))
        return *done;
    auto store = Store::open(parser.positionalArguments().constFirst(), Store::Access::ReadOnly);
    const Protocol p = store->protocol();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject root = toJson(p);
        root.insert(QStringLiteral("assignments"), assignmentsJson(*store));
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    printSummary(p, out);
    printAssignments(*store, out);
    out.flush();
    return 0;
}

} // namespace

int protocolCommand(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const QString sub = arguments.value(1);
    if (sub == QLatin1String("check") || sub == QLatin1String("show")) {
        QStringList rest = arguments.mid(1);
        rest[0] = arguments.constFirst() + QLatin1Char(' ') + sub;
        return sub == QLatin1String("check") ? checkProtocol(rest, out, err)
                                             : showProtocol(rest, out, err);
    }
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Study protocols. `sense7 protocol check FILE` checks a protocol file; `sense7 "
           "protocol show DB [--json]` shows a data set's protocol. The shipped protocols: %1.")
            .arg(protocol::shippedKeys().join(QStringLiteral(", "))));
    parser.addPositionalArgument(QStringLiteral("check|show"), tr("What to do."));
    if (const auto done = parseOrExit(parser, arguments, -1, out, err))
        return *done;
    err << helpText(parser, arguments);
    return 1;
}

} // namespace sense7::cli
