#pragma once

#include "protocol.h"

#include <QByteArray>
#include <QString>

namespace sense7 {

class Store;

namespace demo {

/** Where the illustrative demo data set lives (a Qt resource). */
QString resourcePath();

/**
 * The protocol the demo data set is made under: "sense7_live", SENSE-7 with two scripted live
 * conditions, so that the demo holds live conversations with no network.
 */
Protocol protocol();

/**
 * Fills \a store with the illustrative demo data (participants, profiles, conversations, context
 * forms, SENSE-7 self-ratings and flagged continuity breaks) in one transaction. When the store's
 * protocol has live conditions (the demo's protocol()), every participant is also assigned and
 * the demo's live conversations are held with the conditions' scripts, in their sessions, rated.
 * The data is invented for the program, not study data. Throws Error, writing nothing, when
 * \a data is bad.
 */
void load(Store &store, const QByteArray &data, const QString &source);
void load(Store &store);

} // namespace demo
} // namespace sense7
