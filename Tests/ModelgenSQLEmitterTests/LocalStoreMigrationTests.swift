import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
@testable import ModelgenSQLEmitter
import ModelgenTemplates
import ModelgenTestSupport
import Testing

/// The kept migrations in the on-device store's form (`LocalStoreTables.migrations`, which
/// `LocalSchema.migrations` carries): each kept `sqlite.sql` cut into its statements without
/// `PRAGMA`, `BEGIN`, `COMMIT` and the checks that pointers name rows that exist, everything
/// else as committed.
@Suite struct LocalStoreMigrationTests {
    /// The Shop fixture at its second version: the model, and its kept migrations as committed.
    static let shop = "IntegrationTests/Fixtures/ShopV2"
    static let shopMigrations = ["0001_init", "0002_coupons_and_priority"]

    static func keptScript(_ migration: String, of fixture: String = shop) throws -> String {
        try RepositoryFiles.read("\(fixture)/Generated/SQL/migrations/\(migration)/sqlite.sql")
    }

    static func keptScripts() throws -> KeptSQLiteScripts {
        KeptSQLiteScripts(scripts: try shopMigrations.map { KeptSQLiteScripts.Script(name: $0, text: try keptScript($0)) })
    }

    /// A fixture's schema, as its copy in a kept migration or as the model has it now.
    static func schema(_ relative: String) throws -> Schema {
        try loadSchema(RepositoryFiles.read(relative), file: relative)
    }

    static func tables(_ schema: Schema, kept: KeptSQLiteScripts = KeptSQLiteScripts()) throws -> LocalStoreTables {
        var diagnostics = DiagnosticCollector()
        let tables = SQLEmitter.localStoreTables(schema, context: EmitterContext(keptSQLiteScripts: kept), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        return try #require(tables)
    }

    static func templates() throws -> TemplateSet {
        var diagnostics = DiagnosticCollector()
        return try #require(TemplateSet.load(prefix: SQLEmitter.templatePrefix, overrides: nil, diagnostics: &diagnostics))
    }

    // MARK: The form, against the committed history

    /// V1's first migration, copied into V2's history, is the same bytes: one history.
    @Test func theFixturesShareTheirFirstMigration() throws {
        #expect(try Self.keptScript("0001_init", of: "IntegrationTests/Fixtures/ShopV1") == Self.keptScript("0001_init"))
        #expect(try RepositoryFiles.list("\(Self.shop)/Generated/SQL/migrations") == Self.shopMigrations)
        #expect(try RepositoryFiles.list("IntegrationTests/Fixtures/ShopV1/Generated/SQL/migrations") == ["0001_init"])
    }

    /// Each migration's statements are its committed `sqlite.sql`, statement for statement, but
    /// for exactly these: the PRAGMAs, BEGIN and COMMIT, and (in 0002, which rebuilds Customer and
    /// Order) the two checks that the rebuilt tables' rows point to rows that exist, each its
    /// report, temporary table, insert and drop.
    @Test func theStatementsAreTheCommittedScriptsButForWhatTheStoreLeavesOut() throws {
        let tables = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"), kept: Self.keptScripts())
        #expect(tables.migrations.map(\.name) == Self.shopMigrations)
        for migration in tables.migrations {
            let all = SQLStatements.split(try Self.keptScript(migration.name))
            let left = Self.leftOut(all, kept: migration.statements)
            var expected = ["PRAGMA foreign_keys = OFF;", "BEGIN;", "COMMIT;", "PRAGMA foreign_keys = ON;"]
            if migration.name == "0002_coupons_and_priority" {
                for table in ["Customer", "Order"] {
                    expected.insert(contentsOf: [
                        "SELECT 'modelgen: \(table): some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''\(table)'') lists them) (first rows: objectId ' || \"modelgen_keys\" || ')' FROM (SELECT group_concat(\"modelgen_key\", ', ') AS \"modelgen_keys\" FROM (SELECT \"objectId\" AS \"modelgen_key\" FROM \"\(table)\" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('\(table)')) ORDER BY 1 LIMIT 5)) WHERE \"modelgen_keys\" IS NOT NULL;",
                        "CREATE TEMP TABLE \"modelgen_guard\" (\"passed\" INTEGER CONSTRAINT \"\(table): some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('\(table)') lists them)\" CHECK (\"passed\"));",
                        "INSERT INTO \"modelgen_guard\" SELECT NOT EXISTS (SELECT 1 FROM \"\(table)\" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('\(table)')));",
                        "DROP TABLE \"modelgen_guard\";",
                    ], at: expected.count - 2)
                }
            }
            #expect(left == expected, "\(migration.name)")
            // The bookkeeping stays: the record's table, its guards, and the record itself.
            #expect(migration.statements.first?.hasPrefix(#"CREATE TABLE IF NOT EXISTS "modelgen_migrations" ("#) == true)
            #expect(migration.statements.last == #"INSERT INTO "modelgen_migrations" ("name") VALUES ('\#(migration.name)');"#)
        }
        #expect(tables.migrations.map(\.statements.count) == [18, 47])
        // The create statements and their version are what they are without a history.
        let without = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"))
        #expect(without.migrations.isEmpty)
        #expect(tables.statements == without.statements && tables.version == without.version)
        #expect(!tables.statements.contains { $0.contains("modelgen_migrations") })
    }

    /// `all` with `kept` taken out in order: what was left out, in order. Fails when `kept` is
    /// not a subsequence of `all`.
    static func leftOut(_ all: [String], kept: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        var left: [String] = []
        var rest = kept[...]
        for statement in all {
            if rest.first == statement { rest.removeFirst() } else { left.append(statement) }
        }
        #expect(rest.isEmpty, "kept statements that are not the script's, in its order: \(rest)", sourceLocation: sourceLocation)
        return left
    }

    // MARK: The form, against the writer

    /// Migrations with every kind of check the writer makes: the fixture's two, the golden
    /// versions' (which rebuild, convert, rename and narrow), and pointers (and a relation) that
    /// change their targets and rules, whose existing rows are checked against the new targets.
    static let histories: [String] = ["shop 0001", "shop 0002", "v1", "v2", "v3", "pointers"]

    static let pointersBefore = """
        classes:
          Shelf: {fields: {name: string}}
          Room: {fields: {name: string}}
          Book:
            fields:
              title: string
              shelf: {type: pointer<Shelf>, onDelete: cascade}
              tags: relation<Shelf>
        """
    static let pointersAfter = """
        classes:
          Shelf: {fields: {name: string}}
          Room: {fields: {name: string}}
          Book:
            fields:
              title: string
              shelf: {type: pointer<Room>, onDelete: setNull}
              tags: relation<Room>
        """

    static func migration(_ history: String) throws -> (SQLMigration, SQLMigration.Record) {
        let copies = "\(shop)/Generated/SQL/migrations"
        switch history {
        case "shop 0001":
            return (SQLMigration(from: nil, to: try schema("\(copies)/0001_init/schema/IntegrationTests/Fixtures/ShopV1/Shop.yaml"),
                                 layout: .relational, dialect: .sqlite), .init(name: "0001_init", previous: nil))
        case "shop 0002":
            return (SQLMigration(from: try schema("\(copies)/0001_init/schema/IntegrationTests/Fixtures/ShopV1/Shop.yaml"),
                                 to: try schema("\(copies)/0002_coupons_and_priority/schema/IntegrationTests/Fixtures/ShopV2/Shop.yaml"),
                                 layout: .relational, dialect: .sqlite), .init(name: "0002_coupons_and_priority", previous: "0001_init"))
        case "v1":
            return (SQLMigration(from: nil, to: try MigrationTests.version("v1"), layout: .relational, dialect: .sqlite),
                    .init(name: "0001_books", previous: nil))
        case "v2":
            return (SQLMigration(from: try MigrationTests.version("v1"), to: try MigrationTests.version("v2"), layout: .relational, dialect: .sqlite),
                    .init(name: "0002_authors", previous: "0001_books"))
        case "v3":
            return (SQLMigration(from: try MigrationTests.version("v2"), to: try MigrationTests.version("v3"), layout: .relational, dialect: .sqlite),
                    .init(name: "0003_pages", previous: "0002_authors"))
        default:
            return (SQLMigration(from: try loadSchema(pointersBefore), to: try loadSchema(pointersAfter), layout: .relational, dialect: .sqlite),
                    .init(name: "0002_rooms", previous: "0001_shelves"))
        }
    }

    /// The cut of the whole script is, statement for statement, the script the writer writes
    /// with those checks left out: the cut finds exactly the checks the writer marks, and
    /// every other statement stays.
    @Test(arguments: histories)
    func theCutLeavesOutExactlyWhatTheWriterLeavesOut(history: String) throws {
        let (migration, record) = try Self.migration(history)
        let templates = try Self.templates()
        let whole = migration.script(header: ["test"], templates: templates, record: record)
        let storeForm = migration.script(header: ["test"], templates: templates, record: record, inStoreForm: true)
        let cut = LocalStoreMigration.statements(ofKeptScript: whole)
        #expect(cut == SQLStatements.split(storeForm))
        #expect(!storeForm.contains("PRAGMA") && !storeForm.contains("\nBEGIN;") && !storeForm.contains("COMMIT;"))
        #expect(!cut.contains { $0.contains("pragma_foreign_key_check") || $0.contains("objects that do not exist") })
        // What was left out: the wrapping, and whole checks of four statements each.
        let left = Self.leftOut(SQLStatements.split(whole), kept: cut).filter { !SQLStatements.isPragmaOrTransaction($0) }
        #expect(left.count % 4 == 0)
        #expect(stride(from: 0, to: left.count, by: 4).allSatisfy { SQLiteGuard.pointerCheckLength(left, at: $0) == 4 })
        let checks = ["shop 0001": 0, "shop 0002": 2, "v1": 0, "pointers": 4]
        if let count = checks[history] { #expect(left.count == count * 4, "\(history): \(left)") }
        if history == "pointers" {
            // Both kinds: a foreign key's new target checked on the rows, and SQLite's own check.
            #expect(left.contains { $0.contains(#"NOT IN (SELECT "objectId" FROM "Room")"#) && $0.hasPrefix("INSERT") })
            #expect(left.contains { $0.contains("pragma_foreign_key_check('_Join:tags:Book')") && $0.hasPrefix("INSERT") })
        }
    }

    /// Only a check exactly as the writer spells it is left out: one edited by hand, or a check
    /// of the project's own, stays whole, and so does any other SQL the project added.
    @Test func whatIsNotTheWritersCheckStays() throws {
        let script = try Self.keptScript("0002_coupons_and_priority")
        let insert = #"INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Order" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Order')));"#
        #expect(script.contains(insert))
        let dataMove = #"UPDATE "Order" SET "priority" = 1 WHERE "status" = 'paid';"#
        let edited = script.replacingOccurrences(of: insert, with: insert.replacingOccurrences(of: "SELECT 1 FROM", with: "SELECT 1  FROM"))
            .replacingOccurrences(of: "\nCOMMIT;", with: "\n\(dataMove)\nCOMMIT;")
        let cut = LocalStoreMigration.statements(ofKeptScript: edited)
        let original = LocalStoreMigration.statements(ofKeptScript: script)
        #expect(cut.count == original.count + 5)
        #expect(cut.contains(dataMove))
        #expect(cut.contains { $0.contains("pragma_foreign_key_check('Order')") })
        #expect(!cut.contains { $0.contains("pragma_foreign_key_check('Customer')") })
        // Each part of a check alone, or a check without its report, is not one.
        let lines = [
            #"CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "mine" CHECK ("passed"));"#,
            #"INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Order" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Order')));"#,
            #"DROP TABLE "modelgen_guard";"#,
        ]
        #expect(LocalStoreMigration.statements(ofKeptScript: lines.joined(separator: "\n")) == lines)
        #expect(SQLiteGuard.pointerCheckLength(["SELECT 1;"] + lines, at: 0) == nil)
    }

    // MARK: On a real database

    /// A database made the store's way from nothing: each migration's statements, in order, in a
    /// transaction with foreign keys off, with rows added after the first (one of them pointing
    /// to a customer the device does not hold). It ends with exactly the tables, columns, checks,
    /// foreign keys and indexes the statements make, keeps the rows, and records both migrations.
    @Test func theMigrationsTakeAnEmptyDatabaseToTheTablesOfTheStatementsKeepingTheRows() async throws {
        guard let migrated = try await SQLiteDatabase.create(), let fresh = try await SQLiteDatabase.create() else { return }
        defer { migrated.remove(); fresh.remove() }
        let tables = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"), kept: Self.keptScripts())
        try await Self.run(tables.migrations[0].statements, on: migrated)
        try await Self.run([Self.rows], on: migrated)
        try await Self.run(tables.migrations[1].statements, on: migrated)
        try await Self.run(tables.statements, on: fresh)
        try await Self.expectSameTables(migrated, fresh)
        try await Self.expectRowsKept(migrated)
        #expect(try await migrated.execute(#"SELECT "name" FROM "modelgen_migrations" ORDER BY "name";"#)
                == "0001_init\n0002_coupons_and_priority")
    }

    /// A file the store made from the first version's statements, with the first migration
    /// recorded as the store records it, is taken by the second migration to the same tables.
    @Test func theSecondMigrationTakesAFileMadeFromTheFirstVersionsStatements() async throws {
        guard let migrated = try await SQLiteDatabase.create(), let fresh = try await SQLiteDatabase.create() else { return }
        defer { migrated.remove(); fresh.remove() }
        let first = try Self.tables(Self.schema("IntegrationTests/Fixtures/ShopV1/Shop.yaml"), kept: KeptSQLiteScripts(scripts: [
            .init(name: "0001_init", text: try Self.keptScript("0001_init", of: "IntegrationTests/Fixtures/ShopV1")),
        ]))
        let second = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"), kept: Self.keptScripts())
        #expect(first.migrations == [second.migrations[0]])
        try await Self.run(first.statements + [
            try #require(first.migrations[0].statements.first),
            #"INSERT INTO "modelgen_migrations" ("name") VALUES ('0001_init');"#,
        ], on: migrated)
        try await Self.run([Self.rows], on: migrated)
        try await Self.run(second.migrations[1].statements, on: migrated)
        try await Self.run(second.statements, on: fresh)
        try await Self.expectSameTables(migrated, fresh)
        try await Self.expectRowsKept(migrated)
    }

    /// The committed script as it is (the server's form) stops on the row that points to a
    /// customer the database does not hold, changing nothing; the store's form does not.
    @Test func theWholeScriptStopsOnADanglingPointerAndTheStoresFormDoesNot() async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        let tables = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"), kept: Self.keptScripts())
        try await Self.run(tables.migrations[0].statements, on: database)
        try await Self.run([Self.rows], on: database)
        let result = try await database.run(try Self.keptScript("0002_coupons_and_priority"), foreignKeys: false)
        #expect(!result.succeeded)
        #expect(result.stdout.contains("modelgen: Order: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Order') lists them) (first rows: objectId o2)"),
                "\(result)")
        #expect(try await database.execute(#"SELECT group_concat("name") FROM "modelgen_migrations";"#) == "0001_init")
        try await Self.run(tables.migrations[1].statements, on: database)
        #expect(try await database.execute(#"SELECT "customer" FROM "Order" WHERE "objectId" = 'o2';"#) == "gone")
    }

    /// The value checks stay: a total the new maximum refuses stops the store's form too, and
    /// the migration that ran before it is all that is recorded.
    @Test func aValueTheNewRulesRefuseStillStopsIt() async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        let tables = try Self.tables(Self.schema("\(Self.shop)/Shop.yaml"), kept: Self.keptScripts())
        try await Self.run(tables.migrations[0].statements, on: database)
        try await Self.run([Self.rows, #"INSERT INTO "Order" ("objectId", "total") VALUES ('o3', 2000000);"#], on: database)
        let result = try await database.run("BEGIN;\n" + tables.migrations[1].statements.joined(separator: "\n") + "\nCOMMIT;\n", foreignKeys: false)
        #expect(!result.succeeded)
        #expect(result.stderr.contains("CHECK constraint failed: Order.total: some values break its new min or max: change them first"), "\(result)")
        #expect(result.stdout.contains("(first rows: objectId o3)"), "\(result)")
        #expect(try await database.execute(#"SELECT group_concat("name") FROM "modelgen_migrations";"#) == "0001_init")
        // Run again on the same file, it stops where it did: nothing of it stayed.
        let again = try await database.run("BEGIN;\n" + tables.migrations[1].statements.joined(separator: "\n") + "\nCOMMIT;\n", foreignKeys: false)
        #expect(again.stderr.contains("Order.total: some values break its new min or max"), "\(again)")
    }

    /// Rows of the first version: a customer with orders, one of them pointing to a customer the
    /// device does not hold (`gone`).
    static let rows = """
        INSERT INTO "Customer" ("objectId", "name", "email") VALUES ('c1', 'Ada', 'ada@example.com'), ('c2', 'Grace', NULL);
        INSERT INTO "Order" ("objectId", "customer", "total", "status", "placedAt", "lines")
            VALUES ('o1', 'c1', 12.5, 'paid', '2026-01-31T12:00:00.000Z', '[{"product":"pen","quantity":2,"price":6.25}]'),
                   ('o2', 'gone', 0, 'placed', NULL, NULL);

        """

    static func expectRowsKept(_ database: SQLiteDatabase, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        #expect(try await database.execute(#"SELECT "objectId" || '|' || "fullName" || '|' || COALESCE("email", '-') FROM "Customer" ORDER BY 1;"#)
                == "c1|Ada|ada@example.com\nc2|Grace|-", sourceLocation: sourceLocation)
        #expect(try await database.execute(#"SELECT "objectId" || '|' || "customer" || '|' || "total" || '|' || "status" || '|' || COALESCE("placedAt", '-') || '|' || COALESCE("lines", '-') || '|' || "priority" FROM "Order" ORDER BY 1;"#)
                == #"o1|c1|12.5|paid|2026-01-31T12:00:00.000Z|[{"product":"pen","quantity":2,"price":6.25}]|0"# + "\no2|gone|0.0|placed|-|-|0",
                sourceLocation: sourceLocation)
    }

    /// Runs `statements` as the store does: in one transaction, foreign keys off.
    static func run(_ statements: [String], on database: SQLiteDatabase) async throws {
        let result = try await database.run("BEGIN;\n" + statements.joined(separator: "\n") + "\nCOMMIT;\n", foreignKeys: false)
        guard result.succeeded && result.stderr.isEmpty else { throw DatabaseError.failed("sqlite3 failed: \(result.stderr)\n\(result.stdout)") }
    }

    /// The model's tables alike in both: each table's columns (`pragma_table_info`), its indexes
    /// (`pragma_index_list`, `pragma_index_info`), and its `CREATE TABLE` and `CREATE INDEX` text
    /// without comment lines (SQLite keeps CHECKs and foreign keys only there). The store's own
    /// record of migrations is left out.
    static func expectSameTables(_ migrated: SQLiteDatabase, _ fresh: SQLiteDatabase,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let columns = """
            SELECT m."name" AS "table", c."cid", c."name", c."type", c."notnull", c."dflt_value", c."pk"
            FROM sqlite_schema AS m, pragma_table_info(m."name") AS c
            WHERE m."type" = 'table' AND m."name" <> 'modelgen_migrations' ORDER BY 1, 2
            """
        let indexes = """
            SELECT m."name" AS "table", l."name", l."unique", l."origin", l."partial",
                   (SELECT group_concat(i."name", ',') FROM pragma_index_info(l."name") AS i) AS "keys"
            FROM sqlite_schema AS m, pragma_index_list(m."name") AS l
            WHERE m."type" = 'table' AND m."name" <> 'modelgen_migrations' ORDER BY 1, 2
            """
        #expect(try await migrated.rows(Fact.self, columns) == fresh.rows(Fact.self, columns), sourceLocation: sourceLocation)
        #expect(try await migrated.rows(Fact.self, indexes) == fresh.rows(Fact.self, indexes), sourceLocation: sourceLocation)
        let model = { (facts: [String]) in facts.filter { !$0.hasPrefix("table modelgen_migrations") && !$0.hasPrefix("modelgen_migrations:") } }
        expectSameShape(model(try await migrated.shape()), model(try await fresh.shape()), "the Shop model migrated the store's way",
                        sourceLocation: sourceLocation)
        Catalog.expectEqual(actual: try await migrated.catalog().without("modelgen_migrations"), expected: try await fresh.catalog(), "Shop",
                            sourceLocation: sourceLocation)
    }

    /// A row of a catalog query, as sqlite3 -json prints it: every value as JSON.
    struct Fact: Decodable, Equatable {
        var values: [String: JSONScalar]

        init(from decoder: any Decoder) throws {
            values = try decoder.singleValueContainer().decode([String: JSONScalar].self)
        }
    }

    enum JSONScalar: Decodable, Equatable {
        case text(String), number(Double), null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }
}

extension Catalog {
    func without(_ table: String) -> Catalog {
        var copy = self
        copy.tables[table] = nil
        return copy
    }
}
