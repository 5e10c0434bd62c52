import ModelgenDiagnostics
import ModelgenGenerator
import ModelgenSQLEmitter
import ModelgenTestSupport
import ModelgenYAML
import Testing

/// Every bad option is a located error that names the allowed values.
@Suite struct SQLOptionsTests {
    /// Reads the options of `sql: <yaml>` from a config written at `modelgen.yml`.
    private func read(_ yaml: String) throws -> (options: SQLOptions?, diagnostics: [String]) {
        let node = try #require(try YAMLReader.parse("sql: " + yaml + "\n", file: "modelgen.yml"))
        let entries = try #require(node.mapping?.first?.value.mapping)
        var diagnostics = DiagnosticCollector()
        let options = SQLOptions.read(entries, diagnostics: &diagnostics)
        return (options, diagnostics.diagnostics.map(\.description))
    }

    @Test func defaultsAreRelationalBothDialectsInSQL() throws {
        let result = try read("{}")
        #expect(result.options == SQLOptions(layout: .relational, dialects: [.postgresql, .sqlite], folder: "SQL"))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func everyOptionIsRead() throws {
        let result = try read("{layout: parse-server, dialects: [sqlite], folder: Database/DDL}")
        #expect(result.options == SQLOptions(layout: .parseServer, dialects: [.sqlite], folder: "Database/DDL"))
        #expect(try read("{dialects: postgresql}").options?.dialects == [.postgresql], "a single name is a list of one")
        #expect(try read("{dialects: [sqlite, postgresql]}").options?.dialects == [.sqlite, .postgresql])
    }

    @Test func unknownLayout() throws {
        let result = try read("{layout: parse}")
        #expect(result.options == nil)
        #expect(result.diagnostics == ["""
            modelgen.yml:1:15: error: option 'layout' of emitter 'sql' must be one of relational, parse-server, found 'parse'
            modelgen.yml:1:15: note: allowed values: relational, parse-server
            """])
    }

    @Test func layoutMustBeAName() throws {
        let result = try read("{layout: [relational]}")
        #expect(result.options == nil)
        #expect(result.diagnostics.first?.hasPrefix("modelgen.yml:1:15: error: option 'layout' of emitter 'sql' must be one of relational, parse-server, found a sequence") == true)
    }

    @Test func unknownDialectWithSuggestion() throws {
        let result = try read("{dialects: [postgres, sqlite]}")
        #expect(result.options == nil)
        #expect(result.diagnostics == ["""
            modelgen.yml:1:18: error: unknown SQL dialect 'postgres'
            modelgen.yml:1:18: note: did you mean 'postgresql'?
            modelgen.yml:1:18: note: allowed values: postgresql, sqlite
            """])
    }

    @Test func dialectListedTwice() throws {
        let result = try read("{dialects: [sqlite, sqlite]}")
        #expect(result.options == nil)
        #expect(result.diagnostics == ["modelgen.yml:1:26: error: dialect 'sqlite' is listed twice"])
    }

    @Test func emptyDialectList() throws {
        let result = try read("{dialects: []}")
        #expect(result.options == nil)
        #expect(result.diagnostics == ["""
            modelgen.yml:1:17: error: option 'dialects' of emitter 'sql' must name at least one dialect
            modelgen.yml:1:17: note: allowed values: postgresql, sqlite
            """])
    }

    @Test func dialectsMustBeAList() throws {
        let mapping = try read("{dialects: {postgresql: true}}")
        #expect(mapping.options == nil)
        #expect(mapping.diagnostics.first?.hasPrefix("modelgen.yml:1:17: error: option 'dialects' of emitter 'sql' must be a list of dialects, found a mapping") == true)
        let null = try read("{dialects: null}")
        #expect(null.options == nil)
        #expect(null.diagnostics.first?.hasPrefix("modelgen.yml:1:17: error: option 'dialects' of emitter 'sql' must be a list of dialects, found null") == true)
    }

    @Test func aDialectMustBeAName() throws {
        let result = try read("{dialects: [[sqlite]]}")
        #expect(result.options == nil)
        #expect(result.diagnostics.first?.hasPrefix("modelgen.yml:1:18: error: a dialect must be a name, found a sequence") == true)
        #expect(try read("{dialects: [true]}").diagnostics.first?.contains("error: a dialect must be a name, found a scalar") == true)
    }

    @Test func folderMustStayInsideTheOutput() throws {
        for folder in ["../SQL", "/tmp/SQL", "a//b", "''"] {
            let result = try read("{folder: \(folder)}")
            #expect(result.options == nil, "\(folder)")
            #expect(result.diagnostics.first?.contains("error: option 'folder' of emitter 'sql' must be a relative folder inside the output directory") == true,
                    "\(folder): \(result.diagnostics)")
        }
    }

    @Test func everyBadOptionIsReportedAtOnce() throws {
        let result = try read("{layout: sql, dialects: [mysql], folder: ..}")
        #expect(result.options == nil)
        #expect(result.diagnostics.count == 3)
    }
}

/// The `sql` emitter as modelgen.yml reaches it: registered, with its options checked by the
/// configuration loader, and its templates replaceable by name.
@Suite struct SQLEmitterRegistrationTests {
    @Test func registeredAfterTheSwiftEmitter() {
        #expect(EmitterRegistry.builtin.descriptors.map(\.name) == ["swift", "sql", "parse", "diagram"])
        #expect(EmitterRegistry.builtin.descriptor(named: "sql")?.optionKeys == ["layout", "dialects", "folder"])
    }

    @Test func unknownOptionInTheConfigIsLocatedWithASuggestion() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  sql: {layot: parse-server}\n")
        let (configuration, diagnostics) = Configuration.load(path: sandbox.path + "/modelgen.yml", displayPath: "modelgen.yml",
                                                              baseDirectory: sandbox.path, registry: .builtin)
        #expect(configuration == nil)
        #expect(diagnostics.map(\.description) == ["""
            modelgen.yml:3:9: error: unknown option 'layot' for emitter 'sql'
            modelgen.yml:3:9: note: did you mean 'layout'?
            modelgen.yml:3:9: note: options of 'sql': layout, dialects, folder
            """])
    }

    @Test func theGeneratorRunsItWithTheConfiguredOptions() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("a.yaml", "classes:\n  Book: {fields: {title: string!}}\n")
        try sandbox.write("modelgen.yml", "inputs: [a.yaml]\nemitters:\n  sql: {layout: parse-server, dialects: [postgresql], folder: DB}\n")
        let (configuration, diagnostics) = Configuration.load(path: sandbox.path + "/modelgen.yml", displayPath: "modelgen.yml",
                                                              baseDirectory: sandbox.path, registry: .builtin)
        #expect(diagnostics.isEmpty)
        let request = Generator.Request(inputs: [.init(path: sandbox.path + "/a.yaml", displayPath: "a.yaml")],
                                        emitters: try #require(configuration?.emitters))
        let result = Generator().generate(request)
        #expect(result.succeeded)
        #expect(result.files.map(\.path) == ["DB/postgresql.sql"])
        #expect(result.files.first?.contents.contains(#""_rperm" text[]"#) == true)
    }

    @Test func aUserTemplateReplacesTheDefault() throws {
        let sandbox = try TemporaryDirectory()
        defer { sandbox.remove() }
        try sandbox.write("sql-sqlite.mustache", "{{% CONTENT_TYPE: TEXT}}\n{{#tables}}\n{{> sql-table}}\n{{/tables}}\n")
        let run = emitSQL("classes:\n  Book: {fields: {title: string!}}\n", templates: sandbox.path)
        #expect(run.diagnostics.isEmpty)
        let script = try #require(run.files["SQL/sqlite.sql"])
        #expect(!script.contains("BEGIN;"))
        #expect(script.contains("CREATE TABLE IF NOT EXISTS \"Book\" ("))
        #expect(run.files["SQL/postgresql.sql"]?.contains("BEGIN;") == true, "the other templates stay the defaults")
    }
}
