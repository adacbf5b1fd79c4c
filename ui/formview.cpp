#include "formview.h"

#include "noteedit.h"
#include "scaleselector.h"

#include <QCalendarWidget>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFocusEvent>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QVBoxLayout>

namespace sense7 {

namespace {

const int otherIndexData = -2;
const char optionValueProperty[] = "optionValue";

/**
 * A date field that can stay unanswered: then it shows "—" (its minimum, one day before the first
 * date accepted). Focused, it starts from today so the keys and the calendar begin somewhere
 * sensible; only a date the person changed or picked becomes the answer.
 */
class DateField : public QDateEdit
{
public:
    DateField(const FormField &f, QWidget *parent)
        : QDateEdit(parent)
    {
        const QDate earliest =
            f.earliest.isEmpty() ? QDate(1900, 1, 1) : QDate::fromString(f.earliest, Qt::ISODate);
        const QDate latest =
            f.latest.isEmpty() ? QDate(9999, 12, 31) : QDate::fromString(f.latest, Qt::ISODate);
        setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        setCalendarPopup(true);
        setDateRange(earliest.addDays(-1), latest);
        setSpecialValueText(FormView::tr("— no date —"));
        setUnanswered();
        connect(this, &QDateEdit::dateChanged, this, [this] {
            if (!m_silent)
                m_changed = true;
        });
    }

    bool isAnswered() const { return date() != minimumDate(); }
    /** The answer: a date the person chose, or undefined. */
    QJsonValue answer() const
    {
        return isAnswered() ? QJsonValue(date().toString(Qt::ISODate))
                            : QJsonValue(QJsonValue::Undefined);
    }
    /** Whether the person changed the date since it was last shown or taken; clears the mark. */
    bool takeChange() { return std::exchange(m_changed, false); }
    void showAnswer(const QJsonValue &value)
    {
        const QDate d = QDate::fromString(value.toString(), Qt::ISODate);
        if (value.isString() && d.isValid()) {
            m_silent = true;
            setDate(d);
            m_silent = false;
        } else {
            setUnanswered();
        }
        m_changed = false;
    }
    void setUnanswered()
    {
        m_silent = true;
        setDate(minimumDate());
        m_silent = false;
        m_changed = false;
    }

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        // F4 or Alt+Down opens the calendar, as they open a combo box's list.
        if (event->key() == Qt::Key_F4
            || (event->key() == Qt::Key_Down && event->modifiers() & Qt::AltModifier)) {
            QStyleOptionSpinBox option;
            initStyleOption(&option);
            QStyleOptionComboBox combo;
            combo.QStyleOption::operator=(option);
            combo.editable = true;
            combo.subControls = QStyle::SC_All;
            const QPoint arrow =
                style()
                    ->subControlRect(QStyle::CC_ComboBox, &combo, QStyle::SC_ComboBoxArrow, this)
                    .center();
            QMouseEvent press(QEvent::MouseButtonPress, arrow, mapToGlobal(arrow), Qt::LeftButton,
                              Qt::LeftButton, Qt::NoModifier);
            mousePressEvent(&press);
            return;
        }
        QDateEdit::keyPressEvent(event);
    }
    void focusInEvent(QFocusEvent *event) override
    {
        if (!isAnswered()) {
            m_silent = true;
            setDate(qBound(minimumDate().addDays(1), QDate::currentDate(), maximumDate()));
            m_silent = false;
        }
        QDateEdit::focusInEvent(event);
    }
    void focusOutEvent(QFocusEvent *event) override
    {
        QDateEdit::focusOutEvent(event);
        // Passing through leaves an unanswered date unanswered (the popup takes focus too).
        if (!m_changed && !m_answered && event->reason() != Qt::PopupFocusReason)
            setUnanswered();
    }

public:
    bool m_answered = false; // the answer shown is the person's (not the starting point)

private:
    bool m_changed = false;
    bool m_silent = false;
};

} // namespace

FormView::~FormView()
{
    // The fields are deleted after this object has stopped being a FormView; a date field losing
    // focus then must not reach it.
    const QList<QObject *> descendants = findChildren<QObject *>();
    for (QObject *descendant : descendants)
        QObject::disconnect(descendant, nullptr, this, nullptr);
}

FormView::FormView(const Form &form, QWidget *parent)
    : QWidget(parent)
{
    setForm(form);
}

void FormView::setForm(const Form &form)
{
    delete layout();
    const QList<QWidget *> old = findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
    qDeleteAll(old);
    m_fields.clear();
    m_form = form;
    m_answers = {};
    m_problems = new QLabel(this);

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
        if (f.type == FormField::Type::Date) {
            auto *h = new QHBoxLayout;
            h->addWidget(entry.editor);
            h->addWidget(entry.other);
            h->addStretch(1);
            layout->addLayout(h);
        } else if (entry.other) {
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
    case FormField::Type::MultipleChoice: {
        // A check box per option: Tab moves between them, Space ticks; the answer lists the
        // ticked options' values in the form's order.
        auto *group = new QWidget(this);
        auto *boxes = new QVBoxLayout(group);
        boxes->setContentsMargins(0, 0, 0, 0);
        boxes->setSpacing(2);
        for (const auto &option : f.options) {
            auto *box = new QCheckBox(f.displayOptionLabel(option), group);
            box->setObjectName(key + QLatin1Char('_') + option.value);
            box->setProperty(optionValueProperty, option.value);
            box->setAccessibleDescription(f.displayLabel());
            if (!f.help.isEmpty())
                box->setToolTip(f.displayHelp());
            boxes->addWidget(box);
            connect(box, &QCheckBox::clicked, this, [this, key, group] {
                QJsonArray chosen;
                for (const QCheckBox *b : group->findChildren<QCheckBox *>())
                    if (b->isChecked())
                        chosen.append(b->property(optionValueProperty).toString());
                setAnswer(
                    key, chosen.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(chosen));
            });
            if (!group->focusProxy())
                group->setFocusProxy(box);
        }
        return group;
    }
    case FormField::Type::Date: {
        auto *date = new DateField(f, this);
        date->setToolTip(tr("Type the year, month and day, or press F4 for a calendar"));
        auto *clear = new QPushButton(tr("No answer"), this);
        clear->setObjectName(key + QStringLiteral("_clear"));
        clear->setAccessibleName(tr("%1: no answer").arg(f.displayLabel()));
        clear->setToolTip(tr("Leave this date unanswered"));
        clear->setAutoDefault(false);
        entry.other = clear;
        const auto take = [this, key, date] {
            if (!m_updating && date->takeChange()) {
                date->m_answered = date->isAnswered();
                setAnswer(key, date->answer());
            }
        };
        connect(date, &QDateEdit::editingFinished, this, take);
        connect(date->calendarWidget(), &QCalendarWidget::clicked, this, take);
        connect(date->calendarWidget(), &QCalendarWidget::activated, this, take);
        connect(clear, &QPushButton::clicked, this, [this, key, date] {
            date->setUnanswered();
            date->m_answered = false;
            setAnswer(key, QJsonValue(QJsonValue::Undefined));
        });
        return date;
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
        showField(field);
    m_updating = false;
    updateProblems();
}

void FormView::showField(const Field &field)
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
    case FormField::Type::MultipleChoice: {
        QSet<QString> chosen;
        const QJsonArray items = v.toArray();
        for (const auto &item : items)
            chosen.insert(item.toString());
        for (QCheckBox *box : field.editor->findChildren<QCheckBox *>())
            box->setChecked(chosen.contains(box->property(optionValueProperty).toString()));
        break;
    }
    case FormField::Type::Date: {
        auto *date = static_cast<DateField *>(field.editor);
        date->showAnswer(v);
        date->m_answered = date->isAnswered();
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
        if (auto *date = dynamic_cast<DateField *>(field.editor); date && date->takeChange()) {
            date->m_answered = date->isAnswered();
            setAnswer(field.definition->key, date->answer());
        }
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
