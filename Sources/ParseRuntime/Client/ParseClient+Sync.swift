import Foundation

/// The untyped calls the on-device store's sync makes (`ParseLocalStore`): objects by class name
/// as Parse JSON, with the store's own request ids. They go through the client's one path for
/// every call (headers, session, retries, typed errors, redaction).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// One write of a pushed change, or a read of a page.
    package struct SyncRequest: Sendable {
        package var method: HTTPMethod
        package var className: String
        package var objectId: String?
        package var body: [String: JSONValue]?
        /// Sent as `X-Parse-Request-Id`: the same for every attempt of the change, across
        /// processes, so Parse Server's idempotency refuses a second run of it (159).
        package var requestId: String?

        package init(_ method: HTTPMethod, className: String, objectId: String? = nil,
                     body: [String: JSONValue]? = nil, requestId: String? = nil) {
            self.method = method
            self.className = className
            self.objectId = objectId
            self.body = body
            self.requestId = requestId
        }

        func call(query: [(name: String, value: String)] = []) throws(ParseClientError) -> ParseCall {
            let path: String
            do {
                path = try objectId.map { id in try ParseEndpoint.objectPath(className, objectId: id) }
                    ?? ParseEndpoint.classPath(className)
            } catch let error as ParseError {
                throw .invalidRequest(error)
            } catch {
                throw .invalidRequest(ParseError(code: .unknownError, message: "\(error)"))
            }
            var call = ParseCall(method: method, path: path, query: query,
                                 body: try body.map { members throws(ParseClientError) in try WireJSON.body(members) },
                                 // A request id makes a repeat harmless: the server refuses it.
                                 isIdempotent: requestId != nil || method != .post)
            if let requestId {
                call.headers.append((name: "X-Parse-Request-Id", value: requestId))
            }
            return call
        }
    }

    /// Sends one request and returns the answer's JSON object.
    package func syncSend(_ request: SyncRequest, query: [(name: String, value: String)] = []) async throws(ParseClientError) -> [String: JSONValue] {
        let response = try await execute(try request.call(query: query), options: .none)
        return try decodeObject(from: response)
    }

    /// A page of a class's objects: `where`, `order`, `keys` and `limit` as Parse's REST find
    /// takes them.
    package func syncFind(
        className: String, where constraints: [String: JSONValue], order: String, keys: String? = nil, limit: Int
    ) async throws(ParseClientError) -> [[String: JSONValue]] {
        var query: [(name: String, value: String)] = [
            (name: "where", value: String(decoding: try WireJSON.body(constraints), as: UTF8.self)),
            (name: "order", value: order),
            (name: "limit", value: String(limit)),
        ]
        if let keys {
            query.append((name: "keys", value: keys))
        }
        let answer = try await syncSend(SyncRequest(.get, className: className), query: query)
        guard case .array(let results) = answer["results"] ?? .null else {
            throw .decoding(ParseDecodingFailure(httpStatus: 200, path: "results", message: "expected an array"))
        }
        return results.map { $0.objectValue ?? [:] }
    }

    /// Sends requests as one `POST /batch` (not a transaction) and returns each one's answer:
    /// its `success` object or its error.
    package func syncBatch(_ requests: [SyncRequest]) async throws(ParseClientError) -> [Result<[String: JSONValue], ParseError>] {
        guard !requests.isEmpty else { return [] }
        let mountPath = configuration.mountPath
        var items: [JSONValue] = []
        for request in requests {
            let call = try request.call()
            var item: [String: JSONValue] = ["method": .string(call.method.rawValue), "path": .string(mountPath + "/" + call.path)]
            if let body = request.body {
                item["body"] = .object(body)
            }
            items.append(.object(item))
        }
        // Every item is safe to repeat (the store batches only those), so the batch is too.
        let call = ParseCall(method: .post, path: "batch", body: try WireJSON.body(["requests": .array(items)]), isIdempotent: true)
        let response = try await execute(call, options: .none)
        let json = try decode(JSONValue.self, from: response)
        guard case .array(let replies) = json, replies.count == requests.count else {
            throw .decoding(ParseDecodingFailure(httpStatus: response.status, path: "", message: "expected an array of \(requests.count) results"))
        }
        let redactor = redactor()
        return replies.map { reply in
            if let success = reply["success"] {
                return .success(success.objectValue ?? [:])
            }
            let error = (try? ParseDecoder().decode(ParseError.self, from: reply["error"] ?? .null))
                ?? ParseError(code: .unknownError, message: "A batch item's answer has neither success nor error.")
            return .failure(redactor.scrub(error))
        }
    }

    /// A client like this one whose session stays the one this client has now, whatever this
    /// one's becomes: a sync makes every request as the user it began as, even when the app
    /// logs in or out meanwhile (a logout revokes that session, so the rest of the sync fails
    /// with 209 instead of reading another user's objects into the store).
    package func pinnedToCurrentSession() -> ParseClient {
        ParseClient(configuration: configuration, transport: transport, sessionToken: sessionToken, sleeper: sleeper, random: random)
    }

    /// The objectId of the logged-in user (`GET /users/me`), or `nil` when no user is logged in.
    package func syncUserId() async throws(ParseClientError) -> String? {
        guard sessionToken != nil else { return nil }
        let response = try await execute(ParseCall(method: .get, path: "users/me", isIdempotent: true), options: .none)
        return try decodeObject(from: response)["objectId"]?.stringValue
    }
}
