import Foundation

/// A value behind a lock, for the little mutable state the client shares across tasks.
///
/// `NSLock` rather than `Synchronization.Mutex` so that the runtime keeps building for the
/// Apple OS versions ParseSwift supports.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The current value.
    package var current: Value {
        withLock { $0 }
    }
}
