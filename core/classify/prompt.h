#pragma once

#include "taxonomy.h"
#include "types.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace sense7::classify {

struct PromptOptions
{
    int contextTurns = 8; ///< earlier turns shown before the rated reply
    int maxCharsPerTurn = 4000; ///< longer turns are cut in the middle
};

/**
 * The chat-completions messages that ask a model to rate \a turns[\a ratedIndex] (an assistant
 * turn) on \a instrument's turn-level dimensions: a system message built from the taxonomy
 * (names, questions, anchors) and a user message with the conversation up to that reply.
 */
QJsonArray buildMessages(const Instrument &instrument, const QVector<Turn> &turns, int ratedIndex,
                         const PromptOptions &options = {});

/** A stable hash of what is sent: the model name and the messages. */
QString promptHash(const QString &model, const QJsonArray &messages);

/**
 * Reads a model's reply: one JSON object (possibly inside a Markdown code fence or surrounded by
 * prose) with every turn-level dimension key mapped to a whole number on its scale, or null for
 * "not applicable" when the instrument allows it. Throws Error saying what is wrong.
 */
QHash<QString, std::optional<int>> parseReply(const QString &content, const Instrument &instrument);

} // namespace sense7::classify
