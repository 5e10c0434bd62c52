import Foundation

/// A client for the Parse REST API, generic over ``ParseObject`` models.
///
/// It holds a ``ParseClientConfiguration`` and the session token of the logged-in user (set by
/// ``signUp(_:options:)``, ``logIn(_:username:password:options:)`` and
/// ``become(_:sessionToken:options:)``, sent as `X-Parse-Session-Token` on every later request,
/// cleared by ``logOut(options:)``). It is safe to share between tasks.
///
/// Every call throws a typed ``ParseClientError``; requests are retried per the
/// ``ParseRetryPolicy`` and bounded by a timeout. Neither descriptions nor errors nor log lines
/// ever contain keys or session tokens.
///
/// ```swift
/// let client = ParseClient(configuration: ParseClientConfiguration(
///     serverURL: URL(string: "http://localhost:1337/parse")!,
///     applicationId: "bookstore", restAPIKey: "…"))
/// let book = try await client.create(Book(title: "Dune"))
/// ```
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ParseClient: Sendable {
    /// The configuration.
    public let configuration: ParseClientConfiguration
    /// The transport requests go through.
    public let transport: any HTTPTransport
    /// What waits between attempts.
    let sleeper: any ParseSleeper
    /// The source of jitter, a number in `0..<1`.
    let random: @Sendable () -> Double
    /// The session token of the logged-in user.
    private let session: LockedValue<String?>
    /// The LiveQuery WebSocket its subscriptions share, opened by the first one.
    let liveQuery: LiveQueryConnection

    /// A client.
    /// - Parameters:
    ///   - configuration: The server and credentials.
    ///   - transport: The HTTP stack; a ``URLSessionTransport`` by default.
    ///   - sessionToken: A session token saved from an earlier login, if any.
    ///   - sleeper: What waits between attempts; `Task.sleep` by default.
    ///   - random: The source of jitter, returning numbers in `0..<1`.
    public init(
        configuration: ParseClientConfiguration,
        transport: any HTTPTransport = URLSessionTransport(),
        sessionToken: String? = nil,
        sleeper: any ParseSleeper = TaskSleeper(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleeper = sleeper
        self.random = random
        let session = LockedValue(sessionToken)
        self.session = session
        self.liveQuery = LiveQueryConnection(
            configuration: configuration,
            sessionToken: { session.current },
            log: { line in
                guard let handler = configuration.logHandler else { return }
                let redactor = Redactor(secrets: [configuration.restAPIKey, configuration.masterKey, configuration.clientKey, session.current])
                handler(redactor.scrub(line))
            },
            random: random)
    }

    /// The session token sent with requests, `nil` when no user is logged in. Store it securely
    /// (the keychain, for example) to restore the session with ``init(configuration:transport:sessionToken:sleeper:random:)``.
    public var sessionToken: String? {
        session.current
    }

    /// Whether a session token is set.
    public var isLoggedIn: Bool {
        sessionToken != nil
    }

    /// Sets or clears the session token sent with later requests. LiveQuery subscriptions that
    /// are open connect again with the new token (login, sign-up, `become` and logout come here
    /// too), so that they follow the user.
    /// - Parameter token: The token, or `nil` to forget the session locally.
    public func setSessionToken(_ token: String?) {
        let changed = session.withLock { current in
            defer { current = token }
            return current != token
        }
        if changed {
            let liveQuery = self.liveQuery
            Task { await liveQuery.sessionChanged() }
        }
    }

    /// A redactor for the client's secrets plus `extra`.
    func redactor(_ extra: [String] = []) -> Redactor {
        Redactor(secrets: [configuration.restAPIKey, configuration.masterKey, configuration.clientKey, sessionToken] + extra)
    }

    /// Sends one line to the log handler, if any, after scrubbing it.
    func log(_ line: @autoclosure () -> String, redactor: Redactor) {
        guard let handler = configuration.logHandler else { return }
        handler(redactor.scrub(line()))
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The server, the application id and whether a user is logged in; never a key or token.
    public var description: String {
        "ParseClient(serverURL: \(Redactor.redactingUserInfo(configuration.serverURL)), "
            + "applicationId: \(configuration.applicationId), loggedIn: \(isLoggedIn))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror that shows only the redacted description.
    public var customMirror: Mirror {
        Mirror(self, children: ["client": description], displayStyle: .class)
    }
}
