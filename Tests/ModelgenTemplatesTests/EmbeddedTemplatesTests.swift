import ModelgenTestSupport
import ModelgenTemplateCompiler
import Testing
@testable import ModelgenTemplates

/// The default templates are compiled into modelgen (a copied binary has no resource bundle);
/// these tests prove the compiled copies are exactly the files in `Templates/`.
/// `swift run template-compiler` regenerates `Sources/ModelgenTemplates/DefaultTemplates.swift`.
@Suite struct EmbeddedTemplatesTests {
    static func templateFiles() throws -> [(name: String, text: String)] {
        try DerivedSources.templates(inRepository: RepositoryFiles.root)
    }

    @Test func embeddedCopiesEqualTheTemplateFiles() throws {
        let templates = try Self.templateFiles()
        #expect(!templates.isEmpty)
        #expect(DefaultTemplates.files.keys.sorted() == templates.map(\.name),
                "Templates/ and DefaultTemplates.swift list different files; run swift run template-compiler")
        for template in templates {
            #expect(DefaultTemplates.files[template.name] == template.text,
                    "\(template.name) differs from its compiled copy; run swift run template-compiler")
        }
    }

    @Test func templatesCanBeEmbeddedAsRawStringLiterals() throws {
        for template in try Self.templateFiles() {
            #expect(DerivedSources.embeddingProblem(template) == nil)
        }
        #expect(DerivedSources.embeddingProblem(("t.mustache", "a\"\"\"####b")) == "t.mustache contains the literal's delimiter")
        #expect(DerivedSources.embeddingProblem(("t.mustache", "a\r\n")) == "t.mustache has a carriage return")
    }
}
