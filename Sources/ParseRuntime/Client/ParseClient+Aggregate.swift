import Foundation

/// One stage of an aggregation pipeline, as MongoDB names them (Parse Server runs them on
/// PostgreSQL too). Group by `_id`, as MongoDB does (current Parse Server refuses `objectId`
/// there); the results name the group's key `objectId`.
public enum ParseAggregateStage: Sendable, Hashable {
    /// `$match`: keep the objects matching a `where`-style condition.
    case match(JSONValue)
    /// `$group`: group by `_id` (a `"$field"`, or `null` for one group) with accumulators
    /// such as `{"total":{"$sum":"$score"}}`.
    case group(JSONValue)
    /// `$project`: keep (`1`) or compute fields.
    case project(JSONValue)
    /// `$sort`: `{"field": 1}` ascending, `-1` descending.
    case sort(JSONValue)
    /// `$limit`.
    case limit(Int)
    /// `$skip`.
    case skip(Int)
    /// Any other stage, by its name without `$` (`"unwind"`, `"count"`...).
    case stage(String, JSONValue)

    /// The stage as JSON: `{"$group": …}`.
    public var json: JSONValue {
        switch self {
        case .match(let value): ["$match": value]
        case .group(let value): ["$group": value]
        case .project(let value): ["$project": value]
        case .sort(let value): ["$sort": value]
        case .limit(let count): ["$limit": .int(count)]
        case .skip(let count): ["$skip": .int(count)]
        case .stage(let name, let value): .object(["$" + name: value])
        }
    }
}

// Aggregate and distinct queries: `GET /aggregate/<class>`, master key only.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Runs an aggregation pipeline over class `T` (`GET /aggregate/<class>?pipeline=[…]`,
    /// always with the master key) and decodes each result as `Result`.
    ///
    /// ```swift
    /// struct Total: Decodable { var total: Int }
    /// let totals = try await admin.aggregate(GameScore.self, [.group(["_id": nil, "total": ["$sum": "$score"]])],
    ///                                        returning: Total.self)
    /// ```
    /// - Parameters:
    ///   - type: The class to aggregate.
    ///   - pipeline: The stages, in order.
    ///   - returning: The type of one result.
    ///   - options: Per-call options; the master key is used whatever they say.
    public func aggregate<T: ParseObject, Result: Decodable>(
        _ type: T.Type, _ pipeline: [ParseAggregateStage], returning: Result.Type = Result.self, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> [Result] {
        for stage in pipeline {
            if case .limit(let count) = stage, count < 0 { throw Self.negative("$limit") }
            if case .skip(let count) = stage, count < 0 { throw Self.negative("$skip") }
        }
        let text = String(decoding: try WireJSON.body(.array(pipeline.map(\.json))), as: UTF8.self)
        return try await aggregateCall(T.self, query: [("pipeline", text)], returning: Result.self, options: options)
    }

    /// The distinct values of `field` among the objects matching `query`
    /// (`GET /aggregate/<class>?distinct=<field>&where=…`, always with the master key).
    /// - Parameters:
    ///   - field: The field.
    ///   - query: The objects to look at; all of the class by default. Only its constraints
    ///     are used.
    ///   - options: Per-call options; the master key is used whatever they say.
    public func distinct<T: ParseObject, Value: Decodable>(
        _ field: ParseField<T, Value>, in query: ParseQuery<T> = ParseQuery<T>(), options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> [Value] {
        var parameters: [(name: String, value: String)] = [("distinct", field.name)]
        let whereJSON = try query.whereJSON()
        if whereJSON != .object([:]) {
            parameters.append(("where", String(decoding: try WireJSON.body(whereJSON), as: UTF8.self)))
        }
        return try await aggregateCall(T.self, query: parameters, returning: Value.self, options: options)
    }

    private func aggregateCall<T: ParseObject, Result: Decodable>(
        _ type: T.Type, query: [(name: String, value: String)], returning: Result.Type, options: ParseRequestOptions
    ) async throws(ParseClientError) -> [Result] {
        guard ParseEndpoint.isValidClassName(T.className) else {
            throw .invalidRequest(ParseError(code: .invalidClassName, message: "Invalid class name \"\(T.className)\"."))
        }
        var call = ParseCall(method: .get, path: "aggregate/" + T.className, isIdempotent: true)
        call.query = query
        let response = try await execute(call, options: options.requiringMasterKey)
        return try decode(AggregateResults<Result>.self, from: response).results
    }

    private static func negative(_ name: String) -> ParseClientError {
        .invalidRequest(ParseError(code: .invalidQuery, message: "A \(name) stage must not be negative."))
    }

    private struct AggregateResults<Result: Decodable>: Decodable {
        var results: [Result]
    }
}
