import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// LiveQuery's pure parts: the exact text of each request, reading the server's messages, the
/// reconnection backoff, what is refused, the LiveQuery URL; and the connection's bookkeeping
/// (one socket, resubscribing after a drop, unsubscribing, closing after the last) against a
/// scripted socket.
@Suite struct LiveQueryTests {
    typealias Book = Bookstore.Book
    typealias Genre = Bookstore.Genre
    typealias Author = Bookstore.Author

    private func configuration(
        serverURL: String = "http://localhost:1337/parse", restAPIKey: String? = "rest-key", masterKey: String? = "master-key",
        clientKey: String? = nil, usesMasterKeyByDefault: Bool = false, installationId: String? = nil
    ) -> ParseClientConfiguration {
        ParseClientConfiguration(
            serverURL: URL(string: serverURL)!, applicationId: "app", restAPIKey: restAPIKey, masterKey: masterKey,
            clientKey: clientKey, usesMasterKeyByDefault: usesMasterKeyByDefault, installationId: installationId)
    }

    // MARK: Requests

    @Test func connectCarriesTheApplicationIdTheKeysAndTheSessionButNeverTheMasterKeyUnlessItIsTheDefault() {
        let plain = LiveQueryRequest.connect(LiveQueryCredentials(configuration(), sessionToken: nil))
        #expect(plain.text == #"{"applicationId":"app","op":"connect","restAPIKey":"rest-key"}"#)

        let full = LiveQueryRequest.connect(LiveQueryCredentials(
            configuration(clientKey: "client-key", installationId: "install-1"), sessionToken: "r:token"))
        #expect(full.text == #"{"applicationId":"app","clientKey":"client-key","installationId":"install-1","op":"connect","#
            + #""restAPIKey":"rest-key","sessionToken":"r:token"}"#)

        let master = LiveQueryRequest.connect(LiveQueryCredentials(configuration(usesMasterKeyByDefault: true), sessionToken: nil))
        #expect(master.text == #"{"applicationId":"app","masterKey":"master-key","op":"connect","restAPIKey":"rest-key"}"#)
    }

    @Test func credentialsDescribeWhichKeysAreSetNeverTheirValues() {
        let credentials = LiveQueryCredentials(configuration(clientKey: "client-key", usesMasterKeyByDefault: true), sessionToken: "r:token")
        let text = "\(credentials)"
        for secret in ["rest-key", "master-key", "client-key", "r:token"] {
            #expect(!text.contains(secret))
        }
        #expect(text.contains("applicationId: app"))
    }

    @Test func subscribeCarriesTheClassTheWhereAsFindEncodesItTheKeysAndTheWatchedFields() throws {
        let query = Book.query(Book.Field.publishingYear >= 1990, .startsWith(Book.Field.title, "Du")).keys(Book.Field.title, Book.Field.title)
        let subscription = try query.liveQuerySubscription(watching: [Book.Field.publishingYear.name])
        let request = LiveQueryRequest.subscribe(requestId: 3, query: subscription, sessionToken: "r:token")
        let find = try query.parameters().first { $0.name == "where" }?.value
        #expect(find == #"{"publishingYear":{"$gte":1990},"title":{"$regex":"^\\QDu\\E"}}"#)
        #expect(request.text == #"{"op":"subscribe","query":{"className":"Book","keys":["title"],"#
            + #""watch":["publishingYear"],"where":"# + (find ?? "") + #"},"requestId":3,"sessionToken":"r:token"}"#)

        let bare = try Book.query().liveQuerySubscription(watching: nil)
        #expect(LiveQueryRequest.subscribe(requestId: 1, query: bare, sessionToken: nil).text
            == #"{"op":"subscribe","query":{"className":"Book","where":{}},"requestId":1}"#)
    }

    @Test func unsubscribeIsItsRequestId() {
        #expect(LiveQueryRequest.unsubscribe(requestId: 7).text == #"{"op":"unsubscribe","requestId":7}"#)
    }

    // MARK: Server messages

    @Test func serverMessagesAreReadAndAnythingElseIgnored() {
        #expect(LiveQueryServerMessage(text: #"{"op":"connected","clientId":"c1"}"#) == .connected)
        #expect(LiveQueryServerMessage(text: #"{"op":"subscribed","clientId":"c1","requestId":2}"#) == .subscribed(requestId: 2))
        #expect(LiveQueryServerMessage(text: #"{"op":"unsubscribed","requestId":2.0}"#) == .unsubscribed(requestId: 2))
        #expect(LiveQueryServerMessage(text: #"{"op":"error","code":209,"error":"Invalid session token","reconnect":false,"requestId":4}"#)
            == .error(code: 209, message: "Invalid session token", reconnect: false, requestId: 4))
        #expect(LiveQueryServerMessage(text: #"{"op":"error","code":4,"error":"Key in request is not valid","reconnect":true,"requestId":null}"#)
            == .error(code: 4, message: "Key in request is not valid", reconnect: true, requestId: nil))
        #expect(LiveQueryServerMessage(text: #"{"op":"update","requestId":1,"object":{"objectId":"a","className":"Book"},"original":{}}"#)
            == .event(name: "update", requestId: 1, object: ["objectId": "a", "className": "Book"]))
        for ignored in ["not json", "[]", #"{"op":"hello"}"#, #"{"op":"create","requestId":1}"#, #"{"op":"subscribed"}"#, #"{"requestId":1}"#] {
            #expect(LiveQueryServerMessage(text: ignored) == nil, "\(ignored)")
        }
    }

    // MARK: Backoff

    @Test func reconnectionWaitsDoubleFromHalfASecondToThirtyWithTwentyPercentJitter() {
        let backoff = LiveQueryConnection.Timing.standard.backoff
        let middle = (1...9).map { backoff.backoff(afterAttempt: $0, random: 0.5) }
        #expect(middle == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        #expect(backoff.backoff(afterAttempt: 1, random: 0) == .milliseconds(400))
        #expect(backoff.backoff(afterAttempt: 1, random: 1) == .milliseconds(600))
        #expect(backoff.backoff(afterAttempt: 20, random: 1) == .seconds(36))
        #expect(backoff.backoff(afterAttempt: 20, random: 0) == .seconds(24))
    }

    // MARK: Refusals

    /// What QueryTools.js's matcher never matches, or never gets.
    static let refusedWhere: [(String, JSONValue)] = [
        ("$relatedTo", ["$relatedTo": ["object": ["__type": "Pointer", "className": "Genre", "objectId": "g"], "key": "books"]]),
        ("$inQuery", ["genre": ["$inQuery": ["className": "Genre", "where": [:]]]]),
        ("$notInQuery", ["genre": ["$notInQuery": ["className": "Genre", "where": [:]]]]),
        ("$select", ["title": ["$select": ["query": ["className": "Genre", "where": [:]], "key": "name"]]]),
        ("$dontSelect", ["title": ["$dontSelect": ["query": ["className": "Genre", "where": [:]], "key": "name"]]]),
        ("$text", ["title": ["$text": ["$search": ["$term": "dune"]]]]),
        ("$maxDistanceInKilometers", ["location": ["$nearSphere": ["__type": "GeoPoint", "latitude": 1, "longitude": 2], "$maxDistanceInKilometers": 5]]),
        ("$box", ["location": ["$box": []]]),
        ("$inQuery", ["$or": [["title": "a"], ["genre": ["$inQuery": ["className": "Genre", "where": [:]]]]]]),
        ("$text", ["$and": [["$nor": [["title": ["$text": ["$search": ["$term": "x"]]]]]]]]),
        ("$where", ["$where": "this.a == 1"]),
        ("$or", ["$or": ["title": "a"]]),
        ("null (for title)", ["title": nil]),
        ("an object value (for isbn)", ["isbn": ["prefix": "978"]]),
    ]

    @Test(arguments: 0..<refusedWhere.count)
    func refusedConstraints(_ index: Int) {
        let (name, whereJSON) = Self.refusedWhere[index]
        #expect(LiveQueryConstraints.refusal(in: whereJSON) == name)
    }

    @Test func acceptedConstraints() {
        let point: JSONValue = ["__type": "GeoPoint", "latitude": 1, "longitude": 2]
        let accepted: [JSONValue] = [
            [:],
            ["title": "Dune", "year": 1965, "genre": ["__type": "Pointer", "className": "Genre", "objectId": "g"]],
            ["year": ["$lt": 1, "$lte": 2, "$gt": 0, "$gte": 0, "$eq": 1, "$ne": 3, "$in": [1], "$nin": [2], "$exists": true]],
            ["tags": ["$all": ["a"], "$containedBy": ["a", "b"]]],
            ["title": ["$regex": "^Du", "$options": "i"]],
            ["location": ["$nearSphere": point, "$maxDistance": 0.5]],
            ["location": ["$within": ["$box": [point, point]]]],
            ["location": ["$geoWithin": ["$polygon": [point, point, point]]]],
            ["location": ["$geoWithin": ["$centerSphere": [[2, 1], 0.1]]]],
            ["bounds": ["$geoIntersects": ["$point": point]]],
            ["author.name": "Frank"],
            ["$or": [["title": "a"], ["title": "b"]], "$and": [["year": ["$gt": 1]]], "$nor": [["year": 3]]],
            ["createdAt": ["$gt": ["__type": "Date", "iso": "2024-01-01T00:00:00.000Z"]]],
        ]
        for whereJSON in accepted {
            #expect(LiveQueryConstraints.refusal(in: whereJSON) == nil, "\(whereJSON)")
        }
    }

    @Test func typedQueriesAreRefusedForWhatLiveQueryCannotEvaluateAndItsOptions() throws {
        var genre = Genre(name: "SF")
        genre.objectId = "g1"
        let refused: [(String, ParseQuery<Book>)] = [
            ("$inQuery", Book.query(.matchesQuery(Book.Field.genre, Genre.query()))),
            ("$notInQuery", Book.query(.doesNotMatchQuery(Book.Field.genre, Genre.query()))),
            ("$select", Book.query(.matchesKeyInQuery(Book.Field.title, key: Genre.Field.name, in: Genre.query()))),
            ("$dontSelect", Book.query(.doesNotMatchKeyInQuery(Book.Field.title, key: Genre.Field.name, in: Genre.query()))),
            ("$text", Book.query(.matchesText(Book.Field.title, "dune"))),
            ("order", Book.query().order(.ascending(Book.Field.title))),
            ("limit", Book.query().limit(5)),
            ("skip", Book.query().skip(5)),
            ("include", Book.query().include(Book.Field.genre)),
            ("excludeKeys", Book.query().excludeKeys(Book.Field.title)),
            ("readPreference", Book.query().readPreference(.nearest)),
        ]
        for (name, query) in refused {
            #expect(throws: ParseLiveQueryError.unsupportedConstraint(name)) { try query.liveQuerySubscription(watching: nil) }
        }
        var book = Book(title: "Dune")
        book.objectId = "b1"
        #expect(throws: ParseLiveQueryError.unsupportedConstraint("$relatedTo")) {
            try Author.query(.relatedTo(book, through: Book.Field.authors)).liveQuerySubscription(watching: nil)
        }
        // Geo queries the matcher evaluates.
        let here = try ParseGeoPoint(latitude: 1, longitude: 2)
        _ = try Place.query(.near(Place.Field.location, here, within: .kilometers(5))).liveQuerySubscription(watching: nil)
        _ = try Place.query(.within(Place.Field.location, .miles(3), of: here)).liveQuerySubscription(watching: nil)
        _ = try Book.query(Book.Field.genre == genre).liveQuerySubscription(watching: nil)
    }

    // MARK: The URL

    @Test func theLiveQueryURLIsTheServerURLWithWsOrWssUnlessGiven() {
        #expect(configuration().liveQueryURL?.absoluteString == "ws://localhost:1337/parse")
        #expect(configuration(serverURL: "https://api.example.com/parse/").liveQueryURL?.absoluteString == "wss://api.example.com/parse/")
        var given = configuration()
        given.liveQueryServerURL = URL(string: "wss://live.example.com/")
        #expect(given.liveQueryURL?.absoluteString == "wss://live.example.com/")
        #expect(given.description.contains("liveQueryServerURL: wss://live.example.com/"))
        #expect(configuration(serverURL: "ftp://example.com/parse").liveQueryURL == nil)
    }

    @Test func theUpgradeRequestsHostHeaderBracketsAnIPv6AddressAndNamesAGivenPort() {
        #expect(LiveQueryWebSocket.hostHeader(host: "live.example.com", port: nil) == "live.example.com")
        #expect(LiveQueryWebSocket.hostHeader(host: "127.0.0.1", port: 1337) == "127.0.0.1:1337")
        #expect(LiveQueryWebSocket.hostHeader(host: "::1", port: 1337) == "[::1]:1337")
        #expect(LiveQueryWebSocket.hostHeader(host: "fe80::1", port: nil) == "[fe80::1]")
        #expect(LiveQueryWebSocket.hostHeader(host: "[::1]", port: 8080) == "[::1]:8080")
    }

    // MARK: Messages in fragments (the Linux socket)

    @Test func fragmentsAreJoinedIntoOneMessage() {
        var assembler = LiveQueryWebSocket.MessageAssembler(limit: 32)
        #expect(assembler.text(Array(#"{"op":"#.utf8), final: false) == .incomplete)
        #expect(assembler.continuation(Array(#""con"#.utf8), final: false) == .incomplete)
        #expect(assembler.continuation(Array(#"nected"}"#.utf8), final: true) == .message(#"{"op":"connected"}"#))
        var whole = LiveQueryWebSocket.MessageAssembler(limit: 64)
        #expect(whole.text(Array("a message".utf8), final: true) == .message("a message"))
        #expect(whole.text(Array("ab".utf8), final: false) == .incomplete)
        #expect(whole.continuation(Array("cd".utf8), final: true) == .message("abcd"))
        // A continuation after the final fragment, or with nothing begun, is joined to nothing.
        #expect(whole.continuation(Array("ef".utf8), final: true) == .ignored)
        // A new text frame drops an unfinished message.
        #expect(whole.text(Array("gh".utf8), final: false) == .incomplete)
        #expect(whole.text(Array("ij".utf8), final: true) == .message("ij"))
    }

    @Test func aMessageOverTheLimitIsRefusedWhetherWholeOrInFragments() {
        var assembler = LiveQueryWebSocket.MessageAssembler(limit: 8)
        #expect(assembler.text(Array("12345678".utf8), final: true) == .message("12345678"))
        #expect(assembler.text(Array("123456789".utf8), final: true) == .tooLarge)
        #expect(assembler.text(Array("12345".utf8), final: false) == .incomplete)
        #expect(assembler.continuation(Array("678".utf8), final: false) == .incomplete)
        #expect(assembler.continuation(Array("9".utf8), final: true) == .tooLarge)
        // Nothing of the refused message is kept.
        #expect(assembler.continuation(Array("0".utf8), final: true) == .ignored)
        #expect(LiveQueryWebSocket.MessageAssembler().limit == 16 << 20)
    }

    @Test func withoutTheTraitLinuxSaysWhichTraitToAdd() async throws {
        let client = ParseClient(configuration: configuration())
        #if canImport(FoundationNetworking) && !(LiveQuery || TestServer)
        await #expect(throws: ParseLiveQueryError.unavailable(
            reason: #"LiveQuery on Linux needs the package trait LiveQuery: add traits: ["LiveQuery"] to the modelgen package in your Package.swift"#)) {
            _ = try await client.subscribe(Book.query())
        }
        #else
        _ = client
        #endif
    }

    // MARK: The connection

    @Test func oneSocketResubscribesAfterADropAndClosesAfterTheLastUnsubscribe() async throws {
        let server = ScriptedServer()
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { "r:token" }, log: { _ in }, random: { 0.5 },
            timing: .init(backoff: ParseRetryPolicy(initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(5)),
                          pingInterval: .seconds(60), connectTimeout: .seconds(1)),
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        let books = try Book.query().liveQuerySubscription(watching: nil)
        let (first, firstEvents) = try await connection.subscribe(books)
        // (A stream dropped unread would unsubscribe: the test keeps both.)
        let (second, secondEvents) = try await connection.subscribe(books)
        #expect((first, second) == (1, 2))
        #expect(server.urls == ["ws://localhost:1337/parse"])
        let subscribeTexts = [1, 2].map { LiveQueryRequest.subscribe(requestId: $0, query: books, sessionToken: "r:token").text }
        let connect = LiveQueryRequest.connect(LiveQueryCredentials(configuration(), sessionToken: "r:token")).text
        #expect(server.sockets[0].sent == [connect] + subscribeTexts)

        // Dropped: a second socket, connect again, both subscriptions again, in order.
        server.sockets[0].drop()
        try await waitUntil { server.sockets.count == 2 && server.sockets[1].sent.count == 3 }
        #expect(server.sockets[1].sent == [connect] + subscribeTexts)

        // Events reach their subscription.
        server.sockets[1].say(#"{"op":"create","requestId":1,"object":{"objectId":"b1","title":"Dune"}}"#)
        var iterator = firstEvents.makeAsyncIterator()
        #expect(try await iterator.next() == LiveQueryRawEvent(name: "create", object: ["objectId": "b1", "title": "Dune"]))

        await connection.unsubscribe(1)
        #expect(server.sockets[1].sent.last == LiveQueryRequest.unsubscribe(requestId: 1).text)
        #expect(!server.sockets[1].isClosed)
        #expect(try await iterator.next() == nil)
        await connection.unsubscribe(2)
        #expect(server.sockets[1].sent.last == LiveQueryRequest.unsubscribe(requestId: 2).text)
        #expect(server.sockets[1].isClosed)
        #expect(await connection.subscriptionCount == 0)
        withExtendedLifetime(secondEvents) {}
    }

    @Test func aNewSessionReplacesTheSocketAndSubscribesAgainWithIt() async throws {
        let server = ScriptedServer()
        let token = LockedValue<String?>(nil)
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { token.current }, log: { _ in }, random: { 0.5 },
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        // Without subscriptions there is no socket to replace.
        await connection.sessionChanged()
        #expect(server.sockets.isEmpty)

        let books = try Book.query().liveQuerySubscription(watching: nil)
        let (id, events) = try await connection.subscribe(books)
        #expect(server.sockets[0].sent == [LiveQueryRequest.connect(LiveQueryCredentials(configuration(), sessionToken: nil)).text,
                                           LiveQueryRequest.subscribe(requestId: id, query: books, sessionToken: nil).text])
        token.withLock { $0 = "r:alice" }
        await connection.sessionChanged()
        try await waitUntil { server.sockets.count == 2 && server.sockets[1].sent.count == 2 }
        #expect(server.sockets[0].isClosed)
        #expect(server.sockets[1].sent == [LiveQueryRequest.connect(LiveQueryCredentials(configuration(), sessionToken: "r:alice")).text,
                                           LiveQueryRequest.subscribe(requestId: id, query: books, sessionToken: "r:alice").text])
        // The subscription goes on: the new socket's events reach it.
        server.sockets[1].say(#"{"op":"create","requestId":1,"object":{"objectId":"b1","title":"Dune"}}"#)
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == LiveQueryRawEvent(name: "create", object: ["objectId": "b1", "title": "Dune"]))
        // A logout: the same again, without a session.
        token.withLock { $0 = nil }
        await connection.sessionChanged()
        try await waitUntil { server.sockets.count == 3 && server.sockets[2].sent.count == 2 }
        #expect(server.sockets[1].isClosed)
        #expect(server.sockets[2].sent == [LiveQueryRequest.connect(LiveQueryCredentials(configuration(), sessionToken: nil)).text,
                                           LiveQueryRequest.subscribe(requestId: id, query: books, sessionToken: nil).text])
        await connection.unsubscribe(id)
        #expect(server.sockets.count == 3)
    }

    @Test func anErrorWithoutARequestIdIsTheOldestUnansweredSubscriptions() async throws {
        let server = ScriptedServer(refusing: 2)
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { nil }, log: { _ in }, random: { 0.5 },
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        let books = try Book.query().liveQuerySubscription(watching: nil)
        let (_, events) = try await connection.subscribe(books)
        await #expect(throws: ParseLiveQueryError.server(code: 1, message: "Array items are not unique (indices 0 and 1)")) {
            _ = try await connection.subscribe(books)
        }
        #expect(await connection.subscriptionCount == 1)
        await connection.unsubscribe(1)
        withExtendedLifetime(events) {}
    }

    @Test func droppingAStreamUnreadUnsubscribes() async throws {
        let server = ScriptedServer()
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { nil }, log: { _ in }, random: { 0.5 },
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        _ = try await connection.subscribe(try Book.query().liveQuerySubscription(watching: nil))
        try await waitUntil { server.sockets.first?.isClosed == true }
        #expect(server.sockets[0].sent.last == LiveQueryRequest.unsubscribe(requestId: 1).text)
        #expect(await connection.subscriptionCount == 0)
    }

    @Test func aPingLeftUnansweredClosesTheSocketWhichThenReconnects() async throws {
        let server = ScriptedServer(answersPings: false)
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { nil }, log: { _ in }, random: { 0.5 },
            timing: .init(backoff: ParseRetryPolicy(initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(5)),
                          pingInterval: .milliseconds(20), connectTimeout: .seconds(1)),
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        let (id, events) = try await connection.subscribe(try Book.query().liveQuerySubscription(watching: nil))
        try await waitUntil { server.sockets.count >= 2 && server.sockets[1].sent.count == 2 }
        #expect(server.sockets[0].isClosed)
        #expect(server.sockets[0].pings == 1)
        #expect(server.sockets[1].sent.last == LiveQueryRequest.subscribe(requestId: id, query: try Book.query().liveQuerySubscription(watching: nil), sessionToken: nil).text)
        await connection.unsubscribe(id)
        withExtendedLifetime(events) {}
    }

    @Test func answeredPingsKeepTheSocket() async throws {
        let server = ScriptedServer()
        let connection = LiveQueryConnection(
            configuration: configuration(), sessionToken: { nil }, log: { _ in }, random: { 0.5 },
            timing: .init(backoff: .default, pingInterval: .milliseconds(10), connectTimeout: .seconds(1)),
            connector: { url, _ throws(ParseLiveQueryError) in server.open(url) })
        let (id, events) = try await connection.subscribe(try Book.query().liveQuerySubscription(watching: nil))
        try await waitUntil { (server.sockets.first?.pings ?? 0) >= 5 }
        #expect(server.sockets.count == 1)
        #expect(server.sockets[0].isClosed == false)
        await connection.unsubscribe(id)
        #expect(server.sockets[0].isClosed)
        withExtendedLifetime(events) {}
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Sockets that answer `connect` with `connected` and `subscribe` with `subscribed` (or, for the
/// request id `refusing`, a schema error without a request id, as Parse Server sends it).
private final class ScriptedServer: Sendable {
    private let opened = LockedValue<[ScriptedSocket]>([])
    private let opening = LockedValue<[String]>([])
    let refusing: Int?
    let answersPings: Bool

    init(refusing: Int? = nil, answersPings: Bool = true) {
        self.refusing = refusing
        self.answersPings = answersPings
    }

    var sockets: [ScriptedSocket] { opened.current }
    var urls: [String] { opening.current }

    func open(_ url: URL) -> any LiveQuerySocket {
        let socket = ScriptedSocket(refusing: refusing, answersPings: answersPings)
        opened.withLock { $0.append(socket) }
        opening.withLock { $0.append(url.absoluteString) }
        return socket
    }
}

private final class ScriptedSocket: LiveQuerySocket {
    let messages: AsyncStream<String>
    private let inbox: AsyncStream<String>.Continuation
    private let log = LockedValue<[String]>([])
    private let closed = LockedValue(false)
    private let refusing: Int?
    private let answersPings: Bool
    private let pingCount = LockedValue(0)

    init(refusing: Int?, answersPings: Bool) {
        (messages, inbox) = AsyncStream.makeStream(of: String.self)
        self.refusing = refusing
        self.answersPings = answersPings
    }

    /// How many pings the client sent.
    var pings: Int { pingCount.current }

    var sent: [String] { log.current }
    var isClosed: Bool { closed.current }

    func send(_ text: String) {
        log.withLock { $0.append(text) }
        guard case .object(let request)? = try? JSONValue(parsing: Data(text.utf8)) else { return }
        switch request["op"] {
        case "connect":
            say(#"{"op":"connected","clientId":"c"}"#)
        case "subscribe":
            if request["requestId"] == refusing.map({ JSONValue.int($0) }) {
                say(#"{"op":"error","code":1,"error":"Array items are not unique (indices 0 and 1)","reconnect":true,"requestId":null}"#)
            } else if case .int(let id)? = request["requestId"] {
                say(#"{"op":"subscribed","clientId":"c","requestId":\#(id)}"#)
            }
        default:
            break
        }
    }

    func say(_ text: String) { inbox.yield(text) }
    func drop() { inbox.finish() }
    func ping(_ answered: @escaping @Sendable (Bool) -> Void) {
        pingCount.withLock { $0 += 1 }
        if answersPings { answered(true) }
    }
    func close() {
        closed.withLock { $0 = true }
        inbox.finish()
    }
}
