import Foundation
import ModelgenDiagnostics
import ModelgenEmitter
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenSwiftEmitter
import ModelgenTestSupport
import Testing

/// `LocalSchema`'s `migrations:`: the model's kept migrations, oldest first, each a private
/// static constant of its SQLite script's statements in the store's form, as raw string
/// literals; left out without a history.
@Suite struct LocalSchemaMigrationsTests {
    static let store = SwiftModelOptions(access: .public, localStore: true)
    static let schema = "version: 1\nclasses:\n  Shelf:\n    fields:\n      label: string!\n"

    /// Two small kept scripts: the wrapping the store leaves out, comments between statements,
    /// a statement over lines (with a blank line and a `#` in it), and the record.
    static let kept = KeptSQLiteScripts(scripts: [
        .init(name: "0001_init", text: """
            -- Migration 0001_init.
            PRAGMA foreign_keys = OFF;

            BEGIN;
            CREATE TABLE IF NOT EXISTS "Shelf" ("objectId" TEXT NOT NULL, "label" TEXT NOT NULL);
            -- Recorded as run.
            INSERT INTO "modelgen_migrations" ("name") VALUES ('0001_init');

            COMMIT;

            PRAGMA foreign_keys = ON;

            """),
        .init(name: "0002_add_note", text: """
            BEGIN;
            UPDATE "Shelf" SET "label" = '#1'
                -- a note inside

                WHERE "label" = '';
            COMMIT;
            """),
    ])

    @Test func theMigrationsFollowTheStatementsInHistoryOrder() throws {
        let (files, diagnostics) = emitSwift(Self.schema, options: Self.store, file: "Shop.yaml", kept: Self.kept)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let text = try #require(files["Swift/Shop+LocalSchema.swift"])
        #expect(text.contains("""
                ],
                migrations: [
                    shopMigration0,
                    shopMigration1,
                ]
            )

            /// The class `Shelf` of `shop`.
            private static let shopClass0: LocalSchema.Class = LocalSchema.Class("Shelf", fields: [
        """), "\(text)")
        #expect(text.hasSuffix(###"""
            ])

            /// The migration `0001_init` of `shop`.
            private static let shopMigration0: LocalSchema.Migration = LocalSchema.Migration(
                "0001_init",
                statements: [
                    #"CREATE TABLE IF NOT EXISTS "Shelf" ("objectId" TEXT NOT NULL, "label" TEXT NOT NULL);"#,
                    #"INSERT INTO "modelgen_migrations" ("name") VALUES ('0001_init');"#,
                ]
            )

            /// The migration `0002_add_note` of `shop`.
            private static let shopMigration1: LocalSchema.Migration = LocalSchema.Migration(
                "0002_add_note",
                statements: [
                    ##"""
                    UPDATE "Shelf" SET "label" = '#1'
                        -- a note inside\##n
                        WHERE "label" = '';
                    """##,
                ]
            )
        }

        """###), "\(text)")
        // The same bytes every run.
        #expect(emitSwift(Self.schema, options: Self.store, file: "Shop.yaml", kept: Self.kept).files == files)
    }

    /// Without a history the argument is left out, and the file is as it was; a history changes
    /// nothing else in it (the version is the create statements').
    @Test func withoutAHistoryTheArgumentIsLeftOut() throws {
        let without = try #require(emitSwift(Self.schema, options: Self.store, file: "Shop.yaml").files["Swift/Shop+LocalSchema.swift"])
        #expect(!without.contains("migrations") && !without.contains("Migration"))
        #expect(without.contains("\"#,\n        ]\n    )\n\n    /// The class `Shelf` of `shop`.\n"))
        let with = try #require(emitSwift(Self.schema, options: Self.store, file: "Shop.yaml", kept: Self.kept).files["Swift/Shop+LocalSchema.swift"])
        // Without the argument and the constants it lists, the text is the same.
        let argument = "],\n        migrations: [\n            shopMigration0,\n            shopMigration1,\n        ]\n"
        let constants = try #require(with.range(of: "\n    /// The migration `0001_init` of `shop`.\n"))
        #expect(String(with[..<constants.lowerBound]).replacingOccurrences(of: argument, with: "]\n") + "}\n" == without)
    }

    /// The migrations come into the support file with shards too.
    @Test func withShardsTheyAreInTheSupportFile() throws {
        let options = SwiftModelOptions(access: .public, shards: 2, localStore: true)
        let (files, diagnostics) = emitSwift(Self.schema, options: options, file: "Shop.yaml", kept: Self.kept)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let support = try #require(files["Swift/ModelgenSupport.swift"])
        #expect(support.contains("        migrations: [\n            shopMigration0,\n            shopMigration1,\n        ]\n"))
        #expect(support.contains("    private static let shopMigration0: LocalSchema.Migration = LocalSchema.Migration(\n        \"0001_init\",\n        statements: [\n"))
    }

    /// Kept scripts the store cannot have fail the run with their located errors, with
    /// `localStore` only.
    @Test func scriptsThatCannotBeHadFailTheRunWithLocalStoreOnly() throws {
        let location = SourceLocation(file: "modelgen.yml", line: 5, column: 18)
        let problem = Diagnostic.error("the model keeps migrations (Generated/SQL/migrations) in postgresql only, and the on-device store needs their SQLite scripts",
                                       at: location)
        let failed = emitSwift(Self.schema, options: Self.store, file: "Shop.yaml", kept: KeptSQLiteScripts(problems: [problem]))
        #expect(failed.files.isEmpty)
        #expect(failed.diagnostics == [problem.description])
        let plain = emitSwift(Self.schema, options: SwiftModelOptions(access: .public), file: "Shop.yaml", kept: KeptSQLiteScripts(problems: [problem]))
        #expect(plain.diagnostics.isEmpty && plain.files["Swift/Shelf.swift"] != nil)
    }

    // MARK: The fixtures

    /// Each fixture's committed `Generated/Swift` is what the emitter writes with its kept
    /// migrations (beside the hand-written file that names its schema).
    @Test(arguments: ["ShopV1", "ShopV2"])
    func theFixturesAreWhatTheEmitterWrites(fixture: String) throws {
        let folder = "IntegrationTests/Fixtures/\(fixture)"
        let input = "\(folder)/Shop.yaml"
        let loaded = SchemaLoading.load([SchemaLoading.Input(path: RepositoryFiles.root + "/" + input, displayPath: input)])
        let schema = try #require(loaded.schema, "\(loaded.diagnostics)")
        let names = try RepositoryFiles.list("\(folder)/Generated/SQL/migrations")
        let kept = KeptSQLiteScripts(scripts: try names.map { name in
            .init(name: name, text: try RepositoryFiles.read("\(folder)/Generated/SQL/migrations/\(name)/sqlite.sql"))
        })
        var diagnostics = DiagnosticCollector()
        let files = SwiftModelEmitter(options: Self.store, localStoreTables: SQLEmitter.localStoreTables)
            .emit(schema, context: EmitterContext(keptSQLiteScripts: kept), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        let committed = try RepositoryFiles.list("\(folder)/Generated/Swift")
        #expect(files.map { ($0.path as NSString).lastPathComponent }.sorted() == committed.filter { $0 != "\(fixture).swift" })
        for file in files {
            #expect(try RepositoryFiles.read("\(folder)/Generated/\(file.path)") == file.contents, "\(folder)/Generated/\(file.path)")
        }
        let localSchema = try #require(files.first { $0.path == "Swift/Shop+LocalSchema.swift" }?.contents)
        let migrations = names.enumerated().map { index, name in
            "    private static let shopMigration\(index): LocalSchema.Migration = LocalSchema.Migration(\n        \"\(name)\",\n        statements: [\n"
        }
        #expect(migrations.allSatisfy(localSchema.contains))
        #expect(localSchema.components(separatedBy: "LocalSchema.Migration(").count - 1 == names.count)
    }

    /// The file compiles, against ParseRuntime's `LocalSchema` as it is, and its migrations mean
    /// exactly the statements the SQL emitter cut from the kept scripts, scalar for scalar.
    @Test(.enabled(if: Shell.which("swiftc") != nil, "needs swiftc"), .timeLimit(.minutes(3)))
    func theMigrationsCompileToTheirStatements() async throws {
        let hostile = KeptSQLiteScripts(scripts: Self.kept.scripts + [
            .init(name: "0003_hostile", text: "BEGIN;\nSELECT '\"\"\"#', '##\\u{41}', 'tab\there', 'end ' \n  ;\nSELECT 'a\u{202E}b\u{2028}c';\nCOMMIT;\n"),
        ])
        let (files, diagnostics) = emitSwift(Self.schema, options: Self.store, file: "Shop.yaml", kept: hostile)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let generated = try #require(files["Swift/Shop+LocalSchema.swift"]).replacingOccurrences(of: "import ParseRuntime\n", with: "")
        let loaded = try #require(SchemaLoading.load(sources: [("Shop.yaml", Self.schema)]).schema)
        var collector = DiagnosticCollector()
        let tables = try #require(SQLEmitter.localStoreTables(loaded, context: EmitterContext(keptSQLiteScripts: hostile), diagnostics: &collector))
        #expect(tables.migrations.last?.statements.count == 2)

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("LocalSchema.swift", RepositoryFiles.read("Sources/ParseRuntime/LocalSchema.swift"))
        try folder.write("Shop+LocalSchema.swift", generated)
        try folder.write("main.swift", """
            for migration in LocalSchema.shop.migrations {
                print(migration.name)
                for statement in migration.statements { print(statement.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
            }

            """)
        let output = folder.path + "/main"
        let compiled = try await Shell.run(try #require(Shell.which("swiftc")), [
            "-swift-version", "6", "-warnings-as-errors", "-module-name", "Check",
            folder.path + "/main.swift", folder.path + "/LocalSchema.swift", folder.path + "/Shop+LocalSchema.swift", "-o", output,
        ])
        #expect(compiled.succeeded, "\(compiled.stderr)")
        guard compiled.succeeded else { return }
        let run = try await Shell.run(output, [])
        var expected: [String] = []
        for migration in tables.migrations {
            expected.append(migration.name)
            expected += migration.statements.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        }
        #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
    }
}
