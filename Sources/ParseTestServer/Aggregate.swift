// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// `GET /aggregate/<class>` (master key only): `distinct` with an optional `where`, and a
/// `pipeline` of `$match` (first stage only), `$group` (by `_id`: `null` or a `"$field"`,
/// with `$sum`, `$avg`, `$min`, `$max`; its key comes back as `objectId`), `$sort`, `$skip`,
/// `$limit` and `$project`. As in current Parse Server, a stage needs its `$`, and `$group`
/// refuses `objectId`. Other stages fail with 102 rather than being ignored.
extension Routes {
    func aggregate(_ className: String, query: [String: String], caller: Caller, store: Store) throws(ParseFailure) -> ServerAnswer {
        guard caller.isMaster else {
            return .masterKeyRequired
        }
        if let field = query["distinct"] {
            var constraints: [String: JSON] = [:]
            if let text = query["where"] {
                guard let parsed = try? JSON(parsing: Data(text.utf8)), let members = parsed.objectValue else { throw .invalidJSON("Invalid JSON in where") }
                constraints = members
            }
            var values: [JSON] = []
            for object in try store.matching(className, where: constraints) {
                guard let value = store.queryValue(object, field), !values.contains(where: { Matching.equal($0, value) }) else { continue }
                values.append(value)
            }
            return ServerAnswer(status: 200, json: ["results": .array(values)])
        }
        guard let text = query["pipeline"], let pipeline = (try? JSON(parsing: Data(text.utf8)))?.arrayValue else {
            throw .invalidQuery("aggregate needs a pipeline or distinct")
        }
        var stages = pipeline[...]
        var objects = store.objects(of: className)
        if let first = stages.first, let match = first["$match"]?.objectValue {
            objects = try store.matching(className, where: match)
            stages = stages.dropFirst()
        }
        var rows: [[String: JSON]] = objects.map { store.render($0, className: className) }
        for stage in stages {
            guard let (name, value) = stage.objectValue?.first, stage.objectValue?.count == 1 else {
                throw .invalidQuery("Pipeline stages should only have one key.")
            }
            guard name.hasPrefix("$") else { throw .invalidQuery("Invalid aggregate stage '\(name)'.") }
            switch name {
            case "$group": rows = try Self.group(rows, value)
            case "$sort":
                guard let (key, direction) = value.objectValue?.first, value.objectValue?.count == 1, let order = direction.intValue else {
                    throw .invalidQuery("the test server sorts by one field")
                }
                rows = rows.enumerated().sorted { left, right in
                    let comparison = Matching.sortOrder(left.element[key], right.element[key])
                    return comparison != 0 ? (order < 0 ? comparison > 0 : comparison < 0) : left.offset < right.offset
                }.map(\.element)
            case "$skip": rows = Array(rows.dropFirst(max(0, value.intValue ?? 0)))
            case "$limit": rows = Array(rows.prefix(max(0, value.intValue ?? 0)))
            case "$project":
                let kept = Set((value.objectValue ?? [:]).filter { $0.value.intValue == 1 || $0.value.boolValue == true }.keys).union(["objectId"])
                rows = rows.map { $0.filter { kept.contains($0.key) } }
            default:
                throw .invalidQuery("\(name) is not supported by the test server")
            }
        }
        return ServerAnswer(status: 200, json: ["results": .array(rows.map(JSON.object))])
    }

    private static func group(_ rows: [[String: JSON]], _ spec: JSON) throws(ParseFailure) -> [[String: JSON]] {
        guard let members = spec.objectValue, members["objectId"] == nil else {
            throw .invalidQuery("Cannot use 'objectId' in aggregation stage $group.")
        }
        guard let key = members["_id"] else {
            throw .invalidQuery("Invalid parameter for query: group. Missing key _id")
        }
        func value(_ expression: JSON, in row: [String: JSON]) -> JSON? {
            if let path = expression.stringValue, path.hasPrefix("$") { return row[String(path.dropFirst())] }
            return expression
        }
        var groups: [(key: JSON, rows: [[String: JSON]])] = []
        for row in rows {
            let groupKey = value(key, in: row) ?? .null
            if let index = groups.firstIndex(where: { Matching.equal($0.key, groupKey) }) {
                groups[index].rows.append(row)
            } else {
                groups.append((groupKey, [row]))
            }
        }
        return try groups.map { group throws(ParseFailure) in
            var result: [String: JSON] = ["objectId": group.key]
            for (name, accumulator) in members where name != "_id" {
                guard let (op, expression) = accumulator.objectValue?.first else { throw .invalidQuery("bad accumulator \(name)") }
                let numbers = group.rows.compactMap { value(expression, in: $0)?.doubleValue }
                func number(_ double: Double) -> JSON { double.rounded() == double && abs(double) < 1e15 ? .int(Int(double)) : .double(double) }
                switch op {
                case "$sum": result[name] = number(numbers.reduce(0, +))
                case "$avg": result[name] = numbers.isEmpty ? .null : .double(numbers.reduce(0, +) / Double(numbers.count))
                case "$min": result[name] = numbers.min().map(number) ?? .null
                case "$max": result[name] = numbers.max().map(number) ?? .null
                default: throw .invalidQuery("\(op) is not supported by the test server")
                }
            }
            return result
        }
    }
}
#endif
