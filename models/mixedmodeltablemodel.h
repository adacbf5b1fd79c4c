#pragma once

#include "stats/models.h"

#include <QAbstractTableModel>

namespace sense7 {

/**
 * A read-only table of mixed models, two rows per dimension (intercept only, then with the
 * assistant): n, the variance of each level with its standard deviation, the two ICCs, the REML
 * criterion, whether the fit is singular and the fixed effects with standard errors. A model that
 * could not be fitted shows why. Every header has a tooltip saying what the column means. The
 * model holds computed results; it never queries.
 */
class MixedModelTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Dimension,
        FixedPart,
        N,
        Participant,
        Conversation,
        Residual,
        IccParticipant,
        IccConversation,
        Reml,
        Singular,
        FixedEffects,
        ColumnCount
    };

    explicit MixedModelTableModel(QObject *parent = nullptr);

    void setModels(const analysis::MixedModels &models);
    /** The fit shown in \a row. */
    const stats::MixedModelFit &fit(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /** "0.398 (0.631)": a variance and its standard deviation. */
    static QString component(const stats::VarianceComponent &component);
    /** "intercept 3.450 ± 0.322", then a line "level +0.775 ± 0.428" for each contrast. */
    static QString fixedEffects(const stats::MixedModelFit &fit);

private:
    QVariant display(const stats::MixedModelFit &fit, int row, int column) const;
    QVariant toolTip(const stats::MixedModelFit &fit, int column) const;

    analysis::MixedModels m_models;
};

} // namespace sense7
