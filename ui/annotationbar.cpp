#include "annotationbar.h"

#include "error.h"
#include "store.h"

#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>

namespace sense7 {

namespace {
const qint64 newObserver = -1;
}

AnnotationBar::AnnotationBar(QWidget *parent)
    : QToolBar(tr("Annotator"), parent)
    , m_participants(new QComboBox(this))
    , m_annotators(new QComboBox(this))
{
    setObjectName(QStringLiteral("annotationBar"));
    setMovable(false);
    m_participants->setObjectName(QStringLiteral("participantBox"));
    m_participants->setAccessibleName(tr("Participant"));
    m_participants->setToolTip(tr("Whose conversations the list shows"));
    m_participants->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_annotators->setObjectName(QStringLiteral("annotatorBox"));
    m_annotators->setAccessibleName(tr("Rate as"));
    m_annotators->setToolTip(tr("Whose ratings you give and see. An observer does not see the "
                                "participant's own ratings."));
    m_annotators->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *participantLabel = new QLabel(tr("Participant "), this);
    participantLabel->setBuddy(m_participants);
    addWidget(participantLabel);
    addWidget(m_participants);
    addSeparator();
    auto *annotatorLabel = new QLabel(tr("Rate as "), this);
    annotatorLabel->setBuddy(m_annotators);
    m_annotatorLabel = addWidget(annotatorLabel);
    m_annotatorAction = addWidget(m_annotators);

    connect(m_participants, &QComboBox::activated, this,
            [this] { Q_EMIT participantChanged(participantId()); });
    connect(m_annotators, &QComboBox::activated, this, &AnnotationBar::annotatorActivated);
}

void AnnotationBar::setStore(Store *store, Mode mode)
{
    m_store = store;
    m_mode = mode;
    fill();
}

void AnnotationBar::refresh()
{
    if (!m_store)
        return;
    QVector<qint64> listed;
    for (const Participant &p : m_store->participants())
        listed << p.id;
    for (const Annotator &a : m_store->annotators()) {
        if (a.kind == AnnotatorKind::Observer)
            listed << a.id;
    }
    QVector<qint64> shown;
    for (int i = 0; i < m_participants->count(); ++i) {
        if (const qint64 id = m_participants->itemData(i).toLongLong(); id > 0)
            shown << id;
    }
    for (int i = 0; i < m_annotators->count(); ++i) {
        if (const qint64 id = m_annotators->itemData(i).toLongLong(); id > 0)
            shown << id;
    }
    if (shown != listed)
        fill();
}

void AnnotationBar::selectParticipant(qint64 participantId)
{
    int index = m_participants->findData(qint64(0));
    if (index < 0)
        index = m_participants->findData(participantId);
    if (index < 0 || index == m_participants->currentIndex())
        return;
    m_participants->setCurrentIndex(index);
    Q_EMIT participantChanged(this->participantId());
}

void AnnotationBar::fill()
{
    const qint64 participant = participantId();
    const qint64 annotator = annotatorId();
    m_participants->clear();
    m_annotators->clear();
    const bool researcher = m_mode == Mode::Researcher;
    m_annotatorAction->setVisible(researcher);
    m_annotatorLabel->setVisible(researcher);
    setEnabled(m_store != nullptr);
    if (!m_store)
        return;
    if (researcher)
        m_participants->addItem(tr("All participants"), qint64(0));
    for (const Participant &p : m_store->participants())
        m_participants->addItem(p.code, p.id);
    m_participants->setCurrentIndex(qMax(0, m_participants->findData(participant)));
    // A participant works alone: nothing to choose with a single participant.
    m_participants->setEnabled(m_participants->count() > 1);

    m_annotators->addItem(tr("Participant (self)"), qint64(0));
    for (const Annotator &a : m_store->annotators()) {
        if (a.kind == AnnotatorKind::Observer)
            m_annotators->addItem(tr("Observer %1").arg(a.code), a.id);
    }
    if (!m_store->isReadOnly())
        m_annotators->addItem(tr("New observer…"), newObserver);
    const int index = researcher ? m_annotators->findData(annotator) : 0;
    m_annotators->setCurrentIndex(qMax(0, index));
    m_lastAnnotatorIndex = m_annotators->currentIndex();
}

qint64 AnnotationBar::participantId() const
{
    return m_participants->currentData().toLongLong();
}

qint64 AnnotationBar::annotatorId() const
{
    const qint64 id = m_annotators->currentData().toLongLong();
    if (id > 0)
        return id;
    return m_store ? m_store->selfAnnotatorId() : 0;
}

void AnnotationBar::annotatorActivated(int index)
{
    if (m_annotators->itemData(index).toLongLong() != newObserver) {
        m_lastAnnotatorIndex = index;
        Q_EMIT annotatorChanged(annotatorId());
        return;
    }
    bool ok = false;
    const QString code =
        QInputDialog::getText(this, tr("New observer"),
                              tr("A short code for the observer (a pseudonym, not a name):"),
                              QLineEdit::Normal, QString(), &ok)
            .trimmed();
    if (!ok || code.isEmpty() || !m_store) {
        m_annotators->setCurrentIndex(m_lastAnnotatorIndex);
        return;
    }
    qint64 id = 0;
    try {
        id = m_store->annotatorId(code, AnnotatorKind::Observer);
    } catch (const Error &e) {
        QMessageBox::warning(this, tr("New observer"), e.message());
        m_annotators->setCurrentIndex(m_lastAnnotatorIndex);
        return;
    }
    fill();
    m_annotators->setCurrentIndex(qMax(0, m_annotators->findData(id)));
    m_lastAnnotatorIndex = m_annotators->currentIndex();
    Q_EMIT annotatorChanged(id);
}

} // namespace sense7
