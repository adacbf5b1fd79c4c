#include "csvfield.h"
#include "importer.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace sense7::import {

namespace {

QString shown(const QJsonValue &value)
{
    if (value.isNull())
        return Importer::tr("not applicable");
    if (value.isDouble())
        return QString::number(value.toInt());
    // Long notes and forms are cut short here; the conflict report has them in full.
    const auto cut = [](const QString &text) {
        return text.size() > 80 ? text.left(79) + QChar(0x2026) : text;
    };
    if (value.isString())
        return QStringLiteral("\"%1\"").arg(cut(value.toString()));
    if (value.isObject())
        return cut(
            QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)));
    if (value.isArray())
        return cut(
            QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)));
    return Importer::tr("none");
}

/** A value as a report cell: NA for "not applicable", JSON for an object. */
QString cell(const QJsonValue &value)
{
    if (value.isNull())
        return QStringLiteral("NA");
    if (value.isDouble())
        return QString::number(value.toInt());
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    return value.toString();
}

} // namespace

QString Conflict::description() const
{
    const QString subject = turn >= 0
        ? Importer::tr("conversation \"%1\", turn %2").arg(conversation, QString::number(turn))
        : Importer::tr("conversation \"%1\"").arg(conversation);
    static const QHash<QString, const char *> labels {
        {QStringLiteral("rating"), QT_TRANSLATE_NOOP("sense7::import::Importer", "the rating")},
        {QStringLiteral("conversation_rating"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the conversation rating")},
        {QStringLiteral("flag"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the continuity flag")},
        {QStringLiteral("note"), QT_TRANSLATE_NOOP("sense7::import::Importer", "the note")},
        {QStringLiteral("context"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the answers to the context form")},
        {QStringLiteral("profile"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the participant's profile")},
        {QStringLiteral("condition"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the live condition")},
        {QStringLiteral("sessions"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the live sessions")},
        {QStringLiteral("assignment"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the participant's live assignment")},
        {QStringLiteral("turns"),
         QT_TRANSLATE_NOOP("sense7::import::Importer", "the number of turns")},
    };
    const QString label = Importer::tr(labels.value(what, "the value"));
    const QString item = dimension.isEmpty()
        ? (rater.isEmpty() ? label : Importer::tr("%1 by %2").arg(label, rater))
        : Importer::tr("%1 \"%2\" by %3").arg(label, dimension, rater);
    return Importer::tr("%1: %2, %3 is %4 in the data set and %5 in this file")
        .arg(where, subject, item, shown(existing), shown(incoming));
}

QString Conflict::text() const
{
    return Importer::tr("%1; %2.").arg(
        description(),
        replaced ? Importer::tr("replaced it with %1").arg(shown(incoming))
                 : Importer::tr("kept %1").arg(shown(existing)));
}

void writeConflictReport(const QString &path, const QVector<Conflict> &conflicts)
{
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        QJsonArray rows;
        for (const Conflict &c : conflicts) {
            QJsonObject row;
            row.insert(QStringLiteral("file"), c.file);
            row.insert(QStringLiteral("line"), c.line > 0 ? QJsonValue(c.line) : QJsonValue());
            row.insert(QStringLiteral("where"), c.where);
            row.insert(QStringLiteral("what"), c.what);
            row.insert(QStringLiteral("conversation"), c.conversation);
            row.insert(QStringLiteral("turn"), c.turn >= 0 ? QJsonValue(c.turn) : QJsonValue());
            row.insert(QStringLiteral("dimension"), c.dimension);
            row.insert(QStringLiteral("rater"), c.rater);
            row.insert(QStringLiteral("existing"), c.existing);
            row.insert(QStringLiteral("file_value"), c.incoming);
            row.insert(QStringLiteral("action"),
                       c.replaced ? QStringLiteral("replaced") : QStringLiteral("kept"));
            rows.append(row);
        }
        bytes = QJsonDocument(rows).toJson(QJsonDocument::Indented);
    } else if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        QString text = QStringLiteral("file,line,what,conversation,turn,dimension,rater,existing,"
                                      "file_value,action\n");
        for (const Conflict &c : conflicts) {
            const QStringList row {
                c.file,
                c.line > 0 ? QString::number(c.line) : QString(),
                c.what,
                c.conversation,
                c.turn >= 0 ? QString::number(c.turn) : QString(),
                c.dimension,
                c.rater,
                cell(c.existing),
                cell(c.incoming),
                c.replaced ? QStringLiteral("replaced") : QStringLiteral("kept"),
            };
            QStringList fields;
            for (const QString &field : row)
                fields << csvField(field);
            text += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
        bytes = text.toUtf8();
    } else {
        throw Error(Importer::tr("%1: a conflict report is written as .csv or .json; name the file "
                                 "so.")
                        .arg(path));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        throw Error(Importer::tr("%1 could not be written: %2").arg(path, file.errorString()));
}

} // namespace sense7::import
