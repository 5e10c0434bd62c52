import Foundation

/// A reference to a saved ``ParseObject``: `{"__type":"Pointer","className":"Genre","objectId":"g1"}`.
public struct Pointer<T: ParseObject>: ParseTypeable, Hashable, Sendable, SkipKeysExempt {
    /// The Parse class name of the object pointed to.
    public var className: String
    /// The id of the object pointed to.
    public var objectId: String

    /// A pointer to `target`.
    /// - Parameter target: A saved object.
    /// - Throws: ``ParseError`` with code ``ParseError/Code-swift.enum/missingObjectId`` when
    ///   `target` has no `objectId`.
    public init(_ target: T) throws {
        guard let objectId = target.objectId else {
            throw ParseError(code: .missingObjectId, message: "Cannot set a pointer to an unsaved object")
        }
        self.objectId = objectId
        self.className = target.className
    }

    /// A pointer to the `T` with the given id.
    /// - Parameter objectId: The object's id.
    public init(objectId: String) {
        self.className = T.className
        self.objectId = objectId
    }

    /// An empty `T` with this pointer's `objectId`.
    public func toObject() -> T {
        var object = T()
        object.objectId = objectId
        return object
    }

    /// Whether `other` has this pointer's class name and object id.
    /// - Parameter other: The object to compare with.
    public func hasSameObjectId(as other: T) -> Bool {
        other.className == className && other.objectId == objectId
    }

    /// Whether `other` has this pointer's class name and object id.
    /// - Parameter other: The pointer to compare with.
    public func hasSameObjectId(as other: Self) -> Bool {
        other.className == className && other.objectId == objectId
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case className
        case objectId
    }

    /// Decodes a pointer, or the `className` and `objectId` of an included object.
    /// - Throws: `DecodingError.typeMismatch` when `__type` is neither `Pointer` nor `Object`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["Pointer", "Object"], forKey: .type, decoding: Self.self)
        className = try container.decode(String.self, forKey: .className)
        objectId = try container.decode(String.self, forKey: .objectId)
    }

    /// Encodes `{"__type":"Pointer","className":...,"objectId":...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Pointer", forKey: .type)
        try container.encode(className, forKey: .className)
        try container.encode(objectId, forKey: .objectId)
    }
}
