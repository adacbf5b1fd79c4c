#include "flaggroup.h"

#include "annotationsession.h"
#include "ratingpanel.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>

namespace sense7 {

// The flag's strings keep the rating panel's translation context, where they were first written.

FlagGroup::FlagGroup(QWidget *parent)
    : QGroupBox(parent)
    , m_flag(new QCheckBox(RatingPanel::tr("Continuity broke here"), this))
    , m_reason(new QComboBox(this))
    , m_lostTurn(new QLabel(this))
    , m_pick(new QPushButton(RatingPanel::tr("Pick in transcript"), this))
{
    setObjectName(QStringLiteral("flagGroup"));
    auto *layout = new QGridLayout(this);
    m_flag->setObjectName(QStringLiteral("continuityFlag"));
    m_flag->setToolTip(
        RatingPanel::tr("The assistant lost track of the conversation in this reply (B)"));
    m_reason->setObjectName(QStringLiteral("breakReason"));
    m_reason->setAccessibleName(RatingPanel::tr("Reason for the continuity break"));
    for (const QString &key : breakReasonKeys())
        m_reason->addItem(breakReasonLabel(key), key);
    m_lostTurn->setObjectName(QStringLiteral("lostTurn"));
    m_lostTurn->setWordWrap(true);
    m_pick->setObjectName(QStringLiteral("pickLostTurn"));
    m_pick->setCheckable(true);
    m_pick->setToolTip(
        RatingPanel::tr("Then click the earlier turn whose content was lost (Esc cancels)"));
    layout->addWidget(m_flag, 0, 0, 1, 2);
    layout->addWidget(new QLabel(RatingPanel::tr("Reason"), this), 1, 0);
    layout->addWidget(m_reason, 1, 1);
    layout->addWidget(new QLabel(RatingPanel::tr("Lost turn"), this), 2, 0);
    auto *lostRow = new QHBoxLayout;
    lostRow->addWidget(m_lostTurn, 1);
    lostRow->addWidget(m_pick);
    layout->addLayout(lostRow, 2, 1);
    layout->setColumnStretch(1, 1);

    connect(m_flag, &QCheckBox::clicked, this, &FlagGroup::write);
    connect(m_reason, &QComboBox::activated, this, [this] { write(true); });
    connect(m_pick, &QPushButton::toggled, this, [this](bool on) {
        if (on == m_picking)
            return;
        m_picking = on;
        Q_EMIT pickingLostTurn(on);
    });
}

void FlagGroup::setTurn(qint64 conversationId, qint64 turnId)
{
    if (turnId != m_turnId)
        cancelPicking();
    m_conversationId = conversationId;
    m_turnId = turnId;
}

void FlagGroup::showFlag(const std::optional<TurnFlag> &flag)
{
    m_shownFlag = flag;
    m_flag->setChecked(flag.has_value());
    const int reason = flag ? m_reason->findData(flag->reason) : -1;
    m_reason->setCurrentIndex(reason >= 0 ? reason : 0);
    m_lostTurn->setText(flag && flag->refersToTurnId ? lostTurnName(*flag->refersToTurnId)
                                                     : RatingPanel::tr("None chosen"));
}

QString FlagGroup::lostTurnName(qint64 lostTurnId) const
{
    // Name the lost turn as the transcript does: "Reply 2", "Your message 3".
    QString name = RatingPanel::tr("(removed)");
    if (!m_session || !m_session->store())
        return name;
    int replies = 0;
    int messages = 0;
    for (const Turn &t : m_session->store()->turns(m_conversationId)) {
        replies += t.role == Role::Assistant ? 1 : 0;
        messages += t.role == Role::User ? 1 : 0;
        if (t.id != lostTurnId)
            continue;
        if (t.role == Role::Assistant)
            name = RatingPanel::tr("Reply %1").arg(replies);
        else if (t.role == Role::User)
            name = RatingPanel::tr("Your message %1").arg(messages);
        else
            name = RatingPanel::tr("Turn %1").arg(t.index + 1);
    }
    return name;
}

void FlagGroup::updateEnabled(bool hasTurn)
{
    m_flag->setEnabled(hasTurn);
    const bool flagged = hasTurn && m_flag->isChecked();
    m_reason->setEnabled(flagged);
    m_pick->setEnabled(flagged);
}

void FlagGroup::toggle()
{
    if (!m_flag->isEnabled())
        return;
    m_flag->setChecked(!m_flag->isChecked());
    write(m_flag->isChecked());
}

void FlagGroup::write(bool on)
{
    if (!m_session || !m_turnId)
        return;
    std::optional<TurnFlag> flag;
    if (on) {
        flag = m_shownFlag.value_or(TurnFlag());
        flag->reason = m_reason->currentData().toString();
    }
    if (!on)
        cancelPicking();
    // The store's signal shows what was written; a refused change is shown undone.
    if (!m_session->setFlag(m_turnId, flag))
        Q_EMIT refused();
    if (on)
        Q_EMIT flagged();
}

void FlagGroup::setLostTurn(qint64 lostTurnId)
{
    if (!m_session || !m_turnId || !m_shownFlag)
        return;
    TurnFlag flag = *m_shownFlag;
    flag.refersToTurnId = lostTurnId;
    cancelPicking();
    if (!m_session->setFlag(m_turnId, flag))
        Q_EMIT refused();
    Q_EMIT flagged();
}

void FlagGroup::cancelPicking()
{
    if (m_pick->isChecked())
        m_pick->setChecked(false); // emits pickingLostTurn(false)
}

} // namespace sense7
