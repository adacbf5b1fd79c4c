// Sense-7 bundle: the native exchange file (one participant's or a whole study's data, with
// the instruments it uses). Format, version 1:
// {"format": "sense7-bundle", "version": 1, "exported_at", "program",
//  "instruments": [{"key", "definition": {...instrument JSON...}}],
//  "protocol" (optional: the study protocol, {"key", "fingerprint", "definition": {...}};
//              bundles without one were made before protocols and count as SENSE-7 ones),
//  "anonymised" (optional: true when codes, hashes and text are anonymised),
//  "participants": [{"code", "profile",
//                    "pseudonym" (optional, plain bundles: the code in anonymised ones),
//                    "assignment" (optional: the live conditions assigned to them,
//                                  {"position", "conditions": [keys in the order met]})}],
//  "conversations": [{"participant", "source_format", "source_id", "agent", "title",
//     "started_at", "context", "turns": [{"role", "text", "created_at", "meta"}],
//     "condition" (optional: a live conversation's condition key), "sessions" (optional, live
//       conversations: [{"started_at", "ended_at" (null while open), "first_turn"}], in order),
//     "ratings": [{"turn" (index, or null for the conversation), "dimension": "instrument/key",
//                  "annotator", "annotator_kind", "value" (null: not applicable)}],
//     "flags": [{"turn", "annotator", "annotator_kind", "reason", "refers_to", "note"}],
//     "notes": [{"turn", "annotator", "annotator_kind", "text"}],
//     "content_hash" (optional: 32 hex digits; an anonymised bundle's stand-in for the hash of
//                     the original text), "anonymised_hash" (optional, plain bundles: that
//                     stand-in), "provenance" (optional: where it came from before)}]}
// Bundles are one person's or one study's data, so the file is parsed as a whole. The optional
// fields let a study recognise the same conversation and participant in a plain and an
// anonymised bundle (identity.h); bundles written before they existed are recognised too: the
// stand-in is derived from a plain content hash, and a content hash that is not the hash of the
// conversation's own text is a stand-in already — except for a live conversation's, which is
// random (Store::startLiveConversation) and so never the hash of its text.

#include "imported.h"
#include "readers.h"
#include "readerutil.h"

#include <QIODevice>
#include <QRegularExpression>
#include <QSet>

#include <limits>

namespace sense7::import {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::import", text);
}

AnnotatorKind kindAt(const Json &node, const QString &where)
{
    const QString key = stringAt(node, "annotator_kind");
    if (key.isEmpty())
        return AnnotatorKind::Self;
    const auto kind = annotatorKindFromKey(key);
    if (!kind)
        throw Error(
            tr("%1: the annotator kind \"%2\" is not self, observer or model.").arg(where, key));
    return *kind;
}

/** Who made a rating, flag or note: "annotator", "self" when absent. */
QString annotatorAt(const Json &node)
{
    const QString code = stringAt(node, "annotator");
    return code.isEmpty() ? QStringLiteral("self") : code;
}

/** \a value as an int when it is a whole number an int holds (never wrapped round). */
std::optional<int> wholeInt(const Json &value)
{
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<int>::max())
            ? std::optional<int>(int(value.get<std::uint64_t>()))
            : std::nullopt;
    if (!value.is_number_integer())
        return std::nullopt;
    const auto n = value.get<std::int64_t>();
    return n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max()
        ? std::optional<int>(int(n))
        : std::nullopt;
}

std::optional<int> turnAt(const Json &node, int turns, const QString &where, bool allowNull)
{
    const Json &turn = child(node, "turn");
    if (turn.is_null() && allowNull)
        return std::nullopt;
    const std::optional<int> index = wholeInt(turn);
    if (!index || *index < 0 || *index >= turns)
        throw Error(tr("%1: \"turn\" must be the index of one of the %2 turns.")
                        .arg(where, QString::number(turns)));
    return index;
}

/** A date and time in a session, or an error naming \a where and \a key. */
QDateTime sessionTime(const Json &node, const char *key, const QString &where, bool allowNull)
{
    const Json &value = child(node, key);
    if (value.is_null() && allowNull)
        return {};
    QDateTime when = value.is_string() ? fromIso(stringAt(node, key)) : QDateTime();
    if (!when.isValid())
        throw Error(tr("%1: \"%2\" must be a date and time (ISO 8601)%3.")
                        .arg(where, QLatin1String(key),
                             allowNull ? tr(", or null while the session is open") : QString()));
    return when;
}

/** The sittings of a live conversation of \a turns turns, checked. */
QVector<LiveSession> sessionsAt(const Json &node, int turns, const QString &where)
{
    const Json &list = child(node, "sessions");
    if (list.is_null())
        return {};
    if (!list.is_array())
        throw Error(tr("%1: \"sessions\" must be a list.").arg(where));
    if (!list.empty() && stringAt(node, "condition").isEmpty())
        throw Error(tr("%1: it has \"sessions\" but no \"condition\"; only live conversations "
                       "have sessions.")
                        .arg(where));
    QVector<LiveSession> result;
    int number = 0;
    for (const Json &s : list) {
        const QString at = tr("%1, session %2").arg(where, QString::number(++number));
        if (!s.is_object())
            throw Error(tr("%1: a session must be an object.").arg(at));
        LiveSession session;
        session.startedAt = sessionTime(s, "started_at", at, false);
        session.endedAt = sessionTime(s, "ended_at", at, true);
        const Json &first = child(s, "first_turn");
        const int previous = result.isEmpty() ? 0 : result.constLast().firstTurnIndex;
        if (!first.is_number_integer() || first.get<qint64>() < previous
            || first.get<qint64>() > turns)
            throw Error(tr("%1: \"first_turn\" must be the index of the turn the session began "
                           "at, from %2 to %3 (sessions are in order).")
                            .arg(at, QString::number(previous), QString::number(turns)));
        session.firstTurnIndex = first.get<int>();
        if (session.endedAt.isValid() && session.endedAt < session.startedAt)
            throw Error(tr("%1: the session ends before it starts.").arg(at));
        result.append(session);
    }
    return result;
}

/** A participant's live assignment, checked; nullopt when the bundle gives none. */
std::optional<Assignment> assignmentAt(const Json &node, const QString &where)
{
    const Json &value = child(node, "assignment");
    if (value.is_null())
        return std::nullopt;
    const Json &position = child(value, "position");
    const Json &conditions = child(value, "conditions");
    const auto fail = [&] {
        return Error(tr("%1: \"assignment\" must be {\"position\": a whole number from 0, "
                        "\"conditions\": a list of condition keys}.")
                         .arg(where));
    };
    if (!value.is_object() || !position.is_number_integer() || position.get<qint64>() < 0
        || position.get<qint64>() > std::numeric_limits<int>::max() || !conditions.is_array()
        || conditions.empty())
        throw fail();
    Assignment result;
    result.position = position.get<int>();
    for (const Json &key : conditions) {
        if (!key.is_string() || key.get_ref<const std::string &>().empty())
            throw fail();
        result.conditions.append(qs(key.get_ref<const std::string &>()));
    }
    return result;
}
} // namespace

void readBundle(QIODevice &in, const QString &source, ImportSink &sink)
{
    const QByteArray data = in.readAll();
    const Json root =
        json::parse(data.constBegin(), data.constEnd(), [&](const json::ParseFailure &f) {
            if (!f.syntax) // a number too large for a double, and the like
                return tr("%1: not valid JSON: %2").arg(source, f.detail);
            return tr("%1: not valid JSON at byte %2.").arg(source, QString::number(f.byte));
        });
    // Before anything is copied or written out (both recurse), and so that what it keeps stays
    // within what SQLite's json_valid() accepts (readerutil.h).
    refuseDeeperThan(root, maxBundleDepth, source);
    if (stringAt(root, "format") != QLatin1String("sense7-bundle"))
        throw Error(tr("%1: this is not a Sense-7 bundle.").arg(source));
    if (child(root, "version") != 1)
        throw Error(tr("%1: bundle version %2 is not supported; this version reads version 1.")
                        .arg(source, qs(child(root, "version").dump())));

    auto instruments = std::make_shared<QVector<Instrument>>();
    int position = 0;
    for (const Json &node : child(root, "instruments")) {
        ++position;
        const QString where = tr("%1: instrument %2").arg(source, QString::number(position));
        const Json &definition = child(node, "definition");
        if (!definition.is_object())
            throw Error(tr("%1: it has no \"definition\".").arg(where));
        instruments->append(taxonomy::parse(QByteArray::fromStdString(definition.dump()), where));
    }
    // The protocol the data was made under, with the instruments its ratings use.
    QSet<QString> used;
    for (const Json &node : child(root, "conversations")) {
        for (const Json &r : child(node, "ratings")) {
            const QString dimension = stringAt(r, "dimension");
            used.insert(dimension.left(dimension.indexOf(QLatin1Char('/'))));
        }
    }
    auto made = std::make_shared<Protocol>();
    const Json &protocolNode = child(root, "protocol");
    const bool assumed = !protocolNode.is_object();
    if (assumed) {
        *made = protocol::sense7();
    } else {
        const Json &definition = child(protocolNode, "definition");
        if (!definition.is_object())
            throw Error(tr("%1: its \"protocol\" has no \"definition\".").arg(source));
        *made = protocol::parseStored(QByteArray::fromStdString(definition.dump()),
                                      tr("%1, its protocol").arg(source));
    }
    made->instruments.clear();
    for (const Instrument &instrument : std::as_const(*instruments)) {
        if (used.contains(instrument.key))
            made->instruments.append(instrument);
    }
    const std::shared_ptr<const Protocol> madeUnder = made;
    const bool anonymised = child(root, "anonymised").is_boolean() && child(root, "anonymised");
    QHash<QString, QJsonObject> profiles;
    QHash<QString, QString> pseudonyms;
    QHash<QString, Assignment> assignments;
    position = 0;
    for (const Json &node : child(root, "participants")) {
        ++position;
        const QString code = stringAt(node, "code");
        if (code.isEmpty())
            throw Error(tr("%1: a participant has no code.").arg(source));
        profiles.insert(
            code,
            toQt(child(node, "profile"),
                 tr("%1: participant %2 (\"%3\")").arg(source, QString::number(position), code),
                 maxBundleDepth));
        if (const auto assignment = assignmentAt(
                node,
                tr("%1: participant %2 (\"%3\")").arg(source, QString::number(position), code)))
            assignments.insert(code, *assignment);
        // In an anonymised bundle the code is the name the participant goes by.
        const QString pseudonym = anonymised ? code : stringAt(node, "pseudonym");
        if (!pseudonym.isEmpty())
            pseudonyms.insert(code, pseudonym);
    }
    const QJsonObject provenance {{QStringLiteral("bundle"), source},
                                  {QStringLiteral("exported_at"), stringAt(root, "exported_at")},
                                  {QStringLiteral("program"), stringAt(root, "program")}};
    const Json &conversations = child(root, "conversations");
    if (!conversations.is_array())
        throw Error(tr("%1: it has no \"conversations\" list.").arg(source));
    const std::shared_ptr<const QVector<Instrument>> shared = instruments;
    position = 0;
    for (const Json &node : conversations) {
        if (sink.cancelled())
            return;
        ++position;
        ImportedConversation c;
        c.where = QStringLiteral("%1: %2").arg(
            source, describe(tr("conversation"), position, stringAt(node, "title")));
        c.instruments = shared;
        c.protocol = madeUnder;
        c.protocolAssumed = assumed;
        c.participant = stringAt(node, "participant");
        if (c.participant.isEmpty())
            throw Error(tr("%1: it has no participant.").arg(c.where));
        c.participantProfile = profiles.value(c.participant);
        c.participantPseudonym = anonymised ? c.participant : pseudonyms.value(c.participant);
        if (const auto it = assignments.constFind(c.participant); it != assignments.constEnd())
            c.participantAssignment = *it;
        Conversation &conv = c.conversation;
        conv.sourceFormat = stringAt(node, "source_format");
        if (conv.sourceFormat.isEmpty())
            conv.sourceFormat = QStringLiteral("bundle");
        conv.sourceId = stringAt(node, "source_id");
        conv.agent = stringAt(node, "agent");
        conv.title = stringAt(node, "title");
        conv.startedAt = fromIso(stringAt(node, "started_at"));
        conv.context = toQt(child(node, "context"), c.where, maxBundleDepth);
        conv.provenance = provenance;
        if (child(node, "provenance").is_object())
            conv.provenance.insert(QStringLiteral("earlier"),
                                   toQt(child(node, "provenance"), c.where, maxBundleDepth));
        conv.contentHash = stringAt(node, "content_hash");
        static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{32}$"));
        if (!conv.contentHash.isEmpty() && !hex.match(conv.contentHash).hasMatch())
            throw Error(tr("%1: \"content_hash\" must be 32 hexadecimal digits.").arg(c.where));
        conv.anonymisedHash = stringAt(node, "anonymised_hash");
        if (!conv.anonymisedHash.isEmpty() && !hex.match(conv.anonymisedHash).hasMatch())
            throw Error(tr("%1: \"anonymised_hash\" must be 32 hexadecimal digits.").arg(c.where));
        const Json &condition = child(node, "condition");
        if (!condition.is_null()) {
            if (!condition.is_string() || condition.get_ref<const std::string &>().empty())
                throw Error(tr("%1: \"condition\" must be the key of the live condition the "
                               "conversation was held with (text).")
                                .arg(c.where));
            conv.condition = qs(condition.get_ref<const std::string &>());
        }
        // By index, from 0, as a bundle's ratings, flags, notes and sessions name turns.
        int turnIndex = 0;
        for (const Json &t : child(node, "turns")) {
            const QString where =
                tr("%1, the turn at index %2").arg(c.where, QString::number(turnIndex++));
            const auto role = roleFromKey(stringAt(t, "role"));
            if (!role || !child(t, "text").is_string())
                throw Error(
                    tr("%1: a turn needs a role (user, assistant, system or tool) and a text.")
                        .arg(where));
            Turn turn;
            turn.role = *role;
            turn.text = stringAt(t, "text");
            turn.createdAt = fromIso(stringAt(t, "created_at"));
            turn.meta = toQt(child(t, "meta"), where, maxBundleDepth);
            c.turns.append(std::move(turn));
        }
        if (c.turns.isEmpty())
            throw Error(tr("%1: it has no turns.").arg(c.where));
        const int turns = int(c.turns.size());
        c.sessions = sessionsAt(node, turns, c.where);
        // A live conversation's plain content hash is random, never its text's: not a stand-in.
        const bool live = !conv.condition.isEmpty() || conv.sourceFormat == QLatin1String("live");
        if (!conv.contentHash.isEmpty() && conv.anonymisedHash.isEmpty()
            && (anonymised
                || (!live && contentHash(conv.sourceFormat, c.turns) != conv.contentHash)))
            conv.anonymisedHash = conv.contentHash; // a stand-in already
        // Each thing flagged or noted once a rater: a second, other one would silently take the
        // first's place; the same one again is the same thing (ratings: Writer).
        QHash<QString, std::pair<QString, QString>> given; // what -> (how, where)
        const auto once = [&given](const QString &what, const QString &how, const QString &at) {
            const auto first = given.constFind(what);
            if (first == given.cend()) {
                given.insert(what, {how, at});
                return true;
            }
            if (first->first == how)
                return false;
            throw Error(tr("%1: the same rater's %2 is given again (first: %3).")
                            .arg(at, what.section(QLatin1Char('\x1f'), 0, 0), first->second));
        };
        int entry = 0;
        for (const Json &r : child(node, "ratings")) {
            const QString at = tr("%1, rating %2").arg(c.where, QString::number(++entry));
            ImportedRating rating;
            rating.turnIndex = turnAt(r, turns, at, true).value_or(-1);
            rating.dimension = stringAt(r, "dimension");
            rating.annotator = annotatorAt(r);
            rating.kind = kindAt(r, at);
            rating.where = at;
            const Json &value = child(r, "value");
            if (const std::optional<int> number = wholeInt(value))
                rating.value = *number;
            else if (!value.is_null())
                throw Error(tr("%1: a rating value must be a whole number or null.").arg(at));
            c.ratings.append(rating);
        }
        entry = 0;
        for (const Json &f : child(node, "flags")) {
            const QString at = tr("%1, flag %2").arg(c.where, QString::number(++entry));
            ImportedFlag flag;
            flag.turnIndex = *turnAt(f, turns, at, false);
            flag.annotator = annotatorAt(f);
            flag.kind = kindAt(f, at);
            flag.where = at;
            flag.reason = stringAt(f, "reason");
            flag.note = stringAt(f, "note");
            const Json &refersTo = child(f, "refers_to");
            if (!refersTo.is_null()) {
                // The turn the conversation lost: any other than the flagged reply, as the
                // studio lets one pick it.
                const std::optional<int> lost = wholeInt(refersTo);
                if (!lost || *lost < 0 || *lost >= turns || *lost == flag.turnIndex)
                    throw Error(tr("%1: \"refers_to\" must be the index of one of the %2 turns "
                                   "other than the flagged one, or null.")
                                    .arg(at, QString::number(turns)));
                flag.refersTo = *lost;
            }
            if (once(tr("flag of turn %1").arg(flag.turnIndex) + QChar(0x1f) + flag.annotator,
                     flag.reason + QChar(0x1f) + flag.note + QChar(0x1f)
                         + QString::number(flag.refersTo.value_or(-1)),
                     at))
                c.flags.append(flag);
        }
        entry = 0;
        for (const Json &n : child(node, "notes")) {
            const QString at = tr("%1, note %2").arg(c.where, QString::number(++entry));
            ImportedNote note;
            note.turnIndex = *turnAt(n, turns, at, false);
            note.annotator = annotatorAt(n);
            note.kind = kindAt(n, at);
            note.where = at;
            note.text = stringAt(n, "text");
            if (once(tr("note on turn %1").arg(note.turnIndex) + QChar(0x1f) + note.annotator,
                     note.text, at)
                && !note.text.isEmpty())
                c.notes.append(note);
        }
        sink.conversation(std::move(c));
        sink.progress(qint64(data.size()) * position / qint64(conversations.size()));
    }
}

} // namespace sense7::import
