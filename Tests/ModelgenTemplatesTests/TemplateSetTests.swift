import ModelgenDiagnostics
import ModelgenTestSupport
import Testing
@testable import ModelgenTemplates

@Suite struct TemplateSetTests {
    static let defaults = [
        "demo-page.mustache": "{{% CONTENT_TYPE: TEXT}}\n<{{{title}}}> {{> demo-part}}\n",
        "demo-part.mustache": "{{% CONTENT_TYPE: TEXT}}\n[{{{title}}}]",
        "other-thing.mustache": "{{% CONTENT_TYPE: TEXT}}\nother\n",
    ]

    @Test func rendersDefaultsWithPartialsAndNoEscaping() throws {
        var diagnostics = DiagnosticCollector()
        let set = try #require(TemplateSet.load(prefix: "demo-", overrides: nil, defaults: Self.defaults, diagnostics: &diagnostics))
        #expect(set.render("demo-page", ["title": "a -> b & \"c\""]) == "<a -> b & \"c\"> [a -> b & \"c\"]\n")
        #expect(!set.contains("other-thing"))
        #expect(diagnostics.diagnostics.isEmpty)
    }

    @Test func aUserFileReplacesTheDefaultOfTheSameName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("demo-part.mustache", "{{% CONTENT_TYPE: TEXT}}\n({{{title}}})")
        var diagnostics = DiagnosticCollector()
        let set = try #require(TemplateSet.load(prefix: "demo-", overrides: directory.path, defaults: Self.defaults, diagnostics: &diagnostics))
        #expect(set.render("demo-page", ["title": "x"]) == "<x> (x)\n")
        #expect(set.overridden == ["demo-part"])
        #expect(diagnostics.diagnostics.isEmpty)
    }

    @Test func aFileThatReplacesNothingIsReportedWithTheNearestName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("demo-prat.mustache", "x")
        try directory.write("README.md", "not a template")
        var diagnostics = DiagnosticCollector()
        let set = TemplateSet.load(prefix: "demo-", overrides: directory.path, defaults: Self.defaults, diagnostics: &diagnostics)
        #expect(set != nil)
        let rendered = diagnostics.diagnostics.map { $0.description }
        #expect(rendered.count == 1)
        #expect(rendered.first?.contains("demo-prat.mustache:1:1: warning: template 'demo-prat.mustache' does not replace any default template") == true)
        #expect(rendered.first?.contains("did you mean 'demo-part'") == true)
    }

    @Test func aMalformedTemplateIsALocatedError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("demo-page.mustache", "line one\n{{#items}}\n  {{name}}\n{{/itemz}}\n")
        var diagnostics = DiagnosticCollector()
        let set = TemplateSet.load(prefix: "demo-", overrides: directory.path, defaults: Self.defaults, diagnostics: &diagnostics)
        #expect(set == nil)
        let rendered = try #require(diagnostics.diagnostics.first?.description)
        #expect(rendered.hasPrefix(directory.path + "/demo-page.mustache:4:"))
        #expect(rendered.contains("error: malformed template: a section is closed with another name than it was opened with"))
    }

    @Test func aTemplateThatIsNotUTF8IsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeBytes("demo-page.mustache", [0x7B, 0x7B, 0xFF, 0x7D, 0x7D])
        var diagnostics = DiagnosticCollector()
        #expect(TemplateSet.load(prefix: "demo-", overrides: directory.path, defaults: Self.defaults, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.first?.description.contains("demo-page.mustache:1:1: error: template is not valid UTF-8") == true)
    }

    @Test func aMissingTemplatesFolderIsAnError() {
        var diagnostics = DiagnosticCollector()
        #expect(TemplateSet.load(prefix: "demo-", overrides: "/nonexistent/templates", defaults: Self.defaults, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.first?.description.contains("error: templates folder '/nonexistent/templates' does not exist") == true)
    }

    @Test func everyDefaultTemplateParses() throws {
        for prefix in Set(DefaultTemplates.files.keys.map { String($0.prefix { $0 != "-" }) + "-" }) {
            var diagnostics = DiagnosticCollector()
            #expect(TemplateSet.load(prefix: prefix, overrides: nil, diagnostics: &diagnostics) != nil)
            #expect(diagnostics.diagnostics.isEmpty)
        }
    }
}
