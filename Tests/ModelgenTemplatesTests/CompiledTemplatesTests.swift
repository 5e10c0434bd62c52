import ModelgenDiagnostics
import ModelgenTestSupport
import Testing
@testable import ModelgenTemplates

/// The default templates are compiled to Swift (`CompiledTemplates.swift`, by
/// ``MustacheCompiler``); these tests prove the compiled file is fresh and that compiled and
/// interpreted templates give the same bytes. The emitter tests compare both on every sample.
///
/// After editing a template, run with `MODELGEN_UPDATE_EXPECTATIONS=1` to regenerate
/// `Sources/ModelgenTemplates/CompiledTemplates.swift`.
@Suite struct CompiledTemplatesTests {
    static let sourcePath = "Sources/ModelgenTemplates/CompiledTemplates.swift"

    @Test func theCompiledFileIsFresh() throws {
        let templates = try EmbeddedTemplatesTests.templateFiles().map { (TemplateSet.name(of: $0.name), $0.text) }
        let source = try MustacheCompiler.swiftSource(templates)
        if RepositoryFiles.updating {
            try RepositoryFiles.write(Self.sourcePath, source)
            return
        }
        #expect(try RepositoryFiles.read(Self.sourcePath) == source,
                "CompiledTemplates.swift is stale; run MODELGEN_UPDATE_EXPECTATIONS=1 swift test --filter CompiledTemplatesTests")
    }

    /// Renders `template` with `context` both ways.
    private func bothWays(_ template: String, _ context: [String: Any], partials: [String: String] = [:]) throws -> (String, String) {
        var files = ["t-main.mustache": template]
        for (name, text) in partials { files[name + ".mustache"] = text }
        var diagnostics = DiagnosticCollector()
        let interpreted = try #require(TemplateSet.load(prefix: "t-", overrides: nil, defaults: files, interpreted: true,
                                                        diagnostics: &diagnostics))
        var stack = TemplateStack(context)
        var output = ""
        let parsed = try MustacheCompiler.parse(template, name: "t-main")
        let source = MustacheCompiler.Interpreter(templates: try partials.mapValues { try MustacheCompiler.parse($0, name: "p") })
        source.run(parsed, &stack, &output)
        return (interpreted.render("t-main", context), output)
    }

    @Test(arguments: [
        // Standalone section lines vanish; inline ones keep their text.
        ("{{% CONTENT_TYPE: TEXT}}\nA\n{{#items}}\n- {{{name}}}\n{{/items}}\nB{{#flag}} yes{{/flag}}{{^flag}} no{{/flag}}\n", "plain"),
        // Lookups climb the stack; `.` is the current element; a string section pushes the string.
        ("{{#items}}{{{name}}}{{{outer}}},{{/items}}|{{#strings}}<{{{.}}}>{{/strings}}|{{#title}}[{{{.}}}]{{/title}}", "stack"),
        // Missing names print nothing; an empty list renders its inverted section; numbers print.
        ("{{{missing}}}{{^empty}}empty{{/empty}}{{#empty}}x{{/empty}} {{{count}}} {{{flag}}}\n  {{#flag}}  \n  indented\n  {{/flag}}  \nend", "edges"),
        // Dotted names; a dictionary section pushes the dictionary; comments vanish.
        ("{{! a comment }}\n{{{nested.inner}}} {{#nested}}{{{inner}}}{{/nested}}\n{{#nested.deeper}}{{{leaf}}}{{/nested.deeper}}", "dotted"),
    ] as [(String, String)])
    func compiledAndInterpretedAgree(template: String, label: String) throws {
        let context: [String: Any] = [
            "items": [["name": "a"], ["name": "b", "outer": "!"]] as [[String: Any]],
            "outer": "o", "flag": true, "strings": ["x", "y"], "title": "T", "empty": [[String: Any]](),
            "count": 3, "nested": ["inner": "i", "deeper": ["leaf": "L"]] as [String: Any],
        ]
        let (interpreted, compiled) = try bothWays(template, context)
        #expect(compiled == interpreted, "\(label)")
    }

    @Test func unsupportedTemplatesAreRefusedWhenCompiled() {
        for template in ["{{name}}", "{{=<% %>=}}", "{{% CONTENT_TYPE: HTML}}", "  {{> partial}}\n", "{{#a}}", "{{/a}}", "{{{a b}}}", "{{#a}}{{/b}}"] {
            #expect(throws: MustacheCompiler.Failure.self, "\(template)") { try MustacheCompiler.parse(template, name: "t") }
        }
    }

    @Test func defaultTemplatesRenderCompiledUnlessTheyOrTheirPartialsAreOverridden() throws {
        let directory = try TemporaryDirectory()
        try directory.write("sql-table.mustache", "{{% CONTENT_TYPE: TEXT}}\nTABLE {{{tableName}}}\n")
        var diagnostics = DiagnosticCollector()
        let plain = try #require(TemplateSet.load(prefix: "sql-", overrides: nil, diagnostics: &diagnostics))
        #expect(plain.compiled == ["sql-postgresql", "sql-sqlite", "sql-table"])
        let overridden = try #require(TemplateSet.load(prefix: "sql-", overrides: directory.path, diagnostics: &diagnostics))
        #expect(overridden.compiled.isEmpty, "both scripts include the overridden sql-table")
        let interpreted = try #require(TemplateSet.load(prefix: "swift-", overrides: nil, interpreted: true, diagnostics: &diagnostics))
        #expect(interpreted.compiled.isEmpty)
    }

    @Test func anOverrideIdenticalToTheDefaultStillRendersCompiled() throws {
        let directory = try TemporaryDirectory()
        let table = try #require(DefaultTemplates.files["sql-table.mustache"])
        try directory.write("sql-table.mustache", table)
        try directory.write("sql-sqlite.mustache", table + "-- changed\n")
        var diagnostics = DiagnosticCollector()
        let set = try #require(TemplateSet.load(prefix: "sql-", overrides: directory.path, diagnostics: &diagnostics))
        #expect(set.overridden == ["sql-sqlite", "sql-table"])
        #expect(set.compiled == ["sql-postgresql", "sql-table"], "only the file that differs goes to the interpreter")
        #expect(diagnostics.diagnostics.isEmpty)
    }

    @Test func aMalformedOverrideIsStillReportedWhenTheRestIsCompiled() throws {
        let directory = try TemporaryDirectory()
        try directory.write("sql-table.mustache", "{{#columns}}\n")
        var diagnostics = DiagnosticCollector()
        #expect(TemplateSet.load(prefix: "sql-", overrides: directory.path, diagnostics: &diagnostics) == nil)
        let file = directory.path + "/sql-table.mustache"
        #expect(diagnostics.diagnostics.map(\.description) == ["\(file):2:2: error: malformed template: a section is never closed\n\(file):2:2: note: in line: "])
    }
}
