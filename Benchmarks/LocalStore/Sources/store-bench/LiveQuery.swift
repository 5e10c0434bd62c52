// The LiveQuery benchmarks: how soon a subscriber hears of a create, and how many events a
// second reach it, through ParseClient.subscribe against ParseTestServer over loopback (the
// LiveQuery WebSocket on the server's own port), both ends in this process.
import Foundation
import InventoryModels
import ParseRuntime
import ParseTestServer

/// What the two LiveQuery benchmarks measured.
struct LiveQueryResult {
    /// Per create: from sending it to its event's arrival, and to the REST answer.
    var latencies: [Double] = []
    var answers: [Double] = []
    /// The burst: its size, and from the first batch sent to the last event's arrival.
    var burst = 0
    var burstMs = 0.0
    var notes: [String] = []
}

func benchLiveQuery(latencyCreates: Int, burst: Int, batchSize: Int, say: (String) -> Void) async throws -> LiveQueryResult {
    let server = try await ParseTestServer.start(ParseTestServer.Configuration(allowCustomObjectId: true))
    var configuration = ParseClientConfiguration(
        serverURL: server.serverURL, applicationId: server.configuration.applicationId, restAPIKey: server.configuration.restAPIKey)
    configuration.liveQueryServerURL = server.liveQueryURL
    let subscriber = ParseClient(configuration: configuration)
    let writer = ParseClient(configuration: configuration)
    let subscription = try await subscriber.subscribe(Product.query())
    // Each create's id and when it arrived, read by a task of its own as an app would.
    let (arrivals, arriving) = AsyncStream.makeStream(of: (id: String, at: Double).self)
    let reading = Task {
        do {
            for try await event in subscription {
                if case .create(let product) = event { arriving.yield((product.objectId ?? "", monotonicMs())) }
            }
        } catch {
            // The stream ends; the wait for the next arrival below then reports it.
        }
        arriving.finish()
    }
    var events = arrivals.makeAsyncIterator()
    var result = LiveQueryResult()

    // 1. One create at a time: sent, answered, heard.
    say("livequery: \(latencyCreates) creates one at a time")
    for index in 0..<latencyCreates {
        let start = monotonicMs()
        let made = try await writer.create(Catalog.storeProduct(Catalog.products(index..<(index + 1))[0]))
        result.answers.append(monotonicMs() - start)
        guard let arrival = await events.next(), arrival.id == made.objectId else {
            throw RunError(description: "the event of create \(index) did not come, or came for another object")
        }
        result.latencies.append(arrival.at - start)
    }

    // 2. A burst: `burst` creates in batches sent back to back, until the last event is heard.
    say("livequery: a burst of \(burst) creates in batches of \(batchSize)")
    let products = Catalog.products(latencyCreates..<(latencyCreates + burst)).map(Catalog.storeProduct)
    let start = monotonicMs()
    let sending = Task {
        var ids: [String] = []
        for first in stride(from: 0, to: products.count, by: batchSize) {
            for made in try await writer.createAll(Array(products[first..<min(first + batchSize, products.count)])) {
                ids.append(try made.get().objectId ?? "")
            }
        }
        return ids
    }
    var heard: [String] = []
    while heard.count < burst, let arrival = await events.next() {
        heard.append(arrival.id)
    }
    result.burstMs = monotonicMs() - start
    result.burst = burst
    let sent = try await sending.value
    guard Set(heard) == Set(sent), heard.count == sent.count else {
        throw RunError(description: "the burst's events were not its creates, each once: \(heard.count) heard, \(sent.count) sent")
    }
    result.notes.append("every create of the burst heard exactly once, \(heard == sent ? "in the order made" : "not in the order made")")
    reading.cancel()
    await reading.value
    await server.stop()
    return result
}
