#pragma once

#include <QString>

#include <chrono>
#include <memory>

namespace sense7 {

/**
 * While it lives, has what a file's file system holds unwritten written to disk, whenever the
 * file (with its write-ahead log) has grown by a step since the last time; on a thread of its
 * own (Linux's syncfs(); nothing elsewhere).
 *
 * A large transaction leaves its file in the page cache: the kernel starts writing it out only
 * once a tenth of the memory is waiting, so the commit's sync waited for gigabytes at once
 * (1 s of a million conversations' import here) while the disk had been idle. Written behind,
 * the disk works while the import does, and the commit waits for the last step's pages. The
 * sync at the commit still decides what is durable; this only changes when the disk writes. A
 * small or slow write, which the kernel keeps up with, is left alone.
 *
 * The thread never holds up the owner: stopping tells it to end, and a sync under way ends on
 * its own (it may be flushing what other programs wrote to the same file system). A process
 * that exits meanwhile waits for that sync, as the kernel finishes it first; a write too small
 * to make a step never starts one.
 */
class WriteBehind
{
public:
    static constexpr qint64 defaultStep = qint64(64) << 20;

    /** Starts watching \a file every \a every; nothing for an empty path or a missing folder. */
    explicit WriteBehind(const QString &file,
                         std::chrono::milliseconds every = std::chrono::milliseconds(500),
                         qint64 step = defaultStep);
    ~WriteBehind();
    WriteBehind(const WriteBehind &) = delete;
    WriteBehind &operator=(const WriteBehind &) = delete;

    /** Whether a thread watches the file. */
    bool watching() const { return m_watching; }
    /** How many times it has had the file system written so far (the tests' view). */
    int rounds() const;

private:
    struct State;
    std::shared_ptr<State> m_state; // shared with the thread, which may outlive this
    bool m_watching = false;
};

} // namespace sense7
