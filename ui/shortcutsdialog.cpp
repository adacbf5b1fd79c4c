#include "shortcutsdialog.h"

#include "chatpane.h"
#include "workspace.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sense7::shortcuts {

void show(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setWindowTitle(Workspace::tr("Keyboard shortcuts"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const auto rows = Workspace::shortcutHelp() + ChatPane::shortcutHelp();
    auto *table = new QTableWidget(int(rows.size()), 2, dialog);
    table->setHorizontalHeaderLabels({Workspace::tr("Key"), Workspace::tr("Action")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->setShowGrid(false);
    table->setAlternatingRowColors(true);
    for (int row = 0; row < rows.size(); ++row) {
        auto *key = new QTableWidgetItem(rows[row].first);
        QFont bold = key->font();
        bold.setBold(true);
        key->setFont(bold);
        table->setItem(row, 0, key);
        table->setItem(row, 1, new QTableWidgetItem(rows[row].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog->resize(560, 460);
    dialog->show();
}

} // namespace sense7::shortcuts
