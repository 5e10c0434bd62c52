import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import Testing

/// Queries answered by the store: each kind of constraint, order, paging, keys and include,
/// and the constraints it refuses rather than answer differently.
@Suite struct QueryTests {
    /// Tools > Hammers; three products, two suppliers.
    private func seed(_ store: LocalStore) async throws -> (hammers: InventoryModels.Category, products: [Product], acme: Supplier) {
        let tools = try await store.create(InventoryModels.Category(name: "Tools"))
        var hammersNew = InventoryModels.Category(name: "Hammers")
        hammersNew.parent = tools
        let hammers = try await store.create(hammersNew)
        let acme = try await store.create(Supplier(name: "Acme", email: "sales@acme.example"))
        var products: [Product] = []
        products.append(try await store.create(product("H-1", price: 20, category: hammers, tags: ["steel", "heavy"])))
        products.append(try await store.create(product("H-2", price: 12.5, category: hammers, tags: ["steel"])))
        products.append(try await store.create(product("S-1", price: nil, category: tools, tags: nil)))
        _ = try await store.update(ParseUpdate(products[0]).addRelation(Product.Field.suppliers, [acme]))
        return (hammers, products, acme)
    }

    private func skus(_ store: LocalStore, _ query: ParseQuery<Product>) async throws -> [String] {
        try await store.find(query).compactMap(\.sku)
    }

    @Test func comparisonsEqualityAndMembership() async throws {
        try await withStore { store, _ in
            _ = try await seed(store)
            let byPrice = Product.query().order(.ascending(Product.Field.sku))
            #expect(try await skus(store, byPrice.where(Product.Field.price > 12.5)) == ["H-1"])
            #expect(try await skus(store, byPrice.where(Product.Field.price >= 12.5)) == ["H-1", "H-2"])
            #expect(try await skus(store, byPrice.where(Product.Field.price < 100)) == ["H-1", "H-2"])
            #expect(try await skus(store, byPrice.where(Product.Field.price == 20)) == ["H-1"])
            // A missing value is "not equal", as on the server.
            #expect(try await skus(store, byPrice.where(Product.Field.price != 20)) == ["H-2", "S-1"])
            #expect(try await skus(store, byPrice.where(.containedIn(Product.Field.sku, ["S-1", "H-2", "X"]))) == ["H-2", "S-1"])
            #expect(try await skus(store, byPrice.where(.notContainedIn(Product.Field.sku, ["S-1"]))) == ["H-1", "H-2"])
            #expect(try await skus(store, byPrice.where(.exists(Product.Field.price))) == ["H-1", "H-2"])
            #expect(try await skus(store, byPrice.where(.doesNotExist(Product.Field.price))) == ["S-1"])
            #expect(try await skus(store, byPrice.where(Product.Field.unit == .piece)) == ["H-1", "H-2", "S-1"])
            #expect(try await skus(store, byPrice.where(Product.Field.active == false)).isEmpty)
        }
    }

    @Test func stringsAndArrays() async throws {
        try await withStore { store, _ in
            _ = try await seed(store)
            let bySku = Product.query().order(.ascending(Product.Field.sku))
            #expect(try await skus(store, bySku.where(.startsWith(Product.Field.sku, "H-"))) == ["H-1", "H-2"])
            #expect(try await skus(store, bySku.where(.matchesRegex(Product.Field.sku, "^h", options: .caseInsensitive))) == ["H-1", "H-2"])
            #expect(try await skus(store, bySku.where(.containsString(Product.Field.name, "S-"))) == ["S-1"])
            #expect(try await skus(store, bySku.where(.contains(Product.Field.tags, "heavy"))) == ["H-1"])
            #expect(try await skus(store, bySku.where(.containsAll(Product.Field.tags, ["steel", "heavy"]))) == ["H-1"])
            #expect(try await skus(store, bySku.where(.containsAny(Product.Field.tags, ["heavy", "steel"]))) == ["H-1", "H-2"])
            #expect(try await skus(store, bySku.where(.containsNone(Product.Field.tags, ["heavy"]))) == ["H-2", "S-1"])
        }
    }

    @Test func orAndNorOrderSkipAndLimit() async throws {
        try await withStore { store, _ in
            _ = try await seed(store)
            let cheapOrUnpriced = Product.query(.or(Product.query(Product.Field.price < 15), Product.query(.doesNotExist(Product.Field.price))))
            #expect(try await skus(store, cheapOrUnpriced.order(.ascending(Product.Field.sku))) == ["H-2", "S-1"])
            let nor = Product.query(.nor(Product.query(Product.Field.sku == "H-1")))
            #expect(try await skus(store, nor.order(.descending(Product.Field.sku))) == ["S-1", "H-2"])
            let and = Product.query(.and(Product.query(Product.Field.price > 1), Product.query(Product.Field.price < 15)))
            #expect(try await skus(store, and) == ["H-2"])
            // Missing values come first ascending and last descending, as on the server.
            #expect(try await skus(store, Product.query().order(.ascending(Product.Field.price))) == ["S-1", "H-2", "H-1"])
            #expect(try await skus(store, Product.query().order(.descending(Product.Field.price))) == ["H-1", "H-2", "S-1"])
            #expect(try await skus(store, Product.query().order(.ascending(Product.Field.sku)).skip(1).limit(1)) == ["H-2"])
            #expect(try await store.count(Product.query().limit(1)) == 3)
            #expect(try await store.first(Product.query().order(.descending(Product.Field.sku)))?.sku == "S-1")
        }
    }

    @Test func theDefaultLimitIsParseServers() async throws {
        try await withStore { store, _ in
            _ = try await store.save((1...120).map { product("P-\($0)") })
            #expect(try await store.find(Product.query()).count == 100)
            #expect(try await store.find(Product.query().limit(1000)).count == 120)
        }
    }

    @Test func keysAndIncludeWithDotPaths() async throws {
        try await withStore { store, _ in
            _ = try await seed(store)
            let included = try await store.find(Product.query(Product.Field.sku == "H-1")
                .include(paths: ["category.parent"]))
            #expect(included.first?.category?.name == "Hammers")
            #expect(included.first?.category?.parent?.name == "Tools")
            let plain = try await store.find(Product.query(Product.Field.sku == "H-1"))
            #expect(plain.first?.category?.objectId != nil)
            #expect(plain.first?.category?.name == nil)
            let selected = try await store.find(Product.query(Product.Field.sku == "H-1").keys(Product.Field.sku))
            #expect(selected.first?.sku == "H-1")
            #expect(selected.first?.name == nil)
            #expect(selected.first?.objectId != nil)
        }
    }

    @Test func relationInverseAndMatchesQuery() async throws {
        try await withStore { store, _ in
            let (hammers, products, acme) = try await seed(store)
            #expect(try await store.find(products[0].suppliersQuery()).map(\.name) == ["Acme"])
            #expect(try await skus(store, acme.productsQuery()) == ["H-1"])
            let inHammers = Product.query(.matchesQuery(Product.Field.category, InventoryModels.Category.query(
                .startsWith(InventoryModels.Category.Field.name, "Ham"))))
            #expect(try await skus(store, inHammers.order(.ascending(Product.Field.sku))) == ["H-1", "H-2"])
            #expect(try await skus(store, Product.query(Product.Field.category == hammers).order(.descending(Product.Field.sku))) == ["H-2", "H-1"])
        }
    }

    @Test func whatTheStoreCannotAnswerExactlyIsRefusedByName() async throws {
        try await withStore { store, _ in
            _ = try await seed(store)
            let text = await storeError { _ = try await store.find(Product.query(.matchesText(Product.Field.name, "hammer"))) }
            #expect(text?.kind == .unsupportedQuery)
            #expect(text?.className == "Product")
            #expect(text?.field == "name $text")
            let order = await storeError { _ = try await store.find(Product.query().order(.ascending(Product.Field.tags))) }
            #expect(order?.kind == .unsupportedQuery)
            #expect(order?.field == "tags")
            let dot = await storeError { _ = try await store.find(Product.query().where(.exists(Product.Field.category.appending(InventoryModels.Category.Field.name)))) }
            #expect(dot?.kind == .unsupportedQuery)
        }
    }
}
