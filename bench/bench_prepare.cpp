// The one-time preparation of a data set for browsing (digests and the full-text index), alone:
//
//   bench_prepare DATA.sense7
//
// Prepares DATA.sense7 in place (copy it first) and prints the wall and CPU time it took and the
// conversations summarised. Run it on a freshly imported or generated data set.

#include "browse/digest.h"
#include "cmdline.h"
#include "result.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <ctime>

using namespace sense7;

namespace {

double cpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times the one-time preparation (digests and search index) of "
                       "DATA.sense7, in place."));
    parser.addPositionalArgument(QStringLiteral("DATA.sense7"),
                                 QStringLiteral("The data set to prepare (it is changed)."));
    bench::parseCommandLine(parser, app, 1, 1);
    const QString path = parser.positionalArguments().constFirst();
    if (!QFileInfo(path).isFile()) {
        std::fprintf(stderr, "bench_prepare: %s is not a data set file.\n", qPrintable(path));
        return 2;
    }
    auto store = Store::open(path);
    const qint64 pending = digest::pendingWork(*store);
    QElapsedTimer t;
    t.start();
    const double cpuAtStart = cpuMs();
    const qint64 refreshed = digest::refresh(*store);
    const double ms = t.nsecsElapsed() / 1e6;
    const double cpu = cpuMs() - cpuAtStart;
    std::printf("  prepare: %lld items pending, %lld conversations summarised: %.1f ms "
                "(CPU %.1f ms)\n",
                qlonglong(pending), qlonglong(refreshed), ms, cpu);
    bench::result("prepare", QStringLiteral("digests + search index"), ms, "ms");
    bench::result("prepare", QStringLiteral("digests + search index, CPU"), cpu, "ms");
    return 0;
}
