#pragma once

#include "importer.h"
#include "queue.h"

#include <QHash>
#include <QSet>

#include <vector>

namespace sense7 {
class Store;
}

namespace sense7::import {

/**
 * 64-bit keys, of hashes: whether a key may have been added (no false "no"). Open addressing,
 * 8 bytes a slot, at most half full.
 */
class KeyFilter
{
public:
    void insert(quint64 key);
    bool contains(quint64 key) const;
    static quint64 key(QStringView hash);

private:
    void grow();
    std::vector<quint64> m_slots; // 0: empty
    std::size_t m_count = 0;
};

/** Writes items into the store, with caches so that lookups happen once per import. */
class Writer
{
public:
    Writer(Store &store, const Options &options, Summary &summary)
        : m_store(store)
        , m_sourceIds(store)
        , m_options(options)
        , m_summary(summary)
    { }

    /**
     * Whether every conversation this writer added has its digest written with it, so that
     * nothing needs marking stale for the browser (Store::AddingConversations::skipStaleMarks).
     */
    bool addedAllDigested() const { return m_digested == m_summary.imported; }

    /**
     * The start of the provenance of a conversation an import of \a file in \a format adds:
     * '{"file":…,"format":…', to which withRecord() adds the conversation's record.
     */
    static QByteArray provenanceStart(const QString &file, const QString &format);
    static QByteArray withRecord(const QByteArray &start, const QByteArray &record);

    /** The source's key in the filter of sources, but for the participant (countOtherVersion). */
    static quint64 sourceKey(const Conversation &c)
    {
        return KeyFilter::key(c.sourceId)
            ^ (KeyFilter::key(c.sourceFormat) * 0x9e3779b97f4a7c15ULL);
    }

    void apply(Item &item)
    {
        if (auto *c = std::get_if<ImportedConversation>(&item))
            write(*c);
        else if (auto *r = std::get_if<ExternalRating>(&item))
            write(*r);
        else {
            m_summary.warnings << std::get<QString>(item);
            ++m_summary.skipped;
        }
    }

private:
    qint64 participant(const ImportedConversation &c);
    /** The annotator \a code of \a kind; an error names \a where (the file and the position). */
    qint64 annotator(const QString &code, AnnotatorKind kind, const QString &where);
    /**
     * A known participant's profile against the one \a c came with: added where the data set has
     * none, reported (and kept, like context answers) where the two differ.
     */
    void mergeProfile(const ImportedConversation &c, qint64 participantId);
    const Dimension &dimension(const QString &key, const QString &where);
    /**
     * An imported conversation's rating \a r on \a d, checked: "not applicable" only where \a d
     * allows it. \a where names the rating in messages.
     */
    Rating checkedRating(const ImportedRating &r, const Dimension &d, const QString &where);
    /**
     * \a c's ratings with each thing rated once a rater: one given again with the same value
     * (under another spelling of its dimension, say) is dropped; with another value, refused.
     */
    QVector<ImportedRating> ratedOnce(const ImportedConversation &c);
    void write(ImportedConversation &c);
    /**
     * Whether \a c, found in the data set as \a existing, is the very conversation imported
     * from the same file before, with nothing to merge: then nothing is read back and parsed.
     */
    bool importedAgain(ImportedConversation &c, qint64 existing);
    /** The conversation already in the data set in either of \a c's forms; 0 when none. */
    qint64 present(const Conversation &c, const QString &derived,
                   const ImportedConversation::Keys &keys);
    /** Counts \a c, about to be added, when a conversation from its source is there already. */
    void countOtherVersion(const ImportedConversation &c);
    static quint64 sourceFilterKey(quint64 source, qint64 participantId)
    {
        const quint64 key = source ^ (quint64(participantId) * 0xc2b2ae3d27d4eb4fULL);
        return key == 0 ? 1 : key; // 0 marks an empty slot
    }
    /** \a c's provenance as JSON text, with its record (ImportedConversation::recordJson). */
    QByteArray provenanceWithRecord(ImportedConversation &c);
    void installInstruments(const ImportedConversation &c);
    /** Throws Error, naming the differences, unless \a c was made under a compatible protocol. */
    void checkProtocol(const ImportedConversation &c);
    void writeAnnotations(ImportedConversation &c);
    /** Adds what \a c has that the copy already in the data set lacks; reports disagreements. */
    void merge(ImportedConversation &c, qint64 existingId);
    /**
     * A live conversation already present: records the condition and sessions it lacks, reports
     * those that differ (kept). True when something was added.
     */
    bool mergeLive(const ImportedConversation &c, const Conversation &existing);
    /** Records the live assignment \a c's participant arrived with, once per participant. */
    void writeAssignment(const ImportedConversation &c, qint64 participantId);
    /** A disagreement about \a what in \a c, to be filled in with the values. */
    Conflict conflictIn(const ImportedConversation &c, const char *what, int turn,
                        const QString &rater) const;
    /**
     * Counts a rating the file gives as new, unchanged or conflicting with \a current (unset:
     * none); true when the file's value is to be written.
     */
    bool compareRating(Rating current, Rating incoming, Conflict conflict);
    /** Reports a disagreement as the policy says; true when the file's value is to be written. */
    bool disagree(Conflict conflict);
    void write(const ExternalRating &r);
    /**
     * The dimension a ratings file's row names: by instrument and key, or by key alone when
     * one instrument of the data set has it. Throws naming the row when none or several do.
     */
    const Dimension &ratedDimension(const ExternalRating &r);
    static bool allowsNotApplicable(const Instrument &instrument, const Dimension &dimension);
    /** Notes who has \a c's participant's conversations: \a owner, already or \a added now. */
    void checkParticipant(const ImportedConversation &c, qint64 owner, bool added);

    Store &m_store;
    Store::SourceIds m_sourceIds; // for ratings files, which name conversations by source id
    const Options &m_options;
    Summary &m_summary;
    QHash<QString, qint64> m_participants;
    QHash<QString, qint64> m_annotators;
    QHash<QString, Dimension> m_dimensions;
    QSet<qint64> m_profilesMerged; // participants whose profile this import compared
    QHash<QString, qint64> m_conversations;
    QSet<QString> m_instruments;
    QVector<Instrument> m_installed; // the data set's, for ratings files
    QHash<QString, Dimension> m_rowDimensions; // "instrument/key" as a row names it
    QHash<qint64, bool> m_notApplicable; // by dimension id: "not applicable" is an answer
    QHash<QString, qint64> m_ratedLines; // what a ratings file rated -> its line
    std::optional<Protocol> m_protocol; // the data set's, as it was before the import
    QSet<const Protocol *> m_compatible;
    qint64 m_defaultParticipant = 0;
    // By the file's participant code: who holds their conversations already present, who their
    // new ones went to; the codes warned about.
    QHash<QString, qint64> m_heldBy, m_addedTo;
    QSet<QString> m_warnedAbout;
    QSet<qint64> m_assignmentsSeen; // participants whose assignment was compared or written
    // Every content hash and anonymised stand-in of the data set: at once when it holds at most
    // this many conversations, else once this many were looked up one by one (a large file is
    // checked in memory, a small one into a large data set without loading its hashes).
    static constexpr int lookupsBeforeFilter = 1000;
    int m_lookups = 0;
    bool m_filtering = false;
    KeyFilter m_hashes;
    // Where the conversations written here came from (participant, format and id in their
    // export), and the largest conversation id before the first was written (-1: not read yet):
    // one more from a source the participant had already, with other content, is counted.
    KeyFilter m_sources;
    qint64 m_lastBefore = -1;
    // '{"file":…,"format":…' of the provenance of a conversation that has only its record.
    QByteArray m_provenanceStart;
    // Writes the digests the reader worked out (ImportedConversation::digest), once one comes.
    std::optional<digest::UnratedWriter> m_digests;
    qint64 m_digested = 0; // conversations added with their digest
};

} // namespace sense7::import
