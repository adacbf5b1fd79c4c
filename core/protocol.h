#pragma once

#include "forms.h"
#include "i18n.h"
#include "keys.h"
#include "taxonomy.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVector>

namespace sense7 {

/** When blind re-ratings are offered (retest.h does the choosing). */
struct RetestPlan
{
    bool enabled = true;
    int everyConversations = 5; // a round after every N fully rated conversations
    int percent = 10; // of the participant's rated replies
};

/** The order in which a reply's dimensions are shown. */
enum class DimensionOrder { Fixed, Random };
template<>
struct KeyTable<DimensionOrder>
{
    static const KeyEntry<DimensionOrder> entries[2];
};

/**
 * An assistant set-up participants talk with in a live session: an OpenAI-compatible
 * chat-completions endpoint, or replies written into the protocol (scripted), for controlled
 * stimuli and for sessions with no network at all.
 */
struct AssistantCondition
{
    enum class Kind { Endpoint, Scripted };
    /** One scripted reply. The first unused reply whose rule matches the user's message is sent. */
    struct ScriptedReply
    {
        QString text;
        QString
            match; // a word or phrase the user's message contains (case-insensitive); empty: any
        int turn = 0; // only as the Nth reply of the conversation (1-based); 0: any
    };

    QString key;
    QString label; // what participants see, e.g. "Assistant A"
    Kind kind = Kind::Scripted;
    // Kind::Endpoint
    QUrl url; // ".../v1" or ".../v1/chat/completions"
    QString model;
    QString systemPrompt;
    double temperature = 0.7;
    int maxTokens = 0; // 0: the server's default
    int historyTurns = -1; // earlier turns sent with each message; -1: all
    QString apiKeyVariable; // the environment variable that may hold the key
    // Kind::Scripted
    QVector<ScriptedReply> replies;
    QString fallback; // sent when no reply is left that matches
    int chunkMs = 20; // a scripted reply streams in pieces this far apart
};

/** How participants meet the conditions. */
enum class AssignmentDesign { Between, Within };
template<>
struct KeyTable<AssignmentDesign>
{
    static const KeyEntry<AssignmentDesign> entries[2];
};
/** When the replies of a live conversation are rated. */
enum class RatingTiming { AfterEachReply, AtEnd };
template<>
struct KeyTable<RatingTiming>
{
    static const KeyEntry<RatingTiming> entries[2];
};

/** What a protocol says about live sessions; no conditions: the study annotates exports only. */
struct LivePlan
{
    QVector<AssistantCondition> conditions;
    AssignmentDesign design = AssignmentDesign::Between;
    quint64 seed = 0; // fixes the randomised assignment
    bool blinded = true; // participants see labels, never keys or models
    RatingTiming rating = RatingTiming::AfterEachReply;
    bool ratingRequired = false; // a reply's required ratings before the next message

    const AssistantCondition *condition(const QString &key) const;
};

/**
 * A study protocol: what a study asks of its participants — the instruments they rate with, the
 * forms they fill, the consent text shown before anything is shared, the blind re-rating plan and
 * the order of the dimensions. A data set carries the protocol it was made under.
 */
struct Protocol
{
    QString key;
    QString name;
    QString version;
    QString description;
    QVector<Instrument> instruments;
    Form context; // per conversation
    Form profile; // per participant
    QString consent; // shown before anything is shared; empty when sharing is off
    bool sharing = true; // participants may share (bundles, server)
    RetestPlan retest;
    LivePlan live;
    DimensionOrder order = DimensionOrder::Fixed;
    quint64 orderSeed = 0; // DimensionOrder::Random: with the turn, fixes each reply's order
    i18n::Translations translations; // name, description, consent
    QByteArray definition; // the JSON it was read from

    const Instrument *instrument(const QString &instrumentKey) const;
    /** The first instrument: the one the studio rates with. */
    const Instrument &primary() const;
    /**
     * Positions into \a dimensions (those of one level of one instrument) in the order a reply
     * shows them: 0, 1, 2… for DimensionOrder::Fixed; a permutation that orderSeed and \a turnId
     * fix for DimensionOrder::Random, so it can be recorded and reproduced.
     */
    QVector<int> dimensionOrder(const QVector<Dimension> &dimensions, qint64 turnId) const;
    /** A short, stable digest of what the protocol asks (hex), the same for equal protocols. */
    QString fingerprint() const;
    QString displayName() const;
    QString displayConsent() const;
};

namespace protocol {

/**
 * The most points a scale may have: 101, a 0-100 visual analogue scale (the studio draws up to 11
 * as a box a point, wider ones as a track). Points lie from -100 to 100.
 */
constexpr int maxScalePoints = 101;

/**
 * Parses and validates a protocol; throws Error "SOURCE:LINE:COLUMN: item: problem" naming the
 * position of the offending value in \a json. definition becomes the canonical form (keys sorted,
 * no spaces), so that fingerprint() does not depend on how the file is laid out.
 */
Protocol parse(const QByteArray &json, const QString &source);
/**
 * A protocol as a data set stores it: everything but its instruments, which the data set's own
 * tables hold (and which may predate today's rules). Throws Error when it is not JSON at all.
 */
Protocol parseStored(const QByteArray &definition, const QString &source);
/** The canonical JSON of \a protocol: its definition, or one written from its fields. */
QByteArray canonical(const Protocol &protocol);
/** \a instrument's JSON: its definition, or one written from its fields when it has none. */
QByteArray definitionOf(const Instrument &instrument);
/** \a protocol's canonical JSON with its "instruments" replaced by \a instruments. */
QByteArray withInstruments(const Protocol &protocol, const QVector<Instrument> &instruments);
/**
 * A protocol file someone wrote, for a new study: parse() with the rules that only a new study is
 * held to (two live conditions may not share a label). Copies a data set or a study server keeps
 * are read with parse() or parseStored(), as they were accepted.
 */
Protocol parseWritten(const QByteArray &json, const QString &source);
/** Reads \a path (a file or a Qt resource) and parses it as written (parseWritten()). */
Protocol load(const QString &path);
/**
 * The protocols shipped in resources/protocols: keys "sense7", "esconv", "perceived_empathy" and
 * "sense7_live" (SENSE-7 with two scripted live conditions; the demo's).
 */
QStringList shippedKeys();
Protocol shipped(const QString &key);
/** The default protocol (SENSE-7); data sets made before protocols existed are SENSE-7 ones. */
Protocol sense7();

/** Whether data made under one protocol can enter a data set made under another. */
struct Compatibility
{
    QStringList differences; // one sentence each; empty when compatible
    bool compatible() const { return differences.isEmpty(); }
};
/**
 * Compatible means: every instrument of \a theirs exists in \a ours with the same dimension keys,
 * and each dimension has the same level and scale (min and max). Wording, translations, forms,
 * consent, the re-rating plan and the study key may differ. Pass only the instruments data
 * actually uses as \a theirs.
 */
Compatibility compare(const Protocol &ours, const Protocol &theirs);

} // namespace protocol
} // namespace sense7
