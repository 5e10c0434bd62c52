import Foundation

/// The objects a query found and, when asked for, how many match in all.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseQueryResults<T: ParseObject>: Sendable {
    /// The objects returned (at most the query's limit).
    public var results: [T]
    /// How many objects match the query in all, ignoring limit and skip.
    public var count: Int
}

/// `{"results":[...],"count":n}`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct FindResponse<T: Decodable>: Decodable {
    var results: [T]
    var count: Int?
}

// Running queries: GET /classes/<class> with URL-encoded parameters.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// The objects matching `query`.
    /// - Parameters:
    ///   - query: The query.
    ///   - options: Per-call options.
    public func find<T: ParseObject>(_ query: ParseQuery<T>, options: ParseRequestOptions = .none) async throws(ParseClientError) -> [T] {
        let response = try await execute(try findCall(query, extra: []), options: options)
        return try decode(FindResponse<T>.self, from: response).results
    }

    /// The first object matching `query` (its limit set to 1), or `nil`.
    /// - Parameters:
    ///   - query: The query.
    ///   - options: Per-call options.
    public func first<T: ParseObject>(_ query: ParseQuery<T>, options: ParseRequestOptions = .none) async throws(ParseClientError) -> T? {
        let response = try await execute(try findCall(query.limit(1), extra: []), options: options)
        return try decode(FindResponse<T>.self, from: response).results.first
    }

    /// How many objects match `query` (`count=1&limit=0`: no objects are returned).
    /// - Parameters:
    ///   - query: The query; its limit and skip are ignored.
    ///   - options: Per-call options.
    public func count<T: ParseObject>(_ query: ParseQuery<T>, options: ParseRequestOptions = .none) async throws(ParseClientError) -> Int {
        let response = try await execute(try findCall(query.limit(0), extra: [("count", "1")]), options: options)
        let decoded = try decode(FindResponse<JSONValue>.self, from: response)
        guard let count = decoded.count else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "count", message: "missing count"))
        }
        return count
    }

    /// The objects matching `query` and how many match in all (`count=1`).
    /// - Parameters:
    ///   - query: The query.
    ///   - options: Per-call options.
    public func findWithCount<T: ParseObject>(
        _ query: ParseQuery<T>, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> ParseQueryResults<T> {
        let response = try await execute(try findCall(query, extra: [("count", "1")]), options: options)
        let decoded = try decode(FindResponse<T>.self, from: response)
        guard let count = decoded.count else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "count", message: "missing count"))
        }
        return ParseQueryResults(results: decoded.results, count: count)
    }

    private func findCall<T: ParseObject>(
        _ query: ParseQuery<T>, extra: [(name: String, value: String)]
    ) throws(ParseClientError) -> ParseCall {
        ParseCall(method: .get, path: try classPath(T.self), query: try query.parameters() + extra, isIdempotent: true)
    }
}
