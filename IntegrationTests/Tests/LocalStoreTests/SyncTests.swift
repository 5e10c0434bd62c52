import AsyncTestSupport
import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer
import Testing
import TodoListModels

/// Sync of the on-device store with ParseTestServer over loopback: offline writes pushed with
/// their pointers and relations, objects made, changed and deleted on the server pulled, two
/// devices converging field by field, refusals parked, lost answers not doubling anything.
@Suite struct SyncTests {
    // MARK: Offline writes

    @Test func offlineWritesWaitThenArePushedWithTheirIdsPointersAndRelations() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        let fruit = try await device.create(InventoryModels.Category(name: "Fruit"))
        let acme = try await device.create(Supplier(name: "Acme"))
        var apple = try await device.create(product("APL", price: 2, category: fruit, tags: ["red"]))
        apple = try await device.update(ParseUpdate(apple).addRelation(Product.Field.suppliers, [acme]))
        apple = try await device.update(ParseUpdate(apple).set(Product.Field.price, to: 2.5).increment(Product.Field.quantity, by: 3))
        _ = try await device.create(StockMovement(product: apple, change: 3, note: "delivery"))
        let doomed = try await device.create(product("GONE"))
        try await device.delete(doomed)
        // A delete of an object the server never had removes its create: nothing to push.
        #expect(try await device.pendingChanges() == 6)

        // The server cannot be reached: the sync throws and keeps every change.
        await #expect(throws: ParseClientError.self) { try await device.sync(with: world.unreachableClient()) }
        #expect(try await device.pendingChanges() == 6)

        let report = try await device.sync(with: world.client())
        #expect(report.pushed == 6)
        #expect(report.parked.isEmpty)
        #expect(try await device.pendingChanges() == 0)

        let appleId = try #require(apple.objectId)
        let stored = try #require(world.server.storedObject("Product", appleId))
        #expect(stored["sku"] == "APL")
        #expect(stored["price"] == 2.5)
        #expect(stored["quantity"] == 3)
        #expect(stored["category"]?["objectId"]?.stringValue == fruit.objectId)
        #expect(world.server.relatedIds("Product", appleId, key: "suppliers") == [try #require(acme.objectId)])
        #expect(world.server.storedObjects("StockMovement").first?["product"]?["objectId"]?.stringValue == appleId)
        #expect(world.server.storedObjects("Product").count == 1)
        // The device's copy has the server's timestamps.
        let local = try await device.get(Product.self, id: appleId)
        #expect(local.updatedAt.map(iso) == stored["updatedAt"]?.stringValue)
        #expect(local.createdAt.map(iso) == stored["createdAt"]?.stringValue)

        // A second sync has nothing to push and changes nothing.
        let again = try await device.sync(with: world.client())
        #expect(again.pushed == 0)
        #expect(again.removed.isEmpty)
        #expect(world.server.storedObjects("Product").count == 1)
        #expect(try await device.count(Product.query()) == 1)
    }

    @Test func serverIdsReplaceTheLocalIdsEverywhereAndOldCopiesStillReachTheirObject() async throws {
        let world = try await SyncWorld(allowCustomObjectId: false)
        defer { world.finish() }
        let device = try await world.device()
        let fruit = try await device.create(InventoryModels.Category(name: "Fruit"))
        let citrus = try await device.create(InventoryModels.Category(name: "Citrus", parent: fruit))
        let acme = try await device.create(Supplier(name: "Acme"))
        var lemon = try await device.create(product("LEM", price: 1, category: citrus))
        lemon = try await device.update(ParseUpdate(lemon).addRelation(Product.Field.suppliers, [acme]))
        _ = try await device.create(StockMovement(product: lemon, change: 5))

        let report = try await device.sync(with: world.client())
        #expect(report.pushed == 6)
        #expect(try await device.pendingChanges() == 0)

        let serverProducts = world.server.storedObjects("Product")
        let serverLemonId = try #require(serverProducts.first?["objectId"]?.stringValue)
        let oldLemonId = try #require(lemon.objectId)
        #expect(serverLemonId != oldLemonId)
        let serverCitrus = try #require(world.server.storedObjects("Category").first { $0["name"] == "Citrus" })
        let serverFruit = try #require(world.server.storedObjects("Category").first { $0["name"] == "Fruit" })
        // The server got the server ids in every pointer and relation.
        #expect(serverProducts.first?["category"]?["objectId"] == serverCitrus["objectId"])
        #expect(serverCitrus["parent"]?["objectId"] == serverFruit["objectId"])
        let serverAcmeId = try #require(world.server.storedObjects("Supplier").first?["objectId"]?.stringValue)
        #expect(world.server.relatedIds("Product", serverLemonId, key: "suppliers") == [serverAcmeId])
        #expect(world.server.storedObjects("StockMovement").first?["product"]?["objectId"]?.stringValue == serverLemonId)

        // The device holds the same ids: rows, pointers, relations.
        let local = try await device.find(Product.query().include(Product.Field.category))
        #expect(local.map(\.objectId) == [serverLemonId])
        #expect(local.first?.category?.objectId == serverCitrus["objectId"]?.stringValue)
        let suppliers = try await device.find(try #require(local.first).suppliersQuery())
        #expect(suppliers.map(\.objectId) == [serverAcmeId])
        let movements = try await device.find(StockMovement.query(StockMovement.Field.product == local[0]))
        #expect(movements.count == 1)

        // The app's copy from before the sync still names its object.
        let renamed = try await device.update(ParseUpdate(lemon).set(Product.Field.name, to: "Lemon"))
        #expect(renamed.objectId == serverLemonId)
        let fetched = try await device.get(Product.self, id: oldLemonId)
        #expect(fetched.objectId == serverLemonId)
        try await device.sync(with: world.client())
        #expect(world.server.storedObject("Product", serverLemonId)?["name"] == "Lemon")
        #expect(world.server.storedObjects("Product").count == 1)
    }

    // MARK: Pull

    @Test func createsUpdatesAndDeletesOnTheServerReachTheDevice() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client()
        let tools = try await other.create(InventoryModels.Category(name: "Tools"))
        var made: [Product] = []
        for index in 0..<5 {
            made.append(try await other.create(product("T-\(index)", price: Double(index), category: tools)))
        }
        let acme = try await other.create(Supplier(name: "Acme"))
        _ = try await other.update(ParseUpdate(made[0]).addRelation(Product.Field.suppliers, [acme]))

        let device = try await world.device()
        let first = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(pageSize: 2))
        #expect(first.pulled["Product"] == 5)
        #expect(first.pulled["Category"] == 1)
        #expect(try await device.count(Product.query()) == 5)
        let local = try await device.get(Product.self, id: try #require(made[0].objectId))
        #expect(local.price == 0)
        #expect(local.category?.objectId == tools.objectId)
        #expect(try await device.find(local.suppliersQuery()).map(\.objectId) == [acme.objectId])

        _ = try await other.update(ParseUpdate(made[1]).set(Product.Field.price, to: 99))
        _ = try await other.update(ParseUpdate(made[0]).removeRelation(Product.Field.suppliers, [acme]))
        try await other.delete(made[2])
        let second = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(pageSize: 2))
        #expect(second.removed == ["Product": 1])
        #expect(try await device.get(Product.self, id: try #require(made[1].objectId)).price == 99)
        #expect(try await device.count(Product.query()) == 4)
        #expect(try await device.find(local.suppliersQuery()).isEmpty)
        let missing = await storeOrClientError { _ = try await device.get(Product.self, id: try #require(made[2].objectId)) }
        #expect(missing?.code == .objectNotFound)

        // With the delete check off, a delete on the server stays unseen.
        try await other.delete(made[3])
        let third = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(deleteCheck: .never))
        #expect(third.removed.isEmpty)
        #expect(try await device.count(Product.query()) == 4)
    }

    @Test func aSyncStoppedMidPullGoesOnFromItsCursor() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client()
        for index in 0..<7 {
            _ = try await other.create(product("P-\(index)", price: Double(index)))
        }
        let device = try await world.device()
        // The third page's request gets no answer: the two pages before it are kept. (Each page
        // is two requests to the class: its objects, then which of them hold suppliers.)
        let failing = LosingTransport(losing: "/parse/classes/Product", after: 4, answered: false)
        let options = LocalStore.SyncOptions(classes: ["Product"], pageSize: 3)
        await #expect(throws: ParseClientError.self) { try await device.sync(with: world.client(transport: failing), options: options) }
        #expect(try await device.count(Product.query()) == 6)
        let report = try await device.sync(with: world.client(), options: options)
        #expect(report.pulled["Product", default: 0] >= 1)
        #expect(try await device.count(Product.query()) == 7)
        #expect(try await device.find(Product.query().order(.ascending(Product.Field.sku))).map(\.sku) == (0..<7).map { "P-\($0)" })
    }

    // MARK: Two devices

    @Test func twoDevicesConvergeFieldByFieldAndTheLaterPushWinsTheSameField() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let first = try await world.device("first.sqlite")
        let second = try await world.device("second.sqlite")
        let made = try await first.create(product("SHARED", price: 1))
        try await first.sync(with: world.client())
        try await second.sync(with: world.client())
        let copy = try await second.get(Product.self, id: try #require(made.objectId))

        // Different fields, offline on each device.
        _ = try await first.update(ParseUpdate(made).set(Product.Field.price, to: 2))
        _ = try await second.update(ParseUpdate(copy).set(Product.Field.name, to: "Renamed"))
        // The same field: the second device pushes later and wins.
        _ = try await first.update(ParseUpdate(made).set(Product.Field.quantity, to: 5))
        _ = try await second.update(ParseUpdate(copy).set(Product.Field.quantity, to: 7))
        try await first.sync(with: world.client())
        try await second.sync(with: world.client())
        try await first.sync(with: world.client())

        for device in [first, second] {
            let seen = try await device.get(Product.self, id: try #require(made.objectId))
            #expect(seen.price == 2)
            #expect(seen.name == "Renamed")
            #expect(seen.quantity == 7)
        }
        let madeId = try #require(made.objectId)
        let stored = try #require(world.server.storedObject("Product", madeId))
        #expect(stored["price"] == 2)
        #expect(stored["name"] == "Renamed")
        #expect(stored["quantity"] == 7)
        #expect(world.server.storedObjects("Product").count == 1)
    }

    @Test func aPerClassResolverDecidesFieldsChangedOnBothSides() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let first = try await world.device("first.sqlite")
        let second = try await world.device("second.sqlite")
        let made = try await first.create(product("BOTH", price: 1, tags: ["x"]))
        try await first.sync(with: world.client())
        try await second.sync(with: world.client())
        let copy = try await second.get(Product.self, id: try #require(made.objectId))

        _ = try await first.update(ParseUpdate(made).set(Product.Field.price, to: 2).set(Product.Field.tags, to: ["x", "a"]))
        try await first.sync(with: world.client())
        _ = try await second.update(ParseUpdate(copy).set(Product.Field.price, to: 3).set(Product.Field.tags, to: ["x", "b"])
            .set(Product.Field.name, to: "Only here"))

        let seen = ConflictLog()
        let options = LocalStore.SyncOptions(resolveConflicts: ["Product": { conflict in
            seen.append(conflict)
            switch conflict.field {
            case "price":
                return .takeServer
            default:
                // The union of both lists.
                let local = conflict.local.arrayValue ?? []
                let server = conflict.server?.arrayValue ?? []
                return .use(.array(Array(Set(local + server)).sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") }))
            }
        }])
        try await second.sync(with: world.client(), options: options)
        try await first.sync(with: world.client())

        // Only the fields changed on both sides were asked about, with the three values.
        let conflicts = seen.all.sorted { $0.field < $1.field }
        #expect(conflicts.map(\.field) == ["price", "tags"])
        #expect(conflicts.first?.local.doubleValue == 3)
        #expect(conflicts.first?.server?.doubleValue == 2)
        #expect(conflicts.first?.base?.doubleValue == 1)
        for device in [first, second] {
            let product = try await device.get(Product.self, id: try #require(made.objectId))
            #expect(product.price == 2)
            #expect(product.tags == ["a", "b", "x"])
            #expect(product.name == "Only here")
        }
        let madeId = try #require(made.objectId)
        let stored = try #require(world.server.storedObject("Product", madeId))
        #expect(stored["tags"] == ["a", "b", "x"])
        #expect(stored["price"] == 2)
    }

    // MARK: Refusals

    @Test func aRefusedChangeIsParkedKeepsItsFieldsAndDoesNotBlockTheOthers() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client(masterKey: true)
        // Everyone may read this product; no one but the master key may change it.
        var locked = product("LOCKED", price: 1)
        var acl = ParseACL()
        acl.publicRead = true
        locked.ACL = acl
        locked = try await other.create(locked)
        let device = try await world.device()
        try await device.sync(with: world.client())

        let copy = try await device.get(Product.self, id: try #require(locked.objectId))
        _ = try await device.update(ParseUpdate(copy).set(Product.Field.price, to: 5))
        let free = try await device.create(product("FREE", price: 3))
        _ = try await other.update(ParseUpdate(locked).set(Product.Field.name, to: "Renamed on the server"))

        let report = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(objectIds: .custom))
        #expect(report.pushed == 1)
        #expect(report.parked.map(\.objectId) == [locked.objectId])
        #expect(report.parked.first?.failure?.code == .objectNotFound)
        #expect(world.server.storedObject("Product", try #require(free.objectId)) != nil)
        // The parked field keeps its local value; the field changed on the server arrives.
        let seen = try await device.get(Product.self, id: try #require(locked.objectId))
        #expect(seen.price == 5)
        #expect(seen.name == "Renamed on the server")
        #expect(try await device.parkedChanges().map(\.fields) == [["price"]])
        #expect(try await device.pendingChanges() == 1)

        // Dropping it brings back the server's value at the next sync.
        let dropped = try await device.discardParkedChanges()
        #expect(dropped.count == 1)
        try await device.sync(with: world.client())
        #expect(try await device.get(Product.self, id: try #require(locked.objectId)).price == 1)
        #expect(try await device.pendingChanges() == 0)
    }

    @Test func aDiscardedChangeGivesBackTheServersValueEvenWhenTheServerDidNotChangeSince() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client(masterKey: true)
        var locked = product("LOCKED", price: 1)
        var acl = ParseACL()
        acl.publicRead = true
        locked.ACL = acl
        locked = try await other.create(locked)
        let device = try await world.device()
        try await device.sync(with: world.client())
        // Edited on the device; the server refuses the change and nothing changes there since.
        let copy = try await device.get(Product.self, id: try #require(locked.objectId))
        _ = try await device.update(ParseUpdate(copy).set(Product.Field.price, to: 5))
        let report = try await device.sync(with: world.client())
        #expect(report.parked.map(\.objectId) == [locked.objectId])

        _ = try await device.discardParkedChanges()
        try await device.sync(with: world.client())
        let restored = try await device.get(Product.self, id: try #require(locked.objectId))
        #expect(restored.price == 1)
        #expect(restored.updatedAt.map(iso) == world.server.storedObject("Product", try #require(locked.objectId))?["updatedAt"]?.stringValue)
    }

    @Test func aServerObjectWhoseUniqueValueADeviceObjectHoldsIsReportedNotPulled() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client()
        let device = try await world.device()
        // The same unique sku made on the device and, first, on the server.
        let mine = try await device.create(product("DUP", price: 1))
        let theirs = try await other.create(product("DUP", price: 2))
        _ = try await other.create(product("ELSE", price: 3))

        // Parse Server keeps a unique value unique only with a unique index of its own: here the
        // device's create goes through, and the server's other "DUP" cannot be stored beside it.
        let report = try await device.sync(with: world.client())
        #expect(report.pushed == 1)
        #expect(world.server.storedObjects("Product").count == 3)
        #expect(report.conflicts.map(\.objectId) == [theirs.objectId])
        #expect(report.conflicts.first?.error.className == "Product")
        #expect(report.conflicts.first?.error.field == "sku")
        // The rest of the class arrived; the device's own object kept its value.
        #expect(try await device.find(Product.query().order(.ascending(Product.Field.sku))).map(\.sku) == ["DUP", "ELSE"])
        #expect(try await device.get(Product.self, id: try #require(mine.objectId)).price == 1)

        // Reported again at every sync until the app settles it (here: deleting its own); then
        // the next sync takes the server's.
        #expect(try await device.sync(with: world.client()).conflicts.map(\.objectId) == [theirs.objectId])
        try await device.delete(try await device.get(Product.self, id: try #require(mine.objectId)))
        let next = try await device.sync(with: world.client())
        #expect(next.conflicts.isEmpty)
        #expect(try await device.get(Product.self, id: try #require(theirs.objectId)).price == 2)
        #expect(try await device.count(Product.query()) == 2)
    }

    @Test func anObjectDeletedOnTheServerWhileEditedOnTheDeviceIsGoneAndTheEditReported() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let other = world.client()
        let made = try await other.create(product("EDITED", price: 1))
        let device = try await world.device()
        try await device.sync(with: world.client())
        _ = try await device.update(ParseUpdate(made).set(Product.Field.price, to: 2))
        try await other.delete(made)

        let report = try await device.sync(with: world.client())
        // The update found no object (parked), then the delete check removed it and dropped it.
        #expect(report.discarded.map(\.objectId) == [made.objectId])
        #expect(report.removed == ["Product": 1])
        #expect(try await device.count(Product.query()) == 0)
        #expect(try await device.pendingChanges() == 0)
        #expect(world.server.storedObjects("Product").isEmpty)
    }

    @Test func aSyncStoppedMidPushKeepsWhatWasNotAnsweredAndGoesOn() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        _ = try await device.save((0..<120).map { product("M-\($0)", price: Double($0)) })
        #expect(try await device.pendingChanges() == 120)
        // The second batch never reaches the server.
        let failing = LosingTransport(losing: "/parse/batch", after: 1, answered: false)
        let options = LocalStore.SyncOptions(objectIds: .custom)
        await #expect(throws: ParseClientError.self) { try await device.sync(with: world.client(transport: failing), options: options) }
        #expect(try await device.pendingChanges() == 70)
        #expect(world.server.storedObjects("Product").count == 50)

        world.server.clearRequests()
        let report = try await device.sync(with: world.client(), options: options)
        #expect(report.pushed == 70)
        #expect(world.server.requests(method: "POST", path: "/parse/batch").count == 2)
        #expect(world.server.storedObjects("Product").count == 120)
        #expect(try await device.pendingChanges() == 0)
    }

    // MARK: Lost answers

    @Test func aBatchWhoseAnswerWasLostIsNotDoubledWhenSentAgain() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let device = try await world.device()
        for index in 0..<3 {
            _ = try await device.create(product("L-\(index)", price: Double(index)))
        }
        let losing = LosingTransport(losing: "/parse/batch")
        let options = LocalStore.SyncOptions(objectIds: .custom)
        await #expect(throws: ParseClientError.self) { try await device.sync(with: world.client(transport: losing), options: options) }
        #expect(world.server.storedObjects("Product").count == 3)
        #expect(try await device.pendingChanges() == 3)

        let report = try await device.sync(with: world.client(), options: options)
        #expect(report.pushed == 3)
        #expect(report.parked.isEmpty)
        #expect(world.server.storedObjects("Product").count == 3)
        #expect(try await device.pendingChanges() == 0)
    }

    @Test func aCreateWhoseAnswerWasLostIsFoundAgainNotMadeTwice() async throws {
        let world = try await SyncWorld(allowCustomObjectId: false, idempotency: .init(paths: ["classes/.*"]))
        defer { world.finish() }
        let device = try await world.device()
        let made = try await device.create(product("ONCE", price: 1))
        // A later change of it, pushed after the create: it must reach the object found again.
        _ = try await device.update(ParseUpdate(made).set(Product.Field.price, to: 2))
        let losing = LosingTransport(losing: "/parse/classes/Product")
        await #expect(throws: ParseClientError.self) {
            try await device.sync(with: world.client(transport: losing), options: LocalStore.SyncOptions(objectIds: .server))
        }
        #expect(world.server.storedObjects("Product").count == 1)

        // Sent again with its request id, it is refused (159); the store finds the object the
        // first request made by the values it sent, and takes its id.
        let report = try await device.sync(with: world.client(), options: LocalStore.SyncOptions(objectIds: .server))
        #expect(report.parked.isEmpty)
        #expect(report.pushed == 2)
        let stored = world.server.storedObjects("Product")
        #expect(stored.first?["price"] == 2)
        #expect(stored.count == 1)
        #expect(world.server.requests(method: "POST", path: "/parse/classes/Product").count == 2)
        let serverId = try #require(stored.first?["objectId"]?.stringValue)
        #expect(serverId != made.objectId)
        #expect(try await device.find(Product.query()).map(\.objectId) == [serverId])
        #expect(try await device.get(Product.self, id: try #require(made.objectId)).objectId == serverId)
    }

    // MARK: Users

    @Test func aStoreWhoseWritesAreNotRecordedNeverSyncsAndKeepsItsChoice() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let path = world.folder.path("local-only.sqlite")
        let store = try await LocalStore(path: path, schema: .inventory, changes: .notRecorded)
        var made = try await store.create(product("LOCAL", price: 1))
        made = try await store.update(ParseUpdate(made).set(Product.Field.price, to: 2))
        #expect(try await store.pendingChanges() == 0)
        #expect(try await store.get(Product.self, id: try #require(made.objectId)).price == 2)

        let sync = await storeError { _ = try await store.sync(with: world.client()) }
        #expect(sync?.kind == .changesNotRecorded)
        let live = await storeError { _ = try await store.live(with: world.client()) }
        #expect(live?.kind == .changesNotRecorded)
        #expect(world.server.storedObjects("Product").isEmpty)
        try store.close()

        // The file keeps the choice it was made with, either way.
        let recording = await storeError { _ = try await LocalStore(path: path, schema: .inventory) }
        #expect(recording?.kind == .schemaMismatch)
        #expect(recording?.message.contains("changes: .notRecorded") == true)
        let again = try await LocalStore(path: path, schema: .inventory, changes: .notRecorded)
        #expect(try await again.count(Product.query()) == 1)
        try again.close()
        let synced = try await world.device()
        _ = try await synced.create(product("SYNCED"))
        try synced.close()
        let notRecording = await storeError { _ = try await LocalStore(path: world.folder.path("device.sqlite"), schema: .inventory, changes: .notRecorded) }
        #expect(notRecording?.kind == .schemaMismatch)
        #expect(notRecording?.message.contains("changes: .recorded") == true)
    }

    @Test func aStoreBelongsToOneUserUntilErased() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let alice = world.client()
        try await world.signUp(alice, as: "alice")
        let bob = world.client()
        try await world.signUp(bob, as: "bob")
        let device = try await world.device()
        _ = try await device.create(product("ALICE"))
        try await device.sync(with: alice)

        let refused = await storeError { try await device.sync(with: bob) }
        #expect(refused?.kind == .wrongUser)
        // A logout that would lose a change not yet pushed is refused, changing nothing.
        _ = try await device.create(product("NOT-YET"))
        let losing = await storeError { try await device.logOut(with: alice) }
        #expect(losing?.kind == .pendingChanges)
        #expect(alice.isLoggedIn)
        #expect(try await device.count(Product.query()) == 2)
        try await device.logOut(with: alice, discardingPendingChanges: true)
        #expect(!alice.isLoggedIn)
        #expect(try await device.pendingChanges() == 0)
        #expect(try await device.count(Product.query()) == 0)
        try await device.sync(with: bob)
        // Bob sees the product Alice pushed (it has no ACL).
        #expect(try await device.find(Product.query()).map(\.sku) == ["ALICE"])
    }

    @Test func aSyncReadsAsTheUserItBeganAsWhenTheClientChangesUserMeanwhile() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        let client = world.client(retryPolicy: SyncWorld.quickRetries)
        try await world.signUp(client, as: "alice")
        let aliceToken = try #require(client.sessionToken)
        let bobClient = world.client()
        let bob = try await world.signUp(bobClient, as: "bob")
        let bobToken = try #require(bobClient.sessionToken)
        var onlyBob = ParseACL()
        onlyBob.setReadAccess(user: bob, value: true)
        var secret = product("BOB-ONLY")
        secret.ACL = onlyBob
        _ = try await world.client(masterKey: true).create(secret)
        _ = try await world.client().create(product("PUBLIC"))

        // The products' page is answered 503 after half a second, then again at the retry; in
        // between, the app switches the client to Bob.
        let device = try await world.device()
        world.server.stallNext(1, method: "GET", path: "/parse/classes/Product", for: .milliseconds(500))
        let sync = Task { try await device.sync(with: client) }
        try await eventually("the pull reaches the products") { !world.server.requests(method: "GET", path: "/parse/classes/Product").isEmpty }
        client.setSessionToken(bobToken)
        #expect(try await sync.value.pulled["Product"] == 1)
        // The whole sync read as Alice: nothing only Bob may read is in her store.
        #expect(try await device.find(Product.query()).map(\.sku) == ["PUBLIC"])
        let tokens = Set(world.server.requests(method: "GET", path: "/parse/classes/*").compactMap { $0.headers["x-parse-session-token"] })
        #expect(tokens == [aliceToken])
    }

    @Test func anEraseWaitsForTheSyncThatIsRunningSoNothingOfItComesAfter() async throws {
        let world = try await SyncWorld(allowCustomObjectId: true)
        defer { world.finish() }
        _ = try await world.client().create(product("ON-SERVER"))
        let device = try await world.device()
        // The pull's first page of products is answered 503 after half a second, then again
        // at the client's retry: the sync is still running when the erase is called.
        world.server.stallNext(1, method: "GET", path: "/parse/classes/Product", for: .milliseconds(500))
        let retrying = world.client(retryPolicy: SyncWorld.quickRetries)
        let sync = Task { try await device.sync(with: retrying) }
        try await eventually("the pull reaches the products") { !world.server.requests(method: "GET", path: "/parse/classes/Product").isEmpty }
        try await device.erase()
        #expect(try await sync.value.pulled["Product"] == 1)
        // Nothing the sync stored outlived the erase.
        #expect(try await device.count(Product.query()) == 0)
        // The erase forgot the cursors too: the next sync brings the product again.
        try await device.sync(with: world.client())
        #expect(try await device.find(Product.query()).map(\.sku) == ["ON-SERVER"])
    }
}

// MARK: Support

/// A ParseTestServer, clients of it, and device stores in one folder.
final class SyncWorld: Sendable {
    let server: ParseTestServer
    let folder: StoreFolder

    init(allowCustomObjectId: Bool, idempotency: ParseTestServer.Configuration.Idempotency? = nil) async throws {
        server = try await ParseTestServer.start(ParseTestServer.Configuration(
            allowCustomObjectId: allowCustomObjectId, idempotency: idempotency))
        folder = try StoreFolder()
    }

    func device(_ name: String = "device.sqlite") async throws -> LocalStore {
        try await LocalStore(path: folder.path(name), schema: .inventory)
    }

    func client(
        transport: any HTTPTransport = URLSessionTransport(), masterKey: Bool = false, retryPolicy: ParseRetryPolicy = .never
    ) -> ParseClient {
        ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey, masterKey: masterKey ? server.configuration.masterKey : nil,
            usesMasterKeyByDefault: masterKey, retryPolicy: retryPolicy), transport: transport)
    }

    /// Retries a failed request twice, 10 ms apart: a request a test stalls is answered at the retry.
    static let quickRetries = ParseRetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(10))

    /// Signs `client` up as `name` (password `name-secret-1`), which logs it in.
    @discardableResult
    func signUp(_ client: ParseClient, as name: String) async throws -> TodoListModels.User {
        var user = TodoListModels.User()
        user.username = name
        user.password = name + "-secret-1"
        return try await client.signUp(user)
    }

    /// A client of a port nothing listens on.
    func unreachableClient() -> ParseClient {
        ParseClient(configuration: ParseClientConfiguration(
            serverURL: URL(string: "http://127.0.0.1:9/parse")!, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey, retryPolicy: .never))
    }

    func finish() {
        let server = server
        Task { await server.stop() }
    }
}

/// Sends requests, but loses the first request to `path` after `after` others to it: with
/// `answered`, the server did the work and the client hears nothing (a dropped connection);
/// without, the request never reaches the server.
final class LosingTransport: HTTPTransport {
    private let inner = URLSessionTransport()
    private let path: String
    private let answered: Bool
    private let remaining: LockedCounter

    init(losing path: String, after: Int = 0, answered: Bool = true) {
        self.path = path
        self.answered = answered
        remaining = LockedCounter(after)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let lost = request.url.path == path && remaining.next() == 0
        if lost, !answered {
            throw URLError(.networkConnectionLost)
        }
        let response = try await inner.send(request)
        if lost {
            throw URLError(.networkConnectionLost)
        }
        return response
    }
}

/// The conflicts a resolver was asked about.
final class ConflictLog: @unchecked Sendable {
    private let lock = NSLock()
    private var conflicts: [LocalStore.FieldConflict] = []

    func append(_ conflict: LocalStore.FieldConflict) {
        lock.lock()
        defer { lock.unlock() }
        conflicts.append(conflict)
    }

    var all: [LocalStore.FieldConflict] {
        lock.lock()
        defer { lock.unlock() }
        return conflicts
    }
}

/// Counts down once per call, from the value given; 0 is answered once, then -1 and below.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int

    init(_ value: Int) {
        self.value = value
    }

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let current = value
        value -= 1
        return current
    }
}

/// The Parse error of a store or client failure.
func storeOrClientError(_ body: () async throws -> Void) async -> ParseError? {
    do {
        try await body()
        return nil
    } catch let error as ParseClientError {
        return error.parseError
    } catch {
        return nil
    }
}

/// A date as Parse writes it.
func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
}
