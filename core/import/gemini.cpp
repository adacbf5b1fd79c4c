// Gemini activity from Google Takeout ("My Activity/Gemini Apps/MyActivity.json"): a list of
// activity entries, newest first: {"header": "Gemini Apps", "title": "Prompted <the prompt>",
// "time", "products", "activityControls", "safeHtmlItem": [{"html": "<the reply>"}],
// "attachedFiles": [...]}. Takeout says nothing of conversations, so entries are grouped into
// conversations by time: a pause longer than Options::gapMinutes starts a new one. Replies come
// only as HTML and become text as the transcript shows it (lists as "- item", emphasis as
// "**bold**"). A prompt without a reply is kept, as an unanswered prompt, and counted; entries
// that are not prompts ("Used Gemini Apps", feedback) are skipped with a warning each.

#include "imported.h"
#include "importer.h"
#include "readers.h"
#include "readerutil.h"
#include "times.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <cstdlib>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

QString decodeEntities(const QString &text)
{
    static const QRegularExpression entity(QStringLiteral("&(#x?[0-9a-fA-F]+|[a-zA-Z]+);"));
    static const QHash<QString, QString> named {
        {QStringLiteral("amp"), QStringLiteral("&")},
        {QStringLiteral("lt"), QStringLiteral("<")},
        {QStringLiteral("gt"), QStringLiteral(">")},
        {QStringLiteral("quot"), QStringLiteral("\"")},
        {QStringLiteral("apos"), QStringLiteral("'")},
        {QStringLiteral("nbsp"), QStringLiteral(" ")},
        {QStringLiteral("ndash"), QStringLiteral("–")},
        {QStringLiteral("mdash"), QStringLiteral("—")},
        {QStringLiteral("hellip"), QStringLiteral("…")},
    };
    QString out;
    qsizetype last = 0;
    auto it = entity.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        const QString name = m.captured(1);
        QString replacement = m.captured(0);
        if (name.startsWith(QLatin1Char('#'))) {
            bool ok = false;
            const uint code = name.startsWith(QLatin1String("#x"), Qt::CaseInsensitive)
                ? name.mid(2).toUInt(&ok, 16)
                : name.mid(1).toUInt(&ok, 10);
            if (ok && code > 0 && code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF)) {
                const char32_t c = code;
                replacement = QString::fromUcs4(&c, 1);
            }
        } else if (named.contains(name)) {
            replacement = named.value(name);
        }
        out += replacement;
        last = m.capturedEnd();
    }
    return out + text.mid(last);
}
} // namespace

/** Gemini's reply HTML as the transcript shows it: paragraphs, "- " and "1. " lists, **bold**,
 * *emphasis*, `code`, fenced code blocks and "#" headings. */
QString htmlToText(const QString &html)
{
    static const QRegularExpression tag(
        QStringLiteral("<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>|<!--.*?-->"),
        QRegularExpression::DotMatchesEverythingOption);
    struct List
    {
        bool ordered = false;
        int next = 1;
    };
    QVector<List> lists;
    int pre = 0;
    QString out;
    const auto newline = [&](int count) {
        while (out.endsWith(QLatin1Char(' ')))
            out.chop(1);
        if (out.isEmpty())
            return;
        int have = 0;
        for (qsizetype i = out.size() - 1; i >= 0 && out.at(i) == QLatin1Char('\n'); --i)
            ++have;
        out += QString(qMax(0, count - have), QLatin1Char('\n'));
    };
    const auto text = [&](QString piece) {
        piece = decodeEntities(piece);
        if (pre == 0) {
            static const QRegularExpression space(QStringLiteral("\\s+"));
            piece.replace(space, QStringLiteral(" "));
            if (out.isEmpty() || out.endsWith(QLatin1Char('\n')) || out.endsWith(QLatin1Char(' ')))
                while (piece.startsWith(QLatin1Char(' ')))
                    piece.remove(0, 1);
        }
        out += piece;
    };
    qsizetype last = 0;
    auto it = tag.globalMatch(html);
    while (it.hasNext()) {
        const auto m = it.next();
        text(html.mid(last, m.capturedStart() - last));
        last = m.capturedEnd();
        if (m.captured(2).isEmpty())
            continue; // a comment
        const bool closing = !m.captured(1).isEmpty();
        const QString name = m.captured(2).toLower();
        if (name == QLatin1String("p") || name == QLatin1String("div")
            || name == QLatin1String("blockquote") || name == QLatin1String("table")) {
            newline(lists.isEmpty() ? 2 : 1);
        } else if (name.size() == 2 && name.at(0) == QLatin1Char('h') && name.at(1).isDigit()) {
            newline(2);
            if (!closing)
                out += QString(name.at(1).digitValue(), QLatin1Char('#')) + QLatin1Char(' ');
        } else if (name == QLatin1String("br")) {
            out += QLatin1Char('\n');
        } else if (name == QLatin1String("hr")) {
            newline(2);
            out += QStringLiteral("---");
            newline(2);
        } else if (name == QLatin1String("ul") || name == QLatin1String("ol")) {
            if (closing) {
                if (!lists.isEmpty())
                    lists.removeLast();
                newline(lists.isEmpty() ? 2 : 1);
            } else {
                newline(lists.isEmpty() ? 2 : 1);
                lists.append(List {name == QLatin1String("ol"), 1});
            }
        } else if (name == QLatin1String("li")) {
            if (!closing) {
                newline(1);
                const int depth = int(lists.size());
                out += QString(qsizetype(2) * qMax(0, depth - 1), QLatin1Char(' '));
                if (!lists.isEmpty() && lists.last().ordered)
                    out += QStringLiteral("%1. ").arg(lists.last().next++);
                else
                    out += QStringLiteral("- ");
            }
        } else if (name == QLatin1String("strong") || name == QLatin1String("b")) {
            out += QStringLiteral("**");
        } else if (name == QLatin1String("em") || name == QLatin1String("i")) {
            out += QLatin1Char('*');
        } else if (name == QLatin1String("code") && pre == 0) {
            out += QLatin1Char('`');
        } else if (name == QLatin1String("pre")) {
            if (!closing) {
                newline(2);
                out += QStringLiteral("```\n");
                ++pre;
            } else {
                pre = qMax(0, pre - 1);
                newline(1);
                out += QStringLiteral("```");
                newline(2);
            }
        } else if (name == QLatin1String("tr")) {
            newline(1);
        } else if ((name == QLatin1String("td") || name == QLatin1String("th")) && !closing) {
            if (!out.endsWith(QLatin1Char('\n')) && !out.isEmpty())
                out += QStringLiteral(" | ");
        }
    }
    text(html.mid(last));
    // Tidy: no trailing spaces on lines, at most one empty line in a row.
    static const QRegularExpression trailing(QStringLiteral("[ \\t]+\\n"));
    static const QRegularExpression blank(QStringLiteral("\\n{3,}"));
    out.replace(trailing, QStringLiteral("\n"));
    out.replace(blank, QStringLiteral("\n\n"));
    return out.trimmed();
}

namespace {
struct Entry
{
    QString prompt;
    QString reply; // null: no reply
    QDateTime time;
    QStringList files;
    QString where;
};

class Grouper
{
public:
    Grouper(const QString &source, ImportSink &sink, int gapMinutes)
        : m_source(source)
        , m_sink(sink)
        , m_gapMs(qint64(gapMinutes) * 60 * 1000)
    { }

    void add(Entry &&entry)
    {
        if (!m_entries.isEmpty()
            && std::llabs(entry.time.msecsTo(m_entries.constLast().time)) > m_gapMs)
            flush();
        m_entries.append(std::move(entry));
    }

    void flush()
    {
        if (m_entries.isEmpty())
            return;
        QVector<Entry> entries = std::move(m_entries);
        m_entries.clear();
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry &a, const Entry &b) { return a.time < b.time; });
        ImportedConversation c;
        c.where = entries.constFirst().where;
        c.conversation.sourceFormat = QStringLiteral("gemini");
        c.conversation.agent = QStringLiteral("gemini");
        c.conversation.startedAt = entries.constFirst().time;
        c.conversation.sourceId =
            QStringLiteral("gemini-%1").arg(entries.constFirst().time.toString(Qt::ISODateWithMs));
        c.conversation.title = entries.constFirst().prompt.left(60).simplified();
        for (const Entry &e : std::as_const(entries)) {
            Turn prompt;
            prompt.role = Role::User;
            prompt.text = e.prompt;
            for (const QString &file : e.files)
                prompt.text += QStringLiteral("\n\n[attachment: %1]").arg(file);
            prompt.createdAt = e.time;
            if (!e.files.isEmpty())
                prompt.meta.insert(QStringLiteral("attachments"),
                                   QJsonArray::fromStringList(e.files));
            if (e.reply.isNull()) {
                prompt.meta.insert(QStringLiteral("unanswered"), true);
                ++c.unanswered;
            }
            c.turns.append(std::move(prompt));
            if (!e.reply.isNull()) {
                Turn reply;
                reply.role = Role::Assistant;
                reply.text = e.reply;
                c.turns.append(std::move(reply));
            }
        }
        m_sink.conversation(std::move(c));
    }

private:
    QString m_source;
    ImportSink &m_sink;
    qint64 m_gapMs;
    QVector<Entry> m_entries;
};
} // namespace

void readGemini(QIODevice &in, const QString &source, ImportSink &sink, const Options &options)
{
    Grouper grouper(source, sink, options.gapMinutes);
    forEachElement(
        in, source, sink, tr("entry"), [&](const Json &entry, const JsonArrayReader &array) {
            const QString where = QStringLiteral("%1: %2 (%3)")
                                      .arg(source, describe(tr("entry"), array.index(), QString()),
                                           array.startPosition());
            if (!entry.is_object())
                throw Error(tr("%1: expected an activity entry (an object).").arg(where));
            const Json &title = child(entry, "title");
            if (!title.is_string())
                throw Error(tr("%1: it has no \"title\".").arg(where));
            const QString text = qs(title.get<std::string>());
            static const QString prompted = QStringLiteral("Prompted ");
            if (!text.startsWith(prompted)) {
                sink.warning(
                    tr("%1: \"%2\" is not a prompt and was skipped.").arg(where, text.left(80)));
                return;
            }
            Entry e;
            e.where = where;
            e.prompt = text.mid(prompted.size()).trimmed();
            QString written;
            e.time = readTime(child(entry, "time"), written);
            if (!e.time.isValid())
                throw Error(
                    tr("%1: \"time\" is missing or not a date and time (%2).").arg(where, written));
            const Json &html = child(entry, "safeHtmlItem");
            if (!html.is_null() && !html.is_array())
                throw Error(tr("%1: \"safeHtmlItem\" must be a list.").arg(where));
            QStringList parts;
            for (const Json &item : html) {
                const QString piece = htmlToText(stringAt(item, "html"));
                if (!piece.isEmpty())
                    parts << piece;
            }
            if (!parts.isEmpty())
                e.reply = parts.join(QStringLiteral("\n\n"));
            for (const Json &file : child(entry, "attachedFiles")) {
                if (file.is_string())
                    e.files << qs(file.get<std::string>());
            }
            grouper.add(std::move(e));
        });
    if (!sink.cancelled())
        grouper.flush();
}

} // namespace sense7::import
