#pragma once

#include "store.h"
#include "types.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QSet>

class QTimer;

namespace sense7 {

/**
 * The conversations of a data set, one row each: participant, assistant, title, turns and the
 * share rated. An adapter: it keeps a snapshot of summaries (ids and display values) and asks the
 * store again when the store reports a change. A live conversation's row is read again a moment
 * after its turns are written (turnsDelay), once for a burst of them. Does not own the store.
 */
class ConversationTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Participant, Agent, Title, Started, Turns, Rated, ColumnCount };
    enum Roles { IdRole = Qt::UserRole + 1, SortRole };

    /** How long the turns a live conversation takes settle before its row is read again. */
    static constexpr int turnsDelayMs = 250;

    explicit ConversationTableModel(QObject *parent = nullptr);

    void setStore(Store *store);
    Store *store() const { return m_store; }
    /** Whose ratings the Rated column counts (0: the "self" annotator). */
    void setAnnotator(qint64 annotatorId);
    qint64 annotator() const { return m_annotatorId; }
    /** Shows only \a participantId's conversations (0: everyone's). */
    void setParticipant(qint64 participantId);
    qint64 participant() const { return m_participantId; }
    /**
     * Researcher mode: a live conversation's assistant is shown with its condition's key
     * ("Assistant A · empathic"). Participants see the label alone.
     */
    void setConditionsShown(bool shown);
    bool conditionsShown() const { return m_conditionsShown; }
    /** Reads every row again in one model reset. */
    void reload();
    /**
     * Reads the rows again and reports only what changed: rows removed, rows inserted, values
     * changed. Selection, current row and scroll position of views survive; falls back to
     * reload() when the rows kept changed order or the changes are very many.
     */
    void refresh();
    /** Ratings given and ratings expected over all rows, for an overall progress bar. */
    std::pair<qint64, qint64> progress() const;
    const ConversationSummary &summary(int row) const { return m_rows.at(row); }

    qint64 conversationId(int row) const;
    int rowOf(qint64 conversationId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /** The rated share of some row changed (the overall progress with it). */
    void progressChanged();

private:
    QString agentText(const ConversationSummary &s) const;
    void ratingChanged(qint64 turnId, qint64 annotatorId);
    /** Reads the rows of the conversations whose turns were written again. */
    void refreshWritten();
    /** Reads row \a row again; whether its values changed. */
    bool refreshRow(int row);
    static bool sameValues(const ConversationSummary &a, const ConversationSummary &b);

    QPointer<Store> m_store;
    qint64 m_annotatorId = 0;
    qint64 m_participantId = 0;
    bool m_conditionsShown = false;
    QVector<ConversationSummary> m_rows;
    QSet<qint64> m_written; // conversations whose turns were written since the last refresh
    QTimer *m_writtenTimer;
};

} // namespace sense7
