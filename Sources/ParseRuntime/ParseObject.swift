import Foundation

/// A value type persisted in a Parse class, with the same requirements as ParseSwift's
/// `ParseObject`: a struct with `objectId`, `createdAt`, `updatedAt`, `ACL`, `originalData`,
/// optional custom properties and an empty `init()`.
///
/// Equality is memberwise (synthesised); hashing uses ``Objectable/objectId`` only, which
/// keeps equal values' hashes equal.
public protocol ParseObject: ParseTypeable, Objectable, Identifiable, Hashable, Sendable {
    /// The encoded object from before ``mergeable`` was taken; bookkeeping, never sent to Parse.
    var originalData: Data? { get set }

    /// An empty copy of a saved object (only `objectId`, `createdAt` and ``originalData``),
    /// on which to set just the fields that change.
    var mergeable: Self { get }

    /// The empty initialiser every Parse object needs.
    init()

    /// Whether `key` should be restored from `original` after an update: true when this
    /// object's value is `nil` and the original's is not.
    /// - Parameters:
    ///   - key: The property.
    ///   - original: The object before the update.
    func shouldRestoreKey<W>(_ key: KeyPath<Self, W?>, original: Self) -> Bool where W: Equatable

    /// Merges the Parse-managed properties (`ACL`, plus the built-in fields of users and
    /// installations) of `object` into this updated copy.
    /// - Parameter object: The original object.
    /// - Throws: ``ParseError`` when the two objects do not have the same `objectId`.
    func mergeParse(with object: Self) throws -> Self

    /// Merges this updated copy with the original `object`; implement it by calling
    /// ``mergeParse(with:)`` and ``shouldRestoreKey(_:original:)`` for every property.
    /// - Parameter object: The original object.
    /// - Throws: ``ParseError`` when the two objects do not have the same `objectId`.
    func merge(with object: Self) throws -> Self
}

extension ParseObject {
    /// Hashes ``Objectable/objectId`` (unsaved objects all hash alike; equality still compares
    /// every property).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(objectId)
    }

    /// The `objectId`, or a fresh UUID string when the object is unsaved (as in ParseSwift).
    public var id: String {
        objectId ?? UUID().uuidString
    }

    /// Creates an object that refers to a saved object by its id; every other field is `nil`.
    /// - Parameter objectId: The object's id.
    /// - Note: ParseSwift 4.14.2 has no such initialiser; code meant for both libraries
    ///   should use `init()` and set `objectId`.
    public init(objectId: String) {
        self.init()
        self.objectId = objectId
    }

    /// Whether `other` has the same class name and the same non-nil `objectId`.
    /// - Parameter other: The object to compare with.
    public func hasSameObjectId<T: ParseObject>(as other: T) -> Bool {
        other.className == className && other.objectId == objectId && objectId != nil
    }

    /// A pointer to this object.
    /// - Throws: ``ParseError`` with code ``ParseError/Code-swift.enum/missingObjectId`` when the
    ///   object is unsaved.
    public func toPointer() throws -> Pointer<Self> {
        try Pointer(self)
    }

    /// True when this object's value at `key` is `nil` and `original`'s is not.
    public func shouldRestoreKey<W>(_ key: KeyPath<Self, W?>, original: Self) -> Bool where W: Equatable {
        self[keyPath: key] == nil && original[keyPath: key] != self[keyPath: key]
    }

    /// Restores `ACL` from `object` when this copy has none.
    /// - Throws: ``ParseError`` when the objects' `objectId`s differ or are `nil`.
    public func mergeParse(with object: Self) throws -> Self {
        try checkSameObjectId(as: object)
        var updated = self
        if updated.shouldRestoreKey(\.ACL, original: object) {
            updated.ACL = object.ACL
        }
        return updated
    }

    /// Merges by overlaying this copy's encoded fields on the original's; falls back to
    /// ``mergeParse(with:)`` if that fails.
    public func merge(with object: Self) throws -> Self {
        do {
            return try mergeAutomatically(object)
        } catch {
            return try mergeParse(with: object)
        }
    }

    /// Throws ParseSwift's error when `object` does not have this object's `objectId`.
    func checkSameObjectId(as object: Self) throws {
        guard hasSameObjectId(as: object) else {
            throw ParseError(code: .unknownError, message: "objectId's of objects do not match")
        }
    }
}
