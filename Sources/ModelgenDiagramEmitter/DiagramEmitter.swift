import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// Emits a picture of the schema, per model: `Diagram/<Name>.md`, a Mermaid `erDiagram` that
/// GitHub, GitLab and many editors draw inline; `Diagram/<Name>.dot`, the same for Graphviz;
/// and `Diagram/<Name>.svg`, which Graphviz's `dot` draws from it (a drawn file: it is drawn
/// again only when the DOT text changes, and kept as it is where `dot` is not installed). See
/// docs/Diagram.md.
public struct DiagramEmitter: Emitter {
    public static let name = "diagram"
    /// The prefix of this emitter's template names.
    public static let templatePrefix = "diagram-"

    public var options: DiagramOptions
    public var outputFolder: String? { options.folder }

    public init(options: DiagramOptions = DiagramOptions()) {
        self.options = options
    }

    /// How `modelgen.yml` finds and configures this emitter under the name `diagram`.
    public static let descriptor = EmitterDescriptor(
        name: name,
        summary: "An ER diagram of the schema: Mermaid (in Markdown), Graphviz DOT and the SVG dot draws from it.",
        optionKeys: DiagramOptions.keys,
        // Only when asked: the SVG needs Graphviz, which most machines lack.
        runsByDefault: false
    ) { entries, diagnostics in
        DiagramOptions.read(entries, diagnostics: &diagnostics).map { DiagramEmitter(options: $0) }
    }

    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
                     into sink: (GeneratedFile) -> Void) {
        guard let templates = TemplateSet.load(prefix: Self.templatePrefix, overrides: context.templatesDirectory,
                                               interpreted: context.interpretsTemplates, diagnostics: &diagnostics)
        else { return }
        let name = options.name ?? ModelName.of(schema)
        let views = DiagramViewModels(model: DiagramModel(schema: schema), options: options, name: name)
        let sources = schema.files.map(\.path)
        let folder = options.folder
        sink(GeneratedFile(path: "\(folder)/\(name).md", sources: sources,
                           headedText: GeneratedHeader.markupText(sources: sources) + "\n" + templates.render("diagram-mermaid", views.mermaid())))
        let dotFile = GeneratedFile(path: "\(folder)/\(name).dot", sources: sources, commentPrefix: "//",
                                    body: templates.render("diagram-dot", views.dot()))
        sink(dotFile)
        let dot = Graphviz.dot()
        if dot == nil {
            diagnostics.warning("'\(folder)/\(name).svg' needs Graphviz's dot, which is not installed: the Mermaid and DOT files are written without it",
                                at: nil, notes: [.init("install Graphviz (apt-get install graphviz, brew install graphviz), or set \(Graphviz.environmentOverride) to its dot")])
        }
        sink(GeneratedFile(path: "\(folder)/\(name).svg", sources: sources,
                           drawing: Graphviz.drawing(of: dotFile.contents, dotFile: "\(name).dot", dot: dot)))
    }
}
