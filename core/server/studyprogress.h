#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace sense7::pg {
class Connection;
}

namespace sense7::server {

/** One participant's line in the study-progress window, read live from the server. */
struct ParticipantProgress
{
    QString code;
    qint64 conversations = 0;
    qint64 ratedCells = 0; // the participant's own ratings of what the protocol requires
    qint64 cells = 0; // what the protocol requires on their turns (its required turn dimensions)
    QDateTime lastSync; // invalid: never synced
    qint64 machines = 0;
    QString condition; // the conditions assigned, or those of their conversations
    bool withdrawn = false;

    /** Rated share, 0 to 1; 0 when nothing is to be rated yet. */
    double shareRated() const { return cells > 0 ? double(ratedCells) / double(cells) : 0.0; }
};

/**
 * Per participant: conversations, the share of required cells rated, the last sync and the
 * condition, in code order. One read of the study's server through \a db (a researcher's
 * connection); what is required comes from the study's own protocol. Throws Error.
 */
QVector<ParticipantProgress> studyProgress(pg::Connection &db);

} // namespace sense7::server
