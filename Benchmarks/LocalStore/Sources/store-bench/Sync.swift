// The sync benchmarks: the store's `sync(with:)` against ParseTestServer over loopback HTTP, side
// by side with ParseClient making the same transfers by hand, turn about in one process; and the
// peak memory of a new process that pulls into an empty store, with the server in the harness.
import Foundation
import InventoryModels
import ParseLocalStore
import ParseRuntime
import ParseTestServer

/// The server side: a ParseTestServer in this process, its products loaded from a data file.
enum SyncServer {
    /// The products' fixed ids on the server: `P` and 9 digits, so id order is index order.
    static func productId(_ index: Int) -> String {
        let digits = String(index)
        return "P" + String(repeating: "0", count: 9 - digits.count) + digits
    }

    /// When the first product was made on the server (ms since 1970); product `i` was made and
    /// last changed `i` ms later, so `updatedAt` order is index order too.
    static let firstStamp = 1_700_000_000_000

    /// Writes what `ParseTestServer.load(from:)` reads: the 100 categories and products
    /// `0..<count` (the harness's values, as ParseClient's encoder sends them), with the schema
    /// the server would have inferred from them. Loading a file instead of creating the objects
    /// through `POST /batch` keeps the setup short: the test server keeps a copy of its state
    /// for each batched create's rollback, so creates in batches grow with the class's size.
    static func writeData(_ path: String, products count: Int) throws {
        let encoder = ParseEncoder()
        var products: [JSONValue] = []
        products.reserveCapacity(count)
        for (index, values) in Catalog.products(0..<count).enumerated() {
            guard case .object(let fields) = try encoder.encodeJSONValue(Catalog.storeProduct(values), skipKeys: .customObjectId) else {
                throw RunError(description: "a product did not encode to an object")
            }
            let stamp = JSONValue.int(firstStamp + index)
            products.append(["objectId": .string(productId(index)), "createdAt": stamp, "updatedAt": stamp, "fields": .object(fields)])
        }
        let categories: [JSONValue] = (0..<Catalog.categoryCount).map { index in
            let stamp = JSONValue.int(firstStamp - Catalog.categoryCount + index)
            return ["objectId": .string(Catalog.categoryId(index)), "createdAt": stamp, "updatedAt": stamp,
                    "fields": ["name": .string("Category \(index)")]]
        }
        func type(_ name: String, _ target: String? = nil) -> JSONValue {
            target.map { ["name": .string(name), "targetClass": .string($0)] } ?? ["name": .string(name)]
        }
        let data: JSONValue = [
            "format": 1,
            "classes": ["Category": .array(categories), "Product": .array(products)],
            "schema": [
                "Category": ["name": type("String")],
                "Product": [
                    "sku": type("String"), "name": type("String"), "price": type("Number"), "quantity": type("Number"),
                    "unit": type("String"), "active": type("Boolean"), "category": type("Pointer", "Category"),
                    "tags": type("Array"), "dimensions": type("Object"), "releasedAt": type("Date"),
                ],
            ],
            "relations": [], "passwords": [:], "sessions": [:], "files": [:], "schemaExtras": [:], "config": [:],
        ]
        try data.serialized().write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A server on 127.0.0.1 that allows custom objectIds (as the store's `.custom` mode needs),
    /// holding `products` products and the categories when `products` > 0.
    static func start(products count: Int, work: String, idempotency: Bool = false) async throws -> ParseTestServer {
        let server = try await ParseTestServer.start(ParseTestServer.Configuration(
            allowCustomObjectId: true, idempotency: idempotency ? .init() : nil))
        if count > 0 {
            let path = work + "/server-\(count).json"
            if !FileManager.default.fileExists(atPath: path) {
                try writeData(path, products: count)
            }
            try server.load(from: URL(fileURLWithPath: path))
        }
        return server
    }

    /// A client of the server at `url` with the REST key, no user, no retries (as the store's
    /// sync tests make them).
    static func client(_ url: URL, customIds: Bool = false) -> ParseClient {
        let defaults = ParseTestServer.Configuration()
        return ParseClient(configuration: ParseClientConfiguration(
            serverURL: url, applicationId: defaults.applicationId, restAPIKey: defaults.restAPIKey,
            retryPolicy: .never, allowsCustomObjectId: customIds))
    }

    /// The requests a server recorded, counted by method and path (`GET /parse/classes/Product: 11`).
    static func summary(_ requests: [ParseTestServer.RecordedRequest]) -> String {
        var counts: [String: Int] = [:]
        for request in requests {
            // `/parse/classes/Product/<id>`: one entry for every object.
            var parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 5, parts[2] == "classes" { parts[4] = "<id>" }
            counts["\(request.method) \(parts.joined(separator: "/"))", default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}

// MARK: - Pull

/// The pull into an empty store and ParseClient's own paging of the same products.
enum Pull {
    /// The store's side: a new file, then one `sync(with:)` that pulls Product only.
    static func options(pageSize: Int, deleteCheck: LocalStore.SyncOptions.DeleteCheck) -> LocalStore.SyncOptions {
        LocalStore.SyncOptions(classes: ["Product"], objectIds: .custom, deleteCheck: deleteCheck, pageSize: pageSize)
    }

    /// ParseClient's side: `find` pages of `pageSize` in objectId order, each page starting
    /// after the last id of the one before (`objectId > last`); `keep` sees each page.
    static func rest(_ client: ParseClient, pageSize: Int, keep: ([Product]) -> Void) async throws -> (objects: Int, requests: Int) {
        var last: String?
        var objects = 0, requests = 0
        while true {
            let query = last.map { Product.query(Product.Field.objectId > $0) } ?? Product.query()
            let page = try await client.find(query.order(.ascending(Product.Field.objectId)).limit(pageSize))
            requests += 1
            objects += page.count
            keep(page)
            guard page.count == pageSize, let next = page.last?.objectId else { return (objects, requests) }
            last = next
        }
    }

    /// ParseClient paging as the store's pull pages: ordered by `updatedAt` then `objectId`, each
    /// page after the last one's (`updatedAt > d` or `updatedAt == d` and `objectId > id`), for
    /// what the server's answer to that query costs beside paging by objectId.
    static func restByCursor(_ client: ParseClient, pageSize: Int) async throws -> (objects: Int, requests: Int) {
        var last: (updatedAt: Date, objectId: String)?
        var objects = 0, requests = 0
        while true {
            let query = last.map { cursor in
                Product.query(.or(Product.query(Product.Field.updatedAt > cursor.updatedAt),
                                  Product.query(Product.Field.updatedAt == cursor.updatedAt, Product.Field.objectId > cursor.objectId)))
            } ?? Product.query()
            let page = try await client.find(query.order(.ascending(Product.Field.updatedAt), .ascending(Product.Field.objectId)).limit(pageSize))
            requests += 1
            objects += page.count
            guard page.count == pageSize, let next = page.last, let updatedAt = next.updatedAt, let objectId = next.objectId else {
                return (objects, requests)
            }
            last = (updatedAt, objectId)
        }
    }

    /// ParseClient making the store's requests by hand: the same pages, and after each page, for
    /// each of its products, the `find` of its `suppliers` relation (`$relatedTo`, ids only, in
    /// pages of `pageSize`), which is how the store reads relation members. Nothing is stored.
    static func restWithRelations(_ client: ParseClient, pageSize: Int) async throws -> (objects: Int, requests: Int) {
        var last: String?
        var objects = 0, requests = 0
        while true {
            let query = last.map { Product.query(Product.Field.objectId > $0) } ?? Product.query()
            let page = try await client.find(query.order(.ascending(Product.Field.objectId)).limit(pageSize))
            requests += 1
            objects += page.count
            for product in page {
                var after: String?
                while true {
                    var members = product.suppliersQuery()
                    if let after { members = members.where(Supplier.Field.objectId > after) }
                    let found = try await client.find(members.order(.ascending(Supplier.Field.objectId)).keys(Supplier.Field.objectId).limit(pageSize))
                    requests += 1
                    guard found.count == pageSize, let next = found.last?.objectId else { break }
                    after = next
                }
            }
            guard page.count == pageSize, let next = page.last?.objectId else { return (objects, requests) }
            last = next
        }
    }

    /// The store's side, on a new file at `path`.
    static func store(_ client: ParseClient, path: String, options: LocalStore.SyncOptions) async throws -> LocalStore.SyncReport {
        removeDatabase(path)
        let store = try await LocalStore(path: path, schema: .inventory)
        let report = try await store.sync(with: client, options: options)
        try store.close()
        return report
    }

    /// What a child process measured for memory runs: `pull-store URL COUNT PATH PAGESIZE`.
    static func runStoreChild(_ arguments: [String]) async throws {
        guard arguments.count == 4, let url = URL(string: arguments[0]), let count = Int(arguments[1]), let pageSize = Int(arguments[3]) else {
            throw RunError(description: "pull-store URL COUNT PATH PAGESIZE")
        }
        let report = try await store(SyncServer.client(url), path: arguments[2], options: options(pageSize: pageSize, deleteCheck: .never))
        guard report.pulled["Product"] == count else { throw RunError(description: "pulled \(report.pulled), expected \(count)") }
        removeDatabase(arguments[2])
        print("pull-store: \(count) products, \(report.requests) requests; \(procLine("self/status", prefix: "VmHWM") ?? "")")
    }

    /// `pull-rest URL COUNT PAGESIZE`: the same paging by ParseClient, each page dropped once
    /// decoded; `pull-rest-relations …`: with each product's relation read too, one by one.
    static func runRESTChild(_ arguments: [String], relations: Bool) async throws {
        guard arguments.count == 3, let url = URL(string: arguments[0]), let count = Int(arguments[1]), let pageSize = Int(arguments[2]) else {
            throw RunError(description: "pull-rest\(relations ? "-relations" : "") URL COUNT PAGESIZE")
        }
        let client = SyncServer.client(url)
        let (objects, requests) = relations
            ? try await restWithRelations(client, pageSize: pageSize)
            : try await rest(client, pageSize: pageSize) { _ in }
        guard objects == count else { throw RunError(description: "paged \(objects), expected \(count)") }
        print("pull-rest: \(objects) products, \(requests) requests; \(procLine("self/status", prefix: "VmHWM") ?? "")")
    }
}

struct PullResult {
    var store: [Double] = []
    var rest: [Double] = []
    /// The store's sync with the default delete check.
    var storeChecked: [Double] = []
    var storeRequests = 0
    var storeCheckedRequests = 0
    var restRequests = 0
    /// ParseClient paging by the store's cursor (`updatedAt`, `objectId`).
    var cursor: [Double] = []
    /// ParseClient making the store's requests (pages and relation reads), storing nothing.
    var relations: [Double] = []
    var relationsRequests = 0
    var notes: [String] = []
}

/// `runs` pulls of `count` products per side, turn about (which side goes first rotates); run 0
/// warms up and checks that both sides hold the same products.
func benchPull(count: Int, runs: Int, pageSize: Int, work: String, say: (String) -> Void) async throws -> PullResult {
    let server = try await SyncServer.start(products: count, work: work)
    let client = SyncServer.client(server.serverURL)
    let path = work + "/pull-store.sqlite"
    var result = PullResult()
    do {
        for run in 0...runs {
            var times: [String: Double] = [:]
            let sides = ["store", "rest", "checked", "relations", "cursor"]
            for offset in 0..<sides.count {
                let side = sides[(run + offset) % sides.count]
                server.clearRequests()
                switch side {
                case "rest":
                    var kept: [Product] = []
                    kept.reserveCapacity(count)
                    let start = monotonicMs()
                    let (objects, requests) = try await Pull.rest(client, pageSize: pageSize) { kept += $0 }
                    times[side] = monotonicMs() - start
                    let recorded = server.requests
                    guard objects == count, recorded.count == requests else {
                        throw RunError(description: "ParseClient paged \(objects) products in \(requests) requests (the server saw \(recorded.count)), expected \(count)")
                    }
                    result.restRequests = requests
                    if run == 0 {
                        result.notes.append("ParseClient's paging: \(requests) requests (\(SyncServer.summary(recorded)))")
                        try await compare(kept, storeAt: path, count: count, client: client, pageSize: pageSize, notes: &result.notes)
                    }
                case "cursor":
                    let start = monotonicMs()
                    let (objects, requests) = try await Pull.restByCursor(client, pageSize: pageSize)
                    times[side] = monotonicMs() - start
                    guard objects == count, server.requests.count == requests else {
                        throw RunError(description: "ParseClient paged \(objects) products by updatedAt in \(requests) requests (the server saw \(server.requests.count)), expected \(count)")
                    }
                case "relations":
                    let start = monotonicMs()
                    let (objects, requests) = try await Pull.restWithRelations(client, pageSize: pageSize)
                    times[side] = monotonicMs() - start
                    let recorded = server.requests
                    guard objects == count, recorded.count == requests else {
                        throw RunError(description: "ParseClient paged \(objects) products in \(requests) requests with their relations (the server saw \(recorded.count)), expected \(count)")
                    }
                    result.relationsRequests = requests
                    if run == 0 {
                        result.notes.append("ParseClient making the store's requests: \(requests) requests (\(SyncServer.summary(recorded)))")
                    }
                default:
                    let checked = side == "checked"
                    let options = Pull.options(pageSize: pageSize, deleteCheck: checked ? .everySync : .never)
                    let start = monotonicMs()
                    let report = try await Pull.store(client, path: path, options: options)
                    times[side] = monotonicMs() - start
                    let recorded = server.requests
                    guard report.pulled["Product"] == count, report.requests == recorded.count, report.removed.isEmpty else {
                        throw RunError(description: "the store pulled \(report.pulled) in \(report.requests) requests (the server saw \(recorded.count)), removed \(report.removed); expected \(count)")
                    }
                    if checked { result.storeCheckedRequests = report.requests } else { result.storeRequests = report.requests }
                    if run == 0 {
                        result.notes.append("the store's sync\(checked ? " with the delete check" : ""): `report.requests` \(report.requests), the server saw \(recorded.count) (\(SyncServer.summary(recorded)))")
                    }
                }
            }
            removeDatabase(path)
            if run > 0 {
                result.store.append(times["store"] ?? .nan)
                result.rest.append(times["rest"] ?? .nan)
                result.storeChecked.append(times["checked"] ?? .nan)
                result.relations.append(times["relations"] ?? .nan)
                result.cursor.append(times["cursor"] ?? .nan)
                say("  pull run \(run)/\(runs): store \(format(ms: times["store"] ?? .nan)), with delete check \(format(ms: times["checked"] ?? .nan)), "
                    + "ParseClient \(format(ms: times["rest"] ?? .nan)), by updatedAt \(format(ms: times["cursor"] ?? .nan)), "
                    + "with the relation reads \(format(ms: times["relations"] ?? .nan))")
            }
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
    return result
}

/// Pulls once more into the file at `path` and compares every product the store holds with
/// ParseClient's, field by field.
private func compare(_ paged: [Product], storeAt path: String, count: Int, client: ParseClient, pageSize: Int, notes: inout [String]) async throws {
    _ = try await Pull.store(client, path: path, options: Pull.options(pageSize: pageSize, deleteCheck: .never))
    let store = try await LocalStore(path: path, schema: .inventory)
    let held = try await store.find(Product.query().order(.ascending(Product.Field.objectId)).limit(count + 1))
    try store.close()
    removeDatabase(path)
    let sorted = paged.sorted { ($0.objectId ?? "") < ($1.objectId ?? "") }
    guard held.count == count, sorted.count == count else {
        throw RunError(description: "the store holds \(held.count) products, ParseClient paged \(sorted.count), expected \(count)")
    }
    for (product, fetched) in zip(held, sorted) {
        let same = product.objectId == fetched.objectId && product.createdAt == fetched.createdAt && product.updatedAt == fetched.updatedAt
            && product.sku == fetched.sku && product.name == fetched.name && product.price == fetched.price
            && product.quantity == fetched.quantity && product.unit == fetched.unit && product.active == fetched.active
            && product.category?.objectId == fetched.category?.objectId && product.tags == fetched.tags
            && product.dimensions == fetched.dimensions && product.releasedAt == fetched.releasedAt
        guard same else { throw RunError(description: "the store and ParseClient hold different products: \(product) and \(fetched)") }
    }
    notes.append("both sides hold the same \(count) products, fields compared equal (the store's read back with `find`)")
}

// MARK: - Push

/// The pushes: which ids creates get and what the updates do.
enum PushCase: String, CaseIterable {
    /// `.custom` ids; updates that set two values: everything goes in batches.
    case customSet
    /// `.server` ids (each create alone, its id replaced in the store); updates that set values.
    case serverSet
    /// `.custom` ids; updates that Increment, each alone with its request id.
    case customIncrement

    var customIds: Bool { self != .serverSet }
    var increments: Bool { self == .customIncrement }

    var label: String {
        switch self {
        case .customSet: "objectIds `.custom`, updates that set `price` and `name`"
        case .serverSet: "objectIds `.server`, updates that set `price` and `name`"
        case .customIncrement: "objectIds `.custom`, updates that Increment `quantity`"
        }
    }

    /// Requests the push needs for `creates` creates and as many updates in batches of `batch`.
    func expectedRequests(creates: Int, batch: Int) -> Int {
        let batches = (creates + batch - 1) / batch
        switch self {
        case .customSet: return 2 * batches
        case .serverSet, .customIncrement: return creates + batches
        }
    }
}

struct PushResult {
    var store: [Double] = []
    var client: [Double] = []
    var storeRequests = 0
    var serverRequests = 0
    var clientRequests = 0
    var notes: [String] = []
}

/// For each case, `runs` pushes of `creates` creates then as many updates (one per created
/// object) per side, turn about, each side against a new server; run 0 warms up and checks.
func benchPush(creates: Int, runs: Int, batchSize: Int, work: String, say: (String) -> Void) async throws -> [PushCase: PushResult] {
    let values = Catalog.products(0..<creates)
    var results: [PushCase: PushResult] = [:]
    for kind in PushCase.allCases {
        var result = PushResult()
        for run in 0...runs {
            var storeMs = 0.0, clientMs = 0.0
            for side in (run % 2 == 0 ? ["store", "client"] : ["client", "store"]) {
                // Idempotency on, as a deployment that takes the store's request ids should have it.
                let server = try await SyncServer.start(products: 0, work: work, idempotency: true)
                do {
                    if side == "store" {
                        let (elapsed, report) = try await pushStore(kind, values: values, server: server, batchSize: batchSize, work: work)
                        storeMs = elapsed
                        let recorded = server.requests
                        result.storeRequests = report.requests
                        result.serverRequests = recorded.count
                        if run == 0 {
                            result.notes.append("the store: `report.requests` \(report.requests), the server saw \(recorded.count) (\(SyncServer.summary(recorded)))")
                        }
                    } else {
                        let (elapsed, requests) = try await pushClient(kind, values: values, server: server, batchSize: batchSize)
                        clientMs = elapsed
                        result.clientRequests = requests
                        if run == 0 {
                            result.notes.append("ParseClient: \(requests) requests (\(SyncServer.summary(server.requests)))")
                        }
                    }
                    try checkServer(server, kind: kind, values: values, side: side)
                } catch {
                    await server.stop()
                    throw error
                }
                await server.stop()
            }
            if run > 0 {
                result.store.append(storeMs)
                result.client.append(clientMs)
                say("  push \(kind.rawValue) run \(run)/\(runs): store \(format(ms: storeMs)), ParseClient \(format(ms: clientMs))")
            }
        }
        results[kind] = result
    }
    return results
}

/// The updated product's new price and name: both sides send these.
private func updatedPrice(_ values: ProductValues) -> Double { values.price + 1 }
private func updatedName(_ values: ProductValues) -> String { values.name + " (updated)" }

/// The store's side: a new file, the creates saved in one call and each object updated (not
/// timed), then one timed `sync(with:)` that pushes and pulls no class.
func pushStore(
    _ kind: PushCase, values: [ProductValues], server: ParseTestServer, batchSize: Int, work: String
) async throws -> (Double, LocalStore.SyncReport) {
    let path = work + "/push-store.sqlite"
    removeDatabase(path)
    let store = try await LocalStore(path: path, schema: .inventory)
    let saved = try await store.save(values.map(Catalog.storeProduct))
    for (product, value) in zip(saved, values) {
        let update = kind.increments
            ? ParseUpdate(product).increment(Product.Field.quantity, by: 1)
            : ParseUpdate(product).set(Product.Field.price, to: updatedPrice(value)).set(Product.Field.name, to: updatedName(value))
        _ = try await store.update(update)
    }
    let pending = try await store.pendingChanges()
    guard pending == 2 * values.count else { throw RunError(description: "the store has \(pending) pending changes, expected \(2 * values.count)") }
    let client = SyncServer.client(server.serverURL)
    server.clearRequests()
    let start = monotonicMs()
    let report = try await store.sync(with: client, options: LocalStore.SyncOptions(
        classes: [], objectIds: kind.customIds ? .custom : .server, deleteCheck: .never, batchSize: batchSize))
    let elapsed = monotonicMs() - start
    let left = try await store.pendingChanges()
    try store.close()
    removeDatabase(path)
    guard report.pushed == 2 * values.count, left == 0, report.parked.isEmpty, report.requests == server.requests.count else {
        throw RunError(description: "the store pushed \(report.pushed) in \(report.requests) requests (the server saw \(server.requests.count)), \(left) left, parked \(report.parked.count)")
    }
    return (elapsed, report)
}

/// ParseClient's side, the same requests by hand: creates in batches of `batchSize` (with the
/// objectIds for `.custom`), or one `create` each for `.server`; the set updates in batches,
/// the Increments one `update` each.
private func pushClient(_ kind: PushCase, values: [ProductValues], server: ParseTestServer, batchSize: Int) async throws -> (Double, Int) {
    let client = SyncServer.client(server.serverURL, customIds: kind.customIds)
    let products = values.map { value in
        var product = Catalog.storeProduct(value)
        if kind.customIds { product.objectId = RecordIds.make() }
        return product
    }
    server.clearRequests()
    var requests = 0
    let start = monotonicMs()
    var ids: [String] = []
    ids.reserveCapacity(products.count)
    if kind.customIds {
        for start in stride(from: 0, to: products.count, by: batchSize) {
            let results = try await client.createAll(Array(products[start..<min(start + batchSize, products.count)]))
            requests += 1
            for result in results { ids.append(try result.get().objectId ?? "") }
        }
    } else {
        for product in products {
            ids.append(try await client.create(product).objectId ?? "")
            requests += 1
        }
    }
    if kind.increments {
        for id in ids {
            _ = try await client.update(ParseUpdate<Product>(objectId: id).increment(Product.Field.quantity, by: 1))
            requests += 1
        }
    } else {
        for start in stride(from: 0, to: ids.count, by: batchSize) {
            var batch = ParseBatch()
            for index in start..<min(start + batchSize, ids.count) {
                _ = batch.update(ParseUpdate<Product>(objectId: ids[index])
                    .set(Product.Field.price, to: updatedPrice(values[index])).set(Product.Field.name, to: updatedName(values[index])))
            }
            let response = try await client.send(batch)
            requests += 1
            guard response.allSucceeded else { throw RunError(description: "ParseClient's update batch failed: \(response.errors)") }
        }
    }
    let elapsed = monotonicMs() - start
    guard requests == server.requests.count else { throw RunError(description: "ParseClient made \(requests) requests, the server saw \(server.requests.count)") }
    return (elapsed, requests)
}

/// The server holds the products each side pushed, updated.
private func checkServer(_ server: ParseTestServer, kind: PushCase, values: [ProductValues], side: String) throws {
    let stored = server.storedObjects("Product")
    let bySku = Dictionary(stored.map { ($0["sku"]?.stringValue ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    guard stored.count == values.count, bySku.count == values.count else {
        throw RunError(description: "\(side): the server holds \(stored.count) products, expected \(values.count)")
    }
    for value in values {
        guard let object = bySku[value.sku] else { throw RunError(description: "\(side): \(value.sku) is missing on the server") }
        let ok = kind.increments
            ? object["quantity"]?.doubleValue == Double(value.quantity + 1) && object["price"]?.doubleValue == value.price
            : object["price"]?.doubleValue == updatedPrice(value) && object["name"]?.stringValue == updatedName(value)
                && object["quantity"]?.doubleValue == Double(value.quantity)
        guard ok else { throw RunError(description: "\(side): \(value.sku) on the server is \(object)") }
    }
}

// MARK: - The sync part of the report

extension Harness {
    func benchSync(runner: String, rows: inout [Row], notes: inout [String]) async throws {
        let count = options.syncObjects, pageSize = options.syncPageSize

        // The pull, side by side.
        say("sync pull: \(count) products, pages of \(pageSize), \(options.syncRuns) runs per side")
        let pull = try await benchPull(count: count, runs: options.syncRuns, pageSize: pageSize, work: work, say: say)
        let ratio = median(pull.store) / median(pull.rest)
        rows.append(Row(name: "pull \(count.formatted()) products from ParseTestServer over loopback into an empty store: `sync(with:)` (classes [Product], `deleteCheck: .never`) · ParseClient `find` pages by objectId",
                        store: "\(format(ms: median(pull.store))) (\(pull.storeRequests.formatted()) requests)",
                        baseline: "\(format(ms: median(pull.rest))) (\(pull.restRequests) requests)", ratio: format(ratio: ratio),
                        target: "within 2× of ParseClient's paging", met: ratio <= 2 ? "met" : "not met"))
        let checkedRatio = median(pull.storeChecked) / median(pull.rest)
        rows.append(Row(name: "the same pull with the default delete check (`.everySync`: every id read again)",
                        store: "\(format(ms: median(pull.storeChecked))) (\(pull.storeCheckedRequests.formatted()) requests)",
                        baseline: "\(format(ms: median(pull.rest))) (\(pull.restRequests) requests)", ratio: format(ratio: checkedRatio),
                        target: "within 2× of ParseClient's paging", met: checkedRatio <= 2 ? "met" : "not met"))
        let relationsRatio = median(pull.store) / median(pull.relations)
        rows.append(Row(name: "the first pull against ParseClient reading the pages and every product's relation members one request each (`suppliersQuery()`, ids only: what the store did before it asked which products hold any), storing nothing",
                        store: "\(format(ms: median(pull.store))) (\(pull.storeRequests.formatted()) requests)",
                        baseline: "\(format(ms: median(pull.relations))) (\(pull.relationsRequests.formatted()) requests)", ratio: format(ratio: relationsRatio),
                        target: "reported", met: ""))
        notes.append("Pull: \(pull.notes.joined(separator: "; ")). ParseClient paging as the store pages (by `updatedAt`, then `objectId`, "
            + "\(pull.restRequests) requests): \(format(ms: median(pull.cursor))), \(format(ratio: median(pull.cursor) / median(pull.rest))) its paging by objectId. The median of each run's own ratio of the store to the paging by objectId: \(format(ratio: median(zip(pull.store, pull.rest).map { $0 / $1 }))). "
            + "Runs: store \(pull.store.map { format(ms: $0) }.joined(separator: ", ")); with the delete check \(pull.storeChecked.map { format(ms: $0) }.joined(separator: ", ")); "
            + "ParseClient \(pull.rest.map { format(ms: $0) }.joined(separator: ", ")); by updatedAt \(pull.cursor.map { format(ms: $0) }.joined(separator: ", ")); "
            + "with the relation reads \(pull.relations.map { format(ms: $0) }.joined(separator: ", ")).")

        // The pull's memory: a new process per pull, the server in this process.
        let sizes = options.syncMemorySizes.sorted()
        say("sync memory: sizes \(sizes), \(options.syncMemoryRuns) processes per side and size")
        var peaks: [String: [Int]] = [:]
        var walls: [String: [Double]] = [:]
        let log = work + "/memory.log"
        var idle: [Int] = []
        for n in sizes {
            let server = try await SyncServer.start(products: n, work: work)
            do {
                for run in 0..<options.syncMemoryRuns {
                    if n == sizes[0] { idle.append(try measure([executable, "idle"], runner: runner, log: log).peakRSSKB) }
                    let sides = ["store", "rest", "relations"]
                    for offset in 0..<sides.count {
                        let side = sides[(run + offset) % sides.count]
                        let url = server.serverURL.absoluteString
                        let arguments = switch side {
                        case "store": [executable, "pull-store", url, String(n), work + "/pull-child.sqlite", String(pageSize)]
                        case "rest": [executable, "pull-rest", url, String(n), String(pageSize)]
                        default: [executable, "pull-rest-relations", url, String(n), String(pageSize)]
                        }
                        let m = try await measureAside(arguments, runner: runner, log: log)
                        peaks["\(side) \(n)", default: []].append(m.peakRSSKB)
                        walls["\(side) \(n)", default: []].append(m.wallMs)
                        say("  sync memory run \(run + 1), \(side), N=\(n): \(format(kb: m.peakRSSKB)), \(format(ms: m.wallMs))")
                    }
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
        func peak(_ side: String, _ n: Int) -> Int {
            Int(median((peaks["\(side) \(n)"] ?? []).map(Double.init)))
        }
        let smallest = sizes.first ?? 0, largest = sizes.last ?? 0
        for n in sizes {
            let store = peak("store", n), rest = peak("rest", n), relations = peak("relations", n)
            let last = n == largest && largest != smallest
            let growth = Double(peak("store", largest)) / Double(peak("store", smallest))
            rows.append(Row(name: "peak memory of a process that pulls \(n.formatted()) products into an empty store (ParseClient: the same pages, each dropped once decoded)",
                            store: format(kb: store), baseline: format(kb: rest), ratio: format(ratio: Double(store) / Double(rest)),
                            target: last ? "flat in N: within 10% of N=\(smallest.formatted())" : "flat in N",
                            met: last ? (growth <= 1.10 ? "met (\(format(ratio: growth)))" : "not met (\(format(ratio: growth)))") : ""))
            rows.append(Row(name: "· against ParseClient making the same \(n.formatted()) pages and relation reads (storing nothing)",
                            store: format(kb: store), baseline: format(kb: relations), ratio: format(ratio: Double(store) / Double(relations)),
                            target: "reported", met: ""))
        }
        let idlePeak = Int(median(idle.map(Double.init)))
        notes.append("Pull memory: peak resident memory (`ru_maxrss` under `bench-run`) of a new `store-bench pull-store` (a new store file, one `sync(with:)` "
            + "as above, `deleteCheck: .never`), `pull-rest` (ParseClient's paging, pages dropped) or `pull-rest-relations` (the same with each product's "
            + "relation read one by one) process; the server runs in the harness, so the child holds only the client and the store; median of "
            + "\(options.syncMemoryRuns). The same executable doing nothing: \(format(kb: idlePeak)); above it at N=\(largest.formatted()): the store "
            + "\(format(kb: peak("store", largest) - idlePeak)), ParseClient \(format(kb: peak("rest", largest) - idlePeak)), with the relation reads "
            + "\(format(kb: peak("relations", largest) - idlePeak)). Wall time of the children: " + sizes.map { n in
                "N=\(n.formatted()): store \(format(ms: median(walls["store \(n)"] ?? []))), ParseClient \(format(ms: median(walls["rest \(n)"] ?? []))), "
                    + "with the relation reads \(format(ms: median(walls["relations \(n)"] ?? [])))"
            }.joined(separator: "; ") + ".")

        // The push.
        let creates = options.pushCreates, batch = options.pushBatchSize
        say("sync push: \(creates) creates and \(creates) updates, batches of \(batch), \(options.pushRuns) runs per side and case")
        let push = try await benchPush(creates: creates, runs: options.pushRuns, batchSize: batch, work: work, say: say)
        for kind in PushCase.allCases {
            guard let result = push[kind] else { continue }
            let expected = kind.expectedRequests(creates: creates, batch: batch)
            let ratio = median(result.store) / median(result.client)
            let why = switch kind {
            case .customSet: "\((2 * creates).formatted())/\(batch) batches"
            case .serverSet: "each create alone, updates in batches"
            case .customIncrement: "creates in batches, each Increment alone"
            }
            rows.append(Row(name: "push \((2 * creates).formatted()) pending changes (\(creates) creates, then \(creates) updates, one per object): \(kind.label)",
                            store: "\(format(ms: median(result.store))) (\(result.storeRequests) requests)",
                            baseline: "\(format(ms: median(result.client))) (\(result.clientRequests) requests)", ratio: format(ratio: ratio),
                            target: "\(expected) requests (\(why))",
                            met: result.storeRequests == expected && result.serverRequests == expected ? "met (\(result.storeRequests))" : "not met (\(result.storeRequests); the server saw \(result.serverRequests))"))
            notes.append("Push, \(kind.label): \(result.notes.joined(separator: "; ")). The median of each run's own ratio: \(format(ratio: median(zip(result.store, result.client).map { $0 / $1 }))). "
                + "Runs: store \(result.store.map { format(ms: $0) }.joined(separator: ", ")); ParseClient \(result.client.map { format(ms: $0) }.joined(separator: ", ")).")
        }
    }
}
