#include "filteroptions.h"

#include "browse/digest.h"
#include "browse/sample.h"
#include "cliutil.h"
#include "error.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace sense7::cli {

void addFilterOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("participant"),
                      tr("Only this participant's conversations (repeat for more)."),
                      QStringLiteral("CODE")});
    parser.addOption({QStringLiteral("agent"),
                      tr("Only conversations with this assistant (repeat for more)."),
                      QStringLiteral("LABEL")});
    parser.addOption({QStringLiteral("condition"),
                      tr("Only live conversations held with this condition of the study "
                         "(its key; repeat for more)."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("task"),
                      tr("Only this task type of the context form (repeat for more)."),
                      QStringLiteral("TYPE")});
    parser.addOption({QStringLiteral("context"),
                      tr("Only conversations whose context field KEY is VALUE, any key of the "
                         "conversations' context (an importer's too), e.g. "
                         "emotion_type=anxiety; repeat for more, a key's values are "
                         "alternatives."),
                      QStringLiteral("KEY=VALUE")});
    parser.addOption({QStringLiteral("from"), tr("Only conversations started on or after DATE."),
                      QStringLiteral("YYYY-MM-DD")});
    parser.addOption({QStringLiteral("to"), tr("Only conversations started on or before DATE."),
                      QStringLiteral("YYYY-MM-DD")});
    parser.addOption({QStringLiteral("breaks"),
                      tr("Only conversations with flagged, detected or no breaks."),
                      QStringLiteral("flagged|detected|none")});
    parser.addOption({QStringLiteral("text"),
                      tr("Only conversations where some turn contains TEXT."),
                      QStringLiteral("TEXT")});
    parser.addOption(
        {QStringLiteral("range"),
         tr("Only conversations whose mean rating on DIMENSION lies between MIN and MAX, e.g. "
            "warmth:4:5 (repeat for more)."),
         QStringLiteral("DIMENSION:MIN:MAX")});
}

namespace {

/**
 * Throws when one of \a values is not among \a known: such a value would select nothing, and say
 * nothing about the typo. \a message takes the value, the data set and the known values (the
 * first twelve, sorted).
 */
void refuseUnknown(const QStringList &values, QStringList known, const char *message,
                   const Store &store)
{
    for (const QString &value : values) {
        if (known.contains(value))
            continue;
        known.sort();
        QStringList shown = known.mid(0, 12);
        if (known.size() > shown.size())
            shown << QStringLiteral("…");
        throw Error(QCoreApplication::translate("sense7::cli", message)
                        .arg(value, store.path(),
                             shown.isEmpty() ? QCoreApplication::translate("sense7::cli", "none")
                                             : shown.join(QStringLiteral(", "))));
    }
}

} // namespace

browse::Filter filterFromOptions(const QCommandLineParser &parser, const Store &store)
{
    browse::Filter filter;
    filter.participants = parser.values(QStringLiteral("participant"));
    if (!filter.participants.isEmpty()) {
        QStringList codes;
        for (const Participant &p : store.participants())
            codes << p.code;
        refuseUnknown(filter.participants, codes,
                      QT_TRANSLATE_NOOP("sense7::cli",
                                        "--participant %1: %2 has no participant with this "
                                        "code; the participants are: %3."),
                      store);
    }
    filter.agents = parser.values(QStringLiteral("agent"));
    if (!filter.agents.isEmpty())
        refuseUnknown(filter.agents, browse::agents(store),
                      QT_TRANSLATE_NOOP("sense7::cli",
                                        "--agent %1: no conversation in %2 was held with this "
                                        "assistant; the assistants are: %3."),
                      store);
    filter.taskTypes = parser.values(QStringLiteral("task"));
    filter.conditions = parser.values(QStringLiteral("condition"));
    if (!filter.conditions.isEmpty())
        refuseUnknown(filter.conditions, browse::conditions(store),
                      QT_TRANSLATE_NOOP("sense7::cli",
                                        "--condition %1: no conversation in %2 was held with it; "
                                        "the conditions are: %3."),
                      store);
    for (const char *name : {"from", "to"}) {
        const QString option = QLatin1String(name);
        if (!parser.isSet(option))
            continue;
        const QDate date = QDate::fromString(parser.value(option), Qt::ISODate);
        if (!date.isValid())
            throw Error(QCoreApplication::translate("sense7::cli",
                                                    "--%1 %2 is not a date such as 2025-03-31.")
                            .arg(option, parser.value(option)));
        (option == QLatin1String("from") ? filter.from : filter.to) = date;
    }
    if (parser.isSet(QStringLiteral("breaks"))) {
        const QString value = parser.value(QStringLiteral("breaks"));
        if (value == QLatin1String("flagged"))
            filter.breaks = browse::Breaks::Flagged;
        else if (value == QLatin1String("detected"))
            filter.breaks = browse::Breaks::Detected;
        else if (value == QLatin1String("none"))
            filter.breaks = browse::Breaks::None;
        else
            throw Error(
                QCoreApplication::translate(
                    "sense7::cli", "--breaks must be flagged, detected or none, not \"%1\".")
                    .arg(value));
    }
    filter.text = parser.value(QStringLiteral("text"));
    const QStringList contexts = parser.values(QStringLiteral("context"));
    const QStringList keys = contexts.isEmpty() ? QStringList() : browse::contextKeys(store);
    for (const QString &context : contexts) {
        const qsizetype equals = context.indexOf(QLatin1Char('='));
        if (equals <= 0)
            throw Error(
                QCoreApplication::translate(
                    "sense7::cli", "--context %1 is not KEY=VALUE, e.g. emotion_type=anxiety.")
                    .arg(context));
        const QString key = context.left(equals);
        if (!keys.contains(key))
            throw Error(QCoreApplication::translate("sense7::cli",
                                                    "--context %1: no conversation in %2 has a "
                                                    "context field \"%3\"; the fields are: %4.")
                            .arg(context, store.path(), key, keys.join(QStringLiteral(", "))));
        filter.context[key].append(context.mid(equals + 1));
    }
    for (const QString &range : parser.values(QStringLiteral("range"))) {
        const QStringList parts = range.split(QLatin1Char(':'));
        bool minOk = false, maxOk = false;
        const double min = parts.size() == 3 ? parts[1].toDouble(&minOk) : 0.0;
        const double max = parts.size() == 3 ? parts[2].toDouble(&maxOk) : 0.0;
        const auto dimension = parts.size() == 3 ? store.findDimension(parts[0]) : std::nullopt;
        if (!minOk || !maxOk || min > max)
            throw Error(QCoreApplication::translate(
                            "sense7::cli", "--range %1 is not DIMENSION:MIN:MAX, e.g. warmth:4:5.")
                            .arg(range));
        if (!dimension)
            throw Error(QCoreApplication::translate(
                            "sense7::cli", "--range %1: the data set has no dimension \"%2\".")
                            .arg(range, parts[0]));
        // A key without its instrument must name one dimension, not the first of several.
        if (!parts[0].contains(QLatin1Char('/'))) {
            QStringList holders;
            for (const Instrument &instrument : store.instruments())
                for (const Dimension &d : instrument.dimensions)
                    if (d.key == parts[0])
                        holders << instrument.key;
            if (holders.size() > 1)
                throw Error(
                    QCoreApplication::translate("sense7::cli",
                                                "--range %1: \"%2\" is a dimension of %3; write "
                                                "INSTRUMENT/%2, e.g. %4/%2.")
                        .arg(range, parts[0], holders.join(QStringLiteral(", ")),
                             holders.constFirst()));
        }
        if (min < dimension->scaleMin || max > dimension->scaleMax)
            throw Error(
                QCoreApplication::translate("sense7::cli",
                                            "--range %1: %2 is rated from %3 to %4; MIN and MAX "
                                            "lie within that.")
                    .arg(range, dimension->displayName(), QString::number(dimension->scaleMin),
                         QString::number(dimension->scaleMax)));
        filter.ranges.append({dimension->id, min, max});
    }
    return filter;
}

QString refreshDigests(Store &store)
{
    // Not the search index: a command searches once, and reading the text not indexed yet costs
    // less than indexing it (the studio's browser builds the index, for searches to come).
    const digest::Part digests = digest::Part::Digests;
    const qint64 pending = digest::pendingWork(store, digests);
    if (pending == 0)
        return {};
    if (store.isReadOnly())
        return tr("%1 is read-only and the summaries of some conversations are out of date: "
                  "filters and charts may not show the latest ratings.")
            .arg(store.path());
    digest::refresh(store, {}, {}, digest::preparationCommit, digests);
    return {};
}

} // namespace sense7::cli
