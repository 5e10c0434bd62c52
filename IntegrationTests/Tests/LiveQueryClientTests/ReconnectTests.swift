import AsyncTestSupport
import Foundation
import InventoryModels
import ParseRuntime
import ParseTestServer
import Testing

/// The client's socket comes back by itself: after the server restarts on the same port, and
/// after the server drops every LiveQuery socket; its subscriptions resume.
@Suite("LiveQuery client: reconnection")
struct ReconnectTests {
    @Test("After the server restarts on the same port, the subscription resumes and gets later events")
    func serverRestart() async throws {
        let lines = LogLines()
        let server = try await ParseTestServer.start()
        let port = server.port
        let client = makeClient(server, log: lines.append)
        let events = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
        _ = try await makeWriter(server).create(Product.sample("before"))
        #expect(try await events.next().object.sku == "before")

        await server.stop()
        let restarted = try await ParseTestServer.start(.init(port: port))
        do {
            try await eventually("the client subscribed again") { restarted.liveQuerySubscriptionCount == 1 }
            #expect(restarted.liveQueryConnectionCount == 1)
            _ = try await makeWriter(restarted).create(Product.sample("after"))
            #expect(try await events.next().object.sku == "after")
            await events.stop()
        } catch {
            await restarted.stop()
            throw error
        }
        await restarted.stop()
        #expect(lines.all.contains { $0.contains("reconnecting in") })
        // Keys and tokens never reach the log.
        #expect(!lines.all.contains { $0.contains(server.configuration.restAPIKey ?? "-") })
    }

    @Test("After the server drops every LiveQuery socket, each client reconnects and resubscribes all its subscriptions")
    func dropped() async throws {
        try await withServer { server in
            let client = makeClient(server)
            let writer = makeWriter(server)
            let litres = Events(try await client.subscribe(Product.query(Product.Field.unit == .litre)))
            let kilos = Events(try await client.subscribe(Product.query(Product.Field.unit == .kilogram)))
            server.dropLiveQueryConnections()
            #expect(server.liveQueryConnectionCount == 0)
            try await eventually("both subscriptions came back on one socket") {
                server.liveQuerySubscriptionCount == 2 && server.liveQueryConnectionCount == 1
            }
            _ = try await writer.create(Product.sample("flour", unit: .kilogram))
            _ = try await writer.create(Product.sample("milk", unit: .litre))
            #expect(try await kilos.next().object.sku == "flour")
            #expect(try await litres.next().object.sku == "milk")
            await litres.stop()
            await kilos.stop()
        }
    }

    @Test("A subscribe while no server listens fails with a connection error, and the client can subscribe later")
    func noServer() async throws {
        let server = try await ParseTestServer.start()
        let port = server.port
        await server.stop()
        var configuration = ParseClientConfiguration(
            serverURL: URL(string: "http://127.0.0.1:\(port)/parse")!, applicationId: "integration-app", restAPIKey: "integration-rest-key")
        configuration.liveQueryServerURL = URL(string: "ws://127.0.0.1:\(port)/parse")
        let client = ParseClient(configuration: configuration)
        let error = await liveQueryError { _ = try await client.subscribe(Product.query()) }
        guard case .connection? = error else {
            Issue.record("expected a connection error, got \(String(describing: error))")
            return
        }
        // The failed attempt left nothing behind: with a server on that port, subscribing works.
        let later = try await ParseTestServer.start(.init(port: port))
        do {
            let events = Events(try await client.subscribe(Product.query()))
            #expect(later.liveQuerySubscriptionCount == 1)
            await events.stop()
        } catch {
            await later.stop()
            throw error
        }
        await later.stop()
    }
}

/// Log lines, collected from any task.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var append: @Sendable (String) -> Void {
        { line in self.lock.withLock { self.lines.append(line) } }
    }

    var all: [String] { lock.withLock { lines } }
}
