import Foundation
import Testing
@testable import ParseRuntime

/// The helpers modelgen generates on each class for ParseRuntime (relation children, inverse
/// owners, the user's session calls, typed includes), run against the scripted transport: the
/// exact request each one sends and what it returns.
@Suite struct GeneratedHelperTests {
    typealias Author = Bookstore.Author
    typealias Book = Bookstore.Book
    typealias Genre = Bookstore.Genre
    typealias TodoList = TodoApp.TodoList
    typealias User = TodoApp.User

    private func saved<T: ParseObject>(_ object: T, _ id: String) -> T {
        var object = object
        object.objectId = id
        return object
    }

    @Test func aRelationQueryFindsTheChildrenWithRelatedTo() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":"a1","name":"Frank Herbert"}]}"#))
        let authors = try await Fixture.client(transport).find(saved(Book(title: "Dune"), "b1").authorsQuery())
        #expect(authors.map(\.name) == ["Frank Herbert"])
        #expect(authors.map(\.objectId) == ["a1"])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Author", jsonQuery: ["where": """
            {"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"key":"authors"}}
            """], headers: Fixture.restHeaders())
    }

    @Test func anInverseQueryFindsTheOwnersThroughARelation() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":"b1","title":"Dune"}]}"#))
        let books = try await Fixture.client(transport).find(saved(Author(name: "Frank Herbert"), "a1").booksQuery())
        #expect(books.map(\.title) == ["Dune"])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book", jsonQuery: ["where": """
            {"authors":{"__type":"Pointer","className":"Author","objectId":"a1"}}
            """], headers: Fixture.restHeaders())
    }

    @Test func anInverseQueryFindsTheOwnersThroughAPointer() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[],"count":0}"#))
        let list = saved(TodoList(title: "Groceries", owner: saved(User(), "u1")), "l1")
        let count = try await Fixture.client(transport).count(list.itemsQuery().limit(5))
        #expect(count == 0)
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/TodoListItem", jsonQuery: [
            "where": #"{"list":{"__type":"Pointer","className":"TodoList","objectId":"l1"}}"#,
            "count": "1", "limit": "0",
        ], headers: Fixture.restHeaders())
    }

    @Test func helperQueriesOfAnUnsavedObjectFailBeforeSending() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let client = Fixture.client(transport)
        let children = await expectClientError { try await client.find(Book(title: "Dune").authorsQuery()) }
        #expect(children?.parseError?.code == .missingObjectId)
        let owners = await expectClientError { try await client.find(Author(name: "Frank Herbert").booksQuery()) }
        if case .encoding = owners {} else { Issue.record("expected .encoding, got \(String(describing: owners))") }
        #expect(transport.requests.isEmpty)
    }

    @Test func getIncludesPointerFieldsNamedByTheirKeys() async throws {
        let transport = RecordingTransport(json(200, """
            {"objectId":"b1","title":"Dune","genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"SF"}}
            """))
        let book = try await Fixture.client(transport).get(Book.self, id: "b1", include: [Book.Field.genre, Book.Field.isbn])
        #expect(book.genre?.name == "SF")
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book/b1", query: ["include": "genre,isbn"],
                          headers: Fixture.restHeaders())
    }

    @Test func userSignUpSendsTheSchemaFieldsAndKeepsTheSession() async throws {
        let transport = RecordingTransport(
            json(201, #"{"objectId":"u1","createdAt":"\#(Fixture.createdAt)","sessionToken":"\#(Fixture.sessionToken)"}"#),
            json(200, #"{"objectId":"u1","username":"ada","displayName":"Ada"}"#),
            json(200, "{}"))
        let client = Fixture.client(transport)

        let ada = try await User.signUp(username: "ada", password: Fixture.password, email: "ada@example.com",
                                        displayName: "Ada", on: client)
        #expect(ada.objectId == "u1")
        #expect(ada.displayName == "Ada")
        #expect(ada.password == nil)
        #expect(client.sessionToken == Fixture.sessionToken)
        try expectRequest(transport.requests[0], .post, "/parse/users", headers: Fixture.signInHeaders(), body: """
            {"username":"ada","password":"\(Fixture.password)","email":"ada@example.com","displayName":"Ada"}
            """)

        let current = try await User.current(on: client)
        #expect(current.displayName == "Ada")
        try expectRequest(transport.requests[1], .get, "/parse/users/me", headers: Fixture.restHeaders(session: Fixture.sessionToken))

        try await User.logOut(on: client)
        try expectRequest(transport.requests[2], .post, "/parse/logout", headers: Fixture.restHeaders(session: Fixture.sessionToken))
        #expect(client.sessionToken == nil)
    }

    @Test func userLogInAndBecomeKeepTheSession() async throws {
        let transport = RecordingTransport(
            json(200, #"{"objectId":"u1","username":"ada","sessionToken":"\#(Fixture.sessionToken)"}"#),
            json(200, #"{"objectId":"u1","username":"ada","sessionToken":"\#(Fixture.sessionToken)"}"#))
        let client = Fixture.client(transport)

        let ada = try await User.logIn(username: "ada", password: Fixture.password, on: client)
        #expect(ada.username == "ada")
        #expect(client.sessionToken == Fixture.sessionToken)
        try expectRequest(transport.requests[0], .post, "/parse/login", headers: Fixture.signInHeaders(), body: """
            {"username":"ada","password":"\(Fixture.password)"}
            """)

        let other = Fixture.client(transport)
        let again = try await User.become(sessionToken: Fixture.sessionToken, on: other)
        #expect(again.objectId == "u1")
        #expect(other.sessionToken == Fixture.sessionToken)
        try expectRequest(transport.requests[1], .get, "/parse/users/me", headers: Fixture.restHeaders(session: Fixture.sessionToken))
    }

    @Test func currentUserWithoutASessionFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let error = await expectClientError { try await User.current(on: Fixture.client(transport)) }
        #expect(error?.parseError?.code == .invalidSessionToken)
        #expect(transport.requests.isEmpty)
    }
}
