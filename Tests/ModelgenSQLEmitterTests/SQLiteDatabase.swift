import Foundation
import ModelgenTestSupport
import Testing

/// A SQLite database file for one test, used through the `sqlite3` command-line shell.
struct SQLiteDatabase: Sendable {
    let executable: String
    let path: String

    /// A new database in a temporary folder; `nil` (after saying why, or failing under CI)
    /// when `sqlite3` is not installed.
    static func create(sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> SQLiteDatabase? {
        // `MODELGEN_SQLITE3` names another sqlite3 (and a missing file turns the tests off).
        let chosen = ProcessInfo.processInfo.environment["MODELGEN_SQLITE3"]
        guard let executable = chosen ?? Shell.which("sqlite3"), FileManager.default.isExecutableFile(atPath: executable) else {
            DatabaseAvailability.unavailable("SQLite", "sqlite3 not found (apt-get install sqlite3, or set MODELGEN_SQLITE3)",
                                             sourceLocation: sourceLocation)
            return nil
        }
        let folder = NSTemporaryDirectory() + "modelgen-sqlite-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return SQLiteDatabase(executable: executable, path: folder + "/test.db")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// Runs SQL on a new connection, stopping at the first error. Foreign keys are enforced
    /// per connection, so pass `foreignKeys: true` (the default) to turn them on first.
    func run(_ sql: String, foreignKeys: Bool = true) async throws -> ShellResult {
        try await Shell.run(executable, ["-bail", "-batch", path], input: (foreignKeys ? "PRAGMA foreign_keys = ON;\n" : "") + sql)
    }

    /// Runs SQL that must succeed and returns what it printed.
    @discardableResult
    func execute(_ sql: String) async throws -> String {
        let result = try await run(sql)
        guard result.succeeded && result.stderr.isEmpty else { throw DatabaseError.failed("sqlite3 failed: \(result.stderr)\nSQL: \(sql)") }
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Runs a query and decodes its rows (`sqlite3 -json`; no rows print nothing).
    func rows<T: Decodable>(_ type: T.Type, _ query: String) async throws -> [T] {
        let result = try await Shell.run(executable, ["-json", "-readonly", path, query])
        guard result.succeeded else { throw DatabaseError.failed("sqlite3 failed: \(result.stderr)\nSQL: \(query)") }
        let text = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? [] : try Shell.decode([T].self, from: text)
    }

    /// Expects `sql` to fail with a message containing `error`.
    func expectRefused(_ sql: String, _ error: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let result = try await run(sql)
        #expect(!result.succeeded, "SQLite accepted: \(sql)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(error), "expected '\(error)' from: \(sql)\n\(result.stderr)", sourceLocation: sourceLocation)
    }
}
