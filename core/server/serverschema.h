#pragma once

#include "pg.h"
#include "protocol.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

/**
 * The study server's schema on PostgreSQL: tables in the schema "sense7", the roles
 * sense7_researcher and sense7_participant, one login role per participant, and row-level
 * security so that a participant reads, inserts and updates only their own rows, deletes nothing
 * and cannot change the protocol. See docs and the README's "Running a study server".
 */
namespace sense7::server {

/**
 * The schema's format, recorded as the comment on the schema "sense7" (a restore without
 * comments loses it: installedVersion() then tells it from what the schema holds). 2: triggers
 * keep a live conversation's turns, its condition and its sittings' ends from clients before
 * data set format 12.
 */
constexpr int schemaVersion = 2;

/** The tables that hold a participant's data (each has participant_code), in deletion order. */
const QStringList &dataTables();

/** What add-participant hands out. The password is shown once and never stored in clear. */
struct Credentials
{
    QString code;
    QString role; // s7p_ + 12 random hex digits, never derived from the code
    QString password;
    QString url; // the server and database as that role, without the password
    QStringList conditions; // the live conditions assigned, in the order met; empty when none
};

/** One participant's line in status(). */
struct ParticipantStatus
{
    QString code;
    QDateTime createdAt;
    QDateTime withdrawnAt; // invalid while taking part
    qint64 machines = 0;
    qint64 conversations = 0;
    qint64 ratings = 0; // present turn and conversation ratings
    QDateTime lastSyncAt; // invalid: never synced
    /** The live conditions assigned (in the order met); else those the conversations were
     * held with; empty when neither. */
    QStringList conditions;
};

struct Status
{
    int schemaVersion = 0; // the server's, which may be older than server::schemaVersion
    QString protocolKey;
    QString protocolVersion;
    QString fingerprint;
    QVector<ParticipantStatus> participants;
};

/** Whether the database \a db is connected to holds a study (the schema "sense7"). */
bool isInitialised(pg::Connection &db);

/**
 * Creates the study on the server: roles (kept when they exist: they belong to the whole
 * cluster), the schema owned by sense7_researcher, its tables, grants and policies, and
 * \a protocol. The connecting user becomes a member of sense7_researcher and must be allowed to
 * create roles. Refuses, changing nothing, when the database already holds a study.
 */
void init(pg::Connection &db, const Protocol &protocol);
void init(const QString &url, const Protocol &protocol, const pg::ConnectOptions &options = {});

/** The version of the study's schema on the server; throws when it holds no study. */
int installedVersion(pg::Connection &db);

/**
 * Brings the study's schema on the server to schemaVersion, in one transaction, and returns the
 * version it found (schemaVersion when there was nothing to do). Refuses a schema newer than
 * this build knows, a user who is not a member of sense7_researcher, and waiting more than ten
 * seconds for the pushes under way, changing nothing.
 */
int upgrade(pg::Connection &db);
int upgrade(const QString &url, const pg::ConnectOptions &options = {});

/**
 * Adds the participant \a code with a new login role and a random password. When the study's
 * protocol has live conditions, the participant is assigned them here (live::assign), at the
 * position of the order in which participants were added: every machine of theirs takes it.
 */
Credentials addParticipant(pg::Connection &db, const QString &code);
Credentials addParticipant(const QString &url, const QString &code,
                           const pg::ConnectOptions &options = {});

/**
 * Withdraws the participant \a code: deletes their rows from every data table and their profile,
 * marks them withdrawn, journals it in sense7.withdrawal and drops their login role. Returns the
 * number of rows removed.
 */
qint64 withdraw(pg::Connection &db, const QString &code);
qint64 withdraw(const QString &url, const QString &code, const pg::ConnectOptions &options = {});

/** The study's protocol and, per participant, what has arrived. */
Status status(pg::Connection &db);

/** The protocol stored on the server (parsed as a data set's stored protocol). */
Protocol serverProtocol(pg::Connection &db);

} // namespace sense7::server
