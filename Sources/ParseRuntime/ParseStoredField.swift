import Foundation

/// One stored property of a generated class, by Parse name: how it is decoded, encoded, merged
/// and compared. A generated class lists its properties once, in a `storedFields` table, and
/// its `Codable`, ``ParseObject/merge(with:)`` and `==` run over that table:
///
/// ```swift
/// static let storedFields: [ParseStoredField<Book>] = [
///     .field("title", \.title),
///     .pointer("author", \.author),
/// ]
///
/// public init(from decoder: any Decoder) throws {
///     try self.init(from: decoder, fields: Self.storedFields)
/// }
/// ```
///
/// Why a table: synthesized `Codable` and `Equatable` give every class its own copy of the
/// standard library's container code, specialized for its `CodingKeys`, and optimizing those
/// copies was most of a release build of generated models. The table's entries are built by
/// calls into this module that are not inlined into the caller, so a generated class compiles to
/// a list of key paths. The JSON is the same as synthesized `Codable` writes and reads.
public struct ParseStoredField<Object: ParseObject>: Sendable {
    /// The field's Parse name (its JSON key).
    public let name: String
    fileprivate let decode: @Sendable (ParseFieldDecodingContainer, inout Object) throws -> Void
    fileprivate let encode: @Sendable (Object, inout ParseFieldEncodingContainer) throws -> Void
    /// Restores the field from the original when the updated copy has none; `nil` for the
    /// predefined fields, which ``ParseObject/mergeParse(with:)`` merges.
    fileprivate let restore: (@Sendable (inout Object, Object) -> Void)?
    fileprivate let isEqual: @Sendable (Object, Object) -> Bool

    /// A field of the schema, an optional property: a missing key or `null` decodes as `nil`,
    /// `nil` is left out of the JSON, and a merge restores it when the update has none.
    /// - Parameters:
    ///   - name: The field's Parse name.
    ///   - property: Its property.
    public static func field<Value: Codable & Equatable & Sendable>(
        _ name: String, _ property: WritableKeyPath<Object, Value?> & Sendable
    ) -> Self {
        optional(name, property, merged: true) { container in try container.decodeIfPresent(forKey: name) }
    }

    /// A pointer field: like ``field(_:_:)``, but it decodes only from a pointer or an included
    /// object; another Parse type (`{"__type": "Date", …}`) is a `DecodingError.typeMismatch`.
    /// - Parameters:
    ///   - name: The field's Parse name.
    ///   - property: Its property.
    public static func pointer<Value: ParseObject>(
        _ name: String, _ property: WritableKeyPath<Object, Value?> & Sendable
    ) -> Self {
        optional(name, property, merged: true) { container in try container.decodeObjectIfPresent(forKey: name) }
    }

    /// A predefined field of a built-in class (a user's `username`), an optional property:
    /// coded like ``field(_:_:)``, and merged by ``ParseObject/mergeParse(with:)`` rather than here.
    /// - Parameters:
    ///   - name: The field's Parse name.
    ///   - property: Its property.
    public static func predefined<Value: Codable & Equatable & Sendable>(
        _ name: String, _ property: WritableKeyPath<Object, Value?> & Sendable
    ) -> Self {
        optional(name, property, merged: false) { container in try container.decodeIfPresent(forKey: name) }
    }

    /// A predefined field that is not optional (a session's `sessionToken`): the key must be
    /// present when decoding, and it is always encoded.
    /// - Parameters:
    ///   - name: The field's Parse name.
    ///   - property: Its property.
    public static func predefinedRequired<Value: Codable & Equatable & Sendable>(
        _ name: String, _ property: WritableKeyPath<Object, Value> & Sendable
    ) -> Self {
        Self(name: name,
             decode: { container, object in object[keyPath: property] = try container.decode(forKey: name) },
             encode: { object, container in try container.encode(object[keyPath: property], forKey: name) },
             restore: nil,
             isEqual: { $0[keyPath: property] == $1[keyPath: property] })
    }

    private static func optional<Value: Codable & Equatable & Sendable>(
        _ name: String, _ property: WritableKeyPath<Object, Value?> & Sendable, merged: Bool,
        decode: @escaping @Sendable (ParseFieldDecodingContainer) throws -> Value?
    ) -> Self {
        let restore: @Sendable (inout Object, Object) -> Void = { updated, original in
            if updated[keyPath: property] == nil, let value = original[keyPath: property] {
                updated[keyPath: property] = value
            }
        }
        return Self(name: name,
                    decode: { container, object in object[keyPath: property] = try decode(container) },
                    encode: { object, container in try container.encodeIfPresent(object[keyPath: property], forKey: name) },
                    restore: merged ? restore : nil,
                    isEqual: { $0[keyPath: property] == $1[keyPath: property] })
    }
}

extension ParseObject {
    /// Decodes an object whose fields are listed in `fields`, plus the fields every object
    /// has (`objectId`, `createdAt`, `updatedAt`, `ACL`, and `originalData` when it was encoded).
    /// - Parameters:
    ///   - decoder: The decoder passed to `init(from:)`.
    ///   - fields: The class's stored fields.
    /// - Throws: `DecodingError` when the value is not an object or a field has the wrong type.
    public init(from decoder: any Decoder, fields: [ParseStoredField<Self>]) throws {
        let container = try ParseFieldDecodingContainer(decoder)
        self.init()
        originalData = try container.decodeIfPresent(forKey: "originalData")
        objectId = try container.decodeIfPresent(forKey: "objectId")
        createdAt = try container.decodeIfPresent(forKey: "createdAt")
        updatedAt = try container.decodeIfPresent(forKey: "updatedAt")
        ACL = try container.decodeIfPresent(forKey: "ACL")
        for field in fields {
            try field.decode(container, &self)
        }
    }

    /// Encodes the fields every object has, then `fields`, each left out when it is `nil`.
    /// (``ParseEncoder`` leaves the server-managed ones and `originalData` out of save bodies.)
    /// - Parameters:
    ///   - encoder: The encoder passed to `encode(to:)`.
    ///   - fields: The class's stored fields.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder, fields: [ParseStoredField<Self>]) throws {
        var container = ParseFieldEncodingContainer(encoder)
        try container.encodeIfPresent(originalData, forKey: "originalData")
        try container.encodeIfPresent(objectId, forKey: "objectId")
        try container.encodeIfPresent(createdAt, forKey: "createdAt")
        try container.encodeIfPresent(updatedAt, forKey: "updatedAt")
        try container.encodeIfPresent(ACL, forKey: "ACL")
        for field in fields {
            try field.encode(self, &container)
        }
    }

    /// Merges this updated copy with the original `object`: ``mergeParse(with:)``, then every
    /// schema field this copy has no value for is taken from `object`.
    /// - Parameters:
    ///   - object: The original object.
    ///   - fields: The class's stored fields.
    /// - Throws: ``ParseError`` when the two objects do not have the same `objectId`.
    public func merge(with object: Self, fields: [ParseStoredField<Self>]) throws -> Self {
        var updated = try mergeParse(with: object)
        for field in fields {
            field.restore?(&updated, object)
        }
        return updated
    }

    /// Whether two objects are equal in every property: the ones every object has and `fields`.
    /// - Parameters:
    ///   - lhs: An object.
    ///   - rhs: Another object of the same class.
    ///   - fields: The class's stored fields.
    public static func isEqual(_ lhs: Self, _ rhs: Self, fields: [ParseStoredField<Self>]) -> Bool {
        lhs.originalData == rhs.originalData && lhs.objectId == rhs.objectId
            && lhs.createdAt == rhs.createdAt && lhs.updatedAt == rhs.updatedAt && lhs.ACL == rhs.ACL
            && fields.allSatisfy { $0.isEqual(lhs, rhs) }
    }
}

/// Reads a Parse object's fields by Parse name.
struct ParseFieldDecodingContainer {
    private let container: KeyedDecodingContainer<AnyCodingKey>

    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    /// The value of `key`, or `nil` when the key is missing or `null`.
    func decodeIfPresent<Value: Decodable>(forKey key: String) throws -> Value? {
        try container.decodeIfPresent(Value.self, forKey: AnyCodingKey(key))
    }

    /// The object `key` points to (a pointer or an included object), or `nil` when the key is
    /// missing or `null`; another Parse type is a type mismatch, not an empty object.
    func decodeObjectIfPresent<Value: ParseObject>(forKey key: String) throws -> Value? {
        try container.decodePointerOrObjectIfPresent(Value.self, forKey: AnyCodingKey(key))
    }

    /// The value of `key`, which must be present and not `null`.
    func decode<Value: Decodable>(forKey key: String) throws -> Value {
        try container.decode(Value.self, forKey: AnyCodingKey(key))
    }
}

/// Writes a Parse object's fields by Parse name.
struct ParseFieldEncodingContainer {
    private var container: KeyedEncodingContainer<AnyCodingKey>

    init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: AnyCodingKey.self)
    }

    /// Writes `value` under `key`, or nothing when it is `nil`.
    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: String) throws {
        try container.encodeIfPresent(value, forKey: AnyCodingKey(key))
    }

    /// Writes `value` under `key`.
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: String) throws {
        try container.encode(value, forKey: AnyCodingKey(key))
    }
}
