#if LocalStore
import GRDB
import ParseRuntime

/// Makes a store file match its ``LocalSchema``: creates the tables in a new file, opens a file
/// made from the same schema as it is, and for a file made from another version refuses or,
/// for a cache, empties and rebuilds it. The store's own tables (`_LocalStore:meta`, `_LocalStore:files`)
/// record which schema made the file.
enum StoreSetup {
    static let metaTable = "_LocalStore:meta"

    static func prepare(_ db: Database, schema: LocalSchema, onSchemaChange: LocalStore.SchemaChange, path: String) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(SQL.identifier(metaTable)) (\"key\" TEXT PRIMARY KEY NOT NULL, \"value\" TEXT NOT NULL)")
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(SQL.identifier(StoreFiles.table)) (\"name\" TEXT PRIMARY KEY NOT NULL, \"url\" TEXT NOT NULL)")
        var recorded: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT \"key\", \"value\" FROM \(SQL.identifier(metaTable))") {
            if let key = row[0] as String?, let value = row[1] as String? { recorded[key] = value }
        }
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
            switch onSchemaChange {
            case .refuse:
                throw LocalStoreError(.schemaMismatch, className: nil, field: nil,
                                      message: "\(path) was made from another version of the schema '\(schema.name)' (\(version ?? "?"), now \(schema.version)). Open it with onSchemaChange: .rebuild to empty and rebuild it as a cache.")
            case .rebuild:
                for table in try modelTables(db) {
                    try db.execute(sql: "DROP TABLE \(SQL.identifier(table))")
                }
                try db.execute(sql: "DELETE FROM \(SQL.identifier(StoreFiles.table))")
                try create(db, schema: schema)
            }
        case (let other?, _):
            throw LocalStoreError(.schemaMismatch, className: nil, field: nil,
                                  message: "\(path) holds the schema '\(other)', not '\(schema.name)'.")
        }
    }

    private static func create(_ db: Database, schema: LocalSchema) throws {
        for statement in schema.statements {
            try db.execute(sql: statement)
        }
        try db.execute(sql: "INSERT OR REPLACE INTO \(SQL.identifier(metaTable)) (\"key\", \"value\") VALUES ('schema', ?), ('version', ?)",
                       arguments: [schema.name, schema.version])
    }

    /// The tables that are not SQLite's or the store's own.
    private static func modelTables(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            AND name NOT LIKE '\\_LocalStore:%' ESCAPE '\\' ORDER BY name
            """)
    }
}
#endif
