import Foundation

/// A role, stored in Parse's `_Role` class (ParseSwift's `ParseRole` requirements).
///
/// Roles hash by ``name`` (or `objectId` when unnamed), as in ParseSwift.
public protocol ParseRole: ParseObject {
    /// The user type whose objects can be members of the role.
    associatedtype RoleUser: ParseUser

    /// The role's name: letters, digits, `_`, `-` and spaces; fixed once saved.
    var name: String? { get set }

    /// The relation to the users that are direct members of the role, or `nil` when unsaved.
    var users: ParseRelation<Self>? { get }

    /// The relation to the roles that are direct children of the role, or `nil` when unsaved.
    var roles: ParseRelation<Self>? { get }

    /// An empty role; prefer ``init(name:)`` or ``init(name:acl:)``.
    init()

    /// A role named `name`.
    /// - Throws: ``ParseError`` when the name has characters other than letters, digits, `_`, `-` and spaces.
    init(name: String) throws

    /// A role named `name` with the given ACL (roles must have one).
    /// - Throws: ``ParseError`` when the name has invalid characters.
    init(name: String, acl: ParseACL) throws
}

extension ParseRole {
    /// `"_Role"`.
    public static var className: String {
        "_Role"
    }

    /// The `users` relation to ``RoleUser`` objects, or `nil` when unsaved.
    public var users: ParseRelation<Self>? {
        try? ParseRelation(parent: self, key: "users", className: RoleUser.className)
    }

    /// The `roles` relation to other roles, or `nil` when unsaved.
    public var roles: ParseRelation<Self>? {
        try? ParseRelation(parent: self, key: "roles", className: Self.className)
    }

    /// A role named `name`.
    /// - Throws: ``ParseError`` when the name has invalid characters.
    public init(name: String) throws {
        try Self.checkName(name)
        self.init()
        self.name = name
    }

    /// A role named `name` with the given ACL.
    /// - Throws: ``ParseError`` when the name has invalid characters.
    public init(name: String, acl: ParseACL) throws {
        try Self.checkName(name)
        self.init()
        self.name = name
        self.ACL = acl
    }

    /// Hashes ``name``, or `objectId` when the role has no name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name ?? objectId)
    }

    static func checkName(_ name: String) throws {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_- ")
        if name.rangeOfCharacter(from: allowed.inverted) != nil {
            throw ParseError(code: .unknownError,
                             message: "A role's name can be only contain alphanumeric characters, _, '-, and spaces.")
        }
    }
}
