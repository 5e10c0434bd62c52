import Foundation

/// One event as it arrived, before it is decoded as the subscription's model.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package struct LiveQueryRawEvent: Sendable, Hashable {
    /// `create`, `enter`, `update`, `leave` or `delete`.
    package var name: String
    /// The object as Parse JSON, as a REST get shows it.
    package var object: [String: JSONValue]
}

/// The single LiveQuery WebSocket of a ``ParseClient``, shared by all its subscriptions.
///
/// The socket opens with the first subscription and closes when the last one ends. Each
/// subscription has a request id (1, 2, 3… for the client's life). When the socket drops, it
/// reconnects after a backoff (exponential, capped, with jitter), sends `connect` again and
/// re-subscribes every live subscription: events the server published between the drop and
/// the new `subscribed` are lost, as in every Parse SDK (the protocol has no replay). A ping
/// goes out every ``Timing/pingInterval``; a ping still unanswered at the next one closes the
/// socket, which then reconnects.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
actor LiveQueryConnection {
    /// The waits of the connection.
    struct Timing: Sendable {
        /// The waits between reconnection attempts (its attempt count is not used: a connection
        /// with live subscriptions tries again until they end).
        var backoff: ParseRetryPolicy
        /// How often a ping goes out, and how long its pong may take.
        var pingInterval: Duration
        /// How long opening the socket may take.
        var connectTimeout: Duration

        /// 0.5 s doubling to 30 s, ±20 %; a ping every 30 s; 10 s to connect.
        static let standard = Timing(
            backoff: ParseRetryPolicy(initialBackoff: .milliseconds(500), multiplier: 2, maxBackoff: .seconds(30), jitter: 0.2),
            pingInterval: .seconds(30), connectTimeout: .seconds(10))
    }

    typealias Connector = @Sendable (URL, Duration) async throws(ParseLiveQueryError) -> any LiveQuerySocket

    private struct Entry {
        var query: LiveQuerySubscriptionQuery
        var events: AsyncThrowingStream<LiveQueryRawEvent, any Error>.Continuation
        /// The `subscribe` call waiting for the first `subscribed`, until it comes.
        var waiter: CheckedContinuation<Void, any Error>?
    }

    private let configuration: ParseClientConfiguration
    private let sessionToken: @Sendable () -> String?
    private let log: @Sendable (String) -> Void
    private let random: @Sendable () -> Double
    private let connector: Connector
    private let timing: Timing

    private var entries: [Int: Entry] = [:]
    private var lastRequestId = 0
    /// The socket, once open; `connected` says whether the server accepted `connect` on it.
    private var socket: (any LiveQuerySocket)?
    private var connected = false
    /// Bumped whenever the socket is replaced or given up, so late callbacks of an old one are ignored.
    private var generation = 0
    /// Opening or waiting to reopen the socket.
    private var opening: Task<Void, Never>?
    private var keepAlive: Task<Void, Never>?
    private var pingAnswered = true
    /// Failed attempts in a row, for the backoff.
    private var failures = 0
    /// The subscriptions sent on this socket and not answered yet, in order: an `error` without
    /// a request id (a request the server could not read) is the first one's.
    private var unanswered: [Int] = []

    init(
        configuration: ParseClientConfiguration,
        sessionToken: @escaping @Sendable () -> String?,
        log: @escaping @Sendable (String) -> Void,
        random: @escaping @Sendable () -> Double,
        timing: Timing = .standard,
        connector: @escaping Connector = { url, timeout throws(ParseLiveQueryError) in
            try await LiveQueryWebSocket.connect(to: url, timeout: timeout)
        }
    ) {
        self.configuration = configuration
        self.sessionToken = sessionToken
        self.log = log
        self.random = random
        self.timing = timing
        self.connector = connector
    }

    /// How many subscriptions are live or being made.
    var subscriptionCount: Int { entries.count }

    // MARK: Subscriptions

    /// Subscribes to `query`, returning its request id and events once the server said
    /// `subscribed`.
    func subscribe(_ query: LiveQuerySubscriptionQuery) async throws(ParseLiveQueryError) -> (Int, AsyncThrowingStream<LiveQueryRawEvent, any Error>) {
        guard configuration.liveQueryURL != nil else {
            throw .unsupportedURL(reason: "No LiveQuery URL: set liveQueryServerURL, or use an http:// or https:// serverURL")
        }
        lastRequestId += 1
        let id = lastRequestId
        let (events, continuation) = AsyncThrowingStream.makeStream(of: LiveQueryRawEvent.self)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                    entries[id] = Entry(query: query, events: continuation, waiter: waiter)
                    if connected, let socket {
                        send(subscribe: id, on: socket)
                    } else if socket == nil && opening == nil {
                        open(after: nil)
                    }
                }
            } onCancel: {
                Task { await self.unsubscribe(id, because: .cancelled) }
            }
        } catch let error as ParseLiveQueryError {
            throw error
        } catch {
            throw .connection("\(error)")
        }
        return (id, events)
    }

    /// Ends subscription `id`: its events finish, the server is told (`unsubscribe`) if the socket
    /// is up, and the socket closes when it was the last one. Ending an ended one does nothing.
    func unsubscribe(_ id: Int, because error: ParseLiveQueryError? = nil) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        unanswered.removeAll { $0 == id }
        entry.waiter?.resume(throwing: error ?? .cancelled)
        entry.events.finish()
        if connected, let socket {
            socket.send(LiveQueryRequest.unsubscribe(requestId: id).text)
            log("LiveQuery: unsubscribed \(id)")
        }
        if entries.isEmpty {
            shutDown()
        }
    }

    /// Ends subscription `id` with `error`: the `subscribe` call throws it, or the events do.
    private func fail(_ id: Int, _ error: ParseLiveQueryError) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        unanswered.removeAll { $0 == id }
        if let waiter = entry.waiter {
            waiter.resume(throwing: error)
        }
        entry.events.finish(throwing: error)
        if entries.isEmpty {
            shutDown()
        }
    }

    // MARK: The socket

    /// Opens the socket, after `delay` when reconnecting.
    private func open(after delay: Duration?) {
        generation += 1
        let current = generation
        guard let url = configuration.liveQueryURL else { return }
        let connector = self.connector
        let timeout = timing.connectTimeout
        opening = Task {
            if let delay {
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
            }
            do {
                let socket = try await connector(url, timeout)
                self.opened(socket, current)
            } catch {
                self.openFailed(error as? ParseLiveQueryError ?? .connection("\(error)"), current)
            }
        }
        log("LiveQuery: connecting to \(Redactor.redactingUserInfo(url))")
    }

    private func opened(_ socket: any LiveQuerySocket, _ current: Int) {
        guard current == generation, !entries.isEmpty else {
            socket.close()
            return
        }
        opening = nil
        self.socket = socket
        Task { await self.read(socket, current) }
        socket.send(LiveQueryRequest.connect(LiveQueryCredentials(configuration, sessionToken: sessionToken())).text)
    }

    private func openFailed(_ error: ParseLiveQueryError, _ current: Int) {
        guard current == generation else { return }
        opening = nil
        log("LiveQuery: could not connect: \(error)")
        switch error {
        case .unavailable, .unsupportedURL:
            // Trying again cannot help.
            for id in entries.keys.sorted() { fail(id, error) }
        default:
            lost(error)
        }
    }

    /// Reads the socket's messages until it closes.
    private func read(_ socket: any LiveQuerySocket, _ current: Int) async {
        for await text in socket.messages {
            guard current == generation else { return }
            if let message = LiveQueryServerMessage(text: text) {
                handle(message, on: socket)
            }
        }
        guard current == generation else { return }
        log("LiveQuery: the connection closed")
        lost(.connection("the connection closed before the server answered"))
    }

    /// The socket is gone or could not be opened: subscriptions not confirmed yet fail with
    /// `error`; the others wait for the socket to be opened again.
    private func lost(_ error: ParseLiveQueryError) {
        socket = nil
        connected = false
        unanswered = []
        keepAlive?.cancel()
        keepAlive = nil
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) where entry.waiter != nil {
            fail(id, error)
        }
        guard !entries.isEmpty else { return }
        failures += 1
        let delay = timing.backoff.backoff(afterAttempt: failures, random: random())
        log("LiveQuery: reconnecting in \(delay) (attempt \(failures))")
        open(after: delay)
    }

    /// The client's session token changed (a login, a logout, another token set). Parse's
    /// LiveQuery server reads a subscription's objects as the session it was made with, so the
    /// socket, if any, is replaced at once and every subscription made again with the new one:
    /// another user's objects stop arriving, and the new user's start. Events published while
    /// the new socket opens are lost, as in a reconnection.
    func sessionChanged() {
        guard socket != nil || opening != nil else { return }
        closeSocket()
        log("LiveQuery: the session changed; connecting again")
        open(after: nil)
    }

    /// Closes the socket: no subscription is left.
    private func shutDown() {
        generation += 1
        closeSocket()
        log("LiveQuery: closed (no subscriptions left)")
    }

    /// Closes the socket, or stops opening it, and forgets what belonged to it.
    private func closeSocket() {
        opening?.cancel()
        opening = nil
        keepAlive?.cancel()
        keepAlive = nil
        socket?.close()
        socket = nil
        connected = false
        unanswered = []
        failures = 0
    }

    private func send(subscribe id: Int, on socket: any LiveQuerySocket) {
        guard let entry = entries[id] else { return }
        unanswered.append(id)
        socket.send(LiveQueryRequest.subscribe(requestId: id, query: entry.query, sessionToken: sessionToken()).text)
        log("LiveQuery: subscribing \(id) to \(entry.query.className)")
    }

    // MARK: Messages

    private func handle(_ message: LiveQueryServerMessage, on socket: any LiveQuerySocket) {
        switch message {
        case .connected:
            connected = true
            failures = 0
            startKeepAlive(socket)
            // Every live subscription, again after a reconnection, in the order they were made.
            for id in entries.keys.sorted() {
                send(subscribe: id, on: socket)
            }
        case .subscribed(let id):
            unanswered.removeAll { $0 == id }
            if let waiter = entries[id]?.waiter {
                entries[id]?.waiter = nil
                waiter.resume()
            }
        case .unsubscribed:
            break
        case .error(let code, let text, _, let requestId):
            let error = ParseLiveQueryError.server(code: code, message: text)
            log("LiveQuery: server error \(code): \(text)")
            if let requestId, entries[requestId] != nil {
                fail(requestId, error)
            } else if !connected {
                // `connect` refused (keys it does not accept): the same keys would be refused again.
                for id in entries.keys.sorted() { fail(id, error) }
            } else if let first = unanswered.first {
                fail(first, error)
            }
        case .event(let name, let id, let object):
            entries[id]?.events.yield(LiveQueryRawEvent(name: name, object: object))
        }
    }

    private func startKeepAlive(_ socket: any LiveQuerySocket) {
        keepAlive?.cancel()
        pingAnswered = true
        let current = generation
        let interval = timing.pingInterval
        keepAlive = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                guard self.ping(socket, current) else { return }
            }
        }
    }

    /// Sends a ping, or closes the socket when the last one is still unanswered. Returns whether
    /// to go on.
    private func ping(_ socket: any LiveQuerySocket, _ current: Int) -> Bool {
        guard current == generation else { return false }
        guard pingAnswered else {
            log("LiveQuery: no pong in \(timing.pingInterval); closing the connection")
            socket.close()
            return false
        }
        pingAnswered = false
        socket.ping { [weak self] answered in
            Task { await self?.ponged(answered, current) }
        }
        return true
    }

    private func ponged(_ answered: Bool, _ current: Int) {
        if current == generation, answered {
            pingAnswered = true
        }
    }
}
