#include "datasetmodel.h"

#include "browse/page.h"
#include "browse/sample.h"
#include "forms.h"
#include "store.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace sense7 {

DataSetModel::DataSetModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void DataSetModel::setStore(Store *store)
{
    beginResetModel();
    m_store = store;
    m_dimensions.clear();
    // The task's label comes from the data set's own context form, not the SENSE-7 one.
    m_context = m_store ? m_store->protocol().context : Form();
    // A column per reply-level dimension of every instrument of the protocol: an ESConv data set
    // shows its feedback beside (or instead of) SENSE-7's seven.
    if (m_store)
        for (const Instrument &instrument : m_store->protocol().instruments)
            m_dimensions += instrument.dimensionsAt(Level::Turn);
    m_hasConditions = m_store && !browse::conditions(*m_store).isEmpty();
    m_rows.clear();
    m_total = 0;
    endResetModel();
    reload();
}

void DataSetModel::setFilter(const browse::Filter &filter)
{
    m_filter = filter;
    reload();
}

void DataSetModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_total = 0;
    if (m_store) {
        m_total = browse::count(*m_store, m_filter);
        m_rows = page(0);
    }
    // Views (and QAbstractItemModelTester) may ask for more while the reset is announced.
    m_busy = true;
    endResetModel();
    m_busy = false;
    Q_EMIT totalCountChanged(m_total);
}

browse::Order DataSetModel::order() const
{
    browse::Order order;
    order.ascending = m_sortOrder == Qt::AscendingOrder;
    using Key = browse::Order::Key;
    switch (m_sortColumn) {
    case Participant:
        order.key = Key::Participant;
        break;
    case Agent:
        order.key = Key::Agent;
        break;
    case Task:
        order.key = Key::Task;
        break;
    case Date:
        order.key = Key::Date;
        break;
    case Turns:
        order.key = Key::Turns;
        break;
    default:
        if (m_sortColumn == conditionColumn()) {
            order.key = Key::Condition;
        } else if (m_sortColumn == flaggedColumn()) {
            order.key = Key::Flagged;
        } else if (m_sortColumn == detectedColumn()) {
            order.key = Key::Detected;
        } else {
            order.key = Key::Mean;
            order.dimensionId = m_dimensions.value(m_sortColumn - FirstDimension).id;
        }
    }
    return order;
}

QVector<DataSetModel::Row> DataSetModel::page(qint64 offset) const
{
    QVector<Row> rows;
    if (!m_store)
        return rows;
    for (browse::PageRow &read : browse::page(*m_store, m_filter, order(), offset, pageSize)) {
        Row row;
        row.id = read.id;
        row.participant = std::move(read.participant);
        row.agent = std::move(read.agent);
        row.condition = std::move(read.condition);
        row.task = std::move(read.task);
        row.title = std::move(read.title);
        row.startedAt = read.startedAt;
        row.turns = read.turns;
        row.flagged = read.flagged;
        row.detected = read.detected;
        row.means.fill(std::numeric_limits<double>::quiet_NaN(), m_dimensions.size());
        for (int d = 0; d < m_dimensions.size(); ++d) {
            const auto mean = read.means.constFind(m_dimensions[d].id);
            if (mean != read.means.cend())
                row.means[d] = *mean;
        }
        rows.append(row);
    }
    return rows;
}

qint64 DataSetModel::conversationId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].id : 0;
}

int DataSetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DataSetModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : conditionColumn() + 1;
}

QVariant DataSetModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows[index.row()];
    const int column = index.column();
    if (role == ConversationIdRole)
        return row.id;
    if (role == Qt::ToolTipRole)
        return row.title.isEmpty() ? QVariant() : QVariant(row.title);
    if (role == Qt::TextAlignmentRole)
        return column >= Turns && column != conditionColumn()
            ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
            : QVariant();
    if (role != Qt::DisplayRole && role != ValueRole && role != Qt::AccessibleTextRole)
        return {};
    const bool display = role != ValueRole;
    switch (column) {
    case Participant:
        return row.participant;
    case Agent:
        return row.agent;
    case Task:
        return display ? m_context.displayOptionLabel(QStringLiteral("task_type"), row.task)
                       : row.task;
    case Date:
        if (!row.startedAt.isValid())
            return {};
        return display
            ? QVariant(QLocale().toString(row.startedAt.toLocalTime().date(), QLocale::ShortFormat))
            : QVariant(row.startedAt);
    case Turns:
        return row.turns;
    default:
        break;
    }
    if (column == conditionColumn())
        return row.condition;
    if (column == flaggedColumn())
        return row.flagged;
    if (column == detectedColumn())
        return row.detected;
    const double mean = row.means.value(column - FirstDimension);
    if (std::isnan(mean))
        return display ? QVariant(QStringLiteral("–")) : QVariant();
    return display ? QVariant(QLocale().toString(mean, 'f', 2)) : QVariant(mean);
}

QVariant DataSetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const int dimension = section - FirstDimension;
    const bool isDimension = dimension >= 0 && dimension < m_dimensions.size();
    if (role == Qt::ToolTipRole) {
        if (isDimension)
            return tr("Mean self rating: %1").arg(m_dimensions[dimension].displayQuestion());
        if (section == conditionColumn())
            return tr("The condition of the study a live conversation was held with (its key)");
        if (section == flaggedColumn())
            return tr("Replies the participant flagged as a continuity break");
        if (section == detectedColumn())
            return tr("Replies where a detection rule found a possible continuity break");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Participant:
        return tr("Participant");
    case Agent:
        return tr("Assistant");
    case Task:
        return tr("Task");
    case Date:
        return tr("Date");
    case Turns:
        return tr("Turns");
    default:
        break;
    }
    if (isDimension)
        return m_dimensions[dimension].displayName();
    if (section == conditionColumn())
        return tr("Condition");
    if (section == flaggedColumn())
        return tr("Flagged");
    if (section == detectedColumn())
        return tr("Detected");
    return {};
}

bool DataSetModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_busy && m_rows.size() < m_total;
}

void DataSetModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    const QVector<Row> more = page(m_rows.size());
    if (more.isEmpty()) {
        m_total = m_rows.size(); // the data set changed underneath: stop asking
        return;
    }
    m_busy = true; // no nested fetch while the insertion is announced
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + more.size() - 1));
    m_rows.append(more);
    endInsertRows();
    m_busy = false;
}

void DataSetModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= columnCount())
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    reload();
}

} // namespace sense7
