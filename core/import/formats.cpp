#include "csvreader.h"
#include "importer.h"
#include "input.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace sense7::import {

QStringList formats()
{
    return {QStringLiteral("chatgpt"),      QStringLiteral("claude"), QStringLiteral("sharegpt"),
            QStringLiteral("openai-jsonl"), QStringLiteral("csv"),    QStringLiteral("ratings-csv"),
            QStringLiteral("esconv"),       QStringLiteral("bundle")};
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
        if (has("\"mapping\"") || has("\"current_node\""))
            return QStringLiteral("chatgpt");
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
        const QByteArray firstLine = trimmed.left(trimmed.indexOf('\n'));
        if (firstLine.contains("\"messages\""))
            return QStringLiteral("openai-jsonl");
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
    if (names.size() < 2)
        return {};
    // Ratings: of turns (a turn column), or of whole conversations only (no message columns).
    if (any({"dimension", "item"}) && any({"value", "rating", "score"})
        && (any({"turn_index", "turn", "index", "idx"})
            || !any({"role", "speaker", "author", "sender", "from"})))
        return QStringLiteral("ratings-csv");
    if (any({"role", "speaker", "author", "sender", "from"})
        && any({"text", "content", "message", "value", "utterance", "body"}))
        return QStringLiteral("csv");
    return {};
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
        throw Error(Importer::tr("%1: cannot tell which format this is (ChatGPT or Claude export, "
                                 "ShareGPT, OpenAI JSONL, CSV conversations or ratings, ESConv or "
                                 "a Sense-7 bundle). Choose the format explicitly.")
                        .arg(input.name));
    }
    return format;
}

} // namespace sense7::import
