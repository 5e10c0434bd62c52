#if LocalStore
import Foundation
import GRDB
import ParseRuntime

// Between syncs: the server's changes as they happen, through the client's LiveQuery connection.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension LocalStore {
    /// One object LiveQuery brought to the store.
    public struct LiveChange: Sendable, Hashable {
        /// What the store did with it.
        public enum Kind: Sendable, Hashable {
            /// Created, changed or newly readable on the server: stored as the server has it
            /// (fields with local changes waiting keep the local values, as a pull does).
            case stored
            /// Deleted on the server, or no longer readable by the user: removed.
            case removed
            /// Left as it is for the next sync to settle: deleted on the server while local
            /// changes wait (the sync reports them as discarded), a local delete waiting, a copy
            /// older than the one stored, or a unique value an object made on the device holds.
            case leftForSync
        }

        public let className: String
        public let objectId: String
        public let kind: Kind

        public init(className: String, objectId: String, kind: Kind) {
            self.className = className
            self.objectId = objectId
            self.kind = kind
        }
    }

    /// Keeps the store current between syncs: subscribes (LiveQuery) to every object of the
    /// synced classes the user may read, and applies each event as a pull would, deletes
    /// included.
    ///
    /// ```swift
    /// let changes = try await store.live(with: client)
    /// for try await change in changes {
    ///     print(change.className, change.objectId, change.kind)   // already in the store
    /// }
    /// ```
    ///
    /// It returns once every subscription is in place; each element comes after its change is
    /// stored, so observers of the store (``observe(_:)``) see it too. Leaving the loop (or
    /// cancelling its task) unsubscribes. Start it, then ``sync(with:options:)``: a change made
    /// before the subscriptions is pulled by that sync, and events lost while the connection
    /// was down are pulled by the next one (LiveQuery has no replay). Relation members are read
    /// with REST for each stored object of a class with relations, as a pull reads them.
    ///
    /// - Parameters:
    ///   - client: The client of the store's user; its LiveQuery URL
    ///     (``ParseClientConfiguration/liveQueryServerURL``).
    ///   - classes: The classes to follow; all but `_Session` and `_Installation` when `nil`.
    /// - Throws: ``ParseClientError`` (`localStore`, kind `wrongUser`, when the store holds
    ///   another user's objects; an unknown class), or ``ParseLiveQueryError`` when a
    ///   subscription cannot be made. The loop throws the same when a change cannot be stored or
    ///   the server ends a subscription, and `wrongUser`, before storing anything more, when the
    ///   client's session becomes another user's (or none, for a user's store).
    public func live(with client: ParseClient, classes: [String]? = nil) async throws -> AsyncThrowingStream<LiveChange, any Error> {
        let owner = try await claim(for: client).owner
        let names = classes ?? schema.classes.map(\.name).filter { !SyncPull.privateClasses.contains($0) }
        var subscriptions: [(table: StoreSchema.Table, events: AsyncThrowingStream<LiveQueryRawEvent, any Error>)] = []
        for name in names {
            let table: StoreSchema.Table
            do {
                table = try reader.schema.table(name)
            } catch {
                throw ParseClientError.localStore(error)
            }
            subscriptions.append((table, try await client.syncSubscribe(className: name)))
        }
        let applying = LiveApplying(store: self, pull: SyncPull(store: self, client: client, options: SyncOptions()),
                                    session: LiveSession(client: client, owner: owner))
        let ready = subscriptions
        let (changes, continuation) = AsyncThrowingStream.makeStream(of: LiveChange.self)
        let feeding = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for subscription in ready {
                        group.addTask {
                            for try await event in subscription.events {
                                if let change = try await applying.apply(event, to: subscription.table) {
                                    continuation.yield(change)
                                }
                            }
                        }
                    }
                    // The first error ends them all (`waitForAll` would wait for the other
                    // subscriptions, which never end by themselves).
                    for try await _ in group {}
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in feeding.cancel() }
        return changes
    }
}

/// The user the store follows LiveQuery for. A login or logout on the client makes its
/// subscriptions again with the new session, so the first event after it asks whose session it
/// is (`GET /users/me`) before anything is stored: another user's (or none, for a user's store)
/// ends the changes with `wrongUser`. Every write checks, in its transaction, that the store is
/// still that user's: erased since (as logging out does), it ends them too.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
actor LiveSession {
    private let client: ParseClient
    /// The store's user when the changes began (`""` for none).
    let owner: String
    private var checked: String?

    init(client: ParseClient, owner: String) {
        self.client = client
        self.owner = owner
        checked = client.sessionToken
    }

    func check() async throws {
        let current = client.sessionToken
        guard current != checked else { return }
        guard try await client.syncUserId() ?? "" == owner else {
            throw ParseClientError.localStore(LocalStoreError(
                .wrongUser, className: nil, field: nil,
                message: "the client's session is another user's now; the store follows only its own user: erase it and call live(with:) again."))
        }
        checked = current
    }
}

/// Applies one LiveQuery event to the store.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct LiveApplying: Sendable {
    let store: LocalStore
    let pull: SyncPull
    let session: LiveSession

    func apply(_ event: LiveQueryRawEvent, to table: StoreSchema.Table) async throws -> LocalStore.LiveChange? {
        try await session.check()
        let owner = session.owner
        let className = table.name
        guard let objectId = event.object["objectId"]?.stringValue else { return nil }
        switch event.name {
        case "create", "enter", "update":
            var report = LocalStore.SyncReport()
            let stored = try await pull.store([event.object], of: table, skippingOlder: true, requiringOwner: owner, report: &report)
            return LocalStore.LiveChange(className: className, objectId: objectId, kind: stored.storedIds.isEmpty ? .leftForSync : .stored)
        case "delete", "leave":
            let writer = store.writer
            let kind = try await store.write(className) { db -> LocalStore.LiveChange.Kind? in
                try LocalStore.requireOwner(db, owner)
                let held = try Bool.fetchOne(db, sql: "SELECT 1 FROM \(SQL.identifier(className)) WHERE \"objectId\" = ?", arguments: [objectId]) == true
                guard held else { return nil }
                // Local changes waiting: the next sync's delete check removes it and reports them.
                if try !ChangeLog.pending(db, className: className, objectId: objectId).isEmpty { return .leftForSync }
                try writer.removeServerDeleted(db, className: className, objectId: objectId)
                return .removed
            }
            return kind.map { LocalStore.LiveChange(className: className, objectId: objectId, kind: $0) }
        default:
            return nil
        }
    }
}
#endif
