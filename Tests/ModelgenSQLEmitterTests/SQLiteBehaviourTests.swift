import ModelgenSQLEmitter
import Testing

/// The constraints of the relational layout at work on SQLite, with foreign keys turned on
/// for each connection (`PRAGMA foreign_keys = ON`), as applications must.
@Suite struct SQLiteBehaviourTests {
    /// Runs `body` on a database holding a sample's relational tables.
    private func withDatabase(_ sample: String, _ body: (SQLiteDatabase) async throws -> Void) async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        try await database.execute(try #require(try Samples.scripts(sample, layout: .relational)[.sqlite]))
        try await body(database)
    }

    @Test func requiredColumnRefusesNull() async throws {
        try await withDatabase("Library") { db in
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId") VALUES ('b1');"#, "NOT NULL constraint failed: Book.title")
            try await db.expectRefused(#"INSERT INTO "Book" ("title") VALUES ('Dune');"#, "NOT NULL constraint failed: Book.objectId")
            try await db.execute(#"INSERT INTO "Book" ("objectId", "title") VALUES ('b1', 'Dune');"#)
        }
    }

    @Test func enumCheckRefusesAValueThatIsNotACase() async throws {
        try await withDatabase("TodoList") { db in
            try await db.execute(#"INSERT INTO "_User" ("objectId") VALUES ('u1'); INSERT INTO "TodoList" ("objectId", "title", "owner") VALUES ('l1', 'Home', 'u1');"#)
            try await db.expectRefused(#"INSERT INTO "TodoListItem" ("objectId", "title", "list", "status") VALUES ('i1', 'x', 'l1', 'inProgress');"#,
                                 "CHECK constraint failed")
            try await db.expectRefused(#"INSERT INTO "TodoListItem" ("objectId", "title", "list", "priority") VALUES ('i1', 'x', 'l1', 3);"#,
                                 "CHECK constraint failed")
            try await db.execute(#"INSERT INTO "TodoListItem" ("objectId", "title", "list", "status") VALUES ('i1', 'x', 'l1', 'in_progress');"#)
        }
    }

    @Test func minAndMaxRefuseOutOfRangeValues() async throws {
        try await withDatabase("Bookstore") { db in
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Old', 1449);"#, "CHECK constraint failed")
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Future', 2101);"#, "CHECK constraint failed")
            try await db.execute(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Gutenberg', 1450);"#)
        }
        try await withDatabase("Grocery") { db in
            try await db.expectRefused(#"INSERT INTO "Item" ("objectId", "name", "quantity") VALUES ('i1', 'Flour', -1);"#, "CHECK constraint failed")
        }
    }

    @Test func lengthCountBooleanAndJSONChecks() async throws {
        try await withDatabase("Recipes") { db in
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name") VALUES ('r1', '');"#, "CHECK constraint failed")
            let fiftyOne = "[" + Array(repeating: "{}", count: 51).joined(separator: ",") + "]"
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients") VALUES ('r1', 'Soup', '\#(fiftyOne)');"#,
                                 "CHECK constraint failed")
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients") VALUES ('r1', 'Soup', 'not json');"#,
                                 "CHECK constraint failed")
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "sideOptions") VALUES ('r1', 'Soup', '{"a": 1}');"#,
                                 "CHECK constraint failed")
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "isAvailable") VALUES ('r1', 'Soup', 2);"#,
                                 "CHECK constraint failed")
            try await db.execute(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients", "nutritionalInfo") VALUES ('r1', 'Soup', '[{"quantity": 1, "description": "egg"}]', '{"protein": "12 g"}');"#)
        }
    }

    @Test func defaultsFillMissingValues() async throws {
        try await withDatabase("Recipes") { db in
            try await db.execute(#"INSERT INTO "Recipe" ("objectId", "name") VALUES ('r1', 'Soup');"#)
            #expect(try await db.execute(#"SELECT "category", "isAvailable" FROM "Recipe";"#) == "2|1")
            let created = try await db.execute(#"SELECT "createdAt" FROM "Recipe";"#)
            #expect(created.count == 24 && created.hasSuffix("Z") && created.contains("T"), "Parse's date form: \(created)")
        }
    }

    @Test func deletingAnOwnerOrATargetCascadesItsJoinRows() async throws {
        try await withDatabase("Bookstore") { db in
            try await db.execute("""
                INSERT INTO "Book" ("objectId", "title") VALUES ('b1', 'Dune'), ('b2', 'Emma');
                INSERT INTO "Author" ("objectId", "name") VALUES ('a1', 'Herbert'), ('a2', 'Austen');
                INSERT INTO "_Join:authors:Book" ("owningId", "relatedId") VALUES ('b1', 'a1'), ('b2', 'a2');
                """)
            try await db.expectRefused(#"INSERT INTO "_Join:authors:Book" ("owningId", "relatedId") VALUES ('b1', 'a1');"#, "UNIQUE constraint failed")
            try await db.execute(#"DELETE FROM "Book" WHERE "objectId" = 'b1';"#)
            #expect(try await db.execute(#"SELECT "owningId" || '-' || "relatedId" FROM "_Join:authors:Book";"#) == "b2-a2")
            try await db.execute(#"DELETE FROM "Author" WHERE "objectId" = 'a2';"#)
            #expect(try await db.execute(#"SELECT count(*) FROM "_Join:authors:Book";"#) == "0")
        }
    }

    @Test func setNullNullsThePointer() async throws {
        try await withDatabase("TodoList") { db in
            try await db.execute("""
                INSERT INTO "_User" ("objectId") VALUES ('u1'), ('u2');
                INSERT INTO "TodoList" ("objectId", "title", "owner") VALUES ('l1', 'Home', 'u1');
                INSERT INTO "TodoListItem" ("objectId", "title", "list", "assignee") VALUES ('i1', 'Dishes', 'l1', 'u2');
                DELETE FROM "_User" WHERE "objectId" = 'u2';
                """)
            #expect(try await db.execute(#"SELECT count(*) FROM "TodoListItem" WHERE "assignee" IS NULL;"#) == "1")
            try await db.execute(#"DELETE FROM "_User" WHERE "objectId" = 'u1';"#)
            #expect(try await db.execute(#"SELECT (SELECT count(*) FROM "TodoList") + (SELECT count(*) FROM "TodoListItem");"#) == "0",
                    "the owner's lists and their items cascade")
        }
    }

    @Test func restrictRefusesTheDelete() async throws {
        try await withDatabase("Grocery") { db in
            try await db.execute("""
                INSERT INTO "Unit" ("objectId", "name") VALUES ('kg', 'kilogram');
                INSERT INTO "Item" ("objectId", "name", "unit") VALUES ('i1', 'Flour', 'kg');
                """)
            try await db.expectRefused(#"DELETE FROM "Unit" WHERE "objectId" = 'kg';"#, "FOREIGN KEY constraint failed")
            #expect(try await db.execute(#"SELECT count(*) FROM "Unit";"#) == "1")
        }
    }
}
