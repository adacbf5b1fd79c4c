#include "contextdialog.h"

#include "formview.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace sense7 {

ContextDialog::ContextDialog(const Form &form, const QJsonObject &answers, QWidget *parent)
    : QDialog(parent)
    , m_form(new FormView(form, this))
    , m_missing(new QLabel(this))
{
    setObjectName(QStringLiteral("contextDialog"));
    setWindowTitle(tr("End conversation"));
    m_form->setAnswers(answers);
    auto *intro = new QLabel(
        tr("Before this conversation ends, answer a few questions about it. Questions marked as "
           "required need an answer."),
        this);
    intro->setWordWrap(true);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_missing->setObjectName(QStringLiteral("missingAnswers"));
    m_missing->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_end = buttons->addButton(tr("End conversation"), QDialogButtonBox::AcceptRole);
    m_end->setObjectName(QStringLiteral("endConversationButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        m_form->flush();
        if (problems().isEmpty())
            accept();
        else
            update();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_form, &FormView::edited, this, &ContextDialog::update);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_missing);
    layout->addWidget(buttons);
    resize(560, 620);
    update();
}

QJsonObject ContextDialog::answers() const
{
    return m_form->answers();
}

QStringList ContextDialog::problems() const
{
    return m_form->form().validate(m_form->answers());
}

void ContextDialog::update()
{
    const QStringList problems = this->problems();
    m_end->setEnabled(problems.isEmpty());
    m_missing->setText(
        problems.isEmpty()
            ? QString()
            : tr("Before the conversation can end: %1").arg(problems.join(QLatin1Char(' '))));
    m_missing->setVisible(!problems.isEmpty());
}

} // namespace sense7
