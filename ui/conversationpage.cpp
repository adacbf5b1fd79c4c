#include "conversationpage.h"

#include "annotationsession.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"

#include <QFormLayout>
#include <QLabel>

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

    auto *form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    for (const Instrument &instrument : instruments) {
        for (const Dimension &d : instrument.dimensionsAt(Level::Conversation)) {
            auto *scale =
                new ScaleSelector(d.scaleMin, d.scaleMax, instrument.allowsNotApplicable, this);
            scale->setObjectName(QStringLiteral("conversation_") + d.key);
            scale->setAnchors(d.displayAnchors());
            scale->setAccessibleName(d.displayName());
            const int row = int(m_scales.size());
            connect(scale, &ScaleSelector::chosen, this, [this, row](const QJsonValue &value) {
                if (m_session && m_conversationId)
                    m_session->setConversationRating(m_conversationId, m_dimensions[row].id,
                                                     Rating::fromJson(value).value_or(Rating()));
            });
            auto *label = new QLabel(QStringLiteral("<b>%1</b> — %2 <i>(%3)</i>")
                                         .arg(d.displayName().toHtmlEscaped(),
                                              d.displayQuestion().toHtmlEscaped(),
                                              instrument.displayName().toHtmlEscaped()),
                                     this);
            label->setWordWrap(true);
            form->addRow(label, scale);
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
        form->addRow(none);
    }
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
