import Foundation
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// `Tests/InjectionModels/Injection.yaml`: defaults, enum raw values and descriptions that try
/// to end a string literal or a comment early (`'`, `"`, `;`, `--`, `*/`, backslashes, line
/// breaks, invisible and bidirectional characters), and SQL keywords as names. Its scripts
/// must apply, and what the databases then hold must be exactly what the schema says; every
/// expected value is written here as a Swift literal of its own.
enum Injection {
    /// The model's two inputs, as `modelgen.yml` lists them: the hostile text, and the pointer
    /// cycles of `Cycles.yaml` (whose foreign keys must be added after both tables exist).
    static func schema() throws -> Schema {
        let inputs = ["Injection.yaml", "Cycles.yaml"].map { name in
            SchemaLoading.Input(path: RepositoryFiles.root + "/Tests/InjectionModels/" + name,
                                displayPath: "Tests/InjectionModels/" + name)
        }
        let loaded = SchemaLoading.load(inputs)
        return try #require(loaded.schema, "\(loaded.diagnostics)")
    }

    static func scripts(_ layout: SQLOptions.Layout) throws -> [SQLOptions.Dialect: String] {
        try Samples.scripts(of: schema(), layout: layout)
    }

    /// The text defaults of `Payload`, by column.
    static let textDefaults: [String: String] = [
        "title": #"x"; fatalError(); let y = ""#,
        "note": "line1\nline2\r\nline3\t\u{1}\u{7F}\u{2028}\u{202E}",
        "path": #"..\..\etc/passwd"#,
        "sql": #"'); DROP TABLE "Payload"; --"#,
        "interpolation": #"\(1 + 1) \u{41}"#,
        "raw": ###"#"raw"# ##"""##"###,
        "unicode": "😀 e\u{301} \u{FEFF} end",
        "quote": #"'); DROP TABLE "Payload"; --"#,
        "default": "default",
        "select": "select",
    ]

    static let quoteRawValues = [
        "it's", #"say "hi""#, #"C:\temp\"#, #"\(1 + 1)"#, #"\u{41}"#, "line 1\nline 2", "line 1\r\nline 2", "a\tb",
        ##"#"raw"# ##"##, "\"\"\"", "*/ -- /*", #"'); DROP TABLE "Payload"; --"#, "a\u{2028}b", "abc\u{202E}dcb", "😀 e\u{301}",
    ]

    /// Descriptions as comments: one line per line of the text, invisible characters dropped.
    static let comments: [String: String] = [
        "Payload": "Class description: ends a comment */ and opens one /*\n\"\"\" triple quotes\n#if false\n"
            + "\\u{202E} bidi override: abcdcb\n'; DROP TABLE \"Payload\"; --\n\\(interpolation) and \\\\ backslash",
        "Payload.title": "*/ import Foundation /*",
        "Payload.note": "a\nb\nc\nd\ne",
        "Payload.sql": "'; DROP TABLE \"Payload\"; --",
        "Payload.class": "a Swift keyword",
        "Select": "An SQL keyword as a class name.",
    ]

    static func hex(_ text: String) -> String {
        Data(text.utf8).map { String(format: "%02X", $0) }.joined()
    }

    /// `text` as a SQL string literal built by this test, not by the emitter. For SQLite a
    /// carriage return goes in as `char(13)`: the sqlite3 shell drops one before a line feed.
    static func literal(_ text: String, sqlite: Bool = false) -> String {
        let quoted = "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        return sqlite ? "(" + quoted.replacingOccurrences(of: "\r", with: "' || char(13) || '") + ")" : quoted
    }
}

@Suite struct InjectionScriptTextTests {
    /// No character a reader cannot see is left in a script: an editor shows the script as it runs.
    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func scriptsHoldNoInvisibleCharacters(_ layout: SQLOptions.Layout) throws {
        for (dialect, script) in try Injection.scripts(layout) {
            let hidden = script.unicodeScalars.filter { scalar in
                switch scalar.value {
                case 0x0A, 0x09: return false
                case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
                default: return false
                }
            }
            #expect(hidden.isEmpty, "\(dialect): \(hidden.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theCommittedScriptsAreTheGeneratedOnes() throws {
        let scripts = try Injection.scripts(.relational)
        for dialect in SQLOptions.Dialect.allCases {
            let committed = try RepositoryFiles.read("Tests/InjectionModels/Generated/SQL/\(dialect.fileName)")
            #expect(committed == scripts[dialect], "run 'swift run modelgen gen' to refresh Tests/InjectionModels/Generated")
        }
    }
}

@Suite struct InjectionSQLiteTests {
    @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
    func scriptsApplyAndLeaveEveryTable(_ layout: SQLOptions.Layout) async throws {
        guard let db = try await SQLiteDatabase.create() else { return }
        defer { db.remove() }
        let script = try #require(try Injection.scripts(layout)[.sqlite])
        try await db.execute(script)
        try await db.execute(script)  // twice: idempotent, and nothing in it dropped anything
        let tables = try await db.execute(#"SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name);"#)
        #expect(tables.split(separator: ",").contains("Payload"))
        #expect(tables.split(separator: ",").contains("Select"))
    }

    @Test func defaultsAreExactlyTheTextWritten() async throws {
        guard let db = try await SQLiteDatabase.create() else { return }
        defer { db.remove() }
        try await db.execute(try #require(try Injection.scripts(.relational)[.sqlite]))
        try await db.execute(#"INSERT INTO "Payload" ("objectId") VALUES ('p1');"#)
        for (column, expected) in Injection.textDefaults.sorted(by: { $0.key < $1.key }) {
            let stored = try await db.execute(#"SELECT hex("\#(column)") FROM "Payload";"#)
            #expect(stored == Injection.hex(expected), "\(column)")
        }
        let numbers = try await db.execute(#"SELECT "level", "biggest", "smallest", "tiny" = 5e-324, "huge" = 1.7976931348623157e308 FROM "Payload";"#)
        #expect(numbers == "-9223372036854775808|9223372036854775807|-9223372036854775808|1|1")
    }

    @Test func everyEnumRawValuePassesTheCheckAndNothingElseDoes() async throws {
        guard let db = try await SQLiteDatabase.create() else { return }
        defer { db.remove() }
        try await db.execute(try #require(try Injection.scripts(.relational)[.sqlite]))
        for (index, raw) in Injection.quoteRawValues.enumerated() {
            try await db.execute(#"INSERT INTO "Payload" ("objectId", "sql", "quote") VALUES ('q\#(index)', 'q\#(index)', \#(Injection.literal(raw, sqlite: true)));"#)
            #expect(try await db.execute(#"SELECT hex("quote") FROM "Payload" WHERE "objectId" = 'q\#(index)';"#) == Injection.hex(raw))
        }
        for nearMiss in ["line 1\nline 2 ", "it''s", "abcdcb", "😀 é"] {
            try await db.expectRefused(#"INSERT INTO "Payload" ("objectId", "sql", "quote") VALUES ('x', 'x', \#(Injection.literal(nearMiss)));"#,
                                       "CHECK constraint failed")
        }
    }

    @Test func descriptionsAreCommentsThatEndWhereTheyShould() async throws {
        guard let db = try await SQLiteDatabase.create() else { return }
        defer { db.remove() }
        let script = try #require(try Injection.scripts(.relational)[.sqlite])
        try await db.execute(script)
        let definition = try await db.execute(#"SELECT sql FROM sqlite_schema WHERE name = 'Payload';"#)
        for line in Injection.comments["Payload"]!.split(separator: "\n") {
            #expect(definition.contains("\n    -- \(line)\n"), "\(line)")
        }
        #expect(definition.contains("\n    -- '; DROP TABLE \"Payload\"; --\n    \"sql\" TEXT DEFAULT "))
    }
}

extension PostgreSQLTests {
    @Suite struct InjectionScripts {
        @Test(arguments: [SQLOptions.Layout.relational, .parseServer])
        func scriptsApplyTwice(_ layout: SQLOptions.Layout) async throws {
            guard let db = try await PostgreSQLServer.database() else { return }
            let script = try #require(try Injection.scripts(layout)[.postgresql])
            try await db.execute(script)
            try await db.execute(script)
            let tables = try await db.execute("SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public';")
            #expect(tables.split(separator: ",").contains("Payload"))
            #expect(tables.split(separator: ",").contains("Select"))
        }

        @Test func defaultsAreExactlyTheTextWritten() async throws {
            guard let db = try await PostgreSQLServer.database() else { return }
            try await db.execute(try #require(try Injection.scripts(.relational)[.postgresql]))
            try await db.execute(#"INSERT INTO "Payload" ("objectId") VALUES ('p1');"#)
            let columns = Injection.textDefaults.keys.sorted()
            let query = "SELECT json_build_object(" + columns.map { "'\($0)', encode(convert_to(\"\($0)\", 'UTF8'), 'hex')" }.joined(separator: ", ")
                + #") FROM "Payload";"#
            let stored = try await db.json([String: String].self, query)
            for column in columns {
                #expect(stored[column]?.uppercased() == Injection.hex(Injection.textDefaults[column]!), "\(column)")
            }
            let numbers = try await db.execute(#"SELECT "level", "biggest", "smallest", "tiny" = 5e-324, "huge" = 1.7976931348623157e308 FROM "Payload";"#)
            #expect(numbers == "-9223372036854775808|9223372036854775807|-9223372036854775808|t|t")
        }

        @Test func everyEnumRawValuePassesTheCheckAndNothingElseDoes() async throws {
            guard let db = try await PostgreSQLServer.database() else { return }
            try await db.execute(try #require(try Injection.scripts(.relational)[.postgresql]))
            for (index, raw) in Injection.quoteRawValues.enumerated() {
                try await db.execute(#"INSERT INTO "Payload" ("objectId", "sql", "quote") VALUES ('q\#(index)', 'q\#(index)', \#(Injection.literal(raw)));"#)
            }
            #expect(try await db.execute(#"SELECT count(*) FROM "Payload";"#) == String(Injection.quoteRawValues.count))
            try await db.expectRefused(#"INSERT INTO "Payload" ("objectId", "sql", "quote") VALUES ('x', 'x', 'abcdcb');"#, "violates check constraint")
        }

        @Test func commentsAreExactlyTheDescriptionLines() async throws {
            guard let db = try await PostgreSQLServer.database() else { return }
            try await db.execute(try #require(try Injection.scripts(.relational)[.postgresql]))
            var found: [String: String] = [:]
            for row in try await db.comments() { found[row.column.map { "\(row.table).\($0)" } ?? row.table] = row.comment }
            for (target, text) in Injection.comments {
                #expect(found[target] == text, "\(target)")
            }
        }
    }
}
