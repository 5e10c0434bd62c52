import Foundation
import ModelgenTestSupport

/// A fenced code block of README.md or a page in docs/, with the check it asks for.
///
/// A Swift or YAML block says how it is checked in an HTML comment on the line just above its
/// fence, which GitHub does not show:
///
/// - `<!-- check: compile, import BookstoreModels, given client: ParseClient -->`: the block is
///   compiled (into `Tests/DocSnippetTests/Compiled/`) as the body of an async throwing function
///   that receives the `given` values, in a file that imports Foundation, ParseRuntime and the
///   named modules. Its leading `import` lines move to the top of that file.
/// - `<!-- check: excerpt of PATH -->`: the block is a shortened copy of that repository file:
///   each of its lines appears there, in order (a line may add a trailing `//` or `#`
///   comment; a line holding `...` stands for what was left out).
/// - `<!-- check: same as PATH -->`: the block is that file, byte for byte.
/// - `<!-- check: same block as PATH -->`: the block is that file's first block of the same
///   language (a Mermaid diagram shown from a generated page), line for line.
/// - `<!-- check: config, with PATH ... -->`: a `modelgen.yml`, run by `modelgen gen` in a
///   folder holding the repository's files named after `with`, with no warning (unless the
///   comment ends `, warnings allowed`).
/// - `<!-- check: plugin options, with PATH -->`: a build-tool plugin target's
///   `modelgen-plugin.yml`, run as the plugin runs it on the schema named after `with`.
/// - `<!-- check: ParseSwift calls in PATH -->`: a block for ParseSwift, which cannot be built
///   here: each function it calls with argument labels (`containedIn(key:array:)`) is declared
///   in that generated file with those labels.
/// - `<!-- check: manifest -->`: the arguments of `Package(name:...)` in a Package.swift,
///   evaluated by `swift package dump-package`.
///
/// A YAML block without a comment is a schema that must load with no error and no warning;
/// one whose first line is `# error: TEXT` must fail with an error containing TEXT. A Mermaid
/// block needs a comment, as a Swift block does.
struct DocSnippet: CustomStringConvertible {
    enum Check: Equatable {
        case compile(imports: [String], givens: [String])
        case excerpt(of: String)
        case same(as: String)
        case sameBlock(as: String)
        case config(with: [String], warningsAllowed: Bool)
        case pluginOptions(with: [String])
        case manifest
        case parseSwiftCalls(in: String)
        case schema
        /// A block with an unreadable comment, or a Swift block with none.
        case unknown(String)
    }

    /// The page, relative to the repository root (`docs/RESTClient.md`).
    var document: String
    /// The line of the opening fence, counted from 1.
    var line: Int
    /// The fence's language (`swift`, `yaml`, `mermaid`).
    var language: String
    var check: Check
    var text: String
    /// Which block of its language in its page this is, counted from 1.
    var ordinal: Int

    var description: String { "\(document):\(line) (\(language) block \(ordinal))" }

    /// The pages whose snippets are checked.
    static func documents() throws -> [String] {
        ["README.md"] + (try RepositoryFiles.list("docs")).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
    }

    /// Every Swift and YAML block of every page, in page order.
    static func all() throws -> [DocSnippet] {
        try documents().flatMap { try snippets(in: $0, text: RepositoryFiles.read($0)) }
    }

    /// The Swift and YAML blocks of one page.
    static func snippets(in document: String, text: String) -> [DocSnippet] {
        let lines = text.components(separatedBy: "\n")
        var result: [DocSnippet] = []
        var counts: [String: Int] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else { index += 1; continue }
            let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, lines[end] != "```" { end += 1 }
            if language == "swift" || language == "yaml" || language == "mermaid" {
                counts[language, default: 0] += 1
                let body = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
                let marker = index > 0 ? lines[index - 1] : ""
                result.append(DocSnippet(document: document, line: index + 1, language: language,
                                         check: check(marker: marker, language: language), text: body,
                                         ordinal: counts[language]!))
            }
            index = end + 1
        }
        return result
    }

    /// The check a marker comment asks for, or the language's default.
    static func check(marker: String, language: String) -> Check {
        let trimmed = marker.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- check:"), trimmed.hasSuffix("-->") else {
            return language == "yaml" ? .schema : .unknown("a \(language == "swift" ? "Swift" : "Mermaid") block needs a `<!-- check: ... -->` line above it")
        }
        let inner = trimmed.dropFirst("<!-- check:".count).dropLast("-->".count)
        let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let kind = parts.first else { return .unknown(trimmed) }
        let rest = Array(parts.dropFirst())
        let withPaths = rest.compactMap { $0.hasPrefix("with ") ? String($0.dropFirst(5)) : nil }
        switch kind {
        case "compile":
            var imports: [String] = []
            var givens: [String] = []
            for part in rest {
                if part.hasPrefix("import ") {
                    imports.append(String(part.dropFirst(7)))
                } else if part.hasPrefix("given ") {
                    givens.append(String(part.dropFirst(6)))
                } else {
                    return .unknown(trimmed)
                }
            }
            return .compile(imports: imports, givens: givens)
        case _ where kind.hasPrefix("excerpt of "):
            return .excerpt(of: String(kind.dropFirst("excerpt of ".count)))
        case _ where kind.hasPrefix("ParseSwift calls in "):
            return .parseSwiftCalls(in: String(kind.dropFirst("ParseSwift calls in ".count)))
        case _ where kind.hasPrefix("same block as "):
            return .sameBlock(as: String(kind.dropFirst("same block as ".count)))
        case _ where kind.hasPrefix("same as "):
            return .same(as: String(kind.dropFirst("same as ".count)))
        case "config" where withPaths.count + (rest.contains("warnings allowed") ? 1 : 0) == rest.count:
            return .config(with: withPaths, warningsAllowed: rest.contains("warnings allowed"))
        case "plugin options" where withPaths.count == rest.count && !withPaths.isEmpty:
            return .pluginOptions(with: withPaths)
        case "manifest" where rest.isEmpty:
            return .manifest
        default:
            return .unknown(trimmed)
        }
    }
}

/// Whether every line of `excerpt` appears in `file` in order. A line matches when it equals a
/// file line (both trimmed), or does once its trailing comment (`//` in Swift, `#` elsewhere) is
/// removed; blank lines and lines holding `...` are skipped. Returns the first line not found.
func firstMissingLine(of excerpt: String, in file: String, language: String) -> String? {
    let fileLines = file.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    var position = 0
    for raw in excerpt.components(separatedBy: "\n") {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.contains("...") { continue }
        let candidates = [line, withoutTrailingComment(line, language: language)]
        guard let found = fileLines[position...].firstIndex(where: { candidates.contains($0) }) else { return raw }
        position = found + 1
    }
    return nil
}

/// `line` without a trailing comment that follows code, trimmed.
func withoutTrailingComment(_ line: String, language: String) -> String {
    let marker = language == "swift" ? " //" : " #"
    guard let range = line.range(of: marker, options: .backwards) else { return line }
    return String(line[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
}

/// The calls of free functions with argument labels in `code`, as `name(first:second:)`:
/// an identifier that no `.` precedes, then a parenthesis whose arguments start with a label.
/// Only the labels at the call's own nesting level count.
func labeledFreeFunctionCalls(in code: String) -> [String] {
    let characters = Array(code)
    var calls: [String] = []
    var index = 0
    while index < characters.count {
        let character = characters[index]
        guard character.isLetter, index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber
                                                   || characters[index - 1] == "." || characters[index - 1] == "_") else {
            index += 1
            continue
        }
        var end = index
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
        let name = String(characters[index..<end])
        guard end < characters.count, characters[end] == "(", name.first!.isLowercase else { index = end; continue }
        // The labels at depth 1 inside the parentheses.
        var depth = 0
        var labels: [String] = []
        var token = ""
        var position = end
        repeat {
            let c = characters[position]
            if c == "(" || c == "[" { depth += 1; token = "" }
            else if c == ")" || c == "]" { depth -= 1; token = "" }
            else if depth == 1, c == ":", !token.isEmpty { labels.append(token); token = "" }
            else if depth == 1, c.isLetter || c.isNumber || c == "_" { token.append(c) }
            else { token = "" }
            position += 1
        } while depth > 0 && position < characters.count
        if !labels.isEmpty { calls.append("\(name)(\(labels.map { "\($0):" }.joined()))") }
        index = end
    }
    return calls
}

/// The functions `source` declares, as `name(first:second:)` with each parameter's label.
func declaredFunctions(in source: String) -> Set<String> {
    var result: Set<String> = []
    var searchStart = source.startIndex
    while let range = source.range(of: "func ", range: searchStart..<source.endIndex) {
        searchStart = range.upperBound
        let rest = source[range.upperBound...]
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty, let open = rest.firstIndex(of: "(") else { continue }
        // Parameters at depth 1: "label name: Type" or "name: Type" (default values may follow).
        var depth = 0
        var parameters: [String] = []
        var current = ""
        for c in rest[open...] {
            if c == "(" || c == "<" || c == "[" { depth += 1; if depth == 1 { continue } }
            if c == ")" || c == ">" || c == "]" { depth -= 1; if depth == 0 { parameters.append(current); break } }
            if depth == 1, c == "," { parameters.append(current); current = ""; continue }
            current.append(c)
        }
        let labels = parameters.compactMap { parameter -> String? in
            let trimmed = parameter.trimmingCharacters(in: .whitespacesAndNewlines)
            let head = trimmed.split(separator: ":", maxSplits: 1).first.map { $0.split(separator: " ") } ?? []
            return head.first.map(String.init)
        }
        result.insert("\(name)(\(labels.map { "\($0):" }.joined()))")
        // Parameters with defaults may be left out: every prefix that keeps the rest defaulted.
        for count in 1..<max(1, labels.count) where parameters[count...].allSatisfy({ $0.contains("=") }) {
            result.insert("\(name)(\(labels.prefix(count).map { "\($0):" }.joined()))")
        }
    }
    return result
}
