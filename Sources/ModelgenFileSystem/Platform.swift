#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Where the C libraries of Linux (glibc, musl) and Apple's systems (Darwin) differ, for the
// whole tool: every other file calls POSIX through `FileSystem` and never names a C library.
// `.ci/portability` fails the build when a libc module or a Linux-only call appears elsewhere.
//
// The calls below have the same names as members of `FileSystem` (`read`, `write`, `rename`),
// so they are reached through these free functions rather than through a module name, which
// would differ per system (there is no Glibc module on a Mac).

/// POSIX `read`: up to `count` bytes into `buffer`; the count read, 0 at the end, -1 with `errno`.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// POSIX `write`: the count written, or -1 with `errno`.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// POSIX `rename`: 0, or -1 with `errno`.
func systemRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

/// Waits until the file's bytes are on the storage itself: 0, or -1 with `errno`.
///
/// On Linux `fsync` does that. On Apple's systems `fsync` only hands the bytes to the drive,
/// which may keep them in its cache across a power loss; `F_FULLFSYNC` asks the drive to write
/// them out. A file system that does not support it (some network and FUSE ones) answers with
/// an error, and then `fsync` is the best there is.
func flushToStorage(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(descriptor)
}
