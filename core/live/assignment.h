#pragma once

#include "protocol.h"
#include "types.h"

#include <QJsonObject>

namespace sense7::live {

/**
 * The conditions of \a plan assigned to the participant who is the \a position-th (from 0) to be
 * assigned. Reproducible: the same plan (its conditions, design and seed) and position always
 * give the same assignment, so nothing but the result and the seed needs recording.
 *
 * Between participants: one condition each, by permuted blocks. Positions 0..k-1 (k conditions)
 * form the first block, k..2k-1 the second, and so on; each block holds every condition once in
 * an order the seed and the block's number fix. Any prefix of the participants is therefore
 * balanced to within one across the conditions.
 *
 * Within participants: every condition, in the order of one row of a Latin square. For an even k
 * a Williams design (one k×k square in which every condition follows every other exactly once);
 * for an odd k the pair of squares a Williams design needs (the square and its rows reversed,
 * 2k rows), so that first-order carry-over is balanced over 2k participants. Participants take
 * the rows in turn, so each block of k consecutive participants from position 0 is one complete
 * Latin square: every condition once in every position. Which condition stands for which symbol
 * of the square is a permutation the seed fixes.
 */
Assignment assign(const LivePlan &plan, int position);

/** \a assignment as it is stored and sent: {"position": N, "conditions": [keys]}. */
QJsonObject toJson(const Assignment &assignment);
/** The assignment \a json holds (see toJson()); missing members read as 0 and none. */
Assignment assignmentFromJson(const QJsonObject &json);

/** The rows of the Latin square(s) for \a k conditions, as symbols 0..k-1 (see assign()). */
QVector<QVector<int>> latinRows(int k);

} // namespace sense7::live
