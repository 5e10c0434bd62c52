import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer
import Testing

/// The examples of docs/LocalStore.md, run: each block of the page is an excerpt of this file.
@Suite struct DocExamplesTests {
    @Test func openCreateQueryUpdateDelete() async throws {
        let folder = try StoreFolder()
        let path = folder.path("Inventory.sqlite")

        // Open (or create) the store of the Inventory model.
        let store = try await LocalStore(path: path, schema: .inventory)

        // Create and save: ids and timestamps are given as a server gives them.
        let tools = try await store.create(InventoryModels.Category(name: "Tools"))
        let hammer = try await store.create(Product(sku: "H-1", name: "Claw hammer", price: 19.5, category: tools, tags: ["steel"]))
        var edited = hammer.mergeable          // only the fields set on it are saved
        edited.quantity = 12
        _ = try await store.save(edited)

        // Query with the same typed queries the REST client sends.
        let inStock = try await store.find(Product.query(Product.Field.quantity > 0, .contains(Product.Field.tags, "steel"))
            .order(.descending(Product.Field.price))
            .include(Product.Field.category)
            .limit(20))
        let count = try await store.count(Product.query(Product.Field.category == tools))

        // Update with every operation of ParseUpdate, relations included.
        let acme = try await store.create(Supplier(name: "Acme"))
        _ = try await store.update(ParseUpdate(hammer)
            .increment(Product.Field.quantity, by: -2)
            .addRelation(Product.Field.suppliers, [acme]))
        let suppliers = try await store.find(hammer.suppliersQuery())   // the relation
        let supplied = try await store.find(acme.productsQuery())       // its inverse

        // Delete: the schema's onDelete rules apply.
        try await store.delete(hammer)
        try store.close()

        #expect(inStock.map(\.sku) == ["H-1"])
        #expect(inStock.first?.category?.name == "Tools")
        #expect(count == 1)
        #expect(suppliers.map(\.name) == ["Acme"])
        #expect(supplied.map(\.sku) == ["H-1"])
    }

    @Test func refusals() async throws {
        try await withStore { store, _ in
            let tools = try await store.create(InventoryModels.Category(name: "Tools"))
            _ = try await store.create(Product(sku: "H-1", name: "Claw hammer", category: tools))
            var message = ""

            do {
                _ = try await store.create(Product(sku: "H-1", name: "Another hammer"))
            } catch ParseClientError.localStore(let error) {
                // error.kind == .duplicateValue, error.className == "Product", error.field == "sku"
                message = error.description   // "Product.sku: another Product already has this value, and it must be unique."
            }

            #expect(message == "Product.sku: another Product already has this value, and it must be unique.")
            let refused = await storeError { try await store.delete(tools) }
            #expect(refused?.description
                == "Product.category: points to the Category being deleted, and its onDelete is restrict: delete or change those objects first.")
        }
    }

    @Test func observe() async throws {
        try await withStore { store, _ in
            var seen: [[String]] = []
            for try await products in store.observe(Product.query().order(.ascending(Product.Field.name))) {
                seen.append(products.compactMap(\.name))   // the result now, then after each change
                if seen.count == 2 { break }                // leaving the loop stops observing
                _ = try await store.create(Product(sku: "A-1", name: "Anvil"))
            }
            #expect(seen == [[], ["Anvil"]])
        }
    }

    @Test func writtenOnceForTheClientAndTheStore() async throws {
        // App code written against ParseObjectStore runs on the REST client and on the store.
        func lowStock(in objects: some ParseObjectStore) async throws -> [Product] {
            try await objects.find(Product.query(Product.Field.quantity < 5).order(.ascending(Product.Field.sku)))
        }

        let server = try await ParseTestServer.start()
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey))
        try await withStore { store, _ in
            _ = try await client.create(Product(sku: "A-1", name: "Anvil", quantity: 2))
            _ = try await store.create(Product(sku: "B-1", name: "Bolt", quantity: 1))
            #expect(try await lowStock(in: client).map(\.sku) == ["A-1"])
            #expect(try await lowStock(in: store).map(\.sku) == ["B-1"])
        }
        await server.stop()
    }

    @Test func liveUpdatesBetweenSyncs() async throws {
        let server = try await ParseTestServer.start(ParseTestServer.Configuration(allowCustomObjectId: true))
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path("Inventory.sqlite"), schema: .inventory)
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey, allowsCustomObjectId: true))
        let elsewhere = ParseClient(configuration: client.configuration)
        var seen: [LocalStore.LiveChange.Kind] = []

        // Between syncs: the server's changes as they happen (LiveQuery), stored as a pull stores them.
        let changes = try await store.live(with: client)
        try await store.sync(with: client)                 // what changed before the subscriptions
        let madeElsewhere = Task {
            let bolt = try await elsewhere.create(Product(sku: "B-2", name: "Bolt"))
            try await elsewhere.delete(bolt)
        }
        for try await change in changes {                  // each one already in the store
            print(change.className, change.objectId, change.kind)
            seen.append(change.kind)
            if change.kind == .removed { break }            // leaving the loop unsubscribes
        }
        try await madeElsewhere.value
        #expect(seen == [.stored, .removed])
        #expect(try await store.count(Product.query()) == 0)
        try store.close()
        await server.stop()
    }

    @Test func syncWithParseServer() async throws {
        let server = try await ParseTestServer.start(ParseTestServer.Configuration(allowCustomObjectId: true))
        let folder = try StoreFolder()
        let path = folder.path("Inventory.sqlite")
        let store = try await LocalStore(path: path, schema: .inventory)
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey, allowsCustomObjectId: true))

        // Offline: each write is recorded with its row, to be pushed later.
        let tools = try await store.create(InventoryModels.Category(name: "Tools"))
        _ = try await store.create(Product(sku: "H-1", name: "Claw hammer", price: 19.5, category: tools))
        let waiting = try await store.pendingChanges()          // 2

        // Online: push what was made here, then pull what changed on the server.
        let report = try await store.sync(with: client)
        print("pushed \(report.pushed), pulled \(report.pulled), removed \(report.removed)")
        for change in report.parked {                            // refused by the server, kept aside
            print("\(change.className) \(change.objectId): \(change.failure?.message ?? "")")
        }
        #expect(waiting == 2)
        #expect(report.pushed == 2)
        #expect(try await store.pendingChanges() == 0)
        #expect(server.storedObjects("Product").count == 1)

        // Fields changed both here and on the server: the later push wins, unless a resolver decides.
        let options = LocalStore.SyncOptions(resolveConflicts: [
            Product.className: { conflict in conflict.field == "price" ? .takeServer : .keepLocal },
        ])
        try await store.sync(with: client, options: options)

        // When the user logs out: the next user starts from an empty store.
        try await store.erase()
        #expect(try await store.count(Product.query()) == 0)
        try store.close()
        await server.stop()
    }
}
