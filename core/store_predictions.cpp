// Store: classifier predictions (schema v4, model_prediction).
#include "error.h"
#include "sqlite.h"
#include "store.h"

namespace sense7 {

void Store::recordPrediction(const Prediction &prediction)
{
    requireWritable();
    transaction([&] {
        for (auto it = prediction.values.constBegin(); it != prediction.values.constEnd(); ++it) {
            requireOnScale(it.key(), it.value(), Level::Turn);
            setRating(prediction.turnId, it.key(), prediction.annotatorId, it.value());
        }
        sql::Statement q(*m_db,
                         "INSERT OR REPLACE INTO model_prediction(turn_id, annotator_id, "
                         "prompt_hash, reply, elapsed_ms, attempts, at) VALUES(?,?,?,?,?,?,?)");
        q.bind(1, prediction.turnId)
            .bind(2, prediction.annotatorId)
            .bind(3, prediction.promptHash)
            .bind(4, prediction.reply)
            .bind(5, prediction.elapsedMs)
            .bind(6, prediction.attempts)
            .bind(7, now())
            .run();
    });
}

QString Store::predictionPromptHash(qint64 turnId, qint64 annotatorId) const
{
    sql::Statement q(*m_db,
                     "SELECT prompt_hash FROM model_prediction"
                     " WHERE turn_id = ? AND annotator_id = ?");
    q.bind(1, turnId).bind(2, annotatorId);
    return q.next() ? q.text(0) : QString();
}

} // namespace sense7
