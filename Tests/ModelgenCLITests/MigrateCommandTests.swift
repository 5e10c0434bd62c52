import Foundation
import ModelgenTestSupport
import Testing

/// `modelgen migrate` as users run it: two versions in, SQL out; and a project's history of
/// migrations with `--create`, which `check` holds to the schema.
@Suite struct MigrateCommandTests {
    static let old = """
        classes:
          Product:
            fields:
              name: string
              legacyCode: string
        """
    static let new = """
        classes:
          Product:
            fields:
              name: {type: string, required: true}
              price: {type: double, default: 0}
        """

    @Test func refusesToDropDataUnlessAllowedThenPrintsTheScript() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old.yaml", Self.old)
        try directory.write("Schemas/App.yaml", Self.new)

        let refused = try await ModelgenProcess.run(["migrate", "old.yaml", "Schemas/App.yaml", "--dialect", "postgresql"], in: directory.path)
        #expect(refused.exitStatus == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == """
            old.yaml:5:7: error: Product.legacyCode: dropping the column loses its data
            old.yaml:5:7: note: if it was renamed, say so in the new schema with 'formerly' (see docs/Migrations.md, Renames)
            modelgen: error: 1 change loses data; nothing made. Pass --allow-data-loss to accept it

            """)

        let allowed = try await ModelgenProcess.run(["migrate", "old.yaml", "Schemas/App.yaml", "--dialect", "postgresql", "--allow-data-loss"],
                                                    in: directory.path)
        #expect(allowed.exitStatus == 0, "\(allowed)")
        #expect(allowed.stderr == "")
        #expect(allowed.stdout.hasPrefix("""
            -- Migration by modelgen from old.yaml to Schemas/App.yaml: PostgreSQL, relational layout.
            -- It runs in one transaction: all of it, or, when a statement or a check fails, none of it.
            -- Apply with: psql -v ON_ERROR_STOP=1 -f migration.sql
            -- It drops data, as accepted with --allow-data-loss:
            --   Product.legacyCode: dropping the column loses its data

            BEGIN;

            -- The database is where this migration starts: the tables it changes are as the old schema makes them.
            CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "name" text, "legacyCode" text, PRIMARY KEY ("objectId"));
            """), "\(allowed.stdout)")
        #expect(allowed.stdout.contains("""
            DROP TABLE "modelgen_expected";

            -- Columns that go, with their data.
            ALTER TABLE "Product" DROP COLUMN "legacyCode";

            -- New columns.
            ALTER TABLE "Product" ADD COLUMN "price" double precision DEFAULT 0.0;
            """), "\(allowed.stdout)")
        #expect(allowed.stdout.hasSuffix("\nCOMMIT;\n"))

        // A folder of schema files is a version too; the same versions give the same script.
        let sqlite = try await ModelgenProcess.run(["migrate", "old.yaml", "Schemas", "--dialect", "sqlite", "--allow-data-loss"], in: directory.path)
        #expect(sqlite.exitStatus == 0, "\(sqlite)")
        #expect(sqlite.stdout.contains(#"ALTER TABLE "modelgen_new_Product" RENAME TO "Product";"#))
        #expect(sqlite.stdout.hasSuffix("COMMIT;\n\nPRAGMA foreign_keys = ON;\n"))

        let same = try await ModelgenProcess.run(["migrate", "Schemas/App.yaml", "Schemas", "--dialect", "sqlite"], in: directory.path)
        #expect(same.exitStatus == 0)
        #expect(same.stdout.hasSuffix("-- The two versions make the same SQLite tables: there is nothing to run.\n"))
    }

    @Test func badVersionsAreReportedAsLintReportsThemAndNothingIsPrinted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old.yaml", Self.old)
        try directory.write("new.yaml", "classes:\n  Product:\n    fields:\n      name: strng\n")
        try directory.write("empty/README.md", "no schema here")

        let invalid = try await ModelgenProcess.run(["migrate", "old.yaml", "new.yaml", "--dialect", "sqlite"], in: directory.path)
        #expect(invalid.exitStatus == 1)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr.hasPrefix("new.yaml:4:13: error: unknown type 'strng'"), "\(invalid.stderr)")

        let missing = try await ModelgenProcess.run(["migrate", "gone.yaml", "new.yaml", "--dialect", "sqlite"], in: directory.path)
        #expect(missing.exitStatus == 1)
        #expect(missing.stderr == "modelgen: error: OLD 'gone.yaml' does not exist\n")

        let noSchemas = try await ModelgenProcess.run(["migrate", "old.yaml", "empty", "--dialect", "sqlite"], in: directory.path)
        #expect(noSchemas.exitStatus == 1)
        #expect(noSchemas.stderr == "modelgen: error: NEW 'empty' is a folder with no .yaml or .yml file\n")

        let noDialect = try await ModelgenProcess.run(["migrate", "old.yaml", "new.yaml"], in: directory.path)
        #expect(noDialect.exitStatus == 64)
        #expect(noDialect.stderr.hasPrefix("Error: give --dialect postgresql or --dialect sqlite\n"), "\(noDialect.stderr)")

        // What gen refuses in SQL, migrate refuses too.
        try directory.write("reserved.yaml", "classes:\n  Product:\n    fields:\n      name: string\n    indexes:\n      - {fields: [name], name: sqlite_name}\n")
        let reserved = try await ModelgenProcess.run(["migrate", "old.yaml", "reserved.yaml", "--dialect", "sqlite"], in: directory.path)
        #expect(reserved.exitStatus == 1)
        #expect(reserved.stdout == "")
        #expect(reserved.stderr.hasPrefix("reserved.yaml:6:9: error: SQL name 'sqlite_name' of the index on name starts with 'sqlite_', which SQLite reserves for itself\n"),
                "\(reserved.stderr)")

        let oneVersion = try await ModelgenProcess.run(["migrate", "old.yaml", "--dialect", "sqlite"], in: directory.path)
        #expect(oneVersion.exitStatus == 64)
        #expect(oneVersion.stderr.hasPrefix("Error: give OLD and NEW (two schema files or folders), or --create NAME\n"))
    }

    @Test func createKeepsEachMigrationAndCheckAsksForOneWhenTheSchemaChanges() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("modelgen.yml", "inputs: [Schemas/*.yaml]\noutput: Generated\n")
        try directory.write("Schemas/App.yaml", Self.old)
        func modelgen(_ arguments: String...) async throws -> ModelgenProcess.Outcome {
            try await ModelgenProcess.run(arguments, in: directory.path)
        }
        #expect(try await modelgen("gen").exitStatus == 0)
        let first = try await modelgen("migrate", "--create", "init")
        #expect(first.exitStatus == 0, "\(first)")
        #expect(first.stdout == "created Generated/SQL/migrations/0001_init: postgresql.sql, sqlite.sql and schema/\n")
        #expect(try directory.read("Generated/SQL/migrations/0001_init/schema/Schemas/App.yaml") == Self.old)
        let initial = try directory.read("Generated/SQL/migrations/0001_init/postgresql.sql")
        #expect(initial.hasPrefix("""
            -- Migration 0001_init by modelgen, relational layout: from an empty database to the schema in schema/.
            -- It runs in one transaction: all of it, or, when a statement or a check fails, none of it.
            -- Apply with: psql -v ON_ERROR_STOP=1 -f postgresql.sql
            """))
        #expect(initial.contains(#"CREATE TABLE IF NOT EXISTS "Product" ("#))
        // The create scripts record the kept migrations: gen writes them again.
        #expect(first.stderr == "modelgen: note: run 'modelgen gen': the create scripts record the migrations a database they make has run\n")
        #expect(try await modelgen("check").exitStatus == 2)
        #expect(try await modelgen("gen").exitStatus == 0)
        #expect(try directory.read("Generated/SQL/sqlite.sql").contains("(VALUES ('0001_init'))"))
        #expect(try await modelgen("check").exitStatus == 0)
        #expect(try await modelgen("migrate", "--create", "again").stdout
                == "Generated/SQL/migrations: no schema change since 0001_init; nothing to create\n")

        try directory.write("Schemas/App.yaml", Self.new)
        #expect(try await modelgen("gen").exitStatus == 0)
        let stale = try await modelgen("check")
        #expect(stale.exitStatus == 2)
        // One verdict: the generated files are as gen writes them, but the history lacks a step.
        #expect(stale.stdout == "")
        #expect(stale.stderr == "modelgen: error: Generated is not up to date: the schema changed since Generated/SQL/migrations/0001_init, and no migration leads to it (run 'modelgen migrate --create NAME')\n")

        let refused = try await modelgen("migrate", "--create", "drop_legacy_code")
        #expect(refused.exitStatus == 1)
        #expect(refused.stderr.hasPrefix("Generated/SQL/migrations/0001_init/schema/Schemas/App.yaml:5:7: error: Product.legacyCode: dropping the column loses its data\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Generated/SQL/migrations/0002_drop_legacy_code"))

        let second = try await modelgen("migrate", "--create", "drop_legacy_code", "--allow-data-loss")
        #expect(second.stdout == "created Generated/SQL/migrations/0002_drop_legacy_code: postgresql.sql, sqlite.sql and schema/\n")
        #expect(try await modelgen("gen").exitStatus == 0)
        #expect(try await modelgen("check").exitStatus == 0)
        // gen leaves the history alone: its files are the user's.
        #expect(try await modelgen("gen").exitStatus == 0)
        #expect(try directory.read("Generated/SQL/migrations/0001_init/postgresql.sql") == initial)
        #expect(FileManager.default.fileExists(atPath: directory.path + "/Generated/SQL/migrations/0002_drop_legacy_code/sqlite.sql"))

        let badName = try await modelgen("migrate", "--create", "Add-Price")
        #expect(badName.exitStatus == 64)
        #expect(badName.stderr.hasPrefix("Error: 'Add-Price' is not a migration name: use lowercase letters, digits and _, starting with a letter, as in add_isbn\n"))

        // A folder left by an interrupted --create is never written into.
        try directory.write("Schemas/App.yaml", Self.new + "\n      sku: string\n")
        try directory.write("Generated/SQL/migrations/.0003_add_sku.modelgen-tmp/postgresql.sql", "half")
        let interrupted = try await modelgen("migrate", "--create", "add_sku")
        #expect(interrupted.exitStatus == 1)
        #expect(interrupted.stderr.hasSuffix("modelgen: error: '\(directory.path)/Generated/SQL/migrations/.0003_add_sku.modelgen-tmp' is left from an interrupted run; remove it and try again\n"),
                "\(interrupted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Generated/SQL/migrations/0003_add_sku"))
        try FileManager.default.removeItem(atPath: directory.path + "/Generated/SQL/migrations/.0003_add_sku.modelgen-tmp")
        #expect(try await modelgen("migrate", "--create", "add_sku").exitStatus == 0)

        try FileManager.default.removeItem(atPath: directory.path + "/Generated/SQL/migrations/0003_add_sku/schema")
        let lost = try await modelgen("check")
        #expect(lost.exitStatus == 1)
        #expect(lost.stderr.contains("error: migration '0003_add_sku' has no copy of its schema in 'schema/'"), "\(lost.stderr)")
    }

    /// Two branches that each made the next migration merge into two of one number: every
    /// command that reads the history refuses it, and says how to mend it.
    @Test func twoMigrationsOfOneNumberAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("modelgen.yml", "inputs: [App.yaml]\noutput: Generated\n")
        try directory.write("App.yaml", Self.old)
        #expect(try await ModelgenProcess.run(["migrate", "--create", "init"], in: directory.path).exitStatus == 0)
        try directory.write("App.yaml", Self.old + "\n      isbn: string\n")
        #expect(try await ModelgenProcess.run(["migrate", "--create", "add_isbn"], in: directory.path).exitStatus == 0)
        // The other branch's migration, made from 0001_init's schema too.
        let other = directory.path + "/Generated/SQL/migrations/0002_add_genre"
        try FileManager.default.copyItem(atPath: directory.path + "/Generated/SQL/migrations/0002_add_isbn", toPath: other)
        let expected = """
            modelgen: error: Generated/SQL/migrations: migrations '0002_add_genre' and '0002_add_isbn' have the same number
            modelgen: note: two branches each made one; both start from 0001_init's schema, so neither can follow the other as it is
            modelgen: note: keep the one merged first, remove the other's folder, and make it again with 'modelgen migrate --create add_isbn': it then starts where the first ends

            """
        for command in [["check"], ["gen"], ["migrate", "--create", "more"]] {
            let run = try await ModelgenProcess.run(command, in: directory.path)
            #expect(run.exitStatus == 1, "\(command)")
            #expect(run.stderr == expected, "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Generated/SQL/migrations/0003_more"))
    }

    @Test func createNeedsAModelThatRunsTheSQLEmitter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("modelgen.yml", "inputs: [App.yaml]\nemitters: [swift]\n")
        try directory.write("App.yaml", Self.old)
        let run = try await ModelgenProcess.run(["migrate", "--create", "init"], in: directory.path)
        #expect(run.exitStatus == 1)
        #expect(run.stderr == """
            modelgen: error: no model runs the sql emitter, so there is no migration to make
            modelgen: note: add sql to the model's emitters in modelgen.yml

            """)
    }
}
