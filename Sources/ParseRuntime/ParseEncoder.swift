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
    /// Which top-level keys to leave out.
    ///
    /// A save body leaves out only what Parse Server owns, never a field of the app: ParseSwift
    /// also leaves out `id` and `score` (its own properties), which would silently drop (or, in
    /// an update of named fields, delete) an app's field of that name. See
    /// ``serverOwnedFields(of:)``.
    public enum SkipKeys: Sendable, Hashable {
        /// A save body: the fields Parse Server owns (`objectId`, `createdAt`, `updatedAt`,
        /// `className`, and a user's `emailVerified`) and `originalData`.
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

        /// The keys left out (a save body of a ``ParseUser`` also leaves out `emailVerified`).
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

        /// Whether these are the keys of a save body, which also leaves out a user's
        /// `emailVerified`.
        var isSaveBody: Bool {
            self == .object || self == .customObjectId
        }

        private static let objectKeys: Set<String> = commonServerOwnedFields.union(["originalData"])

        /// What Parse Server sets on every object itself, and why a body never carries it:
        /// - `objectId`: the server makes it; it belongs in the path of an update, and a create
        ///   that sends one is refused (105, "objectId is an invalid field name") unless the
        ///   server allows custom object ids (``customObjectId``).
        /// - `createdAt`, `updatedAt`: the server stamps them on every write and ignores or
        ///   overwrites what a client sends.
        /// - `className`: how Parse's JSON names an object's class (beside `__type`), never a
        ///   field; the schema reserves the name.
        static let commonServerOwnedFields: Set<String> = ["objectId", "createdAt", "updatedAt", "className"]

        /// A user's `emailVerified`: only the server changes it (a client that sends it is
        /// refused: "Clients aren't allowed to manually update email verification").
        static let userServerOwnedFields: Set<String> = ["emailVerified"]
    }

    /// The fields of `type` that Parse Server owns: a save body leaves them out, and an update
    /// may not name them. Every other field, whatever its name (`score`, `id`, ...), is the app's
    /// and is always sent.
    /// - Parameter type: A Parse object type.
    public static func serverOwnedFields(of type: any ParseObject.Type) -> Set<String> {
        type is any ParseUser.Type
            ? SkipKeys.commonServerOwnedFields.union(SkipKeys.userServerOwnedFields)
            : SkipKeys.commonServerOwnedFields
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
    ///   - skipKeys: The top-level keys to leave out; a save body (``SkipKeys/object``) by default,
    ///     which for a ``ParseUser`` also leaves out `emailVerified`.
    public func encodeJSONValue<T: Encodable>(_ value: T, skipKeys: SkipKeys = .object) throws -> JSONValue {
        try encodeJSONValue(value, skipKeys: skipKeys, unsavedObject: nil)
    }

    /// Encodes `value` as ``encodeJSONValue(_:skipKeys:)`` does, asking `unsavedObject` what to
    /// write in place of each nested object that has no `objectId` (with pointers): it gets the
    /// object and its coding path and returns the JSON to write, or `nil` for the usual error.
    func encodeJSONValue<T: Encodable>(
        _ value: T, skipKeys: SkipKeys,
        unsavedObject: ((any ParseObject, [any CodingKey]) throws -> JSONValue?)?
    ) throws -> JSONValue {
        var keys = skipKeys.keys()
        if skipKeys.isSaveBody, value is any ParseUser {
            keys.formUnion(SkipKeys.userServerOwnedFields)
        }
        let options = ParseTreeEncoder.Options(topLevelSkipKeys: keys, nestedObjects: nestedObjects, unsavedObject: unsavedObject)
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
