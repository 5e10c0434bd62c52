#if LocalStore
import Foundation
import GRDB
import ParseRuntime

// Sync with Parse Server: push the changes made on the device, then pull what changed on the
// server (docs/LocalStore.md, "Sync").
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension LocalStore {
    /// How ``sync(with:options:)`` works.
    public struct SyncOptions: Sendable {
        /// How objects created on the device get their server ids.
        public enum ObjectIds: Sendable, Hashable {
            /// Send the store's id, and fall back to ``server`` the first time the server refuses
            /// it (remembered in the file).
            case automatic
            /// The server allows custom objectIds (Parse Server's `allowCustomObjectId`): the
            /// store's id is sent and kept. Creates go in batches, and a create repeated after a
            /// lost answer is recognised by its id.
            case custom
            /// The server gives each object its id, which replaces the store's everywhere
            /// (rows, pointers, relations, waiting changes) in one transaction. Creates go one
            /// request each.
            case server
        }

        /// How often the store asks the server which objects still exist, to remove those deleted
        /// on the server (or no longer readable by the user). Parse keeps no record of deletes,
        /// so this reads every id of every synced class: a request per 1,000 objects.
        public enum DeleteCheck: Sendable, Hashable {
            /// On every sync (the default: correct first).
            case everySync
            /// When the last check of a class is older than this.
            case every(Duration)
            /// Never: objects deleted on the server stay on the device.
            case never
        }

        /// The classes to pull, in this order; `nil` for every class of the schema except
        /// `_Session` and `_Installation`. Changes of every class are pushed.
        public var classes: [String]?
        public var objectIds: ObjectIds
        public var deleteCheck: DeleteCheck
        /// Objects per pull request (Parse Server's largest page is 1,000 unless configured).
        public var pageSize: Int
        /// Changes per `POST /batch`.
        public var batchSize: Int
        /// Called as the sync moves on (on the sync's task).
        public var progress: (@Sendable (SyncProgress) -> Void)?
        /// By class name: who wins a field changed on the device (not yet pushed) and on the
        /// server since the device had it. Without one, the device's push wins (the later push
        /// wins the same field). With one, each pushed update of the class first reads its
        /// object from the server (a request each) to find such fields.
        public var resolveConflicts: [String: @Sendable (FieldConflict) -> ConflictResolution]

        public init(
            classes: [String]? = nil, objectIds: ObjectIds = .automatic, deleteCheck: DeleteCheck = .everySync,
            pageSize: Int = 1000, batchSize: Int = 50, progress: (@Sendable (SyncProgress) -> Void)? = nil,
            resolveConflicts: [String: @Sendable (FieldConflict) -> ConflictResolution] = [:]
        ) {
            self.classes = classes
            self.objectIds = objectIds
            self.deleteCheck = deleteCheck
            self.pageSize = pageSize
            self.batchSize = batchSize
            self.progress = progress
            self.resolveConflicts = resolveConflicts
        }
    }

    /// A field changed both on the device and on the server since the device had the object.
    public struct FieldConflict: Sendable, Hashable {
        public let className: String
        public let objectId: String
        public let field: String
        /// What the device's waiting change does to the field: a value as Parse JSON, or an
        /// operation (`{"__op":"Increment","amount":1}`).
        public let local: JSONValue
        /// The server's value now; `nil` when the server has none.
        public let server: JSONValue?
        /// The value both had before the device changed it; `nil` for none.
        public let base: JSONValue?
    }

    /// How a ``FieldConflict`` ends.
    public enum ConflictResolution: Sendable, Hashable {
        /// Push the device's change: it overwrites the server's (the default without a resolver).
        case keepLocal
        /// Drop the device's change of the field and take the server's value.
        case takeServer
        /// Push this value instead (a merge), as Parse JSON.
        case use(JSONValue)
    }

    /// Where a sync is.
    public struct SyncProgress: Sendable, Hashable {
        public enum Phase: Sendable, Hashable {
            /// Pushing changes: `count` pushed so far.
            case push
            /// Pulling `className`: `count` objects so far.
            case pull
            /// Checking which objects of `className` the server still has: `count` ids so far.
            case deleteCheck
        }

        public let phase: Phase
        public let className: String?
        public let count: Int
    }

    /// A change waiting to be pushed.
    public struct PendingChange: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case create, update, delete
        }

        public let kind: Kind
        public let className: String
        public let objectId: String
        /// The fields it sets or changes.
        public let fields: [String]
        /// Why the server refused it, for a parked change; `nil` for one still to be pushed.
        public let failure: ParseError?
    }

    /// What a sync did.
    public struct SyncReport: Sendable, Hashable {
        /// Changes the server took.
        public var pushed = 0
        /// Objects received from the server, by class.
        public var pulled: [String: Int] = [:]
        /// Objects removed from the device because the server no longer has them (or the user
        /// can no longer read them), by class.
        public var removed: [String: Int] = [:]
        /// Changes the server refused in this sync: parked with their error, they wait for
        /// ``LocalStore/retryParkedChanges()`` or ``LocalStore/discardParkedChanges()``.
        public var parked: [PendingChange] = []
        /// Changes dropped because their object was deleted on the server meanwhile (the
        /// server's delete wins).
        public var discarded: [PendingChange] = []
        /// Objects of the server the store could not keep yet: a unique value of theirs is held by
        /// an object made on the device and not on the server (its create is parked with 137).
        /// Settle the local object (change it, or discard its parked create) and sync again.
        public var conflicts: [SyncConflict] = []
        /// HTTP requests made.
        public var requests = 0
    }

    /// An object of the server that a local object, not yet on the server, keeps out of the
    /// store (the same value in a unique field).
    public struct SyncConflict: Sendable, Hashable {
        public let className: String
        public let objectId: String
        /// The refusal, naming the class and field.
        public let error: LocalStoreError
    }

    /// Pushes the changes made on the device, oldest first, then pulls what changed on the server
    /// since the last sync, class by class, and removes what the server deleted.
    ///
    /// Each step is its own transaction, so a sync stopped at any point (no network, the server
    /// down, the app killed) keeps every change not yet pushed and every object pulled, and the
    /// next sync goes on from there without doubling anything.
    ///
    /// - Returns: What moved.
    /// - Throws: ``ParseClientError``: the client's error when the server cannot be reached or
    ///   refuses the session (nothing is lost: run the sync again later);
    ///   ``LocalStoreError/Kind/wrongUser`` when the store holds another user's objects.
    @discardableResult
    public func sync(with client: ParseClient, options: SyncOptions = SyncOptions()) async throws(ParseClientError) -> SyncReport {
        await syncGate.enter()
        do {
            let report = try await runSync(with: client, options: options)
            await syncGate.leave()
            return report
        } catch {
            await syncGate.leave()
            throw error
        }
    }

    private func runSync(with client: ParseClient, options: SyncOptions) async throws(ParseClientError) -> SyncReport {
        // Every request of the sync is made as the user it claims the store for.
        let client = client.pinnedToCurrentSession()
        var report = SyncReport()
        report.requests += try await claim(for: client).requests
        var push = SyncPush(store: self, client: client, options: options)
        try await push.run(&report)
        let pull = SyncPull(store: self, client: client, options: options)
        try await pull.run(&report)
        return report
    }

    /// Records the client's user (or none) as the store's at the first sync, and refuses
    /// another user's client after that.
    /// - Returns: The store's user (`""` for none), and the requests it made (`GET /users/me`
    ///   when the client has a session).
    func claim(for client: ParseClient) async throws(ParseClientError) -> (owner: String, requests: Int) {
        guard writer.recordsChanges else {
            throw .localStore(LocalStoreError(.changesNotRecorded, className: nil, field: nil,
                                              message: "the store was opened with changes: .notRecorded, so it has nothing to push and could not keep its writes from the server's; it does not sync."))
        }
        let userId = try await client.syncUserId() ?? ""
        try await write(nil) { db in
            switch try SyncState.owner(db) {
            case nil: try SyncState.setOwner(db, userId)
            case userId?: break
            case .some:
                throw LocalStoreError(.wrongUser, className: nil, field: nil,
                                      message: "the store holds another user's objects; erase it (as logging out does) before syncing as this user.")
            }
        }
        return (userId, client.sessionToken != nil ? 1 : 0)
    }

    /// Refuses, in the caller's transaction, to write for `owner` into a store that is no longer
    /// theirs: erased since (as logging out does), or claimed by another user.
    static func requireOwner(_ db: Database, _ owner: String) throws {
        guard try SyncState.owner(db) == owner else {
            throw LocalStoreError(.wrongUser, className: nil, field: nil,
                                  message: "the store was erased, or now holds another user's objects, while it followed LiveQuery; call live(with:) again.")
        }
    }

    /// How many changes made on the device the server has not had yet, parked ones included.
    public func pendingChanges() async throws(ParseClientError) -> Int {
        try await read(nil) { db in try ChangeLog.count(db) }
    }

    /// The changes the server refused, with its errors, oldest first.
    public func parkedChanges() async throws(ParseClientError) -> [PendingChange] {
        try await read(nil) { db in try ChangeLog.parked(db).map(\.publicForm) }
    }

    /// Puts the parked changes back in line for the next sync (after fixing what the server
    /// refused, or once a Cloud Code rule changed).
    public func retryParkedChanges() async throws(ParseClientError) {
        try await write(nil) { db in
            for change in try ChangeLog.parked(db) {
                try ChangeLog.unpark(db, sequence: change.sequence)
            }
        }
    }

    /// Drops the parked changes and the changes of their objects after them. An object created on
    /// the device and refused leaves the store; the others come back as the server has them at
    /// the next sync.
    /// - Returns: The changes dropped.
    @discardableResult
    public func discardParkedChanges() async throws(ParseClientError) -> [PendingChange] {
        let writer = writer
        return try await write(nil) { db in
            var dropped: [PendingChange] = []
            for change in try ChangeLog.parked(db) {
                let removed = try ChangeLog.removeAll(db, className: change.className, objectId: change.objectId)
                dropped += removed.map(\.publicForm)
                if removed.contains(where: { $0.kind == .create }) {
                    try writer.removeServerDeleted(db, className: change.className, objectId: change.objectId)
                } else {
                    // The next pull takes the whole class again, and with it the server's copy.
                    try SyncState.forgetCursor(db, className: change.className)
                }
            }
            return dropped
        }
    }

    /// Logs the client's user out and empties the store (``erase()``), so the next user of the
    /// device starts from nothing. The store is emptied first: even when the server cannot be
    /// reached, nothing of the user stays on the device (the client forgets its session too).
    /// - Parameter discardingPendingChanges: Whether changes not yet on the server may go with
    ///   the store; without it, a store holding some refuses, changing nothing.
    /// - Throws: ``LocalStoreError/Kind/pendingChanges`` when changes wait and may not be
    ///   discarded (sync first); the client's error from `POST /logout`, after both are done locally.
    public func logOut(with client: ParseClient, discardingPendingChanges: Bool = false) async throws(ParseClientError) {
        let schema = reader.schema
        try await excludingSyncs { () async throws(ParseClientError) in
            try await write(nil) { db in
                let waiting = try ChangeLog.count(db)
                if waiting > 0, !discardingPendingChanges {
                    throw LocalStoreError(.pendingChanges, className: nil, field: nil, message: """
                        \(waiting) change\(waiting == 1 ? " is" : "s are") not on the server yet: sync first, \
                        or log out with discardingPendingChanges: true to lose \(waiting == 1 ? "it" : "them").
                        """)
                }
                try Self.erase(db, schema: schema)
            }
            try await client.logOut()
        }
    }

    /// Empties the store: every object, every change not yet pushed, what the syncs remembered and
    /// whose the store was. Call it when the user logs out, so the next user starts clean.
    public func erase() async throws(ParseClientError) {
        let schema = reader.schema
        try await excludingSyncs { () async throws(ParseClientError) in
            try await write(nil) { db in try Self.erase(db, schema: schema) }
        }
    }

    /// Runs `body` when no sync runs, and lets none start until it ends: a sync running when the
    /// store is erased would write the old user's objects after the erase.
    private func excludingSyncs(_ body: () async throws(ParseClientError) -> Void) async throws(ParseClientError) {
        await syncGate.enter()
        do {
            try await body()
            await syncGate.leave()
        } catch {
            await syncGate.leave()
            throw error
        }
    }

    private static func erase(_ db: Database, schema: StoreSchema) throws {
        for table in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            try db.execute(sql: "DELETE FROM \(SQL.identifier(table.name))")
            for relation in table.relations {
                try db.execute(sql: "DELETE FROM \(SQL.identifier(table.joinTable(relation.name)))")
            }
        }
        for table in [ChangeLog.table, LocalIds.table, StoreFiles.table] {
            try db.execute(sql: "DELETE FROM \(SQL.identifier(table))")
        }
        try SyncState.reset(db)
        try SyncState.forgetOwner(db)
    }
}

extension ChangeLog.Change {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    var publicForm: LocalStore.PendingChange {
        LocalStore.PendingChange(kind: LocalStore.PendingChange.Kind(rawValue: kind.rawValue) ?? .update, className: className,
                                 objectId: objectId, fields: body.keys.sorted(), failure: failure)
    }
}

/// Lets one sync run at a time: a second waits for the first to end.
actor SyncGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            // The next sync takes the gate as it is, still closed.
            waiting.removeFirst().resume()
        }
    }
}
#endif
