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
 * changes not pushed yet. Returns whether it changed anything here.
 */
bool applyPulled(Store &store, const syncstore::Link &link, const server::Pulled &change,
                 const syncstore::JournalRange &unmet, const QSet<qint64> &unpushedLive,
                 QVector<Conflict> &conflicts);

} // namespace sense7::sync
