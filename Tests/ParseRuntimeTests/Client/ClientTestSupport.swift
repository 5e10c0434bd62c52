import Foundation
import Testing
@testable import ParseRuntime

// A scripted transport, a sleeper that records waits, and helpers to assert on requests.

/// What the scripted transport does for one request.
enum Scripted: Sendable {
    /// Answers with a response.
    case respond(HTTPResponse)
    /// Throws an error instead of answering.
    case fail(any Error)
    /// Never answers (until the request is cancelled).
    case hang
}

/// Records every request and plays scripted answers in order; the last answer repeats.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Scripted]
    private var recorded: [HTTPRequest] = []

    init(_ script: [Scripted]) {
        self.script = script
    }

    convenience init(_ responses: HTTPResponse...) {
        self.init(responses.map(Scripted.respond))
    }

    /// The requests sent so far.
    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The only request sent.
    func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> HTTPRequest {
        let requests = self.requests
        #expect(requests.count == 1, "sent \(requests.count) requests", sourceLocation: sourceLocation)
        return try #require(requests.last, sourceLocation: sourceLocation)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let next: Scripted? = lock.withLock {
            recorded.append(request)
            guard let first = script.first else { return nil }
            if script.count > 1 {
                script.removeFirst()
            }
            return first
        }
        switch next {
        case .respond(let response):
            return response
        case .fail(let error):
            throw error
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        case nil:
            return HTTPResponse(status: 599, body: Data("no scripted response".utf8))
        }
    }
}

/// Records the waits asked for and returns at once.
final class RecordingSleeper: ParseSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []

    var sleeps: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func sleep(for duration: Duration) async throws {
        lock.withLock { recorded.append(duration) }
        try Task.checkCancellation()
    }
}

/// Collects log lines.
final class LogCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    var handler: @Sendable (String) -> Void {
        { [self] line in
            lock.withLock { collected.append(line) }
        }
    }
}

// MARK: Fixtures

enum Fixture {
    static let serverURL = URL(string: "http://localhost:1337/parse")!
    static let applicationId = "bookstore-app"
    static let restAPIKey = "rest-key-7f3a9c"
    static let masterKey = "master-key-d41d8cd9"
    static let clientKey = "client-key-0c9a"
    static let sessionToken = "r:0123456789abcdef0123456789abcdef"
    static let password = "correct horse battery staple"

    static func configuration(
        serverURL: URL = serverURL, masterKey: String? = masterKey, retryPolicy: ParseRetryPolicy = .default,
        timeout: Duration = .seconds(30), maxResponseSize: Int = 1 << 20, logHandler: (@Sendable (String) -> Void)? = nil
    ) -> ParseClientConfiguration {
        ParseClientConfiguration(
            serverURL: serverURL, applicationId: applicationId, restAPIKey: restAPIKey, masterKey: masterKey,
            timeout: timeout, retryPolicy: retryPolicy, maxResponseSize: maxResponseSize, logHandler: logHandler
        )
    }

    /// A client over `transport`, with a recording sleeper and jitter fixed at the midpoint
    /// (so backoffs are exact).
    static func client(
        _ transport: RecordingTransport, configuration: ParseClientConfiguration = configuration(),
        sessionToken: String? = nil, sleeper: RecordingSleeper = RecordingSleeper()
    ) -> ParseClient {
        ParseClient(configuration: configuration, transport: transport, sessionToken: sessionToken,
                    sleeper: sleeper, random: { 0.5 })
    }

    /// The headers every request with the REST API key carries.
    static func restHeaders(session: String? = nil, json: Bool = false) -> HTTPHeaders {
        var headers: HTTPHeaders = ["X-Parse-Application-Id": applicationId, "X-Parse-REST-API-Key": restAPIKey]
        headers["X-Parse-Session-Token"] = session
        headers["Content-Type"] = json ? "application/json" : nil
        return headers
    }

    /// The headers of a sign-up or login: the REST guide's `X-Parse-Revocable-Session: 1` too.
    static func signInHeaders() -> HTTPHeaders {
        var headers = restHeaders(json: true)
        headers["X-Parse-Revocable-Session"] = "1"
        return headers
    }

    static let createdAt = "2023-11-14T22:13:20.123Z"
    static let updatedAt = "2023-11-15T08:00:00.000Z"
    static let createdDate = Date(timeIntervalSince1970: 1_700_000_000.123)
    static let updatedDate = ISO8601DateFormatter().date(from: "2023-11-15T08:00:00Z")!
}

/// A JSON response.
func json(_ status: Int, _ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
    var headers = headers
    headers["Content-Type"] = "application/json; charset=utf-8"
    return HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
}

/// A Parse error response.
func parseError(_ status: Int, code: Int, _ message: String) -> HTTPResponse {
    json(status, #"{"code":\#(code),"error":"\#(message)"}"#)
}

// MARK: Request assertions

extension HTTPRequest {
    /// The decoded path.
    var path: String { url.path }

    /// The query items, decoded, by name.
    var queryItems: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the query items in order.
    var queryNames: [String] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name)
    }
}

/// Expects `request` to be exactly the given request: method, path, query items (JSON values
/// compared as JSON), headers and JSON body.
func expectRequest(
    _ request: HTTPRequest, _ method: HTTPMethod, _ path: String,
    query: [String: String] = [:], jsonQuery: [String: String] = [:],
    headers: HTTPHeaders, body: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(request.method == method, sourceLocation: sourceLocation)
    #expect(request.path == path, sourceLocation: sourceLocation)
    let items = request.queryItems
    #expect(Set(items.keys) == Set(query.keys).union(jsonQuery.keys), "query \(items)", sourceLocation: sourceLocation)
    for (name, value) in query {
        #expect(items[name] == value, "query item \(name)", sourceLocation: sourceLocation)
    }
    for (name, value) in jsonQuery {
        let actual = try #require(items[name], sourceLocation: sourceLocation)
        try expectJSON(Data(actual.utf8), equals: value, sourceLocation: sourceLocation)
    }
    #expect(request.headers == headers, "headers \(request.headers.lowercasedDictionary)", sourceLocation: sourceLocation)
    if let body {
        let data = try #require(request.body, "no body", sourceLocation: sourceLocation)
        try expectJSON(data, equals: body, sourceLocation: sourceLocation)
    } else {
        #expect(request.body == nil, "unexpected body", sourceLocation: sourceLocation)
    }
}

/// Runs `body` and returns the ``ParseClientError`` it throws (a failed expectation if none,
/// or if it throws another error).
func expectClientError<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async -> ParseClientError? {
    do {
        _ = try await body()
        Issue.record("expected a ParseClientError", sourceLocation: sourceLocation)
        return nil
    } catch let error as ParseClientError {
        return error
    } catch {
        Issue.record("expected a ParseClientError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects none of the fixture's secrets in `text`.
func expectNoSecrets(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for secret in [Fixture.restAPIKey, Fixture.masterKey, Fixture.clientKey, Fixture.sessionToken, Fixture.password] {
        #expect(!text.contains(secret), "\"\(text)\" reveals a secret", sourceLocation: sourceLocation)
    }
}
