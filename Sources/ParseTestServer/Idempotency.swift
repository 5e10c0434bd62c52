// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation

/// Parse Server's request deduplication (its experimental `idempotencyOptions`): a write that
/// carries an `X-Parse-Request-Id` already seen within the time to live is refused with 159
/// "Duplicate request" instead of running again. As on Parse Server:
///
/// - only the routes Parse Server guards: `POST /classes/<class>`, `PUT /classes/<class>/<id>`,
///   `POST /users`, `PUT /users/<id>`, `POST /installations`, `PUT /installations/<id>`,
///   `POST /functions/<name>` and `POST /jobs/<name>`, and only those whose path (below the
///   mount path) one of ``ParseTestServer/Configuration/Idempotency/paths`` matches from its
///   start; `POST /batch` and the requests inside a batch are never deduplicated;
/// - the id is recorded before the request runs, so a request that then fails (a duplicate
///   unique value, a permission error) still counts as seen;
/// - the first response is not replayed: the client that lost it must find out another way.
struct RequestIds: Sendable {
    /// The ids seen, with when each is forgotten.
    private var expiries: [String: Date] = [:]

    /// Refuses a duplicate, or records `request`'s id; does nothing for a request Parse Server
    /// would not deduplicate.
    mutating func check(_ request: IncomingRequest, options: ParseTestServer.Configuration.Idempotency?, now: Date) throws(ParseFailure) {
        guard let options, let requestId = request.headers["x-parse-request-id"], Self.isGuarded(request) else { return }
        let path = request.segments.joined(separator: "/")
        guard options.paths.contains(where: { Self.matches(path, pattern: $0) }) else { return }
        expiries = expiries.filter { $0.value > now }
        guard expiries[requestId] == nil else {
            throw ParseFailure(159, "Duplicate request")
        }
        expiries[requestId] = now.addingTimeInterval(options.timeToLive)
    }

    private static func isGuarded(_ request: IncomingRequest) -> Bool {
        let segments = request.segments
        switch (request.method, segments.first, segments.count) {
        case ("POST", "classes", 2), ("PUT", "classes", 3): return true
        case ("POST", "users", 1), ("PUT", "users", 2): return true
        case ("POST", "installations", 1), ("PUT", "installations", 2): return true
        case ("POST", "functions", 2), ("POST", "jobs", 2): return true
        default: return false
        }
    }

    /// Whether `pattern` (a regular expression, anchored at the start as Parse Server anchors it)
    /// matches `path`.
    private static func matches(_ path: String, pattern: String) -> Bool {
        let anchored = pattern.hasPrefix("^") ? pattern : "^" + pattern
        guard let regex = try? NSRegularExpression(pattern: anchored) else { return false }
        return regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
}
#endif
