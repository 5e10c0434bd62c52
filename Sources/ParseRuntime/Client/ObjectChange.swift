import Foundation

/// An update of one saved object: the body to send and how to merge the response into the
/// local copy. Shared by single updates and batches.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package struct ObjectChange<T: ParseObject>: Sendable {
    /// The object's id.
    package let objectId: String
    /// The update body.
    package let body: [String: JSONValue]
    /// The local fields the response is merged into.
    private let base: [String: JSONValue]
    /// Values to set locally before merging the response.
    private var localValues: [String: JSONValue] = [:]
    /// Fields to remove locally before merging the response.
    private var deletions: Set<String> = []

    /// The changes of `object`: the fields that differ from its ``ParseObject/originalData``
    /// when it has one, else all its non-nil fields. Unsaved objects it points to are written
    /// as pointers to their copies in `saved`, which the local result holds with their ids.
    init(changesOf object: T, saved: SavedChildren = SavedChildren()) throws(ParseClientError) {
        objectId = try Self.objectId(of: object)
        let fields = try WireJSON.saveFields(object, saved: saved)
        let current = try WireJSON.snapshot(object)
        let patched = saved.patched(current)
        if let original = WireJSON.original(of: object) {
            body = fields.filter { key, _ in current[key] != original[key] }
            base = original.merging(patched) { _, new in new }
        } else {
            body = fields
            base = patched
        }
    }

    /// The changes of `object`, for a caller outside the client (the on-device store), which
    /// has no unsaved children to patch in.
    package init(changesOf object: T) throws(ParseClientError) {
        try self.init(changesOf: object, saved: SavedChildren())
    }

    /// The fields ``init(changesOf:saved:)`` sends, where a change can point to unsaved
    /// objects: those that differ from the original, or `nil` (all of them) without one.
    static func changedFields(of object: T) throws(ParseClientError) -> Set<String>? {
        guard let original = WireJSON.original(of: object) else { return nil }
        let current = try WireJSON.snapshot(object)
        return Set(current.keys.filter { current[$0] != original[$0] })
    }

    /// Exactly `fields` of `object`; those without a value are deleted. A field Parse Server
    /// owns is refused, never turned into a delete.
    init(_ object: T, fields: [String]) throws(ParseClientError) {
        objectId = try Self.objectId(of: object)
        try Self.checkUpdatable(fields)
        let values = try WireJSON.saveFields(object)
        var body: [String: JSONValue] = [:]
        for field in fields {
            if let value = values[field] {
                body[field] = value
            } else {
                body[field] = FieldOperation.delete.wire
                deletions.insert(field)
            }
        }
        self.body = body
        let current = try WireJSON.snapshot(object)
        base = (WireJSON.original(of: object) ?? [:]).merging(current) { _, new in new }
    }

    /// A typed update.
    package init(_ update: ParseUpdate<T>) throws(ParseClientError) {
        guard case .object(let body) = try update.body() else {
            throw .encoding("An update body must be a JSON object.")
        }
        guard let objectId = update.objectId else {
            throw .invalidRequest(ParseError(code: .missingObjectId, message: "Cannot update an unsaved \(T.className)."))
        }
        self.objectId = objectId
        self.body = body
        if let target = update.target {
            let current = try WireJSON.snapshot(target)
            base = (WireJSON.original(of: target) ?? [:]).merging(current) { _, new in new }
        } else {
            base = ["objectId": .string(objectId)]
        }
        for (key, operation) in update.operations {
            switch operation {
            case .set(_, let local):
                localValues[key] = local
                deletions.remove(key)
            case .delete:
                localValues.removeValue(forKey: key)
                deletions.insert(key)
            default:
                break
            }
        }
    }

    /// The operations of a ``ParseOperation`` on its target.
    package init(_ operation: ParseOperation<T>) throws(ParseClientError) {
        objectId = try Self.objectId(of: operation.target)
        body = operation.operations
        base = try WireJSON.snapshot(operation.target)
        for (key, value) in operation.operations where value == FieldOperation.delete.wire {
            deletions.insert(key)
        }
    }

    /// Whether sending the body twice has the same effect as sending it once: true unless it
    /// holds an `Increment` or an `Add` (sets, deletes, AddUnique, Remove and relation
    /// operations can be repeated).
    var isIdempotent: Bool {
        !body.values.contains { value in
            guard case .string(let operation) = value["__op"] else { return false }
            return operation == "Increment" || operation == "Add"
        }
    }

    /// The `PUT` call; retried after transient failures when ``isIdempotent``.
    func call() throws(ParseClientError) -> ParseCall {
        let path: String
        do {
            path = try ParseEndpoint.objectPath(T.className, objectId: objectId)
        } catch let error as ParseError {
            throw .invalidRequest(error)
        } catch {
            throw .invalidRequest(ParseError(code: .invalidClassName, message: "\(error)"))
        }
        return ParseCall(method: .put, path: path, body: try WireJSON.body(body), isIdempotent: isIdempotent)
    }

    /// The local object after the server answered `response` (`updatedAt` and operated fields).
    package func result(response: [String: JSONValue], status: Int, redactor: Redactor) throws(ParseClientError) -> T {
        guard response["updatedAt"] != nil else {
            throw .decoding(ParseDecodingFailure(httpStatus: status, path: "updatedAt",
                                                 message: "an update response needs updatedAt"))
        }
        var merged = base.merging(localValues) { _, new in new }
        for key in deletions {
            merged.removeValue(forKey: key)
        }
        merged.merge(response) { _, new in new }
        // A server's answer has no objectId; the on-device store's does when the object's local
        // id was replaced by the server's.
        merged["objectId"] = response["objectId"] ?? .string(objectId)
        return try WireJSON.decode(T.self, from: merged, status: status, redactor: redactor)
    }

    /// Throws when one of `fields` is owned by Parse Server (`objectId`, `createdAt`,
    /// `updatedAt`, `className`, a user's `emailVerified`), which no update may name.
    static func checkUpdatable(_ fields: some Sequence<String>) throws(ParseClientError) {
        let owned = ParseEncoder.serverOwnedFields(of: T.self)
        if let field = fields.first(where: owned.contains) {
            throw .invalidRequest(ParseError(
                code: .invalidKeyName, message: "'\(field)' of \(T.className) is set by Parse Server; an update cannot change it."))
        }
    }

    private static func objectId(of object: T) throws(ParseClientError) -> String {
        guard let objectId = object.objectId else {
            throw .invalidRequest(ParseError(code: .missingObjectId, message: "Cannot update an unsaved \(T.className)."))
        }
        return objectId
    }
}
