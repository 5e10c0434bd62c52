import Foundation
import ParseRuntime
import ParseTestServer
import RecipesModels
import Testing

/// The Recipes sample (an open int enum with an `unknown` case, embedded arrays, maps, dates)
/// over HTTP, with the batch helpers.
@Suite("Recipes over HTTP")
struct RecipesTests {
    static let pancakes = Recipe(
        name: "Pancakes", servings: 4, price: 3.5, isAvailable: true, category: .breakfast,
        ingredients: [Ingredient(quantity: 2, description: "eggs"), Ingredient(quantity: 0.25, description: "kg flour")],
        sideOptions: ["syrup"], nutritionalInfo: ["protein": "12 g"], releaseDate: date("2024-03-01T08:00:00.000Z"))

    @Test("create, get, find and count; an unknown enum value survives the round trip")
    func createGetFind() async throws {
        try await withServer { server, client in
            let pancakes = try await client.create(Self.pancakes)
            let soup = try await client.create(Recipe(name: "Tomato Soup", servings: 2, category: .lunch,
                                                      releaseDate: date("2024-05-10T12:00:00.000Z")))
            let stew = try await client.create(Recipe(name: "Beef Stew", servings: 6, price: 11, category: .dinner,
                                                      releaseDate: date("2023-11-20T18:30:00.000Z")))
            let brunch = try await client.create(Recipe(name: "Brunch Cake", servings: 8, category: .unknown(7)))
            #expect([pancakes, soup, stew, brunch].allSatisfy { isParseObjectId($0.objectId) })

            let fetched = try await client.get(Recipe.self, id: pancakes.objectId ?? "")
            #expect(fetched.name == "Pancakes")
            #expect(fetched.category == .breakfast)
            #expect(fetched.ingredients == Self.pancakes.ingredients)
            #expect(fetched.nutritionalInfo == ["protein": "12 g"])
            #expect(fetched.releaseDate == Self.pancakes.releaseDate)
            #expect(try await client.get(Recipe.self, id: brunch.objectId ?? "").category == .unknown(7))
            #expect(try await server.storedObject("Recipe", brunch.objectId ?? "")?["category"] == 7)

            func names(_ query: ParseQuery<Recipe>) async throws -> [String] {
                try await client.find(query).compactMap(\.name)
            }
            #expect(try await names(Recipe.query(Recipe.Field.category == .dinner)) == ["Beef Stew"])
            // Two operators on one field merge into one object.
            #expect(try await names(Recipe.query(Recipe.Field.servings >= 3, Recipe.Field.servings <= 6)
                .order(.ascending(Recipe.Field.servings))) == ["Pancakes", "Beef Stew"])
            #expect(server.requests(method: "GET", path: "/parse/classes/Recipe").last?.whereJSON
                == ["servings": ["$gte": 3, "$lte": 6]])
            #expect(try await names(Recipe.query(.matchesRegex(Recipe.Field.name, "cake", options: [.caseInsensitive]))
                .order(.ascending(Recipe.Field.name))) == ["Brunch Cake", "Pancakes"])
            #expect(try await names(Recipe.query(.or(
                Recipe.query(Recipe.Field.category == .lunch),
                Recipe.query(Recipe.Field.price > 10))).order(.ascending(Recipe.Field.name))) == ["Beef Stew", "Tomato Soup"])
            #expect(try await names(Recipe.query(.exists(Recipe.Field.releaseDate)).order(.descending(Recipe.Field.releaseDate)))
                == ["Tomato Soup", "Pancakes", "Beef Stew"])
            #expect(try await names(Recipe.query(Recipe.Field.releaseDate >= date("2024-01-01T00:00:00.000Z"),
                                                 Recipe.Field.releaseDate < date("2024-04-01T00:00:00.000Z"))) == ["Pancakes"])
            #expect(try await names(Recipe.query(.containedIn(Recipe.Field.category, [.breakfast, .unknown(7)]))
                .order(.ascending(Recipe.Field.name))) == ["Brunch Cake", "Pancakes"])
            #expect(try await names(Recipe.query(.greaterThan(Recipe.Field.category, .lunch))
                .order(.ascending(Recipe.Field.name))) == ["Beef Stew", "Brunch Cake"])
            #expect(try await names(Recipe.query(.or(
                Recipe.query(Recipe.Field.servings < 3), Recipe.query(Recipe.Field.servings > 7)),
                .startsWith(Recipe.Field.name, "B"))) == ["Brunch Cake"])
            #expect(try await names(Recipe.query(.nor(
                Recipe.query(Recipe.Field.category == .breakfast), Recipe.query(Recipe.Field.category == .lunch)))
                .order(.ascending(Recipe.Field.name))) == ["Beef Stew", "Brunch Cake"])
            #expect(try await names(Recipe.query(.and(
                Recipe.query(Recipe.Field.servings > 1), Recipe.query(Recipe.Field.servings < 5)))
                .order(.ascending(Recipe.Field.name))) == ["Pancakes", "Tomato Soup"])
            // A second $or goes into $and, so both must hold.
            #expect(try await names(Recipe.query(
                .or(Recipe.query(Recipe.Field.category == .breakfast), Recipe.query(Recipe.Field.category == .dinner)),
                .or(Recipe.query(Recipe.Field.servings == 4), Recipe.query(Recipe.Field.servings == 2)))) == ["Pancakes"])
            let twoOrs = try #require(server.requests(method: "GET", path: "/parse/classes/Recipe").last?.whereJSON)
            #expect(twoOrs["$or"] != nil)
            #expect(twoOrs["$and"]?.arrayValue?.count == 1)
            let counted = try await client.findWithCount(Recipe.query().order(.ascending(Recipe.Field.name)).skip(1).limit(2))
            #expect(counted.count == 4)
            #expect(counted.results.compactMap(\.name) == ["Brunch Cake", "Pancakes"])
            let sent = try #require(server.requests(method: "GET", path: "/parse/classes/Recipe").last)
            #expect(sent.query["skip"] == "1")
            #expect(sent.query["count"] == "1")
            #expect(sent.query["where"] == nil)
        }
    }

    @Test("updates: Increment, AddUnique, Remove, fields: with a deletion, and only the changed fields of a mergeable copy")
    func updates() async throws {
        try await withServer { server, client in
            let pancakes = try await client.create(Self.pancakes)
            let id = try #require(pancakes.objectId)
            let path = "/parse/classes/Recipe/\(id)"

            let more = try await client.update(ParseUpdate(pancakes)
                .increment(Recipe.Field.servings, by: 2)
                .addUnique(Recipe.Field.sideOptions, ["syrup", "berries"]))
            #expect(more.servings == 6)
            #expect(more.sideOptions == ["syrup", "berries"])
            let fewer = try await client.update(ParseUpdate(more).remove(Recipe.Field.sideOptions, ["syrup"]))
            #expect(fewer.sideOptions == ["berries"])

            var free = fewer
            free.price = nil
            let unpriced = try await client.update(free, fields: [Recipe.Field.price])
            #expect(server.requests(method: "PUT", path: path).last?.json == ["price": ["__op": "Delete"]])
            #expect(unpriced.price == nil)
            #expect(try await server.storedObject("Recipe", id)?["price"] == nil)

            var edited = unpriced.mergeable
            edited.category = .dinner
            edited.ingredients = [Ingredient(quantity: 3, description: "eggs")]
            let saved = try await client.update(edited)
            #expect(server.requests(method: "PUT", path: path).last?.json == [
                "category": 2, "ingredients": [["quantity": 3, "description": "eggs"]],
            ])
            #expect(saved.category == .dinner)
            #expect(saved.name == "Pancakes")
            let stored = try #require(try await server.storedObject("Recipe", id))
            #expect(stored["servings"] == 6)
            #expect(stored["sideOptions"] == ["berries"])
            #expect(stored["category"] == 2)

            try await client.delete(saved)
            #expect(try await server.storedObjects("Recipe").isEmpty)
        }
    }

    @Test("createAll, updateAll and deleteAll: one POST /batch each, a result per object")
    func batches() async throws {
        try await withServer { server, client in
            let created = try await client.createAll([
                Recipe(name: "Omelette", servings: 1, category: .breakfast),
                Recipe(name: "Salad", servings: 2, category: .lunch),
                Recipe(name: "Curry", servings: 4, category: .dinner),
            ])
            let recipes = try created.map { try $0.get() }
            #expect(recipes.compactMap(\.name) == ["Omelette", "Salad", "Curry"])
            #expect(recipes.allSatisfy { isParseObjectId($0.objectId) && $0.createdAt != nil })
            #expect(server.requests(method: "POST", path: "/parse/batch").count == 1)
            // One batch's objects can share a creation time: compared by name, not by order.
            #expect(try await server.storedObjects("Recipe").compactMap { $0["name"]?.stringValue }.sorted() == ["Curry", "Omelette", "Salad"])

            let doubled = try await client.updateAll(recipes.map { $0.set(\.servings, to: ($0.servings ?? 0) * 2) })
            #expect(try doubled.map { try $0.get().servings } == [2, 4, 8])
            #expect(try await server.storedObjects("Recipe").compactMap { $0["servings"]?.intValue }.sorted() == [2, 4, 8])
            let batchBody = try #require(server.requests(method: "POST", path: "/parse/batch").last?.json)
            #expect(batchBody["requests"]?.arrayValue?.first?["body"] == ["servings": 2])

            let results = try await client.deleteAll(Array(recipes.prefix(2)))
            #expect(results.count == 2)
            #expect(results.allSatisfy { (try? $0.get()) != nil })
            #expect(try await server.storedObjects("Recipe").compactMap { $0["name"]?.stringValue } == ["Curry"])
            // Deleting them again: each item fails with 101 on its own.
            let again = try await client.deleteAll(Array(recipes.prefix(2)))
            #expect(again.allSatisfy { $0.parseErrorCode == .objectNotFound })
        }
    }
}
