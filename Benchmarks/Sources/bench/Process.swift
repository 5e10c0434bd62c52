// Running a child process and measuring it: wall time from a monotonic clock around
// posix_spawn ... wait4, and peak resident memory from the rusage wait4 returns (on Linux it is
// the largest of the child and every descendant it waited for, so `swift build` reports its
// biggest compiler process).
import Foundation

struct Measurement: Codable {
    var wallMs: Double
    var peakRSSKB: Int
    var status: Int32        // exit status, or 128 + signal
    var timedOut: Bool       // stopped by the timeout or the memory limit
    var overMemory = false   // stopped by the memory limit
    var cpuMs: Double? = nil // user + system time of the child and its descendants
}

struct RunError: Error, CustomStringConvertible {
    var description: String
}

func monotonicMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// Runs `arguments` (the first is the program; a bare name is looked up on PATH) in
/// `directory`, with standard output and error appended to `log` (or discarded), in its own
/// process group so that a timeout can stop it and all its children.
/// `Benchmarks/runner/runner.c`, once built: every later command runs under it, and the time and
/// memory it reports are the ones recorded.
nonisolated(unsafe) var runnerPath: String? = nil

func spawn(_ arguments: [String], in directory: String? = nil, log: String? = nil,
           timeoutSeconds: Double? = nil, memoryLimitMB: Int = 0) throws -> Measurement {
    guard let runnerPath else { return try spawnDirectly(arguments, in: directory, log: log, timeoutSeconds: timeoutSeconds) }
    let result = NSTemporaryDirectory() + "bench-run-\(getpid()).txt"
    unlink(result)
    defer { unlink(result) }
    let timeout = timeoutSeconds.map { String(Int($0.rounded(.up))) } ?? "0"
    let outer = try spawnDirectly([runnerPath, result, timeout, String(memoryLimitMB)] + arguments, in: directory, log: log, timeoutSeconds: nil)
    guard outer.status == 0, let text = try? String(contentsOfFile: result, encoding: .utf8) else {
        throw RunError(description: "bench-run failed (exit \(outer.status)) on `\(arguments.joined(separator: " "))`")
    }
    let fields = text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
    guard fields.count == 5, let wall = Double(fields[0]), let rss = Int(fields[1]), let status = Int32(fields[2]) else {
        throw RunError(description: "bench-run wrote \(text)")
    }
    return Measurement(wallMs: wall, peakRSSKB: rss, status: status, timedOut: fields[3] != "0", overMemory: fields[3] == "2",
                       cpuMs: Double(fields[4]))
}

func spawnDirectly(_ arguments: [String], in directory: String? = nil, log: String? = nil,
                   timeoutSeconds: Double? = nil) throws -> Measurement {
    // Allocated rather than declared: the type is a struct on Linux and a pointer on a Mac.
    let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    defer { actions.deallocate() }
    posix_spawn_file_actions_init(actions)
    defer { posix_spawn_file_actions_destroy(actions) }
    posix_spawn_file_actions_addopen(actions, 0, "/dev/null", O_RDONLY, 0)
    let target = log ?? "/dev/null"
    posix_spawn_file_actions_addopen(actions, 1, target, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(actions, 1, 2)
    let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)
    defer { attributes.deallocate() }
    posix_spawnattr_init(attributes)
    defer { posix_spawnattr_destroy(attributes) }
    posix_spawnattr_setflags(attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(attributes, 0)

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // Linux's headers hide posix_spawn_file_actions_addchdir_np: the harness is single-threaded,
    // so it changes its own directory around the spawn instead.
    let previous = FileManager.default.currentDirectoryPath
    if let directory, chdir(directory) != 0 { throw RunError(description: "cannot enter \(directory)") }
    var pid: pid_t = 0
    let start = monotonicMs()
    let spawned = posix_spawnp(&pid, arguments[0], actions, attributes, argv, environ)
    if directory != nil { chdir(previous) }
    guard spawned == 0 else { throw RunError(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    if let timeoutSeconds {
        let deadline = start + timeoutSeconds * 1e3
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw RunError(description: "wait4: \(errno)") }
            if monotonicMs() > deadline, !timedOut {
                timedOut = true
                kill(-pid, SIGKILL)
            }
            usleep(20_000)
        }
    } else {
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw RunError(description: "wait4: \(errno)") }
        }
    }
    let wall = monotonicMs() - start
    let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Measurement(wallMs: wall, peakRSSKB: peakKilobytes(usage), status: code, timedOut: timedOut)
}

/// Runs and requires exit status 0 (or one of `allowed`); the log is shown on failure.
@discardableResult
func execute(_ arguments: [String], in directory: String? = nil, log: String, allowed: Set<Int32> = [0],
             timeoutSeconds: Double? = nil, memoryLimitMB: Int = 0) throws -> Measurement {
    let m = try spawn(arguments, in: directory, log: log, timeoutSeconds: timeoutSeconds, memoryLimitMB: memoryLimitMB)
    if m.timedOut { return m }
    guard allowed.contains(m.status) else {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw RunError(description: "`\(arguments.joined(separator: " "))` exited \(m.status)\n" + String(text.suffix(4000)))
    }
    return m
}

/// Captures standard output (for short commands such as `uname`).
func capture(_ arguments: [String], in directory: String? = nil) -> String {
    let path = NSTemporaryDirectory() + "bench-capture-\(getpid())"
    unlink(path)
    _ = try? spawn(arguments, in: directory, log: path)
    defer { unlink(path) }
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}
