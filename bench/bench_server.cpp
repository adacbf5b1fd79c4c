// The study server under load, on a throwaway local PostgreSQL 15 cluster:
//  1. N participants (200) sync M ratings each (500) at the same time, in rounds of rating then
//     syncing: ratings per second, p50 and p99 of one sync round, the server's memory;
//  2. `sense7 pull` of a study of C conversations (50,000) into a new data set against
//     `sense7 import` of the same study from the participants' bundles.

#include "cmdline.h"
#include "export/writer.h"
#include "pgcluster.h"
#include "protocol.h"
#include "result.h"
#include "server/serverschema.h"
#include "store.h"
#include "sync/sync.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

using namespace sense7;

namespace {

struct Member
{
    QString code;
    server::Credentials credentials;
    QString path;
};

void say(const QString &line)
{
    std::fprintf(stdout, "  %s\n", qPrintable(line));
    std::fflush(stdout);
}

/** Runs \a work(i) for i in [0, n) on \a threads threads. */
template<typename Work>
void parallel(int n, int threads, Work work)
{
    std::atomic<int> next {0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (int i = next++; i < n; i = next++)
                work(i);
        });
    for (auto &thread : pool)
        thread.join();
}

/** A participant's data set: \a conversations conversations of \a turns turns, joined. */
void makeParticipant(test::PgCluster &cluster, const QString &database, Member &m,
                     int conversations, int turns, int ratedConversations)
{
    auto store = Store::create(m.path, protocol::sense7());
    const qint64 participant = store->addParticipant(m.code);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    QVector<qint64> dimensions;
    for (const Dimension &d : store->instruments().constFirst().dimensions)
        if (d.level == Level::Turn)
            dimensions << d.id;
    store->transaction([&] {
        for (int c = 0; c < conversations; ++c) {
            Conversation conversation;
            conversation.participantId = participant;
            conversation.sourceFormat = QStringLiteral("generic");
            conversation.sourceId = QStringLiteral("%1-%2").arg(m.code).arg(c);
            conversation.agent = c % 2 ? QStringLiteral("gpt-4o") : QStringLiteral("claude");
            conversation.title = QStringLiteral("Conversation %1 of %2").arg(c).arg(m.code);
            conversation.startedAt = QDateTime(QDate(2026, 1, 1), QTime(9, 0), Qt::UTC).addSecs(c);
            QVector<Turn> list;
            for (int t = 0; t < turns; ++t) {
                Turn turn;
                turn.index = t;
                turn.role = t % 2 ? Role::Assistant : Role::User;
                turn.text = QStringLiteral("%1 %2 turn %3: a message of some length, about the "
                                           "size of a short chat reply in a real study.")
                                .arg(m.code)
                                .arg(c)
                                .arg(t);
                list << turn;
            }
            const qint64 id = store->addConversation(conversation, list);
            if (c >= ratedConversations)
                continue;
            for (const Turn &turn : std::as_const(list))
                if (turn.role == Role::Assistant)
                    for (qint64 d : std::as_const(dimensions))
                        store->apply({Edit::Kind::Rating, turn.id, d, self, QJsonValue::Undefined,
                                      int(1 + (turn.id + d) % 5)},
                                     Origin::Edit);
            Q_UNUSED(id)
        }
    });
    const QString url = cluster.urlAs(m.credentials.role, m.credentials.password, database);
    sync::join(*store, sync::inspect(url, m.credentials.password), sync::Sharing::Full);
    const sync::Result first = sync::run(*store, m.credentials.password);
    if (!first.ok())
        qFatal("%s: the first sync failed: %s", qPrintable(m.code), qPrintable(first.error));
}

/** Resident and proportional set size (kB) of the cluster's processes, from /proc. */
std::pair<qint64, qint64> serverMemory(const test::PgCluster &cluster)
{
    QFile pidFile(cluster.dataDir() + QStringLiteral("/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return {0, 0};
    const QByteArray postmaster = pidFile.readLine().trimmed();
    qint64 rss = 0, pss = 0;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        if (pid.toLongLong() <= 0)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (pid.toUtf8() != postmaster && fields.value(1) != postmaster)
            continue; // neither the postmaster nor one of its children
        QFile rollup(QStringLiteral("/proc/%1/smaps_rollup").arg(pid));
        if (!rollup.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &l : rollup.readAll().split('\n')) {
            if (l.startsWith("Rss:"))
                rss += l.mid(4).trimmed().split(' ').value(0).toLongLong();
            else if (l.startsWith("Pss:"))
                pss += l.mid(4).trimmed().split(' ').value(0).toLongLong();
        }
    }
    return {rss, pss};
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto at = std::min(values.size() - 1, size_t(p * double(values.size() - 1) + 0.5));
    return values[at];
}

/** Runs the CLI and returns its wall time in seconds; exits when it fails. */
double timed(const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(-1) || process.exitCode() != 0)
        qFatal("sense7 %s failed:\n%s", qPrintable(arguments.join(u' ')),
               process.readAllStandardOutput().constData());
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    say(QStringLiteral("sense7 %1: %2 s — %3")
            .arg(arguments.value(0))
            .arg(seconds, 0, 'f', 2)
            .arg(QString::fromUtf8(process.readAllStandardOutput()).section(u'\n', 0, 0)));
    return seconds;
}

void concurrentSync(test::PgCluster &cluster, const QString &dir, int participants, int ratings,
                    int rounds)
{
    const char *name = "study server: concurrent sync";
    const QString url = cluster.createDatabase(QStringLiteral("sync"));
    server::init(url, protocol::sense7());
    std::vector<Member> members(static_cast<size_t>(participants));
    const int cells = 7 * ((ratings + 6) / 7); // whole assistant turns of seven dimensions
    const int assistantTurns = cells / 7;
    const int conversations = (assistantTurns + 9) / 10; // 20 turns each, 10 by the assistant
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < participants; ++i) {
        Member &m = members[size_t(i)];
        m.code = QStringLiteral("S%1").arg(i, 3, 10, QLatin1Char('0'));
        m.credentials = server::addParticipant(url, m.code);
        m.path = dir + QStringLiteral("/sync-%1.sense7").arg(m.code);
    }
    parallel(participants, 2, [&](int i) {
        makeParticipant(cluster, QStringLiteral("sync"), members[size_t(i)], conversations, 20, 0);
    });
    say(QStringLiteral("%1 participants joined, %2 conversations each synced, in %3 s")
            .arg(participants)
            .arg(conversations)
            .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1));

    // Everyone rates and syncs at once: ratings/rounds ratings, then a sync round, `rounds` times.
    std::mutex mutex;
    std::condition_variable go;
    bool started = false;
    std::vector<double> latencies;
    std::atomic<qint64> pushed {0};
    std::atomic<bool> sampling {true};
    qint64 peakRss = 0, peakPss = 0;
    std::thread sampler([&] {
        while (sampling) {
            const auto [rss, pss] = serverMemory(cluster);
            peakRss = std::max(peakRss, rss);
            peakPss = std::max(peakPss, pss);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    std::vector<std::thread> threads;
    for (int i = 0; i < participants; ++i) {
        threads.emplace_back([&, i] {
            const Member &m = members[size_t(i)];
            auto store = Store::open(m.path, Store::Access::ReadWrite, Store::Check::Never);
            const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
            QVector<std::pair<qint64, qint64>> todo; // (turn, dimension)
            QVector<qint64> dimensions;
            for (const Dimension &d : store->instruments().constFirst().dimensions)
                if (d.level == Level::Turn)
                    dimensions << d.id;
            for (const ConversationSummary &s : store->conversationSummaries())
                for (const Turn &t : store->turns(s.id))
                    if (t.role == Role::Assistant)
                        for (qint64 d : std::as_const(dimensions))
                            if (todo.size() < ratings)
                                todo.append({t.id, d});
            {
                std::unique_lock lock(mutex);
                go.wait(lock, [&] { return started; });
            }
            std::vector<double> mine;
            const int perRound = (ratings + rounds - 1) / rounds;
            for (int r = 0, next = 0; r < rounds && next < todo.size(); ++r) {
                for (int k = 0; k < perRound && next < todo.size(); ++k, ++next)
                    store->apply({Edit::Kind::Rating, todo[next].first, todo[next].second, self,
                                  QJsonValue::Undefined, 1 + (next % 5)},
                                 Origin::Edit);
                QElapsedTimer round;
                round.start();
                const sync::Result result = sync::run(*store, m.credentials.password);
                mine.push_back(double(round.nsecsElapsed()) / 1e6);
                if (!result.ok())
                    qFatal("%s: sync failed: %s", qPrintable(m.code), qPrintable(result.error));
                pushed += result.pushed;
            }
            std::lock_guard lock(mutex);
            latencies.insert(latencies.end(), mine.begin(), mine.end());
        });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500)); // every thread is waiting
    clock.restart();
    {
        std::lock_guard lock(mutex);
        started = true;
    }
    go.notify_all();
    for (auto &thread : threads)
        thread.join();
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    sampling = false;
    sampler.join();
    const qint64 total = qint64(participants) * ratings;
    pg::Connection db(url);
    const qint64 onServer = db.exec("SELECT count(*) FROM sense7.rating WHERE present").int64(0, 0);
    if (onServer != total || pushed.load() != total)
        qFatal("the server holds %lld ratings and took %lld changes, not %lld", onServer,
               pushed.load(), total);
    say(QStringLiteral("%1 participants × %2 ratings in %3 sync rounds each: %4 s, all %5 on the "
                       "server")
            .arg(participants)
            .arg(ratings)
            .arg(rounds)
            .arg(seconds, 0, 'f', 2)
            .arg(onServer));
    const QString who =
        QStringLiteral("%1 participants × %2 ratings").arg(participants).arg(ratings);
    bench::result(name, who + QStringLiteral(": ratings per second"), double(total) / seconds,
                  "ratings/s");
    bench::result(name, QStringLiteral("sync round (%1 ratings): p50").arg(ratings / rounds),
                  percentile(latencies, 0.5), "ms");
    bench::result(name, QStringLiteral("sync round (%1 ratings): p99").arg(ratings / rounds),
                  percentile(latencies, 0.99), "ms");
    bench::result(name, QStringLiteral("server memory, peak RSS of the postgres processes"),
                  double(peakRss) / 1024.0, "MB");
    bench::result(name, QStringLiteral("server memory, peak PSS (shared memory counted once)"),
                  double(peakPss) / 1024.0, "MB");
}

void pullAgainstBundles(test::PgCluster &cluster, const QString &dir, int conversations,
                        int participants)
{
    const char *name = "study server: pull against bundles";
    const QString url = cluster.createDatabase(QStringLiteral("big"));
    server::init(url, protocol::sense7());
    std::vector<Member> members(static_cast<size_t>(participants));
    const int each = (conversations + participants - 1) / participants;
    for (int i = 0; i < participants; ++i) {
        Member &m = members[size_t(i)];
        m.code = QStringLiteral("B%1").arg(i, 3, 10, QLatin1Char('0'));
        m.credentials = server::addParticipant(url, m.code);
        m.path = dir + QStringLiteral("/big-%1.sense7").arg(m.code);
    }
    QElapsedTimer clock;
    clock.start();
    // Six turns each; a tenth of each participant's conversations fully rated.
    parallel(participants, 2, [&](int i) {
        makeParticipant(cluster, QStringLiteral("big"), members[size_t(i)], each, 6, each / 10);
    });
    say(QStringLiteral("%1 participants synced %2 conversations each in %3 s")
            .arg(participants)
            .arg(each)
            .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1));
    QStringList bundles;
    for (const Member &m : members) {
        auto store = Store::open(m.path, Store::Access::ReadOnly, Store::Check::Never);
        const QString bundle = dir + QStringLiteral("/%1.bundle.json").arg(m.code);
        exporter::write(*store, exporter::Format::Bundle, bundle);
        bundles << bundle;
    }
    const QString pulled = dir + QStringLiteral("/pulled.sense7");
    const QString imported = dir + QStringLiteral("/imported.sense7");
    timed({QStringLiteral("init"), imported});
    const QString what = QStringLiteral("%1 conversations of %2 participants")
                             .arg(qint64(each) * participants)
                             .arg(participants);
    const double pull = timed(
        {QStringLiteral("pull"), url, QStringLiteral("--db"), pulled, QStringLiteral("--quiet")});
    const double import = timed(QStringList {QStringLiteral("import")} + bundles
                                + QStringList {QStringLiteral("--db"), imported});
    const DataSetInfo a = Store::open(pulled, Store::Access::ReadOnly)->info();
    const DataSetInfo b = Store::open(imported, Store::Access::ReadOnly)->info();
    if (a.conversations != b.conversations || a.ratings != b.ratings || a.turns != b.turns)
        qFatal("the pulled and the imported data sets differ: %lld/%lld conversations, %lld/%lld "
               "ratings",
               a.conversations, b.conversations, a.ratings, b.ratings);
    bench::result(name, what + QStringLiteral(": sense7 pull into a new data set"), pull, "s");
    bench::result(name, what + QStringLiteral(": sense7 import of their bundles"), import, "s");
    bench::result(name, QStringLiteral("pull time / import time"), pull / import, "×");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_server"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The study server on a throwaway local PostgreSQL 15 cluster: concurrent sync, and "
        "sense7 pull against importing bundles."));
    parser.addOption({QStringLiteral("participants"),
                      QStringLiteral("Participants syncing at once (default 200)."),
                      QStringLiteral("N"), QStringLiteral("200")});
    parser.addOption({QStringLiteral("ratings"),
                      QStringLiteral("Ratings each participant syncs (default 500)."),
                      QStringLiteral("N"), QStringLiteral("500")});
    parser.addOption({QStringLiteral("rounds"),
                      QStringLiteral("Sync rounds they are spread over (default 5)."),
                      QStringLiteral("N"), QStringLiteral("5")});
    parser.addOption({QStringLiteral("conversations"),
                      QStringLiteral("Conversations of the pulled study (default 50000)."),
                      QStringLiteral("N"), QStringLiteral("50000")});
    parser.addOption({QStringLiteral("study-participants"),
                      QStringLiteral("Participants of the pulled study (default 100)."),
                      QStringLiteral("N"), QStringLiteral("100")});
    bench::parseCommandLine(parser, app, 0, 0);
    const auto number = [&](const char *option) {
        return bench::positiveNumber(parser.value(QString::fromLatin1(option)), option);
    };
    const int participants = number("participants");
    const int ratings = number("ratings");
    const int rounds = number("rounds");
    const int conversations = number("conversations");
    const int studyParticipants = number("study-participants");

    QTemporaryDir dir;
    if (!dir.isValid())
        qFatal("bench_server: cannot create a temporary folder");
    test::PgCluster cluster(participants + 20);
    concurrentSync(cluster, dir.path(), participants, ratings, rounds);
    pullAgainstBundles(cluster, dir.path(), conversations, studyParticipants);
    return 0;
}
