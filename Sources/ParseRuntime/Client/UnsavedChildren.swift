import Foundation

/// The objects without an `objectId` that an object reaches through pointers (a pointer field,
/// an array or dictionary of pointers, and their own pointers, at any depth): what a create or
/// update saves before the object itself. Found before anything is sent.
///
/// Structs have no identity, so sameness is content: two unsaved objects are the same object
/// when they encode the same (same class, same fields, same ACL, same unsaved objects of their
/// own), and it is saved once. A cycle of unsaved objects (possible only with classes) is
/// refused: each object of it would need the others' ids first.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct UnsavedChildren: Sendable {
    /// One unsaved object.
    struct Child: Sendable {
        /// The object, as the caller gave it.
        let object: any ParseObject
        /// What identifies it: the object as a snapshot holds it (`"__type":"Object"`, its
        /// class and every field, its own unsaved objects whole). See ``key(of:)``.
        let key: JSONValue
        /// 0 when it reaches no unsaved object, else one more than the highest level of those
        /// it reaches: every object can be created once the levels below it are.
        let level: Int
    }

    /// Every unsaved object reached, once each, each after the ones it reaches.
    let all: [Child]

    /// Finds the unsaved objects `root` reaches.
    /// - Parameters:
    ///   - root: The object being created or updated.
    ///   - fields: When given, only the objects reached from these fields of `root` (the ones
    ///     an update sends); an unsaved object in another field is the encoder's usual error.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` for a cycle,
    ///   ``ParseClientError/encoding(_:)`` when an object cannot be encoded.
    init<T: ParseObject>(of root: T, fields: Set<String>? = nil) throws(ParseClientError) {
        let finder = Finder()
        _ = try finder.level(of: root, path: [], ancestors: [Self.identity(of: root)], fields: fields)
        all = finder.found
    }

    /// Whether nothing unsaved is reached.
    var isEmpty: Bool { all.isEmpty }

    /// The objects by level, lowest (deepest) first, each level in the order found.
    var levels: [[Child]] {
        guard let top = all.map(\.level).max() else { return [] }
        return (0...top).map { level in all.filter { $0.level == level } }
    }

    /// The key of an unsaved object: the JSON it has nested in a snapshot
    /// (``WireJSON/localValue(_:)``), which is also how ``SavedChildren`` finds it in one.
    static func key(of object: any ParseObject) throws(ParseClientError) -> JSONValue {
        try WireJSON.localValue(object)
    }

    /// The identity of a class instance, `nil` for a value (which cannot be in a cycle).
    private static func identity(of object: any ParseObject) -> ObjectIdentifier? {
        type(of: object) is AnyClass ? ObjectIdentifier(object as AnyObject) : nil
    }

    /// Walks the objects, collecting each unsaved one once.
    private final class Finder {
        private(set) var found: [Child] = []
        private var known: Set<JSONValue> = []

        /// Collects the unsaved objects `object` reaches and returns its level.
        /// - Parameters:
        ///   - path: Where `object` is, from the root, for messages.
        ///   - ancestors: The class instances `object` is reached through, itself included.
        func level(
            of object: any ParseObject, path: [String], ancestors: [ObjectIdentifier?], fields: Set<String>?
        ) throws(ParseClientError) -> Int {
            var highest = -1
            // The save encoder visits what a save body holds; each unsaved object is walked,
            // collected, and stands as `null` in the body, which is thrown away.
            _ = try WireJSON.encode {
                try WireJSON.saveEncoder.encodeJSONValue(object, skipKeys: .object) { nested, codingPath in
                    if let fields, let field = codingPath.first?.stringValue, !fields.contains(field) {
                        return nil
                    }
                    let nestedPath = path + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    let identity = UnsavedChildren.identity(of: nested)
                    if identity != nil, ancestors.contains(identity) {
                        throw Self.cycle(nested, at: nestedPath)
                    }
                    let level = try self.level(of: nested, path: nestedPath, ancestors: ancestors + [identity], fields: nil)
                    let key = try UnsavedChildren.key(of: nested)
                    if self.known.insert(key).inserted {
                        self.found.append(Child(object: nested, key: key, level: level))
                    }
                    highest = max(highest, level)
                    return .null
                }
            }
            return highest + 1
        }

        private static func cycle(_ object: any ParseObject, at path: [String]) -> ParseClientError {
            .invalidRequest(ParseError(
                code: .unknownError,
                message: "The unsaved \(object.className) at \"\(path.joined(separator: "."))\" is an object it is reached from: "
                    + "unsaved objects in a cycle cannot be saved, since each needs the others' objectId first. "
                    + "Save one of them without the pointer first."))
        }
    }
}
