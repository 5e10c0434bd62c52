import Foundation

/// One relation change of a field: `{"__op":"AddRelation","objects":[<pointers>]}` or the same
/// with `"RemoveRelation"`.
public struct ParseRelationOperation: Encodable, Hashable, Sendable {
    /// Whether objects are added to or removed from the relation.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// `"AddRelation"`.
        case addRelation = "AddRelation"
        /// `"RemoveRelation"`.
        case removeRelation = "RemoveRelation"
    }

    /// Whether objects are added or removed.
    public let kind: Kind
    /// The class name of the related objects.
    public let className: String
    /// The ids of the related objects, in order.
    public let objectIds: [String]

    /// An operation on saved objects of one class.
    /// - Parameters:
    ///   - kind: Add or remove.
    ///   - objects: The related objects.
    /// - Throws: ``ParseError`` when `objects` is empty, mixes classes, or holds an unsaved object.
    public init<U: ParseObject>(_ kind: Kind, objects: [U]) throws {
        let pointers = try objects.map { try $0.toPointer() }
        guard let first = pointers.first else {
            throw ParseError(code: .unknownError, message: "A relation operation needs at least one object.")
        }
        guard pointers.allSatisfy({ $0.className == first.className }) else {
            throw ParseError(code: .unknownError, message: "All objects have to have the same className.")
        }
        self.kind = kind
        self.className = first.className
        self.objectIds = pointers.map(\.objectId)
    }

    /// The operation as JSON.
    public var jsonValue: JSONValue {
        .object([
            "__op": .string(kind.rawValue),
            "objects": .array(objectIds.map { objectId in
                .object([
                    "__type": .string("Pointer"),
                    "className": .string(className),
                    "objectId": .string(objectId),
                ])
            }),
        ])
    }

    /// Encodes `{"__op":...,"objects":[{"__type":"Pointer",...}]}`.
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
