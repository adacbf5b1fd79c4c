#include "conversationtablemodel.h"

#include "error.h"
#include "store.h"

#include <QLocale>
#include <QSet>
#include <QThread>
#include <QTimer>

#include <memory>
#include <utility>

namespace sense7 {

ConversationTableModel::ConversationTableModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_writtenTimer(new QTimer(this))
{
    // A streaming reply is written many times: its row's turn count is not worth a query each.
    m_writtenTimer->setSingleShot(true);
    m_writtenTimer->setInterval(turnsDelayMs);
    connect(m_writtenTimer, &QTimer::timeout, this, &ConversationTableModel::refreshWritten);
}

void ConversationTableModel::setStore(Store *store)
{
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_store = store;
    if (m_store) {
        connect(m_store, &Store::conversationsChanged, this, &ConversationTableModel::refresh);
        connect(m_store, &Store::turnsWritten, this, [this](qint64 conversationId) {
            m_written.insert(conversationId);
            if (!m_writtenTimer->isActive())
                m_writtenTimer->start();
        });
        connect(m_store, &Store::changedElsewhere, this, &ConversationTableModel::refresh);
        connect(m_store, &Store::ratingChanged, this,
                [this](qint64 turnId, qint64, qint64 annotatorId) {
                    ratingChanged(turnId, annotatorId);
                });
    }
    reload();
}

void ConversationTableModel::setAnnotator(qint64 annotatorId)
{
    if (annotatorId == m_annotatorId)
        return;
    m_annotatorId = annotatorId;
    reload();
}

void ConversationTableModel::setParticipant(qint64 participantId)
{
    if (participantId == m_participantId)
        return;
    m_participantId = participantId;
    reload();
}

ConversationTableModel::~ConversationTableModel()
{
    if (m_reader) {
        m_reader->disconnect(this);
        m_interruptReader();
        m_reader->wait();
        delete m_reader;
    }
}

void ConversationTableModel::reload()
{
    read(Apply::Reset);
}

void ConversationTableModel::refresh()
{
    read(m_store ? Apply::Changes : Apply::Reset);
}

bool ConversationTableModel::isLoading() const
{
    return (m_reader && m_readerGeneration == m_generation) || m_readAgain.has_value();
}

bool ConversationTableModel::readsOnThread() const
{
    if (!m_store || m_threadedFrom < 0 || m_store->isDamaged() || !m_store->isStillAtPath())
        return false;
    return m_threadedFrom == 0 || m_store->lastConversationId() >= m_threadedFrom;
}

void ConversationTableModel::read(Apply how)
{
    ++m_generation;
    const bool threaded = readsOnThread();
    // Rows read at once, or for another store, rater or participant, make a thread's rows
    // worth nothing: it is stopped, and its rows dropped.
    if (how == Apply::Reset || !threaded) {
        ++m_listing;
        if (m_reader)
            m_interruptReader();
    }
    if (!threaded) {
        m_readAgain.reset();
        m_written.clear(); // what was written before now is in what is read
        m_writtenTimer->stop();
        apply(m_store ? m_store->conversationSummaries(m_annotatorId, m_participantId)
                      : QVector<ConversationSummary>(),
              how);
        return;
    }
    if (how == Apply::Reset && !m_rows.isEmpty()) {
        // Another data set's, participant's or rater's rows must not stay on show meanwhile.
        beginResetModel();
        m_rows.clear();
        endResetModel();
    }
    if (m_reader) // one thread at a time: the newest rows asked for are read once it ends
        m_readAgain = how == Apply::Reset || m_readAgain == Apply::Reset ? Apply::Reset : how;
    else
        startReader(how);
    if (isLoading()) {
        Q_EMIT progressChanged();
        Q_EMIT loadingStarted();
    }
}

void ConversationTableModel::startReader(Apply how)
{
    SummariesRead reader;
    try {
        reader = m_store->conversationSummariesReader(m_annotatorId, m_participantId);
    } catch (const Error &) {
        applyAtOnce(how);
        return;
    }
    auto rows = std::make_shared<std::optional<QVector<ConversationSummary>>>();
    m_interruptReader = reader.interrupt;
    m_reader = QThread::create([read = std::move(reader.read), rows, hook = m_afterThreadedRead] {
        try {
            *rows = read();
        } catch (...) { // no exception may leave a thread
            // Interrupted, or read again on the store's connection once back (see below).
        }
        if (hook)
            hook();
    });
    m_readerGeneration = m_generation;
    connect(m_reader, &QThread::finished, this,
            [this, rows, how, generation = m_generation, listing = m_listing] {
                m_reader->deleteLater();
                m_reader = nullptr;
                m_interruptReader = nullptr;
                // Rows of the list shown, read before a refresh asked for newer ones, are still
                // newer than those on show: shown, so that changes made every second do not
                // keep the list from ever changing. (isLoading() stays true meanwhile when a
                // read follows.)
                const bool wanted = listing == m_listing && m_store;
                bool shown = !wanted;
                try {
                    if (wanted && rows->has_value())
                        apply(std::move(**rows), how);
                    else if (wanted && generation == m_generation)
                        applyAtOnce(how); // the thread could not read it
                    shown = true;
                } catch (const Error &) {
                    // Reading a row again failed: the rows shown stay, a later change reads
                    // them again.
                }
                try {
                    if (const auto again = std::exchange(m_readAgain, std::nullopt))
                        read(*again); // at once, when the store can no longer be read apart
                    else if (!shown)
                        Q_EMIT loaded();
                    else if (!wanted && !m_written.isEmpty())
                        refreshWritten(); // noted while it read, after the rows shown were
                } catch (const Error &) {
                    Q_EMIT loaded();
                }
            });
    m_reader->start();
    if (!m_reader->isRunning() && !m_reader->isFinished()) { // no thread to be had
        delete m_reader;
        m_reader = nullptr;
        m_interruptReader = nullptr;
        applyAtOnce(how);
    }
}

void ConversationTableModel::applyAtOnce(Apply how)
{
    try {
        apply(m_store->conversationSummaries(m_annotatorId, m_participantId), how);
    } catch (const Error &) {
        Q_EMIT loaded(); // the rows shown stay; a later change reads them again
    }
}

void ConversationTableModel::apply(QVector<ConversationSummary> fresh, Apply how)
{
    if (how == Apply::Reset) {
        beginResetModel();
        m_rows = std::move(fresh);
        endResetModel();
        Q_EMIT progressChanged();
    } else {
        applyChanges(std::move(fresh));
    }
    // Ratings and turns written while a thread read: the rows it read may predate them.
    if (!m_written.isEmpty())
        refreshWritten();
    Q_EMIT loaded();
}

bool ConversationTableModel::sameValues(const ConversationSummary &a, const ConversationSummary &b)
{
    return a.id == b.id && a.participant == b.participant && a.agent == b.agent
        && a.condition == b.condition && a.title == b.title && a.startedAt == b.startedAt
        && a.turns == b.turns && a.assistantTurns == b.assistantTurns
        && a.ratedCells == b.ratedCells && a.cells == b.cells;
}

void ConversationTableModel::applyChanges(QVector<ConversationSummary> fresh)
{
    QSet<qint64> oldIds;
    QSet<qint64> freshIds;
    for (const ConversationSummary &s : std::as_const(m_rows))
        oldIds.insert(s.id);
    for (const ConversationSummary &s : std::as_const(fresh))
        freshIds.insert(s.id);
    // The rows both have must keep their order, so that removing and inserting is enough.
    QVector<qint64> keptOld;
    QVector<qint64> keptFresh;
    int runs = 0;
    bool inRun = false;
    for (const ConversationSummary &s : std::as_const(m_rows)) {
        const bool kept = freshIds.contains(s.id);
        if (kept)
            keptOld.append(s.id);
        runs += !kept && !inRun ? 1 : 0;
        inRun = !kept;
    }
    inRun = false;
    for (const ConversationSummary &s : std::as_const(fresh)) {
        const bool kept = oldIds.contains(s.id);
        if (kept)
            keptFresh.append(s.id);
        runs += !kept && !inRun ? 1 : 0;
        inRun = !kept;
    }
    // Each run costs the views a pass over their rows: past a few hundred, one reset is quicker.
    if (keptOld != keptFresh || runs > 200) {
        beginResetModel();
        m_rows = std::move(fresh);
        endResetModel();
        Q_EMIT progressChanged();
        return;
    }

    bool changed = false;
    for (int row = int(m_rows.size()) - 1; row >= 0;) {
        if (freshIds.contains(m_rows[row].id)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !freshIds.contains(m_rows[first - 1].id))
            --first;
        beginRemoveRows({}, first, row);
        m_rows.remove(first, row - first + 1);
        endRemoveRows();
        changed = true;
        row = first - 1;
    }
    for (int row = 0; row < fresh.size();) {
        if (oldIds.contains(fresh[row].id)) {
            if (!sameValues(m_rows[row], fresh[row])) {
                m_rows[row] = fresh[row];
                Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
                changed = true;
            }
            ++row;
            continue;
        }
        int last = row;
        while (last + 1 < fresh.size() && !oldIds.contains(fresh[last + 1].id))
            ++last;
        beginInsertRows({}, row, last);
        m_rows.insert(row, last - row + 1, ConversationSummary());
        for (int r = row; r <= last; ++r)
            m_rows[r] = fresh[r];
        endInsertRows();
        changed = true;
        row = last + 1;
    }
    if (changed)
        Q_EMIT progressChanged();
}

void ConversationTableModel::ratingChanged(qint64 turnId, qint64 annotatorId)
{
    // One rating changes one row: re-read that row only, so rating stays quick in big data sets.
    const qint64 shown = m_annotatorId ? m_annotatorId : (m_store ? m_store->selfAnnotatorId() : 0);
    if (!m_store || annotatorId != shown)
        return;
    const qint64 conversationId = m_store->conversationOfTurn(turnId);
    if (isLoading()) // the rows on their way may predate it: its row is read again once in
        m_written.insert(conversationId);
    const int row = rowOf(conversationId);
    if (row < 0)
        return;
    if (const auto summary = m_store->conversationSummary(m_rows[row].id, m_annotatorId)) {
        m_rows[row] = *summary;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        Q_EMIT progressChanged();
    }
}

bool ConversationTableModel::refreshRow(int row)
{
    if (!m_store || row < 0 || row >= m_rows.size())
        return false;
    const auto summary = m_store->conversationSummary(m_rows[row].id, m_annotatorId);
    if (!summary || sameValues(m_rows[row], *summary))
        return false;
    m_rows[row] = *summary;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return true;
}

void ConversationTableModel::refreshWritten()
{
    m_writtenTimer->stop();
    // While rows are read, they are read again once those are in: they may predate the writes.
    const QSet<qint64> written = isLoading() ? m_written : std::exchange(m_written, {});
    bool changed = false;
    for (const qint64 id : written)
        changed = refreshRow(rowOf(id)) || changed;
    if (changed)
        Q_EMIT progressChanged();
}

std::pair<qint64, qint64> ConversationTableModel::progress() const
{
    qint64 rated = 0;
    qint64 cells = 0;
    for (const ConversationSummary &s : m_rows) {
        rated += s.ratedCells;
        cells += s.cells;
    }
    return {rated, cells};
}

qint64 ConversationTableModel::conversationId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].id : 0;
}

int ConversationTableModel::rowOf(qint64 conversationId) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].id == conversationId)
            return row;
    }
    return -1;
}

int ConversationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ConversationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void ConversationTableModel::setConditionsShown(bool shown)
{
    if (shown == m_conditionsShown)
        return;
    m_conditionsShown = shown;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, Agent), index(int(m_rows.size()) - 1, Agent));
}

QString ConversationTableModel::agentText(const ConversationSummary &s) const
{
    if (!m_conditionsShown || s.condition.isEmpty())
        return s.agent;
    // The key first: it is what a researcher looks for, and it survives a narrow column.
    return tr("%1 · %2", "a condition's key and the assistant's label participants saw")
        .arg(s.condition, s.agent);
}

QVariant ConversationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ConversationSummary &s = m_rows[index.row()];
    if (role == IdRole)
        return s.id;
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = index.column() == Turns || index.column() == Rated;
        return QVariant::fromValue(Qt::AlignVCenter | (numeric ? Qt::AlignRight : Qt::AlignLeft));
    }
    if (role == Qt::ToolTipRole && index.column() == Rated) {
        return tr("%1 of %2 assistant turns' ratings given")
            .arg(QLocale().toString(s.ratedShare * 100.0, 'f', 0) + QLatin1Char('%'),
                 QString::number(s.assistantTurns));
    }
    if (role == Qt::ToolTipRole && (index.column() == Title || index.column() == Agent))
        return index.column() == Title ? s.title : agentText(s);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (Column(index.column())) {
    case Participant:
        return s.participant;
    case Agent:
        return agentText(s);
    case Title:
        return s.title;
    case Started:
        if (role == SortRole)
            return s.startedAt;
        return s.startedAt.isValid()
            ? QLocale().toString(s.startedAt.toLocalTime().date(), QLocale::ShortFormat)
            : QString();
    case Turns:
        return s.turns;
    case Rated:
        if (role == SortRole)
            return s.ratedShare;
        return QString(QLocale().toString(s.ratedShare * 100.0, 'f', 0) + QLatin1Char('%'));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ConversationTableModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Participant:
        return tr("Participant");
    case Agent:
        return tr("Assistant");
    case Title:
        return tr("Title");
    case Started:
        return tr("Date");
    case Turns:
        return tr("Turns");
    case Rated:
        return tr("Rated");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace sense7
