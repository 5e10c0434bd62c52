import Foundation

/// Thrown by ``withDeadline(_:operation:)`` when the time is up.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct DeadlineExceeded: Error {}

/// Runs `operation`, giving up after `timeout` even when the operation ignores cancellation:
/// the operation runs in its own task, which is cancelled (and left to finish on its own) when
/// the deadline passes or the caller is cancelled.
/// - Throws: ``DeadlineExceeded`` when the time is up, `CancellationError` when the calling
///   task is cancelled, or what the operation throws.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func withDeadline<Value: Sendable>(
    _ timeout: Duration,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = Race<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            guard race.install(continuation) else { return }
            let work = Task {
                do {
                    race.finish(.success(try await operation()))
                } catch {
                    race.finish(.failure(error))
                }
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: timeout)
                    race.finish(.failure(DeadlineExceeded()))
                } catch {
                    // Cancelled because the work finished first.
                }
            }
            race.track(work, timer)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The shared state of one ``withDeadline(_:operation:)``: the first result wins, the
/// continuation is resumed exactly once, and the losing tasks are cancelled.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var pending: Result<Value, any Error>?
        var finished = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// Stores the continuation; resumes it at once and returns false when the race is already
    /// over (the caller was cancelled before it started).
    func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let pending: Result<Value, any Error>? = state.withLock { state in
            if state.finished {
                return state.pending
            }
            state.continuation = continuation
            return nil
        }
        if let pending {
            continuation.resume(with: pending)
            return false
        }
        return true
    }

    /// Keeps the tasks to cancel when the race ends; cancels them at once if it has ended.
    func track(_ tasks: Task<Void, Never>...) {
        let finished = state.withLock { state in
            if !state.finished {
                state.tasks.append(contentsOf: tasks)
            }
            return state.finished
        }
        if finished {
            tasks.forEach { $0.cancel() }
        }
    }

    /// Ends the race with `result` unless it has ended already.
    func finish(_ result: Result<Value, any Error>) {
        let (continuation, tasks): (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            let continuation = state.continuation
            state.continuation = nil
            if continuation == nil {
                state.pending = result
            }
            let tasks = state.tasks
            state.tasks = []
            return (continuation, tasks)
        }
        tasks.forEach { $0.cancel() }
        continuation?.resume(with: result)
    }
}
