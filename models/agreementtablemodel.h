#pragma once

#include "stats/statistics.h"

#include <QAbstractTableModel>
#include <QStringList>
#include <QVariant>
#include <QVector>

namespace sense7 {

/**
 * A read-only table of agreement statistics, one row per dimension (or per participant): n,
 * Spearman ρ (with its bootstrap interval when there is one), accuracy, MAE, quadratic weighted
 * κ, how often exactly one side said "not applicable" and the accuracy counting that as a
 * disagreement, then any extra columns (for example Krippendorff's α). Undefined values show as a
 * dash, with a tooltip saying why. The model holds computed results; it never queries.
 */
class AgreementTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    struct Row
    {
        QString label;
        std::optional<stats::Agreement> agreement; // no agreement columns when nullopt; n < 0
                                                   // leaves the n column empty (a reference row)
        QVector<QVariant> extras; // a double shows three decimals, an int or text as is, none
                                  // as a dash
        bool emphasised = false; // a summary row such as the mean
    };

    enum Column {
        Label,
        N,
        Spearman,
        Accuracy,
        Mae,
        Qwk,
        Abstentions,
        AccuracyWithAbstentions,
        FirstExtra
    };

    explicit AgreementTableModel(QObject *parent = nullptr);

    /** Replaces the rows; \a firstHeader names the label column, \a extraHeaders the extras. */
    void setRows(const QString &firstHeader, const QVector<Row> &rows,
                 const QStringList &extraHeaders = {});
    /** Tooltips of the extra columns' headers, in their order. */
    void setExtraToolTips(const QStringList &toolTips);
    /** Hides the agreement columns (for tables of extras only). */
    void setAgreementColumnsVisible(bool visible);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /** Three decimals, or a dash. */
    static QString formatted(const std::optional<double> &value);

private:
    int extraColumn(int column) const; // index into extras, or -1
    QVariant agreementValue(const stats::Agreement &a, int column, int role) const;

    QString m_firstHeader;
    QStringList m_extraHeaders;
    QStringList m_extraToolTips;
    QVector<Row> m_rows;
    bool m_agreementColumns = true;
};

} // namespace sense7
