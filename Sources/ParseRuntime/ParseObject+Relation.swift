import Foundation

extension ParseObject {
    /// A relation with this object as the parent and no key, or `nil` when the object is unsaved.
    public var relation: ParseRelation<Self>? {
        try? ParseRelation(parent: self)
    }

    /// A relation of this object in field `key` to objects of class `className`.
    /// - Parameters:
    ///   - key: The field holding the relation.
    ///   - className: The class of the related objects.
    /// - Throws: ``ParseError`` when this object is unsaved.
    public func relation(_ key: String, className: String) throws -> ParseRelation<Self> {
        try ParseRelation(parent: self, key: key, className: className)
    }

    /// A relation of this object in field `key` to objects of `child`'s class.
    /// - Throws: ``ParseError`` when this object is unsaved.
    public func relation<U: ParseObject>(_ key: String, child: U) throws -> ParseRelation<Self> {
        try ParseRelation(parent: self, key: key, child: child)
    }

    /// Makes a decoded relation field usable by giving it this object as parent and `key`.
    /// - Parameters:
    ///   - relation: The relation as decoded from the field.
    ///   - key: The field holding the relation.
    /// - Throws: ``ParseError`` when `relation` is `nil`, has no class name, or this object is unsaved.
    public func relation(_ relation: ParseRelation<Self>?, key: String) throws -> ParseRelation<Self> {
        try Self.relation(relation, key: key, with: self)
    }

    /// Makes a decoded relation field usable by giving it `parent` and `key`.
    /// - Throws: ``ParseError`` when `relation` is `nil` or has no class name.
    public func relation<T: ParseObject>(
        _ relation: ParseRelation<T>?, key: String, with parent: Pointer<T>
    ) throws -> ParseRelation<T> {
        try Self.relation(relation, key: key, with: parent)
    }

    /// Makes a decoded relation field usable by giving it `parent` and `key`.
    /// - Throws: ``ParseError`` when `relation` is `nil`, has no class name, or `parent` is unsaved.
    public func relation<T: ParseObject>(
        _ relation: ParseRelation<T>?, key: String, with parent: T
    ) throws -> ParseRelation<T> {
        try Self.relation(relation, key: key, with: try parent.toPointer())
    }

    /// Makes a decoded relation field usable by giving it `parent` and `key`.
    /// - Throws: ``ParseError`` when `relation` is `nil` or has no class name.
    public static func relation<T: ParseObject>(
        _ relation: ParseRelation<T>?, key: String, with parent: Pointer<T>
    ) throws -> ParseRelation<T> {
        guard var relation, relation.className != nil else {
            throw ParseError(code: .unknownError, message: "ParseRelation is either nil or missing \"className\"")
        }
        relation.parent = parent
        relation.key = key
        return relation
    }

    /// Makes a decoded relation field usable by giving it `parent` and `key`.
    /// - Throws: ``ParseError`` when `relation` is `nil`, has no class name, or `parent` is unsaved.
    public static func relation<T: ParseObject>(
        _ relation: ParseRelation<T>?, key: String, with parent: T
    ) throws -> ParseRelation<T> {
        try Self.relation(relation, key: key, with: try parent.toPointer())
    }
}
