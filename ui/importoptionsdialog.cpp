#include "importoptionsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace sense7 {

ImportOptionsDialog::ImportOptionsDialog(const QStringList &withoutAnnotator,
                                         const QVector<Annotator> &annotators,
                                         const QString &suggested, QWidget *parent)
    : QDialog(parent)
    , m_annotators(annotators)
{
    setObjectName(QStringLiteral("importOptions"));
    setWindowTitle(tr("Import"));
    auto *layout = new QVBoxLayout(this);

    if (!withoutAnnotator.isEmpty()) {
        auto *rater = new QGroupBox(tr("Who rated?"), this);
        auto *form = new QFormLayout(rater);
        auto *explain = new QLabel(
            tr("%1 does not say who gave these ratings (no annotator column). Name the rater: "
               "an observer's code or a model's name. Choose \"self\" only if they are the "
               "participants' own ratings.")
                .arg(withoutAnnotator.join(QStringLiteral(", "))),
            rater);
        explain->setWordWrap(true);
        form->addRow(explain);
        m_annotator = new QComboBox(rater);
        m_annotator->setObjectName(QStringLiteral("importAnnotator"));
        m_annotator->setEditable(true);
        m_annotator->setInsertPolicy(QComboBox::NoInsert);
        for (const Annotator &a : annotators)
            m_annotator->addItem(a.code);
        m_annotator->setCurrentText(suggested);
        m_annotator->lineEdit()->setPlaceholderText(tr("e.g. OBS-1 or gpt-judge"));
        form->addRow(tr("&Annotator:"), m_annotator);
        m_kind = new QComboBox(rater);
        m_kind->setObjectName(QStringLiteral("importAnnotatorKind"));
        for (AnnotatorKind kind :
             {AnnotatorKind::Observer, AnnotatorKind::Model, AnnotatorKind::Self})
            m_kind->addItem(labelOf(kind), QVariant::fromValue(int(kind)));
        form->addRow(tr("K&ind:"), m_kind);
        layout->addWidget(rater);
        connect(m_annotator, &QComboBox::currentTextChanged, this,
                &ImportOptionsDialog::annotatorEdited);
    }

    auto *policy = new QGroupBox(
        tr("When the file gives a value the data set already holds differently"), this);
    auto *choices = new QVBoxLayout(policy);
    m_keep = new QRadioButton(tr("&Keep the data set's value and list the conflict"), policy);
    m_replace = new QRadioButton(
        tr("&Replace it with the file's value (recorded in the rating history)"), policy);
    m_fail =
        new QRadioButton(tr("&Stop at the first conflict and import nothing of the file"), policy);
    m_keep->setObjectName(QStringLiteral("conflictKeep"));
    m_replace->setObjectName(QStringLiteral("conflictReplace"));
    m_fail->setObjectName(QStringLiteral("conflictFail"));
    m_keep->setChecked(true);
    for (QRadioButton *b : {m_keep, m_replace, m_fail})
        choices->addWidget(b);
    layout->addWidget(policy);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    if (m_annotator)
        annotatorEdited(m_annotator->currentText());
}

void ImportOptionsDialog::annotatorEdited(const QString &text)
{
    const QString code = text.trimmed();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!code.isEmpty());
    // A known rater keeps their kind; "self" is the participant.
    std::optional<AnnotatorKind> kind;
    if (code == QLatin1String("self"))
        kind = AnnotatorKind::Self;
    for (const Annotator &a : std::as_const(m_annotators)) {
        if (a.code == code)
            kind = a.kind;
    }
    if (kind)
        m_kind->setCurrentIndex(m_kind->findData(int(*kind)));
    else if (m_kind->currentData().toInt() == int(AnnotatorKind::Self))
        m_kind->setCurrentIndex(m_kind->findData(int(AnnotatorKind::Observer)));
}

QRadioButton *ImportOptionsDialog::policyButton(import::OnConflict policy) const
{
    switch (policy) {
    case import::OnConflict::Keep:
        return m_keep;
    case import::OnConflict::Replace:
        return m_replace;
    case import::OnConflict::Fail:
        return m_fail;
    }
    return m_keep;
}

void ImportOptionsDialog::apply(import::Options &options) const
{
    options.onConflict = m_replace->isChecked() ? import::OnConflict::Replace
        : m_fail->isChecked()                   ? import::OnConflict::Fail
                                                : import::OnConflict::Keep;
    if (m_annotator) {
        options.annotator = m_annotator->currentText().trimmed();
        options.annotatorKind = AnnotatorKind(m_kind->currentData().toInt());
    }
}

} // namespace sense7
