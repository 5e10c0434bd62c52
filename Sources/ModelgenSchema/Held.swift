/// A value handed to another thread, which takes it out: that thread then holds the only
/// reference, so what it drops is freed there, not on the thread that made the value.
/// Validation's second thread takes its half of the declarations through one, and the
/// generator hands each streamed file on through one (and then to the thread that frees it).
package final class Held<Value>: @unchecked Sendable {
    private var value: Value?

    package init(_ value: consuming Value) {
        self.value = value
    }

    /// The value, leaving none here; call once.
    package func take() -> Value {
        defer { value = nil }
        return value!
    }
}
