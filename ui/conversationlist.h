#pragma once

#include <QTableView>

namespace sense7 {

/**
 * The list of conversations beside the workspace (a ConversationTableModel, perhaps behind a
 * sort proxy). Sizes its columns so that the title gets the width to spare: participant, date,
 * turns and rated share as wide as their contents, the assistant up to a share of the width, and
 * the participant column hidden while every row names the same participant.
 */
class ConversationList : public QTableView
{
    Q_OBJECT

public:
    explicit ConversationList(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    /** The narrowest the title column is made before the assistant column gives way. */
    int minimumTitleWidth() const;
    /** A typical letter's width, the unit of the columns' limits. */
    int characterWidth() const;
    /** Shown in the middle of the list while it has no rows; none when empty. */
    void setPlaceholderText(const QString &text);
    const QString &placeholderText() const { return m_placeholder; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void rowsChanged();
    void fitColumns();

    QList<QMetaObject::Connection> m_modelConnections;
    QString m_placeholder;
};

} // namespace sense7
