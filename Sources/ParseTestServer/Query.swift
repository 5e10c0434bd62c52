// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// Value comparison with Parse's (MongoDB's) semantics: numbers compare by value, dates by
/// instant, pointers by class and id.
enum Matching {
    /// Whether two stored or query values are the same Parse value.
    static func equal(_ left: JSON, _ right: JSON) -> Bool {
        if let leftNumber = left.doubleValue, let rightNumber = right.doubleValue {
            return leftNumber == rightNumber
        }
        if let leftText = parseFormDate(left), let rightText = parseFormDate(right) {
            return leftText == rightText
        }
        if let leftDate = date(left), let rightDate = date(right) {
            return leftDate == rightDate
        }
        if let leftPointer = pointer(left), let rightPointer = pointer(right) {
            return leftPointer == rightPointer
        }
        switch (left, right) {
        case (.array(let leftElements), .array(let rightElements)):
            return leftElements.count == rightElements.count && zip(leftElements, rightElements).allSatisfy { equal($0, $1) }
        case (.object(let leftMembers), .object(let rightMembers)):
            return leftMembers.count == rightMembers.count && leftMembers.allSatisfy { key, value in
                rightMembers[key].map { equal(value, $0) } ?? false
            }
        default:
            return left == right
        }
    }

    /// The `iso` text of a `{"__type":"Date","iso":…}` in the form Parse writes
    /// (`YYYY-MM-DDTHH:MM:SS.sssZ`), whose text order is the order of its instants: queries on
    /// `createdAt` and `updatedAt` compare every object's date, and comparing the text spares
    /// reading it as a date. `nil` for anything else, which ``date(_:)`` reads.
    static func parseFormDate(_ value: JSON) -> String? {
        guard case .object(let members) = value, members.count == 2, case .string(let text)? = members["iso"],
              members["__type"] == .string("Date") else { return nil }
        let matches = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count == parseForm.count && zip(bytes, parseForm).allSatisfy { byte, expected in
                expected == UInt8(ascii: "0") ? (48...57).contains(byte) : byte == expected
            }
        }
        return matches == true ? text : nil
    }

    /// The shape of ``parseFormDate(_:)``'s text: `0` stands for a digit.
    private static let parseForm = Array("0000-00-00T00:00:00.000Z".utf8)

    /// `{"__type":"Date","iso":…}` as a date.
    static func date(_ value: JSON) -> Date? {
        guard value["__type"]?.stringValue == "Date", let iso = value["iso"]?.stringValue else { return nil }
        return ISODate.date(iso)
    }

    /// A pointer (or an included object) as class name and id.
    static func pointer(_ value: JSON) -> PointerID? {
        guard let type = value["__type"]?.stringValue, type == "Pointer" || type == "Object",
              let className = value["className"]?.stringValue, let objectId = value["objectId"]?.stringValue else {
            return nil
        }
        return PointerID(className: className, objectId: objectId)
    }

    struct PointerID: Hashable {
        var className: String
        var objectId: String
    }

    /// The order of two values for `$lt`…`$gte`: numbers, strings, dates and booleans; `nil`
    /// when they cannot be compared.
    static func compare(_ left: JSON, _ right: JSON) -> Int? {
        if let leftNumber = left.doubleValue, let rightNumber = right.doubleValue {
            return leftNumber < rightNumber ? -1 : leftNumber > rightNumber ? 1 : 0
        }
        if let leftText = parseFormDate(left), let rightText = parseFormDate(right) {
            return leftText < rightText ? -1 : leftText > rightText ? 1 : 0
        }
        if let leftDate = date(left), let rightDate = date(right) {
            return leftDate < rightDate ? -1 : leftDate > rightDate ? 1 : 0
        }
        if case .string(let leftText) = left, case .string(let rightText) = right {
            return leftText < rightText ? -1 : leftText > rightText ? 1 : 0
        }
        if case .bool(let leftFlag) = left, case .bool(let rightFlag) = right {
            return leftFlag == rightFlag ? 0 : (leftFlag ? 1 : -1)
        }
        return nil
    }

    /// The order for sorting: missing values first, then by type, then by value.
    static func sortOrder(_ left: JSON?, _ right: JSON?) -> Int {
        func rank(_ value: JSON?) -> Int {
            switch value {
            case nil, .null?: return 0
            case .int?, .double?: return 1
            case .string?: return 2
            case .object(let members)?: return parseFormDate(.object(members)) != nil || date(.object(members)) != nil ? 5 : 3
            case .array?: return 4
            case .bool?: return 6
            }
        }
        let leftRank = rank(left)
        let rightRank = rank(right)
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        guard let left, let right else { return 0 }
        return compare(left, right) ?? 0
    }
}

extension Store {
    /// A field's value as queries see it: `objectId`, `createdAt` and `updatedAt` included,
    /// dot paths into objects followed.
    func queryValue(_ object: StoredObject, _ key: String) -> JSON? {
        switch key {
        case "objectId": return .string(object.objectId)
        case "createdAt": return object.createdAtValue
        case "updatedAt": return object.updatedAtValue
        default: break
        }
        let path = key.split(separator: ".").map(String.init)
        guard let first = path.first, var value = object.fields[first] else { return nil }
        for component in path.dropFirst() {
            guard let next = value[component] else { return nil }
            value = next
        }
        return value
    }

    /// The objects of `className` matching the `where` object, oldest first.
    func matching(_ className: String, where constraints: [String: JSON]) throws(ParseFailure) -> [StoredObject] {
        let (objects, remaining) = candidates(className, constraints)
        let subqueries = Subqueries()
        var result: [StoredObject] = []
        for object in objects where canAccess(object, "read") {
            guard try matches(object, className: className, remaining, subqueries: subqueries) else { continue }
            result.append(object)
        }
        return result
    }

    /// The objects a query can match, oldest first, and the constraints left to check on each.
    /// When the query names ids (`objectId` equal to one, or `$in` a list), only those are read,
    /// by id as a database reads them by key, and the id constraint is met.
    private func candidates(
        _ className: String, _ constraints: [String: JSON]
    ) -> (objects: [StoredObject], remaining: [String: JSON]) {
        let ids: [String]? = switch constraints["objectId"] {
        case .string(let id)?: [id]
        case .object(let operators)? where operators.count == 1: operators["$in"]?.arrayValue?.compactMap(\.stringValue)
        default: nil
        }
        guard let ids else { return (objects(of: className), constraints) }
        var remaining = constraints
        remaining["objectId"] = nil
        return (Self.inCreationOrder(Set(ids).compactMap { object(className, $0) }), remaining)
    }

    /// What a query's subqueries (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`) found,
    /// kept while one query runs: they do not depend on the object being matched, so each is
    /// answered once, as a database answers it, not once for every object of the outer query.
    final class Subqueries {
        var ids: [JSON: Set<String>] = [:]
        var values: [JSON: [JSON]] = [:]
    }

    /// The ids of the objects a subquery (`{"className":…,"where":…}`) matches.
    private func subqueryIds(_ subquery: JSON, className: String, _ subqueries: Subqueries) throws(ParseFailure) -> Set<String> {
        if let found = subqueries.ids[subquery] { return found }
        let found = try Set(matching(className, where: subquery["where"]?.objectValue ?? [:]).map(\.objectId))
        subqueries.ids[subquery] = found
        return found
    }

    func matches(
        _ object: StoredObject, className: String, _ constraints: [String: JSON], subqueries: Subqueries = Subqueries()
    ) throws(ParseFailure) -> Bool {
        for key in constraints.keys.sorted() {
            guard let constraint = constraints[key] else { continue }
            switch key {
            case "$or", "$and", "$nor":
                guard let clauses = constraint.arrayValue else { throw .invalidQuery("\(key) must be an array") }
                var results: [Bool] = []
                for clause in clauses {
                    guard let members = clause.objectValue else { throw .invalidQuery("\(key) clauses must be objects") }
                    results.append(try matches(object, className: className, members, subqueries: subqueries))
                }
                let holds = switch key {
                case "$or": results.contains(true)
                case "$and": !results.contains(false)
                default: !results.contains(true)
                }
                if !holds { return false }
            case "$relatedTo":
                guard let owner = constraint["object"].flatMap(Matching.pointer), let relationKey = constraint["key"]?.stringValue else {
                    throw .invalidQuery("$relatedTo needs an object pointer and a key")
                }
                if let type = schema[owner.className]?[relationKey], type.targetClass != className {
                    throw .invalidQuery("the relation \(owner.className).\(relationKey) does not hold \(className) objects")
                }
                let members = relations[RelationKey(ownerClass: owner.className, ownerId: owner.objectId, key: relationKey)] ?? []
                if !members.contains(object.objectId) { return false }
            default:
                if key.hasPrefix("$") {
                    throw .invalidQuery("bad top-level constraint \(key)")
                }
                if try !fieldMatches(object, className: className, key: key, constraint, subqueries: subqueries) { return false }
            }
        }
        return true
    }

    /// Whether one field of `object` meets its constraint (`key` is a field or a dot path).
    func fieldMatches(
        _ object: StoredObject, className: String, key: String, _ constraint: JSON, subqueries: Subqueries = Subqueries()
    ) throws(ParseFailure) -> Bool {
        // Equality on a relation field with a pointer: the owners holding that object.
        // $inQuery / $notInQuery on a relation field: owners holding (no) object that matches.
        if let type = schema[className]?[key], type.name == "Relation" {
            let members = relations[RelationKey(ownerClass: className, ownerId: object.objectId, key: key)] ?? []
            if let target = Matching.pointer(constraint) {
                return target.className == type.targetClass && members.contains(target.objectId)
            }
            if case .object(let operators) = constraint, operators.count == 1,
               let name = operators.keys.first, name == "$inQuery" || name == "$notInQuery",
               let subquery = operators[name], let subClass = subquery["className"]?.stringValue {
                let ids = try subqueryIds(subquery, className: subClass, subqueries)
                let found = subClass == type.targetClass && members.contains { ids.contains($0) }
                return name == "$inQuery" ? found : !found
            }
            throw .invalidQuery("a relation field takes a pointer, $inQuery or $notInQuery")
        }
        let value = queryValue(object, key)
        guard case .object(let operators) = constraint, !operators.isEmpty,
              operators.keys.allSatisfy({ $0.hasPrefix("$") }) else {
            return Self.equalityMatches(value, constraint)
        }
        for name in operators.keys.sorted() {
            guard let operand = operators[name] else { continue }
            if try !operatorMatches(name, operand, value, operators: operators, subqueries: subqueries) { return false }
        }
        return true
    }

    /// `{"field": value}`: equal, or an array field holding the value; `null` matches a missing field.
    static func equalityMatches(_ value: JSON?, _ constraint: JSON) -> Bool {
        guard let value else { return constraint == .null }
        if case .array(let elements) = value, constraint.arrayValue == nil {
            return elements.contains { Matching.equal($0, constraint) }
        }
        return Matching.equal(value, constraint)
    }

    private func operatorMatches(
        _ name: String, _ operand: JSON, _ value: JSON?, operators: [String: JSON], subqueries: Subqueries
    ) throws(ParseFailure) -> Bool {
        switch name {
        case "$eq":
            return Self.equalityMatches(value, operand)
        case "$ne":
            return !Self.equalityMatches(value, operand)
        case "$lt", "$lte", "$gt", "$gte":
            guard let value, let order = Matching.compare(value, operand) else { return false }
            switch name {
            case "$lt": return order < 0
            case "$lte": return order <= 0
            case "$gt": return order > 0
            default: return order >= 0
            }
        case "$in", "$nin":
            guard let candidates = operand.arrayValue else { throw .invalidQuery("\(name) needs an array") }
            let found = candidates.contains { Self.equalityMatches(value, $0) }
            return name == "$in" ? found : !found
        case "$exists":
            guard let flag = operand.boolValue else { throw .invalidQuery("$exists needs a boolean") }
            return (value != nil) == flag
        case "$all":
            guard let required = operand.arrayValue else { throw .invalidQuery("$all needs an array") }
            guard let elements = value?.arrayValue else { return false }
            return required.allSatisfy { wanted in elements.contains { Matching.equal($0, wanted) } }
        case "$regex":
            guard let pattern = operand.stringValue else { throw .invalidQuery("$regex needs a string") }
            guard let text = value?.stringValue else { return false }
            return try Self.regexMatches(pattern, options: operators["$options"]?.stringValue ?? "", text)
        case "$options":
            return true
        case "$inQuery", "$notInQuery":
            guard let subClass = operand["className"]?.stringValue else {
                throw .invalidQuery("\(name) needs a className")
            }
            let ids = try subqueryIds(operand, className: subClass, subqueries)
            let pointer = value.flatMap(Matching.pointer)
            let found = pointer.map { $0.className == subClass && ids.contains($0.objectId) } ?? false
            return name == "$inQuery" ? found : !found
        case "$select", "$dontSelect":
            guard let query = operand["query"], let subClass = query["className"]?.stringValue,
                  let key = operand["key"]?.stringValue else {
                throw .invalidQuery("\(name) needs a query with a className, and a key")
            }
            let selected: [JSON]
            if let found = subqueries.values[operand] {
                selected = found
            } else {
                selected = try matching(subClass, where: query["where"]?.objectValue ?? [:]).compactMap { queryValue($0, key) }
                subqueries.values[operand] = selected
            }
            let found = value.map { stored in selected.contains { Matching.equal(stored, $0) } } ?? false
            return name == "$select" ? found : !found
        default:
            if let geo = try Geo.matches(name, operand, value, operators: operators) {
                return geo
            }
            // $text and others are not implemented by this test server.
            throw .invalidQuery("bad constraint: \(name) is not supported by the test server")
        }
    }

    static func regexMatches(_ pattern: String, options: String, _ text: String) throws(ParseFailure) -> Bool {
        var regexOptions: NSRegularExpression.Options = []
        for option in options {
            switch option {
            case "i": regexOptions.insert(.caseInsensitive)
            case "m": regexOptions.insert(.anchorsMatchLines)
            case "x": regexOptions.insert(.allowCommentsAndWhitespace)
            case "s": regexOptions.insert(.dotMatchesLineSeparators)
            default: throw .invalidQuery("bad $options: \(options)")
            }
        }
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: pattern, options: regexOptions)
        } catch {
            throw .invalidQuery("bad $regex: \(pattern)")
        }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Sorts by Parse's `order` parameter (`score,-name`); without one, a `$nearSphere`
    /// query's results come nearest first.
    func sorted(_ objects: [StoredObject], order: String?, near: (key: String, point: Geo.Point)? = nil) -> [StoredObject] {
        guard let order, !order.isEmpty else {
            guard let near else { return objects }
            func distance(_ object: StoredObject) -> Double {
                Geo.point(queryValue(object, near.key)).map { Geo.distance(near.point, $0) } ?? .infinity
            }
            return objects.enumerated().sorted { left, right in
                let (leftDistance, rightDistance) = (distance(left.element), distance(right.element))
                return leftDistance != rightDistance ? leftDistance < rightDistance : left.offset < right.offset
            }.map(\.element)
        }
        let keys = order.split(separator: ",").map { part -> (String, Bool) in
            part.hasPrefix("-") ? (String(part.dropFirst()), false) : (String(part), true)
        }
        let sortKeys = keys.filter { $0.0 != "$score" }
        // Each object's values read once, not at every comparison; positions sorted, not objects.
        let values = objects.map { object in sortKeys.map { queryValue(object, $0.0) } }
        return objects.indices.sorted { left, right in
            for (index, (_, ascending)) in sortKeys.enumerated() {
                let order = Matching.sortOrder(values[left][index], values[right][index])
                if order != 0 { return ascending ? order < 0 : order > 0 }
            }
            return left < right
        }.map { objects[$0] }
    }
}

/// Comma-separated dot paths (`include`, `keys`, `excludeKeys`) as a tree.
struct PathTree: Sendable {
    var children: [String: PathTree] = [:]

    init() {}

    init(_ list: String?) {
        guard let list else { return }
        for path in list.split(separator: ",") where !path.isEmpty {
            insert(path.split(separator: ".").map(String.init))
        }
    }

    mutating func insert(_ components: [String]) {
        guard let first = components.first else { return }
        children[first, default: PathTree()].insert(Array(components.dropFirst()))
    }

    var isEmpty: Bool { children.isEmpty }
}

extension Store {
    /// How an object is shown: its fields, `objectId`, `createdAt`, `updatedAt`, the relation
    /// fields of its class as `{"__type":"Relation","className":…}`, with `keys`,
    /// `excludeKeys` and `include` applied.
    func render(
        _ object: StoredObject, className: String, include: PathTree = PathTree(),
        keys: PathTree? = nil, exclude: PathTree = PathTree()
    ) -> [String: JSON] {
        var fields = object.fields
        for (key, type) in schema[className] ?? [:] where type.name == "Relation" {
            fields[key] = ["__type": "Relation", "className": .string(type.targetClass ?? "")]
        }
        if let keys {
            let always: Set<String> = ["ACL"]
            fields = fields.filter { keys.children[$0.key] != nil || always.contains($0.key) }
        }
        for (key, subtree) in exclude.children where subtree.isEmpty {
            fields.removeValue(forKey: key)
        }
        var includeKeys = Array(include.children.keys)
        if include.children["*"] != nil {
            includeKeys += fields.filter { Matching.pointer($0.value) != nil }.map(\.key)
        }
        for key in Set(includeKeys) where key != "*" {
            guard let value = fields[key] else { continue }
            let subtree = include.children[key] ?? PathTree()
            let nestedKeys = keys?.children[key].flatMap { $0.isEmpty ? nil : $0 }
            let nestedExclude = exclude.children[key] ?? PathTree()
            if let pointer = Matching.pointer(value) {
                if let target = readableObject(pointer.className, pointer.objectId) {
                    fields[key] = included(target, className: pointer.className, include: subtree, keys: nestedKeys, exclude: nestedExclude)
                } else {
                    fields.removeValue(forKey: key)
                }
            } else if case .array(let elements) = value {
                fields[key] = .array(elements.compactMap { element in
                    guard let pointer = Matching.pointer(element) else { return element }
                    return readableObject(pointer.className, pointer.objectId).map {
                        included($0, className: pointer.className, include: subtree, keys: nestedKeys, exclude: nestedExclude)
                    }
                })
            }
        }
        for (key, value) in fields where key != "ACL" {
            fields[key] = servingFiles(value)
        }
        fields["objectId"] = .string(object.objectId)
        fields["createdAt"] = .string(object.createdAtText)
        fields["updatedAt"] = .string(object.updatedAtText)
        return fields
    }

    private func included(
        _ object: StoredObject, className: String, include: PathTree, keys: PathTree?, exclude: PathTree
    ) -> JSON {
        var fields = render(object, className: className, include: include, keys: keys, exclude: exclude)
        fields["__type"] = "Object"
        fields["className"] = .string(className)
        return .object(fields)
    }
}
#endif
