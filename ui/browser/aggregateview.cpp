#include "aggregateview.h"

#include "browse/sample.h"
#include "charts/aggregatecharts.h"
#include "charts/chartdata.h"
#include "charts/figure.h"
#include "error.h"
#include "store.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace sense7 {
namespace {

QString percent(std::optional<double> value)
{
    return value ? QLocale().toString(100.0 * *value, 'f', 1) + QLatin1String(" %")
                 : AggregateView::tr("–");
}

} // namespace

AggregateView::AggregateView(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_detection(new QTableWidget(this))
    , m_instrument(new QComboBox(this))
    , m_contextField(new QComboBox(this))
    , m_contextTests(new QLabel(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("aggregateView"));
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    static_assert(ChartCount == charts::chartCount);
    QString names[ChartCount];
    for (int i = 0; i < ChartCount; ++i)
        names[i] = charts::chartName(charts::Chart(i));
    for (int i = 0; i < ChartCount; ++i) {
        m_plots[i] = new QCustomPlot(this);
        m_plots[i]->setObjectName(QStringLiteral("chart%1").arg(i));
        m_plots[i]->setAccessibleName(names[i]);
        m_plots[i]->setMinimumSize(320, 220);
        // Hovering a mean shows its interval and n.
        m_plots[i]->setMouseTracking(true);
        QCustomPlot *plot = m_plots[i];
        connect(plot, &QCustomPlot::mouseMove, this, [plot](QMouseEvent *event) {
            const QString tip = charts::pointTip(plot, event->position());
            if (tip.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(event->globalPosition().toPoint(), tip, plot);
        });
        if (i == Context) {
            auto *page = new QWidget(this);
            auto *layout = new QVBoxLayout(page);
            layout->setContentsMargins(0, 4, 0, 0);
            auto *row = new QHBoxLayout;
            auto *label = new QLabel(tr("&Group by"), page);
            label->setBuddy(m_contextField);
            row->addWidget(label);
            row->addWidget(m_contextField);
            row->addStretch(1);
            layout->addLayout(row);
            layout->addWidget(m_plots[i], 1);
            m_contextTests->setObjectName(QStringLiteral("contextTests"));
            m_contextTests->setWordWrap(true);
            m_contextTests->setTextInteractionFlags(Qt::TextSelectableByMouse);
            layout->addWidget(m_contextTests);
            m_tabs->addTab(page, names[i]);
        } else {
            m_tabs->addTab(m_plots[i], names[i]);
        }
    }
    m_detection->setObjectName(QStringLiteral("detectionTable"));
    m_detection->setAccessibleName(tr("Detection against flagged breaks"));
    m_detection->setColumnCount(5);
    m_detection->setHorizontalHeaderLabels(
        {tr("Rule"), tr("Detected"), tr("Also flagged"), tr("Precision"), tr("Recall")});
    m_detection->verticalHeader()->hide();
    m_detection->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_detection->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_detection->horizontalHeader()->setStretchLastSection(true);
    m_tabs->addTab(m_detection, tr("Detection"));
    m_tabs->setTabToolTip(ChartCount,
                          tr("How often each detection rule fires on a reply the "
                             "participant flagged (precision), and how many flagged "
                             "replies it finds (recall)"));

    // Filled from the data set once its numbers are computed (off the GUI thread).
    m_contextField->setObjectName(QStringLiteral("contextField"));
    m_contextField->setAccessibleName(tr("Context field to group by"));
    m_contextField->setToolTip(tr("Any field of the conversations' context: the context form's, "
                                  "or one an importer stored"));
    connect(m_contextField, &QComboBox::currentIndexChanged, this, &AggregateView::recompute);
    m_instrument->setObjectName(QStringLiteral("chartInstrument"));
    m_instrument->setAccessibleName(tr("Instrument whose ratings the charts show"));
    connect(m_instrument, &QComboBox::currentIndexChanged, this, &AggregateView::recompute);

    m_status->setObjectName(QStringLiteral("chartStatus"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *instrumentRow = new QHBoxLayout;
    auto *instrumentLabel = new QLabel(tr("&Instrument"), this);
    instrumentLabel->setBuddy(m_instrument);
    instrumentRow->addWidget(instrumentLabel);
    instrumentRow->addWidget(m_instrument);
    instrumentRow->addStretch(1);
    layout->addLayout(instrumentRow);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);
}

AggregateView::~AggregateView()
{
    if (m_thread) {
        m_thread->disconnect(this);
        m_thread->wait();
        delete m_thread;
    }
}

void AggregateView::setDataSet(const QString &path)
{
    m_path = path;
    m_listChoices = true;
    recompute();
}

void AggregateView::setFilter(const browse::Filter &filter)
{
    m_filter = filter;
    recompute();
}

bool AggregateView::isBusy() const
{
    return m_thread != nullptr;
}

AggregateView::Results AggregateView::compute(const QString &path, const browse::Filter &filter,
                                              const QString &contextField,
                                              const QString &instrumentKey, bool listChoices,
                                              bool conditions)
{
    Results r;
    try {
        auto store = Store::open(path, Store::Access::ReadOnly);
        QString field = contextField;
        if (listChoices || field.isEmpty()) {
            const Protocol protocol = store->protocol();
            for (const Instrument &instrument : protocol.instruments)
                r.instruments.append({instrument.key, instrument.displayName()});
            const QStringList keys = browse::contextKeys(*store);
            for (const QString &key : keys) {
                const FormField *f = protocol.context.field(key);
                r.contextFields.append({key, f ? f->displayLabel() : key});
            }
            // Live conversations can be grouped by their condition as well.
            const bool live = conditions && !browse::conditions(*store).isEmpty();
            if (live)
                r.contextFields.prepend({browse::conditionGroup, tr("Condition")});
            if (!keys.contains(field) && !(live && field == browse::conditionGroup))
                field = browse::defaultContextField(*store, keys);
        }
        if (!conditions && field == browse::conditionGroup)
            field.clear();
        static_cast<browse::Aggregates &>(r) = browse::computeAggregates(
            *store, filter, field, instrumentKey, series::Cluster::Participant,
            conditions ? browse::AssistantGrouping::Auto : browse::AssistantGrouping::Assistant);
    } catch (const Error &e) {
        r.error = e.message();
    }
    return r;
}

void AggregateView::recompute()
{
    if (m_path.isEmpty())
        return;
    if (m_thread) { // one computation at a time; the newest filter wins
        m_again = true;
        return;
    }
    m_again = false;
    m_status->setText(tr("Computing…"));
    auto results = std::make_shared<Results>();
    const QString path = m_path;
    const browse::Filter filter = m_filter;
    const QString field = m_contextField->currentData().toString();
    const QString instrument = m_instrument->currentData().toString();
    const bool listChoices = std::exchange(m_listChoices, false);
    const bool conditions = m_conditions;
    m_thread = QThread::create([results, path, filter, field, instrument, listChoices, conditions] {
        *results = compute(path, filter, field, instrument, listChoices, conditions);
    });
    connect(m_thread, &QThread::finished, this, [this, results, listChoices] {
        m_thread->deleteLater();
        m_thread = nullptr;
        if (m_again) {
            m_listChoices = m_listChoices || listChoices; // the lists were not shown yet
            recompute();
            return;
        }
        display(*results);
        Q_EMIT computed();
    });
    m_thread->start();
}

void AggregateView::setConditionsShown(bool shown)
{
    if (shown == m_conditions)
        return;
    m_conditions = shown;
    m_listChoices = true; // the group-by choices change with it
    recompute();
}

void AggregateView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange || !m_results)
        return;
    for (int i = 0; i < ChartCount; ++i) {
        charts::applyScreenPalette(m_plots[i], palette());
        m_plots[i]->replot();
    }
}

void AggregateView::display(const Results &r)
{
    if (!r.error.isEmpty()) {
        m_status->setText(r.error);
        return;
    }
    // The choices the data offer, the ones the numbers were computed for selected.
    const auto refill = [](QComboBox *box, const QList<QPair<QString, QString>> &choices,
                           const QString &current) {
        const QSignalBlocker blocker(box);
        box->clear();
        for (const auto &[key, label] : choices)
            box->addItem(label, key);
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    if (!r.instruments.isEmpty()) {
        refill(m_instrument, r.instruments, r.instrument);
        refill(m_contextField, r.contextFields, r.contextField);
    }
    m_status->setText(tr("%Ln conversation(s)", nullptr, r.conversations));
    m_results = std::make_shared<const browse::Aggregates>(r);
    for (int i = 0; i < ChartCount; ++i) {
        charts::drawAggregate(m_plots[i], charts::Chart(i), r);
        charts::applyScreenPalette(m_plots[i], palette());
        m_plots[i]->replot();
    }

    m_contextTests->setText(tr("Kruskal–Wallis test across the groups: %1")
                                .arg(charts::groupTestLines(r).join(QStringLiteral("; "))));

    m_detection->setRowCount(int(r.detection.size()));
    for (int i = 0; i < r.detection.size(); ++i) {
        const continuity::RuleScore &s = r.detection[i];
        const QStringList cells {s.rule ? continuity::ruleName(*s.rule) : tr("Any rule"),
                                 QLocale().toString(s.detected), QLocale().toString(s.hits),
                                 percent(s.precision()), percent(s.recall())};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!s.rule) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            m_detection->setItem(i, c, item);
        }
    }
}

} // namespace sense7
