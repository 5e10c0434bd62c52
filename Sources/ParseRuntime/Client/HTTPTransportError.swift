import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a transport got no response.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct HTTPTransportError: Error, Sendable, Hashable {
    /// The kind of failure, which decides whether the client retries.
    public enum Kind: String, Sendable, Hashable {
        /// The server refused the connection: the request was never sent.
        case connectionRefused
        /// The connection was reset or lost after the request may have been sent.
        case connectionReset
        /// The host name could not be resolved.
        case cannotFindHost
        /// TLS failed (handshake or certificate).
        case secureConnectionFailed
        /// The device is offline.
        case notConnected
        /// The exchange took longer than the request's timeout.
        case timedOut
        /// The request was cancelled.
        case cancelled
        /// The response body is larger than the request's `maxResponseSize`.
        case responseTooLarge
        /// Anything else.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// A short explanation, free of credentials.
    public var message: String

    /// A failure.
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - message: A short explanation; never put keys or tokens in it.
    public init(_ kind: Kind, message: String = "") {
        self.kind = kind
        self.message = message
    }

    /// The failure a `URLError` stands for.
    /// - Parameter error: The error URLSession threw.
    public init(_ error: URLError) {
        let message = "URLError \(error.code.rawValue)"
        switch error.code {
        case .cannotConnectToHost:
            self.init(.connectionRefused, message: message)
        case .networkConnectionLost:
            self.init(.connectionReset, message: message)
        case .cannotFindHost, .dnsLookupFailed:
            self.init(.cannotFindHost, message: message)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
             .clientCertificateRejected, .clientCertificateRequired:
            self.init(.secureConnectionFailed, message: message)
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed:
            self.init(.notConnected, message: message)
        case .timedOut:
            self.init(.timedOut, message: message)
        case .cancelled:
            self.init(.cancelled, message: message)
        case .dataLengthExceedsMaximum:
            self.init(.responseTooLarge, message: message)
        default:
            self.init(.other, message: message)
        }
    }

    /// The failure any error thrown by a transport stands for.
    /// - Parameter error: The error.
    static func classify(_ error: any Error) -> HTTPTransportError {
        switch error {
        case let error as HTTPTransportError:
            return error
        case let error as URLError:
            return HTTPTransportError(error)
        case is CancellationError:
            return HTTPTransportError(.cancelled, message: "cancelled")
        default:
            return HTTPTransportError(.other, message: "\(type(of: error)): \(error)")
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension HTTPTransportError: CustomStringConvertible {
    /// `<kind>: <message>`.
    public var description: String {
        message.isEmpty ? kind.rawValue : "\(kind.rawValue): \(message)"
    }
}
