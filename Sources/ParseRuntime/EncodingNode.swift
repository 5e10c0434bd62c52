import Foundation

/// One slot of the JSON tree that ``ParseTreeEncoder`` builds. Containers keep references to
/// their nodes, so nested containers can keep writing after the call that created them returns.
final class EncodingNode {
    private enum Content {
        case empty
        case value(JSONValue)
        case object([String: EncodingNode])
        case array([EncodingNode])
    }

    private var content = Content.empty

    /// Stores a finished value, replacing anything before it.
    func set(_ value: JSONValue) {
        content = .value(value)
    }

    /// Makes this node an object (keeping members already written) and returns a new member
    /// node, or with `reuse` the existing member for `key` when there is one.
    func member(_ key: String, reuse: Bool = false) -> EncodingNode {
        if reuse, case .object(let members) = content, let existing = members[key] {
            return existing
        }
        let child = EncodingNode()
        if case .object(var members) = content {
            content = .empty
            members[key] = child
            content = .object(members)
        } else {
            content = .object([key: child])
        }
        return child
    }

    /// Makes this node an object without adding a member.
    func becomeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    /// Makes this node an array without adding an element.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Makes this node an array (keeping elements already written) and returns a new last element.
    func appendElement() -> EncodingNode {
        let child = EncodingNode()
        if case .array(var elements) = content {
            content = .empty
            elements.append(child)
            content = .array(elements)
        } else {
            content = .array([child])
        }
        return child
    }

    /// The number of elements when this node is an array, otherwise 0.
    var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    /// The finished JSON, or `nil` when nothing was ever written here. Empty members and
    /// elements become `{}`, as with `JSONEncoder`.
    func resolved() -> JSONValue? {
        switch content {
        case .empty:
            return nil
        case .value(let value):
            return value
        case .object(let members):
            return .object(members.mapValues { $0.resolved() ?? .object([:]) })
        case .array(let elements):
            return .array(elements.map { $0.resolved() ?? .object([:]) })
        }
    }
}
