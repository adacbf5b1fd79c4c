#pragma once

#include "agreementtablemodel.h"
#include "stats/analysis.h"

#include <QCoreApplication>

namespace sense7 {

/**
 * The rows of the reliability and evaluation tables, built from computed results: which figure
 * goes in which column, with its header and tooltip. Kept apart from the dialog's layout.
 */
class AnalysisRows
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisRows)

public:
    using Rows = QVector<AgreementTableModel::Row>;

    /** A table: rows, extra column headers and their tooltips. */
    struct Table
    {
        Rows rows;
        QStringList extras;
        QStringList extraToolTips;
    };

    /** Means over dimensions as a summary row (no n). */
    static stats::Agreement fromMeans(const analysis::Means &means);

    static Table retest(const analysis::Reliability &r);
    /**
     * Self against observers: \a comparison −1 pools every observer, 0…observers−1 is one
     * observer, observers is their mean (n = turns).
     */
    static Table observers(const analysis::Reliability &r, int comparison);
    static Table iccs(const analysis::Reliability &r);
    static Table individual(const analysis::Reliability &r);

    static Table evaluation(const analysis::Evaluation &e);
    static Table floors(const analysis::Evaluation &e);
    static Table floorDifferences(const analysis::Evaluation &e);

    /** "0.123 [0.05, 0.20]", or a dash. */
    static QVariant difference(const stats::Difference &d);
};

} // namespace sense7
