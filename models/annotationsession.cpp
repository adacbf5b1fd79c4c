#include "annotationsession.h"

#include "error.h"
#include "store.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace sense7 {

/**
 * One edit on the undo stack. The first redo() applies it as an edit; later ones are redos. While
 * the session replays the journal, commands only move the stack: the data set already holds the
 * result.
 */
class EditCommand : public QUndoCommand
{
public:
    EditCommand(AnnotationSession *session, const Edit &edit)
        : QUndoCommand(session->describe(edit))
        , m_session(session)
        , m_edit(edit)
    { }

    const Edit &edit() const { return m_edit; }

    void redo() override
    {
        if (m_session->m_replaying) {
            m_done = true;
            return;
        }
        if (!m_session->write(m_edit, m_done ? Origin::Redo : Origin::Edit))
            setObsolete(true);
        m_done = true;
    }

    void undo() override
    {
        if (m_session->m_replaying)
            return;
        if (!m_session->write(m_edit.reversed(), Origin::Undo))
            setObsolete(true);
    }

private:
    AnnotationSession *m_session;
    Edit m_edit;
    bool m_done = false;
};

AnnotationSession::AnnotationSession(Store *store, qint64 annotatorId, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_annotatorId(annotatorId)
    , m_stack(new QUndoStack(this))
{
    m_stack->setUndoLimit(1000);
    for (const Instrument &instrument : store->instruments()) {
        for (const Dimension &d : instrument.dimensions)
            m_dimensionNames.insert(d.id, d.displayName());
    }
}

AnnotationSession::~AnnotationSession() = default;

bool AnnotationSession::write(const Edit &edit, Origin origin)
{
    if (!m_store)
        return false;
    try {
        m_store->apply(edit, origin);
    } catch (const Error &e) {
        m_lastWriteFailed = true;
        Q_EMIT failed(e.message());
        return false;
    }
    Q_EMIT saved(describe(edit));
    return true;
}

bool AnnotationSession::change(Edit edit)
{
    if (!m_store)
        return false;
    edit.annotatorId = m_annotatorId;
    try {
        edit.before = m_store->currentValue(edit);
    } catch (const Error &e) {
        Q_EMIT failed(e.message());
        return false;
    }
    if (edit.isNoOp())
        return true;
    m_lastWriteFailed = false;
    // push() runs redo(), which commits; a refused edit marks itself obsolete and is dropped.
    m_stack->push(new EditCommand(this, edit));
    return !m_lastWriteFailed;
}

bool AnnotationSession::setRating(qint64 turnId, qint64 dimensionId, Rating value)
{
    return change({Edit::Kind::Rating, turnId, dimensionId, 0, {}, value.toJson()});
}

bool AnnotationSession::setConversationRating(qint64 conversationId, qint64 dimensionId,
                                              Rating value)
{
    return change(
        {Edit::Kind::ConversationRating, conversationId, dimensionId, 0, {}, value.toJson()});
}

bool AnnotationSession::setFlag(qint64 turnId, const std::optional<TurnFlag> &flag)
{
    return change({Edit::Kind::Flag,
                   turnId,
                   0,
                   0,
                   {},
                   flag ? QJsonValue(flagToJson(*flag)) : QJsonValue(QJsonValue::Undefined)});
}

bool AnnotationSession::setNote(qint64 turnId, const QString &text)
{
    return change({Edit::Kind::Note,
                   turnId,
                   0,
                   0,
                   {},
                   text.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(text)});
}

bool AnnotationSession::setContext(qint64 conversationId, const QJsonObject &answers)
{
    return change({Edit::Kind::Context, conversationId, 0, 0, {}, answers});
}

bool AnnotationSession::setProfile(qint64 participantId, const QJsonObject &answers)
{
    return change({Edit::Kind::Profile, participantId, 0, 0, {}, answers});
}

void AnnotationSession::restoreHistory(int limit)
{
    m_stack->clear();
    if (!m_store)
        return;
    const QVector<JournalEntry> entries = m_store->journal(m_annotatorId, limit);
    m_replaying = true;
    for (const JournalEntry &entry : entries) {
        switch (entry.origin) {
        case Origin::Data:
            break;
        case Origin::Edit:
            m_stack->push(new EditCommand(this, entry.edit));
            break;
        case Origin::Undo: {
            // An undo journals the reversed edit of the command below the stack's index; when
            // the journal's window starts mid-history, skip what it cannot match.
            const int top = m_stack->index() - 1;
            if (top >= 0
                && static_cast<const EditCommand *>(m_stack->command(top))->edit()
                    == entry.edit.reversed())
                m_stack->undo();
            break;
        }
        case Origin::Redo: {
            const int next = m_stack->index();
            if (next < m_stack->count()
                && static_cast<const EditCommand *>(m_stack->command(next))->edit() == entry.edit)
                m_stack->redo();
            break;
        }
        }
    }
    m_replaying = false;
}

QString AnnotationSession::describe(const Edit &edit) const
{
    switch (edit.kind) {
    case Edit::Kind::Rating:
    case Edit::Kind::ConversationRating: {
        const QString name = m_dimensionNames.value(edit.dimensionId);
        const Rating after = Rating::fromJson(edit.after).value_or(Rating());
        if (!after.isSet())
            return tr("Clear %1").arg(name);
        if (after.isNotApplicable())
            return tr("Rate %1 not applicable").arg(name);
        return tr("Rate %1 %2").arg(name, QString::number(after.value()));
    }
    case Edit::Kind::Flag:
        return edit.after.isUndefined() ? tr("Remove continuity flag")
                                        : tr("Flag continuity break");
    case Edit::Kind::Note:
        return tr("Edit note");
    case Edit::Kind::Context:
        return tr("Edit conversation context");
    case Edit::Kind::Profile:
        return tr("Edit profile");
    }
    return {};
}

} // namespace sense7
