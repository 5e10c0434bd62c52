import ModelgenDiagnostics
import ModelgenFileSystem
import Mustache

/// The templates one emitter renders with: the defaults compiled into modelgen, each replaced
/// by the file of the same name in the user's templates directory when there is one.
///
/// Templates are Mustache. Every template is also a partial of the others, by its name
/// without `.mustache` (`{{> swift-field}}`), so a user can override one small piece.
public struct TemplateSet: Sendable {
    /// The file extension of template files.
    public static let fileExtension = ".mustache"
    /// The largest template file read from a user directory.
    static let sizeLimit = 4 << 20

    private let library: MustacheLibrary
    /// Every template's name (without extension).
    private let names: Set<String>
    /// Names (without extension) whose text came from the user's directory, sorted.
    public let overridden: [String]
    /// Names rendered by their compiled form (``TemplateView/renderCompiled(_:into:)``) instead
    /// of the interpreter: defaults whose text, and whose partials' texts, are the ones compiled.
    let compiled: Set<String>

    /// Loads the defaults whose names start with `prefix` (such as `swift-`), then the user's
    /// files of the same names from `directory`. Reports unreadable or malformed templates as
    /// located errors and returns `nil`; warns about a `prefix`ed file that overrides nothing.
    ///
    /// With `interpreted`, every template goes through the Mustache interpreter, as user
    /// templates always do; otherwise the defaults render by their compiled form, which gives
    /// the same bytes faster.
    public static func load(prefix: String, overrides directory: String?,
                            defaults: [String: String] = DefaultTemplates.files,
                            interpreted: Bool = false,
                            diagnostics: inout DiagnosticCollector) -> TemplateSet? {
        var sources: [String: (text: String, path: String)] = [:]
        for (file, text) in defaults where file.hasPrefix(prefix) {
            sources[name(of: file)] = (text, "<default>/" + file)
        }
        var overridden: [String] = []
        var failed = false
        if let directory, FileSystem.kind(directory, followingLinks: true) != .directory {
            diagnostics.error("templates folder '\(directory)' does not exist", at: nil,
                              notes: [.init("'modelgen templates dump \(directory)' writes the default templates there to start from")])
            return nil
        }
        if let directory {
            for file in FileSystem.list(directory).sorted()
            where file.hasPrefix(prefix) && file.hasSuffix(fileExtension) && !file.hasPrefix(".") {
                let path = FileSystem.join(directory, file)
                let name = name(of: file)
                guard sources[name] != nil else {
                    let known = sources.keys.sorted()
                    var notes: [Diagnostic.Note] = []
                    if let near = Suggestions.note(for: name, among: known) { notes.append(near) }
                    notes.append(.init("'modelgen templates dump DIR' writes the default templates to start from"))
                    diagnostics.warning("template '\(file)' does not replace any default template and is not used",
                                        at: SourceLocation(file: path, line: 1, column: 1), notes: notes)
                    continue
                }
                let bytes: [UInt8]
                do {
                    bytes = try FileSystem.read(path, limit: sizeLimit)
                } catch {
                    diagnostics.error("cannot read template: \(error.description)", at: SourceLocation(file: path, line: 1, column: 1))
                    failed = true
                    continue
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    diagnostics.error("template is not valid UTF-8", at: SourceLocation(file: path, line: 1, column: 1))
                    failed = true
                    continue
                }
                sources[name] = (text, path)
                overridden.append(name)
            }
        }
        var compiled: Set<String> = []
        if !interpreted {
            // An override that is byte for byte the default (a `templates dump` left as it is,
            // or a folder kept in step with upgrades) renders the same bytes compiled.
            let isCompiledText = { (name: String) in
                sources[name].map { $0.text == DefaultTemplates.files[name + fileExtension] } ?? false
            }
            for name in sources.keys {
                if let partials = CompiledTemplates.partials[name], isCompiledText(name), partials.allSatisfy(isCompiledText) {
                    compiled.insert(name)
                }
            }
        }
        // Parsing is most of the cost of a small run, and a template that renders compiled
        // never needs it: parse only when something goes through the interpreter (which may
        // include any template as a partial).
        var library = MustacheLibrary()
        if compiled.count < sources.count {
            for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
                do {
                    library.register(try MustacheTemplate(string: source.text), named: name)
                } catch let error as MustacheTemplate.ParserError {
                    diagnostics.error("malformed template: \(describe(error.error))",
                                      at: SourceLocation(file: source.path, line: error.context.lineNumber,
                                                         column: error.context.columnNumber + 1),
                                      notes: [.init("in line: \(error.context.line)")])
                    failed = true
                } catch {
                    diagnostics.error("malformed template: \(error)", at: SourceLocation(file: source.path, line: 1, column: 1))
                    failed = true
                }
            }
        }
        guard !failed else { return nil }
        return TemplateSet(library: library, names: Set(sources.keys), overridden: overridden, compiled: compiled)
    }

    /// Renders the template `name` (without extension) with `view`, after `prefix` (a file's
    /// header, say: written first into the same text, it is not joined to it after).
    public func render(_ name: String, _ view: some TemplateView, after prefix: String = "") -> String {
        if let text = interpreted(name, view) { return prefix + text }
        var output = TemplateOutput(capacity: Self.textCapacity)
        output.append(prefix)
        Self.renderCompiled(name, view, into: &output)
        return output.text
    }

    /// Room for a whole text: a class's Swift file is 5 to 20 KB, and starting smaller copied
    /// it each time the room doubled.
    static let textCapacity = 32 * 1024

    /// The same, handed to `receiver` in pieces as they are made: with a `pieceLimit`, of
    /// about that many bytes (between two turns of a section with a compiled template; an
    /// interpreted one renders whole, as one piece), so a large text is never held whole.
    public func render(_ name: String, _ view: some TemplateView, pieceLimit: Int?, receiver: (String) -> Void) {
        if let text = interpreted(name, view) {
            receiver(text)
            return
        }
        withoutActuallyEscaping(receiver) { receiver in
            var output = TemplateOutput(pieceLimit: pieceLimit, receiver: receiver)
            Self.renderCompiled(name, view, into: &output)
            let rest = output.text
            if !rest.isEmpty { receiver(rest) }
        }
    }

    /// The text of template `name` when the interpreter renders it (a user's template, or every
    /// one when asked); `nil` when it is compiled.
    private func interpreted(_ name: String, _ view: some TemplateView) -> String? {
        precondition(names.contains(name), "no template named \(name)")
        guard compiled.contains(name) else { return library.render(view.context, withTemplate: name) ?? "" }
        return nil
    }

    private static func renderCompiled(_ name: String, _ view: some TemplateView, into output: inout TemplateOutput) {
        let done = view.renderCompiled(name, into: &output)
        // The compiled defaults are never parsed, so there is nothing to fall back on.
        precondition(done, "\(name) is compiled, but not for a \(type(of: view))")
    }

    /// Whether a template of that name exists.
    public func contains(_ name: String) -> Bool { names.contains(name) }

    /// A template's name: its file name without `.mustache`.
    package static func name(of file: String) -> String {
        file.hasSuffix(fileExtension) ? String(file.dropLast(fileExtension.count)) : file
    }

    private static func describe(_ error: any Error) -> String {
        guard let parse = error as? MustacheTemplate.Error else { return "\(error)" }
        switch parse {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a tag is not closed with '}}'"
        case .expectedSectionEnd: return "a section is never closed"
        default: return "\(parse)"
        }
    }
}
