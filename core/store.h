#pragma once

#include "edit.h"
#include "integrity.h"
#include "protocol.h"
#include "sqlite.h"
#include "taxonomy.h"
#include "types.h"

#include <QObject>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QTimer;

namespace sense7 {

/** Counts and instruments of a data set, as `sense7 info` prints them. */
struct DataSetInfo
{
    QString path;
    int schemaVersion = 0;
    bool readOnly = false;
    qint64 participants = 0;
    qint64 conversations = 0;
    qint64 turns = 0;
    qint64 assistantTurns = 0;
    qint64 ratings = 0;
    qint64 conversationRatings = 0;
    qint64 flags = 0;
    QStringList agents;
    QStringList sourceFormats;
    QVector<Instrument> instruments;
    QString protocolKey; // the study protocol the data set was made under
    QString protocolVersion;
    QString protocolFingerprint;

    QJsonObject toJson() const;
};

/**
 * What the studio's status bar says of a data set: a few counts that stay quick to read at
 * millions of turns (DataSetInfo counts every rating as well).
 */
struct DataSetOverview
{
    bool readOnly = false;
    qint64 participants = 0;
    qint64 conversations = 0;
    qint64 assistantTurns = 0;
    bool demo = false; // holds illustrative demo conversations
};

/** A rating as an export writes it, by any annotator: names instead of ids. */
struct RatingRecord
{
    std::optional<int> turnIndex; // none: a conversation-level rating
    QString role; // the turn's role key; empty for conversation-level ratings
    QString instrument; // the instrument's key
    QString dimension; // the dimension's key
    QString annotator; // the annotator's code
    QString annotatorKind;
    std::optional<int> value; // none: not applicable
    bool flagged = false; // the annotator flagged the turn (RatingRecords::WithFlags)
    QString flagReason;
};

/** A continuity flag as an export writes it, by any annotator. */
struct FlagRecord
{
    int turnIndex = 0;
    QString annotator;
    QString annotatorKind;
    QString reason;
    std::optional<int> refersToIndex;
    QString note;
};

/** A note as an export writes it, by any annotator. */
struct NoteRecord
{
    int turnIndex = 0;
    QString annotator;
    QString annotatorKind;
    QString text;
};

/** A rating with a value on the scale (not "not applicable"). */
struct RatedCell
{
    qint64 turnId = 0;
    qint64 dimensionId = 0;
    qint64 participantId = 0;
    int value = 0; ///< 0 when notApplicable
    qint64 conversationId = 0;
    bool notApplicable = false;
};

/** A rating with a value and where it was given: for models of ratings nested in conversations. */
struct RatedTurn
{
    qint64 turnId = 0;
    qint64 conversationId = 0;
    QString participant; ///< code
    QString agent; ///< the conversation's assistant; empty when unknown
    int value = 0;
};

/** Conversation summaries read on another thread (Store::conversationSummariesReader()). */
struct SummariesRead
{
    /** Reads the rows; throws Error when that fails or was interrupted. */
    std::function<QVector<ConversationSummary>()> read;
    /** From any thread, while read() runs or before: read() stops soon, throwing. */
    std::function<void()> interrupt;
};

class Store;
class WriteBehind;
namespace browse {
sql::Connection &connection(const Store &store);
std::unique_ptr<sql::Connection> openReader(const Store &store);
} // namespace browse
namespace test {
struct StoreAccess;
}

/**
 * Turns as the turn table stores them: text, time and meta already UTF-8, back to back in one
 * buffer. Encoding is most of the cost of adding a turn, so the importer encodes on its reading
 * thread and the writing thread only binds (Store::addConversation).
 */
struct EncodedTurns
{
    struct Row
    {
        Role role = Role::User;
        qsizetype text = 0, textSize = 0;
        qsizetype createdAt = 0, createdAtSize = 0; // size 0: no time
        qsizetype meta = 0, metaSize = 0;
    };
    QByteArray bytes;
    QVector<Row> rows;
    QVector<qint64> ids; // the turns' ids, filled in by Store::addConversation

    static EncodedTurns encode(const QVector<Turn> &turns);
    /** Adds a turn whose text is UTF-8 already, and whose meta is a JSON object's text. */
    void append(Role role, QByteArrayView text, const QDateTime &createdAt, QByteArrayView meta);
    qsizetype size() const { return rows.size(); }
    QByteArrayView view(qsizetype at, qsizetype size) const
    {
        return {bytes.constData() + at, size};
    }

private:
    /** Appends the time and the meta of \a row, whose text is in, and the row. */
    void appendRest(Row &row, const QDateTime &createdAt, QByteArrayView meta);
};

/**
 * One Sense-7 data set: a SQLite file in WAL mode with foreign keys on. The store owns the data;
 * models and views hold ids and ask again. Every write method is one transaction, committed before
 * it returns, and composes into an enclosing Transaction when one is open (see transaction()).
 * Lives in the thread that opened it; a second process may open the same file at the same time.
 */
class Store : public QObject
{
    Q_OBJECT

public:
    enum class Access { ReadWrite, ReadOnly };
    /**
     * When Store::open checks the file for damage (PRAGMA quick_check, about 0.1 s for 200 MB
     * in the page cache): WhenWriting before a read-write open, Always also for reading (the
     * CLI's reading commands, to warn), Never when the caller has just checked it.
     */
    enum class Check { WhenWriting, Always, Never };

    /** Creates a new data set at \a path, which must not exist yet, with the SENSE-7 instrument. */
    static std::unique_ptr<Store> create(const QString &path);
    /** The same under \a protocol: its instruments are installed and the protocol recorded. */
    static std::unique_ptr<Store> create(const QString &path, const Protocol &protocol);
    /**
     * Opens an existing data set, migrating an older schema. Refuses, with a message naming the
     * file and changing nothing: a missing, empty or non-SQLite file, an SQLite file that is not a
     * Sense-7 data set, and a data set written by a newer version. A file that cannot be written
     * opens read-only. A damaged file (see Check) opens read-only too, with isDamaged() and a
     * message that says what to do; nothing is written into it, not even a migration.
     */
    static std::unique_ptr<Store> open(const QString &path, Access access = Access::ReadWrite,
                                       Check check = Check::WhenWriting);
    /**
     * Refuses, as open() does, what is no Sense-7 data set this version reads, without opening
     * it as one: an older format passes (what copies or checks a file needs no upgrade of it).
     */
    static void requireDataSet(const QString &path);
    /**
     * Opens \a path for writing after the caller checked it (the studio checks on another
     * thread): read-write when \a report is ok, read-only and damaged when it is not.
     */
    static std::unique_ptr<Store> openChecked(const QString &path, const integrity::Report &report);

    ~Store() override;

    QString path() const;
    /**
     * Whether path() still names the file this store opened, not another moved or copied over
     * it since: whether another connection opened at the path reads the same data set.
     */
    bool isStillAtPath() const;
    bool isReadOnly() const;
    /** True when the check at opening found damage: then the store is read-only. */
    bool isDamaged() const { return !m_damage.isEmpty(); }
    /** What is damaged and what to do about it (restore, recover); empty when not damaged. */
    const QString &damage() const { return m_damage; }
    int schemaVersion() const;

    /** Runs \a work in one transaction: all of it is committed, or none of it on an exception. */
    template<typename Work>
    auto transaction(Work &&work);

    // Writing. Each throws Error and writes nothing on failure.
    /** \a pseudonym: theirs when it came with their data (Participant::pseudonym). */
    qint64 addParticipant(const QString &code, const QJsonObject &profile = {},
                          const QString &pseudonym = {});
    qint64 participantId(const QString &code) const; // 0 when unknown
    /**
     * The participant \a code names, or, failing that, the one known by either name as code or
     * pseudonym (\a pseudonym: the one their data came with): a participant who arrived
     * anonymised is found by their plain data's pseudonym and the other way round. 0 when none.
     */
    qint64 findParticipant(const QString &code, const QString &pseudonym = {}) const;
    void setParticipantProfile(qint64 participantId, const QJsonObject &profile);
    /**
     * Removes a participant and everything of theirs: conversations, turns, every rater's ratings,
     * flags and notes on them, and the journal's entries about them (store_pull.cpp). For a
     * participant who withdrew from a study.
     */
    void removeParticipant(qint64 participantId);
    /** Installs \a instrument; one installed already (same key) gains the dimensions it lacks. */
    qint64 installInstrument(const Instrument &instrument);
    qint64 annotatorId(const QString &code, AnnotatorKind kind); // created when missing
    /** Adds a conversation and its turns; fills in the content hash when empty. */
    qint64 addConversation(Conversation conversation, QVector<Turn> &turns);
    /** How the importer adds a conversation. */
    struct Adding
    {
        /** The provenance as JSON text, written instead of Conversation::provenance. */
        QByteArrayView provenanceJson;
        /** The caller has found that the data set lacks the conversation in either form. */
        bool checked = false;
        /**
         * The caller's transaction is rolled back whole if this throws, so no savepoint of its
         * own is needed: a savepoint copies every page the conversation changes, to undo it alone.
         */
        bool partOfTransaction = false;
    };
    /** The same for turns encoded beforehand; the content hash must be filled in. */
    qint64 addConversation(const Conversation &conversation, EncodedTurns &turns);
    qint64 addConversation(const Conversation &conversation, EncodedTurns &turns,
                           const Adding &adding);
    bool hasContentHash(const QString &hash) const;
    /**
     * Whether participant \a participantId has a conversation with an id up to \a upTo from
     * source \a sourceId of format \a format (its id in the export it was imported from).
     */
    bool hasSource(qint64 participantId, const QString &format, const QString &sourceId,
                   qint64 upTo) const;
    /** The largest conversation id there is; 0 with none. */
    qint64 lastConversationId() const;
    /**
     * Calls \a found with each content hash and each anonymised stand-in of the data set; only
     * when it holds at most \a most conversations (-1: any number), else returns false.
     */
    bool conversationHashes(qint64 most, const std::function<void(const QString &)> &found) const;
    /**
     * The conversation \a contentHash identifies in either form (identity.h): stored with that
     * content hash, or as its anonymised stand-in, or, when \a contentHash is itself a stand-in,
     * stored plain. \a anonymisedHash: the stand-in when known (empty: derived). 0 when none.
     */
    qint64 conversationWithHash(const QString &contentHash,
                                const QString &anonymisedHash = {}) const;
    /** What an import compares first of a conversation it finds in the data set again. */
    struct HeldConversation
    {
        qint64 participantId = 0;
        QByteArray provenanceJson; // as stored
        qint64 turns = 0;
    };
    std::optional<HeldConversation> heldConversation(qint64 conversationId) const;
    void setConversationContext(qint64 conversationId, const QJsonObject &context);
    /** Replaces where a conversation came from (merging adds the sources it arrived from again). */
    void setConversationProvenance(qint64 conversationId, const QJsonObject &provenance);
    /** Sets a rating (an unset one clears it). Journaled in rating_event. */
    void setRating(qint64 turnId, qint64 dimensionId, qint64 annotatorId, Rating value,
                   Origin origin = Origin::Data);
    void clearRating(qint64 turnId, qint64 dimensionId, qint64 annotatorId,
                     Origin origin = Origin::Data);
    /** A conversation-level rating (an unset one clears it). */
    void setConversationRating(qint64 conversationId, qint64 dimensionId, qint64 annotatorId,
                               Rating value);
    qint64 addFlag(const TurnFlag &flag);
    /**
     * Stores a model's ratings of one turn with the prompt hash, reply and timing, replacing an
     * earlier prediction by the same model (store_predictions.cpp). One transaction, validated.
     */
    void recordPrediction(const Prediction &prediction);
    /** The prompt hash of \a annotatorId's stored prediction for \a turnId; empty when none. */
    QString predictionPromptHash(qint64 turnId, qint64 annotatorId) const;

    // Live sessions (store_live.cpp): participants talk with the protocol's assistant conditions.
    /**
     * The participant's assignment, made now (and stored) if they have none; throws Error when the
     * protocol has no conditions. Position = number of participants assigned before.
     */
    Assignment assignConditions(qint64 participantId);
    std::optional<Assignment> assignment(qint64 participantId) const;
    /**
     * A new live conversation of \a participantId held with \a conditionKey: source_format "live",
     * agent = the condition's label, condition = key, a random 32-hex-digit content hash (never
     * recomputed as turns arrive), started now, and its first session. Returns the conversation id.
     */
    qint64 startLiveConversation(qint64 participantId, const QString &conditionKey,
                                 const QString &title);
    /** A new sitting of a live conversation (resume); ends any open one. Returns the session id. */
    qint64 beginSession(qint64 conversationId);
    void endSession(qint64 sessionId);
    /**
     * The participant ended the conversation (Study ▸ End conversation): its open sitting ends
     * and the time is recorded, durably, as its provenance's "ended_at" until it is resumed
     * (beginSession()). Throws Error unless it is a live conversation held in this data set.
     */
    void endLiveConversation(qint64 conversationId);
    /** When the live conversation was ended, if it was and has not been resumed since. */
    QDateTime liveConversationEnded(qint64 conversationId) const;
    QVector<LiveSession> sessions(qint64 conversationId) const;
    /**
     * The sittings of a live conversation that arrived in a bundle, as they were where it was
     * held (started, ended, first turn), added after any it has. Throws Error for an unknown
     * conversation or a first turn past its turns; one transaction. \a turnCount, when the
     * caller has just added the conversation's turns, spares counting them (an import's, whose
     * indexes may be dropped: AddingConversations); else they are counted.
     */
    void addSessions(qint64 conversationId, const QVector<LiveSession> &sessions,
                     int turnCount = -1);
    /**
     * Records that \a conversationId was held live with \a conditionKey (a bundle's conversation
     * that an earlier import stored without it). Throws Error when it has another condition.
     */
    void setCondition(qint64 conversationId, const QString &conditionKey);
    /** Appends a turn to a live conversation and commits it at once; returns its id. */
    qint64 appendTurn(qint64 conversationId, const QString &role, const QString &text,
                      const QJsonObject &meta);
    /** Replaces the text and meta of a turn of a live conversation (a reply as it streams). */
    void updateLiveTurn(qint64 turnId, const QString &text, const QJsonObject &meta);
    void saveDraft(qint64 conversationId, const QString &text); // empty text deletes the draft
    QString draft(qint64 conversationId) const;
    /**
     * Replies left streaming by a crash: meta "streaming" true becomes "interrupted" true with
     * "finish_reason" "crash". Returns how many. Called when a live conversation is opened.
     */
    int markInterruptedReplies(qint64 conversationId);
    /**
     * Records \a assignment as the participant's, as another copy of the study holds it (a
     * study server's, or the bundle they arrived in). Throws Error for an unknown participant.
     */
    void setAssignment(qint64 participantId, const Assignment &assignment);
    /**
     * Brings a conversation up to another copy's state of it (a study server's, a bundle's): the
     * condition when it has none, sittings it lacks (by start) and their ends, turns it lacks (by
     * index); turns it holds in another form, and where its sittings begin, are replaced when
     * \a replaceTurns. Turns are matched by index. Returns how many turns were added or
     * replaced, plus sittings added or changed.
     */
    int mergeLiveConversation(qint64 conversationId, const QString &condition,
                              const QVector<LiveSession> &sessions, const QVector<Turn> &turns,
                              bool replaceTurns);
    /**
     * Where another copy of live conversation \a conversationId (\a theirs: a study server's)
     * holds other turns at indices this one holds too, both copies went on from the same turn.
     * This copy's continuation then moves after the other's last turn, in order, each turn with
     * meta "moved_from" its index before. Its sittings after that which the other copy does not
     * hold (\a theirSittings) follow its turns; ratings, flags and notes stay with their turns. Two
     * turns are the same turn when role and time agree (the text may differ: a reply still
     * streaming, or one shared redacted). Returns how many turns moved; the caller then merges
     * \a theirs into the places freed.
     */
    int moveDivergedTurns(qint64 conversationId, const QVector<Turn> &theirs,
                          const QVector<LiveSession> &theirSittings);

    // Annotating: the workspace's narrow API (store_annotations.cpp).
    /**
     * Makes \a edit's after value current and journals the change with \a origin, in one
     * transaction. A value of the wrong type, an unknown turn or an out-of-range rating throws
     * Error and writes nothing.
     */
    void apply(const Edit &edit, Origin origin);
    /** What \a edit would change now, as its before value should hold it. */
    QJsonValue currentValue(const Edit &edit) const;
    /**
     * The last \a limit edits \a annotatorId made in the workspace (origin edit, undo or redo),
     * oldest first: the material to rebuild an undo history after a restart.
     */
    QVector<JournalEntry> journal(qint64 annotatorId, int limit = 1000) const;
    /** \a annotatorId's rating of one turn on one dimension; unset when there is none. */
    Rating rating(qint64 turnId, qint64 dimensionId, qint64 annotatorId) const;
    /** Turn-level ratings of a conversation by one annotator: turn id -> dimension id -> value. */
    QHash<qint64, QHash<qint64, Rating>> turnRatings(qint64 conversationId,
                                                     qint64 annotatorId) const;
    /** Conversation-level ratings: dimension id -> value. */
    QHash<qint64, Rating> conversationRatings(qint64 conversationId, qint64 annotatorId) const;
    /** Continuity flags of a conversation by one annotator, by turn id. */
    QHash<qint64, TurnFlag> flags(qint64 conversationId, qint64 annotatorId) const;
    /** Notes of a conversation by one annotator, by turn id. */
    QHash<qint64, QString> notes(qint64 conversationId, qint64 annotatorId) const;
    /** One turn's ratings by one annotator (store_read.cpp): dimension id -> value. */
    QHash<qint64, Rating> ratingsOfTurn(qint64 turnId, qint64 annotatorId) const;
    /** One turn's continuity flag by one annotator; std::nullopt when it has none. */
    std::optional<TurnFlag> flagOfTurn(qint64 turnId, qint64 annotatorId) const;
    /** One turn's note by one annotator; empty when it has none. */
    QString noteOfTurn(qint64 turnId, qint64 annotatorId) const;
    QVector<Annotator> annotators() const;
    /**
     * Turns \a annotatorId rated on every required turn-level dimension that applies to the
     * turn's role, of every instrument of the protocol (requiredTurnCells()), of \a participantId's
     * conversations (all when 0), that \a notRatedBy has not rated.
     */
    QVector<qint64> fullyRatedTurns(qint64 annotatorId, qint64 participantId,
                                    qint64 notRatedBy) const;

    // Reading.
    DataSetInfo info() const;
    DataSetOverview overview() const;
    QVector<Instrument> instruments() const;
    /**
     * The protocol the data set was made under, with its installed instruments (in installation
     * order) and its forms. Data sets made before protocols existed are SENSE-7 ones.
     */
    Protocol protocol() const;
    /**
     * What the protocol asks to be rated on each turn: (dimension id, role key) for every required
     * turn-level dimension of every instrument and every role it rates. The rated share of the
     * list and the status bar, fullyRatedTurns() and the digests count these.
     */
    QVector<QPair<qint64, QString>> requiredTurnCells() const;
    QVector<Participant> participants() const;
    /**
     * One row per conversation, in participant and date order. The rated share counts
     * \a annotatorId's ratings (the "self" annotator when 0) of what requiredTurnCells() asks;
     * \a participantId limits the rows to one participant when not 0.
     */
    QVector<ConversationSummary> conversationSummaries(qint64 annotatorId = 0,
                                                       qint64 participantId = 0) const;
    /**
     * conversationSummaries() to run on another thread, on a connection of its own opened here:
     * it needs nothing of this store once made. Throws Error when the file cannot be opened
     * again (see isStillAtPath()).
     */
    SummariesRead conversationSummariesReader(qint64 annotatorId = 0,
                                              qint64 participantId = 0) const;
    std::optional<ConversationSummary> conversationSummary(qint64 conversationId,
                                                           qint64 annotatorId = 0) const;
    std::optional<Conversation> conversation(qint64 id) const;
    QVector<Turn> turns(qint64 conversationId) const;
    /**
     * The turns of \a conversationId whose index is \a firstIndex or more, at most \a count of
     * them (all when negative), in order: what a view reads after turnsWritten().
     */
    QVector<Turn> turns(qint64 conversationId, int firstIndex, int count) const;
    qint64 ratingEventCount() const;
    /**
     * Every conversation a stable key names, ids ascending: by its numeric id, its source id (the
     * id in the export it came from) or its content hash in either form, plain or anonymised; or,
     * when none of those is the key, by a prefix of 8 or more characters of a hash. One key can
     * name several: a number that is one conversation's id and another's source id, a source id
     * two exports share, a short prefix.
     */
    QVector<qint64> conversationsNamed(const QString &key) const;
    /**
     * For a caller that names many conversations (an import of ratings): every conversation's
     * source id, read once, so that a name costs a binary search. conversationsNamed() finds a
     * source id by scanning an index (the data set keeps source ids with their participant), a
     * scan per name: a file of 20,000 ratings took 91 s to name conversations of a
     * 100,000-conversation data set. Conversations added since are read when a name is looked
     * up next, and one removed since is not found. Meant for one import's length: a conversation
     * removed and another added under its id meanwhile would not be seen.
     */
    class SourceIds
    {
    public:
        explicit SourceIds(const Store &store)
            : m_store(store)
        { }
        /** The conversations whose source id is \a key, ids ascending. */
        QVector<qint64> find(const QString &key);

    private:
        void readFrom(qint64 after);

        const Store &m_store;
        std::vector<std::pair<size_t, qint64>> m_ids; // (hash of the source id, id), sorted
        qint64 m_upto = -1; // the largest id read; -1: none read yet
    };
    /** conversationsNamed(), with source ids found through \a sourceIds. */
    QVector<qint64> conversationsNamed(const QString &key, SourceIds &sourceIds) const;
    /**
     * The conversation \a key names (conversationsNamed()); 0 when none does. Throws Error when it
     * names several, naming them: a key is never taken for the first of them.
     */
    qint64 findConversation(const QString &key) const;
    /** The message for a key that names several conversations (\a ids), without a position. */
    static QString severalNamed(const QString &key, const QVector<qint64> &ids);
    qint64 turnId(qint64 conversationId, int index) const; // 0 when missing
    qint64 conversationOfTurn(qint64 turnId) const; // 0 when missing
    qint64 selfAnnotatorId() const; // the "self" annotator, 0 before anyone rated
    /** A dimension by key ("warmth") or instrument and key ("sense7/warmth"); nullopt when none. */
    std::optional<Dimension> findDimension(const QString &key) const;

    // Reading for exports and analyses: every annotator's, names instead of ids.
    enum class RatingRecords { Plain, WithFlags };
    /**
     * The ratings of a conversation: turn ratings by turn, instrument, dimension and annotator,
     * then conversation ratings. WithFlags: each turn rating with its rater's continuity flag on
     * the turn (one row per flag).
     */
    QVector<RatingRecord> ratingRecords(qint64 conversationId,
                                        RatingRecords shape = RatingRecords::Plain) const;
    /** The continuity flags of a conversation, by turn and annotator. */
    QVector<FlagRecord> flagRecords(qint64 conversationId) const;
    /** The notes of a conversation, by turn and annotator. */
    QVector<NoteRecord> noteRecords(qint64 conversationId) const;
    /**
     * \a annotatorId's ratings with a value, by turn and dimension position: only on
     * \a dimensionId when not 0, only of \a participantId's conversations when not 0; with
     * \a withNotApplicable, "not applicable" ratings too.
     */
    QVector<RatedCell> ratedCells(qint64 annotatorId, qint64 dimensionId = 0,
                                  qint64 participantId = 0, bool withNotApplicable = false) const;
    /** \a annotatorId's ratings with a value on \a dimensionId, by participant, conversation and
     * turn. */
    QVector<RatedTurn> ratedTurns(qint64 annotatorId, qint64 dimensionId) const;

    /** Moves the write-ahead log into the data set file and empties it (a file to copy whole). */
    void checkpoint();
    /**
     * Runs \a work in one transaction and rolls all of it back, whatever happens: trying what a
     * change would do, leaving the data set as it was.
     */
    template<typename Work>
    void tryOut(Work &&work);

    /**
     * Tunes the data set for one large write (an import) while it lives, and restores it after,
     * also when an exception unwinds: a 64 MiB page cache, so that SQLite does not spill
     * half-built pages and write them again; and a rollback journal instead of the write-ahead
     * log while this is the data set's only connection. In WAL mode every new page is written
     * twice: into the log at the commit, then into the data set by the checkpoint. A rollback
     * journal only keeps the few pages that existed before, and the new ones go straight into
     * the file; a crash mid-write is rolled back from the journal at the next open. With another
     * connection open (the studio's browser, another process) the switch is refused at once and
     * the write stays in WAL mode. Meanwhile the file is written to disk behind the write
     * (WriteBehind), so that the commit does not wait for all of it.
     */
    class BulkWrite
    {
    public:
        /** How SQLite sorts what it sorts meanwhile (an index built from the rows, say). */
        enum class Sorting {
            InMemory, // the data set's usual temp_store: in memory, on the writing thread
            /**
             * In temporary files, in runs that worker threads sort while SQLite reads on: the
             * only way its sorter uses threads. Taken when nothing else is in a transaction on the
             * connection (a change of temp_store is refused there), and it empties the
             * connection's temporary tables, which hold only what can be found again.
             */
            OnThreads,
        };
        explicit BulkWrite(Store &store, Sorting sorting = Sorting::InMemory);
        ~BulkWrite();
        BulkWrite(const BulkWrite &) = delete;
        BulkWrite &operator=(const BulkWrite &) = delete;

        /** Whether the data set writes with a rollback journal while this lives. */
        bool rollbackJournal() const { return m_rollbackJournal; }
        /** Whether its file is written to disk behind the write (not without a file). */
        bool writesBehind() const;

    private:
        void restore() noexcept;

        sql::Connection &m_db;
        qint64 m_cacheSize = 0;
        qint64 m_tempStore = -1; // the temp_store to restore; -1: unchanged
        bool m_rollbackJournal = false;
        std::unique_ptr<WriteBehind> m_writeBehind; // none for a data set without a file
    };

    /**
     * Inside a transaction, while it lives: conversations added are marked for the digests
     * (digest_stale) all at once when it ends, instead of one by one by the schema's trigger. A
     * statement that fires a trigger makes SQLite copy every page it changes, to be able to undo
     * that statement alone: most of the cost of adding a short conversation. The trigger is
     * dropped within the transaction and created again at the end, so that a transaction rolled
     * back leaves it as it was. When the data set has no conversations yet, the named indexes of
     * the conversation and turn tables (their uniqueness among them) are dropped the same way and
     * built at the end from the rows, sorted once, instead of growing row by row, some at random
     * places; sooner when a lookup needs them (conversationWithHash(), findConversation(),
     * turnId(), turns()). The writer keeps the uniqueness meanwhile: an import looks up each
     * conversation's hashes before it adds one, and numbers turns itself. Not turn_conversation,
     * which grows at its end anyway and which the browser's text search names (INDEXED BY): the
     * studio's import lets events through on this connection, and a search must still prepare.
     * Nor conversation_by_condition, which holds only the rows with a condition (a live study's):
     * an import's have none or few, and building it at the end would read every row for them.
     *
     * While it lives, the connection does not evaluate the schema's CHECK constraints
     * (`PRAGMA ignore_check_constraints`). Every row written then is written by the store's own
     * methods from typed values, its JSON columns from JSON that the store or an importer
     * serialised (never text taken as it came, and never nested deeper than json_valid() takes:
     * import/readerutil.h), and the studio refuses any other write for the import's length
     * (HoldWrites). Re-parsing that JSON with SQLite's json_valid() was
     * a quarter of the writing thread's time on a corpus whose records carry a kilobyte of
     * fields each. The constraints still hold: the damage check on opening (`quick_check`)
     * evaluates them, and they are back on for the connection when this ends, however it ends.
     */
    class AddingConversations
    {
    public:
        explicit AddingConversations(Store &store);
        /**
         * Unless an exception unwinds (the transaction is rolled back), finishes (errors are
         * swallowed).
         */
        ~AddingConversations();
        AddingConversations(const AddingConversations &) = delete;
        AddingConversations &operator=(const AddingConversations &) = delete;

        /** Builds the indexes, marks the conversations added, restores the trigger; throws Error.
         */
        void finish();
        /** Builds the indexes dropped, if any. */
        void restoreIndexes();
        /**
         * Tells finish() that every conversation added has its digest already (an import writes
         * them with the conversations: digest::UnratedWriter), so that it need not look for
         * those without one: a pass over every row added, 0.7 s for a million conversations.
         */
        void skipStaleMarks() { m_marksNeeded = false; }

    private:
        void enforceChecks() noexcept;

        Store &m_store;
        sql::Connection &m_db;
        const int m_exceptions; // uncaught when it was made
        QVector<QByteArray> m_indexes; // the CREATE statements of the indexes dropped
        QByteArray m_trigger; // its CREATE statement; empty when the schema has none
        qint64 m_lastBefore = 0; // the largest conversation id before
        bool m_checksOff = false;
        bool m_marksNeeded = true;
    };

    // Following changes other programs make (the CLI, a second studio, a sync tool).
    /**
     * Whether another connection committed to the file since the last check (or since opening);
     * emits changedElsewhere() when it did. Cheap: SQLite's per-connection data version, so this
     * store's own commits never count.
     */
    bool checkForOutsideChanges();
    /**
     * While held (the holds are counted), checkForOutsideChanges() notices nothing: for a
     * connection of the studio's own that writes what no view shows (the browser's search index
     * built on a thread), whose every commit would otherwise read as another program's. The last
     * release checks at once, so a change another program made meanwhile is reported then, late
     * but not lost; the thread's own commits read as one such change then (one refresh). A sync
     * round of the studio's own reports at once (reportChangedElsewhere()).
     */
    void holdOutsideChanges();
    void releaseOutsideChanges();
    /**
     * Emits changedElsewhere() now, held or not, and takes the file as it is as seen: for a
     * writer of the studio's own on another connection whose changes the views must show at
     * once (a sync round that brought other machines' ratings).
     */
    void reportChangedElsewhere();
    /**
     * While one lives, this store's data set takes no change: each fails with Error saying that
     * an import is under way. For the moments an import's progress lets events through inside
     * its transaction: a rating, a draft or a live reply written then would join that
     * transaction, and be taken back with it if the import were cancelled. Writers that can wait
     * (a live reply, a draft) ask writesHeld() first and write after writesReleased().
     */
    class HoldWrites
    {
    public:
        explicit HoldWrites(Store &store);
        ~HoldWrites();
        HoldWrites(const HoldWrites &) = delete;
        HoldWrites &operator=(const HoldWrites &) = delete;

    private:
        Store &m_store;
    };
    bool writesHeld() const { return m_writeHolds > 0; }

    /** Checks every \a msec from the event loop; 0 stops. */
    void watchForOutsideChanges(int msec);
    bool isWatchingForOutsideChanges() const;

Q_SIGNALS:
    /**
     * Conversations were added or removed, or their summaries changed. Not emitted for the turns
     * a live conversation takes as it goes on: those are announced by turnsWritten().
     */
    void conversationsChanged();
    /**
     * Turns \a firstIndex to \a firstIndex + \a count - 1 of live conversation \a conversationId
     * were added or rewritten (a message, a reply as it streams, replies a crash interrupted),
     * and committed. Its summary (the number of turns) changed with them. Views that show the
     * conversation read just those turns (turns(conversationId, firstIndex, count)).
     */
    void turnsWritten(qint64 conversationId, int firstIndex, int count);
    void ratingChanged(qint64 turnId, qint64 dimensionId, qint64 annotatorId);
    /** A change other than a turn rating: see Edit for what \a subjectId names by \a kind. */
    void annotationChanged(sense7::Edit::Kind kind, qint64 subjectId, qint64 annotatorId);
    /**
     * Another program changed the data set: anything may have changed, so views read again what
     * they show. Never emitted for this store's own writes (those have the signals above).
     */
    void changedElsewhere();
    /**
     * The last HoldWrites ended: changes that waited can be written now. Queued to the event
     * loop, so that it comes after the import whose progress held them, or with its next hold
     * (when writesHeld() says so and the waiting goes on).
     */
    void writesReleased();

private:
    /** Refuses a missing, empty or non-SQLite file (open(), requireDataSet()). */
    static void requireSqliteFile(const QString &path);
    static QString newerVersion(const QString &path, qint64 version); // the message
    friend sql::Connection &browse::connection(const Store &store);
    friend std::unique_ptr<sql::Connection> browse::openReader(const Store &store);
    friend struct test::StoreAccess;

    sql::Connection &connection() const { return *m_db; }
    /**
     * A connection of its own to read the store's file (immutable where the store's is), set up
     * as the store's: for reading on another thread (browse::inRanges()). Throws Error when the
     * file cannot be opened or path() names another file now.
     */
    std::unique_ptr<sql::Connection> openReader() const;
    Store();
    static std::unique_ptr<Store> openFile(const QString &path, Access access, Check check,
                                           const integrity::Report *known);
    static QString now();
    /** conversationsNamed(), with the conversations of a source id found by \a bySource. */
    QVector<qint64> named(const QString &key,
                          const std::function<QVector<qint64>(const QString &)> &bySource) const;
    /** Records \a protocol as the data set's (its canonical JSON and fingerprint). */
    void recordProtocol(const Protocol &protocol);
    /** Throws Error unless \a dimensionId exists, rates at \a level and has \a value on its scale.
     */
    void requireOnScale(qint64 dimensionId, Rating value, Level level) const;
    /** \a edit's after value in its stored form; throws Error when it is not one of its kind. */
    QJsonValue checkedValue(const Edit &edit) const;
    /**
     * The one write path of ratings, flags and notes (store_annotations.cpp): validate, read the
     * old value, delete or upsert, journal, notify.
     */
    void writeAnnotation(const Edit &edit, Origin origin);
    void writeForm(const Edit &edit, Origin origin);
    void journalRating(const Edit &edit, const QJsonValue &old, Origin origin, const QString &at);
    void journalEdit(const Edit &edit, const QJsonValue &old, Origin origin);
    void requireWritable() const;
    /**
     * Throws Error unless \a conversationId is a live conversation (store_live.cpp) held here, or
     * imported from where it was held when \a evenImported (brought up to date, not continued).
     */
    void requireLive(qint64 conversationId, bool evenImported = false) const;
    /**
     * Marks a live conversation's digest stale after turns \a firstIndex to \a lastIndex changed
     * and announces them with turnsWritten() once committed (store_live.cpp).
     */
    void turnsChanged(qint64 conversationId, int firstIndex, int lastIndex);
    /**
     * Emits now, or after the outermost transaction commits (dropped if it rolls back). Notices
     * with the same \a key in one transaction are announced once: an import of thousands of
     * conversations makes views reload once, not once per conversation.
     */
    void notify(const QString &key, std::function<void()> emitter);
    void flushNotifications(bool committed);

    std::unique_ptr<sql::Connection> m_db;
    AddingConversations *m_adding = nullptr; // while one lives
    int m_writeHolds = 0; // HoldWrites alive
    bool m_releasePosted = false; // writesReleased() is on its way
    QTimer *m_watch = nullptr; // polls checkForOutsideChanges()
    qint64 m_dataVersion = -1; // PRAGMA data_version at the last check
    int m_outsideChangesHeld = 0; // holdOutsideChanges() not released yet
    QString m_damage;
    QDateTime m_verifiedAt; // opened for writing after a clean check then: remembered on closing
    QString m_openedFile; // integrity::fileIdentity() of the file then
    std::vector<std::function<void()>> m_pending;
    QSet<QString> m_pendingKeys;
    QHash<qint64, QPair<int, int>> m_pendingTurns; // conversation -> first, last index written
};

template<typename Work>
auto Store::transaction(Work &&work)
{
    requireWritable();
    const bool outermost = !m_db->inTransaction();
    try {
        sql::Transaction tx(*m_db);
        if constexpr (std::is_void_v<decltype(work())>) {
            work();
            tx.commit();
            if (outermost)
                flushNotifications(true);
        } else {
            auto result = work();
            tx.commit();
            if (outermost)
                flushNotifications(true);
            return result;
        }
    } catch (...) {
        if (outermost)
            flushNotifications(false);
        throw;
    }
}

template<typename Work>
void Store::tryOut(Work &&work)
{
    requireWritable();
    const bool outermost = !m_db->inTransaction();
    try {
        const sql::Transaction tx(*m_db); // never committed
        work();
    } catch (...) {
        if (outermost)
            flushNotifications(false);
        throw;
    }
    if (outermost)
        flushNotifications(false);
}

} // namespace sense7
