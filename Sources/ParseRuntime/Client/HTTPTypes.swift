import Foundation

/// An HTTP method used by the Parse REST API.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name, such as `"GET"`.
    public let rawValue: String

    /// A method named `rawValue`.
    /// - Parameter rawValue: The method's name in upper case.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: reads; safe to repeat.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: creates objects, signs up, logs in and out, runs batches.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: updates an object; Parse applies the same body again with the same result.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`: deletes an object.
    public static let delete = HTTPMethod(rawValue: "DELETE")

    /// The method's name.
    public var description: String { rawValue }
}

/// HTTP header fields: names compare case-insensitively, and the order does not matter for
/// equality.
///
/// The description of a header set never shows the values of the headers that carry
/// credentials (see ``isSensitive(_:)``).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added; a name appears at most once.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// The given fields; a later duplicate name (compared case-insensitively) wins.
    /// - Parameter fields: Names and values.
    public init(_ fields: [String: String]) {
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            self[name] = value
        }
    }

    /// The given fields; a later duplicate name (compared case-insensitively) wins.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            self[name] = value
        }
    }

    /// The value of the field `name` (any case), or `nil`; setting `nil` removes the field.
    public subscript(name: String) -> String? {
        get {
            let key = name.lowercased()
            return fields.first { $0.name.lowercased() == key }?.value
        }
        set {
            let key = name.lowercased()
            if let index = fields.firstIndex(where: { $0.name.lowercased() == key }) {
                if let newValue {
                    fields[index] = (name, newValue)
                } else {
                    fields.remove(at: index)
                }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    /// The fields keyed by lower-case name.
    public var lowercasedDictionary: [String: String] {
        Dictionary(fields.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates over the fields in the order they were added.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Equal when both have the same names (ignoring case) with the same values.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.lowercasedDictionary == rhs.lowercasedDictionary
    }

    /// Hashes the lower-cased names and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lowercasedDictionary)
    }

    /// Whether a header carries a credential: the Parse keys, the session token, and
    /// `Authorization`/`Cookie`/`Set-Cookie`. Their values are never described or logged.
    /// - Parameter name: The header's name, in any case.
    public static func isSensitive(_ name: String) -> Bool {
        sensitiveNames.contains(name.lowercased())
    }

    static let sensitiveNames: Set<String> = [
        "x-parse-rest-api-key", "x-parse-master-key", "x-parse-client-key", "x-parse-javascript-key",
        "x-parse-windows-key", "x-parse-session-token", "authorization", "proxy-authorization",
        "cookie", "set-cookie",
    ]

    /// The fields as `Name: value` text, with the values of sensitive headers replaced by
    /// `<redacted>`.
    var redactedDescription: String {
        let shown = fields.map { field in
            "\(field.name): \(Self.isSensitive(field.name) ? Redactor.placeholder : field.value)"
        }
        return "[" + shown.joined(separator: ", ") + "]"
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The fields, with the values of sensitive headers redacted.
    public var description: String { redactedDescription }
    /// Same as ``description``.
    public var debugDescription: String { redactedDescription }
    /// A mirror that shows only the redacted text.
    public var customMirror: Mirror {
        Mirror(self, children: ["fields": redactedDescription], displayStyle: .struct)
    }
}

/// A request as a transport sends it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, or `nil` for none.
    public var body: Data?
    /// A file on disk whose contents are the body, for file uploads: a transport streams it
    /// rather than reading it into memory (``URLSessionTransport`` does). When set, ``body``
    /// is `nil`.
    public var bodyFile: URL?
    /// How long the whole exchange may take; the client enforces it too.
    public var timeout: Duration
    /// The largest response body the client accepts; a streaming transport should stop reading
    /// (and throw ``HTTPTransportError/Kind-swift.enum/responseTooLarge``) once a body is larger.
    public var maxResponseSize: Int

    /// A request.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The full URL.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - bodyFile: A file whose contents are the body, streamed from disk.
    ///   - timeout: How long the exchange may take.
    ///   - maxResponseSize: The largest accepted response body, in bytes.
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, bodyFile: URL? = nil,
        timeout: Duration = .seconds(30), maxResponseSize: Int = 16 << 20
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `METHOD url headers body-size`, with credential headers redacted and the body left out
    /// (it can hold a password).
    public var description: String {
        "\(method) \(Redactor.redactingUserInfo(url)) \(headers.redactedDescription) body: \(bodyDescription)"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror that shows only the redacted description.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": description], displayStyle: .struct)
    }

    private var bodyDescription: String {
        if let body { return "\(body.count) bytes" }
        if bodyFile != nil { return "a file" }
        return "none"
    }
}

/// A response as a transport received it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body (empty when there is none).
    public var body: Data

    /// A response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `status headers body-size`, with credential headers redacted and the body left out (it
    /// can hold a session token).
    public var description: String {
        "HTTP \(status) \(headers.redactedDescription) body: \(body.count) bytes"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror that shows only the redacted description.
    public var customMirror: Mirror {
        Mirror(self, children: ["response": description], displayStyle: .struct)
    }
}

/// Sends HTTP requests: the client's only way to the network. ``URLSessionTransport`` is the
/// default; inject another one to use a different HTTP stack or to script responses in tests.
///
/// A transport returns every response it receives, whatever its status. It throws
/// ``HTTPTransportError`` when no response arrives (the client also understands `URLError`
/// and `CancellationError`; anything else becomes ``HTTPTransportError/Kind-swift.enum/other``).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response.
    /// - Parameter request: The request.
    /// - Throws: ``HTTPTransportError`` (or `URLError`) when no response arrives.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
