#pragma once

#include "browse/digest.h"
#include "store.h"
#include "taxonomy.h"
#include "types.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>

namespace sense7::import {

/** A rating that travels with an imported conversation (ESConv feedback, bundles). */
struct ImportedRating
{
    int turnIndex = -1; // -1: a conversation-level rating
    QString dimension; // "instrument/key"
    QString annotator = QStringLiteral("self");
    AnnotatorKind kind = AnnotatorKind::Self;
    std::optional<int> value; // nullopt: not applicable
    QString where; // the file and entry, for messages
};

struct ImportedFlag
{
    int turnIndex = 0;
    QString annotator = QStringLiteral("self");
    AnnotatorKind kind = AnnotatorKind::Self;
    QString reason;
    std::optional<int> refersTo;
    QString note;
    QString where; // the file and entry, for messages; empty: the conversation's
};

struct ImportedNote
{
    int turnIndex = 0;
    QString annotator = QStringLiteral("self");
    AnnotatorKind kind = AnnotatorKind::Self;
    QString text;
    QString where; // the file and entry, for messages; empty: the conversation's
};

/** One conversation read from a file, not yet in a data set. */
struct ImportedConversation
{
    QString where; // "conversations.json: conversation 3 "Title" (line 120)"
    QString participant; // empty: the import's participant
    QJsonObject participantProfile;
    QString participantPseudonym; // who the participant is in anonymised data, when known
    /** The live conditions the participant was assigned where they took part (bundles). */
    std::optional<Assignment> participantAssignment;
    Conversation conversation; // participantId and contentHash are filled in when written
    /**
     * The fields of the file the reader kept as they came, a JSON object's text: the
     * provenance's "record" (conversation.provenance lacks it). Saves converting it to Qt's
     * JSON and back (mapped JSON Lines).
     */
    QByteArray recordJson;
    /**
     * The provenance as written, of a conversation whose provenance is only its record, worked
     * out on the reader's thread (import::QueueSink); empty: the writer works it out.
     */
    QByteArray provenanceJson;
    /**
     * identity::anonymisedHash() of the content hash, worked out with the hash on the reader's
     * thread (import::QueueSink); empty: the writer works it out.
     */
    QString derivedHash;
    /**
     * import::KeyFilter::key() of the content hash, of derivedHash, and of the source (id and
     * format, import::Writer::sourceKey()), worked out with the hashes on the reader's thread
     * (import::QueueSink); 0: the writer works them out.
     */
    struct Keys
    {
        quint64 content = 0;
        quint64 derived = 0;
        quint64 source = 0;
    } keys;
    /**
     * The conversation's digest, worked out on the reader's thread (import::QueueSink) when it
     * comes with no ratings or flags; written with it when it is new to the data set.
     */
    std::optional<digest::Unrated> digest;
    QVector<Turn> turns; // as read; the importer encodes them (and frees these) before writing
    /** The turns as written, with their ids once written; a reader may fill it in itself. */
    EncodedTurns encoded;
    /** A live conversation's sittings (conversation.condition names its condition; bundles). */
    QVector<LiveSession> sessions;
    QVector<ImportedRating> ratings;
    QVector<ImportedFlag> flags;
    QVector<ImportedNote> notes;
    /** Instruments the ratings need; installed when the data set lacks them. */
    std::shared_ptr<const QVector<Instrument>> instruments;
    /**
     * Bundles: the protocol the data was made under, with the instruments its ratings use; the
     * import is refused unless it is compatible with the data set's (protocol::compare).
     */
    std::shared_ptr<const Protocol> protocol;
    /** The bundle predates protocols: SENSE-7 is assumed, and instruments it lacks installed. */
    bool protocolAssumed = false;
    /**
     * The source id is the reader's own (a line number, a place in the file, the file's name),
     * not an id the export gives: another file's conversation may have it too.
     */
    bool sourceIdMade = false;
    /** What the reader changed or left out here, said without the conversation being skipped. */
    QStringList notices;
    int feedbackRepeated = 0; // ESConv: feedback given twice for one turn; the later is kept
    int feedbackSpanning = 0; // ESConv: feedback after several supporter messages in a row
    int unanswered = 0; // Gemini: prompts kept without a reply
    int timesUnread = 0; // times given that are no time the import reads, left empty (times.h)
    QString firstUnreadTime; // where the first was, and what it said
};

/**
 * A row of a ratings file: a rating for a turn, or for a whole conversation, already in the data
 * set.
 */
struct ExternalRating
{
    QString where; // "ratings.csv: line 14"
    qint64 line = 0;
    QString conversation; // a key Store::findConversation() accepts
    int turnIndex = -1; // -1: a conversation-level rating (the row's turn_index is empty)
    QString instrument; // empty: the file does not say (the dimension's key decides)
    QString dimension; // the dimension's key, without the instrument
    QString annotator; // empty: the file does not say (Options::annotator decides)
    std::optional<AnnotatorKind> kind; // nullopt: the file does not say
    std::optional<int> value;
};

/**
 * Where readers put what they read. Readers run on a worker thread; the importer applies the
 * items on the store's thread, in order.
 */
class ImportSink
{
public:
    virtual ~ImportSink() = default;
    virtual void conversation(ImportedConversation &&conversation) = 0;
    virtual void rating(ExternalRating &&rating) = 0;
    /** Something was skipped or changed; the import goes on. */
    virtual void warning(const QString &message) = 0;
    /** Bytes of the input read so far. */
    virtual void progress(qint64 bytes) = 0;
    /** True when the user cancelled; readers stop at the next item. */
    virtual bool cancelled() const = 0;
};

} // namespace sense7::import
