import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// SQL's lexical rules, in one place: quoted identifiers, string literals, comments, and the
/// names modelgen derives for indexes and constraints. The same rules hold in PostgreSQL and
/// SQLite, so both dialects use them.
public enum SQLSyntax {
    /// `name` as a quoted identifier: wrapped in double quotes, a double quote inside doubled.
    /// Quoting keeps the case of the name and lets keywords (`"order"`, `"default"`) be names.
    public static func identifier(_ name: String) -> String {
        quoted(name, by: identifierQuote)
    }

    /// ``identifier(_:)``, written into `output`.
    static func writeIdentifier(_ name: String, to output: inout TemplateOutput) {
        writeQuoted(name, by: identifierQuote, to: &output)
    }

    /// A string literal that means exactly `text`: wrapped in single quotes, a single quote
    /// inside doubled. Backslashes are ordinary characters (PostgreSQL's
    /// `standard_conforming_strings`, on by default since 9.1, and SQLite).
    public static func stringLiteral(_ text: String) -> String {
        quoted(text, by: literalQuote)
    }

    /// ``stringLiteral(_:)``, written into `output`.
    static func writeStringLiteral(_ text: String, to output: inout TemplateOutput) {
        writeQuoted(text, by: literalQuote, to: &output)
    }

    static let identifierQuote = UInt8(ascii: "\"")
    static let literalQuote = UInt8(ascii: "'")

    private static func quoted(_ text: String, by quote: UInt8) -> String {
        var output = TemplateOutput()
        writeQuoted(text, by: quote, to: &output)
        return output.text
    }

    /// `text` between two `quote`s, each `quote` inside doubled, written into `output`: how
    /// scripts quote every name and literal.
    private static func writeQuoted(_ text: String, by quote: UInt8, to output: inout TemplateOutput) {
        output.append(byte: quote)
        writeDoubling(quote, in: text, to: &output)
        output.append(byte: quote)
    }

    /// `text` with each `mark` (and `other`) doubled. Byte by byte: the marks are ASCII, and no
    /// byte of a multi-byte UTF-8 sequence is, so this doubles exactly the mark scalars, even
    /// one a combining mark follows (a quote and a combining mark are one `Character`, but the
    /// quote still ends the quoted text for SQL). The runs between marks are copied whole.
    static func writeDoubling(_ mark: UInt8, _ other: UInt8? = nil, in text: String, to output: inout TemplateOutput) {
        // The bytes where they are, as `TemplateOutput.append(_:)` reads them.
        if text.utf8.withContiguousStorageIfAvailable({ writeDoubling(mark, other, in: $0, to: &output) }) == nil {
            var text = text
            text.withUTF8 { writeDoubling(mark, other, in: $0, to: &output) }
        }
    }

    private static func writeDoubling(_ mark: UInt8, _ other: UInt8?, in bytes: UnsafeBufferPointer<UInt8>,
                                      to output: inout TemplateOutput) {
        var start = 0
        for index in bytes.indices where bytes[index] == mark || bytes[index] == other {
            output.append(utf8: UnsafeBufferPointer(rebasing: bytes[start...index]))
            output.append(byte: bytes[index])
            start = index + 1
        }
        output.append(utf8: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// A number as SQL writes it: integers exactly, other numbers in Swift's shortest form
    /// that reads back as the same `Double` (`0.5`, `1e-05`), which both dialects accept.
    public static func numberLiteral(_ number: Number) -> String {
        switch number {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        }
    }

    /// The lines of a `--` comment for `text`: one per line, control and bidirectional
    /// characters removed and trailing spaces dropped, so a description can never end the
    /// comment early or make the script read differently from how it runs.
    public static func commentLines(_ text: String?) -> [String] {
        CommentLines.of(text)
    }

    /// A description as the text of PostgreSQL's `COMMENT ON`: the comment lines joined by
    /// newlines, `nil` when nothing is left.
    public static func commentText(_ text: String?) -> String? {
        let lines = commentLines(text)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The longest identifier PostgreSQL keeps whole.
    public static let identifierLimit = NamingRules.postgresIdentifierLimit

    /// A name modelgen derives (an index or a constraint), made to fit PostgreSQL's 63 bytes
    /// (``DerivedNames/name(_:)``).
    public static func derivedName(_ parts: [String]) -> String {
        DerivedNames.name(parts)
    }
}
