// Child processes: spawned with posix_spawn and waited for with wait4 (as Benchmarks/bench does),
// and measured under `bench-run` (Benchmarks/runner/runner.c, compiled by the harness): a child
// spawned straight from this harness would inherit the harness's own peak memory as a floor
// under its own, which `bench-run`, a small C process, does not give it.
import Foundation

struct RunError: Error, CustomStringConvertible {
    var description: String
}

/// A monotonic clock, in milliseconds.
func monotonicMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// What `bench-run` reports of one command.
struct Measurement {
    var wallMs: Double
    var peakRSSKB: Int
    var status: Int32
    var cpuMs: Double
}

/// Runs `arguments` (a bare program name is looked up on PATH) with standard output and error
/// appended to `log`, and returns its exit status.
@discardableResult
func spawn(_ arguments: [String], log: String, in directory: String? = nil) throws -> Int32 {
    let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    defer { actions.deallocate() }
    posix_spawn_file_actions_init(actions)
    defer { posix_spawn_file_actions_destroy(actions) }
    posix_spawn_file_actions_addopen(actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The harness runs one child at a time: it changes its own directory around the spawn.
    let previous = FileManager.default.currentDirectoryPath
    if let directory, chdir(directory) != 0 { throw RunError(description: "cannot enter \(directory)") }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], actions, nil, argv, environ)
    if directory != nil { chdir(previous) }
    guard spawned == 0 else { throw RunError(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw RunError(description: "waitpid: \(errno)") }
    }
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// Runs and requires exit status 0; the end of the log is shown otherwise.
func execute(_ arguments: [String], log: String, in directory: String? = nil) throws {
    let status = try spawn(arguments, log: log, in: directory)
    guard status == 0 else {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw RunError(description: "`\(arguments.joined(separator: " "))` exited \(status)\n" + String(text.suffix(3000)))
    }
}

/// Standard output of a short command, trimmed.
func capture(_ arguments: [String], in directory: String? = nil) -> String {
    let path = NSTemporaryDirectory() + "store-bench-capture-\(getpid())"
    unlink(path)
    defer { unlink(path) }
    _ = try? spawn(arguments, log: path, in: directory)
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Runs `arguments` under `bench-run`: its wall time, peak resident memory and CPU time.
func measure(_ arguments: [String], runner: String, log: String, in directory: String? = nil) throws -> Measurement {
    let result = NSTemporaryDirectory() + "store-bench-run-\(getpid()).txt"
    unlink(result)
    defer { unlink(result) }
    try execute([runner, result, "0", "0"] + arguments, log: log, in: directory)
    guard let text = try? String(contentsOfFile: result, encoding: .utf8) else {
        throw RunError(description: "bench-run wrote nothing for `\(arguments.joined(separator: " "))`")
    }
    let fields = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard fields.count == 5, let wall = Double(fields[0]), let rss = Int(fields[1]), let status = Int32(fields[2]),
          let cpu = Double(fields[4]) else {
        throw RunError(description: "bench-run wrote \(text)")
    }
    guard status == 0 else {
        let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").suffix(3000)
        throw RunError(description: "`\(arguments.joined(separator: " "))` exited \(status)\n\(tail)")
    }
    return Measurement(wallMs: wall, peakRSSKB: rss, status: status, cpuMs: cpu)
}

/// Removes a SQLite file with its `-wal` and `-shm` companions.
func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
}

/// `measure` on a thread of its own, for a child that talks to a server this process runs: the
/// wait for the child blocks its thread, and the server's tasks need the cooperative threads.
func measureAside(_ arguments: [String], runner: String, log: String) async throws -> Measurement {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try measure(arguments, runner: runner, log: log) })
        }
    }
}
