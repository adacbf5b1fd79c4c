#pragma once

#include <QtGlobal>

#include <atomic>
#include <functional>
#include <utility>

namespace sense7 {

/**
 * How far a long task has come, and whether to stop it: the task calls report() and asks
 * cancelled(); whoever shows the progress (a dialog, a command line) gives a callback and may
 * cancel() from any thread, e.g. from within the callback when a Cancel button was pressed.
 */
class Progress
{
public:
    using Callback = std::function<void(qint64 done, qint64 total)>;

    Progress() = default;
    explicit Progress(Callback callback)
        : m_callback(std::move(callback))
    { }
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    void setCallback(Callback callback) { m_callback = std::move(callback); }
    bool hasCallback() const { return bool(m_callback); }

    /** Tells the callback, if any, of \a done out of \a total; false when cancelled. */
    bool report(qint64 done, qint64 total) const
    {
        if (m_callback)
            m_callback(done, total);
        return !cancelled();
    }

    /** Asks the task to stop at its next check; safe from any thread. */
    void cancel() { m_cancelled.store(true); }
    bool cancelled() const { return m_cancelled.load(); }

private:
    Callback m_callback;
    std::atomic<bool> m_cancelled {false};
};

} // namespace sense7
