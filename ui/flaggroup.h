#pragma once

#include "types.h"

#include <QGroupBox>
#include <QPointer>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace sense7 {

class AnnotationSession;

/**
 * The rating panel's continuity flag of the current reply: whether it broke continuity, the
 * reason and the earlier turn whose content was lost. Writes go through the AnnotationSession;
 * what is shown comes from showFlag(), which the panel calls when the store says it changed.
 */
class FlagGroup : public QGroupBox
{
    Q_OBJECT

public:
    explicit FlagGroup(QWidget *parent = nullptr);

    void setSession(AnnotationSession *session) { m_session = session; }
    /** The reply the flag is about; picking stops when it changes. */
    void setTurn(qint64 conversationId, qint64 turnId);
    /** Shows \a flag, the current reply's flag as the data set holds it. */
    void showFlag(const std::optional<TurnFlag> &flag);
    void updateEnabled(bool hasTurn);

    void toggle();
    /** Points the flag at \a lostTurnId, the earlier turn whose content was lost. */
    void setLostTurn(qint64 lostTurnId);
    bool isPicking() const { return m_picking; }
    void cancelPicking();

    QCheckBox *flagBox() const { return m_flag; }
    QComboBox *reasonBox() const { return m_reason; }

Q_SIGNALS:
    /** The person wants to click the lost turn in the transcript (\a on), or stopped. */
    void pickingLostTurn(bool on);
    /** The flag was written as set: its fields should be in sight. */
    void flagged();
    /** The data set refused a change: what it holds should be shown again. */
    void refused();

private:
    void write(bool on);
    QString lostTurnName(qint64 lostTurnId) const;

    QPointer<AnnotationSession> m_session;
    qint64 m_conversationId = 0;
    qint64 m_turnId = 0;
    bool m_picking = false;
    std::optional<TurnFlag> m_shownFlag;

    QCheckBox *m_flag;
    QComboBox *m_reason;
    QLabel *m_lostTurn;
    QPushButton *m_pick;
};

} // namespace sense7
