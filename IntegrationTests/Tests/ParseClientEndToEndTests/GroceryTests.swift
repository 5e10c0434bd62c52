import Foundation
import GroceryModels
import ParseRuntime
import ParseTestServer
import Testing

/// The Grocery sample (a class whose Swift name differs from its Parse name, a pointer and its
/// inverse) over HTTP.
@Suite("Grocery over HTTP")
struct GroceryTests {
    @Test("GroceryItem is the Parse class Item: create, get with include, the unit's items through the inverse")
    func itemsAndUnits() async throws {
        try await withServer { server, client in
            let kg = try await client.create(Unit(name: "kg"))
            let piece = try await client.create(Unit(name: "piece"))
            let apples = try await client.create(GroceryItem(name: "Apples", quantity: 1.5, unit: kg, bought: false))
            let flour = try await client.create(GroceryItem(name: "Flour", quantity: 2, unit: kg, bought: true))
            let eggs = try await client.create(GroceryItem(name: "Eggs", quantity: 6, unit: piece, bought: false))
            let applesId = try #require(apples.objectId)

            // The Parse class name is used on the wire.
            #expect(server.requests(method: "POST", path: "/parse/classes/Item").count == 3)
            #expect(server.requests(path: "/parse/classes/GroceryItem*").isEmpty)
            #expect(try await server.storedObject("Item", applesId)?["unit"] == pointer("Unit", kg.objectId))

            let fetched = try await client.get(GroceryItem.self, id: applesId, include: ["unit"])
            #expect(fetched.unit?.name == "kg")
            #expect(fetched.quantity == 1.5)
            #expect(fetched.bought == false)

            func names(_ query: ParseQuery<GroceryItem>) async throws -> [String] {
                try await client.find(query.order(.ascending(GroceryItem.Field.name))).compactMap(\.name)
            }
            // Unit.items is the inverse of Item.unit: the items pointing to a unit.
            #expect(try await names(GroceryItem.query(GroceryItem.Field.unit == kg)) == ["Apples", "Flour"])
            #expect(try await names(GroceryItem.query(.matchesQuery(GroceryItem.Field.unit, Unit.query(Unit.Field.name == "piece"))))
                == ["Eggs"])
            #expect(try await names(GroceryItem.query(.doesNotMatchQuery(GroceryItem.Field.unit, Unit.query(Unit.Field.name == "piece"))))
                == ["Apples", "Flour"])
            #expect(try await names(GroceryItem.query(GroceryItem.Field.bought == false, GroceryItem.Field.quantity > 2)) == ["Eggs"])
            #expect(try await names(GroceryItem.query(.notEqualTo(GroceryItem.Field.unit, kg))) == ["Eggs"])
            let units = try await client.find(GroceryItem.query(GroceryItem.Field.bought == false)
                .includeAll().order(.descending(GroceryItem.Field.quantity)))
            #expect(units.compactMap { $0.unit?.name } == ["piece", "kg"])
            #expect(server.requests(method: "GET", path: "/parse/classes/Item").last?.query["include"] == "*")
            #expect(try await client.count(GroceryItem.query(.exists(GroceryItem.Field.unit))) == 3)

            // Decrement a double, set a boolean.
            let used = try await client.update(ParseUpdate(apples)
                .decrement(GroceryItem.Field.quantity, by: 0.5)
                .set(GroceryItem.Field.bought, to: true))
            #expect(used.quantity == 1)
            #expect(used.bought == true)
            #expect(try await server.storedObject("Item", applesId)?["quantity"]?.doubleValue == 1)
            #expect(try await names(GroceryItem.query(GroceryItem.Field.bought == true)) == ["Apples", "Flour"])

            // A batch of updates.
            let results = try await client.updateAll([flour.set(\.bought, to: false), eggs.set(\.quantity, to: 12)])
            #expect(try results.map { try $0.get().name } == ["Flour", "Eggs"])
            #expect(try await server.storedObject("Item", eggs.objectId ?? "")?["quantity"] == 12)
            #expect(try await server.storedObject("Item", flour.objectId ?? "")?["bought"] == false)

            // Delete.
            try await client.delete(eggs)
            #expect(try await names(GroceryItem.query()) == ["Apples", "Flour"])
            #expect(server.requests(method: "DELETE", path: "/parse/classes/Item/\(eggs.objectId ?? "")").first?.status == 200)
            let gone = await failure { try await client.update(ParseUpdate(eggs).set(GroceryItem.Field.bought, to: true)) }
            #expect(gone?.parseError?.code == .objectNotFound)
            #expect(gone?.httpStatus == 404)
        }
    }

    @Test("one client shared by 50 concurrent tasks: every create and get gets its own answer")
    func concurrentUse() async throws {
        try await withServer { server, client in
            let piece = try await client.create(Unit(name: "piece"))
            // The class exists before the burst, so 50 first writes do not race to make it.
            _ = try await client.create(GroceryItem(name: "Item 0", quantity: 0, unit: piece))
            let names = try await withThrowingTaskGroup(of: String?.self) { group in
                for number in 1...50 {
                    group.addTask {
                        let item = try await client.create(GroceryItem(name: "Item \(number)", quantity: Double(number), unit: piece))
                        return try await client.get(GroceryItem.self, id: item.objectId ?? "", include: ["unit"]).name
                    }
                }
                var names: [String] = []
                for try await name in group {
                    names.append(name ?? "")
                }
                return names
            }
            #expect(Set(names) == Set((1...50).map { "Item \($0)" }))
            #expect(try await server.storedObjects("Item").count == 51)
            #expect(try await client.count(GroceryItem.query(GroceryItem.Field.unit == piece, GroceryItem.Field.quantity > 25)) == 25)
        }
    }
}
