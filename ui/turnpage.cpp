#include "turnpage.h"

#include "annotationsession.h"
#include "flaggroup.h"
#include "noteedit.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"

#include <QLabel>
#include <QLayoutItem>
#include <QVBoxLayout>

namespace sense7 {

// The page's strings keep the rating panel's translation context, where they were first written.

TurnPage::TurnPage(QWidget *parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_progress(new QLabel(this))
    , m_scaleArea(new QWidget(this))
    , m_note(new NoteEdit(this,
                          [this](const QString &text) {
                              if (m_session && m_turnId)
                                  m_session->setNote(m_turnId,
                                                     text.trimmed().isEmpty() ? QString() : text);
                          }))
    , m_flagGroup(new FlagGroup(this))
{
    auto *layout = new QVBoxLayout(this);
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

    auto *noteLabel = new QLabel(RatingPanel::tr("Note"), this);
    noteLabel->setBuddy(m_note);
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setPlaceholderText(
        RatingPanel::tr("Anything about this reply you want to remember (optional)"));
    m_note->setAccessibleName(RatingPanel::tr("Note on this reply"));
    m_note->setFixedHeight(fontMetrics().lineSpacing() * 3 + 14);
    layout->addWidget(noteLabel);
    layout->addWidget(m_note);
    layout->addWidget(m_flagGroup);
    layout->addStretch(1);
    connect(m_flagGroup, &FlagGroup::refused, this, &TurnPage::refused);
}

void TurnPage::setSession(AnnotationSession *session, const Protocol &protocol)
{
    m_session = session;
    m_protocol = protocol;
    m_flagGroup->setSession(session);
    m_conversationId = m_turnId = 0;
    const QObjectList old = m_scaleArea->children(); // a copy: deleting a child changes the list
    qDeleteAll(old);
    m_entries.clear();
    m_headings.clear();
    m_arranged.clear();
    m_scales.clear();
    m_dimensions.clear();
    m_current = 0;

    m_scaleLayout = new QVBoxLayout(m_scaleArea);
    m_scaleLayout->setContentsMargins(0, 0, 0, 0);
    m_scaleLayout->setSpacing(2);
    for (int i = 0; i < m_protocol.instruments.size(); ++i) {
        const Instrument &instrument = m_protocol.instruments[i];
        const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Turn);
        QLabel *heading = nullptr;
        if (!dimensions.isEmpty()) {
            heading = new QLabel(m_scaleArea);
            heading->setObjectName(QStringLiteral("instrument_") + instrument.key);
            heading->setTextFormat(Qt::RichText);
            heading->setText(
                QStringLiteral("<b>%1</b>").arg(instrument.displayName().toHtmlEscaped()));
            heading->setContentsMargins(0, 6, 0, 2);
            heading->hide();
        }
        m_headings.append(heading);
        for (const Dimension &d : dimensions) {
            Entry entry;
            entry.dimension = d;
            entry.instrument = i;
            entry.label = new QLabel(m_scaleArea);
            entry.label->setTextFormat(Qt::RichText);
            entry.label->setWordWrap(true);
            entry.label->setText(
                QStringLiteral("<b>%1</b> <span style=\"color:%2;font-size:small\">%3</span>")
                    .arg(d.displayName().toHtmlEscaped(),
                         palette().color(QPalette::PlaceholderText).name(),
                         d.displayQuestion().toHtmlEscaped()));
            entry.label->hide();
            auto *scale = new ScaleSelector(d.scaleMin, d.scaleMax,
                                            d.allowsNotApplicable && instrument.allowsNotApplicable,
                                            m_scaleArea);
            scale->setObjectName(QStringLiteral("scale_") + d.key);
            scale->setAnchors(d.displayAnchors());
            scale->setAccessibleName(d.displayName());
            scale->setToolTip(d.displayQuestion());
            scale->hide();
            entry.label->setBuddy(scale);
            entry.scale = scale;
            connect(scale, &ScaleSelector::chosen, this, [this, scale](const QJsonValue &value) {
                const int row = int(m_scales.indexOf(scale));
                if (row < 0)
                    return;
                // A click makes its row current too.
                setCurrentDimension(row);
                chooseRating(row, Rating::fromJson(value).value_or(Rating()));
            });
            connect(scale, &ScaleSelector::advance, this, [this, scale] { advanceFrom(scale); });
            connect(scale, &ScaleSelector::digitLeftOver, this, &TurnPage::typeDigit);
            connect(scale, &ScaleSelector::moveRequested, this, [this, scale](int step) {
                const int row = int(m_scales.indexOf(scale));
                if (row < 0)
                    return;
                const int next = qBound(0, row + step, int(m_scales.size()) - 1);
                setCurrentDimension(next);
                m_scales[next]->setFocus(Qt::TabFocusReason);
            });
            m_entries.append(entry);
        }
    }
    arrange(Role::Assistant, 0);
}

void TurnPage::arrange(Role role, qint64 turnId)
{
    const QString roleName = roleKey(role);
    QVector<QVector<int>> groups(m_protocol.instruments.size());
    for (int e = 0; e < m_entries.size(); ++e) {
        if (m_entries[e].dimension.roles.contains(roleName))
            groups[m_entries[e].instrument].append(e);
    }
    int rated = 0;
    for (const QVector<int> &group : groups)
        rated += group.isEmpty() ? 0 : 1;
    QVector<int> arranged;
    for (int i = 0; i < groups.size(); ++i) {
        if (groups[i].isEmpty())
            continue;
        if (rated > 1)
            arranged.append(-1 - i);
        QVector<Dimension> dimensions;
        for (int e : std::as_const(groups[i]))
            dimensions.append(m_entries[e].dimension);
        // Each dimension once, whatever the order says: a position out of range is skipped and
        // one it leaves out comes last.
        QVector<bool> placed(groups[i].size(), false);
        for (int position : m_protocol.dimensionOrder(dimensions, turnId)) {
            if (position < 0 || position >= groups[i].size() || placed[position])
                continue;
            placed[position] = true;
            arranged.append(groups[i][position]);
        }
        for (int position = 0; position < groups[i].size(); ++position) {
            if (!placed[position])
                arranged.append(groups[i][position]);
        }
    }
    // Qt 6.4 compares two empty lists with memcmp of a null pointer: test emptiness first.
    const bool same =
        arranged.size() == m_arranged.size() && (arranged.isEmpty() || arranged == m_arranged);
    if (same && (!m_scales.isEmpty() || arranged.isEmpty()))
        return;
    // The same widgets in another order: nothing is rebuilt while a key press is handled.
    while (QLayoutItem *item = m_scaleLayout->takeAt(0))
        delete item; // the layout item only; the widgets stay
    for (QLabel *heading : std::as_const(m_headings)) {
        if (heading)
            heading->hide();
    }
    for (const Entry &entry : std::as_const(m_entries)) {
        entry.label->hide();
        entry.scale->hide();
    }
    m_scales.clear();
    m_dimensions.clear();
    QWidget *previous = nullptr;
    for (int item : std::as_const(arranged)) {
        if (item < 0) {
            QLabel *heading = m_headings[-1 - item];
            m_scaleLayout->addWidget(heading);
            heading->show();
            continue;
        }
        const Entry &entry = m_entries[item];
        m_scaleLayout->addWidget(entry.label);
        m_scaleLayout->addWidget(entry.scale);
        m_scaleLayout->addSpacing(4);
        entry.label->show();
        entry.scale->show();
        m_scales.append(entry.scale);
        m_dimensions.append(&entry.dimension);
        // Tab follows the order shown.
        if (previous)
            setTabOrder(previous, entry.scale);
        previous = entry.scale;
    }
    m_arranged = arranged;
    m_current = qBound(0, m_current, qMax(0, int(m_scales.size()) - 1));
    for (int i = 0; i < m_scales.size(); ++i)
        m_scales[i]->setCurrent(i == m_current);
}

QSet<Role> TurnPage::ratedRoles() const
{
    QSet<Role> roles;
    for (const Entry &entry : m_entries) {
        for (const QString &key : entry.dimension.roles) {
            if (const auto role = roleFromKey(key))
                roles.insert(*role);
        }
    }
    return roles;
}

bool TurnPage::isComplete(Role role, const QHash<qint64, Rating> &ratings) const
{
    const QString roleName = roleKey(role);
    bool any = false;
    for (const Entry &entry : m_entries) {
        const Dimension &d = entry.dimension;
        if (!d.roles.contains(roleName))
            continue;
        any = true;
        if (d.required && !ratings.contains(d.id))
            return false;
    }
    return any;
}

const Dimension *TurnPage::dimension(int row) const
{
    return m_dimensions.value(row, nullptr);
}

void TurnPage::setTurn(qint64 conversationId, qint64 turnId, int number, int count, Role role)
{
    // The same reply shown again (a live conversation's reply count changed): what is being
    // typed or dragged on it goes on.
    if (turnId != m_turnId || conversationId != m_conversationId) {
        for (ScaleSelector *scale : std::as_const(m_scales))
            scale->cancelTyping();
    }
    m_flagGroup->setTurn(conversationId, turnId);
    m_conversationId = conversationId;
    m_turnId = turnId;
    m_number = number;
    m_count = count;
    m_role = role;
    arrange(role, turnId);
}

void TurnPage::refresh()
{
    Store *store = m_session ? m_session->store() : nullptr;
    const qint64 annotator = m_session ? m_session->annotatorId() : 0;
    QHash<qint64, Rating> ratings;
    std::optional<TurnFlag> flag;
    QString note;
    if (store && m_turnId) {
        ratings = store->ratingsOfTurn(m_turnId, annotator);
        flag = store->flagOfTurn(m_turnId, annotator);
        note = store->noteOfTurn(m_turnId, annotator);
    }
    for (int row = 0; row < m_scales.size(); ++row) {
        const qint64 id = m_dimensions[row]->id;
        m_scales[row]->setValue(ratings.value(id).toJson());
    }
    m_note->setTextSilently(note);
    m_flagGroup->showFlag(flag);
    updateHeader();
}

void TurnPage::updateHeader()
{
    if (!m_turnId) {
        m_header->setText(m_conversationId
                              ? RatingPanel::tr("This conversation has no turns to rate")
                              : RatingPanel::tr("No conversation chosen"));
        m_progress->clear();
        return;
    }
    m_header->setText(m_role == Role::Assistant
                          ? RatingPanel::tr("Reply %1 of %2").arg(m_number).arg(m_count)
                          : RatingPanel::tr("Turn %1 of %2").arg(m_number).arg(m_count));
    int rated = 0;
    for (const ScaleSelector *scale : std::as_const(m_scales))
        rated += scale->value().isUndefined() ? 0 : 1;
    m_progress->setText(m_hold.isEmpty()
                            ? RatingPanel::tr("%1 of %2 rated").arg(rated).arg(m_scales.size())
                            : RatingPanel::tr("Rated at the end"));
}

void TurnPage::setHold(const QString &reason)
{
    m_hold = reason;
    m_scaleArea->setToolTip(reason);
    updateEnabled(m_writable);
    updateHeader();
}

void TurnPage::updateEnabled(bool writable)
{
    m_writable = writable;
    const bool hasTurn = writable && m_turnId != 0 && m_hold.isEmpty();
    m_scaleArea->setEnabled(hasTurn);
    m_note->setEnabled(hasTurn);
    m_flagGroup->updateEnabled(hasTurn);
}

void TurnPage::setCurrentDimension(int row)
{
    if (row < 0 || row >= m_scales.size())
        return;
    if (row != m_current && m_scales.value(m_current))
        m_scales[m_current]->cancelTyping();
    m_current = row;
    for (int i = 0; i < m_scales.size(); ++i)
        m_scales[i]->setCurrent(i == row);
    Q_EMIT currentChanged(m_scales[row]);
}

void TurnPage::advanceFrom(ScaleSelector *scale)
{
    const int row = int(m_scales.indexOf(scale));
    if (row < 0)
        return;
    if (row + 1 < m_scales.size()) {
        setCurrentDimension(row + 1);
        // The focus follows only when it was on the scale: typing elsewhere stays there.
        if (scale->hasFocus())
            m_scales[row + 1]->setFocus(Qt::TabFocusReason);
    } else {
        Q_EMIT turnRated();
    }
}

void TurnPage::chooseRating(int row, Rating value)
{
    if (!m_session || !m_turnId)
        return;
    // The store's signal shows what was written; a refused rating is shown undone.
    if (!m_session->setRating(m_turnId, m_dimensions[row]->id, value))
        Q_EMIT refused();
    updateHeader();
}

void TurnPage::rateCurrent(Rating value)
{
    if (!m_turnId || m_scales.isEmpty() || !m_scaleArea->isEnabled())
        return;
    const int row = m_current;
    ScaleSelector *scale = m_scales[row];
    scale->cancelTyping();
    // A point off the scale, or "not applicable" where it is no answer, rates nothing.
    const bool offScale = value.isNotApplicable() ? !scale->allowsNotApplicable()
                                                  : value.hasValue()
            && (value.value() < scale->minimum() || value.value() > scale->maximum());
    if (offScale)
        return;
    scale->setValue(value.toJson());
    chooseRating(row, value);
    if (row + 1 < m_scales.size())
        setCurrentDimension(row + 1);
    else
        Q_EMIT turnRated();
}

void TurnPage::typeDigit(int digit)
{
    if (!m_turnId || m_scales.isEmpty() || !m_scaleArea->isEnabled())
        return;
    m_scales[qBound(0, m_current, int(m_scales.size()) - 1)]->typeDigit(digit);
}

bool TurnPage::isTurnComplete() const
{
    for (int row = 0; row < m_scales.size(); ++row) {
        if (m_dimensions[row]->required && m_scales[row]->value().isUndefined())
            return false;
    }
    return !m_scales.isEmpty();
}

} // namespace sense7
