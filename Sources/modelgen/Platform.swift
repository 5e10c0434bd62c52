#if canImport(Glibc)
import CMalloc
import Glibc
#endif

// What the command line does differently per C library: glibc's allocator can be tuned and
// trimmed; Apple's and musl's allocators have no such controls, and there these do nothing.
// `.ci/portability` keeps libc modules and Linux-only calls out of every other file.

/// glibc gives each thread that allocates a heap of its own, which starts small and grows a few
/// pages at a time, each step an `mprotect` call; in a process with threads on other processors,
/// every such call interrupts them all to flush their address caches (about 8 µs a call here,
/// against 3 µs with no other thread). At 1,000 classes `gen` made 3,125 of them, 1,418 on the
/// loading thread alone. With 16 MB of room reserved whenever a heap is made or grown (glibc's
/// M_TOP_PAD, which also keeps that much freed memory at the top of a heap instead of handing
/// it back at once) it makes 37. The room is address space: only the pages written count, and
/// the peak barely moves (37.5 → 38.5 MB at 1,000 classes, 127 → 123 MB at 10,000).
enum ThreadHeaps {
    static let room = 16 << 20

    /// Call before any thread starts.
    static func reserveRoom() {
        #if canImport(Glibc)
        _ = mallopt(M_TOP_PAD, Int32(room))
        #endif
    }
}

/// Memory that loading and validating freed goes back to the system before the emitters start.
///
/// Loading and validating run partly on threads of their own, and glibc keeps what each thread
/// frees in that thread's arena, where the emitters' threads do not reuse it: at 10,000 classes
/// `gen --emitter sql` peaked at 149 MB, the SQL scripts' memory on top of what the loading
/// threads had freed but still held.
///
/// Trimming walks every free block, and the emitters then fault fresh pages in: a few
/// milliseconds (2.6 ms at 1,000 classes). It is done only after a load large enough for the
/// memory to matter: loading and validating peaked at 31 MB resident at 1,000 classes and at
/// 126 MB at 10,000. (Asking glibc how much is free, `mallinfo2`, walks the free blocks too.)
enum FreedMemory {
    static let largeLoad = 64 << 20

    static func giveBack() {
        #if canImport(Glibc)
        var usage = rusage()
        // The peak so far, in kilobytes on Linux.
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0, usage.ru_maxrss * 1024 >= largeLoad else { return }
        _ = malloc_trim(0)
        #endif
    }
}
