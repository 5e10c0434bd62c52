import Foundation

/// A login session, stored in Parse's `_Session` class (ParseSwift's `ParseSession`
/// requirements; these properties are read-only and non-optional there too).
public protocol ParseSession: ParseObject {
    /// The user type the session belongs to.
    associatedtype SessionUser: ParseUser

    /// The session token.
    var sessionToken: String { get }
    /// The user the session belongs to.
    var user: SessionUser { get }
    /// Whether the session is restricted.
    var restricted: Bool? { get }
    /// How the session was created (`action`, `authProvider`).
    var createdWith: [String: String] { get }
    /// The installation the session was created on.
    var installationId: String { get }
    /// When the session expires.
    var expiresAt: Date { get }
}

extension ParseSession {
    /// `"_Session"`.
    public static var className: String {
        "_Session"
    }
}
