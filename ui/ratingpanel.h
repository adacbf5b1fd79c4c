#pragma once

#include "annotationsession.h"
#include "taxonomy.h"
#include "types.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QScrollArea;
class QTabWidget;

namespace sense7 {

class AnnotationSession;
class ConversationPage;
class FlagGroup;
class FormView;
class NoteEdit;
class ScaleSelector;
class TurnPage;

/**
 * Beside the transcript: the current turn's ratings on the turn-level dimensions of every
 * instrument of the data set's protocol that rates turns of its role (the assistant's unless the
 * protocol says otherwise), a note and the continuity flag; the conversation's conversation-level
 * ratings, its context form and the participant's profile on further tabs.
 * Every change goes through the AnnotationSession, so it is committed and undoable; what is shown
 * is read again when the store says the session's annotator changed the reply or conversation
 * shown (or another program changed the data set), once per change.
 */
class RatingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RatingPanel(QWidget *parent = nullptr);
    ~RatingPanel() override;

    /** Rebuilds the scales from the session's data set; nullptr disables the panel. */
    void setSession(AnnotationSession *session);
    /**
     * Shows \a turnId (0 for none) of \a conversationId, of \a role, turn \a number of the
     * \a count rated ones.
     */
    void setTurn(qint64 conversationId, qint64 turnId, int number, int count,
                 Role role = Role::Assistant);
    qint64 turnId() const { return m_turnId; }
    /** Reads the values shown again from the data set. */
    void refresh();
    /** Reads the current turn's ratings, note and flag again. */
    void refreshTurn();
    /**
     * Reads the conversation's ratings, context form and the participant's profile again. Forms
     * whose answers did not change are left alone, typing in progress included.
     */
    void refreshConversation();

    int dimensionCount() const;
    ScaleSelector *scale(int row) const;
    int currentDimension() const;
    void setCurrentDimension(int row);
    /** Rates the current dimension and moves to the next; after the last, emits turnRated(). */
    void rateCurrent(Rating value);
    /**
     * A digit typed anywhere in the window: for the current scale of the Conversation tab while
     * it is shown, else of the Turn tab (ScaleSelector::typeDigit: several digits for 10 and
     * more).
     */
    void typeDigit(int digit);
    /** "Not applicable" for the current scale of the tab shown, where that is an answer. */
    void rateNotApplicable();
    /** The roles whose turns the protocol rates: the workspace steps through those. */
    QSet<Role> ratedRoles() const;
    /** Whether \a ratings (dimension id -> value) of a turn of \a role leave nothing required. */
    bool isComplete(Role role, const QHash<qint64, Rating> &ratings) const;
    TurnPage *turnPage() const { return m_turnPage; }
    ConversationPage *conversationPage() const { return m_conversationPage; }
    /** Whether every dimension of the turn has a value or "not applicable". */
    bool isTurnComplete() const;

    /**
     * Holds the turn ratings with \a reason (empty: releases them): a live study that rates at
     * the end holds them while its conversation goes on.
     */
    void holdTurnRatings(const QString &reason);
    bool areTurnRatingsHeld() const;

    void toggleFlag();
    /** Points the flag at \a lostTurnId, the earlier turn whose content was lost. */
    void setLostTurn(qint64 lostTurnId);
    bool isPickingLostTurn() const;
    void cancelPicking();

    QTabWidget *tabs() const { return m_tabs; }
    QCheckBox *flagBox() const;
    QComboBox *reasonBox() const;
    NoteEdit *noteEdit() const;
    FormView *contextForm() const { return m_context; }
    FormView *profileForm() const { return m_profile; }
    /** Hands over typing in progress (the note, form text) before the turn changes. */
    void flushEdits();

Q_SIGNALS:
    /** The last dimension of the turn got a value: the workspace moves on. */
    void turnRated();
    /** The person wants to click the lost turn in the transcript (\a on), or stopped. */
    void pickingLostTurn(bool on);
    /** What is shown was read again from the data set (refreshTurn(), refreshConversation()). */
    void refreshed();

private:
    /** Follows the store's changes by the session's annotator to what is shown. */
    void followStore();
    bool isOwn(qint64 annotatorId) const;
    void updateEnabled();
    /** Scrolls the turn tab so that the flag's reason and lost turn are in sight. */
    void showFlagFields();

    QPointer<AnnotationSession> m_session;
    QList<QMetaObject::Connection> m_storeConnections;
    qint64 m_conversationId = 0;
    qint64 m_participantId = 0;
    qint64 m_turnId = 0;

    QTabWidget *m_tabs;
    TurnPage *m_turnPage;
    QScrollArea *m_turnScroll = nullptr;
    QScrollArea *m_conversationScroll = nullptr;
    ConversationPage *m_conversationPage;
    FormView *m_context;
    FormView *m_profile;
};

} // namespace sense7
