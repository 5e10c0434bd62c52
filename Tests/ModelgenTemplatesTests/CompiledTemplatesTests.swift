import ModelgenDiagnostics
import ModelgenTestSupport
import Testing
@testable import ModelgenTemplateCompiler
@testable import ModelgenTemplates

/// The default templates are compiled to Swift over typed views (by ``MustacheCompiler``, from
/// ``TemplateViewSpecs``); these tests prove every derived file is fresh and that compiled and
/// interpreted templates give the same bytes. The emitter tests compare both on every sample.
///
/// After editing a template or a view spec, `swift run template-compiler` regenerates the
/// derived files.
@Suite struct CompiledTemplatesTests {
    @Test func everyDerivedFileIsFresh() throws {
        let files = try DerivedSources.all(templates: try EmbeddedTemplatesTests.templateFiles())
        #expect(files.map(\.path).contains("Sources/ModelgenSwiftEmitter/SwiftTemplateViews.swift"))
        for file in files {
            #expect(try RepositoryFiles.read(file.path) == file.text, "\(file.path) is stale; run swift run template-compiler")
        }
    }

    @Test func everyDefaultTemplateIsCompiled() throws {
        let names = try EmbeddedTemplatesTests.templateFiles().map { TemplateSet.name(of: $0.name) }
        let partials = CompiledTemplates.partials.values.flatMap { $0 }
        for name in names {
            #expect(TemplateViewSpecs.all.filter { name.hasPrefix($0.templatePrefix) }.count == 1, "\(name): no one view spec")
            let isRoot = TemplateViewSpecs.all.contains { $0.roots.contains { $0.template == name } }
            #expect(isRoot || partials.contains(name), "\(name) is neither rendered on its own nor a partial")
        }
    }

    static func testView(lazyCount: Int) -> TestRootView {
        let leaf = TestItemView(name: "leaf", outer: nil, note: nil, items: [])
        return TestRootView(
            common: TestSharedView(shared: "S"),
            items: [TestItemView(name: "a", outer: nil, note: "n", items: [leaf]), TestItemView(name: "b", outer: "!", note: nil, items: [])],
            outer: "o", flag: true, strings: ["x", "y"], title: "T", nested: TestNestedView(inner: "i"), missingView: nil,
            empty: [], lazy: LazyViewList(count: lazyCount) { TestItemView(name: "l\($0)", outer: nil, note: nil, items: $0 == 0 ? [leaf] : []) },
            name: "root", code: TestCode(value: "a|b"), codes: [TestCode(value: ""), TestCode(value: "é|")],
            maybeCode: TestCode(value: "m"), noCode: nil)
    }

    @Test(arguments: ["t-plain", "t-stack", "t-edges", "t-text"], [0, 2])
    func compiledAndInterpretedAgree(template: String, lazyCount: Int) throws {
        var files: [String: String] = [:]
        for test in TemplateViewSpecs.testTemplates { files[test.name + ".mustache"] = test.text }
        var diagnostics = DiagnosticCollector()
        let interpreter = try #require(TemplateSet.load(prefix: "t-", overrides: nil, defaults: files, interpreted: true,
                                                        diagnostics: &diagnostics))
        let view = Self.testView(lazyCount: lazyCount)
        var output = TemplateOutput()
        #expect(view.renderCompiled(template, into: &output))
        #expect(!output.text.isEmpty)
        #expect(output.text == interpreter.render(template, view.context))
    }

    @Test func aTemplateTextWritesItselfAndTheInterpreterSeesTheSameText() {
        var output = TemplateOutput()
        #expect(Self.testView(lazyCount: 0).renderCompiled("t-text", into: &output))
        #expect(output.text == "#a||b#|<##><#é||#>|[#m#]none|#m#|(#a||b#)\n")
        #expect(TestCode(value: "x|y|").text == "#x||y||#")
        #expect(TestCode(value: "").text == "##")
    }

    @Test func aSmallPieceLimitSplitsTheTextBetweenTurns() {
        var whole = TemplateOutput()
        var split = TemplateOutput(pieceLimit: 3)
        #expect(Self.testView(lazyCount: 4).renderCompiled("t-edges", into: &whole))
        #expect(Self.testView(lazyCount: 4).renderCompiled("t-edges", into: &split))
        #expect(whole.pieces.isEmpty)
        #expect(split.pieces.count > 2)
        #expect(split.pieces.joined() + split.text == whole.text)
        // With a receiver, each piece goes to it as it is complete, and none is kept.
        var received: [String] = []
        var handed = TemplateOutput(pieceLimit: 3) { received.append($0) }
        #expect(Self.testView(lazyCount: 4).renderCompiled("t-edges", into: &handed))
        #expect(handed.pieces.isEmpty)
        #expect(received == split.pieces)
        #expect(handed.text == split.text)
    }

    @Test func bytesAppendedOneAtATimeGrowTheOutputFromItsSmallestSize() {
        // A limit of one byte starts with room for one: every byte after the first grows it.
        var output = TemplateOutput(pieceLimit: 1)
        var expected = ""
        for index in 0..<3_000 {
            let byte = UInt8(ascii: "a") + UInt8(index % 26)
            output.append(byte: byte)
            expected.unicodeScalars.append(Unicode.Scalar(byte))
        }
        let tail = Array("→end".utf8)
        tail.withUnsafeBufferPointer { output.append(utf8: $0) }
        #expect(output.text == expected + "→end")
        #expect(output.pieces.isEmpty)
    }

    @Test func anOutputKeepsEveryAppendInOrderAcrossGrowthAndPieces() {
        var output = TemplateOutput()
        var expected = ""
        // Multi-byte scalars, empty appends, and a long run that outgrows the first buffer.
        output.appendLiteral("é")
        output.appendLiteral("\n")
        output.appendLiteral("")
        output.append("")
        expected += "é\n"
        for index in 0..<2_000 {
            output.append("line \(index) ✓")
            output.appendLiteral(" – literal\n")
            expected += "line \(index) ✓ – literal\n"
        }
        #expect(output.text == expected)
        #expect(output.text.utf8.count > 1024 * 8)

        var pieced = TemplateOutput(pieceLimit: 100)
        for index in 0..<50 {
            pieced.append(String(repeating: "x", count: index * 7))
            pieced.endTurn()
        }
        #expect(pieced.pieces.allSatisfy { $0.utf8.count >= 100 })
        #expect(pieced.pieces.joined() + pieced.text == (0..<50).map { String(repeating: "x", count: $0 * 7) }.joined())
    }

    @Test func namesTheViewsLackAndNonStringsPrintedAreRefused() throws {
        let templates = [
            ("t-plain", "{{{nowhere}}}", "no view on the stack has 'nowhere'"),
            ("t-stack", "{{{flag}}}", "only strings are printed"),
            ("t-edges", "{{#items}}{{{.}}}{{/items}}", "prints a view, not a string"),
            ("t-plain", "{{#nested}}{{{nested.inner}}}{{/nested}}", "dotted names are not compiled"),
            // A lookup that climbs out of an item to the root compiles.
            ("t-stack", "{{#items}}{{#strings}}{{{.}}}{{/strings}}{{/items}}", nil),
        ]
        for (name, text, message) in templates {
            var spec = TemplateViewSpecs.test
            spec.roots = [(name, "TestRootView")]
            if let message {
                #expect(throws: MustacheCompiler.Failure.self, "\(text)") {
                    try MustacheCompiler.viewsSource(spec, templates: [(name, text)])
                }
                do {
                    _ = try MustacheCompiler.viewsSource(spec, templates: [(name, text)])
                } catch {
                    #expect("\(error)".contains(message), "\(error)")
                }
            } else {
                _ = try MustacheCompiler.viewsSource(spec, templates: [(name, text)])
            }
        }
    }

    @Test func aNameOfTwoKindsOnTheStackAndAnUnknownViewAreRefused() {
        var spec = TemplateViewSpecs.test
        spec.views[2].fields.append(.init(name: "title", kind: .optional(.strings), doc: "Clashes with the root's string."))
        spec.roots = [("t-stack", "TestRootView")]
        #expect(throws: MustacheCompiler.Failure.self) {
            try MustacheCompiler.viewsSource(spec, templates: [("t-stack", "{{#items}}{{{title}}}{{/items}}")])
        }
        var unknown = TemplateViewSpecs.test
        unknown.views[1].fields.append(.init(name: "other", kind: .list("NoSuchView"), doc: "Names no view."))
        #expect(throws: MustacheCompiler.Failure.self) {
            try MustacheCompiler.viewsSource(unknown, templates: TemplateViewSpecs.testTemplates)
        }
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

/// A ``TemplateText`` for the test templates: its value between `#`s, each `|` in it doubled,
/// written a byte and a run of bytes at a time.
struct TestCode: TemplateText {
    var value: String

    func write(to output: inout TemplateOutput) {
        var value = value
        output.append(byte: UInt8(ascii: "#"))
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "|") {
                output.append(utf8: UnsafeBufferPointer(rebasing: bytes[start...index]))
                output.append(byte: byte)
                start = index + 1
            }
            output.append(utf8: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        output.append(byte: UInt8(ascii: "#"))
    }
}
