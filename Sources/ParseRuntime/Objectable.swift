import Foundation

/// The fields every Parse object has. Use ``ParseObject`` rather than this protocol directly.
public protocol Objectable: ParseEncodable, Decodable {
    /// The Parse class name; by default the Swift type's name.
    static var className: String { get }
    /// The object's id, `nil` until the object is saved.
    var objectId: String? { get set }
    /// When the object was created on the server.
    var createdAt: Date? { get set }
    /// When the object was last updated on the server.
    var updatedAt: Date? { get set }
    /// The object's access control list.
    var ACL: ParseACL? { get set }
}

extension Objectable {
    /// The Swift type's name, for example `"GameScore"`.
    public static var className: String {
        String(describing: Self.self)
    }

    /// The Parse class name of this object's type.
    public var className: String {
        Self.className
    }

    /// Whether the object has been saved, that is whether it has an ``objectId``.
    public var isSaved: Bool {
        objectId != nil
    }
}
