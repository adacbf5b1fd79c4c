// The codebook written beside the tidy CSV: what each column holds, each dimension's question and
// anchors, and the context form's questions and answers. Markdown, for people.

#include "continuity/detection.h"
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

/** The rows of a form's answer columns: the form's questions, then the other stored keys. */
QString answerRows(const Form &form, const QStringList &keys, const QStringList &columns,
                   const QString &kind)
{
    QString out;
    for (int i = 0; i < keys.size(); ++i) {
        const FormField *field = form.field(keys[i]);
        out += row({QStringLiteral("`%1`").arg(columns[i]),
                    field ? tr("%1: %2").arg(kind, field->label)
                          : tr("%1: \"%2\" as stored with the data (by the importer, not a "
                               "question of the form)")
                                .arg(kind, keys[i])});
    }
    return out;
}

QStringList keysOf(const Form &form, const QStringList &keys)
{
    if (!keys.isEmpty())
        return keys;
    QStringList result;
    for (const FormField &field : form.fields)
        result.append(field.key);
    return result;
}

QString formSection(const Form &form)
{
    QString out;
    out += QStringLiteral("\n## ") + tr("Form: %1").arg(form.title) + QStringLiteral("\n\n");
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

} // namespace

QString codebook(const Store &store, const QStringList &contextKeysIn,
                 const QStringList &profileKeysIn)
{
    const Protocol protocol = store.protocol();
    const QStringList contextKeys = keysOf(protocol.context, contextKeysIn);
    const QStringList profileKeys = keysOf(protocol.profile, profileKeysIn);
    QString out;
    out += tr("# Codebook") + QStringLiteral("\n\n");
    out += tr("Written by Sense-7 Studio %1 on %2 from %3.")
               .arg(QStringLiteral(SENSE7_VERSION),
                    QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
                    QFileInfo(store.path()).fileName())
        + QStringLiteral("\n\n");
    out += tr("Three tables, UTF-8, comma-separated, RFC 4180 quoting: the ratings (one row per "
              "rating, in long format), the turns (one row per turn, rated or not) and the "
              "participants (one row each, with their profile).")
        + QStringLiteral("\n\n");

    out += tr("## Ratings") + QStringLiteral("\n\n");
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
           "ignored_instruction, lost_thread, technical_failure or other."),
        tr("1 for a blind re-rating (the participant rating a reply again without seeing the "
           "first rating; annotator \"self-retest\"), else 0."),
        tr("Where the dimension was shown, from 1, among its instrument's on that reply (or "
           "conversation): the study protocol's dimension order, randomised per reply when the "
           "protocol says so; empty when the instrument is not the protocol's."),
        tr("The key of the study condition (the assistant set-up of the protocol's \"live\" "
           "section) a live conversation was held with; empty for an imported conversation."),
        tr("The sitting of a live conversation the rated turn belongs to, from 1 (a "
           "conversation resumed later continues in session 2, 3…); empty for an imported "
           "conversation and for conversation ratings.")};
    const QStringList columns = csvColumns(contextKeys);
    for (int i = 0; i < meanings.size(); ++i)
        out += row({QStringLiteral("`%1`").arg(columns[i]), meanings[i]});
    out += answerRows(protocol.context, contextKeys, columns.mid(meanings.size()), tr("Context"));

    out += QStringLiteral("\n## ") + tr("Turns (`*.turns.csv`)") + QStringLiteral("\n\n");
    out += tr("One row per turn of every conversation exported, rated or not; "
              "`conversation_id` and `turn_index` join it to the ratings.")
        + QStringLiteral("\n\n");
    out += row({tr("Column"), tr("Meaning")}) + QStringLiteral("|---|---|\n");
    QStringList rules;
    for (int i = 0; i < continuity::ruleCount; ++i)
        rules.append(continuity::ruleKey(continuity::Rule(i)));
    const QStringList turnMeanings {
        tr("The participant's code."),
        tr("The conversation's content hash."),
        tr("The assistant (model) that replied."),
        tr("The turn's position in the conversation, from 0."),
        tr("Who wrote the turn: user, assistant, system or tool."),
        tr("The assistant reply's number, from 1; empty for other turns."),
        tr("How many assistant replies the conversation has."),
        tr("How many ratings the participant (\"self\") gave the turn; 0: unrated."),
        tr("The rules of break detection that fired on the reply, separated by \";\": %1.")
            .arg(rules.join(QLatin1String(", "))),
        tr("1 when the participant flagged a continuity break at this reply, else 0."),
        tr("The reason the participant gave for the break (see break_reason above)."),
        tr("The turn_index of the turn the assistant lost (the one the break refers to); empty "
           "when none was named."),
        tr("The key of the study condition a live conversation was held with; empty for an "
           "imported conversation."),
        tr("The sitting of a live conversation the turn belongs to, from 1: each time the "
           "conversation is resumed a new session begins; empty for an imported conversation.")};
    const QStringList turnHeader = turnColumns();
    for (int i = 0; i < turnHeader.size() && i < turnMeanings.size(); ++i)
        out += row({QStringLiteral("`%1`").arg(turnHeader[i]), turnMeanings[i]});

    out += QStringLiteral("\n## ") + tr("Participants (`*.participants.csv`)")
        + QStringLiteral("\n\n");
    out += row({tr("Column"), tr("Meaning")}) + QStringLiteral("|---|---|\n");
    const QStringList peopleHeader = participantColumns(profileKeys);
    out += row({QStringLiteral("`participant`"), tr("The participant's code.")});
    out += row({QStringLiteral("`pseudonym`"),
                tr("Their pseudonym in anonymised bundles (stable for the data set).")});
    out += row({QStringLiteral("`conversations`"), tr("Their conversations in the export.")});
    out += answerRows(protocol.profile, profileKeys, peopleHeader.mid(3), tr("Profile"));

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

    for (const Form &form : {protocol.context, protocol.profile})
        if (!form.fields.isEmpty()) // a protocol need not ask anything per conversation
            out += formSection(form);
    return out;
}

} // namespace sense7::exporter
