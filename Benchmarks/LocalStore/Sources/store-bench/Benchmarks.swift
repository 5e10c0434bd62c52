// The four benchmarks. Store and GRDB run in the same process on the same kind of file, turn
// about run by run (which side goes first alternates), and each figure is a median of runs.
import Foundation
import GRDB
import InventoryModels
import ParseLocalStore
import ParseRuntime

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// GRDB's configuration for the hand-written side: the store's own (no foreign keys: pointers
/// may name objects the device does not hold), so both do the same work per row.
func grdbConfiguration() -> Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    return configuration
}

/// A new store file at `path` with the categories saved: what both sides of the save start from.
func makeEmptyStore(_ path: String, changes: LocalStore.Changes = .recorded) async throws -> LocalStore {
    removeDatabase(path)
    let store = try await LocalStore(path: path, schema: .inventory, changes: changes)
    _ = try await store.save(Catalog.categories())
    return store
}

/// A store file of `rows` products, saved by the store in batches of 10,000 (one call each).
func makeStoreFile(_ path: String, rows: Int, say: (String) -> Void) async throws {
    let store = try await makeEmptyStore(path)
    var start = 0
    let began = monotonicMs()
    while start < rows {
        let end = min(start + 10_000, rows)
        _ = try await store.save(Catalog.products(start..<end).map(Catalog.storeProduct))
        start = end
        if start % 100_000 == 0 { say("  \(start) rows, \(Int((monotonicMs() - began) / 1000)) s") }
    }
    try store.close()
}

// MARK: - Bulk save

struct PairResult {
    var store: [Double] = []
    var grdb: [Double] = []
    /// The save benchmark only: the GRDB loop that also records each create as the store does,
    /// and the store opened with `changes: .notRecorded`.
    var grdbRecording: [Double] = []
    var storeNotRecording: [Double] = []
    var notes: [String] = []
}

/// `LocalStore.save(_: [Product])` of `count` new products against a GRDB insert loop of the
/// same rows in one transaction; both into a new file holding the categories, every run.
func benchSave(count: Int, runs: Int, work: String, say: (String) -> Void) async throws -> PairResult {
    let values = Catalog.products(0..<count)
    let products = values.map(Catalog.storeProduct)
    let records = values.map(Catalog.record)
    var result = PairResult()
    for run in 0...runs {   // run 0 warms up and checks; it is not counted
        let storePath = work + "/save-store.sqlite"
        let grdbPath = work + "/save-grdb.sqlite"
        let store = try await makeEmptyStore(storePath)
        try await makeEmptyStore(grdbPath).close()
        let pool = try DatabasePool(path: grdbPath, configuration: grdbConfiguration())
        let recordingPath = work + "/save-grdb-recording.sqlite"
        try await makeEmptyStore(recordingPath).close()
        let recordingPool = try DatabasePool(path: recordingPath, configuration: grdbConfiguration())

        func timeStore() async throws -> Double {
            let start = monotonicMs()
            let saved = try await store.save(products)
            let elapsed = monotonicMs() - start
            guard saved.count == count, saved.allSatisfy({ $0.objectId != nil }) else { throw RunError(description: "store save returned \(saved.count)") }
            return elapsed
        }
        /// The loop; `recording`: each create also written to the change table the store keeps
        /// for sync (the record as JSON text, a request id), as an offline-first app must.
        func timeGRDB(recording: Bool) async throws -> Double {
            let start = monotonicMs()
            let saved = try await (recording ? recordingPool : pool).write { db -> [ProductRecord] in
                var saved: [ProductRecord] = []
                saved.reserveCapacity(records.count)
                let encoder = JSONEncoder()
                for var record in records {
                    let now = Date()
                    record.objectId = RecordIds.make()
                    record.createdAt = now
                    record.updatedAt = now
                    try record.insert(db)
                    if recording {
                        try db.execute(sql: """
                            INSERT INTO "_LocalStore:changes" ("kind", "className", "objectId", "body", "requestId") VALUES ('create', 'Product', ?, ?, ?)
                            """, arguments: [record.objectId, String(decoding: try encoder.encode(record), as: UTF8.self), UUID().uuidString.lowercased()])
                    }
                    saved.append(record)
                }
                return saved
            }
            let elapsed = monotonicMs() - start
            guard saved.count == count else { throw RunError(description: "GRDB insert returned \(saved.count)") }
            return elapsed
        }

        let storeFirst = run % 2 == 0
        var storeMs = 0.0, grdbMs = 0.0
        if storeFirst {
            storeMs = try await timeStore()
            grdbMs = try await timeGRDB(recording: false)
        } else {
            grdbMs = try await timeGRDB(recording: false)
            storeMs = try await timeStore()
        }
        let recordingMs = try await timeGRDB(recording: true)
        let localOnlyPath = work + "/save-store-not-recording.sqlite"
        let localOnly = try await makeEmptyStore(localOnlyPath, changes: .notRecorded)
        let localOnlyStart = monotonicMs()
        _ = try await localOnly.save(products)
        let localOnlyMs = monotonicMs() - localOnlyStart
        try localOnly.close()
        removeDatabase(localOnlyPath)
        try store.close()
        try pool.close()
        try recordingPool.close()
        removeDatabase(recordingPath)
        if run == 0 {
            result.notes.append(try compareSavedRows(storePath, grdbPath, count: count))
        } else {
            result.store.append(storeMs)
            result.grdb.append(grdbMs)
            result.grdbRecording.append(recordingMs)
            result.storeNotRecording.append(localOnlyMs)
            say("  save run \(run)/\(runs): store \(format(ms: storeMs)), GRDB \(format(ms: grdbMs)), GRDB recording changes \(format(ms: recordingMs)), store not recording \(format(ms: localOnlyMs))")
        }
        removeDatabase(storePath)
        removeDatabase(grdbPath)
    }
    return result
}

/// Both files' Product rows, compared column by column (ids and timestamps by their form).
func compareSavedRows(_ storePath: String, _ grdbPath: String, count: Int) throws -> String {
    let sql = """
        SELECT sku, name, price, quantity, unit, active, category, tags, releasedAt, photo, ACL,
               json_extract(dimensions, '$.width'), json_extract(dimensions, '$.height'), json_extract(dimensions, '$.depth'),
               (SELECT group_concat(key) FROM json_each(dimensions)),
               length(objectId), createdAt GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z',
               createdAt = updatedAt
        FROM Product ORDER BY sku
        """
    func rows(_ path: String) throws -> [[DatabaseValue]] {
        let queue = try DatabaseQueue(path: path, configuration: grdbConfiguration())
        defer { try? queue.close() }
        return try queue.read { db in try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) } }
    }
    let storeRows = try rows(storePath)
    let grdbRows = try rows(grdbPath)
    guard storeRows.count == count, grdbRows.count == count else {
        throw RunError(description: "saved rows: store \(storeRows.count), GRDB \(grdbRows.count), expected \(count)")
    }
    let differing = zip(storeRows, grdbRows).filter { $0 != $1 }
    guard differing.isEmpty else {
        throw RunError(description: "the two sides saved different rows, first: store \(differing[0].0), GRDB \(differing[0].1)")
    }
    let sample = storeRows[0].map { $0.description }.joined(separator: ", ")
    return "the \(count) rows of both sides are equal, column by column (ids 10 characters, timestamps ISO 8601 with milliseconds; "
        + "`dimensions` equal as JSON: the store writes a whole double as `80.0`, JSONEncoder as `80`); first row: \(sample)"
}

// MARK: - Indexed find

/// The find of the issue, on category `index`.
func storeQuery(category index: Int, below price: Double) -> ParseQuery<Product> {
    Product.query(Product.Field.category == Catalog.categoryPointer(Catalog.categoryId(index)), Product.Field.price < price)
        .order(.ascending(Product.Field.price))
        .limit(100)
}

func grdbRequest(category index: Int, below price: Double) -> QueryInterfaceRequest<ProductRecord> {
    ProductRecord.filter(Column("category") == Catalog.categoryId(index) && Column("price") < price)
        .order(Column("price"))
        .limit(100)
}

/// `queries` finds over distinct categories per run, each side's total divided by `queries`.
func benchFind(path: String, queries: Int, runs: Int, price: Double, say: (String) -> Void) async throws -> PairResult {
    let store = try await LocalStore(path: path, schema: .inventory)
    let pool = try DatabasePool(path: path, configuration: grdbConfiguration())
    defer {
        try? store.close()
        try? pool.close()
    }
    var result = PairResult()
    // Both sides find the same products, in the same order, decoded alike.
    var returned = 0
    for index in 0..<queries {
        let found = try await store.find(storeQuery(category: index, below: price))
        let fetched = try await pool.read { db in try grdbRequest(category: index, below: price).fetchAll(db) }
        let same = found.count == fetched.count && zip(found, fetched).allSatisfy { product, record in
            product.objectId == record.objectId && product.createdAt == record.createdAt && product.updatedAt == record.updatedAt
                && product.sku == record.sku && product.name == record.name && product.price == record.price
                && product.quantity == record.quantity && product.unit == record.unit && product.active == record.active
                && product.category?.objectId == record.category && product.tags == record.tags
                && product.dimensions == record.dimensions && product.releasedAt == record.releasedAt
        }
        guard same else {
            throw RunError(description: "store and GRDB found different products for category \(index)")
        }
        returned += found.count
    }
    let plan = try await pool.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + grdbRequest(category: 0, below: price).makePreparedRequest(db).statement.sql,
                         arguments: [Catalog.categoryId(0), price]).map { $0["detail"] as String? ?? "" }
    }
    result.notes.append("each query returns \(returned / queries) products on average (limit 100); both sides return the same objects in the same order, and fields compared equal; GRDB's plan: \(plan.joined(separator: "; "))")

    func timeStore() async throws -> Double {
        let start = monotonicMs()
        for index in 0..<queries { _ = try await store.find(storeQuery(category: index, below: price)) }
        return (monotonicMs() - start) / Double(queries)
    }
    func timeGRDB() async throws -> Double {
        let start = monotonicMs()
        for index in 0..<queries {
            _ = try await pool.read { db in try grdbRequest(category: index, below: price).fetchAll(db) }
        }
        return (monotonicMs() - start) / Double(queries)
    }
    for run in 0...runs {   // run 0 warms up
        var storeMs = 0.0, grdbMs = 0.0
        if run % 2 == 0 {
            storeMs = try await timeStore()
            grdbMs = try await timeGRDB()
        } else {
            grdbMs = try await timeGRDB()
            storeMs = try await timeStore()
        }
        if run > 0 {
            result.store.append(storeMs)
            result.grdb.append(grdbMs)
        }
    }
    say("  find: store \(result.store.map { format(ms: $0) }.joined(separator: " ")); GRDB \(result.grdb.map { format(ms: $0) }.joined(separator: " "))")
    return result
}

/// What a child process measured for memory runs: open the file, run the limited find once, exit.
enum QueryProcess {
    static let price = 500.0

    static func runStore(_ path: String) async throws {
        let store = try await LocalStore(path: path, schema: .inventory)
        let found = try await store.find(storeQuery(category: 0, below: price))
        try store.close()
        print("store: \(found.count) products; \(procLine("self/status", prefix: "VmHWM") ?? "")")
    }

    static func runGRDB(_ path: String) async throws {
        let pool = try DatabasePool(path: path, configuration: grdbConfiguration())
        let fetched = try await pool.read { db in try grdbRequest(category: 0, below: price).fetchAll(db) }
        try pool.close()
        print("grdb: \(fetched.count) products; \(procLine("self/status", prefix: "VmHWM") ?? "")")
    }
}

// MARK: - Formatting

func format(ms: Double) -> String {
    if ms >= 10_000 { return String(format: "%.1f s", ms / 1000) }
    if ms >= 1000 { return String(format: "%.2f s", ms / 1000) }
    if ms >= 100 { return String(format: "%.0f ms", ms) }
    if ms >= 10 { return String(format: "%.1f ms", ms) }
    if ms >= 1 { return String(format: "%.2f ms", ms) }
    return String(format: "%.0f µs", ms * 1000)
}

/// A difference of times with its sign: `+1.20 s`, `-16.0 s` (on a busy machine the variant
/// that does more can take less wall time).
func signed(ms: Double) -> String {
    ms < 0 ? "-" + format(ms: -ms) : "+" + format(ms: ms)
}

func format(kb: Int) -> String {
    kb >= 1_048_576 ? String(format: "%.2f GB", Double(kb) / 1_048_576) : String(format: "%.1f MB", Double(kb) / 1024)
}

func format(ratio: Double) -> String {
    ratio >= 10 ? String(format: "%.0f×", ratio) : String(format: "%.2f×", ratio)
}

// MARK: - Profiling

/// `store-bench profile save|find|save-grdb|find-grdb|pull|pull-rest|push-custom|push-server|push-increment
/// SECONDS`: one side of one benchmark in a loop, for `perf record`; prints the time of each round
/// (for a push, of its `sync(with:)` alone).
func profile(_ what: String, seconds: Double, work: String) async throws {
    let deadline = monotonicMs() + seconds * 1000
    switch what {
    case "save", "save-grdb":
        let values = Catalog.products(0..<10_000)
        let products = values.map(Catalog.storeProduct)
        let records = values.map(Catalog.record)
        while monotonicMs() < deadline {
            let path = work + "/profile-save.sqlite"
            let store = try await makeEmptyStore(path)
            let start = monotonicMs()
            if what == "save" {
                _ = try await store.save(products)
                try store.close()
            } else {
                try store.close()
                let pool = try DatabasePool(path: path, configuration: grdbConfiguration())
                try await pool.write { db in
                    for var record in records {
                        let now = Date()
                        record.objectId = RecordIds.make()
                        record.createdAt = now
                        record.updatedAt = now
                        try record.insert(db)
                    }
                }
                try pool.close()
            }
            print("\(what): \(format(ms: monotonicMs() - start))")
            removeDatabase(path)
        }
    case "find", "find-grdb":
        let path = work + "/profile-find.sqlite"
        if !FileManager.default.fileExists(atPath: path) {
            try await makeStoreFile(path, rows: 100_000, say: { print($0) })
        }
        let store = try await LocalStore(path: path, schema: .inventory)
        let pool = try DatabasePool(path: path, configuration: grdbConfiguration())
        while monotonicMs() < deadline {
            let start = monotonicMs()
            for index in 0..<Catalog.categoryCount {
                if what == "find" {
                    _ = try await store.find(storeQuery(category: index, below: QueryProcess.price))
                } else {
                    _ = try await pool.read { db in try grdbRequest(category: index, below: QueryProcess.price).fetchAll(db) }
                }
            }
            print("\(what): \(format(ms: (monotonicMs() - start) / Double(Catalog.categoryCount))) a query")
        }
        try store.close()
        try pool.close()
    case "pull", "pull-rest":
        // The server in this process, so its share shows in the same profile.
        let server = try await SyncServer.start(products: 10_000, work: work)
        let client = SyncServer.client(server.serverURL)
        let deadline = monotonicMs() + seconds * 1000   // after the server's setup
        while monotonicMs() < deadline {
            let start = monotonicMs()
            if what == "pull" {
                _ = try await Pull.store(client, path: work + "/profile-pull.sqlite", options: Pull.options(pageSize: 1000, deleteCheck: .never))
            } else {
                _ = try await Pull.rest(client, pageSize: 1000) { _ in }
            }
            print("\(what): \(format(ms: monotonicMs() - start))")
        }
        removeDatabase(work + "/profile-pull.sqlite")
        await server.stop()
    case "push-custom", "push-server", "push-increment":
        let kind: PushCase = what == "push-custom" ? .customSet : what == "push-server" ? .serverSet : .customIncrement
        let values = Catalog.products(0..<500)
        while monotonicMs() < deadline {
            let server = try await SyncServer.start(products: 0, work: work, idempotency: true)
            let (elapsed, report) = try await pushStore(kind, values: values, server: server, batchSize: 50, work: work)
            await server.stop()
            print("\(what): \(format(ms: elapsed)), \(report.requests) requests")
        }
    default:
        throw RunError(description: "profile save|find|save-grdb|find-grdb|pull|pull-rest|push-custom|push-server|push-increment SECONDS")
    }
}
