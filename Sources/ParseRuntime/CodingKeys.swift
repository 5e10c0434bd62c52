import Foundation

/// A coding key made from any string, for JSON objects whose keys are data (ACL scopes, paths).
struct AnyCodingKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// The coding key of an array element, as JSONEncoder reports it in a coding path.
struct IndexCodingKey: CodingKey, Hashable, Sendable {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) {
        return nil
    }

    init(intValue: Int) {
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer {
    /// Checks the optional `"__type"` member of a Parse typed object.
    ///
    /// A missing `"__type"` is accepted (some producers omit it); a different one is a type mismatch.
    /// - Parameters:
    ///   - accepted: The `__type` values this Swift type can be decoded from.
    ///   - key: The key holding the type name.
    ///   - swiftType: The Swift type being decoded, for the error.
    func checkParseType(_ accepted: Set<String>, forKey key: Key, decoding swiftType: Any.Type) throws {
        guard let found = try decodeIfPresent(String.self, forKey: key) else { return }
        guard accepted.contains(found) else {
            let expected = accepted.sorted().map { "\"\($0)\"" }.joined(separator: " or ")
            throw DecodingError.typeMismatch(swiftType, DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "Expected a Parse value with __type \(expected), found \"\(found)\"."
            ))
        }
    }

    /// The object at `key`, from a pointer or an included object, or `nil` when the key is
    /// missing or `null`. Another Parse value (`{"__type": "Date", …}`) is a
    /// `DecodingError.typeMismatch`, not an empty object.
    func decodePointerOrObjectIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
            .checkParseType(["Pointer", "Object"], forKey: AnyCodingKey("__type"), decoding: type)
        return try decode(type, forKey: key)
    }
}
