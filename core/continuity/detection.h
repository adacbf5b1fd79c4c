#pragma once

#include "types.h"

#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

/**
 * Candidate continuity breaks found automatically (DESIGN.md, "Continuity breaks"). Pure functions
 * over a conversation's turns: nothing here reads the data set. Each detection names the rule
 * that fired, so that detections can be weighed against the breaks participants flagged.
 */
namespace sense7::continuity {

enum class Rule {
    RatingDrop, // (a) the mean rating fell by at least the threshold
    RepairCue, // (b) the next user message contains a repair cue
    RepeatedRequest, // (c) the user repeated an earlier request
    Regenerated, // (d) the source shows that the reply was regenerated
};
constexpr int ruleCount = 4;
} // namespace sense7::continuity

namespace sense7 {
template<>
struct KeyTable<continuity::Rule>
{
    static const KeyEntry<continuity::Rule> entries[continuity::ruleCount];
};
} // namespace sense7

namespace sense7::continuity {
// "rating_drop", "repair_cue", "repeated_request", "regenerated"
inline QString ruleKey(Rule rule)
{
    return keyOf(rule);
}
inline std::optional<Rule> ruleFromKey(const QString &key)
{
    return fromKey<Rule>(key);
}
inline QString ruleName(Rule rule)
{
    return labelOf(rule);
} // translated, for tooltips and tables

/** The repair cues of resources/continuity/repair_cues.json, English and Chinese. */
const QStringList &defaultRepairCues();

struct Options
{
    double threshold = 1.5; // rule (a): drop in the mean rating
    double jaccard = 0.6; // rule (c): similarity of word 3-shingles
    int shingle = 3;
    QStringList cues = defaultRepairCues();
};

/**
 * The rating-drop threshold for ratings whose widest scale spans \a span points (max - min):
 * \a threshold up to 11 points (SENSE-7's 1-5 and the like), the same share of a wider scale
 * (1.5 of 1-5's 4 is 37 of 1-100's 99), so that a 1-100 score's ordinary ups and downs are no
 * continuity break.
 */
inline double dropThreshold(double threshold, int span)
{
    return span > 10 ? threshold * span / 4.0 : threshold;
}

/** One turn as detection sees it; meanRating is the mean of its ratings, when it has any. */
struct TurnInput
{
    qint64 turnId = 0;
    Role role = Role::User;
    QString text;
    QJsonObject meta;
    std::optional<double> meanRating;
};

/** A rule firing on an assistant turn. detail says why: the cue, the earlier turn, the drop. */
struct Detection
{
    qint64 turnId = 0;
    int position = 0; // index of the turn in the input
    Rule rule = Rule::RatingDrop;
    QString detail;
};

/** A sentence for a tooltip: what fired and why, e.g. "The next message says “as I said”". */
QString describe(const Detection &detection);

/** Every rule on every assistant turn, in turn order; a turn may carry several detections. */
QVector<Detection> detect(const QVector<TurnInput> &turns, const Options &options = {});

/** The first cue found in \a text, or an empty string. Latin-script cues match whole words. */
QString findRepairCue(const QString &text, const QStringList &cues);
/** Hashes of the word n-grams of \a text; CJK characters count as words. Empty below n words. */
QSet<quint64> shingles(const QString &text, int n = 3);
/** |a ∩ b| / |a ∪ b|; 0 when both are empty. */
double jaccard(const QSet<quint64> &a, const QSet<quint64> &b);

/** How detections by one rule (or by any, when rule is empty) match flagged breaks. */
struct RuleScore
{
    std::optional<Rule> rule; // nullopt: any rule
    int detected = 0; // distinct turns the rule fired on
    int hits = 0; // of those, turns a participant flagged: precision and recall share it
    int flagged = 0; // flagged turns in the set
    std::optional<double> precision() const;
    std::optional<double> recall() const;
};

/**
 * Precision and recall against \a flagged turns, one score per rule and then one for any rule.
 * Turns are matched by id.
 */
QVector<RuleScore> score(const QVector<Detection> &detections, const QSet<qint64> &flagged);
/** Adds \a other's counts to \a into, rule by rule; both from score(). */
void accumulate(QVector<RuleScore> &into, const QVector<RuleScore> &other);

} // namespace sense7::continuity
