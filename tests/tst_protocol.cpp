// Study protocols: the shipped files, validation with positions, storage in a data set, the
// migration of older data sets, fingerprints, the dimension order, and the commands.

#include "demo.h"
#include "error.h"
#include "export/writer.h"
#include "import/importer.h"
#include "integrity.h"
#include "live/assignment.h"
#include "protocol.h"
#include "schema.h"
#include "sqlite.h"
#include "store.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <numeric>

using namespace sense7;

namespace {

const QString dataDir = QStringLiteral(SENSE7_TEST_DATA "/protocols");

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result sense7Cli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(SENSE7_CLI), arguments);
    if (!process.waitForFinished(60000))
        qFatal("sense7 did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QStringList keysOf(const QVector<Dimension> &dimensions)
{
    QStringList keys;
    for (const Dimension &d : dimensions)
        keys << d.key;
    return keys;
}

QStringList keysOf(const Form &form)
{
    QStringList keys;
    for (const FormField &f : form.fields)
        keys << f.key;
    return keys;
}

} // namespace

class TestProtocol : public QObject
{
    Q_OBJECT

private slots:
    void shippedProtocolsLoad();
    void sense7ProtocolIsTodaysSetUp();
    void exampleLoads();
    void readmeExampleIsTheTestedOne();
    void malformed_data();
    void malformed();
    void fingerprintIgnoresLayout();
    void liveSectionParsed();
    void liveSectionDefaults();
    void liveCanonicalFromFields();
    void liveMalformed_data();
    void liveMalformed();
    void dataSetsWithOneLabelTwiceStillOpen();
    void randomOrderIsAReproduciblePermutation();
    void roundTripThroughDataSet();
    void createdDataSetsRecordTheirProtocol();
    void oldDataSetBecomesSense7Protocol();
    void oldDataSetKeepsExtraInstruments();
    void formatFiveStudyMigrates();
    void compareNamesDifferences();
    void initWithEachShippedProtocol();
    void initWithProtocolFile();
    void initRefusesBadProtocol();
    void checkCommand();
    void showCommand();
    void hundredPointScaleRoundTrips();
    void wideScalesLabelTheirEnds();
    void liveProtocolIsSense7WithScriptedConditions();
    void showListsConditionsAndAssignments();
    void showListsEndpointsWithoutKeys();
    void bundleCarriesItsProtocol();
    void bundleFromAnotherProtocolIsRefused();
    void bundleFromCompatibleProtocolIsAccepted();
    void oldBundleCountsAsSense7();
    void recoverKeepsTheProtocol();
    void recoverRebuildsTheProtocolsInstruments();
};

void TestProtocol::shippedProtocolsLoad()
{
    QCOMPARE(protocol::shippedKeys(),
             (QStringList {QStringLiteral("sense7"), QStringLiteral("esconv"),
                           QStringLiteral("perceived_empathy"), QStringLiteral("sense7_live")}));
    for (const QString &key : protocol::shippedKeys()) {
        const Protocol p = protocol::shipped(key);
        QCOMPARE(p.key, key);
        QVERIFY(!p.instruments.isEmpty());
        QVERIFY(p.sharing);
        QVERIFY(!p.consent.isEmpty());
        QVERIFY(!p.translations.value(QStringLiteral("zh_CN/consent")).isEmpty());
        QVERIFY(!p.context.fields.isEmpty());
        QCOMPARE(p.fingerprint().size(), 16);
    }
    const Protocol esconv = protocol::shipped(QStringLiteral("esconv"));
    QCOMPARE(esconv.primary().key, QStringLiteral("esconv"));
    QVERIFY(!esconv.primary().allowsNotApplicable);
    QCOMPARE(keysOf(esconv.primary().dimensionsAt(Level::Turn)),
             QStringList {QStringLiteral("feedback")});
    QCOMPARE(esconv.primary().dimensionsAt(Level::Conversation).size(), 5);
    // ESConv's importer stores these context fields; the protocol's form asks them.
    for (const char *field : {"emotion_type", "problem_type", "experience_type", "situation"})
        QVERIFY2(esconv.context.field(QString::fromLatin1(field)), field);

    const Protocol empathy = protocol::shipped(QStringLiteral("perceived_empathy"));
    const Instrument &pe = empathy.primary();
    QCOMPARE(pe.key, QStringLiteral("perceived_empathy"));
    QCOMPARE(keysOf(pe.dimensionsAt(Level::Conversation)),
             (QStringList {QStringLiteral("felt_understood"), QStringLiteral("validated"),
                           QStringLiteral("affirmed"), QStringLiteral("seen"),
                           QStringLiteral("accepted"), QStringLiteral("cared_for")}));
    QCOMPARE(keysOf(pe.dimensionsAt(Level::Turn)), QStringList {QStringLiteral("reply_empathy")});
    for (const Dimension &d : pe.dimensions) {
        QCOMPARE(d.scaleMin, 1);
        QCOMPARE(d.scaleMax, 7);
        QCOMPARE(d.anchors.size(), 7);
        QCOMPARE(d.anchors.value(1), QStringLiteral("Strongly disagree"));
        QCOMPARE(d.anchors.value(7), QStringLiteral("Strongly agree"));
    }
    QCOMPARE(keysOf(empathy.context),
             (QStringList {QStringLiteral("topic"), QStringLiteral("distress_before"),
                           QStringLiteral("wanted_empathy")}));
    QCOMPARE(empathy.order, DimensionOrder::Random);
}

void TestProtocol::sense7ProtocolIsTodaysSetUp()
{
    const Protocol p = protocol::sense7();
    QCOMPARE(p.key, QStringLiteral("sense7"));
    QCOMPARE(p.instruments.size(), 1);
    const Instrument before = taxonomy::load(QStringLiteral(":/sense7/taxonomy/sense7.json"));
    const Instrument &now = p.primary();
    QCOMPARE(now.key, before.key);
    QCOMPARE(now.version, before.version);
    QCOMPARE(now.allowsNotApplicable, before.allowsNotApplicable);
    QCOMPARE(now.dimensions.size(), 7);
    for (int i = 0; i < now.dimensions.size(); ++i) {
        QCOMPARE(now.dimensions[i].key, before.dimensions[i].key);
        QCOMPARE(now.dimensions[i].question, before.dimensions[i].question);
        QCOMPARE(now.dimensions[i].anchors, before.dimensions[i].anchors);
        QCOMPARE(now.dimensions[i].translations, before.dimensions[i].translations);
        QCOMPARE(now.dimensions[i].level, Level::Turn);
        QCOMPARE(now.dimensions[i].roles, QStringList {QStringLiteral("assistant")});
        QVERIFY(now.dimensions[i].required);
    }
    QCOMPARE(keysOf(p.context), keysOf(forms::context()));
    QCOMPARE(keysOf(p.profile), keysOf(forms::profile()));
    const RetestPlan defaults;
    QCOMPARE(p.retest.enabled, defaults.enabled);
    QCOMPARE(p.retest.everyConversations, defaults.everyConversations);
    QCOMPARE(p.retest.percent, defaults.percent);
    QCOMPARE(p.order, DimensionOrder::Fixed);
    QCOMPARE(taxonomy::sense7().definition, now.definition);
}

void TestProtocol::exampleLoads()
{
    const Protocol p = protocol::load(dataDir + QStringLiteral("/example.json"));
    QCOMPARE(p.key, QStringLiteral("tutoring_study"));
    QCOMPARE(p.instruments.size(), 1);
    const Instrument &tutoring = p.primary();
    QCOMPARE(keysOf(tutoring.dimensions),
             (QStringList {QStringLiteral("clarity"), QStringLiteral("encouragement"),
                           QStringLiteral("learned")}));
    const Dimension &clarity = tutoring.dimensions[0];
    QVERIFY(clarity.required);
    QVERIFY(clarity.allowsNotApplicable); // the instrument's
    const Dimension &encouragement = tutoring.dimensions[1];
    QCOMPARE(encouragement.scaleMax, 4);
    QVERIFY(!encouragement.required);
    QVERIFY(!encouragement.allowsNotApplicable);
    QCOMPARE(encouragement.anchors.keys(), (QList<int> {1, 4})); // an even scale: the ends
    const Dimension &learned = tutoring.dimensions[2];
    QCOMPARE(learned.level, Level::Conversation);
    QCOMPARE(learned.scaleMin, 0);
    QCOMPARE(learned.scaleMax, 10);
    QCOMPARE(learned.anchors.keys(), (QList<int> {0, 5, 10}));
    QCOMPARE(keysOf(p.context),
             (QStringList {QStringLiteral("subject"), QStringLiteral("minutes"),
                           QStringLiteral("comment")}));
    QCOMPARE(p.context.key, QStringLiteral("context"));
    QCOMPARE(keysOf(p.profile), QStringList {QStringLiteral("year")});
    QVERIFY(p.sharing);
    QVERIFY(p.consent.startsWith(QStringLiteral("Sharing sends your ratings")));
    QCOMPARE(p.retest.everyConversations, 4);
    QCOMPARE(p.retest.percent, 20);
    QCOMPARE(p.order, DimensionOrder::Random);
    QCOMPARE(p.orderSeed, quint64(7));
    QCOMPARE(p.translations.value(QStringLiteral("zh_CN/name")), QStringLiteral("辅导研究"));
}

void TestProtocol::readmeExampleIsTheTestedOne()
{
    // The README's "Your own study" example is tests/data/protocols/example.json, so it stays
    // valid.
    const QString readme =
        QString::fromUtf8(test::readFile(QStringLiteral(SENSE7_TEST_DATA "/../../README.md")));
    const qsizetype section = readme.indexOf(QStringLiteral("## Your own study"));
    QVERIFY(section >= 0);
    const qsizetype start = readme.indexOf(QStringLiteral("```json\n"), section);
    QVERIFY(start > section);
    const qsizetype end = readme.indexOf(QStringLiteral("\n```"), start + 8);
    QVERIFY(end > start);
    const QString example = readme.mid(start + 8, end - start - 8 + 1);
    QCOMPARE(example, QString::fromUtf8(test::readFile(dataDir + QStringLiteral("/example.json"))));
}

void TestProtocol::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *file, const QString &message) {
        QTest::newRow(file) << QString::fromLatin1(file) << message;
    };
    row("duplicate_dimension_key",
        QStringLiteral("duplicate_dimension_key.json:23:18: instrument \"tutoring\", dimension 2 "
                       "(\"clarity\"): the key \"clarity\" is used by dimension 1 too"));
    row("duplicate_instrument_key",
        QStringLiteral("duplicate_instrument_key.json:44:14: instrument 2 (\"tutoring\"): the key "
                       "\"tutoring\" is used by instrument 1 too"));
    row("scale_of_one_point",
        QStringLiteral("scale_of_one_point.json:27:20: instrument \"tutoring\", dimension 2 "
                       "(\"encouragement\"): the scale has 1 point; a scale has 2 to 101"));
    row("scale_of_102_points",
        QStringLiteral("scale_of_102_points.json:37:20: instrument \"tutoring\", dimension 3 "
                       "(\"learned\"): the scale has 102 points; a scale has 2 to 101"));
    row("label_outside_the_scale",
        QStringLiteral("label_outside_the_scale.json:28:46: instrument \"tutoring\", dimension 2 "
                       "(\"encouragement\"): the label for 6 is outside the scale 1–4"));
    row("labels_some_middle_points",
        QStringLiteral("labels_some_middle_points.json:20:21: instrument \"tutoring\", dimension 1 "
                       "(\"clarity\"): labels for 1, 2, 5 do not fit the scale 1–5: label every "
                       "point (missing: 3, 4) or only the ends and middle, 1, 3, 5 (3 missing; 2 "
                       "not an end or the middle)"));
    row("labels_missing",
        QStringLiteral("labels_missing.json:32:9: instrument \"tutoring\", dimension 3 "
                       "(\"learned\"): \"labels\" is missing: label every point of the scale, or "
                       "the ends and middle (0, 5, 10)"));
    row("labels_and_anchors",
        QStringLiteral("labels_and_anchors.json:29:22: instrument \"tutoring\", dimension 2 "
                       "(\"encouragement\"): give \"labels\" or \"anchors\" (the older name), not "
                       "both"));
    row("unknown_level",
        QStringLiteral("unknown_level.json:36:20: instrument \"tutoring\", dimension 3 "
                       "(\"learned\"): level \"session\" must be \"turn\" or \"conversation\""));
    row("unknown_role",
        QStringLiteral("unknown_role.json:19:34: instrument \"tutoring\", dimension 1 "
                       "(\"clarity\"): \"bot\" is not a role; the roles are user, assistant, "
                       "system, tool"));
    row("unknown_field_type",
        QStringLiteral("unknown_field_type.json:51:78: form \"context\", field 2 (\"minutes\"): "
                       "\"slider\" is not a field type; the types are "));
    row("duplicate_field_key",
        QStringLiteral("duplicate_field_key.json:52:17: form \"context\", field 3 (\"minutes\"): "
                       "the key \"minutes\" is used twice"));
    row("missing_consent",
        QStringLiteral("missing_consent.json:63:14: sharing: sharing is enabled but there is no "
                       "consent text: add \"consent\", the text shown before anything is shared"));
    row("bad_order_mode",
        QStringLiteral("bad_order_mode.json:68:31: dimension_order: mode \"shuffled\" must be "
                       "\"fixed\" or \"random\""));
    row("retest_percent_out_of_range",
        QStringLiteral("retest_percent_out_of_range.json:67:68: retest: \"percent\" must be from "
                       "1 to 100"));
    row("empty_instruments",
        QStringLiteral("empty_instruments.json:7:18: \"instruments\" is empty: a study rates with "
                       "at least one instrument"));
    row("syntax_error",
        QStringLiteral("syntax_error.json:6:15: not valid JSON: syntax error while parsing object "
                       "- unexpected string literal; expected '}'"));
    row("study_key_not_a_key",
        QStringLiteral("study_key_not_a_key.json:3:10: the study key \"Tutoring Study\" must be "
                       "lower-case letters, digits and _, starting with a letter (e.g. "
                       "\"my_study\")"));
    row("unknown_dimension_field",
        QStringLiteral("unknown_dimension_field.json:29:23: instrument \"tutoring\", dimension 2 "
                       "(\"encouragement\"): \"requried\" is not a field here; the fields are key, "
                       "name, question, scale, labels, anchors, level, roles, required, "
                       "not_applicable, translations"));
}

void TestProtocol::malformed()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    const QString path = dataDir + QStringLiteral("/bad/") + file + QStringLiteral(".json");
    QVERIFY(QFileInfo::exists(path));
    try {
        protocol::load(path);
        QFAIL("the protocol was accepted");
    } catch (const Error &e) {
        if (file == QLatin1String("unknown_field_type")) {
            // The list of types grows with the forms; it must name the known ones.
            QVERIFY2(e.message().startsWith(message), qPrintable(e.message()));
            QVERIFY(e.message().contains(QStringLiteral("choice")));
            QVERIFY(e.message().contains(QStringLiteral("text")));
        } else {
            QCOMPARE(e.message(), message);
        }
    }
    // Every variant has its own message.
    static QSet<QString> seen;
    QVERIFY(!seen.contains(message));
    seen.insert(message);
}

namespace {

/** A small protocol around a "live" section; § marks where an error should point. */
QByteArray liveProtocolText(const QString &live)
{
    return QStringLiteral(R"({
  "key": "live_study",
  "name": "Live study",
  "version": "1",
  "instruments": [{"key": "help", "name": "Help", "version": "1", "dimensions": [
    {"key": "helpful", "name": "Helpful", "question": "This reply helped me.", "level": "turn",
     "scale": {"min": 1, "max": 2}, "labels": {"1": "No", "2": "Yes"}}]}],
  "live": %1
})")
        .arg(live)
        .toUtf8();
}

const char *const liveExample = R"({
    "conditions": [
      {"key": "empathic", "label": "Assistant A",
       "endpoint": {"url": "https://api.example.org/v1", "model": "gpt-4o-mini",
                    "system_prompt": "You are an empathic assistant.", "temperature": 0.4,
                    "max_tokens": 512, "history_turns": 20, "api_key_env": "OPENAI_API_KEY"}},
      {"key": "forgetful",
       "scripted": {"replies": [{"text": "Tell me more.", "match": "deadline", "turn": 1},
                                {"text": "Which project was that?"}],
                    "fallback": "I see.", "chunk_ms": 5}}
    ],
    "assignment": {"design": "within", "seed": 42},
    "blinded": false,
    "rating": {"when": "at_end", "required": true}
  })";

} // namespace

void TestProtocol::liveSectionParsed()
{
    const Protocol p = protocol::parse(liveProtocolText(QString::fromUtf8(liveExample)),
                                       QStringLiteral("live.json"));
    const LivePlan &live = p.live;
    QCOMPARE(live.conditions.size(), 2);
    const AssistantCondition &a = live.conditions[0];
    QCOMPARE(a.key, QStringLiteral("empathic"));
    QCOMPARE(a.label, QStringLiteral("Assistant A"));
    QCOMPARE(a.kind, AssistantCondition::Kind::Endpoint);
    QCOMPARE(a.url, QUrl(QStringLiteral("https://api.example.org/v1")));
    QCOMPARE(a.model, QStringLiteral("gpt-4o-mini"));
    QCOMPARE(a.systemPrompt, QStringLiteral("You are an empathic assistant."));
    QCOMPARE(a.temperature, 0.4);
    QCOMPARE(a.maxTokens, 512);
    QCOMPARE(a.historyTurns, 20);
    QCOMPARE(a.apiKeyVariable, QStringLiteral("OPENAI_API_KEY"));
    const AssistantCondition &b = live.conditions[1];
    QCOMPARE(b.key, QStringLiteral("forgetful"));
    QCOMPARE(b.label, QStringLiteral("Assistant B")); // by its position
    QCOMPARE(b.kind, AssistantCondition::Kind::Scripted);
    QCOMPARE(b.replies.size(), 2);
    QCOMPARE(b.replies[0].text, QStringLiteral("Tell me more."));
    QCOMPARE(b.replies[0].match, QStringLiteral("deadline"));
    QCOMPARE(b.replies[0].turn, 1);
    QCOMPARE(b.replies[1].match, QString());
    QCOMPARE(b.replies[1].turn, 0);
    QCOMPARE(b.fallback, QStringLiteral("I see."));
    QCOMPARE(b.chunkMs, 5);
    QCOMPARE(live.design, AssignmentDesign::Within);
    QCOMPARE(live.seed, quint64(42));
    QVERIFY(!live.blinded);
    QCOMPARE(live.rating, RatingTiming::AtEnd);
    QVERIFY(live.ratingRequired);
    QCOMPARE(live.condition(QStringLiteral("forgetful")), &b);
    QCOMPARE(live.condition(QStringLiteral("none")), nullptr);

    // The fingerprint covers the live plan: another seed or prompt is another protocol.
    const QString fingerprint = p.fingerprint();
    for (const auto &[from, to] : {std::pair {"\"seed\": 42", "\"seed\": 43"},
                                   std::pair {"an empathic assistant", "a terse assistant"},
                                   std::pair {"\"chunk_ms\": 5", "\"chunk_ms\": 6"}}) {
        QByteArray changed = liveProtocolText(QString::fromUtf8(liveExample));
        QVERIFY(changed.contains(from));
        changed.replace(from, to);
        QVERIFY(protocol::parse(changed, QStringLiteral("live.json")).fingerprint() != fingerprint);
    }
    // A data set keeps it.
    QTemporaryDir dir;
    auto store = Store::create(dir.filePath(QStringLiteral("live.sense7")), p);
    const Protocol stored = store->protocol();
    QCOMPARE(stored.fingerprint(), fingerprint);
    QCOMPARE(stored.live.conditions.size(), 2);
    QCOMPARE(stored.live.conditions[0].systemPrompt, a.systemPrompt);
    QCOMPARE(stored.live.conditions[1].replies.size(), 2);
    QCOMPARE(stored.live.design, AssignmentDesign::Within);
}

void TestProtocol::liveSectionDefaults()
{
    const Protocol p = protocol::parse(liveProtocolText(QStringLiteral(R"({"conditions": [
            {"key": "a", "scripted": {"replies": [{"text": "Hello."}]}},
            {"key": "b", "scripted": {"replies": [{"text": "Hi."}]}},
            {"key": "c", "endpoint": {"url": "http://localhost:8080/v1", "model": "m"}}]})")),
                                       QStringLiteral("live.json"));
    const LivePlan &live = p.live;
    QCOMPARE(live.conditions[0].label, QStringLiteral("Assistant A"));
    QCOMPARE(live.conditions[1].label, QStringLiteral("Assistant B"));
    QCOMPARE(live.conditions[2].label, QStringLiteral("Assistant C"));
    QCOMPARE(live.conditions[0].chunkMs, 20);
    QCOMPARE(live.conditions[2].temperature, 0.7);
    QCOMPARE(live.conditions[2].maxTokens, 0);
    QCOMPARE(live.conditions[2].historyTurns, -1);
    QCOMPARE(live.design, AssignmentDesign::Between);
    QCOMPARE(live.seed, quint64(0));
    QVERIFY(live.blinded);
    QCOMPARE(live.rating, RatingTiming::AfterEachReply);
    QVERIFY(!live.ratingRequired);
    // Without a "live" section there are no conditions.
    QVERIFY(protocol::sense7().live.conditions.isEmpty());
}

void TestProtocol::liveCanonicalFromFields()
{
    // A protocol made in code (no definition) writes its live plan, and reads back the same.
    Protocol p = protocol::parse(liveProtocolText(QString::fromUtf8(liveExample)),
                                 QStringLiteral("live.json"));
    const Protocol fromFile = p;
    p.definition.clear();
    const QByteArray written = protocol::canonical(p);
    QVERIFY(written.contains("\"live\""));
    const Protocol again = protocol::parse(written, QStringLiteral("written.json"));
    QCOMPARE(again.live.conditions.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const AssistantCondition &x = fromFile.live.conditions[i];
        const AssistantCondition &y = again.live.conditions[i];
        QCOMPARE(y.key, x.key);
        QCOMPARE(y.label, x.label);
        QCOMPARE(y.kind, x.kind);
        QCOMPARE(y.url, x.url);
        QCOMPARE(y.model, x.model);
        QCOMPARE(y.systemPrompt, x.systemPrompt);
        QCOMPARE(y.temperature, x.temperature);
        QCOMPARE(y.maxTokens, x.maxTokens);
        QCOMPARE(y.historyTurns, x.historyTurns);
        QCOMPARE(y.apiKeyVariable, x.apiKeyVariable);
        QCOMPARE(y.replies.size(), x.replies.size());
        for (int r = 0; r < x.replies.size(); ++r) {
            QCOMPARE(y.replies[r].text, x.replies[r].text);
            QCOMPARE(y.replies[r].match, x.replies[r].match);
            QCOMPARE(y.replies[r].turn, x.replies[r].turn);
        }
        QCOMPARE(y.fallback, x.fallback);
        QCOMPARE(y.chunkMs, x.chunkMs);
    }
    QCOMPARE(again.live.design, fromFile.live.design);
    QCOMPARE(again.live.seed, fromFile.live.seed);
    QCOMPARE(again.live.blinded, fromFile.live.blinded);
    QCOMPARE(again.live.rating, fromFile.live.rating);
    QCOMPARE(again.live.ratingRequired, fromFile.live.ratingRequired);
}

void TestProtocol::liveMalformed_data()
{
    QTest::addColumn<QString>("live");
    QTest::addColumn<QString>("message");
    const auto row = [](const char *name, const char *live, const char *message) {
        QTest::newRow(name) << QString::fromUtf8(live) << QString::fromUtf8(message);
    };
    // An unknown field is pointed at by its value, as everywhere in the protocol.
    row("not_an_object", R"(§[])", "\"live\" must be an object");
    row("unknown_key", R"({"conditions": [], "seed": §3})",
        "live: \"seed\" is not a field here; the fields are conditions, assignment, blinded, "
        "rating");
    row("key_given_twice", R"({"blinded": true, §"blinded": false, "conditions": []})",
        "not valid JSON: the key \"blinded\" is given twice in one object; give each once");
    row("key_given_twice_deeper",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi.", §"text": "Ho."}]}}]})",
        "not valid JSON: the key \"text\" is given twice in one object; give each once");
    row("conditions_missing", R"(§{"blinded": true})",
        "live: \"conditions\" is missing: a live study has at least one");
    row("conditions_empty", R"({"conditions": §[]})",
        "live: \"conditions\" is empty: a live study has at least one assistant condition");
    row("condition_not_object", R"({"conditions": [§"a"]})",
        "live condition 1: a condition is a JSON object");
    row("condition_key_missing", R"({"conditions": [§{"scripted": {"replies": []}}]})",
        "live condition 1: \"key\" is missing");
    row("condition_key_not_a_key", R"({"conditions": [{"key": §"Empathic"}]})",
        "live condition 1: the key \"Empathic\" must be lower-case letters, digits and _");
    row("condition_unknown_key",
        R"({"conditions": [{"key": "a", "model": §"m", "scripted": {"replies": []}}]})",
        "live condition 1 (\"a\"): \"model\" is not a field here; the fields are key, label, "
        "endpoint, scripted");
    row("neither_endpoint_nor_scripted", R"({"conditions": [§{"key": "a", "label": "A"}]})",
        "live condition 1 (\"a\"): give \"endpoint\" (a chat-completions server) or "
        "\"scripted\" (replies written here)");
    row("both_endpoint_and_scripted",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "http://h/v1", "model": "m"},
                           "scripted": §{"replies": [{"text": "Hi."}]}}]})",
        "live condition 1 (\"a\"): give \"endpoint\" or \"scripted\", not both");
    row("duplicate_condition_key",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}},
                          {"key": §"a", "scripted": {"replies": [{"text": "Ho."}]}}]})",
        "live condition 2 (\"a\"): the key \"a\" is used by condition 1 too");
    row("duplicate_condition_label",
        R"({"conditions": [{"key": "a", "label": "Helper", "scripted": {"replies": [{"text": "Hi."}]}},
                          {"key": "b", "label": §"helper ", "scripted": {"replies": [{"text": "Ho."}]}}]})",
        "live condition 2 (\"b\"): the label \"helper\" is condition 1's too (case aside): "
        "participants could not tell the two assistants apart");
    // A label is the protocol author's text: a "%1" in it is not a placeholder of the message.
    row("duplicate_condition_label_with_percent",
        R"({"conditions": [{"key": "a", "label": "50%1 off", "scripted": {"replies": [{"text": "Hi."}]}},
                          {"key": "b", "label": §"50%1 off", "scripted": {"replies": [{"text": "Ho."}]}}]})",
        "live condition 2 (\"b\"): the label \"50%1 off\" is condition 1's too (case aside): "
        "participants could not tell the two assistants apart");
    row("label_of_a_default_label",
        R"({"conditions": [{"key": "a", "label": "Assistant B", "scripted": {"replies": [{"text": "Hi."}]}},
                          §{"key": "b", "scripted": {"replies": [{"text": "Ho."}]}}]})",
        "live condition 2 (\"b\"): the label \"Assistant B\" is condition 1's too (case "
        "aside): participants could not tell the two assistants apart");
    row("endpoint_not_object", R"({"conditions": [{"key": "a", "endpoint": §"http://h/v1"}]})",
        "live condition 1 (\"a\"): \"endpoint\" must be an object");
    row("endpoint_url_missing", R"({"conditions": [{"key": "a", "endpoint": §{"model": "m"}}]})",
        "live condition 1 (\"a\"): \"url\" is missing");
    row("endpoint_model_missing",
        R"({"conditions": [{"key": "a", "endpoint": §{"url": "https://h/v1"}}]})",
        "live condition 1 (\"a\"): \"model\" is missing");
    row("endpoint_model_empty",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": §" "}}]})",
        "live condition 1 (\"a\"): \"model\" must not be empty");
    row("endpoint_url_not_http",
        R"({"conditions": [{"key": "a", "endpoint": {"url": §"ftp://h/v1", "model": "m"}}]})",
        "live condition 1 (\"a\"): \"ftp://h/v1\" is not an http:// or https:// address (e.g. "
        "\"https://api.example.org/v1\")");
    row("endpoint_unknown_key",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "top_p": §1}}]})",
        "live condition 1 (\"a\"): \"top_p\" is not a field here; the fields are url, model, "
        "system_prompt, temperature, max_tokens, history_turns, api_key_env");
    row("endpoint_api_key",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "api_key": §"sk-123"}}]})",
        "live condition 1 (\"a\"): a protocol never holds an API key: name the environment "
        "variable that holds it in \"api_key_env\", or enter it in the studio");
    const auto inAddress = [&](const char *name, const char *url, const char *host) {
        const QByteArray live = R"({"conditions": [{"key": "a", "endpoint": {"url": §")"
            + QByteArray(url) + R"(", "model": "m"}}]})";
        const QByteArray message =
            "live condition 1 (\"a\"): a protocol never holds an API key or a password, not in "
            "its address either (only \"api-version\" may follow the path): remove it from the "
            "address of "
            + QByteArray(host)
            + " and name the environment variable that holds the key in \"api_key_env\", or "
              "enter it in the studio";
        QTest::newRow(name) << QString::fromUtf8(live) << QString::fromUtf8(message);
    };
    inAddress("endpoint_key_as_user", "https://me:sk-123@h1/v1", "h1");
    inAddress("endpoint_key_in_the_query", "https://h2/v1?api-version=2&Api-Key=sk", "h2");
    inAddress("endpoint_password_in_the_query", "https://h3/v1?pass=hunter2", "h3");
    inAddress("endpoint_key_in_the_fragment", "https://h4/v1#key=abc", "h4");
    inAddress("endpoint_token_in_the_path", "https://h5/bot123456:AAHsecret/v1", "h5");
    inAddress("endpoint_key_in_the_path", "https://h6/sk-proj-abc/v1", "h6");
    row("endpoint_api_key_env_not_a_name",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "api_key_env": §"MY-KEY"}}]})",
        "live condition 1 (\"a\"): \"MY-KEY\" is not the name of an environment variable (e.g. "
        "\"OPENAI_API_KEY\")");
    row("endpoint_temperature_out_of_range",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "temperature": §3}}]})",
        "live condition 1 (\"a\"): \"temperature\" must be from 0 to 2");
    row("endpoint_max_tokens_zero",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "max_tokens": §0}}]})",
        "live condition 1 (\"a\"): \"max_tokens\" must be from 1 to 1000000");
    row("endpoint_history_turns_negative",
        R"({"conditions": [{"key": "a", "endpoint": {"url": "https://h/v1", "model": "m",
                                                     "history_turns": §-1}}]})",
        "live condition 1 (\"a\"): \"history_turns\" must be from 0 to 100000");
    row("scripted_replies_missing", R"({"conditions": [{"key": "a", "scripted": §{}}]})",
        "live condition 1 (\"a\"): \"replies\" is missing: a scripted condition has at least "
        "one");
    row("scripted_replies_empty",
        R"({"conditions": [{"key": "a", "scripted": {"replies": §[], "fallback": "Hm."}}]})",
        "live condition 1 (\"a\"): \"replies\" is empty: a scripted condition has at least one "
        "reply");
    row("scripted_reply_text_empty",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."},
                                                                 {"text": §""}]}}]})",
        "live condition 1 (\"a\"), reply 2: \"text\" must not be empty");
    row("scripted_reply_unknown_key",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi.",
                                                                  "when": §"x"}]}}]})",
        "live condition 1 (\"a\"), reply 1: \"when\" is not a field here; the fields are text, "
        "match, turn");
    row("scripted_reply_turn_negative",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi.",
                                                                  "turn": §-2}]}}]})",
        "live condition 1 (\"a\"), reply 1: \"turn\" must be from 0 to 100000");
    row("scripted_chunk_ms_out_of_range",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}],
                                                     "chunk_ms": §5000}}]})",
        "live condition 1 (\"a\"): \"chunk_ms\" must be from 0 to 2000");
    row("scripted_chunk_ms_not_whole",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}],
                                                     "chunk_ms": §2.5}}]})",
        "live condition 1 (\"a\"): \"chunk_ms\" must be a whole number");
    row("bad_design",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "assignment": {"design": §"crossover"}})",
        "live assignment: design \"crossover\" must be \"between\" or \"within\"");
    row("negative_seed",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "assignment": {"seed": §-4}})",
        "live assignment: \"seed\" must be a whole number, 0 or more");
    row("assignment_unknown_key",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "assignment": {"blocks": §4}})",
        "live assignment: \"blocks\" is not a field here; the fields are design, seed");
    row("bad_when",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "rating": {"when": §"sometimes"}})",
        "live rating: when \"sometimes\" must be \"after_each_reply\" or \"at_end\"");
    row("rating_required_not_boolean",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "rating": {"required": §"yes"}})",
        "live rating: \"required\" must be true or false");
    row("blinded_not_boolean",
        R"({"conditions": [{"key": "a", "scripted": {"replies": [{"text": "Hi."}]}}],
            "blinded": §1})",
        "live: \"blinded\" must be true or false");
}

void TestProtocol::dataSetsWithOneLabelTwiceStillOpen()
{
    // A protocol file may no longer give two conditions one label; a data set or a study server
    // made under such a protocol before holds its conversations, and reads its copy as it did.
    const QByteArray text = liveProtocolText(QStringLiteral(
        R"({"conditions": [{"key": "a", "label": "Helper", "scripted": {"replies": [{"text": "Hi."}]}},
                           {"key": "b", "label": "Helper", "scripted": {"replies": [{"text": "Ho."}]}}]})"));
    QVERIFY_THROWS_EXCEPTION(Error, protocol::parseWritten(text, QStringLiteral("live.json")));
    QCOMPARE(protocol::parse(text, QStringLiteral("server")).live.conditions.size(), 2);
    const Protocol stored = protocol::parseStored(text, QStringLiteral("data set"));
    QCOMPARE(stored.live.conditions.size(), 2);
    QCOMPARE(stored.live.conditions[1].label, QStringLiteral("Helper"));
}

void TestProtocol::liveMalformed()
{
    QFETCH(QString, live);
    QFETCH(QString, message);
    // The marker § says where the message must point; it is not part of the file.
    const QByteArray marked = liveProtocolText(live);
    const qsizetype at = marked.indexOf("§");
    QVERIFY(at > 0);
    const QByteArray before = marked.left(at);
    const int line = int(before.count('\n')) + 1;
    const int column = int(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
    QByteArray text = marked;
    text.remove(at, qsizetype(qstrlen("§")));
    try {
        protocol::parseWritten(text, QStringLiteral("live.json"));
        QFAIL("the protocol was accepted");
    } catch (const Error &e) {
        QCOMPARE(e.message(),
                 QStringLiteral("live.json:%1:%2: %3").arg(line).arg(column).arg(message));
    }
    static QSet<QString> seen;
    QVERIFY(!seen.contains(message));
    seen.insert(message);
}

void TestProtocol::fingerprintIgnoresLayout()
{
    const QByteArray text = test::readFile(dataDir + QStringLiteral("/example.json"));
    const Protocol original = protocol::parse(text, QStringLiteral("example.json"));
    // QJsonDocument writes the keys in another order, and compact or indented.
    const QJsonDocument document = QJsonDocument::fromJson(text);
    const QByteArray compact = document.toJson(QJsonDocument::Compact);
    const QByteArray indented = document.toJson(QJsonDocument::Indented);
    QVERIFY(compact != text && indented != text);
    QCOMPARE(protocol::parse(compact, QStringLiteral("compact.json")).fingerprint(),
             original.fingerprint());
    QCOMPARE(protocol::parse(indented, QStringLiteral("indented.json")).fingerprint(),
             original.fingerprint());
    // What the protocol asks changes it.
    QByteArray changed = text;
    changed.replace("\"percent\": 20", "\"percent\": 25");
    QVERIFY(changed != text);
    QVERIFY(protocol::parse(changed, QStringLiteral("changed.json")).fingerprint()
            != original.fingerprint());
    // Reading it back from its canonical form gives the same fingerprint.
    QCOMPARE(protocol::parse(original.definition, QStringLiteral("canonical")).fingerprint(),
             original.fingerprint());
}

void TestProtocol::randomOrderIsAReproduciblePermutation()
{
    const Protocol p = protocol::shipped(QStringLiteral("perceived_empathy"));
    QCOMPARE(p.order, DimensionOrder::Random);
    const QVector<Dimension> items = p.primary().dimensionsAt(Level::Conversation);
    QCOMPARE(items.size(), 6);
    QVector<int> identity(items.size());
    std::iota(identity.begin(), identity.end(), 0);
    QSet<QVector<int>> orders;
    QVector<int> firstPositions(items.size(), 0);
    for (qint64 turnId = 1; turnId <= 600; ++turnId) {
        const QVector<int> order = p.dimensionOrder(items, turnId);
        QVector<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(sorted, identity); // a true permutation
        QCOMPARE(p.dimensionOrder(items, turnId), order); // reproducible
        Protocol copy = protocol::shipped(QStringLiteral("perceived_empathy"));
        QCOMPARE(copy.dimensionOrder(items, turnId), order);
        orders.insert(order);
        ++firstPositions[order.first()];
    }
    // Orders vary from reply to reply, and every item comes first now and then.
    QVERIFY2(orders.size() > 100, qPrintable(QString::number(orders.size())));
    for (int count : std::as_const(firstPositions))
        QVERIFY2(count > 50, qPrintable(QString::number(count)));
    // Another seed, other orders; a fixed order is the listed one.
    Protocol reseeded = p;
    reseeded.orderSeed = p.orderSeed + 1;
    int differ = 0;
    for (qint64 turnId = 1; turnId <= 50; ++turnId)
        differ += reseeded.dimensionOrder(items, turnId) != p.dimensionOrder(items, turnId);
    QVERIFY(differ > 25);
    Protocol fixed = p;
    fixed.order = DimensionOrder::Fixed;
    QCOMPARE(fixed.dimensionOrder(items, 17), identity);
}

void TestProtocol::roundTripThroughDataSet()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tutoring.sense7"));
    const Protocol p = protocol::load(dataDir + QStringLiteral("/example.json"));
    Store::create(path, p);
    auto store = Store::open(path);
    const Protocol back = store->protocol();
    QCOMPARE(back.key, p.key);
    QCOMPARE(back.name, p.name);
    QCOMPARE(back.version, p.version);
    QCOMPARE(back.description, p.description);
    QCOMPARE(back.fingerprint(), p.fingerprint());
    QCOMPARE(back.instruments.size(), 1);
    const Instrument &instrument = back.primary();
    QCOMPARE(instrument.key, p.primary().key);
    QCOMPARE(instrument.allowsNotApplicable, p.primary().allowsNotApplicable);
    QCOMPARE(instrument.dimensions.size(), p.primary().dimensions.size());
    for (int i = 0; i < instrument.dimensions.size(); ++i) {
        const Dimension &a = instrument.dimensions[i];
        const Dimension &b = p.primary().dimensions[i];
        QVERIFY(a.id > 0);
        QCOMPARE(a.key, b.key);
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.question, b.question);
        QCOMPARE(a.scaleMin, b.scaleMin);
        QCOMPARE(a.scaleMax, b.scaleMax);
        QCOMPARE(a.anchors, b.anchors);
        QCOMPARE(a.level, b.level);
        QCOMPARE(a.roles, b.roles);
        QCOMPARE(a.required, b.required);
        QCOMPARE(a.allowsNotApplicable, b.allowsNotApplicable);
    }
    QCOMPARE(keysOf(back.context), keysOf(p.context));
    QCOMPARE(keysOf(back.profile), keysOf(p.profile));
    QCOMPARE(back.context.field(QStringLiteral("subject"))->options.size(), 3);
    QCOMPARE(back.consent, p.consent);
    QCOMPARE(back.sharing, p.sharing);
    QCOMPARE(back.retest.everyConversations, 4);
    QCOMPARE(back.retest.percent, 20);
    QCOMPARE(back.order, DimensionOrder::Random);
    QCOMPARE(back.orderSeed, quint64(7));
    QCOMPARE(back.translations, p.translations);
    // The same reply shows its dimensions in the same order from the data set's protocol.
    QCOMPARE(back.dimensionOrder(instrument.dimensions, 42),
             p.dimensionOrder(p.primary().dimensions, 42));
    const DataSetInfo info = store->info();
    QCOMPARE(info.protocolKey, p.key);
    QCOMPARE(info.protocolFingerprint, p.fingerprint());
}

void TestProtocol::createdDataSetsRecordTheirProtocol()
{
    // A protocol built in code (no file) is recorded from its fields.
    Protocol p = protocol::sense7();
    p.key = QStringLiteral("built");
    p.definition.clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("built.sense7"));
    Store::create(path, p);
    auto store = Store::open(path);
    const Protocol back = store->protocol();
    QCOMPARE(back.key, QStringLiteral("built"));
    QCOMPARE(keysOf(back.context), keysOf(p.context));
    QCOMPARE(back.consent, p.consent);
    QCOMPARE(back.fingerprint(), p.fingerprint());
    QCOMPARE(store->info().protocolFingerprint, p.fingerprint());
    // An instrument made in code keeps what the columns do not hold.
    Protocol coded = p;
    coded.key = QStringLiteral("coded");
    Instrument tally;
    tally.key = QStringLiteral("tally");
    tally.name = QStringLiteral("Tally");
    tally.version = QStringLiteral("1");
    tally.allowsNotApplicable = false;
    Dimension userTurns;
    userTurns.key = QStringLiteral("clear");
    userTurns.name = QStringLiteral("Clear");
    userTurns.question = QStringLiteral("The message was clear.");
    userTurns.roles = {QStringLiteral("user")};
    userTurns.required = false;
    userTurns.allowsNotApplicable = false;
    userTurns.anchors = {{1, QStringLiteral("No")}, {5, QStringLiteral("Yes")}};
    tally.dimensions = {userTurns};
    coded.instruments = {tally};
    Store::create(dir.filePath(QStringLiteral("coded.sense7")), coded);
    const Protocol codedBack =
        Store::open(dir.filePath(QStringLiteral("coded.sense7")))->protocol();
    QCOMPARE(codedBack.instruments.size(), 1);
    const Dimension &clear = codedBack.primary().dimensions.constFirst();
    QCOMPARE(clear.roles, QStringList {QStringLiteral("user")});
    QVERIFY(!clear.required);
    QVERIFY(!clear.allowsNotApplicable);
    QVERIFY(!codedBack.primary().allowsNotApplicable);
    // The default is SENSE-7.
    auto plain = Store::create(dir.filePath(QStringLiteral("plain.sense7")));
    QCOMPARE(plain->protocol().key, QStringLiteral("sense7"));
    QCOMPARE(plain->protocol().fingerprint(), protocol::sense7().fingerprint());
}

void TestProtocol::oldDataSetBecomesSense7Protocol()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.sense7"));
    {
        sql::Connection raw;
        raw.open(path, sql::Connection::Access::Create);
        raw.exec(test::readFile(QStringLiteral(SENSE7_TEST_DATA "/store/v1.sql")).constData());
    }
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 1);
    const qint64 instrumentsBefore = test::queryInt(path, "SELECT count(*) FROM instrument");
    const qint64 dimensionsBefore = test::queryInt(path, "SELECT count(*) FROM dimension");
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    const Protocol p = store->protocol();
    QCOMPARE(p.key, QStringLiteral("sense7"));
    QCOMPARE(keysOf(p.context), keysOf(protocol::sense7().context));
    QCOMPARE(p.consent, protocol::sense7().consent);
    // Nothing lost: the data, the instruments and their dimensions as they were.
    const DataSetInfo info = store->info();
    QCOMPARE(info.participants, 1);
    QCOMPARE(info.conversations, 1);
    QCOMPARE(info.turns, 2);
    QCOMPARE(info.ratings, 1);
    QCOMPARE(test::connection(*store).pragmaInt("SELECT count(*) FROM instrument"),
             instrumentsBefore);
    QCOMPARE(test::connection(*store).pragmaInt("SELECT count(*) FROM dimension"),
             dimensionsBefore);
    QCOMPARE(p.instruments.size(), int(instrumentsBefore));
    QCOMPARE(p.primary().key, QStringLiteral("sense7"));
    QCOMPARE(info.protocolKey, QStringLiteral("sense7"));
    QCOMPARE(info.protocolFingerprint, p.fingerprint());
    QCOMPARE(test::connection(*store).pragmaInt("SELECT count(*) FROM protocol"), 1);
}

void TestProtocol::oldDataSetKeepsExtraInstruments()
{
    // A format-6 data set into which ESConv's instrument was imported, taken back to before
    // protocols existed.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mixed.sense7"));
    {
        auto store = Store::create(path);
        store->installInstrument(taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json")));
        test::rollBackToFormat7(test::connection(*store));
        test::connection(*store).exec("DROP TABLE protocol");
        test::connection(*store).exec("PRAGMA user_version = 6");
    }
    auto store = Store::open(path);
    QCOMPARE(store->schemaVersion(), schema::currentVersion);
    const Protocol p = store->protocol();
    QCOMPARE(p.key, QStringLiteral("sense7"));
    QCOMPARE(p.instruments.size(), 2);
    QCOMPARE(p.instruments[0].key, QStringLiteral("sense7"));
    QCOMPARE(p.instruments[1].key, QStringLiteral("esconv"));
    QVERIFY(!p.instruments[1].allowsNotApplicable);
    // The recorded definition lists both.
    sql::Statement query(test::connection(*store), "SELECT definition FROM protocol");
    QVERIFY(query.next());
    const QJsonArray listed = QJsonDocument::fromJson(query.text(0).toUtf8())
                                  .object()
                                  .value(QStringLiteral("instruments"))
                                  .toArray();
    QCOMPARE(listed.size(), 2);
    QCOMPARE(listed[1].toObject().value(QStringLiteral("key")).toString(),
             QStringLiteral("esconv"));
}

void TestProtocol::formatFiveStudyMigrates()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("study-v5.sense7"));
    QVERIFY(QFile::copy(QStringLiteral(SENSE7_TEST_DATA "/identity/study-v5.sense7"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QCOMPARE(test::queryInt(path, "PRAGMA user_version"), 5);
    const qint64 ratings = test::queryInt(path, "SELECT count(*) FROM rating");
    auto store = Store::open(path);
    QCOMPARE(store->protocol().key, QStringLiteral("sense7"));
    QCOMPARE(store->info().conversations, 4);
    QCOMPARE(store->info().ratings, ratings);
}

void TestProtocol::compareNamesDifferences()
{
    const Protocol sense7 = protocol::sense7();
    QVERIFY(protocol::compare(sense7, sense7).compatible());
    // Wording, consent, forms and the study key may differ.
    Protocol reworded = sense7;
    reworded.key = QStringLiteral("my_sense7_study");
    reworded.consent = QStringLiteral("Another consent text.");
    reworded.instruments[0].dimensions[2].question = QStringLiteral("Another question.");
    reworded.context = Form {};
    QVERIFY(protocol::compare(sense7, reworded).compatible());
    // Scales, levels and keys may not.
    Protocol rescaled = sense7;
    rescaled.instruments[0].dimensions[5].scaleMax = 7;
    rescaled.instruments[0].dimensions[6].level = Level::Conversation;
    const QStringList differences = protocol::compare(sense7, rescaled).differences;
    QCOMPARE(differences,
             (QStringList {QStringLiteral("sense7/warmth has the scale 1–5 here, 1–7 there"),
                           QStringLiteral("sense7/support is rated per turn here, per "
                                          "conversation there")}));
    const Protocol empathy = protocol::shipped(QStringLiteral("perceived_empathy"));
    const QStringList other = protocol::compare(sense7, empathy).differences;
    QCOMPARE(other,
             QStringList {QStringLiteral("the instrument \"perceived_empathy\" is not in this "
                                         "data set's protocol (\"sense7\")")});
    Protocol fewer = sense7;
    fewer.instruments[0].dimensions.removeLast();
    QCOMPARE(protocol::compare(sense7, fewer).differences,
             QStringList {QStringLiteral("sense7/support is a dimension here but not there")});
}

void TestProtocol::initWithEachShippedProtocol()
{
    QTemporaryDir dir;
    for (const QString &key : protocol::shippedKeys()) {
        const QString db = dir.filePath(key + QStringLiteral(".sense7"));
        const Result init =
            sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"), key});
        QVERIFY2(init.exitCode == 0, qPrintable(init.err));
        const Protocol expected = protocol::shipped(key);
        QVERIFY2(init.out.contains(expected.fingerprint()), qPrintable(init.out));
        auto store = Store::open(db, Store::Access::ReadOnly);
        const Protocol p = store->protocol();
        QCOMPARE(p.key, key);
        QCOMPARE(p.fingerprint(), expected.fingerprint());
        QCOMPARE(p.instruments.size(), expected.instruments.size());
        QCOMPARE(keysOf(p.primary().dimensions), keysOf(expected.primary().dimensions));
        const Result info = sense7Cli({QStringLiteral("info"), db});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(
            info.out.contains(QStringLiteral("Protocol:          %1 (version %2, fingerprint %3)")
                                  .arg(key, expected.version, expected.fingerprint())),
            qPrintable(info.out));
    }
    // Without --protocol: SENSE-7.
    const QString plain = dir.filePath(QStringLiteral("plain.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), plain}).exitCode, 0);
    QCOMPARE(Store::open(plain, Store::Access::ReadOnly)->protocol().key, QStringLiteral("sense7"));
}

void TestProtocol::initWithProtocolFile()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("tutoring.sense7"));
    const QString file = dataDir + QStringLiteral("/example.json");
    const Result init = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"), file});
    QVERIFY2(init.exitCode == 0, qPrintable(init.err));
    auto store = Store::open(db, Store::Access::ReadOnly);
    QCOMPARE(store->protocol().key, QStringLiteral("tutoring_study"));
    QCOMPARE(store->protocol().fingerprint(), protocol::load(file).fingerprint());
    QCOMPARE(store->instruments().size(), 1);
    QCOMPARE(store->instruments().first().key, QStringLiteral("tutoring"));
}

void TestProtocol::initRefusesBadProtocol()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("bad.sense7"));
    const Result bad = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"),
                                  dataDir + QStringLiteral("/bad/scale_of_102_points.json")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("scale_of_102_points.json:37:20:")),
             qPrintable(bad.err));
    QVERIFY(!QFileInfo::exists(db));
    const Result unknown = sense7Cli(
        {QStringLiteral("init"), db, QStringLiteral("--protocol"), QStringLiteral("nope")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY(!QFileInfo::exists(db));
}

void TestProtocol::liveProtocolIsSense7WithScriptedConditions()
{
    const Protocol live = protocol::shipped(QStringLiteral("sense7_live"));
    const Protocol sense7 = protocol::sense7();
    // The same instruments and forms as SENSE-7: its data is comparable with SENSE-7's.
    QVERIFY(protocol::compare(sense7, live).compatible());
    QVERIFY(protocol::compare(live, sense7).compatible());
    QCOMPARE(QJsonDocument::fromJson(protocol::canonical(live))
                 .object()
                 .value(QStringLiteral("instruments")),
             QJsonDocument::fromJson(protocol::canonical(sense7))
                 .object()
                 .value(QStringLiteral("instruments")));
    QCOMPARE(live.context.fields.size(), sense7.context.fields.size());
    QCOMPARE(live.profile.fields.size(), sense7.profile.fields.size());
    QVERIFY(sense7.live.conditions.isEmpty());

    const LivePlan &plan = live.live;
    QCOMPARE(plan.conditions.size(), 2);
    const AssistantCondition *attentive = plan.condition(QStringLiteral("attentive"));
    const AssistantCondition *forgetful = plan.condition(QStringLiteral("forgetful"));
    QVERIFY(attentive && forgetful);
    QCOMPARE(attentive->label, QStringLiteral("Assistant A"));
    QCOMPARE(forgetful->label, QStringLiteral("Assistant B"));
    QCOMPARE(attentive->kind, AssistantCondition::Kind::Scripted);
    QCOMPARE(forgetful->kind, AssistantCondition::Kind::Scripted);
    QCOMPARE(plan.design, AssignmentDesign::Between);
    QCOMPARE(plan.seed, quint64(7));
    QVERIFY(plan.blinded);
    QCOMPARE(plan.rating, RatingTiming::AfterEachReply);
    QVERIFY(plan.ratingRequired);
    // A controlled stimulus: the two scripts differ only in the third reply, where Assistant B
    // forgets what the participant said at the start.
    QCOMPARE(attentive->replies.size(), forgetful->replies.size());
    QCOMPARE(attentive->fallback, forgetful->fallback);
    int differing = 0;
    for (int i = 0; i < attentive->replies.size(); ++i) {
        const auto &a = attentive->replies.at(i);
        const auto &f = forgetful->replies.at(i);
        QCOMPARE(a.match, f.match);
        QCOMPARE(a.turn, f.turn);
        if (a.text != f.text) {
            ++differing;
            QCOMPARE(a.turn, 3);
            QVERIFY(f.text.contains(QStringLiteral("remind me")));
        }
    }
    QCOMPARE(differing, 1);
}

void TestProtocol::showListsConditionsAndAssignments()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("demo.sense7"));
    // The demo is made under sense7_live and assigns its three participants in order.
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--demo")}).exitCode, 0);
    const Protocol live = protocol::shipped(QStringLiteral("sense7_live"));
    {
        auto store = Store::open(db);
        QCOMPARE(store->protocol().fingerprint(), live.fingerprint());
        store->addParticipant(QStringLiteral("P04")); // not assigned yet
    }
    const Result text = sense7Cli({QStringLiteral("protocol"), QStringLiteral("show"), db});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral(
                 "Live:         2 conditions, between participants (seed 7), blinded, rating "
                 "after each reply, required\n")),
             qPrintable(text.out));
    QVERIFY(text.out.contains(
        QRegularExpression(QStringLiteral("\n  attentive +Assistant A +scripted: 7 replies and a "
                                          "fallback, a piece every 30 ms\n"))));
    QVERIFY(text.out.contains(
        QRegularExpression(QStringLiteral("\n  forgetful +Assistant B +scripted: 7 replies"))));
    QVERIFY(text.out.contains(QStringLiteral("Assignments:  3 of 4 participants assigned\n")));
    for (int position = 0; position < 3; ++position) {
        const QString condition = live::assign(live.live, position).conditions.constFirst();
        QVERIFY2(
            text.out.contains(QRegularExpression(QStringLiteral("\n  P0%1 +%2 \\(position %3\\)\n")
                                                     .arg(position + 1)
                                                     .arg(condition)
                                                     .arg(position))),
            qPrintable(text.out));
    }
    // The demo's live conversations were held by P01 (attentive) and P02 (forgetful).
    QVERIFY(text.out.contains(QRegularExpression(QStringLiteral("\n  P01 +attentive "))));
    QVERIFY(text.out.contains(QRegularExpression(QStringLiteral("\n  P02 +forgetful "))));
    QVERIFY(text.out.contains(QRegularExpression(QStringLiteral("\n  P04 +not assigned yet\n"))));

    const Result json = sense7Cli(
        {QStringLiteral("protocol"), QStringLiteral("show"), db, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("key")).toString(), QStringLiteral("sense7_live"));
    const QJsonObject plan = root.value(QStringLiteral("live")).toObject();
    QCOMPARE(plan.value(QStringLiteral("assignment")).toObject(),
             (QJsonObject {{QStringLiteral("design"), QStringLiteral("between")},
                           {QStringLiteral("seed"), QStringLiteral("7")}}));
    QCOMPARE(plan.value(QStringLiteral("blinded")).toBool(), true);
    QCOMPARE(plan.value(QStringLiteral("rating")).toObject(),
             (QJsonObject {{QStringLiteral("when"), QStringLiteral("after_each_reply")},
                           {QStringLiteral("required"), true}}));
    QCOMPARE(plan.value(QStringLiteral("conditions")).toArray(),
             (QJsonArray {QJsonObject {{QStringLiteral("key"), QStringLiteral("attentive")},
                                       {QStringLiteral("label"), QStringLiteral("Assistant A")},
                                       {QStringLiteral("kind"), QStringLiteral("scripted")},
                                       {QStringLiteral("replies"), 7}},
                          QJsonObject {{QStringLiteral("key"), QStringLiteral("forgetful")},
                                       {QStringLiteral("label"), QStringLiteral("Assistant B")},
                                       {QStringLiteral("kind"), QStringLiteral("scripted")},
                                       {QStringLiteral("replies"), 7}}}));
    const QJsonArray assignments = root.value(QStringLiteral("assignments")).toArray();
    QCOMPARE(assignments.size(), 4);
    for (int position = 0; position < 3; ++position) {
        const QJsonObject a = assignments.at(position).toObject();
        QCOMPARE(a.value(QStringLiteral("participant")).toString(),
                 QStringLiteral("P0%1").arg(position + 1));
        QCOMPARE(a.value(QStringLiteral("position")).toInt(), position);
        QCOMPARE(a.value(QStringLiteral("conditions")).toArray(),
                 QJsonArray::fromStringList(live::assign(live.live, position).conditions));
    }
    const QJsonObject unassigned = assignments.at(3).toObject();
    QCOMPARE(unassigned.value(QStringLiteral("participant")).toString(), QStringLiteral("P04"));
    QVERIFY(unassigned.value(QStringLiteral("position")).isNull());
    QCOMPARE(unassigned.value(QStringLiteral("conditions")).toArray(), QJsonArray());

    // A protocol without conditions says so, and has no assignments to list.
    const QString plain = dir.filePath(QStringLiteral("plain.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), plain}).exitCode, 0);
    const Result none = sense7Cli({QStringLiteral("protocol"), QStringLiteral("show"), plain});
    QVERIFY(none.out.contains(QStringLiteral("Live:         no assistant conditions\n")));
    QVERIFY(!none.out.contains(QStringLiteral("Assignments:")));
    const QJsonObject noneJson =
        QJsonDocument::fromJson(sense7Cli({QStringLiteral("protocol"), QStringLiteral("show"),
                                           plain, QStringLiteral("--json")})
                                    .out.toUtf8())
            .object();
    QVERIFY(noneJson.value(QStringLiteral("live")).isNull());
    QCOMPARE(noneJson.value(QStringLiteral("assignments")).toArray(), QJsonArray());
}

void TestProtocol::showListsEndpointsWithoutKeys()
{
    // An endpoint condition with a key in its environment variable, and a within design.
    QJsonObject root =
        QJsonDocument::fromJson(test::readFile(dataDir + QStringLiteral("/live.json"))).object();
    QJsonObject live = root.value(QStringLiteral("live")).toObject();
    live.insert(QStringLiteral("assignment"),
                QJsonObject {{QStringLiteral("design"), QStringLiteral("within")},
                             {QStringLiteral("seed"), 12345}});
    root.insert(QStringLiteral("live"), live);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("within.json"));
    test::writeFile(file, QJsonDocument(root).toJson());
    const QString db = dir.filePath(QStringLiteral("within.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"), file}).exitCode,
             0);
    const Protocol p = protocol::load(file);
    QVector<QStringList> orders;
    {
        auto store = Store::open(db);
        for (const char *code : {"W1", "W2", "W3"})
            orders
                << store->assignConditions(store->addParticipant(QLatin1String(code))).conditions;
    }
    for (int position = 0; position < 3; ++position)
        QCOMPARE(orders.at(position), live::assign(p.live, position).conditions);
    QVERIFY(orders.at(0) != orders.at(1)); // two conditions: the two orders of a Williams square

    const QByteArray secret = "sk-test-do-not-print";
    qputenv("SENSE7_TEST_LIVE_KEY", secret);
    const Result text = sense7Cli({QStringLiteral("protocol"), QStringLiteral("show"), db});
    const Result json = sense7Cli(
        {QStringLiteral("protocol"), QStringLiteral("show"), db, QStringLiteral("--json")});
    qunsetenv("SENSE7_TEST_LIVE_KEY");
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("within participants (seed 12345)")),
             qPrintable(text.out));
    QVERIFY(text.out.contains(QRegularExpression(QStringLiteral(
        "\n  empathic +Assistant A +endpoint: http://127.0.0.1:9/v1, model test-model\n"))));
    for (int position = 0; position < 3; ++position)
        QVERIFY2(text.out.contains(QStringLiteral("\n  W%1            %2 (position %3)\n")
                                       .arg(position + 1)
                                       .arg(orders.at(position).join(QStringLiteral(" → ")))
                                       .arg(position)),
                 qPrintable(text.out));
    QVERIFY(!text.out.contains(QString::fromLatin1(secret)));
    QVERIFY(!json.out.contains(QString::fromLatin1(secret)));

    const QJsonObject shown = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonObject plan = shown.value(QStringLiteral("live")).toObject();
    QCOMPARE(plan.value(QStringLiteral("assignment")).toObject().value(QStringLiteral("design")),
             QJsonValue(QStringLiteral("within")));
    QCOMPARE(plan.value(QStringLiteral("conditions")).toArray().first().toObject(),
             (QJsonObject {{QStringLiteral("key"), QStringLiteral("empathic")},
                           {QStringLiteral("label"), QStringLiteral("Assistant A")},
                           {QStringLiteral("kind"), QStringLiteral("endpoint")},
                           {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/v1")},
                           {QStringLiteral("model"), QStringLiteral("test-model")}}));
    const QJsonArray assignments = shown.value(QStringLiteral("assignments")).toArray();
    QCOMPARE(assignments.size(), 3);
    for (int position = 0; position < 3; ++position)
        QCOMPARE(assignments.at(position).toObject().value(QStringLiteral("conditions")).toArray(),
                 QJsonArray::fromStringList(orders.at(position)));
}

void TestProtocol::checkCommand()
{
    for (const QString &key : protocol::shippedKeys()) {
        const Result ok = sense7Cli({QStringLiteral("protocol"), QStringLiteral("check"),
                                     QStringLiteral(SENSE7_TEST_DATA "/../../resources/protocols/")
                                         + key + QStringLiteral(".json")});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
        QVERIFY(ok.out.contains(QStringLiteral("is a valid protocol")));
        QVERIFY(ok.out.contains(protocol::shipped(key).fingerprint()));
    }
    const Result bad = sense7Cli({QStringLiteral("protocol"), QStringLiteral("check"),
                                  dataDir + QStringLiteral("/bad/missing_consent.json")});
    QCOMPARE(bad.exitCode, 1);
    QCOMPARE(bad.err.trimmed(),
             QStringLiteral("missing_consent.json:63:14: sharing: sharing is enabled but there is "
                            "no consent text: add \"consent\", the text shown before anything is "
                            "shared"));
    QVERIFY(bad.out.isEmpty());
}

void TestProtocol::hundredPointScaleRoundTrips()
{
    // PRISM's 1-100 score: a protocol that has it is accepted, makes a data set, takes the
    // corpus's scores as ratings, and is shown again as a file that checks.
    const QString file = dataDir + QStringLiteral("/prism.json");
    const Result check = sense7Cli({QStringLiteral("protocol"), QStringLiteral("check"), file});
    QVERIFY2(check.exitCode == 0, qPrintable(check.err));
    QVERIFY(check.out.contains(QRegularExpression(QStringLiteral("score +turn +1–100"))));
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("prism.sense7"));
    const Result init = sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"), file});
    QVERIFY2(init.exitCode == 0, qPrintable(init.err));
    const Result imported = sense7Cli(
        {QStringLiteral("import"), QStringLiteral(SENSE7_TEST_DATA "/import/prism.jsonl"),
         QStringLiteral("--db"), db, QStringLiteral("--map"),
         QStringLiteral("turns=conversation_history"), QStringLiteral("--map"),
         QStringLiteral("chosen=if_chosen"), QStringLiteral("--map"), QStringLiteral("score=score"),
         QStringLiteral("--score-dimension"), QStringLiteral("prism/score")});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    QVERIFY2(imported.out.contains(QStringLiteral("ratings: 2 new")), qPrintable(imported.out));
    {
        auto store = Store::open(db, Store::Access::ReadOnly);
        const Dimension score = *store->findDimension(QStringLiteral("prism/score"));
        QCOMPARE(score.scaleMin, 1);
        QCOMPARE(score.scaleMax, 100);
    }
    const Result shown = sense7Cli(
        {QStringLiteral("protocol"), QStringLiteral("show"), db, QStringLiteral("--json")});
    QCOMPARE(shown.exitCode, 0);
    const QJsonObject definition = QJsonDocument::fromJson(shown.out.toUtf8())
                                       .object()
                                       .value(QStringLiteral("definition"))
                                       .toObject();
    const QString again = dir.filePath(QStringLiteral("shown.json"));
    test::writeFile(again, QJsonDocument(definition).toJson());
    const Result checkAgain =
        sense7Cli({QStringLiteral("protocol"), QStringLiteral("check"), again});
    QVERIFY2(checkAgain.exitCode == 0, qPrintable(checkAgain.err));
    QCOMPARE(protocol::load(again).fingerprint(), protocol::load(file).fingerprint());
}

void TestProtocol::wideScalesLabelTheirEnds()
{
    // A 0-100 visual analogue scale: its ends labelled, and any points between; never a point
    // outside -100 to 100 (a digest keeps a rating in a byte).
    const QByteArray prism = test::readFile(dataDir + QStringLiteral("/prism.json"));
    const auto withScale = [&prism](const char *scale, const char *labels) {
        QByteArray json = prism;
        json.replace(R"("scale": {"min": 1, "max": 100})", scale);
        json.replace(R"("labels": {"1": "Terrible", "100": "Perfect"})", labels);
        return json;
    };
    const auto error = [](const QByteArray &json) {
        try {
            protocol::parse(json, QStringLiteral("vas.json"));
        } catch (const Error &e) {
            return e.message();
        }
        return QString();
    };
    const Protocol ends = protocol::parse(
        withScale(R"("scale": {"min": 0, "max": 100})", R"("labels": {"0": "None", "100": "All"})"),
        QStringLiteral("vas.json"));
    QCOMPARE(ends.primary().dimensions.first().scaleMax - ends.primary().dimensions.first().scaleMin
                 + 1,
             protocol::maxScalePoints);
    QCOMPARE(
        error(withScale(R"("scale": {"min": 0, "max": 100})",
                        R"("labels": {"0": "None", "25": "Some", "50": "Half", "100": "All"})")),
        QString());
    QCOMPARE(error(withScale(R"("scale": {"min": 0, "max": 100})",
                             R"("labels": {"0": "None", "50": "Half"})")),
             QStringLiteral("vas.json:20:21: instrument \"prism\", dimension 1 (\"score\"): labels "
                            "for 0, 50 do not fit the scale 0–100: a scale of more than 11 points "
                            "needs labels for its ends, 0 and 100, and may have them for points "
                            "between"));
    QCOMPARE(error(withScale(R"("scale": {"min": 0, "max": 101})",
                             R"("labels": {"0": "None", "101": "All"})")),
             QStringLiteral("vas.json:19:38: instrument \"prism\", dimension 1 (\"score\"): "
                            "\"max\" must be from -100 to 100"));
}

void TestProtocol::showCommand()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("pe.sense7"));
    QCOMPARE(sense7Cli({QStringLiteral("init"), db, QStringLiteral("--protocol"),
                        QStringLiteral("perceived_empathy")})
                 .exitCode,
             0);
    const Protocol expected = protocol::shipped(QStringLiteral("perceived_empathy"));
    const Result text = sense7Cli({QStringLiteral("protocol"), QStringLiteral("show"), db});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains(expected.fingerprint()));
    QVERIFY(text.out.contains(
        QRegularExpression(QStringLiteral("felt_understood +conversation +1–7"))));
    QVERIFY(text.out.contains(QRegularExpression(QStringLiteral("reply_empathy +turn +1–7"))));
    QVERIFY(text.out.contains(expected.consent));
    const Result json = sense7Cli(
        {QStringLiteral("protocol"), QStringLiteral("show"), db, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("key")).toString(), QStringLiteral("perceived_empathy"));
    QCOMPARE(root.value(QStringLiteral("fingerprint")).toString(), expected.fingerprint());
    const QJsonArray dimensions = root.value(QStringLiteral("instruments"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("dimensions"))
                                      .toArray();
    QCOMPARE(dimensions.size(), 7);
    const QJsonObject last = dimensions.last().toObject();
    QCOMPARE(last.value(QStringLiteral("key")).toString(), QStringLiteral("reply_empathy"));
    QCOMPARE(last.value(QStringLiteral("level")).toString(), QStringLiteral("turn"));
    QCOMPARE(last.value(QStringLiteral("scale")).toObject().value(QStringLiteral("max")).toInt(),
             7);
    QCOMPARE(root.value(QStringLiteral("forms"))
                 .toObject()
                 .value(QStringLiteral("context"))
                 .toObject()
                 .value(QStringLiteral("fields"))
                 .toArray()
                 .size(),
             3);
    QCOMPARE(root.value(QStringLiteral("sharing"))
                 .toObject()
                 .value(QStringLiteral("consent"))
                 .toString(),
             expected.consent);
    QCOMPARE(root.value(QStringLiteral("description")).toString(), expected.description);
    QCOMPARE(
        root.value(QStringLiteral("retest")).toObject().value(QStringLiteral("percent")).toInt(),
        expected.retest.percent);
    QCOMPARE(root.value(QStringLiteral("dimension_order"))
                 .toObject()
                 .value(QStringLiteral("mode"))
                 .toString(),
             QStringLiteral("random"));
    // The whole protocol under "definition": a file that makes the same study again.
    const QJsonObject definition = root.value(QStringLiteral("definition")).toObject();
    QVERIFY(definition.contains(QStringLiteral("forms")));
    const QString file = dir.filePath(QStringLiteral("shown.json"));
    test::writeFile(file, QJsonDocument(definition).toJson());
    const QString again = dir.filePath(QStringLiteral("again.sense7"));
    const Result init =
        sense7Cli({QStringLiteral("init"), again, QStringLiteral("--protocol"), file});
    QVERIFY2(init.exitCode == 0, qPrintable(init.err));
    QCOMPARE(Store::open(again, Store::Access::ReadOnly)->protocol().fingerprint(),
             expected.fingerprint());
}

namespace {

QString exportBundle(const Store &store, const QString &path)
{
    exporter::write(store, exporter::Format::Bundle, path);
    return path;
}

void importFile(Store &store, const QString &path)
{
    import::Importer importer(store);
    importer.importFile(path);
}

/** A data set under the perceived-empathy protocol with one conversation, rated at both levels. */
std::unique_ptr<Store> empathyStudy(const QString &path)
{
    auto store = Store::create(path, protocol::shipped(QStringLiteral("perceived_empathy")));
    Conversation c;
    c.participantId = store->addParticipant(QStringLiteral("P01"));
    c.sourceFormat = QStringLiteral("test");
    c.title = QStringLiteral("A hard week");
    QVector<Turn> turns(2);
    turns[0].role = Role::User;
    turns[0].text = QStringLiteral("I had a hard week.");
    turns[1].role = Role::Assistant;
    turns[1].text = QStringLiteral("That sounds exhausting. What weighed on you most?");
    const qint64 id = store->addConversation(c, turns);
    const qint64 self = store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    store->setRating(turns[1].id,
                     store->findDimension(QStringLiteral("perceived_empathy/reply_empathy"))->id,
                     self, 6);
    store->setConversationRating(
        id, store->findDimension(QStringLiteral("perceived_empathy/felt_understood"))->id, self, 7);
    return store;
}

} // namespace

void TestProtocol::bundleCarriesItsProtocol()
{
    QTemporaryDir dir;
    test::makeDemoDataSet(dir.filePath(QStringLiteral("demo.sense7")));
    auto demo = Store::open(dir.filePath(QStringLiteral("demo.sense7")));
    const QString bundle = exportBundle(*demo, dir.filePath(QStringLiteral("bundle.json")));
    const QJsonObject root = QJsonDocument::fromJson(test::readFile(bundle)).object();
    const QJsonObject carried = root.value(QStringLiteral("protocol")).toObject();
    QCOMPARE(carried.value(QStringLiteral("key")).toString(), QStringLiteral("sense7"));
    QCOMPARE(carried.value(QStringLiteral("fingerprint")).toString(),
             demo->protocol().fingerprint());
    QCOMPARE(carried.value(QStringLiteral("definition"))
                 .toObject()
                 .value(QStringLiteral("sharing"))
                 .toObject()
                 .value(QStringLiteral("consent"))
                 .toString(),
             protocol::sense7().consent);
    // Into another SENSE-7 data set: accepted.
    auto other = Store::create(dir.filePath(QStringLiteral("other.sense7")));
    importFile(*other, bundle);
    QCOMPARE(other->info().conversations, demo->info().conversations);
    QCOMPARE(other->info().ratings, demo->info().ratings);
}

void TestProtocol::bundleFromAnotherProtocolIsRefused()
{
    QTemporaryDir dir;
    test::makeDemoDataSet(dir.filePath(QStringLiteral("demo.sense7")));
    auto demo = Store::open(dir.filePath(QStringLiteral("demo.sense7")));
    const QString sense7Bundle = exportBundle(*demo, dir.filePath(QStringLiteral("sense7.json")));
    auto empathy = Store::create(dir.filePath(QStringLiteral("empathy.sense7")),
                                 protocol::shipped(QStringLiteral("perceived_empathy")));
    const QString before = test::logicalDump(*empathy);
    try {
        importFile(*empathy, sense7Bundle);
        QFAIL("a SENSE-7 bundle entered a perceived-empathy data set");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("made under the study protocol \"sense7\"")),
                 qPrintable(e.message()));
        QVERIFY2(
            e.message().contains(QStringLiteral("the instrument \"sense7\" is not in this "
                                                "data set's protocol (\"perceived_empathy\")")),
            qPrintable(e.message()));
        QVERIFY(e.message().contains(demo->protocol().fingerprint()));
    }
    QCOMPARE(test::logicalDump(*empathy), before);

    // A SENSE-7 data set whose warmth is rated per conversation: the level differs, so refused
    // too.
    QByteArray text =
        test::readFile(QStringLiteral(SENSE7_TEST_DATA "/../../resources/protocols/sense7.json"));
    const qsizetype warmth = text.indexOf("\"key\": \"warmth\"");
    QVERIFY(warmth > 0);
    const QByteArray turnLevel = "\"level\": \"turn\"";
    const qsizetype level = text.indexOf(turnLevel, warmth);
    QVERIFY(level > warmth);
    text.replace(level, turnLevel.size(), "\"level\": \"conversation\"");
    text.replace("\"key\": \"sense7\",\n  \"name\": \"SENSE-7\"",
                 "\"key\": \"sense7_wide\",\n  \"name\": \"SENSE-7\"");
    const Protocol wide = protocol::parse(text, QStringLiteral("wide.json"));
    QCOMPARE(wide.primary().dimensions[5].level, Level::Conversation);
    auto wideStore = Store::create(dir.filePath(QStringLiteral("wide.sense7")), wide);
    const QString wideBefore = test::logicalDump(*wideStore);
    try {
        importFile(*wideStore, sense7Bundle);
        QFAIL("a bundle with another scale was accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral(
                     "sense7/warmth is rated per conversation here, per turn there")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*wideStore), wideBefore);
}

void TestProtocol::bundleFromCompatibleProtocolIsAccepted()
{
    // Same instrument keys, levels and scales; other wording, consent and study key.
    QTemporaryDir dir;
    test::makeDemoDataSet(dir.filePath(QStringLiteral("demo.sense7")));
    auto demo = Store::open(dir.filePath(QStringLiteral("demo.sense7")));
    const QString bundle = exportBundle(*demo, dir.filePath(QStringLiteral("sense7.json")));
    QByteArray text =
        test::readFile(QStringLiteral(SENSE7_TEST_DATA "/../../resources/protocols/sense7.json"));
    text.replace("\"key\": \"sense7\",\n  \"name\": \"SENSE-7\"",
                 "\"key\": \"our_lab\",\n  \"name\": \"Our lab\"");
    text.replace("Sharing sends a copy", "Our lab receives a copy");
    text.replace("noticed and named what I said", "noticed what I said");
    const Protocol ours = protocol::parse(text, QStringLiteral("ours.json"));
    QCOMPARE(ours.key, QStringLiteral("our_lab"));
    QVERIFY(ours.fingerprint() != protocol::sense7().fingerprint());
    auto store = Store::create(dir.filePath(QStringLiteral("ours.sense7")), ours);
    importFile(*store, bundle);
    QCOMPARE(store->info().ratings, demo->info().ratings);
    QCOMPARE(store->protocol().key, QStringLiteral("our_lab"));

    // And a perceived-empathy bundle into a perceived-empathy data set.
    auto empathy = empathyStudy(dir.filePath(QStringLiteral("pe.sense7")));
    const QString peBundle = exportBundle(*empathy, dir.filePath(QStringLiteral("pe.json")));
    auto second = Store::create(dir.filePath(QStringLiteral("pe2.sense7")),
                                protocol::shipped(QStringLiteral("perceived_empathy")));
    importFile(*second, peBundle);
    QCOMPARE(second->info().conversations, 1);
    QCOMPARE(second->info().ratings, empathy->info().ratings);
    QCOMPARE(second->info().conversationRatings, empathy->info().conversationRatings);
    QVERIFY(empathy->info().ratings > 0);
    QVERIFY(empathy->info().conversationRatings > 0);
    // ... but not into a SENSE-7 one.
    auto sense7 = Store::create(dir.filePath(QStringLiteral("s7.sense7")));
    const QString before = test::logicalDump(*sense7);
    QVERIFY_THROWS_EXCEPTION(Error, importFile(*sense7, peBundle));
    QCOMPARE(test::logicalDump(*sense7), before);
}

void TestProtocol::oldBundleCountsAsSense7()
{
    // tests/data/identity/plain-P03.json was written before bundles carried a protocol.
    const QString old = QStringLiteral(SENSE7_TEST_DATA "/identity/plain-P03.json");
    QVERIFY(!QJsonDocument::fromJson(test::readFile(old))
                 .object()
                 .contains(QStringLiteral("protocol")));
    QTemporaryDir dir;
    auto sense7 = Store::create(dir.filePath(QStringLiteral("s7.sense7")));
    importFile(*sense7, old);
    QVERIFY(sense7->info().ratings > 0);
    auto empathy = Store::create(dir.filePath(QStringLiteral("pe.sense7")),
                                 protocol::shipped(QStringLiteral("perceived_empathy")));
    const QString before = test::logicalDump(*empathy);
    try {
        importFile(*empathy, old);
        QFAIL("an old SENSE-7 bundle entered a perceived-empathy data set");
    } catch (const Error &e) {
        QVERIFY2(e.message().contains(QStringLiteral("the instrument \"sense7\" is not in")),
                 qPrintable(e.message()));
    }
    QCOMPARE(test::logicalDump(*empathy), before);
}

void TestProtocol::recoverKeepsTheProtocol()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pe.sense7"));
    const Protocol expected = protocol::shipped(QStringLiteral("perceived_empathy"));
    empathyStudy(path).reset();
    const QString out = dir.filePath(QStringLiteral("salvaged.sense7"));
    integrity::recover(path, out);
    auto salvaged = Store::open(out, Store::Access::ReadOnly);
    QCOMPARE(salvaged->protocol().key, expected.key);
    QCOMPARE(salvaged->protocol().fingerprint(), expected.fingerprint());
    QCOMPARE(salvaged->info().conversationRatings, 1);
}

void TestProtocol::recoverRebuildsTheProtocolsInstruments()
{
    // The instruments' table is unreadable: the salvaged data set gets the instruments of the
    // protocol the damaged file records, not SENSE-7's.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pe.sense7"));
    empathyStudy(path).reset();
    test::damageTable(path, QStringLiteral("instrument"));
    const QString out = dir.filePath(QStringLiteral("salvaged.sense7"));
    const integrity::Recovery recovery = integrity::recover(path, out);
    QVERIFY2(recovery.rebuilt.join(QLatin1Char(' '))
                 .contains(QStringLiteral("the study protocol \"perceived_empathy\"")),
             qPrintable(recovery.rebuilt.join(QLatin1Char(' '))));
    auto salvaged = Store::open(out, Store::Access::ReadOnly);
    QCOMPARE(salvaged->protocol().key, QStringLiteral("perceived_empathy"));
    const QVector<Instrument> instruments = salvaged->instruments();
    QCOMPARE(instruments.size(), 1);
    QCOMPARE(instruments.first().key, QStringLiteral("perceived_empathy"));
    QCOMPARE(instruments.first().dimensions.size(), 7);
    QVERIFY(!salvaged->findDimension(QStringLiteral("sense7/warmth")));
}

QTEST_GUILESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
