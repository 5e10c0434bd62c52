// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Relays requests to another Parse Server and its answers back, for a ParseTestServer started
/// with ``ParseTestServer/Configuration/upstream``: the requests are still recorded and the
/// faults still injected, in front of a real server.
struct Forwarder: Sendable {
    /// The other server's URL with its mount path (`https://parse.example.com/parse`).
    let upstream: URL
    /// This server's mount path, replaced by the upstream's.
    let mountPath: String

    /// Header fields that belong to one connection, not to the request or the answer: not relayed.
    private static let hopByHop: Set<String> = [
        "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection",
        "host", "content-length", "expect", "accept-encoding", "content-encoding",
    ]

    /// The upstream's answer to `request` (its path below the mount path, query and body as
    /// sent); 502 when the upstream cannot be reached.
    func forward(_ request: HTTPListener.Request) async -> ServerAnswer {
        let below = String(request.path.dropFirst(mountPath.count))
        let target = upstream.absoluteString + below + (request.query.map { "?" + $0 } ?? "")
        guard let url = URL(string: target) else {
            return ServerAnswer(status: 400, text: "ParseTestServer cannot forward \(request.method) \(request.path): not a URL below \(upstream.absoluteString)")
        }
        var outgoing = URLRequest(url: url)
        outgoing.httpMethod = request.method
        for (name, value) in request.headers where !Self.hopByHop.contains(name.lowercased()) {
            outgoing.addValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            outgoing.httpBody = request.body
        }
        do {
            let (data, response) = try await Self.session.data(for: outgoing)
            guard let http = response as? HTTPURLResponse else {
                return ServerAnswer(status: 502, text: "ParseTestServer: the upstream server's answer is not HTTP")
            }
            var answer = ServerAnswer(status: http.statusCode, data: data, contentType: "")
            answer.headers = http.allHeaderFields.compactMap { name, value in
                guard let name = name as? String, let value = value as? String,
                      !Self.hopByHop.contains(name.lowercased()) else { return nil }
                return (name, value)
            }.sorted { $0.0 < $1.0 }
            return answer
        } catch {
            // The upstream URL holds no key; the error names the failure, not the request.
            return ServerAnswer(status: 502, text: "ParseTestServer could not reach \(upstream.absoluteString): \(error.localizedDescription)")
        }
    }

    /// One session for every forwarded request; it keeps no cookies or cache, so what reaches
    /// the upstream is what the client sent.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()
}
#endif
