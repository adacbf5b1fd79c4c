#pragma once

#include "forms.h"

#include <QJsonObject>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace sense7 {

/**
 * A form (a file in resources/forms) as widgets: a choice is a combo box (with a self-described
 * answer where the form allows one), a multiple choice a check box per option, a scale a
 * ScaleSelector, text a line or a text box, a number a spin box, a date a date field with a
 * calendar and a "No answer" button. Every change emits edited() with all the answers; problems the
 * form's validation finds show under the title, each field's next to it.
 */
class FormView : public QWidget
{
    Q_OBJECT

public:
    explicit FormView(const Form &form, QWidget *parent = nullptr);
    ~FormView() override;

    const Form &form() const { return m_form; }
    /** Shows \a form in place of the one shown, without answers. */
    void setForm(const Form &form);
    QJsonObject answers() const { return m_answers; }
    /** Shows \a answers without emitting edited(). */
    void setAnswers(const QJsonObject &answers);
    /** Hands over text still being typed (call before showing other answers). */
    void flush();
    /** The problems Form::validate finds in the answers shown. */
    QStringList problems() const;
    /** The widget that edits \a key, for tests and focus. */
    QWidget *fieldWidget(const QString &key) const;

Q_SIGNALS:
    void edited(const QJsonObject &answers);

private:
    struct Field
    {
        const FormField *definition;
        QWidget *editor;
        QWidget *other = nullptr; // the self-described answer of a choice
        QLabel *label;
    };

    QWidget *createEditor(const FormField &field, Field &entry);
    void showField(const Field &field);
    void setAnswer(const QString &key, const QJsonValue &value);
    void updateProblems();

    Form m_form;
    QJsonObject m_answers;
    QVector<Field> m_fields;
    QLabel *m_problems = nullptr;
    bool m_updating = false;
};

} // namespace sense7
