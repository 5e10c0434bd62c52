#if LocalStore
import GRDB
import ParseRuntime

/// Reads objects out of the store as Parse JSON, the way Parse Server answers a find: built-in
/// fields as plain texts, pointers as pointers unless included, files with their URLs, only the
/// selected keys.
struct ObjectReader {
    let schema: StoreSchema

    /// What a find asks for, in Parse's terms.
    struct Request: Sendable {
        var className: String
        var constraints: [String: JSONValue] = [:]
        var order: [String] = []
        var limit: Int?
        var skip: Int?
        var keys: [String]?
        var excludeKeys: [String]?
        var include: [String] = []
    }

    /// Parse Server's limit when a query sets none.
    static let defaultLimit = 100

    /// The objects `request` matches, in its order.
    func find(_ db: Database, _ request: Request) throws -> [[String: JSONValue]] {
        let table = try schema.table(request.className)
        var translator = QueryTranslator(schema: schema)
        let alias = translator.alias()
        let condition = try translator.condition(request.constraints, table: table, alias: alias)
        let order = try orderClause(request.order, table: table, alias: alias)
        var arguments = translator.arguments
        arguments.append((request.limit ?? Self.defaultLimit).databaseValue)
        arguments.append((request.skip ?? 0).databaseValue)
        let sql = "SELECT \(table.selectList) FROM \(SQL.identifier(table.name)) AS \(alias) WHERE \(condition) ORDER BY \(order) LIMIT ? OFFSET ?"
        var objects = try decode(try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)), table: table, db: db)
        try include(PathTree(request.include), in: &objects, table: table, db: db)
        if let keys = request.keys {
            let tree = PathTree(keys)
            objects = objects.map { select(tree, from: $0) }
        }
        if let excluded = request.excludeKeys {
            if let path = excluded.first(where: { $0.contains(".") }) {
                throw LocalStoreError(.unsupportedQuery, className: table.name, field: path,
                                      message: "the local store cannot exclude a dot path; run the query with a ParseClient.")
            }
            objects = objects.map { $0.filter { !excluded.contains($0.key) } }
        }
        return objects
    }

    /// How many objects `request` matches, whatever its limit and skip.
    func count(_ db: Database, _ request: Request) throws -> Int {
        let table = try schema.table(request.className)
        var translator = QueryTranslator(schema: schema)
        let alias = translator.alias()
        let condition = try translator.condition(request.constraints, table: table, alias: alias)
        let sql = "SELECT COUNT(*) FROM \(SQL.identifier(table.name)) AS \(alias) WHERE \(condition)"
        return try Int.fetchOne(db, sql: sql, arguments: StatementArguments(translator.arguments)) ?? 0
    }

    /// The object of `className` with id `objectId`, or `nil`.
    func object(_ db: Database, className: String, objectId: String) throws -> [String: JSONValue]? {
        let table = try schema.table(className)
        return try objects(db, table: table, ids: [objectId]).first
    }

    /// The objects of `table` with the given ids, in no particular order.
    func objects(_ db: Database, table: StoreSchema.Table, ids: [String]) throws -> [[String: JSONValue]] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let sql = "SELECT \(table.selectList) FROM \(SQL.identifier(table.name)) AS t WHERE t.\"objectId\" IN (\(placeholders))"
        return try decode(try Row.fetchAll(db, sql: sql, arguments: StatementArguments(ids)), table: table, db: db)
    }

    // MARK: Rows to JSON

    // The SELECTs above list the table's columns with `selectList`, quoted once when the schema
    // was loaded. Unqualified: the only table in their FROM is the one they read (the subqueries
    // of a condition have FROMs of their own, whose names do not reach the outer select list).

    /// Rows selected with `StoreSchema.Table.selectList` as Parse JSON objects, files with their URLs.
    private func decode(_ rows: [Row], table: StoreSchema.Table, db: Database) throws -> [[String: JSONValue]] {
        var fileNames: Set<String> = []
        var objects: [[String: JSONValue]] = []
        objects.reserveCapacity(rows.count)
        for row in rows {
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(table.columns.count + 4)
            object["objectId"] = (row[0] as String?).map(JSONValue.string)
            object["createdAt"] = (row[1] as String?).map(JSONValue.string)
            object["updatedAt"] = (row[2] as String?).map(JSONValue.string)
            if let acl = row[3] as String? {
                object["ACL"] = ColumnValues.parse(acl)
            }
            for (offset, field) in table.columns.enumerated() {
                let value = row[offset + 4] as DatabaseValue
                guard let json = ColumnValues.json(value, for: field) else { continue }
                if case .file = field.kind, let name = json["name"]?.stringValue {
                    fileNames.insert(name)
                }
                object[field.name] = json
            }
            objects.append(object)
        }
        if !fileNames.isEmpty {
            try attachFileURLs(&objects, table: table, names: fileNames, db: db)
        }
        return objects
    }

    private func attachFileURLs(_ objects: inout [[String: JSONValue]], table: StoreSchema.Table, names: Set<String>, db: Database) throws {
        let sorted = names.sorted()
        let placeholders = Array(repeating: "?", count: sorted.count).joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: "SELECT \"name\", \"url\" FROM \(SQL.identifier(StoreFiles.table)) WHERE \"name\" IN (\(placeholders))",
                                    arguments: StatementArguments(sorted))
        var urls: [String: String] = [:]
        for row in rows {
            if let name = row[0] as String?, let url = row[1] as String? { urls[name] = url }
        }
        let fileFields = table.columns.filter { $0.kind == .file }.map(\.name)
        for index in objects.indices {
            for field in fileFields {
                guard let name = objects[index][field]?["name"]?.stringValue, let url = urls[name] else { continue }
                objects[index][field] = ["__type": "File", "name": .string(name), "url": .string(url)]
            }
        }
    }

    // MARK: Order, include, keys

    private func orderClause(_ keys: [String], table: StoreSchema.Table, alias: String) throws -> String {
        var terms: [String] = []
        for key in keys {
            let descending = key.hasPrefix("-")
            let name = descending ? String(key.dropFirst()) : key
            switch name {
            case "objectId", "createdAt", "updatedAt":
                break
            default:
                guard let field = table.fieldsByName[name] else {
                    if name.hasPrefix("$") || name.contains(".") {
                        throw LocalStoreError(.unsupportedQuery, className: table.name, field: name,
                                              message: "the local store cannot order by it; run the query with a ParseClient.")
                    }
                    throw LocalStoreError(.unknownField, className: table.name, field: name, message: "the local schema has no such field.")
                }
                switch field.kind {
                case .string, .int, .double, .bool, .date, .pointer, .file: break
                default:
                    throw LocalStoreError(.unsupportedQuery, className: table.name, field: name,
                                          message: "the local store cannot order by a \(field.kind) field; run the query with a ParseClient.")
                }
            }
            terms.append("\(alias).\(SQL.identifier(name))" + (descending ? " DESC" : ""))
        }
        // Ties in the order objects were stored, as Parse Server and ParseTestServer return them.
        terms.append("\(alias).rowid")
        return terms.joined(separator: ", ")
    }

    /// Replaces the pointers at `tree`'s paths by the objects they name (those stored locally;
    /// a pointer to an object the store does not hold stays a pointer).
    private func include(_ tree: PathTree, in objects: inout [[String: JSONValue]], table: StoreSchema.Table, db: Database) throws {
        guard !tree.children.isEmpty, !objects.isEmpty else { return }
        var children = tree.children
        if let all = children.removeValue(forKey: "*") {
            for field in table.columns {
                if case .pointer = field.kind, children[field.name] == nil { children[field.name] = all }
            }
        }
        for (name, subtree) in children.sorted(by: { $0.key < $1.key }) {
            guard let field = table.fieldsByName[name] else { continue }
            switch field.kind {
            case .pointer(let target, _):
                let targetTable = try schema.table(target)
                let ids = Set(objects.compactMap { $0[name]?["objectId"]?.stringValue })
                var included = try self.objects(db, table: targetTable, ids: ids.sorted())
                try include(subtree, in: &included, table: targetTable, db: db)
                var byId: [String: JSONValue] = [:]
                for var object in included {
                    guard let objectId = object["objectId"]?.stringValue else { continue }
                    object["__type"] = "Object"
                    object["className"] = .string(target)
                    byId[objectId] = .object(object)
                }
                for index in objects.indices {
                    if let objectId = objects[index][name]?["objectId"]?.stringValue, let object = byId[objectId] {
                        objects[index][name] = object
                    }
                }
            case .json:
                throw LocalStoreError(.unsupportedQuery, className: table.name, field: name,
                                      message: "the local store cannot include the pointers inside an array; run the query with a ParseClient.")
            default:
                continue
            }
        }
    }

    /// `object` with only the keys of `tree` (and the built-in fields); deeper paths select
    /// inside included objects.
    private func select(_ tree: PathTree, from object: [String: JSONValue]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in object {
            if ["objectId", "createdAt", "updatedAt", "ACL", "__type", "className"].contains(key) {
                result[key] = value
            } else if let subtree = tree.children[key] {
                if !subtree.children.isEmpty, case .object(let nested) = value, nested["__type"] == "Object" {
                    result[key] = .object(select(subtree, from: nested))
                } else {
                    result[key] = value
                }
            }
        }
        return result
    }
}

/// Comma-separated dot paths (`include`, `keys`) as a tree.
struct PathTree: Sendable {
    var children: [String: PathTree] = [:]

    init(_ paths: [String]) {
        for path in paths {
            insert(path.split(separator: ".").map(String.init)[...])
        }
    }

    private init() {}

    private mutating func insert(_ components: ArraySlice<String>) {
        guard let first = components.first else { return }
        var child = children[first] ?? PathTree()
        child.insert(components.dropFirst())
        children[first] = child
    }
}
#endif
