/// Stores an optional value out of line, in a shared immutable box: what generated classes put
/// on their pointer fields, `@Indirect public var author: Author?`.
///
/// A pointer field holds the object it points to (just its `objectId` until the object is
/// fetched or included). Stored inline, every class would be as large as all the classes it
/// points to together, a class could not point to itself (`Comment.parent`), and copying,
/// comparing or destroying an object would walk all of it, and compiling that code was a large
/// part of the generated models' release build time. Boxed, the field is one reference:
/// copies share the box, and setting the field makes a new one, so value semantics hold.
///
/// The property reads and writes as the plain optional it wraps. It encodes as the value would
/// (a pointer, for an object) and is left out when `nil`; it decodes from the value, and a
/// missing key or `null` decode as `nil`; an object field takes a pointer or an included object.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box?

    /// The value, or `nil`.
    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    /// A field holding `wrappedValue`.
    /// - Parameter wrappedValue: The value, or `nil`.
    public init(wrappedValue: Value?) {
        box = wrappedValue.map(Box.init)
    }

    /// An empty field.
    public init() {
        box = nil
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Whether both hold equal values, or both are `nil`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.box === rhs.box { return true }
        return lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value, or `nil`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value, or `null` when there is none. (As a property of an encoded type the
    /// field is left out instead: see `KeyedEncodingContainer.encode(_:forKey:)`.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value; `null` decodes as `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Value.self))
    }
}

extension KeyedEncodingContainer {
    /// Encodes an `@Indirect` property as its value, leaving the key out when it is `nil`,
    /// like the optional property it stands for.
    public mutating func encode<Value: Encodable>(_ value: Indirect<Value>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an `@Indirect` property from its value; a missing key or `null` is `nil`, like
    /// the optional property it stands for. For an object, the value must be a pointer or an
    /// included object: another Parse type (`{"__type": "Date", …}`) is a
    /// `DecodingError.typeMismatch`, not an empty object.
    public func decode<Value: Decodable>(_ type: Indirect<Value>.Type, forKey key: Key) throws -> Indirect<Value> {
        if Value.self is any ParseObject.Type {
            return Indirect(wrappedValue: try decodePointerOrObjectIfPresent(Value.self, forKey: key))
        }
        return Indirect(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
