// The continuity detector on one long conversation, alone:
//
//   bench_detect [USER_TURNS]
//
// Builds a conversation of USER_TURNS questions (default 5,000), each twelve words from a
// 2,000-word vocabulary and an answer after each, and prints the time continuity::detect() takes
// over it and what it found. Long conversations are where a detector that compares each question
// with every earlier one shows: the import runs it on every conversation it reads.

#include "cmdline.h"
#include "continuity/detection.h"
#include "result.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace sense7;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times the continuity detector on a conversation of USER_TURNS questions."));
    parser.addPositionalArgument(QStringLiteral("USER_TURNS"),
                                 QStringLiteral("Questions in the conversation (default 5000)."));
    bench::parseCommandLine(parser, app, 0, 1);
    int questions = 5000;
    if (!parser.positionalArguments().isEmpty()) {
        bool ok = false;
        questions = parser.positionalArguments().constFirst().toInt(&ok);
        if (!ok || questions < 1) {
            std::fprintf(stderr, "bench_detect: USER_TURNS must be a positive whole number.\n");
            return 2;
        }
    }
    // The same words every run: a linear congruential generator with a fixed seed.
    quint32 state = 12345;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    QVector<continuity::TurnInput> turns;
    turns.reserve(2 * questions);
    for (int i = 0; i < questions; ++i) {
        QStringList words;
        for (int w = 0; w < 12; ++w)
            words << QStringLiteral("w%1").arg(next() % 2000);
        continuity::TurnInput question;
        question.turnId = 2 * i + 1;
        question.role = Role::User;
        question.text = words.join(QLatin1Char(' '));
        turns.append(question);
        continuity::TurnInput answer;
        answer.turnId = 2 * i + 2;
        answer.role = Role::Assistant;
        answer.text = QStringLiteral("Here is what I found about %1.").arg(words.constFirst());
        turns.append(answer);
    }
    // Every tenth question asks again, in other order, what one asked earlier.
    for (int i = 10; i < questions; i += 10) {
        QStringList words = turns[2 * (i / 3)].text.split(QLatin1Char(' '));
        words.move(0, words.size() - 1);
        turns[2 * i].text = words.join(QLatin1Char(' '));
    }
    const continuity::Options options;
    QElapsedTimer t;
    t.start();
    const QVector<continuity::Detection> found = continuity::detect(turns, options);
    const double ms = t.nsecsElapsed() / 1e6;
    int repeated = 0;
    for (const continuity::Detection &d : found)
        repeated += d.rule == continuity::Rule::RepeatedRequest ? 1 : 0;
    std::printf("  detect: %d questions, %lld detections (%d repeated requests): %.1f ms\n",
                questions, qlonglong(found.size()), repeated, ms);
    bench::result("detect", QStringLiteral("continuity detector, %1 questions").arg(questions), ms,
                  "ms");
    return 0;
}
