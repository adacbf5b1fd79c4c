// sense7 figures: the aggregate charts (or conversations' trajectories) as publication figures,
// each with a JSON sidecar that says how to make it again.

#include "aggregatecharts.h"
#include "browse/aggregates.h"
#include "browse/sample.h"
#include "browse/trajectory.h"
#include "chartdata.h"
#include "cliutil.h"
#include "error.h"
#include "export/writer.h"
#include "figure.h"
#include "filteroptions.h"
#include "store.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <qcustomplot.h>

#include <algorithm>

namespace sense7::cli {

int figures(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Draw the aggregate charts of the conversations the filters select (distribution, "
           "trajectory, assistants, participants, around breaks, correlations, by context) as "
           "publication figures, each with a JSON sidecar naming the filters, the data hash and "
           "the program version. With --conversation, draw those conversations' trajectories "
           "instead. A chart that cannot be drawn (a correlation matrix of one dimension, no "
           "flagged breaks, no ratings) is skipped with a message; the exit code is 0 when at "
           "least one figure was drawn, 1 when none could be."));
    parser.addOption({QStringLiteral("db"), tr("The data set."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("out"), tr("The folder to write into (created if needed)."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("format"), tr("Comma-separated: pdf, svg, png."),
                      QStringLiteral("LIST"), QStringLiteral("pdf")});
    parser.addOption({QStringLiteral("preset"),
                      tr("single (3.5 in wide) or double (7.16 in) column."),
                      QStringLiteral("PRESET"), QStringLiteral("single")});
    parser.addOption({QStringLiteral("dpi"), tr("Resolution of PNG figures."), QStringLiteral("N"),
                      QStringLiteral("300")});
    parser.addOption({QStringLiteral("font-family"),
                      tr("The font (default %1).").arg(charts::FigureStyle::defaultFontFamily()),
                      QStringLiteral("FAMILY")});
    parser.addOption({QStringLiteral("font-size"),
                      tr("The font size in points (default 8 single, 9 double)."),
                      QStringLiteral("PT")});
    parser.addOption({QStringLiteral("no-title"),
                      tr("Leave the title out of the figure (for a caption set outside it).")});
    parser.addOption({QStringLiteral("instrument"),
                      tr("The instrument whose ratings are drawn (default: the protocol's "
                         "primary one)."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("group-by"),
                      tr("The context field the \"by context\" chart groups by: any key of the "
                         "conversations' context, a form's or an importer's (default: the first "
                         "choice of the context form the data answer), or \"condition\" for "
                         "the condition live conversations were held with."),
                      QStringLiteral("FIELD")});
    parser.addOption({QStringLiteral("by"),
                      tr("What the assistants chart compares: condition (the conditions live "
                         "conversations were held with; imported ones are one group), assistant "
                         "(the assistants' names), or auto (default: condition when a selected "
                         "conversation carries one)."),
                      QStringLiteral("condition|assistant|auto"), QStringLiteral("auto")});
    parser.addOption({QStringLiteral("chart"),
                      tr("Only this chart (repeat for more): distribution, trajectory, "
                         "assistants, participants, breaks, correlation, context."),
                      QStringLiteral("CHART")});
    parser.addOption({QStringLiteral("conversation"),
                      tr("Draw this conversation's trajectory (an id, source id or content "
                         "hash; repeat for more)."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("cluster"),
                      tr("The units of the means' 95% intervals: participant (default), "
                         "conversation, or none (every rating on its own)."),
                      QStringLiteral("UNIT"), QStringLiteral("participant")});
    addFilterOptions(parser);
    if (const auto done = parseOrExit(parser, arguments, 0, out, err,
                                      {QStringLiteral("db"), QStringLiteral("out")}))
        return *done;

    charts::FigureStyle style;
    const auto preset = charts::FigureStyle::presetFromKey(parser.value(QStringLiteral("preset")));
    if (!preset)
        throw Error(tr("--preset must be single or double, not \"%1\".")
                        .arg(parser.value(QStringLiteral("preset"))));
    style.preset = *preset;
    style.fontFamily = parser.value(QStringLiteral("font-family"));
    style.title = !parser.isSet(QStringLiteral("no-title"));
    if (parser.isSet(QStringLiteral("font-size"))) {
        bool ok = false;
        style.fontSize = parser.value(QStringLiteral("font-size")).toDouble(&ok);
        if (!ok || style.fontSize < 4 || style.fontSize > 24)
            throw Error(tr("--font-size must be a size in points from 4 to 24."));
    }
    bool dpiOk = false;
    const int dpi = parser.value(QStringLiteral("dpi")).toInt(&dpiOk);
    if (!dpiOk || dpi < 36 || dpi > 2400)
        throw Error(tr("--dpi must be a whole number from 36 to 2400."));
    QVector<charts::FigureFormat> formats;
    for (const QString &key :
         parser.value(QStringLiteral("format")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto format = charts::figureFormatFromKey(key.trimmed());
        if (!format)
            throw Error(tr("--format: \"%1\" is not pdf, svg or png.").arg(key));
        if (!formats.contains(*format))
            formats.append(*format);
    }
    if (formats.isEmpty())
        throw Error(tr("--format names no format."));
    QVector<charts::Chart> chosen;
    for (const QString &key : parser.values(QStringLiteral("chart"))) {
        const auto chart = charts::chartFromKey(key);
        if (!chart)
            throw Error(tr("--chart: there is no chart \"%1\".").arg(key));
        chosen.append(*chart);
    }
    if (chosen.isEmpty())
        for (int i = 0; i < charts::chartCount; ++i)
            chosen.append(charts::Chart(i));

    const auto cluster = series::clusterFromKey(parser.value(QStringLiteral("cluster")));
    if (!cluster)
        throw Error(tr("--cluster must be participant, conversation or none, not \"%1\".")
                        .arg(parser.value(QStringLiteral("cluster"))));

    auto store = Store::open(parser.value(QStringLiteral("db")));
    warnIfDamaged(*store, err);
    const Protocol protocol = store->protocol();
    QString instrument = parser.value(QStringLiteral("instrument"));
    if (!instrument.isEmpty() && !protocol.instrument(instrument)) {
        QStringList keys;
        for (const Instrument &i : protocol.instruments)
            keys.append(i.key);
        throw Error(tr("--instrument: %1 has no instrument \"%2\"; it has: %3.")
                        .arg(store->path(), instrument, keys.join(QStringLiteral(", "))));
    }
    if (instrument.isEmpty())
        instrument = protocol.primary().key;
    const QString by = parser.value(QStringLiteral("by"));
    const browse::AssistantGrouping grouping = by == QLatin1String("condition")
        ? browse::AssistantGrouping::Condition
        : by == QLatin1String("assistant") ? browse::AssistantGrouping::Assistant
                                           : browse::AssistantGrouping::Auto;
    if (grouping == browse::AssistantGrouping::Auto && by != QLatin1String("auto"))
        throw Error(tr("--by must be condition, assistant or auto, not \"%1\".").arg(by));
    const QStringList contextKeys = browse::contextKeys(*store);
    QString groupBy = parser.value(QStringLiteral("group-by"));
    // "condition" is the live conversations' condition unless the context has such a field.
    const bool groupByCondition =
        groupBy == QLatin1String("condition") && !contextKeys.contains(groupBy);
    if (groupByCondition) {
        if (browse::conditions(*store).isEmpty())
            throw Error(tr("--group-by condition: no conversation in %1 is a live one held with a "
                           "condition.")
                            .arg(store->path()));
        groupBy = browse::conditionGroup;
    } else if (groupBy.isEmpty()) {
        groupBy = browse::defaultContextField(*store, contextKeys);
    } else if (!contextKeys.contains(groupBy) && !protocol.context.field(groupBy)) {
        throw Error(
            contextKeys.isEmpty()
                ? tr("--group-by: no conversation in %1 has a context field \"%2\"; they have "
                     "no context fields.")
                      .arg(store->path(), groupBy)
                : tr("--group-by: no conversation in %1 has a context field \"%2\"; the fields "
                     "are: %3.")
                      .arg(store->path(), groupBy, contextKeys.join(QStringLiteral(", "))));
    }
    const QString warning = refreshDigests(*store);
    if (!warning.isEmpty())
        err << tr("warning: %1").arg(warning) << Qt::endl;
    const browse::Filter filter = filterFromOptions(parser, *store);
    const QDir dir(parser.value(QStringLiteral("out")));
    if (!QDir().mkpath(dir.path()))
        throw Error(tr("Cannot create the folder %1.").arg(dir.path()));

    // A fresh plot per figure: nothing one chart leaves in the layout affects the next.
    std::unique_ptr<QCustomPlot> plot;
    QJsonObject details {
        {QStringLiteral("data_set"), QFileInfo(store->path()).fileName()},
        {QStringLiteral("arguments"), QJsonArray::fromStringList(arguments.mid(1))}};
    int written = 0;
    int drawn = 0;
    int skipped = 0;
    const auto save = [&](const QString &name, const QString &title, QJsonObject extra) {
        for (auto it = details.constBegin(); it != details.constEnd(); ++it)
            extra.insert(it.key(), it.value());
        for (const charts::FigureFormat format : formats) {
            const QString path =
                dir.filePath(name + QLatin1Char('.') + charts::figureFormatKey(format));
            charts::saveFigure(plot.get(), style, format, path, dpi, title);
            charts::writeSidecar(path, style, format, dpi, extra);
            out << path << Qt::endl;
            ++written;
        }
    };

    const QStringList conversations = parser.values(QStringLiteral("conversation"));
    if (!conversations.isEmpty()) {
        for (const QString &key : conversations) {
            const qint64 id = store->findConversation(key);
            if (id == 0)
                throw Error(tr("%1 has no conversation \"%2\".").arg(store->path(), key));
            plot = std::make_unique<QCustomPlot>();
            const auto trajectory = browse::conversationTrajectory(
                *store, id, store->selfAnnotatorId(), {}, instrument);
            const auto conversation = store->conversation(id);
            const bool rated = std::any_of(
                trajectory.values.cbegin(), trajectory.values.cend(), [](const auto &replies) {
                    return std::any_of(replies.cbegin(), replies.cend(),
                                       [](const std::optional<int> &v) { return v.has_value(); });
                });
            if (trajectory.dimensions.isEmpty() || trajectory.turnIds.isEmpty() || !rated) {
                err << tr("Skipped conversation %1: %2.")
                           .arg(key,
                                trajectory.dimensions.isEmpty()
                                    ? tr("the instrument %1 has no reply-level dimensions")
                                          .arg(instrument)
                                    : trajectory.turnIds.isEmpty()
                                    ? tr("it has no assistant reply")
                                    : tr("none of its replies is rated on %1").arg(instrument))
                    << Qt::endl;
                ++skipped;
                continue;
            }
            charts::drawConversationTrajectory(plot.get(), trajectory, -1);
            charts::setTitle(plot.get(), conversation->title);
            ++drawn;
            save(QStringLiteral("conversation-%1").arg(id), conversation->title,
                 {{QStringLiteral("chart"), QStringLiteral("conversation")},
                  {QStringLiteral("instrument"), instrument},
                  {QStringLiteral("conversation"), conversation->contentHash},
                  {QStringLiteral("data_hash"), browse::dataHash(*store, {id})},
                  {QStringLiteral("plotted"), charts::plottedData(trajectory)}});
        }
    } else {
        const QVector<qint64> ids = exporter::selectConversations(*store, filter);
        const browse::Aggregates aggregates =
            browse::computeAggregates(*store, filter, groupBy, instrument, *cluster, grouping);
        const QString hash = browse::dataHash(*store, ids);
        for (const charts::Chart chart : std::as_const(chosen)) {
            // Never an empty chart: one that cannot be drawn is said and left out.
            const QString reason = charts::unavailableReason(chart, aggregates);
            if (!reason.isEmpty()) {
                err << tr("Skipped %1 (%2): %3.")
                           .arg(charts::chartKey(chart), charts::chartName(chart), reason)
                    << Qt::endl;
                ++skipped;
                continue;
            }
            ++drawn;
            plot = std::make_unique<QCustomPlot>();
            charts::drawAggregate(plot.get(), chart, aggregates);
            QJsonObject extra {{QStringLiteral("chart"), charts::chartKey(chart)},
                               {QStringLiteral("instrument"), aggregates.instrument},
                               {QStringLiteral("filters"), filter.toJson()},
                               {QStringLiteral("conversations"), aggregates.conversations},
                               {QStringLiteral("data_hash"), hash}};
            if (chart == charts::Chart::Context)
                extra.insert(QStringLiteral("group_by"),
                             groupByCondition ? QStringLiteral("condition") : groupBy);
            if (chart == charts::Chart::Assistants)
                extra.insert(QStringLiteral("by"),
                             aggregates.agentsByCondition ? QStringLiteral("condition")
                                                          : QStringLiteral("assistant"));
            extra.insert(QStringLiteral("cluster"), series::clusterKey(*cluster));
            extra.insert(QStringLiteral("plotted"), charts::plottedData(chart, aggregates));
            save(charts::chartKey(chart), charts::chartName(chart), extra);
            if (chart == charts::Chart::Context) {
                out << tr("Kruskal–Wallis test across the groups of %1:")
                           .arg(groupByCondition ? QStringLiteral("condition") : groupBy)
                    << Qt::endl;
                for (const QString &line : charts::groupTestLines(aggregates))
                    out << QStringLiteral("  ") << line << Qt::endl;
            }
        }
    }
    err << QCoreApplication::translate("sense7::cli", "Wrote %n file(s) to %1", nullptr, written)
               .arg(dir.path())
        << QStringLiteral("; ")
        << QCoreApplication::translate("sense7::cli", "%n chart(s) drawn", nullptr, drawn)
        << QStringLiteral(", ")
        << QCoreApplication::translate("sense7::cli", "%n skipped.", nullptr, skipped) << Qt::endl;
    if (drawn == 0 && !parser.isSet(QStringLiteral("instrument"))
        && protocol.instruments.size() > 1) {
        QStringList others;
        for (const Instrument &i : protocol.instruments)
            if (i.key != instrument)
                others.append(i.key);
        err << tr("The data set has other instruments too: %1 (choose one with --instrument).")
                   .arg(others.join(QStringLiteral(", ")))
            << Qt::endl;
    }
    return drawn > 0 ? 0 : 1;
}

} // namespace sense7::cli
