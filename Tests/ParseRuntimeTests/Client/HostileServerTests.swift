import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ParseRuntime

/// A server that lies, stalls, drips or floods, over real loopback sockets and through the
/// default transport: every case ends in a typed error within the call's deadline, never a
/// crash, a hang or an unbounded buffer. (Well-formed but unreadable bodies are covered by
/// `ResponseHandlingTests`; this suite is about what arrives on the wire.) The typed error
/// shows which limit ended each call; wall-clock bounds are only lower bounds, since a busy
/// test machine can delay any task, and the time limit turns a real hang into a failure.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HostileServerTests {
    typealias Author = Bookstore.Author

    private func client(_ server: LoopbackServer, timeout: Duration = .seconds(10), maxResponseSize: Int = 1 << 20) -> ParseClient {
        ParseClient(configuration: Fixture.configuration(
            serverURL: server.url("/parse"), retryPolicy: .never, timeout: timeout, maxResponseSize: maxResponseSize))
    }

    private func call(_ behavior: LoopbackServer.Behavior, timeout: Duration = .seconds(10), maxResponseSize: Int = 1 << 20)
        async throws -> (error: ParseClientError?, elapsed: Duration) {
        let server = try LoopbackServer { _ in behavior }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await expectClientError {
            try await client(server, timeout: timeout, maxResponseSize: maxResponseSize).get(Author.self, id: "a1")
        }
        return (error, ContinuousClock.now - start)
    }

    @Test func aBodyCutShortOfItsContentLengthIsATransportError() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n"
        let (error, _) = try await call(.raw(Data((head + #"{"objectId":"a1","na"#).utf8)), timeout: .seconds(30))
        // URLSession on Linux reports libcurl's "partial file" as an unknown URLError (-1), so
        // the kind is `.other`; on Apple platforms it is a lost connection.
        guard case .transport = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
    }

    @Test func aContentLengthShorterThanTheJSONIsADecodingError() async throws {
        // The transport reads exactly what the header says; the JSON it gets is cut.
        let body = #"{"objectId":"a1","name":"Ada Lovelace"}"#
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 20\r\nConnection: close\r\n\r\n"
        let (error, _) = try await call(.raw(Data((head + body).utf8)))
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.httpStatus == 200)
    }

    @Test(arguments: ["", "HELLO\r\n\r\n", "HTTP/1.1 banana\r\n\r\n", "\u{0}\u{1}\u{2}garbage", "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n"])
    func somethingThatIsNotHTTPIsATypedError(_ reply: String) async throws {
        let (error, _) = try await call(.raw(Data(reply.utf8)), timeout: .seconds(20))
        // URLSession names these in more than one way; what matters is a typed failure in time.
        switch error {
        case .transport?, .invalidResponse?, .decoding?, .timedOut?: break
        default: Issue.record("expected a transport-level error for \(reply.debugDescription), got \(String(describing: error))")
        }
    }

    @Test func aServerThatDripsForeverHitsTheDeadline() async throws {
        // One byte every 100 ms: never silent long enough for an idle timeout, never done.
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n{".utf8)
        let (error, elapsed) = try await call(.trickle(head: head, chunk: Data(" ".utf8), count: 100, interval: 0.1),
                                              timeout: .milliseconds(800))
        #expect(error == .timedOut(after: .milliseconds(800)))
        #expect(elapsed >= .milliseconds(790), "\(elapsed)")
    }

    @Test func aHugeBodyWithoutContentLengthStopsAtTheLimit() async throws {
        // Read-until-close, the length never announced: the limit must hold while reading.
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        let (error, _) = try await call(.trickle(head: head, chunk: Data(repeating: UInt8(ascii: " "), count: 256 << 10),
                                                       count: 64, interval: 0), maxResponseSize: 1 << 20)
        #expect(error == .responseTooLarge(limit: 1 << 20))
    }

    @Test func aHugeChunkedBodyStopsAtTheLimit() async throws {
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        let chunk = Data("40000\r\n".utf8) + Data(repeating: UInt8(ascii: " "), count: 0x40000) + Data("\r\n".utf8)
        let (error, _) = try await call(.trickle(head: head, chunk: chunk, count: 64, interval: 0), maxResponseSize: 1 << 20)
        #expect(error == .responseTooLarge(limit: 1 << 20))
    }

    @Test(arguments: [
        #"{"objectId":"a1","name":"\uD800"}"#,                  // a lone surrogate
        #"{"objectId":"a1","name":NaN}"#,                       // not JSON
        #"{"objectId":"a1","updatedAt":{"__type":"Date","iso":1e400}}"#,
        #"{"objectId":"a1","createdAt":"2024-01-01T00:00:00.000Z","books":{"__type":"Relation","className":7}}"#,
        "null",
        #"{"objectId":"a1","name":"Ada","name":"Bob","name":{"nested":[[[[[]]]]]}}"#,
    ])
    func oddJSONIsADecodingErrorOrAValueNeverACrash(_ body: String) async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8)) }
        defer { server.stop() }
        do {
            _ = try await client(server).get(Author.self, id: "a1")
        } catch {
            guard case .decoding = error else {
                Issue.record("expected success or .decoding for \(body), got \(error)")
                return
            }
        }
    }

    @Test func numbersTooBigForTheirFieldAreDecodingErrors() async {
        for body in [#"{"objectId":"b1","publishingYear":99999999999999999999}"#, #"{"objectId":"b1","publishingYear":1e400}"#,
                     #"{"objectId":"b1","publishingYear":1.5}"#] {
            let transport = RecordingTransport(json(200, body))
            let error = await expectClientError {
                try await Fixture.client(transport, configuration: Fixture.configuration(retryPolicy: .never)).get(Bookstore.Book.self, id: "b1")
            }
            guard case .decoding(let failure) = error else {
                Issue.record("expected .decoding for \(body), got \(String(describing: error))")
                continue
            }
            // Foundation's JSONDecoder on Linux calls these "not valid JSON", without a path.
            #expect(failure.httpStatus == 200)
        }
    }
}
