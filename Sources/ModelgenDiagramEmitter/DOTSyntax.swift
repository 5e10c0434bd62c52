/// Graphviz's DOT rules, in one place: quoted IDs, HTML-like labels, and the crow's-foot arrow
/// shapes of each cardinality.
enum DOTSyntax {
    /// A quoted ID: `"Book"`, with `"` and `\` escaped.
    static func id(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Text inside an HTML-like label, with `&`, `<`, `>` and quotes as entities.
    static func html(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character.isNewline ? " " : character)
            }
        }
        return escaped
    }

    /// The arrow shape drawn at an end of a line: a crow's foot for many, a bar for one, a
    /// circle for "or none".
    static func arrow(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: "teeodot"
        case .exactlyOne: "teetee"
        case .zeroOrMore: "crowodot"
        }
    }
}
