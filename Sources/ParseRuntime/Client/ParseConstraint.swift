import Foundation

/// One condition of a ``ParseQuery`` over `T`, built from `T`'s typed fields so that the
/// compiler checks every value: a date field compares with a `Date` (sent as a Parse Date), a
/// pointer field with an object of its target class (sent as a pointer), comparisons need a
/// ``ParseComparable`` value, regular expressions a `String` field, `$all` an array field and
/// its element type.
///
/// Write constraints with the operators on ``ParseField`` (`Book.Field.publishingYear > 1990`)
/// or the static functions below (`.matchesRegex(Book.Field.title, "^Du")`).
///
/// A value that cannot be encoded (an unsaved object where a pointer is needed) does not throw
/// here; the query fails with ``ParseClientError/encoding(_:)`` when it is sent.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseConstraint<T: ParseObject>: Sendable {
    enum Item: Sendable {
        /// `{"<field>": value}`.
        case equal(String, JSONValue)
        /// `{"<field>": {"$op": value, ...}}`, merged with the field's other operators.
        case operators(String, [String: JSONValue])
        /// `{"$or"|"$and"|"$nor"|"$relatedTo": value}` at the top of `where`.
        case topLevel(String, JSONValue)
        /// A value that could not be encoded.
        case failure(ParseClientError)
    }

    let items: [Item]

    init(_ items: [Item]) {
        self.items = items
    }

    init(_ item: Item) {
        self.items = [item]
    }

    /// Encodes `value` for a query, or a failing constraint.
    static func encoded<Value: Encodable>(
        _ value: Value, _ make: (JSONValue) -> Item
    ) -> ParseConstraint {
        do {
            return ParseConstraint(make(try WireJSON.value(value)))
        } catch {
            return ParseConstraint(.failure(error))
        }
    }

    static func encodedList<Value: Encodable>(
        _ values: [Value], _ make: (JSONValue) -> Item
    ) -> ParseConstraint {
        do {
            var list: [JSONValue] = []
            for value in values {
                list.append(try WireJSON.value(value))
            }
            return ParseConstraint(make(.array(list)))
        } catch {
            return ParseConstraint(.failure(error))
        }
    }

    private static func op<Value: Encodable>(_ field: String, _ name: String, _ value: Value) -> ParseConstraint {
        encoded(value) { .operators(field, [name: $0]) }
    }

    // MARK: Equality and comparison

    /// `field` equals `value`: `{"field": value}`. On a pointer field, `value` is an object of
    /// the target class.
    public static func equalTo<Value: Encodable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        encoded(value) { .equal(field.name, $0) }
    }

    /// The relation `field` holds `object`: `{"field": <pointer>}`, which finds the owners of
    /// `object` (the objects an inverse field lists).
    /// - Parameters:
    ///   - field: A relation field of `T` whose target class is `Target`.
    ///   - object: A saved object of the target class.
    public static func relationContains<Target: ParseObject>(
        _ field: ParseRelationField<T, Target>, _ object: Target
    ) -> ParseConstraint {
        encoded(object) { .equal(field.name, $0) }
    }

    /// `field` differs from `value`: `$ne`.
    public static func notEqualTo<Value: Encodable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        op(field.name, "$ne", value)
    }

    /// `field < value`: `$lt`.
    public static func lessThan<Value: ParseComparable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        op(field.name, "$lt", value)
    }

    /// `field <= value`: `$lte`.
    public static func lessThanOrEqualTo<Value: ParseComparable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        op(field.name, "$lte", value)
    }

    /// `field > value`: `$gt`.
    public static func greaterThan<Value: ParseComparable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        op(field.name, "$gt", value)
    }

    /// `field >= value`: `$gte`.
    public static func greaterThanOrEqualTo<Value: ParseComparable>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint {
        op(field.name, "$gte", value)
    }

    /// `field < value` for an enum stored as its raw value: `$lt`.
    public static func lessThan<Value>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint
    where Value: RawRepresentable & Encodable, Value.RawValue: ParseComparable {
        op(field.name, "$lt", value.rawValue)
    }

    /// `field <= value` for an enum stored as its raw value: `$lte`.
    public static func lessThanOrEqualTo<Value>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint
    where Value: RawRepresentable & Encodable, Value.RawValue: ParseComparable {
        op(field.name, "$lte", value.rawValue)
    }

    /// `field > value` for an enum stored as its raw value: `$gt`.
    public static func greaterThan<Value>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint
    where Value: RawRepresentable & Encodable, Value.RawValue: ParseComparable {
        op(field.name, "$gt", value.rawValue)
    }

    /// `field >= value` for an enum stored as its raw value: `$gte`.
    public static func greaterThanOrEqualTo<Value>(_ field: ParseField<T, Value>, _ value: Value) -> ParseConstraint
    where Value: RawRepresentable & Encodable, Value.RawValue: ParseComparable {
        op(field.name, "$gte", value.rawValue)
    }

    /// `field` is one of `values`: `$in`.
    public static func containedIn<Value: Encodable>(_ field: ParseField<T, Value>, _ values: [Value]) -> ParseConstraint {
        encodedList(values) { .operators(field.name, ["$in": $0]) }
    }

    /// `field` is none of `values`: `$nin`.
    public static func notContainedIn<Value: Encodable>(_ field: ParseField<T, Value>, _ values: [Value]) -> ParseConstraint {
        encodedList(values) { .operators(field.name, ["$nin": $0]) }
    }

    /// `field` has a value: `{"$exists": true}`.
    public static func exists<Value>(_ field: ParseField<T, Value>) -> ParseConstraint {
        ParseConstraint(.operators(field.name, ["$exists": true]))
    }

    /// `field` has no value: `{"$exists": false}`.
    public static func doesNotExist<Value>(_ field: ParseField<T, Value>) -> ParseConstraint {
        ParseConstraint(.operators(field.name, ["$exists": false]))
    }

    // MARK: Arrays

    /// The array `field` holds `element`. A text, number or boolean is sent as
    /// `{"$all":[element]}`, which both of Parse Server's database adapters answer (PostgreSQL's
    /// fails with 500 on `{"field": element}` for an array of scalars); a pointer or an object as
    /// `{"field": element}`, Parse's array membership.
    public static func contains<Element: Encodable>(_ field: ParseField<T, [Element]>, _ element: Element) -> ParseConstraint {
        encoded(element) { value in
            switch value {
            case .string, .int, .double, .bool: .operators(field.name, ["$all": [value]])
            default: .equal(field.name, value)
            }
        }
    }

    /// The array `field` holds every one of `elements`: `$all`.
    public static func containsAll<Element: Encodable>(_ field: ParseField<T, [Element]>, _ elements: [Element]) -> ParseConstraint {
        encodedList(elements) { .operators(field.name, ["$all": $0]) }
    }

    /// The array `field` holds at least one of `elements`: `$in`.
    public static func containsAny<Element: Encodable>(_ field: ParseField<T, [Element]>, _ elements: [Element]) -> ParseConstraint {
        encodedList(elements) { .operators(field.name, ["$in": $0]) }
    }

    /// The array `field` holds none of `elements`: `$nin`.
    public static func containsNone<Element: Encodable>(_ field: ParseField<T, [Element]>, _ elements: [Element]) -> ParseConstraint {
        encodedList(elements) { .operators(field.name, ["$nin": $0]) }
    }

    // MARK: Strings

    /// `field` matches the regular expression `pattern`: `$regex`, with `$options` when given.
    public static func matchesRegex(
        _ field: ParseField<T, String>, _ pattern: String, options: ParseRegexOptions = []
    ) -> ParseConstraint {
        var operators: [String: JSONValue] = ["$regex": .string(pattern)]
        if !options.isEmpty {
            operators["$options"] = .string(options.text)
        }
        return ParseConstraint(.operators(field.name, operators))
    }

    /// `field` starts with `prefix` (taken literally): `$regex` `^\Q…\E`.
    public static func startsWith(_ field: ParseField<T, String>, _ prefix: String, options: ParseRegexOptions = []) -> ParseConstraint {
        matchesRegex(field, "^" + quoteRegex(prefix), options: options)
    }

    /// `field` ends with `suffix` (taken literally): `$regex` `\Q…\E$`.
    public static func endsWith(_ field: ParseField<T, String>, _ suffix: String, options: ParseRegexOptions = []) -> ParseConstraint {
        matchesRegex(field, quoteRegex(suffix) + "$", options: options)
    }

    /// `field` contains `substring` (taken literally): `$regex` `\Q…\E`.
    public static func containsString(_ field: ParseField<T, String>, _ substring: String, options: ParseRegexOptions = []) -> ParseConstraint {
        matchesRegex(field, quoteRegex(substring), options: options)
    }

    /// Full-text search of `field` (needs a text index): `{"$text":{"$search":{"$term":…}}}`.
    /// - Parameters:
    ///   - field: A string field.
    ///   - term: The words to search for.
    ///   - language: The language for stemming and stop words.
    ///   - caseSensitive: Whether case matters.
    ///   - diacriticSensitive: Whether diacritics matter.
    public static func matchesText(
        _ field: ParseField<T, String>, _ term: String, language: String? = nil,
        caseSensitive: Bool? = nil, diacriticSensitive: Bool? = nil
    ) -> ParseConstraint {
        var search: [String: JSONValue] = ["$term": .string(term)]
        if let language { search["$language"] = .string(language) }
        if let caseSensitive { search["$caseSensitive"] = .bool(caseSensitive) }
        if let diacriticSensitive { search["$diacriticSensitive"] = .bool(diacriticSensitive) }
        return ParseConstraint(.operators(field.name, ["$text": ["$search": .object(search)]]))
    }

    /// `text` quoted for a Parse regular expression, as Parse's SDKs do: `\Q…\E`.
    static func quoteRegex(_ text: String) -> String {
        "\\Q" + text.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E"
    }

    // MARK: Subqueries

    /// `field` equals the `key` of some object matching `query`: `$select`.
    /// - Parameters:
    ///   - field: A field of `T`.
    ///   - key: A field of `U` with the same value type.
    ///   - query: The query over `U`.
    public static func matchesKeyInQuery<Value, U: ParseObject>(
        _ field: ParseField<T, Value>, key: ParseField<U, Value>, in query: ParseQuery<U>
    ) -> ParseConstraint {
        keyInQuery("$select", field.name, key: key.name, query)
    }

    /// `field` equals the `key` of no object matching `query`: `$dontSelect`.
    public static func doesNotMatchKeyInQuery<Value, U: ParseObject>(
        _ field: ParseField<T, Value>, key: ParseField<U, Value>, in query: ParseQuery<U>
    ) -> ParseConstraint {
        keyInQuery("$dontSelect", field.name, key: key.name, query)
    }

    private static func keyInQuery<U: ParseObject>(
        _ operation: String, _ field: String, key: String, _ query: ParseQuery<U>
    ) -> ParseConstraint {
        do {
            let subquery: JSONValue = ["className": .string(U.className), "where": try query.whereJSON()]
            return ParseConstraint(.operators(field, [operation: ["query": subquery, "key": .string(key)]]))
        } catch {
            return ParseConstraint(.failure(error))
        }
    }

    /// The pointer `field` points to an object matching `query`: `$inQuery`.
    public static func matchesQuery<Target: ParseObject>(
        _ field: ParseField<T, Target>, _ query: ParseQuery<Target>
    ) -> ParseConstraint {
        inQuery("$inQuery", field.name, query)
    }

    /// The pointer `field` points to no object matching `query`: `$notInQuery`.
    public static func doesNotMatchQuery<Target: ParseObject>(
        _ field: ParseField<T, Target>, _ query: ParseQuery<Target>
    ) -> ParseConstraint {
        inQuery("$notInQuery", field.name, query)
    }

    /// The relation `field` holds at least one object matching `query`: `$inQuery`.
    public static func matchesQuery<Target: ParseObject>(
        _ field: ParseRelationField<T, Target>, _ query: ParseQuery<Target>
    ) -> ParseConstraint {
        inQuery("$inQuery", field.name, query)
    }

    /// The relation `field` holds no object matching `query`: `$notInQuery`.
    public static func doesNotMatchQuery<Target: ParseObject>(
        _ field: ParseRelationField<T, Target>, _ query: ParseQuery<Target>
    ) -> ParseConstraint {
        inQuery("$notInQuery", field.name, query)
    }

    private static func inQuery<Target: ParseObject>(
        _ operation: String, _ field: String, _ query: ParseQuery<Target>
    ) -> ParseConstraint {
        do {
            let subquery: JSONValue = ["className": .string(Target.className), "where": try query.whereJSON()]
            return ParseConstraint(.operators(field, [operation: subquery]))
        } catch {
            return ParseConstraint(.failure(error))
        }
    }

    // MARK: Relations

    /// `T` objects in the relation `field` of `owner` (the children): `$relatedTo`.
    /// - Parameters:
    ///   - owner: A saved object holding the relation.
    ///   - field: The owner's relation field, whose target class is `T`.
    public static func relatedTo<Owner: ParseObject>(_ owner: Owner, through field: ParseRelationField<Owner, T>) -> ParseConstraint {
        guard let objectId = owner.objectId else {
            return ParseConstraint(.failure(.invalidRequest(ParseError(
                code: .missingObjectId, message: "Cannot query the relation of an unsaved \(Owner.className)."))))
        }
        return relatedTo(className: owner.className, objectId: objectId, key: field.name)
    }

    /// `T` objects in `relation` (which must have its parent and key, as the generated
    /// `…Relation()` accessors give): `$relatedTo`.
    public static func relatedTo<Owner: ParseObject>(_ relation: ParseRelation<Owner>) -> ParseConstraint {
        guard let parent = relation.parent, let key = relation.key else {
            return ParseConstraint(.failure(.invalidRequest(ParseError(
                code: .unknownError, message: "The relation needs a parent and a key."))))
        }
        if let className = relation.className, className != T.className {
            return ParseConstraint(.failure(.invalidRequest(ParseError(
                code: .invalidClassName, message: "The relation holds \(className) objects, not \(T.className)."))))
        }
        return relatedTo(className: parent.className, objectId: parent.objectId, key: key)
    }

    private static func relatedTo(className: String, objectId: String, key: String) -> ParseConstraint {
        let pointer: JSONValue = ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
        return ParseConstraint(.topLevel("$relatedTo", ["object": pointer, "key": .string(key)]))
    }

    // MARK: Combining

    /// At least one of `queries` matches: `$or`.
    public static func or(_ queries: ParseQuery<T>...) -> ParseConstraint {
        combined("$or", queries)
    }

    /// At least one of `queries` matches: `$or`.
    public static func or(_ queries: [ParseQuery<T>]) -> ParseConstraint {
        combined("$or", queries)
    }

    /// Every one of `queries` matches: `$and`.
    public static func and(_ queries: ParseQuery<T>...) -> ParseConstraint {
        combined("$and", queries)
    }

    /// Every one of `queries` matches: `$and`.
    public static func and(_ queries: [ParseQuery<T>]) -> ParseConstraint {
        combined("$and", queries)
    }

    /// None of `queries` matches: `$nor`.
    public static func nor(_ queries: ParseQuery<T>...) -> ParseConstraint {
        combined("$nor", queries)
    }

    /// None of `queries` matches: `$nor`.
    public static func nor(_ queries: [ParseQuery<T>]) -> ParseConstraint {
        combined("$nor", queries)
    }

    private static func combined(_ operation: String, _ queries: [ParseQuery<T>]) -> ParseConstraint {
        do {
            var clauses: [JSONValue] = []
            for query in queries {
                clauses.append(try query.whereJSON())
            }
            return ParseConstraint(.topLevel(operation, .array(clauses)))
        } catch {
            return ParseConstraint(.failure(error))
        }
    }
}

/// The options of a `$regex` constraint.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseRegexOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int

    /// Options from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `i`: ignore case.
    public static let caseInsensitive = ParseRegexOptions(rawValue: 1 << 0)
    /// `m`: `^` and `$` match at line breaks.
    public static let multiline = ParseRegexOptions(rawValue: 1 << 1)
    /// `x`: ignore whitespace and `#` comments in the pattern.
    public static let extended = ParseRegexOptions(rawValue: 1 << 2)
    /// `s`: `.` matches line breaks.
    public static let dotMatchesLineSeparators = ParseRegexOptions(rawValue: 1 << 3)

    /// The `$options` text, such as `"im"`.
    var text: String {
        var text = ""
        if contains(.caseInsensitive) { text += "i" }
        if contains(.multiline) { text += "m" }
        if contains(.extended) { text += "x" }
        if contains(.dotMatchesLineSeparators) { text += "s" }
        return text
    }
}

// MARK: Operators

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseField where Model: ParseObject, Value: Encodable {
    /// `field == value`: equality (a pointer for an object value).
    public static func == (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .equalTo(field, value)
    }

    /// `field != value`: `$ne`.
    public static func != (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .notEqualTo(field, value)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseRelationField where Model: ParseObject, Target: ParseObject {
    /// `field == object`: the relation holds `object`, which finds its owners.
    public static func == (field: ParseRelationField, object: Target) -> ParseConstraint<Model> {
        .relationContains(field, object)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseField where Model: ParseObject, Value: ParseComparable {
    /// `field < value`: `$lt`.
    public static func < (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .lessThan(field, value)
    }

    /// `field <= value`: `$lte`.
    public static func <= (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .lessThanOrEqualTo(field, value)
    }

    /// `field > value`: `$gt`.
    public static func > (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .greaterThan(field, value)
    }

    /// `field >= value`: `$gte`.
    public static func >= (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .greaterThanOrEqualTo(field, value)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseField where Model: ParseObject, Value: RawRepresentable & Encodable, Value.RawValue: ParseComparable {
    /// `field < value` on an enum's raw value: `$lt`.
    public static func < (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .lessThan(field, value)
    }

    /// `field <= value` on an enum's raw value: `$lte`.
    public static func <= (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .lessThanOrEqualTo(field, value)
    }

    /// `field > value` on an enum's raw value: `$gt`.
    public static func > (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .greaterThan(field, value)
    }

    /// `field >= value` on an enum's raw value: `$gte`.
    public static func >= (field: ParseField, value: Value) -> ParseConstraint<Model> {
        .greaterThanOrEqualTo(field, value)
    }
}
