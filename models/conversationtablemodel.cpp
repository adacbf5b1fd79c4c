#include "conversationtablemodel.h"

#include "store.h"

#include <QLocale>

namespace sense7 {

ConversationTableModel::ConversationTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ConversationTableModel::setStore(Store *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    if (m_store) {
        connect(m_store, &Store::conversationsChanged, this, &ConversationTableModel::reload);
        connect(m_store, &Store::ratingChanged, this,
                [this](qint64 turnId, qint64, qint64 annotatorId) {
                    ratingChanged(turnId, annotatorId);
                });
    }
    reload();
}

void ConversationTableModel::setAnnotator(qint64 annotatorId)
{
    if (annotatorId == m_annotatorId)
        return;
    m_annotatorId = annotatorId;
    reload();
}

void ConversationTableModel::setParticipant(qint64 participantId)
{
    if (participantId == m_participantId)
        return;
    m_participantId = participantId;
    reload();
}

void ConversationTableModel::reload()
{
    beginResetModel();
    m_rows = m_store ? m_store->conversationSummaries(m_annotatorId, m_participantId)
                     : QVector<ConversationSummary>();
    endResetModel();
    Q_EMIT progressChanged();
}

void ConversationTableModel::ratingChanged(qint64 turnId, qint64 annotatorId)
{
    // One rating changes one row: re-read that row only, so rating stays quick in big data sets.
    const qint64 shown = m_annotatorId ? m_annotatorId : (m_store ? m_store->selfAnnotatorId() : 0);
    if (!m_store || annotatorId != shown)
        return;
    const int row = rowOf(m_store->conversationOfTurn(turnId));
    if (row < 0)
        return;
    if (const auto summary = m_store->conversationSummary(m_rows[row].id, m_annotatorId)) {
        m_rows[row] = *summary;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        Q_EMIT progressChanged();
    }
}

std::pair<qint64, qint64> ConversationTableModel::progress() const
{
    qint64 rated = 0;
    qint64 cells = 0;
    for (const ConversationSummary &s : m_rows) {
        rated += s.ratedCells;
        cells += s.cells;
    }
    return {rated, cells};
}

qint64 ConversationTableModel::conversationId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].id : 0;
}

int ConversationTableModel::rowOf(qint64 conversationId) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].id == conversationId)
            return row;
    }
    return -1;
}

int ConversationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ConversationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConversationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ConversationSummary &s = m_rows[index.row()];
    if (role == IdRole)
        return s.id;
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = index.column() == Turns || index.column() == Rated;
        return QVariant::fromValue(Qt::AlignVCenter | (numeric ? Qt::AlignRight : Qt::AlignLeft));
    }
    if (role == Qt::ToolTipRole && index.column() == Rated) {
        return tr("%1 of %2 assistant turns' ratings given")
            .arg(QLocale().toString(s.ratedShare * 100.0, 'f', 0) + QLatin1Char('%'))
            .arg(s.assistantTurns);
    }
    if (role == Qt::ToolTipRole && (index.column() == Title || index.column() == Agent))
        return index.column() == Title ? s.title : s.agent;
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (Column(index.column())) {
    case Participant:
        return s.participant;
    case Agent:
        return s.agent;
    case Title:
        return s.title;
    case Started:
        if (role == SortRole)
            return s.startedAt;
        return s.startedAt.isValid()
            ? QLocale().toString(s.startedAt.toLocalTime().date(), QLocale::ShortFormat)
            : QString();
    case Turns:
        return s.turns;
    case Rated:
        if (role == SortRole)
            return s.ratedShare;
        return QString(QLocale().toString(s.ratedShare * 100.0, 'f', 0) + QLatin1Char('%'));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ConversationTableModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Participant:
        return tr("Participant");
    case Agent:
        return tr("Assistant");
    case Title:
        return tr("Title");
    case Started:
        return tr("Date");
    case Turns:
        return tr("Turns");
    case Rated:
        return tr("Rated");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sense7
