import ModelgenDiagnostics
import ModelgenEmitter

/// Swift's lexical rules, in one place: which identifiers need backticks, how text becomes a
/// string literal, and how a description becomes doc-comment lines.
public enum SwiftSyntax {
    /// Keywords that must be escaped with backticks to be used as a property, parameter or case
    /// name (Swift 6 reserved words; contextual keywords such as `open` or `async` need none).
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "operator", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "throws", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "true", "try",
        "package", "some", "any", "_",
        // Not keywords, but a type member may not have these names unescaped ('foo.Type').
        "Type", "Protocol",
    ]

    /// `name`, backticked when it is a keyword.
    public static func identifier(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    /// Whether `name` is one of `keywords`. An ASCII name whose first letter and length no
    /// keyword has (nearly every name) is not looked up, so the twenty thousand names of a
    /// large schema are not each hashed.
    static func isKeyword(_ name: String) -> Bool {
        let shaped = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let first = bytes.first, bytes.count < 64, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return keywordShapes[Int(first)] & (1 << UInt64(bytes.count)) != 0
        } ?? nil
        return shaped != false && keywords.contains(name)
    }

    /// For each ASCII first byte, the lengths of the keywords that begin with it, as bits.
    private static let keywordShapes: [UInt64] = {
        var shapes = [UInt64](repeating: 0, count: 128)
        for keyword in keywords {
            shapes[Int(keyword.utf8.first!)] |= 1 << UInt64(keyword.utf8.count)
        }
        return shapes
    }()

    /// A Swift string literal that means exactly `text`: quotes, backslashes, and control,
    /// line-separator and bidirectional-override characters are escaped, so no text can end the
    /// literal early or hide code.
    public static func stringLiteral(_ text: String) -> String {
        // Most text is printable ASCII without a quote or backslash: quoted as it is, in one
        // allocation (every key and raw value of a large schema comes through here).
        var plain = text
        let quoted = plain.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: bytes)
                buffer[bytes.count + 1] = UInt8(ascii: "\"")
                return bytes.count + 2
            }
        }
        if let quoted { return quoted }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if needsEscape(scalar) {
                    result += InvisibleCharacters.escaped(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `name` (a model's name: letters, digits, `-`, `_` and `.`) as a lowerCamelCase identifier:
    /// each `-`, `_` or `.` dropped and the letter after it capitalized, the leading capitals
    /// lowered (`TodoList` → `todoList`, `ISBN` → `isbn`, `URLCache` → `urlCache`, `my-app.v2` →
    /// `myAppV2`), `_` before a leading digit, backticks around a keyword.
    public static func lowerCamelCase(_ name: String) -> String {
        identifier(lowerCamelCaseName(name))
    }

    /// `lowerCamelCase(name)` without the backticks a keyword gets (`default` for `Default`): a
    /// stem other names are made from.
    static func lowerCamelCaseName(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let first = words.first else { return "schema" }
        let capitals = first.prefix { $0.isUppercase }.count
        // All capitals are lowered; before a lowercase letter the last capital starts the next word.
        let lowered = capitals == first.count || capitals <= 1 ? capitals : capitals - 1
        var result = first.prefix(lowered).lowercased() + first.dropFirst(lowered)
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        if result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// A raw string literal, in parts a template lays out: `#"line"#`, or `#"""`, the lines,
    /// `"""#` on lines of their own.
    public struct RawStringLiteral: Sendable, Hashable {
        /// The `#`s on both ends: one more than the longest run of `#` in the text, so no quote
        /// or backslash in it is followed by as many.
        public var hashes: String
        /// Whether the text has line breaks, and the literal so spans lines.
        public var isMultiline: Bool
        /// The lines between the delimiters, escaped: none empty (an empty line is an escaped
        /// line break at the end of the one before) and none ending in a space (the last space
        /// is an escape), so each can be indented as the template pleases and none has trailing
        /// whitespace. A literal on one line has one line, which may be empty.
        public var lines: [String]
    }

    /// A raw string literal that means exactly `text`: backslashes and quotes as they are, line
    /// breaks as line breaks, and every control, line-separator and bidirectional character
    /// escaped (`\#t`, `\#r`, `\#u{202E}`), so the literal reads as it runs and survives line-ending
    /// conversion.
    public static func rawStringLiteral(_ text: String) -> RawStringLiteral {
        var longestRun = 0, run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "#") ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        let escape = "\\" + hashes
        func escaped(_ scalars: Substring.UnicodeScalarView) -> String {
            var line = ""
            for scalar in scalars {
                if needsEscape(scalar) {
                    line += escape + InvisibleCharacters.escaped(scalar).dropFirst()
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
            return line
        }
        let pieces = Substring(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard pieces.count > 1 else { return RawStringLiteral(hashes: hashes, isMultiline: false, lines: [escaped(Substring(text).unicodeScalars)]) }
        var lines: [String] = []
        var current = ""
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                if current.isEmpty || piece.isEmpty {
                    current += escape + "n"
                } else {
                    lines.append(current)
                    current = ""
                }
            }
            var line = escaped(piece)
            if line.hasSuffix(" ") { line = String(line.dropLast()) + escape + "u{20}" }
            current += line
        }
        lines.append(current)
        return RawStringLiteral(hashes: hashes, isMultiline: true, lines: lines)
    }

    /// The lines of a `///` comment for `text`, by the rules every emitter shares.
    public static func docLines(_ text: String?) -> [String] {
        CommentLines.of(text)
    }

    /// Characters that could make source read differently from how it compiles.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        InvisibleCharacters.contains(scalar)
    }
}
