// The annotation API of the store (apply, journal) and the undo history built on it.

#include "annotationsession.h"
#include "error.h"
#include "store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace sense7;

namespace {

/** The demo data set, plus the ids a test needs. */
struct Fixture
{
    QTemporaryDir dir;
    std::unique_ptr<Store> store;
    qint64 self = 0;
    qint64 observer = 0;
    qint64 conversation = 0;
    qint64 turn = 0; // an assistant turn of that conversation
    qint64 earlierTurn = 0;
    qint64 warmth = 0;
    qint64 support = 0;

    QString path() const { return dir.filePath(QStringLiteral("d.sense7")); }

    Fixture()
    {
        store = Store::create(path());
        demo::load(*store);
        self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
        observer = store->annotatorId(QStringLiteral("obs-1"), AnnotatorKind::Observer);
        conversation = store->conversationSummaries().first().id;
        const auto turns = store->turns(conversation);
        for (const Turn &t : turns) {
            if (t.role == Role::Assistant && t.index >= 3) {
                turn = t.id;
                break;
            }
        }
        earlierTurn = turns.first().id;
        warmth = store->findDimension(QStringLiteral("warmth"))->id;
        support = store->findDimension(QStringLiteral("support"))->id;
    }

    qint64 count(const char *sql) const { return test::connection(*store).pragmaInt(sql); }
};

Edit rating(qint64 turn, qint64 dim, qint64 annotator, QJsonValue after)
{
    return {Edit::Kind::Rating, turn, dim, annotator, QJsonValue::Undefined, after};
}

} // namespace

class TestAnnotate : public QObject
{
    Q_OBJECT

private slots:
    void appliesEveryKindOfEdit();
    void journalsEditsButNotData();
    void refusesBadEditsAndWritesNothing();
    void undoAndRedoReachTheDataSet();
    void historySurvivesReopening();
    void refusedEditStaysOffTheStack();
    void summariesFollowAnnotatorAndParticipant();
    void summariesAreInCodeStartAndIdOrder();
};

void TestAnnotate::appliesEveryKindOfEdit()
{
    Fixture f;
    // Ratings: a value, "not applicable" (null) and cleared (undefined), each its own state.
    f.store->apply(rating(f.turn, f.warmth, f.observer, 4), Origin::Edit);
    QCOMPARE(f.store->turnRatings(f.conversation, f.observer).value(f.turn).value(f.warmth),
             Rating(4));
    f.store->apply(rating(f.turn, f.warmth, f.observer, QJsonValue::Null), Origin::Edit);
    const auto ratings = f.store->turnRatings(f.conversation, f.observer).value(f.turn);
    QVERIFY(ratings.contains(f.warmth));
    QCOMPARE(ratings.value(f.warmth), Rating::notApplicable());
    f.store->apply(rating(f.turn, f.warmth, f.observer, QJsonValue::Undefined), Origin::Edit);
    QVERIFY(!f.store->turnRatings(f.conversation, f.observer).value(f.turn).contains(f.warmth));

    // A continuity flag pointing at the lost turn.
    TurnFlag flag;
    flag.reason = QStringLiteral("forgot_context");
    flag.refersToTurnId = f.earlierTurn;
    f.store->apply({Edit::Kind::Flag, f.turn, 0, f.observer, {}, flagToJson(flag)}, Origin::Edit);
    const TurnFlag stored = f.store->flags(f.conversation, f.observer).value(f.turn);
    QCOMPARE(stored.reason, QStringLiteral("forgot_context"));
    QCOMPARE(stored.refersToTurnId, std::optional<qint64>(f.earlierTurn));
    f.store->apply({Edit::Kind::Flag, f.turn, 0, f.observer, {}, QJsonValue::Undefined},
                   Origin::Edit);
    QVERIFY(!f.store->flags(f.conversation, f.observer).contains(f.turn));

    // A note; an empty note removes it.
    f.store->apply({Edit::Kind::Note, f.turn, 0, f.observer, {}, QStringLiteral("curt")},
                   Origin::Edit);
    QCOMPARE(f.store->notes(f.conversation, f.observer).value(f.turn), QStringLiteral("curt"));
    f.store->apply({Edit::Kind::Note, f.turn, 0, f.observer, {}, QString()}, Origin::Edit);
    QVERIFY(!f.store->notes(f.conversation, f.observer).contains(f.turn));

    // The context form.
    const QJsonObject context {{QStringLiteral("task_type"), QStringLiteral("coding")}};
    f.store->apply({Edit::Kind::Context, f.conversation, 0, f.self, {}, context}, Origin::Edit);
    QCOMPARE(f.store->conversation(f.conversation)->context, context);
}

void TestAnnotate::journalsEditsButNotData()
{
    Fixture f;
    // The demo's ratings were written as data: they are no one's undo history.
    QVERIFY(f.store->ratingEventCount() > 300);
    QVERIFY(f.store->journal(f.self).isEmpty());

    f.store->apply(rating(f.turn, f.warmth, f.observer, 2), Origin::Edit);
    f.store->apply({Edit::Kind::Note, f.turn, 0, f.observer, {}, QStringLiteral("n")},
                   Origin::Edit);
    f.store->apply(rating(f.turn, f.warmth, f.observer, 5), Origin::Edit);
    f.store->apply(rating(f.turn, f.warmth, f.observer, 2), Origin::Undo);
    f.store->setRating(f.turn, f.support, f.observer, 3); // data, not history

    const QVector<JournalEntry> journal = f.store->journal(f.observer);
    QCOMPARE(journal.size(), 4);
    // In the order they happened, across the two journal tables.
    QCOMPARE(journal[0].edit.kind, Edit::Kind::Rating);
    QCOMPARE(journal[0].edit.before, QJsonValue(QJsonValue::Undefined));
    QCOMPARE(journal[0].edit.after, QJsonValue(2));
    QCOMPARE(journal[1].edit.kind, Edit::Kind::Note);
    QCOMPARE(journal[1].edit.after, QJsonValue(QStringLiteral("n")));
    QCOMPARE(journal[2].edit.before, QJsonValue(2));
    QCOMPARE(journal[2].edit.after, QJsonValue(5));
    QCOMPARE(journal[3].origin, Origin::Undo);
    QCOMPARE(journal[3].edit.after, QJsonValue(2));
    // The limit keeps the most recent entries.
    const auto lastTwo = f.store->journal(f.observer, 2);
    QCOMPARE(lastTwo.size(), 2);
    QCOMPARE(lastTwo[1].origin, Origin::Undo);
}

void TestAnnotate::refusesBadEditsAndWritesNothing()
{
    Fixture f;
    f.store->installInstrument(taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json")));
    const qint64 survey = f.store->findDimension(QStringLiteral("esconv/empathy"))->id;
    const qint64 ratings = f.count("SELECT count(*) FROM rating");
    const qint64 events = f.store->ratingEventCount();
    const qint64 edits = f.count("SELECT count(*) FROM edit_event");
    const QList<Edit> bad {
        rating(f.turn, f.warmth, f.observer, 6), // outside 1-5
        rating(f.turn, f.warmth, f.observer, 0),
        rating(f.turn, f.warmth, f.observer, 2.5), // not a whole number
        rating(f.turn, f.warmth, f.observer, QStringLiteral("4")),
        rating(f.turn, 999999, f.observer, 3), // no such dimension
        {Edit::Kind::Flag,
         f.turn,
         0,
         f.observer,
         {},
         QJsonObject {{QStringLiteral("reason"), QStringLiteral("bored")}}},
        {Edit::Kind::Flag, f.turn, 0, f.observer, {}, 3},
        {Edit::Kind::Note, f.turn, 0, f.observer, {}, 3},
        {Edit::Kind::Context, 999999, 0, f.self, {}, QJsonObject()},
        {Edit::Kind::Profile, f.conversation, 0, f.self, {}, QStringLiteral("x")},
        {Edit::Kind::ConversationRating, f.conversation, f.warmth, f.self, {}, 3}, // turn-level
        rating(f.turn, survey, f.observer, 3), // a conversation-level dimension on a turn
    };
    for (const Edit &edit : bad) {
        bool refused = false;
        try {
            f.store->apply(edit, Origin::Edit);
        } catch (const Error &e) {
            refused = !e.message().isEmpty();
        }
        QVERIFY2(refused, qPrintable(editKindKey(edit.kind)));
    }
    QCOMPARE(f.count("SELECT count(*) FROM rating"), ratings);
    QCOMPARE(f.store->ratingEventCount(), events);
    QCOMPARE(f.count("SELECT count(*) FROM edit_event"), edits);
}

void TestAnnotate::undoAndRedoReachTheDataSet()
{
    Fixture f;
    AnnotationSession session(f.store.get(), f.observer);
    QSignalSpy saved(&session, &AnnotationSession::saved);
    const auto value = [&] {
        return f.store->currentValue(rating(f.turn, f.warmth, f.observer, {}));
    };
    QVERIFY(session.setRating(f.turn, f.warmth, 4));
    QVERIFY(session.setRating(f.turn, f.warmth, 2));
    QVERIFY(session.setRating(f.turn, f.warmth, 2)); // unchanged: no command
    QCOMPARE(session.undoStack()->count(), 2);
    QCOMPARE(saved.count(), 2);
    QCOMPARE(value(), QJsonValue(2));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Rate Warmth 2"));

    session.undoStack()->undo();
    QCOMPARE(value(), QJsonValue(4));
    session.undoStack()->undo();
    QCOMPARE(value(), QJsonValue(QJsonValue::Undefined));
    session.undoStack()->redo();
    QCOMPARE(value(), QJsonValue(4));

    TurnFlag flag;
    flag.reason = QStringLiteral("lost_thread");
    QVERIFY(session.setFlag(f.turn, flag));
    QVERIFY(f.store->flags(f.conversation, f.observer).contains(f.turn));
    session.undoStack()->undo();
    QVERIFY(!f.store->flags(f.conversation, f.observer).contains(f.turn));
    // A new edit after an undo drops the redo branch, as everywhere else.
    QVERIFY(session.setNote(f.turn, QStringLiteral("fine")));
    QVERIFY(!session.undoStack()->canRedo());
}

void TestAnnotate::historySurvivesReopening()
{
    Fixture f;
    const Edit supportRating = rating(f.turn, f.support, f.self, {});
    const QJsonValue supportBefore = f.store->currentValue(supportRating);
    QVERIFY(supportBefore != QJsonValue(QJsonValue::Null));
    {
        AnnotationSession session(f.store.get(), f.self);
        QVERIFY(session.setRating(f.turn, f.warmth, 1));
        QVERIFY(session.setNote(f.turn, QStringLiteral("cold")));
        QVERIFY(session.setRating(f.turn, f.support, Rating::notApplicable()));
        QVERIFY(session.setContext(f.conversation,
                                   {{QStringLiteral("task_type"), QStringLiteral("planning")}}));
        session.undoStack()->undo(); // the context edit
    }
    const QJsonValue originalContext = f.store->conversation(f.conversation)->context;
    f.store.reset();
    f.store = Store::open(f.path());

    AnnotationSession session(f.store.get(), f.self);
    session.restoreHistory();
    QUndoStack *stack = session.undoStack();
    QCOMPARE(stack->count(), 4);
    QCOMPARE(stack->index(), 3);
    QVERIFY(stack->canRedo());
    QCOMPARE(stack->undoText(), QStringLiteral("Rate Support not applicable"));

    // Undo after the restart changes the data set.
    stack->undo();
    QCOMPARE(f.store->currentValue(supportRating), supportBefore);
    stack->undo();
    QVERIFY(!f.store->notes(f.conversation, f.self).contains(f.turn));
    // Redo reaches the context edit that was undone before the restart.
    stack->redo();
    stack->redo();
    stack->redo();
    QCOMPARE(f.store->conversation(f.conversation)->context.value(QStringLiteral("task_type")),
             QJsonValue(QStringLiteral("planning")));
    QVERIFY(originalContext != QJsonValue(f.store->conversation(f.conversation)->context));

    // And the history after these undos and redos is the same when rebuilt once more.
    AnnotationSession again(f.store.get(), f.self);
    again.restoreHistory();
    QCOMPARE(again.undoStack()->count(), 4);
    QCOMPARE(again.undoStack()->index(), 4);
}

void TestAnnotate::refusedEditStaysOffTheStack()
{
    Fixture f;
    AnnotationSession session(f.store.get(), f.observer);
    QSignalSpy failed(&session, &AnnotationSession::failed);
    QSignalSpy saved(&session, &AnnotationSession::saved);
    QVERIFY(!session.setRating(f.turn, f.warmth, 9));
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("outside the scale")));
    QCOMPARE(saved.count(), 0);
    QCOMPARE(session.undoStack()->count(), 0);
    QVERIFY(f.store->journal(f.observer).isEmpty());
}

void TestAnnotate::summariesFollowAnnotatorAndParticipant()
{
    Fixture f;
    const auto all = f.store->conversationSummaries();
    QCOMPARE(all.size(), 13);
    const qint64 p01 = f.store->participantId(QStringLiteral("P01"));
    const auto mine = f.store->conversationSummaries(0, p01);
    QVERIFY(!mine.isEmpty());
    QVERIFY(mine.size() < all.size());
    for (const auto &s : mine)
        QCOMPARE(s.participant, QStringLiteral("P01"));

    // An observer who has rated nothing sees nothing rated; one rating counts one cell.
    auto observed = f.store->conversationSummary(f.conversation, f.observer);
    QVERIFY(observed);
    QCOMPARE(observed->ratedCells, 0);
    f.store->setRating(f.turn, f.warmth, f.observer, Rating::notApplicable());
    observed = f.store->conversationSummary(f.conversation, f.observer);
    QCOMPARE(observed->ratedCells, 1);
    QCOMPARE(observed->cells, observed->assistantTurns * 7);
    QCOMPARE(observed->ratedShare, 1.0 / observed->cells);
    QVERIFY(f.store->conversationSummary(f.conversation)->ratedCells > 1); // self's ratings
}

void TestAnnotate::summariesAreInCodeStartAndIdOrder()
{
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("order.sense7")));
    // Codes added in no order. By UTF-8 bytes, as SQLite orders text, "Ａ" (U+FF21) comes before
    // "😀" (U+1F600); by UTF-16 code units it would come after.
    const QStringList codes {QStringLiteral("P10"), QStringLiteral("😀"), QStringLiteral("P02"),
                             QStringLiteral("Ａ"), QStringLiteral("P1")};
    // Starts added in no order, one twice, one missing.
    const QList<QDateTime> starts {QDateTime(QDate(2025, 3, 1), QTime(9, 30, 15, 250), Qt::UTC),
                                   QDateTime(QDate(2025, 1, 1), QTime(8, 0), Qt::UTC), QDateTime(),
                                   QDateTime(QDate(2024, 2, 29), QTime(23, 59, 59, 999), Qt::UTC),
                                   QDateTime(QDate(2025, 1, 1), QTime(8, 0), Qt::UTC)};
    // Assistants that change from one conversation to the next or stay, come back, one of them
    // none, one of them named like a participant.
    const QStringList agents {QStringLiteral("gpt-4o"), QString(), QStringLiteral("gpt-4o"),
                              QStringLiteral("gpt-4o"), QStringLiteral("P1")};
    QHash<QString, QList<qint64>> ids; // by code, in the order added
    QHash<qint64, std::pair<QString, QString>> made; // code and assistant, by id
    int n = 0;
    for (const QString &code : codes) {
        const qint64 participant = store->addParticipant(code);
        for (const QDateTime &start : starts) {
            Conversation c;
            c.participantId = participant;
            c.sourceFormat = QStringLiteral("test");
            c.agent = agents[n % agents.size()];
            c.title = QStringLiteral("Conversation %1").arg(++n);
            c.startedAt = start;
            QVector<Turn> turns = test::exchanges(c.title, 1);
            const qint64 id = store->addConversation(c, turns);
            ids[code].append(id);
            made.insert(id, {code, c.agent});
        }
    }
    // Within a participant: no start first, then by start, equal starts by id.
    const auto within = [](const QList<qint64> &added) {
        return QList<qint64> {added[2], added[3], added[1], added[4], added[0]};
    };
    QList<qint64> expected;
    for (const char *code : {"P02", "P1", "P10", "Ａ", "😀"})
        expected += within(ids.value(QString::fromUtf8(code)));
    QList<qint64> got;
    const auto all = store->conversationSummaries();
    for (const ConversationSummary &s : all)
        got.append(s.id);
    QCOMPARE(got, expected);
    for (const ConversationSummary &s : all) {
        QCOMPARE(s.participant, made.value(s.id).first);
        QCOMPARE(s.agent, made.value(s.id).second);
    }
    QCOMPARE(all.at(0).participant, QStringLiteral("P02"));
    QCOMPARE(all.last().participant, QStringLiteral("😀"));
    QVERIFY(!all.at(0).startedAt.isValid());
    QCOMPARE(all.at(1).startedAt, starts[3]); // a leap day, to the millisecond
    QCOMPARE(all.at(4).startedAt, starts[0]);
    QCOMPARE(all.at(4).startedAt.timeSpec(), Qt::UTC);
    QCOMPARE(all.at(4).title, QStringLiteral("Conversation 11"));

    // Starts the store does not write (other programs', older data sets): SQL's order, by text,
    // NULL before ''.
    sql::Connection &db = test::connection(*store);
    const QStringList odd {QString(),
                           QStringLiteral(""),
                           QStringLiteral("2025-01-01T08:00:00Z"),
                           QStringLiteral("2025-01-01T08:00:00.500Z"),
                           QStringLiteral("2025-01-01T10:00:00.000+02:00"),
                           QStringLiteral("not a date"),
                           QStringLiteral("2025-01-01T08:00:00")};
    const QList<qint64> changed =
        ids.value(QStringLiteral("P02")) + ids.value(QStringLiteral("P1"));
    for (int i = 0; i < changed.size(); ++i) {
        sql::Statement update(db, "UPDATE conversation SET started_at = ? WHERE id = ?");
        if (odd.value(i % odd.size()).isNull())
            update.bind(1, QVariant());
        else
            update.bind(1, odd.value(i % odd.size()));
        update.bind(2, changed[i]).run();
    }
    QList<qint64> bySql;
    sql::Statement ordered(db,
                           "SELECT c.id FROM conversation c JOIN participant p "
                           "ON p.id = c.participant_id ORDER BY p.code, c.started_at, c.id");
    while (ordered.next())
        bySql.append(ordered.int64(0));
    got.clear();
    for (const ConversationSummary &s : store->conversationSummaries())
        got.append(s.id);
    QCOMPARE(got, bySql);

    // One participant's, from the participant index: the same order.
    const auto one = store->conversationSummaries(0, store->participantId(QStringLiteral("Ａ")));
    got.clear();
    for (const ConversationSummary &s : one)
        got.append(s.id);
    QCOMPARE(got, within(ids.value(QStringLiteral("Ａ"))));
}

QTEST_GUILESS_MAIN(TestAnnotate)
#include "tst_annotate.moc"
