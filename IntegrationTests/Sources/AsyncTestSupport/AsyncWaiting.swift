// What the tests of asynchronous events share: values waited for with a timeout, and a
// condition waited for. Used by the LiveQuery tests and the store's live tests.
import Testing

/// Thrown by ``eventually(_:within:sourceLocation:_:)`` when the time is up.
public struct TimedOut: Error {
    public init() {}
}

/// Waits until `condition` holds, checking every 10 ms, for at most `timeout`; records a test
/// failure and throws ``TimedOut`` when it does not.
public func eventually(
    _ what: String, within timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else {
            Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// Values in arrival order, each waited for without polling.
public actor Inbox<Element: Sendable> {
    public init() {}

    private var items: [Element] = []
    private var ended = false
    private var waiter: (id: Int, continuation: CheckedContinuation<Element?, Never>)?
    private var endWaiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
    private var lastId = 0

    public func put(_ item: Element) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: item)
        } else {
            items.append(item)
        }
    }

    public func end() {
        ended = true
        waiter?.continuation.resume(returning: nil)
        waiter = nil
        endWaiter?.continuation.resume(returning: items.isEmpty)
        endWaiter = nil
    }

    public func next(within timeout: Duration) async -> Element? {
        if !items.isEmpty { return items.removeFirst() }
        if ended { return nil }
        let (id, timer) = startTimer(timeout)
        defer { timer.cancel() }
        return await withCheckedContinuation { waiter = (id, $0) }
    }

    public func waitForEnd(within timeout: Duration) async -> Bool {
        if ended { return items.isEmpty }
        let (id, timer) = startTimer(timeout)
        defer { timer.cancel() }
        return await withCheckedContinuation { endWaiter = (id, $0) }
    }

    /// A new waiter's id, and a timer that gives up on that waiter after `timeout`.
    private func startTimer(_ timeout: Duration) -> (id: Int, timer: Task<Void, any Error>) {
        lastId += 1
        let id = lastId
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        return (id, timer)
    }

    private func expire(_ id: Int) {
        if let waiter, waiter.id == id {
            self.waiter = nil
            waiter.continuation.resume(returning: nil)
        }
        if let endWaiter, endWaiter.id == id {
            self.endWaiter = nil
            endWaiter.continuation.resume(returning: false)
        }
    }
}
