import Foundation

/// Encodes values as Parse Server JSON, the way ParseSwift's `ParseEncoder` does:
///
/// - a ``ParseObject`` below the top level becomes a pointer,
///   `{"__type":"Pointer","className":...,"objectId":...}` (or, with
///   ``NestedObjectEncoding/includedObject``, the whole object tagged `"__type":"Object"`);
/// - every `Date` becomes `{"__type":"Date","iso":"yyyy-MM-ddTHH:mm:ss.SSSZ"}`;
/// - `Data` becomes a base64 string and `URL` its absolute string (as with `JSONEncoder`);
/// - `nil` optionals are left out, and object keys are written in sorted order;
/// - the top-level value's keys listed by ``SkipKeys`` are left out, and a ``ParseObject``'s
///   `originalData` is never written.
public struct ParseEncoder: Sendable {
    /// Which top-level keys to leave out, as in ParseSwift.
    public enum SkipKeys: Sendable, Hashable {
        /// A save body: `objectId`, `createdAt`, `updatedAt`, `className`, `emailVerified`, `id`,
        /// `score` and `originalData`.
        case object
        /// A save body when the client chooses object ids: as ``object`` but keeping `objectId`.
        case customObjectId
        /// A Cloud Code call: `functionJobName`.
        case cloud
        /// Nothing (the "full" form, for caches and round trips; `originalData` is still left out).
        case none
        /// The given keys.
        case custom(Set<String>)

        /// The "full" form: same as ``none``.
        public static let full = SkipKeys.none

        /// The keys left out.
        public func keys() -> Set<String> {
            switch self {
            case .object:
                return Self.objectKeys
            case .customObjectId:
                return Self.objectKeys.subtracting(["objectId"])
            case .cloud:
                return ["functionJobName"]
            case .none:
                return []
            case .custom(let keys):
                return keys
            }
        }

        private static let objectKeys: Set<String> = [
            "objectId", "createdAt", "updatedAt", "className", "emailVerified", "id", "score", "originalData",
        ]
    }

    /// How a ``ParseObject`` nested below the top level is written.
    public enum NestedObjectEncoding: Sendable, Hashable {
        /// As a pointer; encoding fails when the nested object has no `objectId` (the default,
        /// and what a save body needs).
        case pointer
        /// As Parse writes an included object: `"__type":"Object"`, `"className"` and every
        /// field, even without an `objectId`. ``ParseDecoder`` reads this back, so it suits caches.
        case includedObject
    }

    /// How nested objects are written.
    public var nestedObjects: NestedObjectEncoding

    /// Creates an encoder.
    /// - Parameter nestedObjects: How nested objects are written; pointers by default.
    public init(nestedObjects: NestedObjectEncoding = .pointer) {
        self.nestedObjects = nestedObjects
    }

    /// Encodes `value` as compact UTF-8 JSON with sorted keys.
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - skipKeys: The top-level keys to leave out; a save body (``SkipKeys/object``) by default.
    /// - Throws: `EncodingError` when a nested object has no `objectId` (with pointers), a number
    ///   is not finite or a date is out of range, or any error the value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T, skipKeys: SkipKeys = .object) throws -> Data {
        let json = try encodeJSONValue(value, skipKeys: skipKeys)
        var writer = JSONWriter()
        try writer.write(json, codingPath: [])
        return Data(writer.output.utf8)
    }

    /// Encodes `value` into a ``JSONValue`` tree, as ``encode(_:skipKeys:)`` would before writing it.
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - skipKeys: The top-level keys to leave out; a save body (``SkipKeys/object``) by default.
    public func encodeJSONValue<T: Encodable>(_ value: T, skipKeys: SkipKeys = .object) throws -> JSONValue {
        let options = ParseTreeEncoder.Options(topLevelSkipKeys: skipKeys.keys(), nestedObjects: nestedObjects)
        let root = EncodingNode()
        try ParseTreeEncoder.encode(value, into: root, codingPath: [], options: options)
        guard let json = root.resolved() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [],
                debugDescription: "Top-level \(T.self) did not encode any values."
            ))
        }
        return json
    }
}
