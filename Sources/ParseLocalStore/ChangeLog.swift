#if LocalStore
import Foundation
import GRDB
import ParseRuntime

/// The store's record of the local changes the server has not had yet, written in the same
/// transaction as the rows they change, so a change is either in the table and in the log or in
/// neither. A sync pushes them in the order they were made and removes each one in the
/// transaction that records the server's answer.
///
/// Each change keeps the request id it is pushed with (`X-Parse-Request-Id`), drawn once, so a
/// push repeated after a lost answer or a killed process is the same request to the server.
enum ChangeLog {
    static let table = "_LocalStore:changes"

    /// What a change does to its object on the server.
    enum Kind: String, Sendable {
        case create, update, delete
    }

    /// A change waiting to be pushed.
    struct Change: Sendable, Equatable {
        let sequence: Int64
        let kind: Kind
        let className: String
        var objectId: String
        /// The fields of a create or the body of an update, as Parse JSON (pointers to objects
        /// created on the device name their local ids until those are replaced).
        var body: [String: JSONValue]
        var requestId: String
        /// The server's refusal, when the change is parked.
        var failure: ParseError?
        /// For an update, the values its fields had before the device changed them (the
        /// earliest waiting change's, when several change one field): how a sync tells that the
        /// server changed the same field meanwhile.
        var base: [String: JSONValue] = [:]
    }

    /// The columns ``change(_:)`` reads, in its order.
    private static let columns = #""sequence", "kind", "className", "objectId", "body", "requestId", "failureCode", "failureMessage", "base""#

    static func createTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(SQL.identifier(table)) (
                "sequence" INTEGER PRIMARY KEY AUTOINCREMENT,
                "kind" TEXT NOT NULL CHECK ("kind" IN ('create', 'update', 'delete')),
                "className" TEXT NOT NULL,
                "objectId" TEXT NOT NULL,
                "body" TEXT NOT NULL,
                "requestId" TEXT NOT NULL,
                "failureCode" INTEGER,
                "failureMessage" TEXT,
                "base" TEXT NOT NULL DEFAULT '{}'
            )
            """)
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(SQL.identifier(table + ":object")) ON \(SQL.identifier(table)) (\"className\", \"objectId\")")
    }

    /// Records a change made by the caller's transaction.
    ///
    /// A delete of an object whose create has not been pushed removes that object's changes
    /// instead: the server never had it. Any other delete drops the object's updates still
    /// waiting (they would change an object about to go) and records the delete.
    static func record(
        _ db: Database, _ kind: Kind, className: String, objectId: String, body: [String: JSONValue] = [:], base: [String: JSONValue] = [:]
    ) throws {
        if kind == .delete {
            let unpushedCreate = try isUnpushedCreate(db, className: className, objectId: objectId)
            try db.execute(sql: "DELETE FROM \(SQL.identifier(table)) WHERE \"className\" = ? AND \"objectId\" = ?",
                           arguments: [className, objectId])
            if unpushedCreate { return }
        }
        if kind == .update, body.isEmpty { return }
        var earliest: [String: JSONValue] = [:]
        if kind == .update {
            for change in try pending(db, className: className, objectId: objectId) {
                earliest.merge(change.base) { first, _ in first }
            }
        }
        let text = try JSONValue.object(body).serializedString()
        let baseText = try JSONValue.object(earliest.merging(base) { first, _ in first }).serializedString()
        try db.execute(sql: """
            INSERT INTO \(SQL.identifier(table)) ("kind", "className", "objectId", "body", "requestId", "base") VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [kind.rawValue, className, objectId, text, UUID().uuidString.lowercased(), baseText])
    }

    /// How many changes wait to be pushed, parked ones included.
    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQL.identifier(table))") ?? 0
    }

    /// The changes waiting after `sequence`, oldest first.
    static func pending(_ db: Database, after sequence: Int64 = 0, limit: Int = 500) throws -> [Change] {
        try Row.fetchAll(db, sql: """
            SELECT \(columns) FROM \(SQL.identifier(table)) WHERE "sequence" > ? ORDER BY "sequence" LIMIT ?
            """, arguments: [sequence, limit]).map(change)
    }

    /// The parked changes, oldest first.
    static func parked(_ db: Database) throws -> [Change] {
        try Row.fetchAll(db, sql: """
            SELECT \(columns) FROM \(SQL.identifier(table)) WHERE "failureCode" IS NOT NULL ORDER BY "sequence"
            """).map(change)
    }

    /// The changes waiting for one object, oldest first.
    /// A pull asks this for every object it stores, so the statement is compiled once.
    static func pending(_ db: Database, className: String, objectId: String) throws -> [Change] {
        let statement = try db.cachedStatement(sql: """
            SELECT \(columns) FROM \(SQL.identifier(table)) WHERE "className" = ? AND "objectId" = ? ORDER BY "sequence"
            """)
        return try Row.fetchAll(statement, arguments: [className, objectId]).map(change)
    }

    /// Whether the object was made on the device and its create not yet pushed.
    static func isUnpushedCreate(_ db: Database, className: String, objectId: String) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT 1 FROM \(SQL.identifier(table)) WHERE "className" = ? AND "objectId" = ? AND "kind" = 'create'
            """, arguments: [className, objectId]) == true
    }

    /// Removes a change the server has taken.
    static func remove(_ db: Database, sequence: Int64) throws {
        try db.execute(sql: "DELETE FROM \(SQL.identifier(table)) WHERE \"sequence\" = ?", arguments: [sequence])
    }

    /// Parks a change the server refused, with its error; a sync leaves it (and the later
    /// changes of its object) until the app retries or drops it.
    static func park(_ db: Database, sequence: Int64, failure: ParseError) throws {
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"failureCode\" = ?, \"failureMessage\" = ? WHERE \"sequence\" = ?",
                       arguments: [failure.rawCode, failure.message, sequence])
    }

    /// Gives a change a new request id, before it is sent again as a different request.
    static func renewRequestId(_ db: Database, sequence: Int64) throws -> String {
        let requestId = UUID().uuidString.lowercased()
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"requestId\" = ? WHERE \"sequence\" = ?", arguments: [requestId, sequence])
        return requestId
    }

    /// Takes a parked change back into the queue.
    static func unpark(_ db: Database, sequence: Int64) throws {
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"failureCode\" = NULL, \"failureMessage\" = NULL WHERE \"sequence\" = ?",
                       arguments: [sequence])
    }

    /// Removes every change of one object (its row went: the server deleted it).
    static func removeAll(_ db: Database, className: String, objectId: String) throws -> [Change] {
        let removed = try pending(db, className: className, objectId: objectId)
        try db.execute(sql: "DELETE FROM \(SQL.identifier(table)) WHERE \"className\" = ? AND \"objectId\" = ?",
                       arguments: [className, objectId])
        return removed
    }

    /// Replaces a change's body (a local id replaced by the server's inside it).
    static func replaceBody(_ db: Database, sequence: Int64, body: [String: JSONValue]) throws {
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"body\" = ? WHERE \"sequence\" = ?",
                       arguments: [try JSONValue.object(body).serializedString(), sequence])
    }

    /// Replaces a change's body and base (a conflict settled).
    static func replace(_ db: Database, sequence: Int64, body: [String: JSONValue], base: [String: JSONValue]) throws {
        try db.execute(sql: "UPDATE \(SQL.identifier(table)) SET \"body\" = ?, \"base\" = ? WHERE \"sequence\" = ?",
                       arguments: [try JSONValue.object(body).serializedString(), try JSONValue.object(base).serializedString(), sequence])
    }

    private static func change(_ row: Row) throws -> Change {
        let failure: ParseError? = (row[6] as Int?).map { code in
            let message = row[7] as String? ?? ""
            if let known = ParseError.Code(rawValue: code), known != .other {
                return ParseError(code: known, message: message)
            }
            return ParseError(otherCode: code, message: message)
        }
        let body = ColumnValues.parse(row[4] as String? ?? "{}")?.objectValue ?? [:]
        let base = ColumnValues.parse(row[8] as String? ?? "{}")?.objectValue ?? [:]
        return Change(sequence: row[0], kind: Kind(rawValue: row[1] as String? ?? "") ?? .update, className: row[2],
                      objectId: row[3], body: body, requestId: row[5], failure: failure, base: base)
    }
}
#endif
