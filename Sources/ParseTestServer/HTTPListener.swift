// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The server's HTTP/1.1 side, on SwiftNIO: it accepts connections, reads each request whole
/// (head and body), hands it to `respond` and writes the answer back, keeping connections alive
/// as the client asks. A connection whose first request asks for a WebSocket on a path the
/// ``WebSocketService`` accepts is upgraded and served by it instead. Nothing here knows Parse.
final class HTTPListener: Sendable {
    /// One request, read whole.
    struct Request: Sendable {
        /// `GET`, `POST`…
        var method: String
        /// The path as sent, percent-encoded, without the query.
        var path: String
        /// The query as sent, without the `?`; `nil` when there is none.
        var query: String?
        /// The header fields in the order sent.
        var headers: [(String, String)]
        var body: Data
    }

    typealias Respond = @Sendable (Request) async -> ServerAnswer

    /// A connection once its first request is read: upgraded to a WebSocket, or HTTP.
    private enum Connection: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case http(NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>)
    }

    /// The largest body it reads (16 MiB, more than Parse Server's default for files); a larger
    /// one is answered 413 and the connection closed.
    static let bodyLimit = 16 << 20

    /// The port it listens on.
    let port: Int
    private let channel: any Channel
    private let serving: Task<Void, Never>
    private let webSockets: WebSocketRegistry

    private init(port: Int, channel: any Channel, serving: Task<Void, Never>, webSockets: WebSocketRegistry) {
        self.port = port
        self.channel = channel
        self.serving = serving
        self.webSockets = webSockets
    }

    /// Listens on `host` and `port` (0: a port the system picks) and returns once it does.
    static func start(
        host: String, port: Int, webSocketService: WebSocketService? = nil, respond: @escaping Respond
    ) async throws -> HTTPListener {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try configure(channel, webSocketService: webSocketService)
                }
            }
        let channel = server.channel
        let webSockets = WebSocketRegistry()
        // Each connection is served by a child task of this one: cancelling it (on stop)
        // closes every connection, kept-alive ones included.
        let serving = Task {
            await withTaskGroup(of: Void.self) { group in
                try? await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask {
                            switch try? await connection.get() {
                            case .http(let http)?:
                                await serve(http, respond: respond)
                            case .webSocket(let socket)?:
                                if let webSocketService {
                                    await serve(socket, service: webSocketService, registry: webSockets)
                                }
                            case nil:
                                break
                            }
                        }
                    }
                }
                group.cancelAll()
            }
        }
        return HTTPListener(port: channel.localAddress?.port ?? port, channel: channel, serving: serving, webSockets: webSockets)
    }

    /// HTTP/1.1 with pipelining and error handling, and the WebSocket upgrade when there is a
    /// service for it (its frames joined into whole messages, up to ``messageLimit``).
    private static func configure(_ channel: any Channel, webSocketService: WebSocketService?) throws -> EventLoopFuture<Connection> {
        var upgraders: [any NIOTypedHTTPServerProtocolUpgrader<Connection>] = []
        if let webSocketService {
            upgraders.append(NIOTypedWebSocketServerUpgrader<Connection>(
                maxFrameSize: messageLimit,
                shouldUpgrade: { channel, head in
                    channel.eventLoop.makeSucceededFuture(webSocketService.accepts(head.uri) ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16, maxAccumulatedFrameSize: messageLimit))
                        return .webSocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                    }
                }))
        }
        let upgrade = NIOTypedHTTPServerUpgradeConfiguration<Connection>(
            upgraders: upgraders,
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    .http(try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel))
                }
            })
        return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrade))
    }

    /// Stops listening and closes every connection, and waits until they are closed: each
    /// WebSocket first gets a close frame (for at most two seconds in all), as a server going down
    /// sends one.
    func stop() async {
        for peer in webSockets.open {
            peer.close()
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        while !webSockets.open.isEmpty, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        serving.cancel()
        try? await channel.close()
        await serving.value
    }

    /// Reads the requests of one connection in turn and answers each.
    private static func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
                              respond: Respond) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            var tooLarge = false
            for try await part in inbound {
                switch part {
                case .head(let received):
                    head = received
                    body.clear()
                    tooLarge = false
                case .body(var chunk):
                    if body.readableBytes + chunk.readableBytes > bodyLimit {
                        tooLarge = true
                    } else {
                        body.writeBuffer(&chunk)
                    }
                case .end:
                    guard let received = head else { continue }
                    head = nil
                    let answer: ServerAnswer
                    if tooLarge {
                        answer = ServerAnswer(status: 413, text: "request body over \(bodyLimit) bytes")
                    } else {
                        let target = received.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
                        let request = Request(method: received.method.rawValue, path: String(target[0]),
                                              query: target.count > 1 ? String(target[1]) : nil,
                                              headers: received.headers.map { ($0.name, $0.value) },
                                              body: Data(body.readableBytesView))
                        answer = await respond(request)
                    }
                    let keepAlive = received.isKeepAlive && !tooLarge
                    var headers = HTTPHeaders(answer.headers)
                    headers.replaceOrAdd(name: "content-length", value: String(answer.body.count))
                    if !keepAlive { headers.replaceOrAdd(name: "connection", value: "close") }
                    try await outbound.write(.head(HTTPResponseHead(version: received.version,
                                                                    status: HTTPResponseStatus(statusCode: answer.status),
                                                                    headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: answer.body))))
                    try await outbound.write(.end(nil))
                    if !keepAlive { return }
                }
            }
        }
    }
}
#endif
