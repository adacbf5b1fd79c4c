#include "datasetmodel.h"

#include "forms.h"
#include "store.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace sense7 {
namespace {

void bindAll(sql::Statement &statement, const QVariantList &binds)
{
    for (int i = 0; i < binds.size(); ++i)
        statement.bind(i + 1, binds[i]);
}

/** The context form's label for a task-type value ("information_seeking" -> "Information…"). */
QString taskLabel(const QString &value)
{
    static const Form form = forms::context();
    return form.displayOptionLabel(QStringLiteral("task_type"), value);
}

} // namespace

DataSetModel::DataSetModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void DataSetModel::setStore(Store *store)
{
    beginResetModel();
    m_store = store;
    m_dimensions.clear();
    if (m_store) {
        const QVector<Instrument> instruments = m_store->instruments();
        if (!instruments.isEmpty())
            m_dimensions = instruments.first().dimensionsAt(Level::Turn);
    }
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
        const browse::Condition condition = browse::where(m_filter);
        const QByteArray sql =
            QString(QStringLiteral("SELECT count(*) FROM ") + browse::fromClause()
                    + QStringLiteral(" WHERE ") + condition.sql)
                .toUtf8();
        sql::Statement count(m_store->connection(), sql.constData());
        bindAll(count, condition.binds);
        m_total = count.next() ? count.int64(0) : 0;
        m_rows = page(0);
    }
    // Views (and QAbstractItemModelTester) may ask for more while the reset is announced.
    m_busy = true;
    endResetModel();
    m_busy = false;
    Q_EMIT totalCountChanged(m_total);
}

QString DataSetModel::orderBy() const
{
    const QString direction =
        m_sortOrder == Qt::AscendingOrder ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    QString key;
    switch (m_sortColumn) {
    case Participant:
        key = QStringLiteral("p.code");
        break;
    case Agent:
        key = QStringLiteral("c.agent");
        break;
    case Task:
        key = QStringLiteral("json_extract(c.context, '$.task_type')");
        break;
    case Date:
        key = QStringLiteral("c.started_at");
        break;
    case Turns:
        key = QStringLiteral("d.turns");
        break;
    default:
        if (m_sortColumn == flaggedColumn())
            key = QStringLiteral("d.flagged");
        else if (m_sortColumn == detectedColumn())
            key = QStringLiteral("d.detected");
        else
            key = QStringLiteral("s.mean");
    }
    return QString(key + direction + QStringLiteral(", c.id") + direction);
}

QVector<DataSetModel::Row> DataSetModel::page(qint64 offset) const
{
    QVector<Row> rows;
    if (!m_store)
        return rows;
    // First the ids of the page (sorting touches only the sort key), then each row by id.
    const browse::Condition condition = browse::where(m_filter);
    const int dimension = m_sortColumn - FirstDimension;
    const bool byMean = dimension >= 0 && dimension < m_dimensions.size();
    const QString join = byMean
        ? QString(QStringLiteral(" LEFT JOIN digest_dimension s ON s.conversation_id = "
                                 "c.id AND s.dimension_id = ")
                  + QString::number(m_dimensions[dimension].id))
        : QString();
    const QByteArray sql =
        QString(QStringLiteral("SELECT c.id FROM ") + browse::fromClause() + join
                + QStringLiteral(" WHERE ") + condition.sql + QStringLiteral(" ORDER BY ")
                + orderBy() + QStringLiteral(" LIMIT ") + QString::number(pageSize)
                + QStringLiteral(" OFFSET ") + QString::number(offset))
            .toUtf8();
    sql::Statement ids(m_store->connection(), sql.constData());
    bindAll(ids, condition.binds);
    QHash<qint64, int> index;
    while (ids.next()) {
        Row row;
        row.id = ids.int64(0);
        row.means.fill(std::numeric_limits<double>::quiet_NaN(), m_dimensions.size());
        index.insert(row.id, int(rows.size()));
        rows.append(row);
    }
    QHash<qint64, int> dimensionIndex;
    for (int d = 0; d < m_dimensions.size(); ++d)
        dimensionIndex.insert(m_dimensions[d].id, d);
    for (Row &row : rows) {
        sql::Statement query(m_store->connection(),
                             "SELECT p.code, coalesce(c.agent, ''), json_extract(c.context, "
                             "'$.task_type'), c.title, c.started_at, d.turns, d.flagged, "
                             "d.detected FROM conversation c JOIN participant p ON p.id = "
                             "c.participant_id LEFT JOIN conversation_digest d ON "
                             "d.conversation_id = c.id WHERE c.id = ?");
        if (!query.bind(1, row.id).next())
            continue;
        row.participant = query.text(0);
        row.agent = query.text(1);
        row.task = query.text(2);
        row.title = query.text(3);
        row.startedAt = QDateTime::fromString(query.text(4), Qt::ISODateWithMs);
        row.turns = query.integer(5);
        row.flagged = query.integer(6);
        row.detected = query.integer(7);
        sql::Statement means(m_store->connection(),
                             "SELECT dimension_id, mean FROM digest_dimension "
                             "WHERE conversation_id = ? AND mean IS NOT NULL");
        means.bind(1, row.id);
        while (means.next()) {
            const auto d = dimensionIndex.constFind(means.int64(0));
            if (d != dimensionIndex.cend())
                row.means[*d] = means.real(1);
        }
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
    return parent.isValid() ? 0 : detectedColumn() + 1;
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
        return column >= Turns ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    if (role != Qt::DisplayRole && role != ValueRole && role != Qt::AccessibleTextRole)
        return {};
    const bool display = role != ValueRole;
    switch (column) {
    case Participant:
        return row.participant;
    case Agent:
        return row.agent;
    case Task:
        return display ? taskLabel(row.task) : row.task;
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
