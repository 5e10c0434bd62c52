import Foundation

// POST /batch.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Sends `batch` as one `POST /batch` request (`{"requests":[{"method","path","body"}...]}`,
    /// paths including the mount path) and reads the result of each item.
    /// - Parameters:
    ///   - batch: The batch; an empty batch sends nothing.
    ///   - options: Per-call options.
    /// - Returns: One result per item, in order.
    /// - Throws: ``ParseClientError`` when the batch could not be sent or its response read, or
    ///   for a transaction that failed (``ParseClientError/server(_:)``).
    public func send(_ batch: ParseBatch, options: ParseRequestOptions = .none) async throws(ParseClientError) -> ParseBatchResponse {
        guard !batch.isEmpty else {
            return ParseBatchResponse(results: [])
        }
        var prepared: [ParseBatch.Prepared] = []
        for item in batch.items {
            prepared.append(try item.prepare(self))
        }
        let mountPath = configuration.mountPath
        var requests: [JSONValue] = []
        for item in prepared {
            var request: [String: JSONValue] = [
                "method": .string(item.call.method.rawValue),
                "path": .string(mountPath + "/" + item.call.path),
            ]
            if let body = item.call.body {
                request["body"] = try decodedBody(body)
            }
            requests.append(.object(request))
        }
        var body: [String: JSONValue] = ["requests": .array(requests)]
        if batch.transaction {
            body["transaction"] = true
        }
        let call = ParseCall(method: .post, path: "batch", body: try WireJSON.body(body),
                             isIdempotent: prepared.allSatisfy(\.call.isIdempotent))
        let response = try await execute(call, options: options)
        let json = try decode(JSONValue.self, from: response)
        guard case .array(let replies) = json, replies.count == prepared.count else {
            throw .decoding(ParseDecodingFailure(
                httpStatus: response.status, path: "",
                message: "expected an array of \(prepared.count) results"))
        }
        let redactor = redactor()
        var results: [Result<any Sendable, ParseClientError>] = []
        for (index, (item, reply)) in zip(prepared, replies).enumerated() {
            results.append(Self.result(of: item, reply: reply, index: index, status: response.status, redactor: redactor))
        }
        return ParseBatchResponse(results: results)
    }

    /// Creates `objects` in one batch.
    /// - Returns: Each object with its `objectId` and `createdAt`, or its error, in order.
    public func createAll<T: ParseObject>(
        _ objects: [T], transaction: Bool = false, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> [Result<T, ParseClientError>] {
        var batch = ParseBatch(transaction: transaction)
        let items = objects.map { batch.create($0) }
        let response = try await send(batch, options: options)
        return items.map { response[$0] }
    }

    /// Updates the changes of `objects` in one batch.
    /// - Returns: Each updated object, or its error, in order.
    public func updateAll<T: ParseObject>(
        _ objects: [T], transaction: Bool = false, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> [Result<T, ParseClientError>] {
        var batch = ParseBatch(transaction: transaction)
        let items = objects.map { batch.update($0) }
        let response = try await send(batch, options: options)
        return items.map { response[$0] }
    }

    /// Deletes `objects` in one batch.
    /// - Returns: Each delete's result, in order.
    public func deleteAll<T: ParseObject>(
        _ objects: [T], transaction: Bool = false, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> [Result<Void, ParseClientError>] {
        var batch = ParseBatch(transaction: transaction)
        let items = objects.map { batch.delete($0) }
        let response = try await send(batch, options: options)
        return items.map { response[$0] }
    }

    private func decodedBody(_ body: Data) throws(ParseClientError) -> JSONValue {
        do {
            return try JSONValue(parsing: body)
        } catch {
            throw .encoding("A batch item's body is not JSON.")
        }
    }

    /// One item's result from its reply, `{"success":…}` or `{"error":{"code","error"}}`.
    private static func result(
        of item: ParseBatch.Prepared, reply: JSONValue, index: Int, status: Int, redactor: Redactor
    ) -> Result<any Sendable, ParseClientError> {
        if let success = reply["success"] {
            do throws(ParseClientError) {
                return .success(try item.decode(success.objectValue ?? [:], redactor))
            } catch {
                return .failure(Self.indexed(error, index))
            }
        }
        if let failure = reply["error"] {
            do {
                return .failure(.server(redactor.scrub(try ParseDecoder().decode(ParseError.self, from: failure))))
            } catch {
                return .failure(.decoding(ParseDecodingFailure.from(error, status: status, redactor: redactor)))
            }
        }
        return .failure(.decoding(ParseDecodingFailure(
            httpStatus: status, path: String(index), message: "expected \"success\" or \"error\"")))
    }

    /// A decoding failure of item `index` with the item's position prefixed to its path.
    private static func indexed(_ error: ParseClientError, _ index: Int) -> ParseClientError {
        guard case .decoding(var failure) = error else { return error }
        failure.path = failure.path.isEmpty ? "\(index).success" : "\(index).success.\(failure.path)"
        return .decoding(failure)
    }
}
