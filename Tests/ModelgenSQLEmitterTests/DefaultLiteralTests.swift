import ModelgenSQLEmitter
import Testing

/// A default of every type that takes one, written as a literal by the emitter and read back
/// from both databases after inserting a row that leaves them out.
enum DefaultsSchema {
    static let yaml = #"""
        enums:
          Size:
            values: {small: "s'm", large: "L"}
          Level:
            type: int
            values: {low: -1, high: 10}
        classes:
          Defaults:
            fields:
              text: {type: string, default: "it's \"quoted\" \\ here"}
              count: {type: int, default: -5}
              ratio: {type: double, default: 0.00001}
              weight: {type: float, default: 2.5}
              flag: {type: bool, default: false}
              when: {type: date, default: "2024-01-31T12:30:00.000Z"}
              size: {type: Size, default: small}
              level: {type: Level, default: low}
        """#
}

extension PostgreSQLTests {
    @Test func defaultLiteralsOfEveryTypeReadBackExactly() async throws {
        guard let database = try await PostgreSQLServer.database() else { return }
        try await database.execute(try #require(emitSQL(DefaultsSchema.yaml).files["SQL/postgresql.sql"]))
        try await database.execute(#"INSERT INTO "Defaults" ("objectId") VALUES ('d1');"#)
        let row = try await database.execute("""
            SELECT "text", "count", "ratio", "weight", "flag", to_char("when" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   "size", "level" FROM "Defaults";
            """)
        #expect(row == #"it's "quoted" \ here|-5|1e-05|2.5|f|2024-01-31T12:30:00.000Z|s'm|-1"#)
    }
}

@Suite struct SQLiteDefaultLiteralTests {
    @Test func defaultLiteralsOfEveryTypeReadBackExactly() async throws {
        guard let database = try await SQLiteDatabase.create() else { return }
        defer { database.remove() }
        try await database.execute(try #require(emitSQL(DefaultsSchema.yaml).files["SQL/sqlite.sql"]))
        try await database.execute(#"INSERT INTO "Defaults" ("objectId") VALUES ('d1');"#)
        let row = try await database.execute(#"SELECT "text", "count", "ratio", "weight", "flag", "when", "size", "level" FROM "Defaults";"#)
        #expect(row == #"it's "quoted" \ here|-5|1.0e-05|2.5|0|2024-01-31T12:30:00.000Z|s'm|-1"#)
    }
}
