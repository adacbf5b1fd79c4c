#pragma once

// The study server's side of a sync (sync.h): the PostgreSQL statements a participant's login
// runs. Row-level security limits every statement to the participant's own rows.

#include "error.h"
#include "server/pg.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace sense7::sync::server {

/** One change as pushed: this machine's seq, its kind, payload and time ("…Z"). */
struct Change
{
    qint64 seq = 0;
    QString kind;
    QJsonObject payload;
    QString at;
};

/** A change pulled from another machine, with the time and machine of the value that won. */
struct Pulled
{
    qint64 serverSeq = 0;
    QString machine;
    QString kind;
    QJsonObject payload;
    QString at;
    QString winnerAt; // empty when the server keeps no time for the cell
    QString winnerMachine; // empty when the server keeps no machine for the cell
    /** A live conversation's condition, turns and sessions as the server holds them now. */
    QJsonObject current;
};

/** Connects as a participant, in UTC. */
std::unique_ptr<pg::Connection> connect(const QString &url, const QString &password);

/** Whether the connection to the server was lost. */
bool isBroken(pg::Connection &db);

/** The participant code of the connected login; throws Error when it is not a participant's. */
QString participantCode(pg::Connection &db);
/** The connected participant's assignment as the server holds it; empty when none. */
QJsonObject assignment(pg::Connection &db);
/** The study protocol's canonical JSON as the server stores it. */
QByteArray protocolDefinition(pg::Connection &db);

/**
 * A push refused, with nothing written, because it would replace turns of a live conversation
 * that another machine wrote at the same places first: both went on from the same turn. The
 * pushing machine moves its continuation after the server's and pushes again (sync.cpp).
 */
class Diverged : public Error
{
public:
    Diverged(QString message, QString conversation)
        : Error(std::move(message))
        , m_conversation(std::move(conversation))
    { }
    /** The conversation's uid. */
    const QString &conversation() const noexcept { return m_conversation; }

private:
    QString m_conversation;
};

/**
 * Pushes \a changes in one transaction: each is added to the change log unless it is there
 * already (a batch sent again after a crash), and applied to the state tables where it is later
 * than what they hold. Returns how many were new. Throws Diverged when a live conversation's
 * turns would replace other turns at the same places (same turn: same role and time).
 */
qint64 push(pg::Connection &db, const QString &participant, const QString &machine,
            const QVector<Change> &changes);

/** The live conversations \a uids as the server holds them: condition, turns and sessions. */
QHash<QString, QJsonObject> liveStates(pg::Connection &db, const QJsonArray &uids);

/** At most \a limit changes of the participant's other machines after \a afterServerSeq. */
QVector<Pulled> pull(pg::Connection &db, const QString &machine, qint64 afterServerSeq, int limit);

} // namespace sense7::sync::server
