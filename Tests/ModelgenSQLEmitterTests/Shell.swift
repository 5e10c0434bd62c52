import Foundation
import ModelgenTestSupport
import Testing

extension Shell {
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
