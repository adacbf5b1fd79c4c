#include "filterbar.h"

#include "browse/page.h"
#include "browse/sample.h"
#include "error.h"
#include "forms.h"
#include "store.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace sense7 {
namespace {

const QDate anyDate(2000, 1, 1); // the date edits' "any" value

QDateEdit *dateEdit(QWidget *parent, const QString &name)
{
    auto *edit = new QDateEdit(parent);
    edit->setCalendarPopup(true);
    edit->setMinimumDate(anyDate);
    edit->setSpecialValueText(FilterBar::tr("any"));
    edit->setDate(anyDate);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    edit->setAccessibleName(name);
    return edit;
}

QStringList selected(const QComboBox *box)
{
    const QString value = box->currentData().toString();
    return box->currentIndex() <= 0 ? QStringList() : QStringList {value};
}

/** Where a dimension's item keeps its scale, as QPoint(min, max). */
constexpr int scaleRole = Qt::UserRole + 1;

} // namespace

FilterBar::FilterBar(QWidget *parent)
    : QWidget(parent)
    , m_participant(new QComboBox(this))
    , m_agent(new QComboBox(this))
    , m_condition(new QComboBox(this))
    , m_contextKey(new QComboBox(this))
    , m_task(new QComboBox(this))
    , m_from(dateEdit(this, tr("Started on or after")))
    , m_to(dateEdit(this, tr("Started on or before")))
    , m_dimension(new QComboBox(this))
    , m_min(new QDoubleSpinBox(this))
    , m_max(new QDoubleSpinBox(this))
    , m_breaks(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_debounce(new QTimer(this))
{
    setObjectName(QStringLiteral("filterBar"));
    m_participant->setObjectName(QStringLiteral("participantFilter"));
    m_agent->setObjectName(QStringLiteral("agentFilter"));
    m_condition->setObjectName(QStringLiteral("conditionFilter"));
    m_condition->setAccessibleName(tr("Condition"));
    m_condition->setToolTip(tr("The condition of the study live conversations were held with"));
    m_task->setObjectName(QStringLiteral("taskFilter"));
    m_contextKey->setObjectName(QStringLiteral("contextKeyFilter"));
    m_contextKey->setAccessibleName(tr("Context field"));
    m_contextKey->setToolTip(tr("Filter on this field of the conversations' context: the context "
                                "form's, or one an importer stored"));
    m_breaks->setObjectName(QStringLiteral("breaksFilter"));
    m_search->setObjectName(QStringLiteral("searchFilter"));
    m_dimension->setObjectName(QStringLiteral("rangeDimension"));
    m_participant->setAccessibleName(tr("Participant"));
    m_agent->setAccessibleName(tr("Assistant"));
    m_task->setAccessibleName(tr("Value of the context field"));
    m_dimension->setAccessibleName(tr("Dimension of the rating range"));
    m_min->setAccessibleName(tr("Lowest mean rating"));
    m_max->setAccessibleName(tr("Highest mean rating"));
    m_breaks->setAccessibleName(tr("Continuity breaks"));
    m_search->setAccessibleName(tr("Search turn text"));
    for (QComboBox *box :
         {m_participant, m_agent, m_condition, m_contextKey, m_task, m_breaks, m_dimension}) {
        // Long assistant names must not push the labels out of the bar.
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    for (QDoubleSpinBox *box : {m_min, m_max}) {
        box->setRange(1, 5);
        box->setSingleStep(0.5);
        box->setDecimals(1);
        box->setEnabled(false);
    }
    m_min->setValue(1);
    m_max->setValue(5);
    m_dimension->setToolTip(tr("Keep conversations whose mean self rating on this dimension lies "
                               "in the range"));
    m_breaks->addItem(tr("Any"), int(browse::Breaks::Any));
    m_breaks->addItem(tr("Flagged"), int(browse::Breaks::Flagged));
    m_breaks->addItem(tr("Detected"), int(browse::Breaks::Detected));
    m_breaks->addItem(tr("None"), int(browse::Breaks::None));
    m_search->setPlaceholderText(tr("Search turn text (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Conversations with a turn containing this text, in any language"));
    auto *reset = new QPushButton(tr("&Reset"), this);
    reset->setToolTip(tr("Show every conversation"));

    // Three rows: who and what, when and how rated, then the search across the whole width.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    QHBoxLayout *row = nullptr;
    const auto newRow = [&] {
        row = new QHBoxLayout;
        row->setSpacing(6);
        layout->addLayout(row);
    };
    const auto add = [&](const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        // Room for the whole word: the default hint clips "Task" and "To" in some fonts.
        label->setMinimumWidth(label->fontMetrics().horizontalAdvance(label->text()) + 4);
        row->addWidget(label);
        row->addWidget(field, 1);
        row->addSpacing(8);
        return label;
    };
    newRow();
    add(tr("&Participant"), m_participant);
    add(tr("&Assistant"), m_agent);
    m_conditionLabel = add(tr("Con&dition"), m_condition);
    row->addWidget(m_contextKey, 1);
    row->addWidget(m_task, 1);
    row->addSpacing(8);
    add(tr("&Breaks"), m_breaks);
    newRow();
    add(tr("&From"), m_from);
    add(tr("T&o"), m_to);
    add(tr("&Rating"), m_dimension);
    row->addWidget(m_min);
    row->addWidget(new QLabel(QStringLiteral("–"), this));
    row->addWidget(m_max);
    row->addStretch(1);
    newRow();
    row->addWidget(m_search, 1);
    row->addWidget(reset);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, [this] { Q_EMIT filterChanged(filter()); });
    for (QComboBox *box : {m_participant, m_agent, m_condition, m_task, m_breaks, m_dimension})
        connect(box, &QComboBox::currentIndexChanged, this, &FilterBar::changed);
    connect(m_contextKey, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        m_filling = true;
        fillContextValues();
        m_filling = false;
        changed();
    });
    connect(m_dimension, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_min->setEnabled(index > 0);
        m_max->setEnabled(index > 0);
        const QPoint scale = m_dimension->itemData(index, scaleRole).toPoint();
        if (index > 0 && scale.y() > scale.x()) {
            const bool filling = std::exchange(m_filling, true);
            for (QDoubleSpinBox *box : {m_min, m_max})
                box->setRange(scale.x(), scale.y());
            m_min->setValue(scale.x());
            m_max->setValue(scale.y());
            m_filling = filling;
        }
    });
    for (QDateEdit *edit : {m_from, m_to})
        connect(edit, &QDateEdit::dateChanged, this, &FilterBar::changed);
    for (QDoubleSpinBox *box : {m_min, m_max})
        connect(box, &QDoubleSpinBox::valueChanged, this, &FilterBar::changed);
    connect(m_search, &QLineEdit::textChanged, this, [this] {
        if (!m_filling)
            m_debounce->start();
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_debounce->stop();
        Q_EMIT filterChanged(filter());
    });
    connect(reset, &QPushButton::clicked, this, &FilterBar::reset);
}

void FilterBar::setStore(const Store *store)
{
    m_filling = true;
    const auto fill = [](QComboBox *box, const QString &all, const QStringList &values,
                         const std::function<QString(const QString &)> &label) {
        box->clear();
        box->addItem(all);
        for (const QString &value : values)
            box->addItem(label(value), value);
    };
    const auto same = [](const QString &value) {
        return value;
    };
    m_store = store;
    m_contextForm = store ? store->protocol().context : Form();
    fill(m_participant, tr("All participants"),
         store ? browse::participantCodes(*store) : QStringList(), same);
    fill(m_agent, tr("All assistants"), store ? browse::agents(*store) : QStringList(), same);
    const QStringList conditions = store ? browse::conditions(*store) : QStringList();
    fill(m_condition, tr("All conditions"), conditions, same);
    m_condition->setVisible(m_conditionsShown && !conditions.isEmpty());
    m_conditionLabel->setVisible(m_condition->isVisibleTo(this));
    // Any key of the conversations' context; the task type first, as before. Reading them reads
    // every conversation: a large data set's are read on another thread, so that the browser
    // opens at once.
    stopLoadingContextChoices();
    ++m_generation;
    const bool large = store && store->path() != QLatin1String(":memory:")
        && browse::count(*store, {}) > m_backgroundFrom;
    m_contextKey->clear(); // a new data set: the task type is chosen again
    m_task->clear();
    if (large) {
        const QStringList none;
        fillContextChoices({}, &none);
        loadContextChoices(store->path());
    } else {
        fillContextChoices(store ? browse::contextKeys(*store) : QStringList(), nullptr);
    }
    // Every turn-level dimension of the protocol's instruments, named with its instrument when
    // there are several; the range follows the chosen dimension's scale.
    m_dimension->clear();
    m_dimension->addItem(tr("Any"));
    if (store) {
        const Protocol protocol = store->protocol();
        for (const Instrument &instrument : protocol.instruments)
            for (const Dimension &d : instrument.dimensionsAt(Level::Turn)) {
                m_dimension->addItem(protocol.instruments.size() > 1 ? tr("%1: %2").arg(
                                         instrument.displayName(), d.displayName())
                                                                     : d.displayName(),
                                     d.id);
                m_dimension->setItemData(m_dimension->count() - 1, QPoint(d.scaleMin, d.scaleMax),
                                         scaleRole);
            }
    }
    m_filling = false;
    reset();
}

browse::Filter FilterBar::filter() const
{
    browse::Filter f;
    f.participants = selected(m_participant);
    f.agents = selected(m_agent);
    f.conditions = selected(m_condition);
    const QString key = m_contextKey->currentData().toString();
    if (key == QLatin1String("task_type"))
        f.taskTypes = selected(m_task);
    else if (m_task->currentIndex() > 0)
        f.context.insert(key, selected(m_task));
    if (m_from->date() != anyDate)
        f.from = m_from->date();
    if (m_to->date() != anyDate)
        f.to = m_to->date();
    if (m_dimension->currentIndex() > 0)
        f.ranges.append({m_dimension->currentData().toLongLong(), m_min->value(), m_max->value()});
    f.breaks = browse::Breaks(m_breaks->currentData().toInt());
    f.text = m_search->text().trimmed();
    return f;
}

void FilterBar::setConditionsShown(bool shown)
{
    m_conditionsShown = shown;
    const bool visible = shown && m_condition->count() > 1;
    m_condition->setVisible(visible);
    m_conditionLabel->setVisible(visible);
    if (!visible && m_condition->currentIndex() > 0)
        m_condition->setCurrentIndex(0); // a hidden filter must not narrow the set
}

FilterBar::~FilterBar()
{
    stopLoadingContextChoices();
}

void FilterBar::fillContextChoices(const QStringList &keys, const QStringList *values)
{
    const bool wasFilling = std::exchange(m_filling, true);
    const QString chosen = m_contextKey->currentData().toString();
    const QString task = m_task->currentIndex() > 0 ? m_task->currentData().toString() : QString();
    m_contextKey->clear();
    for (const QString &key : keys) {
        const FormField *field = m_contextForm.field(key);
        m_contextKey->addItem(field ? field->displayLabel() : key, key);
    }
    if (m_contextKey->count() == 0) // the task type, with no values to choose
        m_contextKey->addItem(tr("Task"), QStringLiteral("task_type"));
    const int keep = chosen.isEmpty() ? -1 : m_contextKey->findData(chosen);
    m_contextKey->setCurrentIndex(
        keep >= 0 ? keep : std::max(0, m_contextKey->findData(QStringLiteral("task_type"))));
    if (values) {
        const QString key = m_contextKey->currentData().toString();
        m_task->clear();
        m_task->addItem(key == QLatin1String("task_type") ? tr("All tasks") : tr("All"));
        for (const QString &value : *values)
            m_task->addItem(m_contextForm.displayOptionLabel(key, value), value);
        if (!task.isEmpty())
            m_task->setCurrentIndex(std::max(0, m_task->findData(task)));
    } else {
        fillContextValues();
    }
    m_filling = wasFilling;
}

void FilterBar::loadContextChoices(const QString &path)
{
    struct Choices
    {
        QStringList keys;
        QString key;
        QStringList values;
    };
    auto choices = std::make_shared<Choices>();
    const quint64 generation = m_generation;
    m_contextLoader = QThread::create([path, choices] {
        try {
            auto store = Store::open(path, Store::Access::ReadOnly);
            choices->keys = browse::contextKeys(*store);
            // The values of the field that will be chosen: the task type when there is one.
            choices->key = choices->keys.contains(QStringLiteral("task_type"))
                ? QStringLiteral("task_type")
                : choices->keys.value(0, QStringLiteral("task_type"));
            choices->values = browse::contextValues(*store, choices->key);
        } catch (const Error &) {
            choices->keys.clear(); // the task type is offered, without values
        }
    });
    QThread *loader = m_contextLoader;
    connect(m_contextLoader, &QThread::finished, this, [this, loader, choices, generation] {
        // A call queued before stopLoadingContextChoices() disconnected it still comes: that
        // loader is gone, and another may be running.
        if (loader != m_contextLoader || generation != m_generation)
            return;
        m_contextLoader->deleteLater();
        m_contextLoader = nullptr;
        // The field chosen meanwhile (only the task type was offered) keeps its values.
        const bool sameKey = m_contextKey->currentData().toString() == choices->key
            || (m_contextKey->count() <= 1 && choices->key == QLatin1String("task_type"));
        fillContextChoices(choices->keys, sameKey ? &choices->values : nullptr);
        Q_EMIT contextChoicesLoaded();
    });
    m_contextLoader->start(QThread::LowPriority);
}

void FilterBar::stopLoadingContextChoices()
{
    if (!m_contextLoader)
        return;
    m_contextLoader->disconnect(this);
    m_contextLoader->wait();
    delete m_contextLoader;
    m_contextLoader = nullptr;
}

void FilterBar::fillContextValues()
{
    const QString key = m_contextKey->currentData().toString();
    m_task->clear();
    m_task->addItem(key == QLatin1String("task_type") ? tr("All tasks") : tr("All"));
    if (m_store)
        for (const QString &value : browse::contextValues(*m_store, key))
            m_task->addItem(m_contextForm.displayOptionLabel(key, value), value);
}

void FilterBar::reset()
{
    m_filling = true;
    for (QComboBox *box : {m_participant, m_agent, m_condition, m_task, m_breaks, m_dimension})
        box->setCurrentIndex(0);
    m_from->setDate(anyDate);
    m_to->setDate(anyDate);
    m_min->setValue(1);
    m_max->setValue(5);
    m_search->clear();
    m_filling = false;
    m_debounce->stop();
    Q_EMIT filterChanged(filter());
}

void FilterBar::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void FilterBar::changed()
{
    if (!m_filling)
        Q_EMIT filterChanged(filter());
}

} // namespace sense7
