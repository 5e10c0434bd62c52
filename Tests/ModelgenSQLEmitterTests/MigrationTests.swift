import Foundation
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// `modelgen migrate` on real databases: a database made from one version and holding rows,
/// migrated, has the shape of a database made fresh from the next, and keeps its rows.
///
/// Each case runs psql or sqlite3 a dozen times; one case at a time, so that they do not crowd
/// the other suites' timed runs off a two-core machine.
@Suite(.postgreSQLServer, .serialized) struct MigrationTests {
    /// Three versions of one schema (`Goldens/migrations/v1.yaml` to `v3.yaml`): the second
    /// changes the first in every way a field, a class, a relation, an index and a description
    /// can change.
    static func version(_ name: String) throws -> Schema {
        let path = "Tests/ModelgenSQLEmitterTests/Goldens/migrations/\(name).yaml"
        return try loadSchema(RepositoryFiles.read(path), file: path)
    }




    static let v1Rows = """
        INSERT INTO "Publisher" ("objectId", "name") VALUES ('p1', 'Chilton');
        INSERT INTO "Person" ("objectId", "name") VALUES ('e1', 'Ed');
        INSERT INTO "Obsolete" ("objectId", "note") VALUES ('o1', 'gone');
        INSERT INTO "Book" ("objectId", "title", "subtitle", "year", "price", "legacyCode", "genre", "publisher", "owner", "flag")
            VALUES ('b1', 'Dune', 'A novel', '1965', 10, 'X1', 'fiction', 'p1', 'e1', true);
        INSERT INTO "Book" ("objectId", "title", "subtitle", "price", "stock", "publisher")
            VALUES ('b2', 'Odes', 'Poems', 3, 7, 'p1');
        INSERT INTO "_Join:oldTags:Book" ("owningId", "relatedId") VALUES ('b1', 'e1');
        """

    /// The text of the rows every version keeps, whatever the dialect writes numbers as.
    static let keptRows = """
        SELECT "objectId" || '|' || "title" || '|' || COALESCE("subtitle", '-') || '|' || COALESCE(CAST("year" AS TEXT), '-')
            || '|' || CAST("stock" AS TEXT) || '|' || "isbn" || '|' || COALESCE("genre", '-') || '|' || "publisher"
            || '|' || COALESCE("owner", '-') || '|' || CAST(CAST("price" AS INTEGER) AS TEXT) || '|' || COALESCE("flag", '-')
            FROM "Book" ORDER BY "objectId"
        """

    @Test(arguments: SQLOptions.Dialect.allCases)
    func everyKindOfChangeGivesWhatAFreshDatabaseHasAndKeepsTheRows(dialect: SQLOptions.Dialect) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let v1 = try Self.version("v1"), v2 = try Self.version("v2")
        try await migrated.execute(createScript(v1, dialect: dialect))
        try await migrated.execute(Self.v1Rows)

        let step = try migration(from: v1, to: v2, dialect: dialect)
        #expect(step.losses.map { $0.components(separatedBy: "\n")[0].components(separatedBy: ": error: ").last ?? $0 } == [
            "Obsolete: dropping the table loses its rows",
            "Book.oldTags: dropping the relation's join table '_Join:oldTags:Book' loses its links",
            "Book.legacyCode: dropping the column loses its data",
        ])
        try await migrated.execute(step.script)
        try await fresh.execute(createScript(v2, dialect: dialect))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "v1 to v2, \(dialect)")
        #expect(try await migrated.values(Self.keptRows) == [
            "b1|Dune|A novel|1965|0|unknown|fiction|p1|e1|10|true",
            "b2|Odes|Poems|-|7|unknown|-|p1|-|3|-",
        ], "rows keep their values (the boolean becomes Parse's text for it); the new required column takes its default")

        // Migrating again from where it is now changes nothing.
        let again = try migration(from: v2, to: v2, dialect: dialect)
        #expect(!again.script.contains("BEGIN"))
        #expect(again.script.hasSuffix("there is nothing to run.\n"))
    }

    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func migrationsInSequenceGiveWhatTheLastVersionMakesFresh(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let v1 = try Self.version("v1"), v2 = try Self.version("v2"), v3 = try Self.version("v3")
        try await migrated.execute(createScript(v1, dialect: dialect, layout: layout))
        try await migrated.execute(Self.v1Rows)
        try await migrated.execute(migration(from: v1, to: v2, dialect: dialect, layout: layout).script)
        let last = try migration(from: v2, to: v3, dialect: dialect, layout: layout)
        #expect(last.losses.isEmpty)
        try await migrated.execute(last.script)
        try await fresh.execute(createScript(v3, dialect: dialect, layout: layout))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "v1 to v2 to v3, \(dialect), \(layout.rawValue)")
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || COALESCE(CAST("pages" AS TEXT), '-') FROM "Book" ORDER BY "objectId""#)
                == (layout == .relational ? ["b1:0", "b2:0"] : ["b1:-", "b2:-"]))
    }

    /// A script checks where it starts: run again, or run on a database that skipped the one
    /// before it, it stops before changing a row.
    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func aScriptRunTwiceOrOutOfOrderStopsAndChangesNothing(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        guard let database = try await MigrationDatabase.make(dialect), let skipped = try await MigrationDatabase.make(dialect) else { return }
        defer { database.remove(); skipped.remove() }
        let v1 = try Self.version("v1"), v2 = try Self.version("v2"), v3 = try Self.version("v3")
        let first = try migration(from: v1, to: v2, dialect: dialect, layout: layout).script
        let second = try migration(from: v2, to: v3, dialect: dialect, layout: layout).script
        let rows = #"SELECT * FROM "Book" ORDER BY "objectId""#

        func expectRefused(_ script: String, on database: MigrationDatabase, table: String,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            // The first table the script changes whose columns are not the old schema's.
            let (shape, values) = (try await database.shape(), try await database.values(rows))
            let result = try await database.run(script)
            #expect(!result.succeeded, sourceLocation: sourceLocation)
            #expect(result.stderr.contains("\(table): the table '\(table)' is not as the old schema makes it"),
                    "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(try await database.shape() == shape, sourceLocation: sourceLocation)
            #expect(try await database.values(rows) == values, sourceLocation: sourceLocation)
        }

        try await database.execute(createScript(v1, dialect: dialect, layout: layout))
        try await database.execute(Self.v1Rows)
        try await database.execute(first)
        try await database.execute(#"UPDATE "Book" SET "title" = 'Dune Messiah' WHERE "objectId" = 'b1';"#)
        try await expectRefused(first, on: database, table: "Publisher")
        try await database.execute(second)
        try await expectRefused(second, on: database, table: "Publisher")

        try await skipped.execute(createScript(v1, dialect: dialect, layout: layout))
        try await skipped.execute(Self.v1Rows)
        try await expectRefused(second, on: skipped, table: "Publisher")
    }

    /// The starting point holds rules and indexes too: a script that changes only a CHECK or an
    /// index stops when run again after a later one, and so does a script written for an `int`
    /// run on a table made for a `bool` (SQLite stores both as INTEGER).
    @Test(arguments: SQLOptions.Dialect.allCases)
    func rulesAndIndexesAreWhereAScriptStartsToo(dialect: SQLOptions.Dialect) async throws {
        guard let database = try await MigrationDatabase.make(dialect), let other = try await MigrationDatabase.make(dialect) else { return }
        defer { database.remove(); other.remove() }
        let v1 = try loadSchema("classes:\n  T:\n    fields:\n      s: {type: string, maxLength: 5}\n      e: string\n")
        let v2 = try loadSchema("classes:\n  T:\n    fields:\n      s: {type: string, maxLength: 10}\n      e: {type: string, unique: true}\n")
        let v3 = try loadSchema("classes:\n  T:\n    fields:\n      s: {type: string, maxLength: 3}\n      e: {type: string, unique: true}\n")
        let first = try migration(from: v1, to: v2, dialect: dialect).script
        try await database.execute(createScript(v1, dialect: dialect))
        try await database.execute(first)
        try await database.execute(migration(from: v2, to: v3, dialect: dialect).script)
        let shape = try await database.shape()
        let again = try await database.run(first)
        #expect(!again.succeeded && again.stderr.contains("T: the table 'T' is not as the old schema makes it"), "\(again.stderr)")
        #expect(try await database.shape() == shape)

        // An index redefined under its name, as well.
        let i1 = try loadSchema("classes:\n  T:\n    fields:\n      a: string\n      b: string\n    indexes:\n      - {fields: [a], name: ix}\n")
        let i2 = try loadSchema("classes:\n  T:\n    fields:\n      a: string\n      b: string\n    indexes:\n      - {fields: [b], unique: true, name: ix}\n")
        guard let indexed = try await MigrationDatabase.make(dialect) else { return }
        defer { indexed.remove() }
        try await indexed.execute(createScript(i2, dialect: dialect))
        let redefined = try await indexed.run(migration(from: i1, to: i2, dialect: dialect).script)
        #expect(!redefined.succeeded && redefined.stderr.contains("T: the table 'T' is not as the old schema makes it"), "\(redefined.stderr)")

        // A foreign key's ON DELETE, as well.
        let p1 = try loadSchema("classes:\n  A: {}\n  P:\n    fields:\n      a: {type: pointer<A>, onDelete: cascade}\n")
        let p2 = try loadSchema("classes:\n  A: {}\n  P:\n    fields:\n      a: {type: pointer<A>, onDelete: setNull}\n")
        let p3 = try loadSchema("classes:\n  A: {}\n  P:\n    fields:\n      a: {type: pointer<A>, onDelete: restrict}\n")
        guard let keys = try await MigrationDatabase.make(dialect) else { return }
        defer { keys.remove() }
        let step = try migration(from: p1, to: p2, dialect: dialect).script
        try await keys.execute(createScript(p1, dialect: dialect))
        try await keys.execute(step)
        try await keys.execute(migration(from: p2, to: p3, dialect: dialect).script)
        let rerun = try await keys.run(step)
        #expect(!rerun.succeeded && rerun.stderr.contains("P: the table 'P' is not as the old schema makes it"), "\(rerun.stderr)")

        let flag = try loadSchema("classes:\n  T:\n    fields:\n      flag: bool\n")
        let number = try loadSchema("classes:\n  T:\n    fields:\n      flag: int\n")
        let text = try loadSchema("classes:\n  T:\n    fields:\n      flag: string\n")
        try await other.execute(createScript(flag, dialect: dialect))
        try await other.execute(#"INSERT INTO "T" ("objectId", "flag") VALUES ('t1', true);"#)
        let wrong = try await other.run(migration(from: number, to: text, dialect: dialect).script)
        #expect(!wrong.succeeded && wrong.stderr.contains("T: the table 'T' is not as the old schema makes it"), "\(wrong.stderr)")
    }

    /// SQLite, whose shell does not enforce foreign keys unless asked: a row that points nowhere
    /// stops a migration that rebuilds its table, naming it, and does not stop one that does not.
    @Test func sqliteChecksTheForeignKeysOfTheTablesItRebuilds() async throws {
        guard let database = try await MigrationDatabase.make(.sqlite) else { return }
        defer { database.remove() }
        let old = try loadSchema("classes:\n  A: {}\n  B:\n    fields:\n      a: pointer<A>\n  X:\n    fields:\n      name: string\n")
        let otherTable = try loadSchema("classes:\n  A: {}\n  B:\n    fields:\n      a: pointer<A>\n  X:\n    fields:\n      name: string\n      t: int\n")
        let sameTable = try loadSchema("classes:\n  A: {}\n  B:\n    fields:\n      a: pointer<A>\n      t: int\n  X:\n    fields:\n      name: string\n")
        try await database.execute(createScript(old, dialect: .sqlite))
        guard case .sqlite(let sqlite) = database else { return }
        _ = try await sqlite.run(#"INSERT INTO "B" ("objectId", "a") VALUES ('b1', 'ghost');"#, foreignKeys: false)
        let refused = try await database.run(migration(from: old, to: sameTable, dialect: .sqlite).script)
        #expect(!refused.succeeded)
        #expect(refused.stderr.contains("B: some rows point to objects that do not exist: clear or fix them first"), "\(refused.stderr)")
        #expect(refused.stdout.contains("(first rows: objectId b1)"), "\(refused.stdout)")
        let passed = try await database.run(migration(from: old, to: otherTable, dialect: .sqlite).script)
        #expect(passed.succeeded, "\(passed.stderr)")
    }

    /// SQLite lets any value into an INTEGER column: an int that becomes a string stops on a row
    /// that holds a REAL, which CAST would write in 15 digits.
    @Test func sqliteStopsOnAnIntColumnHoldingWhatIsNotAnInteger() async throws {
        guard let database = try await MigrationDatabase.make(.sqlite) else { return }
        defer { database.remove() }
        let old = try loadSchema("classes:\n  T:\n    fields:\n      v: int\n"), new = try loadSchema("classes:\n  T:\n    fields:\n      v: string\n")
        try await database.execute(createScript(old, dialect: .sqlite))
        try await database.execute(#"INSERT INTO "T" ("objectId", "v") VALUES ('t1', 7), ('t2', 0.30000000000000004);"#)
        let result = try await database.run(migration(from: old, to: new, dialect: .sqlite).script)
        #expect(!result.succeeded && result.stderr.contains("T.v changes from int to string (INTEGER to TEXT), and some values would not stay the same (values that are not integers"),
                "\(result.stderr)")
        #expect(result.stdout.contains("(first rows: objectId t2)"))
    }

    /// A description that spells what the check counts in SQLite's table text (a CHECK, a
    /// foreign key) does not make the table look other than it is.
    @Test(arguments: SQLOptions.Dialect.allCases)
    func descriptionsThatSpellSQLDoNotStopAMigration(dialect: SQLOptions.Dialect) async throws {
        guard let database = try await MigrationDatabase.make(dialect) else { return }
        defer { database.remove() }
        let old = try loadSchema("classes:\n  T:\n    description: 'with a FOREIGN KEY ( here'\n    fields:\n      s: {type: string, description: 'see CHECK (x)'}\n")
        let new = try loadSchema("classes:\n  T:\n    description: 'with a FOREIGN KEY ( here'\n    fields:\n      s: {type: string, description: 'see CHECK (x)'}\n      n: int\n")
        try await database.execute(createScript(old, dialect: dialect))
        try await database.execute(migration(from: old, to: new, dialect: dialect).script)
    }

    /// A new optional unique field on a table with rows: every row has no value yet, which a
    /// unique index allows.
    @Test(arguments: SQLOptions.Dialect.allCases)
    func aNewOptionalUniqueFieldOnATableWithRows(dialect: SQLOptions.Dialect) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let old = try loadSchema("classes:\n  Item:\n    fields:\n      name: string\n")
        let new = try loadSchema("classes:\n  Item:\n    fields:\n      name: string\n      sku: {type: string, unique: true}\n")
        try await migrated.execute(createScript(old, dialect: dialect))
        try await migrated.execute(#"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'a'), ('i2', 'b'), ('i3', 'c');"#)
        try await migrated.execute(migration(from: old, to: new, dialect: dialect).script)
        try await fresh.execute(createScript(new, dialect: dialect))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "unique sku, \(dialect)")
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || "name" FROM "Item" ORDER BY "objectId""#) == ["i1:a", "i2:b", "i3:c"])
    }

    /// A table made without the comments the create script writes (as the on-device store makes
    /// its tables, from `LocalSchema.statements`) is where its migrations start too, even when a
    /// description spells ` CHECK (` or ` FOREIGN KEY (`, which the guard counts in the table's text.
    @Test(arguments: [true, false])
    func aTableWithoutItsCommentsIsWhereItsMigrationsStart(keepsComments: Bool) async throws {
        let old = try loadSchema("""
            classes:
              Shelf:
                fields:
                  name: string
              Item:
                description: "Holds a CHECK (price) and a FOREIGN KEY (shelf) in prose."
                fields:
                  price: {type: double, min: 0, description: "never below 0: CHECK (price >= 0)"}
                  shelf: {type: pointer<Shelf>, description: "a FOREIGN KEY (shelf) to Shelf"}

            """)
        let new = try loadSchema("""
            classes:
              Shelf:
                fields:
                  name: string
              Item:
                description: "Holds a CHECK (price) and a FOREIGN KEY (shelf) in prose."
                fields:
                  price: {type: double, min: 0, description: "never below 0: CHECK (price >= 0)"}
                  shelf: {type: pointer<Shelf>, description: "a FOREIGN KEY (shelf) to Shelf"}
                  note: string

            """)
        guard let database = try await MigrationDatabase.make(.sqlite) else { return }
        defer { database.remove() }
        var create = try createScript(old, dialect: .sqlite)
        if !keepsComments {
            create = create.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }.joined(separator: "\n")
        }
        try await database.execute(create)
        try await database.execute(#"INSERT INTO "Item" ("objectId", "price") VALUES ('i1', 2.5);"#)
        try await database.execute(migration(from: old, to: new, dialect: .sqlite).script)
        #expect(try await database.values(#"SELECT "objectId" || ':' || "price" || ':' || COALESCE("note", '-') FROM "Item""#) == ["i1:2.5:-"])
    }

    /// The starting point recognises every table a create script makes as the table the schema
    /// makes: a fresh database made by the create script of a model that keeps migrations
    /// records them, for every sample in both layouts (unique, lowercased and spatial indexes,
    /// CHECKs, foreign keys and defaults of every kind).
    @Test(arguments: Samples.names, SQLOptions.Layout.allCases)
    func everyTableOfEverySampleIsWhereItsMigrationsLead(sample: String, layout: SQLOptions.Layout) async throws {
        let scripts = try Samples.scripts(of: Samples.schema(sample), layout: layout, keptMigrations: ["0001_init"])
        for dialect in SQLOptions.Dialect.allCases {
            guard let database = try await MigrationDatabase.make(dialect) else { continue }
            defer { database.remove() }
            try await database.execute(try #require(scripts[dialect]))
            #expect(try await database.values(#"SELECT "name" FROM "modelgen_migrations""#) == ["0001_init"], "\(sample), \(layout.rawValue), \(dialect)")
        }
    }

    /// Every sample, from an empty database (as a kept history's first migration starts): the
    /// migration creates what the create script does (in both layouts, Parse Server's
    /// `_SCHEMA` included), cycles of pointers included.
    @Test(arguments: Samples.names, SQLOptions.Layout.allCases)
    func eachSampleMigratedFromNothingIsWhatItsCreateScriptMakes(sample: String, layout: SQLOptions.Layout) async throws {
        let schema = try Samples.schema(sample)
        for dialect in SQLOptions.Dialect.allCases {
            guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { continue }
            defer { migrated.remove(); fresh.remove() }
            let step = try migration(from: nil, to: schema, dialect: dialect, layout: layout)
            #expect(step.losses.isEmpty)
            try await migrated.execute(step.script)
            try await fresh.execute(createScript(schema, dialect: dialect, layout: layout))
            expectSameShape(try await migrated.shape(), try await fresh.shape(), "\(sample), \(layout.rawValue), \(dialect)")

            let itself = try migration(from: schema, to: schema, dialect: dialect, layout: layout)
            #expect(itself.script == "-- test\n-- The two versions make the same \(dialect == .postgresql ? "PostgreSQL" : "SQLite") tables: there is nothing to run.\n")
        }
    }
}

/// Each guard: on rows a change cannot take, the script stops with a message naming the field
/// and the database is as it was; on rows it can take, the script runs and the database is
/// what the new version makes.
@Suite(.postgreSQLServer, .serialized) struct MigrationGuardTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var old: String
        var new: String
        /// Rows the change cannot take.
        var bad: String
        /// Rows it can ("" for none).
        var good: String
        var message: String
        /// The objectIds the message names as the first rows that block the change.
        var rows: String? = "i1"
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a required field with no default added to a table with rows",
             old: "classes:\n  Item:\n    fields:\n      name: string\n",
             new: "classes:\n  Item:\n    fields:\n      name: string\n      code: {type: string, required: true}\n",
             bad: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'a');"#, good: "",
             message: "Item.code is new, required and has no default, and the table has rows"),
        Case(name: "a field made required",
             old: "classes:\n  Item:\n    fields:\n      name: string\n",
             new: "classes:\n  Item:\n    fields:\n      name: {type: string, required: true}\n",
             bad: #"INSERT INTO "Item" ("objectId") VALUES ('i1');"#,
             good: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'a');"#,
             message: "Item.name is now required, and some rows have no value"),
        Case(name: "text to int",
             old: "classes:\n  Item:\n    fields:\n      code: string\n",
             new: "classes:\n  Item:\n    fields:\n      code: int\n",
             bad: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', '42'), ('i2', '007');"#,
             good: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', '42'), ('i2', '-7'), ('i3', NULL);"#,
             message: "Item.code changes from string to int", rows: "i2"),
        Case(name: "text to double",
             old: "classes:\n  Item:\n    fields:\n      code: string\n",
             new: "classes:\n  Item:\n    fields:\n      code: double\n",
             bad: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', '1.5'), ('i2', 'n/a');"#,
             good: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', '1.5'), ('i2', '-2e3'), ('i3', NULL);"#,
             message: "Item.code changes from string to double", rows: "i2"),
        Case(name: "double to int",
             old: "classes:\n  Item:\n    fields:\n      amount: double\n",
             new: "classes:\n  Item:\n    fields:\n      amount: int\n",
             bad: #"INSERT INTO "Item" ("objectId", "amount") VALUES ('i1', 2.5);"#,
             good: #"INSERT INTO "Item" ("objectId", "amount") VALUES ('i1', 2.0);"#,
             message: "Item.amount changes from"),
        Case(name: "int to double beyond 2^53",
             old: "classes:\n  Item:\n    fields:\n      amount: int\n",
             new: "classes:\n  Item:\n    fields:\n      amount: double\n",
             bad: #"INSERT INTO "Item" ("objectId", "amount") VALUES ('i1', 9007199254740993);"#,
             good: #"INSERT INTO "Item" ("objectId", "amount") VALUES ('i1', 9007199254740992);"#,
             message: "Item.amount changes from"),
        Case(name: "an enum case removed",
             old: "enums:\n  Size: {values: [small, large, huge]}\nclasses:\n  Item:\n    fields:\n      size: Size\n",
             new: "enums:\n  Size: {values: [small, large]}\nclasses:\n  Item:\n    fields:\n      size: Size\n",
             bad: #"INSERT INTO "Item" ("objectId", "size") VALUES ('i1', 'huge');"#,
             good: #"INSERT INTO "Item" ("objectId", "size") VALUES ('i1', 'large');"#,
             message: "Item.size: some values break its new enum cases"),
        Case(name: "a maxLength narrowed",
             old: "classes:\n  Item:\n    fields:\n      name: {type: string, maxLength: 10}\n",
             new: "classes:\n  Item:\n    fields:\n      name: {type: string, maxLength: 3}\n",
             bad: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'abcdef');"#,
             good: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'abc');"#,
             message: "Item.name: some values break its new minLength or maxLength"),
        Case(name: "a min on an int converted from text",
             old: "classes:\n  Item:\n    fields:\n      count: string\n",
             new: "classes:\n  Item:\n    fields:\n      count: {type: int, min: 0}\n",
             bad: #"INSERT INTO "Item" ("objectId", "count") VALUES ('i1', '-1');"#,
             good: #"INSERT INTO "Item" ("objectId", "count") VALUES ('i1', '10');"#,
             message: "Item.count: some values break its new min or max"),
        Case(name: "a pointer to another class",
             old: "classes:\n  A:\n    fields:\n      name: string\n  B:\n    fields:\n      name: string\n  Item:\n    fields:\n      link: pointer<A>\n",
             new: "classes:\n  A:\n    fields:\n      name: string\n  B:\n    fields:\n      name: string\n  Item:\n    fields:\n      link: pointer<B>\n",
             bad: #"INSERT INTO "A" ("objectId") VALUES ('a1'); INSERT INTO "Item" ("objectId", "link") VALUES ('i1', 'a1');"#,
             good: #"INSERT INTO "A" ("objectId") VALUES ('x1'); INSERT INTO "B" ("objectId") VALUES ('x1'); INSERT INTO "Item" ("objectId", "link") VALUES ('i1', 'x1');"#,
             message: "Item.link: some rows point to B objects that do not exist"),
        Case(name: "a new class whose table is there already",
             old: "classes:\n  Item:\n    fields:\n      name: string\n",
             new: "classes:\n  Item:\n    fields:\n      name: string\n  Extra:\n    fields:\n      note: string\n",
             bad: #"CREATE TABLE "Extra" ("x" TEXT);"#, good: "",
             message: "Extra: the database has a table 'Extra' already, so it was not made from the old schema", rows: nil),
        Case(name: "a table changed since the old schema",
             old: "classes:\n  Item:\n    fields:\n      name: string\n",
             new: "classes:\n  Item:\n    fields:\n      name: string\n      code: string\n",
             bad: #"ALTER TABLE "Item" ADD COLUMN "code" TEXT;"#, good: "",
             message: "Item: the table 'Item' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version", rows: nil),
        Case(name: "a new unique field with a default on a table with rows",
             old: "classes:\n  Item:\n    fields:\n      name: string\n",
             new: "classes:\n  Item:\n    fields:\n      name: string\n      sku: {type: string, unique: true, default: none}\n",
             bad: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'a'), ('i2', 'b');"#,
             good: #"INSERT INTO "Item" ("objectId", "name") VALUES ('i1', 'a');"#,
             message: "Item: the new unique index 'Item_unique_sku' finds rows with the same sku: sku is new and every row takes its default: drop the default and fill the values in, or drop unique", rows: "i1, i2"),
        Case(name: "an array's element type changed",
             old: "classes:\n  Item:\n    fields:\n      tags: array<int>\n",
             new: "classes:\n  Item:\n    fields:\n      tags: array<string>\n",
             bad: #"INSERT INTO "Item" ("objectId", "tags") VALUES ('i1', '[1, 2]'), ('i2', '[]');"#,
             good: #"INSERT INTO "Item" ("objectId", "tags") VALUES ('i1', '[]'), ('i2', NULL);"#,
             message: "Item.tags changes from array<int> to array<string>, and some rows hold values that may not fit"),
        Case(name: "a required field added to an embedded type",
             old: "embedded:\n  Address:\n    fields:\n      city: string\nclasses:\n  Item:\n    fields:\n      home: Address\n",
             new: "embedded:\n  Address:\n    fields:\n      city: string\n      zip: int!\nclasses:\n  Item:\n    fields:\n      home: Address\n",
             bad: #"INSERT INTO "Item" ("objectId", "home") VALUES ('i1', '{}');"#,
             good: #"INSERT INTO "Item" ("objectId") VALUES ('i1');"#,
             message: "Item.home: what Address holds changes, and some rows hold values that may not fit"),
        Case(name: "an object that becomes a map of ints",
             old: "classes:\n  Item:\n    fields:\n      o: object\n",
             new: "classes:\n  Item:\n    fields:\n      o: map<int>\n",
             bad: #"INSERT INTO "Item" ("objectId", "o") VALUES ('i1', '{"k": "text"}');"#,
             good: #"INSERT INTO "Item" ("objectId", "o") VALUES ('i1', '{}'), ('i2', NULL);"#,
             message: "Item.o changes from object to map<int>, and some rows hold values that may not fit"),
        Case(name: "a unique index added",
             old: "classes:\n  Item:\n    fields:\n      code: string\n",
             new: "classes:\n  Item:\n    fields:\n      code: {type: string, unique: true}\n",
             bad: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', 'x'), ('i2', 'x'), ('i3', NULL), ('i4', NULL);"#,
             good: #"INSERT INTO "Item" ("objectId", "code") VALUES ('i1', 'x'), ('i2', 'y'), ('i3', NULL), ('i4', NULL);"#,
             message: "Item: the new unique index 'Item_unique_code' finds rows with the same code", rows: "i1, i2"),
    ]

    @Test(arguments: cases, SQLOptions.Dialect.allCases)
    func guardStopsOnRowsTheChangeCannotTakeAndPassesTheOthers(_ test: Case, dialect: SQLOptions.Dialect) async throws {
        let old = try loadSchema(test.old), new = try loadSchema(test.new)
        let step = try migration(from: old, to: new, dialect: dialect)
        #expect(step.losses.isEmpty)

        guard let refused = try await MigrationDatabase.make(dialect) else { return }
        defer { refused.remove() }
        try await refused.execute(createScript(old, dialect: dialect))
        try await refused.execute(test.bad)
        let before = try await refused.shape()
        let result = try await refused.run(step.script)
        #expect(!result.succeeded, "the migration ran on rows it cannot take")
        #expect(result.stderr.contains(test.message), "\(result.stderr)")
        if let rows = test.rows {
            // PostgreSQL's message names them; SQLite prints them on the line before its error.
            #expect((dialect == .postgresql ? result.stderr : result.stdout).contains("(first rows: objectId \(rows))"),
                    "\(result.stderr)\(result.stdout)")
        }
        #expect(try await refused.shape() == before, "a refused migration changed the database")

        guard let passed = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { passed.remove(); fresh.remove() }
        try await passed.execute(createScript(old, dialect: dialect))
        if !test.good.isEmpty { try await passed.execute(test.good) }
        try await passed.execute(step.script)
        try await fresh.execute(createScript(new, dialect: dialect))
        expectSameShape(try await passed.shape(), try await fresh.shape(), "\(test.name), \(dialect)")
    }
}

/// What `migrate` refuses, and what it tells.
struct MigrationRefusalTests {
    @Test func eachChangeThatDropsDataIsAnErrorAtTheOldDeclaration() throws {
        let old = """
            classes:
              Product:
                fields:
                  legacyCode: string
                  sold: date
                  tags: relation<Tag>
              Tag:
                fields:
                  name: string
              Coupon:
                fields:
                  code: string
            """
        let new = """
            classes:
              Product:
                fields:
                  sold: bool
              Tag:
                fields:
                  name: string
            """
        let step = try migration(old, new, dialect: .postgresql)
        #expect(step.losses == [
            """
            Old.yaml:10:3: error: Coupon: dropping the table loses its rows
            Old.yaml:10:3: note: if it was renamed, say so in the new schema with 'formerly' (see docs/Migrations.md, Renames)
            """,
            """
            Old.yaml:6:7: error: Product.tags: dropping the relation's join table '_Join:tags:Product' loses its links
            Old.yaml:6:7: note: if it was renamed, say so in the new schema with 'formerly' (see docs/Migrations.md, Renames)
            """,
            """
            Old.yaml:4:7: error: Product.legacyCode: dropping the column loses its data
            Old.yaml:4:7: note: if it was renamed, say so in the new schema with 'formerly' (see docs/Migrations.md, Renames)
            """,
            """
            Old.yaml:5:7: error: Product.sold: changing the column from timestamp with time zone to boolean drops it and adds it again, which loses its data
            Old.yaml:5:7: note: no conversion from timestamp with time zone to boolean keeps every value; to keep them, add a new field, copy the values with your own SQL, then remove the old field
            """,
        ])
        // Listed at the top of the script when accepted.
        #expect(step.script.contains("""
            -- It drops data, as accepted with --allow-data-loss:
            --   Coupon: dropping the table loses its rows
            --   Product.tags: dropping the relation's join table '_Join:tags:Product' loses its links
            --   Product.legacyCode: dropping the column loses its data
            """))
        #expect(try migration(old, new, dialect: .sqlite).losses.count == 4)
    }

    /// JSON whose every value fits the new type needs no check: an array of ints is one of
    /// doubles, an embedded type may gain optional fields or lose fields.
    @Test func jsonThatFitsTheNewTypeIsNotChecked() throws {
        let old = "embedded:\n  A:\n    fields:\n      x: int\n      y: string\nclasses:\n  P:\n    fields:\n      a: array<int>\n      m: map<int>\n      e: A\n"
        let new = "embedded:\n  A:\n    fields:\n      x: double\n      z: bool\nclasses:\n  P:\n    fields:\n      a: array<double>\n      m: map<float>\n      e: A\n"
        for dialect in SQLOptions.Dialect.allCases {
            #expect(try migration(old, new, dialect: dialect).script.hasSuffix("there is nothing to run.\n"), "\(dialect)")
        }
    }

    @Test func changesThatKeepTheValuesLoseNothing() throws {
        let old = "enums:\n  E: {values: [a, b]}\nclasses:\n  P:\n    fields:\n      a: int\n      b: string\n      c: E\n      d: file\n      e: {type: double, description: x}\n"
        let new = "enums:\n  E: {values: [a]}\nclasses:\n  P:\n    fields:\n      a: string\n      b: double\n      c: string\n      d: string\n      e: {type: float, required: true, default: 1.5}\n"
        for dialect in SQLOptions.Dialect.allCases {
            #expect(try migration(old, new, dialect: dialect).losses.isEmpty, "\(dialect)")
        }
    }
}

struct MigrationDiffTests {
    /// The scripts of `Goldens/migrations/v1.yaml` to `v2.yaml` and `v2.yaml` to `v3.yaml`, which
    /// `MigrationTests` runs on real databases, pinned as text (in the `parse-server` layout,
    /// under `parse-server/`).
    @Test(arguments: [("v1", "v2"), ("v2", "v3")], SQLOptions.Layout.allCases)
    func scriptsAreTheGoldenFiles(versions: (String, String), layout: SQLOptions.Layout) throws {
        let old = try MigrationTests.version(versions.0), new = try MigrationTests.version(versions.1)
        var scripts: [SQLOptions.Dialect: String] = [:]
        for dialect in SQLOptions.Dialect.allCases {
            scripts[dialect] = try migration(from: old, to: new, dialect: dialect, layout: layout).script
        }
        let folder = layout == .relational ? "" : layout.rawValue + "/"
        try GoldenFileTests.compare(scripts, with: "Tests/ModelgenSQLEmitterTests/Goldens/migrations/\(folder)\(versions.0)-to-\(versions.1)")
    }

    /// Where a declaration is written (another file, other lines) is no change to a database.
    @Test func theSameSchemaFromAnotherFileAndPlaceMigratesNothing() throws {
        let schema = try String(contentsOfFile: RepositoryFiles.root + "/Schemas/Library.yaml", encoding: .utf8)
        for dialect in SQLOptions.Dialect.allCases {
            for layout in SQLOptions.Layout.allCases {
                let step = try migration(from: loadSchema(schema, file: "A.yaml"), to: loadSchema("\n\n" + schema, file: "B.yaml"),
                                         dialect: dialect, layout: layout)
                #expect(step.script.hasSuffix("there is nothing to run.\n"), "\(dialect), \(layout)")
            }
        }
    }
}

/// Migrations kept in a history record themselves in `modelgen_migrations`, and so run once
/// and in order.
@Suite(.postgreSQLServer) struct MigrationRecordTests {
    @Test(arguments: SQLOptions.Dialect.allCases)
    func keptMigrationsRunOnceAndInOrder(dialect: SQLOptions.Dialect) async throws {
        let v1 = try MigrationTests.version("v1"), v2 = try MigrationTests.version("v2"), v3 = try MigrationTests.version("v3")
        let first = try migration(from: nil, to: v1, dialect: dialect, record: .init(name: "0001_books", previous: nil)).script
        let second = try migration(from: v1, to: v2, dialect: dialect, record: .init(name: "0002_authors", previous: "0001_books")).script
        let third = try migration(from: v2, to: v3, dialect: dialect, record: .init(name: "0003_pages", previous: "0002_authors")).script

        func expectRefused(_ script: String, on database: MigrationDatabase, _ message: String,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            let before = try await database.shape()
            let result = try await database.run(script)
            #expect(!result.succeeded, sourceLocation: sourceLocation)
            #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(try await database.shape() == before, sourceLocation: sourceLocation)
        }

        guard let database = try await MigrationDatabase.make(dialect) else { return }
        defer { database.remove() }
        try await database.execute(first)
        try await database.execute(Self.rows)
        try await expectRefused(third, on: database, "migration 0003_pages comes after 0002_authors, which has not run on this database: run the migrations in order")
        try await database.execute(second)
        try await expectRefused(second, on: database, "migration 0002_authors has run on this database already")
        try await database.execute(third)
        try await expectRefused(second, on: database, "migration 0002_authors has run on this database already")
        #expect(try await database.values(#"SELECT "name" FROM "modelgen_migrations" ORDER BY "name""#)
                == ["0001_books", "0002_authors", "0003_pages"])

        // Running a later one first, then an earlier one, is refused too.
        guard let skipped = try await MigrationDatabase.make(dialect) else { return }
        defer { skipped.remove() }
        try await skipped.execute(first)
        try await skipped.execute(#"INSERT INTO "modelgen_migrations" ("name") VALUES ('0003_pages');"#)
        try await expectRefused(second, on: skipped, "a migration after 0002_authors has run on this database already: run the migrations in order")

        // A database made by the create script has no record: its first migration runs.
        guard let created = try await MigrationDatabase.make(dialect) else { return }
        defer { created.remove() }
        try await created.execute(createScript(v1, dialect: dialect))
        try await created.execute(Self.rows)
        try await created.execute(second)
        #expect(try await created.values(#"SELECT "name" FROM "modelgen_migrations""#) == ["0002_authors"])
    }

    static let rows = """
        INSERT INTO "Publisher" ("objectId", "name") VALUES ('p1', 'Chilton');
        INSERT INTO "Book" ("objectId", "title", "subtitle", "publisher") VALUES ('b1', 'Dune', 'A novel', 'p1');
        """
}

/// Renames declared with `formerly`: the migration renames tables, columns, join tables,
/// indexes and constraints to the names a fresh database has, keeps every row, and the next
/// migration starts from there.
@Suite(.postgreSQLServer, .serialized) struct MigrationRenameTests {
    static let old = """
        classes:
          Author:
            fields:
              name: {type: string, unique: true, maxLength: 80}
              born: int
              books: relation<Book>
              tags: {type: array<string>, maxCount: 3}
          Book:
            fields:
              title: {type: string, index: true}
              author: pointer<Author>
            indexes:
              - {fields: [title, author]}
        """
    static let new = """
        classes:
          Writer:
            formerly: Author
            fields:
              fullName: {type: string, unique: true, maxLength: 80, formerly: name}
              yearOfBirth: {type: string, formerly: [born]}
              works: {type: relation<Book>, formerly: books}
              labels: {type: array<string>, maxCount: 3, formerly: tags}
          Book:
            fields:
              heading: {type: string, index: true, formerly: title}
              writer: {type: pointer<Writer>, formerly: [author]}
            indexes:
              - {fields: [heading, writer]}
        """
    /// The new version once more, with a field added: the migration after a rename.
    static let next = new.replacingOccurrences(of: "      writer: {type: pointer<Writer>, formerly: [author]}",
                                               with: "      writer: {type: pointer<Writer>, formerly: [author]}\n      pages: int")

    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func renamesKeepEveryRowAndGiveWhatAFreshDatabaseHas(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let old = try loadSchema(Self.old, file: "Old.yaml"), new = try loadSchema(Self.new, file: "New.yaml")
        let next = try loadSchema(Self.next, file: "Next.yaml")
        try await migrated.execute(createScript(old, dialect: dialect, layout: layout))
        try await migrated.execute("""
            INSERT INTO "Author" ("objectId", "name", "born") VALUES ('a1', 'Le Guin', 1929), ('a2', 'Herbert', 1920);
            INSERT INTO "Book" ("objectId", "title", "author") VALUES ('b1', 'Earthsea', 'a1'), ('b2', 'Dune', 'a2');
            INSERT INTO "_Join:books:Author" ("owningId", "relatedId") VALUES ('a1', 'b1');
            """)
        let step = try migration(from: old, to: new, dialect: dialect, layout: layout)
        #expect(step.losses.isEmpty, "\(step.losses)")
        try await migrated.execute(step.script)
        try await fresh.execute(createScript(new, dialect: dialect, layout: layout))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "renamed, \(dialect), \(layout.rawValue)")
        if case .postgresql = migrated {
            // PostgreSQL names CHECKs after their table and column: the renamed ones have a fresh table's names.
            let checks = #"SELECT conrelid::regclass || ' ' || conname FROM pg_constraint WHERE contype = 'c' ORDER BY 1"#
            #expect(try await migrated.values(checks) == fresh.values(checks))
        }
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || "fullName" || ':' || "yearOfBirth" FROM "Writer" ORDER BY "objectId""#)
                == ["a1:Le Guin:1929", "a2:Herbert:1920"])
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || "heading" || ':' || "writer" FROM "Book" ORDER BY "objectId""#)
                == ["b1:Earthsea:a1", "b2:Dune:a2"])
        #expect(try await migrated.values(#"SELECT "owningId" || ':' || "relatedId" FROM "_Join:works:Writer""#) == ["a1:b1"])

        // A renamed and retyped column's rows are named as the database has them.
        guard let refused = try await MigrationDatabase.make(dialect) else { return }
        defer { refused.remove() }
        try await refused.execute(createScript(old, dialect: dialect, layout: layout))
        try await refused.execute(#"INSERT INTO "Author" ("objectId", "name", "born") VALUES ('a1', 'Le Guin', 1929);"#)
        let retyped = try loadSchema(Self.new.replacingOccurrences(of: "fullName: {type: string, unique: true, maxLength: 80, formerly: name}",
                                                                   with: "fullName: {type: int, unique: true, formerly: name}"), file: "Retyped.yaml")
        let result = try await refused.run(migration(from: old, to: retyped, dialect: dialect, layout: layout).script)
        #expect(!result.succeeded)
        #expect(result.stderr.contains("Writer.fullName (Author.name before this migration) changes from string to int"), "\(result.stderr)")
        // Run again, it stops before changing a row; the next migration starts from here.
        let again = try await migrated.run(step.script)
        #expect(!again.succeeded && again.stderr.contains("Author: the table 'Author' is not as the old schema makes it"),
                "\(again.stderr)")
        try await migrated.execute(migration(from: new, to: next, dialect: dialect, layout: layout).script)
        try await fresh.execute(migration(from: new, to: next, dialect: dialect, layout: layout).script)
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "renamed, then a field added, \(dialect), \(layout.rawValue)")
        #expect(try migration(from: next, to: next, dialect: dialect, layout: layout).script.hasSuffix("there is nothing to run.\n"))
    }

    /// A rename of only the case of a class, a field and a relation's join table: SQLite, whose
    /// names ignore case, takes the table through another name.
    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func aRenameOfOnlyTheCaseKeepsEveryRow(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        guard let migrated = try await MigrationDatabase.make(dialect), let fresh = try await MigrationDatabase.make(dialect) else { return }
        defer { migrated.remove(); fresh.remove() }
        let old = try loadSchema("classes:\n  author:\n    fields:\n      Name: {type: string, unique: true}\n      books: relation<Book>\n  Book:\n    fields:\n      by: pointer<author>\n", file: "Old.yaml")
        let new = try loadSchema("classes:\n  Author:\n    formerly: author\n    fields:\n      name: {type: string, unique: true, formerly: Name}\n      books: relation<Book>\n  Book:\n    fields:\n      by: pointer<Author>\n", file: "New.yaml")
        try await migrated.execute(createScript(old, dialect: dialect, layout: layout))
        try await migrated.execute("""
            INSERT INTO "author" ("objectId", "Name") VALUES ('a1', 'Le Guin');
            INSERT INTO "Book" ("objectId", "by") VALUES ('b1', 'a1');
            INSERT INTO "_Join:books:author" ("owningId", "relatedId") VALUES ('a1', 'b1');
            """)
        let step = try migration(from: old, to: new, dialect: dialect, layout: layout)
        #expect(step.losses.isEmpty, "\(step.losses)")
        try await migrated.execute(step.script)
        try await fresh.execute(createScript(new, dialect: dialect, layout: layout))
        expectSameShape(try await migrated.shape(), try await fresh.shape(), "case, \(dialect), \(layout.rawValue)")
        #expect(try await migrated.values(#"SELECT "objectId" || ':' || "name" FROM "Author""#) == ["a1:Le Guin"])
        #expect(try await migrated.values(#"SELECT "owningId" || ':' || "relatedId" FROM "_Join:books:Author""#) == ["a1:b1"])
        #expect(try migration(from: new, to: new, dialect: dialect, layout: layout).script.hasSuffix("there is nothing to run.\n"))
    }

    /// docs/Migrations.md's example: the page's schema after the rename, and the renames it
    /// shows are the ones migrate writes.
    @Test func theDocumentedRenamesAreWhatMigrateWrites() throws {
        let page = try RepositoryFiles.read("docs/Migrations.md")
        let section = try #require(page.components(separatedBy: "## Renames\n").dropFirst().first)
        let yaml = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let sql = try #require(section.components(separatedBy: "```sql\n").dropFirst().first?.components(separatedBy: "```").first)
        let old = try loadSchema("classes:\n  Author:\n    fields:\n      name: {type: string, unique: true}\n      books: relation<Book>\n  Book:\n    fields:\n      title: string\n")
        let script = try migration(from: old, to: loadSchema(yaml), dialect: .postgresql).script
        #expect(script.contains("\n" + sql + "\n"), "\(script)")
    }

    /// Parse Server's records as its PostgreSQL adapter writes them (`createClass`, then the
    /// schema API's indexes and permissions), for the rename tests' old version, and a class
    /// the schema does not declare that points to `Author`.
    static let oldRecords = #"""
        INSERT INTO "_SCHEMA" ("className", "schema", "isParseClass") VALUES
        ('Author', '{"className": "Author", "fields": {"objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"}, "ACL": {"type": "ACL"}, "name": {"type": "String", "required": true}, "born": {"type": "Number"}, "books": {"type": "Relation", "targetClass": "Book"}, "tags": {"type": "Array"}, "_rperm": {"type": "Array"}, "_wperm": {"type": "Array"}}, "classLevelPermissions": {"find": {"*": true}, "get": {"*": true}, "update": {"pointerFields": ["name"]}, "delete": {}, "protectedFields": {"*": ["born", "tags"], "userField:name": ["tags"]}, "readUserFields": ["name"]}, "indexes": {"_id_": {"_id": 1}, "name_born": {"name": 1, "born": 1}}}', true),
        ('Book', '{"className": "Book", "fields": {"objectId": {"type": "String"}, "title": {"type": "String"}, "author": {"type": "Pointer", "targetClass": "Author"}}, "indexes": {"_id_": {"_id": 1}, "Book_title_author_idx": {"title": 1, "author": 1}}}', true),
        ('Note', '{"className": "Note", "fields": {"about": {"type": "Pointer", "targetClass": "Author"}, "book": {"type": "Pointer", "targetClass": "Book"}}}', true);
        """#

    /// In Parse Server's layout (PostgreSQL), the renames, type changes, new and dropped fields
    /// of a migration change Parse Server's record of each class as its adapter would: names
    /// in fields, indexes and permissions, targets of pointers from every class, types.
    @Test func parseServerRecordsFollowTheMigration() async throws {
        guard let database = try await MigrationDatabase.make(.postgresql) else { return }
        defer { database.remove() }
        let old = try loadSchema(Self.old, file: "Old.yaml"), new = try loadSchema(Self.new, file: "New.yaml")
        try await database.execute(createScript(old, dialect: .postgresql, layout: .parseServer))
        try await database.execute(Self.oldRecords)
        let step = try migration(from: old, to: new, dialect: .postgresql, layout: .parseServer)
        try await database.execute(step.script)
        let records = #"SELECT "className" || ' ' || "schema"::text FROM "_SCHEMA" ORDER BY 1"#
        let expected = #"""
            SELECT "className" || ' ' || "schema"::jsonb::text FROM (VALUES
            ('Book', '{"className": "Book", "fields": {"objectId": {"type": "String"}, "heading": {"type": "String"}, "writer": {"type": "Pointer", "targetClass": "Writer"}}, "indexes": {"_id_": {"_id": 1}, "Book_heading_writer_idx": {"heading": 1, "writer": 1}}}'),
            ('Note', '{"className": "Note", "fields": {"about": {"type": "Pointer", "targetClass": "Writer"}, "book": {"type": "Pointer", "targetClass": "Book"}}}'),
            ('Writer', '{"className": "Writer", "fields": {"objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"}, "ACL": {"type": "ACL"}, "fullName": {"type": "String", "required": true}, "yearOfBirth": {"type": "String"}, "works": {"type": "Relation", "targetClass": "Book"}, "labels": {"type": "Array"}, "_rperm": {"type": "Array"}, "_wperm": {"type": "Array"}}, "classLevelPermissions": {"find": {"*": true}, "get": {"*": true}, "update": {"pointerFields": ["fullName"]}, "delete": {}, "protectedFields": {"*": ["yearOfBirth", "labels"], "userField:fullName": ["labels"]}, "readUserFields": ["fullName"]}, "indexes": {"_id_": {"_id": 1}, "name_born": {"fullName": 1, "yearOfBirth": 1}}}')
            ) AS records("className", "schema") ORDER BY 1
            """#
        #expect(try await database.values(records) == database.values(expected), "\(step.script)")

        // The next version adds fields, drops two (an index goes with one) and a class: their records follow.
        let next = try loadSchema("""
            classes:
              Writer:
                fields:
                  fullName: {type: string, unique: true, maxLength: 80}
                  labels: {type: array<string>, maxCount: 3}
                  email: string
                  mentor: pointer<Writer>
            """, file: "Next.yaml")
        let last = try migration(from: new, to: next, dialect: .postgresql, layout: .parseServer)
        try await database.execute(last.script)
        let writer = #"SELECT concat_ws(' | ', "schema" -> 'fields' ->> 'email', "schema" -> 'fields' ->> 'mentor', "schema" -> 'fields' ? 'yearOfBirth', "schema" -> 'fields' ? 'works', "schema" ->> 'indexes') FROM "_SCHEMA" WHERE "className" = 'Writer'"#
        #expect(try await database.values(#"SELECT "className" FROM "_SCHEMA" ORDER BY 1"#) == ["Note", "Writer"])
        let actual = try await database.values(writer)
        #expect(actual == [#"{"type": "String"} | {"type": "Pointer", "targetClass": "Writer"} | f | f | {"_id_": {"_id": 1}}"#], "\(last.script)")
    }

    /// A rename onto a class Parse Server records already stops before any change; in SQLite,
    /// where Parse Server does not run, a migration that changes a class `_SCHEMA` records stops.
    @Test(arguments: SQLOptions.Dialect.allCases)
    func parseServerRecordsThatCannotFollowStopTheMigration(dialect: SQLOptions.Dialect) async throws {
        guard let database = try await MigrationDatabase.make(dialect) else { return }
        defer { database.remove() }
        let old = try loadSchema(Self.old, file: "Old.yaml"), new = try loadSchema(Self.new, file: "New.yaml")
        try await database.execute(createScript(old, dialect: dialect, layout: .parseServer))
        let record = dialect == .postgresql ? "Writer" : "Book"
        try await database.execute(#"INSERT INTO "_SCHEMA" ("className", "schema", "isParseClass") VALUES ('\#(record)', '{"className": "\#(record)"}', true);"#)
        let before = try await database.shape()
        let result = try await database.run(migration(from: old, to: new, dialect: dialect, layout: .parseServer).script)
        #expect(!result.succeeded)
        let message = dialect == .postgresql
            ? "Writer: Parse Server records a class 'Writer' in _SCHEMA already, so the database was not made from the old schema"
            : "Book: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try await database.shape() == before)
    }

    /// A rename that gives an index the name another index of the old version keeps is refused,
    /// not left to a raw database error.
    @Test func aRenameOntoAnotherIndexNameIsRefused() throws {
        let old = try loadSchema("classes:\n  Author:\n    fields:\n      name: {type: string, unique: true}\n      code: string\n    indexes:\n      - {fields: [code], name: Writer_unique_name}\n", file: "Old.yaml")
        let new = try loadSchema("classes:\n  Writer:\n    formerly: Author\n    fields:\n      name: {type: string, unique: true}\n      code: string\n    indexes:\n      - {fields: [code], name: code_idx}\n", file: "New.yaml")
        for dialect in SQLOptions.Dialect.allCases {
            let step = SQLMigration(from: old, to: new, layout: .relational, dialect: dialect)
            #expect(step.problems.map(\.message) == [
                "the renames give two indexes the name 'Writer_unique_name': the index on code of Writer, and one of Writer that the old version has",
            ], "\(dialect)")
        }
    }

    @Test func aFormerNameOfTwoOldClassesIsRefused() throws {
        let old = try loadSchema("classes:\n  Author: {}\n  Person: {}\n", file: "Old.yaml")
        let new = try loadSchema("classes:\n  Writer:\n    formerly: [Author, Person]\n    fields:\n      name: {type: string, formerly: [a, b]}\n", file: "New.yaml")
        let step = SQLMigration(from: old, to: new, layout: .relational, dialect: .postgresql)
        #expect(step.problems.map(\.description) == [
            """
            New.yaml:2:3: error: class 'Writer': the old schema has 'Author' and 'Person', which its 'formerly' all names
            New.yaml:2:3: note: keep the one it was renamed from
            """,
        ])

        // Renamed onto a name the old version has too.
        let both = try loadSchema("classes:\n  A:\n    fields:\n      a: string\n      b: int\n  B: {}\n", file: "Old.yaml")
        let onto = try loadSchema("classes:\n  B:\n    formerly: A\n    fields:\n      b: {type: string, formerly: a}\n", file: "New.yaml")
        #expect(SQLMigration(from: both, to: onto, layout: .relational, dialect: .sqlite).problems.map(\.description) == [
            """
            New.yaml:2:3: error: class 'B': the old schema has both 'B' and 'A', which its 'formerly' names
            New.yaml:2:3: note: a class cannot be renamed onto one that is still there: remove 'B' in one migration, then rename in the next
            """,
        ])
        let field = try loadSchema("classes:\n  A:\n    fields:\n      b: {type: string, formerly: a}\n", file: "New.yaml")
        #expect(SQLMigration(from: both, to: field, layout: .relational, dialect: .postgresql).problems.map(\.description) == [
            """
            New.yaml:4:7: error: A.b: the old schema has both 'b' and 'a', which its 'formerly' names
            New.yaml:4:7: note: a field cannot be renamed onto one that is still there: remove 'b' in one migration, then rename in the next
            """,
        ])
    }
}
