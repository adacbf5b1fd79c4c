#include "writer.h"

#include "identity.h"
#include "live/assignment.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace sense7::import {

void KeyFilter::insert(quint64 key)
{
    if ((m_count + 1) * 2 > m_slots.size())
        grow();
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        if (m_slots[i] == key)
            return;
        if (m_slots[i] == 0) {
            m_slots[i] = key;
            ++m_count;
            return;
        }
    }
}

bool KeyFilter::contains(quint64 key) const
{
    if (m_slots.empty())
        return false;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        if (m_slots[i] == key)
            return true;
        if (m_slots[i] == 0)
            return false;
    }
}

quint64 KeyFilter::key(QStringView hash)
{
    // Mixed, so that the low bits (the slot) depend on every character.
    quint64 k = quint64(qHash(hash, 0x5e75e7)) * 0x9e3779b97f4a7c15ULL;
    k ^= k >> 29;
    return k == 0 ? 1 : k;
}

void KeyFilter::grow()
{
    std::vector<quint64> old(std::max<std::size_t>(1024, m_slots.size() * 2), 0);
    old.swap(m_slots);
    m_count = 0;
    for (const quint64 key : old) {
        if (key != 0)
            insert(key);
    }
}

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
    else
        mergeProfile(c, id);
    m_participants.insert(code, id);
    return id;
}

void Writer::mergeProfile(const ImportedConversation &c, qint64 participantId)
{
    if (c.participantProfile.isEmpty() || m_profilesMerged.contains(participantId))
        return;
    m_profilesMerged.insert(participantId); // once an import, not once a conversation
    QJsonObject held;
    for (const Participant &p : m_store.participants())
        if (p.id == participantId)
            held = p.profile;
    if (held == c.participantProfile)
        return;
    if (held.isEmpty()) { // answers the data set lacks: added, nothing replaced
        m_store.setParticipantProfile(participantId, c.participantProfile);
        return;
    }
    Conflict conflict = conflictIn(c, "profile", -1, QString());
    conflict.existing = held;
    conflict.incoming = c.participantProfile;
    disagree(std::move(conflict));
}

qint64 Writer::annotator(const QString &code, AnnotatorKind kind, const QString &where)
{
    const QString key = code + QLatin1Char('\x1f') + annotatorKindKey(kind);
    if (const auto it = m_annotators.find(key); it != m_annotators.end())
        return *it;
    qint64 id = 0;
    try {
        id = m_store.annotatorId(code, kind);
    } catch (const Error &e) { // the code is another kind of annotator's, say
        throw Error(QStringLiteral("%1: %2").arg(where, e.message()));
    }
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

Rating Writer::checkedRating(const ImportedRating &r, const Dimension &d, const QString &where)
{
    if (!m_notApplicable.contains(d.id)) {
        bool allowed = true;
        for (const Instrument &instrument : m_store.instruments()) {
            for (const Dimension &own : instrument.dimensions)
                if (own.id == d.id)
                    allowed = allowsNotApplicable(instrument, d);
        }
        m_notApplicable.insert(d.id, allowed);
    }
    if (!r.value && !m_notApplicable.value(d.id))
        throw Error(
            Importer::tr("%1: \"%2\" has no \"not applicable\": the value must be a "
                         "whole number from %3 to %4, not null.")
                .arg(where, r.dimension, QString::number(d.scaleMin), QString::number(d.scaleMax)));
    return Rating::orNotApplicable(r.value);
}

QVector<ImportedRating> Writer::ratedOnce(const ImportedConversation &c)
{
    QVector<ImportedRating> result;
    QHash<QString, int> given; // turn, dimension id and rater -> the rating's place in result
    for (const ImportedRating &r : c.ratings) {
        const QString &where = r.where.isEmpty() ? c.where : r.where;
        const Dimension &d = dimension(r.dimension, where);
        const QString what = QStringLiteral("%1 %2 %3\x1f%4")
                                 .arg(QString::number(r.turnIndex), QString::number(d.id),
                                      annotatorKindKey(r.kind), r.annotator);
        const auto first = given.constFind(what);
        if (first == given.cend()) {
            given.insert(what, int(result.size()));
            result.append(r);
            continue;
        }
        const ImportedRating &earlier = result.at(*first);
        if (earlier.value == r.value)
            continue;
        throw Error(Importer::tr("%1: %2 rates \"%3\" of the same %4 again, otherwise (first: %5).")
                        .arg(where, r.annotator, r.dimension,
                             r.turnIndex < 0 ? Importer::tr("conversation")
                                             : Importer::tr("turn %1").arg(r.turnIndex),
                             earlier.where.isEmpty() ? c.where : earlier.where));
    }
    return result;
}

void Writer::write(ImportedConversation &c)
{
    Conversation &conv = c.conversation;
    m_summary.warnings << c.notices;
    m_summary.feedbackRepeated += c.feedbackRepeated;
    m_summary.feedbackSpanning += c.feedbackSpanning;
    m_summary.unanswered += c.unanswered;
    m_summary.timesUnread += c.timesUnread;
    if (c.timesUnread > 0 && m_summary.unreadTimes.size() < Summary::unreadTimesNamed)
        m_summary.unreadTimes << c.firstUnreadTime;
    checkProtocol(c);
    installInstruments(c);
    // In either form: plain, or anonymised (identity.h).
    const QString derived =
        c.derivedHash.isEmpty() ? identity::anonymisedHash(conv.contentHash) : c.derivedHash;
    if (const qint64 existing = present(conv, derived, c.keys)) {
        ++m_summary.alreadyPresent;
        if (importedAgain(c, existing))
            return;
        if (!c.recordJson.isEmpty() && !conv.provenance.contains(QStringLiteral("record")))
            conv.provenance.insert(QStringLiteral("record"),
                                   QJsonDocument::fromJson(c.recordJson).object());
        if (const auto found = m_store.conversation(existing)) {
            checkParticipant(c, found->participantId, false);
            mergeProfile(c, found->participantId);
            writeAssignment(c, found->participantId);
        }
        merge(c, existing);
        return;
    }
    conv.participantId = participant(c);
    checkParticipant(c, conv.participantId, true);
    countOtherVersion(c);
    writeAssignment(c, conv.participantId);
    if (!m_options.agent.isEmpty())
        conv.agent = m_options.agent;
    if (conv.anonymisedHash.isEmpty())
        conv.anonymisedHash = derived; // as the store would derive it
    const QByteArray provenance = provenanceWithRecord(c);
    Store::Adding adding;
    adding.provenanceJson = provenance;
    adding.checked = true;
    adding.partOfTransaction = true; // the import's, in which any error undoes the file's items
    conv.id = m_store.addConversation(conv, c.encoded, adding);
    if (c.digest) { // worked out only for a conversation without ratings or flags
        if (!m_digests)
            m_digests.emplace(m_store);
        m_digests->write(conv.id, *c.digest);
        ++m_digested;
    }
    if (m_filtering) {
        m_hashes.insert(c.keys.content ? c.keys.content : KeyFilter::key(conv.contentHash));
        m_hashes.insert(c.keys.derived && conv.anonymisedHash == derived
                            ? c.keys.derived
                            : KeyFilter::key(conv.anonymisedHash));
    }
    if (!c.sessions.isEmpty())
        m_store.addSessions(conv.id, c.sessions, int(c.encoded.size())); // the turns just added
    ++m_summary.imported;
    m_summary.turns += c.encoded.size();
    writeAnnotations(c);
}

bool Writer::importedAgain(ImportedConversation &c, qint64 existing)
{
    // Only what merge() would find nothing to add from: no ratings, flags, notes, context, live
    // details or participant's answers, and the same turns from the same file.
    const Conversation &conv = c.conversation;
    if (!c.ratings.isEmpty() || !c.flags.isEmpty() || !c.notes.isEmpty() || !c.sessions.isEmpty()
        || !conv.context.isEmpty() || !conv.condition.isEmpty() || !c.participantProfile.isEmpty()
        || c.participantAssignment)
        return false;
    const auto held = m_store.heldConversation(existing);
    if (!held || held->turns != c.encoded.size() || held->provenanceJson != provenanceWithRecord(c))
        return false;
    checkParticipant(c, held->participantId, false);
    return true;
}

qint64 Writer::present(const Conversation &c, const QString &derived,
                       const ImportedConversation::Keys &keys)
{
    if (c.contentHash.isEmpty())
        return 0;
    if (!m_filtering) {
        // A small data set is loaded at once; a large one when the file proves long.
        const auto insert = [this](const QString &hash) {
            m_hashes.insert(KeyFilter::key(hash));
        };
        if (m_lookups == 0)
            m_filtering = m_store.conversationHashes(lookupsBeforeFilter, insert);
        else if (m_lookups >= lookupsBeforeFilter)
            m_filtering = m_store.conversationHashes(-1, insert);
        ++m_lookups;
    }
    // Not in the filter in any of its forms: not in the data set. Else (present, or a
    // collision of keys) the data set says which.
    if (m_filtering
        && !m_hashes.contains(keys.content ? keys.content : KeyFilter::key(c.contentHash))
        && !m_hashes.contains(keys.derived ? keys.derived : KeyFilter::key(derived))
        && (c.anonymisedHash.isEmpty() || !m_hashes.contains(KeyFilter::key(c.anonymisedHash))))
        return 0;
    return m_store.conversationWithHash(c.contentHash, c.anonymisedHash);
}

void Writer::countOtherVersion(const ImportedConversation &imported)
{
    // Before the first conversation of the file is written, whatever its id.
    if (m_lastBefore < 0)
        m_lastBefore = m_store.lastConversationId();
    const Conversation &c = imported.conversation;
    // Not an id a reader made up (a line number, a place in a file), nor one a bundle carries:
    // a bundle does not say whether its conversations' ids were made up.
    if (c.sourceId.isEmpty() || imported.sourceIdMade
        || m_summary.format == QLatin1String("bundle"))
        return;
    // Written here already: by its key alone (two sources share one in 2^64); else the data set
    // as it was, by its index (none when it was empty, as for a first import of a corpus).
    const quint64 key = sourceFilterKey(imported.keys.source ? imported.keys.source : sourceKey(c),
                                        c.participantId);
    if (m_sources.contains(key)
        || m_store.hasSource(c.participantId, c.sourceFormat, c.sourceId, m_lastBefore)) {
        ++m_summary.otherVersions;
        if (m_summary.otherVersionIds.size() < Summary::otherVersionsNamed)
            m_summary.otherVersionIds << c.sourceId;
    }
    m_sources.insert(key);
}

QByteArray Writer::provenanceStart(const QString &file, const QString &format)
{
    QByteArray start = QJsonDocument(QJsonObject {{QStringLiteral("file"), file},
                                                  {QStringLiteral("format"), format}})
                           .toJson(QJsonDocument::Compact);
    start.chop(1); // the closing brace
    return start;
}

QByteArray Writer::withRecord(const QByteArray &start, const QByteArray &record)
{
    return start + ",\"record\":" + record + '}';
}

QByteArray Writer::provenanceWithRecord(ImportedConversation &c)
{
    QJsonObject &provenance = c.conversation.provenance;
    const bool record = !c.recordJson.isEmpty() && !provenance.contains(QStringLiteral("record"));
    if (record && provenance.isEmpty()) {
        if (!c.provenanceJson.isEmpty()) // the reader's, from the same start
            return c.provenanceJson;
        if (m_provenanceStart.isEmpty())
            m_provenanceStart = provenanceStart(m_summary.file, m_summary.format);
        return withRecord(m_provenanceStart, c.recordJson);
    }
    provenance.insert(QStringLiteral("file"), m_summary.file);
    provenance.insert(QStringLiteral("format"), m_summary.format);
    QByteArray json = QJsonDocument(provenance).toJson(QJsonDocument::Compact);
    if (record) {
        json.chop(1);
        json += ",\"record\":" + c.recordJson + '}';
    }
    return json;
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

void Writer::writeAssignment(const ImportedConversation &c, qint64 participantId)
{
    if (!c.participantAssignment || m_assignmentsSeen.contains(participantId))
        return;
    m_assignmentsSeen.insert(participantId);
    const Assignment &incoming = *c.participantAssignment;
    const auto existing = m_store.assignment(participantId);
    if (!existing) {
        m_store.setAssignment(participantId, incoming);
        return;
    }
    if (*existing == incoming)
        return;
    Conflict conflict = conflictIn(c, "assignment", -1, QString());
    conflict.existing = live::toJson(*existing);
    conflict.incoming = live::toJson(incoming);
    disagree(std::move(conflict)); // kept: the conditions they met here are on record
}

void Writer::checkProtocol(const ImportedConversation &c)
{
    if (!c.protocol || m_compatible.contains(c.protocol.get()))
        return;
    if (!m_protocol)
        m_protocol = m_store.protocol();
    Protocol theirs = *c.protocol;
    if (c.protocolAssumed) {
        // Made before protocols, so under SENSE-7: its instrument must match; others the data
        // set lacks (an imported ESConv, say) are installed as they were then.
        theirs.instruments.erase(std::remove_if(theirs.instruments.begin(),
                                                theirs.instruments.end(),
                                                [&](const Instrument &i) {
                                                    return i.key != protocol::sense7().primary().key
                                                        && !m_protocol->instrument(i.key);
                                                }),
                                 theirs.instruments.end());
    }
    const protocol::Compatibility compatibility = protocol::compare(*m_protocol, theirs);
    if (!compatibility.compatible())
        throw Error(Importer::tr("%1 was made under the study protocol \"%2\" (fingerprint %3), "
                                 "which is not compatible with this data set's \"%4\" "
                                 "(fingerprint %5): %6. Nothing was imported from it.")
                        .arg(m_summary.file, theirs.key, theirs.fingerprint(), m_protocol->key,
                             m_protocol->fingerprint(),
                             compatibility.differences.join(QStringLiteral("; "))));
    m_compatible.insert(c.protocol.get());
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
    for (const ImportedRating &r : ratedOnce(c)) {
        const QString &where = r.where.isEmpty() ? c.where : r.where;
        const Dimension &d = dimension(r.dimension, where);
        const Rating value = checkedRating(r, d, where);
        const qint64 who = annotator(r.annotator, r.kind, where);
        try {
            if (r.turnIndex >= 0)
                m_store.setRating(c.encoded.ids[r.turnIndex], d.id, who, value);
            else
                m_store.setConversationRating(conv.id, d.id, who, value);
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(where, e.message()));
        }
        ++m_summary.ratings;
    }
    for (const ImportedFlag &f : std::as_const(c.flags)) {
        TurnFlag flag;
        flag.turnId = c.encoded.ids[f.turnIndex];
        const QString &where = f.where.isEmpty() ? c.where : f.where;
        flag.annotatorId = annotator(f.annotator, f.kind, where);
        flag.reason = f.reason;
        flag.note = f.note;
        if (f.refersTo && *f.refersTo >= 0 && *f.refersTo < c.encoded.size())
            flag.refersToTurnId = c.encoded.ids[*f.refersTo];
        try {
            m_store.addFlag(flag);
        } catch (const Error &e) {
            throw Error(QStringLiteral("%1: %2").arg(where, e.message()));
        }
    }
    for (const ImportedNote &n : std::as_const(c.notes)) {
        const Edit edit {Edit::Kind::Note,
                         c.encoded.ids[n.turnIndex],
                         0,
                         annotator(n.annotator, n.kind, n.where.isEmpty() ? c.where : n.where),
                         QJsonValue::Undefined,
                         n.text};
        m_store.apply(edit, Origin::Data);
    }
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
        const QVector<qint64> named = m_store.conversationsNamed(r.conversation, m_sourceIds);
        if (named.isEmpty())
            throw Error(Importer::tr("%1: the data set has no conversation \"%2\".")
                            .arg(r.where, r.conversation));
        if (named.size() > 1)
            throw Error(
                QStringLiteral("%1: %2").arg(r.where, Store::severalNamed(r.conversation, named)));
        conversation = named.first();
        m_conversations.insert(r.conversation, conversation);
    }
    const Dimension &d = ratedDimension(r);
    const QString dimensionName = r.instrument.isEmpty()
        ? r.dimension
        : QStringLiteral("%1/%2").arg(r.instrument, r.dimension);
    const bool wholeConversation = r.turnIndex < 0;
    if (wholeConversation && d.level == Level::Turn)
        throw Error(Importer::tr("%1: \"%2\" rates turns, so the row needs a turn_index (an "
                                 "empty one is a rating of the whole conversation).")
                        .arg(r.where, dimensionName));
    if (!wholeConversation && d.level != Level::Turn)
        throw Error(Importer::tr("%1: \"%2\" rates whole conversations, not turns: leave "
                                 "turn_index empty.")
                        .arg(r.where, dimensionName));
    qint64 turn = 0;
    if (!wholeConversation) {
        turn = m_store.turnId(conversation, r.turnIndex);
        if (turn == 0)
            throw Error(Importer::tr("%1: conversation \"%2\" has no turn %3.")
                            .arg(r.where, r.conversation, QString::number(r.turnIndex)));
    }
    // Checked here as well as by the store: a value off the scale is an error even where the
    // data set's value is kept.
    if (r.value && (*r.value < d.scaleMin || *r.value > d.scaleMax))
        throw Error(Importer::tr("%1: %2 is outside the scale %3–%4 of \"%5\".")
                        .arg(r.where, QString::number(*r.value), QString::number(d.scaleMin),
                             QString::number(d.scaleMax), dimensionName));
    if (!r.value && !m_notApplicable.value(d.id))
        throw Error(Importer::tr("%1: \"%2\" has no \"not applicable\": the value must be a "
                                 "whole number from %3 to %4, not empty or NA.")
                        .arg(r.where, dimensionName, QString::number(d.scaleMin),
                             QString::number(d.scaleMax)));
    const qint64 who = annotator(code, *kind, r.where);
    // The reader catches a row given twice in the same words; this, the same rating written
    // two ways ("warmth" and "sense7/warmth"), which would otherwise pass for a conflict.
    const QString cell =
        QStringLiteral("%1 %2 %3 %4")
            .arg(QString::number(wholeConversation ? -conversation : turn), QString::number(d.id),
                 QString::number(who), QString::number(wholeConversation ? 1 : 0));
    if (const qint64 first = m_ratedLines.value(cell); first > 0)
        throw Error((wholeConversation ? Importer::tr("%1: \"%2\" of the same conversation by "
                                                      "%3 is rated on line %4 already.")
                                       : Importer::tr("%1: \"%2\" of the same turn by %3 is "
                                                      "rated on line %4 already."))
                        .arg(r.where, dimensionName, code, QString::number(first)));
    m_ratedLines.insert(cell, r.line);
    Conflict conflict;
    conflict.line = r.line;
    conflict.where = r.where;
    conflict.what =
        wholeConversation ? QStringLiteral("conversation_rating") : QStringLiteral("rating");
    conflict.conversation = r.conversation;
    conflict.turn = r.turnIndex;
    conflict.dimension = dimensionName;
    conflict.rater = code;
    const Rating incoming = Rating::orNotApplicable(r.value);
    const Rating current = wholeConversation
        ? m_store.conversationRatings(conversation, who).value(d.id)
        : m_store.rating(turn, d.id, who);
    if (!compareRating(current, incoming, std::move(conflict)))
        return;
    try {
        if (wholeConversation)
            m_store.setConversationRating(conversation, d.id, who, incoming);
        else
            m_store.setRating(turn, d.id, who, incoming);
    } catch (const Error &e) {
        throw Error(QStringLiteral("%1: %2").arg(r.where, e.message()));
    }
}

const Dimension &Writer::ratedDimension(const ExternalRating &r)
{
    const QString key = r.instrument + QLatin1Char('/') + r.dimension;
    if (const auto it = m_rowDimensions.find(key); it != m_rowDimensions.end())
        return *it;
    if (m_installed.isEmpty())
        m_installed = m_store.instruments();
    QStringList instrumentKeys;
    for (const Instrument &instrument : std::as_const(m_installed))
        instrumentKeys << instrument.key;
    const QString known = instrumentKeys.join(QStringLiteral(", "));
    const Instrument *found = nullptr;
    const Dimension *dimension = nullptr;
    if (!r.instrument.isEmpty()) {
        for (const Instrument &instrument : std::as_const(m_installed))
            if (instrument.key == r.instrument)
                found = &instrument;
        if (!found)
            throw Error(Importer::tr("%1: the data set has no instrument \"%2\" (it has: %3).")
                            .arg(r.where, r.instrument, known));
        QStringList keys;
        for (const Dimension &d : found->dimensions) {
            keys << d.key;
            if (d.key == r.dimension)
                dimension = &d;
        }
        if (!dimension)
            throw Error(
                Importer::tr("%1: instrument \"%2\" has no dimension \"%3\" (it has: "
                             "%4).")
                    .arg(r.where, r.instrument, r.dimension, keys.join(QStringLiteral(", "))));
    } else {
        // No instrument named: the key must name one dimension of one instrument.
        QStringList holders;
        for (const Instrument &instrument : std::as_const(m_installed)) {
            for (const Dimension &d : instrument.dimensions) {
                if (d.key == r.dimension) {
                    holders << instrument.key;
                    found = &instrument;
                    dimension = &d;
                }
            }
        }
        if (holders.isEmpty())
            throw Error(Importer::tr("%1: the data set has no dimension \"%2\" in any of its "
                                     "instruments (%3).")
                            .arg(r.where, r.dimension, known));
        if (holders.size() > 1)
            throw Error(Importer::tr("%1: the dimension \"%2\" is in more than one instrument "
                                     "(%3): name the instrument in an instrument column or as "
                                     "\"%4/%2\".")
                            .arg(r.where, r.dimension, holders.join(QStringLiteral(", ")),
                                 holders.constFirst()));
    }
    m_notApplicable.insert(dimension->id, allowsNotApplicable(*found, *dimension));
    return *m_rowDimensions.insert(key, *dimension);
}

bool Writer::allowsNotApplicable(const Instrument &instrument, const Dimension &dimension)
{
    // The data set's columns do not hold the instrument's "not_applicable"; its definition does.
    bool allowed = instrument.allowsNotApplicable && dimension.allowsNotApplicable;
    if (allowed && !instrument.definition.isEmpty()) {
        try {
            const Instrument defined = taxonomy::parse(instrument.definition, instrument.key);
            allowed = defined.allowsNotApplicable;
            for (const Dimension &d : defined.dimensions)
                if (d.key == dimension.key)
                    allowed = allowed && d.allowsNotApplicable;
        } catch (const Error &) {
            // An unreadable definition: the columns decide.
        }
    }
    return allowed;
}

} // namespace sense7::import
