// Built with the package trait TestServer only (docs/TestingParseCode.md).
#if TestServer
import Foundation
import NIOCore

/// Parse's LiveQuery protocol over the server's WebSockets, as Parse Server's
/// `src/LiveQuery/ParseLiveQueryServer.js` speaks it: clients `connect`, then `subscribe` (and
/// `update`, `unsubscribe`) with a `requestId` and a query; every write the REST side makes is
/// then matched against each subscription, before and after, and answered with `create`,
/// `enter`, `update`, `leave` or `delete` to the subscribers who may read the object.
///
/// It holds the connections and their subscriptions; ``SharedState`` calls it under its lock,
/// so each message is handled, and each write published, in turn.
struct LiveQuery {
    private let configuration: ParseTestServer.Configuration
    /// The open connections by peer id, and their ids in order of connection.
    private var sockets: [Int: Socket] = [:]
    private var order: [Int] = []

    init(configuration: ParseTestServer.Configuration) {
        self.configuration = configuration
    }

    private struct Socket {
        var peer: WebSocketPeer
        /// Set by a `connect` the keys allow.
        var client: Client?
    }

    /// A connected client: Parse Server's `Client`.
    private struct Client {
        var id: String
        var hasMasterKey: Bool
        var sessionToken: String?
        var installationId: String?
        /// In the order they were made.
        var subscriptions: [Subscription] = []

        /// The fields every server message to this client starts with.
        func message(_ op: String, requestId: JSON? = nil) -> [String: JSON] {
            var message: [String: JSON] = ["op": .string(op), "clientId": .string(id)]
            if let installationId { message["installationId"] = .string(installationId) }
            if let requestId { message["requestId"] = requestId }
            return message
        }
    }

    private struct Subscription {
        /// The client's number for it, echoed in every message about it.
        var requestId: JSON
        var className: String
        var constraints: [String: JSON]
        /// The fields sent (besides `className`, `objectId`, `createdAt`, `updatedAt`, `ACL`).
        var keys: [String]?
        /// The fields whose change alone makes a `create` or `update` worth sending.
        var watch: [String]?
        var sessionToken: String?

        func isNumbered(_ other: JSON) -> Bool {
            requestId.doubleValue == other.doubleValue
        }
    }

    // MARK: Connections

    mutating func opened(_ peer: WebSocketPeer) {
        sockets[peer.id] = Socket(peer: peer)
        order.append(peer.id)
    }

    mutating func closed(_ peer: WebSocketPeer) {
        sockets.removeValue(forKey: peer.id)
        order.removeAll { $0 == peer.id }
    }

    /// The open sockets, and the subscriptions of their clients.
    var counts: (connections: Int, subscriptions: Int) {
        (sockets.count, sockets.values.reduce(0) { $0 + ($1.client?.subscriptions.count ?? 0) })
    }

    /// Closes every socket with a close frame (1001, going away) and forgets its client at once.
    mutating func dropAll() {
        var goingAway = ByteBuffer()
        goingAway.writeInteger(UInt16(1001))
        for id in order {
            sockets[id]?.peer.close(payload: goingAway)
        }
        sockets.removeAll()
        order.removeAll()
    }

    // MARK: Requests

    /// Handles one message from a client, as `_onConnect`'s message handler does: text that is
    /// not JSON is ignored; a request its schema refuses is answered with error 1 and tv4's
    /// message; a binary message is read as an object without `op` (Parse Server does not parse
    /// it either).
    mutating func received(_ message: WebSocketMessage, from peer: WebSocketPeer, store: Store) {
        guard sockets[peer.id] != nil else { return }
        let request: JSON
        switch message {
        case .text(let text):
            guard let parsed = try? JSON(parsing: Data(text.utf8)) else { return }
            request = parsed
        case .binary:
            request = [:]
        }
        if let violation = RequestSchema.general.violation(by: request)
            ?? RequestSchema.forOperation(request["op"]?.stringValue)?.violation(by: request) {
            send(Self.error(1, violation), to: peer)
            return
        }
        switch request["op"]?.stringValue {
        case "connect":
            connect(request, from: peer)
        case "subscribe":
            subscribe(request, from: peer, store: store)
        case "update":
            // `_handleUpdateSubscription`: unsubscribed without a word, then subscribed again.
            unsubscribe(request, from: peer, answering: false)
            subscribe(request, from: peer, store: store)
        default:
            unsubscribe(request, from: peer, answering: true)
        }
    }

    /// `_handleConnect`: the keys are checked as Parse Server checks its LiveQuery `keyPairs`,
    /// here the server's REST API key and master key: one of them must match (error 4
    /// otherwise). Without a REST API key configured, no key is needed, as for REST. The
    /// application id and the session token are not checked, as on Parse Server. A second
    /// `connect` on one socket starts a new client, without the old one's subscriptions.
    private mutating func connect(_ request: JSON, from peer: WebSocketPeer) {
        let masterKey = request["masterKey"]?.stringValue
        let hasMasterKey = masterKey == configuration.masterKey
        if let restAPIKey = configuration.restAPIKey {
            let restKey = request["restAPIKey"]?.stringValue
            guard hasMasterKey || (restKey == restAPIKey && !restAPIKey.isEmpty) else {
                send(Self.error(4, "Key in request is not valid"), to: peer)
                return
            }
        }
        let client = Client(
            id: UUID().uuidString.lowercased(), hasMasterKey: hasMasterKey,
            sessionToken: request["sessionToken"]?.stringValue, installationId: request["installationId"]?.stringValue)
        sockets[peer.id]?.client = client
        send(.object(client.message("connected")), to: peer)
    }

    /// `_handleSubscribe`. A `_Session` subscription is narrowed to the sessions of the
    /// subscriber's user (error 209 without a valid session token). The `where` is not checked:
    /// what LiveQuery cannot evaluate just never matches (``Store/liveQueryMatches(_:className:_:)``).
    private mutating func subscribe(_ request: JSON, from peer: WebSocketPeer, store: Store) {
        guard var client = sockets[peer.id]?.client else {
            send(Self.error(2, "Can not find this client, make sure you connect to server before subscribing"), to: peer)
            return
        }
        let requestId = request["requestId"] ?? .null
        let query = request["query"] ?? [:]
        let className = query["className"]?.stringValue ?? ""
        var constraints = query["where"]?.objectValue ?? [:]
        let sessionToken = request["sessionToken"]?.stringValue
        if className == Store.sessionClass {
            let token = sessionToken
                ?? client.subscriptions.first { $0.isNumbered(requestId) }?.sessionToken
                ?? client.sessionToken
            guard let token, let userId = store.sessionUser(token) else {
                send(Self.error(209, "Invalid session token", reconnect: false, requestId: requestId), to: peer)
                return
            }
            constraints["user"] = ["__type": "Pointer", "className": .string(Store.userClass), "objectId": .string(userId)]
        }
        let subscription = Subscription(
            requestId: requestId, className: className, constraints: constraints,
            keys: query["keys"]?.arrayValue?.compactMap(\.stringValue), watch: query["watch"]?.arrayValue?.compactMap(\.stringValue),
            sessionToken: sessionToken)
        if let index = client.subscriptions.firstIndex(where: { $0.isNumbered(requestId) }) {
            client.subscriptions[index] = subscription
        } else {
            client.subscriptions.append(subscription)
        }
        sockets[peer.id]?.client = client
        send(.object(client.message("subscribed", requestId: requestId)), to: peer)
    }

    /// `_handleUnsubscribe`, answered `unsubscribed` unless it is the first half of an `update`.
    private mutating func unsubscribe(_ request: JSON, from peer: WebSocketPeer, answering: Bool) {
        guard var client = sockets[peer.id]?.client else {
            send(Self.error(2, "Can not find this client, make sure you connect to server before unsubscribing"), to: peer)
            return
        }
        let requestId = request["requestId"] ?? .null
        guard let index = client.subscriptions.firstIndex(where: { $0.isNumbered(requestId) }) else {
            send(Self.error(2, "Cannot find subscription with clientId \(client.id) subscriptionId \(requestId.text). "
                                + "Make sure you subscribe to live query server before unsubscribing."), to: peer)
            return
        }
        client.subscriptions.remove(at: index)
        sockets[peer.id]?.client = client
        if answering {
            send(.object(client.message("unsubscribed", requestId: requestId)), to: peer)
        }
    }

    /// `Client.pushError`: reconnect is `true` unless said otherwise, and `requestId` is `null`
    /// for an error about no subscription.
    private static func error(_ code: Int, _ message: String, reconnect: Bool = true, requestId: JSON = .null) -> JSON {
        ["op": "error", "error": .string(message), "code": .int(code), "reconnect": .bool(reconnect), "requestId": requestId]
    }

    private func send(_ message: JSON, to peer: WebSocketPeer) {
        peer.send(message.text)
    }

    // MARK: Events

    /// Sends what `writes` mean to each subscription of their class, write by write, clients in
    /// order of connection and subscriptions in the order they were made.
    func publish(_ writes: [Store.ObjectWrite], store: Store) {
        guard !writes.isEmpty else { return }
        for write in writes {
            for id in order {
                guard let socket = sockets[id], let client = socket.client else { continue }
                for subscription in client.subscriptions where subscription.className == write.className {
                    if let event = Self.event(for: write, subscription, of: client, store: store) {
                        send(event, to: socket.peer)
                    }
                }
            }
        }
    }

    /// The event one write makes for one subscription, as `_onAfterSave` and `_onAfterDelete`
    /// decide it: the object before and after is each matched against the query and checked
    /// against the subscriber's read access (`_matchesACL`); matched before and after is
    /// `update`, after only `enter` (`create` for a new object), before only `leave`, and a
    /// deleted object that matched is `delete`. With `watch`, a `create` or `update` is sent only
    /// when one of those fields changed.
    private static func event(
        for write: Store.ObjectWrite, _ subscription: Subscription, of client: Client, store: Store
    ) -> JSON? {
        func visible(_ object: StoredObject?) -> Bool {
            guard let object, store.liveQueryMatches(object, className: write.className, subscription.constraints) else {
                return false
            }
            return canRead(object, subscription, client, store)
        }
        func shown(_ object: StoredObject) -> JSON {
            render(object, className: write.className, keys: subscription.keys, store: store)
        }
        guard let after = write.after else {
            guard let before = write.before, visible(before) else { return nil }
            var message = client.message("delete", requestId: subscription.requestId)
            message["object"] = shown(before)
            return .object(message)
        }
        let op: String
        switch (visible(write.before), visible(after)) {
        case (true, true): op = "update"
        case (true, false): op = "leave"
        case (false, true): op = write.before == nil ? "create" : "enter"
        case (false, false): return nil
        }
        if op == "update" || op == "create", let watch = subscription.watch,
           !watch.contains(where: { changed($0, write.before, after, store) }) {
            return nil
        }
        var message = client.message(op, requestId: subscription.requestId)
        message["object"] = shown(after)
        if let before = write.before {
            message["original"] = shown(before)
        }
        return .object(message)
    }

    /// `_matchesACL`: with the master key, or when the object has no ACL or a public read one; or
    /// when the subscription's session token, or else the client's, is of a user (or in a role)
    /// the ACL lets read.
    private static func canRead(_ object: StoredObject, _ subscription: Subscription, _ client: Client, _ store: Store) -> Bool {
        if client.hasMasterKey || store.canAccess(object, "read", as: Caller()) { return true }
        for token in [subscription.sessionToken, client.sessionToken].compactMap({ $0 }) {
            guard let userId = store.sessionUser(token) else { continue }
            if store.canAccess(object, "read", as: Caller(userId: userId)) { return true }
        }
        return false
    }

    /// Whether a watched field differs between the object before and after (`get(field)` on
    /// each: a top-level field, never a dot path).
    private static func changed(_ field: String, _ before: StoredObject?, _ after: StoredObject, _ store: Store) -> Bool {
        guard !field.contains(".") else { return false }
        let old = before.flatMap { store.queryValue($0, field) }
        let new = store.queryValue(after, field)
        switch (old, new) {
        case (nil, nil): return false
        case (let old?, let new?): return !Matching.equal(old, new)
        default: return true
        }
    }

    /// An object as LiveQuery sends it: as a REST get shows it, plus its `className`; with
    /// `keys`, only those fields and `className`, `objectId`, `createdAt`, `updatedAt` and `ACL`
    /// (Client.js's `_toJSONWithFields`).
    private static func render(_ object: StoredObject, className: String, keys: [String]?, store: Store) -> JSON {
        var fields = store.render(object, className: className)
        fields["className"] = .string(className)
        if let keys {
            let kept = Set(["className", "objectId", "updatedAt", "createdAt", "ACL"] + keys)
            fields = fields.filter { kept.contains($0.key) }
        }
        return .object(fields)
    }
}

// MARK: - Matching

extension Store {
    /// Whether `object` matches a subscription's `where`, as Parse Server's LiveQuery decides it
    /// (QueryTools.js `matchesQuery`), each constraint it evaluates evaluated as a find does.
    /// What it cannot evaluate never matches: `$relatedTo`, `$inQuery`, `$notInQuery`, `$select`,
    /// `$dontSelect`, `$text` and any other operator it does not know, a constraint on a
    /// relation field, an object value compared without an operator, and `null` (which a find
    /// takes as "missing").
    func liveQueryMatches(_ object: StoredObject, className: String, _ constraints: [String: JSON]) -> Bool {
        constraints.allSatisfy { key, constraint in
            switch key {
            case "$or", "$and", "$nor":
                // Not an array: no clause, so `$or` holds for nothing and the others for all.
                let clauses = constraint.arrayValue ?? []
                let results = clauses.map { clause in
                    clause.objectValue.map { liveQueryMatches(object, className: className, $0) } ?? false
                }
                switch key {
                case "$or": return results.contains(true)
                case "$and": return !results.contains(false)
                default: return !results.contains(true)
                }
            case "$relatedTo":
                return false
            default:
                return liveQueryFieldMatches(object, className: className, key: key, constraint)
            }
        }
    }

    /// The operators QueryTools.js evaluates (its `matchesKeyConstraints`).
    private static let liveQueryOperators: Set<String> = [
        "$lt", "$lte", "$gt", "$gte", "$eq", "$ne", "$in", "$nin", "$all", "$exists", "$regex", "$options",
        "$nearSphere", "$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles", "$maxDistanceInKilometers",
        "$within", "$geoWithin", "$geoIntersects", "$containedBy",
    ]

    private func liveQueryFieldMatches(_ object: StoredObject, className: String, key: String, _ constraint: JSON) -> Bool {
        if constraint == .null { return false }
        if schema[className]?[key]?.name == "Relation" { return false }
        // A plain value, or a typed one (pointer, date…): equality, or an array holding it.
        guard case .object(var operators) = constraint, operators["__type"] == nil else {
            return (try? fieldMatches(object, className: className, key: key, constraint)) ?? false
        }
        guard operators.keys.allSatisfy(Self.liveQueryOperators.contains) else { return false }
        // Ignored by QueryTools: an `$exists` that is not a boolean, options without a pattern,
        // a distance without a centre.
        if operators["$exists"].map({ $0.boolValue == nil }) == true {
            operators.removeValue(forKey: "$exists")
        }
        if operators["$regex"] == nil {
            operators.removeValue(forKey: "$options")
        }
        if operators["$nearSphere"] == nil {
            for name in ["$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles", "$maxDistanceInKilometers"] {
                operators.removeValue(forKey: name)
            }
        }
        // `$containedBy`, which finds here do not take: every element of the array is in the list.
        if let allowed = operators.removeValue(forKey: "$containedBy") {
            guard let elements = queryValue(object, key)?.arrayValue, let allowed = allowed.arrayValue,
                  elements.allSatisfy({ element in allowed.contains { Matching.equal(element, $0) } }) else {
                return false
            }
        }
        // No operator left (`{}` included): every object matches.
        guard !operators.isEmpty else { return true }
        return (try? fieldMatches(object, className: className, key: key, .object(operators))) ?? false
    }
}

// MARK: - Request schemas

/// The JSON schemas Parse Server validates each LiveQuery request with (RequestSchema.js,
/// through tv4), and tv4's message for the first violation: a request that fails is answered
/// with error 1 and that message. Members are checked in the order of their names (tv4 goes in
/// the order the JSON text has them, so with several violations the one named may differ).
indirect enum RequestSchema {
    case anything
    case string
    case number
    /// Any object.
    case object
    /// A string among these.
    case oneOf([String])
    /// At least one string, no two equal (`keys`, `watch`).
    case fieldNames
    /// An object with these members, these required (in this order), and no other when `closed`.
    case members([String: RequestSchema], required: [String], closed: Bool)

    static let general = RequestSchema.members(
        ["op": .oneOf(["connect", "subscribe", "unsubscribe", "update"])], required: ["op"], closed: false)

    static let connect = RequestSchema.members([
        "op": .anything, "applicationId": .string, "javascriptKey": .string, "masterKey": .string, "clientKey": .string,
        "windowsKey": .string, "restAPIKey": .string, "sessionToken": .string, "installationId": .string,
    ], required: ["op", "applicationId"], closed: true)

    private static let query = RequestSchema.members([
        "className": .string, "where": .object, "keys": .fieldNames, "watch": .fieldNames,
    ], required: ["where", "className"], closed: true)

    /// `subscribe` and `update`.
    static let subscribe = RequestSchema.members([
        "op": .anything, "requestId": .number, "query": query, "sessionToken": .string,
    ], required: ["op", "requestId", "query"], closed: true)

    static let unsubscribe = RequestSchema.members(
        ["op": .anything, "requestId": .number], required: ["op", "requestId"], closed: true)

    static func forOperation(_ op: String?) -> RequestSchema? {
        switch op {
        case "connect": connect
        case "subscribe", "update": subscribe
        case "unsubscribe": unsubscribe
        default: nil
        }
    }

    /// tv4's message for the first way `value` breaks this schema, or `nil` when it does not.
    func violation(by value: JSON) -> String? {
        if let expected = typeName, Self.typeName(of: value) != expected {
            return "Invalid type: \(Self.typeName(of: value)) (expected \(expected))"
        }
        switch self {
        case .anything, .string, .number, .object:
            return nil
        case .oneOf(let allowed):
            return allowed.contains(value.stringValue ?? "") ? nil : "No enum match for: \(value.text)"
        case .fieldNames:
            let elements = value.arrayValue ?? []
            if elements.isEmpty { return "Array is too short (0), minimum 1" }
            for (first, element) in elements.enumerated() {
                if let second = elements[(first + 1)...].firstIndex(of: element) {
                    return "Array items are not unique (indices \(first) and \(second))"
                }
            }
            for element in elements {
                if let violation = RequestSchema.string.violation(by: element) { return violation }
            }
            return nil
        case .members(let members, let required, let closed):
            let object = value.objectValue ?? [:]
            for name in required where object[name] == nil {
                return "Missing required property: \(name)"
            }
            for name in object.keys.sorted() {
                guard let member = members[name] else {
                    if closed { return "Additional properties not allowed" }
                    continue
                }
                if let violation = member.violation(by: object[name] ?? .null) { return violation }
            }
            return nil
        }
    }

    private var typeName: String? {
        switch self {
        case .anything: nil
        case .string, .oneOf: "string"
        case .number: "number"
        case .object, .members: "object"
        case .fieldNames: "array"
        }
    }

    /// JavaScript's `typeof`, with tv4's `null` and `array`.
    private static func typeName(of value: JSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
#endif
