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

    /// The lines of a `///` comment for `text`, by the rules every emitter shares.
    public static func docLines(_ text: String?) -> [String] {
        CommentLines.of(text)
    }

    /// Characters that could make source read differently from how it compiles.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        InvisibleCharacters.contains(scalar)
    }
}
