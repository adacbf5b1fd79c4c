#pragma once

#include <QObject>
#include <QPointer>
#include <QVector>

#include <functional>

class QWidget;

namespace sense7 {

class AnnotationSession;
class ConversationTableModel;
class Settings;
class Store;
struct Protocol;
class Workspace;

/**
 * Blind re-rating for test-retest reliability. After every N conversations a participant has fully
 * rated, it offers a short round: k% of the turns they rated come back, without their earlier
 * values, and the answers are stored under a separate annotator (retest::annotatorCode).
 */
class RetestController : public QObject
{
    Q_OBJECT

public:
    RetestController(Workspace *workspace, QObject *parent = nullptr);
    ~RetestController() override;

    /** How the controller shows a turn's conversation (the main window's list selects it). */
    void setConversationSelector(std::function<bool(qint64)> select);
    /**
     * The study's plan, from its protocol (a preference does not change it), with "Start a round
     * now".
     */
    void configure(QWidget *parent);
    /** What \a protocol's re-rating plan asks, in a sentence. */
    static QString describe(const Protocol &protocol);
    /** Offers a round when one is due after a rating was saved. */
    void checkMilestone(Store *store, const ConversationTableModel *conversations);
    /**
     * Starts a round of the protocol's share of \a participantId's turns (0: everyone's); false
     * when the protocol asks for no re-rating or no rated turn is left to re-rate.
     */
    bool start(Store *store, qint64 participantId, quint64 seed);
    /** Ends the round, back to the session that was rating before. */
    void stop();
    bool isActive() const { return m_session != nullptr; }
    QVector<qint64> turns() const { return m_turns; }
    int position() const { return m_position; }

private:
    void showItem();
    void advance();

    Workspace *m_workspace;
    std::function<bool(qint64)> m_select;
    AnnotationSession *m_session = nullptr;
    QPointer<AnnotationSession> m_previous;
    QPointer<Store> m_store;
    QVector<qint64> m_turns;
    int m_position = 0;
    bool m_asking = false;
};

} // namespace sense7
