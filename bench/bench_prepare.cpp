// The one-time preparation of a data set for browsing, alone:
//
//   bench_prepare [--at-once | --commit MS --pause MS] DATA.sense7
//
// Prepares DATA.sense7 in place (copy it first), as the studio's browser does: the digests first
// (the browser waits for them), then the full-text index on a connection and thread of its own,
// in the short transactions with pauses it uses beside the studio (it opens meanwhile). Prints
// the wall and CPU time of each, and a text search's time before and after the index. With
// --at-once, both in one refresh with the data set to itself, as `digest::refresh` does.
// Run it on a freshly imported or generated data set.

#include "browse/digest.h"
#include "browse/page.h"
#include "cmdline.h"
#include "result.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <ctime>
#include <optional>
#include <thread>

using namespace sense7;

namespace {

double cpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

/** Runs \a work and reports its wall and CPU time as \a measure. */
template<typename Work>
void timed(const char *measure, Work &&work)
{
    QElapsedTimer t;
    t.start();
    const double cpuAtStart = cpuMs();
    work();
    const double ms = t.nsecsElapsed() / 1e6;
    const double cpu = cpuMs() - cpuAtStart;
    std::printf("  %s: %.1f ms (CPU %.1f ms)\n", measure, ms, cpu);
    bench::result("prepare", QString::fromLatin1(measure), ms, "ms");
    bench::result("prepare", QString::fromLatin1(measure) + QStringLiteral(", CPU"), cpu, "ms");
}

/** The data set's first assistant turn, to be rated. */
std::optional<qint64> firstReply(const Store &store)
{
    for (const ConversationSummary &c : store.conversationSummaries())
        for (const Turn &t : store.turns(c.id))
            if (t.role == Role::Assistant)
                return t.id;
    return std::nullopt;
}

void timeSearch(const Store &store, const char *when)
{
    browse::Filter filter;
    filter.text = QStringLiteral("deadline friday");
    QElapsedTimer t;
    t.start();
    const qint64 found = browse::count(store, filter);
    const double ms = t.nsecsElapsed() / 1e6;
    std::printf("  search \"deadline friday\" %s: %lld conversations, %.1f ms\n", when,
                qlonglong(found), ms);
    bench::result("prepare", QStringLiteral("search \"deadline friday\" ") + QLatin1String(when),
                  ms, "ms");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times the one-time preparation (digests, then the search index behind "
                       "the browser) of DATA.sense7, in place."));
    parser.addPositionalArgument(QStringLiteral("DATA.sense7"),
                                 QStringLiteral("The data set to prepare (it is changed)."));
    const QCommandLineOption atOnce(
        QStringLiteral("at-once"),
        QStringLiteral("Digests and search index in one refresh, the data set to itself."));
    parser.addOption(atOnce);
    const QCommandLineOption commit(QStringLiteral("commit"),
                                    QStringLiteral("The index's transactions, in ms (the browser's "
                                                   "by default)."),
                                    QStringLiteral("MS"),
                                    QString::number(digest::backgroundCommit.count()));
    const QCommandLineOption pause(
        QStringLiteral("pause"), QStringLiteral("The pause after each, in ms."),
        QStringLiteral("MS"), QString::number(digest::backgroundPause.count()));
    parser.addOption(commit);
    parser.addOption(pause);
    bench::parseCommandLine(parser, app, 1, 1);
    const QString path = parser.positionalArguments().constFirst();
    if (!QFileInfo(path).isFile()) {
        std::fprintf(stderr, "bench_prepare: %s is not a data set file.\n", qPrintable(path));
        return 2;
    }
    auto store = Store::open(path);
    std::printf("  pending: %lld conversations to summarise, %lld turns to index\n",
                qlonglong(digest::pendingWork(*store, digest::Part::Digests)),
                qlonglong(digest::pendingWork(*store, digest::Part::SearchIndex)));
    if (parser.isSet(atOnce)) {
        timed("digests + search index at once", [&] { digest::refresh(*store); });
        timeSearch(*store, "after");
        return 0;
    }
    timed("digests (before the browser opens)", [&] {
        digest::refresh(*store, {}, {}, digest::preparationCommit, digest::Part::Digests);
    });
    timeSearch(*store, "before the index");
    // As the browser's SearchIndexer: a connection of its own on a thread, while the studio's
    // connection gives a rating every quarter of a second, each timed from the call to its commit.
    const std::optional<qint64> reply = firstReply(*store);
    const std::optional<Dimension> dimension = store->findDimension(QStringLiteral("warmth"));
    const qint64 self = store->selfAnnotatorId();
    QVector<double> waits;
    timed("search index (behind the open browser)", [&] {
        std::atomic<bool> done {false};
        std::thread indexer([&] {
            auto own = Store::open(path, Store::Access::ReadWrite, Store::Check::Never);
            digest::indexForSearch(*own, {},
                                   std::chrono::milliseconds(parser.value(commit).toInt()),
                                   std::chrono::milliseconds(parser.value(pause).toInt()));
            done = true;
        });
        for (int i = 0; !done && reply && dimension; ++i) {
            QElapsedTimer t;
            t.start();
            store->setRating(*reply, dimension->id, self, 1 + i % 5, Origin::Edit);
            waits.append(t.nsecsElapsed() / 1e6);
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
        indexer.join();
    });
    if (!waits.isEmpty()) {
        std::sort(waits.begin(), waits.end());
        const auto at = [&](double q) {
            return waits[qsizetype(q * double(waits.size() - 1))];
        };
        std::printf(
            "  a rating given meanwhile (%lld): median %.1f ms, p99 %.1f ms, most %.1f ms\n",
            qlonglong(waits.size()), at(0.5), at(0.99), waits.last());
        bench::result("prepare", QStringLiteral("rating while indexing, median"), at(0.5), "ms");
        bench::result("prepare", QStringLiteral("rating while indexing, p99"), at(0.99), "ms");
        bench::result("prepare", QStringLiteral("rating while indexing, most"), waits.last(), "ms");
    }
    timeSearch(*store, "after the index");
    return 0;
}
