#pragma once

// Applying a change pulled from another machine of the same participant to the data set
// (sync.cpp's pull): through the Store, keeping the later edit where both machines changed the
// same thing since they last met.

#include "store_sync.h"
#include "sync/sync.h"
#include "sync/syncserver.h"

namespace sense7::sync {

/**
 * Applies \a change; \a unmet is the local journal the other machines have not seen (conflicts
 * are looked for there and added to \a conflicts). Returns whether it changed anything here.
 */
bool applyPulled(Store &store, const syncstore::Link &link, const server::Pulled &change,
                 const syncstore::JournalRange &unmet, QVector<Conflict> &conflicts);

} // namespace sense7::sync
