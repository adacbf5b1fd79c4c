#include "turnlistmodel.h"

#include "store.h"

#include <algorithm>
#include <limits>

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
    if (m_store) {
        connect(m_store, &Store::conversationsChanged, this, &TurnListModel::reload);
        connect(m_store, &Store::turnsWritten, this, &TurnListModel::turnsWritten);
        // Another connection wrote (a background sync): the turns it brought or moved show.
        connect(m_store, &Store::changedElsewhere, this, [this] {
            if (m_conversationId != 0)
                turnsWritten(m_conversationId, std::numeric_limits<int>::min(),
                             std::numeric_limits<int>::max());
        });
    }
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

void TurnListModel::turnsWritten(qint64 conversationId, int firstIndex, int count)
{
    if (!m_store || conversationId != m_conversationId || count <= 0)
        return;
    const QVector<Turn> written = m_store->turns(conversationId, firstIndex, count);
    // The rows keep the turns' order: the first turn written is at or after this row.
    const auto from = std::lower_bound(m_turns.cbegin(), m_turns.cend(), firstIndex,
                                       [](const Turn &t, int index) { return t.index < index; });
    int row = int(from - m_turns.cbegin());
    int firstChanged = -1;
    int lastChanged = -1;
    int next = 0;
    // Turns the model has: their text and meta change; their role and place never do.
    for (; next < written.size() && row < m_turns.size(); ++next, ++row) {
        const Turn &turn = written.at(next);
        if (m_turns.at(row).id != turn.id || m_turns.at(row).role != turn.role) {
            reload(); // not how a live conversation grows: read it whole
            return;
        }
        if (m_turns.at(row).index == turn.index && m_turns.at(row).text == turn.text
            && m_turns.at(row).meta == turn.meta && m_turns.at(row).createdAt == turn.createdAt)
            continue;
        m_turns[row] = turn;
        if (firstChanged < 0)
            firstChanged = row;
        lastChanged = row;
    }
    if (firstChanged >= 0)
        Q_EMIT dataChanged(index(firstChanged), index(lastChanged));
    if (next < written.size()) {
        // Turns after the last row: appended.
        if (!m_turns.isEmpty() && m_turns.constLast().index >= written.at(next).index) {
            reload();
            return;
        }
        int assistant = 0;
        for (int r = int(m_turns.size()) - 1; r >= 0 && assistant == 0; --r)
            assistant = m_assistantNumber.at(r);
        const int first = int(m_turns.size());
        beginInsertRows({}, first, first + int(written.size()) - next - 1);
        for (; next < written.size(); ++next) {
            const Turn &turn = written.at(next);
            m_turns.append(turn);
            m_assistantNumber.append(turn.role == Role::Assistant ? ++assistant : 0);
        }
        endInsertRows();
    }
}

int TurnListModel::rowOf(qint64 turnId) const
{
    // Live conversations look for their latest turns: search from the end.
    for (int row = int(m_turns.size()) - 1; row >= 0; --row) {
        if (m_turns.at(row).id == turnId)
            return row;
    }
    return -1;
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
