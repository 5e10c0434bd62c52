import ModelgenSchema
import ModelgenSQLEmitter
import Testing

/// Every sample's SQLite script, in both layouts, applied twice with the `sqlite3` shell and
/// read back through `sqlite_schema` and the table-valued pragmas.
@Suite struct SQLiteTests {
    @Test(arguments: Samples.names, SQLOptions.Layout.allCases)
    func sampleScriptAppliesTwiceAndTheCatalogMatchesTheSchema(sample: String, layout: SQLOptions.Layout) async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        let schema = try Samples.schema(sample)
        let script = try #require(try Samples.scripts(of: schema, layout: layout)[.sqlite])
        try await database.execute(script)
        let first = try await database.catalog()
        try await database.execute(script)
        #expect(try await database.catalog() == first, "running the script again changed the database")
        Catalog.expectEqual(actual: first, expected: ExpectedCatalog(schema: schema, layout: layout, dialect: .sqlite).catalog,
                            "\(sample), \(layout.rawValue)")
        #expect(try await database.execute("PRAGMA foreign_key_check;") == "")
        #expect(try await database.execute("PRAGMA integrity_check;") == "ok")
    }

    @Test func descriptionsStayInTheStoredTableDefinition() async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        try await database.execute(try #require(try Samples.scripts("Bookstore", layout: .relational)[.sqlite]))
        let sql = try await database.execute(#"SELECT sql FROM sqlite_schema WHERE name = 'Book';"#)
        #expect(sql.contains("-- A book in the store's catalogue."))
        #expect(sql.contains("-- The book's genre (one-to-many)."))
    }

    @Test func cycleOfPointersNeedsNoDeferralInSQLite() async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        let script = try #require(emitSQL(CycleSchema.yaml).files["SQL/sqlite.sql"])
        #expect(!script.contains("ALTER TABLE"), "SQLite checks foreign keys when rows change, not when tables are created")
        try await database.execute(script)
        try await database.execute(script)
        #expect(try await database.catalog().tables["Department"]?.foreignKeys == [.init(column: "head", target: "Employee", onDelete: "RESTRICT")])
        try await database.expectRefused(#"INSERT INTO "Department" ("objectId", "name", "head") VALUES ('d1', 'R&D', 'nobody');"#,
                                   "FOREIGN KEY constraint failed")
        try await database.execute("""
            INSERT INTO "Department" ("objectId", "name") VALUES ('d1', 'R&D');
            INSERT INTO "Team" ("objectId", "name", "department") VALUES ('t1', 'Core', 'd1');
            INSERT INTO "Employee" ("objectId", "name", "team") VALUES ('e1', 'Ada', 't1');
            UPDATE "Department" SET "head" = 'e1' WHERE "objectId" = 'd1';
            """)
        try await database.expectRefused(#"DELETE FROM "Employee" WHERE "objectId" = 'e1';"#, "FOREIGN KEY constraint failed")
    }
}
