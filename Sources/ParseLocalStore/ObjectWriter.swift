#if LocalStore
import Foundation
import GRDB
import ParseRuntime
import ParseWire

/// Writes objects into the store as Parse Server applies its REST calls: a create's fields, an
/// update's values and operations (Increment, Add, AddUnique, Remove, Delete, AddRelation,
/// RemoveRelation, Batch), a delete with the schema's `onDelete` rules. Every method runs
/// inside the caller's transaction, so a failure changes nothing.
struct ObjectWriter {
    let schema: StoreSchema
    let reader: ObjectReader
    /// Whether writes are the app's own, recorded in the ``ChangeLog`` for the next sync; a
    /// sync's writer applies the server's objects without recording them.
    var recordsChanges = true

    /// Inserts an object with `fields` (Parse JSON, as a save body has them) and returns what a
    /// server answers: `objectId`, `createdAt` and `updatedAt`.
    func insert(
        _ db: Database, className: String, fields: [String: JSONValue], objectId: String?, createdAt: String?, updatedAt: String?,
        ids: LocalIds.Resolver
    ) throws -> [String: JSONValue] {
        let table = try schema.table(className)
        let now = Clock.now()
        let created = createdAt.flatMap { ColumnValues.dateText(.string($0)) } ?? now
        let updated = updatedAt.flatMap { ColumnValues.dateText(.string($0)) } ?? created
        var names = ["objectId", "createdAt", "updatedAt"]
        var values: [DatabaseValue] = [.null, created.databaseValue, updated.databaseValue]
        var relationFields: [(String, JSONValue)] = []
        for key in fields.keys.sorted() {
            guard let given = fields[key] else { continue }
            // A pointer to an object whose local id the server's has replaced names it anew.
            let value = try ids.current(in: given)
            if key == "ACL" {
                names.append(key)
                values.append(try ColumnValues.aclColumn(value, className: className))
                continue
            }
            if Self.serverKeys.contains(key) || Self.isSecret(key, of: className) { continue }
            guard let field = table.fieldsByName[key] else { throw unknownField(className, key) }
            if case .relation = field.kind {
                relationFields.append((key, value))
                continue
            }
            names.append(key)
            values.append(try ColumnValues.column(value, for: field, className: className))
            try rememberFileURL(value, field: field, db: db)
        }
        let sql = "INSERT INTO \(SQL.identifier(className)) (" + names.map(SQL.identifier).joined(separator: ", ")
            + ") VALUES (" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        let statement = try db.cachedStatement(sql: sql)
        var assigned = objectId ?? ObjectIds.make()
        var attempts = 0
        while true {
            values[0] = assigned.databaseValue
            do {
                try statement.execute(arguments: StatementArguments(values))
                break
            } catch let error as DatabaseError where objectId == nil && attempts < 5
                && error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
                // A generated id met an existing one: draw again.
                attempts += 1
                assigned = ObjectIds.make()
            }
        }
        for (key, value) in relationFields {
            try applyRelationOperation(db, table: table, objectId: assigned, key: key, operation: value)
        }
        // An object that comes with its server timestamps is a copy of the server's, not a change.
        if recordsChanges, createdAt == nil {
            try ChangeLog.record(db, .create, className: className, objectId: assigned, body: Self.pushable(fields, of: className))
        }
        return ["objectId": .string(assigned), "createdAt": .string(created), "updatedAt": .string(updated)]
    }

    /// Applies an update body to the stored object and returns what a server answers:
    /// `updatedAt`, and the new values of the fields an Increment, Add, AddUnique or Remove
    /// changed.
    /// - Parameter current: The stored object when the caller has just read it.
    func update(
        _ db: Database, className: String, objectId: String, body: [String: JSONValue], current: [String: JSONValue]? = nil,
        ids: LocalIds.Resolver
    ) throws -> [String: JSONValue] {
        let table = try schema.table(className)
        guard let current = try current ?? reader.object(db, className: className, objectId: objectId) else {
            throw ParseClientError.server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404))
        }
        let now = Clock.now()
        var response: [String: JSONValue] = ["updatedAt": .string(now)]
        var assignments: [String] = []
        var values: [DatabaseValue] = []
        for key in body.keys.sorted() where !Self.isSecret(key, of: className) {
            guard let given = body[key] else { continue }
            let value = try ids.current(in: given)
            if key == "ACL" {
                assignments.append("\"ACL\" = ?")
                values.append(value["__op"] == "Delete" ? .null : try ColumnValues.aclColumn(value, className: className))
                continue
            }
            guard let field = table.fieldsByName[key] else {
                if Self.serverKeys.contains(key) {
                    throw LocalStoreError(.invalidValue, className: className, field: key, message: "is set by the store; an update cannot change it.")
                }
                throw unknownField(className, key)
            }
            if case .relation = field.kind {
                try applyRelationOperation(db, table: table, objectId: objectId, key: key, operation: value)
                continue
            }
            let newValue: JSONValue
            switch value["__op"]?.stringValue {
            case nil:
                newValue = value
            case "Delete":
                newValue = .null
            case "Increment":
                guard let amount = value["amount"], amount.doubleValue != nil else {
                    throw LocalStoreError(.invalidValue, className: className, field: key, message: "Increment needs a number.")
                }
                newValue = FieldOperation.sum(current[key] ?? .int(0), amount)
                response[key] = newValue
            case "Add", "AddUnique", "Remove":
                guard case .array(let objects) = value["objects"] ?? .null else {
                    throw LocalStoreError(.invalidValue, className: className, field: key, message: "a list operation needs objects.")
                }
                var list = current[key]?.arrayValue ?? []
                switch value["__op"]?.stringValue {
                case "Add": list += objects
                case "AddUnique": for object in objects where !list.contains(object) { list.append(object) }
                default: list.removeAll { objects.contains($0) }
                }
                newValue = .array(list)
                response[key] = newValue
            case let operation?:
                throw LocalStoreError(.invalidValue, className: className, field: key, message: "the operation \(operation) does not apply to it.")
            }
            assignments.append("\(SQL.identifier(key)) = ?")
            values.append(try ColumnValues.column(newValue, for: field, className: className))
            try rememberFileURL(newValue, field: field, db: db)
        }
        assignments.append("\"updatedAt\" = ?")
        values.append(now.databaseValue)
        values.append(objectId.databaseValue)
        try db.execute(sql: "UPDATE \(SQL.identifier(className)) SET " + assignments.joined(separator: ", ") + " WHERE \"objectId\" = ?",
                       arguments: StatementArguments(values))
        if recordsChanges {
            let pushed = Self.pushable(body, of: className)
            var base: [String: JSONValue] = [:]
            for key in pushed.keys {
                base[key] = current[key] ?? .null
            }
            try ChangeLog.record(db, .update, className: className, objectId: objectId, body: pushed, base: base)
        }
        return response
    }

    /// Deletes an object, following the `onDelete` rule of every pointer that names it and
    /// emptying its relations both ways; refuses (changing nothing) when a `restrict` pointer
    /// names it.
    func delete(_ db: Database, className: String, objectId: String) throws {
        let table = try schema.table(className)
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM \(SQL.identifier(className)) WHERE \"objectId\" = ?", arguments: [objectId]) == true else {
            throw ParseClientError.server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404))
        }
        var deleted: Set<String> = []
        try delete(db, table: table, objectId: objectId, deleted: &deleted)
    }

    private func delete(_ db: Database, table: StoreSchema.Table, objectId: String, deleted: inout Set<String>) throws {
        guard deleted.insert(table.name + "/" + objectId).inserted else { return }
        for pointer in schema.incomingPointers[table.name] ?? [] {
            let source = SQL.identifier(pointer.className)
            let column = SQL.identifier(pointer.field)
            switch pointer.rule {
            case .restrict:
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM \(source) WHERE \(column) = ? LIMIT 1", arguments: [objectId]) == true {
                    throw LocalStoreError(.restrictedDelete, className: pointer.className, field: pointer.field,
                                          message: "points to the \(table.name) being deleted, and its onDelete is restrict: delete or change those objects first.")
                }
            case .cascade:
                let sourceTable = try schema.table(pointer.className)
                for id in try String.fetchAll(db, sql: "SELECT \"objectId\" FROM \(source) WHERE \(column) = ?", arguments: [objectId]) {
                    try delete(db, table: sourceTable, objectId: id, deleted: &deleted)
                }
            case .setNull:
                if recordsChanges {
                    for id in try String.fetchAll(db, sql: "SELECT \"objectId\" FROM \(source) WHERE \(column) = ?", arguments: [objectId]) {
                        try ChangeLog.record(db, .update, className: pointer.className, objectId: id, body: [pointer.field: ["__op": "Delete"]])
                    }
                }
                try db.execute(sql: "UPDATE \(source) SET \(column) = NULL, \"updatedAt\" = ? WHERE \(column) = ?",
                               arguments: [Clock.now(), objectId])
            case .noAction:
                break
            }
        }
        for relation in schema.incomingRelations[table.name] ?? [] {
            let joinTable = "_Join:\(relation.field):\(relation.ownerClass)"
            try db.execute(sql: "DELETE FROM \(SQL.identifier(joinTable)) WHERE \"relatedId\" = ?", arguments: [objectId])
        }
        for relation in table.relations {
            try db.execute(sql: "DELETE FROM \(SQL.identifier(table.joinTable(relation.name))) WHERE \"owningId\" = ?", arguments: [objectId])
        }
        try db.execute(sql: "DELETE FROM \(SQL.identifier(table.name)) WHERE \"objectId\" = ?", arguments: [objectId])
        if recordsChanges {
            try ChangeLog.record(db, .delete, className: table.name, objectId: objectId)
        }
    }

    // MARK: The server's objects (sync)

    /// Stores an object as the server sent it in a pull: created when the store does not hold
    /// it, otherwise every column set to the server's value (a field the server no longer has
    /// emptied) except the fields in `keeping`, which have local changes not yet pushed. Records
    /// no change; leaves relations to the caller.
    func storeServerCopy(_ db: Database, className: String, object: [String: JSONValue], keeping: Set<String>) throws {
        let table = try schema.table(className)
        guard let objectId = object["objectId"]?.stringValue,
              let createdAt = object["createdAt"].flatMap(ColumnValues.dateText),
              let updatedAt = object["updatedAt"].flatMap(ColumnValues.dateText) else {
            throw LocalStoreError(.invalidValue, className: className, field: "objectId",
                                  message: "the server sent an object without objectId, createdAt or updatedAt.")
        }
        var values: [DatabaseValue] = [objectId.databaseValue, createdAt.databaseValue, updatedAt.databaseValue]
        if !keeping.contains("ACL") {
            values.append(try ColumnValues.aclColumn(object["ACL"], className: className))
        }
        for field in table.columns where !keeping.contains(field.name) {
            values.append(try ColumnValues.column(object[field.name] ?? .null, for: field, className: className))
        }
        // The object's first write: when it fails (a unique value held by another row), SQLite
        // undoes this statement alone and nothing of the object is written.
        try db.cachedStatement(sql: table.serverCopyUpsert(keeping: keeping)).execute(arguments: StatementArguments(values))
        for field in table.columns where !keeping.contains(field.name) {
            try rememberFileURL(object[field.name] ?? .null, field: field, db: db)
        }
    }

    /// Sets the members of one relation of an object to `relatedIds` (as the server has them).
    func replaceRelation(_ db: Database, className: String, objectId: String, field: String, relatedIds: [String]) throws {
        let table = try schema.table(className)
        let joinTable = SQL.identifier(table.joinTable(field))
        try db.cachedStatement(sql: "DELETE FROM \(joinTable) WHERE \"owningId\" = ?").execute(arguments: [objectId])
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO \(joinTable) (\"owningId\", \"relatedId\") VALUES (?, ?)")
        for relatedId in relatedIds {
            try insert.execute(arguments: [objectId, relatedId])
        }
    }

    /// Applies a relation operation without recording it (a waiting local change replayed over
    /// the server's members).
    func replayRelationOperation(_ db: Database, className: String, objectId: String, key: String, operation: JSONValue) throws {
        try applyRelationOperation(db, table: try schema.table(className), objectId: objectId, key: key, operation: operation)
    }

    /// Removes an object the server no longer has (deleted there, or no longer readable by the
    /// user): its row and its join rows, without the schema's onDelete rules (the server applied
    /// its own) and without recording a change. Pointers to it stay, as pointers to objects the
    /// device does not hold do.
    func removeServerDeleted(_ db: Database, className: String, objectId: String) throws {
        let table = try schema.table(className)
        for relation in schema.incomingRelations[className] ?? [] {
            let joinTable = "_Join:\(relation.field):\(relation.ownerClass)"
            try db.execute(sql: "DELETE FROM \(SQL.identifier(joinTable)) WHERE \"relatedId\" = ?", arguments: [objectId])
        }
        for relation in table.relations {
            try db.execute(sql: "DELETE FROM \(SQL.identifier(table.joinTable(relation.name))) WHERE \"owningId\" = ?", arguments: [objectId])
        }
        try db.execute(sql: "DELETE FROM \(SQL.identifier(className)) WHERE \"objectId\" = ?", arguments: [objectId])
    }

    // MARK: Relations and files

    /// AddRelation, RemoveRelation, a Batch of them, or Delete (empties the relation).
    private func applyRelationOperation(_ db: Database, table: StoreSchema.Table, objectId: String, key: String, operation: JSONValue) throws {
        guard let field = table.fieldsByName[key], case .relation(let target) = field.kind else { throw unknownField(table.name, key) }
        let joinTable = SQL.identifier(table.joinTable(key))
        switch operation["__op"]?.stringValue {
        case "AddRelation", "RemoveRelation":
            let adding = operation["__op"] == "AddRelation"
            for object in operation["objects"]?.arrayValue ?? [] {
                guard let relatedId = ColumnValues.pointerId(object, to: target) else {
                    throw LocalStoreError(.invalidValue, className: table.name, field: key, message: "holds \(target) objects only.")
                }
                try db.execute(sql: adding
                    ? "INSERT OR IGNORE INTO \(joinTable) (\"owningId\", \"relatedId\") VALUES (?, ?)"
                    : "DELETE FROM \(joinTable) WHERE \"owningId\" = ? AND \"relatedId\" = ?",
                    arguments: [objectId, relatedId])
            }
        case "Batch":
            for inner in operation["ops"]?.arrayValue ?? [] {
                try applyRelationOperation(db, table: table, objectId: objectId, key: key, operation: inner)
            }
        case "Delete":
            try db.execute(sql: "DELETE FROM \(joinTable) WHERE \"owningId\" = ?", arguments: [objectId])
        default:
            // `{"__type":"Relation"}` as a snapshot holds it: nothing to change.
            if operation["__type"] == "Relation" { return }
            throw LocalStoreError(.invalidValue, className: table.name, field: key, message: "a relation changes through AddRelation and RemoveRelation only.")
        }
    }

    /// Keeps a file's URL beside its name, which is all its column holds.
    private func rememberFileURL(_ value: JSONValue, field: LocalSchema.Field, db: Database) throws {
        guard case .file = field.kind, let name = value["name"]?.stringValue, let url = value["url"]?.stringValue else { return }
        try db.execute(sql: "INSERT INTO \(SQL.identifier(StoreFiles.table)) (\"name\", \"url\") VALUES (?, ?) ON CONFLICT(\"name\") DO UPDATE SET \"url\" = excluded.\"url\"",
                       arguments: [name, url])
    }

    /// The part of a create's fields or an update's body the server is sent: what the app set,
    /// not the keys the server assigns, and never a password.
    static func pushable(_ fields: [String: JSONValue], of className: String) -> [String: JSONValue] {
        fields.filter { key, _ in !serverKeys.contains(key) && !isSecret(key, of: className) }
    }

    /// The keys the server sets itself.
    static let serverKeys: Set<String> = ["objectId", "createdAt", "updatedAt", "className"]

    /// A user's password, which the store never keeps (Parse Server never returns it either):
    /// a device's files are no place for it.
    static func isSecret(_ key: String, of className: String) -> Bool {
        className == "_User" && key == "password"
    }

    private func unknownField(_ className: String, _ key: String) -> LocalStoreError {
        LocalStoreError(.unknownField, className: className, field: key, message: "the local schema has no such field.")
    }
}

/// The store's own table of file URLs, by file name. Its name starts with `_` and holds a `:`,
/// which no Parse class name can.
enum StoreFiles {
    static let table = "_LocalStore:files"
}

/// Object ids as Parse Server makes them: 10 letters and digits.
enum ObjectIds {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}

/// The current time as Parse writes dates.
enum Clock {
    static func now() -> String {
        // A date within ISO 8601's range always has a text.
        ISO8601Millis.string(from: Date()) ?? "1970-01-01T00:00:00.000Z"
    }
}
#endif
