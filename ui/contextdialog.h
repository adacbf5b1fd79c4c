#pragma once

#include "forms.h"

#include <QDialog>
#include <QJsonObject>

class QLabel;
class QPushButton;

namespace sense7 {

class FormView;

/**
 * Study ▸ End conversation: the protocol's context form for the conversation that ends. "End
 * conversation" stays unavailable until every required question has an answer, and a line says
 * which are missing.
 */
class ContextDialog : public QDialog
{
    Q_OBJECT

public:
    ContextDialog(const Form &form, const QJsonObject &answers, QWidget *parent = nullptr);

    QJsonObject answers() const;
    FormView *formView() const { return m_form; }
    QPushButton *endButton() const { return m_end; }
    /** What keeps the conversation from ending: one sentence per problem. */
    QStringList problems() const;

private:
    void update();

    FormView *m_form;
    QLabel *m_missing;
    QPushButton *m_end;
};

} // namespace sense7
