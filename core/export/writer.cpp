#include "writer.h"

#include "browse/page.h"
#include "csvfield.h"
#include "forms.h"
#include "identity.h"
#include "store.h"

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
        for (auto it = object.begin(); it != object.end(); ++it)
            result.insert(it.key(),
                          dropText && it.key() == QLatin1String("text")
                              ? QJsonValue(QString())
                              : redactValue(it.value(), redactor, dropText, count));
        return result;
    }
    return value;
}

/** The participant's pseudonym: the one their data came with, or this data set's for them. */
QString pseudonymOf(const Participant &p)
{
    return p.pseudonym.isEmpty() ? identity::pseudonym(p.code, p.createdAt) : p.pseudonym;
}

/** \a records as bundle ratings. */
QJsonArray ratingsJson(const QVector<RatingRecord> &records)
{
    QJsonArray ratings;
    for (const RatingRecord &r : records)
        ratings.append(QJsonObject {
            {QStringLiteral("turn"), valueJson(r.turnIndex)},
            {QStringLiteral("dimension"), QString(r.instrument + QLatin1Char('/') + r.dimension)},
            {QStringLiteral("annotator"), r.annotator},
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
        for (const Participant &p : store.participants()) {
            m_participants.insert(p.id, p);
            m_codes.insert(p.id,
                           !anonymise.enabled                        ? p.code
                               : anonymise.participantCode.isEmpty() ? pseudonymOf(p)
                                                                     : anonymise.participantCode);
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
                      {QStringLiteral("source_format"), c.sourceFormat},
                      {QStringLiteral("source_id"), c.sourceId},
                      {QStringLiteral("agent"), c.agent},
                      {QStringLiteral("title"), text(c.title, true)},
                      {QStringLiteral("started_at"), iso(c.startedAt)},
                      {QStringLiteral("context"), object(c.context, false)}};
    // An anonymised conversation carries only the stand-in for its content hash; a plain one
    // carries both, so that whoever merges either form recognises the other (identity.h).
    const QString anonymisedHash =
        c.anonymisedHash.isEmpty() ? identity::anonymisedHash(c.contentHash) : c.anonymisedHash;
    json.insert(QStringLiteral("content_hash"), anonymous ? anonymisedHash : c.contentHash);
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

    json.insert(QStringLiteral("ratings"), ratingsJson(m_store.ratingRecords(id)));

    QJsonArray flags;
    for (const FlagRecord &f : m_store.flagRecords(id))
        flags.append(QJsonObject {{QStringLiteral("turn"), f.turnIndex},
                                  {QStringLiteral("annotator"), f.annotator},
                                  {QStringLiteral("annotator_kind"), f.annotatorKind},
                                  {QStringLiteral("reason"), f.reason},
                                  {QStringLiteral("refers_to"), valueJson(f.refersToIndex)},
                                  {QStringLiteral("note"), text(f.note, false)}});
    json.insert(QStringLiteral("flags"), flags);

    QJsonArray notes;
    for (const NoteRecord &n : m_store.noteRecords(id))
        notes.append(QJsonObject {{QStringLiteral("turn"), n.turnIndex},
                                  {QStringLiteral("annotator"), n.annotator},
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
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
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

void writeCsv(const Store &store, const QVector<qint64> &ids, const QString &path,
              const Progress &progress, Summary &summary)
{
    Output out(path);
    const Form form = forms::context();
    QStringList header = csvColumns();
    out.write(header.join(QLatin1Char(',')).toUtf8() + '\n');
    QHash<qint64, QString> codes;
    for (const Participant &p : store.participants())
        codes.insert(p.id, p.code);
    qint64 done = 0;
    for (const qint64 id : ids) {
        const auto c = store.conversation(id);
        if (!c)
            continue;
        QStringList context;
        for (const FormField &field : form.fields)
            context.append(csvField(contextCell(c->context.value(field.key))));
        const QString contextCells = context.join(QLatin1Char(','));
        const QString prefix = QStringList {csvField(codes.value(c->participantId)), c->contentHash,
                                            csvField(c->agent)}
                                   .join(QLatin1Char(','));
        QByteArray rows;
        // Turn ratings, with the rater's own continuity flag on the same turn, then
        // conversation ratings.
        for (const RatingRecord &r : store.ratingRecords(id, Store::RatingRecords::WithFlags)) {
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
                             turn ? (r.flagged ? QStringLiteral("1") : QStringLiteral("0"))
                                  : QString(),
                             r.flagReason,
                             contextCells}
                    .join(QLatin1Char(','));
            rows += row.toUtf8();
            rows += '\n';
            ++summary.ratings;
        }
        out.write(rows);
        ++summary.conversations;
        if (++done % 64 == 0)
            report(progress, done, ids.size(), path);
    }
    report(progress, done, ids.size(), path);
    out.commit();
    summary.files << path;

    Output book(codebookPath(path));
    book.write(codebook(store).toUtf8());
    book.commit();
    summary.files << codebookPath(path);
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

QStringList csvColumns()
{
    QStringList columns {QStringLiteral("participant"),   QStringLiteral("conversation_id"),
                         QStringLiteral("agent"),         QStringLiteral("turn_index"),
                         QStringLiteral("role"),          QStringLiteral("instrument"),
                         QStringLiteral("dimension"),     QStringLiteral("value"),
                         QStringLiteral("annotator"),     QStringLiteral("annotator_kind"),
                         QStringLiteral("flagged_break"), QStringLiteral("break_reason")};
    for (const FormField &field : forms::context().fields)
        columns.append(columns.contains(field.key) ? QStringLiteral("context_") + field.key
                                                   : field.key);
    return columns;
}

QString codebookPath(const QString &csvPath)
{
    const QFileInfo info(csvPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".codebook.md"));
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
