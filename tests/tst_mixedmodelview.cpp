// The "Mixed models" table of the reliability window, offscreen, on the demo data.
#include "analysisdialog.h"
#include "guisupport.h"
#include "mixedmodeltablemodel.h"
#include "mixedmodelview.h"
#include "stats/models.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace sense7;

namespace {

void waitComputed(AnalysisDialog &dialog)
{
    QSignalSpy computed(&dialog, &AnalysisDialog::computed);
    if (dialog.isBusy() && !computed.wait(30000))
        qFatal("the analysis did not finish");
}

QString text(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role).toString();
}

} // namespace

class TestMixedModelView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tableShowsTheDemoModels();
    void everyColumnExplainsItself();
    void unfittedModelsSayWhy();
    void effectsNameAnAssistantAsItIs();
    void tableModelPassesTheTester();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TestMixedModelView::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("mixedmodelview"));
    QSettings().clear();
    m_db = m_dir.filePath(QStringLiteral("demo.sense7"));
    test::makeDemoDataSet(m_db);
}

void TestMixedModelView::tableShowsTheDemoModels()
{
    auto store = Store::open(m_db);
    AnalysisDialog dialog(store.get());
    dialog.show();
    waitComputed(dialog);
    MixedModelView *view = dialog.mixedModelView();
    QVERIFY(view);
    auto *tabs = dialog.findChild<QTabWidget *>();
    QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Mi&xed models"));
    tabs->setCurrentWidget(view);
    QVERIFY(view->isVisible());
    const QAbstractItemModel *model = view->table()->model();
    test::keepScreenshot(&dialog, QStringLiteral("mixed-models.png"));

    const analysis::MixedModels expected = analysis::mixedModels(*store);
    QCOMPARE(expected.dimensions.size(), 7);
    QCOMPARE(model->rowCount(), 14);
    for (int i = 0; i < expected.dimensions.size(); ++i) {
        const analysis::DimensionModels &d = expected.dimensions[i];
        QCOMPARE(text(model, 2 * i, MixedModelTableModel::Dimension), d.dimension.displayName());
        QCOMPARE(text(model, 2 * i + 1, MixedModelTableModel::Dimension), QString());
        QCOMPARE(text(model, 2 * i, MixedModelTableModel::FixedPart),
                 QStringLiteral("Intercept only"));
        QCOMPARE(text(model, 2 * i + 1, MixedModelTableModel::FixedPart),
                 QStringLiteral("+ Assistant"));
        for (int k = 0; k < 2; ++k) {
            const stats::MixedModelFit &fit = k == 0 ? d.interceptOnly : d.withAssistant;
            const int row = 2 * i + k;
            QVERIFY(fit.fitted);
            QCOMPARE(text(model, row, MixedModelTableModel::N), QString::number(fit.observations));
            QCOMPARE(text(model, row, MixedModelTableModel::Participant),
                     QStringLiteral("%1 (%2)")
                         .arg(fit.participant.variance, 0, 'f', 3)
                         .arg(fit.participant.sd, 0, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::Conversation),
                     QStringLiteral("%1 (%2)")
                         .arg(fit.conversation.variance, 0, 'f', 3)
                         .arg(fit.conversation.sd, 0, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::Residual),
                     QStringLiteral("%1 (%2)")
                         .arg(fit.residual.variance, 0, 'f', 3)
                         .arg(fit.residual.sd, 0, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::IccParticipant),
                     QString::number(fit.iccParticipant, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::IccConversation),
                     QString::number(fit.iccConversation, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::Reml),
                     QString::number(fit.remlCriterion, 'f', 3));
            QCOMPARE(text(model, row, MixedModelTableModel::Singular),
                     fit.singular ? QStringLiteral("Yes") : QStringLiteral("No"));
            const QString effects = text(model, row, MixedModelTableModel::FixedEffects);
            const QStringList lines = effects.split(QLatin1Char('\n'));
            QCOMPARE(lines.size(), fit.fixed.size());
            QCOMPARE(lines[0],
                     QStringLiteral("intercept %1 ± %2")
                         .arg(fit.fixed[0].estimate, 0, 'f', 3)
                         .arg(fit.fixed[0].se, 0, 'f', 3));
            for (int e = 1; e < fit.fixed.size(); ++e)
                QCOMPARE(lines[e],
                         QStringLiteral("%1 %2%3 ± %4")
                             .arg(fit.fixed[e].term,
                                  fit.fixed[e].estimate >= 0 ? QStringLiteral("+") : QString())
                             .arg(fit.fixed[e].estimate, 0, 'f', 3)
                             .arg(fit.fixed[e].se, 0, 'f', 3));
        }
    }
    // The demo's three participants rate alike on average: every fit puts their variance at zero
    // and says so.
    QCOMPARE(text(model, 0, MixedModelTableModel::Singular), QStringLiteral("Yes"));
    QVERIFY(text(model, 0, MixedModelTableModel::Singular, Qt::ToolTipRole)
                .contains(QLatin1String("between participants")));
    QVERIFY(text(model, 1, MixedModelTableModel::FixedEffects, Qt::ToolTipRole)
                .startsWith(QLatin1String("Reference: claude-3.5-sonnet")));
    const stats::FixedEffect &gpt = expected.dimensions[0].withAssistant.fixed[3];
    QVERIFY(text(model, 1, MixedModelTableModel::FixedEffects)
                .endsWith(QStringLiteral("\ngpt-4o %1 ± %2")
                              .arg(gpt.estimate, 0, 'f', 3)
                              .arg(gpt.se, 0, 'f', 3)));
}

void TestMixedModelView::everyColumnExplainsItself()
{
    MixedModelTableModel model;
    for (int column = 0; column < model.columnCount(); ++column) {
        QVERIFY(!model.headerData(column, Qt::Horizontal).toString().isEmpty());
        if (column != MixedModelTableModel::Dimension)
            QVERIFY2(
                !model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty(),
                qPrintable(model.headerData(column, Qt::Horizontal).toString()));
    }
}

void TestMixedModelView::unfittedModelsSayWhy()
{
    // One participant only: neither model can be fitted, and the table and summary say why.
    analysis::DimensionModels d;
    d.dimension.key = QStringLiteral("warmth");
    d.dimension.name = QStringLiteral("Warmth");
    QVector<stats::Observation> data;
    for (int i = 0; i < 6; ++i)
        data.append({double(i % 3 + 1), QStringLiteral("P01"), QString::number(i / 2),
                     QStringLiteral("a")});
    d.interceptOnly = stats::fitMixedModel(data, stats::FixedPart::InterceptOnly);
    d.withAssistant = stats::fitMixedModel(data, stats::FixedPart::Group);
    MixedModelView view;
    view.setModels({QStringLiteral("sense7"), {d}});
    const QAbstractItemModel *model = view.table()->model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(text(model, 0, MixedModelTableModel::Participant), QStringLiteral("—"));
    QCOMPARE(text(model, 0, MixedModelTableModel::FixedEffects),
             QStringLiteral("Not fitted: %1").arg(d.interceptOnly.failure));
    QCOMPARE(text(model, 0, MixedModelTableModel::Reml, Qt::ToolTipRole), d.interceptOnly.failure);
    QVERIFY(d.withAssistant.failure.contains(QLatin1String("at least two")));
    QCOMPARE(text(model, 1, MixedModelTableModel::FixedEffects),
             QStringLiteral("Not fitted: %1").arg(d.withAssistant.failure));
}

void TestMixedModelView::effectsNameAnAssistantAsItIs()
{
    // An assistant's name is data: "%1" in it is not a placeholder of the effect's tooltip.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("renamed.sense7"));
    const QString name = QStringLiteral("gpt 50%1 off");
    QVERIFY(test::copyRenamingAgent(m_db, db, QStringLiteral("gpt-4o"), name));
    auto store = Store::open(db);
    const analysis::MixedModels models = analysis::mixedModels(*store);
    MixedModelTableModel model;
    model.setModels(models);
    const stats::MixedModelFit &fit = models.dimensions[0].withAssistant;
    const auto effect = std::find_if(fit.fixed.cbegin(), fit.fixed.cend(),
                                     [&](const stats::FixedEffect &e) { return e.term == name; });
    QVERIFY(effect != fit.fixed.cend());
    const QString tip = text(&model, 1, MixedModelTableModel::FixedEffects, Qt::ToolTipRole);
    const QString line = name + QStringLiteral(": ") + QString::number(effect->estimate, 'f', 3)
        + QStringLiteral(" ± ") + QString::number(effect->se, 'f', 3) + QStringLiteral(" (t = ")
        + QString::number(effect->t, 'f', 2) + QLatin1Char(')');
    QVERIFY2(tip.split(QLatin1Char('\n')).contains(line), qPrintable(tip));
}

void TestMixedModelView::tableModelPassesTheTester()
{
    auto store = Store::open(m_db, Store::Access::ReadOnly);
    MixedModelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setModels(analysis::mixedModels(*store));
    QCOMPARE(model.rowCount(), 14);
    model.setModels({});
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(TestMixedModelView)
#include "tst_mixedmodelview.moc"
