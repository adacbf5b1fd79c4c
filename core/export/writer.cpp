#include "writer.h"

#include "browse/page.h"
#include "browse/sample.h"
#include "browse/trajectory.h"
#include "csvfield.h"
#include "forms.h"
#include "identity.h"
#include "live/assignment.h"
#include "retest.h"
#include "store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace sense7 {

const KeyEntry<exporter::Format> KeyTable<exporter::Format>::entries[3] = {
    {exporter::Format::Csv, "csv"},
    {exporter::Format::Jsonl, "jsonl"},
    {exporter::Format::Bundle, "bundle"},
};

} // namespace sense7

namespace sense7::exporter {
namespace {

/** \a columns as a CSV header line. */
QByteArray headerLine(const QStringList &columns)
{
    QStringList fields;
    for (const QString &column : columns)
        fields << csvField(column);
    return fields.join(QLatin1Char(',')).toUtf8() + '\n';
}

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::exporter", text);
}

QString iso(const QDateTime &when)
{
    return when.isValid() ? when.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QJsonValue valueJson(const std::optional<int> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

/** Redacts every string inside \a value; \a dropText empties "text" members as well. */
QJsonValue redactValue(const QJsonValue &value, const redact::Redactor &redactor, bool dropText,
                       qint64 &count)
{
    if (value.isString()) {
        const auto spans = redactor.find(value.toString());
        count += spans.size();
        return redact::Redactor::apply(value.toString(), spans);
    }
    if (value.isArray()) {
        QJsonArray result;
        for (const QJsonValue v : value.toArray())
            result.append(redactValue(v, redactor, dropText, count));
        return result;
    }
    if (value.isObject()) {
        QJsonObject result;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            // Keys too (a spreadsheet's column headed by someone's address); one redacted
            // into another's name gets a number rather than taking its place.
            const auto spans = redactor.find(it.key());
            count += spans.size();
            const QString redacted = redact::Redactor::apply(it.key(), spans);
            QString key = redacted;
            for (int n = 2; result.contains(key); ++n)
                key = QStringLiteral("%1 (%2)").arg(redacted, QString::number(n));
            result.insert(key,
                          dropText && it.key() == QLatin1String("text")
                              ? QJsonValue(QString())
                              : redactValue(it.value(), redactor, dropText, count));
        }
        return result;
    }
    return value;
}

/** The participant's pseudonym: the one their data came with, or this data set's for them. */
QString pseudonymOf(const Participant &p)
{
    return p.pseudonym.isEmpty() ? identity::pseudonym(p.code, p.createdAt) : p.pseudonym;
}

/** \a records as bundle ratings, each rater named by \a rater. */
template<typename RaterName>
QJsonArray ratingsJson(const QVector<RatingRecord> &records, const RaterName &rater)
{
    QJsonArray ratings;
    for (const RatingRecord &r : records)
        ratings.append(QJsonObject {
            {QStringLiteral("turn"), valueJson(r.turnIndex)},
            {QStringLiteral("dimension"), QString(r.instrument + QLatin1Char('/') + r.dimension)},
            {QStringLiteral("annotator"), rater(r.annotator)},
            {QStringLiteral("annotator_kind"), r.annotatorKind},
            {QStringLiteral("value"), valueJson(r.value)}});
    return ratings;
}

/** Reads conversations for writing, with the per-data-set lookups done once. */
class Source
{
    Q_DECLARE_TR_FUNCTIONS(sense7::exporter)

public:
    Source(const Store &store, const Anonymise &anonymise, const redact::Redactor *redactor)
        : m_store(store)
        , m_anonymise(anonymise)
        , m_redactor(redactor)
    {
        qint64 first = 0;
        for (const Participant &p : store.participants()) {
            m_participants.insert(p.id, p);
            m_codes.insert(p.id,
                           !anonymise.enabled                        ? p.code
                               : anonymise.participantCode.isEmpty() ? pseudonymOf(p)
                                                                     : anonymise.participantCode);
            // What no anonymised bundle carries: the data set's first participant's code and
            // the moment they were added (a pseudonym is derived from them, one way).
            if (first == 0 || p.id < first) {
                first = p.id;
                m_secret =
                    p.code.toUtf8() + '\x1f' + p.createdAt.toString(Qt::ISODateWithMs).toUtf8();
            }
        }
    }

    qint64 redactions = 0;

    QString code(qint64 participantId) const { return m_codes.value(participantId); }
    const Participant participant(qint64 id) const { return m_participants.value(id); }

    QString text(const QString &text, bool isMessage)
    {
        if (!m_anonymise.enabled)
            return text;
        if (isMessage && m_anonymise.ratingsOnly)
            return {};
        const auto spans = m_redactor->find(text);
        redactions += spans.size();
        return redact::Redactor::apply(text, spans);
    }

    QJsonObject object(const QJsonObject &object, bool dropText)
    {
        if (!m_anonymise.enabled)
            return object;
        return redactValue(object, *m_redactor, dropText, redactions).toObject();
    }

    /**
     * A rater's code as the bundle names it: as it is, unless anonymising finds something to
     * remove in it (an address, a listed name); then a stand-in derived from it, the same in
     * every bundle, so that each rater stays one and apart from the others.
     */
    QString rater(const QString &code)
    {
        // Once per rater, not per rating: the redactor's patterns are the costly part.
        auto known = m_raters.constFind(code);
        if (known == m_raters.cend())
            return *m_raters.insert(code, standIn("rater-", code));
        if (*known != code)
            ++redactions; // counted as often as it stands in, as before
        return *known;
    }

    /**
     * \a name (a rater's code, an export's id) as an anonymised bundle gives it: as it is, unless
     * anonymising finds something to remove in it; then \a prefix and 12 hex digits derived
     * from it and a secret of the data set's, the same in every bundle of this data set, apart
     * for two names, and not to be found again by trying candidate addresses.
     */
    QString standIn(const char *prefix, const QString &name)
    {
        if (!m_anonymise.enabled || m_redactor->find(name).isEmpty())
            return name;
        ++redactions;
        const QByteArray digest =
            QCryptographicHash::hash(QByteArray("sense7-stand-in\x1f" + QByteArray(prefix) + '\x1f'
                                                + m_secret + '\x1f' + name.toUtf8()),
                                     QCryptographicHash::Sha256);
        return QLatin1String(prefix) + QString::fromLatin1(digest.toHex().left(12));
    }

    QJsonObject profile(qint64 participantId)
    {
        return object(participant(participantId).profile, false);
    }

    QJsonObject conversation(qint64 id);
    /** The participant of the conversation conversation() read last. */
    qint64 lastParticipant() const { return m_lastParticipant; }

private:
    const Store &m_store;
    const Anonymise &m_anonymise;
    const redact::Redactor *m_redactor;
    QHash<qint64, Participant> m_participants;
    QHash<qint64, QString> m_codes;
    QHash<QString, QString> m_raters; // code -> as the bundle names it
    QByteArray m_secret;
    qint64 m_lastParticipant = 0;
};

QJsonObject Source::conversation(qint64 id)
{
    const auto found = m_store.conversation(id);
    if (!found)
        throw Error(tr("The data set has no conversation %1.").arg(id));
    const Conversation &c = *found;
    m_lastParticipant = c.participantId;
    const bool anonymous = m_anonymise.enabled;
    QJsonObject json {{QStringLiteral("participant"), code(c.participantId)},
                      {QStringLiteral("source_format"), text(c.sourceFormat, false)},
                      {QStringLiteral("source_id"), standIn("source-", c.sourceId)},
                      {QStringLiteral("agent"), text(c.agent, false)},
                      {QStringLiteral("title"), text(c.title, true)},
                      {QStringLiteral("started_at"), iso(c.startedAt)},
                      {QStringLiteral("context"), object(c.context, false)}};
    // An anonymised conversation carries only the stand-in for its content hash; a plain one
    // carries both, so that whoever merges either form recognises the other (identity.h).
    const QString anonymisedHash =
        c.anonymisedHash.isEmpty() ? identity::anonymisedHash(c.contentHash) : c.anonymisedHash;
    json.insert(QStringLiteral("content_hash"), anonymous ? anonymisedHash : c.contentHash);
    // A live conversation: the condition it was held with and its sittings.
    if (!c.condition.isEmpty()) {
        json.insert(QStringLiteral("condition"), c.condition);
        QJsonArray sessions;
        for (const LiveSession &s : m_store.sessions(id))
            sessions.append(
                QJsonObject {{QStringLiteral("started_at"), iso(s.startedAt)},
                             {QStringLiteral("ended_at"),
                              s.endedAt.isValid() ? QJsonValue(iso(s.endedAt)) : QJsonValue()},
                             {QStringLiteral("first_turn"), s.firstTurnIndex}});
        json.insert(QStringLiteral("sessions"), sessions);
    }
    if (!anonymous) {
        json.insert(QStringLiteral("anonymised_hash"), anonymisedHash);
        if (!c.provenance.isEmpty())
            json.insert(QStringLiteral("provenance"), c.provenance);
    }

    QJsonArray turns;
    for (const Turn &t : m_store.turns(id)) {
        QJsonObject turn {{QStringLiteral("role"), roleKey(t.role)},
                          {QStringLiteral("text"), text(t.text, true)}};
        if (t.createdAt.isValid())
            turn.insert(QStringLiteral("created_at"), iso(t.createdAt));
        if (!t.meta.isEmpty())
            turn.insert(QStringLiteral("meta"), object(t.meta, m_anonymise.ratingsOnly));
        turns.append(turn);
    }
    json.insert(QStringLiteral("turns"), turns);

    json.insert(QStringLiteral("ratings"),
                ratingsJson(m_store.ratingRecords(id),
                            [this](const QString &code) { return rater(code); }));

    QJsonArray flags;
    for (const FlagRecord &f : m_store.flagRecords(id))
        flags.append(QJsonObject {{QStringLiteral("turn"), f.turnIndex},
                                  {QStringLiteral("annotator"), rater(f.annotator)},
                                  {QStringLiteral("annotator_kind"), f.annotatorKind},
                                  {QStringLiteral("reason"), f.reason},
                                  {QStringLiteral("refers_to"), valueJson(f.refersToIndex)},
                                  {QStringLiteral("note"), text(f.note, false)}});
    json.insert(QStringLiteral("flags"), flags);

    QJsonArray notes;
    for (const NoteRecord &n : m_store.noteRecords(id))
        notes.append(QJsonObject {{QStringLiteral("turn"), n.turnIndex},
                                  {QStringLiteral("annotator"), rater(n.annotator)},
                                  {QStringLiteral("annotator_kind"), n.annotatorKind},
                                  {QStringLiteral("text"), text(n.text, false)}});
    json.insert(QStringLiteral("notes"), notes);
    return json;
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QString contextCell(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isArray()) {
        // A multiple-choice answer: its values, separated by ";" (as the codebook says).
        const QJsonArray items = value.toArray();
        QStringList values;
        for (const auto &item : items)
            if (item.isString())
                values << item.toString();
        if (values.size() == items.size())
            return values.join(QLatin1Char(';'));
        return QString::fromUtf8(QJsonDocument(items).toJson(QJsonDocument::Compact));
    }
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return {};
}

class Output
{
    Q_DECLARE_TR_FUNCTIONS(sense7::exporter)

public:
    explicit Output(const QString &path)
        : m_file(path)
    {
        if (!m_file.open(QIODevice::WriteOnly))
            throw Error(tr("Cannot write %1: %2").arg(path, m_file.errorString()));
    }

    void write(const QByteArray &bytes)
    {
        if (m_file.write(bytes) != bytes.size())
            throw Error(tr("Cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    }

    void commit()
    {
        if (!m_file.commit())
            throw Error(tr("Cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    }

private:
    QSaveFile m_file;
};

void report(const Progress &progress, qint64 done, qint64 total, const QString &path)
{
    if (progress && !progress(done, total))
        throw Cancelled(tr("The export to %1 was cancelled; nothing was written.").arg(path));
}

/** The fixed columns of the ratings CSV, before the context's. */
QStringList fixedRatingColumns()
{
    return {QStringLiteral("participant"),   QStringLiteral("conversation_id"),
            QStringLiteral("agent"),         QStringLiteral("turn_index"),
            QStringLiteral("role"),          QStringLiteral("instrument"),
            QStringLiteral("dimension"),     QStringLiteral("value"),
            QStringLiteral("annotator"),     QStringLiteral("annotator_kind"),
            QStringLiteral("flagged_break"), QStringLiteral("break_reason"),
            QStringLiteral("rerating"),      QStringLiteral("position"),
            QStringLiteral("condition"),     QStringLiteral("session")};
}

/**
 * Where each dimension was shown, 1-based, among those of its instrument and level that a turn
 * (or the conversation) is rated on: what Protocol::dimensionOrder gives the reply, as the rating
 * panel arranges it; conversation-level items keep the instrument's order.
 */
class ShownPositions
{
public:
    explicit ShownPositions(const Protocol &protocol)
        : m_protocol(protocol)
    { }

    QString of(const RatingRecord &r, qint64 turnId) const
    {
        const Instrument *instrument = m_protocol.instrument(r.instrument);
        if (!instrument)
            return {};
        const bool turn = r.turnIndex.has_value();
        QVector<Dimension> dimensions;
        for (const Dimension &d :
             instrument->dimensionsAt(turn ? Level::Turn : Level::Conversation))
            if (!turn || d.roles.contains(r.role))
                dimensions.append(d);
        QVector<int> order;
        if (turn)
            order = m_protocol.dimensionOrder(dimensions, turnId);
        else
            for (int i = 0; i < dimensions.size(); ++i)
                order.append(i);
        for (int shown = 0; shown < order.size(); ++shown) {
            const int at = order[shown];
            if (at >= 0 && at < dimensions.size() && dimensions[at].key == r.dimension)
                return QString::number(shown + 1);
        }
        return {};
    }

private:
    const Protocol &m_protocol;
};

QString flag(bool on)
{
    return on ? QStringLiteral("1") : QStringLiteral("0");
}

/** The 1-based session of the turn at \a turnIndex; empty without sessions. */
QString sessionCell(const QVector<int> &sessions, int turnIndex)
{
    const int session = browse::sessionOf(sessions, turnIndex);
    return session > 0 ? QString::number(session) : QString();
}

/**
 * The turns table's rows of one conversation: every turn, with the assistant reply's number,
 * the participant's own ratings on it, the breaks detection finds and the participant flagged.
 */
QByteArray turnRows(const Store &store, qint64 id, const QString &prefix,
                    const QVector<RatingRecord> &records, qint64 selfId, const QString &condition,
                    const QVector<int> &sessions)
{
    const browse::ConversationTrajectory t = browse::conversationTrajectory(store, id, selfId);
    QHash<int, int> selfRatings; // turn index -> the participant's ratings on it
    for (const RatingRecord &r : records)
        if (r.turnIndex && r.annotator == QLatin1String("self"))
            ++selfRatings[*r.turnIndex];
    QByteArray rows;
    for (const Turn &turn : store.turns(id)) {
        const int reply = int(t.turnIndexes.indexOf(turn.index));
        QStringList detected;
        for (const auto &d : t.detected)
            if (d.reply == reply && reply >= 0)
                detected.append(continuity::ruleKey(d.detection.rule));
        const browse::ConversationTrajectory::Flag *flagged = nullptr;
        for (const auto &f : t.flagged)
            if (f.reply == reply && reply >= 0)
                flagged = &f;
        rows += QStringList {prefix,
                             QString::number(turn.index),
                             roleKey(turn.role),
                             reply >= 0 ? QString::number(reply + 1) : QString(),
                             QString::number(t.turnIds.size()),
                             QString::number(selfRatings.value(turn.index)),
                             detected.join(QLatin1Char(';')),
                             flag(flagged),
                             flagged ? flagged->reason : QString(),
                             flagged && flagged->refersToIndex
                                 ? QString::number(*flagged->refersToIndex)
                                 : QString(),
                             condition,
                             sessionCell(sessions, turn.index)}
                    .join(QLatin1Char(','))
                    .toUtf8();
        rows += '\n';
    }
    return rows;
}

void writeCsv(const Store &store, const QVector<qint64> &ids, const QString &path,
              const Progress &progress, Summary &summary)
{
    // Every answer a conversation's context or a participant's profile holds gets its column,
    // not only the forms' fields: an importer stores its own (ESConv's emotion_type).
    QVector<QJsonObject> contexts;
    QSet<qint64> selectedParticipants;
    for (const qint64 id : ids)
        if (const auto c = store.conversation(id)) {
            contexts.append(c->context);
            selectedParticipants.insert(c->participantId);
        }
    const QStringList contextKeys = answerKeys(store.protocol().context, contexts);
    QVector<Participant> participants;
    QVector<QJsonObject> profiles;
    for (const Participant &p : store.participants())
        if (selectedParticipants.contains(p.id)) {
            participants.append(p);
            profiles.append(p.profile);
        }
    const QStringList profileKeys = answerKeys(store.protocol().profile, profiles);

    Output out(path);
    Output turnsOut(turnsPath(path));
    Output people(participantsPath(path));
    out.write(headerLine(csvColumns(contextKeys)));
    turnsOut.write(headerLine(turnColumns()));
    QHash<qint64, QString> codes;
    for (const Participant &p : store.participants())
        codes.insert(p.id, p.code);
    const qint64 selfId = store.selfAnnotatorId();
    const Protocol protocol = store.protocol();
    const ShownPositions positions(protocol);
    QHash<qint64, int> conversationCount;
    qint64 done = 0;
    for (const qint64 id : ids) {
        const auto c = store.conversation(id);
        if (!c)
            continue;
        ++conversationCount[c->participantId];
        QStringList context;
        for (const QString &key : contextKeys)
            context.append(csvField(contextCell(c->context.value(key))));
        const QString contextCells = context.join(QLatin1Char(','));
        const QString prefix = QStringList {csvField(codes.value(c->participantId)), c->contentHash,
                                            csvField(c->agent)}
                                   .join(QLatin1Char(','));
        const QString condition = csvField(c->condition);
        const QVector<int> sessions = browse::sessionFirstTurns(store, id);
        QByteArray rows;
        // Turn ratings, with the rater's own continuity flag on the same turn, then
        // conversation ratings.
        const QVector<RatingRecord> records =
            store.ratingRecords(id, Store::RatingRecords::WithFlags);
        QHash<int, qint64> turnIds;
        for (const Turn &t : store.turns(id))
            turnIds.insert(t.index, t.id);
        for (const RatingRecord &r : records) {
            const bool turn = r.turnIndex.has_value();
            const QString row =
                QStringList {prefix,
                             turn ? QString::number(*r.turnIndex) : QString(),
                             r.role,
                             csvField(r.instrument),
                             csvField(r.dimension),
                             r.value ? QString::number(*r.value) : QString(),
                             csvField(r.annotator),
                             r.annotatorKind,
                             turn ? flag(r.flagged) : QString(),
                             r.flagReason,
                             flag(r.annotator == QLatin1String(retest::annotatorCode)),
                             positions.of(r, turn ? turnIds.value(*r.turnIndex) : 0),
                             condition,
                             turn ? sessionCell(sessions, *r.turnIndex) : QString(),
                             contextCells}
                    .join(QLatin1Char(','));
            rows += row.toUtf8();
            rows += '\n';
            ++summary.ratings;
        }
        out.write(rows);
        const QByteArray turns = turnRows(store, id, prefix, records, selfId, condition, sessions);
        summary.turns += turns.count('\n');
        turnsOut.write(turns);
        ++summary.conversations;
        if (++done % 64 == 0)
            report(progress, done, ids.size(), path);
    }
    report(progress, done, ids.size(), path);

    people.write(headerLine(participantColumns(profileKeys)));
    for (const Participant &p : std::as_const(participants)) {
        QStringList row {csvField(p.code), csvField(pseudonymOf(p)),
                         QString::number(conversationCount.value(p.id))};
        for (const QString &key : profileKeys)
            row.append(csvField(contextCell(p.profile.value(key))));
        people.write(row.join(QLatin1Char(',')).toUtf8() + '\n');
    }

    Output book(codebookPath(path));
    book.write(codebook(store, contextKeys, profileKeys).toUtf8());
    // All or nothing: the tables are committed together, after the last row.
    out.commit();
    turnsOut.commit();
    people.commit();
    book.commit();
    summary.files << path << turnsPath(path) << participantsPath(path) << codebookPath(path);
}

/** The data set's protocol as a bundle carries it, so that an import can tell compatible data. */
QJsonObject bundleProtocol(const Store &store)
{
    const Protocol p = store.protocol();
    return QJsonObject {
        {QStringLiteral("key"), p.key},
        {QStringLiteral("fingerprint"), p.fingerprint()},
        {QStringLiteral("definition"), QJsonDocument::fromJson(p.definition).object()}};
}

void writeJson(const Store &store, const QVector<qint64> &ids, const QString &path,
               const Options &options, Format format, const Progress &progress, Summary &summary)
{
    const redact::Redactor redactor(options.anonymise.terms);
    Source source(store, options.anonymise, &redactor);
    Output out(path);
    QSet<qint64> participants;
    if (format == Format::Bundle) {
        QJsonArray instruments;
        for (const Instrument &instrument : store.instruments())
            instruments.append(
                QJsonObject {{QStringLiteral("key"), instrument.key},
                             {QStringLiteral("definition"),
                              QJsonDocument::fromJson(instrument.definition).object()}});
        // Participants of the selected conversations, known before they are written.
        for (const qint64 id : ids)
            if (const auto c = store.conversation(id))
                participants.insert(c->participantId);
        QJsonArray people;
        QSet<QString> written;
        QList<qint64> sorted(participants.begin(), participants.end());
        std::sort(sorted.begin(), sorted.end());
        for (const qint64 p : sorted) {
            const QString code = source.code(p);
            if (written.contains(code))
                continue;
            written.insert(code);
            QJsonObject person {{QStringLiteral("code"), code},
                                {QStringLiteral("profile"), source.profile(p)}};
            // Who they are in their anonymised bundles: only a plain bundle says, and it names
            // the participant anyway.
            if (!options.anonymise.enabled)
                person.insert(QStringLiteral("pseudonym"), pseudonymOf(source.participant(p)));
            // The live conditions they were assigned, in the order met: study design, not
            // identity, so anonymised bundles carry it too.
            if (const auto assignment = store.assignment(p))
                person.insert(QStringLiteral("assignment"), live::toJson(*assignment));
            people.append(person);
        }
        const QJsonObject head {
            {QStringLiteral("format"), QStringLiteral("sense7-bundle")},
            {QStringLiteral("version"), 1},
            {QStringLiteral("exported_at"),
             QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {QStringLiteral("program"),
             QStringLiteral("Sense-7 Studio %1").arg(QStringLiteral(SENSE7_VERSION))},
            {QStringLiteral("anonymised"), options.anonymise.enabled},
            {QStringLiteral("ratings_only"),
             options.anonymise.enabled && options.anonymise.ratingsOnly},
            {QStringLiteral("instruments"), instruments},
            {QStringLiteral("protocol"), bundleProtocol(store)},
            {QStringLiteral("participants"), people}};
        QByteArray text = compact(head);
        text.chop(1); // the closing brace: the conversations follow
        out.write(text + ",\"conversations\":[\n");
    }
    qint64 done = 0;
    for (const qint64 id : ids) {
        QJsonObject c = source.conversation(id);
        summary.turns += c.value(QStringLiteral("turns")).toArray().size();
        summary.ratings += c.value(QStringLiteral("ratings")).toArray().size();
        if (format == Format::Jsonl)
            c.insert(QStringLiteral("profile"), source.profile(source.lastParticipant()));
        QByteArray line = compact(c);
        if (format == Format::Bundle && done + 1 < ids.size())
            line += ',';
        out.write(line + '\n');
        ++summary.conversations;
        if (++done % 64 == 0)
            report(progress, done, ids.size(), path);
    }
    report(progress, done, ids.size(), path);
    if (format == Format::Bundle)
        out.write("]}\n");
    out.commit();
    summary.redactions = source.redactions;
    summary.files << path;
}

} // namespace

QVector<qint64> selectConversations(const Store &store, const browse::Filter &filter)
{
    return browse::conversationIds(store, filter);
}

QString pseudonym(const Store &store, qint64 participantId)
{
    for (const Participant &p : store.participants())
        if (p.id == participantId)
            return pseudonymOf(p);
    return {};
}

QJsonObject conversationJson(const Store &store, qint64 conversationId, const Anonymise &anonymise,
                             const redact::Redactor *redactor, qint64 *redactions)
{
    const redact::Redactor own(anonymise.terms);
    Source source(store, anonymise, redactor ? redactor : &own);
    QJsonObject json = source.conversation(conversationId);
    if (redactions)
        *redactions += source.redactions;
    return json;
}

QStringList answerKeys(const Form &form, const QVector<QJsonObject> &stored)
{
    QStringList keys;
    for (const FormField &field : form.fields)
        keys.append(field.key);
    QStringList others;
    for (const QJsonObject &answers : stored)
        for (auto it = answers.begin(); it != answers.end(); ++it)
            if (!keys.contains(it.key()) && !others.contains(it.key()))
                others.append(it.key());
    std::sort(others.begin(), others.end());
    return keys + others;
}

namespace {

/**
 * \a columns and then \a keys, each named once: a key that is a column already gets \a prefix,
 * and a number after it if that is taken too ("context_participant", "context_participant_2").
 */
QStringList withUniqueColumns(QStringList columns, const QStringList &keys, const QString &prefix)
{
    for (const QString &key : keys) {
        QString name = key;
        if (columns.contains(name))
            name = prefix + key;
        for (int n = 2; columns.contains(name); ++n)
            name = prefix + key + QLatin1Char('_') + QString::number(n);
        columns.append(name);
    }
    return columns;
}

} // namespace

QStringList csvColumns(const QStringList &contextKeys)
{
    return withUniqueColumns(fixedRatingColumns(), contextKeys, QStringLiteral("context_"));
}

QStringList turnColumns()
{
    return {QStringLiteral("participant"),
            QStringLiteral("conversation_id"),
            QStringLiteral("agent"),
            QStringLiteral("turn_index"),
            QStringLiteral("role"),
            QStringLiteral("reply"),
            QStringLiteral("replies"),
            QStringLiteral("self_ratings"),
            QStringLiteral("detected_breaks"),
            QStringLiteral("flagged_break"),
            QStringLiteral("break_reason"),
            QStringLiteral("lost_turn"),
            QStringLiteral("condition"),
            QStringLiteral("session")};
}

QStringList participantColumns(const QStringList &profileKeys)
{
    return withUniqueColumns({QStringLiteral("participant"), QStringLiteral("pseudonym"),
                              QStringLiteral("conversations")},
                             profileKeys, QStringLiteral("profile_"));
}

QString codebookPath(const QString &csvPath)
{
    const QFileInfo info(csvPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".codebook.md"));
}

QString turnsPath(const QString &csvPath)
{
    const QFileInfo info(csvPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".turns.csv"));
}

QString participantsPath(const QString &csvPath)
{
    const QFileInfo info(csvPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".participants.csv"));
}

Summary write(const Store &store, Format format, const QString &path, const Options &options,
              const Progress &progress)
{
    const QVector<qint64> ids = selectConversations(store, options.filter);
    Summary summary;
    report(progress, 0, ids.size(), path);
    if (format == Format::Csv)
        writeCsv(store, ids, path, progress, summary);
    else
        writeJson(store, ids, path, options, format, progress, summary);
    return summary;
}

} // namespace sense7::exporter
