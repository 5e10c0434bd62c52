import Foundation

/// Binary data stored inline in an object: `{"__type":"Bytes","base64":"..."}`.
public struct ParseBytes: ParseTypeable, Hashable, Sendable {
    /// The data, base64 encoded.
    public let base64: String

    /// Bytes from base64 text (not validated; see ``data``).
    /// - Parameter base64: The base64 text.
    public init(base64: String) {
        self.base64 = base64
    }

    /// Bytes holding `data`.
    /// - Parameter data: The data.
    public init(data: Data) {
        self.base64 = data.base64EncodedString()
    }

    /// The decoded data, or `nil` when ``base64`` is not valid base64.
    public var data: Data? {
        Data(base64Encoded: base64)
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case base64
    }

    /// Decodes `{"__type":"Bytes","base64":...}`.
    /// - Throws: `DecodingError.typeMismatch` when `__type` is not `Bytes`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["Bytes"], forKey: .type, decoding: Self.self)
        base64 = try container.decode(String.self, forKey: .base64)
    }

    /// Encodes `{"__type":"Bytes","base64":...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Bytes", forKey: .type)
        try container.encode(base64, forKey: .base64)
    }
}
