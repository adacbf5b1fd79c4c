#pragma once

#include <QTextBrowser>

namespace sense7 {

class TurnListModel;

/**
 * Read-only chat transcript of one conversation, drawn from a TurnListModel: user and assistant
 * turns as distinct bubbles, message text rendered readably. Re-renders when the model resets.
 */
class TranscriptView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit TranscriptView(QWidget *parent = nullptr);

    void setModel(TurnListModel *model);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    QString roleLabel(const QString &role, int assistantNumber) const;

    TurnListModel *m_model = nullptr;
};

} // namespace sense7
