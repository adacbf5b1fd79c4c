#pragma once

#include "store.h"
#include "types.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>

class QThread;
class QTimer;

namespace sense7 {

/**
 * The conversations of a data set, one row each: participant, assistant, title, turns and the
 * share rated. An adapter: it keeps a snapshot of summaries (ids and display values) and asks the
 * store again when the store reports a change. A live conversation's row is read again a moment
 * after its turns are written (turnsDelay), once for a burst of them. Does not own the store.
 *
 * A large data set's rows (threadedFrom()) are read on a thread, on a connection of their own,
 * so that the window stays responsive: reload() empties the list at once, refresh() keeps the
 * rows shown, and loaded() says when the rows are there. A rating or turns written meanwhile are
 * read again once they are.
 */
class ConversationTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Participant, Agent, Title, Started, Turns, Rated, ColumnCount };
    enum Roles { IdRole = Qt::UserRole + 1, SortRole };

    /** How long the turns a live conversation takes settle before its row is read again. */
    static constexpr int turnsDelayMs = 250;

    /** Lists of at least this many conversations are read on a thread by default. */
    static constexpr qint64 defaultThreadedFrom = 20000;

    explicit ConversationTableModel(QObject *parent = nullptr);
    ~ConversationTableModel() override;

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
    /**
     * Reads every row again in one model reset; on a thread (see threadedFrom()), the list is
     * emptied at once and filled in a second reset once read.
     */
    void reload();
    /**
     * Reads the rows again and reports only what changed: rows removed, rows inserted, values
     * changed. Selection, current row and scroll position of views survive; falls back to one
     * model reset when the rows kept changed order or the changes are very many. On a thread,
     * the rows shown stay until the new ones are in.
     */
    void refresh();
    /**
     * Reads the rows on a thread when the data set holds about \a conversations or more (judged
     * by Store::lastConversationId()); 0: always, when the data set is a file; negative: never.
     */
    void setThreadedFrom(qint64 conversations) { m_threadedFrom = conversations; }
    qint64 threadedFrom() const { return m_threadedFrom; }
    /**
     * Whether rows asked for are being read on a thread, or wait for the read under way to end;
     * the rows shown are the last ones read.
     */
    bool isLoading() const;
    /**
     * For tests: \a hook runs on the reading thread once the rows are read, before they are
     * handed over: what the test does meanwhile happens after the read.
     */
    void setAfterThreadedRead(std::function<void()> hook) { m_afterThreadedRead = std::move(hook); }
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
    /**
     * The rows were read again, by reload() or refresh(): at once, or once a thread has (also
     * when the read failed and the rows shown stay). isLoading() may still be true: a newer
     * read follows.
     */
    void loaded();
    /** Rows were asked for that a thread reads, now or once the read under way ends. */
    void loadingStarted();

private:
    /** How rows read are shown: in one model reset, or as what changed (refresh()). */
    enum class Apply { Reset, Changes };

    /** Reads the rows, at once or on a thread, and shows them as \a how says. */
    void read(Apply how);
    bool readsOnThread() const;
    void startReader(Apply how);
    /** Reads the rows on the store's own connection; keeps those shown when that fails. */
    void applyAtOnce(Apply how);
    void apply(QVector<ConversationSummary> fresh, Apply how);
    void applyChanges(QVector<ConversationSummary> fresh);
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
    // Conversations whose turns were written since the last refresh, or rated while rows are read
    QSet<qint64> m_written;
    QTimer *m_writtenTimer;
    qint64 m_threadedFrom = defaultThreadedFrom;
    QThread *m_reader = nullptr;
    quint64 m_generation = 0; // reads asked for: loading while m_reader reads the last one
    quint64 m_readerGeneration = 0; // of the rows m_reader reads
    quint64 m_listing = 0; // what is listed: a store, rater and participant, read at once or not
    std::function<void()> m_interruptReader;
    std::optional<Apply> m_readAgain; // asked for while a thread was reading
    std::function<void()> m_afterThreadedRead;
};

} // namespace sense7
