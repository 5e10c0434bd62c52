import Foundation

/// A typed update of one object: field operations keyed by the model's ``ParseField``s, so the
/// compiler checks that a value fits its field, that only numbers are incremented, that list
/// operations get elements of the list's type and that relations get objects of their target
/// class.
///
/// ```swift
/// let update = ParseUpdate(item)
///     .set(TodoListItem.Field.title, to: "Buy milk")
///     .increment(TodoListItem.Field.estimateHours, by: 0.5)
///     .addUnique(TodoListItem.Field.tags, ["home"])
///     .unset(TodoListItem.Field.dueDate)
/// let saved = try await client.update(update)
/// ```
///
/// Operations on the same field combine as in Parse's SDKs: increments add up, list and
/// relation operations of one kind concatenate, an AddRelation and a RemoveRelation become a
/// `Batch` operation; any other second operation replaces the first. Empty lists are ignored.
///
/// Building never throws: a value that cannot be encoded (an unsaved object where a pointer is
/// needed) is reported when the update is sent.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseUpdate<T: ParseObject>: Sendable {
    /// The object updated, if the update was made from one; results are merged into it.
    public let target: T?
    /// The id of the object updated.
    public let objectId: String?
    /// The operations by field name, in the order fields were first touched.
    private(set) var operations: [(key: String, operation: FieldOperation)] = []
    /// The first problem met while building, reported when the update is sent.
    private(set) var failure: ParseClientError?

    /// An update of `object`, which must be saved (have an `objectId`).
    /// - Parameter object: The object; the result of the update is merged into it.
    public init(_ object: T) {
        target = object
        objectId = object.objectId
        if object.objectId == nil {
            failure = .invalidRequest(ParseError(code: .missingObjectId, message: "Cannot update an unsaved \(T.className)."))
        }
    }

    /// An update of the object with id `objectId`.
    /// - Parameter objectId: The object's id.
    public init(objectId: String) {
        target = nil
        self.objectId = objectId
    }

    /// Whether no operation has been added.
    public var isEmpty: Bool { operations.isEmpty }

    /// The field names with an operation, in the order they were added.
    public var fieldNames: [String] { operations.map(\.key) }

    /// Sets `field` to `value` (a Parse object is sent as a pointer).
    /// - Parameters:
    ///   - field: The field.
    ///   - value: The new value.
    public func set<Value: Encodable>(_ field: ParseField<T, Value>, to value: Value) -> Self {
        adding(field.name) { () throws(ParseClientError) in
            .set(wire: try WireJSON.value(value), local: try WireJSON.localValue(value))
        }
    }

    /// Removes `field` from the object (`{"__op":"Delete"}`).
    /// - Parameter field: The field.
    public func unset<Value>(_ field: ParseField<T, Value>) -> Self {
        adding(field.name) { () throws(ParseClientError) in .delete }
    }

    /// Deletes a relation field from the object (`{"__op":"Delete"}`, as the REST guide's
    /// "deleting fields" example does with `opponents`). To take some objects out of the
    /// relation, use ``removeRelation(_:_:)``.
    /// - Parameter field: A relation field.
    public func unset<Target: ParseObject>(_ field: ParseRelationField<T, Target>) -> Self {
        adding(field.name) { () throws(ParseClientError) in .delete }
    }

    /// Adds `amount` to a number field (`{"__op":"Increment","amount":n}`); negative amounts
    /// decrement.
    /// - Parameters:
    ///   - field: A number field.
    ///   - amount: What to add.
    public func increment<Value: ParseNumeric>(_ field: ParseField<T, Value>, by amount: Value) -> Self {
        adding(field.name) { () throws(ParseClientError) in .increment(try WireJSON.value(amount)) }
    }

    /// Subtracts `amount` from a number field (an Increment by `-amount`).
    /// - Parameters:
    ///   - field: A signed number field.
    ///   - amount: What to subtract.
    public func decrement<Value: ParseNumeric & SignedNumeric>(_ field: ParseField<T, Value>, by amount: Value) -> Self {
        increment(field, by: -amount)
    }

    /// Appends `objects` to an array field (`Add`).
    /// - Parameters:
    ///   - field: An array field.
    ///   - objects: The elements to append.
    public func add<Element: Encodable>(_ field: ParseField<T, [Element]>, _ objects: [Element]) -> Self {
        listOperation(field.name, objects, FieldOperation.add)
    }

    /// Appends those of `objects` the array field does not hold yet (`AddUnique`).
    /// - Parameters:
    ///   - field: An array field.
    ///   - objects: The elements to add.
    public func addUnique<Element: Encodable>(_ field: ParseField<T, [Element]>, _ objects: [Element]) -> Self {
        listOperation(field.name, objects, FieldOperation.addUnique)
    }

    /// Removes every occurrence of `objects` from an array field (`Remove`).
    /// - Parameters:
    ///   - field: An array field.
    ///   - objects: The elements to remove.
    public func remove<Element: Encodable>(_ field: ParseField<T, [Element]>, _ objects: [Element]) -> Self {
        listOperation(field.name, objects, FieldOperation.remove)
    }

    /// Adds saved `objects` to a relation field (`AddRelation`).
    /// - Parameters:
    ///   - field: A relation field whose target class is `Target`.
    ///   - objects: Saved objects of the target class.
    public func addRelation<Target: ParseObject>(_ field: ParseRelationField<T, Target>, _ objects: [Target]) -> Self {
        relationOperation(field.name, objects, FieldOperation.addRelation)
    }

    /// Removes `objects` from a relation field (`RemoveRelation`).
    /// - Parameters:
    ///   - field: A relation field whose target class is `Target`.
    ///   - objects: Saved objects of the target class.
    public func removeRelation<Target: ParseObject>(_ field: ParseRelationField<T, Target>, _ objects: [Target]) -> Self {
        relationOperation(field.name, objects, FieldOperation.removeRelation)
    }

    /// The update body, `{"<field>":<value or operation>,...}`.
    /// - Throws: ``ParseClientError`` when a value could not be encoded or the target is unsaved.
    public func body() throws(ParseClientError) -> JSONValue {
        if let failure {
            throw failure
        }
        return .object(Dictionary(operations.map { ($0.key, $0.operation.wire) }, uniquingKeysWith: { _, last in last }))
    }

    /// `base` with the update applied locally (set values, deleted fields) and the server's
    /// `response` (`updatedAt` and the new values of operated fields) on top.
    func merged(into base: [String: JSONValue], response: [String: JSONValue]) -> [String: JSONValue] {
        var result = base
        for (key, operation) in operations {
            switch operation {
            case .set(_, let local):
                result[key] = local
            case .delete:
                result.removeValue(forKey: key)
            default:
                break
            }
        }
        result.merge(response) { _, new in new }
        return result
    }

    // MARK: Building

    private func adding(_ key: String, _ make: () throws(ParseClientError) -> FieldOperation) -> Self {
        guard failure == nil else { return self }
        var updated = self
        do {
            try ObjectChange<T>.checkUpdatable([key])
            let operation = try make()
            if let index = updated.operations.firstIndex(where: { $0.key == key }) {
                updated.operations[index].operation = updated.operations[index].operation.followed(by: operation)
            } else {
                updated.operations.append((key, operation))
            }
        } catch {
            updated.failure = error
        }
        return updated
    }

    private func listOperation<Element: Encodable>(
        _ key: String, _ objects: [Element], _ make: @escaping ([JSONValue]) -> FieldOperation
    ) -> Self {
        guard !objects.isEmpty else { return self }
        return adding(key) { () throws(ParseClientError) in
            var values: [JSONValue] = []
            for object in objects {
                values.append(try WireJSON.value(object))
            }
            return make(values)
        }
    }

    private func relationOperation<Target: ParseObject>(
        _ key: String, _ objects: [Target], _ make: @escaping ([JSONValue]) -> FieldOperation
    ) -> Self {
        guard !objects.isEmpty else { return self }
        return adding(key) { () throws(ParseClientError) in
            var pointers: [JSONValue] = []
            for object in objects {
                guard let objectId = object.objectId else {
                    throw .invalidRequest(ParseError(
                        code: .missingObjectId, message: "Cannot relate an unsaved \(Target.className); save it first."))
                }
                pointers.append(["__type": "Pointer", "className": .string(object.className), "objectId": .string(objectId)])
            }
            return make(pointers)
        }
    }
}
