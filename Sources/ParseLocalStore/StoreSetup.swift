#if LocalStore
import GRDB
import ParseRuntime

/// Makes a store file match its ``LocalSchema``, in one transaction: creates the tables in a new
/// file; opens a file made from the same schema as it is; takes a file made by an earlier version
/// of the app through the model's kept migrations not yet run; and otherwise refuses or, for a
/// cache, empties and rebuilds it. The store's own table `_LocalStore:meta` records which schema
/// and version made the file; `modelgen_migrations` records the migrations it has run, as the
/// SQL scripts record them.
enum StoreSetup {
    static let metaTable = "_LocalStore:meta"
    static let migrationsTable = "modelgen_migrations"

    static func prepare(
        _ db: Database, schema: LocalSchema, onSchemaChange: LocalStore.SchemaChange, changes: LocalStore.Changes, path: String
    ) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(SQL.identifier(metaTable)) (\"key\" TEXT PRIMARY KEY NOT NULL, \"value\" TEXT NOT NULL)")
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(SQL.identifier(StoreFiles.table)) (\"name\" TEXT PRIMARY KEY NOT NULL, \"url\" TEXT NOT NULL)")
        try ChangeLog.createTable(db)
        try SyncState.createTable(db)
        try LocalIds.createTable(db)
        var recorded: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT \"key\", \"value\" FROM \(SQL.identifier(metaTable))") {
            if let key = row[0] as String?, let value = row[1] as String? { recorded[key] = value }
        }
        try keepChanges(changes, recorded: recorded, db: db, path: path)
        switch (recorded["schema"], recorded["version"]) {
        case (nil, _):
            let foreign = try modelTables(db)
            guard foreign.isEmpty else {
                throw LocalStoreError(.schemaMismatch, className: nil, field: nil,
                                      message: "\(path) has tables the store did not make (\(foreign.prefix(3).joined(separator: ", "))); open a new file.")
            }
            try create(db, schema: schema)
        case (schema.name?, schema.version?):
            return
        case (schema.name?, let version):
            if !schema.migrations.isEmpty, try migrate(db, schema: schema, path: path) {
                return
            }
            switch onSchemaChange {
            case .refuse:
                throw LocalStoreError(.schemaMismatch, className: nil, field: nil, message: """
                    \(path) was made from another version of the schema '\(schema.name)' (\(version ?? "?"), now \(schema.version)) \
                    that no kept migration leads from. Keep the model's migrations (modelgen migrate --create) so the store \
                    migrates itself, or open it with onSchemaChange: .rebuild to empty and rebuild it as a cache.
                    """)
            case .rebuild:
                for table in try modelTables(db) {
                    try db.execute(sql: "DROP TABLE \(SQL.identifier(table))")
                }
                try db.execute(sql: "DROP TABLE IF EXISTS \(SQL.identifier(migrationsTable))")
                try db.execute(sql: "DELETE FROM \(SQL.identifier(StoreFiles.table))")
                // The rows come again from the server on the next sync; the changes not yet
                // pushed stay, so rebuilding loses none of the app's writes.
                try SyncState.reset(db)
                try create(db, schema: schema)
            }
        case (let other?, _):
            throw LocalStoreError(.schemaMismatch, className: nil, field: nil,
                                  message: "\(path) holds the schema '\(other)', not '\(schema.name)'.")
        }
    }

    /// Records whether the file's writes are recorded for sync, or checks it is opened as it was
    /// made (files made before the choice existed recorded them).
    private static func keepChanges(_ changes: LocalStore.Changes, recorded: [String: String], db: Database, path: String) throws {
        let chosen = changes == .recorded ? "recorded" : "notRecorded"
        guard let made = recorded["changes"] ?? (recorded["schema"] == nil ? nil : "recorded") else {
            try db.execute(sql: "INSERT INTO \(SQL.identifier(metaTable)) (\"key\", \"value\") VALUES ('changes', ?)", arguments: [chosen])
            return
        }
        guard made == chosen else {
            throw LocalStoreError(.schemaMismatch, className: nil, field: nil, message: """
                \(path) was made with changes: .\(made); open it the same way (a store whose writes were not all \
                recorded could never sync them), or delete the file to choose again.
                """)
        }
    }

    /// A new file: the tables, every kept migration recorded as run (the tables are where the
    /// last one leads), and which schema made it.
    private static func create(_ db: Database, schema: LocalSchema) throws {
        for statement in schema.statements {
            try db.execute(sql: statement)
        }
        if !schema.migrations.isEmpty {
            try createMigrationsTable(db)
            for migration in schema.migrations {
                try db.execute(sql: "INSERT INTO \(SQL.identifier(migrationsTable)) (\"name\") VALUES (?)", arguments: [migration.name])
            }
        }
        try record(db, schema: schema)
    }

    /// Runs the kept migrations the file has not run, in order, inside the caller's transaction:
    /// all of them or, when one stops, none. Returns `false` when the file's record does not
    /// say where in the history it is (no migration recorded), so the caller refuses or rebuilds.
    private static func migrate(_ db: Database, schema: LocalSchema, path: String) throws -> Bool {
        let applied: [String] = try db.tableExists(migrationsTable)
            ? String.fetchAll(db, sql: "SELECT \"name\" FROM \(SQL.identifier(migrationsTable)) ORDER BY \"name\"")
            : []
        guard !applied.isEmpty else { return false }
        let names = schema.migrations.map(\.name)
        guard applied.count <= names.count, Array(names.prefix(applied.count)) == applied else {
            let unknown = applied.filter { !names.contains($0) }
            throw LocalStoreError(.schemaMismatch, className: nil, field: nil, message: unknown.isEmpty
                ? "\(path) has run the migrations \(applied.joined(separator: ", ")), which are not a start of this app's history (\(names.joined(separator: ", ")))."
                : "\(path) has run migrations this app does not know (\(unknown.joined(separator: ", "))): a newer version of the app made it.")
        }
        for migration in schema.migrations.dropFirst(applied.count) {
            try run(migration, db: db)
        }
        try record(db, schema: schema)
        return true
    }

    /// One migration's statements. A check that stops it (a value the new schema refuses) fails
    /// a guard whose constraint names the class and field; the message SELECT before it lists the
    /// first objectIds concerned.
    private static func run(_ migration: LocalSchema.Migration, db: Database) throws {
        var lastMessage: String?
        for statement in migration.statements {
            do {
                if statement.hasPrefix("SELECT 'modelgen: ") {
                    lastMessage = try String.fetchOne(db, sql: statement)
                } else {
                    try db.execute(sql: statement)
                }
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK {
                let reason = (error.message ?? "").replacingOccurrences(of: "CHECK constraint failed: ", with: "")
                let (className, field) = subject(of: reason)
                var message = "migration \(migration.name) stopped, and the store is as it was: \(reason)"
                if let lastMessage, let ids = lastMessage.range(of: "(first rows: ") {
                    message += " " + lastMessage[ids.lowerBound...]
                }
                throw LocalStoreError(.migrationStopped, className: className, field: field, message: message)
            }
        }
    }

    /// `Product` and `price` from a guard's `Product.price: some values…`.
    private static func subject(of reason: String) -> (String?, String?) {
        guard let colon = reason.range(of: ": "), !reason[..<colon.lowerBound].contains(" ") else { return (nil, nil) }
        let parts = reason[..<colon.lowerBound].split(separator: ".", maxSplits: 1).map(String.init)
        return (parts.first, parts.count > 1 ? parts[1] : nil)
    }

    private static func createMigrationsTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(SQL.identifier(migrationsTable)) (
                "name" TEXT NOT NULL PRIMARY KEY,
                "appliedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
    }

    private static func record(_ db: Database, schema: LocalSchema) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO \(SQL.identifier(metaTable)) (\"key\", \"value\") VALUES ('schema', ?), ('version', ?)",
                       arguments: [schema.name, schema.version])
    }

    /// The tables that are not SQLite's or the store's own (the migrations' record included).
    private static func modelTables(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            AND name NOT LIKE '\\_LocalStore:%' ESCAPE '\\' AND name <> ? ORDER BY name
            """, arguments: [migrationsTable])
    }
}
#endif
