#include "turnlistmodel.h"

#include "store.h"

namespace sense7 {

TurnListModel::TurnListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void TurnListModel::setStore(Store *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    m_conversationId = 0;
    if (m_store)
        connect(m_store, &Store::conversationsChanged, this, &TurnListModel::reload);
    reload();
}

void TurnListModel::setConversation(qint64 conversationId)
{
    m_conversationId = conversationId;
    reload();
}

void TurnListModel::reload()
{
    beginResetModel();
    m_turns.clear();
    m_assistantNumber.clear();
    if (m_store && m_conversationId != 0)
        m_turns = m_store->turns(m_conversationId);
    int assistant = 0;
    for (const Turn &t : std::as_const(m_turns))
        m_assistantNumber.append(t.role == Role::Assistant ? ++assistant : 0);
    endResetModel();
}

int TurnListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_turns.size());
}

QVariant TurnListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Turn &t = m_turns[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return t.text;
    case IdRole:
        return t.id;
    case RoleKeyRole:
        return roleKey(t.role);
    case IndexRole:
        return t.index;
    case CreatedAtRole:
        return t.createdAt;
    case AssistantNumberRole:
        return m_assistantNumber[index.row()];
    default:
        return {};
    }
}

QHash<int, QByteArray> TurnListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(IdRole, "turnId");
    names.insert(RoleKeyRole, "role");
    names.insert(IndexRole, "index");
    names.insert(CreatedAtRole, "createdAt");
    names.insert(AssistantNumberRole, "assistantNumber");
    return names;
}

} // namespace sense7
