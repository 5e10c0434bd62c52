import Foundation

/// A typed query over the objects of class `T`: constraints, order, paging, the fields to
/// return and the pointers to include. Send it with ``ParseClient/find(_:options:)``,
/// ``ParseClient/first(_:options:)``, ``ParseClient/count(_:options:)`` or
/// ``ParseClient/findWithCount(_:options:)``.
///
/// ```swift
/// let query = Book.query(Book.Field.publishingYear >= 1990, .startsWith(Book.Field.title, "Du"))
///     .order(.descending(Book.Field.publishingYear), .ascending(Book.Field.title))
///     .include(Book.Field.genre)
///     .limit(20)
/// let books = try await client.find(query)
/// ```
///
/// It encodes as `GET /classes/<class>` with the URL parameters `where` (JSON), `order`
/// (`-publishingYear,title`), `limit`, `skip`, `keys`, `excludeKeys`, `include`, `count` and the
/// read preferences.
/// Several operators on one field merge (`{"year":{"$gte":1990,"$lt":2000}}`); an equality
/// replaces the field's operators and an operator replaces its equality. A second `$or`,
/// `$nor` or `$relatedTo` is moved into an `$and` so both apply.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseQuery<T: ParseObject>: Sendable {
    private var items: [ParseConstraint<T>.Item] = []
    private var orderKeys: [String] = []
    private var limitValue: Int?
    private var skipValue: Int?
    private var keyNames: [String]?
    private var excludedKeyNames: [String]?
    private var includePaths: [String] = []
    private var readPreferences: [(name: String, value: ParseReadPreference)] = []

    /// A query with the given constraints (all must hold).
    /// - Parameter constraints: The constraints.
    public init(_ constraints: ParseConstraint<T>...) {
        self.init(constraints)
    }

    /// A query with the given constraints (all must hold).
    /// - Parameter constraints: The constraints.
    public init(_ constraints: [ParseConstraint<T>]) {
        items = constraints.flatMap(\.items)
    }

    /// This query with more constraints.
    /// - Parameter constraints: The constraints to add.
    public func `where`(_ constraints: ParseConstraint<T>...) -> Self {
        var query = self
        query.items += constraints.flatMap(\.items)
        return query
    }

    /// This query sorted by `orders` after any order already set.
    /// - Parameter orders: The sort keys, most significant first.
    public func order(_ orders: ParseOrder<T>...) -> Self {
        var query = self
        query.orderKeys += orders.map(\.key)
        return query
    }

    /// This query returning at most `limit` objects (Parse's default is 100).
    /// - Parameter limit: The maximum, 0 or more.
    public func limit(_ limit: Int) -> Self {
        var query = self
        query.limitValue = limit
        return query
    }

    /// This query skipping the first `skip` objects.
    /// - Parameter skip: How many to skip, 0 or more.
    public func skip(_ skip: Int) -> Self {
        var query = self
        query.skipValue = skip
        return query
    }

    /// This query returning only the given fields (plus `objectId`, `createdAt`, `updatedAt`
    /// and `ACL`); dot paths reach into included objects.
    /// - Parameter fields: The fields.
    public func keys(_ fields: any ParseFieldKey<T>...) -> Self {
        keys(paths: fields.map(\.name))
    }

    /// This query returning only the fields at `paths`.
    /// - Parameter paths: Field names or dot paths.
    public func keys(paths: [String]) -> Self {
        var query = self
        query.keyNames = (query.keyNames ?? []) + paths
        return query
    }

    /// This query returning every field but the given ones.
    /// - Parameter fields: The fields to leave out.
    public func excludeKeys(_ fields: any ParseFieldKey<T>...) -> Self {
        excludeKeys(paths: fields.map(\.name))
    }

    /// This query returning every field but those at `paths`.
    /// - Parameter paths: Field names or dot paths.
    public func excludeKeys(paths: [String]) -> Self {
        var query = self
        query.excludedKeyNames = (query.excludedKeyNames ?? []) + paths
        return query
    }

    /// This query returning the objects the given pointer fields point to whole. Use
    /// ``ParseField/appending(_:)`` for deeper paths (`Book.Field.genre.appending(Genre.Field.parent)`).
    /// - Parameter fields: Pointer fields of `T`.
    public func include(_ fields: any ParseFieldKey<T>...) -> Self {
        include(paths: fields.map(\.name))
    }

    /// This query including the pointers at `paths` (`"list.owner"`).
    /// - Parameter paths: Field names or dot paths.
    public func include(paths: [String]) -> Self {
        var query = self
        for path in paths where !query.includePaths.contains(path) {
            query.includePaths.append(path)
        }
        return query
    }

    /// This query including every pointer field one level deep (`include=*`).
    public func includeAll() -> Self {
        include(paths: ["*"])
    }

    // MARK: For the on-device store

    /// The sort keys as Parse writes them (`title`, `-year`), most significant first.
    package var sortKeys: [String] { orderKeys }
    /// The limit, if one was set.
    package var limitCount: Int? { limitValue }
    /// The skip, if one was set.
    package var skipCount: Int? { skipValue }
    /// The fields to return (`keys`), if a selection was made.
    package var selectedKeys: [String]? { keyNames }
    /// The fields to leave out (`excludeKeys`), if any.
    package var excludedKeys: [String]? { excludedKeyNames }
    /// The pointer paths to include.
    package var includedPaths: [String] { includePaths }
    /// The read preferences' parameter names (`readPreference`, ...), if any were set.
    package var readPreferenceNames: [String] { readPreferences.map(\.name) }

    // MARK: Encoding

    /// The `where` JSON.
    /// - Throws: ``ParseClientError`` when a constraint's value could not be encoded.
    public func whereJSON() throws(ParseClientError) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        var topLevel: [String: JSONValue] = [:]
        var conjunction: [JSONValue] = []
        for item in items {
            switch item {
            case .failure(let error):
                throw error
            case .equal(let field, let value):
                fields[field] = value
            case .operators(let field, let operators):
                if case .object(let existing) = fields[field], existing.keys.allSatisfy({ $0.hasPrefix("$") }),
                   !existing.isEmpty {
                    fields[field] = .object(existing.merging(operators) { _, new in new })
                } else {
                    fields[field] = .object(operators)
                }
            case .topLevel(let operation, let value):
                if operation == "$and", case .array(let clauses) = value {
                    conjunction += clauses
                } else if topLevel[operation] == nil {
                    topLevel[operation] = value
                } else {
                    conjunction.append([operation: value])
                }
            }
        }
        var result = fields.merging(topLevel) { _, new in new }
        if !conjunction.isEmpty {
            result["$and"] = .array(conjunction)
        }
        return .object(result)
    }

    /// The URL parameters of a find, in a fixed order: `where` (when there are constraints),
    /// `order`, `limit`, `skip`, `keys`, `excludeKeys`, `include`, then the read preferences.
    /// - Throws: ``ParseClientError`` when a value could not be encoded or `limit`/`skip` is negative.
    public func parameters() throws(ParseClientError) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        let whereJSON = try whereJSON()
        if whereJSON != .object([:]) {
            parameters.append(("where", String(decoding: try WireJSON.body(whereJSON), as: UTF8.self)))
        }
        if !orderKeys.isEmpty {
            parameters.append(("order", orderKeys.joined(separator: ",")))
        }
        if let limitValue {
            guard limitValue >= 0 else {
                throw .invalidRequest(ParseError(code: .invalidQuery, message: "The limit must not be negative."))
            }
            parameters.append(("limit", String(limitValue)))
        }
        if let skipValue {
            guard skipValue >= 0 else {
                throw .invalidRequest(ParseError(code: .invalidQuery, message: "The skip must not be negative."))
            }
            parameters.append(("skip", String(skipValue)))
        }
        if let keyNames {
            parameters.append(("keys", keyNames.joined(separator: ",")))
        }
        if let excludedKeyNames {
            parameters.append(("excludeKeys", excludedKeyNames.joined(separator: ",")))
        }
        if !includePaths.isEmpty {
            parameters.append(("include", includePaths.joined(separator: ",")))
        }
        for preference in readPreferences {
            parameters.append((preference.name, preference.value.rawValue))
        }
        return parameters
    }

    /// This query reading from the given members of a MongoDB replica set: `readPreference`,
    /// and for included pointers and subqueries `includeReadPreference` and
    /// `subqueryReadPreference` (each the main one when not given).
    /// - Parameters:
    ///   - preference: Where the objects are read.
    ///   - include: Where included pointers are read.
    ///   - subquery: Where subqueries run.
    public func readPreference(_ preference: ParseReadPreference, include: ParseReadPreference? = nil,
                               subquery: ParseReadPreference? = nil) -> Self {
        var query = self
        query.readPreferences = [("readPreference", preference)]
        if let include { query.readPreferences.append(("includeReadPreference", include)) }
        if let subquery { query.readPreferences.append(("subqueryReadPreference", subquery)) }
        return query
    }
}

/// Which members of a MongoDB replica set a query reads from.
public enum ParseReadPreference: String, Sendable, Hashable, CaseIterable {
    case primary = "PRIMARY"
    case primaryPreferred = "PRIMARY_PREFERRED"
    case secondary = "SECONDARY"
    case secondaryPreferred = "SECONDARY_PREFERRED"
    case nearest = "NEAREST"
}

/// A sort key of a ``ParseQuery``.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseOrder<T: ParseObject>: Sendable, Hashable {
    /// The key as Parse writes it: `name` or `-name`.
    public let key: String

    /// Ascending by `field`.
    public static func ascending<Value>(_ field: ParseField<T, Value>) -> ParseOrder {
        ParseOrder(key: field.name)
    }

    /// Descending by `field`.
    public static func descending<Value>(_ field: ParseField<T, Value>) -> ParseOrder {
        ParseOrder(key: "-" + field.name)
    }

    /// By the relevance of a ``ParseConstraint/matchesText(_:_:language:caseSensitive:diacriticSensitive:)``
    /// search (`$score`; add `$score` to the query's keys too).
    public static var textScore: ParseOrder {
        ParseOrder(key: "$score")
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseObject {
    /// A query over this class with the given constraints.
    /// - Parameter constraints: The constraints (all must hold).
    public static func query(_ constraints: ParseConstraint<Self>...) -> ParseQuery<Self> {
        ParseQuery(constraints)
    }

    /// A query over this class with the given constraints.
    /// - Parameter constraints: The constraints (all must hold).
    public static func query(_ constraints: [ParseConstraint<Self>]) -> ParseQuery<Self> {
        ParseQuery(constraints)
    }
}
