import Foundation
import ModelgenTestSupport
import Testing

/// What a finished command printed and how it exited.
struct ShellResult: Sendable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var succeeded: Bool { status == 0 }
    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs the database tools (`initdb`, `pg_ctl`, `psql`, `sqlite3`) as separate processes.
enum Shell {
    /// Runs `executable` to completion. Output goes through files, so a chatty command cannot
    /// fill a pipe and stall. It uses `posix_spawn` and `waitpid` rather than Foundation's
    /// `Process`, whose `waitUntilExit` can miss an exit when tests start processes in parallel.
    ///
    /// The wait happens on a thread of its own, never on one of Swift concurrency's few
    /// cooperative threads (two on a two-core machine), which other tests need meanwhile.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                    environment: [String: String] = [:]) async throws -> ShellResult {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    try runWaiting(executable, arguments, input: input, environment: environment)
                })
            }
            thread.start()
        }
    }

    private static func runWaiting(_ executable: String, _ arguments: [String], input: String?,
                                   environment: [String: String]) throws -> ShellResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-shell-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inPath = scratch.appendingPathComponent("in").path
        let outPath = scratch.appendingPathComponent("out").path
        let errPath = scratch.appendingPathComponent("err").path
        try (input ?? "").write(toFile: inPath, atomically: false, encoding: .utf8)

        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let pid: pid_t
        switch spawnProcess(executable, arguments: [executable] + arguments, environment: variables,
                            input: inPath, output: outPath, errors: errPath) {
        case .success(let started): pid = started
        case .failure(let code): throw DatabaseError.failed("cannot run \(executable): error \(code.code.rawValue)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, and 128 + the signal for a killed process, as shells report it.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ShellResult(status: exit, stdout: try String(contentsOfFile: outPath, encoding: .utf8),
                           stderr: try String(contentsOfFile: errPath, encoding: .utf8))
    }

    /// The full path of a command found on `PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Parses a command's JSON output.
    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

/// What the database tests do when a database is not installed: say so and skip on a
/// developer's machine, fail under `CI=true` (`.ci/run` installs both).
enum DatabaseAvailability {
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static func unavailable(_ what: String, _ why: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if isCI {
            Issue.record("\(what) is required under CI (.ci/run installs it): \(why)", sourceLocation: sourceLocation)
        } else {
            print("\(what) tests skipped: \(why)")
        }
    }
}
