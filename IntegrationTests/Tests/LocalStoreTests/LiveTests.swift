import AsyncTestSupport
import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer
import Testing

/// `store.live(with:)`: the server's changes reach the store through LiveQuery between syncs,
/// against ParseTestServer over loopback, as a pull would store them.
@Suite struct LiveTests {
    @Test func createsUpdatesAndDeletesOnTheServerReachTheStoreAsTheyHappen() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        let other = world.client()
        let fruit = try await other.create(InventoryModels.Category(name: "Fruit"))
        try await device.sync(with: world.client())

        let changes = LiveChanges(try await device.live(with: world.client()))
        // One subscription per class the store syncs, in place when `live` returns.
        #expect(world.server.liveQuerySubscriptionCount == LocalSchema.inventory.classes.count)

        var apple = try await other.create(product("APL", price: 2, category: fruit))
        let appleId = try #require(apple.objectId)
        #expect(try await changes.next() == .init(className: "Product", objectId: appleId, kind: .stored))
        #expect(try await device.get(Product.self, id: appleId).price == 2)
        #expect(try await device.get(Product.self, id: appleId).category?.objectId == fruit.objectId)

        let acme = try await other.create(Supplier(name: "Acme"))
        _ = try await changes.next()
        apple = try await other.update(ParseUpdate(apple).set(Product.Field.price, to: 3).addRelation(Product.Field.suppliers, [acme]))
        #expect(try await changes.next() == .init(className: "Product", objectId: appleId, kind: .stored))
        let stored = try await device.get(Product.self, id: appleId)
        #expect(stored.price == 3)
        // Relation members are read as a pull reads them.
        #expect(try await device.find(stored.suppliersQuery()).map(\.objectId) == [acme.objectId])

        try await other.delete(apple)
        #expect(try await changes.next() == .init(className: "Product", objectId: appleId, kind: .removed))
        let missing = await storeOrClientError { _ = try await device.get(Product.self, id: appleId) }
        #expect(missing?.code == .objectNotFound)
        // Nothing of this is a local change.
        #expect(try await device.pendingChanges() == 0)

        await changes.stop()
        try await eventually("the store's subscriptions end") { world.server.liveQuerySubscriptionCount == 0 }
    }

    @Test func localChangesWaitingKeepTheirFieldsAndADeleteOfAnEditedObjectWaitsForTheSync() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        let other = world.client()
        let kept = try await other.create(product("KEPT", price: 1))
        let doomed = try await other.create(product("DOOMED", price: 1))
        try await device.sync(with: world.client())
        let changes = LiveChanges(try await device.live(with: world.client(), classes: ["Product"]))
        #expect(world.server.liveQuerySubscriptionCount == 1)

        // Edited on the device, not pushed yet.
        _ = try await device.update(ParseUpdate(try await device.get(Product.self, id: try #require(kept.objectId))).set(Product.Field.price, to: 5))
        _ = try await device.update(ParseUpdate(try await device.get(Product.self, id: try #require(doomed.objectId))).set(Product.Field.price, to: 5))

        _ = try await other.update(ParseUpdate(kept).set(Product.Field.price, to: 9).set(Product.Field.name, to: "Renamed"))
        #expect(try await changes.next() == .init(className: "Product", objectId: try #require(kept.objectId), kind: .stored))
        let seen = try await device.get(Product.self, id: try #require(kept.objectId))
        #expect(seen.price == 5)
        #expect(seen.name == "Renamed")

        try await other.delete(doomed)
        #expect(try await changes.next() == .init(className: "Product", objectId: try #require(doomed.objectId), kind: .leftForSync))
        #expect(try await device.get(Product.self, id: try #require(doomed.objectId)).price == 5)
        // The sync settles it: the server's delete wins and the dropped edit is reported.
        let report = try await device.sync(with: world.client())
        #expect(report.removed == ["Product": 1])
        #expect(report.discarded.map(\.objectId) == [doomed.objectId])
        #expect(world.server.storedObject("Product", try #require(kept.objectId))?["price"] == 5)
        await changes.stop()
    }

    @Test func anotherUsersStoreAndAnUnknownClassAreRefusedBeforeAnySubscription() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let alice = world.client()
        try await world.signUp(alice, as: "alice")
        let device = try await world.device()
        try await device.sync(with: alice)

        let refused = await storeError { _ = try await device.live(with: world.client()) }
        #expect(refused?.kind == .wrongUser)
        let unknown = await storeError { _ = try await device.live(with: alice, classes: ["Nope"]) }
        #expect(unknown?.className == "Nope")
        #expect(unknown?.message.contains("no such class") == true)
        #expect(world.server.liveQuerySubscriptionCount == 0)
    }

    @Test func anEraseEndsTheChangesAndNothingIsStoredAfterIt() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        try await device.sync(with: world.client())
        let changes = LiveChanges(try await device.live(with: world.client()))
        let writer = world.client(masterKey: true)
        _ = try await writer.create(InventoryModels.Category(name: "Fruit"))
        #expect(try await changes.next().kind == .stored)

        try await device.erase()
        _ = try await writer.create(InventoryModels.Category(name: "After the erase"))
        guard case .failure(ParseClientError.localStore(let refused))? = await changes.next(within: .seconds(10)) else {
            Issue.record("expected the changes to end with wrongUser")
            return
        }
        #expect(refused.kind == .wrongUser)
        #expect(try await device.count(InventoryModels.Category.query()) == 0)
        try await eventually("the store's subscriptions end") { world.server.liveQuerySubscriptionCount == 0 }
    }

    @Test func aLoginAsAnotherUserEndsTheChangesBeforeAnythingOfTheirsIsStored() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let client = world.client()
        try await world.signUp(client, as: "alice")
        let device = try await world.device()
        try await device.sync(with: client)
        let changes = LiveChanges(try await device.live(with: client))
        let writer = world.client(masterKey: true)
        let fruit = try await writer.create(InventoryModels.Category(name: "Fruit"))
        #expect(try await changes.next() == .init(className: "Category", objectId: try #require(fruit.objectId), kind: .stored))

        // The same client logs out and signs up as Bob: its subscriptions follow him, and the
        // first event after that finds the session is not the store's user's.
        try await client.logOut()
        try await world.signUp(client, as: "bob")
        var outcome: Result<LocalStore.LiveChange, any Error>?
        for attempt in 1...50 where outcome == nil {
            _ = try await writer.create(InventoryModels.Category(name: "Bob's \(attempt)"))
            outcome = await changes.next(within: .milliseconds(200))
        }
        guard case .failure(ParseClientError.localStore(let refused))? = outcome else {
            Issue.record("expected the changes to end with wrongUser, got \(String(describing: outcome))")
            return
        }
        #expect(refused.kind == .wrongUser)
        #expect(try await device.find(InventoryModels.Category.query()).map(\.name) == ["Fruit"])
        #expect(await changes.ends())
        // The error ended every subscription, not only the one that met it.
        try await eventually("the store's subscriptions end") { world.server.liveQuerySubscriptionCount == 0 }
    }
}

/// The store's live changes, read by a task of their own; each waited for with a timeout.
final class LiveChanges: Sendable {
    private let inbox = Inbox<Result<LocalStore.LiveChange, any Error>>()
    private let reading: Task<Void, Never>

    init(_ changes: AsyncThrowingStream<LocalStore.LiveChange, any Error>) {
        let inbox = self.inbox
        reading = Task {
            do {
                for try await change in changes {
                    await inbox.put(.success(change))
                }
            } catch {
                await inbox.put(.failure(error))
            }
            await inbox.end()
        }
    }

    /// The next change; fails the test when none comes within 10 seconds.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> LocalStore.LiveChange {
        guard let result = await inbox.next(within: .seconds(10)) else {
            Issue.record("no live change within 10 s", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        return try result.get()
    }

    /// The next change or error if one comes within `timeout`; `nil`, without failing the test,
    /// if none does.
    func next(within timeout: Duration) async -> Result<LocalStore.LiveChange, any Error>? {
        await inbox.next(within: timeout)
    }

    /// Whether the changes end within 10 seconds, with nothing left unread.
    func ends() async -> Bool {
        await inbox.waitForEnd(within: .seconds(10))
    }

    func stop() async {
        reading.cancel()
        await reading.value
    }
}
