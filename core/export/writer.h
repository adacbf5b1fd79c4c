#pragma once

#include "browse/filter.h"
#include "error.h"
#include "export/redact.h"
#include "forms.h"
#include "keys.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>

class QIODevice;

namespace sense7 {
class Store;
}

/**
 * Writing a data set out: the tidy CSV (one row per rating, beside it one row per turn and one per
 * participant) with its codebook, JSON Lines (one
 * conversation a line), and the Sense-7 bundle, the native exchange file the importer reads back
 * (import/bundle.cpp documents the format). A participant's bundle can be anonymised: a
 * pseudonymous participant code, redacted text, or ratings only.
 */
namespace sense7::exporter {
enum class Format { Csv, Jsonl, Bundle };
} // namespace sense7::exporter

namespace sense7 {
template<>
struct KeyTable<exporter::Format>
{
    static const KeyEntry<exporter::Format> entries[3];
};
} // namespace sense7

namespace sense7::exporter {

inline std::optional<Format> formatFromKey(const QString &key)
{
    return fromKey<Format>(key);
}

/** How a participant's bundle leaves the machine. */
struct Anonymise
{
    bool enabled = false;
    QString participantCode; // replaces every participant's code; empty: pseudonym()
    QStringList terms; // names, a company: removed as whole words
    bool ratingsOnly = false; // no message text at all
};

struct Options
{
    browse::Filter filter;
    Anonymise anonymise;
};

/**
 * Called now and then with the conversations written and the total; returning false cancels the
 * export, which then throws Cancelled and removes what it wrote.
 */
using Progress = std::function<bool(qint64 done, qint64 total)>;

class Cancelled : public Error
{
public:
    using Error::Error;
};

/** What an export wrote. */
struct Summary
{
    qint64 conversations = 0;
    qint64 turns = 0;
    qint64 ratings = 0;
    qint64 redactions = 0;
    QStringList files;
};

/** The ids of the conversations \a filter selects, in id order. */
QVector<qint64> selectConversations(const Store &store, const browse::Filter &filter);

/**
 * A stable pseudonym for a participant ("P-" and ten hex digits), the same for every export from
 * this data set, and not the code it stands for.
 */
QString pseudonym(const Store &store, qint64 participantId);

/**
 * One conversation as the bundle and JSON Lines write it: its fields, turns, ratings, flags,
 * notes and context form, anonymised by \a anonymise (with \a redactor, counting into
 * \a redactions when not null).
 */
QJsonObject conversationJson(const Store &store, qint64 conversationId,
                             const Anonymise &anonymise = {},
                             const redact::Redactor *redactor = nullptr,
                             qint64 *redactions = nullptr);

/**
 * Writes \a format to \a path: atomically (a temporary file renamed into place), so a failed or
 * cancelled export leaves nothing half-written. CSV also writes the codebook beside it
 * (codebookPath()). Throws Error naming the file.
 */
Summary write(const Store &store, Format format, const QString &path, const Options &options = {},
              const Progress &progress = {});

/** "data.csv" -> "data.codebook.md". */
QString codebookPath(const QString &csvPath);
/** "data.csv" -> "data.turns.csv": every turn, rated or not, a row. */
QString turnsPath(const QString &csvPath);
/** "data.csv" -> "data.participants.csv": a participant a row, with the profile's answers. */
QString participantsPath(const QString &csvPath);

/**
 * The keys of a form's answers as columns: the form's fields in its order, then every other key
 * \a stored holds (an importer's fields, such as ESConv's emotion_type), sorted.
 */
QStringList answerKeys(const Form &form, const QVector<QJsonObject> &stored);

/**
 * The codebook of the tables: their columns, each instrument's dimensions with question and
 * anchors, and the forms. \a contextKeys and \a profileKeys are the answer columns the tables
 * have (answerKeys(); the forms' fields when empty).
 */
QString codebook(const Store &store, const QStringList &contextKeys = {},
                 const QStringList &profileKeys = {});

/**
 * The ratings CSV's header: the fixed columns, then \a contextKeys (answerKeys() of the data
 * set's context form), each prefixed "context_" where it would repeat a fixed column. A protocol
 * without a context form and conversations without context have none.
 */
QStringList csvColumns(const QStringList &contextKeys);
/** The turns table's header. */
QStringList turnColumns();
/** The participants table's header: the fixed columns, then \a profileKeys. */
QStringList participantColumns(const QStringList &profileKeys);

} // namespace sense7::exporter
