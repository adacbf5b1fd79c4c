#include "error.h"
#include "forms.h"
#include "i18n.h"
#include "store.h"
#include "taxonomy.h"

#include <QTest>

using namespace sense7;

class TestTaxonomy : public QObject
{
    Q_OBJECT

private slots:
    void sense7HasSevenDimensions();
    void dataSetCarriesItsInstrument();
    void malformedInstrument_data();
    void malformedInstrument();
    void syntaxErrorNamesLineAndColumn();
    void formsLoad();
    void malformedForm_data();
    void malformedForm();
    void validatesAnswers();
    void shippedWordingIsTranslated();
    void displayFollowsTheLanguage();
    void dataSetKeepsEnglishAndTranslations();
    void malformedTranslation_data();
    void malformedTranslation();
    void cleanup();
};

void TestTaxonomy::cleanup()
{
    i18n::setLanguage({});
}

void TestTaxonomy::sense7HasSevenDimensions()
{
    const Instrument instrument = taxonomy::sense7();
    QCOMPARE(instrument.key, QStringLiteral("sense7"));
    QVERIFY(instrument.allowsNotApplicable);
    QStringList keys;
    for (const Dimension &d : instrument.dimensions) {
        keys << d.key;
        QVERIFY2(d.question.startsWith(QStringLiteral("In this reply, the assistant")),
                 qPrintable(d.question));
        QCOMPARE(d.scaleMin, 1);
        QCOMPARE(d.scaleMax, 5);
        QCOMPARE(d.anchors.keys(), (QList<int> {1, 3, 5}));
        QCOMPARE(d.level, Level::Turn);
        QVERIFY(!d.name.isEmpty());
    }
    QCOMPARE(keys,
             (QStringList {QStringLiteral("acknowledgment"), QStringLiteral("understanding"),
                           QStringLiteral("validation"), QStringLiteral("responsiveness"),
                           QStringLiteral("continuity"), QStringLiteral("warmth"),
                           QStringLiteral("support")}));
}

void TestTaxonomy::dataSetCarriesItsInstrument()
{
    const Instrument file = taxonomy::sense7();
    auto store = Store::create(QStringLiteral(":memory:"));
    const Instrument stored = store->instruments().constFirst();
    QCOMPARE(stored.key, file.key);
    QCOMPARE(stored.version, file.version);
    QCOMPARE(stored.definition, file.definition); // the whole source travels with the data
    QCOMPARE(stored.dimensions.size(), file.dimensions.size());
    for (int i = 0; i < file.dimensions.size(); ++i) {
        QCOMPARE(stored.dimensions[i].key, file.dimensions[i].key);
        QCOMPARE(stored.dimensions[i].name, file.dimensions[i].name);
        QCOMPARE(stored.dimensions[i].question, file.dimensions[i].question);
        QCOMPARE(stored.dimensions[i].anchors, file.dimensions[i].anchors);
        QVERIFY(stored.dimensions[i].id > 0);
    }
    // A stored instrument can be parsed back from its definition.
    QCOMPARE(taxonomy::parse(stored.definition, QStringLiteral("stored")).dimensions.size(), 7);
}

void TestTaxonomy::malformedInstrument_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray dim = R"({"key":"warmth","name":"Warmth","question":"Q?"})";
    const auto doc = [](const QByteArray &dims) -> QByteArray {
        return QByteArray(R"({"key":"t","name":"T","version":"1","dimensions":[)") + dims + "]}";
    };
    QTest::newRow("not json") << QByteArray("{\"key\": sense7}")
                              << QStringLiteral("not valid JSON at line 1");
    QTest::newRow("empty") << QByteArray("  \n") << QStringLiteral("the file is empty");
    QTest::newRow("array root") << QByteArray("[1,2]") << QStringLiteral("expected a JSON object");
    QTest::newRow("missing key") << QByteArray(R"({"name":"T","version":"1","dimensions":[)" + dim
                                               + "]}")
                                 << QStringLiteral("\"key\" is missing");
    QTest::newRow("no dimensions") << doc("") << QStringLiteral("\"dimensions\" must not be empty");
    QTest::newRow("duplicate key")
        << doc(dim + "," + dim) << QStringLiteral("\"warmth\" is used twice");
    QTest::newRow("inverted scale")
        << doc(R"({"key":"w","name":"W","question":"Q","scale":{"min":5,"max":1}})")
        << QStringLiteral("must be above its min");
    QTest::newRow("anchor outside scale")
        << doc(R"({"key":"w","name":"W","question":"Q","anchors":{"7":"Seven"}})")
        << QStringLiteral("anchor 7 is outside the scale 1–5");
    QTest::newRow("anchor not a point")
        << doc(R"({"key":"w","name":"W","question":"Q","anchors":{"high":"x"}})")
        << QStringLiteral("is not a scale point");
    QTest::newRow("bad level") << doc(R"({"key":"w","name":"W","question":"Q","level":"session"})")
                               << QStringLiteral("level \"session\"");
    QTest::newRow("name not text") << doc(R"({"key":"w","name":5,"question":"Q"})")
                                   << QStringLiteral("\"name\" must be a string");
    QTest::newRow("bad key") << doc(R"({"key":"Warm th","name":"W","question":"Q"})")
                             << QStringLiteral("lower-case letters");
    QTest::newRow("missing question") << doc(R"({"key":"w","name":"W"})")
                                      << QStringLiteral("dimension 1 (w): \"question\" is missing");
}

void TestTaxonomy::malformedInstrument()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    try {
        taxonomy::parse(json, QStringLiteral("custom.json"));
        QFAIL("a malformed instrument was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().startsWith(QStringLiteral("custom.json")), qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
}

void TestTaxonomy::syntaxErrorNamesLineAndColumn()
{
    const QByteArray json = "{\n  \"key\": \"t\",\n  \"name\": ,\n}";
    try {
        taxonomy::parse(json, QStringLiteral("t.json"));
        QFAIL("accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("line 3, column 11")),
                 qPrintable(e.message()));
    }
    try {
        taxonomy::load(QStringLiteral("/nonexistent/taxonomy.json"));
        QFAIL("accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("/nonexistent/taxonomy.json")),
                 qPrintable(e.message()));
    }
}

void TestTaxonomy::formsLoad()
{
    const Form context = forms::context();
    QCOMPARE(context.key, QStringLiteral("context"));
    const FormField *task = context.field(QStringLiteral("task_type"));
    QVERIFY(task);
    QCOMPARE(task->type, FormField::Type::Choice);
    QCOMPARE(task->options.size(), 8);
    QVERIFY(task->required);
    for (const char *key :
         {"goal_achieved", "expectations_met", "mood_before", "mood_after", "time_pressure"}) {
        const FormField *f = context.field(QString::fromLatin1(key));
        QVERIFY2(f, key);
        QCOMPARE(f->type, FormField::Type::Scale);
        QCOMPARE(f->min, 1);
        QCOMPARE(f->max, 5);
    }
    QCOMPARE(context.field(QStringLiteral("note"))->type, FormField::Type::Text);

    const Form profile = forms::profile();
    QStringList keys;
    for (const FormField &f : profile.fields)
        keys << f.key;
    QCOMPARE(keys,
             (QStringList {QStringLiteral("age_band"), QStringLiteral("gender"),
                           QStringLiteral("role"), QStringLiteral("ai_use_frequency"),
                           QStringLiteral("trust_in_ai"), QStringLiteral("native_language")}));
    QVERIFY(profile.field(QStringLiteral("gender"))->allowOther);
}

void TestTaxonomy::malformedForm_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const auto form = [](const QByteArray &field) -> QByteArray {
        return QByteArray(R"({"key":"f","title":"F","fields":[)") + field + "]}";
    };
    QTest::newRow("unknown type") << form(R"({"key":"a","label":"A","type":"slider"})")
                                  << QStringLiteral("type \"slider\"");
    QTest::newRow("choice without options") << form(R"({"key":"a","label":"A","type":"choice"})")
                                            << QStringLiteral("\"options\" is missing");
    QTest::newRow("duplicate option") << form(
        R"({"key":"a","label":"A","type":"choice","options":[{"value":"x","label":"X"},{"value":"x","label":"Y"}]})")
                                      << QStringLiteral("option \"x\" is listed twice");
    QTest::newRow("inverted scale")
        << form(R"({"key":"a","label":"A","type":"scale","min":5,"max":1})")
        << QStringLiteral("max (1) must be above min (5)");
    QTest::newRow("duplicate field")
        << form(R"({"key":"a","label":"A","type":"text"},{"key":"a","label":"B","type":"text"})")
        << QStringLiteral("\"a\" is used twice");
    QTest::newRow("missing label")
        << form(R"({"key":"a","type":"text"})") << QStringLiteral("\"label\" is missing");
    QTest::newRow("no fields") << QByteArray(R"({"key":"f","title":"F","fields":[]})")
                               << QStringLiteral("\"fields\" must not be empty");
    QTest::newRow("truncated") << QByteArray(R"({"key":"f","title":"F","fields":[{"key")")
                               << QStringLiteral("not valid JSON");
}

void TestTaxonomy::malformedForm()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    try {
        forms::parse(json, QStringLiteral("myform.json"));
        QFAIL("a malformed form was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().startsWith(QStringLiteral("myform.json")), qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
}

void TestTaxonomy::validatesAnswers()
{
    const Form context = forms::context();
    const QJsonObject good {{QStringLiteral("task_type"), QStringLiteral("coding")},
                            {QStringLiteral("goal_achieved"), 4},
                            {QStringLiteral("note"), QStringLiteral("fine")}};
    QCOMPARE(context.validate(good), QStringList());
    QCOMPARE(context.validate({}).size(), 1); // task type is required

    QJsonObject bad = good;
    bad.insert(QStringLiteral("goal_achieved"), 6);
    bad.insert(QStringLiteral("task_type"), QStringLiteral("gardening"));
    bad.insert(QStringLiteral("shoe_size"), 42);
    bad.insert(QStringLiteral("mood_after"), 2.5);
    const QStringList problems = context.validate(bad);
    QCOMPARE(problems.size(), 4);
    QVERIFY(problems.join(QLatin1Char(' ')).contains(QStringLiteral("shoe_size")));

    const Form profile = forms::profile();
    QCOMPARE(profile.validate({{QStringLiteral("gender"), QStringLiteral("genderqueer")}}),
             QStringList()); // self-described answers are allowed there
    QCOMPARE(profile.validate({{QStringLiteral("age_band"), QStringLiteral("12")}}).size(), 1);
}

namespace {

bool hasLatinLetter(const QString &text)
{
    for (const QChar c : text) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z'))
            || (c >= QLatin1Char('A') && c <= QLatin1Char('Z')))
            return true;
    }
    return false;
}

} // namespace

void TestTaxonomy::shippedWordingIsTranslated()
{
    // Every name, question and anchor a participant reads has Simplified Chinese wording.
    const QString zh = QStringLiteral("zh_CN/");
    for (const QString &path : {QStringLiteral(":/sense7/taxonomy/sense7.json"),
                                QStringLiteral(":/sense7/taxonomy/esconv.json")}) {
        const Instrument instrument = taxonomy::load(path);
        QVERIFY2(instrument.translations.contains(zh + QStringLiteral("description")),
                 qPrintable(path));
        for (const Dimension &d : instrument.dimensions) {
            const QString where = path + QLatin1Char(' ') + d.key;
            QVERIFY2(d.translations.contains(zh + QStringLiteral("name")), qPrintable(where));
            QVERIFY2(d.translations.contains(zh + QStringLiteral("question")), qPrintable(where));
            for (int point : d.anchors.keys())
                QVERIFY2(d.translations.contains(zh + QStringLiteral("anchor/%1").arg(point)),
                         qPrintable(where + QStringLiteral(" anchor %1").arg(point)));
        }
    }
    for (const Form &form : {forms::context(), forms::profile()}) {
        QVERIFY2(form.translations.contains(zh + QStringLiteral("title")), qPrintable(form.key));
        QVERIFY2(form.translations.contains(zh + QStringLiteral("description")),
                 qPrintable(form.key));
        for (const FormField &f : form.fields) {
            const QString where = form.key + QLatin1Char(' ') + f.key;
            QVERIFY2(f.translations.contains(zh + QStringLiteral("label")), qPrintable(where));
            if (!f.help.isEmpty())
                QVERIFY2(f.translations.contains(zh + QStringLiteral("help")), qPrintable(where));
            for (int point : f.anchors.keys())
                QVERIFY2(f.translations.contains(zh + QStringLiteral("anchor/%1").arg(point)),
                         qPrintable(where + QStringLiteral(" anchor %1").arg(point)));
            for (const FormField::Option &option : f.options) {
                if (hasLatinLetter(option.label))
                    QVERIFY2(f.translations.contains(zh + QStringLiteral("option/") + option.value),
                             qPrintable(where + QStringLiteral(" option ") + option.value));
            }
        }
    }
}

void TestTaxonomy::displayFollowsTheLanguage()
{
    const Instrument instrument = taxonomy::sense7();
    const Dimension &first = instrument.dimensions.constFirst();
    const Form context = forms::context();
    const FormField *task = context.field(QStringLiteral("task_type"));

    QCOMPARE(first.displayName(), QStringLiteral("Acknowledgment"));
    QCOMPARE(context.displayOptionLabel(QStringLiteral("task_type"), QStringLiteral("coding")),
             QStringLiteral("Coding"));

    i18n::setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(first.displayName(), QStringLiteral("认可"));
    QVERIFY(first.displayQuestion().startsWith(QStringLiteral("在这条回复中")));
    QVERIFY(first.displayAnchors().value(1).startsWith(QStringLiteral("完全没有")));
    QCOMPARE(first.displayAnchors().keys(), first.anchors.keys());
    QCOMPARE(task->displayLabel(), QStringLiteral("这是什么类型的任务？"));
    QCOMPARE(context.displayOptionLabel(QStringLiteral("task_type"), QStringLiteral("coding")),
             QStringLiteral("编程"));
    QCOMPARE(context.displayTitle(), QStringLiteral("关于这段对话"));
    // The English wording, which data sets and exports use, is untouched.
    QCOMPARE(first.name, QStringLiteral("Acknowledgment"));
    QCOMPARE(context.optionLabel(QStringLiteral("task_type"), QStringLiteral("coding")),
             QStringLiteral("Coding"));
    // An untranslated option keeps its English label; an unknown value stays itself.
    const Form profile = forms::profile();
    QCOMPARE(profile.displayOptionLabel(QStringLiteral("age_band"), QStringLiteral("25-34")),
             QStringLiteral("25–34"));
    QCOMPARE(profile.displayOptionLabel(QStringLiteral("age_band"), QStringLiteral("odd")),
             QStringLiteral("odd"));

    // "zh" alone also finds the zh_CN wording's base language only when written as "zh".
    i18n::Translations t {{QStringLiteral("zh/name"), QStringLiteral("甲")}};
    QCOMPARE(i18n::pick(t, QStringLiteral("name"), QStringLiteral("A"), QStringLiteral("zh_TW")),
             QStringLiteral("甲"));
    QCOMPARE(i18n::pick(t, QStringLiteral("name"), QStringLiteral("A"), QStringLiteral("fr_FR")),
             QStringLiteral("A"));

    i18n::setLanguage(QStringLiteral("en_GB"));
    QCOMPARE(i18n::language(), QString());
    QCOMPARE(first.displayName(), QStringLiteral("Acknowledgment"));
}

void TestTaxonomy::dataSetKeepsEnglishAndTranslations()
{
    // Created while the application shows Chinese: the data set still stores English wording
    // and gives the Chinese back for display.
    i18n::setLanguage(QStringLiteral("zh_CN"));
    auto store = Store::create(QStringLiteral(":memory:"));
    const Instrument stored = store->instruments().constFirst();
    QCOMPARE(stored.dimensions[1].name, QStringLiteral("Understanding"));
    QCOMPARE(stored.dimensions[1].displayName(), QStringLiteral("理解"));
    QCOMPARE(stored.displayName(), QStringLiteral("SENSE-7"));
    QVERIFY(stored.displayDescription().contains(QStringLiteral("共情")));

    // An instrument defined without translations, or with an unreadable definition, shows
    // English.
    Instrument plain = taxonomy::parse(
        R"({"key":"t","name":"T","version":"1","dimensions":[{"key":"w","name":"W","question":"Q"}]})",
        QStringLiteral("t.json"));
    QCOMPARE(plain.dimensions[0].displayName(), QStringLiteral("W"));
    plain.definition = "{\"broken";
    taxonomy::attachTranslations(plain);
    QCOMPARE(plain.dimensions[0].displayQuestion(), QStringLiteral("Q"));

    // A scale that starts at 0 has its 0 anchor translated like any other.
    const Instrument zero = taxonomy::parse(
        R"({"key":"z","name":"Z","version":"1","dimensions":[{"key":"w","name":"W","question":"Q",)"
        R"("scale":{"min":0,"max":4},"anchors":{"0":"None","4":"All"},)"
        R"("translations":{"zh_CN":{"anchors":{"0":"没有","4":"全部"}}}}]})",
        QStringLiteral("z.json"));
    QCOMPARE(zero.dimensions[0].displayAnchors().value(0), QStringLiteral("没有"));
}

void TestTaxonomy::malformedTranslation_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const auto doc = [](const QByteArray &translations) -> QByteArray {
        return QByteArray(R"({"key":"t","name":"T","version":"1","dimensions":[)"
                          R"({"key":"w","name":"W","question":"Q","anchors":{"1":"Low"},)"
                          R"("translations":)")
            + translations + "}]}";
    };
    QTest::newRow("not an object")
        << doc("[]") << QStringLiteral("\"translations\" must be an object");
    QTest::newRow("bad language") << doc(R"({"Chinese":{"name":"甲"}})")
                                  << QStringLiteral(
                                         "\"Chinese\" in \"translations\" is not a language code");
    QTest::newRow("language not object")
        << doc(R"({"zh_CN":"甲"})") << QStringLiteral("translations.zh_CN: expected a JSON object");
    QTest::newRow("empty name") << doc(R"({"zh_CN":{"name":" "}})")
                                << QStringLiteral("\"name\" must be a non-empty string");
    QTest::newRow("number") << doc(R"({"zh_CN":{"question":3}})")
                            << QStringLiteral("\"question\" must be a non-empty string");
    QTest::newRow("anchor not a number") << doc(R"({"zh_CN":{"anchors":{"low":"低"}}})")
                                         << QStringLiteral("anchor \"low\" has no English anchor");
    QTest::newRow("anchor without English") << doc(R"({"zh_CN":{"anchors":{"5":"高"}}})")
                                            << QStringLiteral("anchor \"5\" has no English anchor");
    QTest::newRow("unknown field") << doc(R"({"zh_CN":{"label":"甲"}})")
                                   << QStringLiteral("\"label\" cannot be translated here");
}

void TestTaxonomy::malformedTranslation()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    try {
        taxonomy::parse(json, QStringLiteral("custom.json"));
        QFAIL("a malformed translation was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().startsWith(QStringLiteral("custom.json: dimension 1 (w)")),
                 qPrintable(e.message()));
        QVERIFY2(e.message().contains(expected), qPrintable(e.message()));
    }
    // A form's option translation must name one of its options.
    try {
        forms::parse(
            R"({"key":"f","title":"F","fields":[{"key":"a","label":"A","type":"choice",)"
            R"("options":[{"value":"x","label":"X"}],"translations":{"zh_CN":{"options":{"y":"乙"}}}}]})",
            QStringLiteral("form.json"));
        QFAIL("an unknown option was accepted");
    } catch (const Error &e) {
        QVERIFY2(
            e.message().contains(QStringLiteral("option \"y\" is not one of the field's options")),
            qPrintable(e.message()));
    }
}

QTEST_GUILESS_MAIN(TestTaxonomy)
#include "tst_taxonomy.moc"
