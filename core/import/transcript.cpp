// Pasted transcripts: plain text or Markdown with a line for each change of speaker, as people
// copy them from a chat page or write them down: "You: …", "User: …", "Assistant: …",
// "Copilot: …", "Seeker: …", "Supporter: …", Markdown forms ("**You:** …", "## ChatGPT"), and
// what a browser copies from ChatGPT or Copilot ("You said:" and "ChatGPT said:" on lines of
// their own). Other names are given with Options::speakers (--speaker NAME=ROLE). A line
// "Name: …" with a name that is neither known nor given is text, so "Note: …" in a reply stays
// in the reply. One file is one conversation; a "# Title" before the first speaker is its title.

#include "imported.h"
#include "importer.h"
#include "input.h"
#include "readers.h"
#include "readerutil.h"

#include <QFileInfo>
#include <QIODevice>
#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

const QHash<QString, Role> &knownSpeakers()
{
    static const QHash<QString, Role> speakers {
        {QStringLiteral("you"), Role::User},
        {QStringLiteral("user"), Role::User},
        {QStringLiteral("human"), Role::User},
        {QStringLiteral("me"), Role::User},
        {QStringLiteral("seeker"), Role::User},
        {QStringLiteral("prompt"), Role::User},
        {QStringLiteral("assistant"), Role::Assistant},
        {QStringLiteral("ai"), Role::Assistant},
        {QStringLiteral("bot"), Role::Assistant},
        {QStringLiteral("chatgpt"), Role::Assistant},
        {QStringLiteral("copilot"), Role::Assistant},
        {QStringLiteral("gemini"), Role::Assistant},
        {QStringLiteral("claude"), Role::Assistant},
        {QStringLiteral("grok"), Role::Assistant},
        {QStringLiteral("model"), Role::Assistant},
        {QStringLiteral("supporter"), Role::Assistant},
        {QStringLiteral("response"), Role::Assistant},
        {QStringLiteral("system"), Role::System},
    };
    return speakers;
}

// "**You:** text", "You: text", "You said:", "## ChatGPT", "### ChatGPT said:", "> **User**:".
const QRegularExpression &speakerLine()
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(?:#{1,6}\\s*)?(?:[*_]{1,2})?\\s*([^:*_#\\n]{1,40}?)"
                       "(?:\\s+said)?\\s*(?:[*_]{1,2})?\\s*(?::\\s*(?:[*_]{1,2})?\\s*(.*?)|)\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

struct Speaker
{
    Role role;
    QString name;
    QString rest; // text on the speaker's line after the colon
};

std::optional<Speaker> speakerOf(const QString &line, const QHash<QString, Role> &extra)
{
    const auto m = speakerLine().match(line);
    if (!m.hasMatch())
        return std::nullopt;
    const QString name = m.captured(1).trimmed();
    const QString key = name.toLower();
    const bool colon = m.capturedStart(2) >= 0;
    const bool heading = line.trimmed().startsWith(QLatin1Char('#'));
    const bool said = line.contains(QLatin1String(" said"), Qt::CaseInsensitive);
    // A bare name is a speaker line only as a heading or with "said".
    if (!colon && !heading && !said)
        return std::nullopt;
    std::optional<Role> role;
    if (extra.contains(key))
        role = extra.value(key);
    else if (knownSpeakers().contains(key))
        role = knownSpeakers().value(key);
    if (!role)
        return std::nullopt;
    return Speaker {*role, name, m.captured(2)};
}
} // namespace

/** True when \a text reads as a transcript: two or more lines of known speakers. */
bool looksLikeTranscript(const QString &text)
{
    int speakers = 0;
    // Line ends as Windows ("\r\n"), Unix ("\n") and classic Mac OS ("\r") write them.
    static const QRegularExpression lineEnd(QStringLiteral("\r\n|\r|\n"));
    for (const QString &line : text.split(lineEnd)) {
        if (speakerOf(line, {}) && ++speakers >= 2)
            return true;
    }
    return false;
}

namespace {
/** The conversation in \a content; throws Error, naming \a source and the line. */
ImportedConversation parse(const QString &text, const QString &source,
                           const QHash<QString, Role> &speakers)
{
    QString content = text;
    content.replace(QStringLiteral("\r\n"), QStringLiteral("\n"))
        .replace(QLatin1Char('\r'), QLatin1Char('\n'));
    const QStringList lines = content.split(QLatin1Char('\n'));

    ImportedConversation c;
    c.where = source;
    c.conversation.sourceFormat = QStringLiteral("transcript");
    c.conversation.sourceId = QFileInfo(source).completeBaseName();
    c.sourceIdMade = true; // the file's name
    QVector<std::pair<int, QString>> before; // lines before the first speaker, numbered
    QStringList body;
    std::optional<Speaker> current;
    int startLine = 0;
    const auto finish = [&] {
        if (!current)
            return;
        Turn turn;
        turn.role = current->role;
        turn.text = body.join(QLatin1Char('\n')).trimmed();
        turn.meta.insert(QStringLiteral("speaker"), current->name);
        turn.meta.insert(QStringLiteral("line"), startLine);
        if (!turn.text.isEmpty())
            c.turns.append(std::move(turn));
    };
    const int count = int(lines.size());
    QVector<std::optional<Speaker>> speakerAt(count);
    for (int i = 0; i < count; ++i)
        speakerAt[i] = speakerOf(lines[i], speakers);
    // Lines inside a Markdown code fence are text, even "User: …": a fence opens with three or
    // more backticks or tildes and closes with a bare line of at least as many of the same. One
    // never closed is no fence: neither is one that meets another opening (a fence with a
    // language, "```python") first, as a reply cut off in its code and followed by more code is.
    // A fence that would hold a speaker line closes at a bare fence line only when a speaker
    // line, or the end, follows that the fence lines between leave outside any fence (an odd
    // number of them); else the fence before was cut off (a reply stopped in its code, the user
    // pasting code of their own) and the bare line opens the next turn's block.
    static const QRegularExpression fenceLine(QStringLiteral("^ {0,3}(`{3,}|~{3,})"));
    QVector<QString> markerAt(count); // the fence's backticks or tildes; empty: no fence line
    QVector<bool> bareAt(count, false);
    // By the fence's character (0 backticks, 1 tildes): the fence lines before each line, and
    // the first speaker line at or after each line before which that number is even, or odd.
    QVector<int> fencesBefore[2] = {QVector<int>(count + 1, 0), QVector<int>(count + 1, 0)};
    QVector<int> speakerWith[2][2];
    for (int i = 0; i < count; ++i) {
        if (const auto match = fenceLine.match(lines[i]); match.hasMatch()) {
            markerAt[i] = match.captured(1);
            bareAt[i] = lines[i].trimmed() == markerAt[i];
        }
        for (int k = 0; k < 2; ++k)
            fencesBefore[k][i + 1] = fencesBefore[k][i]
                + (!markerAt[i].isEmpty()
                   && markerAt[i].at(0) == (k == 0 ? QLatin1Char('`') : QLatin1Char('~')));
    }
    for (int k = 0; k < 2; ++k) {
        for (int parity = 0; parity < 2; ++parity) {
            QVector<int> &next = speakerWith[k][parity];
            next = QVector<int>(count + 1, count);
            for (int i = count - 1; i >= 0; --i)
                next[i] = speakerAt[i] && fencesBefore[k][i] % 2 == parity ? i : next[i + 1];
        }
    }
    QVector<bool> fenced(count, false);
    int open = -1; // the line of the fence open, or -1
    int speakerInside = -1; // the first speaker line inside it, or -1
    QString fence;
    for (int i = 0; i < count; ++i) {
        if (open >= 0 && speakerInside < 0 && speakerAt[i])
            speakerInside = i;
        const QString &marker = markerAt[i];
        if (marker.isEmpty())
            continue;
        const bool bare = bareAt[i];
        if (open >= 0 && bare && marker.at(0) == fence.at(0) && marker.size() >= fence.size()) {
            const int k = marker.at(0) == QLatin1Char('`') ? 0 : 1;
            const bool balances = speakerWith[k][1 - fencesBefore[k][i] % 2][i + 1] < count
                || (fencesBefore[k][count] - fencesBefore[k][i]) % 2 == 1;
            if (speakerInside >= 0 && !balances) {
                // Left unclosed: the turns go on from its first speaker line.
                i = speakerInside - 1;
                open = speakerInside = -1;
                continue;
            }
            std::fill(fenced.begin() + open + 1, fenced.begin() + i + 1, true);
            open = speakerInside = -1;
        } else if (open < 0 || !bare) {
            open = i; // opens one, or leaves the one before unclosed and opens another
            speakerInside = -1;
            fence = marker;
        }
    }
    for (int i = 0; i < count; ++i) {
        if (current && fenced[i]) {
            body.append(lines[i]);
            continue;
        }
        if (const auto &speaker = speakerAt[i]) {
            finish();
            current = speaker;
            startLine = i + 1;
            body = QStringList {speaker->rest};
            continue;
        }
        if (current)
            body.append(lines[i]);
        else
            before.append({i + 1, lines[i]});
    }
    finish();
    if (c.turns.isEmpty())
        throw Error(tr("%1: no speaker lines found (such as \"You:\", \"User:\", \"Assistant:\", "
                       "\"ChatGPT said:\"); name the speakers with --speaker NAME=ROLE.")
                        .arg(source));
    // Before the first speaker: a title, or nothing at all; anything else would be lost.
    QVector<std::pair<int, QString>> leading;
    for (const auto &[number, line] : std::as_const(before)) {
        if (!line.trimmed().isEmpty())
            leading.append({number, line.trimmed()});
    }
    if (!leading.isEmpty() && leading.constFirst().second.startsWith(QLatin1Char('#'))) {
        static const QRegularExpression hashes(QStringLiteral("^#+\\s*"));
        c.conversation.title = leading.constFirst().second;
        c.conversation.title.remove(hashes);
        leading.removeFirst();
    }
    if (!leading.isEmpty()) // the first line that is not the title
        throw Error(tr("%1: line %2: text before the first speaker (\"%3\"); remove it, or name "
                       "its speaker with --speaker NAME=ROLE.")
                        .arg(source, QString::number(leading.constFirst().first),
                             leading.constFirst().second.left(60)));
    if (c.conversation.title.isEmpty())
        c.conversation.title = c.turns.constFirst().text.left(60).simplified();
    c.conversation.agent = QStringLiteral("transcript");
    for (const Turn &t : std::as_const(c.turns)) {
        const QString name = t.meta.value(QStringLiteral("speaker")).toString();
        if (t.role == Role::Assistant
            && name.compare(QLatin1String("assistant"), Qt::CaseInsensitive) != 0) {
            c.conversation.agent = name.toLower();
            break;
        }
    }
    return c;
}
} // namespace

void readTranscript(QIODevice &in, const QString &source, ImportSink &sink, const Options &options)
{
    QByteArray bytes = in.readAll();
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0) // UTF-16 is not UTF-8 either
        throw Error(nulByte(source, lineAt(bytes, nul)));
    QStringDecoder decode(QStringDecoder::Utf8);
    const QString text = decode(bytes);
    if (decode.hasError())
        throw Error(tr("%1 is not valid UTF-8 text.").arg(source));
    sink.progress(bytes.size());
    sink.conversation(parse(text, source, options.speakers));
}

TranscriptPreview previewTranscript(const QString &text, const QHash<QString, Role> &speakers)
{
    TranscriptPreview preview;
    try {
        ImportedConversation c = parse(text, Importer::tr("The pasted text"), speakers);
        preview.title = c.conversation.title;
        preview.agent = c.conversation.agent;
        preview.turns = std::move(c.turns);
    } catch (const Error &e) {
        preview.error = e.message();
    }
    return preview;
}

} // namespace sense7::import
