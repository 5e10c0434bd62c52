import Foundation

/// Renders an emitter's many small files on the calling thread and a helper thread, and hands
/// them on in their order: what the sink sees, and so the output, is exactly what rendering
/// them one after another gives.
///
/// The calling thread never waits for the helper. The helper starts once a processor is idle
/// (at once, if one is), then takes files a little ahead of the one the sink waits for; when
/// that one is still with the helper, the calling thread renders a later free one meanwhile,
/// and if the helper has not finished by then (it may have lost its processor), renders the
/// file itself and drops the helper's copy. So a helper that gets no time costs at most one
/// file's rendering at a time, and one that does halves the work left.
public enum OrderedRendering {
    /// Calls `render` for each index of `0..<count` (from this thread and a helper, so it must
    /// be safe to call concurrently and give the same result for an index every time) and
    /// `body` with each result in index order, on this thread. The helper waits for one of
    /// `processors` to be idle (without any, there is no helper), and takes indexes at most
    /// `lead` past the one `body` waits for, so no more results than that are ever held; it has
    /// stopped, and given its processor back, when this returns.
    public static func forEach<Result: Sendable>(count: Int, lead: Int = 16, helper processors: IdleProcessors?,
                                                 render: @escaping @Sendable (Int) -> Result, _ body: (Int, Result) -> Void) {
        guard let processors, count > 2 else {
            for index in 0..<count { body(index, render(index)) }
            return
        }
        let work = Work<Result>(count: count, lead: max(1, lead))
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            if processors.waitToTake(unless: { work.isStopped }) {
                while let index = work.claimForHelper() {
                    work.finish(index, render(index))
                }
                processors.give()
            }
            stopped.signal()
        }.start()
        for index in 0..<count {
            let result: Result
            switch work.take(index) {
            case .done(let finished):
                result = finished
            case .renderHere:
                result = render(index)
            case .renderAhead(let later):
                work.finish(later, render(later))
                result = work.takeOrDrop(index) ?? render(index)
            }
            body(index, result)
        }
        work.stop()
        processors.wake()
        stopped.wait()
    }

    /// The indexes' states, shared by the two threads under one lock.
    private final class Work<Result: Sendable>: @unchecked Sendable {
        private enum Slot {
            case free
            case claimed
            case done(Result)
            case taken
        }

        enum Take {
            /// Rendered ahead: here is the result.
            case done(Result)
            /// Nobody has it: render it.
            case renderHere
            /// The helper has it: render this later free index meanwhile, then `takeOrDrop`.
            case renderAhead(Int)
        }

        private let condition = NSCondition()
        private var slots: [Slot]
        private let lead: Int
        /// The index `body` waits for.
        private var current = 0
        private var stopped = false
        /// While the helper sleeps (it is `lead` ahead): the current index that wakes it, half
        /// of `lead` later, when as many indexes are free for it to take one after another.
        /// Waking it for each index instead cost a sleep and a wake-up per file.
        private var wakeAt: Int?

        init(count: Int, lead: Int) {
            slots = Array(repeating: .free, count: count)
            self.lead = lead
        }

        /// For the helper: a free index within `lead` past the current one, waiting while there
        /// is none (until half of `lead` is free again); `nil` once the last index is current or
        /// the work is stopped.
        func claimForHelper() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && current + 1 < slots.count {
                if let index = freeIndex(after: current) {
                    slots[index] = .claimed
                    return index
                }
                wakeAt = current + max(1, lead / 2)
                condition.wait()
            }
            return nil
        }

        /// Keeps a result rendered ahead, unless its index was taken meanwhile.
        func finish(_ index: Int, _ result: Result) {
            condition.withLock {
                if case .claimed = slots[index] { slots[index] = .done(result) }
            }
        }

        /// For the calling thread: what to do for `index`, now the current one.
        func take(_ index: Int) -> Take {
            condition.lock()
            defer { condition.unlock() }
            current = index
            if let wakeAt, index >= wakeAt || index + 1 == slots.count {
                self.wakeAt = nil
                condition.signal()
            }
            switch slots[index] {
            case .done(let result):
                slots[index] = .taken
                return .done(result)
            case .claimed:
                if let later = freeIndex(after: index) {
                    slots[later] = .claimed
                    return .renderAhead(later)
                }
                slots[index] = .taken
                return .renderHere
            case .free, .taken:
                slots[index] = .taken
                return .renderHere
            }
        }

        /// The helper's result for `index` if it is done; otherwise `nil`, and the helper's
        /// result will be dropped.
        func takeOrDrop(_ index: Int) -> Result? {
            condition.withLock {
                defer { slots[index] = .taken }
                if case .done(let result) = slots[index] { return result }
                return nil
            }
        }

        var isStopped: Bool {
            condition.withLock { stopped }
        }

        func stop() {
            condition.withLock {
                stopped = true
                wakeAt = nil
                condition.signal()
            }
        }

        /// Call with the lock held.
        private func freeIndex(after index: Int) -> Int? {
            let end = min(slots.count, index + 1 + lead)
            var candidate = index + 1
            while candidate < end {
                if case .free = slots[candidate] { return candidate }
                candidate += 1
            }
            return nil
        }
    }
}
