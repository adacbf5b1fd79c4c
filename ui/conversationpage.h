#pragma once

#include "taxonomy.h"

#include <QPointer>
#include <QWidget>

namespace sense7 {

class AnnotationSession;
class ScaleSelector;

/**
 * The rating panel's Conversation tab: the conversation-level dimensions of every instrument
 * (ESConv's survey scores, for example), rated once per conversation.
 */
class ConversationPage : public QWidget
{
    Q_OBJECT

public:
    explicit ConversationPage(QWidget *parent = nullptr);

    /** Builds the scales of \a instruments for \a session (nullptr: none). */
    void setSession(AnnotationSession *session, const QVector<Instrument> &instruments);
    void setConversation(qint64 conversationId) { m_conversationId = conversationId; }
    /** Reads the conversation's ratings again. */
    void refresh();

private:
    QPointer<AnnotationSession> m_session;
    QVector<Dimension> m_dimensions;
    QVector<ScaleSelector *> m_scales;
    qint64 m_conversationId = 0;
};

} // namespace sense7
