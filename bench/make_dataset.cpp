// Generates a large, deterministic study data set for the browser benchmark: N conversations
// (default 50,000) of 20 assistant replies each, every reply rated on the seven SENSE-7 dimensions
// (1,000,000 replies and 7,000,000 ratings at the default), with flags, repair cues, repeated
// requests and regenerated replies so that every chart and detection rule has work to do.
//
//   make_dataset OUT.sense7 [--conversations N] [--replies N]
//
// Rows are written through the store's connection in large transactions (the data set's own
// schema, triggers and constraints apply); the rating journal is left empty, as after a merge of
// bundles that carried ratings without their history.

#include "cmdline.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cstdio>

using namespace sense7;

namespace {

const char *const words[] = {
    "plan",   "report", "email",    "client", "budget",  "meeting", "draft",   "summary",
    "team",   "launch", "deadline", "code",   "bug",     "query",   "table",   "chart",
    "review", "paper",  "week",     "friday", "manager", "risk",    "feature", "data",
    "could",  "you",    "please",   "help",   "me",      "with",    "the",     "for",
    "and",    "a",      "short",    "clear",  "version", "about",   "our",     "next"};
const char *const cues[] = {"as I said", "you forgot", "that's not what I asked",
                            "again",     "我说过",     "你忘了"};
const char *const agents[] = {"gpt-4o", "claude-3.5-sonnet", "gemini-1.5-pro", "llama-3-70b",
                              "empathy-prompted"};
const char *const tasks[] = {"writing",  "analysis",      "coding",   "information_seeking",
                             "planning", "brainstorming", "personal", "other"};

QByteArray sentence(QRandomGenerator &random, int length)
{
    QByteArray text;
    for (int i = 0; i < length; ++i) {
        if (i)
            text += ' ';
        text += words[random.bounded(int(sizeof(words) / sizeof(*words)))];
    }
    return text;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Writes a large, deterministic study data set for the browser benchmark."));
    parser.addPositionalArgument(QStringLiteral("OUT.sense7"),
                                 QStringLiteral("The data set to write; it must not exist."));
    parser.addOption({QStringLiteral("conversations"),
                      QStringLiteral("How many conversations (default 50000)."),
                      QStringLiteral("N"), QStringLiteral("50000")});
    parser.addOption({QStringLiteral("replies"),
                      QStringLiteral("Assistant replies a conversation (default 20)."),
                      QStringLiteral("N"), QStringLiteral("20")});
    bench::parseCommandLine(parser, app, 1, 1);
    const QString out = parser.positionalArguments().constFirst();
    const int conversations =
        bench::positiveNumber(parser.value(QStringLiteral("conversations")), "--conversations");
    const int replies = bench::positiveNumber(parser.value(QStringLiteral("replies")), "--replies");
    if (QFileInfo::exists(out)) {
        std::fprintf(stderr, "make_dataset: %s exists already; remove it or choose another name.\n",
                     qPrintable(out));
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    auto store = Store::create(out);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    QVector<qint64> dimensions;
    for (const Dimension &d : store->instruments().first().dimensionsAt(Level::Turn))
        dimensions.append(d.id);
    // Generated outside the store, on a connection of its own, as a bulk tool would: the schema's
    // triggers still keep the digests' bookkeeping.
    store.reset();
    sql::Connection db;
    db.open(out, sql::Connection::Access::ReadWrite);
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA cache_size = -16384"); // KiB, as the store has it
    db.exec("PRAGMA synchronous = OFF");
    const auto transaction = [&db](const auto &work) {
        sql::Transaction tx(db);
        work();
        tx.commit();
    };
    QRandomGenerator random(20251);
    const int participants = std::max(1, conversations / 100);
    transaction([&] {
        for (int p = 0; p < participants; ++p)
            sql::Statement(db,
                           "INSERT INTO participant(code, created_at) VALUES(?, "
                           "'2025-01-01T00:00:00.000Z')")
                .bind(1, QStringLiteral("P%1").arg(p + 1, 4, 10, QLatin1Char('0')))
                .run();
    });
    const QDateTime start(QDate(2025, 1, 1), QTime(8, 0), Qt::UTC);
    qint64 turnId = 0;
    for (int c = 0; c < conversations;) {
        transaction([&] {
            for (int batch = 0; batch < 2000 && c < conversations; ++batch, ++c) {
                const int participant = 1 + c % participants;
                // Each participant has a personal baseline; each assistant a small offset.
                const double baseline = 2.6 + (participant * 7919 % 100) / 60.0;
                const int agent = int(random.bounded(5));
                const QByteArray context = "{\"task_type\":\"" + QByteArray(tasks[c % 8])
                    + "\",\"goal_achieved\":" + QByteArray::number(1 + c % 5) + "}";
                sql::Statement(db,
                               "INSERT INTO conversation(participant_id, source_format, "
                               "source_id, agent, title, started_at, context, content_hash) "
                               "VALUES(?, 'bench', ?, ?, ?, ?, ?, ?)")
                    .bind(1, participant)
                    .bind(2, QStringLiteral("bench-%1").arg(c))
                    .bind(3, QString::fromLatin1(agents[agent]))
                    .bind(4, QString::fromLatin1(sentence(random, 4)))
                    .bind(5, start.addSecs(qint64(c) * 600).toString(Qt::ISODateWithMs))
                    .bind(6, context)
                    .bind(7, QStringLiteral("bench-%1").arg(c))
                    .run();
                const qint64 conversation = db.lastInsertId();
                QByteArray firstRequest;
                double level = baseline + (agent - 2) * 0.15;
                for (int r = 0; r < replies; ++r) {
                    QByteArray request = sentence(random, 6 + int(random.bounded(10)));
                    if (r == 0)
                        firstRequest = request;
                    const bool broke = random.bounded(100) < 4 && r > 0;
                    if (broke && random.bounded(2) == 0)
                        request = QByteArray(cues[random.bounded(6)]) + ", " + request;
                    else if (broke)
                        request = firstRequest; // the user repeats the first request
                    sql::Statement(db,
                                   "INSERT INTO turn(conversation_id, idx, role, text) "
                                   "VALUES(?, ?, 'user', ?)")
                        .bind(1, conversation)
                        .bind(2, 2 * r)
                        .bind(3, request)
                        .run();
                    const bool regenerated = random.bounded(100) < 2;
                    sql::Statement(db,
                                   "INSERT INTO turn(conversation_id, idx, role, text, meta) "
                                   "VALUES(?, ?, 'assistant', ?, ?)")
                        .bind(1, conversation)
                        .bind(2, 2 * r + 1)
                        .bind(3, sentence(random, 12 + int(random.bounded(20))))
                        .bind(4,
                              regenerated ? QByteArray("{\"branch\":\"regenerated\"}")
                                          : QByteArray("{}"))
                        .run();
                    turnId = db.lastInsertId();
                    // A break (seen in the next request) pulls this reply's ratings down.
                    const bool nextBreaks = random.bounded(100) < 4;
                    level = std::clamp(level + (random.generateDouble() - 0.5) * 0.6, 1.0, 5.0);
                    const double here = nextBreaks ? std::max(1.0, level - 2.0) : level;
                    for (qint64 dimension : dimensions) {
                        const int value = std::clamp(
                            int(std::lround(here + (random.generateDouble() - 0.5) * 1.6)), 1, 5);
                        sql::Statement(db,
                                       "INSERT INTO rating(turn_id, dimension_id, "
                                       "annotator_id, value, updated_at) VALUES(?, ?, ?, ?, "
                                       "'2025-06-01T00:00:00.000Z')")
                            .bind(1, turnId)
                            .bind(2, dimension)
                            .bind(3, self)
                            .bind(4, value)
                            .run();
                    }
                    if (nextBreaks && random.bounded(2) == 0)
                        sql::Statement(db,
                                       "INSERT INTO turn_flag(turn_id, annotator_id, kind, "
                                       "reason) VALUES(?, ?, 'continuity_break', "
                                       "'forgot_context')")
                            .bind(1, turnId)
                            .bind(2, self)
                            .run();
                }
            }
        });
        std::fprintf(stderr, "\r%d conversations", c);
    }
    std::fprintf(stderr, "\n");
    const double generated = timer.elapsed() / 1000.0;
    std::printf("generated %d conversations, %lld assistant turns, %lld ratings in %.1f s\n",
                conversations, static_cast<long long>(conversations) * replies,
                static_cast<long long>(conversations) * replies * dimensions.size(), generated);
    return 0;
}
