import Foundation

/// What a finished command printed and how it exited.
public struct ShellResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public var succeeded: Bool { status == 0 }
    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs other programs (the database tools, Node) as separate processes.
public enum Shell {
    /// Runs `executable` to completion. Output goes through files, so a chatty command cannot
    /// fill a pipe and stall. It uses `posix_spawn` and `waitpid` rather than Foundation's
    /// `Process`, whose `waitUntilExit` can miss an exit when tests start processes in parallel.
    ///
    /// The wait happens on a thread of its own, never on one of Swift concurrency's few
    /// cooperative threads (two on a two-core machine), which other tests need meanwhile.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil,
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
        case .failure(let code): throw ProcessFailure("cannot run \(executable): error \(code.code.rawValue)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, and 128 + the signal for a killed process, as shells report it.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ShellResult(status: exit, stdout: try String(contentsOfFile: outPath, encoding: .utf8),
                           stderr: try String(contentsOfFile: errPath, encoding: .utf8))
    }

    /// The full path of a command found on `PATH`.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

}
