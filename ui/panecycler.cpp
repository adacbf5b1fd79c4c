#include "panecycler.h"

#include <QApplication>
#include <QShortcut>
#include <QWidget>

namespace sense7 {

PaneCycler::PaneCycler(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    auto *forward = new QShortcut(QKeySequence(Qt::Key_F6), window);
    forward->setContext(Qt::WindowShortcut);
    connect(forward, &QShortcut::activated, this, [this] { cycle(+1); });
    auto *backward = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6), window);
    backward->setContext(Qt::WindowShortcut);
    connect(backward, &QShortcut::activated, this, [this] { cycle(-1); });
}

void PaneCycler::addPane(QWidget *pane, std::function<QWidget *()> focusTarget)
{
    m_panes.append({pane, std::move(focusTarget)});
}

int PaneCycler::currentPane() const
{
    const QWidget *focus = QApplication::focusWidget();
    for (int i = 0; i < m_panes.size(); ++i) {
        const QWidget *pane = m_panes[i].widget;
        if (pane && focus && (pane == focus || pane->isAncestorOf(focus)))
            return i;
    }
    return -1;
}

QWidget *PaneCycler::cycle(int direction)
{
    const int count = int(m_panes.size());
    if (count == 0)
        return nullptr;
    const int current = currentPane();
    int index = current < 0 ? (direction > 0 ? -1 : count) : current;
    for (int tried = 0; tried < count; ++tried) {
        index = (index + direction + count) % count;
        const Pane &pane = m_panes[index];
        if (!pane.widget || !pane.widget->isVisible() || !pane.widget->isEnabled())
            continue;
        QWidget *target = pane.focusTarget ? pane.focusTarget() : nullptr;
        if (!target || !target->isVisible() || !target->isEnabled()) {
            target = pane.widget;
            // The pane's first widget in the focus chain that accepts the keyboard.
            if (!(target->focusPolicy() & Qt::TabFocus)) {
                QWidget *candidate = target->nextInFocusChain();
                while (candidate && candidate != target
                       && !(target->isAncestorOf(candidate) && candidate->isVisible()
                            && candidate->isEnabled() && (candidate->focusPolicy() & Qt::TabFocus)))
                    candidate = candidate->nextInFocusChain();
                if (!candidate || candidate == target)
                    continue;
                target = candidate;
            }
        }
        target->setFocus(Qt::ShortcutFocusReason);
        return target;
    }
    return nullptr;
}

} // namespace sense7
