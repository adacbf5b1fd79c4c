#include "analysisdialog.h"

#include "agreementtablemodel.h"
#include "analysisrows.h"
#include "charts/confusionchart.h"
#include "error.h"
#include "mixedmodelview.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace sense7 {

struct AnalysisDialog::Results
{
    std::optional<analysis::Reliability> reliability;
    std::optional<analysis::Evaluation> evaluation;
    std::optional<analysis::MixedModels> mixed;
    QStringList models; // as the data set has them now: predictions may have added one
    QString instrument; // the key compared
    QString error;
};

namespace {

/** Makes \a view exactly as tall as its rows, so that short tables need no scrolling. */
void fitHeight(QTableView *view)
{
    int height = view->horizontalHeader()->height() + 2 * view->frameWidth();
    for (int row = 0; row < view->model()->rowCount(); ++row)
        height += view->rowHeight(row);
    view->setFixedHeight(height);
}

QTableView *tableFor(AgreementTableModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    view->horizontalHeader()->setStretchLastSection(false);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view] {
        view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
        fitHeight(view);
    });
    fitHeight(view);
    return view;
}

void fill(AgreementTableModel *model, const QString &firstHeader, const AnalysisRows::Table &table)
{
    model->setRows(firstHeader, table.rows, table.extras);
    model->setExtraToolTips(table.extraToolTips);
}

} // namespace

AnalysisDialog::AnalysisDialog(Store *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_retest(new AgreementTableModel(this))
    , m_observers(new AgreementTableModel(this))
    , m_individual(new AgreementTableModel(this))
    , m_evaluation(new AgreementTableModel(this))
    , m_floors(new AgreementTableModel(this))
    , m_icc(new AgreementTableModel(this))
    , m_floorDifferences(new AgreementTableModel(this))
{
    setWindowTitle(tr("Reliability and evaluation"));
    setObjectName(QStringLiteral("analysisDialog"));

    auto *layout = new QVBoxLayout(this);
    auto *choices = new QHBoxLayout;
    m_participant = new QComboBox(this);
    m_participant->setAccessibleName(tr("Participant"));
    m_participant->addItem(tr("All participants"), 0);
    const auto participants = store->participants();
    for (const Participant &p : participants)
        m_participant->addItem(p.code, p.id);
    // The instruments whose replies are rated, the primary one first chosen; a choice only when
    // there are several.
    m_instrument = new QComboBox(this);
    m_instrument->setAccessibleName(tr("Instrument"));
    const QString primary = store->protocol().primary().key;
    for (const Instrument &instrument : store->instruments()) {
        if (instrument.dimensionsAt(Level::Turn).isEmpty())
            continue;
        m_instrument->addItem(instrument.displayName(), instrument.key);
        if (instrument.key == primary)
            m_instrument->setCurrentIndex(m_instrument->count() - 1);
    }
    m_intervals = new QCheckBox(tr("95% bootstrap intervals"), this);
    m_intervals->setChecked(true);
    m_intervals->setToolTip(tr("Resample 1,000 times for intervals around ρ, accuracy and the "
                               "model's difference from the floors. Slower on large data sets."));
    m_cluster = new QComboBox(this);
    m_cluster->setAccessibleName(tr("Resample"));
    m_cluster->addItem(tr("whole participants"),
                       QLatin1String(stats::clusterKey(stats::Cluster::Participant)));
    m_cluster->addItem(tr("whole conversations"),
                       QLatin1String(stats::clusterKey(stats::Cluster::Conversation)));
    m_cluster->addItem(tr("single pairs"), QLatin1String(stats::clusterKey(stats::Cluster::None)));
    m_cluster->setToolTip(
        tr("What the bootstrap draws with replacement. A person's ratings hang together, so "
           "resampling single pairs treats them as independent and gives intervals that are too "
           "narrow; resampling whole participants (or conversations) does not."));
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->setAccessibleName(tr("Computing"));
    m_busy->hide();
    auto *participantLabel = new QLabel(tr("&Participant:"), this);
    participantLabel->setBuddy(m_participant);
    choices->addWidget(participantLabel);
    choices->addWidget(m_participant);
    auto *instrumentLabel = new QLabel(tr("I&nstrument:"), this);
    instrumentLabel->setBuddy(m_instrument);
    choices->addSpacing(12);
    choices->addWidget(instrumentLabel);
    choices->addWidget(m_instrument);
    instrumentLabel->setVisible(m_instrument->count() > 1);
    m_instrument->setVisible(m_instrument->count() > 1);
    choices->addSpacing(12);
    choices->addWidget(m_intervals);
    auto *clusterLabel = new QLabel(tr("resampling"), this);
    clusterLabel->setBuddy(m_cluster);
    choices->addWidget(clusterLabel);
    choices->addWidget(m_cluster);
    choices->addStretch();
    choices->addWidget(m_busy);
    layout->addLayout(choices);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildReliabilityPage(), tr("&Reliability"));
    m_tabs->addTab(buildEvaluationPage(), tr("Classifier &evaluation"));
    m_mixed = new MixedModelView(this);
    m_tabs->addTab(m_mixed, tr("Mi&xed models"));
    layout->addWidget(m_tabs, 1);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_participant, &QComboBox::currentIndexChanged, this, &AnalysisDialog::recompute);
    connect(m_instrument, &QComboBox::currentIndexChanged, this, &AnalysisDialog::recompute);
    connect(m_intervals, &QCheckBox::toggled, this, &AnalysisDialog::recompute);
    connect(m_intervals, &QCheckBox::toggled, m_cluster, &QWidget::setEnabled);
    connect(m_cluster, &QComboBox::currentIndexChanged, this, &AnalysisDialog::recompute);
    connect(m_comparison, &QComboBox::currentIndexChanged, this, &AnalysisDialog::showObservers);
    connect(m_model, &QComboBox::currentIndexChanged, this, &AnalysisDialog::recompute);
    connect(m_dimension, &QComboBox::currentIndexChanged, this, &AnalysisDialog::showConfusion);
    resize(1240, 820);
    recompute();
}

AnalysisDialog::~AnalysisDialog()
{
    if (m_thread) {
        m_thread->disconnect(this);
        m_thread->wait();
        delete m_thread;
    }
}

QWidget *AnalysisDialog::buildReliabilityPage()
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *page = new QWidget(scroll);
    auto *layout = new QGridLayout(page);
    auto add = [&](const QString &title, const QString &explanation, AgreementTableModel *model,
                   int row, int column, int columnSpan, QWidget *above = nullptr) {
        auto *box = new QGroupBox(title, page);
        auto *boxLayout = new QVBoxLayout(box);
        auto *text = new QLabel(explanation, box);
        text->setWordWrap(true);
        boxLayout->addWidget(text);
        if (above)
            boxLayout->addWidget(above);
        auto *view = tableFor(model, box);
        view->setAccessibleName(title);
        boxLayout->addWidget(view);
        boxLayout->addStretch();
        layout->addWidget(box, row, column, 1, columnSpan);
    };
    add(tr("Test–retest"),
        tr("Each participant's ratings against their own blind re-ratings of the same replies."),
        m_retest, 0, 0, 2);

    auto *comparisonRow = new QWidget(page);
    auto *comparisonLayout = new QHBoxLayout(comparisonRow);
    comparisonLayout->setContentsMargins(0, 0, 0, 0);
    m_comparison = new QComboBox(comparisonRow);
    m_comparison->setAccessibleName(tr("Compare participants with"));
    m_comparison->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_comparison->setToolTip(
        tr("Every observer pooled (one pair per observer and reply), one observer, or the mean "
           "of the observers who rated each reply (one pair per reply; ρ and MAE only, since a "
           "mean is no point of the scale)."));
    auto *comparisonLabel = new QLabel(tr("Co&mpare with:"), comparisonRow);
    comparisonLabel->setBuddy(m_comparison);
    comparisonLayout->addWidget(comparisonLabel);
    comparisonLayout->addWidget(m_comparison);
    comparisonLayout->addStretch();
    add(tr("Self and observers"),
        tr("Participants' own ratings against observers'; Krippendorff's α (ordinal) with all of "
           "them as coders, and among observers only."),
        m_observers, 1, 0, 2, comparisonRow);
    add(tr("Intraclass correlations"),
        tr("Where raters overlap: ICC(2,1) counts any shift between raters as disagreement, "
           "ICC(3,1) only inconsistency. Each uses the replies that every rater of its group "
           "rated (n)."),
        m_icc, 2, 0, 1);
    m_icc->setAgreementColumnsVisible(false);
    add(tr("Individual judgements"),
        tr("Share of the variance of participants' own ratings that lies between participants "
           "(one-way ICC): high values mean people judge the same behaviour differently."),
        m_individual, 2, 1, 1);
    layout->setColumnStretch(0, 5);
    layout->setColumnStretch(1, 2);
    layout->setRowStretch(3, 1);
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    scroll->setWidget(page);
    return scroll;
}

QWidget *AnalysisDialog::buildEvaluationPage()
{
    m_evaluationStack = new QStackedWidget(this);
    m_evaluationStack->setObjectName(QStringLiteral("evaluationStack"));
    auto *empty = new QLabel(
        tr("No model ratings in this data set yet.\n\nImport predictions as a ratings CSV with "
           "annotator_kind “model”, or use Analysis ▸ Predict ratings… to ask a model."),
        m_evaluationStack);
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    m_evaluationStack->addWidget(empty);

    auto *page = new QWidget(m_evaluationStack);
    auto *columns = new QHBoxLayout(page);
    auto *left = new QVBoxLayout;
    auto *top = new QHBoxLayout;
    m_model = new QComboBox(page);
    m_model->setAccessibleName(tr("Model"));
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *modelLabel = new QLabel(tr("&Model:"), page);
    modelLabel->setBuddy(m_model);
    top->addWidget(modelLabel);
    top->addWidget(m_model);
    top->addStretch();
    left->addLayout(top);

    auto *perDimension = tableFor(m_evaluation, page);
    perDimension->setAccessibleName(tr("Agreement per dimension"));
    left->addWidget(perDimension);

    auto *floorsTitle =
        new QLabel(tr("<b>Means over dimensions, with floors on the same turns</b>"), page);
    left->addSpacing(8);
    left->addWidget(floorsTitle);
    auto *floors = tableFor(m_floors, page);
    floors->setAccessibleName(tr("Means over dimensions, with floors on the same turns"));
    floors->hideColumn(AgreementTableModel::N); // means over dimensions have no single n
    // The floors never abstain; the model's coverage is in the mean row above.
    floors->hideColumn(AgreementTableModel::Abstentions);
    floors->hideColumn(AgreementTableModel::AccuracyWithAbstentions);
    left->addWidget(floors);
    auto *differencesTitle = new QLabel(tr("<b>Model minus floor, per dimension</b>"), page);
    differencesTitle->setToolTip(
        tr("The model's ρ and accuracy minus each floor's on the same replies, with 95% "
           "intervals from resampling the same clusters for both."));
    left->addSpacing(8);
    left->addWidget(differencesTitle);
    m_floorDifferences->setAgreementColumnsVisible(false);
    auto *differences = tableFor(m_floorDifferences, page);
    differences->setAccessibleName(tr("Model minus floor, per dimension"));
    left->addWidget(differences);
    m_reference = new QLabel(page);
    m_reference->setWordWrap(true);
    left->addWidget(m_reference);
    left->addStretch();
    columns->addLayout(left, 3);

    auto *right = new QVBoxLayout;
    auto *chartRow = new QHBoxLayout;
    m_dimension = new QComboBox(page);
    m_dimension->setAccessibleName(tr("Dimension of the confusion matrix"));
    m_dimension->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *dimensionLabel = new QLabel(tr("&Confusion matrix of:"), page);
    dimensionLabel->setBuddy(m_dimension);
    chartRow->addWidget(dimensionLabel);
    chartRow->addWidget(m_dimension);
    chartRow->addStretch();
    right->addLayout(chartRow);
    m_confusion = new QCustomPlot(page);
    m_confusion->setMinimumSize(360, 340);
    m_confusion->setAccessibleName(tr("Confusion matrix"));
    right->addWidget(m_confusion, 1);
    columns->addLayout(right, 2);
    m_evaluationStack->addWidget(page);
    return m_evaluationStack;
}

void AnalysisDialog::showPage(Page page)
{
    m_tabs->setCurrentIndex(page == Page::Reliability ? 0 : 1);
}

void AnalysisDialog::recompute()
{
    if (m_thread) {
        m_again = true; // once the running computation is done
        return;
    }
    m_again = false;
    analysis::Options options;
    options.participantId = m_participant->currentData().toLongLong();
    options.bootstrapReplicates = m_intervals->isChecked() ? 1000 : 0;
    options.cluster = stats::clusterFromKey(m_cluster->currentData().toString().toStdString())
                          .value_or(stats::Cluster::Participant);
    options.instrument = m_instrument->currentData().toString();
    const QString model = m_model->currentText();
    const QString path = m_store->path();
    auto results = std::make_shared<Results>();
    m_thread = QThread::create([results, options, model, path] {
        try {
            auto store = Store::open(path, Store::Access::ReadOnly);
            results->instrument = analysis::chosenInstrument(*store, options.instrument).key;
            results->reliability = analysis::reliability(*store, options);
            results->mixed = analysis::mixedModels(*store, results->instrument);
            results->models = analysis::models(*store);
            const QString chosen = results->models.contains(model) ? model
                : results->models.isEmpty()                        ? QString()
                                                                   : results->models.constFirst();
            if (!chosen.isEmpty())
                results->evaluation = analysis::evaluate(*store, chosen, options);
        } catch (const Error &e) {
            results->error = e.message();
        }
    });
    connect(m_thread, &QThread::finished, this, [this, results] {
        m_thread->deleteLater();
        m_thread = nullptr;
        m_busy->hide();
        if (!results->error.isEmpty())
            fail(results->error);
        else
            display(*results);
        if (m_again)
            recompute();
        else
            Q_EMIT computed();
    });
    m_busy->show();
    m_status->setText(tr("Computing…"));
    m_thread->start();
}

void AnalysisDialog::fail(const QString &message)
{
    m_status->setText(tr("Could not compute: %1").arg(message));
}

void AnalysisDialog::display(const Results &results)
{
    const analysis::Reliability &r = *results.reliability;
    m_lastReliability = std::make_unique<analysis::Reliability>(r);
    fill(m_retest, tr("Dimension"), AnalysisRows::retest(r));
    m_individual->setAgreementColumnsVisible(false);
    fill(m_individual, tr("Dimension"), AnalysisRows::individual(r));
    fill(m_icc, tr("Dimension"), AnalysisRows::iccs(r));
    {
        const int previous = m_comparison->currentIndex();
        const QSignalBlocker block(m_comparison);
        m_comparison->clear();
        m_comparison->addItem(tr("every observer, pooled"), -1);
        for (int o = 0; o < r.observerCodes.size(); ++o)
            m_comparison->addItem(tr("observer %1").arg(r.observerCodes[o]), o);
        m_comparison->addItem(tr("the observers' mean"), int(r.observerCodes.size()));
        m_comparison->setCurrentIndex(previous >= 0 && previous < m_comparison->count() ? previous
                                                                                        : 0);
    }
    showObservers();
    if (results.mixed)
        m_mixed->setModels(*results.mixed);

    int retestPairs = 0;
    for (const auto &a : r.retest[0].byDimension)
        retestPairs += a.n;
    QString status =
        tr("%1 re-rated pairs; %n observer(s).", nullptr, r.observers).arg(retestPairs);

    {
        const QSignalBlocker block(m_model);
        m_model->clear();
        m_model->addItems(results.models);
        if (results.evaluation)
            m_model->setCurrentText(results.evaluation->model);
    }
    m_evaluationStack->setCurrentIndex(results.evaluation ? 1 : 0);

    if (results.evaluation) {
        const analysis::Evaluation &e = *results.evaluation;
        m_lastEvaluation = std::make_unique<analysis::Evaluation>(e);
        fill(m_evaluation, tr("Dimension"), AnalysisRows::evaluation(e));
        fill(m_floors, tr("Predictor"), AnalysisRows::floors(e));
        fill(m_floorDifferences, tr("Dimension"), AnalysisRows::floorDifferences(e));
        QString reference =
            tr("The floors predict the same turns without reading them: always the most common "
               "rating, or the participant's own average in their other conversations (a person's "
               "known tendency, not this conversation).");
        if (e.hasPaperReference())
            reference += QLatin1Char(' ')
                + tr("The reference row is what Suh et al. (2025) report for their LLM classifier: "
                     "mean ρ = %1, accuracy = %2.")
                      .arg(analysis::paperMeanSpearman, 0, 'f', 3)
                      .arg(analysis::paperAccuracy, 0, 'f', 3);
        m_reference->setText(reference);

        const QString previous = m_dimension->currentText();
        QSignalBlocker block(m_dimension);
        m_dimension->clear();
        for (const auto &d : e.dimensions)
            m_dimension->addItem(d.dimension.displayName());
        m_dimension->setCurrentIndex(std::max(0, m_dimension->findText(previous)));
        showConfusion();
        status += QLatin1Char(' ')
            + tr("Model “%1”: %2 rated pairs, %3 one-sided “not applicable”.")
                  .arg(e.model, QString::number(e.mean.n), QString::number(e.mean.abstentions));
    }
    m_status->setText(status);
}

void AnalysisDialog::showObservers()
{
    if (!m_lastReliability)
        return;
    fill(m_observers, tr("Dimension"),
         AnalysisRows::observers(*m_lastReliability, m_comparison->currentData().toInt()));
}

void AnalysisDialog::showConfusion()
{
    if (!m_lastEvaluation)
        return;
    const int index = m_dimension->currentIndex();
    if (index < 0 || index >= m_lastEvaluation->dimensions.size())
        return;
    const auto &d = m_lastEvaluation->dimensions[index];
    charts::drawConfusion(
        m_confusion, d.confusion, d.dimension.scaleMin,
        tr("%1: %2 pairs").arg(d.dimension.displayName(), QString::number(d.model.n)),
        tr("Participant's rating"), tr("Model's rating"));
}

} // namespace sense7
