#include "conversationlist.h"

#include "conversationtablemodel.h"

#include <QHeaderView>
#include <QPainter>
#include <QResizeEvent>

namespace sense7 {

using Column = ConversationTableModel::Column;

ConversationList::ConversationList(QWidget *parent)
    : QTableView(parent)
{
    setObjectName(QStringLiteral("conversationList"));
    setAccessibleName(tr("Conversations"));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    QHeaderView *header = horizontalHeader();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(characterWidth() * 4);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
}

int ConversationList::characterWidth() const
{
    // Not averageCharWidth(): with a Chinese fallback font that is nearly twice a Latin letter.
    return fontMetrics().horizontalAdvance(QLatin1Char('n'));
}

int ConversationList::minimumTitleWidth() const
{
    return characterWidth() * 20;
}

void ConversationList::setModel(QAbstractItemModel *model)
{
    for (const auto &connection : std::as_const(m_modelConnections))
        disconnect(connection);
    m_modelConnections.clear();
    QTableView::setModel(model);
    if (model) {
        const auto changed = [this] {
            rowsChanged();
        };
        m_modelConnections << connect(model, &QAbstractItemModel::modelReset, this, changed)
                           << connect(model, &QAbstractItemModel::layoutChanged, this, changed)
                           << connect(model, &QAbstractItemModel::rowsInserted, this, changed)
                           << connect(model, &QAbstractItemModel::rowsRemoved, this, changed);
    }
    rowsChanged();
}

void ConversationList::setPlaceholderText(const QString &text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    viewport()->update();
}

void ConversationList::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    if (m_placeholder.isEmpty() || (model() && model()->rowCount() > 0))
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const int margin = characterWidth() * 2;
    painter.drawText(viewport()->rect().adjusted(margin, margin, -margin, -margin),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_placeholder);
}

void ConversationList::resizeEvent(QResizeEvent *event)
{
    QTableView::resizeEvent(event);
    fitColumns();
}

void ConversationList::rowsChanged()
{
    QHeaderView *header = horizontalHeader();
    if (!model() || header->count() != Column::ColumnCount)
        return;
    // Again each time: a model reset gives the header's sections the default mode.
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The assistant's label may be long: it gets a share, the title what remains.
    header->setSectionResizeMode(Column::Agent, QHeaderView::Interactive);
    header->setSectionResizeMode(Column::Title, QHeaderView::Stretch);
    // One participant's conversations need no column repeating the same code on every row.
    bool oneParticipant = model()->rowCount() > 0;
    const QVariant first = model()->index(0, Column::Participant).data();
    for (int row = 1; oneParticipant && row < model()->rowCount(); ++row)
        oneParticipant = model()->index(row, Column::Participant).data() == first;
    setColumnHidden(Column::Participant, oneParticipant);
    fitColumns();
}

void ConversationList::fitColumns()
{
    QHeaderView *header = horizontalHeader();
    if (!model() || header->count() != Column::ColumnCount)
        return;
    const auto wanted = [&](int column) {
        return qMax(sizeHintForColumn(column), header->sectionSizeHint(column));
    };
    int others = 0;
    for (int column : {Column::Participant, Column::Started, Column::Turns, Column::Rated}) {
        if (!header->isSectionHidden(column))
            others += wanted(column);
    }
    const int charWidth = characterWidth();
    const int available = viewport()->width();
    // The assistant as wide as its longest label, up to 24 characters, and narrower when the
    // title would otherwise get less than its minimum; never under 8 characters.
    const int agentMinimum = qMin(wanted(Column::Agent), charWidth * 8);
    const int agentWidth = qBound(agentMinimum, available - others - minimumTitleWidth(),
                                  qMin(wanted(Column::Agent), charWidth * 24));
    header->resizeSection(Column::Agent, agentWidth);
}

} // namespace sense7
