import Foundation

/// The processors that a run's threads leave idle, counted as its threads start and finish
/// their work. An emitter's helper thread waits for one before it helps: it runs only while a
/// processor would otherwise sit idle (late in a run, once the other emitters are done), and
/// never takes turns with busy threads, which would only make it render files the emitter's
/// own thread then renders again.
public final class IdleProcessors: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: Int

    /// `count` processors idle now; fewer than none when there are more threads than processors.
    public init(_ count: Int) {
        idle = count
    }

    /// How many are idle now.
    public var count: Int {
        condition.withLock { idle }
    }

    /// A thread starts work, on a processor that was idle or not.
    public func take() {
        condition.withLock { idle -= 1 }
    }

    /// A thread finished its work: its processor is idle.
    public func give() {
        condition.withLock {
            idle += 1
            condition.broadcast()
        }
    }

    /// Waits until a processor is idle and takes it; returns `false` without taking one once
    /// `isCancelled` is true, which is asked whenever the count changes and after `wake()`.
    public func waitToTake(unless isCancelled: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isCancelled() { return false }
            if idle > 0 {
                idle -= 1
                return true
            }
            condition.wait()
        }
    }

    /// Wakes the threads waiting to take a processor, so they ask whether they are cancelled.
    public func wake() {
        condition.withLock { condition.broadcast() }
    }
}
