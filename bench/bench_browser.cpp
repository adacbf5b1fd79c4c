// Browser, filter and chart figures on a large data set (see make_dataset.cpp):
//
//   bench_browser DATA.sense7
//
// Prints: the one-off preparation (digests and search index), opening the data-set browser,
// each filter change (count and first page), loading the chart sample and computing each
// aggregate chart, opening the studio's main window, and the peak resident memory.

#include "browse/digest.h"
#include "browse/sample.h"
#include "browser/aggregateview.h"
#include "browser/browserwindow.h"
#include "browser/filterbar.h"
#include "cmdline.h"
#include "conversationtablemodel.h"
#include "datasetmodel.h"
#include "mainwindow.h"
#include "result.h"
#include "store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTableView>

#include <cstdio>
#include <ctime>

using namespace sense7;

namespace {

long peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLong() / 1024;
    return -1;
}

/** The process's CPU time (every thread) in milliseconds. */
double cpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// CPU time at the start of the measure in hand: on a machine others share, the wall time grows
// with their load and the CPU time much less, so both are printed.
double cpuAtStart = 0;

void row(const char *what, double ms, const char *target, const QString &extra = {},
         double extraCpuMs = 0)
{
    std::printf("  %-44s %9.1f ms  (CPU %8.1f ms)  %-10s %s\n", what, ms,
                cpuMs() - cpuAtStart + extraCpuMs, target, qPrintable(extra));
    std::fflush(stdout);
    bench::result("browser", QString::fromUtf8(what), ms, "ms", QString::fromUtf8(target));
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Sense-7-bench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times the data-set browser, its filters, sorts and aggregate charts, and "
                       "the studio opening DATA.sense7 (make it with make_dataset)."));
    parser.addPositionalArgument(QStringLiteral("DATA.sense7"),
                                 QStringLiteral("The data set to browse."));
    bench::parseCommandLine(parser, app, 1, 1);
    const QString path = parser.positionalArguments().constFirst();
    if (!QFileInfo(path).isFile()) {
        std::fprintf(stderr, "bench_browser: %s is not a data set file.\n", qPrintable(path));
        return 2;
    }
    QElapsedTimer t;
    {
        auto store = Store::open(path);
        if (digest::pendingWork(*store) > 0) {
            t.start();
            cpuAtStart = cpuMs();
            digest::refresh(*store);
            row("prepare: digests + search index (once)", t.nsecsElapsed() / 1e6, "");
        }
    }

    t.start();

    cpuAtStart = cpuMs();
    auto store = Store::open(path);
    BrowserWindow window;
    window.setStore(store.get());
    window.show();
    QCoreApplication::processEvents();
    const double open = t.nsecsElapsed() / 1e6;
    const qint64 conversations = window.model()->totalCount();
    row("open the browser (store, first page, shown)", open, "< 1000",
        QStringLiteral("%1 conversations").arg(conversations));
    {
        // The window's charts are computed on a worker thread after it opens; the filters are
        // timed after that, not beside it (the charts are timed below).
        cpuAtStart = cpuMs();
        QElapsedTimer w;
        w.start();
        if (window.charts()->isBusy()) {
            QEventLoop loop;
            QObject::connect(window.charts(), &AggregateView::computed, &loop, &QEventLoop::quit);
            loop.exec();
        }
        row("the browser's charts after opening (worker)", w.nsecsElapsed() / 1e6, "");
        // The filter bar's context fields of a large data set are read on a thread as well.
        if (window.filterBar()->isLoadingContextChoices()) {
            QEventLoop loop;
            QObject::connect(window.filterBar(), &FilterBar::contextChoicesLoaded, &loop,
                             &QEventLoop::quit);
            loop.exec();
        }
    }

    {
        // What the studio's status bar reads whenever rows come and go, beside every count that
        // `sense7 info` prints.
        QElapsedTimer c;
        c.start();
        cpuAtStart = cpuMs();
        const DataSetOverview overview = store->overview();
        row("status bar counts (Store::overview)", c.nsecsElapsed() / 1e6, "",
            QStringLiteral("%1 assistant turns").arg(overview.assistantTurns));
        c.start();
        cpuAtStart = cpuMs();
        const DataSetInfo info = store->info();
        row("every count of `sense7 info` (Store::info)", c.nsecsElapsed() / 1e6, "",
            QStringLiteral("%1 ratings").arg(info.ratings));
    }

    DataSetModel *model = window.model();
    const auto timeFilter = [&](const char *what, const browse::Filter &filter) {
        QElapsedTimer f;
        f.start();
        cpuAtStart = cpuMs();
        model->setFilter(filter);
        row(what, f.nsecsElapsed() / 1e6, "< 200",
            QStringLiteral("%1 rows").arg(model->totalCount()));
    };
    const Dimension warmth = *store->findDimension(QStringLiteral("warmth"));
    browse::Filter f;
    f.participants = {QStringLiteral("P0042")};
    timeFilter("filter: one participant", f);
    f = {};
    f.agents = {QStringLiteral("gpt-4o")};
    timeFilter("filter: one assistant", f);
    f.taskTypes = {QStringLiteral("coding")};
    timeFilter("filter: assistant + task type", f);
    f = {};
    f.from = QDate(2025, 3, 1);
    f.to = QDate(2025, 3, 31);
    timeFilter("filter: date range (a month)", f);
    f = {};
    f.ranges = {{warmth.id, 4.0, 5.0}};
    timeFilter("filter: warmth mean 4-5", f);
    f = {};
    f.breaks = browse::Breaks::Flagged;
    timeFilter("filter: has a flagged break", f);
    f = {};
    f.text = QStringLiteral("deadline friday");
    timeFilter("filter: full-text \"deadline friday\"", f);
    f.text = QStringLiteral("你忘了");
    timeFilter("filter: full-text \"你忘了\"", f);
    timeFilter("filter: none", {});
    model->sort(DataSetModel::FirstDimension + 5, Qt::DescendingOrder);
    {
        QElapsedTimer s;
        s.start();
        cpuAtStart = cpuMs();
        model->sort(DataSetModel::FirstDimension + 5, Qt::AscendingOrder);
        row("sort all by warmth", s.nsecsElapsed() / 1e6, "< 200");
        s.start();
        cpuAtStart = cpuMs();
        model->fetchMore({});
        row("scroll: next page", s.nsecsElapsed() / 1e6, "");
    }

    QElapsedTimer c;
    c.start();
    cpuAtStart = cpuMs();
    const series::Sample sample = browse::loadSample(*store, {});
    const double load = c.nsecsElapsed() / 1e6;
    const double loadCpu = cpuMs() - cpuAtStart;
    row("charts: load the sample (all conversations)", load, "",
        QStringLiteral("%1 conversations").arg(sample.size()));
    const auto chart = [&](const char *what, const std::function<void()> &work) {
        QElapsedTimer w;
        w.start();
        cpuAtStart = cpuMs();
        work();
        const double ms = w.nsecsElapsed() / 1e6;
        row(what, load + ms, "< 1000", QStringLiteral("(load + %1 ms)").arg(ms, 0, 'f', 1),
            loadCpu);
    };
    chart("chart 1: distribution", [&] { series::distribution(sample); });
    chart("chart 2: mean trajectory with band", [&] { series::trajectory(sample); });
    chart("chart 3: assistants compared",
          [&] { series::groupMeans(sample, series::GroupBy::Agent); });
    chart("chart 4: participants x dimensions",
          [&] { series::groupMeans(sample, series::GroupBy::Participant); });
    chart("chart 5: break-aligned mean", [&] { series::breakAligned(sample); });
    chart("chart 6: correlation matrix", [&] { series::correlation(sample); });
    chart("chart 7: by task type", [&] { series::groupMeans(sample, series::GroupBy::Context); });
    chart("detection precision / recall", [&] { series::detectionScores(sample); });
    {
        QElapsedTimer all;
        all.start();
        cpuAtStart = cpuMs();
        AggregateView::compute(path, {}, QStringLiteral("task_type"));
        row("all charts at once (the browser's worker)", all.nsecsElapsed() / 1e6, "");
    }
    {
        QElapsedTimer m;
        m.start();
        cpuAtStart = cpuMs();
        MainWindow main;
        main.openDataSet(path);
        main.show();
        QCoreApplication::processEvents();
        row("studio main window opens the data set", m.nsecsElapsed() / 1e6, "",
            main.conversations()->isLoading()
                ? QStringLiteral("(the list read on a thread)")
                : QStringLiteral("(conversation list of every summary)"));
        while (main.conversations()->isLoading())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        row("studio list of every conversation shown", m.nsecsElapsed() / 1e6, "",
            QStringLiteral("(%1 rows, first selected: %2)")
                .arg(QString::number(main.conversations()->rowCount()),
                     main.conversationView()->currentIndex().isValid() ? QStringLiteral("yes")
                                                                       : QStringLiteral("no")));
    }
    // Under 500 MB for a million replies; under 1 GB for 500,000 conversations (1.5M replies).
    const char *memoryTarget = conversations >= 500000 ? "< 1000" : "< 500";
    std::printf("  %-44s %9ld MB   %-10s\n", "peak resident memory", peakRssMb(), memoryTarget);
    bench::result("browser", QStringLiteral("peak resident memory"), double(peakRssMb()), "MB",
                  QString::fromLatin1(memoryTarget));
    return 0;
}
