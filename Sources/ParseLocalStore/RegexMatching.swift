#if LocalStore
import Foundation
import GRDB
import ParseRuntime

/// `$regex` for SQLite, which has no regular expressions of its own: the SQL function
/// `parse_regexp(text, pattern, options)`, with Parse's options `i`, `m`, `x` and `s`, on
/// Foundation's `NSRegularExpression` (ICU), as ParseTestServer matches.
enum RegexMatching {
    static let functionName = "parse_regexp"

    /// The function, added to every connection the store opens.
    static let function = DatabaseFunction(functionName, argumentCount: 3, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let pattern = String.fromDatabaseValue(values[1]),
              let options = String.fromDatabaseValue(values[2]), let regex = expression(pattern, options: options) else {
            return nil
        }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether `pattern` compiles with `options`.
    static func isValid(_ pattern: String, options: String) -> Bool {
        expression(pattern, options: options) != nil
    }

    /// An expression compiled once: a query calls the function once per row.
    private struct Compiled: @unchecked Sendable {
        // NSRegularExpression is immutable, and safe to use from several threads at once.
        let expression: NSRegularExpression?
    }

    /// The expressions compiled lately, by options and pattern (a few queries' worth).
    private static let compiled = LockedValue<[String: Compiled]>([:])

    private static func expression(_ pattern: String, options: String) -> NSRegularExpression? {
        let key = options + "/" + pattern
        if let known = compiled.withLock({ $0[key] }) {
            return known.expression
        }
        let made = Compiled(expression: compile(pattern, options: options))
        compiled.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = made
        }
        return made.expression
    }

    private static func compile(_ pattern: String, options: String) -> NSRegularExpression? {
        var flags: NSRegularExpression.Options = []
        for option in options {
            switch option {
            case "i": flags.insert(.caseInsensitive)
            case "m": flags.insert(.anchorsMatchLines)
            case "x": flags.insert(.allowCommentsAndWhitespace)
            case "s": flags.insert(.dotMatchesLineSeparators)
            default: return nil
            }
        }
        return try? NSRegularExpression(pattern: pattern, options: flags)
    }
}
#endif
