import Foundation
import ParseRuntime
import ParseTestServer
import Testing

/// Retries as the default policy does, with shorter waits so the suite stays quick.
let quickRetries = ParseRetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(50), maxBackoff: .milliseconds(200))

/// A client of `server` over the real URLSession transport.
func makeClient(
    for server: TestBackend,
    applicationId: String? = nil,
    restAPIKey: String?? = nil,
    masterKey: String? = nil,
    timeout: Duration = .seconds(10),
    retryPolicy: ParseRetryPolicy = quickRetries
) -> ParseClient {
    ParseClient(configuration: ParseClientConfiguration(
        serverURL: server.serverURL,
        applicationId: applicationId ?? server.configuration.applicationId,
        restAPIKey: restAPIKey ?? server.configuration.restAPIKey,
        masterKey: masterKey,
        timeout: timeout,
        retryPolicy: retryPolicy))
}

/// Starts a server (``TestBackend``), runs `body` with it and a client of it, and stops the server.
func withServer<Result>(
    _ configuration: ParseTestServer.Configuration = .init(),
    timeout: Duration = .seconds(10),
    retryPolicy: ParseRetryPolicy = quickRetries,
    _ body: (TestBackend, ParseClient) async throws -> Result
) async throws -> Result {
    let server = try await TestBackend.start(configuration)
    let client = makeClient(for: server, timeout: timeout, retryPolicy: retryPolicy)
    do {
        let result = try await body(server, client)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The error a client call throws, or `nil` when it succeeds.
func failure<Value>(
    _ call: () async throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
) async -> ParseClientError? {
    do {
        _ = try await call()
        return nil
    } catch let error as ParseClientError {
        return error
    } catch {
        Issue.record("expected a ParseClientError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Whether `id` looks like a Parse objectId: 10 characters of `[A-Za-z0-9]`.
func isParseObjectId(_ id: String?) -> Bool {
    guard let id else { return false }
    return id.count == 10 && id.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
}

/// A date with whole milliseconds, as it survives a round trip through Parse.
func date(_ iso: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: iso) ?? Date(timeIntervalSince1970: 0)
}

/// A pointer as the server stores it.
func pointer(_ className: String, _ objectId: String?) -> JSON {
    ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId ?? "")]
}

/// A Parse Date as the server stores it.
func parseDate(_ iso: String) -> JSON {
    ["__type": "Date", "iso": .string(iso)]
}
