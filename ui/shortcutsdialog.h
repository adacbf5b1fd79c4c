#pragma once

class QWidget;

namespace sense7::shortcuts {

/** Help ▸ Keyboard shortcuts: every key of the workspace, in a table. */
void show(QWidget *parent);

} // namespace sense7::shortcuts
