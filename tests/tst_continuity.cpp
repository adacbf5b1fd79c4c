// Continuity-break detection: each rule firing and not firing on crafted conversations, and
// precision and recall against flagged breaks.

#include "continuity/detection.h"

#include <QJsonArray>
#include <QSet>
#include <QTest>

#include <algorithm>

using namespace sense7;
using namespace sense7::continuity;

namespace {

TurnInput user(qint64 id, const QString &text)
{
    return {id, Role::User, text, {}, {}};
}

TurnInput assistant(qint64 id, std::optional<double> mean = {}, const QJsonObject &meta = {})
{
    return {id, Role::Assistant, QStringLiteral("Here you are."), meta, mean};
}

QVector<QPair<qint64, Rule>> fired(const QVector<Detection> &detections)
{
    QVector<QPair<qint64, Rule>> result;
    for (const Detection &d : detections)
        result.append({d.turnId, d.rule});
    return result;
}

// The plain definitions of shingles() and findRepairCue(): fold the text (and each cue), split
// the words, join each n of them, hash; search each cue. The detector must agree with them.
QString plainFolded(const QString &text)
{
    QString folded = text.toCaseFolded();
    folded.replace(QChar(0x2019), QLatin1Char('\''));
    folded.replace(QChar(0x2018), QLatin1Char('\''));
    return folded;
}

QSet<quint64> plainShingles(const QString &text, int n)
{
    QStringList list;
    QString word;
    for (QChar c : plainFolded(text)) {
        const QChar::Script script = c.script();
        if (script == QChar::Script_Han || script == QChar::Script_Hiragana
            || script == QChar::Script_Katakana || script == QChar::Script_Hangul) {
            if (!word.isEmpty())
                list.append(std::exchange(word, {}));
            list.append(QString(c));
        } else if (c.isLetterOrNumber()) {
            word.append(c);
        } else if (!word.isEmpty() && c != QLatin1Char('\'')) {
            list.append(std::exchange(word, {}));
        }
    }
    if (!word.isEmpty())
        list.append(word);
    QSet<quint64> result;
    for (qsizetype i = 0; n > 0 && i + n <= list.size(); ++i)
        result.insert(quint64(qHash(list.mid(i, n).join(QChar(0x1f)), 0x5e75e7)));
    return result;
}

QString plainRepairCue(const QString &text, const QStringList &cues)
{
    const auto wordChar = [](QChar c) {
        return c.isLetterOrNumber() || c == QLatin1Char('\'');
    };
    const QString haystack = plainFolded(text);
    for (const QString &cue : cues) {
        const QString needle = plainFolded(cue);
        if (needle.isEmpty())
            continue;
        const bool wholeWords = std::any_of(needle.begin(), needle.end(), [](QChar c) {
            return c.isLetter() && c.script() == QChar::Script_Latin;
        });
        for (qsizetype at = haystack.indexOf(needle); at >= 0;
             at = haystack.indexOf(needle, at + 1)) {
            const qsizetype end = at + needle.size();
            if (!wholeWords
                || ((at == 0 || !wordChar(haystack.at(at - 1)))
                    && (end == haystack.size() || !wordChar(haystack.at(end)))))
                return cue;
        }
    }
    return {};
}

} // namespace

class TestContinuity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void repairCuesAreLoaded();
    void ratingDropFiresAtTheThreshold();
    void ratingDropSkipsUnratedTurns();
    void repairCueFiresOnTheReplyBefore();
    void repairCuesMatchWholeWordsOnly();
    void chineseRepairCuesMatch();
    void repeatedRequestFires();
    void repeatedRequestAgreesWithEveryPair();
    void differentRequestsDoNotFire();
    void shinglesAndJaccard();
    void matchingAgreesWithItsPlainDefinition();
    void regeneratedReplyFires();
    void describeSaysWhy();
    void scoreGivesPrecisionAndRecallPerRule();
};

void TestContinuity::repairCuesAreLoaded()
{
    const QStringList &cues = defaultRepairCues();
    QVERIFY(cues.contains(QStringLiteral("as i said")));
    QVERIFY(cues.contains(QStringLiteral("你忘了")));
    QVERIFY(cues.size() >= 40);
}

void TestContinuity::ratingDropFiresAtTheThreshold()
{
    const QVector<TurnInput> turns {
        user(1, QStringLiteral("Plan my week")),      assistant(2, 4.5),
        user(3, QStringLiteral("Now add the gym")),   assistant(4, 3.0),
        user(5, QStringLiteral("And Friday dinner")), assistant(6, 1.6)};
    // 4.5 -> 3.0 is exactly 1.5: fires; 3.0 -> 1.6 is 1.4: does not.
    QCOMPARE(fired(detect(turns)), (QVector<QPair<qint64, Rule>> {{4, Rule::RatingDrop}}));
    const QVector<Detection> d = detect(turns);
    QCOMPARE(d.first().position, 3);
    QCOMPARE(d.first().detail, QLocale().toString(1.5, 'f', 1));

    Options strict;
    strict.threshold = 1.0;
    QCOMPARE(fired(detect(turns, strict)),
             (QVector<QPair<qint64, Rule>> {{4, Rule::RatingDrop}, {6, Rule::RatingDrop}}));
    Options lenient;
    lenient.threshold = 2.0;
    QVERIFY(detect(turns, lenient).isEmpty());
    // A rise never fires.
    const QVector<TurnInput> rising {assistant(1, 1.0), assistant(2, 5.0)};
    QVERIFY(detect(rising).isEmpty());
}

void TestContinuity::ratingDropSkipsUnratedTurns()
{
    // The drop is measured from the previous *rated* reply.
    const QVector<TurnInput> turns {assistant(1, 5.0), assistant(2), assistant(3, 3.0)};
    QCOMPARE(fired(detect(turns)), (QVector<QPair<qint64, Rule>> {{3, Rule::RatingDrop}}));
}

void TestContinuity::repairCueFiresOnTheReplyBefore()
{
    const QVector<TurnInput> turns {
        user(1, QStringLiteral("Write a haiku about rain")),
        assistant(2),
        user(3, QStringLiteral("Nice. As I SAID, it should mention Tokyo.")),
        assistant(4),
        user(5, QStringLiteral("Perfect, thanks")),
        assistant(6)};
    const QVector<Detection> d = detect(turns);
    QCOMPARE(fired(d), (QVector<QPair<qint64, Rule>> {{2, Rule::RepairCue}}));
    QCOMPARE(d.first().detail, QStringLiteral("as i said"));
    // A cue in the very first message has no reply before it.
    QVERIFY(
        detect({user(1, QStringLiteral("As I said yesterday, help me")), assistant(2)}).isEmpty());
}

void TestContinuity::repairCuesMatchWholeWordsOnly()
{
    const QStringList cues {QStringLiteral("again"), QStringLiteral("that's not what i asked")};
    QCOMPARE(findRepairCue(QStringLiteral("Try it again."), cues), QStringLiteral("again"));
    QCOMPARE(findRepairCue(QStringLiteral("AGAIN"), cues), QStringLiteral("again"));
    QVERIFY(findRepairCue(QStringLiteral("That was against the rules"), cues).isEmpty());
    QVERIFY(findRepairCue(QStringLiteral("Thanks, that helps"), cues).isEmpty());
    // Typographic apostrophes match the plain one.
    QCOMPARE(findRepairCue(QStringLiteral("No — that’s not what I asked!"), cues),
             QStringLiteral("that's not what i asked"));
}

void TestContinuity::chineseRepairCuesMatch()
{
    QCOMPARE(findRepairCue(QStringLiteral("你忘了我要的是周五的安排"), defaultRepairCues()),
             QStringLiteral("你忘了"));
    QVERIFY(findRepairCue(QStringLiteral("谢谢，这很有帮助"), defaultRepairCues()).isEmpty());
    const QVector<TurnInput> turns {user(1, QStringLiteral("帮我写一封邮件")), assistant(2),
                                    user(3, QStringLiteral("我说过要用正式的语气")), assistant(4)};
    QCOMPARE(fired(detect(turns)), (QVector<QPair<qint64, Rule>> {{2, Rule::RepairCue}}));
}

void TestContinuity::repeatedRequestFires()
{
    const QVector<TurnInput> turns {
        user(1, QStringLiteral("Please summarise the attached report in three bullet points")),
        assistant(2), user(3, QStringLiteral("Thanks. Can you also list the main risks?")),
        assistant(4),
        // 9 shingles, 7 of them shared with turn 1's 7: Jaccard 7/9.
        user(5,
             QStringLiteral("Could you please summarise the attached report in three bullet "
                            "points")),
        assistant(6)};
    const QVector<Detection> d = detect(turns);
    // The reply before the repeat (turn 4) lost the request of turn 1.
    QCOMPARE(fired(d), (QVector<QPair<qint64, Rule>> {{4, Rule::RepeatedRequest}}));
    QCOMPARE(d.first().detail, QStringLiteral("1"));
    // Chinese: each character is a word.
    const QVector<TurnInput> zh {
        user(1, QStringLiteral("请把这份报告总结成三个要点")), assistant(2),
        user(3, QStringLiteral("请把这份报告总结成三个要点")), assistant(4)};
    QCOMPARE(fired(detect(zh)), (QVector<QPair<qint64, Rule>> {{2, Rule::RepeatedRequest}}));
}

void TestContinuity::repeatedRequestAgreesWithEveryPair()
{
    // The detector weighs a question only against the earlier ones sharing a shingle with it.
    // On random conversations (few words, so that questions overlap; questions in a row; empty
    // ones), at several thresholds, it must name what comparing every pair names: for the reply
    // before each question, the first earlier question before that reply similar enough.
    quint32 state = 7;
    const auto next = [&state](quint32 below) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % below;
    };
    int fires = 0;
    for (int round = 0; round < 200; ++round) {
        QVector<TurnInput> turns;
        const int length = 2 + int(next(round % 4 == 0 ? 400 : 60));
        for (int i = 0; i < length; ++i) {
            if (next(3) == 0) {
                turns.append(assistant(i + 1));
                continue;
            }
            QStringList words;
            const int count = int(next(9));
            for (int w = 0; w < count; ++w)
                words << QStringLiteral("w%1").arg(next(4));
            turns.append(user(i + 1, words.join(QLatin1Char(' '))));
        }
        for (const double threshold : {0.0, 0.3, 0.6, 1.0}) {
            Options options;
            options.jaccard = threshold;
            options.cues = {};
            QVector<QPair<qint64, QString>> expected;
            QVector<QPair<int, QSet<quint64>>> earlier;
            int lastAssistant = -1;
            for (int i = 0; i < turns.size(); ++i) {
                if (turns[i].role == Role::Assistant) {
                    lastAssistant = i;
                    continue;
                }
                const QSet<quint64> own = shingles(turns[i].text);
                for (const auto &[position, theirs] : std::as_const(earlier)) {
                    if (lastAssistant >= 0 && position < lastAssistant
                        && jaccard(own, theirs) >= threshold - 1e-9) {
                        expected.append(
                            {turns[lastAssistant].turnId, QString::number(position + 1)});
                        break;
                    }
                }
                if (!own.isEmpty())
                    earlier.append({i, own});
            }
            QVector<QPair<qint64, QString>> actual;
            for (const Detection &d : detect(turns, options)) {
                if (d.rule == Rule::RepeatedRequest)
                    actual.append({d.turnId, d.detail});
            }
            QCOMPARE(actual, expected);
            fires += int(expected.size());
        }
    }
    QVERIFY2(fires > 100, "the rounds hardly ever repeat a request: they test nothing");
}

void TestContinuity::differentRequestsDoNotFire()
{
    const QVector<TurnInput> turns {
        user(1, QStringLiteral("Please summarise the attached report in three bullet points")),
        assistant(2),
        // Shares 3 of 10 distinct shingles with turn 1: Jaccard 0.3.
        user(3, QStringLiteral("Please summarise the attached report for the board")), assistant(4),
        user(5, QStringLiteral("ok")), assistant(6), user(7, QStringLiteral("ok")), assistant(8)};
    QVERIFY(detect(turns).isEmpty());
    Options loose;
    loose.jaccard = 0.3;
    QCOMPARE(fired(detect(turns, loose)),
             (QVector<QPair<qint64, Rule>> {{2, Rule::RepeatedRequest}}));
}

void TestContinuity::shinglesAndJaccard()
{
    // "a b c d" has shingles abc, bcd; "a b c e" has abc, bce: 1 shared of 3.
    const auto x = shingles(QStringLiteral("A b, c d"));
    const auto y = shingles(QStringLiteral("a B c e"));
    QCOMPARE(x.size(), 2);
    QCOMPARE(jaccard(x, y), 1.0 / 3.0);
    QCOMPARE(jaccard(x, x), 1.0);
    QVERIFY(shingles(QStringLiteral("too short")).isEmpty());
    QCOMPARE(jaccard({}, {}), 0.0);
    QCOMPARE(shingles(QStringLiteral("你好世界")).size(), 2);
}

void TestContinuity::matchingAgreesWithItsPlainDefinition()
{
    const QStringList texts {
        QStringLiteral(""),
        QStringLiteral("a"),
        QStringLiteral("Please write a short story about a lighthouse keeper"),
        QStringLiteral("As I SAID, that’s not what I asked — again!"),
        QStringLiteral("That was against the rules, I said so"),
        QStringLiteral("don't, won’t, ‘quoted’ 'single' '' ' it's"),
        QStringLiteral("你忘了我要的是周五的安排，不是周六"),
        QStringLiteral("混合 mixed 文本 with 数字 42 and カタカナ ひらがな 한국어"),
        QStringLiteral("emoji 😀 between 😀 words 👍🏽 and more"),
        QStringLiteral("  spaces   and\ttabs\nnewlines  "),
        QStringLiteral("Ünïcödé ÀÉÎ straße STRASSE ß"),
        QStringLiteral("again again again.again,again"),
        QStringLiteral("no no no, not that. I meant the other one."),
        QStringLiteral("123 456 789 0"),
        QStringLiteral("you forgot you forgot you forgot"),
        // Letters outside the BMP are two surrogates, neither a letter; U+001F joins shingles.
        QStringLiteral("𝐀𝐁 math 𠀀𠀁 ext b 𝐀 x\x1fy z_w A-Z a0 9z é'ü"),
        QStringLiteral("'lead and trail' ''x'' a'b O'BRIEN rock'n'roll"),
    };
    QStringList cues = defaultRepairCues();
    cues << QStringLiteral("said") << QStringLiteral("Straße") << QStringLiteral("😀 between")
         << QStringLiteral("") << QStringLiteral("ain") << QStringLiteral("周五");
    for (const QString &text : texts) {
        for (int n = 0; n <= 4; ++n)
            QCOMPARE(shingles(text, n), plainShingles(text, n));
        QCOMPARE(findRepairCue(text, defaultRepairCues()),
                 plainRepairCue(text, defaultRepairCues()));
        QCOMPARE(findRepairCue(text, cues), plainRepairCue(text, cues));
        // A second list, then the first again: each call sees its own cues.
        QCOMPARE(findRepairCue(text, {QStringLiteral("again")}),
                 plainRepairCue(text, {QStringLiteral("again")}));
        QCOMPARE(findRepairCue(text, cues), plainRepairCue(text, cues));
    }
    QVERIFY(!findRepairCue(texts[3], defaultRepairCues()).isEmpty());
    QCOMPARE(findRepairCue(texts[10], cues), QStringLiteral("Straße"));
}

void TestContinuity::regeneratedReplyFires()
{
    QJsonObject meta {
        {QStringLiteral("branch"), QStringLiteral("regenerated")},
        {QStringLiteral("alternatives"), QJsonArray {QJsonObject {}, QJsonObject {}}}};
    const QVector<TurnInput> turns {
        user(1, QStringLiteral("Hi")), assistant(2, {}, meta), user(3, QStringLiteral("Hm")),
        assistant(4, {}, {{QStringLiteral("branch"), QStringLiteral("edited")}})};
    const QVector<Detection> d = detect(turns);
    QCOMPARE(fired(d), (QVector<QPair<qint64, Rule>> {{2, Rule::Regenerated}}));
    QCOMPARE(d.first().detail, QStringLiteral("2"));
}

void TestContinuity::describeSaysWhy()
{
    QCOMPARE(describe({1, 0, Rule::RepairCue, QStringLiteral("you forgot")}),
             QStringLiteral("The next message says “you forgot”."));
    QCOMPARE(describe({1, 0, Rule::RepeatedRequest, QStringLiteral("3")}),
             QStringLiteral("The next message repeats the request of turn 3."));
    QCOMPARE(ruleFromKey(ruleKey(Rule::Regenerated)), std::optional<Rule>(Rule::Regenerated));
    QVERIFY(!ruleFromKey(QStringLiteral("nonsense")));
}

void TestContinuity::scoreGivesPrecisionAndRecallPerRule()
{
    // Flagged: turns 10, 20, 30. Drops fire on 10 and 40; cues on 10 (twice) and 20.
    const QVector<Detection> detections {{10, 0, Rule::RatingDrop, {}},
                                         {40, 0, Rule::RatingDrop, {}},
                                         {10, 0, Rule::RepairCue, {}},
                                         {10, 0, Rule::RepairCue, {}},
                                         {20, 0, Rule::RepairCue, {}}};
    const QVector<RuleScore> s = score(detections, {10, 20, 30});
    QCOMPARE(s.size(), ruleCount + 1);
    QCOMPARE(s[0].rule, std::optional<Rule>(Rule::RatingDrop));
    QCOMPARE(s[0].detected, 2);
    QCOMPARE(*s[0].precision(), 0.5);
    QCOMPARE(*s[0].recall(), 1.0 / 3.0);
    QCOMPARE(s[1].detected, 2);
    QCOMPARE(*s[1].precision(), 1.0);
    QCOMPARE(*s[1].recall(), 2.0 / 3.0);
    QVERIFY(!s[2].precision()); // never fired: undefined, not 0
    QCOMPARE(*s[2].recall(), 0.0);
    QVERIFY(!s[4].rule); // any rule: 10, 20, 40 detected
    QCOMPARE(s[4].detected, 3);
    QCOMPARE(*s[4].precision(), 2.0 / 3.0);
    QCOMPARE(*s[4].recall(), 2.0 / 3.0);

    QVector<RuleScore> total;
    accumulate(total, s);
    accumulate(total, score({{50, 0, Rule::RatingDrop, {}}}, {50}));
    QCOMPARE(total[0].detected, 3);
    QCOMPARE(total[0].hits, 2);
    QCOMPARE(total[0].flagged, 4);
    QVERIFY(!score({}, {}).at(4).recall());
}

QTEST_GUILESS_MAIN(TestContinuity)
#include "tst_continuity.moc"
