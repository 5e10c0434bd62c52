import Foundation
import Testing
@testable import ParseRuntime

/// Keys, session tokens and passwords never appear in descriptions, dumps, errors or logs.
@Suite struct SecurityTests {
    typealias User = TodoApp.User
    typealias Book = Bookstore.Book

    private func configuration(logHandler: (@Sendable (String) -> Void)? = nil) -> ParseClientConfiguration {
        var configuration = Fixture.configuration(logHandler: logHandler)
        configuration.clientKey = Fixture.clientKey
        configuration.serverURL = URL(string: "http://admin:\(Fixture.masterKey)@localhost:1337/parse")!
        return configuration
    }

    /// Every textual form of `value`.
    private func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test func theConfigurationHidesItsKeys() {
        let configuration = configuration()
        for text in renderings(configuration) {
            expectNoSecrets(text)
            #expect(!text.contains("admin:"), "\(text)")
        }
        #expect(configuration.description.contains("restAPIKey: <redacted>"))
        #expect(configuration.description.contains("applicationId: bookstore-app"))
        #expect(ParseClientConfiguration(serverURL: Fixture.serverURL, applicationId: "a").description.contains("masterKey: none"))
    }

    @Test func theClientHidesItsSession() {
        let client = ParseClient(configuration: configuration(), transport: RecordingTransport(), sessionToken: Fixture.sessionToken)
        for text in renderings(client) {
            expectNoSecrets(text)
        }
        #expect(client.description.contains("loggedIn: true"))
        for text in renderings(ParseRequestOptions(sessionToken: Fixture.sessionToken)) {
            expectNoSecrets(text)
        }
    }

    @Test func requestsAndResponsesHideCredentialsAndBodies() throws {
        let request = HTTPRequest(
            method: .post, url: try #require(URL(string: "http://admin:\(Fixture.masterKey)@localhost/parse/login")),
            headers: ["X-Parse-Master-Key": Fixture.masterKey, "X-Parse-REST-API-Key": Fixture.restAPIKey,
                      "X-Parse-Client-Key": Fixture.clientKey, "X-Parse-Session-Token": Fixture.sessionToken,
                      "X-Parse-Application-Id": "bookstore-app"],
            body: Data(#"{"username":"ada","password":"\#(Fixture.password)"}"#.utf8))
        for text in renderings(request) + renderings(request.headers) {
            expectNoSecrets(text)
        }
        #expect(request.description.contains("X-Parse-Application-Id: bookstore-app"))
        let response = HTTPResponse(status: 200, headers: ["Set-Cookie": "session=\(Fixture.sessionToken)"],
                                    body: Data(#"{"sessionToken":"\#(Fixture.sessionToken)"}"#.utf8))
        for text in renderings(response) {
            expectNoSecrets(text)
        }
    }

    @Test func aServerMessageEchoingASecretIsScrubbed() async throws {
        let transport = RecordingTransport(parseError(400, code: 209, "Invalid session token \(Fixture.sessionToken) for key \(Fixture.restAPIKey)"))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        let error = try #require(await expectClientError { try await client.currentUser(User.self) })
        for text in renderings(error) + [error.localizedDescription, error.parseError?.message ?? ""] {
            expectNoSecrets(text)
        }
        #expect(error.parseError?.message == "Invalid session token <redacted> for key <redacted>")
    }

    @Test func aTransportErrorMentioningASecretIsScrubbed() async throws {
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "proxy rejected header X-Parse-Master-Key: \(Fixture.masterKey)" }
        }
        let transport = RecordingTransport([.fail(Leaky())])
        let error = try #require(await expectClientError {
            try await Fixture.client(transport).find(Book.query(), options: .masterKey)
        })
        guard case .transport(let failure) = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(failure.kind == .other)
        for text in renderings(error) {
            expectNoSecrets(text)
        }
    }

    @Test func decodingErrorsOfLoginResponsesRevealNothing() async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":5,"sessionToken":"\#(Fixture.sessionToken)","username":"ada""#))
        let error = try #require(await expectClientError {
            try await Fixture.client(transport).logIn(User.self, username: "ada", password: Fixture.password)
        })
        if case .decoding = error {} else { Issue.record("expected .decoding, got \(error)") }
        for text in renderings(error) {
            expectNoSecrets(text)
        }
        let wrongType = RecordingTransport(json(200, #"{"objectId":5,"sessionToken":"\#(Fixture.sessionToken)"}"#))
        let second = try #require(await expectClientError {
            try await Fixture.client(wrongType).logIn(User.self, username: "ada", password: Fixture.password)
        })
        for text in renderings(second) {
            expectNoSecrets(text)
        }
    }

    @Test func logLinesNeverContainSecretsOrBodies() async throws {
        let log = LogCollector()
        let transport = RecordingTransport([
            .respond(json(201, #"{"objectId":"u1","createdAt":"\#(Fixture.createdAt)","sessionToken":"\#(Fixture.sessionToken)"}"#)),
            .respond(json(503, "{}")),
            .respond(json(200, #"{"results":[]}"#)),
            .respond(parseError(400, code: 209, "Invalid session token \(Fixture.sessionToken)")),
            .fail(HTTPTransportError(.other, message: "boom \(Fixture.restAPIKey)")),
        ])
        let client = ParseClient(configuration: configuration(logHandler: log.handler), transport: transport,
                                 sleeper: RecordingSleeper(), random: { 0.5 })
        _ = try await client.signUp({ var user = User(); user.username = "ada"; user.password = Fixture.password; return user }())
        _ = try await client.find(Book.query(Book.Field.title == "x"), options: .masterKey)
        _ = try? await client.currentUser(User.self)
        _ = try? await client.find(Book.query(), options: ParseRequestOptions(retryPolicy: .never))
        let lines = log.lines
        #expect(lines.count >= 8, "\(lines)")
        #expect(lines.contains { $0.contains("retrying GET") })
        for line in lines {
            expectNoSecrets(line)
            #expect(!line.contains("admin:"), "\(line)")
        }
    }

    @Test func theRedactorIgnoresTrivialSecrets() {
        let redactor = Redactor(secrets: ["", "ab", nil, "secret-value", "secret"])
        #expect(redactor.scrub("a secret-value and a secret, ab") == "a <redacted> and a <redacted>, ab")
    }
}

/// The headers of each kind of request.
@Suite struct HeaderTests {
    typealias Book = Bookstore.Book

    @Test func masterKeyReplacesTheRESTKey() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        _ = try await Fixture.client(transport, sessionToken: Fixture.sessionToken).find(Book.query(), options: .masterKey)
        #expect(try transport.onlyRequest().headers == [
            "X-Parse-Application-Id": Fixture.applicationId, "X-Parse-Master-Key": Fixture.masterKey,
            "X-Parse-Session-Token": Fixture.sessionToken,
        ])
    }

    @Test func theMasterKeyCanBeTheDefault() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        var configuration = Fixture.configuration()
        configuration.usesMasterKeyByDefault = true
        let client = Fixture.client(transport, configuration: configuration)
        _ = try await client.find(Book.query())
        _ = try await client.find(Book.query(), options: ParseRequestOptions(useMasterKey: false))
        #expect(transport.requests.map { $0.headers["X-Parse-Master-Key"] } == [Fixture.masterKey, nil])
        #expect(transport.requests.map { $0.headers["X-Parse-REST-API-Key"] } == [nil, Fixture.restAPIKey])
    }

    @Test func askingForAMissingMasterKeyFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport, configuration: Fixture.configuration(masterKey: nil))
        let error = await expectClientError { try await client.find(Book.query(), options: .masterKey) }
        #expect(error?.parseError?.code == .operationForbidden)
        #expect(transport.requests.isEmpty)
    }

    @Test func optionalHeaders() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        var configuration = Fixture.configuration()
        configuration.clientKey = Fixture.clientKey
        configuration.installationId = "inst-1"
        configuration.sendsRequestId = true
        let client = Fixture.client(transport, configuration: configuration)
        _ = try await client.find(Book.query())
        _ = try await client.find(Book.query())
        let first = transport.requests[0].headers
        #expect(first["X-Parse-Client-Key"] == Fixture.clientKey)
        #expect(first["X-Parse-Installation-Id"] == "inst-1")
        let ids = transport.requests.compactMap { $0.headers["X-Parse-Request-Id"] }
        #expect(ids.count == 2 && ids[0] != ids[1])
    }

    @Test func theRequestIdIsTheSameForEveryAttempt() async throws {
        let transport = RecordingTransport(json(503, "{}"), json(201, #"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#))
        var configuration = Fixture.configuration()
        configuration.sendsRequestId = true
        _ = try await Fixture.client(transport, configuration: configuration)
            .create(Bookstore.Author(name: "A"), options: ParseRequestOptions(retriesNonIdempotentRequests: true))
        let ids = transport.requests.compactMap { $0.headers["X-Parse-Request-Id"] }
        #expect(ids.count == 2 && ids[0] == ids[1])
    }

    @Test func headerNamesCompareWithoutCase() {
        var headers: HTTPHeaders = ["content-type": "a"]
        headers["Content-Type"] = "b"
        #expect(headers.count == 1)
        #expect(headers["CONTENT-TYPE"] == "b")
        #expect(headers == ["content-TYPE": "b"])
        headers["content-type"] = nil
        #expect(headers.count == 0)
    }
}
