import Foundation

/// Where a ``ParseClient`` sends requests and with which credentials.
///
/// The description, debug description and mirror of a configuration never show the keys:
/// only whether each one is set.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseClientConfiguration: Sendable {
    /// The server's URL including its mount path, such as `http://localhost:1337/parse`.
    public var serverURL: URL
    /// Where ``ParseClient/subscribe(_:fields:)`` opens its LiveQuery WebSocket (`ws://` or
    /// `wss://`, such as `wss://example.com/parse`). When `nil`, the ``serverURL`` with `ws` for
    /// `http` and `wss` for `https`, path included, as Parse's SDKs do (``liveQueryURL``).
    public var liveQueryServerURL: URL?
    /// The application id, sent as `X-Parse-Application-Id`.
    public var applicationId: String
    /// The REST API key, sent as `X-Parse-REST-API-Key` unless a call uses the master key.
    public var restAPIKey: String?
    /// The master key, sent as `X-Parse-Master-Key` (instead of the REST API key) by calls that
    /// use it. Never ship it in an app.
    public var masterKey: String?
    /// The client key, sent as `X-Parse-Client-Key` when set.
    public var clientKey: String?
    /// Whether calls use the master key unless their options say otherwise.
    public var usesMasterKeyByDefault: Bool
    /// The installation id, sent as `X-Parse-Installation-Id` when set (sessions record it).
    public var installationId: String?
    /// How long a request may take by default; a call's options can change it.
    public var timeout: Duration
    /// The retry policy by default; a call's options can change it.
    public var retryPolicy: ParseRetryPolicy
    /// The largest response body accepted, in bytes; larger ones fail with
    /// ``ParseClientError/responseTooLarge(limit:)``.
    public var maxResponseSize: Int
    /// The largest file the client uploads, in bytes; a larger one fails with
    /// ``ParseClientError/uploadTooLarge(limit:)`` before anything is sent. Parse Server's
    /// own `maxUploadSize` is 20 MB by default.
    public var maxUploadSize: Int
    /// Whether creates may send the `objectId` the object already has (Parse Server's
    /// `allowCustomObjectId`); when false, creating an object that has an `objectId` is refused.
    public var allowsCustomObjectId: Bool
    /// Whether ``ParseClient/create(_:options:)`` and ``ParseClient/update(_:options:)-(T,_)``
    /// (and so ``ParseClient/save(_:options:)``) first create the objects without an `objectId`
    /// that the object points to, as ParseSwift does (true by default). When false, such an
    /// object is refused before anything is sent. A call's ``ParseRequestOptions`` can override it.
    public var savesUnsavedChildren: Bool
    /// Whether every request carries a fresh `X-Parse-Request-Id`, the same for all attempts of
    /// one call, so that a server with idempotency enforcement ignores repeats.
    public var sendsRequestId: Bool
    /// Receives one line per request, response and retry; the lines never contain keys,
    /// session tokens or bodies.
    public var logHandler: (@Sendable (String) -> Void)?

    /// A configuration.
    /// - Parameters:
    ///   - serverURL: The server URL with its mount path.
    ///   - applicationId: The application id.
    ///   - restAPIKey: The REST API key, if the server requires one.
    ///   - masterKey: The master key, for trusted code only.
    ///   - clientKey: The client key, if the server requires one.
    ///   - usesMasterKeyByDefault: Whether calls use the master key by default.
    ///   - installationId: The installation id to send, if any.
    ///   - timeout: The default timeout of a request (30 seconds).
    ///   - retryPolicy: The default retry policy.
    ///   - maxResponseSize: The largest accepted response body (16 MiB).
    ///   - maxUploadSize: The largest file to upload (20 MiB, Parse Server's default limit).
    ///   - allowsCustomObjectId: Whether creates may carry an `objectId`.
    ///   - savesUnsavedChildren: Whether creates and updates save the unsaved objects they point to first.
    ///   - sendsRequestId: Whether to send `X-Parse-Request-Id`.
    ///   - logHandler: Receives redacted log lines.
    ///   - liveQueryServerURL: The LiveQuery server's `ws://` or `wss://` URL; `nil` derives it from `serverURL`.
    public init(
        serverURL: URL,
        applicationId: String,
        restAPIKey: String? = nil,
        masterKey: String? = nil,
        clientKey: String? = nil,
        usesMasterKeyByDefault: Bool = false,
        installationId: String? = nil,
        timeout: Duration = .seconds(30),
        retryPolicy: ParseRetryPolicy = .default,
        maxResponseSize: Int = 16 << 20,
        maxUploadSize: Int = 20 << 20,
        allowsCustomObjectId: Bool = false,
        savesUnsavedChildren: Bool = true,
        sendsRequestId: Bool = false,
        logHandler: (@Sendable (String) -> Void)? = nil,
        liveQueryServerURL: URL? = nil
    ) {
        self.serverURL = serverURL
        self.applicationId = applicationId
        self.restAPIKey = restAPIKey
        self.masterKey = masterKey
        self.clientKey = clientKey
        self.usesMasterKeyByDefault = usesMasterKeyByDefault
        self.installationId = installationId
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.maxResponseSize = maxResponseSize
        self.maxUploadSize = maxUploadSize
        self.allowsCustomObjectId = allowsCustomObjectId
        self.savesUnsavedChildren = savesUnsavedChildren
        self.sendsRequestId = sendsRequestId
        self.logHandler = logHandler
        self.liveQueryServerURL = liveQueryServerURL
    }

    /// The URL LiveQuery connects to: ``liveQueryServerURL`` when set, otherwise ``serverURL``
    /// with `ws` for `http` and `wss` for `https` (`http://localhost:1337/parse` gives
    /// `ws://localhost:1337/parse`); `nil` when neither gives a WebSocket URL.
    public var liveQueryURL: URL? {
        if let liveQueryServerURL { return liveQueryServerURL }
        guard var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false) else { return nil }
        switch components.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        case "ws", "wss": break
        default: return nil
        }
        return components.url
    }

    /// The path the server is mounted at, without a trailing slash (`/parse`, or `` for the root),
    /// percent-encoded as in the URL.
    public var mountPath: String {
        let path = URLComponents(url: serverURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? serverURL.path
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") {
            trimmed = trimmed.dropLast()
        }
        return String(trimmed)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClientConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The server, the application id, and which credentials are set (never their values).
    public var description: String {
        var parts = [
            "serverURL: \(Redactor.redactingUserInfo(serverURL))",
            "applicationId: \(applicationId)",
        ]
        if let liveQueryServerURL {
            parts.append("liveQueryServerURL: \(Redactor.redactingUserInfo(liveQueryServerURL))")
        }
        parts += [
            "restAPIKey: \(restAPIKey == nil ? "none" : Redactor.placeholder)",
            "masterKey: \(masterKey == nil ? "none" : Redactor.placeholder)",
            "clientKey: \(clientKey == nil ? "none" : Redactor.placeholder)",
        ]
        if usesMasterKeyByDefault {
            parts.append("usesMasterKeyByDefault: true")
        }
        parts.append("timeout: \(timeout)")
        parts.append("maxAttempts: \(retryPolicy.maxAttempts)")
        return "ParseClientConfiguration(" + parts.joined(separator: ", ") + ")"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror that shows only the redacted description, so `dump` cannot reveal a key.
    public var customMirror: Mirror {
        Mirror(self, children: ["configuration": description], displayStyle: .struct)
    }
}

/// Per-call settings that override the client's configuration.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseRequestOptions: Sendable {
    /// Whether to send the master key instead of the REST API key; `nil` follows
    /// ``ParseClientConfiguration/usesMasterKeyByDefault``.
    public var useMasterKey: Bool?
    /// A session token to send instead of the client's own.
    public var sessionToken: String?
    /// The timeout for this call.
    public var timeout: Duration?
    /// The retry policy for this call.
    public var retryPolicy: ParseRetryPolicy?
    /// Whether a request that is not safe to repeat (a create, a sign-up, a batch with a
    /// create) may still be repeated after a transient failure. Only opt in when a duplicate is
    /// acceptable or the server enforces idempotency (see
    /// ``ParseClientConfiguration/sendsRequestId``).
    public var retriesNonIdempotentRequests: Bool
    /// Whether a create or update first saves the unsaved objects the object points to; `nil`
    /// follows ``ParseClientConfiguration/savesUnsavedChildren``.
    public var savesUnsavedChildren: Bool?

    /// Options.
    /// - Parameters:
    ///   - useMasterKey: Whether to use the master key; `nil` for the configured default.
    ///   - sessionToken: A session token for this call only.
    ///   - timeout: The timeout for this call.
    ///   - retryPolicy: The retry policy for this call.
    ///   - retriesNonIdempotentRequests: Whether creates may be repeated.
    ///   - savesUnsavedChildren: Whether a create or update saves the unsaved objects it points
    ///     to first; `nil` for the configured default.
    public init(
        useMasterKey: Bool? = nil,
        sessionToken: String? = nil,
        timeout: Duration? = nil,
        retryPolicy: ParseRetryPolicy? = nil,
        retriesNonIdempotentRequests: Bool = false,
        savesUnsavedChildren: Bool? = nil
    ) {
        self.useMasterKey = useMasterKey
        self.sessionToken = sessionToken
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.savesUnsavedChildren = savesUnsavedChildren
    }

    /// The configured defaults.
    public static let none = ParseRequestOptions()

    /// Use the master key for this call.
    public static let masterKey = ParseRequestOptions(useMasterKey: true)

    /// The same options with the master key, for the calls Parse Server accepts only with it.
    var requiringMasterKey: ParseRequestOptions {
        var options = self
        options.useMasterKey = true
        return options
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseRequestOptions: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The options, with a session token shown as redacted.
    public var description: String {
        var parts: [String] = []
        if let useMasterKey { parts.append("useMasterKey: \(useMasterKey)") }
        if sessionToken != nil { parts.append("sessionToken: \(Redactor.placeholder)") }
        if let timeout { parts.append("timeout: \(timeout)") }
        if let retryPolicy { parts.append("maxAttempts: \(retryPolicy.maxAttempts)") }
        if retriesNonIdempotentRequests { parts.append("retriesNonIdempotentRequests: true") }
        if let savesUnsavedChildren { parts.append("savesUnsavedChildren: \(savesUnsavedChildren)") }
        return "ParseRequestOptions(" + parts.joined(separator: ", ") + ")"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror that shows only the redacted description.
    public var customMirror: Mirror {
        Mirror(self, children: ["options": description], displayStyle: .struct)
    }
}
