// ESConv (Liu et al., 2021): emotional-support conversations between a seeker and a supporter.
// Seeker utterances may carry a 1-5 "feedback" rating of the supporter's preceding reply; each
// dialogue has a "survey_score" with per-conversation empathy, relevance and emotion intensity.
// Feedback becomes the turn-level esconv/feedback rating of the supporter turn it follows; when
// two feedback ratings land on the same supporter turn, the later one is kept and every value
// stays in that turn's meta ("feedback_history"), with a warning. Feedback that follows two or
// more supporter messages in a row is attached to the last of them, and that turn's meta
// ("feedback_span") lists the indexes of all of them. The supporter's survey (its "relevance":
// how far the seeker went into detail) becomes esconv/supporter_relevance, rated by the observer
// "esconv-supporter".

#include "imported.h"
#include "readers.h"
#include "readerutil.h"

#include <QJsonArray>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

/** A 1-5 score given as a number or a numeric string; nullopt when absent. */
std::optional<int> score(const Json &value, const QString &where, const char *name)
{
    if (value.is_null())
        return std::nullopt;
    bool ok = false;
    int n = 0;
    if (value.is_number_integer()) {
        n = value.get<int>();
        ok = true;
    } else if (value.is_string()) {
        n = qs(value.get<std::string>()).trimmed().toInt(&ok);
    }
    if (!ok || n < 1 || n > 5)
        throw Error(tr("%1: \"%2\" must be a score from 1 to 5, not %3.")
                        .arg(where, QString::fromLatin1(name), qs(value.dump())));
    return n;
}

/** True for a score of 0 given as a number or a numeric string. */
bool isZero(const Json &value)
{
    if (value.is_number_integer())
        return value.get<int>() == 0;
    bool ok = false;
    return value.is_string() && qs(value.get<std::string>()).trimmed().toInt(&ok) == 0 && ok;
}
} // namespace

std::optional<Role> roleFromSpeaker(const QString &speaker); // sharegpt.cpp

void readEsconv(QIODevice &in, const QString &source, ImportSink &sink)
{
    const auto instruments = std::make_shared<const QVector<Instrument>>(
        QVector<Instrument> {taxonomy::load(QStringLiteral(":/sense7/taxonomy/esconv.json"))});
    forEachElement(
        in, source, sink, tr("dialogue"), [&](const Json &entry, const JsonArrayReader &array) {
            const QString what = describe(tr("dialogue"), array.index(), QString());
            const QString where =
                QStringLiteral("%1: %2 (%3)").arg(source, what, array.startPosition());
            const Json &dialog = child(entry, "dialog");
            if (!dialog.is_array())
                throw Error(tr("%1: it has no \"dialog\" list.").arg(where));

            ImportedConversation c;
            c.where = where;
            c.instruments = instruments;
            c.participant = QStringLiteral("esconv-%1").arg(array.index(), 5, 10, QLatin1Char('0'));
            c.conversation.sourceFormat = QStringLiteral("esconv");
            c.conversation.sourceId = QString::number(array.index());
            c.sourceIdMade = true; // its place in the file
            c.conversation.agent = QStringLiteral("esconv-supporter");
            for (const char *key :
                 {"emotion_type", "problem_type", "experience_type", "situation"}) {
                const QString value = stringAt(entry, key);
                if (!value.isEmpty())
                    c.conversation.context.insert(QString::fromLatin1(key), value);
            }
            c.conversation.title = stringAt(entry, "problem_type");
            if (!c.conversation.title.isEmpty() && !stringAt(entry, "emotion_type").isEmpty())
                c.conversation.title +=
                    QStringLiteral(" (%1)").arg(stringAt(entry, "emotion_type"));

            int lastSupporter = -1;
            QJsonArray run; // the last supporter messages in a row, as turn indexes
            QHash<int, QJsonArray> history;
            int position = 0;
            for (const Json &utterance : dialog) {
                ++position;
                const QString speaker = stringAt(utterance, "speaker");
                const auto role = roleFromSpeaker(speaker);
                if (!role || (*role != Role::User && *role != Role::Assistant))
                    throw Error(
                        tr("%1: utterance %2 has speaker \"%3\"; expected seeker or supporter.")
                            .arg(where, QString::number(position), speaker));
                if (!child(utterance, "content").is_string())
                    throw Error(tr("%1: utterance %2 has no text (\"content\").")
                                    .arg(where, QString::number(position)));
                Turn turn;
                turn.role = *role;
                turn.text = stringAt(utterance, "content").trimmed();
                const Json &annotation = child(utterance, "annotation");
                const QString strategy = stringAt(annotation, "strategy");
                if (!strategy.isEmpty())
                    turn.meta.insert(QStringLiteral("strategy"), strategy);
                const QString at =
                    QStringLiteral("%1, utterance %2").arg(where, QString::number(position));
                if (const auto feedback = score(child(annotation, "feedback"), at, "feedback")) {
                    if (*role != Role::User || lastSupporter < 0) {
                        sink.warning(
                            tr("%1: feedback with no supporter reply before it was ignored.")
                                .arg(at));
                    } else {
                        QJsonArray &values = history[lastSupporter];
                        values.append(*feedback);
                        if (run.size() > 1) {
                            ++c.feedbackSpanning;
                            c.turns[lastSupporter].meta.insert(QStringLiteral("feedback_span"),
                                                               run);
                        }
                        if (values.size() > 1) {
                            ++c.feedbackRepeated;
                            c.notices << tr("%1: a second feedback for the same supporter turn; "
                                            "the later one (%2) is kept.")
                                             .arg(at, QString::number(*feedback));
                            for (ImportedRating &r : c.ratings) {
                                if (r.turnIndex == lastSupporter)
                                    r.value = *feedback;
                            }
                        } else {
                            ImportedRating r;
                            r.turnIndex = lastSupporter;
                            r.dimension = QStringLiteral("esconv/feedback");
                            r.value = *feedback;
                            c.ratings.append(r);
                        }
                    }
                }
                if (*role == Role::Assistant) {
                    if (lastSupporter != int(c.turns.size()) - 1)
                        run = QJsonArray();
                    lastSupporter = int(c.turns.size());
                    run.append(lastSupporter);
                }
                c.turns.append(std::move(turn));
            }
            for (auto it = history.begin(); it != history.end(); ++it) {
                if (it.value().size() > 1)
                    c.turns[it.key()].meta.insert(QStringLiteral("feedback_history"), it.value());
            }
            if (c.turns.isEmpty()) {
                sink.warning(tr("%1 has no utterances and was skipped.").arg(where));
                return;
            }
            const Json &survey = child(entry, "survey_score");
            const Json &seeker = child(survey, "seeker");
            for (const char *key :
                 {"empathy", "relevance", "initial_emotion_intensity", "final_emotion_intensity"}) {
                if (const auto value = score(child(seeker, key), where, key)) {
                    ImportedRating r;
                    r.dimension = QStringLiteral("esconv/") + QString::fromLatin1(key);
                    r.value = value;
                    c.ratings.append(r);
                }
            }
            // The supporter's survey: how far the seeker went into detail. A 0 there, which ESConv
            // has in places, is no point of its 1-5 scale: said, and not imported.
            const Json &supporterRelevance = child(child(survey, "supporter"), "relevance");
            if (isZero(supporterRelevance)) {
                c.notices << tr("%1: the supporter's survey gives \"relevance\" 0, which is not "
                                "on its 1-5 scale; it was not imported.")
                                 .arg(where);
            } else if (const auto value =
                           score(supporterRelevance, tr("%1, the supporter's survey").arg(where),
                                 "relevance")) {
                ImportedRating r;
                r.dimension = QStringLiteral("esconv/supporter_relevance");
                r.annotator = QStringLiteral("esconv-supporter");
                r.kind = AnnotatorKind::Observer;
                r.value = value;
                c.ratings.append(r);
            }
            sink.conversation(std::move(c));
        });
}

} // namespace sense7::import
