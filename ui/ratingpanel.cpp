#include "ratingpanel.h"

#include "annotationsession.h"
#include "conversationpage.h"
#include "flaggroup.h"
#include "formview.h"
#include "noteedit.h"
#include "scaleselector.h"
#include "store.h"
#include "turnpage.h"

#include <QCheckBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace sense7 {

namespace {

QScrollArea *scrolling(QWidget *page, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A scroll bar that comes and goes changes the width the page was laid out for.
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    return area;
}

} // namespace

RatingPanel::RatingPanel(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_turnPage(new TurnPage(this))
    , m_conversationPage(new ConversationPage(this))
    , m_context(new FormView(Form(), this))
    , m_profile(new FormView(Form(), this))
{
    setObjectName(QStringLiteral("ratingPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    m_turnScroll = scrolling(m_turnPage, m_tabs);
    m_tabs->addTab(m_turnScroll, tr("Turn"));
    m_conversationScroll = scrolling(m_conversationPage, m_tabs);
    m_tabs->addTab(m_conversationScroll, tr("Conversation"));
    m_tabs->addTab(scrolling(m_context, m_tabs), tr("Context"));
    m_tabs->addTab(scrolling(m_profile, m_tabs), tr("Profile"));
    m_tabs->setTabToolTip(0, tr("Rate the current reply"));
    m_tabs->setTabToolTip(1, tr("Rate the whole conversation"));
    m_tabs->setTabToolTip(2, tr("About the situation of this conversation"));
    m_tabs->setTabToolTip(3, tr("About the participant, asked once"));

    connect(m_turnPage, &TurnPage::turnRated, this, &RatingPanel::turnRated);
    // Twelve scales do not fit: the one the keys act on is kept in sight.
    connect(m_turnPage, &TurnPage::currentChanged, this,
            [this](ScaleSelector *scale) { m_turnScroll->ensureWidgetVisible(scale, 0, 24); });
    connect(
        m_conversationPage, &ConversationPage::currentChanged, this,
        [this](ScaleSelector *scale) { m_conversationScroll->ensureWidgetVisible(scale, 0, 24); });
    connect(m_turnPage, &TurnPage::refused, this, &RatingPanel::refreshTurn);
    FlagGroup *flag = m_turnPage->flagGroup();
    connect(flag, &FlagGroup::pickingLostTurn, this, &RatingPanel::pickingLostTurn);
    connect(flag, &FlagGroup::flagged, this, &RatingPanel::showFlagFields);
    connect(m_context, &FormView::edited, this, [this](const QJsonObject &answers) {
        if (m_session && m_conversationId)
            m_session->setContext(m_conversationId, answers);
    });
    connect(m_profile, &FormView::edited, this, [this](const QJsonObject &answers) {
        if (m_session && m_participantId)
            m_session->setProfile(m_participantId, answers);
    });
    updateEnabled();
}

RatingPanel::~RatingPanel() = default;

void RatingPanel::setSession(AnnotationSession *session)
{
    m_session = session;
    m_conversationId = m_turnId = m_participantId = 0;
    Protocol protocol; // no forms without a data set
    if (m_session && m_session->store())
        protocol = m_session->store()->protocol();
    // The forms the data set's protocol asks, rebuilt for each data set.
    m_context->setForm(protocol.context);
    m_profile->setForm(protocol.profile);
    m_turnPage->setSession(session, protocol);
    m_conversationPage->setSession(session, protocol.instruments);
    m_tabs->setTabEnabled(1, true);
    // A protocol that rates whole conversations only opens where its scales are.
    if (m_turnPage->ratedRoles().isEmpty() && m_conversationPage->dimensionCount() > 0)
        m_tabs->setCurrentIndex(1);
    followStore();
    refresh();
}

void RatingPanel::followStore()
{
    for (const auto &connection : std::as_const(m_storeConnections))
        disconnect(connection);
    m_storeConnections.clear();
    Store *store = m_session ? m_session->store() : nullptr;
    if (!store)
        return;
    // Each change is shown once, when the store announces it: the panel's own writes included.
    m_storeConnections << connect(store, &Store::ratingChanged, this,
                                  [this](qint64 turn, qint64, qint64 annotator) {
                                      if (isOwn(annotator) && turn && turn == m_turnId)
                                          refreshTurn();
                                  });
    m_storeConnections << connect(store, &Store::annotationChanged, this,
                                  [this](Edit::Kind kind, qint64 subject, qint64 annotator) {
                                      if (!isOwn(annotator) || !subject)
                                          return;
                                      switch (kind) {
                                      case Edit::Kind::Rating: // announced by ratingChanged
                                          break;
                                      case Edit::Kind::Flag:
                                      case Edit::Kind::Note:
                                          if (subject == m_turnId)
                                              refreshTurn();
                                          break;
                                      case Edit::Kind::ConversationRating:
                                      case Edit::Kind::Context:
                                          if (subject == m_conversationId)
                                              refreshConversation();
                                          break;
                                      case Edit::Kind::Profile:
                                          if (subject == m_participantId)
                                              refreshConversation();
                                          break;
                                      }
                                  });
    // Another program changed the data set: show what it holds now without moving the current
    // reply, the focus or typing in progress.
    m_storeConnections << connect(store, &Store::changedElsewhere, this, &RatingPanel::refresh);
}

bool RatingPanel::isOwn(qint64 annotatorId) const
{
    return m_session && annotatorId == m_session->annotatorId();
}

void RatingPanel::flushEdits()
{
    m_turnPage->noteEdit()->flush();
    m_context->flush();
    m_profile->flush();
}

void RatingPanel::setTurn(qint64 conversationId, qint64 turnId, int number, int count, Role role)
{
    flushEdits();
    const bool otherConversation = conversationId != m_conversationId;
    if (otherConversation) {
        m_conversationId = conversationId;
        m_participantId = 0;
        if (m_session && m_session->store() && conversationId) {
            if (const auto c = m_session->store()->conversation(conversationId))
                m_participantId = c->participantId;
        }
        m_conversationPage->setConversation(conversationId);
    }
    if (turnId != m_turnId) {
        // A new reply is rated from its first scale: show the top of the tab again.
        m_turnScroll->verticalScrollBar()->setValue(0);
    }
    m_turnId = turnId;
    m_turnPage->setTurn(conversationId, turnId, number, count, role);
    // Moving reply to reply leaves the conversation's tabs as they are.
    refreshTurn();
    if (otherConversation)
        refreshConversation();
}

void RatingPanel::refresh()
{
    refreshTurn();
    refreshConversation();
}

void RatingPanel::refreshTurn()
{
    m_turnPage->refresh();
    updateEnabled();
    Q_EMIT refreshed();
}

void RatingPanel::refreshConversation()
{
    Store *store = m_session ? m_session->store() : nullptr;
    m_conversationPage->refresh();
    QJsonObject context;
    if (store && m_conversationId) {
        if (const auto c = store->conversation(m_conversationId))
            context = c->context;
    }
    if (context != m_context->answers())
        m_context->setAnswers(context);
    QJsonObject profile;
    if (store && m_participantId) {
        for (const Participant &p : store->participants()) {
            if (p.id == m_participantId)
                profile = p.profile;
        }
    }
    if (profile != m_profile->answers())
        m_profile->setAnswers(profile);
    m_turnPage->updateHeader();
    updateEnabled();
    Q_EMIT refreshed();
}

void RatingPanel::updateEnabled()
{
    const bool writable = m_session && m_session->store() && !m_session->store()->isReadOnly();
    m_turnPage->updateEnabled(writable);
    m_conversationPage->setEnabled(writable && m_conversationId != 0);
    m_context->setEnabled(writable && m_conversationId != 0);
    m_profile->setEnabled(writable && m_participantId != 0);
}

int RatingPanel::dimensionCount() const
{
    return m_turnPage->dimensionCount();
}

ScaleSelector *RatingPanel::scale(int row) const
{
    return m_turnPage->scale(row);
}

int RatingPanel::currentDimension() const
{
    return m_turnPage->currentDimension();
}

void RatingPanel::setCurrentDimension(int row)
{
    m_turnPage->setCurrentDimension(row);
}

void RatingPanel::rateCurrent(Rating value)
{
    m_turnPage->rateCurrent(value);
}

void RatingPanel::typeDigit(int digit)
{
    if (m_tabs->currentIndex() == 1)
        m_conversationPage->typeDigit(digit);
    else
        m_turnPage->typeDigit(digit);
}

void RatingPanel::rateNotApplicable()
{
    if (m_tabs->currentIndex() == 1)
        m_conversationPage->rateNotApplicable();
    else
        m_turnPage->rateCurrent(Rating::notApplicable());
}

QSet<Role> RatingPanel::ratedRoles() const
{
    return m_turnPage->ratedRoles();
}

bool RatingPanel::isComplete(Role role, const QHash<qint64, Rating> &ratings) const
{
    return m_turnPage->isComplete(role, ratings);
}

bool RatingPanel::isTurnComplete() const
{
    return m_turnPage->isTurnComplete();
}

void RatingPanel::holdTurnRatings(const QString &reason)
{
    m_turnPage->setHold(reason);
}

bool RatingPanel::areTurnRatingsHeld() const
{
    return m_turnPage->isHeld();
}

void RatingPanel::toggleFlag()
{
    m_turnPage->flagGroup()->toggle();
}

void RatingPanel::setLostTurn(qint64 lostTurnId)
{
    m_turnPage->flagGroup()->setLostTurn(lostTurnId);
}

bool RatingPanel::isPickingLostTurn() const
{
    return m_turnPage->flagGroup()->isPicking();
}

void RatingPanel::cancelPicking()
{
    m_turnPage->flagGroup()->cancelPicking();
}

QCheckBox *RatingPanel::flagBox() const
{
    return m_turnPage->flagGroup()->flagBox();
}

QComboBox *RatingPanel::reasonBox() const
{
    return m_turnPage->flagGroup()->reasonBox();
}

NoteEdit *RatingPanel::noteEdit() const
{
    return m_turnPage->noteEdit();
}

void RatingPanel::showFlagFields()
{
    // At 1280 x 800 the flag's fields lie below the fold: show what B recorded.
    if (m_turnScroll && flagBox()->isChecked())
        m_turnScroll->ensureWidgetVisible(m_turnPage->flagGroup(), 0, 8);
}

} // namespace sense7
