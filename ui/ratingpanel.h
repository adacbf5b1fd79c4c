#pragma once

#include "annotationsession.h"
#include "taxonomy.h"
#include "types.h"

#include <QJsonValue>
#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QTabWidget;

namespace sense7 {

class AnnotationSession;
class FormView;
class NoteEdit;
class ScaleSelector;

/**
 * Beside the transcript: the current assistant turn's ratings on the turn-level dimensions of
 * the data set's first instrument (SENSE-7), a note and the continuity flag; the conversation's
 * conversation-level ratings, its context form and the participant's profile on further tabs.
 * Every change goes through the AnnotationSession, so it is committed and undoable.
 */
class RatingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RatingPanel(QWidget *parent = nullptr);
    ~RatingPanel() override;

    /** Rebuilds the scales from the session's data set; nullptr disables the panel. */
    void setSession(AnnotationSession *session);
    /** Shows \a turnId (0 for none) of \a conversationId, reply \a number of \a count. */
    void setTurn(qint64 conversationId, qint64 turnId, int number, int count);
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

    int dimensionCount() const { return int(m_scales.size()); }
    ScaleSelector *scale(int row) const { return m_scales.value(row); }
    int currentDimension() const { return m_current; }
    void setCurrentDimension(int row);
    /** Rates the current dimension and moves to the next; after the last, emits turnRated(). */
    void rateCurrent(Rating value);
    /** Whether every dimension of the turn has a value or "not applicable". */
    bool isTurnComplete() const;

    void toggleFlag();
    /** Points the flag at \a lostTurnId, the earlier turn whose content was lost. */
    void setLostTurn(qint64 lostTurnId);
    bool isPickingLostTurn() const { return m_picking; }
    void cancelPicking();

    QTabWidget *tabs() const { return m_tabs; }
    QCheckBox *flagBox() const { return m_flag; }
    QComboBox *reasonBox() const { return m_reason; }
    NoteEdit *noteEdit() const { return m_note; }
    FormView *contextForm() const { return m_context; }
    FormView *profileForm() const { return m_profile; }
    /** Hands over typing in progress (the note, form text) before the turn changes. */
    void flushEdits();

Q_SIGNALS:
    /** The last dimension of the turn got a value: the workspace moves on. */
    void turnRated();
    /** The person wants to click the lost turn in the transcript (\a on), or stopped. */
    void pickingLostTurn(bool on);

private:
    void buildTurnTab();
    void rebuildScales();
    void chooseRating(int row, Rating value);
    void writeFlag(bool on);
    void showFlag(const std::optional<TurnFlag> &flag);
    void updateHeader();
    void updateEnabled();
    /** Scrolls the turn tab so that the flag's reason and lost turn are in sight. */
    void showFlagFields();

    QPointer<AnnotationSession> m_session;
    QVector<Dimension> m_dimensions;
    QVector<Dimension> m_conversationDimensions;
    QVector<ScaleSelector *> m_scales;
    QVector<ScaleSelector *> m_conversationScales;
    qint64 m_conversationId = 0;
    qint64 m_participantId = 0;
    qint64 m_turnId = 0;
    int m_number = 0;
    int m_count = 0;
    int m_current = 0;
    bool m_picking = false;
    std::optional<TurnFlag> m_shownFlag;

    QTabWidget *m_tabs;
    QWidget *m_turnPage;
    QScrollArea *m_turnScroll = nullptr;
    QWidget *m_flagGroup = nullptr;
    QLabel *m_header;
    QLabel *m_progress;
    QWidget *m_scaleArea;
    NoteEdit *m_note;
    QCheckBox *m_flag;
    QComboBox *m_reason;
    QLabel *m_lostTurn;
    QPushButton *m_pick;
    QWidget *m_conversationPage;
    FormView *m_context;
    FormView *m_profile;
};

} // namespace sense7
