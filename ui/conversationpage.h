#pragma once

#include "taxonomy.h"

#include <QPointer>
#include <QWidget>

namespace sense7 {

class AnnotationSession;
class ScaleSelector;

/**
 * The rating panel's Conversation tab: the conversation-level dimensions of every instrument
 * (ESConv's survey scores, a perceived-empathy questionnaire), rated once per conversation, from
 * the mouse or with the same keys as the Turn tab while it is shown.
 */
class ConversationPage : public QWidget
{
    Q_OBJECT

public:
    explicit ConversationPage(QWidget *parent = nullptr);

    /** Builds the scales of \a instruments for \a session (nullptr: none). */
    void setSession(AnnotationSession *session, const QVector<Instrument> &instruments);
    void setConversation(qint64 conversationId);
    /** Reads the conversation's ratings again. */
    void refresh();

    int dimensionCount() const { return int(m_scales.size()); }
    ScaleSelector *scale(int row) const { return m_scales.value(row); }
    int currentDimension() const { return m_current; }
    void setCurrentDimension(int row);
    /** A digit typed anywhere in the window, for the current scale (ScaleSelector::typeDigit). */
    void typeDigit(int digit);
    /** Rates the current scale "not applicable" where that is an answer, and moves on. */
    void rateNotApplicable();

Q_SIGNALS:
    /** \a scale became the one the rating keys act on. */
    void currentChanged(ScaleSelector *scale);

private:
    void advanceFrom(ScaleSelector *scale);

    QPointer<AnnotationSession> m_session;
    QVector<Dimension> m_dimensions;
    QVector<ScaleSelector *> m_scales;
    qint64 m_conversationId = 0;
    int m_current = 0;
};

} // namespace sense7
