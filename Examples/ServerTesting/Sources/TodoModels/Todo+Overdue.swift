import Foundation

// A target needs one Swift file of its own (docs/Plugins.md); this one is also app code.
extension Todo {
    /// Whether the todo is open past its due date.
    public func isOverdue(at now: Date = Date()) -> Bool {
        done != true && (dueDate.map { $0 < now } ?? false)
    }
}
