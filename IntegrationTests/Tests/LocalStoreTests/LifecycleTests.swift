import Foundation
import InventoryModels
import LibraryModels
import ParseLocalStore
import ParseRuntime
import Testing

/// Opening, closing and reopening a store file, other schemas, observation, and the protocol
/// shared with the client.
@Suite struct LifecycleTests {
    @Test func aClosedStoreReopensWithEverything() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .inventory)
        let created = try await store.create(product("A-1", price: 4))
        try store.close()
        let reopened = try await LocalStore(path: folder.path(), schema: .inventory)
        #expect(try await reopened.get(Product.self, id: try #require(created.objectId)).price == 4)
        try reopened.close()
    }

    @Test func theFoldersOfANewPathAreMade() async throws {
        let folder = try StoreFolder()
        let path = folder.url.appendingPathComponent("Library/Application Support/store.sqlite").path
        let store = try await LocalStore(path: path, schema: .inventory)
        _ = try await store.create(product("A-1"))
        try store.close()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aPathThatCannotBeAFileIsRefusedAsADatabaseFailure() async throws {
        let folder = try StoreFolder()
        let error = await storeError { _ = try await LocalStore(path: folder.url.path, schema: .inventory) }
        #expect(error?.kind == .database)
    }

    @Test func aFileOfAnotherSchemaVersionIsRefusedOrRebuiltAsACache() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .inventory)
        _ = try await store.create(product("A-1"))
        try store.close()
        let next = LocalSchema(name: "Inventory", version: "0000000000000000", classes: LocalSchema.inventory.classes,
                               statements: LocalSchema.inventory.statements)
        let refused = await storeError { _ = try await LocalStore(path: folder.path(), schema: next) }
        #expect(refused?.kind == .schemaMismatch)
        #expect(refused?.message.contains("onSchemaChange: .rebuild") == true)
        // Refusing changed nothing.
        let same = try await LocalStore(path: folder.path(), schema: .inventory)
        #expect(try await same.count(Product.query()) == 1)
        try same.close()

        let rebuilt = try await LocalStore(path: folder.path(), schema: next, onSchemaChange: .rebuild)
        #expect(try await rebuilt.count(Product.query()) == 0)
        try rebuilt.close()

        let other = await storeError { _ = try await LocalStore(path: folder.path(), schema: .library) }
        #expect(other?.kind == .schemaMismatch)
    }

    @Test func observeGivesTheResultNowAndAfterEachChange() async throws {
        try await withStore { store, _ in
            var results = store.observe(Product.query(Product.Field.price > 10).order(.ascending(Product.Field.sku))).makeAsyncIterator()
            #expect(try await results.next()?.isEmpty == true)
            let expensive = try await store.create(product("E-1", price: 50))
            #expect(try await results.next()?.map(\.sku) == ["E-1"])
            // A change outside the result gives nothing new; the next change inside does.
            _ = try await store.create(product("C-1", price: 1))
            _ = try await store.update(ParseUpdate(expensive).set(Product.Field.price, to: 5))
            #expect(try await results.next()?.isEmpty == true)
        }
    }

    @Test func anObservedQueryTheStoreCannotAnswerThrows() async throws {
        try await withStore { store, _ in
            var results = store.observe(Product.query(.matchesText(Product.Field.name, "x"))).makeAsyncIterator()
            await #expect(throws: ParseClientError.self) { _ = try await results.next() }
        }
    }

    @Test @MainActor func theMainActorAndBackgroundTasksUseOneStoreAtOnce() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .inventory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        _ = try await store.create(product("W\(writer)-\(index)", price: Double(index)))
                    }
                }
            }
            for _ in 0..<10 {
                _ = try await store.count(Product.query())
            }
            try await group.waitForAll()
        }
        #expect(try await store.count(Product.query()) == 100)
        try store.close()
    }

    @Test func codeWrittenAgainstTheSharedProtocolRunsOnTheStore() async throws {
        func restock(_ objects: some ParseObjectStore, sku: String) async throws -> Int? {
            guard let item = try await objects.first(Product.query(Product.Field.sku == sku)) else { return nil }
            return try await objects.update(ParseUpdate(item).increment(Product.Field.quantity, by: 10)).quantity
        }
        try await withStore { store, _ in
            _ = try await store.create(product("A-1"))
            #expect(try await restock(store, sku: "A-1") == 10)
            #expect(try await restock(store, sku: "none") == nil)
        }
    }
}
