// The studio's live conversation: time from Ctrl+Enter in the message box to the first streamed
// character of the reply shown in the transcript, against a local chat-completions server that
// answers at once (so what is timed is the program's own work), and the memory after a long one.
// Usage: bench_live [TURNS]   (default 500 turns: 250 messages and their replies)

#include "chatpane.h"
#include "cmdline.h"
#include "live/livechat.h"
#include "livestudy.h"
#include "mainwindow.h"
#include "result.h"
#include "store.h"
#include "streamserver.h"
#include "transcriptview.h"
#include "turnlistmodel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using namespace sense7;

namespace {

/** The resident memory of this process in MB (Linux). */
double residentMegabytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').constFirst().toDouble() / 1024.0;
    }
    return 0;
}

/** Runs the event loop until \a done, at most 30 s; false on time-out. */
template<typename Done>
bool until(Done done)
{
    QElapsedTimer waited;
    waited.start();
    while (!done()) {
        if (waited.elapsed() > 30000)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    }
    return true;
}

/** The \a share quantile of \a values (nearest rank): 0.5 the median, 0.9 the 90th percentile. */
double quantile(std::vector<double> values, double share)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const size_t rank = size_t(std::ceil(share * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

double median(const std::vector<double> &values)
{
    return quantile(values, 0.5);
}

double p90(const std::vector<double> &values)
{
    return quantile(values, 0.9);
}

/** The first and the last \a n of \a values. */
std::pair<std::vector<double>, std::vector<double>> ends(const std::vector<double> &values,
                                                         size_t n)
{
    const size_t count = std::min(values.size(), n);
    return {std::vector<double>(values.begin(), values.begin() + count),
            std::vector<double>(values.end() - count, values.end())};
}

/** Calls onPaint before each paint event of the widget it watches. */
class PaintWatcher : public QObject
{
public:
    using QObject::QObject;
    std::function<void()> onPaint;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && onPaint)
            onPaint();
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // the bench's settings are not the person's
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times a live conversation in the studio against a local streaming "
                       "server that answers at once: Ctrl+Enter to the first character of the "
                       "reply shown, and the memory after TURNS turns. Works in a temporary "
                       "folder."));
    parser.addPositionalArgument(QStringLiteral("TURNS"),
                                 QStringLiteral("Turns of the conversation (default 500)."),
                                 QStringLiteral("[TURNS]"));
    bench::parseCommandLine(parser, app, 0, 1);
    const QStringList args = parser.positionalArguments();
    const int turnCount = args.size() > 0 ? bench::positiveNumber(args[0], "TURNS") : 500;

    test::StreamServer server;
    server.handler = [&server](int number, const QJsonObject &) {
        // The server keeps each request for the tests; here they would be counted as the
        // studio's memory (the whole conversation, once per message).
        server.bodies.last() = QJsonObject();
        test::StreamPlan plan = test::StreamPlan::reply(
            QStringLiteral("Reply %1: that sounds hard. What would help most right now, a plan "
                           "for the week or someone to hear you out first?")
                .arg(number));
        plan.chunkMs = 0;
        return plan;
    };

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("live.sense7"));
    {
        QJsonObject json = QJsonDocument::fromJson(protocol::sense7().definition).object();
        json.insert(
            QStringLiteral("live"),
            QJsonObject {{QStringLiteral("conditions"),
                          QJsonArray {QJsonObject {
                              {QStringLiteral("key"), QStringLiteral("local")},
                              {QStringLiteral("endpoint"),
                               QJsonObject {{QStringLiteral("url"), server.url().toString()},
                                            {QStringLiteral("model"), QStringLiteral("bench")}}}}}},
                         {QStringLiteral("rating"),
                          QJsonObject {{QStringLiteral("when"), QStringLiteral("after_each_reply")},
                                       {QStringLiteral("required"), false}}}});
        auto store = Store::create(
            path, protocol::parse(QJsonDocument(json).toJson(), QStringLiteral("bench")));
        store->addParticipant(QStringLiteral("B01"));
    }

    MainWindow window;
    if (const QString error = window.openDataSet(path); !error.isEmpty()) {
        std::fprintf(stderr, "bench_live: %s\n", qPrintable(error));
        return 1;
    }
    window.resize(1280, 800);
    window.show();
    const double rssBefore = residentMegabytes();
    LiveStudy *live = window.liveStudy();
    const qint64 conversation = live->newConversation();
    ChatPane *pane = live->pane();
    TurnListModel *turns = window.turns();
    if (conversation == 0 || !pane->isOpen()) {
        std::fprintf(stderr, "bench_live: no live conversation could be started\n");
        return 1;
    }

    // The transcript on the screen: the first paint after the reply's first text is in it (the
    // model's signals tell when; the transcript is drawn from them before anyone else hears).
    QElapsedTimer timer;
    int replyRow = -1;
    qint64 textInNs = -1;
    qint64 paintedNs = -1;
    const auto textIn = [&] {
        if (textInNs < 0 && replyRow >= 0 && turns->rowCount() > replyRow
            && turns->turn(replyRow).role == Role::Assistant
            && !turns->turn(replyRow).text.isEmpty())
            textInNs = timer.nsecsElapsed();
    };
    QObject::connect(turns, &QAbstractItemModel::modelReset, &app, textIn);
    QObject::connect(turns, &QAbstractItemModel::rowsInserted, &app, textIn);
    QObject::connect(turns, &QAbstractItemModel::dataChanged, &app, textIn);
    PaintWatcher painted;
    painted.onPaint = [&] {
        if (textInNs >= 0 && paintedNs < 0)
            paintedNs = timer.nsecsElapsed();
    };
    window.transcriptView()->viewport()->installEventFilter(&painted);
    std::vector<double> latencies;
    std::vector<double> paintLatencies; // Ctrl+Enter to the transcript painted with that text
    std::vector<double> committed; // Ctrl+Enter to the message committed and in the transcript
    QElapsedTimer total;
    total.start();
    for (int message = 0; 2 * message < turnCount; ++message) {
        pane->messageBox()->setPlainText(QStringLiteral("Message %1: the deadline moved again "
                                                        "and I do not know where to start.")
                                             .arg(message));
        const int before = turns->rowCount();
        QKeyEvent press(QEvent::KeyPress, Qt::Key_Return, Qt::ControlModifier);
        replyRow = before + 1;
        textInNs = -1;
        paintedNs = -1;
        // The transcript has read the message again by the time the engine says it is stored.
        const auto onCommit =
            QObject::connect(pane->chat(), &live::LiveChat::userTurnCommitted, pane,
                             [&] { committed.push_back(double(timer.nsecsElapsed()) / 1e6); });
        timer.start();
        QApplication::sendEvent(pane->messageBox(), &press);
        // The transcript is drawn from the turn model as it changes: a reply row with text in
        // the model is a reply in the transcript (painted at the next paint, timed apart).
        const bool shown = until([&] {
            return turns->rowCount() == before + 2
                && turns->turn(before + 1).role == Role::Assistant
                && !turns->turn(before + 1).text.isEmpty();
        });
        latencies.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (shown && until([&] { return paintedNs >= 0; }))
            paintLatencies.push_back(double(paintedNs) / 1e6);
        QObject::disconnect(onCommit);
        if (!shown || !until([&] { return !pane->chat()->isStreaming(); })) {
            std::fprintf(stderr, "bench_live: no reply to message %d\n", message);
            return 1;
        }
        // A person reads the reply before writing the next message: what the studio does once
        // the reply is in (the trajectory redrawn) is done before the next Ctrl+Enter.
        QElapsedTimer reading;
        reading.start();
        until([&] { return reading.elapsed() >= 150; });
    }
    const double seconds = double(total.nsecsElapsed()) / 1e9;
    const double rssAfter = residentMegabytes();
    const auto [firstCommitted, lastCommitted] = ends(committed, 50);
    const auto [first, last] = ends(latencies, 50);
    const auto [firstPainted, lastPainted] = ends(paintLatencies, 50);

    std::printf("live conversation of %d turns in %.1f s; Ctrl+Enter -> first character shown: "
                "median %.2f ms (p90 %.2f) over the first %zu messages, %.2f ms (p90 %.2f) over "
                "the last %zu\n",
                turns->rowCount(), seconds, median(first), p90(first), first.size(), median(last),
                p90(last), last.size());
    std::printf("and painted in the transcript: median %.2f ms (p90 %.2f) over the first %zu, "
                "%.2f ms (p90 %.2f) over the last %zu\n",
                median(firstPainted), p90(firstPainted), firstPainted.size(), median(lastPainted),
                p90(lastPainted), lastPainted.size());
    std::printf("of which Ctrl+Enter -> message committed and shown: median %.2f ms over the first "
                "%zu, %.2f ms over the last %zu\n",
                median(firstCommitted), firstCommitted.size(), median(lastCommitted),
                lastCommitted.size());
    std::printf("resident memory: %.0f MB with the data set open, %.0f MB after the conversation\n",
                rssBefore, rssAfter);
    const int rows = turns->rowCount();
    bench::result("live", QStringLiteral("Ctrl+Enter to first character shown, median (first 50)"),
                  median(first), "ms", QStringLiteral("< 30"));
    bench::result("live", QStringLiteral("Ctrl+Enter to first character shown, p90 (first 50)"),
                  p90(first), "ms");
    bench::result("live",
                  QStringLiteral("Ctrl+Enter to first character shown, median (last 50 of %1 "
                                 "turns)")
                      .arg(rows),
                  median(last), "ms", QStringLiteral("< 30"));
    bench::result(
        "live",
        QStringLiteral("Ctrl+Enter to first character shown, p90 (last 50 of %1 turns)").arg(rows),
        p90(last), "ms");
    bench::result("live",
                  QStringLiteral("Ctrl+Enter to first character painted, median (first 50)"),
                  median(firstPainted), "ms");
    bench::result("live",
                  QStringLiteral("Ctrl+Enter to first character painted, median (last 50 of %1 "
                                 "turns)")
                      .arg(rows),
                  median(lastPainted), "ms");
    bench::result("live",
                  QStringLiteral("Ctrl+Enter to message committed and shown, median (first 50)"),
                  median(firstCommitted), "ms");
    bench::result("live",
                  QStringLiteral("Ctrl+Enter to message committed and shown, median (last 50 of "
                                 "%1 turns)")
                      .arg(rows),
                  median(lastCommitted), "ms");
    bench::result("live", QStringLiteral("resident memory after %1 turns").arg(rows), rssAfter,
                  "MB");
    live->closeChat();
    return 0;
}
