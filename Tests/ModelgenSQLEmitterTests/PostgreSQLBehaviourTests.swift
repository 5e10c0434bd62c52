import ModelgenSQLEmitter
import Testing

extension PostgreSQLTests {
    /// The constraints of the relational layout at work on PostgreSQL: what they refuse,
    /// what they fill in, and what a delete does to the rows that point at it.
    @Suite struct Behaviour {
        /// A database holding a sample's relational tables.
        private func database(_ sample: String) async throws -> PostgreSQLDatabase? {
            guard let database = try await PostgreSQLServer.database() else { return nil }
            try await database.execute(try #require(try Samples.scripts(sample, layout: .relational)[.postgresql]))
            return database
        }

        @Test func requiredColumnRefusesNull() async throws {
            guard let db = try await database("Library") else { return }
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId") VALUES ('b1');"#, #"null value in column "title""#)
            try await db.expectRefused(#"INSERT INTO "Note" ("objectId", "body") VALUES ('n1', 'no owner');"#, #"null value in column "owner""#)
            try await db.execute(#"INSERT INTO "Book" ("objectId", "title") VALUES ('b1', 'Dune');"#)
        }

        @Test func enumCheckRefusesAValueThatIsNotACase() async throws {
            guard let db = try await database("Library") else { return }
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId", "title", "genre") VALUES ('b1', 'Dune', 'drama');"#,
                                 #"violates check constraint "Book_genre_check""#)
            try await db.execute(#"INSERT INTO "Book" ("objectId", "title", "genre") VALUES ('b1', 'Dune', 'nonFiction');"#)
            guard let recipes = try await database("Recipes") else { return }
            try await recipes.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "category") VALUES ('r1', 'Soup', 3);"#,
                                      "violates check constraint")
        }

        @Test func minAndMaxRefuseOutOfRangeValues() async throws {
            guard let db = try await database("Bookstore") else { return }
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Old', 1449);"#,
                                 #"violates check constraint "Book_publishingYear_check""#)
            try await db.expectRefused(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Future', 2101);"#,
                                 "violates check constraint")
            try await db.execute(#"INSERT INTO "Book" ("objectId", "title", "publishingYear") VALUES ('b1', 'Gutenberg', 1450), ('b2', 'Far', 2100);"#)
            guard let recipes = try await database("Recipes") else { return }
            try await recipes.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "price") VALUES ('r1', 'Soup', -0.01);"#,
                                      "violates check constraint")
            try await recipes.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "servings") VALUES ('r1', 'Soup', 0);"#,
                                      "violates check constraint")
        }

        @Test func lengthAndCountBoundsAndJSONShapes() async throws {
            guard let db = try await database("Recipes") else { return }
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name") VALUES ('r1', '');"#, #"violates check constraint "Recipe_name_check""#)
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name") VALUES ('r1', repeat('x', 121));"#, "violates check constraint")
            let fifty = "[" + Array(repeating: #"{"quantity": 1, "description": "egg"}"#, count: 50).joined(separator: ",") + "]"
            let fiftyOne = "[" + Array(repeating: "{}", count: 51).joined(separator: ",") + "]"
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients") VALUES ('r1', 'Soup', '\#(fiftyOne)');"#,
                                 "violates check constraint")
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients") VALUES ('r1', 'Soup', '{}');"#,
                                 "violates check constraint")
            try await db.expectRefused(#"INSERT INTO "Recipe" ("objectId", "name", "nutritionalInfo") VALUES ('r1', 'Soup', '[]');"#,
                                 "violates check constraint")
            try await db.execute(#"INSERT INTO "Recipe" ("objectId", "name", "ingredients") VALUES ('r1', 'Soup', '\#(fifty)');"#)
        }

        @Test func defaultsFillMissingValues() async throws {
            guard let db = try await database("Recipes") else { return }
            try await db.execute(#"INSERT INTO "Recipe" ("objectId", "name") VALUES ('r1', 'Soup');"#)
            #expect(try await db.execute(#"SELECT "category", "isAvailable", "createdAt" IS NOT NULL, "updatedAt" IS NOT NULL FROM "Recipe";"#)
                    == "2|t|t|t")
            guard let todo = try await database("TodoList") else { return }
            try await todo.execute("""
                INSERT INTO "_User" ("objectId") VALUES ('u1');
                INSERT INTO "TodoList" ("objectId", "title", "owner") VALUES ('l1', 'Home', 'u1');
                INSERT INTO "TodoListItem" ("objectId", "title", "list") VALUES ('i1', 'Dishes', 'l1');
                """)
            #expect(try await todo.execute(#"SELECT "priority", "status", "archived" FROM "TodoListItem", "TodoList";"#) == "1|open|f")
        }

        @Test func deletingAnOwnerOrATargetCascadesItsJoinRows() async throws {
            guard let db = try await database("Library") else { return }
            try await db.execute("""
                INSERT INTO "Book" ("objectId", "title") VALUES ('b1', 'Dune'), ('b2', 'Emma');
                INSERT INTO "Author" ("objectId", "name") VALUES ('a1', 'Herbert'), ('a2', 'Austen');
                INSERT INTO "_Join:authors:Book" ("owningId", "relatedId") VALUES ('b1', 'a1'), ('b2', 'a2');
                """)
            try await db.expectRefused(#"INSERT INTO "_Join:authors:Book" ("owningId", "relatedId") VALUES ('b1', 'a1');"#,
                                 "duplicate key value violates unique constraint")
            try await db.expectRefused(#"INSERT INTO "_Join:authors:Book" ("owningId", "relatedId") VALUES ('b1', 'nobody');"#,
                                 "violates foreign key constraint")
            try await db.execute(#"DELETE FROM "Book" WHERE "objectId" = 'b1';"#)
            #expect(try await db.execute(#"SELECT "owningId" || '-' || "relatedId" FROM "_Join:authors:Book";"#) == "b2-a2")
            try await db.execute(#"DELETE FROM "Author" WHERE "objectId" = 'a2';"#)
            #expect(try await db.execute(#"SELECT count(*) FROM "_Join:authors:Book";"#) == "0")
        }

        @Test func setNullNullsThePointer() async throws {
            guard let db = try await database("Library") else { return }
            try await db.execute("""
                INSERT INTO "Publisher" ("objectId", "name") VALUES ('p1', 'Chilton');
                INSERT INTO "Book" ("objectId", "title", "publisher") VALUES ('b1', 'Dune', 'p1');
                DELETE FROM "Publisher" WHERE "objectId" = 'p1';
                """)
            #expect(try await db.execute(#"SELECT count(*) FROM "Book" WHERE "publisher" IS NULL;"#) == "1")
        }

        @Test func restrictRefusesTheDelete() async throws {
            guard let db = try await database("Grocery") else { return }
            try await db.execute("""
                INSERT INTO "Unit" ("objectId", "name") VALUES ('kg', 'kilogram');
                INSERT INTO "Item" ("objectId", "name", "unit") VALUES ('i1', 'Flour', 'kg');
                """)
            try await db.expectRefused(#"DELETE FROM "Unit" WHERE "objectId" = 'kg';"#, #"violates foreign key constraint "Item_unit_fkey""#)
            #expect(try await db.execute(#"SELECT count(*) FROM "Unit";"#) == "1")
        }

        @Test func cascadeDeletesThePointingRows() async throws {
            guard let db = try await database("Library") else { return }
            try await db.execute("""
                INSERT INTO "_User" ("objectId", "username") VALUES ('u1', 'ada');
                INSERT INTO "Note" ("objectId", "owner", "body") VALUES ('n1', 'u1', 'hello');
                DELETE FROM "_User" WHERE "objectId" = 'u1';
                """)
            #expect(try await db.execute(#"SELECT count(*) FROM "Note";"#) == "0")
            try await db.execute(#"INSERT INTO "_User" ("objectId", "username") VALUES ('u1', 'ada');"#)
            try await db.expectRefused(#"INSERT INTO "_User" ("objectId", "username") VALUES ('u2', 'ada');"#,
                                 #"duplicate key value violates unique constraint "_User_unique_username""#)
        }

        @Test func parseServerTablesTakeWhatParseServerWrites() async throws {
            guard let db = try await PostgreSQLServer.database() else { return }
            try await db.execute(try #require(try Samples.scripts("TodoList", layout: .parseServer)[.postgresql]))
            try await db.execute("""
                INSERT INTO "_User" ("objectId", "username", "_rperm", "_wperm", "_hashed_password")
                    VALUES ('u1', 'Ada', '{*,u1}', '{u1}', '$2b$10$hash');
                INSERT INTO "TodoList" ("objectId", "title", "owner", "_rperm") VALUES ('l1', 'Home', 'u1', '{*}');
                INSERT INTO "_Join:members:TodoList" ("relatedId", "owningId") VALUES ('u1', 'l1');
                INSERT INTO "_SCHEMA" ("className", "schema", "isParseClass") VALUES ('TodoList', '{"className": "TodoList"}', true);
                """)
            try await db.expectRefused(#"INSERT INTO "_User" ("objectId", "username") VALUES ('u2', 'Ada');"#,
                                 #"duplicate key value violates unique constraint "_User_unique_username""#)
            // The case-insensitive index is not unique: Parse Server checks that itself.
            try await db.execute(#"INSERT INTO "_User" ("objectId", "username") VALUES ('u2', 'ADA');"#)
            #expect(try await db.execute(#"SELECT count(*) FROM "_User" WHERE lower("username") LIKE 'ad%';"#) == "2")
        }
    }
}
