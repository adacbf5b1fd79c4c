#include "detection.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QScopeGuard>

#include <algorithm>
#include <bitset>
#include <vector>

namespace sense7 {

const KeyEntry<continuity::Rule> KeyTable<continuity::Rule>::entries[continuity::ruleCount] = {
    {continuity::Rule::RatingDrop, "rating_drop", QT_TRANSLATE_NOOP("sense7::keys", "Rating drop")},
    {continuity::Rule::RepairCue, "repair_cue", QT_TRANSLATE_NOOP("sense7::keys", "Repair cue")},
    {continuity::Rule::RepeatedRequest, "repeated_request",
     QT_TRANSLATE_NOOP("sense7::keys", "Repeated request")},
    {continuity::Rule::Regenerated, "regenerated",
     QT_TRANSLATE_NOOP("sense7::keys", "Regenerated reply")},
};

} // namespace sense7

namespace sense7::continuity {
namespace {

bool isHan(QChar c)
{
    const QChar::Script script = c.script();
    return script == QChar::Script_Han || script == QChar::Script_Hiragana
        || script == QChar::Script_Katakana || script == QChar::Script_Hangul;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('\'');
}

bool hasLatin(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.isLetter() && c.script() == QChar::Script_Latin; });
}

/** Case-folded, with typographic apostrophes made plain so "that’s" matches "that's". */
QString normalised(const QString &text)
{
    // ASCII, most text, folds to lower case alone, and has no typographic apostrophe: without
    // Unicode's tables.
    if (std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; })) {
        QString folded(text.size(), Qt::Uninitialized);
        std::transform(text.cbegin(), text.cend(), folded.begin(), [](QChar c) {
            const char16_t u = c.unicode();
            return QChar(u >= u'A' && u <= u'Z' ? char16_t(u + (u'a' - u'A')) : u);
        });
        return folded;
    }
    QString folded = text.toCaseFolded();
    folded.replace(QChar(0x2019), QLatin1Char('\''));
    folded.replace(QChar(0x2018), QLatin1Char('\''));
    return folded;
}

/** What a character of folded text is to Words::split(): a word of its own (isHan()), part of a
 * word (a letter or number), nothing (an apostrophe: "that's" is one word) or a separator. */
enum class CharKind { Separator, Apostrophe, Letter, Han };

CharKind kindOf(QChar c)
{
    const char16_t u = c.unicode();
    if (u < 0x80) { // ASCII, most text: no look-up in Unicode's tables
        if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9'))
            return CharKind::Letter;
        return u == u'\'' ? CharKind::Apostrophe : CharKind::Separator;
    }
    if (isHan(c))
        return CharKind::Han;
    return c.isLetterOrNumber() ? CharKind::Letter : CharKind::Separator;
}

/**
 * The words of folded text, joined by U+001F, and where each ends: the words i to j joined, as
 * a shingle hashes them, are the chars from the start of word i to the end of word j, so no
 * shingle is copied to be hashed.
 */
struct Words
{
    std::vector<char16_t> chars;
    std::vector<std::size_t> starts, ends;

    void split(const QString &folded)
    {
        const std::size_t most = std::size_t(folded.size()) * 2; // a separator after each char
        if (chars.size() < most)
            chars.resize(most);
        starts.clear();
        ends.clear();
        std::size_t at = 0;
        bool inWord = false;
        const auto endWord = [&] {
            if (inWord) {
                ends.push_back(at);
                chars[at++] = 0x1f;
                inWord = false;
            }
        };
        for (const QChar c : folded) {
            switch (kindOf(c)) {
            case CharKind::Han:
                endWord();
                starts.push_back(at);
                chars[at++] = c.unicode();
                inWord = true;
                endWord();
                break;
            case CharKind::Letter:
                if (!inWord)
                    starts.push_back(at);
                inWord = true;
                chars[at++] = c.unicode();
                break;
            case CharKind::Separator:
                endWord();
                break;
            case CharKind::Apostrophe:
                break;
            }
        }
        endWord();
    }
};

/**
 * Word n-gram hashes of folded text (see shingles()), each once, sorted: as a set, without a
 * hash table's node for each.
 */
std::vector<quint64> foldedShingles(const QString &folded, int n)
{
    thread_local Words list;
    const auto release = qScopeGuard([] {
        // A long text's buffers are not kept for the thread's life.
        if (list.chars.size() > std::size_t(1) << 16)
            list = Words();
    });
    list.split(folded);
    std::vector<quint64> result;
    const std::size_t count = list.starts.size();
    if (n <= 0 || count < std::size_t(n))
        return result;
    result.reserve(count - std::size_t(n) + 1);
    for (std::size_t i = 0; i + std::size_t(n) <= count; ++i) {
        const std::size_t from = list.starts[i];
        const QStringView joined(list.chars.data() + from, qsizetype(list.ends[i + n - 1] - from));
        result.push_back(quint64(qHash(joined, 0x5e75e7)));
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

/** jaccard() of two sets from foldedShingles(). */
double sortedJaccard(const std::vector<quint64> &a, const std::vector<quint64> &b)
{
    if (a.empty() && b.empty())
        return 0.0;
    std::size_t common = 0;
    for (auto i = a.cbegin(), j = b.cbegin(); i != a.cend() && j != b.cend();) {
        if (*i < *j) {
            ++i;
        } else if (*j < *i) {
            ++j;
        } else {
            ++common;
            ++i;
            ++j;
        }
    }
    return double(common) / double(a.size() + b.size() - common);
}

QStringList loadCues()
{
    QFile file(QStringLiteral(":/sense7/continuity/repair_cues.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QStringList cues;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh")})
        for (const QJsonValue cue : root.value(language).toArray())
            cues.append(cue.toString());
    return cues;
}

/** A cue as findRepairCue() looks for it. */
struct Needle
{
    QString cue;
    QString folded;
    bool wholeWords = false;
    QVector<quint16> pairs; // bigram() of each two characters in a row
};

/** A hash of two characters in a row: a cue can only be found in text that has all of its. */
quint16 bigram(QChar a, QChar b)
{
    return quint16((a.unicode() * 31u + b.unicode()) & 4095u);
}

/**
 * \a cues folded as findRepairCue() matches them. Folding every cue for every message was most
 * of the work of finding none: the last list's folded cues are kept, per thread. Keeping a copy of
 * the list keeps it shared, so an unchanged list is recognised by its data alone.
 */
const QVector<Needle> &needles(const QStringList &cues)
{
    thread_local QStringList last;
    thread_local QVector<Needle> folded;
    thread_local bool filled = false;
    if (filled && (last.constData() == cues.constData() || last == cues))
        return folded;
    folded.clear();
    for (const QString &cue : cues) {
        const QString needle = normalised(cue);
        if (needle.isEmpty())
            continue;
        QVector<quint16> pairs;
        for (qsizetype i = 0; i + 1 < needle.size(); ++i)
            pairs.append(bigram(needle[i], needle[i + 1]));
        folded.append({cue, needle, hasLatin(needle), pairs});
    }
    last = cues;
    filled = true;
    return folded;
}

/** findRepairCue() in text already normalised(). */
QString foldedRepairCue(const QString &haystack, const QStringList &cues)
{
    // The bigrams the text has: a cue with one it lacks is not searched for.
    std::bitset<4096> present;
    for (qsizetype i = 0; i + 1 < haystack.size(); ++i)
        present.set(bigram(haystack[i], haystack[i + 1]));
    for (const auto &[cue, needle, wholeWords, pairs] : needles(cues)) {
        if (!std::all_of(pairs.cbegin(), pairs.cend(), [&](quint16 b) { return present[b]; }))
            continue;
        for (qsizetype at = haystack.indexOf(needle); at >= 0;
             at = haystack.indexOf(needle, at + 1)) {
            const qsizetype end = at + needle.size();
            if (!wholeWords
                || ((at == 0 || !isWordChar(haystack.at(at - 1)))
                    && (end == haystack.size() || !isWordChar(haystack.at(end)))))
                return cue;
        }
    }
    return {};
}

} // namespace

const QStringList &defaultRepairCues()
{
    static const QStringList cues = loadCues();
    return cues;
}

QString describe(const Detection &detection)
{
    switch (detection.rule) {
    case Rule::RatingDrop:
        return QCoreApplication::translate(
                   "sense7::continuity",
                   "The mean rating fell by %1 from the previous rated reply.")
            .arg(detection.detail);
    case Rule::RepairCue:
        return QCoreApplication::translate("sense7::continuity", "The next message says “%1”.")
            .arg(detection.detail);
    case Rule::RepeatedRequest:
        return QCoreApplication::translate("sense7::continuity",
                                           "The next message repeats the request of turn %1.")
            .arg(detection.detail);
    case Rule::Regenerated:
        return QCoreApplication::translate("sense7::continuity",
                                           "The reply was regenerated (%n other version(s)).",
                                           nullptr, detection.detail.toInt());
    }
    return {};
}

QString findRepairCue(const QString &text, const QStringList &cues)
{
    return foldedRepairCue(normalised(text), cues);
}

QSet<quint64> shingles(const QString &text, int n)
{
    const std::vector<quint64> sorted = foldedShingles(normalised(text), n);
    return QSet<quint64>(sorted.cbegin(), sorted.cend());
}

double jaccard(const QSet<quint64> &a, const QSet<quint64> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 0.0;
    qsizetype common = 0;
    const QSet<quint64> &small = a.size() <= b.size() ? a : b;
    const QSet<quint64> &large = a.size() <= b.size() ? b : a;
    for (quint64 h : small)
        common += large.contains(h) ? 1 : 0;
    return double(common) / double(a.size() + b.size() - common);
}

QVector<Detection> detect(const QVector<TurnInput> &turns, const Options &options)
{
    QVector<Detection> result;
    const auto add = [&](int position, Rule rule, const QString &detail) {
        result.append({turns[position].turnId, position, rule, detail});
    };
    std::optional<double> previousMean;
    // Earlier user messages and their shingles. The first few are weighed against each new
    // message pair by pair; past those, an index of which messages have each shingle takes
    // over, so that a message is weighed only against those it shares a shingle with and a long
    // conversation costs about its length rather than its square. Short conversations, nearly
    // all of them, build no index.
    constexpr int pairwiseUpTo = 64;
    QVector<QPair<int, std::vector<quint64>>> requests;
    QHash<quint64, QVector<int>> having; // once there are more than pairwiseUpTo
    QVector<int> shared; // by request: shingles it shares with the message at hand
    QVector<int> sharing; // the requests that share any
    int lastAssistant = -1;
    for (int i = 0; i < turns.size(); ++i) {
        const TurnInput &turn = turns[i];
        if (turn.role == Role::Assistant) {
            lastAssistant = i;
            if (turn.meanRating) {
                if (previousMean && *previousMean - *turn.meanRating >= options.threshold - 1e-9)
                    add(i, Rule::RatingDrop,
                        QLocale().toString(*previousMean - *turn.meanRating, 'f', 1));
                previousMean = turn.meanRating;
            }
            if (turn.meta.value(QStringLiteral("branch")).toString()
                == QLatin1String("regenerated"))
                add(i, Rule::Regenerated,
                    QString::number(std::max<qsizetype>(
                        1, turn.meta.value(QStringLiteral("alternatives")).toArray().size())));
            continue;
        }
        if (turn.role != Role::User)
            continue;
        const QString folded = normalised(turn.text);
        std::vector<quint64> own = foldedShingles(folded, options.shingle);
        if (lastAssistant >= 0) {
            // The reply before this message is the one the user is repairing.
            const QString cue = foldedRepairCue(folded, options.cues);
            if (!cue.isEmpty())
                add(lastAssistant, Rule::RepairCue, cue);
            if (requests.size() <= pairwiseUpTo) {
                for (const auto &[position, earlier] : std::as_const(requests)) {
                    if (position < lastAssistant
                        && sortedJaccard(own, earlier) >= options.jaccard - 1e-9) {
                        add(lastAssistant, Rule::RepeatedRequest, QString::number(position + 1));
                        break;
                    }
                }
            } else if (options.jaccard <= 1e-9) { // any earlier request is similar enough
                if (requests.constFirst().first < lastAssistant)
                    add(lastAssistant, Rule::RepeatedRequest,
                        QString::number(requests.constFirst().first + 1));
            } else {
                for (const quint64 shingle : own) {
                    const auto found = having.constFind(shingle);
                    if (found == having.cend())
                        continue;
                    for (const int r : *found) {
                        if (shared[r]++ == 0)
                            sharing.append(r);
                    }
                }
                std::sort(sharing.begin(), sharing.end()); // the earliest similar one is named
                for (const int r : std::as_const(sharing)) {
                    const auto &[position, earlier] = requests[r];
                    // As jaccard() works it out, so that the threshold cuts alike.
                    const double similarity = double(shared[r])
                        / double(qsizetype(own.size() + earlier.size()) - shared[r]);
                    if (position < lastAssistant && similarity >= options.jaccard - 1e-9) {
                        add(lastAssistant, Rule::RepeatedRequest, QString::number(position + 1));
                        break;
                    }
                }
                for (const int r : std::as_const(sharing))
                    shared[r] = 0;
                sharing.clear();
            }
        }
        if (!own.empty()) {
            requests.append({i, std::move(own)});
            const int count = int(requests.size());
            // Past pairwiseUpTo, every request is in the index: all of them when it starts.
            for (int r = count == pairwiseUpTo + 1 ? 0 : count - 1;
                 count > pairwiseUpTo && r < count; ++r) {
                shared.append(0);
                for (const quint64 shingle : std::as_const(requests[r].second))
                    having[shingle].append(r);
            }
        }
    }
    std::stable_sort(result.begin(), result.end(), [](const Detection &a, const Detection &b) {
        return a.position < b.position;
    });
    return result;
}

std::optional<double> RuleScore::precision() const
{
    return detected > 0 ? std::optional<double>(double(hits) / detected) : std::nullopt;
}

std::optional<double> RuleScore::recall() const
{
    return flagged > 0 ? std::optional<double>(double(hits) / flagged) : std::nullopt;
}

QVector<RuleScore> score(const QVector<Detection> &detections, const QSet<qint64> &flagged)
{
    QVector<RuleScore> scores;
    for (int r = 0; r <= ruleCount; ++r) {
        QSet<qint64> turns;
        for (const Detection &d : detections)
            if (r == ruleCount || int(d.rule) == r)
                turns.insert(d.turnId);
        RuleScore s;
        if (r < ruleCount)
            s.rule = Rule(r);
        s.detected = int(turns.size());
        s.flagged = int(flagged.size());
        for (qint64 id : turns)
            s.hits += flagged.contains(id) ? 1 : 0;
        scores.append(s);
    }
    return scores;
}

void accumulate(QVector<RuleScore> &into, const QVector<RuleScore> &other)
{
    if (into.isEmpty()) {
        into = other;
        return;
    }
    for (qsizetype i = 0; i < into.size() && i < other.size(); ++i) {
        into[i].detected += other[i].detected;
        into[i].hits += other[i].hits;
        into[i].flagged += other[i].flagged;
    }
}

} // namespace sense7::continuity
