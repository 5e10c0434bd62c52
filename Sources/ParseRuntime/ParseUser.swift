import Foundation

/// A user of the app, stored in Parse's `_User` class (ParseSwift's `ParseUser` requirements).
public protocol ParseUser: ParseObject {
    /// The user name.
    var username: String? { get set }
    /// The email address.
    var email: String? { get set }
    /// Whether the email address is verified; only the server changes it.
    var emailVerified: Bool? { get }
    /// The password; set it to sign up or change it, the server never sends it.
    var password: String? { get set }
    /// Authentication data per provider (anonymous, apple, facebook...).
    var authData: [String: [String: String]?]? { get set }
}

extension ParseUser {
    /// `"_User"`.
    public static var className: String {
        "_User"
    }

    /// Restores `ACL`, `username`, `email` and `authData` from `object` where this copy has none.
    /// - Throws: ``ParseError`` when the objects' `objectId`s differ or are `nil`.
    public func mergeParse(with object: Self) throws -> Self {
        try checkSameObjectId(as: object)
        var updated = self
        if updated.shouldRestoreKey(\.ACL, original: object) {
            updated.ACL = object.ACL
        }
        if updated.shouldRestoreKey(\.username, original: object) {
            updated.username = object.username
        }
        if updated.shouldRestoreKey(\.email, original: object) {
            updated.email = object.email
        }
        if updated.shouldRestoreKey(\.authData, original: object) {
            updated.authData = object.authData
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
}
