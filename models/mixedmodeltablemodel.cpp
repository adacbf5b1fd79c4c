#include "mixedmodeltablemodel.h"

namespace sense7 {

MixedModelTableModel::MixedModelTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void MixedModelTableModel::setModels(const analysis::MixedModels &models)
{
    beginResetModel();
    m_models = models;
    endResetModel();
}

const stats::MixedModelFit &MixedModelTableModel::fit(int row) const
{
    const analysis::DimensionModels &d = m_models.dimensions.at(row / 2);
    return row % 2 == 0 ? d.interceptOnly : d.withAssistant;
}

int MixedModelTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2 * int(m_models.dimensions.size());
}

int MixedModelTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(ColumnCount);
}

QString MixedModelTableModel::component(const stats::VarianceComponent &component)
{
    return QStringLiteral("%1 (%2)")
        .arg(component.variance, 0, 'f', 3)
        .arg(component.sd, 0, 'f', 3);
}

QString MixedModelTableModel::fixedEffects(const stats::MixedModelFit &fit)
{
    QStringList lines;
    for (const stats::FixedEffect &effect : fit.fixed) {
        const QString value =
            QStringLiteral("%1 ± %2").arg(effect.estimate, 0, 'f', 3).arg(effect.se, 0, 'f', 3);
        if (effect.term == QLatin1String("(Intercept)"))
            lines << tr("intercept %1").arg(value);
        else
            lines << QStringLiteral("%1 %2%3").arg(
                effect.term, effect.estimate >= 0 ? QStringLiteral("+") : QString(), value);
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant MixedModelTableModel::display(const stats::MixedModelFit &fit, int row, int column) const
{
    switch (column) {
    case Dimension:
        return row % 2 == 0 ? m_models.dimensions.at(row / 2).dimension.displayName() : QString();
    case FixedPart:
        return fit.fixedPart == stats::FixedPart::InterceptOnly ? tr("Intercept only")
                                                                : tr("+ Assistant");
    case N:
        return fit.observations;
    default:
        break;
    }
    if (!fit.fitted)
        return column == FixedEffects ? tr("Not fitted: %1").arg(fit.failure) : QStringLiteral("—");
    switch (column) {
    case Participant:
        return component(fit.participant);
    case Conversation:
        return component(fit.conversation);
    case Residual:
        return component(fit.residual);
    case IccParticipant:
        return QString::number(fit.iccParticipant, 'f', 3);
    case IccConversation:
        return QString::number(fit.iccConversation, 'f', 3);
    case FixedEffects:
        return fixedEffects(fit);
    case Reml:
        return QString::number(fit.remlCriterion, 'f', 3);
    case Singular:
        return fit.singular ? tr("Yes") : tr("No");
    default:
        return {};
    }
}

QVariant MixedModelTableModel::toolTip(const stats::MixedModelFit &fit, int column) const
{
    if (column == Dimension || column == FixedPart)
        return {};
    if (column == N)
        return tr("%1 ratings by %2 participants in %3 conversations")
            .arg(fit.observations)
            .arg(fit.participants)
            .arg(fit.conversations);
    if (!fit.fitted)
        return fit.failure;
    if (column == FixedEffects) {
        QStringList lines;
        if (fit.fixedPart == stats::FixedPart::Group)
            lines << tr("Reference: %1").arg(fit.groups.value(0));
        for (const stats::FixedEffect &effect : fit.fixed)
            lines << tr("%1: %2 ± %3 (t = %4)")
                         .arg(effect.term == QLatin1String("(Intercept)") ? tr("Intercept")
                                                                          : effect.term,
                              QString::number(effect.estimate, 'f', 3),
                              QString::number(effect.se, 'f', 3),
                              QString::number(effect.t, 'f', 2));
        return lines.join(QLatin1Char('\n'));
    }
    if (column == Singular && fit.singular) {
        QStringList zero;
        if (fit.thetaParticipant < 1e-4)
            zero << tr("between participants");
        if (fit.thetaConversation < 1e-4)
            zero << tr("between conversations");
        return tr("No variance %1: the ratings carry no evidence of it, and the other "
                  "estimates are those of a simpler model.")
            .arg(zero.join(tr(" or ")));
    }
    return {};
}

QVariant MixedModelTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const stats::MixedModelFit &f = fit(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(f, index.row(), column);
    case Qt::ToolTipRole:
        return toolTip(f, column);
    case Qt::TextAlignmentRole:
        return column <= FixedPart || column == FixedEffects
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MixedModelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Dimension:
            return tr("Dimension");
        case FixedPart:
            return tr("Fixed\npart");
        case N:
            return tr("n");
        case Participant:
            return tr("Participant\nσ² (SD)");
        case Conversation:
            return tr("Conversation\nσ² (SD)");
        case Residual:
            return tr("Residual\nσ² (SD)");
        case IccParticipant:
            return tr("ICC\nparticipant");
        case IccConversation:
            return tr("ICC\nconversation");
        case FixedEffects:
            return tr("Fixed effects (± SE)");
        case Reml:
            return tr("REML\ncriterion");
        case Singular:
            return tr("Singular");
        default:
            return {};
        }
    }
    if (role != Qt::ToolTipRole)
        return {};
    switch (section) {
    case FixedPart:
        return tr(
            "Intercept only: value ~ 1 + (1 | participant) + (1 | participant:conversation). "
            "+ Assistant: the assistant as a fixed effect, against the first alphabetically.");
    case N:
        return tr("The participants' own ratings modelled (“not applicable” left out)");
    case Participant:
        return tr("Variance (and standard deviation) of the participants' average ratings: how "
                  "much people differ in how they rate");
    case Conversation:
        return tr("Variance (and standard deviation) between conversations of the same "
                  "participant");
    case Residual:
        return tr("Variance (and standard deviation) between replies of the same conversation");
    case IccParticipant:
        return tr("Share of the total variance that lies between participants: the correlation of "
                  "two ratings by the same participant in different conversations");
    case IccConversation:
        return tr("Share of the total variance that lies between participants or conversations: "
                  "the correlation of two ratings in the same conversation");
    case FixedEffects:
        return tr("The intercept (mean rating of the reference assistant), then each other "
                  "assistant's difference from it, each ± its standard error");
    case Reml:
        return tr("−2 × the restricted log-likelihood at the estimates, as lme4 reports it; lower "
                  "is better, comparable only between models with the same fixed part");
    case Singular:
        return tr("Yes when a variance component is estimated as zero: the data cannot tell that "
                  "level of variation apart from none");
    default:
        return {};
    }
}

} // namespace sense7
