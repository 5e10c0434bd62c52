import ModelgenTestSupport
import Testing
@testable import ModelgenTemplates

/// The default templates are compiled into modelgen (a copied binary has no resource bundle);
/// these tests prove the compiled copies are exactly the files in `Templates/`.
///
/// After editing a template, run with `MODELGEN_UPDATE_EXPECTATIONS=1` to regenerate
/// `Sources/ModelgenTemplates/DefaultTemplates.swift`.
@Suite struct EmbeddedTemplatesTests {
    static let sourcePath = "Sources/ModelgenTemplates/DefaultTemplates.swift"

    static func templateFiles() throws -> [(name: String, text: String)] {
        try RepositoryFiles.list("Templates").filter { $0.hasSuffix(TemplateSet.fileExtension) }
            .map { ($0, try RepositoryFiles.read("Templates/" + $0)) }
    }

    /// The Swift source that embeds `templates`, as raw string literals.
    static func embeddingSource(_ templates: [(name: String, text: String)]) -> String {
        var lines = [
            "// Generated from Templates/*.mustache by the test EmbeddedTemplatesTests; do not edit.",
            "// Regenerate with: MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter EmbeddedTemplatesTests",
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

    @Test func embeddedCopiesEqualTheTemplateFiles() throws {
        let templates = try Self.templateFiles()
        #expect(!templates.isEmpty)
        if RepositoryFiles.updating {
            try RepositoryFiles.write(Self.sourcePath, Self.embeddingSource(templates))
            return
        }
        #expect(DefaultTemplates.files.keys.sorted() == templates.map(\.name),
                "Templates/ and DefaultTemplates.swift list different files; regenerate DefaultTemplates.swift")
        for template in templates {
            #expect(DefaultTemplates.files[template.name] == template.text,
                    "\(template.name) differs from its compiled copy; regenerate DefaultTemplates.swift")
        }
        #expect(try RepositoryFiles.read(Self.sourcePath) == Self.embeddingSource(templates))
    }

    @Test func templatesCannotEndTheirRawStringLiteral() throws {
        for template in try Self.templateFiles() {
            #expect(!template.text.contains("\"\"\"####"), "\(template.name) contains the literal's delimiter")
            #expect(!template.text.contains("\r"), "\(template.name) has a carriage return")
        }
    }
}
