#pragma once

#include <QString>

#include <chrono>
#include <memory>

namespace sense7 {

/**
 * While it lives, writes what the file system of a folder holds unwritten to disk, every so
 * often, on a thread of its own (Linux's syncfs(); nothing elsewhere).
 *
 * A large transaction leaves its file in the page cache: the kernel starts writing it out only
 * once a tenth of the memory is waiting, so the commit's sync waited for gigabytes at once
 * (1 s of a million conversations' import here) while the disk had been idle. Written behind,
 * the disk works while the import does, and the commit waits for the last half second's pages.
 * The sync at the commit still decides what is durable; this only changes when the disk writes.
 *
 * The thread never holds up the owner: stopping tells it to end, and a sync under way ends on
 * its own (it may be flushing what other programs wrote to the same file system).
 */
class WriteBehind
{
public:
    /** Starts writing behind \a folder's file system every \a every; nothing for an empty path. */
    explicit WriteBehind(const QString &folder,
                         std::chrono::milliseconds every = std::chrono::milliseconds(500));
    ~WriteBehind();
    WriteBehind(const WriteBehind &) = delete;
    WriteBehind &operator=(const WriteBehind &) = delete;

    /** How many times it has written behind so far (the tests' view). */
    int rounds() const;

private:
    struct State;
    std::shared_ptr<State> m_state; // shared with the thread, which may outlive this
};

} // namespace sense7
