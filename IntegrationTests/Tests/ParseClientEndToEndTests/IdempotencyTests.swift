import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LibraryModels
import ParseRuntime
import ParseTestServer
import Testing

/// ParseTestServer's `idempotency`, as Parse Server's `idempotencyOptions` behaves: a write
/// repeating an `X-Parse-Request-Id` is refused with 159 and not run again.
@Suite("ParseTestServer deduplicates requests by X-Parse-Request-Id")
struct IdempotencyTests {
    /// Sends `body` to `path` (below the mount path) with the given request id.
    private func send(
        _ server: ParseTestServer, _ method: String, _ path: String, body: String, requestId: String?
    ) async throws -> (status: Int, json: JSON?) {
        var request = URLRequest(url: server.serverURL.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
        request.setValue(server.configuration.restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let requestId { request.setValue(requestId, forHTTPHeaderField: "X-Parse-Request-Id") }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSON(parsing: data))
    }

    private func withIdempotentServer(_ idempotency: ParseTestServer.Configuration.Idempotency?, _ body: (ParseTestServer) async throws -> Void) async throws {
        let server = try await ParseTestServer.start(ParseTestServer.Configuration(idempotency: idempotency))
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("a create sent twice with one request id is made once; the second gets 159")
    func createOnce() async throws {
        try await withIdempotentServer(.init(paths: ["classes/.*"])) { (server: ParseTestServer) async throws in
            let first = try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: "r-1")
            #expect(first.status == 201)
            let again = try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: "r-1")
            #expect(again.status == 400)
            #expect(again.json?["code"] == 159)
            #expect(again.json?["error"] == "Duplicate request")
            #expect(server.storedObjects("Author").count == 1)
            // Another id, or none, runs.
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: "r-2").status == 201)
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: nil).status == 201)
            #expect(server.storedObjects("Author").count == 3)
        }
    }

    @Test("an update with a seen id is refused, and a request that failed still counts as seen")
    func updatesAndFailures() async throws {
        try await withIdempotentServer(.init()) { (server: ParseTestServer) async throws in
            let created = try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: "c-1")
            let id = try #require(created.json?["objectId"]?.stringValue)
            let increment = #"{"books":{"__op":"Increment","amount":1}}"#
            #expect(try await send(server, "PUT", "classes/Author/\(id)", body: increment, requestId: "u-1").status == 200)
            #expect(try await send(server, "PUT", "classes/Author/\(id)", body: increment, requestId: "u-1").json?["code"] == 159)
            #expect(server.storedObject("Author", id)?["books"] == 1)

            // The id is recorded before the request runs: a refused request cannot be retried under it.
            let wrongType = #"{"books":"many"}"#
            #expect(try await send(server, "PUT", "classes/Author/\(id)", body: wrongType, requestId: "u-2").json?["code"] == 111)
            #expect(try await send(server, "PUT", "classes/Author/\(id)", body: #"{"books":2}"#, requestId: "u-2").json?["code"] == 159)
        }
    }

    @Test("batches, reads, paths outside the option and a server without it are never deduplicated")
    func whatIsNotDeduplicated() async throws {
        try await withIdempotentServer(.init(paths: ["functions/.*"])) { (server: ParseTestServer) async throws in
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "same").status == 201)
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "same").status == 201)
            let batch = #"{"requests":[{"method":"POST","path":"/parse/classes/Author","body":{"name":"B"}}]}"#
            #expect(try await send(server, "POST", "batch", body: batch, requestId: "b").status == 200)
            #expect(try await send(server, "POST", "batch", body: batch, requestId: "b").status == 200)
            #expect(server.storedObjects("Author").count == 4)
        }
        try await withIdempotentServer(nil) { (server: ParseTestServer) async throws in
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "same").status == 201)
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "same").status == 201)
        }
    }

    @Test("an id is forgotten after the time to live")
    func timeToLive() async throws {
        let timeToLive = 2.0
        try await withIdempotentServer(.init(timeToLive: timeToLive)) { (server: ParseTestServer) async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "t").status == 201)
            // The server recorded the id between `start` and this answer.
            let answered = clock.now
            let second = try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "t").status
            // Refused while the id is remembered (a loaded machine may take longer than that).
            if clock.now - start < .seconds(timeToLive) {
                #expect(second == 400)
            }
            try await Task.sleep(until: answered + .seconds(timeToLive + 0.5), clock: clock)
            #expect(try await send(server, "POST", "classes/Author", body: #"{"name":"A"}"#, requestId: "t").status == 201)
        }
    }

    @Test("the client's X-Parse-Request-Id is the same on every attempt, so a retried create after a lost answer is refused, not doubled")
    func clientRetries() async throws {
        try await withIdempotentServer(.init()) { (server: ParseTestServer) async throws in
            let client = ParseClient(configuration: ParseClientConfiguration(
                serverURL: server.serverURL, applicationId: server.configuration.applicationId,
                restAPIKey: server.configuration.restAPIKey, sendsRequestId: true))
            _ = try await client.create(Author(name: "Keats"))
            let sent = try #require(server.requests(method: "POST", path: "/parse/classes/Author").first?.headers["x-parse-request-id"])
            let replay = try await send(server, "POST", "classes/Author", body: #"{"name":"Keats"}"#, requestId: sent)
            #expect(replay.json?["code"] == 159)
            #expect(server.storedObjects("Author").count == 1)
        }
    }
}
