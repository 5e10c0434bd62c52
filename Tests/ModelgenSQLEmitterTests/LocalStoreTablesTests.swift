import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
@testable import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// The on-device store's tables (`SQLEmitter.localStoreTables`): the relational SQLite script's
/// statements, and what each class's table keeps.
@Suite struct LocalStoreTablesTests {
    static func tables(_ schema: Schema, templates: String? = nil) throws -> LocalStoreTables {
        var diagnostics = DiagnosticCollector()
        let tables = SQLEmitter.localStoreTables(schema, context: EmitterContext(templatesDirectory: templates), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        return try #require(tables)
    }

    /// Every sample, and the hostile names and text of the injection models.
    static let models = Samples.names + ["Injection"]

    static func schema(_ model: String) throws -> Schema {
        model == "Injection" ? try Injection.schema() : try Samples.schema(model)
    }

    /// `sqlite.sql` as the SQL emitter writes it for the relational layout.
    static func script(_ schema: Schema) throws -> String {
        try #require(try Samples.scripts(of: schema, layout: .relational)[.sqlite])
    }

    /// The script's lines between `BEGIN;` and `COMMIT;` that are neither blank nor comments.
    static func statementLines(of script: String) throws -> [Substring] {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex(of: "BEGIN;"))
        let commit = try #require(lines.lastIndex(of: "COMMIT;"))
        return lines[(begin + 1)..<commit].filter { line in
            !line.isEmpty && !line.drop { $0 == " " }.hasPrefix("--")
        }
    }

    @Test(arguments: models)
    func statementsAreTheScriptWithoutCommentsPragmaAndTransaction(model: String) throws {
        let schema = try Self.schema(model)
        let tables = try Self.tables(schema)
        let lines = try Self.statementLines(of: Self.script(schema))
        #expect(tables.statements.joined(separator: "\n") == lines.joined(separator: "\n"))
        #expect(tables.statements.allSatisfy { $0.hasPrefix("CREATE ") && $0.hasSuffix(";") })
        #expect(tables.version == StableHash.fnv1a64(tables.statements.joined(separator: "\n")))
        #expect(tables.version.count == 16 && tables.version.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    /// Each statement runs on its own, in order, and the database they make has the tables
    /// `sqlite.sql` makes: the same columns, keys, indexes and checks, and the same definitions
    /// but for the comments.
    @Test(arguments: models)
    func statementsMakeTheTablesOfTheScript(model: String) async throws {
        guard let fromScript = try await SQLiteDatabase.create(), let fromStatements = try await SQLiteDatabase.create() else { return }
        defer {
            fromScript.remove()
            fromStatements.remove()
        }
        let schema = try Self.schema(model)
        try await fromScript.execute(Self.script(schema))
        for statement in try Self.tables(schema).statements {
            try await fromStatements.execute(statement)
        }
        Catalog.expectEqual(actual: try await fromStatements.catalog(), expected: try await fromScript.catalog(), model)
        let definitions = #"SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name"#
        let uncommented = { (rows: [SchemaRow]) in
            rows.map { row in
                SchemaRow(type: row.type, name: row.name, tbl_name: row.tbl_name, sql: row.sql.map { sql in
                    sql.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("--") }.joined(separator: "\n")
                })
            }
        }
        #expect(try await fromStatements.rows(SchemaRow.self, definitions) == uncommented(try await fromScript.rows(SchemaRow.self, definitions)))
    }

    struct SchemaRow: Decodable, Equatable {
        var type: String
        var name: String
        var tbl_name: String
        var sql: String?
    }

    @Test func libraryClassesAreTheTablesInScriptOrderWithWhatTheirColumnsKeep() throws {
        let tables = try Self.tables(try Samples.schema("Library"))
        typealias Field = LocalStoreTables.Field
        #expect(tables.classes.map(\.name) == ["ISBN", "Publisher", "Book", "Author", "_User", "Note"])
        #expect(tables.classes.first { $0.name == "Book" }?.fields == [
            Field(name: "title", kind: .string, isRequired: true),
            Field(name: "publishingYear", kind: .int),
            Field(name: "price", kind: .double),
            Field(name: "isAvailable", kind: .bool),
            Field(name: "genre", kind: .string),
            Field(name: "isbn", kind: .pointer(to: "ISBN", onDelete: .cascade)),
            Field(name: "publisher", kind: .pointer(to: "Publisher", onDelete: .setNull)),
            Field(name: "authors", kind: .relation(to: "Author")),
            Field(name: "ingredients", kind: .json),
            Field(name: "sideOptions", kind: .json),
            Field(name: "nutritionalInfo", kind: .json),
            Field(name: "cover", kind: .file),
            Field(name: "releaseDate", kind: .date),
        ])
        // An inverse is never stored.
        #expect(tables.classes.first { $0.name == "Author" }?.fields == [Field(name: "name", kind: .string, isRequired: true)])
        // A built-in class only linked to: its predefined fields, as its table's columns.
        #expect(tables.classes.first { $0.name == "_User" }?.fields == [
            Field(name: "username", kind: .string), Field(name: "password", kind: .string), Field(name: "email", kind: .string),
            Field(name: "emailVerified", kind: .bool), Field(name: "authData", kind: .json),
        ])
        #expect(tables.classes.first { $0.name == "Note" }?.fields == [
            Field(name: "owner", kind: .pointer(to: "_User", onDelete: .cascade), isRequired: true), Field(name: "body", kind: .string),
        ])
    }

    @Test func kindsFollowTheColumnsAndDeleteRulesTheForeignKeys() throws {
        let loaded = SchemaLoading.load(sources: [("Kinds.yaml", """
            version: 1
            enums:
              Size: {type: int, values: {small: 1, large: 2}}
              Color: {values: [red, green]}
            embedded:
              Point: {fields: {x: double}}
            classes:
              Target: {fields: {name: string}}
              Everything:
                fields:
                  text: string
                  count: int
                  ratio: float
                  amount: double
                  flag: bool!
                  when: date
                  blob: bytes
                  picture: file
                  place: geopoint
                  area: polygon
                  extra: object
                  size: Size
                  color: Color
                  point: Point
                  tags: array<string>
                  counts: map<int>
                  targets: array<pointer<Target>>
                  optional: pointer<Target>
                  needed: pointer<Target>!
                  kept: {type: pointer<Target>, onDelete: noAction}
                  refused: {type: pointer<Target>, onDelete: restrict}
                  owned: {type: pointer<Target>, onDelete: cascade}
                  role: pointer<_Role>
                  linked: relation<Target>
            """)])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        let tables = try Self.tables(schema)
        typealias Field = LocalStoreTables.Field
        #expect(tables.classes.first { $0.name == "Everything" }?.fields == [
            Field(name: "text", kind: .string), Field(name: "count", kind: .int), Field(name: "ratio", kind: .double),
            Field(name: "amount", kind: .double), Field(name: "flag", kind: .bool, isRequired: true), Field(name: "when", kind: .date),
            Field(name: "blob", kind: .bytes), Field(name: "picture", kind: .file), Field(name: "place", kind: .geoPoint),
            Field(name: "area", kind: .polygon), Field(name: "extra", kind: .json), Field(name: "size", kind: .int),
            Field(name: "color", kind: .string), Field(name: "point", kind: .json), Field(name: "tags", kind: .json),
            Field(name: "counts", kind: .json), Field(name: "targets", kind: .json),
            Field(name: "optional", kind: .pointer(to: "Target", onDelete: .setNull)),
            Field(name: "needed", kind: .pointer(to: "Target", onDelete: .restrict), isRequired: true),
            Field(name: "kept", kind: .pointer(to: "Target", onDelete: .noAction)),
            Field(name: "refused", kind: .pointer(to: "Target", onDelete: .restrict)),
            Field(name: "owned", kind: .pointer(to: "Target", onDelete: .cascade)),
            Field(name: "role", kind: .pointer(to: "_Role", onDelete: .setNull)),
            Field(name: "linked", kind: .relation(to: "Target")),
        ])
        // The role a pointer links to brings its predefined relations (and the users they need).
        #expect(tables.classes.first { $0.name == "_Role" }?.fields == [
            Field(name: "name", kind: .string), Field(name: "users", kind: .relation(to: "_User")),
            Field(name: "roles", kind: .relation(to: "_Role")),
        ])
        #expect(Set(tables.classes.map(\.name)) == ["Target", "Everything", "_Role", "_User"])
        // Each ON DELETE is the one the script writes.
        let script = try Self.script(schema)
        for (column, rule) in [("kept", "NO ACTION"), ("refused", "RESTRICT"), ("owned", "CASCADE"), ("optional", "SET NULL")] {
            #expect(script.contains(#"FOREIGN KEY ("\#(column)") REFERENCES "Target" ("objectId") ON DELETE \#(rule)"#))
        }
    }

    /// The statements come from the templates `sqlite.sql` comes from, a user's included: a
    /// trigger the user's script adds is one statement, its body's `;`s and all.
    @Test func aUsersTemplatesMakeTheStatementsToo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trigger = """
            CREATE TRIGGER IF NOT EXISTS "Shelf_touch" AFTER UPDATE ON "Shelf" BEGIN
                UPDATE "Shelf" SET "updatedAt" = 'now' WHERE "objectId" = NEW."objectId";
                SELECT 1;
            END;
            """
        try directory.write("sql-sqlite.mustache", "{{% CONTENT_TYPE: TEXT}}\nPRAGMA foreign_keys = ON;\nBEGIN;\n{{#tables}}\n{{> sql-table}}\n{{/tables}}\n\(trigger)\nCOMMIT;\n")
        let loaded = SchemaLoading.load(sources: [("Shelf.yaml", "version: 1\nclasses:\n  Shelf: {fields: {label: {type: string, index: true}}}\n")])
        let tables = try Self.tables(try #require(loaded.schema), templates: directory.path)
        #expect(tables.statements.count == 3)
        #expect(tables.statements.first?.hasPrefix(#"CREATE TABLE IF NOT EXISTS "Shelf" ("#) == true)
        #expect(tables.statements.last == trigger)
    }

    @Test func whatKeepsSQLiteFromHoldingTheTablesIsReported() throws {
        let loaded = SchemaLoading.load(sources: [("Reserved.yaml", "version: 1\nclasses:\n  sqlite_things: {fields: {name: string}}\n")])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        var diagnostics = DiagnosticCollector()
        #expect(SQLEmitter.localStoreTables(schema, context: EmitterContext(), diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.map(\.description).contains { $0.contains("starts with 'sqlite_', which SQLite reserves") })
    }
}

/// The statements of a script, cut where SQLite's shell cuts them.
@Suite struct SQLStatementsTests {
    @Test func semicolonsInsideQuotesAndCommentsEndNothing() {
        let script = """
            -- a comment; with a semicolon
            PRAGMA foreign_keys = ON;
            CREATE TABLE "a;b" (
                -- a column; described
                "x" TEXT DEFAULT 'it''s; fine' CHECK ("x" <> '--'),
                [y;z] INTEGER, `w;v` REAL /* a; block */
            );
            /* between; statements */ CREATE INDEX "i" ON "a;b" ("x");
            """
        #expect(SQLStatements.split(script) == [
            "PRAGMA foreign_keys = ON;",
            """
            CREATE TABLE "a;b" (
                -- a column; described
                "x" TEXT DEFAULT 'it''s; fine' CHECK ("x" <> '--'),
                [y;z] INTEGER, `w;v` REAL /* a; block */
            );
            """,
            #"CREATE INDEX "i" ON "a;b" ("x");"#,
        ])
    }

    @Test func aTriggerEndsAtItsEnd() {
        let script = """
            CREATE TEMP TRIGGER "t" AFTER INSERT ON "a" BEGIN
                UPDATE "a" SET "x" = 1; DELETE FROM "b";
            END;
            create trigger u after delete on a begin select 1; end ;
            SELECT 'end';
            """
        #expect(SQLStatements.split(script) == [
            "CREATE TEMP TRIGGER \"t\" AFTER INSERT ON \"a\" BEGIN\n    UPDATE \"a\" SET \"x\" = 1; DELETE FROM \"b\";\nEND;",
            "create trigger u after delete on a begin select 1; end ;",
            "SELECT 'end';",
        ])
    }

    @Test func aLastStatementWithoutASemicolonRunsToItsLastToken() {
        #expect(SQLStatements.split("SELECT 1;\nSELECT 2 -- done\n") == ["SELECT 1;", "SELECT 2"])
        #expect(SQLStatements.split("  -- nothing\n") == [])
    }

    @Test func pragmasAndTransactionsAreTold() {
        #expect(["PRAGMA foreign_keys = ON;", "BEGIN;", "begin transaction;", "COMMIT;", "END;"].allSatisfy(SQLStatements.isPragmaOrTransaction))
        #expect(!SQLStatements.isPragmaOrTransaction(#"CREATE TABLE "BEGIN" ("x");"#))
        #expect(!SQLStatements.isPragmaOrTransaction("BEGINNING;"))
    }
}
