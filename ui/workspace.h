#pragma once

#include "annotationsession.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QSplitter;
class QTimer;

namespace sense7 {

class AnnotationSession;
class FindBar;
class RatingPanel;
class TrajectoryChart;
class TranscriptView;
class TurnListModel;

/**
 * The annotation workspace: the transcript of the current conversation beside the rating panel,
 * and the keys that make rating fast (see shortcutHelp()). It follows the current assistant turn
 * through the conversation; it does not know about the conversation list.
 */
class Workspace : public QWidget
{
    Q_OBJECT

public:
    explicit Workspace(TurnListModel *turns, QWidget *parent = nullptr);

    void setSession(AnnotationSession *session);
    AnnotationSession *session() const { return m_session; }

    TranscriptView *transcript() const { return m_transcript; }
    RatingPanel *panel() const { return m_panel; }
    FindBar *findBar() const { return m_find; }
    QSplitter *splitter() const { return m_splitter; }
    /** Transcript above, trajectory chart below. */
    QSplitter *readingSplitter() const { return m_readingSplitter; }
    TrajectoryChart *chart() const { return m_chart; }

    /** The assistant turn being rated, 0 when none. */
    qint64 currentTurn() const;
    /** Makes \a turnId current if it is an assistant turn of the conversation shown. */
    bool setCurrentTurn(qint64 turnId);
    /** Moves to the next (+1) or previous (-1) assistant turn; false at either end. */
    bool step(int direction);
    /** Moves to the first assistant turn after the current one that is not fully rated. */
    bool nextUnrated(bool fromStart = false);
    /**
     * Whether the trajectory is drawn again a moment after the conversation's turns change rather
     * than at once: while a live conversation streams, the reply comes first.
     */
    void setChartDeferred(bool deferred);
    /** Shows a line (rich text) above the transcript; empty text hides it. */
    void setBanner(const QString &text);

    /** Key and action for each shortcut, for Help ▸ Keyboard shortcuts. */
    static QList<QPair<QString, QString>> shortcutHelp();

Q_SIGNALS:
    void currentTurnChanged(qint64 turnId);
    void bannerLinkActivated(const QString &link);

private:
    void addShortcuts();
    void conversationReset();
    /** Turns appended to the conversation shown (a live one going on). */
    void turnsInserted(int first, int last);
    void turnClicked(qint64 turnId);
    /** Makes \a row current; \a scroll: the transcript brings it into view. */
    void showTurn(int row, bool scroll = true);
    void reloadChart();

    TurnListModel *m_turns;
    QPointer<AnnotationSession> m_session;
    QSplitter *m_splitter;
    QLabel *m_banner;
    FindBar *m_find;
    TranscriptView *m_transcript;
    RatingPanel *m_panel;
    QSplitter *m_readingSplitter;
    TrajectoryChart *m_chart;
    QTimer *m_chartUpdate;
    QTimer *m_countUpdate; // the panel's "reply n of m" once new turns settle
    int m_row = -1; // model row of the current assistant turn
    bool m_chartDeferred = false;
    QList<QMetaObject::Connection> m_storeConnections;
};

} // namespace sense7
