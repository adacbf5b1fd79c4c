#pragma once

#include <QString>

#include <functional>

class QObject;

namespace sense7::livekey {

/**
 * The API key a study's endpoint conditions send, kept in the system keychain (never in the data
 * set) under the study's protocol key. The jobs run asynchronously; \a done is called on
 * \a context's thread, and not at all once \a context is gone.
 */
QString keychainKey(const QString &studyKey);

/** Reads the key; \a done gets it, or an empty key and what went wrong (empty when none). */
void read(const QString &studyKey, QObject *context,
          const std::function<void(const QString &key, const QString &error)> &done);

/** Keeps \a key (an empty key removes it); \a done gets what went wrong, empty on success. */
void write(const QString &studyKey, const QString &key, QObject *context,
           const std::function<void(const QString &error)> &done);

} // namespace sense7::livekey
