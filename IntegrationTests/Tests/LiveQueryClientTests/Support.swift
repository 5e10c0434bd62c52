import AsyncTestSupport
import Foundation
import InventoryModels
import ParseRuntime
import ParseTestServer
import Testing

/// How long a test waits for an event or a state of the server before it fails; what comes
/// sooner ends the wait at once, so passing tests never wait this long.
let eventTimeout: Duration = .seconds(10)

/// A client of `server` whose LiveQuery URL is the server's.
func makeClient(
    _ server: ParseTestServer, restAPIKey: String?? = nil, sessionToken: String? = nil,
    liveQueryURL: URL? = nil, log: (@Sendable (String) -> Void)? = nil
) -> ParseClient {
    var configuration = ParseClientConfiguration(
        serverURL: server.serverURL, applicationId: server.configuration.applicationId,
        restAPIKey: restAPIKey ?? server.configuration.restAPIKey, logHandler: log)
    configuration.liveQueryServerURL = liveQueryURL ?? server.liveQueryURL
    return ParseClient(configuration: configuration, sessionToken: sessionToken)
}

/// A client with the master key, for the writes that make events.
func makeWriter(_ server: ParseTestServer) -> ParseClient {
    ParseClient(configuration: ParseClientConfiguration(
        serverURL: server.serverURL, applicationId: server.configuration.applicationId,
        restAPIKey: server.configuration.restAPIKey, masterKey: server.configuration.masterKey,
        usesMasterKeyByDefault: true))
}

/// Starts a server, runs `body`, stops the server.
func withServer(_ body: (ParseTestServer) async throws -> Void) async throws {
    let server = try await ParseTestServer.start()
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// A subscription's events, read by a task of their own, each waited for with a timeout.
/// ``stop()`` cancels that task, which unsubscribes.
final class Events<T: ParseObject>: Sendable {
    private let inbox = Inbox<Result<ParseLiveQueryEvent<T>, ParseLiveQueryError>>()
    private let reading: Task<Void, Never>

    init(_ subscription: ParseSubscription<T>) {
        let inbox = self.inbox
        reading = Task {
            do {
                for try await event in subscription {
                    await inbox.put(.success(event))
                }
                await inbox.end()
            } catch {
                await inbox.put(.failure(error as? ParseLiveQueryError ?? .connection("\(error)")))
                await inbox.end()
            }
        }
    }

    /// The next event; fails the test (and throws) when none comes in time.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ParseLiveQueryEvent<T> {
        guard let result = await inbox.next(within: eventTimeout) else {
            Issue.record("no event within \(eventTimeout)", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        return try result.get()
    }

    /// The next event if one comes within `timeout`; `nil`, without failing the test, if none does.
    func next(within timeout: Duration) async throws -> ParseLiveQueryEvent<T>? {
        try await inbox.next(within: timeout)?.get()
    }

    /// Whether the events end (the loop finished) within the timeout, with nothing left unread.
    func ends() async -> Bool {
        await inbox.waitForEnd(within: eventTimeout)
    }

    /// Cancels the reading task (which unsubscribes) and waits for it.
    func stop() async {
        reading.cancel()
        await reading.value
    }
}

/// The error `body` throws, or `nil` (recorded as a test failure) when it throws none.
func liveQueryError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async -> ParseLiveQueryError? {
    do {
        try await body()
        Issue.record("expected a ParseLiveQueryError", sourceLocation: sourceLocation)
        return nil
    } catch let error as ParseLiveQueryError {
        return error
    } catch {
        Issue.record("expected a ParseLiveQueryError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension Product {
    static func sample(_ sku: String, unit: InventoryModels.Unit = .litre, price: Double = 1) -> Product {
        Product(sku: sku, name: "Product \(sku)", price: price, unit: unit)
    }
}
