#pragma once

// Helpers for the GUI tests (header-only).

#include <QCoreApplication>
#include <QDir>
#include <QWidget>

namespace sense7::test {

/**
 * Saves \a widget as \a name in $SENSE7_SCREENSHOT_DIR, when set, for a person to look at. Posted
 * events are delivered first so that what the last results resized is laid out.
 */
inline void keepScreenshot(QWidget *widget, const QString &name)
{
    const QString keep = qEnvironmentVariable("SENSE7_SCREENSHOT_DIR");
    if (keep.isEmpty())
        return;
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    widget->grab().save(QDir(keep).filePath(name));
}

} // namespace sense7::test
