import Foundation
import ModelgenDiagnostics
import ModelgenSchema
import ModelgenSQLEmitter
import ModelgenTemplates
import ModelgenTestSupport
import Testing

/// A schema loaded from text held in memory; the test fails when it does not load.
func loadSchema(_ yaml: String, file: String = "Test.yaml") throws -> Schema {
    let loaded = SchemaLoading.load(sources: [(file, yaml)])
    return try #require(loaded.schema, "\(loaded.diagnostics.map(\.description))")
}

/// `modelgen migrate`'s work on schemas held in memory: the script, and the data it drops.
func migration(_ old: String, _ new: String, dialect: SQLOptions.Dialect,
               layout: SQLOptions.Layout = .relational) throws -> (script: String, losses: [String]) {
    try migration(from: loadSchema(old, file: "Old.yaml"), to: loadSchema(new, file: "New.yaml"), dialect: dialect, layout: layout)
}

func migration(from old: Schema?, to new: Schema, dialect: SQLOptions.Dialect, layout: SQLOptions.Layout = .relational,
               record: SQLMigration.Record? = nil) throws -> (script: String, losses: [String]) {
    var diagnostics = DiagnosticCollector()
    let templates = try #require(TemplateSet.load(prefix: SQLEmitter.templatePrefix, overrides: nil, diagnostics: &diagnostics))
    let migration = SQLMigration(from: old, to: new, layout: layout, dialect: dialect)
    return (migration.script(header: ["test"], templates: templates, record: record), migration.dataLosses.map(\.description))
}

/// The create script `gen` writes for a schema.
func createScript(_ schema: Schema, dialect: SQLOptions.Dialect, layout: SQLOptions.Layout = .relational) throws -> String {
    try #require(try Samples.scripts(of: schema, layout: layout)[dialect])
}

/// A fresh database of either dialect, for tests that run the same steps on both.
enum MigrationDatabase {
    case postgresql(PostgreSQLDatabase)
    case sqlite(SQLiteDatabase)

    /// `nil` (after saying why, or failing under CI) when the dialect's database is not installed.
    static func make(_ dialect: SQLOptions.Dialect, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> MigrationDatabase? {
        switch dialect {
        case .postgresql: try await PostgreSQLServer.database(sourceLocation: sourceLocation).map(MigrationDatabase.postgresql)
        case .sqlite: try await SQLiteDatabase.create(sourceLocation: sourceLocation).map(MigrationDatabase.sqlite)
        }
    }

    @discardableResult
    func execute(_ sql: String) async throws -> String {
        switch self {
        case .postgresql(let database): try await database.execute(sql)
        case .sqlite(let database): try await database.execute(sql)
        }
    }

    func run(_ sql: String) async throws -> ShellResult {
        switch self {
        case .postgresql(let database): try await database.run(sql)
        case .sqlite(let database): try await database.run(sql)
        }
    }

    /// What a migration is compared by: every fact of the database's shape, one line each,
    /// sorted (tables; columns with type, NOT NULL and default; constraints with their
    /// definitions and, but for CHECKs, names; indexes with theirs; PostgreSQL's comments).
    /// Columns are compared as a set: `ADD COLUMN` puts a column last, and PostgreSQL cannot
    /// move it.
    func shape() async throws -> [String] {
        switch self {
        case .postgresql(let database): try await database.shape()
        case .sqlite(let database): try await database.shape()
        }
    }

    /// One value per row of a one-column query, as text, in the query's order.
    func values(_ query: String) async throws -> [String] {
        let text = try await execute(query)
        return text.isEmpty ? [] : text.components(separatedBy: "\n")
    }

    func remove() {
        if case .sqlite(let database) = self { database.remove() }
    }
}

extension PostgreSQLDatabase {
    func shape() async throws -> [String] {
        try await json([String]?.self, """
            SELECT json_agg(fact ORDER BY fact) FROM (
                SELECT 'table ' || c.relname AS fact FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind = 'r'
                UNION ALL
                SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                    || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
                FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
                UNION ALL
                SELECT 'constraint ' || c.relname || ' ' || CASE WHEN k.contype = 'c' THEN '' ELSE k.conname || ' ' END
                    || pg_get_constraintdef(k.oid)
                FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public'
                UNION ALL
                SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
                UNION ALL
                SELECT 'comment ' || c.relname || COALESCE('.' || a.attname, '') || ': ' || d.description
                FROM pg_description d JOIN pg_class c ON c.oid = d.objoid JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attribute a ON a.attrelid = d.objoid AND a.attnum = d.objsubid AND d.objsubid > 0
                WHERE n.nspname = 'public' AND d.classoid = 'pg_class'::regclass
            ) facts
            """) ?? []
    }
}

extension SQLiteDatabase {
    /// Tables are read from their `CREATE TABLE` text, a fact per line inside it, without the
    /// comment lines (SQLite keeps descriptions there, and a migration does not rebuild a
    /// table for a description alone); indexes by their `CREATE INDEX` text.
    func shape() async throws -> [String] {
        struct Row: Decodable {
            var type: String
            var name: String
            var sql: String?
        }
        var facts: [String] = []
        for row in try await rows(Row.self, "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'") {
            guard let sql = row.sql else { continue }
            if row.type == "index" {
                facts.append("index " + sql)
                continue
            }
            facts.append("table " + row.name)
            for line in sql.split(separator: "\n").dropFirst().dropLast() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.hasPrefix("--") else { continue }
                facts.append("\(row.name): " + (text.hasSuffix(",") ? String(text.dropLast()) : text))
            }
        }
        return facts.sorted()
    }
}

/// Compares two shapes fact by fact, so a failure names what differs.
func expectSameShape(_ migrated: [String], _ fresh: [String], _ context: String,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let missing = fresh.filter { !migrated.contains($0) }
    let extra = migrated.filter { !fresh.contains($0) }
    #expect(missing.isEmpty && extra.isEmpty,
            "\(context): the migrated database differs from a fresh one.\nmissing:\n\(missing.joined(separator: "\n"))\nextra:\n\(extra.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
}
