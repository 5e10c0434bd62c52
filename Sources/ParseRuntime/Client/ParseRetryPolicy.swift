import Foundation

/// When and how often the client repeats a request that failed for a transient reason.
///
/// Transient failures are a refused or reset connection, a 5xx status and 429 (Too Many
/// Requests). A request is repeated only when repeating it is safe: `GET`, `PUT` and `DELETE`
/// always are; a create (`POST /classes/C`, a sign-up, a batch holding a create) is repeated
/// only after a refused connection (the request never left) unless the call opts in with
/// ``ParseRequestOptions/retriesNonIdempotentRequests``.
///
/// The wait before attempt *n + 1* is `initialBackoff × multiplier^(n−1)`, at most
/// ``maxBackoff``, spread by ±``jitter``; a 429 or 503 with `Retry-After: <seconds>` waits that
/// long instead, at most ``maxRetryAfter``.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseRetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first time included (1 = no retries).
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialBackoff: Duration
    /// How much the wait grows with each retry.
    public var multiplier: Double
    /// The longest wait between two attempts (before jitter).
    public var maxBackoff: Duration
    /// The fraction, 0 to 1, by which a wait is randomly lengthened or shortened.
    public var jitter: Double
    /// The longest wait a `Retry-After` header can ask for; longer values are cut to it.
    public var maxRetryAfter: Duration
    /// Whether a request that timed out is repeated (when repeating it is safe); off by default,
    /// since a stalled server rarely recovers within a request's timeout.
    public var retriesTimeouts: Bool

    /// A policy.
    /// - Parameters:
    ///   - maxAttempts: Attempts in all, at least 1.
    ///   - initialBackoff: The first wait.
    ///   - multiplier: The growth of the wait, at least 1.
    ///   - maxBackoff: The longest wait.
    ///   - jitter: The random spread of a wait, 0 to 1.
    ///   - maxRetryAfter: The cap on `Retry-After`.
    ///   - retriesTimeouts: Whether timeouts are retried.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(250),
        multiplier: Double = 2,
        maxBackoff: Duration = .seconds(8),
        jitter: Double = 0.2,
        maxRetryAfter: Duration = .seconds(60),
        retriesTimeouts: Bool = false
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = max(.zero, initialBackoff)
        self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
        self.maxBackoff = max(.zero, maxBackoff)
        self.jitter = jitter.isFinite ? min(1, max(0, jitter)) : 0
        self.maxRetryAfter = max(.zero, maxRetryAfter)
        self.retriesTimeouts = retriesTimeouts
    }

    /// Three attempts, 250 ms then 500 ms apart (±20 %), `Retry-After` honoured up to a minute.
    public static let `default` = ParseRetryPolicy()

    /// Every request is sent once.
    public static let never = ParseRetryPolicy(maxAttempts: 1)

    /// The wait after failed attempt `attempt` (1-based).
    /// - Parameters:
    ///   - attempt: The attempt that just failed.
    ///   - random: A number in `0..<1` that places the wait within the jitter range.
    func backoff(afterAttempt attempt: Int, random: Double) -> Duration {
        let exponent = Double(max(0, attempt - 1))
        let base = min(Self.seconds(initialBackoff) * pow(multiplier, exponent), Self.seconds(maxBackoff))
        let spread = 1 + jitter * (2 * min(max(random, 0), 1) - 1)
        let wait = base * spread
        return wait.isFinite ? .milliseconds(Int64((max(0, wait) * 1000).rounded())) : maxBackoff
    }

    /// The wait a `Retry-After` value asks for, capped at ``maxRetryAfter``; `nil` when the value
    /// is not a number of seconds (the HTTP-date form is not used by Parse Server).
    func retryAfter(_ value: String?) -> Duration? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              text.allSatisfy(\.isASCII), let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            return nil
        }
        return min(.milliseconds(Int64(min(seconds, 1e9) * 1000)), maxRetryAfter)
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// Waits between attempts. Inject one that records the waits and returns at once to test
/// retries without sleeping.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public protocol ParseSleeper: Sendable {
    /// Waits for `duration`.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
}

/// The default ``ParseSleeper``: `Task.sleep`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct TaskSleeper: ParseSleeper {
    /// A sleeper.
    public init() {}

    /// Sleeps with `Task.sleep(for:)`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
