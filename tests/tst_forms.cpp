// Form field types: multiple choice and date are parsed, validated and answered from the keyboard
// in the FormView; the tidy export writes a multiple-choice answer as its values joined by ";".

#include "error.h"
#include "export/writer.h"
#include "formview.h"
#include "guisupport.h"
#include "i18n.h"
#include "store.h"
#include "testsupport.h"

#include <QCalendarWidget>
#include <QCheckBox>
#include <QDateEdit>
#include <QJsonArray>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace sense7;

namespace {

const QByteArray studyForm = R"({
  "key": "context", "title": "About this conversation",
  "fields": [
    {"key": "channels", "label": "How did you reach the assistant?", "type": "multiple_choice",
     "required": true, "help": "Tick every one you used",
     "options": [{"value": "web", "label": "Web"}, {"value": "app", "label": "App"},
                 {"value": "voice", "label": "Voice"}],
     "max_choices": 2,
     "translations": {"zh_CN": {"label": "你通过什么方式？", "options": {"web": "网页"}}}},
    {"key": "moods", "label": "Moods", "type": "multiple_choice",
     "options": [{"value": "calm", "label": "Calm"}, {"value": "tense", "label": "Tense"},
                 {"value": "sad", "label": "Sad"}],
     "min_choices": 2},
    {"key": "happened_on", "label": "When did it happen?", "type": "date",
     "min": "2020-01-01", "max": "2030-12-31"},
    {"key": "born", "label": "Date of birth", "type": "date", "required": true}
  ]
})";

QJsonArray list(std::initializer_list<const char *> values)
{
    QJsonArray array;
    for (const char *value : values)
        array.append(QString::fromLatin1(value));
    return array;
}

Form parsed()
{
    return forms::parse(studyForm, QStringLiteral("study.json"));
}

} // namespace

class TestForms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesNewTypes();
    void malformedNewTypes_data();
    void malformedNewTypes();
    void validatesMultipleChoice();
    void validatesDate();
    void labelsAreNotReadForPlaceholders();
    void multipleChoiceByKeyboard();
    void dateByKeyboard();
    void dateLeftUnanswered();
    void dateFromCalendarByKeyboard();
    void showsStoredAnswers();
    void exportJoinsChoices();
};

void TestForms::parsesNewTypes()
{
    const Form form = parsed();
    const FormField *channels = form.field(QStringLiteral("channels"));
    QVERIFY(channels);
    QCOMPARE(channels->type, FormField::Type::MultipleChoice);
    QCOMPARE(channels->options.size(), 3);
    QCOMPARE(channels->minChoices, 1); // required: at least one
    QCOMPARE(channels->maxChoices, 2);
    QCOMPARE(formFieldTypeKey(channels->type), QStringLiteral("multiple_choice"));
    QCOMPARE(form.field(QStringLiteral("moods"))->minChoices, 2);
    const FormField *date = form.field(QStringLiteral("happened_on"));
    QCOMPARE(date->type, FormField::Type::Date);
    QCOMPARE(date->earliest, QStringLiteral("2020-01-01"));
    QCOMPARE(date->latest, QStringLiteral("2030-12-31"));
    QCOMPARE(formFieldTypeKey(date->type), QStringLiteral("date"));
    QVERIFY(form.field(QStringLiteral("born"))->earliest.isEmpty());
    // Option labels translate as a choice's do.
    QCOMPARE(channels->translations.value(QStringLiteral("zh_CN/option/web")),
             QStringLiteral("网页"));
    QCOMPARE(i18n::pick(channels->translations, QStringLiteral("option/web"), QStringLiteral("Web"),
                        QStringLiteral("zh_CN")),
             QStringLiteral("网页"));
}

void TestForms::malformedNewTypes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const auto form = [](const QByteArray &field) -> QByteArray {
        return QByteArray(R"({"key":"f","title":"F","fields":[)") + field + "]}";
    };
    const QByteArray options = R"("options":[{"value":"x","label":"X"},{"value":"y","label":"Y"}])";
    QTest::newRow("multiple choice without options")
        << form(R"({"key":"a","label":"A","type":"multiple_choice"})")
        << QStringLiteral("field 1 (a): \"options\" is missing");
    QTest::newRow("multiple choice, duplicate option") << form(
        R"({"key":"a","label":"A","type":"multiple_choice","options":[{"value":"x","label":"X"},{"value":"x","label":"Y"}]})")
                                                       << QStringLiteral("field 1 (a): option "
                                                                         "\"x\" is listed twice");
    QTest::newRow("min_choices above the options")
        << form(R"({"key":"a","label":"A","type":"multiple_choice",)" + options
                + R"(,"min_choices":3})")
        << QStringLiteral("field 1 (a): min_choices (3) must be from 0 to the 2 options");
    QTest::newRow("max_choices below min_choices")
        << form(R"({"key":"a","label":"A","type":"multiple_choice",)" + options
                + R"(,"min_choices":2,"max_choices":1})")
        << QStringLiteral("field 1 (a): max_choices (1)");
    QTest::newRow("date bound not ISO")
        << form(R"({"key":"b","label":"B","type":"date","min":"01/02/2020"})")
        << QStringLiteral("field 1 (b): the date \"01/02/2020\" must be written as yyyy-MM-dd");
    QTest::newRow("impossible date bound")
        << form(R"({"key":"b","label":"B","type":"date","max":"2021-02-30"})")
        << QStringLiteral("field 1 (b): the date \"2021-02-30\"");
    QTest::newRow("date bounds inverted")
        << form(R"({"key":"b","label":"B","type":"date","min":"2021-05-01","max":"2021-04-01"})")
        << QStringLiteral("field 1 (b): max (2021-04-01) must not be before min (2021-05-01)");
    QTest::newRow("unknown type names the new ones")
        << form(R"({"key":"c","label":"C","type":"checkboxes"})")
        << QStringLiteral("must be choice, multiple_choice, scale, number, date or text");
}

void TestForms::malformedNewTypes()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    try {
        forms::parse(json, QStringLiteral("myform.json"));
        QFAIL("a malformed form was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().startsWith(QStringLiteral("myform.json: field 1")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
}

void TestForms::validatesMultipleChoice()
{
    const Form form = parsed();
    QJsonObject answers {{QStringLiteral("channels"), list({"web", "voice"})},
                         {QStringLiteral("born"), QStringLiteral("1990-04-01")}};
    QCOMPARE(form.validate(answers), QStringList());

    // Required: an empty list is no answer.
    answers[QStringLiteral("channels")] = QJsonArray();
    QCOMPARE(form.validate(answers),
             QStringList {QStringLiteral("\"How did you reach the assistant?\" needs an answer.")});
    answers[QStringLiteral("channels")] = list({"web", "fax"});
    QVERIFY(form.validate(answers).first().contains(QStringLiteral("listed answers")));
    answers[QStringLiteral("channels")] = list({"web", "web"});
    QVERIFY(form.validate(answers).first().contains(QStringLiteral("each once")));
    answers[QStringLiteral("channels")] = QStringLiteral("web"); // not a list
    QVERIFY(form.validate(answers).first().contains(QStringLiteral("listed answers")));
    answers[QStringLiteral("channels")] = list({"web", "app", "voice"});
    QCOMPARE(form.validate(answers),
             QStringList {
                 QStringLiteral("\"How did you reach the assistant?\" takes at most 2 answers.")});

    // Optional with min_choices 2: one is too few, none is fine.
    answers[QStringLiteral("channels")] = list({"app"});
    answers[QStringLiteral("moods")] = list({"calm"});
    QCOMPARE(form.validate(answers),
             QStringList {QStringLiteral("\"Moods\" needs at least 2 answers.")});
    answers.remove(QStringLiteral("moods"));
    QCOMPARE(form.validate(answers), QStringList());
}

void TestForms::labelsAreNotReadForPlaceholders()
{
    // A label is filled into a message once, with the numbers, not before them.
    const QByteArray json = R"json({"key":"f","title":"F","fields":[
        {"key":"age","label":"Age (%1 = years)","type":"number","min":18,"max":99},
        {"key":"pick","label":"Pick %1 or %2","type":"multiple_choice","min_choices":2,
         "max_choices":2,"options":[{"value":"x","label":"X"},{"value":"y","label":"Y"},
                                    {"value":"z","label":"Z"}]}]})json";
    const Form form = forms::parse(json, QStringLiteral("labels.json"));
    QJsonObject answers {{QStringLiteral("age"), 7}, {QStringLiteral("pick"), list({"x"})}};
    QCOMPARE(form.validate(answers),
             (QStringList {QStringLiteral("\"Age (%1 = years)\" must be a number from 18 to 99."),
                           QStringLiteral("\"Pick %1 or %2\" needs at least 2 answers.")}));
    answers[QStringLiteral("age")] = 30;
    answers[QStringLiteral("pick")] = list({"x", "y", "z"});
    QCOMPARE(form.validate(answers),
             QStringList {QStringLiteral("\"Pick %1 or %2\" takes at most 2 answers.")});
}

void TestForms::validatesDate()
{
    const Form form = parsed();
    QJsonObject answers {{QStringLiteral("channels"), list({"web"})},
                         {QStringLiteral("happened_on"), QStringLiteral("2024-02-29")},
                         {QStringLiteral("born"), QStringLiteral("1990-04-01")}};
    QCOMPARE(form.validate(answers), QStringList());
    const QString shape = QStringLiteral("\"When did it happen?\" must be a date written as "
                                         "yyyy-MM-dd.");
    for (const QJsonValue &bad :
         {QJsonValue(QStringLiteral("2023-02-29")), QJsonValue(QStringLiteral("2024-2-9")),
          QJsonValue(QStringLiteral("29.02.2024")), QJsonValue(20240229),
          QJsonValue(QStringLiteral("2024-02-29T10:00"))}) {
        answers[QStringLiteral("happened_on")] = bad;
        QCOMPARE(form.validate(answers), QStringList {shape});
    }
    answers[QStringLiteral("happened_on")] = QStringLiteral("2019-12-31");
    QCOMPARE(form.validate(answers),
             QStringList {QStringLiteral("\"When did it happen?\" must be 2020-01-01 or later.")});
    answers[QStringLiteral("happened_on")] = QStringLiteral("2031-01-01");
    QCOMPARE(
        form.validate(answers),
        QStringList {QStringLiteral("\"When did it happen?\" must be 2030-12-31 or earlier.")});
    answers.remove(QStringLiteral("born"));
    answers.remove(QStringLiteral("happened_on"));
    QCOMPARE(form.validate(answers),
             QStringList {QStringLiteral("\"Date of birth\" needs an answer.")});
}

void TestForms::multipleChoiceByKeyboard()
{
    FormView view(parsed());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy edited(&view, &FormView::edited);
    QWidget *group = view.fieldWidget(QStringLiteral("channels"));
    QVERIFY(group);
    QCOMPARE(group->accessibleName(), QStringLiteral("How did you reach the assistant?"));
    const auto boxes = group->findChildren<QCheckBox *>();
    QCOMPARE(boxes.size(), 3);
    QCOMPARE(boxes[0]->text(), QStringLiteral("Web"));
    QCOMPARE(boxes[0]->toolTip(), QStringLiteral("Tick every one you used"));
    QCOMPARE(boxes[0]->accessibleDescription(), QStringLiteral("How did you reach the assistant?"));

    // Focus goes to the first option; Tab to the next; Space ticks, in any order.
    group->setFocus();
    QTRY_VERIFY(boxes[0]->hasFocus());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(boxes[2]->hasFocus());
    QTest::keyClick(boxes[2], Qt::Key_Space);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    QVERIFY(boxes[0]->hasFocus());
    QTest::keyClick(boxes[0], Qt::Key_Space);
    // The answer lists the values in the form's order.
    QCOMPARE(view.answers().value(QStringLiteral("channels")), QJsonValue(list({"web", "voice"})));
    QCOMPARE(edited.size(), 2);
    QCOMPARE(edited.last().first().toJsonObject().value(QStringLiteral("channels")),
             QJsonValue(list({"web", "voice"})));
    // Three are too many: the problem shows.
    QTest::keyClick(boxes[0], Qt::Key_Tab);
    QTest::keyClick(boxes[1], Qt::Key_Space);
    QVERIFY(view.problems().contains(
        QStringLiteral("\"How did you reach the assistant?\" takes at most 2 answers.")));
    // Unticking every one removes the answer.
    for (QCheckBox *box : boxes)
        QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(!view.answers().contains(QStringLiteral("channels")));
    test::keepScreenshot(&view, QStringLiteral("form-new-types.png"));
}

void TestForms::dateByKeyboard()
{
    FormView view(parsed());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *date = qobject_cast<QDateEdit *>(view.fieldWidget(QStringLiteral("happened_on")));
    QVERIFY(date);
    QVERIFY(date->calendarPopup());
    QCOMPARE(date->accessibleName(), QStringLiteral("When did it happen?"));
    QCOMPARE(date->text(), QStringLiteral("— no date —"));

    // Passing through leaves it unanswered.
    date->setFocus();
    QTRY_VERIFY(date->hasFocus());
    // Tab steps through year, month and day, then leaves.
    for (int i = 0; i < 3; ++i) {
        QVERIFY(date->hasFocus());
        QTest::keyClick(date, Qt::Key_Tab);
    }
    QVERIFY(!date->hasFocus());
    QVERIFY(!view.answers().contains(QStringLiteral("happened_on")));
    QCOMPARE(date->text(), QStringLiteral("— no date —"));

    // Typed: year, month and day, as digits; the answer is the ISO date.
    date->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(date->hasFocus());
    QTest::keyClicks(date, QStringLiteral("20240305")); // each section moves on when full
    QTest::keyClick(date, Qt::Key_Return);
    QCOMPARE(view.answers().value(QStringLiteral("happened_on")),
             QJsonValue(QStringLiteral("2024-03-05")));
    // Arrow keys step the section at the cursor (the day, at the end).
    QTest::keyClick(date, Qt::Key_Up);
    QTest::keyClick(date, Qt::Key_Return);
    QCOMPARE(view.answers().value(QStringLiteral("happened_on")),
             QJsonValue(QStringLiteral("2024-03-06")));
    QVERIFY(!view.problems().join(QLatin1Char(' ')).contains(QStringLiteral("When did")));
}

void TestForms::dateLeftUnanswered()
{
    FormView view(parsed());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setAnswers({{QStringLiteral("happened_on"), QStringLiteral("2022-06-30")}});
    auto *date = qobject_cast<QDateEdit *>(view.fieldWidget(QStringLiteral("happened_on")));
    QCOMPARE(date->date(), QDate(2022, 6, 30));
    auto *clear = view.findChild<QPushButton *>(QStringLiteral("happened_on_clear"));
    QVERIFY(clear);
    QCOMPARE(clear->accessibleName(), QStringLiteral("When did it happen?: no answer"));
    QSignalSpy edited(&view, &FormView::edited);
    clear->setFocus();
    QTest::keyClick(clear, Qt::Key_Space);
    QCOMPARE(edited.size(), 1);
    QVERIFY(!view.answers().contains(QStringLiteral("happened_on")));
    QCOMPARE(date->text(), QStringLiteral("— no date —"));
    // The calendar can pick a date too.
    date->calendarWidget()->setSelectedDate(QDate(2021, 1, 2));
    Q_EMIT date->calendarWidget()->clicked(QDate(2021, 1, 2));
    QCOMPARE(view.answers().value(QStringLiteral("happened_on")),
             QJsonValue(QStringLiteral("2021-01-02")));
}

void TestForms::dateFromCalendarByKeyboard()
{
    FormView view(parsed());
    view.show();
    view.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    auto *date = qobject_cast<QDateEdit *>(view.fieldWidget(QStringLiteral("happened_on")));
    date->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(date->hasFocus());
    // F4 opens the calendar on today (within the field's bounds); the arrows move, Return picks.
    QTest::keyClick(date, Qt::Key_F4);
    QCalendarWidget *calendar = date->calendarWidget();
    QTRY_VERIFY(calendar->isVisible());
    const QDate today = qBound(QDate(2020, 1, 1), QDate::currentDate(), QDate(2030, 12, 31));
    QCOMPARE(calendar->selectedDate(), today);
    QWidget *grid = QApplication::focusWidget();
    QVERIFY(grid);
    QTest::keyClick(grid, Qt::Key_Right);
    QTest::keyClick(grid, Qt::Key_Return);
    const QDate picked = qMin(today.addDays(1), QDate(2030, 12, 31));
    QCOMPARE(view.answers().value(QStringLiteral("happened_on")),
             QJsonValue(picked.toString(Qt::ISODate)));
}

void TestForms::showsStoredAnswers()
{
    FormView view(parsed());
    QSignalSpy edited(&view, &FormView::edited);
    view.setAnswers({{QStringLiteral("channels"), list({"app"})},
                     {QStringLiteral("born"), QStringLiteral("1985-12-24")}});
    const auto boxes = view.fieldWidget(QStringLiteral("channels"))->findChildren<QCheckBox *>();
    QVERIFY(!boxes[0]->isChecked());
    QVERIFY(boxes[1]->isChecked());
    QCOMPARE(qobject_cast<QDateEdit *>(view.fieldWidget(QStringLiteral("born")))->date(),
             QDate(1985, 12, 24));
    QCOMPARE(edited.size(), 0);
    // Another form replaces this one's fields.
    view.setForm(forms::context());
    QVERIFY(!view.fieldWidget(QStringLiteral("channels")));
    QVERIFY(view.fieldWidget(QStringLiteral("task_type")));
    QVERIFY(view.answers().isEmpty());
}

void TestForms::exportJoinsChoices()
{
    // The tidy export's cell for a multiple-choice answer: the values joined by ";".
    auto store = Store::create(QStringLiteral(":memory:"));
    const qint64 participant = store->addParticipant(QStringLiteral("p1"), {});
    Conversation c;
    c.participantId = participant;
    c.sourceFormat = QStringLiteral("test");
    c.title = QStringLiteral("t");
    c.context = {{QStringLiteral("task_type"), list({"writing", "coding"})}};
    Turn user;
    user.role = Role::User;
    user.text = QStringLiteral("hi");
    Turn reply;
    reply.role = Role::Assistant;
    reply.text = QStringLiteral("hello");
    QVector<Turn> turns {user, reply};
    const qint64 id = store->addConversation(c, turns);
    const Instrument instrument = store->instruments().first();
    store->setRating(store->turns(id).last().id, instrument.dimensions.first().id,
                     store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self), Rating(3));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tidy.csv"));
    exporter::write(*store, exporter::Format::Csv, path, {});
    const QString csv = QString::fromUtf8(test::readFile(path));
    QVERIFY2(csv.contains(QStringLiteral(",writing;coding")), qPrintable(csv));
}

QTEST_MAIN(TestForms)
#include "tst_forms.moc"
