#include "ratingpanel.h"

#include "annotationsession.h"
#include "formview.h"
#include "noteedit.h"
#include "scaleselector.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
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
    , m_turnPage(new QWidget(this))
    , m_header(new QLabel(this))
    , m_progress(new QLabel(this))
    , m_scaleArea(new QWidget(this))
    , m_note(new NoteEdit(this,
                          [this](const QString &text) {
                              if (m_session && m_turnId)
                                  m_session->setNote(m_turnId,
                                                     text.trimmed().isEmpty() ? QString() : text);
                          }))
    , m_flag(new QCheckBox(tr("Continuity broke here"), this))
    , m_reason(new QComboBox(this))
    , m_lostTurn(new QLabel(this))
    , m_pick(new QPushButton(tr("Pick in transcript"), this))
    , m_conversationPage(new QWidget(this))
    , m_context(new FormView(forms::context(), this))
    , m_profile(new FormView(forms::profile(), this))
{
    setObjectName(QStringLiteral("ratingPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    buildTurnTab();
    m_turnScroll = scrolling(m_turnPage, m_tabs);
    m_tabs->addTab(m_turnScroll, tr("Turn"));
    m_tabs->addTab(scrolling(m_conversationPage, m_tabs), tr("Conversation"));
    m_tabs->addTab(scrolling(m_context, m_tabs), tr("Context"));
    m_tabs->addTab(scrolling(m_profile, m_tabs), tr("Profile"));
    m_tabs->setTabToolTip(0, tr("Rate the current assistant reply"));
    m_tabs->setTabToolTip(2, tr("About the situation of this conversation"));
    m_tabs->setTabToolTip(3, tr("About the participant, asked once"));

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

void RatingPanel::buildTurnTab()
{
    auto *layout = new QVBoxLayout(m_turnPage);
    m_header->setObjectName(QStringLiteral("turnHeader"));
    QFont big = m_header->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    big.setBold(true);
    m_header->setFont(big);
    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_progress);
    m_progress->setForegroundRole(QPalette::PlaceholderText);
    layout->addLayout(top);
    layout->addWidget(m_scaleArea);

    auto *noteLabel = new QLabel(tr("Note"), m_turnPage);
    noteLabel->setBuddy(m_note);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setPlaceholderText(tr("Anything about this reply you want to remember (optional)"));
    m_note->setAccessibleName(tr("Note on this reply"));
    m_note->setFixedHeight(fontMetrics().lineSpacing() * 3 + 14);
    layout->addWidget(noteLabel);
    layout->addWidget(m_note);

    auto *flagGroup = new QGroupBox(m_turnPage);
    flagGroup->setObjectName(QStringLiteral("flagGroup"));
    m_flagGroup = flagGroup;
    auto *flagLayout = new QGridLayout(flagGroup);
    m_flag->setObjectName(QStringLiteral("continuityFlag"));
    m_flag->setToolTip(tr("The assistant lost track of the conversation in this reply (B)"));
    m_reason->setObjectName(QStringLiteral("breakReason"));
    m_reason->setAccessibleName(tr("Reason for the continuity break"));
    for (const QString &key : breakReasonKeys())
        m_reason->addItem(breakReasonLabel(key), key);
    m_lostTurn->setObjectName(QStringLiteral("lostTurn"));
    m_lostTurn->setWordWrap(true);
    m_pick->setObjectName(QStringLiteral("pickLostTurn"));
    m_pick->setCheckable(true);
    m_pick->setToolTip(tr("Then click the earlier turn whose content was lost (Esc cancels)"));
    flagLayout->addWidget(m_flag, 0, 0, 1, 2);
    flagLayout->addWidget(new QLabel(tr("Reason"), flagGroup), 1, 0);
    flagLayout->addWidget(m_reason, 1, 1);
    flagLayout->addWidget(new QLabel(tr("Lost turn"), flagGroup), 2, 0);
    auto *lostRow = new QHBoxLayout;
    lostRow->addWidget(m_lostTurn, 1);
    lostRow->addWidget(m_pick);
    flagLayout->addLayout(lostRow, 2, 1);
    flagLayout->setColumnStretch(1, 1);
    layout->addWidget(flagGroup);
    layout->addStretch(1);

    connect(m_flag, &QCheckBox::clicked, this, &RatingPanel::writeFlag);
    connect(m_reason, &QComboBox::activated, this, [this] { writeFlag(true); });
    connect(m_pick, &QPushButton::toggled, this, [this](bool on) {
        if (on == m_picking)
            return;
        m_picking = on;
        Q_EMIT pickingLostTurn(on);
    });
}

void RatingPanel::setSession(AnnotationSession *session)
{
    m_session = session;
    m_conversationId = m_turnId = m_participantId = 0;
    rebuildScales();
    refresh();
}

void RatingPanel::rebuildScales()
{
    qDeleteAll(m_scaleArea->children());
    m_scales.clear();
    qDeleteAll(m_conversationPage->children());
    m_conversationScales.clear();
    m_dimensions.clear();
    m_conversationDimensions.clear();
    m_current = 0;

    QVector<Instrument> instruments;
    if (m_session && m_session->store())
        instruments = m_session->store()->instruments();
    if (!instruments.isEmpty())
        m_dimensions = instruments.first().dimensionsAt(Level::Turn);
    const bool allowNotApplicable =
        instruments.isEmpty() || instruments.first().allowsNotApplicable;

    auto *grid = new QVBoxLayout(m_scaleArea);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    for (int row = 0; row < m_dimensions.size(); ++row) {
        const Dimension &d = m_dimensions[row];
        auto *label = new QLabel(m_scaleArea);
        label->setTextFormat(Qt::RichText);
        label->setWordWrap(true);
        label->setText(
            QStringLiteral("<b>%1</b> <span style=\"color:%2;font-size:small\">%3</span>")
                .arg(d.displayName().toHtmlEscaped(),
                     palette().color(QPalette::PlaceholderText).name(),
                     d.displayQuestion().toHtmlEscaped()));
        auto *scale = new ScaleSelector(d.scaleMin, d.scaleMax, allowNotApplicable, m_scaleArea);
        scale->setObjectName(QStringLiteral("scale_") + d.key);
        scale->setAnchors(d.displayAnchors());
        scale->setAccessibleName(d.displayName());
        scale->setToolTip(d.displayQuestion());
        grid->addWidget(label);
        grid->addWidget(scale);
        grid->addSpacing(4);
        connect(scale, &ScaleSelector::chosen, this,
                [this, row](const QJsonValue &value) { chooseRating(row, value); });
        connect(scale, &ScaleSelector::advance, this, [this, row] {
            if (row + 1 < m_scales.size()) {
                setCurrentDimension(row + 1);
                m_scales[row + 1]->setFocus(Qt::TabFocusReason);
            } else {
                Q_EMIT turnRated();
            }
        });
        connect(scale, &ScaleSelector::chosen, this, [this, row] {
            // A click makes its row current too.
            setCurrentDimension(row);
        });
        connect(scale, &ScaleSelector::moveRequested, this, [this, row](int step) {
            const int next = qBound(0, row + step, int(m_scales.size()) - 1);
            setCurrentDimension(next);
            m_scales[next]->setFocus(Qt::TabFocusReason);
        });
        m_scales.append(scale);
    }
    if (!m_scales.isEmpty())
        m_scales.first()->setCurrent(true);

    // Conversation-level dimensions of every instrument (ESConv's survey scores, for example).
    auto *form = new QFormLayout(m_conversationPage);
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    for (const Instrument &instrument : std::as_const(instruments)) {
        for (const Dimension &d : instrument.dimensionsAt(Level::Conversation)) {
            auto *scale = new ScaleSelector(d.scaleMin, d.scaleMax, instrument.allowsNotApplicable,
                                            m_conversationPage);
            scale->setObjectName(QStringLiteral("conversation_") + d.key);
            scale->setAnchors(d.displayAnchors());
            scale->setAccessibleName(d.displayName());
            const int row = int(m_conversationScales.size());
            connect(scale, &ScaleSelector::chosen, this, [this, row](const QJsonValue &value) {
                if (m_session && m_conversationId)
                    m_session->setConversationRating(m_conversationId,
                                                     m_conversationDimensions[row].id, value);
            });
            auto *label = new QLabel(QStringLiteral("<b>%1</b> — %2 <i>(%3)</i>")
                                         .arg(d.displayName().toHtmlEscaped(),
                                              d.displayQuestion().toHtmlEscaped(),
                                              instrument.displayName().toHtmlEscaped()),
                                     m_conversationPage);
            label->setWordWrap(true);
            form->addRow(label, scale);
            m_conversationScales.append(scale);
            m_conversationDimensions.append(d);
        }
    }
    if (m_conversationScales.isEmpty()) {
        auto *none = new QLabel(tr("The instruments of this data set rate turns only. "
                                   "Conversation-level scales, such as ESConv's survey, "
                                   "appear here when a data set has them."),
                                m_conversationPage);
        none->setWordWrap(true);
        none->setForegroundRole(QPalette::PlaceholderText);
        form->addRow(none);
    }
    m_tabs->setTabEnabled(1, true);
}

void RatingPanel::flushEdits()
{
    m_note->flush();
    m_context->flush();
    m_profile->flush();
}

void RatingPanel::setTurn(qint64 conversationId, qint64 turnId, int number, int count)
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
    }
    if (turnId != m_turnId) {
        cancelPicking();
        // A new reply is rated from its first scale: show the top of the tab again.
        m_turnScroll->verticalScrollBar()->setValue(0);
    }
    m_turnId = turnId;
    m_number = number;
    m_count = count;
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
    Store *store = m_session ? m_session->store() : nullptr;
    const qint64 annotator = m_session ? m_session->annotatorId() : 0;
    QHash<qint64, std::optional<int>> ratings;
    std::optional<TurnFlag> flag;
    QString note;
    if (store && m_turnId) {
        ratings = store->turnRatings(m_conversationId, annotator).value(m_turnId);
        const auto flags = store->flags(m_conversationId, annotator);
        if (flags.contains(m_turnId))
            flag = flags.value(m_turnId);
        note = store->notes(m_conversationId, annotator).value(m_turnId);
    }
    for (int row = 0; row < m_scales.size(); ++row) {
        const qint64 id = m_dimensions[row].id;
        m_scales[row]->setValue(ratings.contains(id) ? ratingValue(ratings.value(id))
                                                     : QJsonValue(QJsonValue::Undefined));
    }
    m_note->setTextSilently(note);
    showFlag(flag);
    updateHeader();
    updateEnabled();
}

void RatingPanel::refreshConversation()
{
    Store *store = m_session ? m_session->store() : nullptr;
    const qint64 annotator = m_session ? m_session->annotatorId() : 0;
    QHash<qint64, std::optional<int>> conversationRatings;
    if (store && m_conversationId)
        conversationRatings = store->conversationRatings(m_conversationId, annotator);
    for (int row = 0; row < m_conversationScales.size(); ++row) {
        const qint64 id = m_conversationDimensions[row].id;
        m_conversationScales[row]->setValue(conversationRatings.contains(id)
                                                ? ratingValue(conversationRatings.value(id))
                                                : QJsonValue(QJsonValue::Undefined));
    }
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
    updateHeader();
    updateEnabled();
}

void RatingPanel::showFlag(const std::optional<TurnFlag> &flag)
{
    m_shownFlag = flag;
    m_flag->setChecked(flag.has_value());
    const int reason = flag ? m_reason->findData(flag->reason) : -1;
    m_reason->setCurrentIndex(reason >= 0 ? reason : 0);
    if (flag && flag->refersToTurnId) {
        // Name the lost turn as the transcript does: "Reply 2", "Your message 3".
        QString name = tr("(removed)");
        if (m_session && m_session->store()) {
            int replies = 0;
            int messages = 0;
            for (const Turn &t : m_session->store()->turns(m_conversationId)) {
                replies += t.role == Role::Assistant ? 1 : 0;
                messages += t.role == Role::User ? 1 : 0;
                if (t.id != *flag->refersToTurnId)
                    continue;
                if (t.role == Role::Assistant)
                    name = tr("Reply %1").arg(replies);
                else if (t.role == Role::User)
                    name = tr("Your message %1").arg(messages);
                else
                    name = tr("Turn %1").arg(t.index + 1);
            }
        }
        m_lostTurn->setText(name);
    } else {
        m_lostTurn->setText(tr("None chosen"));
    }
}

void RatingPanel::updateHeader()
{
    if (!m_turnId) {
        m_header->setText(m_conversationId ? tr("This conversation has no assistant replies")
                                           : tr("No conversation chosen"));
        m_progress->clear();
        return;
    }
    m_header->setText(tr("Reply %1 of %2").arg(m_number).arg(m_count));
    int rated = 0;
    for (const ScaleSelector *scale : std::as_const(m_scales))
        rated += scale->value().isUndefined() ? 0 : 1;
    m_progress->setText(tr("%1 of %2 rated").arg(rated).arg(m_scales.size()));
}

void RatingPanel::updateEnabled()
{
    const bool writable = m_session && m_session->store() && !m_session->store()->isReadOnly();
    const bool hasTurn = writable && m_turnId != 0;
    m_scaleArea->setEnabled(hasTurn);
    m_note->setEnabled(hasTurn);
    m_flag->setEnabled(hasTurn);
    const bool flagged = hasTurn && m_flag->isChecked();
    m_reason->setEnabled(flagged);
    m_pick->setEnabled(flagged);
    m_conversationPage->setEnabled(writable && m_conversationId != 0);
    m_context->setEnabled(writable && m_conversationId != 0);
    m_profile->setEnabled(writable && m_participantId != 0);
}

void RatingPanel::setCurrentDimension(int row)
{
    if (row < 0 || row >= m_scales.size())
        return;
    m_current = row;
    for (int i = 0; i < m_scales.size(); ++i)
        m_scales[i]->setCurrent(i == row);
}

void RatingPanel::chooseRating(int row, const QJsonValue &value)
{
    if (!m_session || !m_turnId)
        return;
    if (!m_session->setRating(m_turnId, m_dimensions[row].id, value))
        refreshTurn(); // refused: show what the data set holds
    updateHeader();
}

void RatingPanel::rateCurrent(const QJsonValue &value)
{
    if (!m_turnId || m_scales.isEmpty() || !m_scaleArea->isEnabled())
        return;
    const int row = m_current;
    m_scales[row]->setValue(value);
    chooseRating(row, value);
    if (row + 1 < m_scales.size())
        setCurrentDimension(row + 1);
    else
        Q_EMIT turnRated();
}

bool RatingPanel::isTurnComplete() const
{
    for (const ScaleSelector *scale : m_scales) {
        if (scale->value().isUndefined())
            return false;
    }
    return !m_scales.isEmpty();
}

void RatingPanel::toggleFlag()
{
    if (!m_flag->isEnabled())
        return;
    m_flag->setChecked(!m_flag->isChecked());
    writeFlag(m_flag->isChecked());
}

void RatingPanel::writeFlag(bool on)
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
    m_session->setFlag(m_turnId, flag);
    refreshTurn();
    if (on)
        showFlagFields();
}

void RatingPanel::showFlagFields()
{
    // At 1280 x 800 the flag's fields lie below the fold: show what B recorded.
    if (m_turnScroll && m_flagGroup && m_flag->isChecked())
        m_turnScroll->ensureWidgetVisible(m_flagGroup, 0, 8);
}

void RatingPanel::setLostTurn(qint64 lostTurnId)
{
    if (!m_session || !m_turnId || !m_shownFlag)
        return;
    TurnFlag flag = *m_shownFlag;
    flag.refersToTurnId = lostTurnId;
    cancelPicking();
    m_session->setFlag(m_turnId, flag);
    refreshTurn();
    showFlagFields();
}

void RatingPanel::cancelPicking()
{
    if (m_pick->isChecked())
        m_pick->setChecked(false); // emits pickingLostTurn(false)
}

} // namespace sense7
