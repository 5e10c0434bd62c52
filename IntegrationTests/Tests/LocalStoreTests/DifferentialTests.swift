import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer
import Testing

/// The same random queries over the same objects, run by the REST client against
/// ParseTestServer and by the store: the same objectIds in the same order, and the same counts.
@Suite struct DifferentialTests {
    /// A small seeded generator (SplitMix64), so that a failure can be replayed from its seed.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }

        mutating func pick<Element>(_ elements: [Element]) -> Element {
            elements[int(0...(elements.count - 1))]
        }

        mutating func chance(_ percent: Int) -> Bool {
            int(0...99) < percent
        }
    }

    static let words = ["anvil", "Bolt", "chisel", "Drill", "file", "Gauge", "hammer", "level", "nail", "saw"]
    static let tags = ["red", "green", "blue", "sale", "new"]
    static let prices: [Double?] = [nil, 0, 1.5, 5, 10, 10, 20, 99.99]
    static let dates = ["2023-01-01T00:00:00.000Z", "2024-02-29T12:30:00.250Z", "2024-06-01T08:00:00.000Z", "2025-12-31T23:59:59.999Z"]
        .compactMap { text in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.date(from: text)
        }

    struct World {
        var categories: [InventoryModels.Category] = []
        var suppliers: [Supplier] = []
        var products: [Product] = []
    }

    /// The same objects on the server and in the store, with the server's ids and timestamps.
    func seedWorld(_ client: ParseClient, _ store: LocalStore, random: inout Random) async throws -> World {
        var world = World()
        for index in 0..<8 {
            var category = InventoryModels.Category(name: "Category \(index)")
            if index > 1, random.chance(50) { category.parent = random.pick(world.categories) }
            world.categories.append(try await client.create(category))
        }
        _ = try await store.save(world.categories)
        for index in 0..<6 {
            world.suppliers.append(try await client.create(Supplier(name: random.pick(Self.words) + " \(index)",
                                                                    email: random.chance(70) ? "s\(index)@example.com" : nil)))
        }
        _ = try await store.save(world.suppliers)
        for index in 0..<80 {
            var item = Product(sku: String(format: "P-%03d", index), name: random.pick(Self.words) + " \(random.int(0...20))")
            item.price = random.pick(Self.prices)
            if random.chance(80) { item.quantity = random.int(0...20) }
            item.unit = random.pick([Unit.piece, .kilogram, .litre])
            item.active = random.chance(70)
            item.category = random.chance(80) ? random.pick(world.categories) : nil
            item.tags = random.chance(75) ? Self.tags.filter { _ in random.chance(40) } : nil
            item.releasedAt = random.chance(70) ? random.pick(Self.dates) : nil
            world.products.append(try await client.create(item))
        }
        _ = try await store.save(world.products)
        for item in world.products {
            let suppliers = world.suppliers.filter { _ in random.chance(25) }
            guard !suppliers.isEmpty else { continue }
            let update = ParseUpdate(item).addRelation(Product.Field.suppliers, suppliers)
            _ = try await client.update(update)
            _ = try await store.update(update)
        }
        return world
    }

    /// One random constraint, nesting `or`/`and`/`nor` up to `depth`.
    func constraint(_ random: inout Random, _ world: World, depth: Int) -> ParseConstraint<Product> {
        switch random.int(0...(depth > 0 ? 17 : 14)) {
        case 0:
            let price = random.pick(Self.prices.compactMap { $0 })
            return random.pick([Product.Field.price < price, Product.Field.price <= price, Product.Field.price > price,
                                Product.Field.price >= price, Product.Field.price == price, Product.Field.price != price])
        case 1:
            let quantity = random.int(0...20)
            return random.pick([Product.Field.quantity < quantity, Product.Field.quantity >= quantity,
                                Product.Field.quantity == quantity, Product.Field.quantity != quantity])
        case 2:
            return random.pick([.exists(Product.Field.price), .doesNotExist(Product.Field.price),
                                .exists(Product.Field.tags), .doesNotExist(Product.Field.category)])
        case 3:
            return .startsWith(Product.Field.name, String(random.pick(Self.words).prefix(random.int(1...3))))
        case 4:
            return .matchesRegex(Product.Field.name, random.pick(["^[a-h]", "l$", "[0-9]{2}", "^B", "o"]),
                                 options: random.chance(50) ? .caseInsensitive : [])
        case 5:
            return .containsString(Product.Field.name, random.pick(["a", "il", " 1", "Dr"]))
        case 6:
            return .contains(Product.Field.tags, random.pick(Self.tags))
        case 7:
            return random.pick([.containsAll(Product.Field.tags, [random.pick(Self.tags), random.pick(Self.tags)]),
                                .containsAny(Product.Field.tags, [random.pick(Self.tags), random.pick(Self.tags)]),
                                .containsNone(Product.Field.tags, [random.pick(Self.tags)])])
        case 8:
            return random.pick([Product.Field.active == true, Product.Field.active == false, Product.Field.active != true])
        case 9:
            return random.chance(50) ? Product.Field.unit == random.pick([Unit.piece, .kilogram, .litre])
                : .containedIn(Product.Field.unit, [random.pick([Unit.piece, .kilogram, .litre]), .litre])
        case 10:
            let category = random.pick(world.categories)
            return random.pick([Product.Field.category == category, Product.Field.category != category])
        case 11:
            return .matchesQuery(Product.Field.category, InventoryModels.Category.query(
                .startsWith(InventoryModels.Category.Field.name, "Category \(random.int(0...7))")))
        case 12:
            return Product.Field.suppliers == random.pick(world.suppliers)
        case 13:
            let date = random.pick(Self.dates)
            return random.pick([Product.Field.releasedAt < date, Product.Field.releasedAt >= date, Product.Field.releasedAt == date])
        case 14:
            return .containedIn(Product.Field.price, [random.pick(Self.prices.compactMap { $0 }), random.pick(Self.prices.compactMap { $0 })])
        case 15:
            return .or(query(&random, world, depth: depth - 1), query(&random, world, depth: depth - 1))
        case 16:
            return .and(query(&random, world, depth: depth - 1), query(&random, world, depth: depth - 1))
        default:
            return .nor(query(&random, world, depth: depth - 1))
        }
    }

    func query(_ random: inout Random, _ world: World, depth: Int) -> ParseQuery<Product> {
        Product.query((0..<random.int(0...2)).map { _ in constraint(&random, world, depth: depth) })
    }

    func ordered(_ query: ParseQuery<Product>, _ random: inout Random) -> ParseQuery<Product> {
        var result = query
        let orders: [ParseOrder<Product>] = [
            .ascending(Product.Field.price), .descending(Product.Field.price), .ascending(Product.Field.quantity),
            .descending(Product.Field.name), .ascending(Product.Field.releasedAt), .descending(Product.Field.active),
            .ascending(Product.Field.createdAt), .descending(Product.Field.sku), .ascending(Product.Field.unit),
        ]
        for _ in 0..<random.int(0...2) {
            result = result.order(random.pick(orders))
        }
        if random.chance(30) { result = result.include(Product.Field.category) }
        if random.chance(10) { result = result.include(paths: ["category.parent"]) }
        if random.chance(20) {
            let fields: [any ParseFieldKey<Product>] = [Product.Field.name, Product.Field.price, Product.Field.tags,
                                                        Product.Field.category, Product.Field.releasedAt, Product.Field.unit]
            result = result.keys(paths: fields.filter { _ in random.chance(50) }.map(\.name))
        }
        if random.chance(30) { result = result.skip(random.int(0...10)) }
        if random.chance(50) { result = result.limit(random.int(0...30)) }
        return result
    }

    /// What a result holds, but `updatedAt` (which the two sides set at their own moments).
    static func fields(_ item: Product) -> String {
        let category = item.category.map { category in
            "\(category.objectId ?? "-")/\(category.name ?? "-")/\(category.parent?.objectId ?? "-")/\(category.parent?.name ?? "-")"
        }
        let parts: [String?] = [item.objectId, item.createdAt.map { "\($0.timeIntervalSince1970)" }, item.sku, item.name,
                                item.price.map { "\($0)" }, item.quantity.map { "\($0)" }, item.unit?.rawValue,
                                item.active.map { "\($0)" }, category, item.tags?.joined(separator: "|"),
                                item.releasedAt.map { "\($0.timeIntervalSince1970)" }]
        return parts.map { $0 ?? "nil" }.joined(separator: ",")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func randomQueriesAgreeWithTheServer(seed: UInt64) async throws {
        let server = try await ParseTestServer.start()
        let client = ParseClient(configuration: ParseClientConfiguration(
            serverURL: server.serverURL, applicationId: server.configuration.applicationId,
            restAPIKey: server.configuration.restAPIKey))
        let folder = try StoreFolder()
        let store = try await LocalStore(path: folder.path(), schema: .inventory)
        var random = Random(state: seed)
        let world = try await seedWorld(client, store, random: &random)
        for _ in 0..<150 {
            let query = ordered(self.query(&random, world, depth: 2), &random)
            let whereText = (try? query.parameters().map { "\($0.name)=\($0.value)" }.joined(separator: "&")) ?? "?"
            let expected = try await client.find(query)
            let actual = try await store.find(query)
            #expect(actual.map(\.objectId) == expected.map(\.objectId), "seed \(seed): \(whereText)")
            #expect(actual.map(Self.fields) == expected.map(Self.fields), "seed \(seed) fields: \(whereText)")
            let expectedCount = try await client.count(query)
            let actualCount = try await store.count(query)
            #expect(actualCount == expectedCount, "seed \(seed) count: \(whereText)")
        }
        try store.close()
        await server.stop()
    }
}
