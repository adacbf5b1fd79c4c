#pragma once

#include "taxonomy.h"
#include "types.h"

#include <QPointer>
#include <QWidget>

class QLabel;

namespace sense7 {

class AnnotationSession;
class FlagGroup;
class NoteEdit;
class ScaleSelector;

/**
 * The rating panel's Turn tab: the current reply's ratings on the turn-level dimensions of the
 * data set's first instrument, a note and the continuity flag. Reads one reply at a time.
 */
class TurnPage : public QWidget
{
    Q_OBJECT

public:
    explicit TurnPage(QWidget *parent = nullptr);

    /** Builds the scales of \a instruments' first one for \a session (nullptr: none). */
    void setSession(AnnotationSession *session, const QVector<Instrument> &instruments);
    /** The reply shown: \a turnId (0 for none) of \a conversationId, \a number of \a count. */
    void setTurn(qint64 conversationId, qint64 turnId, int number, int count);
    /** Reads the reply's ratings, note and flag again. */
    void refresh();
    void updateHeader();
    void updateEnabled(bool writable);

    int dimensionCount() const { return int(m_scales.size()); }
    ScaleSelector *scale(int row) const { return m_scales.value(row); }
    int currentDimension() const { return m_current; }
    void setCurrentDimension(int row);
    /** Rates the current dimension and moves to the next; after the last, emits turnRated(). */
    void rateCurrent(Rating value);
    bool isTurnComplete() const;

    NoteEdit *noteEdit() const { return m_note; }
    FlagGroup *flagGroup() const { return m_flagGroup; }

Q_SIGNALS:
    /** The last dimension of the turn got a value: the workspace moves on. */
    void turnRated();
    /** The data set refused a change: what it holds should be shown again. */
    void refused();

private:
    void chooseRating(int row, Rating value);

    QPointer<AnnotationSession> m_session;
    QVector<Dimension> m_dimensions;
    QVector<ScaleSelector *> m_scales;
    qint64 m_conversationId = 0;
    qint64 m_turnId = 0;
    int m_number = 0;
    int m_count = 0;
    int m_current = 0;

    QLabel *m_header;
    QLabel *m_progress;
    QWidget *m_scaleArea;
    NoteEdit *m_note;
    FlagGroup *m_flagGroup;
};

} // namespace sense7
