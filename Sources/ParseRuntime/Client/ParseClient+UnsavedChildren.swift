import Foundation

// Creating the unsaved objects a create or update points to, before the object itself.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// The most requests one level's `POST /batch` holds: the limit Parse's SDKs batch by
    /// (ParseSwift's `batchLimit`). A transaction is never split.
    static let childBatchLimit = 50

    /// Whether a create or update of this call saves the unsaved objects it points to first.
    func savesUnsavedChildren(_ options: ParseRequestOptions) -> Bool {
        options.savesUnsavedChildren ?? configuration.savesUnsavedChildren
    }

    /// Creates `children`, then sends the call `call` makes (which points to them) and reads
    /// its response with `result`.
    ///
    /// With custom object ids, all of it is one transaction batch; otherwise each level is a
    /// batch of its own, then the call is sent alone, and a failure after a child was created
    /// is ``ParseClientError/incompleteSave(_:)``. Every request is made once, with stand-in
    /// ids, before anything is sent, so one that cannot be made fails with nothing saved.
    /// - Parameters:
    ///   - children: The unsaved objects, not empty.
    ///   - call: The object's own call, given where the children are saved.
    ///   - result: The object from the call's response fields and status, and the children.
    ///   - options: The call's options, used by every request.
    func sendAfterCreating<Object>(
        _ children: UnsavedChildren,
        call: (SavedChildren) throws(ParseClientError) -> ParseCall,
        result: ([String: JSONValue], Int, SavedChildren) throws(ParseClientError) -> Object,
        options: ParseRequestOptions
    ) async throws(ParseClientError) -> Object {
        var rehearsal = SavedChildren()
        for child in children.all {
            rehearsal.assign(Self.newObjectId(), to: child)
        }
        for child in children.all {
            _ = try createCall(child, saved: rehearsal)
        }
        _ = try call(rehearsal)

        if configuration.allowsCustomObjectId {
            return try await sendInOneTransaction(children, ids: rehearsal, call: call, result: result, options: options)
        }
        return try await sendLevelByLevel(children, call: call, result: result, options: options)
    }

    /// Custom object ids: the children, with the ids in `ids`, and the object's call in one
    /// `"transaction": true` batch, which the server applies whole or not at all.
    private func sendInOneTransaction<Object>(
        _ children: UnsavedChildren,
        ids: SavedChildren,
        call: (SavedChildren) throws(ParseClientError) -> ParseCall,
        result: ([String: JSONValue], Int, SavedChildren) throws(ParseClientError) -> Object,
        options: ParseRequestOptions
    ) async throws(ParseClientError) -> Object {
        var saved = ids
        var batch = ParseBatch(transaction: true)
        var items: [ParseBatchItem<[String: JSONValue]>] = []
        for child in children.all {
            items.append(batch.add(try createCall(child, saved: saved)))
        }
        let objectItem = batch.add(try call(saved))
        // A transaction that fails saved nothing: its error is the call's.
        let response = try await send(batch, options: options)
        var created: [ParseObjectReference] = []
        try record(zip(children.all, items).map { ($0, response[$1]) }, in: &saved, created: &created)
        do throws(ParseClientError) {
            return try result(try response[objectItem].get(), 200, saved)
        } catch {
            throw Self.incomplete(error, created)
        }
    }

    /// No custom object ids: each level of children in its own batches (at most
    /// ``childBatchLimit`` requests each), deepest first, then the object's call alone.
    private func sendLevelByLevel<Object>(
        _ children: UnsavedChildren,
        call: (SavedChildren) throws(ParseClientError) -> ParseCall,
        result: ([String: JSONValue], Int, SavedChildren) throws(ParseClientError) -> Object,
        options: ParseRequestOptions
    ) async throws(ParseClientError) -> Object {
        var saved = SavedChildren()
        var created: [ParseObjectReference] = []
        for level in children.levels {
            for start in stride(from: 0, to: level.count, by: Self.childBatchLimit) {
                let chunk = level[start..<min(start + Self.childBatchLimit, level.count)]
                var batch = ParseBatch()
                var items: [ParseBatchItem<[String: JSONValue]>] = []
                for child in chunk {
                    items.append(batch.add(try createCall(child, saved: saved)))
                }
                let response: ParseBatchResponse
                do throws(ParseClientError) {
                    response = try await send(batch, options: options)
                } catch {
                    throw Self.incomplete(error, created)
                }
                try record(zip(chunk, items).map { ($0, response[$1]) }, in: &saved, created: &created)
            }
        }
        do throws(ParseClientError) {
            let response = try await execute(try call(saved), options: options)
            return try result(try decodeObject(from: response), response.status, saved)
        } catch {
            throw Self.incomplete(error, created)
        }
    }

    /// The create call of a child, with the id it was given when there is one (custom ids).
    private func createCall(_ child: UnsavedChildren.Child, saved: SavedChildren) throws(ParseClientError) -> ParseCall {
        var object = child.object
        if configuration.allowsCustomObjectId {
            object.objectId = saved.objectId(of: child)
        }
        return try createCall(object, saved: saved)
    }

    /// Records the children the batch created, in order; throws the first item's failure
    /// (with what was created, the whole batch's included).
    private func record(
        _ results: [(UnsavedChildren.Child, Result<[String: JSONValue], ParseClientError>)],
        in saved: inout SavedChildren, created: inout [ParseObjectReference]
    ) throws(ParseClientError) {
        var failure: ParseClientError?
        for (child, outcome) in results {
            switch outcome {
            case .success(let response):
                if let reference = saved.record(child, response: response) {
                    created.append(reference)
                } else {
                    failure = failure ?? .decoding(ParseDecodingFailure(
                        httpStatus: 200, path: "objectId", message: "a create response needs a string objectId"))
                }
            case .failure(let error):
                failure = failure ?? error
            }
        }
        if let failure {
            throw Self.incomplete(failure, created)
        }
    }

    /// `error`, or ``ParseClientError/incompleteSave(_:)`` when objects were created before it.
    private static func incomplete(_ error: ParseClientError, _ created: [ParseObjectReference]) -> ParseClientError {
        if case .incompleteSave = error {
            return error
        }
        return created.isEmpty ? error : .incompleteSave(ParseIncompleteSave(error: error, saved: created))
    }

    /// A new object id as Parse Server makes them: 10 random letters and digits.
    static func newObjectId() -> String {
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in characters.randomElement(using: &generator) ?? "0" })
    }
}
