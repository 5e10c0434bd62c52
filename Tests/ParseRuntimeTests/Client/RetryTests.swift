import Foundation
import Testing
@testable import ParseRuntime

/// Retries with backoff for transient failures, `Retry-After`, attempt limits, and never
/// repeating a create unless asked; timeouts and cancellation as typed errors.
@Suite struct RetryTests {
    typealias Book = Bookstore.Book
    typealias Author = Bookstore.Author

    private let unavailable = json(503, #"{"code":1,"error":"Service unavailable"}"#)
    private let found = json(200, #"{"objectId":"b1","title":"Dune"}"#)
    private let created = json(201, #"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#)

    private func savedBook() -> Book {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        return book
    }

    @Test func a503ThenSuccessIsRetriedAfterTheBackoff() async throws {
        let transport = RecordingTransport(unavailable, found)
        let sleeper = RecordingSleeper()
        let book = try await Fixture.client(transport, sleeper: sleeper).get(Book.self, id: "b1")
        #expect(book.title == "Dune")
        #expect(transport.requests.count == 2)
        #expect(transport.requests[0] == transport.requests[1], "the same request is sent again")
        #expect(sleeper.sleeps == [.milliseconds(250)])
    }

    @Test func theBackoffGrowsAndTheAttemptsAreLimited() async throws {
        let transport = RecordingTransport(unavailable)
        let sleeper = RecordingSleeper()
        let policy = ParseRetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(100), multiplier: 3, maxBackoff: .milliseconds(500))
        let client = Fixture.client(transport, configuration: Fixture.configuration(retryPolicy: policy), sleeper: sleeper)
        let error = await expectClientError { try await client.get(Book.self, id: "b1") }
        #expect(error == .server(ParseError(code: .internalServer, message: "Service unavailable", httpStatus: 503)))
        #expect(transport.requests.count == 4)
        #expect(sleeper.sleeps == [.milliseconds(100), .milliseconds(300), .milliseconds(500)])
    }

    @Test func jitterSpreadsTheWait() {
        let policy = ParseRetryPolicy(initialBackoff: .seconds(1), jitter: 0.2)
        #expect(policy.backoff(afterAttempt: 1, random: 0) == .milliseconds(800))
        #expect(policy.backoff(afterAttempt: 1, random: 0.5) == .seconds(1))
        #expect(policy.backoff(afterAttempt: 1, random: 1) == .milliseconds(1200))
        #expect(policy.backoff(afterAttempt: 100, random: 0.5) == .seconds(8), "capped at maxBackoff")
        #expect(ParseRetryPolicy(maxAttempts: 0, jitter: 7).maxAttempts == 1)
    }

    @Test func aTooManyRequestsAnswerWaitsForRetryAfter() async throws {
        let transport = RecordingTransport(
            json(429, #"{"code":155,"error":"Too many requests"}"#, headers: ["Retry-After": "7"]), found)
        let sleeper = RecordingSleeper()
        _ = try await Fixture.client(transport, sleeper: sleeper).get(Book.self, id: "b1")
        #expect(sleeper.sleeps == [.seconds(7)])
    }

    @Test func retryAfterIsCappedAndIgnoredWhenNotSeconds() async throws {
        let sleeper = RecordingSleeper()
        let transport = RecordingTransport(
            json(429, "{}", headers: ["Retry-After": "86400"]),
            json(429, "{}", headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]),
            found)
        _ = try await Fixture.client(transport, sleeper: sleeper).get(Book.self, id: "b1")
        #expect(sleeper.sleeps == [.seconds(60), .milliseconds(500)])
        #expect(ParseRetryPolicy().retryAfter("1.5") == .milliseconds(1500))
        #expect(ParseRetryPolicy().retryAfter("-1") == nil)
        #expect(ParseRetryPolicy().retryAfter("NaN") == nil)
    }

    @Test func aCreateIsNotRepeatedAfterA503() async throws {
        let transport = RecordingTransport(unavailable, created)
        let error = await expectClientError { try await Fixture.client(transport).create(Author(name: "A")) }
        #expect(error?.httpStatus == 503)
        #expect(transport.requests.count == 1)
    }

    @Test func aCreateIsNotRepeatedAfterAResetConnection() async throws {
        let transport = RecordingTransport([.fail(HTTPTransportError(.connectionReset)), .respond(created)])
        let error = await expectClientError { try await Fixture.client(transport).create(Author(name: "A")) }
        if case .transport(let failure) = error { #expect(failure.kind == .connectionReset) } else {
            Issue.record("expected .transport, got \(String(describing: error))")
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aCreateIsRepeatedWhenTheCallOptsIn() async throws {
        let transport = RecordingTransport(unavailable, created)
        let author = try await Fixture.client(transport)
            .create(Author(name: "A"), options: ParseRequestOptions(retriesNonIdempotentRequests: true))
        #expect(author.objectId == "a1")
        #expect(transport.requests.count == 2)
    }

    @Test func aCreateIsRepeatedAfterARefusedConnectionSinceNothingWasSent() async throws {
        let transport = RecordingTransport([.fail(HTTPTransportError(.connectionRefused)), .respond(created)])
        let author = try await Fixture.client(transport).create(Author(name: "A"))
        #expect(author.objectId == "a1")
        #expect(transport.requests.count == 2)
    }

    @Test func getPutAndDeleteAreRetriedAfterResetConnections() async throws {
        let reset = Scripted.fail(HTTPTransportError(.connectionReset))
        let client = { (transport: RecordingTransport) in Fixture.client(transport) }
        let get = RecordingTransport([reset, .respond(found)])
        _ = try await client(get).get(Book.self, id: "b1")
        let put = RecordingTransport([reset, .respond(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))])
        _ = try await client(put).update(ParseUpdate(savedBook()).set(Book.Field.title, to: "x"))
        let delete = RecordingTransport([reset, .respond(json(200, "{}"))])
        try await client(delete).delete(savedBook())
        #expect([get, put, delete].map(\.requests.count) == [2, 2, 2])
    }

    @Test func anIncrementIsNotRepeatedSinceItWouldCountTwice() async throws {
        let transport = RecordingTransport(unavailable, json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        let update = ParseUpdate(savedBook()).increment(Book.Field.publishingYear, by: 1)
        _ = await expectClientError { try await Fixture.client(transport).update(update) }
        #expect(transport.requests.count == 1)
        let addUnique = RecordingTransport(unavailable, json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        _ = try await Fixture.client(addUnique).update(ParseUpdate(savedBook()).addRelation(Book.Field.authors, [Author(objectId: "a1")]))
        #expect(addUnique.requests.count == 2)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 501])
    func clientErrorsAreNotRetried(status: Int) async {
        let transport = RecordingTransport(json(status, #"{"code":101,"error":"x"}"#), found)
        _ = await expectClientError { try await Fixture.client(transport).get(Book.self, id: "b1") }
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [500, 502, 503, 504, 429])
    func transientStatusesAreRetried(status: Int) async throws {
        let transport = RecordingTransport(HTTPResponse(status: status), found)
        _ = try await Fixture.client(transport).get(Book.self, id: "b1")
        #expect(transport.requests.count == 2)
    }

    @Test func otherTransportFailuresAreNotRetried() async {
        let transport = RecordingTransport([.fail(HTTPTransportError(.cannotFindHost)), .respond(found)])
        _ = await expectClientError { try await Fixture.client(transport).get(Book.self, id: "b1") }
        #expect(transport.requests.count == 1)
    }

    @Test func aPerCallPolicyOverridesTheConfiguredOne() async {
        let transport = RecordingTransport(unavailable, found)
        _ = await expectClientError {
            try await Fixture.client(transport).get(Book.self, id: "b1", options: ParseRequestOptions(retryPolicy: .never))
        }
        #expect(transport.requests.count == 1)
    }

    // MARK: Timeouts and cancellation

    @Test func aStalledServerTimesOut() async throws {
        let transport = RecordingTransport([.hang])
        let client = Fixture.client(transport, configuration: Fixture.configuration(timeout: .milliseconds(50)))
        // The transport hangs for an hour, so a `.timedOut` answer can only come from the
        // deadline. (No wall-clock bound: a busy test machine may delay any task by seconds.)
        let error = await expectClientError { try await client.get(Book.self, id: "b1") }
        #expect(error == .timedOut(after: .milliseconds(50)))
        #expect(transport.requests.count == 1, "timeouts are not retried by default")
        #expect(transport.requests.first?.timeout == .milliseconds(50))
    }

    @Test func aPerCallTimeoutAndRetriedTimeouts() async throws {
        let transport = RecordingTransport([.hang, .respond(found)])
        let policy = ParseRetryPolicy(retriesTimeouts: true)
        let book = try await Fixture.client(transport).get(
            Book.self, id: "b1", options: ParseRequestOptions(timeout: .milliseconds(200), retryPolicy: policy))
        #expect(book.objectId == "b1")
        #expect(transport.requests.count == 2)
    }

    @Test func cancellingTheCallerIsCancelled() async throws {
        let transport = RecordingTransport([.hang])
        let client = Fixture.client(transport)
        let task = Task { () async throws -> Book in
            try await client.get(Book.self, id: "b1")
        }
        while transport.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(1))
        }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? ParseClientError == .cancelled)
    }

    @Test func theDeadlineWinsOverAnOperationIgnoringCancellation() async throws {
        let operation = OperationProgress()
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(.milliseconds(20)) { () async -> Int in
                // Ignores cancellation on purpose, for far longer than the deadline.
                let until = ContinuousClock.now + .seconds(3600)
                while ContinuousClock.now < until {
                    try? await Task.sleep(for: .milliseconds(50))
                }
                operation.finish()
                return 1
            }
        }
        // Behaviour, not speed: the call has ended while the operation is still running.
        #expect(!operation.finished)
        #expect(try await withDeadline(.seconds(5)) { 42 } == 42)
    }
}

/// Whether an operation that ignores cancellation has run to its end.
private final class OperationProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    var finished: Bool { lock.withLock { done } }
    func finish() { lock.withLock { done = true } }
}
