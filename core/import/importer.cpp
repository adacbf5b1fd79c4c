#include "importer.h"

#include "imported.h"
#include "input.h"
#include "readers.h"
#include "store.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <variant>

namespace sense7::import {

namespace {

QString shown(const QJsonValue &value)
{
    if (value.isNull())
        return Importer::tr("not applicable");
    if (value.isDouble())
        return QString::number(value.toInt());
    // Long notes and forms are cut short here; the conflict report has them in full.
    const auto cut = [](const QString &text) {
        return text.size() > 80 ? text.left(79) + QChar(0x2026) : text;
    };
    if (value.isString())
        return QStringLiteral("\"%1\"").arg(cut(value.toString()));
    if (value.isObject())
        return cut(
            QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)));
    return Importer::tr("none");
}

/** A value as a report cell: NA for "not applicable", JSON for an object. */
QString cell(const QJsonValue &value)
{
    if (value.isNull())
        return QStringLiteral("NA");
    if (value.isDouble())
        return QString::number(value.toInt());
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return value.toString();
}

QString csvField(const QString &value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"'))
        && !value.contains(QLatin1Char('\n')) && !value.contains(QLatin1Char('\r')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QString(QLatin1Char('"') + quoted + QLatin1Char('"'));
}

} // namespace

QString onConflictKey(OnConflict policy)
{
    switch (policy) {
    case OnConflict::Keep:
        return QStringLiteral("keep");
    case OnConflict::Replace:
        return QStringLiteral("replace");
    case OnConflict::Fail:
        return QStringLiteral("fail");
    }
    return QStringLiteral("keep");
}

std::optional<OnConflict> onConflictFromKey(const QString &key)
{
    for (const OnConflict policy : {OnConflict::Keep, OnConflict::Replace, OnConflict::Fail}) {
        if (onConflictKey(policy) == key)
            return policy;
    }
    return std::nullopt;
}

QString Conflict::description() const
{
    const QString subject = turn >= 0
        ? Importer::tr("conversation \"%1\", turn %2").arg(conversation).arg(turn)
        : Importer::tr("conversation \"%1\"").arg(conversation);
    static const QHash<QString, const char *> labels {
        {QStringLiteral("rating"), QT_TRANSLATE_NOOP("sense7::import::Importer", "the rating")},
        {QStringLiteral("conversation_rating"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the conversation rating")},
        {QStringLiteral("flag"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the continuity flag")},
        {QStringLiteral("note"), QT_TRANSLATE_NOOP("sense7::import::Importer", "the note")},
        {QStringLiteral("context"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the answers to the context form")},
    };
    const QString label = Importer::tr(labels.value(what, "the value"));
    const QString item = dimension.isEmpty()
        ? (rater.isEmpty() ? label : Importer::tr("%1 by %2").arg(label, rater))
        : Importer::tr("%1 \"%2\" by %3").arg(label, dimension, rater);
    return Importer::tr("%1: %2, %3 is %4 in the data set and %5 in this file")
        .arg(where, subject, item, shown(existing), shown(incoming));
}

QString Conflict::text() const
{
    return Importer::tr("%1; %2.").arg(
        description(),
        replaced ? Importer::tr("replaced it with %1").arg(shown(incoming))
                 : Importer::tr("kept %1").arg(shown(existing)));
}

QString Summary::text() const
{
    QString line =
        Importer::tr("%1 (%2): conversations imported: %3; already present: %4; skipped: %5")
            .arg(file, format)
            .arg(imported)
            .arg(alreadyPresent)
            .arg(skipped);
    if (ratings + ratingsUnchanged + ratingsConflicting > 0) {
        QStringList parts {Importer::tr("%1 new").arg(ratings),
                           Importer::tr("%1 unchanged").arg(ratingsUnchanged)};
        if (onConflict == OnConflict::Replace)
            parts << Importer::tr("%1 replaced").arg(ratingsConflicting);
        else
            parts << Importer::tr("%1 conflicting (kept)").arg(ratingsConflicting);
        line += Importer::tr("; ratings: %1").arg(parts.join(QStringLiteral(", ")));
    }
    if (merged > 0)
        line += Importer::tr("; added to conversations already present: %1").arg(merged);
    int otherKept = 0, otherReplaced = 0;
    for (const Conflict &c : conflictList) {
        if (c.what == QLatin1String("rating") || c.what == QLatin1String("conversation_rating"))
            continue;
        ++(c.replaced ? otherReplaced : otherKept);
    }
    if (otherKept > 0)
        line += Importer::tr("; other disagreements (flags, notes, context) kept as they were: %1")
                    .arg(otherKept);
    if (otherReplaced > 0)
        line += Importer::tr("; flags and notes replaced: %1").arg(otherReplaced);
    if (feedbackRepeated > 0)
        line += Importer::tr("; feedback given twice for one turn: %1, the later kept")
                    .arg(feedbackRepeated);
    if (feedbackSpanning > 0)
        line += Importer::tr("; feedback after several supporter messages in a row, attached to "
                             "the last of them: %1")
                    .arg(feedbackSpanning);
    return line + QLatin1Char('.');
}

void writeConflictReport(const QString &path, const QVector<Conflict> &conflicts)
{
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        QJsonArray rows;
        for (const Conflict &c : conflicts) {
            QJsonObject row;
            row.insert(QStringLiteral("file"), c.file);
            row.insert(QStringLiteral("line"), c.line > 0 ? QJsonValue(c.line) : QJsonValue());
            row.insert(QStringLiteral("where"), c.where);
            row.insert(QStringLiteral("what"), c.what);
            row.insert(QStringLiteral("conversation"), c.conversation);
            row.insert(QStringLiteral("turn"), c.turn >= 0 ? QJsonValue(c.turn) : QJsonValue());
            row.insert(QStringLiteral("dimension"), c.dimension);
            row.insert(QStringLiteral("rater"), c.rater);
            row.insert(QStringLiteral("existing"), c.existing);
            row.insert(QStringLiteral("file_value"), c.incoming);
            row.insert(QStringLiteral("action"),
                       c.replaced ? QStringLiteral("replaced") : QStringLiteral("kept"));
            rows.append(row);
        }
        bytes = QJsonDocument(rows).toJson(QJsonDocument::Indented);
    } else if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        QString text = QStringLiteral("file,line,what,conversation,turn,dimension,rater,existing,"
                                      "file_value,action\n");
        for (const Conflict &c : conflicts) {
            const QStringList row {
                c.file,
                c.line > 0 ? QString::number(c.line) : QString(),
                c.what,
                c.conversation,
                c.turn >= 0 ? QString::number(c.turn) : QString(),
                c.dimension,
                c.rater,
                cell(c.existing),
                cell(c.incoming),
                c.replaced ? QStringLiteral("replaced") : QStringLiteral("kept"),
            };
            QStringList fields;
            for (const QString &field : row)
                fields << csvField(field);
            text += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
        bytes = text.toUtf8();
    } else {
        throw Error(Importer::tr("%1: a conflict report is written as .csv or .json; name the file "
                                 "so.")
                        .arg(path));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        throw Error(Importer::tr("%1 could not be written: %2").arg(path, file.errorString()));
}

namespace {

using Item = std::variant<ImportedConversation, ExternalRating, QString>;

/**
 * Hands items from the reader's worker thread to the store's thread. Bounded, so a fast
 * reader cannot fill memory ahead of the writer.
 */
class QueueSink : public ImportSink
{
public:
    explicit QueueSink(const std::atomic<bool> &cancel)
        : m_cancel(cancel)
    { }

    void conversation(ImportedConversation &&c) override
    {
        // Hashed and encoded here, on the reader's thread, so that the writer only writes; the
        // turns are freed here too, where they were allocated.
        if (c.conversation.contentHash.isEmpty())
            c.conversation.contentHash = contentHash(c.conversation.sourceFormat, c.turns);
        c.encoded = EncodedTurns::encode(c.turns);
        c.turns = {};
        push(Item(std::move(c)));
    }
    void rating(ExternalRating &&r) override { push(Item(std::move(r))); }
    void warning(const QString &message) override { push(Item(message)); }
    void progress(qint64 bytes) override { m_bytes = bytes; }
    bool cancelled() const override { return m_cancel || m_stop; }

    /** The next item; false when the reader is done (or failed: see error()). */
    bool pop(Item &item)
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [&] { return !m_items.empty() || m_done; });
        if (m_items.empty())
            return false;
        item = std::move(m_items.front());
        m_items.pop_front();
        // Wake a waiting reader only once the queue is half empty: one wake-up per batch.
        if (m_items.size() == capacity / 2)
            m_space.notify_one();
        return true;
    }
    void finish(std::exception_ptr error)
    {
        std::lock_guard lock(m_mutex);
        m_error = error;
        m_done = true;
        m_ready.notify_all();
    }
    /** Stops the reader and unblocks it (the writer failed or was cancelled). */
    void stop()
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_items.clear();
        m_space.notify_all();
    }
    std::exception_ptr error() const { return m_error; }
    qint64 bytes() const { return m_bytes; }

private:
    void push(Item &&item)
    {
        std::unique_lock lock(m_mutex);
        if (m_items.size() >= capacity)
            m_space.wait(lock,
                         [&] { return m_items.size() <= capacity / 2 || m_stop || m_cancel; });
        if (m_stop || m_cancel)
            return;
        m_items.push_back(std::move(item));
        if (m_items.size() == 1) // the writer waits only on an empty queue
            m_ready.notify_one();
    }

    static constexpr std::size_t capacity = 256;
    const std::atomic<bool> &m_cancel;
    std::atomic<bool> m_stop {false};
    std::atomic<qint64> m_bytes {0};
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_space;
    std::deque<Item> m_items;
    bool m_done = false;
    std::exception_ptr m_error;
};

using ReadFunction = void (*)(QIODevice &, const QString &, ImportSink &);

ReadFunction readerFor(const QString &format)
{
    static const QHash<QString, ReadFunction> readers {
        {QStringLiteral("chatgpt"), readChatGpt},
        {QStringLiteral("claude"), readClaude},
        {QStringLiteral("sharegpt"), readShareGpt},
        {QStringLiteral("openai-jsonl"), readOpenAiJsonl},
        {QStringLiteral("csv"), readCsvLong},
        {QStringLiteral("ratings-csv"), readRatingsCsv},
        {QStringLiteral("esconv"), readEsconv},
        {QStringLiteral("bundle"), readBundle},
    };
    return readers.value(format, nullptr);
}

/** Writes items into the store, with caches so that lookups happen once per import. */
class Writer
{
public:
    Writer(Store &store, const Options &options, Summary &summary)
        : m_store(store)
        , m_options(options)
        , m_summary(summary)
    { }

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
    qint64 annotator(const QString &code, AnnotatorKind kind);
    const Dimension &dimension(const QString &key, const QString &where);
    void write(ImportedConversation &c);
    void installInstruments(const ImportedConversation &c);
    void writeAnnotations(ImportedConversation &c);
    /** Adds what \a c has that the copy already in the data set lacks; reports disagreements. */
    void merge(ImportedConversation &c, qint64 existingId);
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
    /** Notes who has \a c's participant's conversations: \a owner, already or \a added now. */
    void checkParticipant(const ImportedConversation &c, qint64 owner, bool added);

    Store &m_store;
    const Options &m_options;
    Summary &m_summary;
    QHash<QString, qint64> m_participants;
    QHash<QString, qint64> m_annotators;
    QHash<QString, Dimension> m_dimensions;
    QHash<QString, qint64> m_conversations;
    QSet<QString> m_instruments;
    qint64 m_defaultParticipant = 0;
    // By the file's participant code: who holds their conversations already present, who their
    // new ones went to; the codes warned about.
    QHash<QString, qint64> m_heldBy, m_addedTo;
    QSet<QString> m_warnedAbout;
};

qint64 Writer::participant(const ImportedConversation &c)
{
    QString code = !m_options.participant.isEmpty() ? m_options.participant : c.participant;
    if (code.isEmpty()) {
        if (m_defaultParticipant == 0) {
            const QVector<Participant> all = m_store.participants();
            if (all.size() > 1)
                throw Error(Importer::tr("%1 has several participants: choose the one these "
                                         "conversations belong to.")
                                .arg(m_store.path()));
            m_defaultParticipant =
                all.isEmpty() ? m_store.addParticipant(QStringLiteral("P01")) : all.constFirst().id;
        }
        return m_defaultParticipant;
    }
    if (const auto it = m_participants.find(code); it != m_participants.end())
        return *it;
    // By code or pseudonym: a participant who arrived anonymised is found by their plain data.
    const QString pseudonym = m_options.participant.isEmpty() ? c.participantPseudonym : QString();
    qint64 id = m_store.findParticipant(code, pseudonym);
    if (id == 0)
        id = m_store.addParticipant(code, c.participantProfile, pseudonym);
    m_participants.insert(code, id);
    return id;
}

qint64 Writer::annotator(const QString &code, AnnotatorKind kind)
{
    const QString key = code + QLatin1Char('\x1f') + annotatorKindKey(kind);
    if (const auto it = m_annotators.find(key); it != m_annotators.end())
        return *it;
    const qint64 id = m_store.annotatorId(code, kind);
    m_annotators.insert(key, id);
    return id;
}

const Dimension &Writer::dimension(const QString &key, const QString &where)
{
    if (const auto it = m_dimensions.find(key); it != m_dimensions.end())
        return *it;
    const auto found = m_store.findDimension(key);
    if (!found)
        throw Error(Importer::tr("%1: the data set has no dimension \"%2\".").arg(where, key));
    return *m_dimensions.insert(key, *found);
}

void Writer::write(ImportedConversation &c)
{
    Conversation &conv = c.conversation;
    m_summary.warnings << c.notices;
    m_summary.feedbackRepeated += c.feedbackRepeated;
    m_summary.feedbackSpanning += c.feedbackSpanning;
    installInstruments(c);
    // In either form: plain, or anonymised (identity.h).
    if (const qint64 existing =
            m_store.conversationWithHash(conv.contentHash, conv.anonymisedHash)) {
        ++m_summary.alreadyPresent;
        if (const auto found = m_store.conversation(existing))
            checkParticipant(c, found->participantId, false);
        merge(c, existing);
        return;
    }
    conv.participantId = participant(c);
    checkParticipant(c, conv.participantId, true);
    if (!m_options.agent.isEmpty())
        conv.agent = m_options.agent;
    conv.provenance.insert(QStringLiteral("file"), m_summary.file);
    conv.provenance.insert(QStringLiteral("format"), m_summary.format);
    conv.id = m_store.addConversation(conv, c.encoded);
    ++m_summary.imported;
    m_summary.turns += c.encoded.size();
    writeAnnotations(c);
}

void Writer::checkParticipant(const ImportedConversation &c, qint64 owner, bool added)
{
    // The file's participant was not found by name (participant()), yet some of their
    // conversations are another participant's already: perhaps one person, perhaps two who had
    // the same conversation. Not guessed; said.
    if (!m_options.participant.isEmpty() || c.participant.isEmpty())
        return;
    QHash<QString, qint64> &seen = added ? m_addedTo : m_heldBy;
    if (!seen.contains(c.participant))
        seen.insert(c.participant, owner);
    const qint64 held = m_heldBy.value(c.participant);
    const qint64 to = m_addedTo.value(c.participant);
    if (held == 0 || to == 0 || held == to || m_warnedAbout.contains(c.participant))
        return;
    m_warnedAbout.insert(c.participant);
    QString holder;
    for (const Participant &p : m_store.participants())
        if (p.id == held)
            holder = p.code;
    m_summary.warnings << Importer::tr(
                              "%1: participant \"%2\" has conversations that the data set holds "
                              "under participant \"%3\"; their other conversations were added "
                              "under \"%2\". The file does not say that the two are one person "
                              "(it was written by an earlier version, or shared under a code of "
                              "the participant's choosing). If they are, import the file with "
                              "\"%3\" as the participant into the data set as it was before.")
                              .arg(m_summary.file, c.participant, holder);
}

void Writer::installInstruments(const ImportedConversation &c)
{
    if (!c.instruments)
        return;
    for (const Instrument &instrument : *c.instruments) {
        if (!m_instruments.contains(instrument.key)) {
            m_store.installInstrument(instrument);
            m_instruments.insert(instrument.key);
        }
    }
}

void Writer::writeAnnotations(ImportedConversation &c)
{
    const Conversation &conv = c.conversation;
    for (const ImportedRating &r : std::as_const(c.ratings)) {
        const Dimension &d = dimension(r.dimension, c.where);
        const qint64 who = annotator(r.annotator, r.kind);
        try {
            if (r.turnIndex >= 0)
                m_store.setRating(c.encoded.ids[r.turnIndex], d.id, who,
                                  Rating::orNotApplicable(r.value));
            else
                m_store.setConversationRating(conv.id, d.id, who, Rating::orNotApplicable(r.value));
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(c.where, e.message()));
        }
        ++m_summary.ratings;
    }
    for (const ImportedFlag &f : std::as_const(c.flags)) {
        TurnFlag flag;
        flag.turnId = c.encoded.ids[f.turnIndex];
        flag.annotatorId = annotator(f.annotator, f.kind);
        flag.reason = f.reason;
        flag.note = f.note;
        if (f.refersTo && *f.refersTo >= 0 && *f.refersTo < c.encoded.size())
            flag.refersToTurnId = c.encoded.ids[*f.refersTo];
        try {
            m_store.addFlag(flag);
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(c.where, e.message()));
        }
    }
    for (const ImportedNote &n : std::as_const(c.notes)) {
        const Edit edit {Edit::Kind::Note,
                         c.encoded.ids[n.turnIndex],
                         0,
                         annotator(n.annotator, n.kind),
                         QJsonValue::Undefined,
                         n.text};
        m_store.apply(edit, Origin::Data);
    }
}

Conflict Writer::conflictIn(const ImportedConversation &c, const char *what, int turn,
                            const QString &rater) const
{
    Conflict conflict;
    conflict.where = c.where;
    conflict.what = QString::fromLatin1(what);
    conflict.conversation =
        !c.conversation.sourceId.isEmpty() ? c.conversation.sourceId : c.conversation.contentHash;
    conflict.turn = turn;
    conflict.rater = rater;
    return conflict;
}

bool Writer::compareRating(Rating current, Rating incoming, Conflict conflict)
{
    if (current == incoming) {
        ++m_summary.ratingsUnchanged;
        return false;
    }
    if (!current.isSet()) {
        ++m_summary.ratings;
        return true;
    }
    ++m_summary.ratingsConflicting;
    conflict.existing = current.toJson();
    conflict.incoming = incoming.toJson();
    return disagree(std::move(conflict));
}

bool Writer::disagree(Conflict conflict)
{
    conflict.file = m_summary.file;
    if (m_options.onConflict == OnConflict::Fail)
        throw Error(Importer::tr("%1. The import stops at the first disagreement (on conflict: "
                                 "fail); nothing of %2 was imported.")
                        .arg(conflict.description(), m_summary.file));
    // Context answers are one form, not one value: always kept, only reported.
    conflict.replaced =
        m_options.onConflict == OnConflict::Replace && conflict.what != QLatin1String("context");
    ++m_summary.conflicts;
    m_summary.warnings << conflict.text();
    m_summary.conflictList << conflict;
    return conflict.replaced;
}

void Writer::merge(ImportedConversation &c, qint64 existingId)
{
    if (existingId == 0)
        return;
    const QVector<Turn> turns = m_store.turns(existingId);
    if (turns.size() != c.encoded.size())
        return; // a hash collision would be astonishing; do not guess
    c.encoded.ids.resize(turns.size());
    for (int i = 0; i < turns.size(); ++i)
        c.encoded.ids[i] = turns[i].id;
    bool added = false;

    // Ratings: the same rater's rating of the same thing either agrees, is new, or disagrees.
    QHash<qint64, QHash<qint64, QHash<qint64, Rating>>> turnRatings; // by rater
    QHash<qint64, QHash<qint64, Rating>> conversationRatings; // by rater
    for (const ImportedRating &r : std::as_const(c.ratings)) {
        const Dimension &d = dimension(r.dimension, c.where);
        const qint64 who = annotator(r.annotator, r.kind);
        if (!turnRatings.contains(who)) {
            turnRatings.insert(who, m_store.turnRatings(existingId, who));
            conversationRatings.insert(who, m_store.conversationRatings(existingId, who));
        }
        const Rating current = r.turnIndex >= 0
            ? turnRatings[who].value(c.encoded.ids[r.turnIndex]).value(d.id)
            : conversationRatings[who].value(d.id);
        const Rating incoming = Rating::orNotApplicable(r.value);
        Conflict conflict = conflictIn(c, r.turnIndex >= 0 ? "rating" : "conversation_rating",
                                       r.turnIndex, r.annotator);
        conflict.dimension = r.dimension;
        if (!compareRating(current, incoming, std::move(conflict)))
            continue;
        try {
            if (r.turnIndex >= 0)
                m_store.setRating(c.encoded.ids[r.turnIndex], d.id, who, incoming);
            else
                m_store.setConversationRating(existingId, d.id, who, incoming);
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(c.where, e.message()));
        }
        added = true;
    }

    for (const ImportedFlag &f : std::as_const(c.flags)) {
        const qint64 who = annotator(f.annotator, f.kind);
        const auto flags = m_store.flags(existingId, who);
        const qint64 turn = c.encoded.ids[f.turnIndex];
        TurnFlag flag;
        flag.turnId = turn;
        flag.annotatorId = who;
        flag.reason = f.reason;
        flag.note = f.note;
        if (f.refersTo && *f.refersTo >= 0 && *f.refersTo < c.encoded.size())
            flag.refersToTurnId = c.encoded.ids[*f.refersTo];
        if (const auto it = flags.find(turn); it != flags.end()) {
            if (it->reason == f.reason)
                continue;
            Conflict conflict = conflictIn(c, "flag", f.turnIndex, f.annotator);
            conflict.existing = it->reason;
            conflict.incoming = f.reason;
            if (!disagree(std::move(conflict)))
                continue;
            // Replaced through the journaled path, so the change stays on record.
            m_store.apply({Edit::Kind::Flag, turn, 0, who, QJsonValue::Undefined, flagToJson(flag)},
                          Origin::Data);
            added = true;
            continue;
        }
        m_store.addFlag(flag);
        added = true;
    }

    for (const ImportedNote &n : std::as_const(c.notes)) {
        const qint64 who = annotator(n.annotator, n.kind);
        const QString current = m_store.notes(existingId, who).value(c.encoded.ids[n.turnIndex]);
        if (current == n.text)
            continue;
        if (!current.isEmpty()) {
            Conflict conflict = conflictIn(c, "note", n.turnIndex, n.annotator);
            conflict.existing = current;
            conflict.incoming = n.text;
            if (!disagree(std::move(conflict)))
                continue;
        }
        m_store.apply(
            {Edit::Kind::Note, c.encoded.ids[n.turnIndex], 0, who, QJsonValue::Undefined, n.text},
            Origin::Data);
        added = true;
    }

    const auto existing = m_store.conversation(existingId);
    const QJsonObject &context = c.conversation.context;
    if (existing && !context.isEmpty() && existing->context != context) {
        if (existing->context.isEmpty()) {
            m_store.setConversationContext(existingId, context);
            added = true;
        } else {
            Conflict conflict = conflictIn(c, "context", -1, QString());
            conflict.existing = existing->context;
            conflict.incoming = context;
            disagree(std::move(conflict));
        }
    }
    if (existing) {
        // Where else the conversation arrived from: provenance keeps every source.
        QJsonObject provenance = existing->provenance;
        QJsonObject also = c.conversation.provenance;
        also.insert(QStringLiteral("file"), m_summary.file);
        also.insert(QStringLiteral("format"), m_summary.format);
        QJsonArray seen = provenance.value(QStringLiteral("also_from")).toArray();
        bool original = true; // the very file it first came from, imported again
        for (auto it = also.constBegin(); it != also.constEnd(); ++it)
            original = original && provenance.value(it.key()) == it.value();
        if (!original && !seen.contains(also)) {
            seen.append(also);
            provenance.insert(QStringLiteral("also_from"), seen);
            m_store.setConversationProvenance(existingId, provenance);
        }
    }
    if (added)
        ++m_summary.merged;
}

void Writer::write(const ExternalRating &r)
{
    // Who rated: the file's annotator column, else the import's --annotator; never "self" by
    // default, so that predictions cannot silently replace the participants' own ratings.
    QString code = r.annotator;
    std::optional<AnnotatorKind> kind = r.kind;
    if (code.isEmpty()) {
        if (m_options.annotator.isEmpty())
            throw Error(Importer::tr("%1: the file does not say who rated (it has no annotator "
                                     "column, or the cell is empty): name the rater for the "
                                     "import (sense7 import --annotator CODE; --annotator self "
                                     "only for the participants' own ratings). Nothing was "
                                     "imported.")
                            .arg(r.where));
        code = m_options.annotator;
        if (!kind)
            kind = m_options.annotatorKind;
    }
    if (!kind)
        kind = code == QLatin1String("self") ? AnnotatorKind::Self : AnnotatorKind::Observer;

    qint64 conversation = m_conversations.value(r.conversation, 0);
    if (conversation == 0) {
        conversation = m_store.findConversation(r.conversation);
        if (conversation == 0)
            throw Error(Importer::tr("%1: the data set has no conversation \"%2\".")
                            .arg(r.where, r.conversation));
        m_conversations.insert(r.conversation, conversation);
    }
    const qint64 turn = m_store.turnId(conversation, r.turnIndex);
    if (turn == 0)
        throw Error(Importer::tr("%1: conversation \"%2\" has no turn %3.")
                        .arg(r.where, r.conversation)
                        .arg(r.turnIndex));
    const Dimension &d = dimension(r.dimension, r.where);
    if (d.level != Level::Turn)
        throw Error(Importer::tr("%1: \"%2\" rates whole conversations, not turns.")
                        .arg(r.where, r.dimension));
    // Checked here as well as by the store: a value off the scale is an error even where the
    // data set's value is kept.
    if (r.value && (*r.value < d.scaleMin || *r.value > d.scaleMax))
        throw Error(Importer::tr("%1: %2 is outside the scale %3–%4 of \"%5\".")
                        .arg(r.where)
                        .arg(*r.value)
                        .arg(d.scaleMin)
                        .arg(d.scaleMax)
                        .arg(r.dimension));
    const qint64 who = annotator(code, *kind);
    Conflict conflict;
    conflict.line = r.line;
    conflict.where = r.where;
    conflict.what = QStringLiteral("rating");
    conflict.conversation = r.conversation;
    conflict.turn = r.turnIndex;
    conflict.dimension = r.dimension;
    conflict.rater = code;
    const Rating incoming = Rating::orNotApplicable(r.value);
    if (!compareRating(m_store.rating(turn, d.id, who), incoming, std::move(conflict)))
        return;
    try {
        m_store.setRating(turn, d.id, who, incoming);
    } catch (const Error &e) {
        throw Error(QStringLiteral("%1: %2").arg(r.where, e.message()));
    }
}

/**
 * Writes an import with a rollback journal instead of the write-ahead log while the importing
 * connection is the data set's only one. In WAL mode every new page is written twice: into the
 * log at the commit, then into the data set by the checkpoint. A rollback journal only keeps the
 * few pages that existed before, and the new ones go straight into the file; the import stays
 * one transaction either way, and a crash mid-import is rolled back from the journal at the next
 * open. With another connection open (the studio's browser, another process) the switch is
 * refused at once and the import stays in WAL mode. WAL mode is restored afterwards.
 */
class RollbackJournal
{
public:
    explicit RollbackJournal(sql::Connection &db)
        : m_db(db)
    {
        if (m_db.pragmaText("PRAGMA journal_mode")
                .compare(QLatin1String("wal"), Qt::CaseInsensitive)
            != 0)
            return;
        const qint64 timeout = m_db.pragmaInt("PRAGMA busy_timeout");
        m_db.exec("PRAGMA busy_timeout = 0"); // another connection: give up at once
        try {
            m_switched = m_db.pragmaText("PRAGMA journal_mode = DELETE")
                             .compare(QLatin1String("delete"), Qt::CaseInsensitive)
                == 0;
        } catch (const Error &) {
            m_switched = false; // busy: another connection has the data set open
        }
        m_db.exec(QByteArray("PRAGMA busy_timeout = " + QByteArray::number(timeout)).constData());
    }
    ~RollbackJournal()
    {
        if (!m_switched)
            return;
        try {
            m_db.pragmaText("PRAGMA journal_mode = WAL");
        } catch (const Error &) {
            // Busy: the data set stays in rollback mode until it is next opened (Store::open
            // sets WAL mode again); nothing is lost.
        }
    }
    RollbackJournal(const RollbackJournal &) = delete;
    RollbackJournal &operator=(const RollbackJournal &) = delete;

    bool switched() const { return m_switched; }

private:
    sql::Connection &m_db;
    bool m_switched = false;
};

} // namespace

Importer::Importer(Store &store)
    : m_store(store)
{ }

Summary Importer::importFile(const QString &path, const Options &options)
{
    Summary summary;
    summary.file = QFileInfo(path).fileName();
    summary.onConflict = options.onConflict;
    summary.format = options.format.isEmpty() ? detectFormat(path) : options.format;
    const ReadFunction read = readerFor(summary.format);
    if (!read)
        throw Error(tr("\"%1\" is not a format Sense-7 Studio reads; choose one of: %2.")
                        .arg(summary.format, formats().join(QStringLiteral(", "))));
    Input input = openInput(path);
    const qint64 total = input.size;
    const QString source = input.name;

    QueueSink sink(m_cancel);
    std::thread worker([&] {
        std::exception_ptr error;
        try {
            read(*input.device, source, sink);
        } catch (const Error &) {
            error = std::current_exception();
        } catch (const std::exception &e) {
            // A reader's library gave up in a way the reader did not foresee: still a message
            // that names the file, never a crash.
            error = std::make_exception_ptr(
                Error(tr("%1 could not be read: %2").arg(source, QString::fromUtf8(e.what()))));
        } catch (...) {
            error = std::current_exception();
        }
        sink.finish(error);
    });
    struct Join
    {
        QueueSink &sink;
        std::thread &thread;
        ~Join()
        {
            sink.stop();
            thread.join();
        }
    } join {sink, worker};

    // A larger page cache while importing, so SQLite does not spill half-built pages to the
    // write-ahead log and write them again; restored afterwards.
    sql::Connection &db = m_store.connection();
    const qint64 cacheSize = db.pragmaInt("PRAGMA cache_size");
    db.exec("PRAGMA cache_size = -65536"); // 64 MiB
    struct RestoreCache
    {
        sql::Connection &db;
        qint64 size;
        ~RestoreCache()
        {
            const QByteArray sql = "PRAGMA cache_size = " + QByteArray::number(size);
            try {
                db.exec(sql.constData());
            } catch (const Error &) { }
        }
    } restoreCache {db, cacheSize};

    const RollbackJournal journal(db);
    Writer writer(m_store, options, summary);
    QElapsedTimer sinceProgress; // invalid until the first report, which comes at once
    m_store.transaction([&] {
        Item item;
        while (sink.pop(item)) {
            if (m_cancel)
                throw Cancelled(
                    tr("The import of %1 was cancelled; nothing was changed.").arg(source));
            writer.apply(item);
            if (m_progress && (!sinceProgress.isValid() || sinceProgress.elapsed() >= 50)) {
                m_progress(sink.bytes(), total);
                sinceProgress.restart();
            }
        }
        if (sink.error())
            std::rethrow_exception(sink.error());
        if (m_cancel)
            throw Cancelled(tr("The import of %1 was cancelled; nothing was changed.").arg(source));
        if (summary.imported == 0 && summary.alreadyPresent == 0 && summary.ratings == 0
            && summary.ratingsUnchanged == 0 && summary.ratingsConflicting == 0
            && summary.skipped > 0)
            throw Error(tr("Nothing in %1 could be imported: every entry was skipped.\n%2")
                            .arg(source, summary.warnings.join(QLatin1Char('\n'))));
    });
    if (m_progress)
        m_progress(total, total);
    return summary;
}

} // namespace sense7::import
