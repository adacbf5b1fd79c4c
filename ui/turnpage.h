#pragma once

#include "protocol.h"
#include "types.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace sense7 {

class AnnotationSession;
class FlagGroup;
class NoteEdit;
class ScaleSelector;

/**
 * The rating panel's Turn tab: the current turn's ratings on the turn-level dimensions of every
 * instrument of the protocol that rates turns of its role (under a heading per instrument when
 * more than one does), in the order the protocol gives the turn, a note and the continuity flag.
 * Reads one turn at a time.
 */
class TurnPage : public QWidget
{
    Q_OBJECT

public:
    explicit TurnPage(QWidget *parent = nullptr);

    /** Builds the scales of \a protocol's instruments for \a session (nullptr: none). */
    void setSession(AnnotationSession *session, const Protocol &protocol);
    /**
     * The turn shown: \a turnId (0 for none) of \a conversationId, of \a role, \a number of the
     * \a count turns rated in the conversation. Shows the dimensions that rate \a role.
     */
    void setTurn(qint64 conversationId, qint64 turnId, int number, int count,
                 Role role = Role::Assistant);
    /** Reads the turn's ratings, note and flag again. */
    void refresh();
    void updateHeader();
    void updateEnabled(bool writable);
    /**
     * Holds the turn's ratings, note and flag with \a reason shown beside the heading (empty:
     * released); held, nothing on the page can be changed.
     */
    void setHold(const QString &reason);
    bool isHeld() const { return !m_hold.isEmpty(); }

    /** The roles whose turns some instrument of the protocol rates. */
    QSet<Role> ratedRoles() const;
    /** Whether \a ratings (dimension id -> value) hold every required dimension of \a role. */
    bool isComplete(Role role, const QHash<qint64, Rating> &ratings) const;

    /** The scales shown for the current turn, in their order. */
    int dimensionCount() const { return int(m_scales.size()); }
    ScaleSelector *scale(int row) const { return m_scales.value(row); }
    const Dimension *dimension(int row) const;
    int currentDimension() const { return m_current; }
    void setCurrentDimension(int row);
    /** Rates the current dimension and moves to the next; after the last, emits turnRated(). */
    void rateCurrent(Rating value);
    /** A digit typed anywhere in the window, for the current dimension (ScaleSelector::typeDigit).
     */
    void typeDigit(int digit);
    /** Whether every required dimension shown has a value or "not applicable". */
    bool isTurnComplete() const;

    NoteEdit *noteEdit() const { return m_note; }
    FlagGroup *flagGroup() const { return m_flagGroup; }

Q_SIGNALS:
    /** The last dimension of the turn got a value: the workspace moves on. */
    void turnRated();
    /** The data set refused a change: what it holds should be shown again. */
    void refused();
    /** \a scale became the one the rating keys act on. */
    void currentChanged(ScaleSelector *scale);

private:
    /** One turn-level dimension of one instrument, with its widgets. */
    struct Entry
    {
        Dimension dimension;
        int instrument = 0; // index in the protocol's instruments
        QLabel *label = nullptr;
        ScaleSelector *scale = nullptr;
    };

    void chooseRating(int row, Rating value);
    /** Shows the dimensions that rate \a role, in the protocol's order for \a turnId. */
    void arrange(Role role, qint64 turnId);
    void advanceFrom(ScaleSelector *scale);

    QPointer<AnnotationSession> m_session;
    Protocol m_protocol;
    QVector<Entry> m_entries;
    QVector<QLabel *> m_headings; // by instrument; nullptr for one without turn-level dimensions
    QVector<int> m_arranged; // entries shown, in order; -1 - i for instrument i's heading
    QVector<const Dimension *> m_dimensions; // shown, in order
    QVector<ScaleSelector *> m_scales; // shown, in order
    qint64 m_conversationId = 0;
    qint64 m_turnId = 0;
    Role m_role = Role::Assistant;
    int m_number = 0;
    int m_count = 0;
    int m_current = 0;

    QLabel *m_header;
    QLabel *m_progress;
    QString m_hold;
    bool m_writable = false;
    QWidget *m_scaleArea;
    QVBoxLayout *m_scaleLayout = nullptr;
    NoteEdit *m_note;
    FlagGroup *m_flagGroup;
};

} // namespace sense7
