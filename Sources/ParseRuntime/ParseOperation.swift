import Foundation

/// A set of field operations on one object, encoding as the body of an update:
/// `{"<field>":{"__op":...},...}` (ParseSwift's `ParseOperation`, without networking).
public struct ParseOperation<T: ParseObject>: Encodable, Hashable, Sendable {
    /// The object the operations apply to.
    public var target: T
    /// The encoded operation of each field.
    public private(set) var operations: [String: JSONValue] = [:]

    /// An empty set of operations on `target`.
    /// - Parameter target: The object to update.
    public init(target: T) {
        self.target = target
    }

    /// Adds an `AddRelation` of `objects` on field `key`.
    /// - Parameters:
    ///   - key: The relation field.
    ///   - objects: Saved objects of one class.
    /// - Throws: ``ParseError`` when `objects` is empty, mixes classes, or holds an unsaved object.
    public func addRelation<W: ParseObject>(_ key: String, objects: [W]) throws -> Self {
        try adding(key, ParseRelationOperation(.addRelation, objects: objects).jsonValue)
    }

    /// Adds a `RemoveRelation` of `objects` on field `key`.
    /// - Parameters:
    ///   - key: The relation field.
    ///   - objects: Saved objects of one class.
    /// - Throws: ``ParseError`` when `objects` is empty, mixes classes, or holds an unsaved object.
    public func removeRelation<W: ParseObject>(_ key: String, objects: [W]) throws -> Self {
        try adding(key, ParseRelationOperation(.removeRelation, objects: objects).jsonValue)
    }

    /// Adds an already encoded operation (for example `{"__op":"Increment","amount":1}`) on field `key`.
    /// - Parameters:
    ///   - key: The field.
    ///   - operation: The operation's JSON.
    public func adding(_ key: String, _ operation: JSONValue) -> Self {
        var updated = self
        updated.operations[key] = operation
        return updated
    }

    /// Encodes `{"<field>":<operation>,...}`.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(operations).encode(to: encoder)
    }
}

extension ParseObject {
    /// An empty ``ParseOperation`` on this object.
    public var operation: ParseOperation<Self> {
        ParseOperation(target: self)
    }
}
