#include "formview.h"

#include "noteedit.h"
#include "scaleselector.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sense7 {

namespace {

const int otherIndexData = -2;

} // namespace

FormView::FormView(const Form &form, QWidget *parent)
    : QWidget(parent)
    , m_form(form)
    , m_problems(new QLabel(this))
{
    auto *outer = new QVBoxLayout(this);
    auto *title =
        new QLabel(QStringLiteral("<b>%1</b>").arg(form.displayTitle().toHtmlEscaped()), this);
    outer->addWidget(title);
    if (!form.displayDescription().isEmpty()) {
        auto *description = new QLabel(form.displayDescription(), this);
        description->setWordWrap(true);
        description->setForegroundRole(QPalette::PlaceholderText);
        outer->addWidget(description);
    }
    m_problems->setWordWrap(true);
    m_problems->setObjectName(QStringLiteral("formProblems"));
    m_problems->setStyleSheet(QStringLiteral("color: #b3261e"));
    outer->addWidget(m_problems);

    // Question above answer, both as wide as the panel: questions are sentences.
    auto *layout = new QVBoxLayout;
    layout->setSpacing(4);
    outer->addLayout(layout);
    outer->addStretch(1);

    m_fields.reserve(form.fields.size());
    for (const FormField &f : m_form.fields) {
        Field entry {&f, nullptr, nullptr, nullptr};
        QString text = f.displayLabel();
        if (f.required)
            text += QStringLiteral(" *");
        entry.label = new QLabel(text, this);
        entry.label->setWordWrap(true);
        entry.editor = createEditor(f, entry);
        entry.editor->setObjectName(f.key);
        entry.editor->setAccessibleName(f.displayLabel());
        if (!f.help.isEmpty()) {
            entry.editor->setToolTip(f.displayHelp());
            entry.editor->setAccessibleDescription(f.displayHelp());
        }
        entry.label->setBuddy(entry.editor);
        layout->addSpacing(6);
        layout->addWidget(entry.label);
        if (entry.other) {
            auto *h = new QHBoxLayout;
            h->addWidget(entry.editor, 1);
            h->addWidget(entry.other, 1);
            layout->addLayout(h);
        } else {
            layout->addWidget(entry.editor);
        }
        m_fields.append(entry);
    }
    updateProblems();
}

QWidget *FormView::createEditor(const FormField &f, Field &entry)
{
    const QString key = f.key;
    switch (f.type) {
    case FormField::Type::Choice: {
        auto *combo = new QComboBox(this);
        combo->addItem(tr("— no answer —"));
        for (const auto &option : f.options)
            combo->addItem(f.displayOptionLabel(option), option.value);
        QLineEdit *other = nullptr;
        if (f.allowOther) {
            combo->addItem(tr("Another answer…"), otherIndexData);
            other = new QLineEdit(this);
            other->setPlaceholderText(tr("Describe in your own words"));
            other->setAccessibleName(tr("%1, in your own words").arg(f.displayLabel()));
            other->setVisible(false);
            entry.other = other;
            connect(other, &QLineEdit::editingFinished, this, [this, key, other] {
                if (!m_updating)
                    setAnswer(key, other->text().trimmed());
            });
        }
        connect(combo, &QComboBox::activated, this, [this, key, combo, other](int index) {
            const QVariant choice = combo->itemData(index);
            if (other) {
                other->setVisible(choice == QVariant(otherIndexData));
                if (choice == QVariant(otherIndexData)) {
                    other->setFocus();
                    return; // the answer comes from the text
                }
            }
            setAnswer(key,
                      index == 0 ? QJsonValue(QJsonValue::Undefined)
                                 : QJsonValue(choice.toString()));
        });
        return combo;
    }
    case FormField::Type::Scale: {
        auto *scale = new ScaleSelector(f.min, f.max, false, this);
        scale->setAnchors(f.displayAnchors());
        connect(scale, &ScaleSelector::chosen, this,
                [this, key](const QJsonValue &value) { setAnswer(key, value); });
        return scale;
    }
    case FormField::Type::Number: {
        auto *spin = new QSpinBox(this);
        spin->setRange(f.min - 1, f.max);
        spin->setSpecialValueText(tr("—"));
        connect(spin, &QSpinBox::editingFinished, this, [this, key, spin, &f] {
            if (!m_updating)
                setAnswer(key,
                          spin->value() < f.min ? QJsonValue(QJsonValue::Undefined)
                                                : QJsonValue(spin->value()));
        });
        return spin;
    }
    case FormField::Type::Text:
        if (f.multiline) {
            auto *edit = new NoteEdit(this, [this, key](const QString &text) {
                setAnswer(key,
                          text.trimmed().isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                   : QJsonValue(text));
            });
            edit->setFixedHeight(fontMetrics().lineSpacing() * 4 + 12);
            return edit;
        } else {
            auto *line = new QLineEdit(this);
            connect(line, &QLineEdit::editingFinished, this, [this, key, line] {
                if (!m_updating)
                    setAnswer(key,
                              line->text().trimmed().isEmpty()
                                  ? QJsonValue(QJsonValue::Undefined)
                                  : QJsonValue(line->text().trimmed()));
            });
            return line;
        }
    }
    return new QWidget(this);
}

void FormView::setAnswer(const QString &key, const QJsonValue &value)
{
    if (m_answers.value(key) == value)
        return;
    if (value.isUndefined())
        m_answers.remove(key);
    else
        m_answers.insert(key, value);
    updateProblems();
    Q_EMIT edited(m_answers);
}

void FormView::setAnswers(const QJsonObject &answers)
{
    m_answers = answers;
    m_updating = true;
    for (const Field &field : std::as_const(m_fields))
        show(field);
    m_updating = false;
    updateProblems();
}

void FormView::show(const Field &field)
{
    const FormField &f = *field.definition;
    const QJsonValue v = m_answers.value(f.key);
    switch (f.type) {
    case FormField::Type::Choice: {
        auto *combo = static_cast<QComboBox *>(field.editor);
        int index = v.isString() ? combo->findData(v.toString()) : 0;
        const bool other = v.isString() && index < 0 && field.other;
        if (other)
            index = combo->findData(otherIndexData);
        combo->setCurrentIndex(qMax(0, index));
        if (field.other) {
            static_cast<QLineEdit *>(field.other)->setText(other ? v.toString() : QString());
            field.other->setVisible(other);
        }
        break;
    }
    case FormField::Type::Scale:
        static_cast<ScaleSelector *>(field.editor)->setValue(v);
        break;
    case FormField::Type::Number: {
        auto *spin = static_cast<QSpinBox *>(field.editor);
        spin->setValue(v.isDouble() ? v.toInt() : f.min - 1);
        break;
    }
    case FormField::Type::Text:
        if (f.multiline)
            static_cast<NoteEdit *>(field.editor)->setTextSilently(v.toString());
        else
            static_cast<QLineEdit *>(field.editor)->setText(v.toString());
        break;
    }
}

void FormView::flush()
{
    for (const Field &field : std::as_const(m_fields)) {
        if (auto *note = dynamic_cast<NoteEdit *>(field.editor))
            note->flush();
    }
}

QStringList FormView::problems() const
{
    return m_form.validate(m_answers);
}

void FormView::updateProblems()
{
    const QStringList list = problems();
    m_problems->setText(list.join(QLatin1Char('\n')));
    m_problems->setVisible(!list.isEmpty());
}

QWidget *FormView::fieldWidget(const QString &key) const
{
    for (const Field &field : m_fields) {
        if (field.definition->key == key)
            return field.editor;
    }
    return nullptr;
}

} // namespace sense7
