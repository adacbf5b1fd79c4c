#include "agreementtablemodel.h"

#include <QFont>

namespace sense7 {

AgreementTableModel::AgreementTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void AgreementTableModel::setRows(const QString &firstHeader, const QVector<Row> &rows,
                                  const QStringList &extraHeaders)
{
    beginResetModel();
    m_firstHeader = firstHeader;
    m_rows = rows;
    m_extraHeaders = extraHeaders;
    endResetModel();
}

void AgreementTableModel::setExtraToolTips(const QStringList &toolTips)
{
    m_extraToolTips = toolTips;
    if (columnCount() > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

void AgreementTableModel::setAgreementColumnsVisible(bool visible)
{
    beginResetModel();
    m_agreementColumns = visible;
    endResetModel();
}

int AgreementTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AgreementTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return 1 + (m_agreementColumns ? FirstExtra - 1 : 0) + int(m_extraHeaders.size());
}

int AgreementTableModel::extraColumn(int column) const
{
    const int first = m_agreementColumns ? int(FirstExtra) : 1;
    return column >= first ? column - first : -1;
}

QString AgreementTableModel::formatted(const std::optional<double> &value)
{
    return value ? QString::number(*value, 'f', 3) : QStringLiteral("—");
}

QVariant AgreementTableModel::agreementValue(const stats::Agreement &a, int column, int role) const
{
    if (column == N && a.n < 0)
        return {};
    const std::optional<double> values[] = {std::nullopt,
                                            double(a.n),
                                            a.spearman,
                                            a.accuracy,
                                            a.mae,
                                            a.qwk,
                                            a.abstentionShare ? std::optional<double>(a.abstentions)
                                                              : std::nullopt,
                                            a.accuracyWithAbstentions};
    if (role == Qt::UserRole)
        return values[column] ? QVariant(*values[column]) : QVariant();
    if (role == Qt::ToolTipRole) {
        if (column == Spearman && !a.spearman)
            return a.n < 2 ? tr("Too few pairs for a rank correlation.")
                           : tr("Undefined: one side gives the same rating every time.");
        if (column == Spearman && a.spearmanCi)
            return tr("95% bootstrap interval: %1 to %2")
                .arg(a.spearmanCi->low, 0, 'f', 3)
                .arg(a.spearmanCi->high, 0, 'f', 3);
        if (column == Accuracy && a.accuracyCi)
            return tr("95% bootstrap interval: %1 to %2")
                .arg(a.accuracyCi->low, 0, 'f', 3)
                .arg(a.accuracyCi->high, 0, 'f', 3);
        if (column == Abstentions && a.abstentionShare)
            return tr("%n reply(s) where exactly one side said “not applicable”: %1% of the %2 "
                      "replies both sides answered.",
                      nullptr, a.abstentions)
                .arg(*a.abstentionShare * 100, 0, 'f', 1)
                .arg(a.n + a.abstentions);
        if (column == Qwk && a.qwk)
            return tr("On every point of the dimension's scale, used or not.");
        if (column != N && a.n == 0 && role == Qt::ToolTipRole)
            return tr("No pairs to compare.");
        return {};
    }
    if (column == N)
        return a.n;
    if (column == Abstentions)
        return a.abstentionShare ? QVariant(QStringLiteral("%1 (%2%)")
                                                .arg(a.abstentions)
                                                .arg(*a.abstentionShare * 100, 0, 'f', 1))
                                 : QVariant(formatted(std::nullopt));
    QString text = formatted(values[column]);
    if (column == Spearman && a.spearmanCi)
        text += QStringLiteral("  [%1, %2]")
                    .arg(a.spearmanCi->low, 0, 'f', 2)
                    .arg(a.spearmanCi->high, 0, 'f', 2);
    return text;
}

QVariant AgreementTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows[index.row()];
    const int column = index.column();
    if (role == Qt::FontRole && row.emphasised) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole)
        return column == Label ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::UserRole)
        return {};
    if (column == Label)
        return role == Qt::ToolTipRole ? QVariant() : QVariant(row.label);
    const int extra = extraColumn(column);
    if (extra >= 0) {
        QVariant value = row.extras.value(extra);
        if (role == Qt::UserRole)
            return value;
        if (role == Qt::ToolTipRole)
            return value.isValid() ? QVariant()
                                   : QVariant(tr("Not enough ratings to compute this."));
        if (!value.isValid())
            return formatted(std::nullopt);
        return value.typeId() == QMetaType::Double ? QVariant(formatted(value.toDouble())) : value;
    }
    if (!row.agreement)
        return {};
    return agreementValue(*row.agreement, column, role);
}

QVariant AgreementTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        const int extra = extraColumn(section);
        if (extra >= 0)
            return m_extraToolTips.value(extra);
        switch (section) {
        case N:
            return m_agreementColumns ? tr("Pairs of ratings compared") : QVariant();
        case Spearman:
            return m_agreementColumns
                ? tr("Spearman rank correlation (ties averaged), with a 95% bootstrap interval")
                : QVariant();
        case Accuracy:
            return m_agreementColumns ? tr("Share of exactly equal ratings") : QVariant();
        case Mae:
            return m_agreementColumns ? tr("Mean absolute difference in scale points") : QVariant();
        case Qwk:
            return m_agreementColumns
                ? tr("Cohen's κ with quadratic weights, on the dimension's full scale")
                : QVariant();
        case Abstentions:
            return m_agreementColumns
                ? tr("Replies where exactly one side said “not applicable”, and their share of "
                     "the replies both answered; they are left out of n and the statistics "
                     "before")
                : QVariant();
        case AccuracyWithAbstentions:
            return m_agreementColumns
                ? tr("Share of exactly equal ratings when a one-sided “not applicable” counts as "
                     "a disagreement")
                : QVariant();
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    if (section == Label)
        return m_firstHeader;
    const int extra = extraColumn(section);
    if (extra >= 0)
        return m_extraHeaders.value(extra);
    switch (section) {
    case N:
        return tr("n");
    case Spearman:
        return tr("Spearman ρ");
    case Accuracy:
        return tr("Accuracy");
    case Mae:
        return tr("MAE");
    case Qwk:
        return tr("QWK");
    case Abstentions:
        return tr("One-sided N/A");
    case AccuracyWithAbstentions:
        return tr("Accuracy incl. N/A");
    default:
        return {};
    }
}

} // namespace sense7
