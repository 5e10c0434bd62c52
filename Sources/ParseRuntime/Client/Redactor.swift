import Foundation

/// Removes credentials from text before it goes into an error, a description or a log line.
///
/// Descriptions leave credentials out by construction; the redactor is the second line of
/// defence for text that comes from elsewhere (server messages, decoding errors, errors of a
/// custom transport), replacing every known secret with ``placeholder``.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
package struct Redactor: Sendable {
    /// What a secret is replaced with.
    static let placeholder = "<redacted>"

    /// The secrets to remove; strings shorter than 4 characters are ignored (they would
    /// redact ordinary words and say little about the secret anyway).
    private let secrets: [String]

    package init(secrets: [String?]) {
        let usable = secrets.compactMap { $0 }.filter { $0.count >= 4 }
        // Longest first, so that a secret containing another one is removed whole.
        self.secrets = Array(Set(usable)).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by ``placeholder``.
    func scrub(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
        }
        return result
    }

    /// A ``ParseError`` whose message has been scrubbed.
    func scrub(_ error: ParseError) -> ParseError {
        let message = scrub(error.message)
        guard message != error.message else { return error }
        var scrubbed = error.otherCode.map { ParseError(otherCode: $0, message: message) }
            ?? ParseError(code: error.code, message: message)
        scrubbed.httpStatus = error.httpStatus
        return scrubbed
    }

    /// `url`'s text without a user name or password.
    static func redactingUserInfo(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.user != nil || components.password != nil else {
            return url.absoluteString
        }
        components.user = nil
        components.password = nil
        return components.string ?? "<url>"
    }
}
