// The codebook written beside the tidy CSV: what each column holds, each dimension's question and
// anchors, and the context form's questions and answers. Markdown, for people.

#include "forms.h"
#include "store.h"
#include "writer.h"

#include <QDateTime>
#include <QFileInfo>

namespace sense7::exporter {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::exporter", text);
}

QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QLatin1String("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString row(const QStringList &cells)
{
    QStringList escaped;
    for (const QString &c : cells)
        escaped << cell(c);
    return QStringLiteral("| %1 |\n").arg(escaped.join(QLatin1String(" | ")));
}

QString anchors(const QMap<int, QString> &anchors)
{
    QStringList parts;
    for (auto it = anchors.begin(); it != anchors.end(); ++it)
        parts << QStringLiteral("%1 = %2").arg(it.key()).arg(it.value());
    return parts.join(QLatin1String("; "));
}

} // namespace

QString codebook(const Store &store)
{
    QString out;
    out += tr("# Codebook") + QStringLiteral("\n\n");
    out += tr("Written by Sense-7 Studio %1 on %2 from %3.")
               .arg(QStringLiteral(SENSE7_VERSION),
                    QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
                    QFileInfo(store.path()).fileName())
        + QStringLiteral("\n\n");
    out += tr("One row per rating, in long format. UTF-8, comma-separated, RFC 4180 quoting.")
        + QStringLiteral("\n\n");

    out += tr("## Columns") + QStringLiteral("\n\n");
    out += row({tr("Column"), tr("Meaning")}) + QStringLiteral("|---|---|\n");
    const QStringList meanings {
        tr("The participant's code (a pseudonym)."),
        tr("The conversation's content hash: a stable key that `sense7 import` accepts for "
           "ratings files."),
        tr("The assistant (model) that replied, as the export named it."),
        tr("The turn's position in the conversation, from 0; empty for a rating of the whole "
           "conversation."),
        tr("Who wrote the turn: user, assistant, system or tool."),
        tr("The instrument the dimension belongs to."),
        tr("The rated dimension (see below)."),
        tr("The rating on the dimension's scale; empty means \"not applicable\"."),
        tr("Who rated: \"self\" for the participant, an observer's code or a model's name."),
        tr("self, observer or model."),
        tr("1 when this rater marked a continuity break at this turn, else 0; empty for "
           "conversation ratings."),
        tr("The reason given for the break: forgot_context, contradicted_itself, repeated_itself, "
           "ignored_instruction, lost_thread, technical_failure or other.")};
    const QStringList columns = csvColumns();
    for (int i = 0; i < columns.size(); ++i) {
        if (i < meanings.size()) {
            out += row({QStringLiteral("`%1`").arg(columns[i]), meanings[i]});
        } else {
            const FormField &field = forms::context().fields[i - int(meanings.size())];
            out += row(
                {QStringLiteral("`%1`").arg(columns[i]), tr("Context form: %1").arg(field.label)});
        }
    }

    for (const Instrument &instrument : store.instruments()) {
        out += QStringLiteral("\n## ")
            + tr("Instrument %1 (`%2`, version %3)")
                  .arg(instrument.name, instrument.key, instrument.version)
            + QStringLiteral("\n\n");
        if (!instrument.description.isEmpty())
            out += instrument.description + QStringLiteral("\n\n");
        out += row({tr("Dimension"), tr("Level"), tr("Scale"), tr("Question"), tr("Anchors")})
            + QStringLiteral("|---|---|---|---|---|\n");
        for (const Dimension &d : instrument.dimensions)
            out += row({QStringLiteral("`%1`").arg(d.key), levelKey(d.level),
                        QStringLiteral("%1–%2").arg(d.scaleMin).arg(d.scaleMax),
                        d.question.isEmpty() ? d.name : d.question, anchors(d.anchors)});
    }

    const Form form = forms::context();
    out +=
        QStringLiteral("\n## ") + tr("Context form: %1").arg(form.title) + QStringLiteral("\n\n");
    out += row({tr("Column"), tr("Question"), tr("Type"), tr("Answers")})
        + QStringLiteral("|---|---|---|---|\n");
    for (const FormField &field : form.fields) {
        QString answers;
        QStringList options;
        for (const FormField::Option &o : field.options)
            options << QStringLiteral("`%1` = %2").arg(o.value, o.label);
        switch (field.type) {
        case FormField::Type::Choice:
            answers = options.join(QLatin1String("; "));
            break;
        case FormField::Type::MultipleChoice:
            answers = tr("any of %1; the values chosen, separated by \";\"")
                          .arg(options.join(QLatin1String("; ")));
            break;
        case FormField::Type::Scale:
            answers = QStringLiteral("%1–%2").arg(field.min).arg(field.max);
            if (!field.anchors.isEmpty())
                answers += QStringLiteral(" (%1)").arg(anchors(field.anchors));
            break;
        case FormField::Type::Number:
            answers = QStringLiteral("%1–%2").arg(field.min).arg(field.max);
            break;
        case FormField::Type::Date:
            answers = tr("a date, yyyy-MM-dd");
            if (!field.earliest.isEmpty() || !field.latest.isEmpty())
                answers += QStringLiteral(" (%1–%2)").arg(field.earliest, field.latest);
            break;
        case FormField::Type::Text:
            answers = tr("free text");
            break;
        }
        out += row({QStringLiteral("`%1`").arg(field.key), field.label,
                    formFieldTypeKey(field.type), answers});
    }
    return out;
}

} // namespace sense7::exporter
