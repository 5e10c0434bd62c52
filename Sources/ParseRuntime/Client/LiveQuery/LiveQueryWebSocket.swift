import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// Every difference between the platforms' WebSockets is in this file. Apple's systems:
// URLSessionWebSocketTask, no dependency. Linux: FoundationNetworking's WebSocket task needs a
// libcurl built with WebSocket support, which Debian's is not, so SwiftNIO's client upgrade
// speaks it instead (TLS through NIOSSL), built with the package trait LiveQuery (or
// TestServer). Without either trait on Linux, subscribing throws ParseLiveQueryError.unavailable.
#if canImport(FoundationNetworking) && (LiveQuery || TestServer) && canImport(NIOWebSocket)
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
#endif

/// One open WebSocket as the LiveQuery connection uses it: text out in order, text in in order.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
protocol LiveQuerySocket: Sendable {
    /// The server's text messages in order; finishes when the socket closes, however it closes.
    var messages: AsyncStream<String> { get }
    /// Queues a text message; messages go out in the order they were queued. A failure to send
    /// closes the socket (and so finishes ``messages``).
    func send(_ text: String)
    /// Sends a ping; `answered` gets `true` when its pong arrives, `false` if the socket closes first.
    func ping(_ answered: @escaping @Sendable (Bool) -> Void)
    /// Closes the socket with a close frame (normal closure) and finishes ``messages``.
    func close()
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum LiveQueryWebSocket {
    /// The largest message read, in bytes (fragments joined).
    static let maxMessageSize = 16 << 20

    /// The `Host` header of the upgrade request: an IPv6 address in brackets (RFC 7230 §5.4),
    /// then the port when the URL names one.
    static func hostHeader(host: String, port: Int?) -> String {
        let name = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return port.map { name + ":" + String($0) } ?? name
    }

    /// Joins a text message sent in fragments (a text frame, then continuation frames up to the
    /// one marked final), up to ``maxMessageSize`` in all.
    struct MessageAssembler {
        enum Outcome: Equatable {
            /// A whole message.
            case message(String)
            /// A fragment kept until the final one comes.
            case incomplete
            /// The message would pass the limit: the connection should close (1009).
            case tooLarge
            /// A continuation with no message begun: nothing to join it to.
            case ignored
        }

        let limit: Int
        private var joined: [UInt8]?

        init(limit: Int = LiveQueryWebSocket.maxMessageSize) {
            self.limit = limit
        }

        /// A text frame: a message begins (and ends, when `final`).
        mutating func text(_ bytes: some Collection<UInt8>, final: Bool) -> Outcome {
            joined = []
            return add(bytes, final: final)
        }

        /// A continuation frame of the message begun.
        mutating func continuation(_ bytes: some Collection<UInt8>, final: Bool) -> Outcome {
            guard joined != nil else { return .ignored }
            return add(bytes, final: final)
        }

        private mutating func add(_ bytes: some Collection<UInt8>, final: Bool) -> Outcome {
            // Taken out, so that appending does not copy what came before.
            var message = joined ?? []
            joined = nil
            guard message.count + bytes.count <= limit else { return .tooLarge }
            message.append(contentsOf: bytes)
            guard final else {
                joined = message
                return .incomplete
            }
            return .message(String(decoding: message, as: UTF8.self))
        }
    }

    /// Opens a WebSocket to `url` (`ws://` or `wss://`), returning once the upgrade is done where
    /// the platform says so.
    static func connect(to url: URL, timeout: Duration) async throws(ParseLiveQueryError) -> any LiveQuerySocket {
        let scheme = url.scheme?.lowercased()
        guard scheme == "ws" || scheme == "wss" else {
            throw .unsupportedURL(reason: "The LiveQuery URL must start with ws:// or wss://, not \(scheme ?? "nothing")://")
        }
        #if !canImport(FoundationNetworking)
        return URLSessionLiveQuerySocket(url: url, timeout: timeout)
        #elseif (LiveQuery || TestServer) && canImport(NIOWebSocket)
        return try await NIOLiveQuerySocket.connect(to: url, secure: scheme == "wss", timeout: timeout)
        #else
        throw .unavailable(reason: "LiveQuery on Linux needs the package trait LiveQuery: "
                               + #"add traits: ["LiveQuery"] to the modelgen package in your Package.swift"#)
        #endif
    }
}

#if !canImport(FoundationNetworking)
/// Apple's systems: `URLSessionWebSocketTask`, which opens the connection on its first use (an
/// upgrade that fails fails the first send and ends ``messages``).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class URLSessionLiveQuerySocket: LiveQuerySocket {
    let messages: AsyncStream<String>
    private let session: URLSession
    private let task: URLSessionWebSocketTask
    private let outbox: AsyncStream<String>.Continuation

    init(url: URL, timeout: Duration) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, ParseRetryPolicy.seconds(timeout))
        let session = URLSession(configuration: configuration)
        let task = session.webSocketTask(with: url)
        task.maximumMessageSize = LiveQueryWebSocket.maxMessageSize
        let (messages, inbox) = AsyncStream.makeStream(of: String.self)
        let (queued, outbox) = AsyncStream.makeStream(of: String.self)
        self.session = session
        self.task = task
        self.messages = messages
        self.outbox = outbox
        task.resume()
        // Reads until the task fails or closes.
        Task {
            reading: while true {
                do {
                    switch try await task.receive() {
                    case .string(let text): inbox.yield(text)
                    case .data(let data): inbox.yield(String(decoding: data, as: UTF8.self))
                    @unknown default: break
                    }
                } catch {
                    break reading
                }
            }
            inbox.finish()
            outbox.finish()
            session.finishTasksAndInvalidate()
        }
        // Writes in order; a failed send closes the task, which ends the reading above.
        Task {
            for await text in queued {
                do {
                    try await task.send(.string(text))
                } catch {
                    task.cancel(with: .abnormalClosure, reason: nil)
                    break
                }
            }
        }
    }

    func send(_ text: String) {
        outbox.yield(text)
    }

    func ping(_ answered: @escaping @Sendable (Bool) -> Void) {
        task.sendPing { error in answered(error == nil) }
    }

    func close() {
        outbox.finish()
        task.cancel(with: .normalClosure, reason: nil)
        session.finishTasksAndInvalidate()
    }
}
#endif

#if canImport(FoundationNetworking) && (LiveQuery || TestServer) && canImport(NIOWebSocket)
/// Linux: SwiftNIO's HTTP/1.1 client upgrade to WebSocket (RFC 6455), on NIO's shared event
/// loops, over TLS for `wss://` (NIOSSL, the system's trust roots, the host name checked). One
/// task owns the channel: a child reads frames (answering pings, joining fragments),
/// the task itself writes the outbox, masked as a client's frames must be.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class NIOLiveQuerySocket: LiveQuerySocket {
    let messages: AsyncStream<String>
    private let outbox: AsyncStream<WebSocketFrame>.Continuation
    /// The callbacks of the pings sent and not yet answered.
    private let pings: LockedValue<[@Sendable (Bool) -> Void]>

    private enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    private init(messages: AsyncStream<String>, outbox: AsyncStream<WebSocketFrame>.Continuation,
                 pings: LockedValue<[@Sendable (Bool) -> Void]>) {
        self.messages = messages
        self.outbox = outbox
        self.pings = pings
    }

    static func connect(to url: URL, secure: Bool, timeout: Duration) async throws(ParseLiveQueryError) -> NIOLiveQuerySocket {
        // An IPv6 address without its brackets, which only the Host header takes.
        let host = (url.host ?? "127.0.0.1").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = url.port ?? (secure ? 443 : 80)
        // A host name is checked against the certificate; an address literal is not a name
        // (the address is checked against the certificate's IP entries instead).
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let path = url.path.isEmpty ? "/" : url.path
        let target = url.query.map { path + "?" + $0 } ?? path
        let channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
        do {
            let tls = secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
            let milliseconds = max(1, Int64(ParseRetryPolicy.seconds(timeout) * 1000))
            let upgrade: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.milliseconds(milliseconds))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            try channel.pipeline.syncOperations.addHandler(
                                try NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : host))
                        }
                        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: LiveQueryWebSocket.maxMessageSize) { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                .webSocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                            }
                        }
                        var headers = NIOHTTP1.HTTPHeaders()
                        headers.add(name: "Host", value: LiveQueryWebSocket.hostHeader(host: host, port: url.port))
                        headers.add(name: "Content-Length", value: "0")
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                            upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers),
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused) })
                        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                    }
                }
            guard case .webSocket(let upgraded) = try await upgrade.get() else {
                throw ParseLiveQueryError.connection("the server did not upgrade the request to a WebSocket")
            }
            channel = upgraded
        } catch let error as ParseLiveQueryError {
            throw error
        } catch {
            throw .connection("could not connect to \(host):\(port): \(error)")
        }
        let (messages, inbox) = AsyncStream.makeStream(of: String.self)
        let (frames, outbox) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let pings = LockedValue<[@Sendable (Bool) -> Void]>([])
        let socket = NIOLiveQuerySocket(messages: messages, outbox: outbox, pings: pings)
        Task {
            try? await channel.executeThenClose { inbound, outbound in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        var assembler = LiveQueryWebSocket.MessageAssembler()
                        do {
                            for try await frame in inbound {
                                let outcome: LiveQueryWebSocket.MessageAssembler.Outcome
                                switch frame.opcode {
                                case .text:
                                    outcome = assembler.text(frame.unmaskedData.readableBytesView, final: frame.fin)
                                case .continuation:
                                    outcome = assembler.continuation(frame.unmaskedData.readableBytesView, final: frame.fin)
                                case .ping:
                                    outbox.yield(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
                                    continue
                                case .pong:
                                    for answered in pings.withLock({ list in defer { list = [] }; return list }) {
                                        answered(true)
                                    }
                                    continue
                                case .connectionClose:
                                    // Answered with a close frame, then the connection ends.
                                    outbox.yield(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer()))
                                    outbox.finish()
                                    return
                                default:
                                    continue
                                }
                                switch outcome {
                                case .message(let text):
                                    inbox.yield(text)
                                case .tooLarge:
                                    // Closed as "message too big" (1009), as URLSessionWebSocketTask's
                                    // maximumMessageSize ends the task on Apple's systems; the
                                    // connection then reconnects.
                                    var code = ByteBuffer()
                                    code.writeInteger(UInt16(1009))
                                    outbox.yield(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code))
                                    outbox.finish()
                                    return
                                case .incomplete, .ignored:
                                    break
                                }
                            }
                        } catch {}
                        outbox.finish()
                    }
                    for await frame in frames {
                        do {
                            try await outbound.write(frame)
                        } catch {
                            break
                        }
                    }
                    group.cancelAll()
                }
            }
            inbox.finish()
            for answered in pings.withLock({ list in defer { list = [] }; return list }) {
                answered(false)
            }
        }
        return socket
    }

    func send(_ text: String) {
        outbox.yield(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
    }

    func ping(_ answered: @escaping @Sendable (Bool) -> Void) {
        pings.withLock { $0.append(answered) }
        outbox.yield(WebSocketFrame(fin: true, opcode: .ping, maskKey: .random(), data: ByteBuffer()))
    }

    func close() {
        // 1000, normal closure.
        var payload = ByteBuffer()
        payload.writeInteger(UInt16(1000))
        outbox.yield(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: payload))
        outbox.finish()
    }
}
#endif
