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

#include <QIODevice>
#include <QJsonArray>

#include <cmath>

namespace sense7::import {

std::optional<Role> roleFromSpeaker(const QString &speaker); // sharegpt.cpp

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
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

/** ISO 8601, also with a space for the "T" ("2023-11-22 15:27:04"), or epoch seconds; UTC
 * unless it says otherwise. */
QDateTime timeOf(const Json &value)
{
    if (value.is_number()) {
        const double n = value.get<double>();
        return QDateTime::fromMSecsSinceEpoch(qint64(n > 1e11 ? n : n * 1000.0), Qt::UTC);
    }
    if (!value.is_string())
        return {};
    QString text = qs(value.get<std::string>()).trimmed();
    QDateTime t = fromIso(text);
    if (!t.isValid() && text.size() > 10 && text.at(10) == QLatin1Char(' '))
        t = fromIso(text.replace(10, 1, QLatin1Char('T')));
    if (t.isValid() && t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t;
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
} // namespace

QStringList mapKeys()
{
    return {QStringLiteral("turns"), QStringLiteral("role"),  QStringLiteral("text"),
            QStringLiteral("agent"), QStringLiteral("id"),    QStringLiteral("title"),
            QStringLiteral("time"),  QStringLiteral("score"), QStringLiteral("chosen")};
}

void readMappedJsonl(QIODevice &in, const QString &source, ImportSink &sink, const Options &options)
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

    forEachJsonLine(
        in, source, sink,
        [&](const Json &entry, const QString &where, qint64 lineNumber, qint64 bytes) {
            if (!entry.is_object())
                throw Error(tr("%1: expected an object (a conversation).").arg(where));
            const std::string turnsKey = firstKey(entry, m.turns);
            if (turnsKey.empty() || !entry.at(turnsKey).is_array())
                throw Error(tr("%1: no list of turns (\"%2\"); name it with --map turns=FIELD.")
                                .arg(where, m.turns.join(QStringLiteral("\", \""))));
            const Json &messages = entry.at(turnsKey);

            ImportedConversation c;
            c.where = where;
            c.conversation.sourceFormat = QStringLiteral("jsonl");
            const std::string idKey = firstKey(entry, m.id);
            if (!idKey.empty()) {
                const Json &id = entry.at(idKey);
                c.conversation.sourceId =
                    id.is_string() ? qs(id.get<std::string>()) : qs(id.dump());
            }
            if (c.conversation.sourceId.isEmpty())
                c.conversation.sourceId = QStringLiteral("line-%1").arg(lineNumber);
            const std::string agentKey = firstKey(entry, m.agent);
            if (!agentKey.empty())
                c.conversation.agent = stringAt(entry, agentKey.c_str());
            const std::string titleKey = firstKey(entry, m.title);
            if (!titleKey.empty())
                c.conversation.title = stringAt(entry, titleKey.c_str());
            const std::string timeKey = firstKey(entry, m.time);
            if (!timeKey.empty())
                c.conversation.startedAt = timeOf(entry.at(timeKey));

            // What the mapping does not use stays with the conversation.
            Json record = Json::object();
            for (const auto &[key, value] : entry.items()) {
                if (key != turnsKey && key != idKey && key != agentKey && key != titleKey)
                    record[key] = value;
            }
            if (!record.empty())
                c.conversation.provenance.insert(QStringLiteral("record"), toQt(record));

            std::vector<Read> all;
            int position = 0;
            for (const Json &message : messages) {
                ++position;
                if (!message.is_object())
                    throw Error(tr("%1: turn %2 is not an object.").arg(where).arg(position));
                const std::string roleKey = firstKey(message, m.role);
                const QString roleName =
                    roleKey.empty() ? QString() : stringAt(message, roleKey.c_str());
                const auto role = roleOf(roleName);
                if (!role)
                    throw Error(
                        tr("%1: turn %2 has role \"%3\"; expected user, assistant (or model, "
                           "gpt, bot), system or tool; name the field with --map role=FIELD.")
                            .arg(where)
                            .arg(position)
                            .arg(roleName));
                const std::string textKey = firstKey(message, m.text);
                const Json &content = textKey.empty() ? Json() : message.at(textKey);
                if (!content.is_string() && !content.is_array() && !content.is_null())
                    throw Error(tr("%1: turn %2: \"%3\" must be text or a list of parts.")
                                    .arg(where)
                                    .arg(position)
                                    .arg(qs(textKey)));
                Turn turn;
                turn.role = *role;
                turn.text = textOf(content);
                Json extra = Json::object();
                for (const auto &[key, value] : message.items()) {
                    if (key != roleKey && key != textKey)
                        extra[key] = value;
                }
                if (!extra.empty())
                    turn.meta = toQt(extra);
                if (message.contains("timestamp"))
                    turn.createdAt = timeOf(message.at("timestamp"));

                Read read;
                read.turn = std::move(turn);
                read.position = position;
                if (!m.chosen.isEmpty() && message.contains(m.chosen.toStdString())
                    && message.at(m.chosen.toStdString()).is_boolean())
                    read.chosen = message.at(m.chosen.toStdString()).get<bool>();
                if (!m.score.isEmpty() && message.contains(m.score.toStdString()))
                    read.score = message.at(m.score.toStdString());
                all.push_back(std::move(read));
            }
            // Several candidate replies in a row, one chosen (PRISM): the chosen one is the turn,
            // the others its alternatives.
            for (std::size_t i = 0; i < all.size();) {
                std::size_t end = i + 1;
                if (all[i].chosen) {
                    while (end < all.size() && all[end].chosen
                           && all[end].turn.role == all[i].turn.role)
                        ++end;
                }
                std::size_t kept = i;
                for (std::size_t k = i; k < end; ++k) {
                    if (all[k].chosen.value_or(false)) {
                        kept = k;
                        break;
                    }
                }
                Read &r = all[kept];
                r.turn.meta.remove(
                    m.chosen); // what the mapping used: the turn itself and its rating
                if (!r.score.is_null())
                    r.turn.meta.remove(m.score);
                QJsonArray alternatives;
                for (std::size_t k = i; k < end; ++k) {
                    if (k != kept)
                        alternatives.append(
                            QJsonObject {{QStringLiteral("text"), all[k].turn.text},
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
                                        .arg(where)
                                        .arg(r.position)
                                        .arg(qs(r.score.dump())));
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
                if (c.conversation.title.isEmpty() && t.role == Role::User)
                    c.conversation.title = t.text.left(60).simplified();
            }
            if (c.conversation.title.isEmpty())
                c.conversation.title = c.turns.constFirst().text.left(60).simplified();
            sink.progress(bytes);
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
