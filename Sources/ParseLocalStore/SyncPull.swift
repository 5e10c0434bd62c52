#if LocalStore
import Foundation
import GRDB
import ParseRuntime
import ParseWire

/// The pull half of a sync: class by class, the objects changed on the server since the class's
/// cursor, in pages ordered by `updatedAt` then `objectId`; each page, the relation members of
/// its objects and the cursor past it stored in one transaction. Then, when due, the check of
/// which objects the server still has.
///
/// A field with a local change not yet pushed keeps the local value (it is newer than what the
/// server sent); an object with a delete not yet pushed stays deleted.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct SyncPull {
    let store: LocalStore
    let client: ParseClient
    let options: LocalStore.SyncOptions

    /// How far before the stored cursor a pull starts again: a write the server stamped just
    /// before the cursor but committed after the last pull read past it is still taken.
    static let overlap: TimeInterval = 5

    /// Classes a pull leaves out unless named: another device's sessions and installations.
    static let privateClasses: Set<String> = ["_Session", "_Installation"]

    func run(_ report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        let classes = options.classes ?? store.schema.classes.map(\.name).filter { !Self.privateClasses.contains($0) }
        for className in classes {
            let table: StoreSchema.Table
            do {
                table = try store.reader.schema.table(className)
            } catch {
                throw .localStore(error)
            }
            try await pull(table, report: &report)
            if try await deleteCheckIsDue(className) {
                try await checkDeletes(table, report: &report)
            }
        }
    }

    // MARK: Changed objects

    private func pull(_ table: StoreSchema.Table, report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        let className = table.name
        var cursor = try await store.read(className) { db in try SyncState.cursor(db, className: className) }
        if let stored = cursor, let date = ISO8601Millis.date(from: stored.updatedAt),
           let earlier = ISO8601Millis.string(from: date.addingTimeInterval(-Self.overlap)) {
            cursor = SyncState.Cursor(updatedAt: earlier, objectId: "")
        }
        var missedSome = false
        while true {
            var constraints: [String: JSONValue] = [:]
            if let cursor {
                let date: JSONValue = ["__type": "Date", "iso": .string(cursor.updatedAt)]
                constraints = ["$or": [
                    ["updatedAt": ["$gt": date]],
                    ["updatedAt": date, "objectId": ["$gt": .string(cursor.objectId)]],
                ]]
            }
            let page = try await client.syncFind(className: className, where: constraints, order: "updatedAt,objectId", limit: options.pageSize)
            report.requests += 1
            guard let last = page.last else { break }
            guard let lastId = last["objectId"]?.stringValue, let lastUpdatedAt = last["updatedAt"].flatMap(ColumnValues.dateText) else {
                throw .localStore(LocalStoreError(.invalidValue, className: className, field: "updatedAt",
                                                  message: "the server sent an object without objectId or updatedAt."))
            }
            let next = SyncState.Cursor(updatedAt: lastUpdatedAt, objectId: lastId)
            let conflicts = try await store(page, of: table, advancing: next, report: &report).conflicts
            report.conflicts += conflicts
            if !conflicts.isEmpty { missedSome = true }
            report.pulled[className, default: 0] += page.count
            options.progress?(LocalStore.SyncProgress(phase: .pull, className: className, count: report.pulled[className] ?? 0))
            cursor = next
            if page.count < options.pageSize { break }
        }
        if missedSome {
            // The objects left out come again with the whole class at the next sync.
            try await store.write(className) { db in try SyncState.forgetCursor(db, className: className) }
        }
    }

    /// What storing the server's objects did.
    struct Stored {
        var conflicts: [LocalStore.SyncConflict] = []
        /// The objects stored, and those left as they were (a delete waits for them, or the
        /// device holds a later copy).
        var storedIds: [String] = []
        var leftIds: [String] = []
    }

    /// Stores objects as the server sent them (a page of a pull, or a LiveQuery event's), with
    /// their relation members, in one transaction, with `cursor` when given.
    ///
    /// A field with a waiting local change keeps the local value, and that change's relation
    /// adds and removes stay on top of the server's members; an object with a waiting delete
    /// stays deleted. With `skippingOlder` (LiveQuery's events, which may arrive after a pull
    /// read past them), an object without waiting changes whose stored copy is later than the
    /// one sent stays as it is; a pull's pages are what the server has now and are always
    /// stored (a row's time can be the device's own, from an edit since discarded). With
    /// `requiringOwner` (LiveQuery's events, which no sync gate orders with an erase), nothing
    /// is stored unless the store is still that user's.
    func store(
        _ objects: [[String: JSONValue]], of table: StoreSchema.Table, advancing cursor: SyncState.Cursor? = nil,
        skippingOlder: Bool = false, requiringOwner owner: String? = nil, report: inout LocalStore.SyncReport
    ) async throws(ParseClientError) -> Stored {
        let className = table.name
        let ids = objects.compactMap { $0["objectId"]?.stringValue }
        var members: [String: [String: [String]]] = [:]
        for relation in table.relations {
            guard case .relation(let target) = relation.kind else { continue }
            let holders = try await holdersOfMembers(owner: className, objectIds: ids, field: relation.name, target: target, report: &report)
            for objectId in ids {
                members[objectId, default: [:]][relation.name] = holders.contains(objectId)
                    ? try await relatedIds(owner: className, objectId: objectId, field: relation.name, target: target, report: &report)
                    : []
            }
        }
        let relationMembers = members
        let fields = Set(table.fieldsByName.keys)
        let writer = store.writer
        return try await store.write(className) { db in
            if let owner {
                try LocalStore.requireOwner(db, owner)
            }
            var stored = Stored()
            for object in objects {
                guard let objectId = object["objectId"]?.stringValue else { continue }
                let waiting = try ChangeLog.pending(db, className: className, objectId: objectId)
                if try waiting.contains(where: { $0.kind == .delete }) || (skippingOlder && waiting.isEmpty && Self.holdsLater(db, className, object)) {
                    stored.leftIds.append(objectId)
                    continue
                }
                var keeping: Set<String> = []
                for change in waiting {
                    keeping.formUnion(change.body.keys)
                }
                do {
                    try writer.storeServerCopy(db, className: className, object: object, keeping: keeping)
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                    // An object made on the device and not on the server yet holds the same
                    // unique value: the server's waits until the app settles it. The copy's
                    // upsert is its first write, so nothing of it is stored.
                    guard case .localStore(let failure) = StoreFailure.map(error, className: className, fields: fields) else { throw error }
                    stored.conflicts.append(LocalStore.SyncConflict(className: className, objectId: objectId, error: failure))
                    continue
                }
                for (field, ids) in (relationMembers[objectId] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    try writer.replaceRelation(db, className: className, objectId: objectId, field: field, relatedIds: ids)
                    // Local adds and removes not yet pushed stay on top of the server's members.
                    for change in waiting {
                        if let operation = change.body[field] {
                            try writer.replayRelationOperation(db, className: className, objectId: objectId, key: field, operation: operation)
                        }
                    }
                }
                stored.storedIds.append(objectId)
            }
            if let cursor {
                try SyncState.advance(db, className: className, to: cursor)
            }
            return stored
        }
    }

    /// Whether the store's copy of `object` was updated after the copy sent.
    private static func holdsLater(_ db: Database, _ className: String, _ object: [String: JSONValue]) throws -> Bool {
        guard let objectId = object["objectId"]?.stringValue, let sent = object["updatedAt"].flatMap(ColumnValues.dateText),
              let held = try String.fetchOne(db, sql: "SELECT \"updatedAt\" FROM \(SQL.identifier(className)) WHERE \"objectId\" = ?",
                                              arguments: [objectId]) else { return false }
        return held > sent
    }

    /// Which of a page's objects hold at least one object in a relation: one request (`$inQuery`
    /// on the relation field, as Parse Server reads it from the relation's join table), so only
    /// those need their members read one by one. A relation most objects leave empty costs one
    /// request a page instead of one an object.
    private func holdersOfMembers(
        owner: String, objectIds: [String], field: String, target: String, report: inout LocalStore.SyncReport
    ) async throws(ParseClientError) -> Set<String> {
        guard !objectIds.isEmpty else { return [] }
        let constraints: [String: JSONValue] = [
            "objectId": ["$in": .array(objectIds.map(JSONValue.string))],
            field: ["$inQuery": ["className": .string(target), "where": [:]]],
        ]
        let page = try await client.syncFind(className: owner, where: constraints, order: "objectId", keys: "objectId", limit: objectIds.count)
        report.requests += 1
        return Set(page.compactMap { $0["objectId"]?.stringValue })
    }

    /// The ids of the objects in one relation of an object, as the server has them.
    private func relatedIds(
        owner: String, objectId: String, field: String, target: String, report: inout LocalStore.SyncReport
    ) async throws(ParseClientError) -> [String] {
        var ids: [String] = []
        let relatedTo: JSONValue = ["object": ["__type": "Pointer", "className": .string(owner), "objectId": .string(objectId)],
                                    "key": .string(field)]
        while true {
            var constraints: [String: JSONValue] = ["$relatedTo": relatedTo]
            if let last = ids.last {
                constraints["objectId"] = ["$gt": .string(last)]
            }
            let page = try await client.syncFind(className: target, where: constraints, order: "objectId", keys: "objectId", limit: options.pageSize)
            report.requests += 1
            ids += page.compactMap { $0["objectId"]?.stringValue }
            if page.count < options.pageSize { return ids }
        }
    }

    // MARK: Deletes on the server

    private func deleteCheckIsDue(_ className: String) async throws(ParseClientError) -> Bool {
        switch options.deleteCheck {
        case .everySync:
            return true
        case .never:
            return false
        case .every(let interval):
            guard let last = try await store.read(className, { db in try SyncState.reconciledAt(db, className: className) }) else { return true }
            let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
            return Date().timeIntervalSince(last) >= seconds
        }
    }

    /// Walks the server's ids of the class in order, page by page, and removes the objects the
    /// store holds in each page's range that the server did not list (deleted there, or no longer
    /// readable by the user). Objects created on the device and not yet pushed stay. Memory stays
    /// one page, whatever the class's size.
    private func checkDeletes(_ table: StoreSchema.Table, report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        let className = table.name
        let writer = store.writer
        let started = Date()
        var lower: String?
        var seen = 0
        while true {
            let constraints: [String: JSONValue] = lower.map { ["objectId": ["$gt": .string($0)]] } ?? [:]
            let page = try await client.syncFind(className: className, where: constraints, order: "objectId", keys: "objectId", limit: options.pageSize)
            report.requests += 1
            let serverIds = Set(page.compactMap { $0["objectId"]?.stringValue })
            let upper = page.count < options.pageSize ? nil : page.last?["objectId"]?.stringValue
            let from = lower
            let (removed, discarded) = try await store.write(className) { db in
                var sql = "SELECT \"objectId\" FROM \(SQL.identifier(className)) WHERE 1"
                var arguments: [DatabaseValue] = []
                if let from {
                    sql += " AND \"objectId\" > ?"
                    arguments.append(from.databaseValue)
                }
                if let upper {
                    sql += " AND \"objectId\" <= ?"
                    arguments.append(upper.databaseValue)
                }
                var removed = 0
                var discarded: [ChangeLog.Change] = []
                for objectId in try String.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) where !serverIds.contains(objectId) {
                    if try ChangeLog.isUnpushedCreate(db, className: className, objectId: objectId) { continue }
                    discarded += try ChangeLog.removeAll(db, className: className, objectId: objectId)
                    try writer.removeServerDeleted(db, className: className, objectId: objectId)
                    removed += 1
                }
                if upper == nil {
                    try SyncState.markReconciled(db, className: className, at: started)
                }
                return (removed, discarded)
            }
            if removed > 0 { report.removed[className, default: 0] += removed }
            report.discarded += discarded.map(\.publicForm)
            seen += page.count
            options.progress?(LocalStore.SyncProgress(phase: .deleteCheck, className: className, count: seen))
            guard let upper else { return }
            lower = upper
        }
    }
}
#endif
