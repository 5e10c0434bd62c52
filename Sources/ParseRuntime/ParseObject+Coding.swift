import Foundation

// ParseSwift's coder accessors on every object.
extension ParseObject {
    /// A ``ParseEncoder`` for save bodies (ParseSwift's `getEncoder()`).
    public static func getEncoder() -> ParseEncoder {
        ParseEncoder()
    }

    /// A ``ParseEncoder`` for save bodies (ParseSwift's `getEncoder()`).
    public func getEncoder() -> ParseEncoder {
        Self.getEncoder()
    }

    /// A `JSONEncoder` that writes dates as Parse Date objects and sorts keys. Unlike
    /// ``ParseEncoder`` it writes nested objects whole and keeps every key.
    public static func getJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .custom { date, encoder in
            try ParseDate(date).encode(to: encoder)
        }
        return encoder
    }

    /// A `JSONEncoder` that writes dates as Parse Date objects and sorts keys.
    public func getJSONEncoder() -> JSONEncoder {
        Self.getJSONEncoder()
    }

    /// A `JSONDecoder` for Parse JSON (see ``ParseDecoder``).
    public static func getDecoder() -> JSONDecoder {
        ParseDecoder.jsonDecoder()
    }

    /// A `JSONDecoder` for Parse JSON (see ``ParseDecoder``).
    public func getDecoder() -> JSONDecoder {
        Self.getDecoder()
    }
}
