import Foundation

/// The lines of Mermaid's `erDiagram` grammar (v11, `erDiagram.jison`) that a diagram may use,
/// as a checker: each line is the header, a direction, an entity with or without a block,
/// the end of a block, an attribute, or a relationship; anything else is an error. Words follow
/// the grammar's tokens: an attribute word is `[*A-Za-z_][A-Za-z0-9_\-\[\]().~]*` and cannot be
/// a key (`PK`, `FK`, `UK`, in any case); a comment is quoted and has no `"` inside.
enum MermaidGrammar {
    static let word = #"[*A-Za-z_][A-Za-z0-9_\-\[\]().~]*"#
    static let quoted = #""[^"\n]*""#
    static let entity = #"(?:"[^"\n]+"|[A-Za-z_][A-Za-z0-9_\-]*)"#
    static let keys = #"(?:PK|FK|UK)(?:, ?(?:PK|FK|UK))*"#
    static let left = #"(?:\|o|\|\||\}o|\}\|)"#
    static let right = #"(?:o\||\|\||o\{|\|\{)"#

    static let patterns: [(kind: String, regex: String)] = [
        ("header", #"^erDiagram$"#),
        ("direction", #"^    direction (TB|BT|LR|RL)$"#),
        ("entity block", "^    \(entity) \\{$"),
        ("block end", #"^    \}$"#),
        ("entity", "^    \(entity)$"),
        ("attribute", "^        (\(word)) (\(word))(?: \(keys))?(?: \(quoted))?$"),
        ("relationship", "^    \(entity) \(left)(?:--|\\.\\.)\(right) \(entity) : (?:\(quoted)|\(word))$"),
    ]

    /// The problems of `lines`, one per line that is none of the kinds, or an attribute whose
    /// type or name is a key word.
    static func problems(_ lines: [String]) -> [String] {
        var problems: [String] = []
        if lines.first != "erDiagram" { problems.append("line 1 is not 'erDiagram'") }
        var inBlock = false
        for (number, line) in lines.enumerated() {
            guard let kind = patterns.first(where: { line.range(of: $0.regex, options: .regularExpression) != nil })?.kind else {
                problems.append("line \(number + 1) is no erDiagram statement: \(line)")
                continue
            }
            switch kind {
            case "entity block":
                if inBlock { problems.append("line \(number + 1) opens a block inside a block") }
                inBlock = true
            case "block end":
                if !inBlock { problems.append("line \(number + 1) closes no block") }
                inBlock = false
            case "attribute":
                if !inBlock { problems.append("line \(number + 1) is an attribute outside a block") }
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").prefix(2)
                for word in words where ["pk", "fk", "uk"].contains(word.lowercased()) {
                    problems.append("line \(number + 1): '\(word)' is a key to Mermaid, not a type or a name")
                }
            default:
                if inBlock { problems.append("line \(number + 1) is a \(kind) inside a block") }
            }
        }
        if inBlock { problems.append("a block is never closed") }
        return problems
    }
}
