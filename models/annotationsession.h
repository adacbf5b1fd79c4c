#pragma once

#include "edit.h"
#include "store.h"
#include "types.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QUndoStack;

namespace sense7 {

/**
 * One person annotating one data set: the annotator they rate as and their undo history. Every
 * change is an undoable command that commits before the method returns; saved() is emitted only
 * after the commit, failed() with a message when the store refused. The history is rebuilt from
 * the store's journal (restoreHistory()), so undo works across restarts.
 */
class AnnotationSession : public QObject
{
    Q_OBJECT

public:
    AnnotationSession(Store *store, qint64 annotatorId, QObject *parent = nullptr);
    ~AnnotationSession() override;

    Store *store() const { return m_store; }
    qint64 annotatorId() const { return m_annotatorId; }
    QUndoStack *undoStack() const { return m_stack; }

    /**
     * Applies \a edit (its before value is read from the store) as an undoable command. Returns
     * false when the store refused it; nothing is written then and failed() explains why.
     */
    bool change(Edit edit);
    /** A turn rating; an unset one clears it. */
    bool setRating(qint64 turnId, qint64 dimensionId, Rating value);
    bool setConversationRating(qint64 conversationId, qint64 dimensionId, Rating value);
    bool setFlag(qint64 turnId, const std::optional<TurnFlag> &flag);
    bool setNote(qint64 turnId, const QString &text);
    bool setContext(qint64 conversationId, const QJsonObject &answers);
    bool setProfile(qint64 participantId, const QJsonObject &answers);

    /** Replaces the undo history with the one the journal records for this annotator. */
    void restoreHistory(int limit = 1000);

    /** Short description of \a edit for the Edit menu ("Rate Warmth"). */
    QString describe(const Edit &edit) const;

Q_SIGNALS:
    /** \a what was committed to the data set. */
    void saved(const QString &what);
    void failed(const QString &message);

private:
    friend class EditCommand;
    bool write(const Edit &edit, Origin origin);

    QPointer<Store> m_store;
    qint64 m_annotatorId;
    QUndoStack *m_stack;
    QHash<qint64, QString> m_dimensionNames;
    bool m_replaying = false;
    bool m_lastWriteFailed = false;
};

} // namespace sense7
