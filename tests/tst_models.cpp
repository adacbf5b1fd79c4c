#include "conversationtablemodel.h"
#include "demo.h"
#include "store.h"
#include "turnlistmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace sense7;

class TestModels : public QObject
{
    Q_OBJECT

private slots:
    void conversationModelPassesTester();
    void conversationModelFollowsStore();
    void ratedShareCountsSelfRatings();
    void turnModelPassesTester();
    void conversationModelFollowsAnnotatorAndParticipant();
};

void TestModels::conversationModelPassesTester()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&model);
    sorted.setSortRole(ConversationTableModel::SortRole);
    QAbstractItemModelTester proxyTester(&sorted,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    sorted.sort(ConversationTableModel::Turns, Qt::DescendingOrder);

    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(model.columnCount(), int(ConversationTableModel::ColumnCount));
    const auto summaries = store->conversationSummaries();
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.conversationId(row), summaries[row].id);
        QCOMPARE(model.index(row, ConversationTableModel::Title).data().toString(),
                 summaries[row].title);
        QCOMPARE(model.index(row, ConversationTableModel::Participant).data().toString(),
                 summaries[row].participant);
        QCOMPARE(model.index(row, ConversationTableModel::Turns).data().toInt(),
                 summaries[row].turns);
        QCOMPARE(model.rowOf(summaries[row].id), row);
    }
    // Sorted by turns, the longest conversation (16 turns) comes first.
    QCOMPARE(sorted.index(0, ConversationTableModel::Turns).data().toInt(), 16);
    QCOMPARE(model.headerData(ConversationTableModel::Rated, Qt::Horizontal).toString(),
             QStringLiteral("Rated"));
}

void TestModels::conversationModelFollowsStore()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QCOMPARE(model.rowCount(), 0);
    demo::load(*store);
    QCOMPARE(model.rowCount(), 13);
    model.setStore(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestModels::ratedShareCountsSelfRatings()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    Conversation c;
    c.participantId = store->addParticipant(QStringLiteral("P01"));
    c.sourceFormat = QStringLiteral("test");
    c.title = QStringLiteral("two replies");
    QVector<Turn> turns(4);
    for (int i = 0; i < 4; ++i) {
        turns[i].role = i % 2 ? Role::Assistant : Role::User;
        turns[i].text = QStringLiteral("turn %1").arg(i);
    }
    store->addConversation(c, turns);
    ConversationTableModel model;
    model.setStore(store.get());
    QCOMPARE(model.index(0, ConversationTableModel::Rated).data().toString(), QStringLiteral("0%"));

    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    const qint64 observer = store->annotatorId(QStringLiteral("obs1"), AnnotatorKind::Observer);
    const auto dims = store->instruments().constFirst().dimensions;
    for (const Dimension &d : dims)
        store->setRating(turns[1].id, d.id, self,
                         d.key == QLatin1String("warmth") ? std::nullopt : std::optional<int>(3));
    for (const Dimension &d : dims)
        store->setRating(turns[3].id, d.id, observer, 2); // observers do not count as progress
    QCOMPARE(model.index(0, ConversationTableModel::Rated).data().toString(),
             QStringLiteral("50%"));
    QCOMPARE(model.index(0, ConversationTableModel::Rated)
                 .data(ConversationTableModel::SortRole)
                 .toDouble(),
             0.5);
}

void TestModels::conversationModelFollowsAnnotatorAndParticipant()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    ConversationTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    const auto [selfRated, cells] = model.progress();
    QVERIFY(selfRated > 0 && selfRated < cells);

    // One participant's rows only.
    const qint64 p02 = store->participantId(QStringLiteral("P02"));
    model.setParticipant(p02);
    QVERIFY(model.rowCount() > 0 && model.rowCount() < 13);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, ConversationTableModel::Participant).data().toString(),
                 QStringLiteral("P02"));

    // An observer's progress: nothing, then one reply rated, announced as one row's change.
    const qint64 observer = store->annotatorId(QStringLiteral("o"), AnnotatorKind::Observer);
    model.setAnnotator(observer);
    QCOMPARE(model.progress().first, 0);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const qint64 conversation = model.conversationId(0);
    qint64 reply = 0;
    for (const Turn &t : store->turns(conversation)) {
        if (t.role == Role::Assistant && !reply)
            reply = t.id;
    }
    const QVector<Dimension> dims = store->instruments().constFirst().dimensions;
    for (const Dimension &d : dims)
        store->setRating(reply, d.id, observer, 4);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 7);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
    QCOMPARE(model.progress().first, 7);
    // The self ratings of that turn do not move the observer's progress.
    store->setRating(reply, dims.first().id, store->selfAnnotatorId(), 1);
    QCOMPARE(changed.count(), 7);
}

void TestModels::turnModelPassesTester()
{
    auto store = Store::create(QStringLiteral(":memory:"));
    demo::load(*store);
    TurnListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(store.get());
    QCOMPARE(model.rowCount(), 0);

    const auto summaries = store->conversationSummaries();
    for (const ConversationSummary &s : summaries) {
        model.setConversation(s.id);
        QCOMPARE(model.rowCount(), s.turns);
        const QVector<Turn> turns = store->turns(s.id);
        int assistant = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            QCOMPARE(index.data().toString(), turns[row].text);
            QCOMPARE(index.data(TurnListModel::IdRole).toLongLong(), turns[row].id);
            QCOMPARE(index.data(TurnListModel::RoleKeyRole).toString(), roleKey(turns[row].role));
            QCOMPARE(index.data(TurnListModel::IndexRole).toInt(), row);
            const int number = turns[row].role == Role::Assistant ? ++assistant : 0;
            QCOMPARE(index.data(TurnListModel::AssistantNumberRole).toInt(), number);
        }
        QCOMPARE(assistant, s.assistantTurns);
    }
    QVERIFY(model.roleNames().values().contains("assistantNumber"));
    model.setConversation(0);
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
