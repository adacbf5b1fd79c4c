#pragma once

#include "server/studyprogress.h"

#include <QAbstractTableModel>
#include <QVector>

namespace sense7 {

/**
 * The study-progress table, one row per participant: code, conversations, share rated, last
 * sync, condition. Holds what the server last said (StudyProgressWindow reads it); a refresh
 * updates rows in place, so that a sorted view and its selection stay put. Sorts by value
 * (Qt::UserRole) through a QSortFilterProxyModel.
 */
class StudyProgressModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Code, Conversations, ShareRated, LastSync, Condition, ColumnCount };

    explicit StudyProgressModel(QObject *parent = nullptr);

    void setRows(const QVector<server::ParticipantProgress> &rows);
    const QVector<server::ParticipantProgress> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVector<server::ParticipantProgress> m_rows;
};

} // namespace sense7
