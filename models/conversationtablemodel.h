#pragma once

#include "store.h"
#include "types.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace sense7 {

/**
 * The conversations of a data set, one row each: participant, assistant, title, turns and the
 * share rated. An adapter: it keeps a snapshot of summaries (ids and display values) and asks the
 * store again when the store reports a change. Does not own the store.
 */
class ConversationTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Participant, Agent, Title, Started, Turns, Rated, ColumnCount };
    enum Roles { IdRole = Qt::UserRole + 1, SortRole };

    explicit ConversationTableModel(QObject *parent = nullptr);

    void setStore(Store *store);
    Store *store() const { return m_store; }
    void reload();

    qint64 conversationId(int row) const;
    int rowOf(qint64 conversationId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QPointer<Store> m_store;
    QVector<ConversationSummary> m_rows;
};

} // namespace sense7
