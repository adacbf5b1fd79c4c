// sense7 export: tidy CSV with its codebook, JSON Lines, or a bundle, of the conversations the
// filters select.

#include "cliutil.h"
#include "error.h"
#include "export/writer.h"
#include "filteroptions.h"
#include "store.h"

#include <QCommandLineParser>

namespace sense7::cli {

int exportData(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Export a data set, or the part the filters select: a tidy CSV with one row per "
           "rating (and beside it a table of every turn, one of the participants and a "
           "codebook), JSON Lines with one conversation a line, or a Sense-7 bundle that "
           "`sense7 import` reads back."));
    parser.addOption({QStringLiteral("db"), tr("The data set to export."), QStringLiteral("DB")});
    parser.addOption({QStringLiteral("format"), tr("csv, jsonl or bundle."),
                      QStringLiteral("FORMAT"), QStringLiteral("csv")});
    parser.addOption({QStringLiteral("out"), tr("The file to write."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("anonymise"),
                      tr("Bundle: give the participant a pseudonym and redact emails, phone "
                         "numbers, web and IP addresses.")});
    parser.addOption({QStringLiteral("redact"),
                      tr("Bundle, with --anonymise: also redact TERM (a name, a company) wherever "
                         "it appears as a word (repeat for more)."),
                      QStringLiteral("TERM")});
    parser.addOption({QStringLiteral("ratings-only"),
                      tr("Bundle, with --anonymise: leave out all message text.")});
    parser.addOption({QStringLiteral("code"),
                      tr("Bundle, with --anonymise: the participant code to use instead of the "
                         "pseudonym."),
                      QStringLiteral("CODE")});
    addFilterOptions(parser);
    if (const auto done = parseOrExit(parser, arguments, 0, out, err,
                                      {QStringLiteral("db"), QStringLiteral("out")}))
        return *done;
    const auto format = exporter::formatFromKey(parser.value(QStringLiteral("format")));
    if (!format)
        throw Error(tr("--format must be csv, jsonl or bundle, not \"%1\".")
                        .arg(parser.value(QStringLiteral("format"))));
    auto store = Store::open(parser.value(QStringLiteral("db")));
    warnIfDamaged(*store, err);
    exporter::Options options;
    options.filter = filterFromOptions(parser, *store);
    if (!options.filter.ranges.isEmpty() || options.filter.breaks != browse::Breaks::Any) {
        const QString warning = refreshDigests(*store);
        if (!warning.isEmpty())
            err << tr("warning: %1").arg(warning) << Qt::endl;
    }
    options.anonymise.enabled = parser.isSet(QStringLiteral("anonymise"));
    options.anonymise.terms = parser.values(QStringLiteral("redact"));
    options.anonymise.ratingsOnly = parser.isSet(QStringLiteral("ratings-only"));
    options.anonymise.participantCode = parser.value(QStringLiteral("code"));
    if (!options.anonymise.enabled
        && (parser.isSet(QStringLiteral("redact")) || options.anonymise.ratingsOnly
            || parser.isSet(QStringLiteral("code"))))
        throw Error(tr("--redact, --ratings-only and --code need --anonymise."));
    if (options.anonymise.enabled && *format != exporter::Format::Bundle)
        throw Error(tr("--anonymise applies to bundles: add --format bundle."));

    const exporter::Summary summary =
        exporter::write(*store, *format, parser.value(QStringLiteral("out")), options);
    out << tr("Wrote %1: %2 conversations, %3 ratings.")
               .arg(summary.files.join(QStringLiteral(", ")),
                    QString::number(summary.conversations), QString::number(summary.ratings));
    if (options.anonymise.enabled)
        out << ' ' << tr("Redactions: %1.").arg(summary.redactions);
    out << Qt::endl;
    return 0;
}

} // namespace sense7::cli
