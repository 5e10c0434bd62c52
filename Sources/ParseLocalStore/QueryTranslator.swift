#if LocalStore
import GRDB
import ParseRuntime

/// Parse's `where` JSON as an SQL condition over the store's tables, with Parse Server's
/// meaning (MongoDB's, which ParseTestServer shares): a missing value never equals, is never
/// less or greater than anything, and satisfies `$ne` and `$nin`; equality with a scalar on an
/// array field means the array holds it.
///
/// Whatever it cannot translate exactly (geo constraints, text search, `$select`, dot paths)
/// throws ``LocalStoreError/Kind/unsupportedQuery`` naming the constraint, rather than
/// answering something else.
struct QueryTranslator {
    let schema: StoreSchema
    /// The arguments of the `?` placeholders, in order.
    private(set) var arguments: [DatabaseValue] = []
    private var aliasCount = 0

    init(schema: StoreSchema) {
        self.schema = schema
    }

    /// A fresh table alias (`t0`, `t1`…) for a table in a subquery.
    mutating func alias() -> String {
        defer { aliasCount += 1 }
        return "t\(aliasCount)"
    }

    /// The condition of `constraints` on rows of `table` known as `alias`.
    mutating func condition(_ constraints: [String: JSONValue], table: StoreSchema.Table, alias: String) throws(LocalStoreError) -> String {
        var parts: [String] = []
        for key in constraints.keys.sorted() {
            guard let value = constraints[key] else { continue }
            switch key {
            case "$or", "$and", "$nor":
                guard case .array(let clauses) = value else { throw invalid(table, key, "must be an array of queries") }
                var translated: [String] = []
                for clause in clauses {
                    guard case .object(let inner) = clause else { throw invalid(table, key, "must be an array of queries") }
                    translated.append("(" + (try condition(inner, table: table, alias: alias)) + ")")
                }
                switch key {
                case "$or": parts.append(translated.isEmpty ? "0" : "(" + translated.joined(separator: " OR ") + ")")
                case "$and": parts.append(translated.isEmpty ? "1" : "(" + translated.joined(separator: " AND ") + ")")
                // SQL's NULL (a comparison with a missing value) counts as false before it is negated.
                default: parts.append(translated.isEmpty ? "1" : "NOT IFNULL((" + translated.joined(separator: " OR ") + "), 0)")
                }
            case "$relatedTo":
                parts.append(try relatedTo(value, table: table, alias: alias))
            default:
                if key.hasPrefix("$") { throw unsupported(table, key) }
                parts.append(try fieldCondition(key, value, table: table, alias: alias))
            }
        }
        return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
    }

    // MARK: Fields

    /// A field of `table` as a query sees it: the built-in columns included.
    private func field(_ key: String, table: StoreSchema.Table) throws(LocalStoreError) -> LocalSchema.Field {
        switch key {
        case "objectId": return LocalSchema.Field("objectId", .string)
        case "createdAt", "updatedAt": return LocalSchema.Field(key, .date)
        case "ACL": throw unsupported(table, "ACL", what: "a constraint on ACL")
        default: break
        }
        if key.contains(".") { throw unsupported(table, key, what: "a dot path") }
        guard let field = table.fieldsByName[key] else {
            throw LocalStoreError(.unknownField, className: table.name, field: key, message: "the local schema has no such field.")
        }
        return field
    }

    private mutating func fieldCondition(
        _ key: String, _ value: JSONValue, table: StoreSchema.Table, alias: String
    ) throws(LocalStoreError) -> String {
        let field = try field(key, table: table)
        let column = "\(alias).\(SQL.identifier(key))"
        guard case .object(let members) = value, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return try equality(field, column, value, table: table, alias: alias)
        }
        var parts: [String] = []
        for name in members.keys.sorted() {
            guard let operand = members[name] else { continue }
            switch name {
            case "$eq":
                parts.append(try equality(field, column, operand, table: table, alias: alias))
            case "$ne":
                parts.append("NOT IFNULL((" + (try equality(field, column, operand, table: table, alias: alias)) + "), 0)")
            case "$lt", "$lte", "$gt", "$gte":
                parts.append(try comparison(field, column, name, operand, table: table))
            case "$in":
                parts.append(try membership(field, column, operand, table: table, alias: alias, operatorName: name))
            case "$nin":
                parts.append("NOT IFNULL((" + (try membership(field, column, operand, table: table, alias: alias, operatorName: name)) + "), 0)")
            case "$exists":
                guard case .bool(let exists) = operand else { throw invalid(table, key, "$exists needs true or false") }
                if case .relation = field.kind { throw unsupported(table, "\(key) $exists", what: "$exists on a relation") }
                parts.append(exists ? "\(column) IS NOT NULL" : "\(column) IS NULL")
            case "$regex":
                parts.append(try regex(field, column, operand, options: members["$options"], table: table))
            case "$options":
                guard members["$regex"] != nil else { throw invalid(table, key, "$options needs $regex") }
            case "$all":
                parts.append(try containsAll(field, column, operand, table: table))
            case "$inQuery":
                parts.append(try inQuery(field, column, operand, table: table, alias: alias))
            case "$notInQuery":
                parts.append("NOT IFNULL((" + (try inQuery(field, column, operand, table: table, alias: alias)) + "), 0)")
            default:
                throw unsupported(table, "\(key) \(name)")
            }
        }
        return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
    }

    /// `field` equals `value`, Parse's way: `null` matches a missing value; on an array field a
    /// scalar or object matches an array that holds it.
    private mutating func equality(
        _ field: LocalSchema.Field, _ column: String, _ value: JSONValue, table: StoreSchema.Table, alias: String
    ) throws(LocalStoreError) -> String {
        if value == .null {
            if case .relation = field.kind { throw unsupported(table, "\(field.name) null", what: "a relation compared with null") }
            return "\(column) IS NULL"
        }
        switch field.kind {
        case .relation(let target):
            guard let objectId = ColumnValues.pointerId(value, to: target) else { return "0" }
            arguments.append(objectId.databaseValue)
            return "EXISTS (SELECT 1 FROM \(SQL.identifier(table.joinTable(field.name))) WHERE \"owningId\" = \(alias).\"objectId\" AND \"relatedId\" = ?)"
        case .json:
            guard let whole = try? ColumnValues.column(value, for: field, className: table.name) else { return "0" }
            arguments.append(whole)
            return "(\(column) = ? OR " + (try arrayHolds(column, value, table: table, field: field)) + ")"
        case .bytes, .geoPoint, .polygon:
            throw unsupported(table, field.name, what: "equality on a \(field.kind) field")
        default:
            guard let argument = try? ColumnValues.column(value, for: field, className: table.name) else { return "0" }
            arguments.append(argument)
            return "\(column) = ?"
        }
    }

    /// The JSON array in `column` holds an element equal to `value`.
    private mutating func arrayHolds(_ column: String, _ value: JSONValue, table: StoreSchema.Table, field: LocalSchema.Field) throws(LocalStoreError) -> String {
        let element: String
        switch value {
        case .null:
            element = "e.type = 'null'"
        case .bool(let flag):
            element = flag ? "e.type = 'true'" : "e.type = 'false'"
        case .int(let number):
            arguments.append(number.databaseValue)
            element = "e.type IN ('integer', 'real') AND e.value = ?"
        case .double(let number):
            arguments.append(number.databaseValue)
            element = "e.type IN ('integer', 'real') AND e.value = ?"
        case .string(let text):
            arguments.append(text.databaseValue)
            element = "e.type = 'text' AND e.value = ?"
        case .array, .object:
            guard let text = try? value.serializedString() else { return "0" }
            arguments.append(text.databaseValue)
            element = "e.type IN ('array', 'object') AND e.value = ?"
        }
        return "(json_type(\(column)) = 'array' AND EXISTS (SELECT 1 FROM json_each(\(column)) AS e WHERE \(element)))"
    }

    private mutating func comparison(
        _ field: LocalSchema.Field, _ column: String, _ name: String, _ value: JSONValue, table: StoreSchema.Table
    ) throws(LocalStoreError) -> String {
        switch field.kind {
        case .string, .int, .double, .bool, .date: break
        default: throw unsupported(table, "\(field.name) \(name)", what: "\(name) on a \(field.kind) field")
        }
        // MongoDB compares values of one type only: a value of another type matches nothing.
        guard value != .null, !(field.kind != .bool && value.isBool),
              let argument = try? ColumnValues.column(value, for: field, className: table.name) else { return "0" }
        arguments.append(argument)
        let symbol = ["$lt": "<", "$lte": "<=", "$gt": ">", "$gte": ">="][name] ?? "="
        return "\(column) \(symbol) ?"
    }

    private mutating func membership(
        _ field: LocalSchema.Field, _ column: String, _ list: JSONValue, table: StoreSchema.Table, alias: String,
        operatorName: String
    ) throws(LocalStoreError) -> String {
        guard case .array(let values) = list else { throw invalid(table, field.name, "\(operatorName) needs an array") }
        switch field.kind {
        case .json, .relation:
            var alternatives: [String] = []
            for value in values {
                alternatives.append(try equality(field, column, value, table: table, alias: alias))
            }
            return alternatives.isEmpty ? "0" : "(" + alternatives.joined(separator: " OR ") + ")"
        case .bytes, .geoPoint, .polygon:
            throw unsupported(table, "\(field.name) \(operatorName)", what: "\(operatorName) on a \(field.kind) field")
        default:
            var placeholders: [String] = []
            var matchesMissing = false
            for value in values {
                if value == .null {
                    matchesMissing = true
                } else if let argument = try? ColumnValues.column(value, for: field, className: table.name) {
                    arguments.append(argument)
                    placeholders.append("?")
                }
            }
            var alternatives: [String] = []
            if !placeholders.isEmpty { alternatives.append("\(column) IN (" + placeholders.joined(separator: ", ") + ")") }
            if matchesMissing { alternatives.append("\(column) IS NULL") }
            return alternatives.isEmpty ? "0" : "(" + alternatives.joined(separator: " OR ") + ")"
        }
    }

    private mutating func containsAll(
        _ field: LocalSchema.Field, _ column: String, _ list: JSONValue, table: StoreSchema.Table
    ) throws(LocalStoreError) -> String {
        guard case .json = field.kind else { throw unsupported(table, "\(field.name) $all", what: "$all on a \(field.kind) field") }
        guard case .array(let values) = list else { throw invalid(table, field.name, "$all needs an array") }
        var parts: [String] = []
        for value in values {
            parts.append(try arrayHolds(column, value, table: table, field: field))
        }
        return parts.isEmpty ? "0" : "(" + parts.joined(separator: " AND ") + ")"
    }

    private mutating func regex(
        _ field: LocalSchema.Field, _ column: String, _ pattern: JSONValue, options: JSONValue?, table: StoreSchema.Table
    ) throws(LocalStoreError) -> String {
        guard case .string = field.kind else { throw unsupported(table, "\(field.name) $regex", what: "$regex on a \(field.kind) field") }
        guard case .string(let text) = pattern else { throw invalid(table, field.name, "$regex needs a string") }
        let flags = options?.stringValue ?? ""
        guard RegexMatching.isValid(text, options: flags) else { throw invalid(table, field.name, "$regex is not a valid regular expression") }
        arguments.append(text.databaseValue)
        arguments.append(flags.databaseValue)
        return "(\(column) IS NOT NULL AND \(RegexMatching.functionName)(\(column), ?, ?))"
    }

    private mutating func inQuery(
        _ field: LocalSchema.Field, _ column: String, _ subquery: JSONValue, table: StoreSchema.Table, alias: String
    ) throws(LocalStoreError) -> String {
        guard let className = subquery["className"]?.stringValue else { throw invalid(table, field.name, "$inQuery needs a className") }
        let inner = subquery["where"]?.objectValue ?? [:]
        let innerTable = try schema.table(className)
        let innerAlias = self.alias()
        let select = "SELECT \(innerAlias).\"objectId\" FROM \(SQL.identifier(className)) AS \(innerAlias) WHERE "
            + (try condition(inner, table: innerTable, alias: innerAlias))
        switch field.kind {
        case .pointer(let target, _) where target == className:
            return "\(column) IN (\(select))"
        case .relation(let target) where target == className:
            return "EXISTS (SELECT 1 FROM \(SQL.identifier(table.joinTable(field.name))) WHERE \"owningId\" = \(alias).\"objectId\" AND \"relatedId\" IN (\(select)))"
        case .pointer, .relation:
            return "0"
        default:
            throw unsupported(table, "\(field.name) $inQuery", what: "$inQuery on a \(field.kind) field")
        }
    }

    /// `$relatedTo`: the objects in the relation `key` of the object named.
    private mutating func relatedTo(_ value: JSONValue, table: StoreSchema.Table, alias: String) throws(LocalStoreError) -> String {
        guard let key = value["key"]?.stringValue, let owner = value["object"],
              let ownerClass = owner["className"]?.stringValue, let ownerId = owner["objectId"]?.stringValue else {
            throw invalid(table, "$relatedTo", "needs an object pointer and a key")
        }
        let ownerTable = try schema.table(ownerClass)
        guard let field = ownerTable.fieldsByName[key], case .relation(let target) = field.kind, target == table.name else {
            throw LocalStoreError(.unknownField, className: ownerClass, field: key,
                                  message: "is not a relation to \(table.name) in the local schema.")
        }
        arguments.append(ownerId.databaseValue)
        return "\(alias).\"objectId\" IN (SELECT \"relatedId\" FROM \(SQL.identifier(ownerTable.joinTable(key))) WHERE \"owningId\" = ?)"
    }

    // MARK: Errors

    private func unsupported(_ table: StoreSchema.Table, _ constraint: String, what: String? = nil) -> LocalStoreError {
        LocalStoreError(.unsupportedQuery, className: table.name, field: constraint,
                        message: "the local store cannot answer \(what ?? "this constraint") exactly; run the query with a ParseClient.")
    }

    private func invalid(_ table: StoreSchema.Table, _ key: String, _ message: String) -> LocalStoreError {
        LocalStoreError(.unsupportedQuery, className: table.name, field: key, message: message + ".")
    }
}
#endif
