import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParseTestServer

/// The Parse Server one test talks to, and what the test may ask about it.
///
/// By default every test starts its own ``ParseTestServer`` in this process and reads what it
/// stores directly. With `MODELGEN_E2E_SERVER_URL` set (and `MODELGEN_E2E_APPLICATION_ID`,
/// `MODELGEN_E2E_MASTER_KEY`, and `MODELGEN_E2E_REST_API_KEY` when the server has one), every
/// test runs against that Parse Server instead, through a ParseTestServer that forwards to it
/// (so requests are recorded and faults injected exactly as in process), and reads what the
/// server stores over REST with the master key. The tests then take turns, and **each begins by
/// erasing every object and every class of that server**: point it only at a throwaway server.
/// `run-against-server.sh` says how.
final class TestBackend: @unchecked Sendable {
    /// The keys clients use.
    struct Keys: Sendable {
        var applicationId: String
        var restAPIKey: String?
        var masterKey: String
    }

    /// The Parse Server named by the environment, or `nil` to run in process.
    static let remote: RemoteServer? = RemoteServer(environment: ProcessInfo.processInfo.environment)

    /// Whether the tests run against ParseTestServer in this process: only there can a test
    /// define Cloud Code in Swift, start the server with other settings, save and load its
    /// data, or read the emails it would send.
    static var isInProcess: Bool { remote == nil }

    /// The server clients talk to: the test server itself, or the proxy in front of the remote one.
    let testServer: ParseTestServer
    let configuration: Keys
    private let remote: RemoteServer?
    private let lock = NSLock()
    private var stopped = false

    private init(testServer: ParseTestServer, configuration: Keys, remote: RemoteServer?) {
        self.testServer = testServer
        self.configuration = configuration
        self.remote = remote
    }

    /// A fresh ParseTestServer in process (with `configuration`), or the remote server emptied,
    /// once the tests before have finished with it.
    static func start(_ configuration: ParseTestServer.Configuration = .init()) async throws -> TestBackend {
        guard let remote else {
            let server = try await ParseTestServer.start(configuration)
            return TestBackend(
                testServer: server,
                configuration: Keys(applicationId: configuration.applicationId, restAPIKey: configuration.restAPIKey,
                                    masterKey: configuration.masterKey),
                remote: nil)
        }
        // The remote server is set up as .ci/parse-server.js sets it up.
        guard !configuration.allowCustomObjectId, configuration.enforcePrivateUsers else {
            throw RemoteServer.Failure(request: "start", status: 0,
                                       body: "a test that needs allowCustomObjectId, or enforcePrivateUsers off, runs in process only")
        }
        await RemoteServer.turns.take()
        do {
            try await remote.erase()
            let proxy = try await ParseTestServer.start(ParseTestServer.Configuration(
                applicationId: remote.keys.applicationId, restAPIKey: remote.keys.restAPIKey,
                masterKey: remote.keys.masterKey, mountPath: "/parse", upstream: remote.url))
            return TestBackend(testServer: proxy, configuration: remote.keys, remote: remote)
        } catch {
            await RemoteServer.turns.give()
            throw error
        }
    }

    /// Stops the server (or the proxy) and gives the remote server to the next test; a second
    /// call does nothing.
    func stop() async {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        await testServer.stop()
        if remote != nil {
            await RemoteServer.turns.give()
        }
    }

    /// The URL clients are configured with.
    var serverURL: URL { testServer.serverURL }

    /// The URL the server names itself by (its `Location` headers and file URLs): the remote
    /// server's own, not the proxy's.
    var publicURL: URL { remote?.url ?? testServer.serverURL }

    // MARK: What it received, and faults

    var requests: [ParseTestServer.RecordedRequest] { testServer.requests }

    func requests(method: String? = nil, path: String) -> [ParseTestServer.RecordedRequest] {
        testServer.requests(method: method, path: path)
    }

    func clearRequests() { testServer.clearRequests() }

    func failNext(_ count: Int = 1, method: String? = nil, path: String, status: Int = 503,
                  headers: [String: String] = [:], body: String = "Service Unavailable") {
        testServer.failNext(count, method: method, path: path, status: status, headers: headers, body: body)
    }

    func stallNext(_ count: Int = 1, method: String? = nil, path: String, for duration: Duration = .seconds(30)) {
        testServer.stallNext(count, method: method, path: path, for: duration)
    }

    // MARK: What it stores

    /// An object as stored (fields in wire form, `objectId`, `createdAt` and `updatedAt` as ISO
    /// strings), or `nil`.
    func storedObject(_ className: String, _ objectId: String) async throws -> [String: JSON]? {
        guard let remote else { return testServer.storedObject(className, objectId) }
        return try await remote.object(className, objectId)
    }

    /// Every object of a class, oldest first.
    func storedObjects(_ className: String) async throws -> [[String: JSON]] {
        guard let remote else { return testServer.storedObjects(className) }
        return try await remote.objects(className)
    }

    /// The ids of the objects in the relation `key` of an object.
    func relatedIds(_ className: String, _ objectId: String, key: String) async throws -> Set<String> {
        guard let remote else { return Set(testServer.relatedIds(className, objectId, key: key)) }
        return try await remote.relatedIds(className, objectId, key: key)
    }

    /// The type the server records for a field (`String`, `Pointer<Genre>`…), or `nil`.
    func fieldType(_ className: String, _ field: String) async throws -> String? {
        guard let remote else { return testServer.fieldType(className, field) }
        return try await remote.fieldType(className, field)
    }

    /// The objectId of the user whose session `token` is, or `nil`.
    func sessionUser(_ token: String) async throws -> String? {
        guard let remote else { return testServer.sessionUser(token) }
        return try await remote.sessionUser(token)
    }

    /// How many sessions exist.
    func sessionCount() async throws -> Int {
        guard let remote else { return testServer.sessionCount }
        return try await remote.sessionCount()
    }

    /// A file's bytes and content type by the name its upload answered, or `nil`.
    func storedFile(_ name: String) async throws -> (data: Data, contentType: String?)? {
        guard let remote else { return testServer.storedFile(name) }
        return try await remote.file(name)
    }
}

/// A Parse Server outside this process, read and erased over REST with the master key.
struct RemoteServer: Sendable {
    /// Its URL with the mount path.
    let url: URL
    let keys: TestBackend.Keys

    /// Hands the one remote server to one test at a time, in the order they ask.
    static let turns = Turns()

    /// From `MODELGEN_E2E_SERVER_URL`, `MODELGEN_E2E_APPLICATION_ID`, `MODELGEN_E2E_REST_API_KEY`
    /// and `MODELGEN_E2E_MASTER_KEY`; `nil` without a server URL.
    init?(environment: [String: String]) {
        guard let text = environment["MODELGEN_E2E_SERVER_URL"], !text.isEmpty else { return nil }
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
              let applicationId = environment["MODELGEN_E2E_APPLICATION_ID"], !applicationId.isEmpty,
              let masterKey = environment["MODELGEN_E2E_MASTER_KEY"], !masterKey.isEmpty else {
            fatalError("MODELGEN_E2E_SERVER_URL needs MODELGEN_E2E_APPLICATION_ID and MODELGEN_E2E_MASTER_KEY (and MODELGEN_E2E_REST_API_KEY when the server has one)")
        }
        let restAPIKey = environment["MODELGEN_E2E_REST_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        self.url = url
        self.keys = TestBackend.Keys(applicationId: applicationId, restAPIKey: restAPIKey, masterKey: masterKey)
    }

    /// A failed read: the request and the server's answer (never a key).
    struct Failure: Error, CustomStringConvertible {
        var request: String
        var status: Int
        var body: String
        var description: String { "\(request) answered \(status): \(body)" }
    }

    /// Parse's fields of its own classes, which the erasing keeps.
    private static let systemFields: [String: Set<String>] = [
        "_User": ["username", "password", "email", "emailVerified", "authData"],
        "_Role": ["name", "users", "roles"],
    ]
    private static let commonFields: Set<String> = ["objectId", "createdAt", "updatedAt", "ACL"]

    /// Erases every object of every class; drops every class of the app's own, the fields the
    /// app added to `_User` and `_Role`, and every config parameter.
    func erase() async throws {
        let params = (try await json("GET", "config")["params"]?.objectValue ?? [:]).keys.sorted()
        if !params.isEmpty {
            let deletions = JSON.object(Dictionary(uniqueKeysWithValues: params.map { ($0, ["__op": "Delete"] as JSON) }))
            _ = try await json("PUT", "config", body: ["params": deletions])
        }
        let schemas = try await json("GET", "schemas")["results"]?.arrayValue ?? []
        for schema in schemas {
            guard let className = schema["className"]?.stringValue else { continue }
            _ = try await json("DELETE", "purge/\(className)")
            if !className.hasPrefix("_") {
                _ = try await json("DELETE", "schemas/\(className)")
            } else if let kept = Self.systemFields[className] {
                let added = (schema["fields"]?.objectValue ?? [:]).keys
                    .filter { !kept.contains($0) && !Self.commonFields.contains($0) }.sorted()
                if !added.isEmpty {
                    let fields = JSON.object(Dictionary(uniqueKeysWithValues: added.map { ($0, ["__op": "Delete"] as JSON) }))
                    _ = try await json("PUT", "schemas/\(className)", body: ["className": .string(className), "fields": fields])
                }
            }
        }
    }

    func object(_ className: String, _ objectId: String) async throws -> [String: JSON]? {
        let (status, body) = try await send("GET", Self.classPath(className) + "/" + objectId)
        if status == 404 { return nil }
        return try Self.object(status, body, "GET \(className)/\(objectId)")
    }

    func objects(_ className: String) async throws -> [[String: JSON]] {
        let found = try await json("GET", Self.classPath(className), query: ["order": "createdAt,objectId", "limit": "1000"])
        return (found["results"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    func relatedIds(_ className: String, _ objectId: String, key: String) async throws -> Set<String> {
        guard let target = try await fieldDescription(className, key)?["targetClass"]?.stringValue else { return [] }
        let owner: JSON = ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
        let constraint: JSON = ["$relatedTo": ["object": owner, "key": .string(key)]]
        let found = try await json("GET", Self.classPath(target), query: [
            "where": String(decoding: constraint.serialized, as: UTF8.self), "keys": "objectId", "limit": "1000",
        ])
        return Set((found["results"]?.arrayValue ?? []).compactMap { $0["objectId"]?.stringValue })
    }

    func fieldType(_ className: String, _ field: String) async throws -> String? {
        guard let description = try await fieldDescription(className, field),
              let type = description["type"]?.stringValue else { return nil }
        return description["targetClass"]?.stringValue.map { "\(type)<\($0)>" } ?? type
    }

    func sessionUser(_ token: String) async throws -> String? {
        let (status, body) = try await send("GET", "users/me", sessionToken: token, master: false)
        guard status == 200 else { return nil }
        return try Self.object(status, body, "GET users/me")["objectId"]?.stringValue
    }

    func sessionCount() async throws -> Int {
        try await json("GET", "sessions", query: ["count": "1", "limit": "0"])["count"]?.intValue ?? 0
    }

    func file(_ name: String) async throws -> (data: Data, contentType: String?)? {
        let (status, body, contentType) = try await request("GET", "files/\(keys.applicationId)/\(name)", master: false)
        return status == 200 ? (body, contentType) : nil
    }

    // MARK: REST

    private func fieldDescription(_ className: String, _ field: String) async throws -> JSON? {
        let (status, body) = try await send("GET", "schemas/\(className)")
        if status == 400 || status == 404 { return nil }
        return try Self.object(status, body, "GET schemas/\(className)")["fields"]?[field]
    }

    private static func classPath(_ className: String) -> String {
        switch className {
        case "_User": "users"
        case "_Role": "roles"
        case "_Session": "sessions"
        case "_Installation": "installations"
        default: "classes/" + className
        }
    }

    private static func object(_ status: Int, _ body: Data, _ request: String) throws -> [String: JSON] {
        guard status == 200, let object = (try? JSON(parsing: body))?.objectValue else {
            throw Failure(request: request, status: status, body: String(decoding: body.prefix(500), as: UTF8.self))
        }
        return object
    }

    private func json(_ method: String, _ path: String, query: [String: String] = [:], body: JSON? = nil) async throws -> [String: JSON] {
        let (status, data) = try await send(method, path, query: query, body: body)
        return try Self.object(status, data, "\(method) \(path)")
    }

    private func send(_ method: String, _ path: String, query: [String: String] = [:], body: JSON? = nil,
                      sessionToken: String? = nil, master: Bool = true) async throws -> (Int, Data) {
        let (status, data, _) = try await request(method, path, query: query, body: body, sessionToken: sessionToken, master: master)
        return (status, data)
    }

    private func request(_ method: String, _ path: String, query: [String: String] = [:], body: JSON? = nil,
                         sessionToken: String? = nil, master: Bool) async throws -> (Int, Data, String?) {
        var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            // `+` in a value is a space to Parse Server's query parser.
            let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            components?.percentEncodedQuery = encoded
        }
        guard let target = components?.url else { throw Failure(request: "\(method) \(path)", status: 0, body: "not a URL") }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.setValue(keys.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
        if master {
            request.setValue(keys.masterKey, forHTTPHeaderField: "X-Parse-Master-Key")
        } else if let restAPIKey = keys.restAPIKey {
            request.setValue(restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
        }
        if let sessionToken {
            request.setValue(sessionToken, forHTTPHeaderField: "X-Parse-Session-Token")
        }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.serialized
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Content-Type"))
    }
}

/// One test at a time on the remote server: `take` waits for the test before to `give` it back.
actor Turns {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
