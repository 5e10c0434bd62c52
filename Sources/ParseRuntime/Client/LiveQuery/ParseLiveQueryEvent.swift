import Foundation

/// What a LiveQuery subscription reports about one object, as Parse Server's LiveQuery decides
/// it from the object before and after a write (docs/LiveQuery.md has the table).
///
/// Each case carries the object as it is after the write (for ``delete(_:)``, as it was), with
/// only the subscription's `keys` when it selected some.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public enum ParseLiveQueryEvent<T: ParseObject>: Sendable, Hashable {
    /// A new object that matches the query.
    case create(T)
    /// An existing object that did not match the query (or could not be read) and now does.
    case enter(T)
    /// An object that matched the query and still does, changed.
    case update(T)
    /// An object that matched the query and no longer does (or can no longer be read).
    case leave(T)
    /// An object that matched the query was deleted.
    case delete(T)

    /// The object the event is about.
    public var object: T {
        switch self {
        case .create(let object), .enter(let object), .update(let object), .leave(let object), .delete(let object):
            return object
        }
    }

    /// The protocol's name of the event: `create`, `enter`, `update`, `leave` or `delete`.
    public var name: String {
        switch self {
        case .create: "create"
        case .enter: "enter"
        case .update: "update"
        case .leave: "leave"
        case .delete: "delete"
        }
    }

    /// The event named `name` about `object`, or `nil` for a name that is not an event.
    init?(name: String, object: T) {
        switch name {
        case "create": self = .create(object)
        case "enter": self = .enter(object)
        case "update": self = .update(object)
        case "leave": self = .leave(object)
        case "delete": self = .delete(object)
        default: return nil
        }
    }
}
