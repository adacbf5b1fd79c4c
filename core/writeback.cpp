#include "writeback.h"

#include <condition_variable>
#include <mutex>
#include <thread>

#ifdef Q_OS_LINUX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace sense7 {

struct WriteBehind::State
{
    std::mutex mutex;
    std::condition_variable stop;
    bool stopped = false;
    int rounds = 0;
};

WriteBehind::WriteBehind(const QString &folder, std::chrono::milliseconds every)
    : m_state(std::make_shared<State>())
{
#ifdef Q_OS_LINUX
    if (folder.isEmpty())
        return;
    const int fd = ::open(folder.toLocal8Bit().constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) // only a question of when the disk writes
        return;
    try {
        std::thread([state = m_state, fd, every] {
            std::unique_lock lock(state->mutex);
            while (!state->stop.wait_for(lock, every, [&] { return state->stopped; })) {
                lock.unlock();
                ::syncfs(fd);
                lock.lock();
                ++state->rounds;
            }
            ::close(fd);
        }).detach();
    } catch (const std::system_error &) { // no thread: the commit writes it all, as before
        ::close(fd);
    }
#else
    Q_UNUSED(folder)
    Q_UNUSED(every)
#endif
}

WriteBehind::~WriteBehind()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->stopped = true;
    }
    m_state->stop.notify_all();
}

int WriteBehind::rounds() const
{
    std::lock_guard lock(m_state->mutex);
    return m_state->rounds;
}

} // namespace sense7
