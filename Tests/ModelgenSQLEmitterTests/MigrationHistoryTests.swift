import Foundation
import ModelgenSQLEmitter
import ModelgenTestSupport
import Testing

/// A kept history as a deploy uses it: docs/Migrations.md's loop, run as the page writes it,
/// on a database made by the migrations, on one made by an older create script, and on one
/// made by the current create script, which joins the history without running any.
@Suite(.postgreSQLServer, .serialized) struct MigrationHistoryTests {
    static let old = "classes:\n  Product:\n    fields:\n      name: string\n      legacyCode: string\n"
    static let new = "classes:\n  Product:\n    fields:\n      name: {type: string, required: true, default: unnamed}\n      price: {type: double, default: 0}\n"

    @Test(arguments: SQLOptions.Dialect.allCases, SQLOptions.Layout.allCases)
    func theDocumentedLoopRunsWhatEachDatabaseLacksOnce(dialect: SQLOptions.Dialect, layout: SQLOptions.Layout) async throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try project.write("modelgen.yml", "inputs: [App.yaml]\noutput: Generated\nemitters:\n  sql: {dialects: [\(dialect.rawValue)], layout: \(layout.rawValue)}\n")
        try project.write("App.yaml", Self.old)
        func modelgen(_ arguments: String...) async throws {
            let run = try await ModelgenProcess.run(arguments, in: project.path)
            #expect(run.exitStatus == 0, "modelgen \(arguments.joined(separator: " ")): \(run)")
        }
        try await modelgen("migrate", "--create", "init")
        try await modelgen("gen")
        let createScript = "Generated/SQL/\(dialect.fileName)"
        #expect(try project.read(createScript).contains(#"SELECT "column1" FROM (VALUES ('0001_init')) AS "kept""#))

        // Made by the first version's create script, with a row.
        guard let older = try await MigrationDatabase.make(dialect), let current = try await MigrationDatabase.make(dialect),
              let empty = try await MigrationDatabase.make(dialect)
        else { return }
        defer { older.remove(); current.remove(); empty.remove() }
        try await older.execute(project.read(createScript))
        try await older.execute(#"INSERT INTO "Product" ("objectId", "name", "legacyCode") VALUES ('p1', 'Pen', 'X');"#)
        #expect(try await older.values(#"SELECT "name" FROM "modelgen_migrations""#) == ["0001_init"])

        try project.write("App.yaml", Self.new)
        try await modelgen("migrate", "--create", "price", "--allow-data-loss")
        try await modelgen("gen")
        try await current.execute(project.read(createScript))
        #expect(try await current.values(#"SELECT "name" FROM "modelgen_migrations" ORDER BY "name""#) == ["0001_init", "0002_price"])

        let page = try RepositoryFiles.read("docs/Migrations.md")
        let blocks = page.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let marker = dialect == .postgresql ? #"psql -v ON_ERROR_STOP=1 -d mydb -f "$folder/postgresql.sql""# : #"sqlite3 -bail app.db < "$folder/sqlite.sql""#
        let loop = try #require(blocks.first { $0.contains(marker) }, "docs/Migrations.md has no loop for \(dialect)")
            .replacingOccurrences(of: "Generated/Library/SQL", with: "Generated/SQL")
        for database in [older, current, empty] {
            for _ in 1...2 {
                let run = try await Shell.run("/bin/sh", ["-c", "cd '\(project.path)' && " + Self.pointed(loop, at: database)])
                #expect(run.succeeded && run.stderr.isEmpty, "\(run)")
            }
            #expect(try await database.values(#"SELECT "name" FROM "modelgen_migrations" ORDER BY "name""#) == ["0001_init", "0002_price"])
        }
        #expect(try await older.values(#"SELECT "objectId" || ':' || "name" FROM "Product""#) == ["p1:Pen"])
        let shape = try await current.shape()
        expectSameShape(try await older.shape(), shape, "migrated from the first create script, \(dialect), \(layout.rawValue)")
        expectSameShape(try await empty.shape(), shape, "migrated from nothing, \(dialect), \(layout.rawValue)")
    }

    /// The page's loop, pointed at a test database: `mydb` and `app.db` are the page's names.
    static func pointed(_ loop: String, at database: MigrationDatabase) -> String {
        switch database {
        case .postgresql(let database):
            "export PGHOST='\(database.server.directory)' PGPORT=\(database.server.port) PGUSER=postgres PGOPTIONS='-c client_min_messages=warning'\n"
                + loop.replacingOccurrences(of: "-d mydb", with: "-d \(database.name)")
        case .sqlite(let database):
            loop.replacingOccurrences(of: "app.db", with: "'\(database.path)'")
        }
    }
}
