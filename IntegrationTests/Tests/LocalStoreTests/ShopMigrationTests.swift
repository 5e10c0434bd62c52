import Foundation
import ParseLocalStore
import ParseRuntime
import ShopV1Models
import ShopV2Models
import Testing

/// An app's next version opens the store its first version made: the generated Shop model at
/// two versions (IntegrationTests/Fixtures), the second carrying the kept migration that leads
/// from the first (a rename, a new field with a default, a new class, index, bound and enum case).
@Suite struct ShopMigrationTests {
    private struct Made {
        var customers: [ShopV1Models.Customer] = []
        var orders: [ShopV1Models.Order] = []
    }

    /// A file as the first version leaves it: two customers, three orders, one of them pointing
    /// to a customer the device does not hold.
    private func makeV1Store(at path: String, bigTotal: Double = 120) async throws -> Made {
        let store = try await LocalStore(path: path, schema: ShopV1.schema)
        var made = Made()
        made.customers.append(try await store.create(ShopV1Models.Customer(name: "Ada", email: "ada@example.com")))
        made.customers.append(try await store.create(ShopV1Models.Customer(name: "Grace")))
        var elsewhere = ShopV1Models.Customer()
        elsewhere.objectId = "notOnDevice"
        let placed = Date(timeIntervalSince1970: 1_750_000_000.125)
        made.orders.append(try await store.create(ShopV1Models.Order(
            customer: made.customers[0], total: bigTotal, status: .paid, placedAt: placed,
            lines: [ShopV1Models.OrderLine(product: "Tea", quantity: 2, price: 60)])))
        made.orders.append(try await store.create(ShopV1Models.Order(customer: made.customers[1], total: 0, status: .placed)))
        made.orders.append(try await store.create(ShopV1Models.Order(customer: elsewhere, total: 9.5, status: .shipped)))
        try store.close()
        return made
    }

    @Test func theNextVersionMigratesTheFileAndKeepsEveryValue() async throws {
        let folder = try StoreFolder()
        let made = try await makeV1Store(at: folder.path())
        #expect(ShopV2.schema.migrations.map(\.name).count == 2)

        let store = try await LocalStore(path: folder.path(), schema: ShopV2.schema)
        let customers = try await store.find(ShopV2Models.Customer.query().order(.ascending(ShopV2Models.Customer.Field.createdAt)))
        #expect(customers.map(\.objectId) == made.customers.map(\.objectId))
        #expect(customers.map(\.fullName) == ["Ada", "Grace"])
        #expect(customers.map(\.email) == ["ada@example.com", nil])
        #expect(customers.map(\.createdAt) == made.customers.map(\.createdAt))

        let orders = try await store.find(ShopV2Models.Order.query().order(.ascending(ShopV2Models.Order.Field.createdAt)))
        #expect(orders.map(\.objectId) == made.orders.map(\.objectId))
        #expect(orders.map(\.total) == [120, 0, 9.5])
        #expect(orders.map { $0.status?.rawValue } == ["paid", "placed", "shipped"])
        #expect(orders.map(\.priority) == [0, 0, 0])
        #expect(orders[0].placedAt == made.orders[0].placedAt)
        #expect(orders[0].lines?.map(\.product) == ["Tea"])
        #expect(orders.map { $0.customer?.objectId } == [made.customers[0].objectId, made.customers[1].objectId, "notOnDevice"])

        // What the new version added works at once.
        let refunded = try await store.update(ParseUpdate(orders[1]).set(ShopV2Models.Order.Field.status, to: .refunded))
        #expect(refunded.status == .refunded)
        _ = try await store.create(ShopV2Models.Coupon(code: "WELCOME", percentOff: 10, customer: customers[0]))
        #expect(try await store.count(ShopV2Models.Coupon.query()) == 1)
        // The cascade still holds after the tables were rebuilt.
        try await store.delete(customers[0])
        #expect(try await store.count(ShopV2Models.Order.query()) == 2)
        try store.close()

        // Opened again, it runs nothing more; the first version no longer opens it.
        let again = try await LocalStore(path: folder.path(), schema: ShopV2.schema)
        #expect(try await again.count(ShopV2Models.Customer.query()) == 1)
        try again.close()
        let older = await storeError { _ = try await LocalStore(path: folder.path(), schema: ShopV1.schema) }
        #expect(older?.kind == .schemaMismatch)
    }

    @Test func aValueTheNextVersionRefusesStopsTheMigrationAndChangesNothing() async throws {
        let folder = try StoreFolder()
        let made = try await makeV1Store(at: folder.path(), bigTotal: 2_000_000)
        let error = await storeError { _ = try await LocalStore(path: folder.path(), schema: ShopV2.schema) }
        #expect(error?.kind == .migrationStopped)
        #expect(error?.className == "Order")
        #expect(error?.field == "total")
        #expect(error?.message.contains(try #require(made.orders[0].objectId)) == true)

        // The first version still opens it, every value as it was.
        let store = try await LocalStore(path: folder.path(), schema: ShopV1.schema)
        let orders = try await store.find(ShopV1Models.Order.query().order(.ascending(ShopV1Models.Order.Field.createdAt)))
        #expect(orders.map(\.total) == [2_000_000, 0, 9.5])
        #expect(try await store.find(ShopV1Models.Customer.query()).compactMap(\.name).sorted() == ["Ada", "Grace"])
        try store.close()
    }

    @Test func aFileTheNextVersionMadeRunsNothing() async throws {
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: ShopV2.schema)
        _ = try await store.create(ShopV2Models.Customer(fullName: "Ada"))
        try store.close()
        let reopened = try await LocalStore(path: folder.path(), schema: ShopV2.schema)
        #expect(try await reopened.find(ShopV2Models.Customer.query()).map(\.fullName) == ["Ada"])
        try reopened.close()
    }
}
