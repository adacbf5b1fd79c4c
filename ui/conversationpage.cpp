#include "conversationpage.h"

#include "annotationsession.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sense7 {

ConversationPage::ConversationPage(QWidget *parent)
    : QWidget(parent)
{ }

void ConversationPage::setSession(AnnotationSession *session,
                                  const QVector<Instrument> &instruments)
{
    m_session = session;
    m_conversationId = 0;
    const QObjectList old = children(); // a copy: deleting a child changes the list
    qDeleteAll(old);
    m_scales.clear();
    m_dimensions.clear();
    m_current = 0;

    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(2);
    int rating = 0; // instruments with conversation-level dimensions
    for (const Instrument &instrument : instruments)
        rating += instrument.dimensionsAt(Level::Conversation).isEmpty() ? 0 : 1;
    for (const Instrument &instrument : instruments) {
        const QVector<Dimension> dimensions = instrument.dimensionsAt(Level::Conversation);
        if (rating > 1 && !dimensions.isEmpty()) {
            // A heading per instrument, as on the Turn tab.
            auto *heading = new QLabel(
                QStringLiteral("<b>%1</b>").arg(instrument.displayName().toHtmlEscaped()), this);
            heading->setContentsMargins(0, 6, 0, 2);
            layout->addWidget(heading);
        }
        for (const Dimension &d : dimensions) {
            auto *scale =
                new ScaleSelector(d.scaleMin, d.scaleMax,
                                  d.allowsNotApplicable && instrument.allowsNotApplicable, this);
            scale->setObjectName(QStringLiteral("conversation_") + d.key);
            scale->setAnchors(d.displayAnchors());
            scale->setAccessibleName(d.displayName());
            const int row = int(m_scales.size());
            connect(scale, &ScaleSelector::chosen, this, [this, row](const QJsonValue &value) {
                setCurrentDimension(row);
                if (m_session && m_conversationId)
                    m_session->setConversationRating(m_conversationId, m_dimensions[row].id,
                                                     Rating::fromJson(value).value_or(Rating()));
            });
            connect(scale, &ScaleSelector::advance, this, [this, scale] { advanceFrom(scale); });
            connect(scale, &ScaleSelector::digitLeftOver, this, &ConversationPage::typeDigit);
            connect(scale, &ScaleSelector::moveRequested, this, [this, row](int step) {
                const int next = qBound(0, row + step, int(m_scales.size()) - 1);
                setCurrentDimension(next);
                m_scales[next]->setFocus(Qt::TabFocusReason);
            });
            auto *label = new QLabel(this);
            label->setTextFormat(Qt::RichText);
            label->setWordWrap(true);
            label->setText(
                QStringLiteral("<b>%1</b> <span style=\"color:%2;font-size:small\">%3</span>")
                    .arg(d.displayName().toHtmlEscaped(),
                         palette().color(QPalette::PlaceholderText).name(),
                         d.displayQuestion().toHtmlEscaped()));
            label->setBuddy(scale);
            scale->setToolTip(d.displayQuestion());
            layout->addWidget(label);
            layout->addWidget(scale);
            layout->addSpacing(4);
            m_scales.append(scale);
            m_dimensions.append(d);
        }
    }
    if (m_scales.isEmpty()) {
        // Keeps the rating panel's translation context, where it was first written.
        auto *none = new QLabel(RatingPanel::tr("The instruments of this data set rate turns only. "
                                                "Conversation-level scales, such as ESConv's "
                                                "survey, appear here when a data set has them."),
                                this);
        none->setWordWrap(true);
        none->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(none);
    }
    layout->addStretch(1);
    setCurrentDimension(0);
}

void ConversationPage::setConversation(qint64 conversationId)
{
    if (conversationId == m_conversationId)
        return;
    m_conversationId = conversationId;
    for (ScaleSelector *scale : std::as_const(m_scales))
        scale->cancelTyping();
    setCurrentDimension(0);
}

void ConversationPage::setCurrentDimension(int row)
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

void ConversationPage::advanceFrom(ScaleSelector *scale)
{
    const int row = int(m_scales.indexOf(scale));
    if (row < 0 || row + 1 >= m_scales.size())
        return; // the last one stays current: a conversation has nothing to move on to
    setCurrentDimension(row + 1);
    if (scale->hasFocus())
        m_scales[row + 1]->setFocus(Qt::TabFocusReason);
}

void ConversationPage::typeDigit(int digit)
{
    if (!m_conversationId || m_scales.isEmpty() || !isEnabled())
        return;
    m_scales[qBound(0, m_current, int(m_scales.size()) - 1)]->typeDigit(digit);
}

void ConversationPage::rateNotApplicable()
{
    if (!m_conversationId || m_scales.isEmpty() || !isEnabled())
        return;
    ScaleSelector *scale = m_scales[qBound(0, m_current, int(m_scales.size()) - 1)];
    if (!scale->allowsNotApplicable())
        return;
    scale->cancelTyping();
    scale->setValue(QJsonValue::Null);
    Q_EMIT scale->chosen(QJsonValue::Null);
    advanceFrom(scale);
}

void ConversationPage::refresh()
{
    Store *store = m_session ? m_session->store() : nullptr;
    QHash<qint64, Rating> ratings;
    if (store && m_conversationId)
        ratings = store->conversationRatings(m_conversationId, m_session->annotatorId());
    for (int row = 0; row < m_scales.size(); ++row) {
        const qint64 id = m_dimensions[row].id;
        m_scales[row]->setValue(ratings.value(id).toJson());
    }
}

} // namespace sense7
