import Foundation

/// Who may read and write an object: `{"*":{"read":true},"role:Admins":{"read":true},"<userId>":{"read":true,"write":true}}`.
///
/// Only granted permissions are stored; revoking the last permission of a scope removes the
/// scope, and `false` values in decoded JSON are treated as absent (as in ParseSwift).
public struct ParseACL: ParseTypeable, Hashable, Sendable {
    /// A kind of access.
    public enum Access: String, Codable, CodingKey, Hashable, Sendable, CaseIterable {
        /// Read access.
        case read
        /// Write access.
        case write
    }

    private static let publicScope = "*"

    /// The granted accesses per scope (`"*"`, a user's objectId, or `"role:<name>"`).
    private var grants: [String: Set<Access>] = [:]

    /// An ACL that grants nothing.
    public init() {}

    /// The scope name of a role: `"role:<name>"`.
    static func roleScope(_ name: String) -> String {
        "role:\(name)"
    }

    // MARK: Public

    /// Whether anyone may read the object.
    public var publicRead: Bool {
        get { get(Self.publicScope, access: .read) }
        set { set(Self.publicScope, access: .read, value: newValue) }
    }

    /// Whether anyone may write the object.
    public var publicWrite: Bool {
        get { get(Self.publicScope, access: .write) }
        set { set(Self.publicScope, access: .write, value: newValue) }
    }

    // MARK: Users

    /// Whether the user with `objectId` is *explicitly* allowed to read.
    /// - Parameter objectId: The user's id.
    public func getReadAccess(objectId: String) -> Bool {
        get(objectId, access: .read)
    }

    /// Whether `user` is *explicitly* allowed to read; `false` for an unsaved user.
    public func getReadAccess<T: ParseUser>(user: T) -> Bool {
        user.objectId.map { get($0, access: .read) } ?? false
    }

    /// Whether the user with `objectId` is *explicitly* allowed to write.
    /// - Parameter objectId: The user's id.
    public func getWriteAccess(objectId: String) -> Bool {
        get(objectId, access: .write)
    }

    /// Whether `user` is *explicitly* allowed to write; `false` for an unsaved user.
    public func getWriteAccess<T: ParseUser>(user: T) -> Bool {
        user.objectId.map { get($0, access: .write) } ?? false
    }

    /// Grants or revokes read access for the user with `objectId`.
    public mutating func setReadAccess(objectId: String, value: Bool) {
        set(objectId, access: .read, value: value)
    }

    /// Grants or revokes read access for `user`; does nothing for an unsaved user.
    public mutating func setReadAccess<T: ParseUser>(user: T, value: Bool) {
        if let objectId = user.objectId { set(objectId, access: .read, value: value) }
    }

    /// Grants or revokes write access for the user with `objectId`.
    public mutating func setWriteAccess(objectId: String, value: Bool) {
        set(objectId, access: .write, value: value)
    }

    /// Grants or revokes write access for `user`; does nothing for an unsaved user.
    public mutating func setWriteAccess<T: ParseUser>(user: T, value: Bool) {
        if let objectId = user.objectId { set(objectId, access: .write, value: value) }
    }

    // MARK: Roles

    /// Whether members of the role named `roleName` are *explicitly* allowed to read.
    public func getReadAccess(roleName: String) -> Bool {
        get(Self.roleScope(roleName), access: .read)
    }

    /// Whether members of `role` are *explicitly* allowed to read; `false` for a role without a name.
    public func getReadAccess<T: ParseRole>(role: T) -> Bool {
        role.name.map { get(Self.roleScope($0), access: .read) } ?? false
    }

    /// Whether members of the role named `roleName` are *explicitly* allowed to write.
    public func getWriteAccess(roleName: String) -> Bool {
        get(Self.roleScope(roleName), access: .write)
    }

    /// Whether members of `role` are *explicitly* allowed to write; `false` for a role without a name.
    public func getWriteAccess<T: ParseRole>(role: T) -> Bool {
        role.name.map { get(Self.roleScope($0), access: .write) } ?? false
    }

    /// Grants or revokes read access for members of the role named `roleName`.
    public mutating func setReadAccess(roleName: String, value: Bool) {
        set(Self.roleScope(roleName), access: .read, value: value)
    }

    /// Grants or revokes read access for members of `role`; does nothing for a role without a name.
    public mutating func setReadAccess<T: ParseRole>(role: T, value: Bool) {
        if let name = role.name { set(Self.roleScope(name), access: .read, value: value) }
    }

    /// Grants or revokes write access for members of the role named `roleName`.
    public mutating func setWriteAccess(roleName: String, value: Bool) {
        set(Self.roleScope(roleName), access: .write, value: value)
    }

    /// Grants or revokes write access for members of `role`; does nothing for a role without a name.
    public mutating func setWriteAccess<T: ParseRole>(role: T, value: Bool) {
        if let name = role.name { set(Self.roleScope(name), access: .write, value: value) }
    }

    // MARK: Storage

    private func get(_ scope: String, access: Access) -> Bool {
        grants[scope]?.contains(access) ?? false
    }

    private mutating func set(_ scope: String, access: Access, value: Bool) {
        if value {
            grants[scope, default: []].insert(access)
        } else if var accesses = grants[scope] {
            accesses.remove(access)
            grants[scope] = accesses.isEmpty ? nil : accesses
        }
    }

    // MARK: Coding

    /// Decodes the ACL map; unknown access names and `false` values are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for scope in container.allKeys {
            let accesses = try container.nestedContainer(keyedBy: Access.self, forKey: scope)
            for access in accesses.allKeys where try accesses.decodeIfPresent(Bool.self, forKey: access) == true {
                set(scope.stringValue, access: access, value: true)
            }
        }
    }

    /// Encodes the ACL map with only `true` values; an empty ACL encodes as `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (scope, accesses) in grants {
            var nested = container.nestedContainer(keyedBy: Access.self, forKey: AnyCodingKey(scope))
            for access in accesses {
                try nested.encode(true, forKey: access)
            }
        }
    }
}
