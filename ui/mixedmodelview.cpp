#include "mixedmodelview.h"

#include "mixedmodeltablemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace sense7 {

MixedModelView::MixedModelView(QWidget *parent)
    : QWidget(parent)
    , m_model(new MixedModelTableModel(this))
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("mixedModels"));
    auto *layout = new QVBoxLayout(this);
    auto *text = new QLabel(
        tr("How the variance of participants' own ratings divides between "
           "participants, their conversations and single replies, by REML with random intercepts "
           "for participant and conversation, without and with the assistant as a fixed effect. "
           "All participants are modelled, whichever is chosen above. Hover over a column's title "
           "for "
           "what it means."),
        this);
    text->setWordWrap(true);
    layout->addWidget(text);

    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Mixed models"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // One line per fixed effect: rows as tall as their contents, columns as wide.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);

    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
}

void MixedModelView::setModels(const analysis::MixedModels &models)
{
    m_model->setModels(models);
    int singular = 0, fitted = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const stats::MixedModelFit &fit = m_model->fit(row);
        fitted += fit.fitted ? 1 : 0;
        singular += fit.fitted && fit.singular ? 1 : 0;
    }
    if (m_model->rowCount() > 0 && fitted == 0)
        m_summary->setText(tr("No model could be fitted: %1").arg(m_model->fit(0).failure));
    else if (singular == 0)
        m_summary->setText(tr("No fit is singular: every variance component is above zero."));
    else
        m_summary->setText(
            tr("%n singular fit(s): a variance estimated as zero means the ratings show no sign "
               "of that level of variation.",
               nullptr, singular));
}

} // namespace sense7
