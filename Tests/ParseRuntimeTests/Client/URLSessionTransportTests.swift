import Foundation
import Testing
@testable import ParseRuntime

/// ``URLSessionTransport`` over real loopback sockets: what is sent arrives as sent, responses
/// come back whole, and refused connections, stalls, oversized bodies and redirects are
/// handled as the client expects.
@Suite(.serialized) struct URLSessionTransportTests {
    typealias Author = Bookstore.Author

    private func client(_ server: LoopbackServer, timeout: Duration = .seconds(10), maxResponseSize: Int = 1 << 20) -> ParseClient {
        ParseClient(configuration: Fixture.configuration(
            serverURL: server.url("/parse"), retryPolicy: .never, timeout: timeout, maxResponseSize: maxResponseSize))
    }

    @Test func aRequestArrivesAsSentAndTheResponseComesBack() async throws {
        let server = try LoopbackServer { _ in
            .respond(status: 201, headers: ["Content-Type": "application/json", "Location": "http://x/parse/classes/Author/a1"],
                     body: Data(#"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#.utf8))
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(
            method: .post, url: server.url("/parse/classes/Author?x=a%2Bb"),
            headers: ["X-Parse-Application-Id": "app", "Content-Type": "application/json"],
            body: Data(#"{"name":"Ada"}"#.utf8), timeout: .seconds(10))
        let response = try await transport.send(request)
        #expect(response.status == 201)
        #expect(response.headers["location"] == "http://x/parse/classes/Author/a1")
        try expectJSON(response.body, equals: #"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.target == "/parse/classes/Author?x=a%2Bb")
        #expect(received.headers["x-parse-application-id"] == "app")
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.body == Data(#"{"name":"Ada"}"#.utf8))
    }

    @Test func theClientWorksEndToEnd() async throws {
        let server = try LoopbackServer { request in
            request.method == "POST"
                ? .respond(status: 201, headers: [:], body: Data(#"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#.utf8))
                : .respond(status: 404, headers: [:], body: Data(#"{"code":101,"error":"Object not found."}"#.utf8))
        }
        defer { server.stop() }
        let client = client(server)
        let author = try await client.create(Author(name: "Ada"))
        #expect(author.objectId == "a1")
        let error = await expectClientError { try await client.get(Author.self, id: "zz") }
        #expect(error == .server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404)))
        #expect(server.requests.map(\.target) == ["/parse/classes/Author", "/parse/classes/Author/zz"])
        #expect(server.requests.first?.headers["x-parse-rest-api-key"] == Fixture.restAPIKey)
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let port = try LoopbackServer.closedPort()
        let client = ParseClient(configuration: Fixture.configuration(
            serverURL: try #require(URL(string: "http://127.0.0.1:\(port)/parse")), retryPolicy: .never))
        let error = await expectClientError { try await client.get(Author.self, id: "a1") }
        guard case .transport(let failure) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .connectionRefused)
    }

    @Test func aStalledServerTimesOut() async throws {
        let server = try LoopbackServer { _ in .stall(seconds: 6) }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await expectClientError { try await client(server, timeout: .milliseconds(300)).get(Author.self, id: "a1") }
        let elapsed = ContinuousClock.now - start
        #expect(error == .timedOut(after: .milliseconds(300)))
        // The server stalls longer than the deadline, so `.timedOut` proves the deadline ended
        // the call; only the lower bound is safe to check on a busy machine.
        #expect(elapsed >= .milliseconds(290), "\(elapsed)")
    }

    @Test func aBodyOverTheLimitStopsTheTransfer() async throws {
        let big = Data(repeating: UInt8(ascii: "x"), count: 4 << 20)
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: big) }
        defer { server.stop() }
        let error = await expectClientError { try await client(server, maxResponseSize: 64 << 10).get(Author.self, id: "a1") }
        #expect(error == .responseTooLarge(limit: 64 << 10))
    }

    @Test func redirectsAreNotFollowed() async throws {
        let server = try LoopbackServer { request in
            request.target.hasPrefix("/elsewhere")
                ? .respond(status: 200, headers: [:], body: Data(#"{"objectId":"a1"}"#.utf8))
                : .respond(status: 302, headers: ["Location": "/elsewhere"], body: Data())
        }
        defer { server.stop() }
        let error = await expectClientError { try await client(server).get(Author.self, id: "a1") }
        #expect(error?.httpStatus == 302)
        #expect(server.requests.count == 1)
    }
}
