#include "studyprogressmodel.h"

#include <QLocale>

namespace sense7 {

StudyProgressModel::StudyProgressModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void StudyProgressModel::setRows(const QVector<server::ParticipantProgress> &rows)
{
    bool sameCodes = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameCodes && i < rows.size(); ++i)
        sameCodes = rows.at(i).code == m_rows.at(i).code;
    if (!sameCodes) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
        return;
    }
    m_rows = rows;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int StudyProgressModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StudyProgressModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StudyProgressModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const server::ParticipantProgress &p = m_rows.at(index.row());
    const QLocale locale;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Code:
            return p.withdrawn ? tr("%1 (withdrawn)").arg(p.code) : p.code;
        case Conversations:
            return locale.toString(p.conversations);
        case ShareRated:
            return p.cells > 0 ? tr("%1% (%2 of %3)")
                                     .arg(locale.toString(100.0 * p.shareRated(), 'f', 0),
                                          locale.toString(p.ratedCells), locale.toString(p.cells))
                               : tr("nothing to rate yet");
        case LastSync:
            return p.lastSync.isValid()
                ? locale.toString(p.lastSync.toLocalTime(), QLocale::ShortFormat)
                : tr("never");
        case Condition:
            return p.condition;
        }
    } else if (role == Qt::UserRole) { // the value to sort by
        switch (index.column()) {
        case Code:
            return p.code;
        case Conversations:
            return p.conversations;
        case ShareRated:
            return p.shareRated();
        case LastSync:
            return p.lastSync.isValid() ? p.lastSync.toMSecsSinceEpoch() : qint64(-1);
        case Condition:
            return p.condition;
        }
    } else if (role == Qt::TextAlignmentRole) {
        if (index.column() == Conversations || index.column() == ShareRated)
            return int(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && index.column() == LastSync && p.machines > 0) {
        return tr("Synced from %n machine(s)", nullptr, int(p.machines));
    }
    return {};
}

QVariant StudyProgressModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Code:
        return tr("Participant");
    case Conversations:
        return tr("Conversations");
    case ShareRated:
        return tr("Rated");
    case LastSync:
        return tr("Last sync");
    case Condition:
        return tr("Condition");
    }
    return {};
}

} // namespace sense7
