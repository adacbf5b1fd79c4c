#pragma once

// Private to core's .cpp files: nlohmann_json never appears in a public header.

#include "error.h"
#include "i18n.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>
#include <nlohmann/json.hpp>

namespace sense7::json {

using Json = nlohmann::json;

/** "line L, column C" for a byte offset into \a data (1-based, columns count characters). */
QString position(const QByteArray &data, std::size_t byteOffset);

/** Why parse() refused a text: where, and what the JSON library said. */
struct ParseFailure
{
    bool syntax = false; // a syntax error; else a value it cannot hold (a number too large)
    std::size_t byte = 0; // syntax errors: the library's count, just past the offending token
    QString detail; // syntax errors: the library's explanation; else its whole message
    /** The offending token's offset, 0-based (syntax errors). */
    std::size_t offset() const { return byte > 0 ? byte - 1 : 0; }
};

/**
 * Parses [\a begin, \a end); when the library refuses it, throws Error(\a message(failure)), so
 * that each caller names its file and position in its own words.
 */
Json parse(const char *begin, const char *end,
           const std::function<QString(const ParseFailure &)> &message);

/**
 * As parse(), and an object that gives a key twice is refused too, as a syntax error at the second
 * (ParseFailure::detail says which key): in a file a person writes, the second would otherwise
 * silently take the first's place.
 */
Json parseUniqueKeys(const char *begin, const char *end,
                     const std::function<QString(const ParseFailure &)> &message);

/** Parses \a data; throws Error naming \a source and the line and column of a syntax error. */
Json parse(const QByteArray &data, const QString &source);

/**
 * Typed access to a JSON object with errors that say where: "sense7.json: dimension 3
 * (validation): \"anchors\" must be an object".
 */
class Reader
{
    Q_DECLARE_TR_FUNCTIONS(sense7::json::Reader)

public:
    Reader(const Json &object, QString where);

    bool has(const char *key) const;
    QString string(const char *key) const; // required, non-empty
    QString optionalString(const char *key, const QString &fallback = {}) const;
    int integer(const char *key) const; // required
    int optionalInteger(const char *key, int fallback) const;
    bool optionalBool(const char *key, bool fallback) const;
    const Json &array(const char *key) const; // required, non-empty
    const Json *optionalObject(const char *key) const;
    [[noreturn]] void fail(const QString &problem) const;
    const QString &where() const { return m_where; }

    /**
     * The optional "translations" object: {"zh_CN": {"name": "…", "anchors": {"1": "…"},
     * "options": {"writing": "…"}}}. \a texts are the fields that may be translated; anchors and
     * options must be among \a anchorPoints and \a optionValues.
     */
    i18n::Translations translations(const QStringList &texts, const QList<int> &anchorPoints = {},
                                    const QStringList &optionValues = {}) const;

private:
    const Json &value(const char *key) const;

    const Json &m_object;
    QString m_where;
};

} // namespace sense7::json
