import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Where Linux and Apple's systems differ, for every test target: starting processes, reading
// a child's peak memory, sockets that must not raise SIGPIPE, and the tools only one of them
// has. `.ci/portability` keeps libc modules and Linux-only calls out of every other test file.

/// Starts `executable` with `arguments` (the first is the program's name, `argv[0]`) and
/// `environment` ("NAME=value"), its standard input read from `input` and its output and errors
/// written to the files `output` and `errors`. Returns the child's id, or the error number.
public func spawnProcess(_ executable: String, arguments: [String], environment: [String],
                         input: String, output: String, errors: String) -> Result<pid_t, POSIXError> {
    // Allocated rather than declared: glibc's type is a struct, Apple's an opaque pointer that
    // `posix_spawn_file_actions_init` fills in; room for either works for both.
    let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    defer { actions.deallocate() }
    posix_spawn_file_actions_init(actions)
    defer { posix_spawn_file_actions_destroy(actions) }
    posix_spawn_file_actions_addopen(actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, actions, nil, argv, envp)
    guard spawned == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)) }
    return .success(pid)
}

/// `ru_maxrss` in bytes: Linux counts it in kilobytes, Apple's systems in bytes.
public func maximumResidentBytes(_ usage: rusage) -> Int {
    #if canImport(Darwin)
    return Int(usage.ru_maxrss)
    #else
    return Int(usage.ru_maxrss) * 1024
    #endif
}

/// The processor time a finished child used, user and system, in seconds: what a run's work
/// costs, whatever else the machine was doing meanwhile.
public func processorSeconds(_ usage: rusage) -> Double {
    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// A running process's own peak resident memory so far, in bytes, where the system tells it
/// while the process runs (`VmHWM` in Linux's `/proc`); `nil` elsewhere.
public func residentHighWater(of pid: pid_t) -> Int? {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    let kilobytes = line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first
    return kilobytes.flatMap { Int($0) }.map { $0 * 1024 }
    #else
    return nil
    #endif
}

/// A TCP socket for IPv4, or -1 with `errno`.
public func makeTCPSocket() -> Int32 {
    #if canImport(Glibc)
    return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    return socket(AF_INET, SOCK_STREAM, 0)
    #endif
}

/// Marks `socket` so that writing to a peer that closed fails with `EPIPE` instead of killing
/// the process with SIGPIPE, where the system has such a socket option (`SO_NOSIGPIPE` on
/// Apple's systems). Linux has none and takes ``noSignalSendFlags`` on each `send` instead.
public func preventSIGPIPE(_ socket: Int32) {
    #if canImport(Darwin)
    var yes: Int32 = 1
    _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
}

/// The flags for `send` that keep a closed peer from raising SIGPIPE (`MSG_NOSIGNAL` on Linux;
/// on Apple's systems ``preventSIGPIPE(_:)`` does it for the socket).
#if os(Linux)
public let noSignalSendFlags = Int32(MSG_NOSIGNAL)
#else
public let noSignalSendFlags: Int32 = 0
#endif

/// `path` with every symbolic link resolved (on a Mac the temporary folder `/var/...` is
/// `/private/var/...`), for comparing a path a test made with one a program printed.
public func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
