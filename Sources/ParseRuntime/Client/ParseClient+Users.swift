import Foundation

// Sign up, log in, the current user, log out: the session token lives in the client.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Signs `user` up (`POST /users`, answered 201 with `objectId`, `createdAt` and
    /// `sessionToken`) and keeps the new session token for later requests.
    ///
    /// Not repeated after a transient failure (it would fail with "username taken" or create a
    /// second account) unless the options opt in, except when the connection was refused.
    /// - Parameters:
    ///   - user: The new user, with `username` and `password` set.
    ///   - options: Per-call options.
    /// - Returns: The user with its `objectId` and `createdAt`; the password is cleared.
    public func signUp<U: ParseUser>(_ user: U, options: ParseRequestOptions = .none) async throws(ParseClientError) -> U {
        var call = try createCall(user)
        call.secrets = [user.password].compactMap { $0 }
        call.headers = [Self.revocableSession]
        let response = try await execute(call, options: options)
        let fields = try decodeObject(from: response, secrets: call.secrets)
        let token = try Self.sessionToken(in: fields, status: response.status)
        var created = try createdObject(user, response: fields, status: response.status)
        created.password = nil
        setSessionToken(token)
        return created
    }

    /// Logs in (`POST /login` with `{"username","password"}`) and keeps the session token for
    /// later requests.
    /// - Parameters:
    ///   - type: The user model.
    ///   - username: The user name.
    ///   - password: The password; it never appears in errors or logs.
    ///   - options: Per-call options.
    /// - Returns: The user.
    /// - Throws: ``ParseClientError/server(_:)`` with ``ParseError/Code-swift.enum/objectNotFound``
    ///   for a wrong user name or password.
    public func logIn<U: ParseUser>(
        _ type: U.Type = U.self, username: String, password: String, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> U {
        let body = try WireJSON.body(["username": .string(username), "password": .string(password)])
        // Repeating a login can at worst leave an unused session behind, so it is retried.
        let call = ParseCall(method: .post, path: "login", body: body, isIdempotent: true, secrets: [password],
                             headers: [Self.revocableSession])
        return try await sessionUser(U.self, call: call, options: options)
    }

    /// Starts using `sessionToken` and returns its user (`GET /users/me`); the token is kept
    /// only when the server accepts it.
    /// - Parameters:
    ///   - type: The user model.
    ///   - sessionToken: A session token from an earlier login.
    ///   - options: Per-call options.
    public func become<U: ParseUser>(
        _ type: U.Type = U.self, sessionToken: String, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> U {
        var options = options
        options.sessionToken = sessionToken
        let call = ParseCall(method: .get, path: "users/me", isIdempotent: true, secrets: [sessionToken])
        return try await sessionUser(U.self, call: call, options: options)
    }

    /// The logged-in user (`GET /users/me` with the session token).
    /// - Parameters:
    ///   - type: The user model.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` with
    ///   ``ParseError/Code-swift.enum/invalidSessionToken`` when no session token is set, and
    ///   ``ParseClientError/server(_:)`` with code 209 when the server no longer accepts it.
    public func currentUser<U: ParseUser>(
        _ type: U.Type = U.self, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> U {
        guard options.sessionToken ?? sessionToken != nil else {
            throw .invalidRequest(ParseError(code: .invalidSessionToken, message: "No user is logged in."))
        }
        let response = try await execute(ParseCall(method: .get, path: "users/me", isIdempotent: true), options: options)
        return try decode(U.self, from: response)
    }

    /// Logs out (`POST /logout`, which deletes the session on the server) and forgets the
    /// session token. The token is forgotten even when the server cannot be reached, so the
    /// app is logged out locally either way; the error is still thrown.
    /// - Parameter options: Per-call options.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` when no session token is set; a server
    ///   answer of 209 (the session was already gone) counts as success.
    public func logOut(options: ParseRequestOptions = .none) async throws(ParseClientError) {
        guard let token = options.sessionToken ?? sessionToken else {
            throw .invalidRequest(ParseError(code: .invalidSessionToken, message: "No user is logged in."))
        }
        var options = options
        options.sessionToken = token
        let call = ParseCall(method: .post, path: "logout", isIdempotent: true, secrets: [token])
        defer {
            session(forget: token)
        }
        do {
            _ = try await execute(call, options: options)
        } catch .server(let error) where error.code == .invalidSessionToken {
            return
        }
    }

    /// The current session (`GET /sessions/me` with the session token): when it expires,
    /// how it was created, which installation it belongs to.
    /// - Parameters:
    ///   - type: The session model (a generated `Session` for Parse's `_Session`).
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/invalidRequest(_:)`` with
    ///   ``ParseError/Code-swift.enum/invalidSessionToken`` when no session token is set, and
    ///   ``ParseClientError/server(_:)`` with code 209 when the server no longer accepts it.
    public func currentSession<S: ParseSession>(
        _ type: S.Type = S.self, options: ParseRequestOptions = .none
    ) async throws(ParseClientError) -> S {
        guard let token = options.sessionToken ?? sessionToken else {
            throw .invalidRequest(ParseError(code: .invalidSessionToken, message: "No user is logged in."))
        }
        let call = ParseCall(method: .get, path: "sessions/me", isIdempotent: true, secrets: [token])
        let response = try await execute(call, options: options)
        return try decode(S.self, from: response, secrets: [token])
    }

    /// Asks the server to email a password reset link to the user with `email`
    /// (`POST /requestPasswordReset`). Repeating it sends another email, so it is not retried
    /// by default.
    /// - Parameters:
    ///   - email: The user's email address.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/server(_:)`` with Parse's code, such as 205 (`userWithEmailNotFound`, no user has
    ///   that email) or 204 (no email given).
    public func requestPasswordReset(email: String, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        let call = ParseCall(method: .post, path: "requestPasswordReset",
                             body: try WireJSON.body(["email": .string(email)]), isIdempotent: false)
        _ = try await execute(call, options: options)
    }

    /// Asks the server to email the user with `email` a new link to verify the address
    /// (`POST /verificationEmailRequest`). Not retried by default, as it sends an email.
    /// - Parameters:
    ///   - email: The user's email address.
    ///   - options: Per-call options.
    /// - Throws: ``ParseClientError/server(_:)`` with Parse's code, such as 205 (`userWithEmailNotFound`, no user has
    ///   that email) or when the address is already verified.
    public func requestVerificationEmail(email: String, options: ParseRequestOptions = .none) async throws(ParseClientError) {
        let call = ParseCall(method: .post, path: "verificationEmailRequest",
                             body: try WireJSON.body(["email": .string(email)]), isIdempotent: false)
        _ = try await execute(call, options: options)
    }

    /// `X-Parse-Revocable-Session: 1`, which the REST guide sends with sign-up and login so
    /// that the session is a revocable one (the only kind Parse Server makes today).
    private static let revocableSession = (name: "X-Parse-Revocable-Session", value: "1")

    /// Forgets `token` if it is still the client's session token.
    private func session(forget token: String) {
        if sessionToken == token {
            setSessionToken(nil)
        }
    }

    /// Runs a call that answers with a user and a session token, keeps the token and returns
    /// the user.
    private func sessionUser<U: ParseUser>(
        _ type: U.Type, call: ParseCall, options: ParseRequestOptions
    ) async throws(ParseClientError) -> U {
        let response = try await execute(call, options: options)
        let fields = try decodeObject(from: response, secrets: call.secrets)
        let token = try Self.sessionToken(in: fields, status: response.status)
        var userFields = fields
        userFields.removeValue(forKey: "sessionToken")
        let user = try WireJSON.decode(U.self, from: userFields, status: response.status,
                                       redactor: redactor(call.secrets + [token]))
        setSessionToken(token)
        return user
    }

    /// The `sessionToken` of a user response.
    private static func sessionToken(in fields: [String: JSONValue], status: Int) throws(ParseClientError) -> String {
        guard case .string(let token) = fields["sessionToken"], !token.isEmpty else {
            throw .decoding(ParseDecodingFailure(httpStatus: status, path: "sessionToken",
                                                 message: "the response has no session token"))
        }
        return token
    }
}
