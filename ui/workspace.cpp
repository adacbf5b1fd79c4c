#include "workspace.h"

#include "annotationsession.h"
#include "findbar.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "trajectorychart.h"
#include "transcriptview.h"
#include "turnlistmodel.h"

#include <QKeySequence>
#include <QLabel>
#include <QShortcut>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace sense7 {

Workspace::Workspace(TurnListModel *turns, QWidget *parent)
    : QWidget(parent)
    , m_turns(turns)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_banner(new QLabel(this))
    , m_transcript(new TranscriptView(this))
    , m_panel(new RatingPanel(this))
    , m_readingSplitter(new QSplitter(Qt::Vertical, this))
    , m_chart(new TrajectoryChart(this))
    , m_chartUpdate(new QTimer(this))
    , m_countUpdate(new QTimer(this))
{
    setObjectName(QStringLiteral("workspace"));
    m_find = new FindBar(m_transcript, this);
    m_transcript->setObjectName(QStringLiteral("transcript"));
    m_transcript->setModel(m_turns);

    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    m_banner->setObjectName(QStringLiteral("banner"));
    m_banner->setWordWrap(true);
    m_banner->setMargin(8);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);
    m_banner->hide();
    m_banner->setTextFormat(Qt::RichText);
    connect(m_banner, &QLabel::linkActivated, this, &Workspace::bannerLinkActivated);
    leftLayout->addWidget(m_banner);
    leftLayout->addWidget(m_find);
    // The trajectory sits under the transcript: reading down, the chart shows where you are.
    m_readingSplitter->addWidget(m_transcript);
    m_readingSplitter->addWidget(m_chart);
    m_readingSplitter->setStretchFactor(0, 3);
    m_readingSplitter->setStretchFactor(1, 1);
    m_readingSplitter->setChildrenCollapsible(true);
    m_readingSplitter->setCollapsible(0, false);
    leftLayout->addWidget(m_readingSplitter, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_panel);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_readingSplitter->setObjectName(QStringLiteral("readingSplitter"));
    // Ratings arrive one key press at a time: redraw once they settle, not on every one.
    m_chartUpdate->setSingleShot(true);
    m_chartUpdate->setInterval(50);
    connect(m_chartUpdate, &QTimer::timeout, this, &Workspace::reloadChart);
    connect(m_chart, &TrajectoryChart::turnClicked, this, [this](qint64 turnId) {
        setCurrentTurn(turnId);
        m_transcript->setFocus();
    });
    connect(this, &Workspace::currentTurnChanged, m_chart, &TrajectoryChart::setCurrentTurn);
    connect(m_turns, &QAbstractItemModel::modelReset, this, &Workspace::conversationReset);
    connect(m_turns, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { turnsInserted(first, last); });
    // The number of replies in the panel is not what a person waits for: it follows once the
    // turns written settle (and after the transcript has shown them).
    m_countUpdate->setSingleShot(true);
    m_countUpdate->setInterval(0);
    connect(m_countUpdate, &QTimer::timeout, this, [this] {
        if (m_row >= 0 && m_row < m_turns->rowCount())
            showTurn(m_row, false);
    });
    connect(m_transcript, &TranscriptView::turnClicked, this, &Workspace::turnClicked);
    connect(m_panel, &RatingPanel::pickingLostTurn, m_transcript, &TranscriptView::setPicking);
    connect(m_panel, &RatingPanel::turnRated, this, [this] {
        const bool focused = m_panel->isAncestorOf(focusWidget());
        if (step(+1)) {
            m_panel->setCurrentDimension(0);
            if (focused && m_panel->scale(0))
                m_panel->scale(0)->setFocus(Qt::TabFocusReason);
        }
    });
    addShortcuts();
}

QList<QPair<QString, QString>> Workspace::shortcutHelp()
{
    return {
        {tr("1 – 9"), tr("Rate the current dimension and move to the next")},
        {tr("Several digits (1 0 0)"),
         tr("10 and more on longer scales: each digit within a moment of the last; a number is "
            "taken once no digit could extend it, or none follows")},
        {tr("0"), tr("0 on scales that have it; elsewhere not applicable")},
        {tr("N"), tr("Not applicable, and move to the next (where the dimension allows it)")},
        {tr("Left / Right, - / +"), tr("Step the focused rating down or up")},
        {tr("Shift+Left / Shift+Right"),
         tr("Step the focused rating by a tenth of a scale of more than 11 points")},
        {tr("Home / End"), tr("The focused scale's lowest or highest point")},
        {tr("Delete"), tr("Clear the focused rating")},
        {tr("Up / Down"), tr("Previous or next dimension (when a scale has focus)")},
        {tr("J or Page Down"), tr("Next assistant reply")},
        {tr("K or Page Up"), tr("Previous assistant reply")},
        {tr("B"), tr("Toggle the continuity-break flag")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N).toString(QKeySequence::NativeText),
         tr("Next reply that is not fully rated")},
        {QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText), tr("Undo")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z).toString(QKeySequence::NativeText),
         tr("Redo")},
        {QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText),
         tr("Find in this conversation")},
        {tr("Esc"), tr("Stop picking the lost turn; close find")},
        {tr("F6 / Shift+F6"), tr("Next or previous pane: conversations, transcript, ratings")},
        {QKeySequence(Qt::CTRL | Qt::Key_Comma).toString(QKeySequence::NativeText),
         tr("Preferences: language and theme")},
        {QKeySequence(Qt::CTRL | Qt::Key_I).toString(QKeySequence::NativeText),
         tr("Import chat exports")},
    };
}

void Workspace::addShortcuts()
{
    const auto add = [this](const QKeySequence &key, auto slot) {
        auto *shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WindowShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
        return shortcut;
    };
    // Digits type a value for the current scale, whatever its length (ScaleSelector::typeDigit).
    for (int digit = 0; digit <= 9; ++digit)
        add(QKeySequence(Qt::Key_0 + digit), [this, digit] { m_panel->typeDigit(digit); });
    add(QKeySequence(Qt::Key_N), [this] { m_panel->rateNotApplicable(); });
    add(QKeySequence(Qt::Key_J), [this] { step(+1); });
    add(QKeySequence(Qt::Key_PageDown), [this] { step(+1); });
    add(QKeySequence(Qt::Key_K), [this] { step(-1); });
    add(QKeySequence(Qt::Key_PageUp), [this] { step(-1); });
    add(QKeySequence(Qt::Key_B), [this] { m_panel->toggleFlag(); });
    add(QKeySequence(Qt::Key_Escape), [this] {
        if (m_panel->isPickingLostTurn())
            m_panel->cancelPicking();
        else if (m_find->isVisible())
            m_find->hide();
    });
}

void Workspace::setSession(AnnotationSession *session)
{
    for (const auto &connection : std::as_const(m_storeConnections))
        disconnect(connection);
    m_storeConnections.clear();
    m_session = session;
    m_panel->setSession(session);
    if (m_session) {
        // The panel follows the store itself; the chart redraws once changes settle.
        m_storeConnections << connect(m_session->store(), &Store::annotationChanged, this,
                                      [this](Edit::Kind kind, qint64, qint64 annotator) {
                                          if (m_session && annotator == m_session->annotatorId()
                                              && kind == Edit::Kind::Flag)
                                              m_chartUpdate->start();
                                      });
        m_storeConnections << connect(m_session->store(), &Store::ratingChanged, this,
                                      [this](qint64 turn, qint64, qint64 annotator) {
                                          if (!m_session || annotator != m_session->annotatorId())
                                              return;
                                          if (m_chart->trajectory().replyOf(turn) >= 0)
                                              m_chartUpdate->start();
                                      });
        m_storeConnections << connect(m_session->store(), &Store::changedElsewhere, this,
                                      [this] { m_chartUpdate->start(); });
    }
    conversationReset();
}

void Workspace::reloadChart()
{
    m_chartUpdate->stop();
    m_chart->load(m_session ? m_session->store() : nullptr,
                  m_session ? m_turns->conversationId() : 0,
                  m_session ? m_session->annotatorId() : 0);
    m_chart->setCurrentTurn(currentTurn());
}

void Workspace::setChartDeferred(bool deferred)
{
    m_chartDeferred = deferred;
}

void Workspace::turnsInserted(int first, int last)
{
    const QSet<Role> rated = m_panel->ratedRoles();
    bool ratedAdded = false;
    for (int row = first; row <= last && !ratedAdded; ++row)
        ratedAdded = rated.contains(m_turns->turn(row).role);
    if (!ratedAdded)
        return; // the chart and the panel count replies only
    if (m_chartDeferred)
        m_chartUpdate->start();
    else
        reloadChart();
    if (m_row < 0) {
        // The conversation's first reply: the panel opens on it, as when it was read whole.
        if (!nextUnrated(true))
            step(+1);
    } else {
        m_countUpdate->start();
    }
}

void Workspace::conversationReset()
{
    m_countUpdate->stop();
    if (m_chartDeferred)
        m_chartUpdate->start(); // once the changes settle, after what the person waits for
    else
        reloadChart();
    m_row = -1;
    // Start where the work is: the first reply not fully rated, else the first reply.
    if (!nextUnrated(true) && !step(+1))
        showTurn(-1);
}

qint64 Workspace::currentTurn() const
{
    return m_row >= 0 && m_row < m_turns->rowCount() ? m_turns->turn(m_row).id : 0;
}

bool Workspace::setCurrentTurn(qint64 turnId)
{
    for (int row = 0; row < m_turns->rowCount(); ++row) {
        if (m_turns->turn(row).id == turnId
            && m_panel->ratedRoles().contains(m_turns->turn(row).role)) {
            showTurn(row);
            return true;
        }
    }
    return false;
}

bool Workspace::step(int direction)
{
    const QSet<Role> rated = m_panel->ratedRoles();
    for (int row = m_row + direction; row >= 0 && row < m_turns->rowCount(); row += direction) {
        if (rated.contains(m_turns->turn(row).role)) {
            showTurn(row);
            return true;
        }
    }
    return false;
}

bool Workspace::nextUnrated(bool fromStart)
{
    if (!m_session || !m_session->store() || m_turns->rowCount() == 0)
        return false;
    const auto ratings =
        m_session->store()->turnRatings(m_turns->conversationId(), m_session->annotatorId());
    const QSet<Role> rated = m_panel->ratedRoles();
    for (int row = fromStart ? 0 : m_row + 1; row < m_turns->rowCount(); ++row) {
        const Turn &t = m_turns->turn(row);
        if (rated.contains(t.role) && !m_panel->isComplete(t.role, ratings.value(t.id))) {
            showTurn(row);
            m_panel->setCurrentDimension(0);
            return true;
        }
    }
    return false;
}

void Workspace::showTurn(int row, bool scroll)
{
    m_countUpdate->stop();
    m_row = row;
    int number = 0;
    int count = 0;
    const QSet<Role> rated = m_panel->ratedRoles();
    for (int r = 0; r < m_turns->rowCount(); ++r) {
        if (rated.contains(m_turns->turn(r).role)) {
            ++count;
            if (r == row)
                number = count;
        }
    }
    const qint64 id = currentTurn();
    const Role role = id ? m_turns->turn(row).role : Role::Assistant;
    m_panel->setTurn(m_turns->conversationId(), id, number, count, role);
    if (scroll || m_transcript->currentTurn() != id)
        m_transcript->setCurrentTurn(id);
    Q_EMIT currentTurnChanged(id);
}

void Workspace::turnClicked(qint64 turnId)
{
    if (m_panel->isPickingLostTurn()) {
        if (turnId != currentTurn())
            m_panel->setLostTurn(turnId);
        return;
    }
    setCurrentTurn(turnId);
}

void Workspace::setBanner(const QString &text)
{
    m_banner->setText(text);
    m_banner->setVisible(!text.isEmpty());
}

} // namespace sense7
