import Foundation
import ModelgenTestSupport
import Testing

/// A model with `localStore: true` that keeps migrations: `gen` reads their SQLite scripts
/// with the history and puts them into its `LocalSchema`, and `check` holds the file to them;
/// what keeps the scripts from the store is an error located where it can be fixed.
@Suite struct LocalSchemaHistoryTests {
    static let v1 = "classes:\n  Product:\n    fields:\n      name: string!\n"
    static let v2 = "classes:\n  Product:\n    fields:\n      name: string!\n      price: {type: double, default: 0, min: 0}\n"
    static let file = "Generated/Swift/App+LocalSchema.swift"

    static func project(sql: String = "{dialects: [sqlite]}", localStore: Bool = true) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("modelgen.yml", """
            inputs: [App.yaml]
            output: Generated
            emitters:
              swift: {access: public, localStore: \(localStore)}
              sql: \(sql)

            """)
        try directory.write("App.yaml", v1)
        return directory
    }

    static func modelgen(_ arguments: String..., in directory: TemporaryDirectory) async throws -> ModelgenProcess.Outcome {
        try await ModelgenProcess.run(arguments, in: directory.path)
    }

    @Test func genCarriesEachKeptMigrationIntoTheLocalSchemaInOrder() async throws {
        let directory = try Self.project()
        defer { directory.remove() }
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        let before = try directory.read(Self.file)
        #expect(!before.contains("migrations"))

        #expect(try await Self.modelgen("migrate", "--create", "init", in: directory).exitStatus == 0)
        // The file no longer says what the history holds.
        #expect(try await Self.modelgen("check", in: directory).exitStatus == 2)
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        let first = try directory.read(Self.file)
        #expect(first.contains("""
                    ],
                    migrations: [
                        appMigration0,
                    ]
                )
            """))
        #expect(first.contains("""
                /// The migration `0001_init` of `app`.
                private static let appMigration0: LocalSchema.Migration = LocalSchema.Migration(
                    "0001_init",
                    statements: [
                        #\"\"\"
                        CREATE TABLE IF NOT EXISTS "modelgen_migrations" (
            """))
        // The create statements, and so the version, are what they were: without the argument
        // and its constant, the file is as before.
        let constant = try #require(first.range(of: "\n    /// The migration `0001_init` of `app`.\n"))
        #expect(String(first[..<constant.lowerBound])
            .replacingOccurrences(of: "],\n        migrations: [\n            appMigration0,\n        ]\n", with: "]\n") + "}\n" == before)

        try directory.write("App.yaml", Self.v2)
        #expect(try await Self.modelgen("migrate", "--create", "price", in: directory).exitStatus == 0)
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        let second = try directory.read(Self.file)
        let names = second.components(separatedBy: "LocalSchema.Migration(\n        \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(names == ["0001_init", "0002_price"])
        #expect(second.contains(##"#"INSERT INTO "modelgen_migrations" ("name") VALUES ('0002_price');"#,"##))
        #expect(!second.contains("pragma_foreign_key_check") && !second.contains("PRAGMA") && !second.contains("\"BEGIN;\""))
        #expect(try await Self.modelgen("check", in: directory).exitStatus == 0)
        // The same bytes every run.
        #expect(try await Self.modelgen("gen", in: directory).stdout.contains("0 created, 0 updated, 0 removed"))
        #expect(try directory.read(Self.file) == second)

        // An edit to a kept script reaches the device too: it is the project's to make.
        let kept = "Generated/SQL/migrations/0002_price/sqlite.sql"
        let dataMove = #"UPDATE "Product" SET "price" = 1 WHERE "name" = 'pen';"#
        try directory.write(kept, try directory.read(kept).replacingOccurrences(of: "\nCOMMIT;", with: "\n\(dataMove)\nCOMMIT;"))
        #expect(try await Self.modelgen("check", in: directory).exitStatus == 2)
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        #expect(try directory.read(Self.file).contains("#\"\(dataMove)\"#,"))
    }

    /// Without `localStore`, a history the store could not use stops nothing.
    @Test func withoutLocalStoreTheScriptsAreNotNeeded() async throws {
        let directory = try Self.project(sql: "{dialects: [postgresql]}", localStore: false)
        defer { directory.remove() }
        #expect(try await Self.modelgen("migrate", "--create", "init", in: directory).exitStatus == 0)
        let run = try await Self.modelgen("gen", in: directory)
        #expect(run.exitStatus == 0, "\(run)")
        #expect(try await Self.modelgen("check", in: directory).exitStatus == 0)
    }

    @Test func migrationsWithoutSQLiteAreAnErrorAtTheDialects() async throws {
        let directory = try Self.project(sql: "{dialects: [postgresql]}")
        defer { directory.remove() }
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        #expect(try await Self.modelgen("migrate", "--create", "init", in: directory).exitStatus == 0)
        let expected = """
            modelgen.yml:5:19: error: the model keeps migrations (Generated/SQL/migrations) in postgresql only, and the on-device store needs their SQLite scripts
            modelgen.yml:5:19: note: with 'localStore: true', the swift emitter puts the kept migrations into the model's LocalSchema, and the on-device store runs their SQLite scripts
            modelgen.yml:5:19: note: add sqlite to the sql emitter's dialects and a sqlite.sql to each kept migration, or turn 'localStore' off

            """
        for command in ["gen", "check"] {
            let run = try await Self.modelgen(command, in: directory)
            #expect(run.exitStatus == 1, "\(command): \(run)")
            #expect(run.stderr == expected, "\(command)")
        }
    }

    @Test func migrationsOfParseServersLayoutAreAnErrorAtTheLayout() async throws {
        let directory = try Self.project(sql: "{layout: parse-server, dialects: [sqlite]}")
        defer { directory.remove() }
        #expect(try await Self.modelgen("migrate", "--create", "init", in: directory).exitStatus == 0)
        let run = try await Self.modelgen("gen", in: directory)
        #expect(run.exitStatus == 1)
        #expect(run.stderr.hasPrefix("""
            modelgen.yml:5:17: error: the model keeps migrations (Generated/SQL/migrations) in the parse-server layout, and the on-device store's tables are the relational layout's
            modelgen.yml:5:17: note: with 'localStore: true'
            """), "\(run.stderr)")
    }

    /// A kept migration whose SQLite script is missing, is not a file, is too large for an app
    /// to carry (a sparse file: nothing of it is read), or is not UTF-8 text.
    @Test(arguments: ["missing", "folder", "huge", "latin1"])
    func aScriptThatCannotBeReadIsAnErrorNamingIt(problem: String) async throws {
        let directory = try Self.project()
        defer { directory.remove() }
        #expect(try await Self.modelgen("migrate", "--create", "init", in: directory).exitStatus == 0)
        #expect(try await Self.modelgen("gen", in: directory).exitStatus == 0)
        let script = "Generated/SQL/migrations/0001_init/sqlite.sql"
        let path = directory.path + "/" + script
        try FileManager.default.removeItem(atPath: path)
        let message: String
        switch problem {
        case "missing":
            message = "modelgen: error: \(script): migration '0001_init' has no SQLite script"
        case "folder":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            message = "modelgen: error: \(script): migration '0001_init''s SQLite script cannot be read: not a regular file"
        case "huge":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 300 << 20)
            try handle.close()
            message = "modelgen: error: \(script): migration '0001_init''s SQLite script cannot be read: it has \(300 << 20) bytes, more than the \(1 << 28) a LocalSchema holds"
        default:
            try directory.writeBytes(script, Array("SELECT 'caf".utf8) + [0xE9] + Array("';\n".utf8))
            message = "modelgen: error: \(script): migration '0001_init''s SQLite script is not UTF-8 text"
        }
        for command in ["gen", "check"] {
            let run = try await Self.modelgen(command, in: directory)
            #expect(run.exitStatus == 1, "\(command): \(run)")
            #expect(run.stderr.hasPrefix(message + "\n"), "\(command): \(run.stderr)")
            #expect(run.stderr.contains("note: with 'localStore: true', the swift emitter puts the kept migrations into the model's LocalSchema"))
        }
        // Nothing was written: the file still has the migration the project had.
        #expect(try directory.read(Self.file).contains("LocalSchema.Migration(\n        \"0001_init\""))
    }
}
