import ModelgenTemplates

/// Compiles the default Mustache templates to Swift render functions over typed views (each
/// emitter's `*TemplateViews.swift`, described by ``ViewSpec``), so that modelgen renders its
/// own templates without interpreting them or building dictionaries; user templates still go
/// through the interpreter, which renders a view's `context` dictionary.
///
/// It handles what the default templates use, with the Mustache spec's whitespace rules: text,
/// `{{{name}}}` and `{{&name}}` (and `{{name}}` under `{{% CONTENT_TYPE: TEXT}}`), sections,
/// inverted sections, unindented partials, comments and the content-type pragma; a standalone
/// tag's line disappears. Anything else (HTML escaping, delimiter changes, indented partials,
/// transforms, inheritance) is refused, so a template that needs it is noticed when it is
/// compiled rather than rendered differently.
struct MustacheCompiler {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    indirect enum Node: Equatable {
        case text(String)
        case variable(String)
        case section(String, inverted: Bool, [Node])
        case partial(String)
    }

    private enum Tag {
        case variable(String)
        case open(String, inverted: Bool)
        case close(String)
        case partial(String)
        case ignored

        /// Whether the tag alone on a line removes that line (everything but variables).
        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    private enum Piece {
        case text(String)
        case tag(Tag)
    }

    // MARK: Parsing

    /// The nodes of one template.
    static func parse(_ text: String, name: String) throws -> [Node] {
        var rawText = false
        var pieces: [Piece] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        lines[lines.count - 1].removeLast()  // the text after the last newline has none
        for (index, line) in lines.enumerated() {
            let linePieces = try Self.pieces(of: String(line), name: name, line: index + 1, rawText: &rawText)
            let tags = linePieces.compactMap { piece -> Tag? in
                if case .tag(let tag) = piece { return tag }
                return nil
            }
            let blank = linePieces.allSatisfy { piece in
                if case .text(let text) = piece { return text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" } }
                return true
            }
            if tags.count == 1, tags[0].canStandAlone, blank {
                if case .text(let text) = linePieces.first, text != "\n", !text.isEmpty, case .partial = tags[0] {
                    throw Failure(description: "\(name):\(index + 1): an indented partial is not compiled")
                }
                pieces.append(.tag(tags[0]))
            } else {
                pieces += linePieces
            }
        }
        var position = 0
        let nodes = try tree(pieces, &position, closing: nil, name: name)
        return nodes
    }

    private static func pieces(of line: String, name: String, line number: Int, rawText: inout Bool) throws -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(line)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            rest = rest[open.upperBound...]
            let triple = rest.first == "{"
            let closer = triple ? "}}}" : "}}"
            guard let close = rest.range(of: closer) else {
                throw Failure(description: "\(name):\(number): a tag is not closed on its line")
            }
            var content = rest[rest.index(rest.startIndex, offsetBy: triple ? 1 : 0)..<close.lowerBound]
            rest = rest[close.upperBound...]
            if triple {
                pieces.append(.tag(.variable(try tagName(content, name, number))))
                continue
            }
            let sigil = content.first
            if let sigil, "#^/>!%&=".contains(sigil) { content = content.dropFirst() }
            switch sigil {
            case "#": pieces.append(.tag(.open(try tagName(content, name, number), inverted: false)))
            case "^": pieces.append(.tag(.open(try tagName(content, name, number), inverted: true)))
            case "/": pieces.append(.tag(.close(try tagName(content, name, number))))
            case ">": pieces.append(.tag(.partial(try tagName(content, name, number))))
            case "!": pieces.append(.tag(.ignored))
            case "&": pieces.append(.tag(.variable(try tagName(content, name, number))))
            case "%":
                guard content.trimmingSpaces == "CONTENT_TYPE: TEXT" else {
                    throw Failure(description: "\(name):\(number): only the pragma CONTENT_TYPE: TEXT is compiled")
                }
                rawText = true
                pieces.append(.tag(.ignored))
            case "=":
                throw Failure(description: "\(name):\(number): changing delimiters is not compiled")
            default:
                guard rawText else {
                    throw Failure(description: "\(name):\(number): HTML-escaped {{name}} is not compiled; use {{{name}}} or CONTENT_TYPE: TEXT")
                }
                pieces.append(.tag(.variable(try tagName(content, name, number))))
            }
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    private static func tagName(_ content: Substring, _ name: String, _ line: Int) throws -> String {
        let trimmed = content.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else {
            throw Failure(description: "\(name):\(line): the tag '\(content)' is not a plain name")
        }
        return trimmed
    }

    private static func tree(_ pieces: [Piece], _ position: inout Int, closing: String?, name: String) throws -> [Node] {
        var nodes: [Node] = []
        while position < pieces.count {
            let piece = pieces[position]
            position += 1
            switch piece {
            case .text(let text):
                if case .text(let previous) = nodes.last {
                    nodes[nodes.count - 1] = .text(previous + text)
                } else {
                    nodes.append(.text(text))
                }
            case .tag(.variable(let variable)): nodes.append(.variable(variable))
            case .tag(.partial(let partial)): nodes.append(.partial(partial))
            case .tag(.ignored): continue
            case .tag(.open(let section, let inverted)):
                nodes.append(.section(section, inverted: inverted, try tree(pieces, &position, closing: section, name: name)))
            case .tag(.close(let section)):
                guard section == closing else {
                    throw Failure(description: "\(name): '\(section)' is closed but \(closing.map { "'\($0)'" } ?? "nothing") is open")
                }
                return nodes
            }
        }
        if let closing { throw Failure(description: "\(name): the section '\(closing)' is never closed") }
        return nodes
    }

    /// The nodes of each template, by name.
    static func parseAll(_ templates: [(name: String, text: String)]) throws -> [String: [Node]] {
        var parsed: [String: [Node]] = [:]
        for template in templates { parsed[template.name] = try parse(template.text, name: template.name) }
        return parsed
    }

    // MARK: Swift

    /// The Swift file ModelgenTemplates keeps (`CompiledTemplates.swift`): for each compiled
    /// template, the templates it includes as partials, directly or not.
    static func partialsSource(_ templates: [(name: String, text: String)]) throws -> String {
        let parsed = try parseAll(templates)
        var lines = [
            "// Generated from Templates/*.mustache by `swift run template-compiler`; do not edit.",
            "",
            "/// The default templates that are compiled to Swift, over the emitters' typed views (their",
            "/// `*TemplateViews.swift`). `TemplateSet` renders a template compiled unless the user overrides",
            "/// it or one of the partials it includes.",
            "enum CompiledTemplates {",
            "    /// The templates each template includes as partials, directly or not.",
            "    static let partials: [String: [String]] = [",
        ]
        for template in templates {
            let names = try partialClosure(of: template.name, in: parsed).map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("        \"\(template.name)\": [\(names)],")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The Swift file of one emitter's views (`spec`): each view as a struct, the dictionary
    /// the interpreter renders it as, and the templates of `templates` compiled over it.
    static func viewsSource(_ spec: ViewSpec, templates: [(name: String, text: String)]) throws -> String {
        let parsed = try parseAll(templates)
        var generator = ViewCodeGenerator(spec: spec, parsed: parsed)
        return try generator.source()
    }

    private static func partialClosure(of name: String, in parsed: [String: [Node]]) throws -> [String] {
        var found: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard let nodes = parsed[next] else { throw Failure(description: "no template named '\(next)' for a partial") }
            for partial in partials(in: nodes) where partial != name && found.insert(partial).inserted {
                pending.append(partial)
            }
        }
        return found.sorted()
    }

    private static func partials(in nodes: [Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .partial(let name): return [name]
            case .section(_, _, let children): return partials(in: children)
            default: return []
            }
        }
    }

    /// `sql-table` → `sqlTable`.
    static func functionName(_ template: String) -> String {
        let parts = template.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return parts.enumerated().map { index, part in
            index == 0 ? part.lowercased() : part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }.joined()
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
