import Foundation

/// One field's change in an update body, before encoding.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package enum FieldOperation: Sendable, Hashable {
    /// A new value: `wire` is sent (objects as pointers), `local` is merged into the result.
    case set(wire: JSONValue, local: JSONValue)
    /// `{"__op":"Delete"}`.
    case delete
    /// `{"__op":"Increment","amount":n}`.
    case increment(JSONValue)
    /// `{"__op":"Add","objects":[...]}`.
    case add([JSONValue])
    /// `{"__op":"AddUnique","objects":[...]}`.
    case addUnique([JSONValue])
    /// `{"__op":"Remove","objects":[...]}`.
    case remove([JSONValue])
    /// `{"__op":"AddRelation","objects":[pointers]}`.
    case addRelation([JSONValue])
    /// `{"__op":"RemoveRelation","objects":[pointers]}`.
    case removeRelation([JSONValue])
    /// Both relation operations on one field: `{"__op":"Batch","ops":[...]}`.
    case relationBatch(add: [JSONValue], remove: [JSONValue])

    /// The JSON sent for this operation.
    var wire: JSONValue {
        switch self {
        case .set(let wire, _): return wire
        case .delete: return ["__op": "Delete"]
        case .increment(let amount): return ["__op": "Increment", "amount": amount]
        case .add(let objects): return Self.listOperation("Add", objects)
        case .addUnique(let objects): return Self.listOperation("AddUnique", objects)
        case .remove(let objects): return Self.listOperation("Remove", objects)
        case .addRelation(let objects): return Self.listOperation("AddRelation", objects)
        case .removeRelation(let objects): return Self.listOperation("RemoveRelation", objects)
        case .relationBatch(let added, let removed):
            return ["__op": "Batch", "ops": [Self.listOperation("AddRelation", added),
                                              Self.listOperation("RemoveRelation", removed)]]
        }
    }

    /// Whether the server answers with the field's new value (Increment, Add, AddUnique, Remove).
    var serverReturnsValue: Bool {
        switch self {
        case .increment, .add, .addUnique, .remove: return true
        default: return false
        }
    }

    /// This operation followed by `next` on the same field, as Parse's SDKs merge them:
    /// increments add up, list operations of one kind and relation operations concatenate,
    /// AddRelation with RemoveRelation becomes a Batch; otherwise `next` replaces this one.
    func followed(by next: FieldOperation) -> FieldOperation {
        switch (self, next) {
        case (.increment(let first), .increment(let second)):
            return .increment(Self.sum(first, second))
        case (.add(let first), .add(let second)):
            return .add(first + second)
        case (.addUnique(let first), .addUnique(let second)):
            return .addUnique(first + second)
        case (.remove(let first), .remove(let second)):
            return .remove(first + second)
        case (.addRelation(let first), .addRelation(let second)):
            return .addRelation(Self.unique(first + second))
        case (.removeRelation(let first), .removeRelation(let second)):
            return .removeRelation(Self.unique(first + second))
        case (.addRelation(let added), .removeRelation(let removed)),
             (.removeRelation(let removed), .addRelation(let added)):
            return .relationBatch(add: added, remove: removed)
        case (.relationBatch(let added, let removed), .addRelation(let more)):
            return .relationBatch(add: Self.unique(added + more), remove: removed)
        case (.relationBatch(let added, let removed), .removeRelation(let more)):
            return .relationBatch(add: added, remove: Self.unique(removed + more))
        default:
            return next
        }
    }

    private static func listOperation(_ name: String, _ objects: [JSONValue]) -> JSONValue {
        ["__op": .string(name), "objects": .array(objects)]
    }

    private static func unique(_ values: [JSONValue]) -> [JSONValue] {
        var seen = Set<JSONValue>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The sum of two JSON numbers: an integer when both are and it fits, otherwise a double
    /// (Parse Server's Increment; the on-device store applies it the same way).
    package static func sum(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        if case .int(let left) = first, case .int(let right) = second {
            let (total, overflow) = left.addingReportingOverflow(right)
            if !overflow {
                return .int(total)
            }
        }
        return .double((first.doubleValue ?? 0) + (second.doubleValue ?? 0))
    }
}
