import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import Testing

/// Creates, saves, updates and deletes on a real SQLite file, and every refusal.
@Suite struct WriteTests {
    @Test func createGivesIdAndTimestampsAndGetReadsEveryField() async throws {
        try await withStore { store, _ in
            let released = try #require(ISO8601DateFormatter().date(from: "2024-05-01T10:00:00Z"))
            var new = product("A-1", price: 9.5, tags: ["red", "sale"])
            new.dimensions = Dimensions(width: 1, height: 2.5, depth: 3)
            new.releasedAt = released
            new.photo = ParseFile(name: "a1.png", url: try #require(URL(string: "https://files.example.com/a1.png")))
            let created = try await store.create(new)
            let objectId = try #require(created.objectId)
            #expect(objectId.count == 10)
            #expect(created.createdAt != nil)
            #expect(created.updatedAt == created.createdAt)

            let read = try await store.get(Product.self, id: objectId)
            #expect(read.sku == "A-1")
            #expect(read.price == 9.5)
            #expect(read.quantity == 0)
            #expect(read.unit == .piece)
            #expect(read.active == true)
            #expect(read.tags == ["red", "sale"])
            #expect(read.dimensions == Dimensions(width: 1, height: 2.5, depth: 3))
            #expect(read.releasedAt == released)
            #expect(read.photo?.url?.absoluteString == "https://files.example.com/a1.png")
            #expect(read.createdAt == created.createdAt)
        }
    }

    @Test func getOfAMissingObjectThrowsTheClientsNotFoundError() async throws {
        try await withStore { store, _ in
            do {
                _ = try await store.get(Product.self, id: "missing")
                Issue.record("expected not found")
            } catch let error as ParseClientError {
                #expect(error == .server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404)))
                #expect(error.parseError?.code == .objectNotFound)
            }
        }
    }

    @Test func saveCreatesThenSavesOnlyTheFieldsThatChanged() async throws {
        try await withStore { store, _ in
            let created = try await store.save(product("A-1", price: 1))
            // Someone else renames it meanwhile.
            _ = try await store.update(ParseUpdate(created).set(Product.Field.name, to: "Renamed"))
            // As with the client, a mergeable copy saves only the fields set on it.
            var edited = created.mergeable
            edited.price = 2
            let saved = try await store.save(edited)
            #expect(saved.price == 2)
            let stored = try await store.get(Product.self, id: try #require(created.objectId))
            #expect(stored.price == 2)
            #expect(stored.name == "Renamed")
            #expect(try #require(stored.updatedAt) >= (try #require(created.updatedAt)))
        }
    }

    @Test func saveOfAnObjectFromTheServerStoresItWholeWithItsTimestamps() async throws {
        try await withStore { store, _ in
            var fromServer = product("S-1", price: 3)
            fromServer.objectId = "serverId01"
            fromServer.createdAt = Date(timeIntervalSince1970: 1_700_000_000.123)
            fromServer.updatedAt = Date(timeIntervalSince1970: 1_700_000_100.456)
            _ = try await store.save(fromServer)
            let stored = try await store.get(Product.self, id: "serverId01")
            #expect(stored.sku == "S-1")
            #expect(stored.createdAt == fromServer.createdAt)
            #expect(stored.updatedAt == fromServer.updatedAt)
        }
    }

    @Test func everyUpdateOperation() async throws {
        try await withStore { store, _ in
            let created = try await store.create(product("A-1", price: 5, tags: ["a", "b"]))
            let updated = try await store.update(ParseUpdate(created)
                .set(Product.Field.name, to: "New name")
                .increment(Product.Field.quantity, by: 4)
                .addUnique(Product.Field.tags, ["b", "c"])
                .unset(Product.Field.price))
            #expect(updated.name == "New name")
            #expect(updated.quantity == 4)
            #expect(updated.tags == ["a", "b", "c"])
            #expect(updated.price == nil)
            let removed = try await store.update(ParseUpdate(updated)
                .decrement(Product.Field.quantity, by: 1)
                .remove(Product.Field.tags, ["b"]))
            #expect(removed.tags == ["a", "c"])
            let again = try await store.update(ParseUpdate(removed).add(Product.Field.tags, ["a"]))
            #expect(again.quantity == 3)
            #expect(again.tags == ["a", "c", "a"])
            let stored = try await store.get(Product.self, id: try #require(created.objectId))
            #expect(stored.name == "New name")
            #expect(stored.quantity == 3)
            #expect(stored.tags == ["a", "c", "a"])
            #expect(stored.price == nil)
        }
    }

    @Test func relationOperationsAndTheQueriesOfBothSides() async throws {
        try await withStore { store, _ in
            let item = try await store.create(product("A-1"))
            let acme = try await store.create(Supplier(name: "Acme"))
            let globex = try await store.create(Supplier(name: "Globex"))
            _ = try await store.update(ParseUpdate(item).addRelation(Product.Field.suppliers, [acme, globex]))
            #expect(Set(try await store.find(item.suppliersQuery()).compactMap(\.name)) == ["Acme", "Globex"])
            #expect(try await store.find(acme.productsQuery()).map(\.objectId) == [item.objectId])

            _ = try await store.update(ParseUpdate(item).removeRelation(Product.Field.suppliers, [acme]))
            #expect(try await store.find(item.suppliersQuery()).map(\.name) == ["Globex"])
            #expect(try await store.find(acme.productsQuery()).isEmpty)

            // The relation's own operation, as the generated `suppliersRelation()` makes it.
            _ = try await store.update(try item.suppliersRelation().add([acme]))
            #expect(try await store.count(item.suppliersQuery()) == 2)

            // Deleting a supplier takes it out of every relation.
            try await store.delete(globex)
            #expect(try await store.find(item.suppliersQuery()).map(\.name) == ["Acme"])
        }
    }

    @Test func aDuplicateUniqueValueIsRefusedAndChangesNothing() async throws {
        try await withStore { store, _ in
            let first = try await store.create(product("A-1", price: 1))
            let error = await storeError { _ = try await store.create(product("A-1", price: 2)) }
            #expect(error?.kind == .duplicateValue)
            #expect(error?.className == "Product")
            #expect(error?.field == "sku")
            #expect(error?.parseError.code == .duplicateValue)
            #expect(try await store.count(Product.query()) == 1)

            let second = try await store.create(product("B-1"))
            var clash = second
            clash.sku = "A-1"
            let updateError = await storeError { _ = try await store.save(clash) }
            #expect(updateError?.kind == .duplicateValue)
            #expect(try await store.get(Product.self, id: try #require(second.objectId)).sku == "B-1")
            #expect(try await store.get(Product.self, id: try #require(first.objectId)).price == 1)
        }
    }

    @Test func aMissingRequiredFieldAndAValueOutOfBoundsAreRefused() async throws {
        try await withStore { store, _ in
            var nameless = Product()
            nameless.sku = "N-1"
            let required = await storeError { _ = try await store.create(nameless) }
            #expect(required?.kind == .requiredField)
            #expect(required?.className == "Product")
            #expect(required?.field == "name")
            #expect(required?.description == "Product.name: is required.")

            let negative = await storeError { _ = try await store.create(product("N-2", price: -1)) }
            #expect(negative?.kind == .invalidValue)
            #expect(negative?.className == "Product")
            #expect(negative?.field == "price")

            let created = try await store.create(product("N-3", price: 1))
            let unset = await storeError { _ = try await store.update(ParseUpdate(created).unset(Product.Field.name)) }
            #expect(unset?.kind == .requiredField)
            #expect(unset?.field == "name")
            #expect(try await store.count(Product.query()) == 1)
        }
    }

    @Test func aBulkSaveIsAllOrNothing() async throws {
        try await withStore { store, _ in
            let error = await storeError {
                _ = try await store.save([product("A-1"), product("A-2"), product("A-1")])
            }
            #expect(error?.kind == .duplicateValue)
            #expect(try await store.count(Product.query()) == 0)
            let saved = try await store.save((1...50).map { product("P-\($0)", price: Double($0)) })
            #expect(saved.count == 50)
            #expect(Set(saved.compactMap(\.objectId)).count == 50)
            #expect(try await store.count(Product.query()) == 50)
        }
    }

    @Test func deleteFollowsEveryOnDeleteRule() async throws {
        try await withStore { store, _ in
            let tools = try await store.create(InventoryModels.Category(name: "Tools"))
            var hammersNew = InventoryModels.Category(name: "Hammers")
            hammersNew.parent = tools
            let hammers = try await store.create(hammersNew)
            let hammer = try await store.create(product("H-1", category: hammers))
            _ = try await store.create(StockMovement(product: hammer, change: 5))
            _ = try await store.create(StockMovement(product: hammer, change: -2))

            // restrict: a product in the category refuses its delete, and nothing changes.
            let refused = await storeError { try await store.delete(hammers) }
            #expect(refused?.kind == .restrictedDelete)
            #expect(refused?.className == "Product")
            #expect(refused?.field == "category")
            #expect(try await store.count(InventoryModels.Category.query()) == 2)

            // cascade: the product's stock movements go with it.
            try await store.delete(hammer)
            #expect(try await store.count(StockMovement.query()) == 0)

            // setNull: the subcategory loses its parent.
            try await store.delete(tools)
            let orphan = try await store.get(InventoryModels.Category.self, id: try #require(hammers.objectId))
            #expect(orphan.parent == nil)
            try await store.delete(hammers)
            #expect(try await store.count(InventoryModels.Category.query()) == 0)

            let missing = await deleteError(store, hammers)
            #expect(missing?.parseError?.code == .objectNotFound)
        }
    }

    @Test func aPointerToAnObjectTheStoreDoesNotHoldIsKept() async throws {
        try await withStore { store, _ in
            var remote = InventoryModels.Category()
            remote.objectId = "notHere001"
            let created = try await store.create(product("R-1", category: remote))
            let found = try await store.find(Product.query(Product.Field.category == remote).include(Product.Field.category))
            #expect(found.map(\.objectId) == [created.objectId])
            #expect(found.first?.category?.objectId == "notHere001")
            #expect(found.first?.category?.name == nil)
        }
    }

    private func deleteError(_ store: LocalStore, _ category: InventoryModels.Category) async -> ParseClientError? {
        do {
            try await store.delete(category)
            return nil
        } catch {
            return error
        }
    }
}
