// Conversations as a CSV or TSV table in long format: one row a message, with
// conversation_id, role and text, and optionally turn_index, timestamp, participant and agent
// (common header spellings are accepted). Also the ratings table, which attaches ratings to turns
// or conversations already in the data set: conversation_id, dimension, value, and optionally
// turn_index (empty, or no such column, for a rating of the whole conversation), instrument,
// annotator and annotator_kind.

#include "csvreader.h"
#include "error.h"
#include "imported.h"
#include "importer.h"
#include "input.h"
#include "readers.h"
#include "times.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QIODevice>
#include <QSet>

#include <map>

namespace sense7::import {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

const QHash<QString, QStringList> &aliases()
{
    static const QHash<QString, QStringList> table {
        {QStringLiteral("conversation_id"),
         {QStringLiteral("conversation_id"), QStringLiteral("conversation"),
          QStringLiteral("conv_id"), QStringLiteral("dialog_id"), QStringLiteral("dialogue_id"),
          QStringLiteral("thread_id"), QStringLiteral("session_id"), QStringLiteral("chat_id")}},
        {QStringLiteral("role"),
         {QStringLiteral("role"), QStringLiteral("speaker"), QStringLiteral("author"),
          QStringLiteral("sender"), QStringLiteral("from")}},
        {QStringLiteral("text"),
         {QStringLiteral("text"), QStringLiteral("content"), QStringLiteral("message"),
          QStringLiteral("value"), QStringLiteral("utterance"), QStringLiteral("body")}},
        {QStringLiteral("turn_index"),
         {QStringLiteral("turn_index"), QStringLiteral("turn"), QStringLiteral("index"),
          QStringLiteral("idx"), QStringLiteral("position"), QStringLiteral("turn_id")}},
        {QStringLiteral("timestamp"),
         {QStringLiteral("timestamp"), QStringLiteral("time"), QStringLiteral("created_at"),
          QStringLiteral("date"), QStringLiteral("datetime")}},
        {QStringLiteral("participant"),
         {QStringLiteral("participant"), QStringLiteral("participant_id"),
          QStringLiteral("participant_code"), QStringLiteral("user_id")}},
        {QStringLiteral("agent"),
         {QStringLiteral("agent"), QStringLiteral("model"), QStringLiteral("assistant")}},
        {QStringLiteral("dimension"), {QStringLiteral("dimension"), QStringLiteral("item")}},
        {QStringLiteral("instrument"), {QStringLiteral("instrument")}},
        {QStringLiteral("rating_value"),
         {QStringLiteral("value"), QStringLiteral("rating"), QStringLiteral("score")}},
        {QStringLiteral("annotator"), {QStringLiteral("annotator"), QStringLiteral("rater")}},
        {QStringLiteral("annotator_kind"),
         {QStringLiteral("annotator_kind"), QStringLiteral("rater_kind"), QStringLiteral("kind")}},
    };
    return table;
}

QString normalise(const QString &header)
{
    return header.trimmed()
        .toLower()
        .replace(QLatin1Char(' '), QLatin1Char('_'))
        .replace(QLatin1Char('-'), QLatin1Char('_'));
}

/** Column of each known field in \a header (-1 when absent). */
QHash<QString, int> columnsOf(const QStringList &header)
{
    QHash<QString, int> columns;
    for (auto it = aliases().begin(); it != aliases().end(); ++it) {
        columns.insert(it.key(), -1);
        for (const QString &alias : it.value()) {
            const int column = int(header.indexOf(alias));
            if (column >= 0) {
                columns[it.key()] = column;
                break;
            }
        }
    }
    return columns;
}

/** The header's names, normalised; as written into \a written when given. */
QStringList readHeader(CsvReader &csv, const QString &source, QStringList *written = nullptr)
{
    QStringList header;
    if (!csv.next(header))
        throw Error(tr("%1: the file is empty.").arg(source));
    if (written)
        *written = header;
    for (QString &h : header)
        h = normalise(h);
    return header;
}

struct Column
{
    const char *key; // in aliases()
    const char *name; // as the user writes it
};

/** Throws, naming the file, when \a header lacks one of \a required. */
void requireColumns(const QString &source, const QStringList &header,
                    const QHash<QString, int> &col, std::initializer_list<Column> required)
{
    for (const Column &c : required) {
        if (col.value(QString::fromLatin1(c.key)) < 0)
            throw Error(
                tr("%1: line 1: the header has no \"%2\" column (found: %3).")
                    .arg(source, QString::fromLatin1(c.name), header.join(QStringLiteral(", "))));
    }
}

/** "file: line N" for the record just read; throws when its width differs from the header's. */
QString checkedRecord(const CsvReader &csv, const QString &source, const QStringList &fields,
                      const QStringList &header)
{
    QString where = tr("%1: line %2").arg(source, QString::number(csv.line()));
    if (fields.size() != header.size())
        throw Error(
            tr("%1: %2 fields where the header has %3.")
                .arg(where, QString::number(fields.size()), QString::number(header.size())));
    return where;
}

char separatorOf(QIODevice &in)
{
    return CsvReader::guessSeparator(in.peek(4096).split('\n').value(0));
}

std::optional<Role> roleFromValue(const QString &value)
{
    static const QHash<QString, Role> roles {
        {QStringLiteral("user"), Role::User},        {QStringLiteral("human"), Role::User},
        {QStringLiteral("seeker"), Role::User},      {QStringLiteral("customer"), Role::User},
        {QStringLiteral("participant"), Role::User}, {QStringLiteral("assistant"), Role::Assistant},
        {QStringLiteral("gpt"), Role::Assistant},    {QStringLiteral("ai"), Role::Assistant},
        {QStringLiteral("bot"), Role::Assistant},    {QStringLiteral("model"), Role::Assistant},
        {QStringLiteral("agent"), Role::Assistant},  {QStringLiteral("supporter"), Role::Assistant},
        {QStringLiteral("system"), Role::System},    {QStringLiteral("tool"), Role::Tool},
        {QStringLiteral("function"), Role::Tool},
    };
    const auto it = roles.find(value.trimmed().toLower());
    if (it == roles.end())
        return std::nullopt;
    return *it;
}

struct Row
{
    qint64 order = 0;
    std::optional<qint64> index;
    Turn turn;
};

} // namespace

void readCsvLong(QIODevice &in, const QString &source, ImportSink &sink)
{
    CsvReader csv(in, source, separatorOf(in));
    QStringList written;
    const QStringList header = readHeader(csv, source, &written);
    const QHash<QString, int> col = columnsOf(header);
    requireColumns(source, header, col,
                   {{"conversation_id", "conversation_id"}, {"role", "role"}, {"text", "text"}});
    // Columns of the file's own (a mood, a score, a second text): kept in the turn's meta under
    // their header as written, a header given twice with its place ("Note (5)").
    QVector<std::pair<int, QString>> extra;
    {
        QSet<int> known;
        for (const char *field :
             {"conversation_id", "role", "text", "turn_index", "timestamp", "participant", "agent"})
            known.insert(col.value(QLatin1String(field)));
        for (int c = 0; c < header.size(); ++c) {
            if (known.contains(c))
                continue;
            const QString name = written[c].trimmed();
            const bool twice = header.count(header[c]) > 1;
            extra.append(
                {c, twice ? QStringLiteral("%1 (%2)").arg(name, QString::number(c + 1)) : name});
        }
    }

    // Rows of a conversation need not be next to each other; the file's order is kept.
    struct Pending
    {
        QString participant;
        QString agent;
        qint64 firstLine = 0;
        QVector<Row> rows;
        QHash<qint64, qint64> lineOfIndex; // turn index -> the line that gave it
    };
    std::map<qint64, QString> order; // first line -> conversation id
    QHash<QString, Pending> conversations;
    QStringList fields;
    qint64 rowCount = 0;
    while (!sink.cancelled() && csv.next(fields)) {
        const QString where = checkedRecord(csv, source, fields, header);
        const QString id = fields[col[QStringLiteral("conversation_id")]].trimmed();
        if (id.isEmpty())
            throw Error(tr("%1: the conversation id is empty.").arg(where));
        const auto role = roleFromValue(fields[col[QStringLiteral("role")]]);
        if (!role)
            throw Error(tr("%1: the role \"%2\" is not user, assistant, system or tool.")
                            .arg(where, fields[col[QStringLiteral("role")]]));
        Row row;
        row.order = ++rowCount;
        row.turn.role = *role;
        row.turn.text = fields[col[QStringLiteral("text")]];
        for (const auto &[c, name] : std::as_const(extra))
            if (!fields[c].isEmpty())
                row.turn.meta.insert(name, fields[c]);
        if (const int c = col[QStringLiteral("turn_index")];
            c >= 0 && !fields[c].trimmed().isEmpty()) {
            bool ok = false;
            row.index = fields[c].trimmed().toLongLong(&ok);
            if (!ok)
                throw Error(
                    tr("%1: the turn index \"%2\" is not a whole number.").arg(where, fields[c]));
        }
        if (const int c = col[QStringLiteral("timestamp")];
            c >= 0 && !fields[c].trimmed().isEmpty()) {
            // Without a zone: the time where the file was written, taken to be here.
            row.turn.createdAt = fromTimeText(fields[c].toStdString(), Qt::LocalTime);
            if (!row.turn.createdAt.isValid() && fromTimeText(fields[c].toStdString()).isValid())
                throw Error(tr("%1: the timestamp \"%2\" names no time here: the clocks went "
                               "forward past it. Give its zone (\"2024-03-10T02:30:00-05:00\").")
                                .arg(where, fields[c]));
            if (!row.turn.createdAt.isValid())
                throw Error(tr("%1: the timestamp \"%2\" is not a date and time (ISO 8601, or a "
                               "count of seconds, or of milliseconds, since 1970).")
                                .arg(where, fields[c]));
        }
        Pending &pending = conversations[id];
        if (row.index) {
            if (const qint64 first = pending.lineOfIndex.value(*row.index); first > 0)
                throw Error(
                    tr("%1: conversation \"%2\" has turn %3 twice (first on line %4).")
                        .arg(where, id, QString::number(*row.index), QString::number(first)));
            pending.lineOfIndex.insert(*row.index, csv.line());
        }
        if (pending.rows.isEmpty()) {
            pending.firstLine = csv.line();
            order.emplace(csv.line(), id);
        }
        if (const int c = col[QStringLiteral("participant")];
            c >= 0 && !fields[c].trimmed().isEmpty())
            pending.participant = fields[c].trimmed();
        if (const int c = col[QStringLiteral("agent")]; c >= 0 && !fields[c].trimmed().isEmpty())
            pending.agent = fields[c].trimmed();
        pending.rows.append(row);
        sink.progress(csv.bytesRead());
    }

    for (const auto &[line, id] : order) {
        if (sink.cancelled())
            return;
        Pending &pending = conversations[id];
        std::stable_sort(pending.rows.begin(), pending.rows.end(), [](const Row &a, const Row &b) {
            return a.index.value_or(a.order) < b.index.value_or(b.order);
        });
        ImportedConversation c;
        c.where = tr("%1: conversation \"%2\" (line %3)").arg(source, id, QString::number(line));
        c.participant = pending.participant;
        c.conversation.sourceFormat = QStringLiteral("csv");
        c.conversation.sourceId = id;
        c.conversation.agent = pending.agent;
        for (Row &row : pending.rows)
            c.turns.append(std::move(row.turn));
        c.conversation.startedAt = c.turns.constFirst().createdAt;
        for (const Turn &t : std::as_const(c.turns)) {
            if (t.role == Role::User) {
                c.conversation.title = t.text.left(60).simplified();
                break;
            }
        }
        sink.conversation(std::move(c));
    }
}

void readRatingsCsv(QIODevice &in, const QString &source, ImportSink &sink)
{
    CsvReader csv(in, source, separatorOf(in));
    const QStringList header = readHeader(csv, source);
    const QHash<QString, int> col = columnsOf(header);
    requireColumns(source, header, col,
                   {{"conversation_id", "conversation_id"},
                    {"dimension", "dimension"},
                    {"rating_value", "value"}});
    QHash<QString, qint64> lineOfRating; // conversation, turn, dimension, annotator -> line
    QStringList fields;
    while (!sink.cancelled() && csv.next(fields)) {
        const QString where = checkedRecord(csv, source, fields, header);
        ExternalRating r;
        r.where = where;
        r.conversation = fields[col[QStringLiteral("conversation_id")]].trimmed();
        // An empty turn index, or none: a rating of the whole conversation.
        const int turnColumn = col[QStringLiteral("turn_index")];
        if (const QString index = turnColumn >= 0 ? fields[turnColumn].trimmed() : QString();
            !index.isEmpty()) {
            bool ok = false;
            r.turnIndex = index.toInt(&ok);
            if (!ok || r.turnIndex < 0)
                throw Error(tr("%1: the turn index \"%2\" is not a whole number.")
                                .arg(where, fields[turnColumn]));
        }
        // The instrument: its own column, or written before the key ("sense7/warmth").
        r.dimension = fields[col[QStringLiteral("dimension")]].trimmed();
        if (const int c = col[QStringLiteral("instrument")]; c >= 0)
            r.instrument = fields[c].trimmed();
        if (const qsizetype slash = r.dimension.indexOf(QLatin1Char('/')); slash >= 0) {
            const QString named = r.dimension.left(slash);
            if (!r.instrument.isEmpty() && r.instrument != named)
                throw Error(tr("%1: the dimension \"%2\" names instrument \"%3\", but the "
                               "instrument column says \"%4\".")
                                .arg(where, r.dimension, named, r.instrument));
            r.instrument = named;
            r.dimension = r.dimension.mid(slash + 1);
        }
        if (r.dimension.isEmpty())
            throw Error(tr("%1: the dimension is empty.").arg(where));
        const QString value = fields[col[QStringLiteral("rating_value")]].trimmed();
        bool ok = false;
        if (!value.isEmpty() && value.compare(QLatin1String("NA"), Qt::CaseInsensitive) != 0
            && value.compare(QLatin1String("n/a"), Qt::CaseInsensitive) != 0) {
            r.value = value.toInt(&ok);
            if (!ok)
                throw Error(tr("%1: the value \"%2\" is not a whole number (leave it empty or "
                               "write NA for \"not applicable\").")
                                .arg(where, value));
        }
        // No annotator: the import's option names one (the writer checks); never "self" by
        // default, so that a file of predictions cannot pass for the participants' own ratings.
        const int annotatorColumn = col[QStringLiteral("annotator")];
        r.annotator = annotatorColumn >= 0 ? fields[annotatorColumn].trimmed() : QString();
        const int kindColumn = col[QStringLiteral("annotator_kind")];
        const QString kind = kindColumn >= 0 ? fields[kindColumn].trimmed().toLower() : QString();
        if (!kind.isEmpty()) {
            const auto parsed = annotatorKindFromKey(kind);
            if (!parsed)
                throw Error(tr("%1: the annotator kind \"%2\" is not self, observer or model.")
                                .arg(where, kind));
            r.kind = *parsed;
        }
        r.line = csv.line();
        const QString key = QStringList {r.conversation, QString::number(r.turnIndex), r.instrument,
                                         r.dimension, r.annotator}
                                .join(QChar(0x1f));
        if (const qint64 first = lineOfRating.value(key); first > 0) {
            const QString dimension = r.instrument.isEmpty()
                ? r.dimension
                : QStringLiteral("%1/%2").arg(r.instrument, r.dimension);
            const QString rater =
                r.annotator.isEmpty() ? tr("the import's annotator") : r.annotator;
            const QString firstLine = QString::number(first);
            throw Error(r.turnIndex >= 0
                            ? tr("%1: a second rating of turn %2 of conversation \"%3\" on \"%4\" "
                                 "by %5 (the first is on line %6).")
                                  .arg(where, QString::number(r.turnIndex), r.conversation,
                                       dimension, rater, firstLine)
                            : tr("%1: a second rating of conversation \"%2\" as a whole on "
                                 "\"%3\" by %4 (the first is on line %5).")
                                  .arg(where, r.conversation, dimension, rater, firstLine));
        }
        lineOfRating.insert(key, csv.line());
        sink.rating(std::move(r));
        sink.progress(csv.bytesRead());
    }
}

bool needsAnnotator(const QString &path, const QString &format)
{
    try {
        if ((format.isEmpty() ? detectFormat(path) : format) != QLatin1String("ratings-csv"))
            return false;
        Input input = openInput(path);
        CsvReader csv(*input.device, input.name, separatorOf(*input.device));
        const QStringList header = readHeader(csv, input.name);
        return columnsOf(header).value(QStringLiteral("annotator")) < 0;
    } catch (const Error &) {
        return false; // the import itself reports the file
    }
}

} // namespace sense7::import
