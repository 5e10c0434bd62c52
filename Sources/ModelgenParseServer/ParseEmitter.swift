import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenTemplates

/// Emits Parse Server's defined schema for the whole model: `Parse/schema.json`, the array of
/// class definitions, and `Parse/schema.js`, a module exporting the same array as
/// `definitions` (`new ParseServer({ schema: { definitions } })`). See docs/ParseServer.md.
public struct ParseEmitter: Emitter {
    public static let name = "parse"
    /// The prefix of this emitter's template names.
    public static let templatePrefix = "parse-"

    /// The folder inside the output directory; default `Parse`.
    public var folder: String
    public var outputFolder: String? { folder }

    public init(folder: String = "Parse") {
        self.folder = folder
    }

    /// How `modelgen.yml` finds and configures this emitter under the name `parse`.
    public static let descriptor = EmitterDescriptor(
        name: name,
        summary: "Parse Server's defined schema (schema.json and schema.js): fields, indexes and class-level permissions.",
        optionKeys: ["folder"],
        // Only when asked: the definitions change what the server enforces, and the warnings
        // about what Parse cannot express matter only then.
        runsByDefault: false
    ) { entries, diagnostics in
        var folder = "Parse"
        guard EmitterOptions(emitter: name, entries: entries).readFolder("folder", into: &folder, diagnostics: &diagnostics)
        else { return nil }
        return ParseEmitter(folder: folder)
    }

    public func emit(_ schema: Schema, context: EmitterContext, diagnostics: inout DiagnosticCollector,
                     into sink: (GeneratedFile) -> Void) {
        let definitions = ParseDefinitions.make(schema, diagnostics: &diagnostics).rendered()
        guard let templates = TemplateSet.load(prefix: Self.templatePrefix, overrides: context.templatesDirectory,
                                               interpreted: context.interpretsTemplates, diagnostics: &diagnostics)
        else { return }
        let sources = schema.files.map(\.path)
        // The module first: it carries the header that makes the JSON beside it modelgen's.
        sink(GeneratedFile(path: "\(folder)/schema.js", sources: sources, commentPrefix: "//",
                           body: templates.render("parse-schema-js", ParseSchemaScriptView(definitions: definitions))))
        sink(GeneratedFile(path: "\(folder)/schema.json", sources: sources, json: definitions + "\n"))
    }
}
