import Foundation

/// Everything that can go wrong in a ``ParseClient`` call, one case per kind of failure so that
/// callers can tell a server's answer from a broken network from an unreadable response.
///
/// Descriptions never contain keys or session tokens.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public enum ParseClientError: Error, Sendable, Hashable {
    /// The server answered with a Parse error, `{"code":n,"error":"..."}`; the error's
    /// ``ParseError/httpStatus`` holds the response's status.
    case server(ParseError)
    /// The server answered with an error status but no Parse error body (a proxy's HTML page,
    /// for example). `bodyPrefix` is the start of the body, at most 200 characters.
    case invalidResponse(status: Int, bodyPrefix: String)
    /// A successful response could not be read: malformed or truncated JSON, a missing field, a
    /// value of the wrong type.
    case decoding(ParseDecodingFailure)
    /// The request could not be encoded (an unsaved object where a pointer is needed, a
    /// non-finite number, a date out of range...). Nothing was sent.
    case encoding(String)
    /// The call cannot be made as asked (an unsaved object to update, no session to log out,
    /// no master key configured...). Nothing was sent. The ``ParseError`` was made locally and
    /// has no ``ParseError/httpStatus``.
    case invalidRequest(ParseError)
    /// No response arrived: the connection was refused, reset or could not be made.
    case transport(HTTPTransportError)
    /// No response arrived within the request's timeout.
    case timedOut(after: Duration)
    /// The calling task was cancelled.
    case cancelled
    /// The response body was larger than the configured maximum, in bytes.
    case responseTooLarge(limit: Int)
    /// A file to upload is larger than ``ParseClientConfiguration/maxUploadSize``, in bytes.
    /// Nothing was sent.
    case uploadTooLarge(limit: Int)
    /// A create or update saved unsaved objects it points to, then failed: the failure and the
    /// objects that stay saved (see ``ParseIncompleteSave``). ``parseError`` and ``httpStatus``
    /// are the failure's.
    indirect case incompleteSave(ParseIncompleteSave)
    /// The on-device store (`ParseLocalStore`) refused the call or could not complete it: a
    /// refused write changed nothing. The failure names the class and field.
    case localStore(LocalStoreError)

    /// The Parse error of a ``server(_:)`` or ``invalidRequest(_:)`` failure, otherwise `nil`.
    public var parseError: ParseError? {
        switch self {
        case .server(let error), .invalidRequest(let error):
            return error
        case .incompleteSave(let failure):
            return failure.error.parseError
        case .localStore(let failure):
            return failure.parseError
        default:
            return nil
        }
    }

    /// The HTTP status of the response, for failures that had one.
    public var httpStatus: Int? {
        switch self {
        case .server(let error):
            return error.httpStatus
        case .invalidResponse(let status, _):
            return status
        case .decoding(let failure):
            return failure.httpStatus
        case .incompleteSave(let failure):
            return failure.error.httpStatus
        default:
            return nil
        }
    }
}

/// Why a successful response could not be read.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseDecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status of the response.
    public var httpStatus: Int
    /// Where in the JSON the problem is, such as `results.2.createdAt`; empty for the whole body.
    public var path: String
    /// What is wrong, free of credentials.
    public var message: String

    /// A failure.
    /// - Parameters:
    ///   - httpStatus: The response's status.
    ///   - path: The JSON path of the problem.
    ///   - message: What is wrong.
    public init(httpStatus: Int, path: String, message: String) {
        self.httpStatus = httpStatus
        self.path = path
        self.message = message
    }

    /// `HTTP <status>: <path>: <message>`.
    public var description: String {
        path.isEmpty ? "HTTP \(httpStatus): \(message)" : "HTTP \(httpStatus): at \(path): \(message)"
    }

    /// The failure for an error thrown while decoding a body, scrubbed of secrets.
    static func from(_ error: any Error, status: Int, redactor: Redactor) -> ParseDecodingFailure {
        guard let decodingError = error as? DecodingError else {
            return ParseDecodingFailure(httpStatus: status, path: "", message: redactor.scrub("\(error)"))
        }
        let context: DecodingError.Context
        let prefix: String
        switch decodingError {
        case .typeMismatch(let type, let errorContext):
            context = errorContext
            prefix = "expected \(type)"
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            prefix = "missing \(type) value"
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            prefix = "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let errorContext):
            context = errorContext
            prefix = "data corrupted"
        @unknown default:
            return ParseDecodingFailure(httpStatus: status, path: "", message: redactor.scrub("\(error)"))
        }
        let path = context.codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue }
            .joined(separator: ".")
        let detail = context.debugDescription.isEmpty ? prefix : "\(prefix): \(context.debugDescription)"
        return ParseDecodingFailure(httpStatus: status, path: redactor.scrub(path), message: redactor.scrub(detail))
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClientError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// A one-line explanation, free of credentials.
    public var description: String {
        switch self {
        case .server(let error):
            return "Parse server error \(error.rawCode) (HTTP \(error.httpStatus.map(String.init) ?? "?")): \(error.message)"
        case .invalidResponse(let status, let bodyPrefix):
            return "HTTP \(status) without a Parse error body"
                + (bodyPrefix.isEmpty ? "" : ": \(bodyPrefix)")
        case .decoding(let failure):
            return "Could not read the response: \(failure)"
        case .encoding(let message):
            return "Could not encode the request: \(message)"
        case .invalidRequest(let error):
            return "Invalid request (code \(error.rawCode)): \(error.message)"
        case .transport(let error):
            return "No response: \(error)"
        case .timedOut(let after):
            return "No response within \(after)"
        case .cancelled:
            return "Cancelled"
        case .responseTooLarge(let limit):
            return "The response is larger than \(limit) bytes"
        case .uploadTooLarge(let limit):
            return "The file is larger than the upload limit of \(limit) bytes"
        case .incompleteSave(let failure):
            return failure.description
        case .localStore(let failure):
            return failure.description
        }
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
