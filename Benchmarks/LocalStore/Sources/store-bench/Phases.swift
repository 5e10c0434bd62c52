// `store-bench phases`: the store's work split into its phases, each redone and timed here
// through ParseRuntime's public API (the store's own types are internal), to say where the time
// of a save and of a find goes. A profiling aid beside `perf`; the benchmarks do not use it.
import Foundation
import GRDB
import InventoryModels
import ParseLocalStore
import ParseRuntime

func phases(work: String) async throws {
    func timed<T>(_ label: String, per: Double = 1, unit: String = "", _ body: () throws -> T) rethrows -> T {
        var best = Double.infinity
        var value: T? = nil
        for _ in 0..<5 {
            let start = monotonicMs()
            value = try body()
            best = min(best, monotonicMs() - start)
        }
        print("  \(label): \(format(ms: best / per))\(unit) (best of 5)")
        return value!
    }

    // The save of 10,000 new products.
    let count = 10_000
    let products = Catalog.products(0..<count).map(Catalog.storeProduct)
    print("save of \(count) new products, phase by phase:")
    let path = work + "/phases-save.sqlite"
    var rounds: [Double] = []
    for _ in 0..<3 {
        let store = try await makeEmptyStore(path)
        let start = monotonicMs()
        _ = try await store.save(products)
        rounds.append(monotonicMs() - start)
        try store.close()
        removeDatabase(path)
    }
    print("  LocalStore.save, whole: \(format(ms: rounds.min() ?? 0)) (best of 3)")
    let saveEncoder = ParseEncoder()
    let snapshotEncoder = ParseEncoder(nestedObjects: .includedObject)
    _ = try timed("before the transaction: save body, ParseEncoder (WireJSON.saveFields)") {
        try products.map { try saveEncoder.encodeJSONValue($0, skipKeys: .customObjectId) }
    }
    let snapshots = try timed("before the transaction: snapshot, ParseEncoder with included objects (WireJSON.snapshot)") {
        try products.map { product -> [String: JSONValue] in
            guard case .object(let members) = try snapshotEncoder.encodeJSONValue(product, skipKeys: .none) else { return [:] }
            return members
        }
    }
    let columns = ["objectId", "createdAt", "updatedAt", "active", "category", "dimensions", "name", "price", "quantity",
                   "releasedAt", "sku", "tags", "unit"]
    _ = timed("in the transaction: the INSERT's text rebuilt for each object (SQL.identifier: replacingOccurrences, per column)") {
        products.indices.map { _ in
            "INSERT INTO \"Product\" (" + columns.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ", ")
                + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        }
    }
    _ = timed("in the transaction: the same text made without replacingOccurrences (quoted names kept)") {
        let quoted = columns.map { "\"" + $0 + "\"" }
        return products.indices.map { _ in
            "INSERT INTO \"Product\" (" + quoted.joined(separator: ", ") + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        }
    }
    let merged = snapshots.map { base in
        base.merging(["objectId": .string(RecordIds.make()), "createdAt": .string(ISOMillis.string(Date())),
                      "updatedAt": .string(ISOMillis.string(Date()))]) { _, new in new }
    }
    _ = try timed("after the transaction: results, snapshot merged with the answer decoded from the tree (ParseDecoder.decode(_:from: JSONValue))") {
        try merged.map { try ParseDecoder().decode(Product.self, from: JSONValue.object($0)) }
    }
    _ = try timed("for scale, the path before the tree decoder: results as JSON text (JSONValue.serialized)") {
        try merged.map { try JSONValue.object($0).serialized() }
    }
    let texts = try merged.map { try JSONValue.object($0).serialized() }
    _ = try timed("for scale, the path before: that text decoded by a new JSONDecoder each (ParseDecoder)") {
        try texts.map { try ParseDecoder().decode(Product.self, from: $0) }
    }
    _ = try timed("after the transaction: the same decode with one JSONDecoder for all") {
        let decoder = ParseDecoder.jsonDecoder()
        return try texts.map { try decoder.decode(Product.self, from: $0) }
    }
    _ = timed("for scale: each result made by setting objectId, createdAt, updatedAt on a copy of the input") {
        products.map { product -> Product in
            var result = product
            let now = Date()
            result.objectId = RecordIds.make()
            result.createdAt = now
            result.updatedAt = now
            return result
        }
    }

    // The indexed find, 100 rows.
    let findPath = work + "/profile-find.sqlite"
    if !FileManager.default.fileExists(atPath: findPath) {
        try await makeStoreFile(findPath, rows: 100_000, say: { print($0) })
    }
    print("indexed find over 100,000 rows, limit 100, per query, phase by phase:")
    let store = try await LocalStore(path: findPath, schema: .inventory)
    let queries = Catalog.categoryCount
    var findRounds: [Double] = []
    for _ in 0..<5 {
        let start = monotonicMs()
        for index in 0..<queries { _ = try await store.find(storeQuery(category: index, below: QueryProcess.price)) }
        findRounds.append(monotonicMs() - start)
    }
    print("  LocalStore.find, whole: \(format(ms: (findRounds.min() ?? 0) / Double(queries))) a query (best of 5)")
    try store.close()
    let queue = try DatabaseQueue(path: findPath, configuration: grdbConfiguration())
    let builtin = ["objectId", "createdAt", "updatedAt", "ACL"]
    let fields = LocalSchema.inventory.classes.first { $0.name == "Product" }!.fields.filter {
        if case .relation = $0.kind { false } else { true }
    }
    let select = (builtin + fields.map(\.name)).map { "t0.\"\($0)\"" }.joined(separator: ", ")
    let sql = "SELECT \(select) FROM \"Product\" AS t0 WHERE t0.\"category\" = ? AND t0.\"price\" < ? ORDER BY t0.\"price\", t0.rowid LIMIT ? OFFSET ?"
    let rows = try queue.read { db in
        try timed("the store's SQL: Row.fetchAll", per: Double(queries), unit: " a query") {
            try (0..<queries).map { index in
                try Row.fetchAll(db, sql: sql, arguments: [Catalog.categoryId(index), QueryProcess.price, 100, 0])
            }
        }
    }
    try queue.close()
    let jsonColumns = rows.map { page in page.flatMap { row in [row["tags"] as String?, row["dimensions"] as String?].compactMap { $0 } } }
    _ = timed("of which: the JSON columns (tags, dimensions) parsed by JSONValue(parsing:) (ParseRuntime's JSONReader)", per: Double(queries), unit: " a query") {
        jsonColumns.map { page in page.map { try? JSONValue(parsing: Data($0.utf8)) } }
    }
    _ = timed("for scale: the same texts decoded as JSONValue by a JSONDecoder, trying each type in turn (JSONValue(parsing:) before JSONReader)", per: Double(queries), unit: " a query") {
        jsonColumns.map { page in page.map { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) } }
    }
    _ = timed("for scale: the same texts parsed by JSONSerialization and turned into JSONValue", per: Double(queries), unit: " a query") {
        jsonColumns.map { page in page.map { text in
            (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])).map(jsonValue)
        } }
    }
    let objects = timed("rows to Parse JSON objects (ObjectReader.decode: pointers, dates, tags and dimensions parsed)", per: Double(queries), unit: " a query") {
        rows.map { page in
            page.map { row -> [String: JSONValue] in
                var object: [String: JSONValue] = [:]
                object["objectId"] = (row[0] as String?).map(JSONValue.string)
                object["createdAt"] = (row[1] as String?).map(JSONValue.string)
                object["updatedAt"] = (row[2] as String?).map(JSONValue.string)
                for (offset, field) in fields.enumerated() {
                    let value = row[offset + 4] as DatabaseValue
                    switch value.storage {
                    case .null: continue
                    case .int64(let number):
                        object[field.name] = field.kind == .bool ? .bool(number != 0) : field.kind == .double ? .double(Double(number)) : .int(Int(number))
                    case .double(let number): object[field.name] = .double(number)
                    case .blob: continue
                    case .string(let text):
                        switch field.kind {
                        case .date: object[field.name] = ["__type": "Date", "iso": .string(text)]
                        case .pointer(let target, _): object[field.name] = ["__type": "Pointer", "className": .string(target), "objectId": .string(text)]
                        case .json: object[field.name] = try? JSONValue(parsing: Data(text.utf8))
                        default: object[field.name] = .string(text)
                        }
                    }
                }
                return object
            }
        }
    }
    _ = try timed("those objects decoded into Product from the tree (ParseDecoder.decode(_:from: JSONValue), as WireJSON.decode does)", per: Double(queries), unit: " a query") {
        try objects.map { page in try page.map { try ParseDecoder().decode(Product.self, from: JSONValue.object($0)) } }
    }
    let findTexts = try timed("for scale, the path before the tree decoder: those objects as JSON text (JSONValue.serialized)", per: Double(queries), unit: " a query") {
        try objects.map { page in try page.map { try JSONValue.object($0).serialized() } }
    }
    _ = try timed("for scale, the path before: that text decoded into Product, a new JSONDecoder each (ParseDecoder)", per: Double(queries), unit: " a query") {
        try findTexts.map { page in try page.map { try ParseDecoder().decode(Product.self, from: $0) } }
    }
    _ = try timed("the same decode with one JSONDecoder for all", per: Double(queries), unit: " a query") {
        let decoder = ParseDecoder.jsonDecoder()
        return try findTexts.map { page in try page.map { try decoder.decode(Product.self, from: $0) } }
    }
    _ = try timed("for scale: each row written straight as JSON text (JSON columns spliced as stored) and decoded by one JSONDecoder", per: Double(queries), unit: " a query") {
        let decoder = ParseDecoder.jsonDecoder()
        return try rows.map { page in try page.map { row -> Product in
            var text = "{"
            var first = true
            func member(_ key: String, _ json: String) {
                if !first { text += "," }
                first = false
                text += "\"" + key + "\":" + json
            }
            func quoted(_ string: String) -> String {
                var out = "\""
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                    default: out.unicodeScalars.append(scalar)
                    }
                }
                return out + "\""
            }
            member("objectId", quoted(row[0] as String))
            member("createdAt", quoted(row[1] as String))
            member("updatedAt", quoted(row[2] as String))
            for (offset, field) in fields.enumerated() {
                let value = row[offset + 4] as DatabaseValue
                switch value.storage {
                case .null, .blob: continue
                case .int64(let number): member(field.name, field.kind == .bool ? (number != 0 ? "true" : "false") : String(number))
                case .double(let number): member(field.name, number.description)
                case .string(let string):
                    switch field.kind {
                    case .date: member(field.name, "{\"__type\":\"Date\",\"iso\":" + quoted(string) + "}")
                    case .pointer(let target, _): member(field.name, "{\"__type\":\"Pointer\",\"className\":\"\(target)\",\"objectId\":" + quoted(string) + "}")
                    case .json: member(field.name, string)
                    default: member(field.name, quoted(string))
                    }
                }
            }
            text += "}"
            return try decoder.decode(Product.self, from: Data(text.utf8))
        } }
    }
}

/// Foundation's JSON objects as JSONValue, for the comparison above (numbers by value only: a
/// sketch of the cost, not a faithful reader).
private func jsonValue(_ object: Any) -> JSONValue {
    switch object {
    case let flag as Bool: return .bool(flag)
    case let number as NSNumber:
        let double = number.doubleValue
        return double.rounded() == double && abs(double) < 9e15 ? .int(number.intValue) : .double(double)
    case let string as String: return .string(string)
    case let array as [Any]: return .array(array.map(jsonValue))
    case let dictionary as [String: Any]: return .object(dictionary.mapValues(jsonValue))
    default: return .null
    }
}
