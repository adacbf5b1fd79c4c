#pragma once

// Applying a change pulled from another machine of the same participant to the data set
// (sync.cpp's pull): through the Store, keeping the later edit where both machines changed the
// same thing since they last met.

#include "store_sync.h"
#include "sync/sync.h"
#include "sync/syncserver.h"

#include <QSet>

namespace sense7::sync {

/** The local participant whose data the data set holds as \a link's (added when none). */
qint64 localParticipant(Store &store, const syncstore::Link &link);

/**
 * Applies \a change; \a unmet is the local journal the other machines have not seen (conflicts
 * are looked for there and added to \a conflicts); \a unpushedLive the live conversations with
 * changes not pushed yet. A live conversation whose continuation here moved after the server's
 * (Store::moveDivergedTurns) is added to \a moved: it waits to be pushed again. Returns whether
 * it changed anything here.
 */
bool applyPulled(Store &store, const syncstore::Link &link, const server::Pulled &change,
                 const syncstore::JournalRange &unmet, const QSet<qint64> &unpushedLive,
                 QSet<qint64> &moved, QVector<Conflict> &conflicts);

/**
 * Brings live conversation \a conversationId up to \a state, the server's (server::liveStates):
 * this data set's continuation moves after the server's where both went on from the same turn,
 * and the server's turns and sittings it lacks are added. Returns how many turns moved.
 */
int followServer(Store &store, qint64 conversationId, const QJsonObject &state);

} // namespace sense7::sync
