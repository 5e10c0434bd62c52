import Foundation

/// What a subscription asks the LiveQuery server for: the `query` member of `subscribe`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct LiveQuerySubscriptionQuery: Sendable, Hashable {
    /// The class, `T.className`.
    var className: String
    /// The constraints, as a find sends them in `where`.
    var whereJSON: JSONValue
    /// The fields events carry (besides `objectId`, `createdAt`, `updatedAt` and `ACL`), or all.
    var keys: [String]?
    /// The fields whose change alone makes a `create` or `update` worth sending, or any change.
    var watch: [String]?

    var json: JSONValue {
        var members: [String: JSONValue] = ["className": .string(className), "where": whereJSON]
        if let keys { members["keys"] = .array(keys.map(JSONValue.string)) }
        if let watch { members["watch"] = .array(watch.map(JSONValue.string)) }
        return .object(members)
    }
}

/// A message the client sends (parse-server's `src/LiveQuery/RequestSchema.js`), as compact JSON
/// text with sorted keys.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum LiveQueryRequest: Sendable, Hashable {
    /// `connect`, with the application id and whichever keys and session the client has.
    case connect(LiveQueryCredentials)
    /// `subscribe` under the client's number for the subscription.
    case subscribe(requestId: Int, query: LiveQuerySubscriptionQuery, sessionToken: String?)
    /// `unsubscribe`.
    case unsubscribe(requestId: Int)

    var json: JSONValue {
        switch self {
        case .connect(let credentials):
            var members: [String: JSONValue] = ["op": "connect", "applicationId": .string(credentials.applicationId)]
            if let key = credentials.clientKey { members["clientKey"] = .string(key) }
            if let key = credentials.restAPIKey { members["restAPIKey"] = .string(key) }
            if let key = credentials.masterKey { members["masterKey"] = .string(key) }
            if let token = credentials.sessionToken { members["sessionToken"] = .string(token) }
            if let id = credentials.installationId { members["installationId"] = .string(id) }
            return .object(members)
        case .subscribe(let requestId, let query, let sessionToken):
            var members: [String: JSONValue] = ["op": "subscribe", "requestId": .int(requestId), "query": query.json]
            if let sessionToken { members["sessionToken"] = .string(sessionToken) }
            return .object(members)
        case .unsubscribe(let requestId):
            return ["op": "unsubscribe", "requestId": .int(requestId)]
        }
    }

    /// The message's text. Requests hold only strings and integers, which always serialise.
    var text: String {
        (try? json.serializedString()) ?? "{}"
    }
}

/// What `connect` carries. Its description shows which keys are set, never their values.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct LiveQueryCredentials: Sendable, Hashable, CustomStringConvertible {
    var applicationId: String
    var clientKey: String?
    var restAPIKey: String?
    /// Sent only when the configuration uses the master key by default.
    var masterKey: String?
    var sessionToken: String?
    var installationId: String?

    /// The credentials a client's configuration gives, with the session token of its user.
    init(_ configuration: ParseClientConfiguration, sessionToken: String?) {
        applicationId = configuration.applicationId
        clientKey = configuration.clientKey
        restAPIKey = configuration.restAPIKey
        masterKey = configuration.usesMasterKeyByDefault ? configuration.masterKey : nil
        self.sessionToken = sessionToken
        installationId = configuration.installationId
    }

    var description: String {
        "LiveQueryCredentials(applicationId: \(applicationId), clientKey: \(clientKey == nil ? "none" : Redactor.placeholder), "
            + "restAPIKey: \(restAPIKey == nil ? "none" : Redactor.placeholder), "
            + "masterKey: \(masterKey == nil ? "none" : Redactor.placeholder), "
            + "sessionToken: \(sessionToken == nil ? "none" : Redactor.placeholder))"
    }
}

/// A message the server sends (parse-server's `src/LiveQuery/Client.js`).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum LiveQueryServerMessage: Sendable, Hashable {
    case connected
    case subscribed(requestId: Int)
    case unsubscribed(requestId: Int)
    /// `error`; `requestId` is `nil` for an error about no subscription (a refused `connect`, a
    /// request the server could not read).
    case error(code: Int, message: String, reconnect: Bool, requestId: Int?)
    /// `create`, `enter`, `update`, `leave` or `delete`, with the object (after the write; before
    /// it for `delete`).
    case event(name: String, requestId: Int, object: [String: JSONValue])

    static let eventNames: Set<String> = ["create", "enter", "update", "leave", "delete"]

    /// The message in `text`, or `nil` for text that is not one (not JSON, an unknown `op`, a
    /// missing member): the client ignores those, as Parse's SDKs do.
    init?(text: String) {
        guard case .object(let members)? = try? JSONValue(parsing: Data(text.utf8)),
              case .string(let op)? = members["op"] else { return nil }
        let requestId = Self.integer(members["requestId"])
        switch op {
        case "connected":
            self = .connected
        case "subscribed":
            guard let requestId else { return nil }
            self = .subscribed(requestId: requestId)
        case "unsubscribed":
            guard let requestId else { return nil }
            self = .unsubscribed(requestId: requestId)
        case "error":
            let message: String
            if case .string(let text)? = members["error"] { message = text } else { message = "" }
            let reconnect: Bool
            if case .bool(let flag)? = members["reconnect"] { reconnect = flag } else { reconnect = true }
            self = .error(code: Self.integer(members["code"]) ?? 0, message: message, reconnect: reconnect, requestId: requestId)
        default:
            guard Self.eventNames.contains(op), let requestId, case .object(let object)? = members["object"] else { return nil }
            self = .event(name: op, requestId: requestId, object: object)
        }
    }

    /// A JSON number that is a whole number.
    private static func integer(_ value: JSONValue?) -> Int? {
        switch value {
        case .int(let number)?:
            return number
        case .double(let number)? where number.rounded() == number && abs(number) < 1e15:
            return Int(number)
        default:
            return nil
        }
    }
}
