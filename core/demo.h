#pragma once

#include <QByteArray>
#include <QString>

namespace sense7 {

class Store;

namespace demo {

/** Where the illustrative demo data set lives (a Qt resource). */
QString resourcePath();

/**
 * Fills \a store with the illustrative demo data (participants, profiles, conversations, context
 * forms, SENSE-7 self-ratings and flagged continuity breaks) in one transaction. The data is
 * invented for the program, not study data. Throws Error, writing nothing, when \a data is bad.
 */
void load(Store &store, const QByteArray &data, const QString &source);
void load(Store &store);

} // namespace demo
} // namespace sense7
