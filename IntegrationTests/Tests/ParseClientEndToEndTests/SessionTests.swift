import Foundation
import ParseRuntime
import ParseTestServer
import PeopleModels
import Testing

/// The REST guide's user calls over HTTP, with the People sample's `User` and `Session`:
/// revocable sessions on sign-up and login, the current session, password reset and
/// verification emails.
@Suite("Sessions and user emails over HTTP")
struct SessionTests {
    @Test("Sign-up and login ask for revocable sessions; GET /sessions/me returns the session")
    func currentSession() async throws {
        try await withServer { server, _ in
            // Parse Server records a session's installation only when the login names one,
            // and the Session model (like ParseSwift's) requires it.
            let client = ParseClient(configuration: ParseClientConfiguration(
                serverURL: server.serverURL, applicationId: server.configuration.applicationId,
                restAPIKey: server.configuration.restAPIKey, installationId: "7e3c6f0a-ios-install"))
            var grace = User()
            grace.username = "grace"
            grace.password = "hopper"
            grace.email = "grace@example.com"
            grace = try await client.signUp(grace)
            #expect(server.requests(method: "POST", path: "/parse/users").last?.headers["x-parse-revocable-session"] == "1")
            let signedUp = try await client.currentSession(Session.self)
            #expect(signedUp.user.objectId == grace.objectId)
            #expect(signedUp.sessionToken == client.sessionToken)
            #expect(signedUp.createdWith == ["action": "signup", "authProvider": "password"])
            #expect(signedUp.expiresAt > Date().addingTimeInterval(300 * 24 * 3600))
            #expect(signedUp.installationId == "7e3c6f0a-ios-install")

            // Without an installation id the session has none, and reading it says which field is missing.
            let other = makeClient(for: server)
            _ = try await other.logIn(User.self, username: "grace", password: "hopper")
            #expect(server.requests(method: "POST", path: "/parse/login").last?.headers["x-parse-revocable-session"] == "1")
            let withoutInstallation = await failure { try await other.currentSession(Session.self) }
            guard case .decoding(let missing)? = withoutInstallation else {
                Issue.record("expected .decoding, got \(String(describing: withoutInstallation))")
                return
            }
            #expect(missing.message.contains("\"installationId\""), "\(missing)")

            _ = try await client.logIn(User.self, username: "grace", password: "hopper")
            let loggedIn = try await client.currentSession(Session.self)
            #expect(loggedIn.createdWith == ["action": "login", "authProvider": "password"])
            #expect(loggedIn.objectId != signedUp.objectId)

            try await client.logOut()
            let gone = await failure {
                try await client.currentSession(Session.self, options: ParseRequestOptions(sessionToken: loggedIn.sessionToken))
            }
            #expect(gone?.parseError?.code == .invalidSessionToken)
            let notLoggedIn = await failure { try await client.currentSession(Session.self) }
            #expect(notLoggedIn?.parseError?.code == .invalidSessionToken, "refused before sending")
        }
    }

    @Test("Password reset and verification emails are requested by address", .enabled(if: TestBackend.isInProcess, "the emails a server would send are ParseTestServer's to read"))
    func emails() async throws {
        try await withServer { server, client in
            var ada = User()
            ada.username = "ada"
            ada.password = "engine"
            ada.email = "ada@example.com"
            _ = try await client.signUp(ada)
            try await client.requestPasswordReset(email: "ADA@example.com")
            try await client.requestVerificationEmail(email: "ada@example.com")
            #expect(server.testServer.sentEmails.map(\.kind) == ["passwordReset", "verification"])
            #expect(server.testServer.sentEmails.map(\.to) == ["ADA@example.com", "ada@example.com"])
            let unknown = await failure { try await client.requestPasswordReset(email: "nobody@example.com") }
            #expect(unknown?.parseError?.code == .userWithEmailNotFound)
            let empty = await failure { try await client.requestVerificationEmail(email: "") }
            #expect(empty?.parseError?.code == .userEmailMissing)
            #expect(server.testServer.sentEmails.count == 2)
        }
    }
}
