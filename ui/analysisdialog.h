#pragma once

#include "stats/analysis.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QThread;

namespace sense7 {

class AgreementTableModel;
class MixedModelView;
class Store;

/**
 * Reliability and classifier evaluation for the open data set: test–retest, self against
 * observers (pooled, each one, their mean), intraclass correlations, individual judgements, and a
 * model's agreement with the participants with the two floors, its difference from them and the
 * paper's figures beside it, plus a confusion matrix per dimension. The numbers are
 * computed off the GUI thread on a read-only connection of their own.
 */
class AnalysisDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Page { Reliability, Evaluation };

    AnalysisDialog(Store *store, QWidget *parent = nullptr);
    ~AnalysisDialog() override;

    void showPage(Page page);
    /** Recomputes with the current choices (participant, model, intervals). */
    void recompute();
    bool isBusy() const { return m_thread != nullptr; }

    AgreementTableModel *retestModel() const { return m_retest; }
    AgreementTableModel *observerModel() const { return m_observers; }
    AgreementTableModel *individualModel() const { return m_individual; }
    AgreementTableModel *evaluationModel() const { return m_evaluation; }
    AgreementTableModel *floorsModel() const { return m_floors; }
    AgreementTableModel *iccModel() const { return m_icc; }
    AgreementTableModel *floorDifferenceModel() const { return m_floorDifferences; }
    /** What the bootstrap resamples (data: the stats::Cluster key). */
    QComboBox *clusterChoice() const { return m_cluster; }
    /** Whom the participants are compared with: pooled observers, one of them, or their mean. */
    QComboBox *comparisonChoice() const { return m_comparison; }
    QCustomPlot *confusionPlot() const { return m_confusion; }
    QComboBox *modelChoice() const { return m_model; }
    MixedModelView *mixedModelView() const { return m_mixed; }
    /** The instrument compared (key as item data); shown when the data set has several. */
    QComboBox *instrumentChoice() const { return m_instrument; }

Q_SIGNALS:
    /** New numbers are on show. */
    void computed();

private:
    struct Results;
    QWidget *buildReliabilityPage();
    QWidget *buildEvaluationPage();
    void display(const Results &results);
    void showConfusion();
    void showObservers();
    void fail(const QString &message);

    Store *m_store;
    QTabWidget *m_tabs = nullptr;
    QComboBox *m_participant = nullptr;
    QComboBox *m_instrument = nullptr;
    QComboBox *m_model = nullptr;
    QComboBox *m_dimension = nullptr;
    QCheckBox *m_intervals = nullptr;
    QComboBox *m_cluster = nullptr;
    QComboBox *m_comparison = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_reference = nullptr;
    QStackedWidget *m_evaluationStack = nullptr;
    AgreementTableModel *m_retest = nullptr;
    AgreementTableModel *m_observers = nullptr;
    AgreementTableModel *m_individual = nullptr;
    AgreementTableModel *m_evaluation = nullptr;
    AgreementTableModel *m_floors = nullptr;
    AgreementTableModel *m_icc = nullptr;
    AgreementTableModel *m_floorDifferences = nullptr;
    QCustomPlot *m_confusion = nullptr;
    MixedModelView *m_mixed = nullptr;
    QThread *m_thread = nullptr;
    bool m_again = false;
    std::unique_ptr<analysis::Evaluation> m_lastEvaluation;
    std::unique_ptr<analysis::Reliability> m_lastReliability;
};

} // namespace sense7
