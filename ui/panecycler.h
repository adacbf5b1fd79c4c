#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace sense7 {

/**
 * F6 and Shift+F6 move the keyboard focus from pane to pane of a window, as in most desktop
 * applications; Tab stays inside a pane. A pane may name the widget that takes the focus
 * (the current scale of the rating panel, say); by default its own focus chain decides.
 */
class PaneCycler : public QObject
{
    Q_OBJECT

public:
    /** Installs F6 and Shift+F6 on \a window. */
    explicit PaneCycler(QWidget *window);

    void addPane(QWidget *pane, std::function<QWidget *()> focusTarget = {});
    /** Focuses the next (+1) or previous (-1) visible pane; returns the widget focused. */
    QWidget *cycle(int direction);
    /** The pane holding the focus, or -1. */
    int currentPane() const;

private:
    struct Pane
    {
        QPointer<QWidget> widget;
        std::function<QWidget *()> focusTarget;
    };
    QWidget *m_window;
    QList<Pane> m_panes;
};

} // namespace sense7
