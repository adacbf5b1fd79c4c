#pragma once

#include "taxonomy.h"
#include "types.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace sense7::classify {

struct PromptOptions
{
    QString instrument; ///< the instrument's key; empty: the data set's primary instrument
    int contextTurns = 8; ///< earlier turns shown before the rated reply
    int maxCharsPerTurn = 4000; ///< longer turns are cut in the middle
};

/** \a instrument's turn-level dimensions that rate turns of \a role (Dimension::roles). */
QVector<Dimension> ratedDimensions(const Instrument &instrument, Role role);

/**
 * The chat-completions messages that ask a model to rate \a turns[\a ratedIndex] on
 * \a instrument's turn-level dimensions for that turn's role: a system message built from the
 * instrument (its name and description; each dimension's name, question, scale and anchors) and
 * a user message with the conversation up to that reply.
 */
QJsonArray buildMessages(const Instrument &instrument, const QVector<Turn> &turns, int ratedIndex,
                         const PromptOptions &options = {});

/** A stable hash of what is sent: the model name and the messages. */
QString promptHash(const QString &model, const QJsonArray &messages);

/**
 * Reads a model's reply: one JSON object (possibly inside a Markdown code fence or surrounded by
 * prose) with the key of every dimension that rates turns of \a role mapped to a whole number on
 * its scale, or null for "not applicable" when the instrument and the dimension allow it. Throws
 * Error saying what is wrong.
 */
QHash<QString, std::optional<int>> parseReply(const QString &content, const Instrument &instrument,
                                              Role role = Role::Assistant);

} // namespace sense7::classify
