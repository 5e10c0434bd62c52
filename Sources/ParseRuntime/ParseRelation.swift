import Foundation

/// A many-to-many relation stored in a field of a parent object of type `T`.
///
/// Parse sends the field as `{"__type":"Relation","className":"<target class>"}`; that is also
/// what it encodes as. The parent and key are local knowledge: set them with the initialisers or
/// ``ParseObject/relation(_:key:)``, then build updates with ``add(_:objects:)`` and
/// ``remove(_:objects:)``.
public struct ParseRelation<T: ParseObject>: ParseTypeable, Hashable, Sendable, SkipKeysExempt {
    /// A pointer to the parent object.
    public var parent: Pointer<T>?
    /// The class name of the related (child) objects.
    public var className: String?
    /// The parent's field that holds the relation.
    public var key: String?

    /// A relation of `parent`.
    /// - Parameters:
    ///   - parent: A pointer to the parent.
    ///   - key: The parent's field holding the relation.
    public init(parent: Pointer<T>, key: String? = nil) {
        self.parent = parent
        self.key = key
    }

    /// A relation of `parent` to objects of class `className`.
    /// - Parameters:
    ///   - parent: A pointer to the parent.
    ///   - key: The parent's field holding the relation.
    ///   - className: The class of the related objects.
    public init(parent: Pointer<T>, key: String? = nil, className: String) {
        self.init(parent: parent, key: key)
        self.className = className
    }

    /// A relation of `parent` to objects of `child`'s class.
    public init<U: ParseObject>(parent: Pointer<T>, key: String? = nil, child: U) {
        self.init(parent: parent, key: key, className: child.className)
    }

    /// A relation of `parent` to objects of `child`'s class.
    public init<U: ParseObject>(parent: Pointer<T>, key: String? = nil, child: Pointer<U>) {
        self.init(parent: parent, key: key, className: child.className)
    }

    /// A relation of the saved object `parent`.
    /// - Throws: ``ParseError`` when `parent` has no `objectId`.
    public init(parent: T, key: String? = nil) throws {
        self.init(parent: try parent.toPointer(), key: key)
    }

    /// A relation of the saved object `parent` to objects of class `className`.
    /// - Throws: ``ParseError`` when `parent` has no `objectId`.
    public init(parent: T, key: String? = nil, className: String) throws {
        self.init(parent: try parent.toPointer(), key: key, className: className)
    }

    /// A relation of the saved object `parent` to objects of `child`'s class.
    /// - Throws: ``ParseError`` when `parent` has no `objectId`.
    public init<U: ParseObject>(parent: T, key: String? = nil, child: U) throws {
        self.init(parent: try parent.toPointer(), key: key, child: child)
    }

    /// A relation of the saved object `parent` to objects of `child`'s class.
    /// - Throws: ``ParseError`` when `parent` has no `objectId`.
    public init<U: ParseObject>(parent: T, key: String? = nil, child: Pointer<U>) throws {
        self.init(parent: try parent.toPointer(), key: key, child: child)
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case className
    }

    /// Decodes `{"__type":"Relation","className":...}`; parent and key are left `nil`.
    /// - Throws: `DecodingError.typeMismatch` when `__type` is not `Relation`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["Relation"], forKey: .type, decoding: Self.self)
        className = try container.decodeIfPresent(String.self, forKey: .className)
    }

    /// Encodes `{"__type":"Relation","className":...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("Relation", forKey: .type)
        try container.encodeIfPresent(className, forKey: .className)
    }
}

// MARK: Operations
extension ParseRelation {
    /// An update of the parent that adds `objects` to the relation in field `key`.
    /// - Parameters:
    ///   - key: The parent's field; must equal ``key`` when that is set.
    ///   - objects: Saved objects, all of one class (that of ``className`` when set).
    /// - Returns: An operation on the parent encoding `{"<key>":{"__op":"AddRelation","objects":[pointers]}}`.
    /// - Throws: ``ParseError`` when there is no parent, the key or class differs, or an object is unsaved.
    public func add<U: ParseObject>(_ key: String, objects: [U]) throws -> ParseOperation<T> {
        let parent = try checked(key: key, objects: objects)
        return try ParseOperation(target: parent.toObject()).addRelation(key, objects: objects)
    }

    /// Adds `objects` using this relation's ``key``.
    /// - Throws: ``ParseError`` when ``key`` is not set, or as ``add(_:objects:)``.
    public func add<U: ParseObject>(_ objects: [U]) throws -> ParseOperation<T> {
        try add(try requiredKey(), objects: objects)
    }

    /// Adds users using this relation's ``key``, or `"users"` when it is not set.
    public func add<U: ParseUser>(_ users: [U]) throws -> ParseOperation<T> {
        try add(key ?? "users", objects: users)
    }

    /// Adds roles using this relation's ``key``, or `"roles"` when it is not set.
    public func add<U: ParseRole>(_ roles: [U]) throws -> ParseOperation<T> {
        try add(key ?? "roles", objects: roles)
    }

    /// An update of the parent that removes `objects` from the relation in field `key`.
    /// - Parameters:
    ///   - key: The parent's field; must equal ``key`` when that is set.
    ///   - objects: Saved objects, all of one class (that of ``className`` when set).
    /// - Returns: An operation on the parent encoding `{"<key>":{"__op":"RemoveRelation","objects":[pointers]}}`.
    /// - Throws: ``ParseError`` when there is no parent, the key or class differs, or an object is unsaved.
    public func remove<U: ParseObject>(_ key: String, objects: [U]) throws -> ParseOperation<T> {
        let parent = try checked(key: key, objects: objects)
        return try ParseOperation(target: parent.toObject()).removeRelation(key, objects: objects)
    }

    /// Removes `objects` using this relation's ``key``.
    /// - Throws: ``ParseError`` when ``key`` is not set, or as ``remove(_:objects:)``.
    public func remove<U: ParseObject>(_ objects: [U]) throws -> ParseOperation<T> {
        try remove(try requiredKey(), objects: objects)
    }

    /// Removes users using this relation's ``key``, or `"users"` when it is not set.
    public func remove<U: ParseUser>(_ users: [U]) throws -> ParseOperation<T> {
        try remove(key ?? "users", objects: users)
    }

    /// Removes roles using this relation's ``key``, or `"roles"` when it is not set.
    public func remove<U: ParseRole>(_ roles: [U]) throws -> ParseOperation<T> {
        try remove(key ?? "roles", objects: roles)
    }

    private func requiredKey() throws -> String {
        guard let key else {
            throw ParseError(code: .unknownError, message: "ParseRelation must have the key set.")
        }
        return key
    }

    /// Checks ParseSwift's preconditions and returns the parent.
    private func checked<U: ParseObject>(key: String, objects: [U]) throws -> Pointer<T> {
        guard let parent else {
            throw ParseError(code: .unknownError, message: "ParseRelation must have the parent set.")
        }
        if let currentKey = self.key, currentKey != key {
            throw ParseError(code: .unknownError, message: "All objects have be related to the same key.")
        }
        guard isSameClass(objects.map(\.className)) else {
            throw ParseError(code: .unknownError, message: "All objects have to have the same className.")
        }
        return parent
    }

    /// True when the names are non-empty, all equal, and equal to ``className`` when that is set.
    private func isSameClass(_ names: [String]) -> Bool {
        guard let first = names.first else { return false }
        if let className, className != first { return false }
        return names.allSatisfy { $0 == first }
    }
}
