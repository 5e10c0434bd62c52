import Foundation
import ModelgenEmitter
import Testing

/// `OrderedRendering` hands every result on exactly once, in index order, whatever the helper
/// thread does: renders that take their time at random make the helper finish before, after
/// or while the calling thread wants its files.
@Suite struct OrderedRenderingTests {
    @Test(arguments: [0, 1, 2, 3, 17, 400])
    func everyIndexIsHandedOnOnceInOrder(count: Int) {
        for lead in [1, 2, 8] {
            let renders = Counter()
            var seen: [Int] = []
            var texts: [String] = []
            OrderedRendering.forEach(count: count, lead: lead, helper: IdleProcessors(1), render: { index in
                renders.add(index)
                // Some renders are slow, so the other thread overtakes them.
                if index % 7 == 3 { usleep(UInt32.random(in: 0...400)) }
                return "text \(index)"
            }) { index, text in
                seen.append(index)
                texts.append(text)
            }
            #expect(seen == Array(0..<count), "lead \(lead)")
            #expect(texts == (0..<count).map { "text \($0)" }, "lead \(lead)")
            // Each index rendered at least once; a second time only when the helper had it
            // and had not finished when its turn came.
            let counts = renders.counts
            #expect((0..<count).allSatisfy { (counts[$0] ?? 0) >= 1 && (counts[$0] ?? 0) <= 2 }, "lead \(lead): \(counts)")
        }
    }

    /// Without a helper, every index is rendered once, on the calling thread, in order.
    @Test func withoutAHelperEachIsRenderedOnceInOrder() {
        let renders = Counter()
        var seen: [Int] = []
        OrderedRendering.forEach(count: 50, helper: nil, render: { index in
            renders.add(index)
            return index * 2
        }) { index, value in
            #expect(value == index * 2)
            seen.append(index)
        }
        #expect(seen == Array(0..<50))
        #expect(renders.order == Array(0..<50))
    }

    /// A helper that gets the processor less often than the calling thread (here: whose every
    /// render is slow) still leaves each result in order, the calling thread rendering what
    /// the helper has not finished.
    @Test func aSlowHelperNeverHoldsTheCallingThreadBack() {
        let main = pthread_self()
        let renders = Counter()
        var seen: [Int] = []
        OrderedRendering.forEach(count: 60, lead: 4, helper: IdleProcessors(1), render: { index in
            renders.add(index)
            if pthread_equal(pthread_self(), main) == 0 { usleep(20_000) }
            return index
        }) { index, value in
            #expect(value == index)
            seen.append(index)
        }
        #expect(seen == Array(0..<60))
        // The calling thread rendered nearly everything itself, and far faster than the
        // helper's 20 ms a render would have allowed.
        #expect(renders.counts.values.reduce(0, +) >= 60)
    }

    /// A helper starts only once a processor is idle: with none, the calling thread renders
    /// everything; given one partway, the helper joins; either way it gives its processor back.
    @Test func theHelperWaitsForAnIdleProcessor() {
        let main = pthread_self()
        let busy = IdleProcessors(0)
        let byHelper = Counter()
        OrderedRendering.forEach(count: 40, helper: busy, render: { index in
            if pthread_equal(pthread_self(), main) == 0 { byHelper.add(index) }
            return index
        }) { _, _ in }
        #expect(byHelper.order.isEmpty)
        #expect(busy.count == 0)

        let freed = IdleProcessors(0)
        var seen: [Int] = []
        OrderedRendering.forEach(count: 400, lead: 8, helper: freed, render: { index in
            if pthread_equal(pthread_self(), main) == 0 { byHelper.add(index) }
            usleep(200)
            return index
        }) { index, value in
            #expect(value == index)
            seen.append(index)
            // Another thread of the run finishes its work a quarter of the way in; the next
            // turn waits (up to 5 s, on a busy machine) until the helper has rendered a file.
            if index == 100 { freed.give() }
            if index == 101 {
                for _ in 0..<5_000 where byHelper.order.isEmpty { usleep(1_000) }
            }
        }
        #expect(seen == Array(0..<400))
        #expect(!byHelper.order.isEmpty)
        #expect(byHelper.order.allSatisfy { $0 > 100 }, "the helper helped only once the processor was idle")
        #expect(freed.count == 1, "the helper gave it back")
    }

    /// A helper that is `lead` files ahead sleeps until half as many are free again, and then
    /// takes them one after another: it is woken once per `lead / 2` files the calling thread
    /// hands on, not once per file (a sleep and a wake-up each, over a thousand a run).
    @Test func aHelperAheadIsWokenOncePerHalfLead() {
        let main = pthread_self()
        let position = Counter()  // the index the calling thread hands on, as the helper saw it
        let handedOn = Position()
        OrderedRendering.forEach(count: 400, lead: 16, helper: IdleProcessors(1), render: { index in
            if pthread_equal(pthread_self(), main) == 0 { position.add(handedOn.value) }
            return index
        }) { index, _ in
            handedOn.value = index
            usleep(300)  // handing a file on is slow: the helper is always ahead
        }
        // Where the calling thread was whenever the helper rendered: a few dozen places, once
        // per 8 files, instead of nearly every one of the 400.
        let places = Set(position.order).count
        #expect(places >= 2 && places <= 80, "the helper rendered at \(places) positions")
    }

    @Test func idleProcessorsAreCountedAsThreadsStartAndFinish() {
        let processors = IdleProcessors(1)
        processors.take()
        processors.take()
        #expect(processors.count == -1)
        #expect(!processors.waitToTake(unless: { true }), "cancelled: nothing taken")
        processors.give()
        processors.give()
        #expect(processors.waitToTake(unless: { false }))
        #expect(processors.count == 0)
    }
}

/// Renders counted from several threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [Int] = []

    func add(_ index: Int) { lock.withLock { all.append(index) } }

    var counts: [Int: Int] { lock.withLock { all.reduce(into: [:]) { $0[$1, default: 0] += 1 } } }
    var order: [Int] { lock.withLock { all } }
}

/// One index, written by one thread and read by another.
private final class Position: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0

    var value: Int {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
