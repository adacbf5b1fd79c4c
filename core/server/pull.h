#pragma once

#include "progress.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace sense7 {
class Store;
}

namespace sense7::server {

namespace pulled {
class Snapshot;
}

/** What one pull from a study server wrote into the local data set. */
struct PullSummary
{
    QString path; // the local data set
    bool created = false; // the data set did not exist and was made under the server's protocol
    bool incremental = false; // a later pull: only what changed since the last one was read
    qint64 upto = 0; // the server's change sequence number the data set now holds up to
    int participantsRead = 0; // participants whose rows were read
    int participantsAdded = 0;
    QStringList withdrawn; // codes of participants removed because they withdrew
    qint64 conversations = 0; // conversations added
    qint64 turns = 0; // their turns, and the turns live conversations held already grew by
    qint64 continued = 0; // live conversations held already that grew (turns or sittings)
    qint64 ratings = 0; // turn ratings written (new, changed or cleared)
    qint64 conversationRatings = 0;
    qint64 flags = 0;
    qint64 notes = 0;
    qint64 contexts = 0; // context answers: of new conversations, and changed ones
    qint64 profiles = 0; // profile answers: of new participants, and changed ones
    QStringList warnings; // what was left out, and why

    qint64 changes() const
    {
        return conversations + continued + ratings + conversationRatings + flags + notes + contexts
            + profiles + withdrawn.size();
    }
    QString text() const;
    QJsonObject toJson() const;
};

/**
 * Pulls a study server's data into a local data set (the researcher's analysis copy): made under
 * the server's protocol when it does not exist, refused when it exists under an incompatible one.
 * The first pull reads everything with COPY; a later one only the participants with changes the
 * server received since (change.server_seq above the data set's 'pull' mark). Everything is
 * written in one transaction with the new mark: a failed or cancelled pull leaves the data set as
 * it was (a first pull that fails leaves no file). A participant who withdrew is removed from the
 * data set with all their rows.
 */
class Puller
{
    Q_DECLARE_TR_FUNCTIONS(sense7::server::Puller)

public:
    /** \a url: a libpq connection string or postgresql:// URL; \a password when not in it. */
    explicit Puller(QString url, QString password = {});

    /** Conversations written out of those to write; cancel() stops at the next batch. */
    Progress &progress() { return m_progress; }
    /** Called with a line for people at each stage ("Reading 1,200 conversations…"). */
    void setLog(std::function<void(const QString &)> log) { m_log = std::move(log); }

    /** Throws Error (naming the server or the file) and writes nothing on failure. */
    PullSummary pull(const QString &path);

private:
    /** Reads the server into \a store (summary.path) and writes it, with the new mark. */
    void read(pulled::Snapshot &server, Store &store, PullSummary &summary);

    QString m_url;
    QString m_password;
    Progress m_progress;
    std::function<void(const QString &)> m_log;
};

} // namespace sense7::server
