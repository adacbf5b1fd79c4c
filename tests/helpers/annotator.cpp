// A stand-in for a person annotating: applies random rating, flag and note changes to a data set
// through Store::apply(), the call the studio's undo commands make, and reports each one.
//
//   sense7_test_annotator DB SEED COUNT [ANNOTATOR]
//
// Before each change it prints "do <edit>", after its commit "ok <n>" (flushed), so a test that
// kills it knows which changes were acknowledged. With COUNT 0 it runs until killed. With
// SENSE7_WAIT_FOR_GO set it waits for a line on its input after "ready"; SENSE7_PAUSE_MS is a
// pause after each change (a very fast person). A second
// process on the same data set, as another annotator, tests concurrent writers.

#include "editcodec.h"
#include "error.h"
#include "store.h"
#include "types.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QThread>

#include <cstdio>

using namespace sense7;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: sense7_test_annotator DB SEED COUNT [ANNOTATOR]\n");
        return 2;
    }
    try {
        auto store = Store::open(args[1]);
        QRandomGenerator random(args[2].toUInt());
        const qint64 count = args[3].toLongLong();
        const QString code = args.size() > 4 ? args[4] : QStringLiteral("self");
        const qint64 annotator = store->annotatorId(
            code, code == QLatin1String("self") ? AnnotatorKind::Self : AnnotatorKind::Observer);

        QVector<qint64> replies;
        for (const ConversationSummary &c : store->conversationSummaries()) {
            for (const Turn &t : store->turns(c.id)) {
                if (t.role == Role::Assistant)
                    replies << t.id;
            }
        }
        QVector<qint64> dimensions;
        const QVector<Instrument> instruments = store->instruments();
        for (const Dimension &d : instruments.constFirst().dimensions) {
            if (d.level == Level::Turn)
                dimensions << d.id;
        }
        const QStringList reasons = breakReasonKeys();
        std::printf("ready %lld\n", static_cast<long long>(replies.size()));
        std::fflush(stdout);
        const int pause = qEnvironmentVariableIntValue("SENSE7_PAUSE_MS");
        if (qEnvironmentVariableIsSet("SENSE7_WAIT_FOR_GO")) { // start together with another
            char line[16];
            if (!std::fgets(line, sizeof line, stdin))
                return 2;
        }

        for (qint64 n = 0; count == 0 || n < count; ++n) {
            Edit edit;
            edit.annotatorId = annotator;
            do { // a change, never a no-op: each acknowledged change leaves a journal row
                edit.dimensionId = 0;
                edit.after = QJsonValue::Undefined;
                edit.subjectId = replies[random.bounded(int(replies.size()))];
                const int pick = random.bounded(10);
                if (pick < 7) {
                    edit.kind = Edit::Kind::Rating;
                    edit.dimensionId = dimensions[random.bounded(int(dimensions.size()))];
                    const int value = random.bounded(7); // 1-5, 5: not applicable, 6: cleared
                    edit.after = value < 5 ? QJsonValue(value + 1)
                        : value == 5       ? QJsonValue(QJsonValue::Null)
                                           : QJsonValue(QJsonValue::Undefined);
                } else if (pick < 9) {
                    edit.kind = Edit::Kind::Flag;
                    if (random.bounded(3) > 0)
                        edit.after = QJsonObject {
                            {QStringLiteral("reason"),
                             reasons[random.bounded(int(reasons.size()))]},
                            {QStringLiteral("note"), QStringLiteral("note %1").arg(n)}};
                } else {
                    edit.kind = Edit::Kind::Note;
                    if (random.bounded(3) > 0)
                        edit.after = QStringLiteral("Thought %1 about this reply").arg(n);
                }
                edit.before = store->currentValue(edit);
            } while (edit.isNoOp());
            std::printf("do %s\n", test::encodeEdit(edit).constData());
            std::fflush(stdout);
            store->apply(edit, Origin::Edit);
            std::printf("ok %lld\n", static_cast<long long>(n));
            std::fflush(stdout);
            if (pause > 0)
                QThread::msleep(pause);
        }
    } catch (const Error &e) {
        std::fprintf(stderr, "%s\n", qPrintable(e.message()));
        return 1;
    }
    return 0;
}
