import Foundation

/// The real `modelgen` executable run as a child process, with what robustness tests need
/// beyond its output: its own peak memory and time (through `wait4`, so tests running other
/// processes in parallel do not blur the numbers), a deadline after which it is killed, and
/// its process id, to kill it on purpose.
///
/// Output goes to files, not pipes, so a child printing megabytes of diagnostics never stalls.
/// Waiting happens on a thread of its own, never on one of Swift concurrency's cooperative
/// threads (two on a two-core machine), which other tests need meanwhile.
public final class ModelgenProcess: @unchecked Sendable {
    /// How a finished run ended.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The exit status, when the process exited.
        public var exitStatus: Int32?
        /// The signal that ended it, when one did.
        public var signal: Int32?
        public var stdout: String
        public var stderr: String
        /// Peak resident memory of the child alone, in bytes: sampled every 2 ms where the
        /// system shows it while the child runs (Linux), else `ru_maxrss` from `wait4`. On
        /// Linux `ru_maxrss` will not do alone: a child started with posix_spawn (vfork)
        /// inherits the test process's peak as its own when it calls exec.
        public var peakMemory: Int
        /// Wall-clock time from start to exit.
        public var seconds: Double
        /// Processor time the child used (user and system): its work, which other processes
        /// running beside it do not stretch as they stretch `seconds`.
        public var processorSeconds: Double
        /// Whether the deadline passed and the test killed it.
        public var timedOut: Bool

        /// An exit status from 1 to 127: an error reported by modelgen itself, not a crash
        /// (a signal) or a shell's "killed by signal" (128 and up).
        public var isCleanFailure: Bool { signal == nil && (exitStatus ?? 0) >= 1 && (exitStatus ?? 0) < 128 }

        public var description: String {
            let how = timedOut ? "timed out" : signal.map { "killed by signal \($0)" } ?? "exit \(exitStatus ?? -1)"
            let stderrHead = stderr.count > 2_000 ? String(stderr.prefix(2_000)) + "..." : stderr
            return "\(how) after \(String(format: "%.2f", seconds)) s (\(String(format: "%.2f", processorSeconds)) s of processor time), peak \(peakMemory >> 20) MiB\nstderr: \(stderrHead)"
        }
    }

    public let pid: pid_t
    private let scratch: String
    private let started: Date

    /// Starts `modelgen ARGUMENTS` in `directory`, behind `prefix` when given (`setpriv ... --`).
    public init(_ arguments: [String], in directory: String, environment: [String: String] = [:], prefix: [String] = []) throws {
        let executable = try Self.executable()
        scratch = NSTemporaryDirectory() + "modelgen-process-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        // The shell changes directory and replaces itself with modelgen (same process id), since
        // posix_spawn_file_actions_addchdir_np is not visible to Swift everywhere.
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + prefix + [executable] + arguments
        started = Date()
        switch spawnProcess("/bin/sh", arguments: command, environment: variables,
                            input: "/dev/null", output: scratch + "/out", errors: scratch + "/err") {
        case .success(let pid):
            self.pid = pid
        case .failure(let code):
            throw ProcessFailure("cannot run \(executable): \(String(cString: strerror(code.code.rawValue)))")
        }
    }

    /// Sends `signal` (SIGKILL by default) to the running process.
    public func kill(_ signal: Int32 = SIGKILL) {
        sendSignal(pid, signal)
    }

    /// Waits for the exit, killing the process once `timeout` seconds have passed.
    public func finish(timeout: Double = 120) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitBlocking(timeout: timeout)) }.start()
        }
    }

    private func waitBlocking(timeout: Double) -> Outcome {
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        let deadline = started.addingTimeInterval(timeout)
        var highWater = 0
        while true {
            highWater = max(highWater, residentHighWater(of: pid) ?? 0)
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result == -1 && errno != EINTR { break }
            if !timedOut && Date() > deadline {
                timedOut = true
                sendSignal(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let signalled = status & 0x7F != 0
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let stdout = (try? Data(contentsOf: URL(fileURLWithPath: scratch + "/out"))) ?? Data()
        let stderr = (try? Data(contentsOf: URL(fileURLWithPath: scratch + "/err"))) ?? Data()
        return Outcome(exitStatus: signalled ? nil : (status >> 8) & 0xFF, signal: signalled ? status & 0x7F : nil,
                       stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                       peakMemory: highWater > 0 ? highWater : maximumResidentBytes(usage), seconds: seconds,
                       processorSeconds: processorSeconds(usage), timedOut: timedOut)
    }

    /// Runs `modelgen ARGUMENTS` in `directory` to the end.
    public static func run(_ arguments: [String], in directory: String, timeout: Double = 120,
                           environment: [String: String] = [:], prefix: [String] = []) async throws -> Outcome {
        try await ModelgenProcess(arguments, in: directory, environment: environment, prefix: prefix).finish(timeout: timeout)
    }

    /// The `modelgen` built beside the test bundle (as `swift test` and `swift build` lay it out).
    public static func executable() throws -> String {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.deletingLastPathComponent().appendingPathComponent("modelgen"),
                          bundle.appendingPathComponent("modelgen"),
                          URL(fileURLWithPath: RepositoryFiles.root + "/.build/debug/modelgen")]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        throw ProcessFailure("the modelgen executable was not found beside \(bundle.path)")
    }
}

public struct ProcessFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

private func sendSignal(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}
