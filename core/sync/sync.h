#pragma once

// Syncing a participant's data set with the study server (PostgreSQL): joining the study, and
// rounds that push every committed change from the journals and pull what the participant's
// other machines pushed. The local data set stays the working copy; the server is where the
// study meets. See DESIGN.md, "Study server".

#include "protocol.h"
#include "store_sync.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace sense7 {
class Store;
}

namespace sense7::sync {

/** What of a conversation leaves the machine: everything, text redacted as the bundle does, or
 * the ratings only (turn text empty). Ratings, flags, notes and forms go in every case. */
enum class Sharing { Full, Redacted, Ratings };
QString sharingKey(Sharing sharing);
std::optional<Sharing> sharingFromKey(const QString &key);

/** \a url without its password, for recording and messages. */
QString urlWithoutPassword(const QString &url);
/** The password \a url holds; empty when none. */
QString passwordOfUrl(const QString &url);
/** A new random machine id (16 hex digits). */
QString newMachineId();

/** What joining connects to: the study's protocol and the participant the login belongs to. */
struct Study
{
    QString url; // without the password
    QString participant;
    Protocol protocol;
    QJsonObject assignment; // the participant's live conditions ({"position", "conditions"})
};
/** Connects to \a url and reads the study; throws Error (pg::ConnectError when unreachable). */
Study inspect(const QString &url, const QString &password);

/** What a join would share, for the participant to consent to. */
struct Preview
{
    Sharing sharing = Sharing::Full;
    qint64 conversations = 0;
    qint64 turns = 0;
    qint64 ratings = 0;
    QString sample; // the first message as it would leave the machine
    QStringList protocolDifferences; // how the data set's protocol differs (empty: the same)
    QString consent; // the study's consent text
    /** The preview in words, several lines. */
    QString describe() const;
};
Preview preview(const Store &store, const Study &study, Sharing sharing);

/**
 * Joins \a study: the data set takes the server's protocol and records the server, the
 * participant, a random machine id (the one recorded before when joining the same server again)
 * and the sharing rule with the time of consent, and the participant's assignment to the live
 * conditions when the study has one. Never records the password. Refuses, changing
 * nothing, when the data set holds data under a protocol the study's cannot take, or has joined
 * another server.
 */
syncstore::Link join(Store &store, const Study &study, Sharing sharing);

/** Two machines changed the same thing since they last met; the later edit was kept. */
struct Conflict
{
    QString kind; // rating, flag, note, …
    QString conversation; // uid
    int turn = -1; // -1: not a turn's
    QString dimension; // instrument/dimension for ratings
    QString keptMachine; // whose edit was kept
    QString localAt;
    QString remoteAt;
    // kind "assignment": the conditions this machine held and the server's, which it took
    QString local;
    QString remote;
    QString describe() const;
};

/** What one round did. */
struct Result
{
    qint64 pushed = 0; // changes the server took in this round
    qint64 pulled = 0; // changes of other machines applied here
    QVector<Conflict> conflicts;
    qint64 waiting = 0; // changes not yet on the server after the round
    bool offline = false; // the server could not be reached (or was lost mid-round)
    QString error; // why the round stopped; empty when it completed
    QString at; // when it completed ("…Z"); empty when it did not

    bool ok() const { return error.isEmpty(); }
    QJsonObject toJson() const;
};

/** Changes committed locally and not yet acknowledged by the server. */
qint64 waitingChanges(const Store &store);

struct Options
{
    int batchSize = 300; // changes per server transaction
    /** Called after each batch the server committed, with the changes pushed so far. */
    std::function<void(qint64 pushed)> afterBatch;
    /**
     * Called once every waiting change was pushed, before pulling: twice in a round whose pull
     * moved turns here (Store::moveDivergedTurns), which pushes and pulls again.
     */
    std::function<void()> beforePull;
};

/**
 * One round: pushes every waiting change in batches (each one server transaction; the local
 * marks advance only after its COMMIT), then pulls the participant's other machines' changes.
 * Never throws for an unreachable or lost server: the result says offline and how many changes
 * wait. Throws Error when the data set has not joined a study.
 */
Result run(Store &store, const QString &password, const Options &options = {});

} // namespace sense7::sync
