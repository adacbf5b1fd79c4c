#pragma once

#include "browse/filter.h"
#include "browse/page.h"
#include "forms.h"
#include "taxonomy.h"

#include <QAbstractTableModel>
#include <QDateTime>

namespace sense7 {

class Store;

/**
 * The researcher's table of conversations: participant, assistant, task type, date, turns, the mean
 * self rating per dimension, flagged and detected breaks, and a live conversation's condition. Rows
 * come from SQL a page at a time (canFetchMore/fetchMore), filtered and sorted by the data set, so
 * a table over millions of turns holds only the rows a view has asked for. Reads the digests as
 * they are (digest::refresh).
 */
class DataSetModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Participant, Agent, Task, Date, Turns, FirstDimension };
    enum Role { ConversationIdRole = Qt::UserRole, ValueRole };
    static constexpr int pageSize = 256;

    explicit DataSetModel(QObject *parent = nullptr);

    void setStore(Store *store);
    void setFilter(const browse::Filter &filter);
    const browse::Filter &filter() const { return m_filter; }
    /** Conversations the filter selects, whether loaded or not. */
    qint64 totalCount() const { return m_total; }
    /** Re-reads the rows, keeping filter and order (after a digest refresh, say). */
    void reload();
    const QVector<Dimension> &dimensions() const { return m_dimensions; }
    int flaggedColumn() const { return FirstDimension + int(m_dimensions.size()); }
    int detectedColumn() const { return flaggedColumn() + 1; }
    /** The live condition's key (empty for imported conversations); views hide it unless
     * hasConditions(). */
    int conditionColumn() const { return detectedColumn() + 1; }
    /** Whether the data set holds live conversations held with a condition. */
    bool hasConditions() const { return m_hasConditions; }
    qint64 conversationId(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

Q_SIGNALS:
    void totalCountChanged(qint64 total);

private:
    struct Row
    {
        qint64 id = 0;
        QString participant;
        QString agent;
        QString condition;
        QString task;
        QString title;
        QDateTime startedAt;
        int turns = 0;
        int flagged = 0;
        int detected = 0;
        QVector<double> means; // NaN when unrated
    };
    browse::Order order() const;
    QVector<Row> page(qint64 offset) const;

    Store *m_store = nullptr;
    browse::Filter m_filter;
    QVector<Dimension> m_dimensions;
    Form m_context; // the data set's protocol's context form, for the task's label
    QVector<Row> m_rows;
    qint64 m_total = 0;
    bool m_hasConditions = false;
    bool m_busy = false; // announcing a reset or an insertion
    int m_sortColumn = Date;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

} // namespace sense7
