#pragma once

#include <QVector>

namespace sense7::retest {

/** The annotator code under which blind re-ratings are stored (kind "self"). */
inline constexpr char annotatorCode[] = "self-retest";

/**
 * Chooses \a percent % of \a candidates (at least one when there are any, rounded to nearest),
 * without repeats, in a random order that \a seed fixes. Pure: the same input gives the same
 * choice, so a round can be reproduced.
 */
QVector<qint64> choose(const QVector<qint64> &candidates, int percent, quint64 seed);

/**
 * Whether a re-rating round is due: \a completed conversations are fully rated, a round is offered
 * every \a every of them, and the last round was offered at \a lastMilestone.
 */
bool isDue(int completed, int every, int lastMilestone);

} // namespace sense7::retest
