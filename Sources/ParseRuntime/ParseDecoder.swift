import Foundation

/// Decodes Parse Server JSON into models.
///
/// It is a `JSONDecoder` whose date strategy reads both forms Parse uses: a bare ISO 8601
/// string (top-level `createdAt`/`updatedAt`, and the fields of included objects) and
/// `{"__type":"Date","iso":...}`, with or without fraction digits. A nested model decodes from a
/// pointer (`{"__type":"Pointer","className":..,"objectId":..}`, giving an object with only its
/// `objectId`) as well as from an included object (`"__type":"Object"` plus its fields), because
/// unknown keys such as `__type` and `className` are ignored.
public struct ParseDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value from Parse JSON.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: UTF-8 JSON text.
    /// - Throws: `DecodingError` when the JSON does not match the type (for example a wrong
    ///   `__type`, a malformed date, or a geo point out of range).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // Untyped JSON (batch answers, the store's sync) is read by JSONValue's own reader,
        // which gives what a JSONDecoder gives, without its cost.
        if type == JSONValue.self, let json = try JSONValue(parsing: data) as? T {
            return json
        }
        return try Self.jsonDecoder().decode(type, from: data)
    }

    /// Decodes a value from a ``JSONValue`` tree.
    ///
    /// The tree is read directly, with the same results and errors as decoding its JSON text
    /// (``JSONValue/serialized()``) with ``jsonDecoder()``.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - json: The JSON.
    /// - Throws: `DecodingError` as for the JSON text; `EncodingError.invalidValue` when a
    ///   double in the tree is NaN or infinite, which JSON text cannot hold.
    public func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        if json.hasNonFiniteNumber {
            // The error `serialized()` throws for it, as when the tree was decoded from its text.
            _ = try json.serialized()
        }
        return try ParseTreeDecoder.decode(type, from: json)
    }

    /// A new `JSONDecoder` set up for Parse JSON (see ``ParseDecoder``).
    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try ParseDate.decodeDate(from: decoder)
        }
        return decoder
    }
}
