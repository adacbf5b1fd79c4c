// Latency from a rating change to its committed row: through the store API, and from a key press
// in the studio's workspace (scale -> undo command -> Store::apply -> COMMIT).
// Usage: bench_rating [TURNS] [CHANGES]   (defaults: 50000 turns, 1000 changes)

#include "annotationsession.h"
#include "cmdline.h"
#include "ratingpanel.h"
#include "result.h"
#include "scaleselector.h"
#include "store.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>

using namespace sense7;

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the latency from a rating change to its committed row, through "
                       "the store and from a key press in the studio, on a data set built in a "
                       "temporary folder."));
    parser.addPositionalArgument(QStringLiteral("TURNS"),
                                 QStringLiteral("Turns in the data set (default 50000)."),
                                 QStringLiteral("[TURNS]"));
    parser.addPositionalArgument(QStringLiteral("CHANGES"),
                                 QStringLiteral("Rating changes to time (default 1000)."),
                                 QStringLiteral("[CHANGES]"));
    bench::parseCommandLine(parser, app, 0, 2);
    const QStringList args = parser.positionalArguments();
    const int turnCount = args.size() > 0 ? bench::positiveNumber(args[0], "TURNS") : 50000;
    const int changes = args.size() > 1 ? bench::positiveNumber(args[1], "CHANGES") : 1000;
    const int turnsPerConversation = 20;

    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("bench.sense7")));
    QElapsedTimer timer;
    timer.start();
    QVector<qint64> assistantTurns;
    store->transaction([&] {
        const qint64 participant = store->addParticipant(QStringLiteral("B01"));
        for (int c = 0; c < turnCount / turnsPerConversation; ++c) {
            Conversation conversation;
            conversation.participantId = participant;
            conversation.sourceFormat = QStringLiteral("bench");
            conversation.title = QStringLiteral("Conversation %1").arg(c);
            QVector<Turn> turns(turnsPerConversation);
            for (int t = 0; t < turnsPerConversation; ++t) {
                turns[t].role = t % 2 ? Role::Assistant : Role::User;
                turns[t].text =
                    QStringLiteral("Turn %1 of conversation %2 with some text to store.")
                        .arg(t)
                        .arg(c);
            }
            store->addConversation(conversation, turns);
            for (const Turn &t : std::as_const(turns)) {
                if (t.role == Role::Assistant)
                    assistantTurns.append(t.id);
            }
        }
    });
    const double buildSeconds = double(timer.nsecsElapsed()) / 1e9;

    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const QVector<Dimension> dims = store->instruments().constFirst().dimensions;
    QRandomGenerator random(7);
    std::vector<double> latencies;
    latencies.reserve(size_t(changes));
    for (int i = 0; i < changes; ++i) {
        const qint64 turn = assistantTurns[int(random.bounded(qint64(assistantTurns.size())))];
        const qint64 dim = dims[int(random.bounded(qint64(dims.size())))].id;
        const int value = 1 + int(random.bounded(5));
        timer.restart();
        store->setRating(turn, dim, self, value); // returns after COMMIT (synchronous = FULL)
        latencies.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(latencies.begin(), latencies.end());
    const auto at = [](const std::vector<double> &sorted, double q) {
        return sorted[size_t(q * double(sorted.size() - 1))];
    };

    std::printf("data set: %d turns (%lld assistant) built in %.2f s\n", turnCount,
                static_cast<long long>(assistantTurns.size()), buildSeconds);
    std::printf("store API, setRating -> COMMIT, %d changes: median %.3f ms, p99 %.3f ms, "
                "max %.3f ms\n",
                changes, at(latencies, 0.5), at(latencies, 0.99), latencies.back());
    bench::result("rating", QStringLiteral("store API: setRating to commit, median"),
                  at(latencies, 0.5), "ms", QStringLiteral("< 50"));
    bench::result("rating", QStringLiteral("store API: setRating to commit, p99"),
                  at(latencies, 0.99), "ms", QStringLiteral("< 50"));

    // The studio's path: a digit key on the focused scale of the rating panel.
    const qint64 observer = store->annotatorId(QStringLiteral("bench"), AnnotatorKind::Observer);
    TurnListModel turnsModel;
    turnsModel.setStore(store.get());
    Workspace workspace(&turnsModel);
    AnnotationSession session(store.get(), observer);
    workspace.setSession(&session);
    workspace.resize(1000, 700);
    workspace.show();
    const auto conversations = store->conversationSummaries();
    std::vector<double> keyLatencies;
    keyLatencies.reserve(size_t(changes));
    const qint64 journalBefore = store->ratingEventCount();
    for (int i = 0; i < changes; ++i) {
        if (i % 70 == 0) // a conversation's 10 replies x 7 dimensions, then a random other one
            turnsModel.setConversation(
                conversations[int(random.bounded(qint64(conversations.size())))].id);
        RatingPanel *panel = workspace.panel();
        ScaleSelector *scale = panel->scale(panel->currentDimension());
        // A value different from the one shown, so every press is a change to commit.
        int value = 1 + int(random.bounded(5));
        if (scale->value().isDouble() && scale->value().toInt() == value)
            value = value % 5 + 1;
        const int key = Qt::Key_0 + value;
        QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier,
                        QString(QChar(u'0' + key - Qt::Key_0)));
        timer.restart();
        QApplication::sendEvent(scale, &press); // returns after the commit
        keyLatencies.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    const qint64 committed = store->ratingEventCount() - journalBefore;
    std::sort(keyLatencies.begin(), keyLatencies.end());
    std::printf("studio, key press -> committed row, %d presses (%lld committed): median %.3f ms, "
                "p99 %.3f ms, max %.3f ms\n",
                changes, static_cast<long long>(committed), at(keyLatencies, 0.5),
                at(keyLatencies, 0.99), keyLatencies.back());
    bench::result("rating", QStringLiteral("studio: key press to committed row, median"),
                  at(keyLatencies, 0.5), "ms", QStringLiteral("< 50"));
    bench::result("rating", QStringLiteral("studio: key press to committed row, p99"),
                  at(keyLatencies, 0.99), "ms", QStringLiteral("< 50"));

    // A 500-turn conversation: opening it (transcript and panel) and moving reply to reply.
    Conversation longOne;
    longOne.participantId = store->participants().constFirst().id;
    longOne.sourceFormat = QStringLiteral("bench");
    longOne.title = QStringLiteral("500 turns");
    QVector<Turn> longTurns(500);
    for (int t = 0; t < longTurns.size(); ++t) {
        longTurns[t].role = t % 2 ? Role::Assistant : Role::User;
        longTurns[t].text =
            QStringLiteral("Paragraph one of turn %1, long enough to wrap across the "
                           "bubble at least once.\n\n- a list item\n- another "
                           "item\n\nAnd a closing sentence.")
                .arg(t);
    }
    const qint64 longId = store->addConversation(longOne, longTurns);
    timer.restart();
    turnsModel.setConversation(longId);
    const double openMs = double(timer.nsecsElapsed()) / 1e6;
    std::vector<double> steps;
    while (true) {
        timer.restart();
        if (!workspace.step(+1))
            break;
        steps.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(steps.begin(), steps.end());
    std::printf("studio, 500-turn conversation: opened in %.1f ms; next reply (J) median %.3f ms, "
                "p99 %.3f ms over %zu moves\n",
                openMs, at(steps, 0.5), at(steps, 0.99), steps.size());
    bench::result("rating", QStringLiteral("studio: open a 500-turn conversation"), openMs, "ms");
    bench::result("rating", QStringLiteral("studio: next reply (J), median"), at(steps, 0.5), "ms");
    return committed == changes ? 0 : 1;
}
