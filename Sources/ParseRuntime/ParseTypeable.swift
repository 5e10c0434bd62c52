import Foundation

/// A type that ``ParseEncoder`` should encode, as in ParseSwift.
public protocol ParseEncodable: Encodable {}

/// A value that is one of Parse's own types (objects, pointers, files, ACLs, geo types...).
///
/// Its `description` and `debugDescription` are its Parse JSON with sorted keys.
public protocol ParseTypeable: Codable, Equatable, CustomDebugStringConvertible, CustomStringConvertible {}

extension ParseTypeable {
    /// The value's Parse JSON (all keys kept, nested objects included), or `"()"` if it
    /// cannot be encoded.
    public var debugDescription: String {
        let encoder = ParseEncoder(nestedObjects: .includedObject)
        guard let data = try? encoder.encode(self, skipKeys: .none),
              let text = String(data: data, encoding: .utf8) else {
            return "()"
        }
        return text
    }

    /// Same as `debugDescription`.
    public var description: String {
        debugDescription
    }
}
