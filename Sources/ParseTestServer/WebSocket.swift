// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import NIOCore
import NIOWebSocket

/// What the listener does with WebSocket connections, upgraded from HTTP on the same port.
/// Nothing here knows Parse: the callbacks get whole text or binary messages (fragments joined),
/// while pings are answered with pongs and a close frame with a close frame by the listener.
struct WebSocketService: Sendable {
    /// Whether to upgrade a request for this path (as sent, with its query).
    var accepts: @Sendable (String) -> Bool
    /// A connection was upgraded.
    var opened: @Sendable (WebSocketPeer) -> Void
    /// A whole message arrived.
    var received: @Sendable (WebSocketPeer, WebSocketMessage) -> Void
    /// The connection is gone (closed by either side, or by the server stopping).
    var closed: @Sendable (WebSocketPeer) -> Void
}

enum WebSocketMessage: Sendable {
    case text(String)
    case binary(Data)
}

/// One upgraded connection, as the application sees it: it can send text and close. What it is
/// given is written in order by the connection's own task, so callers never wait for the socket.
final class WebSocketPeer: Sendable {
    /// Unique within one listener, in order of connection.
    let id: Int
    private let outbox: AsyncStream<WebSocketFrame>.Continuation

    init(id: Int, outbox: AsyncStream<WebSocketFrame>.Continuation) {
        self.id = id
        self.outbox = outbox
    }

    /// Sends a text message.
    func send(_ text: String) {
        outbox.yield(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
    }

    /// Sends a close frame (with `payload`: a status code and reason, or nothing) and closes the
    /// connection once it is written. Nothing is sent after it.
    func close(payload: ByteBuffer = ByteBuffer()) {
        outbox.yield(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload))
        outbox.finish()
    }

    fileprivate func pong(_ data: ByteBuffer) {
        outbox.yield(WebSocketFrame(fin: true, opcode: .pong, data: data))
    }

    /// Ends the outbox without a close frame (the other side has gone).
    fileprivate func finish() {
        outbox.finish()
    }
}

/// The open WebSocket connections of a listener, so that stopping it can close each properly.
final class WebSocketRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var peers: [Int: WebSocketPeer] = [:]

    func add(_ outbox: AsyncStream<WebSocketFrame>.Continuation) -> WebSocketPeer {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        let peer = WebSocketPeer(id: next, outbox: outbox)
        peers[peer.id] = peer
        return peer
    }

    func remove(_ peer: WebSocketPeer) {
        lock.lock()
        defer { lock.unlock() }
        peers.removeValue(forKey: peer.id)
    }

    var open: [WebSocketPeer] {
        lock.lock()
        defer { lock.unlock() }
        return Array(peers.values)
    }
}

extension HTTPListener {
    /// The largest message it reads (fragments joined), as for HTTP bodies.
    static let messageLimit = bodyLimit

    /// Serves one upgraded connection until either side closes it: a child task reads frames,
    /// this one writes what the peer is given until its outbox ends (a close frame last, when
    /// either side closed properly), then the connection closes.
    static func serve(
        _ connection: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, service: WebSocketService, registry: WebSocketRegistry
    ) async {
        let (frames, outbox) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let peer = registry.add(outbox)
        service.opened(peer)
        try? await connection.executeThenClose { inbound, outbound in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await frame in inbound {
                            switch frame.opcode {
                            case .text:
                                service.received(peer, .text(String(buffer: frame.unmaskedData)))
                            case .binary:
                                service.received(peer, .binary(Data(frame.unmaskedData.readableBytesView)))
                            case .ping:
                                peer.pong(frame.unmaskedData)
                            case .connectionClose:
                                // Answered with the status code it carried (none when it had none).
                                var data = frame.unmaskedData
                                peer.close(payload: data.readSlice(length: 2) ?? ByteBuffer())
                                return
                            default:
                                break
                            }
                        }
                    } catch {}
                    // The other side is gone: what is left to write is written (or fails) and
                    // the writing ends.
                    peer.finish()
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
        registry.remove(peer)
        service.closed(peer)
    }
}
#endif
