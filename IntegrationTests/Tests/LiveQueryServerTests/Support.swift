import AsyncTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ParseTestServer
import Testing

/// How long a test waits for a message before it fails; a message that comes sooner ends the
/// wait at once, so passing tests never wait this long.
let messageTimeout: Duration = .seconds(10)

/// A raw WebSocket client (NIOWebSocket's client upgrade) that sends JSON text and hands back
/// what the server sends, frame by frame, in order.
final class RawSocket: Sendable {
    private let outbox: AsyncStream<WebSocketFrame>.Continuation
    private let inbox: Inbox<WebSocketFrame>
    private let serving: Task<Void, Never>

    private enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    struct Refused: Error {}

    private init(outbox: AsyncStream<WebSocketFrame>.Continuation, inbox: Inbox<WebSocketFrame>, serving: Task<Void, Never>) {
        self.outbox = outbox
        self.inbox = inbox
        self.serving = serving
    }

    /// Opens a WebSocket to `url` (`ws://host:port/path`).
    static func connect(to url: URL) async throws -> RawSocket {
        let host = url.host ?? "127.0.0.1"
        let port = url.port ?? 80
        let path = url.path.isEmpty ? "/" : url.path
        let upgrade: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 24) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            .webSocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "\(host):\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers),
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused) })
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                }
            }
        guard case .webSocket(let socket) = try await upgrade.get() else { throw Refused() }
        let (frames, outbox) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let inbox = Inbox<WebSocketFrame>()
        // One task owns the channel: a child writes what is sent, this one reads until the
        // server closes the connection.
        let serving = Task<Void, Never> {
            try? await socket.executeThenClose { inbound, outbound in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await frame in frames {
                            try? await outbound.write(frame)
                        }
                    }
                    do {
                        for try await frame in inbound {
                            await inbox.put(frame)
                        }
                    } catch {}
                    await inbox.end()
                    group.cancelAll()
                }
            }
        }
        return RawSocket(outbox: outbox, inbox: inbox, serving: serving)
    }

    /// Sends a JSON object as a text message.
    func send(_ message: JSON) async throws {
        try await send(frame: .text, ByteBuffer(string: message.text))
    }

    /// Sends a text message as it is, JSON or not.
    func send(text: String) async throws {
        try await send(frame: .text, ByteBuffer(string: text))
    }

    /// Sends one frame, masked as a client's must be.
    func send(frame opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
        outbox.yield(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }

    /// The next frame the server sends; fails the test (and throws) when none comes in time or
    /// the connection ends.
    func nextFrame(sourceLocation: SourceLocation = #_sourceLocation) async throws -> WebSocketFrame {
        guard let frame = await inbox.next(within: messageTimeout) else {
            Issue.record("no frame from the server", sourceLocation: sourceLocation)
            throw Refused()
        }
        return frame
    }

    /// The next message the server sends, parsed; fails the test when none comes in time or it
    /// is not a JSON text message.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        let frame = try await nextFrame(sourceLocation: sourceLocation)
        let text = String(buffer: frame.unmaskedData)
        guard frame.opcode == .text, let json = try? JSON(parsing: Data(text.utf8)) else {
            Issue.record("expected a JSON text message, got \(frame.opcode) \(text)", sourceLocation: sourceLocation)
            throw Refused()
        }
        return json
    }

    /// Whether the connection ends (the server closes it) with nothing more to read; waits
    /// until it does, and is false when it stays open.
    func closes() async -> Bool {
        await inbox.waitForEnd(within: messageTimeout)
    }

    /// Closes the connection without a close frame.
    func close() async {
        outbox.finish()
        serving.cancel()
        await serving.value
    }
}

/// Parse's REST API on the test server, raw: what the tests write to make events.
struct REST {
    let server: ParseTestServer

    /// Sends a request and returns its JSON answer (fails the test on a status outside `expected`).
    @discardableResult
    func call(
        _ method: String, _ path: String, _ body: JSON? = nil, sessionToken: String? = nil, masterKey: Bool = false,
        expected: Range<Int> = 200..<300, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSON {
        var request = URLRequest(url: URL(string: server.serverURL.absoluteString + "/" + path)!)
        request.httpMethod = method
        request.setValue(server.configuration.applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
        request.setValue(server.configuration.restAPIKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
        if masterKey {
            request.setValue(server.configuration.masterKey, forHTTPHeaderField: "X-Parse-Master-Key")
        }
        if let sessionToken {
            request.setValue(sessionToken, forHTTPHeaderField: "X-Parse-Session-Token")
        }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.serialized
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let text = String(decoding: data, as: UTF8.self)
        #expect(expected.contains(status), "\(method) \(path): \(status) \(text)", sourceLocation: sourceLocation)
        return try JSON(parsing: data)
    }

    /// Creates an object; returns its id and creation time (as `createdAt` and `updatedAt` are
    /// shown).
    func create(_ className: String, _ fields: JSON, sessionToken: String? = nil) async throws -> (id: String, createdAt: String) {
        let answer = try await call("POST", "classes/\(className)", fields, sessionToken: sessionToken)
        return (answer["objectId"]?.stringValue ?? "", answer["createdAt"]?.stringValue ?? "")
    }

    /// Updates an object; returns its new `updatedAt`.
    func update(_ className: String, _ id: String, _ fields: JSON, sessionToken: String? = nil) async throws -> String {
        try await call("PUT", "classes/\(className)/\(id)", fields, sessionToken: sessionToken)["updatedAt"]?.stringValue ?? ""
    }

    func delete(_ className: String, _ id: String, sessionToken: String? = nil) async throws {
        try await call("DELETE", "classes/\(className)/\(id)", sessionToken: sessionToken)
    }

    /// Signs a user up; returns its id and session token.
    func signUp(_ username: String) async throws -> (id: String, token: String) {
        let answer = try await call("POST", "users", ["username": .string(username), "password": "secret"])
        return (answer["objectId"]?.stringValue ?? "", answer["sessionToken"]?.stringValue ?? "")
    }
}

/// Starts a server, runs `body` with it and its REST API, and stops it.
func withServer(
    _ configuration: ParseTestServer.Configuration = .init(), _ body: (ParseTestServer, REST) async throws -> Void
) async throws {
    let server = try await ParseTestServer.start(configuration)
    do {
        try await body(server, REST(server: server))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// A socket on the server's LiveQuery URL, connected with its keys (and `extra` members)
/// and past `connected`; returns it and its client id.
func connectedSocket(
    _ server: ParseTestServer, _ extra: [String: JSON] = [:], sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (RawSocket, String) {
    let socket = try await RawSocket.connect(to: server.liveQueryURL)
    var connect: [String: JSON] = [
        "op": "connect", "applicationId": .string(server.configuration.applicationId),
        "restAPIKey": .string(server.configuration.restAPIKey ?? ""),
    ]
    connect.merge(extra) { _, new in new }
    try await socket.send(.object(connect))
    let connected = try await socket.next(sourceLocation: sourceLocation)
    let clientId = connected["clientId"]?.stringValue ?? ""
    var expected: [String: JSON] = ["op": "connected", "clientId": .string(clientId)]
    expected["installationId"] = extra["installationId"]
    #expect(connected == .object(expected), "\(connected.text)", sourceLocation: sourceLocation)
    #expect(!clientId.isEmpty, sourceLocation: sourceLocation)
    return (socket, clientId)
}

/// Sends a `subscribe` and expects `subscribed`.
func subscribe(
    _ socket: RawSocket, clientId: String, requestId: Int, _ query: JSON, sessionToken: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    var message: [String: JSON] = ["op": "subscribe", "requestId": .int(requestId), "query": query]
    if let sessionToken { message["sessionToken"] = .string(sessionToken) }
    try await socket.send(.object(message))
    let answer = try await socket.next(sourceLocation: sourceLocation)
    #expect(answer == ["op": "subscribed", "clientId": .string(clientId), "requestId": .int(requestId)],
            "\(answer.text)", sourceLocation: sourceLocation)
}

/// An event as the server sends it.
func event(_ op: String, _ clientId: String, _ requestId: Int, object: JSON, original: JSON? = nil) -> JSON {
    var message: [String: JSON] = ["op": .string(op), "clientId": .string(clientId), "requestId": .int(requestId), "object": object]
    if let original { message["original"] = original }
    return .object(message)
}

/// An object as LiveQuery shows it: its fields plus `className`, `objectId`, `createdAt` and
/// `updatedAt`.
func shown(_ className: String, _ id: String, createdAt: String, updatedAt: String? = nil, _ fields: [String: JSON]) -> JSON {
    var object = fields
    object["className"] = .string(className)
    object["objectId"] = .string(id)
    object["createdAt"] = .string(createdAt)
    object["updatedAt"] = .string(updatedAt ?? createdAt)
    return .object(object)
}
