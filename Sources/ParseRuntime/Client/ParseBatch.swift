import Foundation

/// Creates, updates and deletes of any classes sent together as `POST /batch`, with a typed
/// result per item.
///
/// ```swift
/// var batch = ParseBatch()
/// let created = batch.create(Author(name: "Ursula K. Le Guin"))
/// let updated = batch.update(ParseUpdate(book).increment(Book.Field.publishingYear, by: 1))
/// let deleted = batch.delete(oldBook)
/// let results = try await client.send(batch)
/// let author = try results[created].get()      // Author with objectId and createdAt
/// if case .failure(let error) = results[deleted] { print(error) }
/// ```
///
/// Without ``transaction`` each item succeeds or fails on its own; with it the server applies
/// all or none (a failure then fails the whole call). A batch holding a create is not repeated
/// after a transient failure unless the call opts in.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseBatch: Sendable {
    /// Whether the server must apply all items or none (`"transaction": true`).
    public var transaction: Bool
    private(set) var items: [Item] = []

    /// An item before the client is known (paths need the mount path, creates the
    /// custom-objectId setting).
    struct Item: Sendable {
        let prepare: @Sendable (ParseClient) throws(ParseClientError) -> Prepared
    }

    /// An item ready to send, with how to read its `success` value.
    struct Prepared: Sendable {
        let call: ParseCall
        let decode: @Sendable ([String: JSONValue], Redactor) throws(ParseClientError) -> any Sendable
    }

    /// An empty batch.
    /// - Parameter transaction: Whether all items must succeed together.
    public init(transaction: Bool = false) {
        self.transaction = transaction
    }

    /// The number of items.
    public var count: Int { items.count }

    /// Whether the batch has no items.
    public var isEmpty: Bool { items.isEmpty }

    /// Adds the create of `object`.
    /// - Returns: The handle of the item; its result is the created object.
    @discardableResult
    public mutating func create<T: ParseObject>(_ object: T) -> ParseBatchItem<T> {
        append { client throws(ParseClientError) in
            Prepared(call: try client.createCall(object)) { response, _ throws(ParseClientError) in
                try client.createdObject(object, response: response, status: 200)
            }
        }
    }

    /// Adds the update of `object`'s changes (see ``ParseClient/update(_:options:)-(T,_)``).
    /// - Returns: The handle of the item; its result is the updated object.
    @discardableResult
    public mutating func update<T: ParseObject>(_ object: T) -> ParseBatchItem<T> {
        appendChange { () throws(ParseClientError) in try ObjectChange(changesOf: object) }
    }

    /// Adds the update of exactly `fields` of `object` (`nil` fields are deleted).
    /// - Returns: The handle of the item; its result is the updated object.
    @discardableResult
    public mutating func update<T: ParseObject>(_ object: T, fields: [any ParseFieldKey<T>]) -> ParseBatchItem<T> {
        let names = fields.map(\.name)
        return appendChange { () throws(ParseClientError) in try ObjectChange(object, fields: names) }
    }

    /// Adds a typed update.
    /// - Returns: The handle of the item; its result is the updated object.
    @discardableResult
    public mutating func update<T: ParseObject>(_ update: ParseUpdate<T>) -> ParseBatchItem<T> {
        appendChange { () throws(ParseClientError) in try ObjectChange(update) }
    }

    /// Adds the delete of a saved object.
    /// - Returns: The handle of the item; its result is `()`.
    @discardableResult
    public mutating func delete<T: ParseObject>(_ object: T) -> ParseBatchItem<Void> {
        let objectId = object.objectId
        return append { client throws(ParseClientError) in
            guard let objectId else {
                throw .invalidRequest(ParseError(code: .missingObjectId, message: "Cannot delete an unsaved \(T.className)."))
            }
            let call = ParseCall(method: .delete, path: try client.objectPath(T.self, objectId: objectId), isIdempotent: true)
            return Prepared(call: call) { _, _ throws(ParseClientError) in () }
        }
    }

    /// Adds a call made by the client itself; its result is the item's `success` fields as
    /// they are (the creates of ``ParseClient/create(_:options:)``'s unsaved objects).
    mutating func add(_ call: ParseCall) -> ParseBatchItem<[String: JSONValue]> {
        append { _ throws(ParseClientError) in
            Prepared(call: call) { response, _ throws(ParseClientError) in response }
        }
    }

    private mutating func appendChange<T: ParseObject>(
        _ make: @escaping @Sendable () throws(ParseClientError) -> ObjectChange<T>
    ) -> ParseBatchItem<T> {
        append { _ throws(ParseClientError) in
            let change = try make()
            return Prepared(call: try change.call()) { response, redactor throws(ParseClientError) in
                try change.result(response: response, status: 200, redactor: redactor)
            }
        }
    }

    private mutating func append<Value>(
        _ prepare: @escaping @Sendable (ParseClient) throws(ParseClientError) -> Prepared
    ) -> ParseBatchItem<Value> {
        items.append(Item(prepare: prepare))
        return ParseBatchItem(index: items.count - 1)
    }
}

/// The handle of one item of a ``ParseBatch``, to read its result from the
/// ``ParseBatchResponse``.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseBatchItem<Value>: Sendable, Hashable {
    /// The item's position in the batch.
    public let index: Int
}

/// The results of a ``ParseBatch``, one per item, in order.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseBatchResponse: Sendable {
    /// Each item's result: its value, or the error the server gave for it
    /// (``ParseClientError/server(_:)``, whose ``ParseError/httpStatus`` is `nil` since the
    /// items share one response) or ``ParseClientError/decoding(_:)``.
    public let results: [Result<any Sendable, ParseClientError>]

    /// The result of `item`.
    public subscript<Value>(item: ParseBatchItem<Value>) -> Result<Value, ParseClientError> {
        guard results.indices.contains(item.index) else {
            return .failure(.invalidRequest(ParseError(code: .unknownError, message: "No item \(item.index) in this batch.")))
        }
        switch results[item.index] {
        case .success(let value):
            guard let typed = value as? Value else {
                return .failure(.invalidRequest(ParseError(
                    code: .unknownError, message: "Item \(item.index) holds \(type(of: value)), not \(Value.self).")))
            }
            return .success(typed)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Whether every item succeeded.
    public var allSucceeded: Bool {
        results.allSatisfy { if case .success = $0 { true } else { false } }
    }

    /// The errors of the items that failed, by index.
    public var errors: [Int: ParseClientError] {
        var errors: [Int: ParseClientError] = [:]
        for (index, result) in results.enumerated() {
            if case .failure(let error) = result {
                errors[index] = error
            }
        }
        return errors
    }
}
