import Foundation

/// A saved object's class and id: what ``ParseIncompleteSave`` lists.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseObjectReference: Sendable, Hashable, CustomStringConvertible {
    /// The Parse class name (`Genre`, `_User`).
    public var className: String
    /// The object's id.
    public var objectId: String

    /// A reference.
    /// - Parameters:
    ///   - className: The Parse class name.
    ///   - objectId: The object's id.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    /// `Genre/abc123`.
    public var description: String {
        "\(className)/\(objectId)"
    }
}

/// A create or update that saved some of the unsaved objects it points to, then failed: what
/// failed, and what was saved and stays on the server (Parse has no way to undo it).
///
/// Without custom object ids the objects an object points to are created before it, level by
/// level, each level in its own `POST /batch`, since the object needs their ids; a later
/// failure leaves the earlier ones saved. Delete them, or save the object again pointing to
/// them. With ``ParseClientConfiguration/allowsCustomObjectId`` everything goes in one
/// transaction instead, and a failure saves nothing.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseIncompleteSave: Sendable, Hashable, CustomStringConvertible {
    /// Why the save stopped: a server error for one object, a failed request, an unreadable
    /// response… When no response arrived (``ParseClientError/transport(_:)``,
    /// ``ParseClientError/timedOut(after:)``, ``ParseClientError/cancelled``), the request in
    /// flight may have been applied too.
    public var error: ParseClientError
    /// The objects this call created before it stopped, in the order they were saved.
    public var saved: [ParseObjectReference]

    /// A failure after `saved` were created.
    /// - Parameters:
    ///   - error: What failed.
    ///   - saved: What was created before.
    public init(error: ParseClientError, saved: [ParseObjectReference]) {
        self.error = error
        self.saved = saved
    }

    /// `Saved Genre/g1, ISBN/i1 (objects it points to), then failed: <the error>`.
    public var description: String {
        "Saved \(saved.map(\.description).joined(separator: ", ")) (objects it points to), then failed: \(error)"
    }
}
