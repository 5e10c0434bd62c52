import ModelgenSQLEmitter
import Testing

/// The problems only SQL has are located errors, and a run with any of them writes nothing.
@Suite struct SQLDiagnosticsTests {
    @Test func derivedIndexNamedLikeATable() {
        let run = emitSQL("""
            classes:
              Book:
                fields:
                  title: {type: string, index: true}
              Book_title_idx:
                fields:
                  x: int
            """)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == ["""
            Test.yaml:4:7: error: SQL name 'Book_title_idx' of the index of field 'title' of class 'Book' is already the name of the table of class 'Book_title_idx'
            Test.yaml:5:3: note: the table of class 'Book_title_idx' is declared here
            Test.yaml:4:7: note: tables and indexes share one namespace in PostgreSQL and SQLite
            """])
    }

    @Test func declaredIndexNamedLikeAPrimaryKeyIndex() {
        let yaml = """
            classes:
              Book:
                fields:
                  title: string
                indexes:
                  - {fields: [title], name: Book_pkey}
            """
        let run = emitSQL(yaml)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == ["""
            Test.yaml:6:9: error: SQL name 'Book_pkey' of the index on title of class 'Book' is already the name of PostgreSQL's primary-key index of the table of class 'Book'
            Test.yaml:2:3: note: PostgreSQL's primary-key index of the table of class 'Book' is declared here
            Test.yaml:6:9: note: tables and indexes share one namespace in PostgreSQL and SQLite
            """])
        #expect(emitSQL(yaml, options: SQLOptions(dialects: [.sqlite])).diagnostics.isEmpty, "SQLite names primary keys its own way")
    }

    @Test func namesThatDifferOnlyInCaseCollideInSQLite() {
        let run = emitSQL("""
            classes:
              Book:
                fields:
                  title: {type: string, index: true}
                  year: int
                indexes:
                  - {fields: [year], name: BOOK_TITLE_IDX}
            """)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == ["""
            Test.yaml:7:9: error: SQL name 'BOOK_TITLE_IDX' of the index on year of class 'Book' is already the name of the index of field 'title' of class 'Book'
            Test.yaml:4:7: note: the index of field 'title' of class 'Book' is declared here
            Test.yaml:7:9: note: SQLite ignores case in names, so 'Book_title_idx' and 'BOOK_TITLE_IDX' are the same name
            """])
    }

    @Test func namesSQLiteReserves() {
        let yaml = """
            classes:
              sqlite_stats:
                fields:
                  n: int
              Book:
                fields:
                  title: string
                indexes:
                  - {fields: [title], name: sqlite_title}
            """
        let run = emitSQL(yaml)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == [
            """
            Test.yaml:2:3: error: SQL name 'sqlite_stats' of the table of class 'sqlite_stats' starts with 'sqlite_', which SQLite reserves for itself
            Test.yaml:2:3: note: choose a name that does not start with 'sqlite_'
            """,
            """
            Test.yaml:9:9: error: SQL name 'sqlite_title' of the index on title starts with 'sqlite_', which SQLite reserves for itself
            Test.yaml:9:9: note: choose a name that does not start with 'sqlite_'
            """,
        ])
        #expect(emitSQL(yaml, options: SQLOptions(dialects: [.postgresql])).diagnostics.isEmpty, "PostgreSQL takes these names")
    }

    @Test func uniqueGeopointCannotBeIndexedByPostgreSQL() {
        let yaml = """
            classes:
              Place:
                fields:
                  location: {type: geopoint, unique: true}
                  area: polygon
                indexes:
                  - {fields: [area], unique: true}
            """
        let run = emitSQL(yaml)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == [
            """
            Test.yaml:4:7: error: the unique index of field 'location' of class 'Place' is unique, but PostgreSQL cannot make a unique index on a geopoint or polygon
            Test.yaml:4:7: note: PostgreSQL indexes points and polygons with GiST, which has no unique indexes
            """,
            """
            Test.yaml:7:9: error: the index on area of class 'Place' is unique, but PostgreSQL cannot make a unique index on a geopoint or polygon
            Test.yaml:7:9: note: PostgreSQL indexes points and polygons with GiST, which has no unique indexes
            """,
        ])
        #expect(emitSQL(yaml, options: SQLOptions(dialects: [.sqlite])).diagnostics.isEmpty)
        #expect(emitSQL(yaml, options: SQLOptions(layout: .parseServer)).diagnostics.count == 2, "in both layouts")
    }

    @Test func geopointMixedWithOtherFieldsInOneIndex() {
        let run = emitSQL("""
            classes:
              Place:
                fields:
                  name: string
                  location: geopoint
                indexes:
                  - [location, name]
            """)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == ["""
            Test.yaml:7:9: error: the index on location, name of class 'Place' mixes a geopoint or polygon with other fields, which PostgreSQL cannot index together
            Test.yaml:7:9: note: index the geopoint or polygon on its own
            """])
    }

    @Test func spatialIndexesUseGiST() {
        let run = emitSQL("""
            classes:
              Place:
                fields:
                  location: {type: geopoint, index: true}
                  area: polygon
                indexes:
                  - [area]
            """)
        #expect(run.diagnostics.isEmpty)
        let script = run.files["SQL/postgresql.sql"] ?? ""
        #expect(script.contains(#"CREATE INDEX IF NOT EXISTS "Place_location_idx" ON "Place" USING gist ("location");"#))
        #expect(script.contains(#"CREATE INDEX IF NOT EXISTS "Place_area_idx" ON "Place" USING gist ("area");"#))
        #expect(run.files["SQL/sqlite.sql"]?.contains(#"CREATE INDEX IF NOT EXISTS "Place_area_idx" ON "Place" ("area");"#) == true)
    }

    @Test func nulInADefaultOrAnEnumValue() {
        let run = emitSQL(#"""
            enums:
              Mark:
                values: {plain: "plain", odd: "o\0dd"}
              Unused:
                values: {x: "x\0"}
            classes:
              Note:
                fields:
                  text: {type: string, default: "a\0b"}
                  mark: Mark
            """#)
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == [
            """
            Test.yaml:9:7: error: the default of field 'text' of class 'Note' contains a NUL character, which SQL text cannot hold
            Test.yaml:9:7: note: remove the \\0 from the default
            """,
            """
            Test.yaml:3:30: error: the raw value of case 'odd' of enum 'Mark' contains a NUL character, which SQL text cannot hold
            Test.yaml:3:30: note: the raw value goes into a CHECK constraint; remove the \\0
            """,
        ])
    }

    @Test func parseServerLayoutHasNoColumnForSessionRestricted() {
        let yaml = """
            classes:
              _Session:
                indexes:
                  - [restricted]
            """
        #expect(emitSQL(yaml).diagnostics.isEmpty, "the relational layout keeps every predefined field")
        let run = emitSQL(yaml, options: SQLOptions(layout: .parseServer))
        #expect(run.files.isEmpty)
        #expect(run.diagnostics == ["""
            Test.yaml:4:9: error: index names 'restricted', which Parse Server's _Session table has no column for
            Test.yaml:4:9: note: the parse-server layout writes exactly Parse Server's tables
            """])
    }

    @Test func longDerivedNamesAreShortenedNotRefused() {
        let field = String(repeating: "f", count: 40)
        let run = emitSQL("""
            classes:
              AVeryLongClassNameForAnIndexTest:
                fields:
                  \(field): {type: int, index: true}
            """)
        #expect(run.diagnostics.isEmpty)
        let script = run.files["SQL/postgresql.sql"] ?? ""
        let kept = String("AVeryLongClassNameForAnIndexTest_\(field)".prefix(54))
        #expect(script.contains("CREATE INDEX IF NOT EXISTS \"\(kept)_"))
        #expect(!script.contains("_idx\""), "the 76-byte name \(field)_idx is shortened to 63 bytes")
    }
}
