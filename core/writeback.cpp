#include "writeback.h"

#include <QFileInfo>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#ifdef Q_OS_LINUX
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
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

#ifdef Q_OS_LINUX
namespace {

/** The bytes of \a file and of its write-ahead log. */
qint64 grown(const QByteArray &file, const QByteArray &log)
{
    qint64 bytes = 0;
    for (const QByteArray &path : {file, log}) {
        struct stat info
        {
        };
        if (::stat(path.constData(), &info) == 0)
            bytes += qint64(info.st_size);
    }
    return bytes;
}

} // namespace
#endif

WriteBehind::WriteBehind(const QString &file, std::chrono::milliseconds every, qint64 step)
    : m_state(std::make_shared<State>())
{
#ifdef Q_OS_LINUX
    if (file.isEmpty())
        return;
    const int folder = ::open(QFileInfo(file).absolutePath().toLocal8Bit().constData(),
                              O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) // only a question of when the disk writes
        return;
    const QByteArray path = file.toLocal8Bit();
    const QByteArray log = path + "-wal";
    try {
        std::thread([state = m_state, folder, path, log, every, step] {
            ::pthread_setname_np(::pthread_self(), "write-behind"); // as top and the tests see it
            qint64 written = grown(path, log);
            std::unique_lock lock(state->mutex);
            while (!state->stop.wait_for(lock, every, [&] { return state->stopped; })) {
                const qint64 now = grown(path, log);
                if (now - written < step)
                    continue;
                written = now;
                lock.unlock();
                ::syncfs(folder);
                lock.lock();
                ++state->rounds;
            }
            ::close(folder);
        }).detach();
        m_watching = true;
    } catch (const std::exception &) { // no thread: the commit writes it all, as before
        ::close(folder);
    }
#else
    Q_UNUSED(file)
    Q_UNUSED(every)
    Q_UNUSED(step)
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
