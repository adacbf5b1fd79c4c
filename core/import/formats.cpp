#include "csvreader.h"
#include "importer.h"
#include "input.h"
#include "readers.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace sense7::import {

QStringList formats()
{
    return {
        QStringLiteral("chatgpt"),      QStringLiteral("claude"),    QStringLiteral("sharegpt"),
        QStringLiteral("openai-jsonl"), QStringLiteral("csv"),       QStringLiteral("ratings-csv"),
        QStringLiteral("esconv"),       QStringLiteral("bundle"),    QStringLiteral("grok"),
        QStringLiteral("openwebui"),    QStringLiteral("librechat"), QStringLiteral("oasst"),
        QStringLiteral("jsonl"),        QStringLiteral("gemini"),    QStringLiteral("transcript")};
}

namespace {

QString detectFromHead(QByteArray head)
{
    if (head.startsWith("\xEF\xBB\xBF"))
        head.remove(0, 3);
    const QByteArray trimmed = head.trimmed();
    if (trimmed.isEmpty())
        return {};
    const char first = trimmed.at(0);
    const auto has = [&](const char *token) {
        return head.contains(token);
    };
    if (first == '[') {
        if (has("\"safeHtmlItem\"") || (has("\"activityControls\"") && has("Gemini")))
            return QStringLiteral("gemini");
        if (has("\"mapping\"") || has("\"current_node\""))
            return QStringLiteral("chatgpt");
        if (has("\"history\"") && (has("\"currentId\"") || has("\"childrenIds\"")))
            return QStringLiteral("openwebui");
        if (has("\"chat_messages\""))
            return QStringLiteral("claude");
        if (has("\"dialog\"") && (has("\"speaker\"") || has("\"survey_score\"")))
            return QStringLiteral("esconv");
        if (has("\"conversations\"") && (has("\"from\"") || has("\"value\"")))
            return QStringLiteral("sharegpt");
        return {};
    }
    if (first == '{') {
        static const QRegularExpression bundle(
            QStringLiteral("\"format\"\\s*:\\s*\"sense7-bundle\""));
        if (bundle.match(QString::fromUtf8(head)).hasMatch())
            return QStringLiteral("bundle");
        if (has("\"conversationId\"") && has("\"messages\"")
            && (has("\"isCreatedByUser\"") || has("\"parentMessageId\"")))
            return QStringLiteral("librechat");
        if (has("\"conversations\"") && has("\"responses\"") && has("\"sender\""))
            return QStringLiteral("grok");
        // (left() of a negative length is empty: a file of one line is all first line)
        const qsizetype newline = trimmed.indexOf('\n');
        const QByteArray firstLine = newline < 0 ? trimmed : trimmed.left(newline);
        if (firstLine.contains("\"message_tree_id\"") && firstLine.contains("\"prompt\""))
            return QStringLiteral("oasst");
        if (firstLine.contains("\"messages\""))
            return QStringLiteral("openai-jsonl");
        if (firstLine.contains("\"conversation\"")
            || firstLine.contains("\"conversation_history\""))
            return QStringLiteral("jsonl");
        return {};
    }
    // A table: look at the header line (which may end in CR: old Mac spreadsheets).
    const QString header =
        QString::fromUtf8(trimmed.left(CsvReader::firstLineLength(trimmed))).toLower();
    const QStringList columns = header.split(QRegularExpression(QStringLiteral("[,\\t]")));
    QStringList names;
    for (QString c : columns)
        names << c.remove(QLatin1Char('"')).trimmed().replace(QLatin1Char(' '), QLatin1Char('_'));
    const auto any = [&](std::initializer_list<const char *> options) {
        for (const char *o : options) {
            if (names.contains(QLatin1String(o)))
                return true;
        }
        return false;
    };
    const auto transcript = [&] {
        return looksLikeTranscript(QString::fromUtf8(head)) ? QStringLiteral("transcript")
                                                            : QString();
    };
    if (names.size() < 2)
        return transcript();
    // Ratings: of turns (a turn column), or of whole conversations only (no message columns).
    if (any({"dimension", "item"}) && any({"value", "rating", "score"})
        && (any({"turn_index", "turn", "index", "idx"})
            || !any({"role", "speaker", "author", "sender", "from"})))
        return QStringLiteral("ratings-csv");
    if (any({"role", "speaker", "author", "sender", "from"})
        && any({"text", "content", "message", "value", "utterance", "body"}))
        return QStringLiteral("csv");
    return transcript();
}

} // namespace

QString detectFormat(const QString &path)
{
    Input input = openInput(path);
    const QByteArray head = input.device->read(qint64(256) * 1024);
    QString format = detectFromHead(head);
    if (format.isEmpty() && head.trimmed().startsWith('{') && !input.device->isSequential()
        && input.device->size() > head.size()) {
        // A bundle written with sorted keys names its format after the conversations.
        const qint64 tail = std::max<qint64>(head.size(), input.device->size() - qint64(64) * 1024);
        if (input.device->seek(tail)) {
            static const QRegularExpression bundle(
                QStringLiteral("\"format\"\\s*:\\s*\"sense7-bundle\""));
            if (bundle.match(QString::fromUtf8(input.device->read(qint64(64) * 1024))).hasMatch())
                format = QStringLiteral("bundle");
        }
    }
    if (format.isEmpty()) {
        if (head.trimmed().isEmpty())
            throw Error(Importer::tr("%1 is empty.").arg(input.name));
        if (const qsizetype nul = head.indexOf('\0'); nul >= 0) // UTF-16 without its mark?
            throw Error(nulByte(input.name, lineAt(head, nul)));
        throw Error(
            Importer::tr("%1: cannot tell which format this is (ChatGPT or Claude export, "
                         "Grok, Open WebUI or LibreChat export, OpenAssistant trees, Gemini "
                         "activity, a pasted transcript, ShareGPT, "
                         "OpenAI or other chat JSONL, CSV conversations or "
                         "ratings, ESConv or a Sense-7 bundle). Choose the format explicitly.")
                .arg(input.name));
    }
    return format;
}

} // namespace sense7::import
