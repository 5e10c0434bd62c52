import Foundation

/// Any JSON value, used for Parse `Object` fields whose shape the schema does not fix.
///
/// `JSONValue` encodes and decodes as plain JSON. Integers have their own case so that they
/// survive a round trip exactly (a JSON number that is integral and fits in `Int` decodes as
/// ``int(_:)``, any other number as ``double(_:)``). Equality is structural: `.int(1)` and
/// `.double(1)` are different values.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integral number.
    case int(Int)
    /// A number with a fraction or outside the `Int` range.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "The value is not JSON (null, bool, number, string, array or object)."
            )
        }
    }

    /// Encodes the value as plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text with sorted keys, or a note when the value holds a non-finite number.
    public var description: String {
        (try? serializedString()) ?? "<JSON with a non-finite number>"
    }

    /// Serialises this value as compact UTF-8 JSON text with sorted object keys.
    /// - Throws: `EncodingError.invalidValue` when a double is NaN or infinite.
    public func serialized() throws -> Data {
        Data(try serializedString().utf8)
    }

    /// Serialises this value as compact JSON text with sorted object keys.
    /// - Throws: `EncodingError.invalidValue` when a double is NaN or infinite.
    public func serializedString() throws -> String {
        var writer = JSONWriter()
        try writer.write(self, codingPath: [])
        return writer.output
    }

    /// Parses UTF-8 JSON text into a ``JSONValue``.
    /// - Parameter data: The JSON text.
    /// - Throws: `DecodingError` when the text is not valid JSON.
    public init(parsing data: Data) throws {
        self = try JSONReader.parse(data)
    }

    /// Whether a double somewhere in this value is NaN or infinite.
    var hasNonFiniteNumber: Bool {
        switch self {
        case .double(let number):
            return !number.isFinite
        case .array(let elements):
            return elements.contains { $0.hasNonFiniteNumber }
        case .object(let members):
            return members.values.contains { $0.hasNonFiniteNumber }
        case .null, .bool, .int, .string:
            return false
        }
    }
}
