#if LocalStore
import Foundation
import GRDB
import ParseRuntime
import ParseWire

/// What the store remembers between syncs: per class, the cursor of the last object pulled
/// (`updatedAt`, then `objectId`, Parse's order of a pull) and when its ids were last
/// reconciled with the server's; and the user the store belongs to.
enum SyncState {
    static let table = "_LocalStore:sync"

    /// Where the next pull of a class starts.
    struct Cursor: Sendable, Equatable {
        var updatedAt: String
        var objectId: String
    }

    static func createTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(SQL.identifier(table)) (
                "className" TEXT PRIMARY KEY NOT NULL,
                "updatedAt" TEXT,
                "objectId" TEXT,
                "reconciledAt" TEXT
            )
            """)
    }

    /// Forgets every cursor, so the next sync pulls every class from the start.
    static func reset(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(SQL.identifier(table))")
    }

    static func cursor(_ db: Database, className: String) throws -> Cursor? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \"updatedAt\", \"objectId\" FROM \(SQL.identifier(table)) WHERE \"className\" = ?",
                                         arguments: [className]),
              let updatedAt = row[0] as String?, let objectId = row[1] as String? else { return nil }
        return Cursor(updatedAt: updatedAt, objectId: objectId)
    }

    /// Forgets a class's cursor: the next pull takes the whole class again.
    static func forgetCursor(_ db: Database, className: String) throws {
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"updatedAt\" = NULL, \"objectId\" = NULL WHERE \"className\" = ?",
                       arguments: [className])
    }

    /// Moves a class's cursor, in the transaction that stores the objects it passes.
    static func advance(_ db: Database, className: String, to cursor: Cursor) throws {
        try db.execute(sql: """
            INSERT INTO \(SQL.identifier(table)) ("className", "updatedAt", "objectId") VALUES (?, ?, ?)
            ON CONFLICT("className") DO UPDATE SET "updatedAt" = excluded."updatedAt", "objectId" = excluded."objectId"
            """, arguments: [className, cursor.updatedAt, cursor.objectId])
    }

    static func reconciledAt(_ db: Database, className: String) throws -> Date? {
        let text = try String.fetchOne(db, sql: "SELECT \"reconciledAt\" FROM \(SQL.identifier(table)) WHERE \"className\" = ?",
                                       arguments: [className])
        return text.flatMap { ISO8601Millis.date(from: $0) }
    }

    static func markReconciled(_ db: Database, className: String, at date: Date) throws {
        try db.execute(sql: """
            INSERT INTO \(SQL.identifier(table)) ("className", "reconciledAt") VALUES (?, ?)
            ON CONFLICT("className") DO UPDATE SET "reconciledAt" = excluded."reconciledAt"
            """, arguments: [className, ISO8601Millis.string(from: date)])
    }

    // MARK: The store's user

    /// The user the store's synced objects belong to: `""` for no user, `nil` before the first
    /// sync.
    static func owner(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT \"value\" FROM \(SQL.identifier(StoreSetup.metaTable)) WHERE \"key\" = 'owner'")
    }

    static func setOwner(_ db: Database, _ userId: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO \(SQL.identifier(StoreSetup.metaTable)) (\"key\", \"value\") VALUES ('owner', ?)",
                       arguments: [userId])
    }

    static func forgetOwner(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(SQL.identifier(StoreSetup.metaTable)) WHERE \"key\" = 'owner'")
    }
}
#endif
