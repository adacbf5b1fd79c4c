#pragma once

// Private helpers shared by the JSON readers (nlohmann_json stays inside core's .cpp files).

#include "error.h"
#include "imported.h"
#include "jsonarrayreader.h"
#include "jsonsource.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <nlohmann/json.hpp>

namespace sense7::import {

using Json = nlohmann::json;

inline QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/** The value at \a key, or a null value when \a object is not an object or lacks it. */
inline const Json &child(const Json &object, const char *key)
{
    static const Json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it != object.end() ? *it : null;
}

/** The string at \a key, or empty when missing or not a string. */
inline QString stringAt(const Json &object, const char *key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? qs(it->get_ref<const std::string &>())
                                                 : QString();
}

inline QDateTime fromIso(const QString &text)
{
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(text, Qt::ISODate);
    return t;
}

/**
 * How deep the JSON an import keeps from a file may nest. The data set stores what it keeps as
 * JSON text that SQLite's json_valid() must accept (1000 levels since SQLite 3.42; Qt's parser
 * stops at 1024), and the import writes without that check (Store::AddingConversations); so
 * deeper input is refused, by name, before anything is written. Checked before a value is
 * copied or written out, which recurse.
 */
constexpr int maxKeptDepth = 500;
/**
 * The same for a bundle, whose values are what a data set stored: a kept value wrapped in its
 * provenance, alternatives, earlier provenances; room for those, still far below 1000.
 */
constexpr int maxBundleDepth = 900;

/** Whether \a value nests more than \a most levels of arrays and objects. */
inline bool deeperThan(const Json &value, int most)
{
    if (!value.is_structured())
        return false;
    if (most <= 0)
        return true;
    for (const Json &item : value) {
        if (deeperThan(item, most - 1))
            return true;
    }
    return false;
}

/** Throws, naming \a where, when \a value nests more than \a most levels. */
inline void refuseDeeperThan(const Json &value, int most, const QString &where)
{
    if (deeperThan(value, most))
        throw Error(JsonArrayReader::tr("%1: nested more than %2 levels deep, deeper than a data "
                                        "set keeps.")
                        .arg(where, QString::number(most)));
}

/** \a object as Qt's JSON; refused, naming \a where, when nested more than \a most levels. */
inline QJsonObject toQt(const Json &object, const QString &where, int most = maxKeptDepth)
{
    refuseDeeperThan(object, most, where);
    return QJsonDocument::fromJson(QByteArray::fromStdString(object.dump())).object();
}

/** Parses one element from a JsonArrayReader; a syntax error names its line and column. */
inline Json parseElement(const QByteArray &bytes, const JsonArrayReader &reader,
                         const QString &source, const QString &what)
{
    return json::parse(bytes.constBegin(), bytes.constEnd(), [&](const json::ParseFailure &f) {
        if (!f.syntax) // a number too large for a double, and the like
            return JsonArrayReader::tr("%1: %2 (%3) is not valid JSON: %4")
                .arg(source, what, reader.position(0), f.detail);
        return JsonArrayReader::tr("%1: %2 is not valid JSON at %3: %4")
            .arg(source, what, reader.position(qsizetype(f.offset())), f.detail);
    });
}

/**
 * "FILE: line N", line after line of one file, the file's name filled in once: \a pattern (%1
 * the name, %2 the number) is filled in one pass, with a mark where the number goes, and split
 * there. Filling in the name first and each number after would fill a "%1" in the name instead.
 * A pattern with the number twice (or none) is filled in whole for each line.
 */
class LineNames
{
public:
    LineNames(const QString &pattern, const QString &source)
        : m_pattern(pattern)
        , m_source(source)
    {
        QChar mark(0xFFFF); // a character neither has
        while (source.contains(mark) || pattern.contains(mark))
            mark = QChar(char16_t(mark.unicode() - 1));
        const QString filled = pattern.arg(source, QString(mark));
        const qsizetype at = filled.indexOf(mark);
        m_split = at >= 0 && filled.indexOf(mark, at + 1) < 0;
        if (m_split) {
            m_before = filled.left(at);
            m_after = filled.mid(at + 1);
        }
    }

    QString operator()(qint64 line) const
    {
        return m_split ? m_before + QString::number(line) + m_after
                       : m_pattern.arg(m_source, QString::number(line));
    }

private:
    QString m_pattern;
    QString m_source;
    bool m_split = false;
    QString m_before;
    QString m_after;
};

/** "conversation 3 "Title"" for messages. */
inline QString describe(const QString &kind, int index, const QString &title)
{
    return title.isEmpty()
        ? QStringLiteral("%1 %2").arg(kind, QString::number(index))
        : QStringLiteral("%1 %2 \"%3\"").arg(kind, QString::number(index), title);
}

/**
 * Calls \a read(entry, array) for each element of the top-level JSON list in \a in, parsed, until
 * the list ends or the user cancels. A syntax error throws, naming the element's position.
 */
template<typename Read>
void forEachElement(QIODevice &in, const QString &source, ImportSink &sink, const QString &kind,
                    Read read)
{
    JsonArrayReader array(in, source);
    QByteArray element;
    while (!sink.cancelled() && array.next(element)) {
        const Json entry =
            parseElement(element, array, source, describe(kind, array.index(), QString()));
        sink.progress(array.bytesRead());
        read(entry, array);
    }
}

/**
 * Reads JSON Lines from \a in until its end or until \a sink is cancelled: a byte-order mark
 * before the first line is dropped, blank lines are skipped, and each other line is parsed, with a
 * message naming \a source, the line and the column when it is not JSON. \a handle gets the
 * value, where it stands ("file: line N"), its line number and the bytes read so far, for
 * sink.progress().
 */
template<typename Handle>
void forEachJsonLine(QIODevice &in, const QString &source, ImportSink &sink, Handle &&handle)
{
    const auto tr = [](const char *text) {
        return QCoreApplication::translate("sense7::import", text);
    };
    qint64 lineNumber = 0;
    qint64 bytes = 0;
    while (!sink.cancelled()) {
        QByteArray line = in.readLine();
        if (line.isEmpty())
            break;
        ++lineNumber;
        bytes += line.size();
        if (lineNumber == 1 && line.startsWith("\xEF\xBB\xBF"))
            line.remove(0, 3);
        if (line.trimmed().isEmpty())
            continue;
        const QString where = tr("%1: line %2").arg(source, QString::number(lineNumber));
        const Json entry =
            json::parse(line.constBegin(), line.constEnd(), [&](const json::ParseFailure &f) {
                if (!f.syntax) // a number too large for a double, and the like
                    return tr("%1: not valid JSON: %2").arg(where, f.detail);
                return tr("%1, column %2: not valid JSON.").arg(where, QString::number(f.byte));
            });
        handle(entry, where, lineNumber, bytes);
    }
}

} // namespace sense7::import
