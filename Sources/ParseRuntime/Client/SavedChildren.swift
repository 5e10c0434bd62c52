import Foundation

/// The objects a create or update saved before the object itself, because it reached them
/// through pointers while they had no `objectId`: each one's id and timestamps, found by its
/// content (see ``UnsavedChildren``).
///
/// It writes the pointers to them in save bodies, and gives their copies in the returned object
/// the id and timestamps, keeping every other field.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package struct SavedChildren: Sendable {
    /// One saved object.
    struct Entry: Sendable {
        let className: String
        let objectId: String
        var createdAt: JSONValue?
        var updatedAt: JSONValue?
    }

    /// The saved objects by their key (``UnsavedChildren/Child/key``).
    private var entries: [JSONValue: Entry] = [:]

    /// None saved.
    package init() {}

    /// Whether no object is known.
    var isEmpty: Bool { entries.isEmpty }

    /// The id `child` has, or will have once the batch that creates it is applied.
    func objectId(of child: UnsavedChildren.Child) -> String? {
        entries[child.key]?.objectId
    }

    /// Gives `child` an id before it is created (custom object ids), without timestamps yet.
    mutating func assign(_ objectId: String, to child: UnsavedChildren.Child) {
        entries[child.key] = Entry(className: child.object.className, objectId: objectId)
    }

    /// Records the create response of `child` (`{"objectId","createdAt"}`) and returns the
    /// saved object's class and id: the id it was given (which the pointers sent name), else
    /// the response's, or `nil` when there is neither.
    mutating func record(_ child: UnsavedChildren.Child, response: [String: JSONValue]) -> ParseObjectReference? {
        guard let objectId = objectId(of: child) ?? response["objectId"]?.stringValue else { return nil }
        let createdAt = response["createdAt"]
        entries[child.key] = Entry(
            className: child.object.className, objectId: objectId,
            createdAt: createdAt, updatedAt: response["updatedAt"] ?? createdAt)
        return ParseObjectReference(className: child.object.className, objectId: objectId)
    }

    /// The pointer to write for `object`, an unsaved object nested in a save body: to its
    /// saved copy, or `nil` when this call has not saved it (which the encoder reports).
    func pointer(to object: any ParseObject) throws(ParseClientError) -> JSONValue? {
        guard !entries.isEmpty, let entry = entries[try UnsavedChildren.key(of: object)] else { return nil }
        return .object([
            "__type": .string("Pointer"),
            "className": .string(entry.className),
            "objectId": .string(entry.objectId),
        ])
    }

    /// `fields` (a snapshot: nested objects whole, as `"__type":"Object"`) with every saved
    /// object in it given its `objectId`, `createdAt` and `updatedAt`; nothing else changes.
    func patched(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        guard !entries.isEmpty else { return fields }
        return fields.mapValues(patched)
    }

    private func patched(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(patched))
        case .object(let members):
            // Looked up before its own children are patched: the key is the unsaved form.
            let entry = members["__type"] == .string("Object") && members["objectId"] == nil ? entries[value] : nil
            var result = members.mapValues(patched)
            if let entry {
                result["objectId"] = .string(entry.objectId)
                result["createdAt"] = entry.createdAt
                result["updatedAt"] = entry.updatedAt
            }
            return .object(result)
        default:
            return value
        }
    }
}
