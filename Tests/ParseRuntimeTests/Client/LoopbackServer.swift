import Foundation
import ModelgenTestSupport

/// A minimal HTTP/1.1 server on 127.0.0.1 for testing ``URLSessionTransport`` over real
/// sockets: one thread, one connection at a time, `Connection: close`.
final class LoopbackServer: @unchecked Sendable {
    /// A request as the server read it.
    struct Request: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: Data
    }

    /// What the server does with a request.
    enum Behavior: Sendable {
        /// Answers with a status, headers and body.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Waits this long without answering, then closes.
        case stall(seconds: Double)
        /// Writes these bytes as they are (a lying Content-Length, a cut body, not HTTP at
        /// all), then closes.
        case raw(Data)
        /// Writes `head`, then `chunk` every `interval` seconds, `count` times: a server that
        /// is never silent for long but never finishes either.
        case trickle(head: Data, chunk: Data, count: Int, interval: Double)
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var received: [Request] = []
    private let handler: @Sendable (Request) -> Behavior

    /// Starts a server that answers every request with `handler`'s behavior.
    init(handler: @escaping @Sendable (Request) -> Behavior) throws {
        self.handler = handler
        let (socket, port) = try Self.listen()
        self.listener = socket
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The requests read so far.
    var requests: [Request] {
        lock.withLock { received }
    }

    /// Stops accepting connections. Only the accept thread closes the listening socket, once it
    /// is done with it: closed here, its descriptor number could be reused by the next test's
    /// server while this thread (back from a stall, say) still accepts on that number, and it
    /// would take that server's connections.
    func stop() {
        _ = shutdown(listener, Int32(SHUT_RDWR))
    }

    /// A port on which nothing listens: bound, then closed.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try listen()
        _ = close(socket)
        return port
    }

    private static func listen() throws -> (Int32, UInt16) {
        let fd = makeTCPSocket()
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, posixListen(fd, 16) == 0 else {
            _ = close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        defer { _ = close(listener) }
        while true {
            // After `stop()`, accept fails at once on the shut-down socket.
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            preventSIGPIPE(connection)
            serve(connection)
        }
    }

    private func serve(_ connection: Int32) {
        defer { _ = close(connection) }
        guard let request = read(connection) else { return }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers {
                head += "\(name): \(value)\r\n"
            }
            head += "\r\n"
            write(connection, Data(head.utf8) + body)
        case .stall(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        case .raw(let bytes):
            write(connection, bytes)
        case .trickle(let head, let chunk, let count, let interval):
            write(connection, head)
            for _ in 0..<count {
                Thread.sleep(forTimeInterval: interval)
                guard send(connection, [UInt8](chunk), chunk.count, noSignalSendFlags) == chunk.count else { return }
            }
        }
    }

    private func read(_ connection: Int32) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: separator)
        }
        guard let headerEnd else { return nil }
        let head = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Data(buffer[headerEnd.upperBound...])
        while body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private func write(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var sent = 0
            while sent < data.count {
                let count = send(connection, base + sent, data.count - sent, noSignalSendFlags)
                guard count > 0 else { return }
                sent += count
            }
        }
    }
}

/// `listen(2)`, named apart from ``LoopbackServer``'s static `listen()`.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

