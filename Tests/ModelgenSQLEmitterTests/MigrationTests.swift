import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// `modelgen migrate` on real databases: a database made from one version and holding rows,
/// migrated, has the shape of a database made fresh from the next, and keeps its rows.
@Suite(.postgreSQLServer) struct MigrationTests {
    /// The first version: what the second changes in every way a field, a class, a relation,
    /// an index and a description can change.
    static let v1 = """
        enums:
          Genre: {values: [fiction, poetry]}
        classes:
          Publisher:
            fields:
              name: {type: string, required: true}
          Person:
            fields:
              name: string
          Obsolete:
            fields:
              note: string
          Book:
            description: A book.
            fields:
              title: {type: string, required: true, maxLength: 200, description: The title.}
              subtitle: {type: string, required: true}
              year: string
              price: int
              stock: {type: int, default: 0}
              rating: double
              legacyCode: string
              flag: bool
              genre: Genre
              publisher: pointer<Publisher>
              editor: pointer<Person>
              owner: {type: pointer<Person>, onDelete: cascade}
              oldTags: relation<Person>
            indexes:
              - [year]
        """

    static let v2 = """
        enums:
          Genre: {values: [fiction, poetry, drama]}
        classes:
          Publisher:
            fields:
              name: {type: string, required: true, unique: true}
          Person:
            fields:
              name: string
          Author:
            description: Who wrote it.
            fields:
              name: {type: string, required: true}
          Book:
            description: A published book.
            fields:
              title: {type: string, required: true, maxLength: 100, description: The full title.}
              subtitle: string
              year: int
              price: {type: double, min: 0}
              stock: {type: int, default: 5}
              rating: {type: double, default: 2.5}
              isbn: {type: string, required: true, default: unknown}
              flag: string
              genre: Genre
              publisher: {type: pointer<Publisher>, required: true}
              editor: pointer<Author>
              owner: pointer<Person>
              author: {type: pointer<Author>, index: true}
              tags: relation<Author>
            indexes:
              - {fields: [title, year], name: Book_by_title_and_year}
        """

    static let v3 = """
        enums:
          Genre: {values: [fiction, poetry, drama]}
        classes:
          Publisher:
            fields:
              name: {type: string, required: true, unique: true}
              founded: date
          Person:
            fields:
              name: string
          Author:
            description: Who wrote it.
            fields:
              name: {type: string, required: true}
              born: date
          Book:
            description: A published book.
            fields:
              title: {type: string, required: true, maxLength: 100, description: The full title.}
              subtitle: string
              year: int
              price: {type: double, min: 1}
              stock: {type: int, default: 5}
              rating: {type: double, default: 2.5}
              isbn: {type: string, required: true, default: unknown}
              pages: {type: int, required: true, default: 0}
              flag: string
              genre: Genre
              publisher: {type: pointer<Publisher>, required: true}
              editor: pointer<Author>
              owner: pointer<Person>
              author: {type: pointer<Author>, index: true}
              tags: relation<Author>
            indexes:
              - {fields: [title, year], name: Book_by_title_and_year}
        """

    static let v1Rows = """
        INSERT INTO "Publisher" ("objectId", "name") VALUES ('p1', 'Chilton');
        INSERT INTO "Person" ("objectId", "name") VALUES ('e1', 'Ed');
        INSERT INTO "Obsolete" ("objectId", "note") VALUES ('o1', 'gone');
        INSERT INTO "Book" ("objectId", "title", "subtitle", "year", "price", "legacyCode", "genre", "publisher", "owner")
            VALUES ('b1', 'Dune', 'A novel', '1965', 10, 'X1', 'fiction', 'p1', 'e1');
        INSERT INTO "Book" ("objectId", "title", "subtitle", "price", "stock", "publisher")
            VALUES ('b2', 'Odes', 'Poems', 3, 7, 'p1');
        INSERT INTO "_Join:oldTags:Book" ("owningId", "relatedId") VALUES ('b1', 'e1');
        """

    /// The text of the rows every version keeps, whatever the dialect writes numbers as.
    static let keptRows = """
        SELECT "objectId" || '|' || "title" || '|' || COALESCE("subtitle", '-') || '|' || COALESCE(CAST("year" AS TEXT), '-')
            || '|' || CAST("stock" AS TEXT) || '|' || "isbn" || '|' || COALESCE("genre", '-') || '|' || "publisher"
            || '|' || COALESCE("owner", '-') || '|' || CAST(CAST("price" AS INTEGER) AS TEXT) FROM "Book" ORDER BY "objectId"
        """

    @Test(arguments: SQLOptions.Dialect.allCases)
    func everyKindOfChangeGivesWhatAFreshDatabaseHasAndKeepsTheRows(dialect: SQLOptions.Dialect) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let v1 = try loadSchema(Self.v1), v2 = try loadSchema(Self.v2)
        try await migrated.execute(createScript(v1, dialect: dialect))
        try await migrated.execute(Self.v1Rows)

        let step = try migration(from: v1, to: v2, dialect: dialect)
        #expect(step.losses.map { $0.components(separatedBy: "\n")[0].components(separatedBy: ": error: ").last ?? $0 } == [
            "Obsolete: dropping the table loses its rows",
            "Book.oldTags: dropping the relation's join table '_Join:oldTags:Book' loses its links",
            "Book.legacyCode: dropping the column loses its data",
            "Book.flag: changing the column from \(dialect == .postgresql ? "boolean" : "INTEGER") to \(dialect == .postgresql ? "text" : "TEXT") drops it and adds it again, which loses its data",
        ])
        try await migrated.execute(step.script)
        try await fresh.execute(createScript(v2, dialect: dialect))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "v1 to v2, \(dialect)")
        #expect(try await migrated.values(Self.keptRows) == [
            "b1|Dune|A novel|1965|0|unknown|fiction|p1|e1|10",
            "b2|Odes|Poems|-|7|unknown|-|p1|-|3",
        ], "rows keep their values; the new required column takes its default")

        // Migrating again from where it is now changes nothing.
        let again = try migration(from: v2, to: v2, dialect: dialect)
        #expect(!again.script.contains("BEGIN"))
        #expect(again.script.hasSuffix("there is nothing to run.\n"))
    }

    @Test(arguments: SQLOptions.Dialect.allCases)
    func migrationsInSequenceGiveWhatTheLastVersionMakesFresh(dialect: SQLOptions.Dialect) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let v1 = try loadSchema(Self.v1), v2 = try loadSchema(Self.v2), v3 = try loadSchema(Self.v3)
        try await migrated.execute(createScript(v1, dialect: dialect))
        try await migrated.execute(Self.v1Rows)
        try await migrated.execute(migration(from: v1, to: v2, dialect: dialect).script)
        let last = try migration(from: v2, to: v3, dialect: dialect)
        #expect(last.losses.isEmpty)
        try await migrated.execute(last.script)
        try await fresh.execute(createScript(v3, dialect: dialect))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "v1 to v2 to v3, \(dialect)")
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || CAST("pages" AS TEXT) FROM "Book" ORDER BY "objectId""#)
                == ["b1:0", "b2:0"])
    }

    /// Every sample, from an empty schema: the migration creates what the create script does
    /// (in both layouts), cycles of pointers included.
    @Test(arguments: Samples.names, SQLOptions.Layout.allCases)
    func eachSampleMigratedFromNothingIsWhatItsCreateScriptMakes(sample: String, layout: SQLOptions.Layout) async throws {
        let empty = try loadSchema("classes: {}\n")
        let schema = try Samples.schema(sample)
        for dialect in SQLOptions.Dialect.allCases {
            guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { continue }
            defer { migrated.remove(); fresh.remove() }
            let step = try migration(from: empty, to: schema, dialect: dialect, layout: layout)
            #expect(step.losses.isEmpty)
            try await migrated.execute(createScript(empty, dialect: dialect, layout: layout))
            try await migrated.execute(step.script)
            try await fresh.execute(createScript(schema, dialect: dialect, layout: layout))
            expectSameShape(try await migrated.shape(), try await fresh.shape(), "\(sample), \(layout.rawValue), \(dialect)")

            let itself = try migration(from: schema, to: schema, dialect: dialect, layout: layout)
            #expect(itself.script == "-- test\n-- The two versions make the same \(dialect == .postgresql ? "PostgreSQL" : "SQLite") tables: there is nothing to run.\n")
        }
    }
}
