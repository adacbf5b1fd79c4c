#include "importer.h"

#include "input.h"
#include "readers.h"
#include "store.h"
#include "writer.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QScopeGuard>

#include <functional>
#include <thread>

namespace sense7 {

const KeyEntry<import::OnConflict> KeyTable<import::OnConflict>::entries[3] = {
    {import::OnConflict::Keep, "keep"},
    {import::OnConflict::Replace, "replace"},
    {import::OnConflict::Fail, "fail"},
};

} // namespace sense7

namespace sense7::import {

QString Summary::text() const
{
    QString line =
        Importer::tr("%1 (%2): conversations imported: %3; already present: %4; skipped: %5")
            .arg(file, format, QString::number(imported), QString::number(alreadyPresent),
                 QString::number(skipped));
    if (ratings + ratingsUnchanged + ratingsConflicting > 0) {
        QStringList parts {Importer::tr("%1 new").arg(ratings),
                           Importer::tr("%1 unchanged").arg(ratingsUnchanged)};
        if (onConflict == OnConflict::Replace)
            parts << Importer::tr("%1 replaced").arg(ratingsConflicting);
        else
            parts << Importer::tr("%1 conflicting (kept)").arg(ratingsConflicting);
        line += Importer::tr("; ratings: %1").arg(parts.join(QStringLiteral(", ")));
    }
    if (merged > 0)
        line += Importer::tr("; added to conversations already present: %1").arg(merged);
    int otherKept = 0, otherReplaced = 0;
    for (const Conflict &c : conflictList) {
        if (c.what == QLatin1String("rating") || c.what == QLatin1String("conversation_rating"))
            continue;
        ++(c.replaced ? otherReplaced : otherKept);
    }
    if (otherKept > 0)
        line +=
            Importer::tr(
                "; other disagreements (flags, notes, context, live details) kept as they were: %1")
                .arg(otherKept);
    if (otherReplaced > 0)
        line += Importer::tr("; flags and notes replaced: %1").arg(otherReplaced);
    if (feedbackRepeated > 0)
        line += Importer::tr("; feedback given twice for one turn: %1, the later kept")
                    .arg(feedbackRepeated);
    if (feedbackSpanning > 0)
        line += Importer::tr("; feedback after several supporter messages in a row, attached to "
                             "the last of them: %1")
                    .arg(feedbackSpanning);
    if (unanswered > 0)
        line += Importer::tr("; prompts without a reply, kept as unanswered: %1").arg(unanswered);
    // The first few named, and an ellipsis for the rest. A QString, not the QStringBuilder
    // of temporaries that "auto" would return.
    const auto firstFew = [](const QStringList &named, int all,
                             const QString &separator) -> QString {
        QString text = named.join(separator);
        if (all > named.size())
            text += separator + u'…';
        return text;
    };
    if (otherVersions > 0)
        line += Importer::tr("; added beside a conversation from the same source with other "
                             "content (a later or edited export of it?): %1 (%2)")
                    .arg(QString::number(otherVersions),
                         firstFew(otherVersionIds, otherVersions, QStringLiteral(", ")));
    if (timesUnread > 0)
        line += Importer::tr("; times that could not be read, left empty: %1 (%2)")
                    .arg(QString::number(timesUnread),
                         firstFew(unreadTimes, timesUnread, QStringLiteral("; ")));
    return line + QLatin1Char('.');
}

namespace {

using ReadFunction = std::function<void(QIODevice &, const QString &, ImportSink &)>;

ReadFunction readerFor(const QString &format, const Options &options)
{
    if (format == QLatin1String("gemini")) {
        return [&options](QIODevice &in, const QString &source, ImportSink &sink) {
            readGemini(in, source, sink, options);
        };
    }
    if (format == QLatin1String("transcript")) {
        return [&options](QIODevice &in, const QString &source, ImportSink &sink) {
            readTranscript(in, source, sink, options);
        };
    }
    if (format == QLatin1String("jsonl")) {
        return [&options](QIODevice &in, const QString &source, ImportSink &sink) {
            readMappedJsonl(in, source, sink, options);
        };
    }
    using Plain = void (*)(QIODevice &, const QString &, ImportSink &);
    static const QHash<QString, Plain> readers {
        {QStringLiteral("chatgpt"), readChatGpt},
        {QStringLiteral("claude"), readClaude},
        {QStringLiteral("sharegpt"), readShareGpt},
        {QStringLiteral("openai-jsonl"), readOpenAiJsonl},
        {QStringLiteral("csv"), readCsvLong},
        {QStringLiteral("ratings-csv"), readRatingsCsv},
        {QStringLiteral("esconv"), readEsconv},
        {QStringLiteral("bundle"), readBundle},
        {QStringLiteral("grok"), readGrok},
        {QStringLiteral("openwebui"), readOpenWebUi},
        {QStringLiteral("librechat"), readLibreChat},
        {QStringLiteral("oasst"), readOasst},
    };
    const auto it = readers.constFind(format);
    return it == readers.constEnd() ? ReadFunction() : ReadFunction(*it);
}

} // namespace

Importer::Importer(Store &store)
    : m_store(store)
{ }

Summary Importer::importFile(const QString &path, const Options &options)
{
    Summary summary;
    summary.file = QFileInfo(path).fileName();
    summary.onConflict = options.onConflict;
    if (!options.format.isEmpty()) {
        summary.format = options.format;
    } else if (options.speakers.isEmpty()) {
        summary.format = detectFormat(path);
    } else { // speakers named: a transcript unless the content says otherwise
        try {
            summary.format = detectFormat(path);
        } catch (const Error &) {
            summary.format = QStringLiteral("transcript");
        }
    }
    // A mapping reads JSON Lines of any shape.
    if (options.format.isEmpty() && !options.map.isEmpty()
        && (summary.format == QLatin1String("openai-jsonl")
            || summary.format == QLatin1String("oasst")))
        summary.format = QStringLiteral("jsonl");
    const ReadFunction read = readerFor(summary.format, options);
    if (!read)
        throw Error(tr("\"%1\" is not a format Sense-7 Studio reads; choose one of: %2.")
                        .arg(summary.format, formats().join(QStringLiteral(", "))));
    Input input = openInput(path);
    const qint64 total = input.size;
    const QString source = input.name;

    QueueSink sink(m_progress);
    sink.setProvenanceStart(Writer::provenanceStart(summary.file, summary.format));
    std::thread worker([&] {
        std::exception_ptr error;
        try {
            read(*input.device, source, sink);
        } catch (const Error &) {
            error = std::current_exception();
        } catch (const std::exception &e) {
            // A reader's library gave up in a way the reader did not foresee: still a message
            // that names the file, never a crash.
            error = std::make_exception_ptr(
                Error(tr("%1 could not be read: %2").arg(source, QString::fromUtf8(e.what()))));
        } catch (...) {
            error = std::current_exception();
        }
        sink.finish(error);
    });
    const auto join = qScopeGuard([&] {
        sink.stop();
        worker.join();
    });

    // Indexes built from the rows at the end (Store::AddingConversations) sort on worker threads.
    const Store::BulkWrite bulk(m_store, Store::BulkWrite::Sorting::OnThreads);
    Writer writer(m_store, options, summary);
    QElapsedTimer sinceProgress; // invalid until the first report, which comes at once
    m_store.transaction([&] {
        Store::AddingConversations adding(m_store);
        ItemPtr item;
        // The reader works out digests while most of the last conversations were new: a file
        // imported again would pay for them and throw them away.
        constexpr int digestWindow = 256;
        int applied = 0;
        qint64 importedBefore = 0;
        qint64 presentBefore = 0;
        while (sink.pop(item)) {
            if (m_progress.cancelled())
                throw Cancelled(
                    tr("The import of %1 was cancelled; nothing was changed.").arg(source));
            writer.apply(*item);
            if (++applied % digestWindow == 0) {
                sink.wantDigests(summary.imported - importedBefore
                                 >= summary.alreadyPresent - presentBefore);
                importedBefore = summary.imported;
                presentBefore = summary.alreadyPresent;
            }
            if (m_progress.hasCallback()
                && (!sinceProgress.isValid() || sinceProgress.elapsed() >= 50)) {
                m_progress.report(sink.bytes(), total);
                sinceProgress.restart();
            }
        }
        if (sink.error())
            std::rethrow_exception(sink.error());
        if (m_progress.cancelled())
            throw Cancelled(tr("The import of %1 was cancelled; nothing was changed.").arg(source));
        if (summary.imported == 0 && summary.alreadyPresent == 0 && summary.ratings == 0
            && summary.ratingsUnchanged == 0 && summary.ratingsConflicting == 0
            && summary.skipped > 0)
            throw Error(tr("Nothing in %1 could be imported: every entry was skipped.\n%2")
                            .arg(source, summary.warnings.join(QLatin1Char('\n'))));
        if (writer.addedAllDigested())
            adding.skipStaleMarks();
        adding.finish();
    });
    m_progress.report(total, total);
    return summary;
}

} // namespace sense7::import
