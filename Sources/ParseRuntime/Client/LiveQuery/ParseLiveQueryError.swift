import Foundation

/// Why a LiveQuery subscription could not be made or ended early.
///
/// Descriptions never contain keys or session tokens.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public enum ParseLiveQueryError: Error, Sendable, Hashable {
    /// The query uses something Parse Server's LiveQuery cannot evaluate (it would never match,
    /// or be ignored): `$relatedTo`, `$inQuery`, `$notInQuery`, `$select`, `$dontSelect`, `$text`
    /// and other operators its matcher does not know, or `order`, `limit`, `skip`, `include`,
    /// `excludeKeys` and read preferences. `name` is the constraint or option, as Parse writes
    /// it (`$inQuery`, `limit`). Nothing was sent.
    case unsupportedConstraint(String)
    /// The query could not be encoded (an unsaved object where a pointer is needed...).
    /// Nothing was sent.
    case invalidQuery(ParseClientError)
    /// An event's object could not be decoded as the subscription's model.
    case decoding(ParseDecodingFailure)
    /// The LiveQuery server answered with an `error` message: its code and message, as sent
    /// (an invalid session token is 209, keys it does not accept are 4, a request it does not
    /// understand is 1).
    case server(code: Int, message: String)
    /// The WebSocket could not be opened, or closed before the server answered.
    case connection(String)
    /// LiveQuery is not available in this build: on Linux ParseRuntime's LiveQuery needs the
    /// package trait `LiveQuery` (`.package(url: …, traits: ["LiveQuery"])`); `reason` says so.
    case unavailable(reason: String)
    /// There is no LiveQuery URL, or it is not `ws://` or `wss://`.
    case unsupportedURL(reason: String)
    /// The task that called `subscribe` was cancelled.
    case cancelled
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseLiveQueryError: CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .unsupportedConstraint(let name):
            return "LiveQuery cannot evaluate \(name); remove it from the subscription's query"
        case .invalidQuery(let error):
            return "The query could not be encoded: \(error)"
        case .decoding(let failure):
            return "An event's object could not be decoded: \(failure)"
        case .server(let code, let message):
            return "The LiveQuery server refused the request (code \(code)): \(message)"
        case .connection(let message):
            return "LiveQuery connection failed: \(message)"
        case .unavailable(let reason):
            return reason
        case .unsupportedURL(let reason):
            return reason
        case .cancelled:
            return "The subscription was cancelled"
        }
    }
}
