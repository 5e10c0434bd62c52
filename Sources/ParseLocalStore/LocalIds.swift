#if LocalStore
import GRDB
import ParseRuntime

/// Objects created on the device have ids the store drew. When the server gives one another id
/// (a server without `allowCustomObjectId`), the store replaces it everywhere in one
/// transaction: the row, the pointers to it (columns and JSON values), the join rows of
/// relations, the changes still waiting. It also remembers the old id, so an app still holding
/// a copy with it reaches the same object.
enum LocalIds {
    static let table = "_LocalStore:replacedIds"

    static func createTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(SQL.identifier(table)) (
                "className" TEXT NOT NULL,
                "localId" TEXT NOT NULL,
                "serverId" TEXT NOT NULL,
                PRIMARY KEY ("className", "localId")
            )
            """)
    }

    /// Looks up replaced ids within one transaction; does nothing while no id was ever replaced.
    struct Resolver {
        let db: Database
        let active: Bool

        init(_ db: Database) throws {
            self.db = db
            active = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(SQL.identifier(LocalIds.table)))") == true
        }

        /// The id the object of `className` has now.
        func current(_ className: String, _ objectId: String) throws -> String {
            guard active else { return objectId }
            return try String.fetchOne(db, sql: "SELECT \"serverId\" FROM \(SQL.identifier(LocalIds.table)) WHERE \"className\" = ? AND \"localId\" = ?",
                                       arguments: [className, objectId]) ?? objectId
        }

        /// `value` with every pointer in it naming an object's current id.
        func current(in value: JSONValue) throws -> JSONValue {
            guard active else { return value }
            return try LocalIds.mappingPointers(in: value) { className, objectId in try current(className, objectId) }
        }
    }

    /// Replaces `localId` by `serverId` for the object of `className`, everywhere.
    static func replace(_ db: Database, schema: StoreSchema, className: String, localId: String, serverId: String) throws {
        let table = try schema.table(className)
        let quoted = SQL.identifier(className)
        try db.execute(sql: "UPDATE \(quoted) SET \"objectId\" = ? WHERE \"objectId\" = ?", arguments: [serverId, localId])
        for pointer in schema.incomingPointers[className] ?? [] {
            let column = SQL.identifier(pointer.field)
            try db.execute(sql: "UPDATE \(SQL.identifier(pointer.className)) SET \(column) = ? WHERE \(column) = ?",
                           arguments: [serverId, localId])
        }
        for relation in table.relations {
            try db.execute(sql: "UPDATE \(SQL.identifier(table.joinTable(relation.name))) SET \"owningId\" = ? WHERE \"owningId\" = ?",
                           arguments: [serverId, localId])
        }
        for relation in schema.incomingRelations[className] ?? [] {
            let joinTable = "_Join:\(relation.field):\(relation.ownerClass)"
            try db.execute(sql: "UPDATE \(SQL.identifier(joinTable)) SET \"relatedId\" = ? WHERE \"relatedId\" = ?",
                           arguments: [serverId, localId])
        }
        // Pointers inside JSON values (arrays of pointers, objects holding them).
        for other in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            for field in other.columns where field.kind == .json {
                let column = SQL.identifier(field.name)
                let rows = try Row.fetchAll(db, sql: "SELECT \"objectId\", \(column) FROM \(SQL.identifier(other.name)) WHERE instr(\(column), ?) > 0",
                                            arguments: [localId])
                for row in rows {
                    guard let text = row[1] as String?, let value = ColumnValues.parse(text) else { continue }
                    let replaced = replacing(localId, by: serverId, of: className, in: value)
                    guard replaced != value else { continue }
                    try db.execute(sql: "UPDATE \(SQL.identifier(other.name)) SET \(column) = ? WHERE \"objectId\" = ?",
                                   arguments: [try replaced.serializedString(), row[0] as String])
                }
            }
        }
        // The changes still waiting: their object, and pointers in their bodies.
        try db.execute(sql: "UPDATE \(SQL.identifier(ChangeLog.table)) SET \"objectId\" = ? WHERE \"className\" = ? AND \"objectId\" = ?",
                       arguments: [serverId, className, localId])
        let changes = try Row.fetchAll(db, sql: "SELECT \"sequence\", \"body\" FROM \(SQL.identifier(ChangeLog.table)) WHERE instr(\"body\", ?) > 0",
                                       arguments: [localId])
        for row in changes {
            guard let text = row[1] as String?, let body = ColumnValues.parse(text) else { continue }
            let replaced = replacing(localId, by: serverId, of: className, in: body)
            guard replaced != body, let members = replaced.objectValue else { continue }
            try ChangeLog.replaceBody(db, sequence: row[0], body: members)
        }
        try db.execute(sql: "INSERT OR REPLACE INTO \(SQL.identifier(Self.table)) (\"className\", \"localId\", \"serverId\") VALUES (?, ?, ?)",
                       arguments: [className, localId, serverId])
    }

    /// `value` with the pointers to (`className`, `localId`) naming `serverId` instead.
    static func replacing(_ localId: String, by serverId: String, of className: String, in value: JSONValue) -> JSONValue {
        mappingPointers(in: value) { pointedClass, objectId in pointedClass == className && objectId == localId ? serverId : objectId }
    }

    /// `value` with the id of every pointer and nested object in it (at any depth) given by
    /// `newId(className, objectId)`.
    private static func mappingPointers(in value: JSONValue, _ newId: (String, String) throws -> String) rethrows -> JSONValue {
        switch value {
        case .object(var members):
            if members["__type"] == "Pointer" || members["__type"] == "Object",
               let className = members["className"]?.stringValue, let objectId = members["objectId"]?.stringValue {
                members["objectId"] = .string(try newId(className, objectId))
            }
            for (key, member) in members where key != "objectId" {
                members[key] = try mappingPointers(in: member, newId)
            }
            return .object(members)
        case .array(let elements):
            return .array(try elements.map { try mappingPointers(in: $0, newId) })
        default:
            return value
        }
    }
}
#endif
