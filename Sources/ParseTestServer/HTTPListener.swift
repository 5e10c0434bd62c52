// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The server's HTTP/1.1 side, on SwiftNIO: it accepts connections, reads each request whole
/// (head and body), hands it to `respond` and writes the answer back, keeping connections alive
/// as the client asks. Nothing here knows Parse.
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

    /// The largest body it reads (16 MiB, more than Parse Server's default for files); a larger
    /// one is answered 413 and the connection closed.
    static let bodyLimit = 16 << 20

    /// The port it listens on.
    let port: Int
    private let channel: any Channel
    private let serving: Task<Void, Never>

    private init(port: Int, channel: any Channel, serving: Task<Void, Never>) {
        self.port = port
        self.channel = channel
        self.serving = serving
    }

    /// Listens on `host` and `port` (0: a port the system picks) and returns once it does.
    static func start(host: String, port: Int, respond: @escaping Respond) async throws -> HTTPListener {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        let channel = server.channel
        // Each connection is served by a child task of this one: cancelling it (on stop)
        // closes every connection, kept-alive ones included.
        let serving = Task {
            await withTaskGroup(of: Void.self) { group in
                try? await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { await serve(connection, respond: respond) }
                    }
                }
                group.cancelAll()
            }
        }
        return HTTPListener(port: channel.localAddress?.port ?? port, channel: channel, serving: serving)
    }

    /// Stops listening, closes every connection and waits until they are closed.
    func stop() async {
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
