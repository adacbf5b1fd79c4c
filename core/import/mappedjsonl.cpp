// JSON Lines corpora with a conversation a line in chat-API shape under some key, and fields
// of their own: WildChat ({"conversation_hash", "model", "timestamp", "conversation": [{"role",
// "content", "language", "toxic", ...}], "language", "openai_moderation", ...}), LMSYS-Chat-1M
// ({"conversation_id", "model", "conversation", "turn", "language", ...}), PRISM
// ({"conversation_id", "user_id", "conversation_history": [{"turn", "role": "user"|"model",
// "content", "model_name", "score", "if_chosen", "within_turn_id"}], ...}). Options::map says
// which field holds what; what is not mapped is kept: a message's other fields in its turn's
// meta, the line's other fields in the conversation's provenance ("record").

#include "imported.h"
#include "importer.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"

#include <QIODevice>
#include <QJsonArray>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <new>
#include <simdjson.h>

namespace sense7::import {

std::optional<Role> roleFromSpeaker(const QString &speaker); // sharegpt.cpp

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

/** What both readings say of a line or a turn that is not as the mapping expects. */
Error notAConversation(const QString &where)
{
    return Error(tr("%1: expected an object (a conversation).").arg(where));
}

Error noTurns(const QString &where, const QStringList &turnKeys)
{
    return Error(tr("%1: no list of turns (\"%2\"); name it with --map turns=FIELD.")
                     .arg(where, turnKeys.join(QStringLiteral("\", \""))));
}

Error turnNotAnObject(const QString &where, int position)
{
    return Error(tr("%1: turn %2 is not an object.").arg(where, QString::number(position)));
}

Error unknownRole(const QString &where, int position, const QString &role)
{
    return Error(tr("%1: turn %2 has role \"%3\"; expected user, assistant (or model, "
                    "gpt, bot), system or tool; name the field with --map role=FIELD.")
                     .arg(where, QString::number(position), role));
}

Error contentNotText(const QString &where, int position, const QString &field)
{
    return Error(tr("%1: turn %2: \"%3\" must be text or a list of parts.")
                     .arg(where, QString::number(position), field));
}

/**
 * A message with none of the fields its text may be in (not even as null), and no tool call: a
 * mapping that names a field the file does not have would otherwise import every turn empty.
 */
Error noText(const QString &where, int position, const QStringList &fields)
{
    return Error(tr("%1: turn %2 has no text field (%3); name the field with --map text=FIELD.")
                     .arg(where, QString::number(position), fields.join(QStringLiteral(", "))));
}

/** A conversation without a title takes its first user message's start, else its first turn's. */
void giveTitle(ImportedConversation &c)
{
    for (const Turn &t : std::as_const(c.turns)) {
        if (c.conversation.title.isEmpty() && t.role == Role::User)
            c.conversation.title = t.text.left(60).simplified();
    }
    if (c.conversation.title.isEmpty())
        c.conversation.title = c.turns.constFirst().text.left(60).simplified();
}

QString textOf(const Json &content)
{
    if (content.is_string())
        return qs(content.get_ref<const std::string &>());
    if (content.is_array()) {
        QStringList pieces;
        for (const Json &part : content) {
            if (part.is_string())
                pieces << qs(part.get<std::string>());
            else if (child(part, "text").is_string())
                pieces << stringAt(part, "text");
            else if (stringAt(part, "type").contains(QLatin1String("image")))
                pieces << QStringLiteral("[image]");
        }
        return pieces.join(QLatin1Char('\n'));
    }
    return {};
}

/** Whether a candidate is marked chosen: true or false, 1 or 0, "true" or "false"; nullopt
 * when the value says neither (null, absent). */
std::optional<bool> chosenOf(const Json &value)
{
    if (value.is_boolean())
        return value.get<bool>();
    if (value.is_number())
        return value.get<double>() != 0;
    const QString text = value.is_string() ? qs(value.get<std::string>()).trimmed() : QString();
    if (text.compare(QLatin1String("true"), Qt::CaseInsensitive) == 0)
        return true;
    if (text.compare(QLatin1String("false"), Qt::CaseInsensitive) == 0)
        return false;
    return std::nullopt;
}

struct Mapping
{
    QStringList turns {QStringLiteral("messages"), QStringLiteral("conversation"),
                       QStringLiteral("conversation_history")};
    QStringList role {QStringLiteral("role"), QStringLiteral("from")};
    QStringList text {QStringLiteral("content"), QStringLiteral("value"), QStringLiteral("text")};
    QStringList agent {QStringLiteral("model"), QStringLiteral("model_name")};
    QStringList id {QStringLiteral("id"), QStringLiteral("conversation_id"),
                    QStringLiteral("conversation_hash")};
    QStringList title {QStringLiteral("title")};
    QStringList time {QStringLiteral("timestamp"), QStringLiteral("generated_datetime"),
                      QStringLiteral("created_at")};
    QString score; // only when mapped
    QString chosen; // only when mapped
};

/** The first of \a keys that \a object has (not null), or an empty string. */
std::string firstKey(const Json &object, const QStringList &keys)
{
    for (const QString &k : keys) {
        std::string key = k.toStdString();
        if (object.is_object() && object.contains(key) && !object.at(key).is_null())
            return key;
    }
    return {};
}

struct Read
{
    Turn turn;
    int position = 0;
    std::optional<bool> chosen; // the mapped "chosen" field, when the message has it
    Json score; // the mapped "score" field; null when absent
};

std::optional<Role> roleOf(const QString &name)
{
    if (const auto r = roleFromKey(name.trimmed().toLower()))
        return r;
    return roleFromSpeaker(name);
}
Mapping mappingOf(const Options &options)
{
    Mapping m;
    for (auto it = options.map.cbegin(); it != options.map.cend(); ++it) {
        const QString value = it.value().trimmed();
        if (value.isEmpty())
            throw Error(tr("--map %1: name the field, e.g. --map %1=FIELD.").arg(it.key()));
        if (it.key() == QLatin1String("turns"))
            m.turns = {value};
        else if (it.key() == QLatin1String("role"))
            m.role = {value};
        else if (it.key() == QLatin1String("text"))
            m.text = {value};
        else if (it.key() == QLatin1String("agent"))
            m.agent = {value};
        else if (it.key() == QLatin1String("id"))
            m.id = {value};
        else if (it.key() == QLatin1String("title"))
            m.title = {value};
        else if (it.key() == QLatin1String("time"))
            m.time = {value};
        else if (it.key() == QLatin1String("score"))
            m.score = value;
        else if (it.key() == QLatin1String("chosen"))
            m.chosen = value;
        else
            throw Error(tr("--map: \"%1\" is not one of %2.")
                            .arg(it.key(), mapKeys().join(QStringLiteral(", "))));
    }
    if (!m.score.isEmpty() && options.scoreDimension.isEmpty())
        throw Error(tr("--map score=%1 needs --score-dimension INSTRUMENT/DIMENSION: the "
                       "dimension the scores rate.")
                        .arg(m.score));

    return m;
}

/** One line, parsed with nlohmann_json: the reference reading, for what the fast one leaves. */
void readEntry(const Json &entry, const QString &where, qint64 lineNumber, qint64 bytes,
               const Mapping &m, ImportSink &sink, const Options &options)
{
    // Before anything of it is copied or written out (both recurse): a line nested deeper than
    // a data set keeps (readerutil.h), which the fast reading never takes.
    refuseDeeperThan(entry, maxKeptDepth, where);
    if (!entry.is_object())
        throw notAConversation(where);
    const std::string turnsKey = firstKey(entry, m.turns);
    if (turnsKey.empty() || !entry.at(turnsKey).is_array())
        throw noTurns(where, m.turns);
    const Json &messages = entry.at(turnsKey);

    ImportedConversation c;
    c.where = where;
    c.conversation.sourceFormat = QStringLiteral("jsonl");
    const std::string idKey = firstKey(entry, m.id);
    if (!idKey.empty()) {
        const Json &id = entry.at(idKey);
        c.conversation.sourceId = id.is_string() ? qs(id.get<std::string>()) : qs(id.dump());
    }
    if (c.conversation.sourceId.isEmpty()) {
        c.conversation.sourceId = QStringLiteral("line-%1").arg(lineNumber);
        c.sourceIdMade = true;
    }
    const std::string agentKey = firstKey(entry, m.agent);
    if (!agentKey.empty())
        c.conversation.agent = stringAt(entry, agentKey.c_str());
    const std::string titleKey = firstKey(entry, m.title);
    if (!titleKey.empty())
        c.conversation.title = stringAt(entry, titleKey.c_str());
    const std::string timeKey = firstKey(entry, m.time);
    if (!timeKey.empty())
        c.conversation.startedAt =
            timeOf(entry.at(timeKey), c, [&]() -> const QString & { return where; });

    // What the mapping does not use stays with the conversation.
    Json record = Json::object();
    for (const auto &[key, value] : entry.items()) {
        if (key != turnsKey && key != idKey && key != agentKey && key != titleKey)
            record[key] = value;
    }
    if (!record.empty())
        c.conversation.provenance.insert(QStringLiteral("record"), toQt(record, where));

    std::vector<Read> all;
    int position = 0;
    for (const Json &message : messages) {
        ++position;
        if (!message.is_object())
            throw turnNotAnObject(where, position);
        const std::string roleKey = firstKey(message, m.role);
        const QString roleName = roleKey.empty() ? QString() : stringAt(message, roleKey.c_str());
        const auto role = roleOf(roleName);
        if (!role)
            throw unknownRole(where, position, roleName);
        const std::string textKey = firstKey(message, m.text);
        if (textKey.empty() && !message.contains("tool_calls") && !message.contains("function_call")
            && std::none_of(m.text.cbegin(), m.text.cend(), [&](const QString &key) {
                   return message.contains(key.toStdString());
               }))
            throw noText(where, position, m.text);
        const Json &content = textKey.empty() ? Json() : message.at(textKey);
        if (!content.is_string() && !content.is_array() && !content.is_null())
            throw contentNotText(where, position, qs(textKey));
        Turn turn;
        turn.role = *role;
        turn.text = textOf(content);
        Json extra = Json::object();
        for (const auto &[key, value] : message.items()) {
            if (key != roleKey && key != textKey)
                extra[key] = value;
        }
        if (!extra.empty())
            turn.meta = toQt(extra, tr("%1, turn %2").arg(where, QString::number(position)));
        if (message.contains("timestamp"))
            turn.createdAt = timeOf(message.at("timestamp"), c, [&] {
                return tr("%1, turn %2").arg(where, QString::number(position));
            });

        Read read;
        read.turn = std::move(turn);
        read.position = position;
        if (!m.chosen.isEmpty() && message.contains(m.chosen.toStdString()))
            read.chosen = chosenOf(message.at(m.chosen.toStdString()));
        if (!m.score.isEmpty() && message.contains(m.score.toStdString()))
            read.score = message.at(m.score.toStdString());
        all.push_back(std::move(read));
    }
    // Several candidate replies in a row, one chosen (PRISM): the chosen one is the turn,
    // the others its alternatives.
    for (std::size_t i = 0; i < all.size();) {
        std::size_t end = i + 1;
        if (all[i].chosen && all[i].turn.role == Role::Assistant) {
            while (end < all.size() && all[end].chosen && all[end].turn.role == all[i].turn.role)
                ++end;
        }
        std::size_t kept = i; // the first candidate, unless another is chosen
        int chosen = 0;
        for (std::size_t k = i; k < end; ++k) {
            if (all[k].chosen.value_or(false) && chosen++ == 0)
                kept = k;
        }
        if (end - i > 1 && chosen != 1) // each candidate stays, as the turn or an alternative
            c.notices << (chosen == 0
                              ? tr("%1: turns %2 to %3 are candidate replies and none is chosen: "
                                   "the first is kept as the turn, the others as its "
                                   "alternatives.")
                                    .arg(where, QString::number(all[i].position),
                                         QString::number(all[end - 1].position))
                              : tr("%1: turns %2 to %3 are candidate replies and %4 are chosen: "
                                   "the first chosen is kept as the turn, the others as its "
                                   "alternatives.")
                                    .arg(where, QString::number(all[i].position),
                                         QString::number(all[end - 1].position),
                                         QString::number(chosen)));
        Read &r = all[kept];
        // What the mapping used: the turn itself (a field it did not understand stays) and its
        // rating.
        if (r.turn.role == Role::Assistant && (end - i > 1 || r.chosen.value_or(false)))
            r.turn.meta.remove(m.chosen);
        if (!r.score.is_null())
            r.turn.meta.remove(m.score);
        QJsonArray alternatives;
        for (std::size_t k = i; k < end; ++k) {
            if (k != kept)
                alternatives.append(QJsonObject {{QStringLiteral("text"), all[k].turn.text},
                                                 {QStringLiteral("meta"), all[k].turn.meta}});
        }
        if (!alternatives.isEmpty()) {
            r.turn.meta.insert(QStringLiteral("alternatives"), alternatives);
            r.turn.meta.insert(QStringLiteral("branch"), QStringLiteral("candidates"));
        }
        if (!r.score.is_null()) {
            const double v = r.score.is_number() ? r.score.get<double>() : 0.5;
            if (!r.score.is_number() || std::floor(v) != v || std::abs(v) > 1e9)
                throw Error(tr("%1: turn %2: the score %3 is not a whole number.")
                                .arg(where, QString::number(r.position), qs(r.score.dump())));
            ImportedRating rating;
            rating.turnIndex = int(c.turns.size());
            rating.dimension = options.scoreDimension;
            rating.value = int(v);
            c.ratings.append(rating);
        }
        c.turns.append(std::move(r.turn));
        i = end;
    }
    if (c.turns.isEmpty()) {
        sink.warning(tr("%1 has no turns and was skipped.").arg(where));
        return;
    }
    for (const Turn &t : std::as_const(c.turns)) {
        if (c.conversation.agent.isEmpty() && t.role == Role::Assistant)
            c.conversation.agent = t.meta.value(QStringLiteral("model_name")).toString();
    }
    giveTitle(c);
    sink.progress(bytes);
    sink.conversation(std::move(c));
}

// The fast reading: simdjson, and the fields the mapping does not use kept as the JSON text they
// arrived in (re-serialised compactly) instead of being converted to Qt's JSON and back. What
// it stores equals the reference reading's in keys and values; a line simdjson refuses is read
// again by the reference reading, which reports it as before.

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

/** Appends \a text as a JSON string. */
void appendJsonString(std::string &out, std::string_view text)
{
    out += '"';
    std::size_t from = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto ch = static_cast<unsigned char>(text[i]);
        if (ch >= 0x20 && ch != '"' && ch != '\\')
            continue;
        out.append(text.data() + from, i - from);
        from = i + 1;
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            static const char hex[] = "0123456789abcdef";
            const char escaped[6] = {'\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15]};
            out.append(escaped, 6);
        }
        }
    }
    out.append(text.data() + from, text.size() - from);
    out += '"';
}

template<typename Number>
void appendNumber(std::string &out, Number value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, std::size_t(result.ptr - text));
}

/** Appends \a value as compact JSON. */
void appendJson(std::string &out, element value)
{
    switch (value.type()) {
    case element_type::OBJECT: {
        out += '{';
        bool first = true;
        for (const auto field : object(value)) {
            if (!first)
                out += ',';
            first = false;
            appendJsonString(out, field.key);
            out += ':';
            appendJson(out, field.value);
        }
        out += '}';
        break;
    }
    case element_type::ARRAY: {
        out += '[';
        bool first = true;
        for (const element item : simdjson::dom::array(value)) {
            if (!first)
                out += ',';
            first = false;
            appendJson(out, item);
        }
        out += ']';
        break;
    }
    case element_type::INT64:
        appendNumber(out, int64_t(value));
        break;
    case element_type::UINT64:
        appendNumber(out, uint64_t(value));
        break;
    case element_type::DOUBLE:
        appendNumber(out, double(value));
        break;
    case element_type::STRING:
        appendJsonString(out, std::string_view(value));
        break;
    case element_type::BOOL:
        out += bool(value) ? "true" : "false";
        break;
    case element_type::NULL_VALUE:
        out += "null";
        break;
    }
}

QString qsv(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::string_view stringOf(element value)
{
    std::string_view s;
    return value.get_string().get(s) == simdjson::SUCCESS ? s : std::string_view();
}

/** Lines of \a in with SIMDJSON_PADDING readable bytes after each, read in large blocks. */
class LineReader
{
public:
    explicit LineReader(QIODevice &in)
        : m_in(in)
    { }

    /** The next line with its end of line, or false at the end of the input. */
    bool next(const char *&line, std::size_t &size)
    {
        for (;;) {
            if (const void *end = m_pos < m_end
                    ? std::memchr(m_buffer.data() + m_pos, '\n', m_end - m_pos)
                    : nullptr) {
                line = m_buffer.data() + m_pos;
                size = std::size_t(static_cast<const char *>(end) - line) + 1;
                m_pos += size;
                return true;
            }
            if (m_eof) {
                if (m_pos >= m_end)
                    return false;
                line = m_buffer.data() + m_pos;
                size = m_end - m_pos;
                m_pos = m_end;
                return true;
            }
            fill();
        }
    }

private:
    void fill()
    {
        // Keeps the unfinished line, at the front; grows when a line outgrows the buffer.
        const std::size_t kept = m_end - m_pos;
        if (kept > 0 && m_pos > 0)
            std::memmove(m_buffer.data(), m_buffer.data() + m_pos, kept);
        m_pos = 0;
        m_end = kept;
        std::size_t capacity = m_buffer.empty() ? 0 : m_buffer.size() - simdjson::SIMDJSON_PADDING;
        if (m_buffer.empty() || kept > capacity / 2) {
            capacity = std::max<std::size_t>(block, capacity * 2);
            m_buffer.resize(capacity + simdjson::SIMDJSON_PADDING);
        }
        const qint64 got = m_in.read(m_buffer.data() + m_end, qint64(capacity - m_end));
        if (got <= 0)
            m_eof = true;
        else
            m_end += std::size_t(got);
    }

    static constexpr std::size_t block = 1 << 20;
    QIODevice &m_in;
    std::vector<char> m_buffer;
    std::size_t m_pos = 0, m_end = 0;
    bool m_eof = false;
};

class FastReader
{
public:
    FastReader(const Mapping &m, const QString &source, ImportSink &sink, const Options &options)
        : m_mapping(m)
        , m_sink(sink)
        , m_options(options)
        , m_turns(keys(m.turns))
        , m_role(keys(m.role))
        , m_text(keys(m.text))
        , m_agent(keys(m.agent))
        , m_id(keys(m.id))
        , m_title(keys(m.title))
        , m_time(keys(m.time))
        , m_lineAt(tr("%1: line %2"), source)
    {
        // A line nested deeper than a data set keeps (maxKeptDepth) is left to the reference
        // reading, which refuses it by name: what this reading keeps is never deeper.
        if (m_parser.allocate(std::size_t {64} * 1024, maxKeptDepth) != simdjson::SUCCESS)
            throw std::bad_alloc();
    }

    void read(QIODevice &in)
    {
        LineReader lines(in);
        const char *line = nullptr;
        std::size_t size = 0;
        qint64 lineNumber = 0;
        qint64 bytes = 0;
        while (!m_sink.cancelled() && lines.next(line, size)) {
            ++lineNumber;
            bytes += qint64(size);
            if (lineNumber == 1 && size >= 3 && std::memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
                line += 3;
                size -= 3;
            }
            if (std::all_of(line, line + size, [](char ch) {
                    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v'
                        || ch == '\f';
                }))
                continue;
            const QString where = m_lineAt(lineNumber);
            element entry;
            if (m_parser.parse(line, size, false).get(entry) != simdjson::SUCCESS) {
                // Refused: the reference reading reports it in its words, or reads it.
                const Json parsed =
                    json::parse(line, line + size, [&](const json::ParseFailure &f) {
                        if (!f.syntax) // a number too large for a double, and the like
                            return tr("%1: not valid JSON: %2").arg(where, f.detail);
                        return tr("%1, column %2: not valid JSON.")
                            .arg(where, QString::number(f.byte));
                    });
                import::readEntry(parsed, where, lineNumber, bytes, m_mapping, m_sink, m_options);
                continue;
            }
            readEntry(entry, where, lineNumber, bytes);
        }
    }

private:
    static std::vector<std::string> keys(const QStringList &names)
    {
        std::vector<std::string> result;
        for (const QString &name : names)
            result.push_back(name.toStdString());
        return result;
    }

    /** The first of \a keys that \a o has (not null), and its value; nullptr when none. */
    static const std::string *firstKey(object o, const std::vector<std::string> &keys,
                                       element &value)
    {
        for (const std::string &key : keys) {
            if (lastAt(o, key, value) && !value.is_null())
                return &key;
        }
        return nullptr;
    }

    /**
     * The value of \a key in \a o; of the last, when the line gives the key twice, as the
     * reference reading (nlohmann_json) keeps it. simdjson's at_key() finds the first.
     */
    static bool lastAt(object o, std::string_view key, element &value)
    {
        bool found = false;
        for (const auto field : o) {
            if (field.key == key) {
                value = field.value;
                found = true;
            }
        }
        return found;
    }

    static bool is(const std::string *key, std::string_view name) { return key && *key == name; }

    void readEntry(element entry, const QString &where, qint64 lineNumber, qint64 bytes)
    {
        if (!entry.is_object())
            throw notAConversation(where);
        const object line(entry);
        element value;
        const std::string *turnsKey = firstKey(line, m_turns, value);
        if (!turnsKey || !value.is_array())
            throw noTurns(where, m_mapping.turns);
        const simdjson::dom::array messages(value);

        ImportedConversation c;
        c.where = where;
        c.conversation.sourceFormat = QStringLiteral("jsonl");
        const std::string *idKey = firstKey(line, m_id, value);
        if (idKey) {
            if (value.is_string()) {
                c.conversation.sourceId = qsv(std::string_view(value));
            } else { // as the reference reading writes it
                m_scratch.clear();
                appendJson(m_scratch, value);
                c.conversation.sourceId = qs(Json::parse(m_scratch).dump());
            }
        }
        if (c.conversation.sourceId.isEmpty()) {
            c.conversation.sourceId = QStringLiteral("line-%1").arg(lineNumber);
            c.sourceIdMade = true;
        }
        const std::string *agentKey = firstKey(line, m_agent, value);
        if (agentKey)
            c.conversation.agent = qsv(stringOf(value));
        const std::string *titleKey = firstKey(line, m_title, value);
        if (titleKey)
            c.conversation.title = qsv(stringOf(value));
        if (firstKey(line, m_time, value))
            c.conversation.startedAt = timeOf(value, c, [&]() -> const QString & { return where; });

        // What the mapping does not use stays with the conversation, as JSON text.
        m_scratch.clear();
        for (const auto field : line) {
            if (is(turnsKey, field.key) || is(idKey, field.key) || is(agentKey, field.key)
                || is(titleKey, field.key))
                continue;
            m_scratch += m_scratch.empty() ? '{' : ',';
            appendJsonString(m_scratch, field.key);
            m_scratch += ':';
            appendJson(m_scratch, field.value);
        }
        if (!m_scratch.empty()) {
            m_scratch += '}';
            c.recordJson = QByteArray(m_scratch.data(), qsizetype(m_scratch.size()));
        }

        int position = 0;
        QString modelName; // of the first assistant turn that names one
        for (const element message : messages) {
            ++position;
            if (!message.is_object())
                throw turnNotAnObject(where, position);
            const object fields(message);
            const std::string *roleKey = firstKey(fields, m_role, value);
            const QString roleName = roleKey ? qsv(stringOf(value)) : QString();
            const auto role = roleOf(roleName);
            if (!role)
                throw unknownRole(where, position, roleName);
            element content;
            const std::string *textKey = firstKey(fields, m_text, content);
            if (!textKey && fields.at_key("tool_calls").error() != simdjson::SUCCESS
                && fields.at_key("function_call").error() != simdjson::SUCCESS
                && std::none_of(m_text.cbegin(), m_text.cend(), [&](const std::string &key) {
                       return fields.at_key(key).error() == simdjson::SUCCESS;
                   }))
                throw noText(where, position, m_mapping.text);
            if (textKey && !content.is_string() && !content.is_array())
                throw contentNotText(where, position, qs(*textKey));
            Turn turn;
            turn.role = *role;
            QByteArray utf8;
            if (textKey && content.is_string()) {
                const std::string_view text(content);
                turn.text = qsv(text);
                utf8 = QByteArray::fromRawData(text.data(), qsizetype(text.size()));
            } else if (textKey) {
                QStringList pieces;
                for (const element part : simdjson::dom::array(content)) {
                    element partText;
                    if (part.is_string())
                        pieces << qsv(std::string_view(part));
                    else if (part.is_object() && lastAt(object(part), "text", partText)
                             && partText.is_string())
                        pieces << qsv(std::string_view(partText));
                    else if (part.is_object() && lastAt(object(part), "type", partText)
                             && qsv(stringOf(partText)).contains(QLatin1String("image")))
                        pieces << QStringLiteral("[image]");
                }
                turn.text = pieces.join(QLatin1Char('\n'));
                utf8 = turn.text.toUtf8();
            }
            m_scratch.clear();
            std::optional<element> model; // the last "model_name", as the reference keeps it
            for (const auto field : fields) {
                if (is(roleKey, field.key) || is(textKey, field.key))
                    continue;
                m_scratch += m_scratch.empty() ? '{' : ',';
                appendJsonString(m_scratch, field.key);
                m_scratch += ':';
                appendJson(m_scratch, field.value);
                if (field.key == "model_name")
                    model = field.value;
            }
            if (model && modelName.isEmpty() && turn.role == Role::Assistant)
                modelName = qsv(stringOf(*model));
            if (m_scratch.empty())
                m_scratch = "{}";
            else
                m_scratch += '}';
            if (lastAt(fields, "timestamp", value))
                turn.createdAt = timeOf(value, c, [&] {
                    return tr("%1, turn %2").arg(where, QString::number(position));
                });
            c.encoded.append(turn.role, utf8, turn.createdAt,
                             QByteArrayView(m_scratch.data(), qsizetype(m_scratch.size())));
            c.turns.append(std::move(turn));
        }
        if (c.turns.isEmpty()) {
            m_sink.warning(tr("%1 has no turns and was skipped.").arg(where));
            return;
        }
        if (c.conversation.agent.isEmpty())
            c.conversation.agent = modelName;
        giveTitle(c);
        m_sink.progress(bytes);
        m_sink.conversation(std::move(c));
    }

    const Mapping &m_mapping;
    ImportSink &m_sink;
    const Options &m_options;
    const std::vector<std::string> m_turns, m_role, m_text, m_agent, m_id, m_title, m_time;
    const LineNames m_lineAt;
    simdjson::dom::parser m_parser;
    std::string m_scratch;
};

} // namespace

QStringList mapKeys()
{
    return {QStringLiteral("turns"), QStringLiteral("role"),  QStringLiteral("text"),
            QStringLiteral("agent"), QStringLiteral("id"),    QStringLiteral("title"),
            QStringLiteral("time"),  QStringLiteral("score"), QStringLiteral("chosen")};
}

void readMappedJsonl(QIODevice &in, const QString &source, ImportSink &sink, const Options &options,
                     bool fast)
{
    const Mapping m = mappingOf(options);
    // Ratings and candidate replies reshape the turns' meta: only the reference reading does that.
    if (fast && m.chosen.isEmpty() && m.score.isEmpty()) {
        FastReader(m, source, sink, options).read(in);
        return;
    }
    forEachJsonLine(in, source, sink,
                    [&](const Json &entry, const QString &where, qint64 lineNumber, qint64 bytes) {
                        readEntry(entry, where, lineNumber, bytes, m, sink, options);
                    });
}

} // namespace sense7::import
