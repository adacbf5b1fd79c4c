#include "turnpage.h"

#include "annotationsession.h"
#include "flaggroup.h"
#include "noteedit.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"

#include <QLabel>
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

void TurnPage::setSession(AnnotationSession *session, const QVector<Instrument> &instruments)
{
    m_session = session;
    m_flagGroup->setSession(session);
    m_conversationId = m_turnId = 0;
    const QObjectList old = m_scaleArea->children(); // a copy: deleting a child changes the list
    qDeleteAll(old);
    m_scales.clear();
    m_dimensions.clear();
    m_current = 0;
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
        connect(scale, &ScaleSelector::chosen, this, [this, row](const QJsonValue &value) {
            chooseRating(row, Rating::fromJson(value).value_or(Rating()));
        });
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
}

void TurnPage::setTurn(qint64 conversationId, qint64 turnId, int number, int count)
{
    m_flagGroup->setTurn(conversationId, turnId);
    m_conversationId = conversationId;
    m_turnId = turnId;
    m_number = number;
    m_count = count;
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
        const qint64 id = m_dimensions[row].id;
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
                              ? RatingPanel::tr("This conversation has no assistant replies")
                              : RatingPanel::tr("No conversation chosen"));
        m_progress->clear();
        return;
    }
    m_header->setText(RatingPanel::tr("Reply %1 of %2").arg(m_number).arg(m_count));
    int rated = 0;
    for (const ScaleSelector *scale : std::as_const(m_scales))
        rated += scale->value().isUndefined() ? 0 : 1;
    m_progress->setText(RatingPanel::tr("%1 of %2 rated").arg(rated).arg(m_scales.size()));
}

void TurnPage::updateEnabled(bool writable)
{
    const bool hasTurn = writable && m_turnId != 0;
    m_scaleArea->setEnabled(hasTurn);
    m_note->setEnabled(hasTurn);
    m_flagGroup->updateEnabled(hasTurn);
}

void TurnPage::setCurrentDimension(int row)
{
    if (row < 0 || row >= m_scales.size())
        return;
    m_current = row;
    for (int i = 0; i < m_scales.size(); ++i)
        m_scales[i]->setCurrent(i == row);
}

void TurnPage::chooseRating(int row, Rating value)
{
    if (!m_session || !m_turnId)
        return;
    // The store's signal shows what was written; a refused rating is shown undone.
    if (!m_session->setRating(m_turnId, m_dimensions[row].id, value))
        Q_EMIT refused();
    updateHeader();
}

void TurnPage::rateCurrent(Rating value)
{
    if (!m_turnId || m_scales.isEmpty() || !m_scaleArea->isEnabled())
        return;
    const int row = m_current;
    m_scales[row]->setValue(value.toJson());
    chooseRating(row, value);
    if (row + 1 < m_scales.size())
        setCurrentDimension(row + 1);
    else
        Q_EMIT turnRated();
}

bool TurnPage::isTurnComplete() const
{
    for (const ScaleSelector *scale : m_scales) {
        if (scale->value().isUndefined())
            return false;
    }
    return !m_scales.isEmpty();
}

} // namespace sense7
