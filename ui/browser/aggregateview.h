#pragma once

#include "browse/aggregates.h"
#include "browse/filter.h"
#include "stats/series.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTabWidget;
class QTableWidget;
class QThread;

namespace sense7 {

/**
 * The seven aggregate charts of the conversations a filter selects, and how well the detection
 * rules find flagged breaks. The numbers are computed off the GUI thread on a read-only connection
 * (browse::loadSample and the series functions); the widgets only draw them.
 */
class AggregateView : public QWidget
{
    Q_OBJECT

public:
    enum Chart {
        Distribution,
        Trajectory,
        Assistants,
        Participants,
        Breaks,
        Correlation,
        Context,
        ChartCount
    };

    explicit AggregateView(QWidget *parent = nullptr);
    ~AggregateView() override;

    /** The data set to read (a path: the worker opens its own connection); empty clears. */
    void setDataSet(const QString &path);
    void setFilter(const browse::Filter &filter);
    QCustomPlot *plot(Chart chart) const { return m_plots[chart]; }
    QTabWidget *tabs() const { return m_tabs; }
    QTableWidget *detectionTable() const { return m_detection; }
    /** Below the context chart: the Kruskal–Wallis test across its groups, per dimension. */
    QLabel *contextTests() const { return m_contextTests; }
    bool isBusy() const;
    /** What the charts show now; null before the first computation. */
    std::shared_ptr<const browse::Aggregates> results() const { return m_results; }
    const browse::Filter &filter() const { return m_filter; }

    struct Results : browse::Aggregates
    {
        QString error;
        QList<QPair<QString, QString>> instruments; // the protocol's: key, name
        QList<QPair<QString, QString>> contextFields; // in the data: key, label
    };
    /**
     * Everything the view draws, for \a filter, on \a instrumentKey (the primary instrument when
     * empty), grouped by \a contextField for chart 7 (a default when empty); with \a conditions,
     * chart 3 by condition when the conversations carry one. With
     * \a listChoices, also the instruments and context fields to choose from (a scan of every
     * conversation's context: done when the data set is set, not on every filter change).
     */
    static Results compute(const QString &path, const browse::Filter &filter,
                           const QString &contextField, const QString &instrumentKey = {},
                           bool listChoices = true, bool conditions = true);
    /**
     * Whether live conversations' conditions may be shown (researcher mode): the assistants chart
     * then compares conditions and chart 7 can group by them. Without, the assistants chart
     * compares what participants see, the assistants' labels.
     */
    void setConditionsShown(bool shown);
    bool conditionsShown() const { return m_conditions; }
    QComboBox *instrumentChoice() const { return m_instrument; }
    QComboBox *contextFieldChoice() const { return m_contextField; }

Q_SIGNALS:
    void computed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void display(const Results &results);

    QTabWidget *m_tabs;
    QCustomPlot *m_plots[ChartCount];
    QTableWidget *m_detection;
    QComboBox *m_instrument;
    QComboBox *m_contextField;
    QLabel *m_contextTests;
    QLabel *m_status;
    QString m_path;
    browse::Filter m_filter;
    QThread *m_thread = nullptr;
    bool m_again = false;
    bool m_listChoices = true;
    bool m_conditions = true;
    std::shared_ptr<const browse::Aggregates> m_results;
};

} // namespace sense7
