import ModelgenFileSystem
import ModelgenTemplates

/// One file derived from the templates and the view specs: where it goes, from the
/// repository's root, and its text.
public struct DerivedFile: Sendable, Equatable {
    public var path: String
    public var text: String
}

/// Every file derived from `Templates/*.mustache` and ``TemplateViewSpecs``: what
/// `swift run template-compiler` writes, and what the tests hold the repository to.
public enum DerivedSources {
    /// Where the embedded copies of the templates go.
    public static let embeddedTemplatesPath = "Sources/ModelgenTemplates/DefaultTemplates.swift"
    /// Where the compiled templates' partial lists go.
    public static let partialsPath = "Sources/ModelgenTemplates/CompiledTemplates.swift"
    /// Where the page for template authors goes.
    public static let contextsPagePath = "docs/TemplateContexts.md"

    /// A failure to read a template.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The `Templates/*.mustache` files of the repository at `root`, each with its text, sorted
    /// by name: what ``all(templates:)`` derives from.
    public static func templates(inRepository root: String) throws(Failure) -> [(name: String, text: String)] {
        let folder = FileSystem.join(root, "Templates")
        guard FileSystem.kind(folder) == .directory else {
            throw Failure(description: "\(root) has no Templates/ folder")
        }
        var templates: [(name: String, text: String)] = []
        for name in FileSystem.list(folder).sorted() where name.hasSuffix(TemplateSet.fileExtension) {
            let path = FileSystem.join(folder, name)
            guard let bytes = try? FileSystem.read(path), let text = String(validating: bytes, as: UTF8.self) else {
                throw Failure(description: "cannot read \(path) as UTF-8 text")
            }
            templates.append((name, text))
        }
        return templates
    }

    /// The derived files of `templates` (each `Templates/` file's name and text, sorted by
    /// name): the embedded copies, the compiled templates over each emitter's views, the
    /// compiler's own test views, and the page documenting the views.
    public static func all(templates: [(name: String, text: String)]) throws -> [DerivedFile] {
        let named = templates.map { (name: TemplateSet.name(of: $0.name), text: $0.text) }
        let compiled = named.filter { template in TemplateViewSpecs.all.contains { template.name.hasPrefix($0.templatePrefix) } }
        var files = [
            DerivedFile(path: embeddedTemplatesPath, text: embeddingSource(templates)),
            DerivedFile(path: partialsPath, text: try MustacheCompiler.partialsSource(compiled)),
        ]
        for spec in TemplateViewSpecs.all {
            files.append(DerivedFile(path: spec.path, text: try MustacheCompiler.viewsSource(spec, templates: named)))
        }
        files.append(DerivedFile(path: TemplateViewSpecs.test.path,
                                 text: try MustacheCompiler.viewsSource(TemplateViewSpecs.test, templates: TemplateViewSpecs.testTemplates)))
        files.append(DerivedFile(path: contextsPagePath, text: TemplateContextsPage.text(TemplateViewSpecs.all)))
        return files
    }

    /// The Swift source that embeds `templates` as raw string literals, so that a copied binary
    /// needs no resources.
    static func embeddingSource(_ templates: [(name: String, text: String)]) -> String {
        var lines = [
            "// Generated from Templates/*.mustache by `swift run template-compiler`; do not edit.",
            "",
            "/// The default templates, compiled into modelgen so that a copied binary needs no resources.",
            "public enum DefaultTemplates {",
            "    /// Template text by file name, exactly as in the `Templates/` folder.",
            "    public static let files: [String: String] = [",
        ]
        for template in templates {
            lines.append("        \"\(template.name)\": ####\"\"\"")
            for line in template.text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "" : "            " + line)
            }
            lines.append("            \"\"\"####,")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Why a template cannot be embedded as a raw string literal, or `nil` when it can.
    public static func embeddingProblem(_ template: (name: String, text: String)) -> String? {
        if template.text.contains("\"\"\"####") { return "\(template.name) contains the literal's delimiter" }
        if template.text.contains("\r") { return "\(template.name) has a carriage return" }
        return nil
    }
}
