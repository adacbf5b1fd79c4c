#pragma once

#include "store.h"
#include "types.h"

#include <QAbstractListModel>
#include <QPointer>

namespace sense7 {

/**
 * The turns of one conversation, in order. An adapter over the store: it reads the conversation's
 * turns when the conversation is set and when the store reports a change (one model reset). Turns
 * a live conversation takes as it goes on (Store::turnsWritten()) are read alone: an appended turn
 * is an inserted row, a rewritten one (a reply as it streams) a row's data changed, so views
 * redraw only that. Does not own the store.
 */
class TurnListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Roles {
        IdRole = Qt::UserRole + 1,
        RoleKeyRole, // "user", "assistant", "system", "tool"
        IndexRole,
        CreatedAtRole,
        AssistantNumberRole, // 1-based number among assistant turns, 0 for other roles
    };

    explicit TurnListModel(QObject *parent = nullptr);

    void setStore(Store *store);
    void setConversation(qint64 conversationId);
    qint64 conversationId() const { return m_conversationId; }
    const Turn &turn(int row) const { return m_turns.at(row); }
    void reload();
    /** The row of turn \a turnId, -1 when the conversation has none. */
    int rowOf(qint64 turnId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    /** Reads turns \a firstIndex to \a firstIndex + \a count - 1 again: rows changed, appended. */
    void turnsWritten(qint64 conversationId, int firstIndex, int count);

    QPointer<Store> m_store;
    qint64 m_conversationId = 0;
    QVector<Turn> m_turns;
    QVector<int> m_assistantNumber;
};

} // namespace sense7
