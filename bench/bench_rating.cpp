// Latency from a rating change to its committed row, through the store API the studio uses.
// Usage: bench_rating [TURNS] [CHANGES]   (defaults: 50000 turns, 1000 changes)

#include "store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace sense7;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int turnCount = args.size() > 1 ? args[1].toInt() : 50000;
    const int changes = args.size() > 2 ? args[2].toInt() : 1000;
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
    const auto at = [&](double q) {
        return latencies[size_t(q * double(latencies.size() - 1))];
    };

    std::printf("data set: %d turns (%lld assistant) built in %.2f s\n", turnCount,
                static_cast<long long>(assistantTurns.size()), buildSeconds);
    std::printf("rating commit latency over %d changes: median %.3f ms, p99 %.3f ms, max %.3f ms\n",
                changes, at(0.5), at(0.99), latencies.back());
    return 0;
}
