#pragma once

#include "stats/models.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace sense7 {

class MixedModelTableModel;

/**
 * The "Mixed models" page of the reliability window: per dimension, how the variance of the
 * participants' own ratings divides between participants, conversations and single replies (linear
 * mixed models fitted by REML), with and without the assistant as a fixed effect.
 */
class MixedModelView : public QWidget
{
    Q_OBJECT

public:
    explicit MixedModelView(QWidget *parent = nullptr);

    void setModels(const analysis::MixedModels &models);
    MixedModelTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

private:
    MixedModelTableModel *m_model;
    QTableView *m_table;
    QLabel *m_summary;
};

} // namespace sense7
