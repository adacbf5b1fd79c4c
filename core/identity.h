#pragma once

#include <QDateTime>
#include <QString>

/**
 * How a conversation and a participant are known when they are shared anonymised, so that the
 * same conversation or person is recognised whichever form of their data arrives first.
 *
 * A conversation's content hash (contentHash(), 32 hex digits) fingerprints its text. An
 * anonymised bundle carries a stand-in for it, its anonymised hash: a one-way derivation of the
 * content hash, the same each time, so that sharing a conversation twice gives the same stand-in
 * and nothing in an anonymised bundle leads back to the content hash. Whoever holds the plain
 * form (the text or the content hash) can derive the stand-in and so recognise it; the stand-in
 * cannot be turned back into the content hash.
 *
 * A participant's pseudonym ("P-" and ten hex digits) replaces their code in an anonymised
 * bundle. It is derived from the code and the moment the participant was added to the data set,
 * which never leaves that data set except as the pseudonym itself.
 */
namespace sense7::identity {

/** The anonymised hash of \a contentHash: 32 hex digits. */
QString anonymisedHash(const QString &contentHash);

/** The pseudonym of the participant \a code added at \a createdAt. */
QString pseudonym(const QString &code, const QDateTime &createdAt);

} // namespace sense7::identity
