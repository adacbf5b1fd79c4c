#pragma once

#include "error.h"
#include "progress.h"
#include "types.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace sense7 {

class Store;

namespace import {

/** What an import does with a value the data set already holds differently. */
enum class OnConflict {
    Keep, // keep the data set's value and report the disagreement (the default)
    Replace, // write the file's value, journaled like any change, and report it
    Fail, // stop at the first disagreement; nothing of the file is written
};

} // namespace import

template<>
struct KeyTable<import::OnConflict>
{
    static const KeyEntry<import::OnConflict> entries[3];
};

namespace import {

inline QString onConflictKey(OnConflict policy)
{
    return keyOf(policy);
}
inline std::optional<OnConflict> onConflictFromKey(const QString &key)
{
    return fromKey<OnConflict>(key);
}

struct Options
{
    QString format; // empty: detected from the content
    QString participant; // empty: the file's own, else the data set's only participant
    QString agent; // empty: the file's own assistant label
    /**
     * Who rated, for a ratings file without an annotator column (or an empty cell). Required
     * then: a ratings file never counts as the participants' own ("self") unless it says so or
     * this names "self".
     */
    QString annotator;
    /** The kind of \a annotator; nullopt: self for "self", else observer. */
    std::optional<AnnotatorKind> annotatorKind;
    OnConflict onConflict = OnConflict::Keep;
    /**
     * JSON Lines corpora ("jsonl"): which field of a line holds what, e.g. turns=conversation,
     * agent=model, id=conversation_hash (see README, Importing). Empty: the usual names.
     */
    QHash<QString, QString> map;
    /** "instrument/dimension" the mapped per-turn score (map "score") rates, by "self". */
    QString scoreDimension;
    /** Gemini activity: a pause longer than this starts a new conversation. */
    int gapMinutes = 30;
    /** Pasted transcripts: speaker names (lower case) and the role each stands for. */
    QHash<QString, Role> speakers;
};

/** The keys --map accepts. */
QStringList mapKeys();

/** How a pasted transcript splits into turns, before anything is written. */
struct TranscriptPreview
{
    QVector<Turn> turns; // with meta "speaker" and "line"
    QString title;
    QString agent;
    QString error; // why it cannot be imported (then no turns)
};
TranscriptPreview previewTranscript(const QString &text, const QHash<QString, Role> &speakers = {});

/** A value in the file that differs from the one the data set holds. */
struct Conflict
{
    QString file;
    qint64 line = 0; // 0: the file has no lines to speak of (JSON)
    QString where; // the reader's position, e.g. "ratings.csv: line 14"
    QString what; // "rating", "conversation_rating", "flag", "note", "context", and for live
                  // conversations "condition", "sessions", "assignment", "turns" (never replaced)
    QString conversation; // the conversation's key in the file (id or content hash)
    int turn = -1; // -1: the whole conversation
    QString dimension; // ratings only
    QString rater; // annotator code
    QJsonValue existing; // the data set's value: a number, null (not applicable), text, object
    QJsonValue incoming; // the file's value
    bool replaced = false; // the file's value was written (OnConflict::Replace)

    /** For people: file, line, conversation, turn, dimension, rater, both values. */
    QString description() const;
    /** The description and what was done about it, one line. */
    QString text() const;
};

/** What one file's import did. */
struct Summary
{
    QString file;
    QString format;
    int imported = 0; // conversations added
    int alreadyPresent = 0; // conversations the data set had already (same content)
    int skipped = 0; // entries skipped, with a warning each
    qint64 turns = 0;
    qint64 ratings = 0; // ratings written that the data set did not have (new)
    qint64 ratingsUnchanged = 0; // ratings the data set already had, with the same value
    qint64 ratingsConflicting = 0; // ratings the data set has with another value
    int merged = 0; // conversations already present that gained ratings, flags or notes
    int conflicts = 0; // disagreements of any kind (ratings, flags, notes, context)
    OnConflict onConflict = OnConflict::Keep; // what was done with them
    QVector<Conflict> conflictList; // every disagreement, in file order
    int feedbackRepeated = 0; // ESConv feedback given twice for one turn: the later is kept
    int feedbackSpanning = 0; // ESConv feedback after two or more supporter messages in a row
    int unanswered = 0; // prompts kept without a reply (Gemini activity)
    // Conversations added with the source id (format and id in the export) of one the data set
    // or the file had already, with other content: a later or an edited export of it. The first
    // few ids.
    int otherVersions = 0;
    QStringList otherVersionIds;
    static constexpr int otherVersionsNamed = 3;
    // Times given that are no time the import reads (a date in words, a number out of range):
    // left empty. Where the first few were and what they said.
    int timesUnread = 0;
    QStringList unreadTimes;
    static constexpr int unreadTimesNamed = 3;
    QStringList warnings;

    QString text() const; // one line for people
};

/**
 * Writes \a conflicts to \a path for scripts: CSV when the name ends in .csv, JSON (an array of
 * objects) when it ends in .json. Columns: file, line, what, conversation, turn, dimension, rater,
 * existing, file_value, action (kept or replaced). Throws Error naming the file.
 */
void writeConflictReport(const QString &path, const QVector<Conflict> &conflicts);

/**
 * Whether \a path is a ratings file whose header has no annotator column, so that the import
 * needs Options::annotator. False for other formats and for files that cannot be read (the import
 * reports those).
 */
bool needsAnnotator(const QString &path, const QString &format = {});

/** Thrown when the user cancels; the data set is as it was. */
class Cancelled : public Error
{
public:
    using Error::Error;
};

/** The format keys the importer knows, for --format. */
QStringList formats();
/** The format of \a path, told from its content; throws Error when it cannot tell. */
QString detectFormat(const QString &path);

/**
 * Imports files into a store, one transaction a file: an error or a cancel leaves the data set
 * exactly as it was, and a conversation already present (same content) is not added again.
 * Parsing runs on a worker thread while the calling thread (the store's) writes. Progress is
 * reported on the calling thread; progress().cancel() may be called from anywhere, e.g. a progress
 * dialog.
 */
class Importer
{
    Q_DECLARE_TR_FUNCTIONS(sense7::import::Importer)

public:
    explicit Importer(Store &store);

    /** Bytes of the file read out of its size; cancel() stops the import, from any thread. */
    Progress &progress() { return m_progress; }

    Summary importFile(const QString &path, const Options &options = {});

private:
    Store &m_store;
    Progress m_progress;
};

} // namespace import
} // namespace sense7
