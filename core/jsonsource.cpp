#include "jsonsource.h"

#include <QRegularExpression>

#include <set>
#include <string>
#include <vector>

namespace sense7::json {

QString position(const QByteArray &data, std::size_t byteOffset)
{
    const qsizetype end = qMin<qsizetype>(qsizetype(byteOffset), data.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < end; ++i) {
        if (data.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    const int column = int(QString::fromUtf8(data.mid(lineStart, end - lineStart)).size()) + 1;
    return Reader::tr("line %1, column %2").arg(line).arg(column);
}

Json parse(const char *begin, const char *end,
           const std::function<QString(const ParseFailure &)> &message)
{
    ParseFailure failure;
    try {
        return Json::parse(begin, end);
    } catch (const Json::parse_error &e) {
        failure.syntax = true;
        failure.byte = e.byte;
        failure.detail = QString::fromUtf8(e.what());
        const qsizetype colon = failure.detail.indexOf(
            QLatin1String(": "), failure.detail.indexOf(QLatin1String("error")));
        if (colon >= 0)
            failure.detail = failure.detail.mid(colon + 2);
    } catch (const Json::exception &e) { // a number too large for a double, and the like
        failure.detail = QString::fromUtf8(e.what());
    }
    throw Error(message(failure));
}

namespace {

/**
 * The offset of the \a nth (from 1) object key in [\a begin, \a end), a text the JSON library
 * parsed: a key is a string the next token after which is a colon.
 */
std::size_t keyOffset(const char *begin, const char *end, std::size_t nth)
{
    std::size_t seen = 0;
    for (const char *p = begin; p < end; ++p) {
        if (*p != '"')
            continue;
        const char *start = p;
        for (++p; p < end && *p != '"'; ++p)
            if (*p == '\\' && p + 1 < end)
                ++p;
        if (p == end)
            break;
        const char *next = p + 1;
        while (next < end && (*next == ' ' || *next == '\t' || *next == '\n' || *next == '\r'))
            ++next;
        if (next < end && *next == ':' && ++seen == nth)
            return std::size_t(start - begin);
    }
    return 0;
}

} // namespace

Json parseUniqueKeys(const char *begin, const char *end,
                     const std::function<QString(const ParseFailure &)> &message)
{
    std::vector<std::set<std::string>> open; // the keys of each object being read
    std::size_t keys = 0;
    std::size_t twice = 0; // which key was the first given twice
    std::string name;
    const Json::parser_callback_t note = [&](int, Json::parse_event_t event, Json &parsed) {
        if (event == Json::parse_event_t::object_start) {
            open.emplace_back();
        } else if (event == Json::parse_event_t::object_end) {
            open.pop_back();
        } else if (event == Json::parse_event_t::key) {
            ++keys;
            if (!open.back().insert(parsed.get<std::string>()).second && twice == 0) {
                twice = keys;
                name = parsed.get<std::string>();
            }
        }
        return true;
    };
    ParseFailure failure;
    try {
        Json root = Json::parse(begin, end, note);
        if (twice == 0)
            return root;
        failure.syntax = true;
        failure.byte = keyOffset(begin, end, twice) + 1;
        failure.detail = Reader::tr("the key \"%1\" is given twice in one object; give each once")
                             .arg(QString::fromStdString(name));
    } catch (const Json::parse_error &) {
        return parse(begin, end, message); // the same failure, in the same words
    } catch (const Json::exception &) {
        return parse(begin, end, message);
    }
    throw Error(message(failure));
}

Json parse(const QByteArray &data, const QString &source)
{
    if (data.trimmed().isEmpty())
        throw Error(Reader::tr("%1: the file is empty.").arg(source));
    return parse(data.constBegin(), data.constEnd(), [&](const ParseFailure &failure) {
        if (!failure.syntax)
            return Reader::tr("%1: not valid JSON: %2").arg(source, failure.detail);
        // The library counts the byte just past the offending token; point at the token itself.
        return Reader::tr("%1: not valid JSON at %2 (byte %3): %4")
            .arg(source, position(data, failure.offset()), QString::number(failure.offset()),
                 failure.detail);
    });
}

Reader::Reader(const Json &object, QString where)
    : m_object(object)
    , m_where(std::move(where))
{
    if (!m_object.is_object())
        fail(tr("expected a JSON object"));
}

void Reader::fail(const QString &problem) const
{
    throw Error(QStringLiteral("%1: %2").arg(m_where, problem));
}

bool Reader::has(const char *key) const
{
    const auto it = m_object.find(key);
    return it != m_object.end() && !it->is_null();
}

const Json &Reader::value(const char *key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        fail(tr("\"%1\" is missing").arg(QString::fromUtf8(key)));
    return *it;
}

QString Reader::string(const char *key) const
{
    const Json &v = value(key);
    if (!v.is_string())
        fail(tr("\"%1\" must be a string").arg(QString::fromUtf8(key)));
    QString s = QString::fromStdString(v.get<std::string>()).trimmed();
    if (s.isEmpty())
        fail(tr("\"%1\" must not be empty").arg(QString::fromUtf8(key)));
    return s;
}

QString Reader::optionalString(const char *key, const QString &fallback) const
{
    if (!has(key))
        return fallback;
    const Json &v = value(key);
    if (!v.is_string())
        fail(tr("\"%1\" must be a string").arg(QString::fromUtf8(key)));
    return QString::fromStdString(v.get<std::string>());
}

int Reader::integer(const char *key) const
{
    const Json &v = value(key);
    if (!v.is_number_integer())
        fail(tr("\"%1\" must be a whole number").arg(QString::fromUtf8(key)));
    const auto n = v.get<long long>();
    if (n < -1000000 || n > 1000000)
        fail(tr("\"%1\" is out of range").arg(QString::fromUtf8(key)));
    return int(n);
}

int Reader::optionalInteger(const char *key, int fallback) const
{
    return has(key) ? integer(key) : fallback;
}

bool Reader::optionalBool(const char *key, bool fallback) const
{
    if (!has(key))
        return fallback;
    const Json &v = value(key);
    if (!v.is_boolean())
        fail(tr("\"%1\" must be true or false").arg(QString::fromUtf8(key)));
    return v.get<bool>();
}

const Json &Reader::array(const char *key) const
{
    const Json &v = value(key);
    if (!v.is_array())
        fail(tr("\"%1\" must be a list").arg(QString::fromUtf8(key)));
    if (v.empty())
        fail(tr("\"%1\" must not be empty").arg(QString::fromUtf8(key)));
    return v;
}

const Json *Reader::optionalObject(const char *key) const
{
    if (!has(key))
        return nullptr;
    const Json &v = value(key);
    if (!v.is_object())
        fail(tr("\"%1\" must be an object").arg(QString::fromUtf8(key)));
    return &v;
}

i18n::Translations Reader::translations(const QStringList &texts, const QList<int> &anchorPoints,
                                        const QStringList &optionValues) const
{
    i18n::Translations result;
    const Json *all = optionalObject("translations");
    if (!all)
        return result;
    static const QRegularExpression languagePattern(
        QStringLiteral("^[a-z]{2,3}(_[A-Z]{2}|_[A-Z][a-z]{3})?$"));
    for (auto language = all->begin(); language != all->end(); ++language) {
        const QString code = QString::fromStdString(language.key());
        if (!languagePattern.match(code).hasMatch())
            fail(tr("\"%1\" in \"translations\" is not a language code such as zh_CN").arg(code));
        const Reader in(language.value(), m_where + QStringLiteral(", translations.") + code);
        for (auto it = language.value().begin(); it != language.value().end(); ++it) {
            const QString field = QString::fromStdString(it.key());
            const auto text = [&](const Json &value, const QString &what) {
                if (!value.is_string()
                    || QString::fromStdString(value.get<std::string>()).trimmed().isEmpty())
                    in.fail(tr("\"%1\" must be a non-empty string").arg(what));
                return QString::fromStdString(value.get<std::string>());
            };
            if (texts.contains(field)) {
                result.insert(code + QLatin1Char('/') + field, text(it.value(), field));
            } else if (field == QLatin1String("anchors") && !anchorPoints.isEmpty()) {
                const Json *object = in.optionalObject("anchors");
                for (auto a = object->begin(); a != object->end(); ++a) {
                    const QString point = QString::fromStdString(a.key());
                    bool isNumber = false;
                    if (!anchorPoints.contains(point.toInt(&isNumber)) || !isNumber)
                        in.fail(tr("anchor \"%1\" has no English anchor to translate").arg(point));
                    result.insert(code + QStringLiteral("/anchor/") + point,
                                  text(a.value(), QStringLiteral("anchors.") + point));
                }
            } else if (field == QLatin1String("options") && !optionValues.isEmpty()) {
                const Json *object = in.optionalObject("options");
                for (auto o = object->begin(); o != object->end(); ++o) {
                    const QString value = QString::fromStdString(o.key());
                    if (!optionValues.contains(value))
                        in.fail(tr("option \"%1\" is not one of the field's options").arg(value));
                    result.insert(code + QStringLiteral("/option/") + value,
                                  text(o.value(), QStringLiteral("options.") + value));
                }
            } else {
                in.fail(tr("\"%1\" cannot be translated here").arg(field));
            }
        }
    }
    return result;
}

} // namespace sense7::json
