#pragma once

#include "browse/filter.h"
#include "forms.h"
#include "taxonomy.h"

#include <QWidget>

class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLineEdit;
class QThread;
class QTimer;

namespace sense7 {

class Store;

/**
 * The browser's filter bar: participant, assistant, a live conversation's condition, a value of any
 * context field (task type by default), date range, a rating range on one dimension, breaks, and
 * text search. Emits filterChanged() when the user has settled (typing is debounced).
 */
class FilterBar : public QWidget
{
    Q_OBJECT

public:
    explicit FilterBar(QWidget *parent = nullptr);
    ~FilterBar() override;

    /**
     * Fills the choices from \a store and clears the filter. The context fields and their values
     * are read from every conversation: on a large data set that happens on another thread, and
     * they are offered once it is done (contextChoicesLoaded()); meanwhile the task is offered.
     */
    void setStore(const Store *store);
    const Store *store() const { return m_store; }
    /** Data sets with more than \a conversations read their context choices on a thread. */
    void setBackgroundChoicesFrom(qint64 conversations) { m_backgroundFrom = conversations; }
    /** True while the context fields are still being read on another thread. */
    bool isLoadingContextChoices() const { return m_contextLoader != nullptr; }
    browse::Filter filter() const;
    /** Whether the condition filter is offered (researcher mode, and live conversations). */
    void setConditionsShown(bool shown);

public Q_SLOTS:
    void reset();
    void focusSearch();

Q_SIGNALS:
    void filterChanged(const sense7::browse::Filter &filter);
    /** The context fields and the chosen one's values are offered. */
    void contextChoicesLoaded();

private:
    void changed();
    /** The values of the chosen context field, "All" first. */
    void fillContextValues();
    /** Offers \a keys (the task type when none), and \a values of the chosen one. */
    void fillContextChoices(const QStringList &keys, const QStringList *values);
    void loadContextChoices(const QString &path);
    void stopLoadingContextChoices();

    QComboBox *m_participant;
    QComboBox *m_agent;
    QComboBox *m_condition; // shown only when the data set holds live conversations
    QWidget *m_conditionLabel = nullptr;
    bool m_conditionsShown = true;
    QComboBox *m_contextKey; // which context field m_task filters on
    QComboBox *m_task; // its values
    const Store *m_store = nullptr;
    Form m_contextForm;
    QDateEdit *m_from;
    QDateEdit *m_to;
    QComboBox *m_dimension;
    QDoubleSpinBox *m_min;
    QDoubleSpinBox *m_max;
    QComboBox *m_breaks;
    QLineEdit *m_search;
    QTimer *m_debounce;
    bool m_filling = false;
    QThread *m_contextLoader = nullptr; // reading the context choices of a large data set
    quint64 m_generation = 0; // which setStore() the loader's results belong to
    qint64 m_backgroundFrom = 20000;
};

} // namespace sense7
