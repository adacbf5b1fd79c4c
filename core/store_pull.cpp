// Store: what pulling from a study server needs beyond the ordinary writes: removing a
// participant who withdrew, with everything of theirs.
#include "error.h"
#include "sqlite.h"
#include "store.h"

namespace sense7 {

void Store::removeParticipant(qint64 participantId)
{
    transaction([&] {
        // The journal of edits names its subjects by id without a foreign key: remove what it
        // holds of this participant (notes, flags, forms) before the rows it points at go.
        sql::Statement journal(*m_db, R"sql(
            DELETE FROM edit_event WHERE
               (kind = 'profile' AND subject_id = ?1)
            OR (kind IN ('conversation_rating', 'context') AND subject_id IN
                   (SELECT id FROM conversation WHERE participant_id = ?1))
            OR (kind IN ('flag', 'note') AND subject_id IN
                   (SELECT t.id FROM turn t JOIN conversation c ON c.id = t.conversation_id
                     WHERE c.participant_id = ?1)))sql");
        journal.bind(1, participantId).run();
        // Everything else of theirs goes with the participant (ON DELETE CASCADE).
        sql::Statement remove(*m_db, "DELETE FROM participant WHERE id = ?");
        remove.bind(1, participantId).run();
        notify(QStringLiteral("conversations"), [this] { Q_EMIT conversationsChanged(); });
    });
}

} // namespace sense7
