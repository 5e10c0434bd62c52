import Foundation
import Testing
@testable import ParseRuntime

/// Sign up, log in, current user, become, log out, and the session token on later requests.
@Suite struct UserTests {
    typealias User = TodoApp.User
    typealias Book = Bookstore.Book

    private func newUser() -> User {
        var user = User(displayName: "Ada")
        user.username = "ada"
        user.password = Fixture.password
        user.email = "ada@example.com"
        return user
    }

    private let userJSON = """
        {"objectId":"u1","username":"ada","email":"ada@example.com","displayName":"Ada",
         "createdAt":"\(Fixture.createdAt)","updatedAt":"\(Fixture.createdAt)",
         "ACL":{"*":{"read":true},"u1":{"read":true,"write":true}},
         "sessionToken":"\(Fixture.sessionToken)"}
        """

    @Test func signUpPostsToUsersAndKeepsTheSessionToken() async throws {
        let transport = RecordingTransport(
            json(201, #"{"objectId":"u1","createdAt":"\#(Fixture.createdAt)","sessionToken":"\#(Fixture.sessionToken)"}"#,
                 headers: ["Location": "http://localhost:1337/parse/users/u1"]),
            json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport)

        let user = try await client.signUp(newUser())

        try expectRequest(transport.requests[0], .post, "/parse/users", headers: Fixture.signInHeaders(), body: """
            {"username":"ada","password":"\(Fixture.password)","email":"ada@example.com","displayName":"Ada"}
            """)
        #expect(user.objectId == "u1")
        #expect(user.createdAt == Fixture.createdDate)
        #expect(user.username == "ada")
        #expect(user.password == nil)
        #expect(client.sessionToken == Fixture.sessionToken)
        #expect(client.isLoggedIn)

        _ = try await client.find(Book.query())
        try expectRequest(transport.requests[1], .get, "/parse/classes/Book", headers: Fixture.restHeaders(session: Fixture.sessionToken))
    }

    @Test func signUpWithATakenNameIsAServerErrorAndKeepsNoToken() async throws {
        let transport = RecordingTransport(parseError(400, code: 202, "Account already exists for this username."))
        let client = Fixture.client(transport)
        let error = await expectClientError { try await client.signUp(newUser()) }
        #expect(error?.parseError?.code == .usernameTaken)
        #expect(client.sessionToken == nil)
    }

    @Test func signUpIsNotRetried() async throws {
        let transport = RecordingTransport(json(502, "<html>Bad Gateway</html>"))
        let error = await expectClientError { try await Fixture.client(transport).signUp(newUser()) }
        #expect(error == .invalidResponse(status: 502, bodyPrefix: "<html>Bad Gateway</html>"))
        #expect(transport.requests.count == 1)
    }

    @Test func signUpResponseWithoutTokenIsADecodingError() async throws {
        let transport = RecordingTransport(json(201, #"{"objectId":"u1","createdAt":"\#(Fixture.createdAt)"}"#))
        let client = Fixture.client(transport)
        let error = await expectClientError { try await client.signUp(newUser()) }
        if case .decoding(let failure) = error { #expect(failure.path == "sessionToken") } else {
            Issue.record("expected .decoding, got \(String(describing: error))")
        }
        #expect(client.sessionToken == nil)
    }

    @Test func logInPostsTheCredentialsAsJSON() async throws {
        let transport = RecordingTransport(json(200, userJSON))
        let client = Fixture.client(transport)
        let user = try await client.logIn(User.self, username: "ada", password: Fixture.password)
        try expectRequest(try transport.onlyRequest(), .post, "/parse/login", headers: Fixture.signInHeaders(),
                          body: #"{"username":"ada","password":"\#(Fixture.password)"}"#)
        #expect(user.objectId == "u1")
        #expect(user.displayName == "Ada")
        #expect(user.ACL?.publicRead == true)
        #expect(client.sessionToken == Fixture.sessionToken)
    }

    @Test func logInWithAWrongPasswordIsObjectNotFound() async throws {
        let transport = RecordingTransport(parseError(404, code: 101, "Invalid username/password."))
        let client = Fixture.client(transport)
        let error = await expectClientError { try await client.logIn(User.self, username: "ada", password: "nope") }
        #expect(error == .server(ParseError(code: .objectNotFound, message: "Invalid username/password.", httpStatus: 404)))
        #expect(client.sessionToken == nil)
    }

    @Test func currentUserSendsTheSessionToken() async throws {
        let transport = RecordingTransport(json(200, userJSON))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        let user: User = try await client.currentUser()
        try expectRequest(try transport.onlyRequest(), .get, "/parse/users/me", headers: Fixture.restHeaders(session: Fixture.sessionToken))
        #expect(user.username == "ada")
    }

    @Test func currentUserWithoutASessionFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, userJSON))
        let error = await expectClientError { try await Fixture.client(transport).currentUser(User.self) }
        #expect(error?.parseError?.code == .invalidSessionToken)
        if case .invalidRequest = error {} else { Issue.record("expected .invalidRequest") }
        #expect(transport.requests.isEmpty)
    }

    @Test func anExpiredSessionIsInvalidSessionToken() async throws {
        let transport = RecordingTransport(parseError(400, code: 209, "Invalid session token"))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        let error = await expectClientError { try await client.currentUser(User.self) }
        #expect(error == .server(ParseError(code: .invalidSessionToken, message: "Invalid session token", httpStatus: 400)))
        #expect(transport.requests.count == 1)
    }

    @Test func becomeKeepsTheTokenOnlyWhenAccepted() async throws {
        let rejected = RecordingTransport(parseError(400, code: 209, "Invalid session token"))
        let client = Fixture.client(rejected)
        _ = await expectClientError { try await client.become(User.self, sessionToken: "r:stale-token-000") }
        #expect(rejected.requests.first?.headers["X-Parse-Session-Token"] == "r:stale-token-000")
        #expect(client.sessionToken == nil)

        let accepted = RecordingTransport(json(200, userJSON))
        let other = Fixture.client(accepted)
        let user = try await other.become(User.self, sessionToken: Fixture.sessionToken)
        #expect(user.objectId == "u1")
        #expect(other.sessionToken == Fixture.sessionToken)
    }

    @Test func logOutPostsWithoutABodyAndForgetsTheToken() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        try await client.logOut()
        try expectRequest(try transport.onlyRequest(), .post, "/parse/logout", headers: Fixture.restHeaders(session: Fixture.sessionToken))
        #expect(client.sessionToken == nil)
        #expect(!client.isLoggedIn)
    }

    @Test func logOutOfAnExpiredSessionSucceeds() async throws {
        let transport = RecordingTransport(parseError(400, code: 209, "Invalid session token"))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        try await client.logOut()
        #expect(client.sessionToken == nil)
    }

    @Test func logOutForgetsTheTokenEvenWhenTheServerIsUnreachable() async throws {
        let transport = RecordingTransport([.fail(HTTPTransportError(.connectionRefused))])
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken,
                                    sleeper: RecordingSleeper())
        let error = await expectClientError { try await client.logOut() }
        if case .transport(let failure) = error { #expect(failure.kind == .connectionRefused) } else {
            Issue.record("expected .transport, got \(String(describing: error))")
        }
        #expect(client.sessionToken == nil)
    }

    @Test func logOutWithoutASessionFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let error = await expectClientError { try await Fixture.client(transport).logOut() }
        #expect(error?.parseError?.code == .invalidSessionToken)
        #expect(transport.requests.isEmpty)
    }

    @Test func aSessionTokenInTheOptionsOverridesTheClients() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        _ = try await client.find(Book.query(), options: ParseRequestOptions(sessionToken: "r:other-session-1"))
        #expect(transport.requests.first?.headers["X-Parse-Session-Token"] == "r:other-session-1")
        #expect(client.sessionToken == Fixture.sessionToken)
    }

    @Test func theClientIsSafeToShareBetweenTasks() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index % 10 == 0 {
                        client.setSessionToken("r:token-\(index / 10)")
                    }
                    _ = try? await client.find(Book.query())
                }
            }
        }
        #expect(transport.requests.count == 50)
        #expect(client.sessionToken?.hasPrefix("r:token-") == true)
    }

    // MARK: Sessions, password reset, verification email

    @Test func theCurrentSessionIsReadWithTheToken() async throws {
        let transport = RecordingTransport(json(200, """
            {"objectId":"s1","sessionToken":"\(Fixture.sessionToken)","restricted":false,
             "user":{"__type":"Pointer","className":"_User","objectId":"u1"},
             "createdWith":{"action":"login","authProvider":"password"},"installationId":"i-1",
             "expiresAt":{"__type":"Date","iso":"2024-11-14T22:13:20.123Z"},
             "createdAt":"\(Fixture.createdAt)","updatedAt":"\(Fixture.createdAt)"}
            """))
        let client = Fixture.client(transport, sessionToken: Fixture.sessionToken)
        let session = try await client.currentSession(ParseRuntimeTests.Session.self)
        try expectRequest(try transport.onlyRequest(), .get, "/parse/sessions/me", headers: Fixture.restHeaders(session: Fixture.sessionToken))
        #expect(session.objectId == "s1")
        #expect(session.user.objectId == "u1")
        #expect(session.createdWith == ["action": "login", "authProvider": "password"])
        #expect(session.expiresAt == Date(timeIntervalSince1970: 1_731_622_400.123))
        let loggedOut = await expectClientError { try await Fixture.client(transport).currentSession(ParseRuntimeTests.Session.self) }
        #expect(loggedOut?.parseError?.code == .invalidSessionToken)
        #expect(transport.requests.count == 1)
    }

    @Test func passwordResetAndVerificationEmailsAreRequestedByEmail() async throws {
        let transport = RecordingTransport(json(200, "{}"), json(200, "{}"),
                                           parseError(400, code: 205, "No user found with email nobody@example.com."))
        let client = Fixture.client(transport)
        try await client.requestPasswordReset(email: "ada@example.com")
        try await client.requestVerificationEmail(email: "ada@example.com")
        let error = await expectClientError { try await client.requestPasswordReset(email: "nobody@example.com") }
        #expect(error?.parseError?.code == .userWithEmailNotFound)
        try expectRequest(transport.requests[0], .post, "/parse/requestPasswordReset", headers: Fixture.restHeaders(json: true),
                          body: #"{"email":"ada@example.com"}"#)
        try expectRequest(transport.requests[1], .post, "/parse/verificationEmailRequest", headers: Fixture.restHeaders(json: true),
                          body: #"{"email":"ada@example.com"}"#)
    }
}
