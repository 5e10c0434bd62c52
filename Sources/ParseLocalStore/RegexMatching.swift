#if LocalStore
import Foundation
import GRDB

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

    private static func expression(_ pattern: String, options: String) -> NSRegularExpression? {
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
