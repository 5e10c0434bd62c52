/// Mermaid's `erDiagram` rules, in one place: how names, types, comments and line ends are
/// written so that every line parses (Mermaid v11's grammar, `erDiagram.jison`).
enum MermaidSyntax {
    /// An entity's name, always quoted: a quoted name may hold `_`, `:` and spaces. Schema
    /// names never hold `"`; one would be dropped.
    static func entity(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "") + "\""
    }

    /// A type as an attribute's type word: `pointer<Publisher>` as `pointer~Publisher~`, since
    /// `<` and `>` end a word (Mermaid writes generics between `~`).
    static func type(_ text: String) -> String {
        word(text.replacingOccurrences(of: "<", with: "~").replacingOccurrences(of: ">", with: "~"))
    }

    /// A field name as an attribute's name word.
    static func attributeName(_ name: String) -> String {
        word(name)
    }

    /// `PK`, `FK` and `UK` (in any case) are keys to Mermaid, never a type or a name: such a
    /// word gets a trailing `_`.
    static func word(_ text: String) -> String {
        ["pk", "fk", "uk"].contains(text.lowercased()) ? text + "_" : text
    }

    /// An attribute's comment: quoted, with no `"` (which cannot be escaped) and on one line.
    static func comment(_ text: String) -> String {
        let flat = text.map { $0 == "\"" ? "'" : ($0.isNewline ? " " : $0) }
        return "\"" + String(flat) + "\""
    }

    /// A relationship's label, quoted like a comment.
    static func label(_ text: String) -> String {
        comment(text)
    }

    /// The end of a line at the entity written first (left of `--`), then at the second.
    static func leftEnd(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: "|o"
        case .exactlyOne: "||"
        case .zeroOrMore: "}o"
        }
    }

    static func rightEnd(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: "o|"
        case .exactlyOne: "||"
        case .zeroOrMore: "o{"
        }
    }
}
