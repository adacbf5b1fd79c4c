#pragma once

#include <QPointer>
#include <QToolBar>

class QComboBox;
class QLabel;

namespace sense7 {

class Store;

/**
 * Who is annotating, in a tool bar. Participant mode: one participant's conversations, rated as
 * that participant ("self"). Researcher mode: any or all participants, rated as the participant
 * or as an observer, whose ratings are kept apart and who sees only their own.
 */
class AnnotationBar : public QToolBar
{
    Q_OBJECT

public:
    enum class Mode { Participant, Researcher };

    explicit AnnotationBar(QWidget *parent = nullptr);

    /** Fills the choices from \a store; keeps the current choices where they still exist. */
    void setStore(Store *store, Mode mode);
    /** Lists participants and observers again if the data set's changed; keeps the choices. */
    void refresh();
    Mode mode() const { return m_mode; }
    qint64 participantId() const; // 0: all participants
    /** Shows \a participantId's conversations (or all, when offered), as if chosen. */
    void selectParticipant(qint64 participantId);
    qint64 annotatorId() const; // the "self" annotator or an observer
    QComboBox *participantBox() const { return m_participants; }
    QComboBox *annotatorBox() const { return m_annotators; }

Q_SIGNALS:
    void participantChanged(qint64 participantId);
    void annotatorChanged(qint64 annotatorId);

private:
    void fill();
    void annotatorActivated(int index);

    QPointer<Store> m_store;
    Mode m_mode = Mode::Participant;
    QComboBox *m_participants;
    QComboBox *m_annotators;
    QAction *m_annotatorAction = nullptr;
    QAction *m_annotatorLabel = nullptr;
    int m_lastAnnotatorIndex = 0;
};

} // namespace sense7
