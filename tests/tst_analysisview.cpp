// The reliability and evaluation window and the prediction dialog, offscreen, on the demo data.
#include "agreementtablemodel.h"
#include "analysisdialog.h"
#include "completionserver.h"
#include "guisupport.h"
#include "predictdialog.h"
#include "settings.h"
#include "stats/analysis.h"
#include "taxonomy.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace sense7;
using namespace sense7::test;

namespace {

void waitComputed(AnalysisDialog &dialog)
{
    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    if (dialog.isBusy() && !computed.wait(30000))
        qFatal("the analysis did not finish");
}

QVariant cell(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role);
}

} // namespace

class TestAnalysisView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void reliabilityTablesShowTheLibrarysNumbers();
    void evaluationShowsFloorsReferenceAndConfusion();
    void participantChoiceRecomputes();
    void reliabilityShowsEachObserverAndIccs();
    void evaluationShowsCoverageFisherAndFloorDifferences();
    void clusterChoiceRecomputes();
    void dataSetWithoutModelExplainsWhatToDo();
    void instrumentChoiceLeavesThePaperToSense7();
    void tableModelPassesTheTester();
    void predictDialogStoresRatings();
    void predictDialogRatesWithTheChosenInstrument();
    void predictDialogCancels();
    void predictDialogAsksForEndpoint();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TestAnalysisView::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("analysisview"));
}

void TestAnalysisView::init()
{
    QSettings().clear();
    m_db = test::testFunctionPath(m_dir, QStringLiteral("demo-"));
    makeDemoDataSet(m_db);
}

void TestAnalysisView::reliabilityTablesShowTheLibrarysNumbers()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    dialog.show();
    waitComputed(dialog);
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    const auto expected = analysis::reliability(*store, options);

    QCOMPARE(dialog.retestModel()->rowCount(), 7);
    for (int i = 0; i < 7; ++i) {
        QCOMPARE(cell(dialog.retestModel(), i, 0).toString(), expected.dimensions[i].name);
        QCOMPARE(cell(dialog.retestModel(), i, AgreementTableModel::N).toInt(),
                 expected.retest[0].byDimension[i].n);
        QCOMPARE(
            cell(dialog.retestModel(), i, AgreementTableModel::Accuracy, Qt::UserRole).toDouble(),
            *expected.retest[0].byDimension[i].accuracy);
        QCOMPARE(cell(dialog.observerModel(), i, AgreementTableModel::FirstExtra, Qt::UserRole)
                     .toDouble(),
                 *expected.selfObserverAlpha[i]);
        QCOMPARE(cell(dialog.individualModel(), i, 1, Qt::UserRole).toDouble(),
                 *expected.individualisation[i]);
    }
    // The interval is shown beside ρ and spelled out in the tooltip.
    QVERIFY(cell(dialog.retestModel(), 0, AgreementTableModel::Spearman)
                .toString()
                .contains(QLatin1Char('[')));
    QVERIFY(cell(dialog.retestModel(), 0, AgreementTableModel::Spearman, Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("95% bootstrap interval")));
    keepScreenshot(&dialog, QStringLiteral("reliability.png"));
}

void TestAnalysisView::evaluationShowsFloorsReferenceAndConfusion()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    dialog.showPage(AnalysisDialog::Page::Evaluation);
    dialog.show();
    waitComputed(dialog);
    QCOMPARE(dialog.modelChoice()->currentText(), QStringLiteral("demo-classifier"));
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    const auto expected = analysis::evaluate(*store, QStringLiteral("demo-classifier"), options);

    QCOMPARE(dialog.evaluationModel()->rowCount(), 8); // seven dimensions and their mean
    QCOMPARE(
        cell(dialog.evaluationModel(), 7, AgreementTableModel::Spearman, Qt::UserRole).toDouble(),
        *expected.mean.spearman);
    QVERIFY(!cell(dialog.evaluationModel(), 7, AgreementTableModel::N).isValid());
    QCOMPARE(dialog.floorsModel()->rowCount(), 4);
    QCOMPARE(cell(dialog.floorsModel(), 1, AgreementTableModel::Accuracy, Qt::UserRole).toDouble(),
             *expected.majorityMean.accuracy);
    QCOMPARE(cell(dialog.floorsModel(), 3, AgreementTableModel::Spearman).toString(),
             QStringLiteral("0.369"));
    QCOMPARE(cell(dialog.floorsModel(), 3, AgreementTableModel::Accuracy).toString(),
             QStringLiteral("0.487"));

    QCustomPlot *plot = dialog.confusionPlot();
    QCOMPARE(plot->plottableCount(), 1);
    QVERIFY(qobject_cast<QCPColorMap *>(plot->plottable(0)));
    QCOMPARE(plot->itemCount(), 25);
    int total = 0;
    for (int i = 0; i < plot->itemCount(); ++i)
        total += qobject_cast<QCPItemText *>(plot->item(i))->text().toInt();
    QCOMPARE(total, expected.dimensions[0].model.n);
    keepScreenshot(&dialog, QStringLiteral("evaluation.png"));
}

void TestAnalysisView::participantChoiceRecomputes()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    waitComputed(dialog);
    auto *participant = dialog.findChild<QComboBox *>();
    QVERIFY(participant);
    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    participant->setCurrentIndex(participant->findText(QStringLiteral("P02")));
    QVERIFY(computed.wait(30000));
    analysis::Options options;
    options.participantId = store->participantId(QStringLiteral("P02"));
    const auto expected = analysis::reliability(*store, options);
    QCOMPARE(cell(dialog.retestModel(), 0, AgreementTableModel::N).toInt(),
             expected.retest[0].byDimension[0].n);
    QVERIFY(expected.retest[0].byDimension[0].n
            < analysis::reliability(*store).retest[0].byDimension[0].n);
}

void TestAnalysisView::reliabilityShowsEachObserverAndIccs()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    waitComputed(dialog);
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    const auto expected = analysis::reliability(*store, options);
    QComboBox *comparison = dialog.comparisonChoice();
    QCOMPARE(comparison->count(), expected.observers + 2); // pooled, each, their mean
    QCOMPARE(cell(dialog.observerModel(), 0, AgreementTableModel::N).toInt(),
             expected.selfObserver[0].n);
    comparison->setCurrentIndex(1);
    QCOMPARE(cell(dialog.observerModel(), 0, AgreementTableModel::N).toInt(),
             expected.selfPerObserver[0][0].n);
    QCOMPARE(
        cell(dialog.observerModel(), 0, AgreementTableModel::Accuracy, Qt::UserRole).toDouble(),
        *expected.selfPerObserver[0][0].accuracy);
    comparison->setCurrentIndex(comparison->count() - 1);
    QCOMPARE(
        cell(dialog.observerModel(), 0, AgreementTableModel::Spearman, Qt::UserRole).toDouble(),
        *expected.selfObserverMean[0].spearman);
    QCOMPARE(cell(dialog.observerModel(), 0, AgreementTableModel::Accuracy).toString(),
             QStringLiteral("—"));
    // Coverage beside every pairwise table.
    QCOMPARE(cell(dialog.retestModel(), 0, AgreementTableModel::Abstentions).toString(),
             QStringLiteral("0 (0.0%)"));
    QVERIFY(!dialog.retestModel()
                 ->headerData(AgreementTableModel::Abstentions, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .isEmpty());
    // ICC(2,1) and ICC(3,1) where raters overlap, with their n.
    QCOMPARE(cell(dialog.iccModel(), 0, 1, Qt::UserRole).toDouble(), *expected.retestIcc[0].icc2);
    QCOMPARE(cell(dialog.iccModel(), 0, 2, Qt::UserRole).toDouble(), *expected.retestIcc[0].icc3);
    QCOMPARE(cell(dialog.iccModel(), 0, 3).toInt(), expected.retestIcc[0].targets);
    QCOMPARE(cell(dialog.iccModel(), 0, 4, Qt::UserRole).toDouble(),
             *expected.selfObserverIcc[0].icc2);
    QCOMPARE(cell(dialog.iccModel(), 0, 8, Qt::UserRole).toDouble(), *expected.observerIcc[0].icc3);
    QVERIFY(dialog.iccModel()
                ->headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("absolute agreement")));
    QCOMPARE(
        cell(dialog.retestModel(), 0, AgreementTableModel::FirstExtra, Qt::UserRole).toDouble(),
        *expected.retestIcc[0].icc2);
}

void TestAnalysisView::evaluationShowsCoverageFisherAndFloorDifferences()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    dialog.showPage(AnalysisDialog::Page::Evaluation);
    waitComputed(dialog);
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    const auto expected = analysis::evaluate(*store, QStringLiteral("demo-classifier"), options);
    QCOMPARE(cell(dialog.evaluationModel(), 0, AgreementTableModel::AccuracyWithAbstentions,
                  Qt::UserRole)
                 .toDouble(),
             *expected.dimensions[0].model.accuracyWithAbstentions);
    QCOMPARE(
        cell(dialog.floorsModel(), 0, AgreementTableModel::FirstExtra, Qt::UserRole).toDouble(),
        *expected.mean.spearmanFisher);
    QCOMPARE(
        cell(dialog.floorsModel(), 0, AgreementTableModel::FirstExtra + 1, Qt::UserRole).toDouble(),
        *expected.mean.spearmanFisherWeighted);
    QCOMPARE(cell(dialog.floorsModel(), 2, 0).toString(),
             QStringLiteral("Participant's own mean (other conversations)"));
    QCOMPARE(dialog.floorDifferenceModel()->rowCount(), 7);
    const auto &d = expected.dimensions[0].overMajority.accuracy;
    QCOMPARE(cell(dialog.floorDifferenceModel(), 0, 2).toString(),
             QStringLiteral("%1  [%2, %3]")
                 .arg(*d.value, 0, 'f', 3)
                 .arg(d.ci->low, 0, 'f', 2)
                 .arg(d.ci->high, 0, 'f', 2));
    QVERIFY(!dialog.floorDifferenceModel()
                 ->headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .isEmpty());
}

void TestAnalysisView::clusterChoiceRecomputes()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    waitComputed(dialog);
    QComboBox *cluster = dialog.clusterChoice();
    QCOMPARE(cluster->currentData().toString(), QStringLiteral("participant"));
    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    cluster->setCurrentIndex(cluster->findData(QStringLiteral("none")));
    QVERIFY(computed.wait(30000));
    analysis::Options options;
    options.bootstrapReplicates = 1000;
    options.cluster = stats::Cluster::None;
    const auto expected = analysis::reliability(*store, options);
    QCOMPARE(cell(dialog.retestModel(), 0, AgreementTableModel::Spearman).toString(),
             QStringLiteral("%1  [%2, %3]")
                 .arg(*expected.retest[0].byDimension[0].spearman, 0, 'f', 3)
                 .arg(expected.retest[0].byDimension[0].spearmanCi->low, 0, 'f', 2)
                 .arg(expected.retest[0].byDimension[0].spearmanCi->high, 0, 'f', 2));
}

void TestAnalysisView::dataSetWithoutModelExplainsWhatToDo()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.sense7"));
    QFile::remove(path);
    auto store = Store::create(path);
    AnalysisDialog dialog(store.get());
    waitComputed(dialog);
    auto *stack = dialog.findChild<QStackedWidget *>(QStringLiteral("evaluationStack"));
    QVERIFY(stack);
    QCOMPARE(stack->currentIndex(), 0);
    QVERIFY(qobject_cast<QLabel *>(stack->currentWidget())
                ->text()
                .contains(QStringLiteral("Predict ratings")));
    QCOMPARE(dialog.retestModel()->rowCount(), 7);
    QCOMPARE(cell(dialog.retestModel(), 0, AgreementTableModel::Spearman).toString(),
             QStringLiteral("—"));

    // Predictions arriving while the window is open show up on the next computation.
    const qint64 participant = store->addParticipant(QStringLiteral("P1"));
    Conversation c;
    c.participantId = participant;
    c.sourceFormat = QStringLiteral("test");
    QVector<Turn> turns(2);
    turns[0].text = QStringLiteral("hello");
    turns[1].index = 1;
    turns[1].role = Role::Assistant;
    turns[1].text = QStringLiteral("hi");
    const qint64 id = store->addConversation(c, turns);
    const qint64 warmth = store->findDimension(QStringLiteral("warmth"))->id;
    store->setRating(store->turnId(id, 1), warmth,
                     store->annotatorId(QStringLiteral("late-model"), AnnotatorKind::Model), 4);
    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    dialog.recompute();
    QVERIFY(computed.wait(30000));
    QCOMPARE(stack->currentIndex(), 1);
    QCOMPARE(dialog.modelChoice()->currentText(), QStringLiteral("late-model"));
}

void TestAnalysisView::instrumentChoiceLeavesThePaperToSense7()
{
    auto store = Store::open(m_db);
    {
        AnalysisDialog dialog(store.get());
        waitComputed(dialog);
        QVERIFY(!dialog.instrumentChoice()->isVisibleTo(&dialog)); // one instrument: no choice
    }
    store->installInstrument(
        taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json")));
    const qint64 reply = store->findDimension(QStringLiteral("empathy7/reply_empathy"))->id;
    const qint64 self = store->selfAnnotatorId();
    const qint64 judge = store->annotatorId(QStringLiteral("a-judge"), AnnotatorKind::Model);
    int rated = 0;
    for (const Turn &t : store->turns(store->conversationSummaries().constFirst().id)) {
        if (t.role != Role::Assistant)
            continue;
        store->setRating(t.id, reply, self, 1 + rated % 7);
        store->setRating(t.id, reply, judge, 1 + (rated + rated % 2) % 7);
        ++rated;
    }
    QVERIFY(rated >= 3);

    AnalysisDialog dialog(store.get());
    dialog.showPage(AnalysisDialog::Page::Evaluation);
    dialog.show();
    waitComputed(dialog);
    QComboBox *choice = dialog.instrumentChoice();
    QVERIFY(choice->isVisible());
    QCOMPARE(choice->count(), 2);
    QCOMPARE(choice->currentData().toString(), QStringLiteral("sense7")); // the primary one
    QCOMPARE(dialog.floorsModel()->rowCount(), 4); // with the SENSE-7 paper's row

    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    choice->setCurrentIndex(choice->findData(QStringLiteral("empathy7")));
    QVERIFY(computed.wait(30000));
    QCOMPARE(dialog.modelChoice()->currentText(), QStringLiteral("a-judge"));
    analysis::Options options;
    options.instrument = QStringLiteral("empathy7");
    options.bootstrapReplicates = 1000;
    const auto expected = analysis::evaluate(*store, QStringLiteral("a-judge"), options);
    QCOMPARE(dialog.evaluationModel()->rowCount(), 2); // reply_empathy and the mean
    QCOMPARE(cell(dialog.evaluationModel(), 0, 0).toString(), QStringLiteral("Reply empathy"));
    QCOMPARE(cell(dialog.evaluationModel(), 0, AgreementTableModel::N).toInt(), rated);
    QCOMPARE(
        cell(dialog.evaluationModel(), 0, AgreementTableModel::Accuracy, Qt::UserRole).toDouble(),
        *expected.dimensions[0].model.accuracy);
    QCOMPARE(dialog.floorsModel()->rowCount(), 3); // no SENSE-7 paper beside another instrument
    for (int row = 0; row < dialog.floorsModel()->rowCount(); ++row)
        QVERIFY(!cell(dialog.floorsModel(), row, 0).toString().contains(QStringLiteral("SENSE-7")));
    QCOMPARE(dialog.retestModel()->rowCount(), 1);
    const auto labels = dialog.findChildren<QLabel *>();
    for (const QLabel *label : labels)
        QVERIFY2(!label->text().contains(QStringLiteral("0.369")), qPrintable(label->text()));
    QCOMPARE(dialog.confusionPlot()->itemCount(), 49); // 7 × 7
    keepScreenshot(&dialog, QStringLiteral("evaluation-7-point.png"));
}

void TestAnalysisView::tableModelPassesTheTester()
{
    AgreementTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    stats::Agreement a = stats::agree(stats::Pairs {{1, 2, 3, 4}, {1, 2, 4, 4}}, 200);
    model.setRows(QStringLiteral("Dimension"),
                  {{QStringLiteral("warmth"), a, {0.5, 12}, false},
                   {QStringLiteral("mean"), std::nullopt, {QVariant(), 3}, true}},
                  {QStringLiteral("α"), QStringLiteral("k")});
    QCOMPARE(model.columnCount(), 10);
    QCOMPARE(cell(&model, 0, AgreementTableModel::Accuracy).toString(), QStringLiteral("0.750"));
    QCOMPARE(cell(&model, 0, AgreementTableModel::FirstExtra).toString(), QStringLiteral("0.500"));
    QCOMPARE(cell(&model, 0, AgreementTableModel::FirstExtra + 1).toInt(), 12);
    QCOMPARE(cell(&model, 1, AgreementTableModel::FirstExtra).toString(), QStringLiteral("—"));
    QVERIFY(cell(&model, 1, 0, Qt::FontRole).value<QFont>().bold());
    model.setAgreementColumnsVisible(false);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("α"));
}

void TestAnalysisView::predictDialogStoresRatings()
{
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, ratings(3), {}, false, {}};
    };
    auto store = Store::open(m_db);
    const qint64 conversation = store->conversationSummaries().constFirst().id;
    int replies = 0;
    for (const Turn &t : store->turns(conversation))
        replies += t.role == Role::Assistant ? 1 : 0;

    PredictDialog dialog(store.get(), conversation, {conversation});
    dialog.setEndpoint(server.url().toString(), QStringLiteral("gui-model"));
    dialog.show();
    QSignalSpy finished(&dialog, &PredictDialog::runFinished);
    QVERIFY(dialog.start());
    QVERIFY(finished.wait(20000));
    QVERIFY2(dialog.statusText().startsWith(QStringLiteral("%1 replies rated").arg(replies)),
             qPrintable(dialog.statusText()));
    QCOMPARE(queryInt(m_db,
                      "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
                      " WHERE a.code = 'gui-model' AND a.kind = 'model'"),
             qint64(replies * 7));
    // The endpoint is remembered for next time; no key is.
    QCOMPARE(Settings().classifyModel.get(), QStringLiteral("gui-model"));
    for (const QString &key : QSettings().allKeys())
        QVERIFY2(!key.contains(QLatin1String("key"), Qt::CaseInsensitive)
                     || key == QLatin1String("classify/keyInKeychain"),
                 qPrintable(key));
    keepScreenshot(&dialog, QStringLiteral("predict.png"));
}

void TestAnalysisView::predictDialogRatesWithTheChosenInstrument()
{
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        return Response {200, "{\"reply_empathy\": 5}", {}, false, {}};
    };
    auto store = Store::open(m_db);
    store->installInstrument(
        taxonomy::load(QStringLiteral(SENSE7_TEST_DATA "/instruments/empathy7.json")));
    const qint64 conversation = store->conversationSummaries().constFirst().id;
    int replies = 0;
    for (const Turn &t : store->turns(conversation))
        replies += t.role == Role::Assistant ? 1 : 0;

    PredictDialog dialog(store.get(), conversation, {conversation});
    dialog.setEndpoint(server.url().toString(), QStringLiteral("seven-model"));
    dialog.show();
    auto *choice = dialog.findChild<QComboBox *>();
    QVERIFY(choice && choice->isVisible());
    QCOMPARE(choice->currentData().toString(), QStringLiteral("sense7"));
    choice->setCurrentIndex(choice->findData(QStringLiteral("empathy7")));
    QSignalSpy finished(&dialog, &PredictDialog::runFinished);
    QVERIFY(dialog.start());
    QVERIFY(finished.wait(20000));
    QVERIFY2(dialog.statusText().startsWith(QStringLiteral("%1 replies rated").arg(replies)),
             qPrintable(dialog.statusText()));
    QCOMPARE(queryInt(m_db,
                      "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
                      " JOIN dimension d ON d.id = r.dimension_id WHERE a.code = 'seven-model'"
                      " AND d.key = 'reply_empathy' AND r.value = 5"),
             qint64(replies));
    QCOMPARE(queryInt(m_db,
                      "SELECT COUNT(*) FROM rating r JOIN annotator a ON a.id = r.annotator_id"
                      " WHERE a.code = 'seven-model'"),
             qint64(replies));
    keepScreenshot(&dialog, QStringLiteral("predict-7-point.png"));
}

void TestAnalysisView::predictDialogCancels()
{
    CompletionServer server;
    server.handler = [](int, const QJsonObject &) {
        Response r;
        r.hang = true;
        return r;
    };
    auto store = Store::open(m_db);
    const qint64 conversation = store->conversationSummaries().constFirst().id;
    PredictDialog dialog(store.get(), conversation, {conversation});
    dialog.setEndpoint(server.url().toString(), QStringLiteral("slow-model"));
    dialog.show();
    QSignalSpy finished(&dialog, &PredictDialog::runFinished);
    QVERIFY(dialog.start());
    QTRY_VERIFY(!server.bodies.isEmpty());
    QTest::keyClick(&dialog, Qt::Key_Escape); // Esc or Cancel while running stops the run only
    QCOMPARE(finished.size(), 1);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.statusText().startsWith(QStringLiteral("Cancelled.")),
             qPrintable(dialog.statusText()));
    QCOMPARE(queryInt(m_db,
                      "SELECT COUNT(*) FROM annotator a JOIN rating r ON r.annotator_id = a.id"
                      " WHERE a.code = 'slow-model'"),
             qint64(0));
}

void TestAnalysisView::predictDialogAsksForEndpoint()
{
    auto store = Store::open(m_db);
    PredictDialog dialog(store.get(), 0, {1, 2});
    QVERIFY(!dialog.start());
    QCOMPARE(dialog.statusText(),
             QStringLiteral("Give the endpoint's address and the model's name."));
    QCOMPARE(queryInt(m_db, "SELECT COUNT(*) FROM annotator WHERE kind = 'model'"),
             qint64(1)); // the demo's
}

QTEST_MAIN(TestAnalysisView)
#include "tst_analysisview.moc"
