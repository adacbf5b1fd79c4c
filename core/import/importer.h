#pragma once

#include "error.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace sense7 {

class Store;

namespace import {

struct Options
{
    QString format; // empty: detected from the content
    QString participant; // empty: the file's own, else the data set's only participant
    QString agent; // empty: the file's own assistant label
};

/** What one file's import did. */
struct Summary
{
    QString file;
    QString format;
    int imported = 0; // conversations added
    int alreadyPresent = 0; // conversations the data set had already (same content)
    int skipped = 0; // entries skipped, with a warning each
    qint64 turns = 0;
    qint64 ratings = 0;
    int merged = 0; // conversations already present that gained ratings, flags or notes
    int conflicts = 0; // disagreements with what the data set has: reported, never overwritten
    int feedbackRepeated = 0; // ESConv feedback given twice for one turn: the later is kept
    int feedbackSpanning = 0; // ESConv feedback after two or more supporter messages in a row
    QStringList warnings;

    QString text() const; // one line for people
};

/** Thrown when the user cancels; the data set is as it was. */
class Cancelled : public Error
{
public:
    using Error::Error;
};

/** The format keys the importer knows, for --format. */
QStringList formats();
/** The format of \a path, told from its content; throws Error when it cannot tell. */
QString detectFormat(const QString &path);

/**
 * Imports files into a store, one transaction a file: an error or a cancel leaves the data set
 * exactly as it was, and a conversation already present (same content) is not added again.
 * Parsing runs on a worker thread while the calling thread (the store's) writes. Progress is
 * reported on the calling thread; cancel() may be called from anywhere, e.g. a progress dialog.
 */
class Importer
{
    Q_DECLARE_TR_FUNCTIONS(sense7::import::Importer)

public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    explicit Importer(Store &store);

    void setProgress(Progress progress) { m_progress = std::move(progress); }
    void cancel() { m_cancel = true; }
    bool isCancelled() const { return m_cancel; }

    Summary importFile(const QString &path, const Options &options = {});

private:
    Store &m_store;
    Progress m_progress;
    std::atomic<bool> m_cancel {false};
};

} // namespace import
} // namespace sense7
