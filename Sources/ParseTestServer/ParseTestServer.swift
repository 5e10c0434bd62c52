// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A Parse Server stand-in for end-to-end tests: the REST subset `ParseClient` uses, with
/// Parse's semantics, kept in memory, served over HTTP/1.1 (SwiftNIO) on 127.0.0.1 at a port
/// the system picks.
///
/// ```swift
/// let server = try await ParseTestServer.start()
/// defer { Task { await server.stop() } }
/// let client = ParseClient(configuration: ParseClientConfiguration(
///     serverURL: server.serverURL, applicationId: server.configuration.applicationId,
///     restAPIKey: server.configuration.restAPIKey))
/// ```
///
/// It implements `/classes/<C>[/<id>]` (create, get, update, delete, find with `where`,
/// `order`, `limit`, `skip`, `keys`, `excludeKeys`, `include`, `count`), `/users` (sign-up and
/// the same CRUD), `/login`, `/users/me`, `/logout` and `/batch`; it checks the application id,
/// the REST or master key and the session token; it infers each class's schema from the first
/// write of each field and answers 111 when a later write has another type. Tests can make the
/// next requests to a path fail (``failNext(_:method:path:status:headers:body:)``) or stall
/// (``stallNext(_:method:path:for:)``), and read every request it received (``requests``) and
/// what it stores. Started with ``Configuration/upstream``, it forwards every request to a real
/// Parse Server instead: a proxy that records and injects faults in front of it.
///
/// On the same port it serves Parse's LiveQuery protocol over WebSocket (``liveQueryURL``):
/// subscriptions get `create`, `enter`, `update`, `leave` and `delete` events for the writes
/// made over REST, decided as Parse Server's LiveQuery decides them.
public final class ParseTestServer: Sendable {
    /// The keys and mount path the server expects.
    public struct Configuration: Sendable {
        public var applicationId: String
        public var restAPIKey: String?
        public var masterKey: String
        public var mountPath: String
        /// The address it listens on: `127.0.0.1` (this machine only, which the iOS Simulator
        /// shares), or `0.0.0.0` for devices on the network.
        public var host: String
        /// The port; 0 lets the system pick a free one (what tests want).
        public var port: Int
        /// Parse Server's `allowCustomObjectId`: a create may carry its own `objectId` (a
        /// non-empty string not yet taken, else 104 or 137). Without it, a create that carries
        /// one (or an `id`) is refused with 105.
        public var allowCustomObjectId: Bool
        /// Parse Server's `enforcePrivateUsers` (true by default since Parse Server 6): a user
        /// signed up without an ACL can be read by itself only. With `false`, everyone may read
        /// it, as before. Either way only the user itself may change it.
        public var enforcePrivateUsers: Bool
        /// Parse Server's `fileUpload.enableForPublic` (false by default): whether a file can
        /// be uploaded without a session or the master key (130 otherwise).
        public var allowPublicFileUpload: Bool
        /// Another Parse Server to forward every request to (its URL with the mount path,
        /// `https://parse.example.com/parse`), relaying its answers: the test server then records
        /// the requests and injects the faults in front of that server, and stores nothing
        /// itself (``storedObject(_:_:)`` and the like find nothing; ask the other server).
        /// `nil`, the default, serves from memory.
        public var upstream: URL?
        /// Parse Server's `idempotencyOptions`: writes carrying an `X-Parse-Request-Id` seen
        /// before are refused with 159. `nil`, the default as on Parse Server, turns it off.
        public var idempotency: Idempotency?

        /// Which requests are deduplicated, and for how long.
        public struct Idempotency: Sendable {
            /// Regular expressions of the paths below the mount path (`classes/.*`,
            /// `functions/.*`, `users`, `.*` for all), each matched from the path's start.
            public var paths: [String]
            /// How long a request id is remembered, in seconds (Parse Server's `ttl`, 300 by default).
            public var timeToLive: TimeInterval

            public init(paths: [String] = [".*"], timeToLive: TimeInterval = 300) {
                self.paths = paths
                self.timeToLive = timeToLive
            }
        }

        public init(
            applicationId: String = "integration-app",
            restAPIKey: String? = "integration-rest-key",
            masterKey: String = "integration-master-key",
            mountPath: String = "/parse",
            host: String = "127.0.0.1",
            port: Int = 0,
            allowCustomObjectId: Bool = false,
            enforcePrivateUsers: Bool = true,
            allowPublicFileUpload: Bool = false,
            upstream: URL? = nil,
            idempotency: Idempotency? = nil
        ) {
            self.applicationId = applicationId
            self.restAPIKey = restAPIKey
            self.masterKey = masterKey
            self.mountPath = mountPath
            self.host = host
            self.port = port
            self.allowCustomObjectId = allowCustomObjectId
            self.enforcePrivateUsers = enforcePrivateUsers
            self.allowPublicFileUpload = allowPublicFileUpload
            self.upstream = upstream
            self.idempotency = idempotency
        }
    }

    /// One request the server received, whatever it answered.
    public struct RecordedRequest: Sendable, CustomStringConvertible {
        /// `GET`, `POST`…
        public var method: String
        /// The path, decoded, without the query (`/parse/classes/Book/x1`).
        public var path: String
        /// The decoded query parameters.
        public var query: [String: String]
        /// The header fields, names in lower case.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// The status answered; `nil` while the request is unanswered (stalled).
        public var status: Int?
        /// The headers answered.
        public var responseHeaders: [String: String] = [:]

        /// The body parsed as JSON, or `nil`.
        public var json: JSON? { try? JSON(parsing: body) }

        /// The `where` parameter parsed as JSON, or `nil`.
        public var whereJSON: JSON? { query["where"].flatMap { try? JSON(parsing: Data($0.utf8)) } }

        public var description: String {
            "\(method) \(path) \(query) -> \(status.map(String.init) ?? "no answer")"
        }
    }

    /// The settings it was started with.
    public let configuration: Configuration
    /// The port it listens on (127.0.0.1).
    public let port: Int
    let state: SharedState
    private let listener: HTTPListener

    /// The server URL with the mount path, for `ParseClientConfiguration.serverURL` (on
    /// 127.0.0.1 when it listens on every address).
    public var serverURL: URL {
        URL(string: "http://\(Self.reachableHost(configuration.host)):\(port)\(configuration.mountPath)")!
    }

    /// Where LiveQuery clients connect: the server URL with `ws` for `http`
    /// (`ws://127.0.0.1:<port>/parse`), which is what Parse's SDKs use when given no LiveQuery
    /// URL of their own. As Parse Server's LiveQuery does on the HTTP server it shares, it
    /// upgrades a WebSocket request on any path, so `ws://127.0.0.1:<port>/` works too. Not
    /// served with ``Configuration/upstream``.
    public var liveQueryURL: URL {
        URL(string: "ws://\(Self.reachableHost(configuration.host)):\(port)\(configuration.mountPath)")!
    }

    private static func reachableHost(_ host: String) -> String {
        host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    }

    private init(configuration: Configuration, port: Int, state: SharedState, listener: HTTPListener) {
        self.configuration = configuration
        self.port = port
        self.state = state
        self.listener = listener
    }

    /// Starts a server on the configured host and port (by default 127.0.0.1 and a port the
    /// system picks), and returns once it listens.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> ParseTestServer {
        let state = SharedState(configuration: configuration)
        let forwarder = configuration.upstream.map { Forwarder(upstream: $0, mountPath: configuration.mountPath) }
        let liveQuery = WebSocketService(
            accepts: { _ in configuration.upstream == nil },
            opened: { state.liveQueryOpened($0) },
            received: { state.liveQueryReceived($1, from: $0) },
            closed: { state.liveQueryClosed($0) })
        let listener = try await HTTPListener.start(
            host: configuration.host, port: configuration.port, webSocketService: liveQuery
        ) { request in
            await state.respond(to: request, forwardingWith: forwarder)
        }
        let server = ParseTestServer(configuration: configuration, port: listener.port, state: state, listener: listener)
        state.setPublicURL(server.serverURL.absoluteString)
        return server
    }

    /// Stops listening, ends stalled requests, closes every connection (a LiveQuery one with a
    /// close frame first) and waits until the server is down.
    public func stop() async {
        state.markStopping()
        await listener.stop()
    }

    // MARK: Cloud Code

    /// Defines the Cloud Code function `name`, called by `POST /functions/<name>`: it gets the
    /// parameters and the caller and returns the `result` (or throws ``CloudError``).
    public func defineFunction(_ name: String, _ body: @escaping CloudFunction) {
        state.define { $0.functions[name] = body }
    }

    /// Defines the background job `name`, started by `POST /jobs/<name>` with the master key;
    /// it runs at once, and its outcome is stored in a `_JobStatus` object.
    public func defineJob(_ name: String, _ body: @escaping CloudFunction) {
        state.define { $0.jobs[name] = body }
    }

    // MARK: Fault injection

    /// Makes the next `count` requests matching `method` and `path` fail with `status` (503 by
    /// default) before any other handling; later ones are handled normally.
    /// - Parameters:
    ///   - count: How many requests fail.
    ///   - method: The method to match, or `nil` for any.
    ///   - path: The path to match, decoded, with the mount path (`/parse/classes/Book`); a
    ///     trailing `*` matches any path with that prefix.
    ///   - status: The status to answer.
    ///   - headers: Extra response headers (`Retry-After`).
    ///   - body: The response body (a proxy's text page by default).
    public func failNext(
        _ count: Int = 1, method: String? = nil, path: String, status: Int = 503,
        headers: [String: String] = [:], body: String = "Service Unavailable"
    ) {
        state.addFault(Fault(remaining: count, method: method, path: path,
                             action: .fail(status: status, headers: headers, body: body)))
    }

    /// Makes the next `count` requests matching `method` and `path` go unanswered for
    /// `duration` (or until the server stops), as a stalled server would.
    public func stallNext(_ count: Int = 1, method: String? = nil, path: String, for duration: Duration = .seconds(30)) {
        state.addFault(Fault(remaining: count, method: method, path: path, action: .stall(duration)))
    }

    // MARK: What it received and stores

    /// Every request received, in order of arrival.
    public var requests: [RecordedRequest] {
        state.recorded()
    }

    /// The requests received with `method` (any when `nil`) on `path` (a trailing `*` matches a prefix).
    public func requests(method: String? = nil, path: String) -> [RecordedRequest] {
        requests.filter { Fault.matches(method: method, path: path, $0.method, $0.path) }
    }

    /// Forgets the recorded requests.
    public func clearRequests() {
        state.clearRecorded()
    }

    /// An object as stored: its fields in wire form plus `objectId`, `createdAt` and
    /// `updatedAt` as ISO strings; never a password. `nil` when there is no such object.
    public func storedObject(_ className: String, _ objectId: String) -> [String: JSON]? {
        state.withStore { store in
            store.object(className, objectId).map { Self.stored($0) }
        }
    }

    /// An uploaded file's bytes and the content type its URL serves it with (the one its
    /// name's extension gives, as on Parse Server), by the name the upload answered; `nil` when
    /// there is no such file (or it was deleted).
    public func storedFile(_ name: String) -> (data: Data, contentType: String?)? {
        state.withStore { store in store.files[name].map { ($0.data, MediaTypes.type(ofFileNamed: name)) } }
    }

    /// Every object of a class as stored, oldest first.
    public func storedObjects(_ className: String) -> [[String: JSON]] {
        state.withStore { store in store.objects(of: className).map { Self.stored($0) } }
    }

    /// The ids of the objects in the relation `key` of an object, in the order they were added.
    public func relatedIds(_ className: String, _ objectId: String, key: String) -> [String] {
        state.withStore { store in
            store.relations[Store.RelationKey(ownerClass: className, ownerId: objectId, key: key)] ?? []
        }
    }

    /// The type the server recorded for a field (`String`, `Number`, `Pointer<Genre>`,
    /// `Relation<Author>`…), or `nil`.
    public func fieldType(_ className: String, _ field: String) -> String? {
        state.withStore { store in store.schema[className]?[field]?.description }
    }

    /// The objectId of the user whose session `token` is, or `nil` when there is no such
    /// session (or its user is gone, so the server refuses the token).
    public func sessionUser(_ token: String) -> String? {
        state.withStore { store in store.sessionUser(token) }
    }

    /// The emails the server would have sent, in order: `kind` is `passwordReset` or
    /// `verification`, `to` the address asked for.
    public var sentEmails: [(kind: String, to: String)] {
        state.withStore { store in store.sentEmails }
    }

    /// How many sessions exist.
    public var sessionCount: Int {
        state.withStore { store in store.sessions.count }
    }

    // MARK: LiveQuery, for tests of clients

    /// How many LiveQuery WebSockets are open, connected or not.
    public var liveQueryConnectionCount: Int {
        state.liveQueryCounts().connections
    }

    /// How many LiveQuery subscriptions the connected clients hold, over all their sockets.
    public var liveQuerySubscriptionCount: Int {
        state.liveQueryCounts().subscriptions
    }

    /// Closes every LiveQuery WebSocket at once, each with a close frame (1001, going away), as
    /// a LiveQuery server restarting behind a proxy would; the server goes on serving, so a client
    /// can reconnect and subscribe again.
    public func dropLiveQueryConnections() {
        state.liveQueryDropAll()
    }

    private static func stored(_ object: StoredObject) -> [String: JSON] {
        var fields = object.fields
        fields["objectId"] = .string(object.objectId)
        fields["createdAt"] = .string(object.createdAtText)
        fields["updatedAt"] = .string(object.updatedAtText)
        return fields
    }
}

// MARK: - Shared state

/// A fault to inject: fail or stall the next matching requests.
struct Fault: Sendable {
    enum Action: Sendable {
        case fail(status: Int, headers: [String: String], body: String)
        case stall(Duration)
    }

    var remaining: Int
    var method: String?
    var path: String
    var action: Action

    static func matches(method: String?, path: String, _ requestMethod: String, _ requestPath: String) -> Bool {
        if let method, method.uppercased() != requestMethod { return false }
        if path.hasSuffix("*") {
            return requestPath.hasPrefix(String(path.dropLast()))
        }
        return requestPath == path
    }
}

/// Everything the request handlers share, behind one lock.
final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var store = Store()
    private var routes: Routes
    private var faults: [Fault] = []
    private var records: [ParseTestServer.RecordedRequest] = []
    private var stopping = false
    private var liveQuery: LiveQuery
    private let configuration: ParseTestServer.Configuration

    init(configuration: ParseTestServer.Configuration) {
        self.configuration = configuration
        self.routes = Routes(configuration: configuration, publicURL: "")
        self.liveQuery = LiveQuery(configuration: configuration)
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func define(_ change: (inout Routes) -> Void) {
        locked { change(&routes) }
    }

    func setPublicURL(_ url: String) {
        locked { routes.publicURL = url }
    }

    func markStopping() {
        locked { stopping = true }
    }

    var isStopping: Bool {
        locked { stopping }
    }

    func addFault(_ fault: Fault) {
        locked { faults.append(fault) }
    }

    func recorded() -> [ParseTestServer.RecordedRequest] {
        locked { records }
    }

    func clearRecorded() {
        locked { records.removeAll() }
    }

    func withStore<Value>(_ body: (Store) -> Value) -> Value {
        locked { body(store) }
    }

    func replaceStore(_ replacement: Store) {
        locked { store = replacement }
    }

    func liveQueryOpened(_ peer: WebSocketPeer) {
        locked { liveQuery.opened(peer) }
    }

    func liveQueryReceived(_ message: WebSocketMessage, from peer: WebSocketPeer) {
        locked { liveQuery.received(message, from: peer, store: store) }
    }

    func liveQueryClosed(_ peer: WebSocketPeer) {
        locked { liveQuery.closed(peer) }
    }

    func liveQueryCounts() -> (connections: Int, subscriptions: Int) {
        locked { liveQuery.counts }
    }

    func liveQueryDropAll() {
        locked { liveQuery.dropAll() }
    }

    /// Answers one HTTP request: records it, applies a pending fault, or routes it (to the
    /// upstream server when there is a `forwarder`).
    func respond(to request: HTTPListener.Request, forwardingWith forwarder: Forwarder?) async -> ServerAnswer {
        let body = request.body
        let rawPath = request.path
        let path = rawPath.removingPercentEncoding ?? rawPath
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            headers[name.lowercased()] = value
        }
        let query = Self.decodeQuery(request.query)
        let method = request.method
        let record = ParseTestServer.RecordedRequest(method: method, path: path, query: query, headers: headers, body: body)

        let (index, fault): (Int, Fault.Action?) = locked {
            records.append(record)
            var action: Fault.Action?
            if let position = faults.firstIndex(where: { $0.remaining > 0 && Fault.matches(method: $0.method, path: $0.path, method, path) }) {
                faults[position].remaining -= 1
                action = faults[position].action
            }
            return (records.count - 1, action)
        }

        let answer: ServerAnswer
        switch fault {
        case .fail(let status, let extraHeaders, let text)?:
            answer = ServerAnswer(status: status, text: text, headers: extraHeaders.map { ($0.key, $0.value) })
        case .stall(let duration)?:
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: duration)
            while clock.now < deadline, !isStopping, !_Concurrency.Task.isCancelled {
                try? await _Concurrency.Task.sleep(for: .milliseconds(20))
            }
            answer = ServerAnswer(status: 503, text: "stalled")
        case nil:
            let prefix = configuration.mountPath
            if let forwarder, path == prefix || path.hasPrefix(prefix + "/") {
                answer = await forwarder.forward(request)
            } else if path == prefix || path.hasPrefix(prefix + "/") {
                let segments = path.dropFirst(prefix.count).split(separator: "/").map(String.init)
                let incoming = IncomingRequest(method: method, segments: segments, query: query, headers: headers, body: body)
                answer = locked {
                    let answer = routes.respond(to: incoming, store: &store)
                    // Published before the answer goes out, in the order the writes were made.
                    let writes = store.writes
                    store.writes.removeAll()
                    liveQuery.publish(writes, store: store)
                    return answer
                }
            } else {
                answer = ServerAnswer(status: 404, text: "Cannot \(method) \(path)")
            }
        }

        locked {
            if records.indices.contains(index) {
                records[index].status = answer.status
                records[index].responseHeaders = Dictionary(answer.headers, uniquingKeysWith: { _, last in last })
            }
        }
        return answer
    }

    /// `a=1&b=x%20y` decoded as a form is (`+` is a space), like Parse Server's Express.
    static func decodeQuery(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            result[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }
}
#endif
