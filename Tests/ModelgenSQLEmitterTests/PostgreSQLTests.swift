import ModelgenSchema
import ModelgenSQLEmitter
import Testing

/// Every sample's PostgreSQL script, in both layouts, applied to a real server twice and then
/// read back through `pg_catalog`. One private server serves the whole suite (see
/// `PostgreSQLServerTrait`); each test gets its own database.
@Suite(.postgreSQLServer) struct PostgreSQLTests {
    @Test(arguments: Samples.names, SQLOptions.Layout.allCases)
    func sampleScriptAppliesTwiceAndTheCatalogMatchesTheSchema(sample: String, layout: SQLOptions.Layout) async throws {
        guard let database = try await PostgreSQLServer.database() else { return }
        let schema = try Samples.schema(sample)
        let script = try #require(try Samples.scripts(of: schema, layout: layout)[.postgresql])
        try await database.execute(script)
        let first = try await database.catalog()
        try await database.execute(script)
        #expect(try await database.catalog() == first, "running the script again changed the database")
        Catalog.expectEqual(actual: first, expected: ExpectedCatalog(schema: schema, layout: layout, dialect: .postgresql).catalog,
                            "\(sample), \(layout.rawValue)")

        let comments = try await database.comments()
        guard layout == .relational else {
            #expect(comments.isEmpty, "Parse Server writes no comments")
            return
        }
        func comment(_ table: String, _ column: String? = nil) -> String? {
            comments.first { $0.table == table && $0.column == column }?.comment
        }
        for definition in schema.classes {
            if let text = definition.description {
                #expect(comment(definition.name) == text, "comment of \(definition.name)")
            } else {
                #expect((comment(definition.name) != nil) == (definition.builtin != nil), "built-in classes are described anyway")
            }
            for field in definition.fields {
                switch field.type {
                case .inverse: continue
                case .relation:
                    if let text = field.description {
                        #expect(comment("_Join:\(field.name):\(definition.name)") == text, "comment of relation \(field.name)")
                    }
                default:
                    #expect(comment(definition.name, field.name) == field.description, "comment of \(definition.name).\(field.name)")
                }
            }
        }
    }

    @Test func cycleOfPointersIsClosedAfterTheTablesExist() async throws {
        guard let database = try await PostgreSQLServer.database() else { return }
        let script = try #require(emitSQL(CycleSchema.yaml).files["SQL/postgresql.sql"])
        try await database.execute(script)
        try await database.execute(script)
        let catalog = try await database.catalog()
        #expect(catalog.tables["Department"]?.foreignKeys == [.init(column: "head", target: "Employee", onDelete: "RESTRICT")])
        #expect(catalog.tables["Employee"]?.foreignKeys == [.init(column: "team", target: "Team", onDelete: "SET NULL"),
                                                           .init(column: "mentor", target: "Employee", onDelete: "SET NULL")])
        #expect(try await database.execute(#"SELECT count(*) FROM pg_constraint WHERE conname = 'Department_head_fkey'"#) == "1",
                "the guarded ALTER TABLE added the constraint once")
        try await database.expectRefused(#"INSERT INTO "Department" ("objectId", "name", "head") VALUES ('d1', 'R&D', 'nobody');"#,
                                   "violates foreign key constraint \"Department_head_fkey\"")
        try await database.execute("""
            INSERT INTO "Department" ("objectId", "name") VALUES ('d1', 'R&D');
            INSERT INTO "Team" ("objectId", "name", "department") VALUES ('t1', 'Core', 'd1');
            INSERT INTO "Employee" ("objectId", "name", "team") VALUES ('e1', 'Ada', 't1');
            UPDATE "Department" SET "head" = 'e1' WHERE "objectId" = 'd1';
            """)
        try await database.expectRefused(#"DELETE FROM "Employee" WHERE "objectId" = 'e1';"#, "violates foreign key constraint")
    }

    @Test func geopointsAndPolygonsAreIndexedWithGiST() async throws {
        guard let database = try await PostgreSQLServer.database() else { return }
        let run = emitSQL("""
            classes:
              Place:
                fields:
                  location: {type: geopoint, index: true}
                  area: polygon
                indexes:
                  - [area]
            """)
        try await database.execute(try #require(run.files["SQL/postgresql.sql"]))
        #expect(try await database.indexMethods(table: "Place") == [["objectId"]: "btree", ["location"]: "gist", ["area"]: "gist"])
        try await database.execute(#"INSERT INTO "Place" ("objectId", "location", "area") VALUES ('p1', point(-30, 40), '((0,0),(1,0),(1,1))');"#)
    }

    @Test func descriptionsAndKeywordsSurviveQuoting() async throws {
        guard let database = try await PostgreSQLServer.database() else { return }
        let run = emitSQL(#"""
            classes:
              Quote:
                description: "It's \"quoted\", with a backslash \\ and\na second line."
                fields:
                  default: {type: string, default: "it's", description: "O'Brien's field"}
                  select: {type: int, index: true}
            """#)
        try await database.execute(try #require(run.files["SQL/postgresql.sql"]))
        let comments = try await database.comments()
        #expect(comments.first { $0.column == nil }?.comment == "It's \"quoted\", with a backslash \\ and\na second line.")
        #expect(comments.first { $0.column == "default" }?.comment == "O'Brien's field")
        try await database.execute(#"INSERT INTO "Quote" ("objectId", "select") VALUES ('q1', 1);"#)
        #expect(try await database.execute(#"SELECT "default" FROM "Quote";"#) == "it's")
    }
}
