import Foundation
import Testing
@testable import ParseRuntime

/// Create, get, update, save and delete: the exact requests and the decoding of the
/// documented responses.
@Suite struct ObjectOperationTests {
    typealias Book = Bookstore.Book
    typealias Genre = Bookstore.Genre
    typealias Author = Bookstore.Author

    private func savedGenre() -> Genre {
        var genre = Genre(name: "Science Fiction")
        genre.objectId = "g1"
        return genre
    }

    private func savedBook() -> Book {
        var book = Book(title: "Dune", publishingYear: 1965, genre: savedGenre())
        book.objectId = "b1"
        book.createdAt = Fixture.createdDate
        book.updatedAt = Fixture.createdDate
        return book
    }

    @Test func modelsInANamespaceKeepTheirClassNames() {
        #expect(Book.className == "Book")
        #expect(TodoApp.User.className == "_User")
        #expect(TodoApp.Role.className == "_Role")
    }

    // MARK: Create

    @Test func createPostsTheSaveBodyAndMergesObjectIdAndCreatedAt() async throws {
        let transport = RecordingTransport(json(201, #"{"objectId":"b1","createdAt":"\#(Fixture.createdAt)"}"#,
                                                headers: ["Location": "http://localhost:1337/parse/classes/Book/b1"]))
        let client = Fixture.client(transport)
        let book = Book(title: "Dune", publishingYear: 1965, genre: savedGenre())

        let created = try await client.create(book)

        try expectRequest(try transport.onlyRequest(), .post, "/parse/classes/Book",
                          headers: Fixture.restHeaders(json: true), body: """
            {"title":"Dune","publishingYear":1965,
             "genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}
            """)
        #expect(created.objectId == "b1")
        #expect(created.createdAt == Fixture.createdDate)
        #expect(created.updatedAt == Fixture.createdDate)
        #expect(created.title == "Dune")
        #expect(created.publishingYear == 1965)
        #expect(created.genre?.objectId == "g1")
        #expect(created.genre?.name == "Science Fiction", "the local nested object is kept whole")
    }

    @Test func createKeepsFieldsTheServerSets() async throws {
        let transport = RecordingTransport(json(201, """
            {"objectId":"b1","createdAt":"\(Fixture.createdAt)","publishingYear":2000}
            """))
        let created = try await Fixture.client(transport).create(Book(title: "Dune"))
        #expect(created.publishingYear == 2000)
    }

    @Test func createOfAnObjectWithAnUnsavedPointerFailsBeforeSendingWhenChildrenAreNotSaved() async throws {
        let transport = RecordingTransport(json(201, "{}"))
        let book = Book(title: "Dune", genre: Genre(name: "unsaved"))
        var configuration = Fixture.configuration()
        configuration.savesUnsavedChildren = false
        let error = await expectClientError { try await Fixture.client(transport, configuration: configuration).create(book) }
        guard case .encoding(let message) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("genre"))
        #expect(transport.requests.isEmpty)
    }

    @Test func createOfASavedObjectIsRefusedUnlessCustomObjectIdsAreAllowed() async throws {
        let transport = RecordingTransport(json(201, #"{"objectId":"mine","createdAt":"\#(Fixture.createdAt)"}"#))
        var book = Book(title: "Dune")
        book.objectId = "mine"
        let error = await expectClientError { try await Fixture.client(transport).create(book) }
        #expect(error?.parseError != nil)
        if case .invalidRequest = error {} else { Issue.record("expected .invalidRequest, got \(String(describing: error))") }
        #expect(transport.requests.isEmpty)

        var configuration = Fixture.configuration()
        configuration.allowsCustomObjectId = true
        let created = try await Fixture.client(transport, configuration: configuration).create(book)
        try expectRequest(try transport.onlyRequest(), .post, "/parse/classes/Book",
                          headers: Fixture.restHeaders(json: true), body: #"{"objectId":"mine","title":"Dune"}"#)
        #expect(created.objectId == "mine")
    }

    @Test func createOfAUniqueValueTakenIsADuplicateValueError() async throws {
        let transport = RecordingTransport(parseError(400, code: 137, "A duplicate value for a field with unique values was provided"))
        let error = await expectClientError { try await Fixture.client(transport).create(Bookstore.ISBN(value: "978-0441013593")) }
        #expect(error == .server(ParseError(code: .duplicateValue,
                                            message: "A duplicate value for a field with unique values was provided",
                                            httpStatus: 400)))
        #expect(error?.httpStatus == 400)
    }

    @Test func createResponseWithoutObjectIdIsADecodingError() async throws {
        let transport = RecordingTransport(json(201, #"{"createdAt":"\#(Fixture.createdAt)"}"#))
        let error = await expectClientError { try await Fixture.client(transport).create(Book(title: "Dune")) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "objectId")
        #expect(failure.httpStatus == 201)
    }

    // MARK: Get

    @Test func getWithIncludeDecodesTheIncludedObject() async throws {
        let transport = RecordingTransport(json(200, """
            {"objectId":"b1","title":"Dune","publishingYear":1965,
             "createdAt":"\(Fixture.createdAt)","updatedAt":"\(Fixture.updatedAt)",
             "genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"Science Fiction",
                      "createdAt":"\(Fixture.createdAt)","updatedAt":"\(Fixture.createdAt)"},
             "isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},
             "authors":{"__type":"Relation","className":"Author"},
             "ACL":{"*":{"read":true}}}
            """))
        let book = try await Fixture.client(transport).get(Book.self, id: "b1", include: ["genre", "genre.parent"])

        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book/b1",
                          query: ["include": "genre,genre.parent"], headers: Fixture.restHeaders())
        #expect(book.objectId == "b1")
        #expect(book.createdAt == Fixture.createdDate)
        #expect(book.updatedAt == Fixture.updatedDate)
        #expect(book.genre?.name == "Science Fiction")
        #expect(book.genre?.createdAt == Fixture.createdDate)
        #expect(book.isbn?.objectId == "i1")
        #expect(book.isbn?.value == nil)
        #expect(book.ACL?.publicRead == true)
    }

    @Test func getWithoutIncludeSendsNoQuery() async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":"a1","name":"Frank Herbert"}"#))
        let author = try await Fixture.client(transport).get(Author.self, id: "a1")
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Author/a1", headers: Fixture.restHeaders())
        #expect(author.name == "Frank Herbert")
    }

    @Test func getAndFetchSelectFieldsWithKeysAndExcludeKeys() async throws {
        // The guide: GET /parse/classes/GameScore/<id>?keys=score,playerName (and excludeKeys).
        let transport = RecordingTransport(json(200, #"{"objectId":"b1","title":"Dune"}"#))
        let client = Fixture.client(transport)
        let typed = try await client.get(Book.self, id: "b1", include: [Book.Field.genre],
                                         keys: [Book.Field.title, Book.Field.genre], excludeKeys: [Book.Field.isbn])
        let named = try await client.get(Book.self, id: "b1", keys: ["title", "genre.name"])
        let excluding = try await client.fetch(savedBook(), excludeKeys: [Book.Field.publishingYear, Book.Field.isbn])
        let onlyBuiltIns = try await client.fetch(savedBook(), keys: [String]())
        let requests = transport.requests
        #expect(requests.count == 4)
        try expectRequest(requests[0], .get, "/parse/classes/Book/b1",
                          query: ["include": "genre", "keys": "title,genre", "excludeKeys": "isbn"], headers: Fixture.restHeaders())
        try expectRequest(requests[1], .get, "/parse/classes/Book/b1", query: ["keys": "title,genre.name"], headers: Fixture.restHeaders())
        try expectRequest(requests[2], .get, "/parse/classes/Book/b1", query: ["excludeKeys": "publishingYear,isbn"], headers: Fixture.restHeaders())
        try expectRequest(requests[3], .get, "/parse/classes/Book/b1", query: ["keys": ""], headers: Fixture.restHeaders())
        for book in [typed, named, excluding, onlyBuiltIns] {
            #expect(book.title == "Dune")
            #expect(book.publishingYear == nil, "a field the server left out is nil")
        }
    }

    @Test func getOfAMissingObjectIsObjectNotFoundWith404() async throws {
        let transport = RecordingTransport(parseError(404, code: 101, "Object not found."))
        let error = await expectClientError { try await Fixture.client(transport).get(Book.self, id: "nope") }
        #expect(error == .server(ParseError(code: .objectNotFound, message: "Object not found.", httpStatus: 404)))
        #expect(transport.requests.count == 1, "a 404 is not retried")
    }

    @Test func objectIdsArePercentEncodedInPaths() async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":"a/b c?"}"#))
        _ = try await Fixture.client(transport).get(Author.self, id: "a/b c?")
        let request = try transport.onlyRequest()
        #expect(request.url.absoluteString == "http://localhost:1337/parse/classes/Author/a%2Fb%20c%3F")
    }

    @Test func fetchUsesTheObjectsId() async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":"b1","title":"Dune Messiah"}"#))
        let fetched = try await Fixture.client(transport).fetch(savedBook(), include: ["genre"])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book/b1",
                          query: ["include": "genre"], headers: Fixture.restHeaders())
        #expect(fetched.title == "Dune Messiah")
    }

    // MARK: Update

    @Test func updateOfAMergeableCopySendsOnlyTheChangedFields() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var changed = savedBook().mergeable
        changed.title = "Dune (50th anniversary)"
        changed.publishingYear = 1965 // unchanged value: not sent

        let updated = try await Fixture.client(transport).update(changed)

        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/Book/b1",
                          headers: Fixture.restHeaders(json: true), body: #"{"title":"Dune (50th anniversary)"}"#)
        #expect(updated.title == "Dune (50th anniversary)")
        #expect(updated.publishingYear == 1965, "fields of the original are kept")
        #expect(updated.genre?.name == "Science Fiction")
        #expect(updated.updatedAt == Fixture.updatedDate)
        #expect(updated.createdAt == Fixture.createdDate)
        #expect(updated.originalData == nil)
    }

    @Test func updateWithSetSendsOnlyThatField() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var other = Genre(name: "Fantasy")
        other.objectId = "g2"
        let updated = try await Fixture.client(transport).update(savedBook().set(\.genre, to: other))
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/Book/b1", headers: Fixture.restHeaders(json: true),
                          body: #"{"genre":{"__type":"Pointer","className":"Genre","objectId":"g2"}}"#)
        #expect(updated.genre?.objectId == "g2")
        #expect(updated.title == "Dune")
    }

    @Test func updateWithoutOriginalDataSendsEveryField() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        _ = try await Fixture.client(transport).update(savedBook())
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/Book/b1", headers: Fixture.restHeaders(json: true),
                          body: """
            {"title":"Dune","publishingYear":1965,"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}
            """)
    }

    @Test func updateOfExplicitFieldsDeletesTheNilOnes() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var book = savedBook()
        book.publishingYear = nil
        book.title = "Dune!"
        let updated = try await Fixture.client(transport).update(book, fields: [Book.Field.title, Book.Field.publishingYear])
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/Book/b1", headers: Fixture.restHeaders(json: true),
                          body: #"{"title":"Dune!","publishingYear":{"__op":"Delete"}}"#)
        #expect(updated.publishingYear == nil)
        #expect(updated.title == "Dune!")
    }

    @Test func updateOfAnUnsavedObjectFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let error = await expectClientError { try await Fixture.client(transport).update(Book(title: "x")) }
        #expect(error?.parseError?.code == .missingObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func updateWithAWrongTypeIsIncorrectType() async throws {
        let transport = RecordingTransport(parseError(400, code: 111, "schema mismatch for Book.publishingYear; expected Number but got String"))
        let error = await expectClientError { try await Fixture.client(transport).update(savedBook()) }
        #expect(error?.parseError?.code == .incorrectType)
        #expect(error?.httpStatus == 400)
    }

    @Test func updateResponseWithoutUpdatedAtIsADecodingError() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let error = await expectClientError { try await Fixture.client(transport).update(savedBook()) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "updatedAt")
    }

    @Test func relationOperationOfTheGeneratedAccessorIsSentAsAnUpdate() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var author = Author(name: "Frank Herbert")
        author.objectId = "a1"
        let operation = try savedBook().authorsRelation().add([author])
        let updated = try await Fixture.client(transport).update(operation)
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/Book/b1", headers: Fixture.restHeaders(json: true),
                          body: """
            {"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}
            """)
        #expect(updated.objectId == "b1")
        #expect(updated.updatedAt == Fixture.updatedDate)
    }

    // MARK: Save and delete

    @Test func saveCreatesUnsavedAndUpdatesSavedObjects() async throws {
        let transport = RecordingTransport([
            .respond(json(201, #"{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}"#)),
            .respond(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#)),
        ])
        let client = Fixture.client(transport)
        let created = try await client.save(Author(name: "Frank Herbert"))
        _ = try await client.save(created.set(\.name, to: "F. Herbert"))
        #expect(transport.requests.map(\.method) == [.post, .put])
        #expect(transport.requests.last?.path == "/parse/classes/Author/a1")
    }

    @Test func deleteSendsNoBodyAndAcceptsAnEmptyObject() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        try await Fixture.client(transport).delete(savedBook())
        try expectRequest(try transport.onlyRequest(), .delete, "/parse/classes/Book/b1", headers: Fixture.restHeaders())
    }

    @Test func deleteOfAMissingObjectIs404() async throws {
        let transport = RecordingTransport(parseError(404, code: 101, "Object not found."))
        let error = await expectClientError { try await Fixture.client(transport).delete(Book.self, id: "gone") }
        #expect(error?.parseError?.code == .objectNotFound)
        #expect(error?.httpStatus == 404)
    }

    @Test func deleteOfAnUnsavedObjectFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let error = await expectClientError { try await Fixture.client(transport).delete(Book(title: "x")) }
        #expect(error?.parseError?.code == .missingObjectId)
        #expect(transport.requests.isEmpty)
    }

    // MARK: Paths

    @Test func parseClassesHaveTheirOwnPaths() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let client = Fixture.client(transport)
        try await client.delete(TodoApp.User.self, id: "u1")
        try await client.delete(TodoApp.Role.self, id: "r1")
        try await client.delete(Session.self, id: "s1")
        try await client.delete(Installation.self, id: "i1")
        try await client.delete(Book.self, id: "b1")
        #expect(transport.requests.map(\.path) == [
            "/parse/users/u1", "/parse/roles/r1", "/parse/sessions/s1", "/parse/installations/i1", "/parse/classes/Book/b1",
        ])
    }

    @Test func aCustomClassNameIsUsedInThePath() async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":"x"}"#))
        _ = try await Fixture.client(transport).get(ParseRuntimeTests.Book.self, id: "x")
        #expect(transport.requests.first?.path == "/parse/classes/Books/x")
    }

    @Test(arguments: [
        ("http://localhost:1337/parse", "/parse/classes/Author/a1"),
        ("http://localhost:1337/parse/", "/parse/classes/Author/a1"),
        ("http://localhost:1337", "/classes/Author/a1"),
        ("https://api.example.com/v1/parse", "/v1/parse/classes/Author/a1"),
    ])
    func theMountPathPrefixesEveryPath(server: String, path: String) async throws {
        let transport = RecordingTransport(json(200, #"{"objectId":"a1"}"#))
        let configuration = Fixture.configuration(serverURL: try #require(URL(string: server)))
        _ = try await Fixture.client(transport, configuration: configuration).get(Author.self, id: "a1")
        #expect(transport.requests.first?.path == path)
    }
}
