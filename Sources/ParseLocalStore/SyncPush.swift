#if LocalStore
import GRDB
import ParseRuntime
import ParseWire

/// The push half of a sync: sends the ``ChangeLog`` to the server oldest first, and removes each
/// change in the transaction that records the server's answer.
///
/// A change that is safe to send twice goes in a `POST /batch` (Parse Server runs a batch's
/// requests side by side, so a batch never holds two changes of one object): a create with the
/// store's own id (a repeat finds the id taken), an update that only sets values, a delete. The
/// others go alone with their request id, which Parse Server's idempotency refuses to run twice
/// (159): an update with Increment or Add, a create the server gives an id to.
///
/// A change the server refuses is parked with its error, and the later changes of its object
/// wait behind it; the others go on. No answer at all (no network, a timeout, the server down,
/// 5xx) stops the push and throws, keeping every change not answered.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct SyncPush {
    let store: LocalStore
    let client: ParseClient
    let options: LocalStore.SyncOptions

    /// The object id mode after `automatic` is settled.
    private var customIds: Bool?

    init(store: LocalStore, client: ParseClient, options: LocalStore.SyncOptions) {
        self.store = store
        self.client = client
        self.options = options
    }

    static let objectIdsKey = "objectIds"

    mutating func run(_ report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        customIds = try await settledObjectIds()
        // Objects with a parked change: their later changes wait behind it.
        var held: Set<String> = []
        var after: Int64 = 0
        while true {
            let start = after
            var changes = try await store.read(nil) { db in try ChangeLog.pending(db, after: start) }
            guard !changes.isEmpty else { break }
            var group: [ChangeLog.Change] = []
            for position in changes.indices {
                let pending = changes[position]
                let key = pending.className + "/" + pending.objectId
                if pending.failure != nil || held.contains(key) {
                    held.insert(key)
                    after = pending.sequence
                    continue
                }
                var change = pending
                if change.kind == .update, let resolve = options.resolveConflicts[change.className] {
                    guard let settled = try await settleConflicts(change, resolve: resolve, report: &report) else {
                        // Every field it changed went the server's way: nothing left to push.
                        after = change.sequence
                        continue
                    }
                    change = settled
                }
                if let customIds, isSafeToRepeat(change, customIds: customIds) {
                    if group.contains(where: { $0.className == change.className && $0.objectId == change.objectId }) || group.count >= options.batchSize {
                        try await sendBatch(group, held: &held, report: &report)
                        group = []
                    }
                    group.append(change)
                    after = change.sequence
                    continue
                }
                try await sendBatch(group, held: &held, report: &report)
                group = []
                let serverId = try await sendAlone(change, held: &held, report: &report)
                after = change.sequence
                if let serverId {
                    // Later changes may name the replaced id. The store replaced it in their rows;
                    // do the same to those already read rather than read them again (which would
                    // parse the waiting changes once per create).
                    for later in changes.indices where later > position {
                        changes[later] = Self.replacing(change.objectId, by: serverId, of: change.className, in: changes[later])
                    }
                }
            }
            try await sendBatch(group, held: &held, report: &report)
        }
    }

    /// `true` for custom ids, `false` for server ids, `nil` while `automatic` has not tried yet.
    private func settledObjectIds() async throws(ParseClientError) -> Bool? {
        switch options.objectIds {
        case .custom: return true
        case .server: return false
        case .automatic:
            if client.configuration.allowsCustomObjectId { return true }
            let recorded = try await store.read(nil) { db in
                try String.fetchOne(db, sql: "SELECT \"value\" FROM \(SQL.identifier(StoreSetup.metaTable)) WHERE \"key\" = ?",
                                    arguments: [Self.objectIdsKey])
            }
            return recorded.map { $0 == "custom" }
        }
    }

    private func isSafeToRepeat(_ change: ChangeLog.Change, customIds: Bool) -> Bool {
        switch change.kind {
        case .create:
            return customIds && !change.body.values.contains(where: Self.isCounting)
        case .update:
            return !change.body.values.contains(where: Self.isCounting)
        case .delete:
            return true
        }
    }

    /// An operation that changes the value again each time it runs.
    private static func isCounting(_ value: JSONValue) -> Bool {
        switch value["__op"]?.stringValue {
        case "Increment", "Add": return true
        default: return false
        }
    }

    // MARK: Requests

    private func request(_ change: ChangeLog.Change, customIds: Bool) -> ParseClient.SyncRequest {
        switch change.kind {
        case .create:
            var body = change.body
            if customIds { body["objectId"] = .string(change.objectId) }
            return ParseClient.SyncRequest(.post, className: change.className, body: body, requestId: change.requestId)
        case .update:
            return ParseClient.SyncRequest(.put, className: change.className, objectId: change.objectId, body: change.body,
                                           requestId: change.requestId)
        case .delete:
            return ParseClient.SyncRequest(.delete, className: change.className, objectId: change.objectId, requestId: change.requestId)
        }
    }

    private func sendBatch(_ group: [ChangeLog.Change], held: inout Set<String>, report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        guard !group.isEmpty else { return }
        let answers = try await client.syncBatch(group.map { request($0, customIds: true) })
        report.requests += 1
        var outcomes: [Outcome] = []
        for (change, answer) in zip(group, answers) {
            switch answer {
            case .success(let body):
                outcomes.append(.taken(change, body))
            case .failure(let error):
                outcomes.append(try await outcome(of: change, refusedWith: error, report: &report))
            }
        }
        try await record(outcomes, held: &held, report: &report)
    }

    /// Sends one change alone; returns the server's id when it replaced the change's local id.
    private mutating func sendAlone(_ change: ChangeLog.Change, held: inout Set<String>, report: inout LocalStore.SyncReport) async throws(ParseClientError) -> String? {
        var change = change
        let custom = customIds ?? true
        do {
            let body = try await client.syncSend(request(change, customIds: custom))
            report.requests += 1
            if customIds == nil, change.kind == .create {
                try await settle(custom: true)
            }
            try await record([.taken(change, body)], held: &held, report: &report)
            return change.kind == .create && !custom ? body["objectId"]?.stringValue : nil
        } catch .server(let error) {
            report.requests += 1
            if customIds == nil, change.kind == .create, error.code == .invalidKeyName {
                // The server does not take custom objectIds: from now on it gives the ids. The
                // refused request created nothing, so a new request id is safe.
                try await settle(custom: false)
                change = try await renewRequestId(of: change)
                return try await sendAlone(change, held: &held, report: &report)
            }
            let outcome = try await outcome(of: change, refusedWith: error, report: &report)
            try await record([outcome], held: &held, report: &report)
            // A create whose answer was lost, found again on the server: its id was replaced too.
            if case .taken(let found, let answer) = outcome, found.kind == .create, !custom {
                return answer["objectId"]?.stringValue
            }
            return nil
        }
    }

    /// `change` as its row reads after ``LocalIds/replace(_:schema:className:localId:serverId:)``
    /// of (`className`, `localId`): its object's id and the pointers in its body.
    private static func replacing(_ localId: String, by serverId: String, of className: String, in change: ChangeLog.Change) -> ChangeLog.Change {
        var replaced = change
        if change.className == className, change.objectId == localId {
            replaced.objectId = serverId
        }
        if let body = LocalIds.replacing(localId, by: serverId, of: className, in: .object(change.body)).objectValue {
            replaced.body = body
        }
        return replaced
    }

    private mutating func settle(custom: Bool) async throws(ParseClientError) {
        customIds = custom
        let key = Self.objectIdsKey
        try await store.write(nil) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO \(SQL.identifier(StoreSetup.metaTable)) (\"key\", \"value\") VALUES (?, ?)",
                           arguments: [key, custom ? "custom" : "server"])
        }
    }

    private func renewRequestId(of change: ChangeLog.Change) async throws(ParseClientError) -> ChangeLog.Change {
        let sequence = change.sequence
        let requestId = try await store.write(nil) { db in try ChangeLog.renewRequestId(db, sequence: sequence) }
        var renewed = change
        renewed.requestId = requestId
        return renewed
    }

    // MARK: Conflicts

    /// Reads the change's object from the server and asks `resolve` about each field the change
    /// sets that the server changed since the device had it (its value differs from the
    /// change's base); applies the answers to the change and the row in one transaction.
    /// Returns the change to push, or `nil` when nothing is left of it.
    private func settleConflicts(
        _ change: ChangeLog.Change, resolve: @Sendable (LocalStore.FieldConflict) -> LocalStore.ConflictResolution,
        report: inout LocalStore.SyncReport
    ) async throws(ParseClientError) -> ChangeLog.Change? {
        let server: [String: JSONValue]
        do {
            server = try await client.syncSend(ParseClient.SyncRequest(.get, className: change.className, objectId: change.objectId))
            report.requests += 1
        } catch .server(let error) where error.code == .objectNotFound {
            // Gone on the server: the update finds no object and is parked like any other.
            report.requests += 1
            return change
        }
        let table: StoreSchema.Table
        do {
            table = try store.reader.schema.table(change.className)
        } catch {
            throw .localStore(error)
        }
        var body = change.body
        var base = change.base
        var rowValues: [String: JSONValue] = [:]
        for field in change.body.keys.sorted() {
            guard let definition = table.fieldsByName[field], let local = change.body[field] else { continue }
            if case .relation = definition.kind { continue }
            let serverValue = server[field]
            guard Self.stored(serverValue, definition, change.className) != Self.stored(base[field], definition, change.className) else { continue }
            let conflict = LocalStore.FieldConflict(className: change.className, objectId: change.objectId, field: field, local: local,
                                                    server: serverValue, base: base[field].flatMap { $0 == .null ? nil : $0 })
            switch resolve(conflict) {
            case .keepLocal:
                break
            case .takeServer:
                body.removeValue(forKey: field)
                rowValues[field] = serverValue ?? .null
            case .use(let value):
                body[field] = value
                rowValues[field] = value
            }
            // The server's value is what the change now goes from.
            base[field] = serverValue ?? .null
        }
        guard body != change.body || base != change.base else { return change }
        let settledBody = body
        let settledBase = base
        let values = rowValues
        try await store.write(change.className) { db in
            if settledBody.isEmpty {
                try ChangeLog.remove(db, sequence: change.sequence)
            } else {
                try ChangeLog.replace(db, sequence: change.sequence, body: settledBody, base: settledBase)
            }
            for (field, value) in values.sorted(by: { $0.key < $1.key }) {
                guard let definition = table.fieldsByName[field] else { continue }
                try db.execute(sql: "UPDATE \(SQL.identifier(change.className)) SET \(SQL.identifier(field)) = ? WHERE \"objectId\" = ?",
                               arguments: [try ColumnValues.column(value, for: definition, className: change.className), change.objectId])
            }
        }
        guard !settledBody.isEmpty else { return nil }
        var settled = change
        settled.body = settledBody
        settled.base = settledBase
        return settled
    }

    /// A value as its column keeps it, so that two JSON forms of one value compare equal (and
    /// `80` equals `80.0`, which JavaScript servers do not tell apart).
    private static func stored(_ value: JSONValue?, _ field: LocalSchema.Field, _ className: String) -> DatabaseValue? {
        try? ColumnValues.column(numbersAsDoubles(value ?? .null), for: field, className: className)
    }

    private static func numbersAsDoubles(_ value: JSONValue) -> JSONValue {
        switch value {
        case .int(let number): .double(Double(number))
        case .array(let elements): .array(elements.map(numbersAsDoubles))
        case .object(let members): .object(members.mapValues(numbersAsDoubles))
        default: value
        }
    }

    // MARK: Answers

    private enum Outcome {
        /// The server took the change; its answer.
        case taken(ChangeLog.Change, [String: JSONValue])
        /// The server had taken it already (a repeat).
        case alreadyTaken(ChangeLog.Change)
        /// Refused: parked with the error.
        case parked(ChangeLog.Change, ParseError)
    }

    /// What a refusal means for `change`: already done, parked, or (no answer) a stop.
    private func outcome(of change: ChangeLog.Change, refusedWith error: ParseError, report: inout LocalStore.SyncReport) async throws(ParseClientError) -> Outcome {
        switch (change.kind, error.code) {
        case (_, .duplicateRequest):
            // Parse Server's idempotency: this very request ran before (its answer was lost).
            if change.kind == .create, customIds == false {
                return try await findLostCreate(change, report: &report)
            }
            return .alreadyTaken(change)
        case (.delete, .objectNotFound):
            return .alreadyTaken(change)
        case (.create, .duplicateValue) where customIds != false:
            // A create repeated after a lost answer finds its own id taken. Make sure it is ours.
            do {
                _ = try await client.syncSend(ParseClient.SyncRequest(.get, className: change.className, objectId: change.objectId))
                report.requests += 1
                return .alreadyTaken(change)
            } catch .server(let lookup) where lookup.code == .objectNotFound {
                report.requests += 1
                return .parked(change, error)
            }
        case (_, .internalServer), (_, .connectionFailed), (_, .requestLimitExceeded), (_, .invalidSessionToken), (_, .timeout):
            // Not a verdict on the change: stop, keep it.
            throw .server(error)
        default:
            return .parked(change, error)
        }
    }

    /// The object a create made on the server when the answer was lost: the server made it
    /// (idempotency refused the repeat) but does not give its id again. It is looked up by the
    /// values the create sent; exactly one match is taken as it, otherwise the change is parked
    /// (with custom objectIds on the server this cannot happen).
    private func findLostCreate(_ change: ChangeLog.Change, report: inout LocalStore.SyncReport) async throws(ParseClientError) -> Outcome {
        var constraints: [String: JSONValue] = [:]
        for (key, value) in change.body where key != "ACL" {
            switch value {
            case .string, .int, .double, .bool:
                constraints[key] = value
            case .object where value["__type"] == "Pointer" || value["__type"] == "Date":
                constraints[key] = value
            default:
                continue
            }
        }
        let unknown = ParseError(code: .duplicateRequest, message: """
            the server made this object in an earlier sync whose answer was lost, and its values do not tell which object it is; \
            with allowCustomObjectId on the server this cannot happen. Discard the change: the object comes back in the next pull.
            """)
        guard !constraints.isEmpty else { return .parked(change, unknown) }
        let matches = try await client.syncFind(className: change.className, where: constraints, order: "-createdAt", keys: "objectId", limit: 2)
        report.requests += 1
        guard matches.count == 1, let serverId = matches[0]["objectId"]?.stringValue else { return .parked(change, unknown) }
        return .taken(change, ["objectId": .string(serverId)])
    }

    /// Records answers in one transaction: removes the changes taken (giving the rows the
    /// server's timestamps, or its id), parks the refused ones.
    private func record(_ outcomes: [Outcome], held: inout Set<String>, report: inout LocalStore.SyncReport) async throws(ParseClientError) {
        let schema = store.reader.schema
        let writer = store.writer
        let customIds = customIds ?? true
        try await store.write(nil) { db in
            for outcome in outcomes {
                switch outcome {
                case .taken(let change, let answer):
                    try ChangeLog.remove(db, sequence: change.sequence)
                    var objectId = change.objectId
                    if change.kind == .create, !customIds, let serverId = answer["objectId"]?.stringValue, serverId != objectId {
                        // A lost create found again may have been pulled meanwhile: the device's copy is the one kept.
                        try writer.removeServerDeleted(db, className: change.className, objectId: serverId)
                        try LocalIds.replace(db, schema: schema, className: change.className, localId: objectId, serverId: serverId)
                        objectId = serverId
                    }
                    try Self.takeTimestamps(answer, kind: change.kind, className: change.className, objectId: objectId, db: db)
                case .alreadyTaken(let change):
                    try ChangeLog.remove(db, sequence: change.sequence)
                case .parked(let change, let error):
                    try ChangeLog.park(db, sequence: change.sequence, failure: error)
                }
            }
        }
        for outcome in outcomes {
            switch outcome {
            case .taken, .alreadyTaken:
                report.pushed += 1
            case .parked(let change, let error):
                held.insert(change.className + "/" + change.objectId)
                var parked = change
                parked.failure = error
                report.parked.append(parked.publicForm)
            }
        }
        options.progress?(LocalStore.SyncProgress(phase: .push, className: nil, count: report.pushed))
    }

    /// The server's `createdAt`/`updatedAt` from a create's or update's answer, on the row.
    private static func takeTimestamps(_ answer: [String: JSONValue], kind: ChangeLog.Kind, className: String, objectId: String, db: Database) throws {
        guard kind != .delete else { return }
        let createdAt = answer["createdAt"].flatMap(ColumnValues.dateText)
        guard let updatedAt = answer["updatedAt"].flatMap(ColumnValues.dateText) ?? createdAt else { return }
        if let createdAt, kind == .create {
            try db.execute(sql: "UPDATE \(SQL.identifier(className)) SET \"createdAt\" = ?, \"updatedAt\" = ? WHERE \"objectId\" = ?",
                           arguments: [createdAt, updatedAt, objectId])
        } else {
            try db.execute(sql: "UPDATE \(SQL.identifier(className)) SET \"updatedAt\" = ? WHERE \"objectId\" = ?",
                           arguments: [updatedAt, objectId])
        }
    }
}
#endif
