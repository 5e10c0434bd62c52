import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ParseRuntime

/// Bad input never crashes: malformed, truncated, mistyped, empty and oversized bodies, and
/// errors without a Parse body, each become a distinct typed error.
@Suite struct ResponseHandlingTests {
    typealias Book = Bookstore.Book

    private func getError(_ response: HTTPResponse, maxResponseSize: Int = 1 << 20) async -> ParseClientError? {
        let transport = RecordingTransport(response)
        let client = Fixture.client(transport, configuration: Fixture.configuration(
            retryPolicy: .never, maxResponseSize: maxResponseSize))
        return await expectClientError { try await client.get(Book.self, id: "b1") }
    }

    @Test(arguments: [
        #"{"objectId":"b1","title":"Dune""#,           // truncated
        #"{"objectId":"b1",,}"#,                        // malformed
        "",                                             // empty
        "[1,2,3]",                                      // not an object
        #"{"objectId":"b1","createdAt":"yesterday"}"#,  // bad date
        #"{"objectId":["b1"]}"#,                        // wrong type
        #"{"objectId":"b1","genre":"g1"}"#,             // a string where a pointer belongs
        "\u{FF}\u{FE}garbage",                          // not UTF-8 JSON
    ])
    func unreadableBodiesAreDecodingErrors(body: String) async {
        let error = await getError(HTTPResponse(status: 200, body: Data(body.utf8)))
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding for \(body), got \(String(describing: error))")
            return
        }
        #expect(failure.httpStatus == 200)
    }

    @Test func aWrongTypeNamesThePath() async {
        let error = await getError(json(200, #"{"objectId":"b1","publishingYear":"1965"}"#))
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "publishingYear")
        #expect(failure.message.contains("Int"))
    }

    @Test func deeplyNestedJSONDoesNotCrash() async {
        let depth = 100_000
        let body = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = await getError(HTTPResponse(status: 200, body: Data(body.utf8)))
        if case .decoding = error {} else { Issue.record("expected .decoding, got \(String(describing: error))") }
    }

    @Test func aBodyOverTheLimitIsTooLarge() async {
        let body = #"{"objectId":"b1","title":""# + String(repeating: "x", count: 2_000) + #""}"#
        let error = await getError(json(200, body), maxResponseSize: 1_000)
        #expect(error == .responseTooLarge(limit: 1_000))
        let fits = await expectClientError {
            try await Fixture.client(RecordingTransport(json(404, #"{"code":101,"error":"Object not found."}"#)),
                                     configuration: Fixture.configuration(maxResponseSize: 1_000)).get(Book.self, id: "b1")
        }
        #expect(fits?.parseError?.code == .objectNotFound)
    }

    @Test func aTransportThatStopsAtTheLimitIsTooLarge() async {
        let transport = RecordingTransport([.fail(HTTPTransportError(.responseTooLarge))])
        let error = await expectClientError {
            try await Fixture.client(transport, configuration: Fixture.configuration(maxResponseSize: 10)).get(Book.self, id: "b1")
        }
        #expect(error == .responseTooLarge(limit: 10))
        #expect(transport.requests.first?.maxResponseSize == 10)
    }

    @Test func anErrorWithoutAParseBodyKeepsItsStatus() async {
        let error = await getError(HTTPResponse(status: 502, body: Data("<html><body>Bad Gateway</body></html>".utf8)))
        #expect(error == .invalidResponse(status: 502, bodyPrefix: "<html><body>Bad Gateway</body></html>"))
        #expect(error?.httpStatus == 502)
        let long = await getError(HTTPResponse(status: 404, body: Data(String(repeating: "y", count: 5_000).utf8)))
        if case .invalidResponse(_, let prefix) = long { #expect(prefix.count == 200) } else {
            Issue.record("expected .invalidResponse")
        }
    }

    @Test func unauthorizedIsAServerErrorWithItsStatus() async {
        let error = await getError(json(403, #"{"error":"unauthorized"}"#))
        #expect(error == .server(ParseError(code: .unknownError, message: "unauthorized", httpStatus: 403)))
    }

    @Test func anUnknownCodeIsKept() async {
        let error = await getError(json(400, #"{"code":4242,"error":"custom"}"#))
        #expect(error?.parseError?.code == .other)
        #expect(error?.parseError?.otherCode == 4242)
        #expect(error?.parseError?.rawCode == 4242)
    }

    @Test func anInternalServerErrorIs500WithCode1() async {
        let error = await getError(json(500, #"{"code":1,"error":"Internal server error."}"#))
        #expect(error == .server(ParseError(code: .internalServer, message: "Internal server error.", httpStatus: 500)))
    }

    @Test(arguments: [
        (URLError.Code.cannotConnectToHost, HTTPTransportError.Kind.connectionRefused),
        (.networkConnectionLost, .connectionReset),
        (.cannotFindHost, .cannotFindHost),
        (.secureConnectionFailed, .secureConnectionFailed),
        (.notConnectedToInternet, .notConnected),
        (.badServerResponse, .other),
    ])
    func urlErrorsMapToTransportFailures(code: URLError.Code, kind: HTTPTransportError.Kind) async {
        let transport = RecordingTransport([.fail(URLError(code))])
        let error = await expectClientError {
            try await Fixture.client(transport, configuration: Fixture.configuration(retryPolicy: .never)).get(Book.self, id: "b1")
        }
        #expect(error == .transport(HTTPTransportError(kind, message: "URLError \(code.rawValue)")))
    }

    @Test func urlTimeoutsAndCancellationsHaveTheirOwnCases() async {
        let timedOut = RecordingTransport([.fail(URLError(.timedOut))])
        let first = await expectClientError {
            try await Fixture.client(timedOut, configuration: Fixture.configuration(timeout: .seconds(7))).get(Book.self, id: "b1")
        }
        #expect(first == .timedOut(after: .seconds(7)))
        let cancelled = RecordingTransport([.fail(URLError(.cancelled))])
        #expect(await expectClientError { try await Fixture.client(cancelled).get(Book.self, id: "b1") } == .cancelled)
        let cancellation = RecordingTransport([.fail(CancellationError())])
        #expect(await expectClientError { try await Fixture.client(cancellation).get(Book.self, id: "b1") } == .cancelled)
    }

    @Test func errorDescriptionsNameTheFailure() {
        #expect(ParseClientError.server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404)).description
            == "Parse server error 101 (HTTP 404): Object not found.")
        #expect(ParseError(code: .objectNotFound, message: "gone", httpStatus: 404).description
            == "ParseError code=101 error=gone httpStatus=404")
        #expect(ParseClientError.timedOut(after: .seconds(2)).description.contains("2"))
        #expect(ParseClientError.decoding(ParseDecodingFailure(httpStatus: 200, path: "a.b", message: "bad")).description
            == "Could not read the response: HTTP 200: at a.b: bad")
    }

    @Test func parseErrorEncodingIsUnchangedByTheStatus() throws {
        let data = try ParseEncoder().encode(ParseError(code: .objectNotFound, message: "x", httpStatus: 404))
        try expectJSON(data, equals: #"{"code":101,"error":"x"}"#)
    }
}
