import Foundation
import Testing
@testable import ParseRuntime

/// A bookcase: a genre, and a featured book that points to a genre and authors, so that unsaved
/// objects sit two levels deep.
private struct Bookcase: ParseObject, Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String?
    var genre: Genre?
    var featured: Book?
    init() {}
}

/// A class-based object, the only kind that can point to itself through other objects.
private final class ChainNode: ParseObject, @unchecked Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String?
    var next: ChainNode?
    init() {}

    static func == (lhs: ChainNode, rhs: ChainNode) -> Bool { lhs === rhs }
}

/// `create` and `update` save the unsaved objects they point to first: one batch per level,
/// deepest first; an object reached twice created once; one transaction with custom ids;
/// failures that name what was saved; opting out keeps the old error.
@Suite struct UnsavedChildrenTests {
    typealias BookstoreBook = Bookstore.Book
    typealias BookstoreGenre = Bookstore.Genre
    typealias ISBN = Bookstore.ISBN

    private func genre(_ name: String) -> Genre {
        var genre = Genre()
        genre.name = name
        return genre
    }

    private func author(_ name: String) -> Author {
        var author = Author()
        author.name = name
        return author
    }

    private func pointer(_ className: String, _ objectId: String) -> String {
        #"{"__type":"Pointer","className":"\#(className)","objectId":"\#(objectId)"}"#
    }

    private func created(_ objectIds: [String]) -> HTTPResponse {
        json(200, "[" + objectIds.map { #"{"success":{"objectId":"\#($0)","createdAt":"\#(Fixture.createdAt)"}}"# }
            .joined(separator: ",") + "]")
    }

    private var dune: BookstoreBook {
        BookstoreBook(title: "Dune", genre: BookstoreGenre(name: "SF"), isbn: ISBN(value: "9780441172719"))
    }

    private func customIdClient(_ transport: RecordingTransport) -> ParseClient {
        var configuration = Fixture.configuration()
        configuration.allowsCustomObjectId = true
        return Fixture.client(transport, configuration: configuration)
    }

    // MARK: Level by level

    @Test func createSendsTheUnsavedPointersInOneBatchThenTheObjectPointingToThem() async throws {
        let transport = RecordingTransport(
            created(["g1", "i1"]),
            json(201, #"{"objectId":"b1","createdAt":"\#(Fixture.createdAt)"}"#))
        var acl = ParseACL()
        acl.publicRead = true
        var genre = BookstoreGenre(name: "SF")
        genre.ACL = acl
        let book = BookstoreBook(title: "Dune", genre: genre, isbn: ISBN(value: "9780441172719"))

        let saved = try await Fixture.client(transport).create(book)

        let requests = transport.requests
        try #require(requests.count == 2)
        try expectRequest(requests[0], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[
              {"method":"POST","path":"/parse/classes/Genre","body":{"name":"SF","ACL":{"*":{"read":true}}}},
              {"method":"POST","path":"/parse/classes/ISBN","body":{"value":"9780441172719"}}]}
            """)
        try expectRequest(requests[1], .post, "/parse/classes/Book", headers: Fixture.restHeaders(json: true), body: """
            {"title":"Dune","genre":\(pointer("Genre", "g1")),"isbn":\(pointer("ISBN", "i1"))}
            """)
        #expect(saved.objectId == "b1")
        #expect(saved.title == "Dune")
        // The children come back whole, with their ids and timestamps.
        #expect(saved.genre?.objectId == "g1")
        #expect(saved.genre?.name == "SF")
        #expect(saved.genre?.ACL == acl)
        #expect(saved.genre?.createdAt == Fixture.createdDate)
        #expect(saved.genre?.updatedAt == Fixture.createdDate)
        #expect(saved.isbn?.objectId == "i1")
        #expect(saved.isbn?.value == "9780441172719")
        #expect(saved.isbn?.createdAt == Fixture.createdDate)
    }

    @Test func deeperObjectsGoFirstOneBatchPerLevelAndAnObjectReachedTwiceIsCreatedOnce() async throws {
        let transport = RecordingTransport(
            created(["g1", "a1", "a2"]),
            created(["b1"]),
            json(201, #"{"objectId":"s1","createdAt":"\#(Fixture.createdAt)"}"#))
        var book = Book()
        book.title = "Dune"
        book.genre = genre("SF")
        book.coAuthors = [author("Frank"), author("Brian")]
        var shelf = Bookcase()
        shelf.name = "Favourites"
        shelf.genre = genre("SF") // equal to the book's: the same object
        shelf.featured = book

        let saved = try await Fixture.client(transport).create(shelf)

        let requests = transport.requests
        try #require(requests.count == 3)
        try expectRequest(requests[0], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[
              {"method":"POST","path":"/parse/classes/Genre","body":{"name":"SF"}},
              {"method":"POST","path":"/parse/classes/Author","body":{"name":"Frank"}},
              {"method":"POST","path":"/parse/classes/Author","body":{"name":"Brian"}}]}
            """)
        try expectRequest(requests[1], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[{"method":"POST","path":"/parse/classes/Books","body":{
              "title":"Dune","genre":\(pointer("Genre", "g1")),
              "co_authors":[\(pointer("Author", "a1")),\(pointer("Author", "a2"))]}}]}
            """)
        try expectRequest(requests[2], .post, "/parse/classes/Bookcase", headers: Fixture.restHeaders(json: true), body: """
            {"name":"Favourites","genre":\(pointer("Genre", "g1")),"featured":\(pointer("Books", "b1"))}
            """)
        #expect(saved.objectId == "s1")
        #expect(saved.genre?.objectId == "g1")
        #expect(saved.genre?.name == "SF")
        #expect(saved.featured?.objectId == "b1")
        #expect(saved.featured?.title == "Dune")
        #expect(saved.featured?.genre?.objectId == "g1")
        #expect(saved.featured?.genre?.name == "SF")
        #expect(saved.featured?.coAuthors?.map(\.objectId) == ["a1", "a2"])
        #expect(saved.featured?.coAuthors?.map(\.name) == ["Frank", "Brian"])
        #expect(saved.featured?.createdAt == Fixture.createdDate)
    }

    @Test func aLevelOfMoreThanFiftyIsSplitIntoBatchesOfFifty() async throws {
        let ids = (0..<120).map { "a\($0)" }
        let transport = RecordingTransport(
            created(Array(ids[0..<50])), created(Array(ids[50..<100])), created(Array(ids[100..<120])),
            json(201, #"{"objectId":"b1","createdAt":"\#(Fixture.createdAt)"}"#))
        var book = Book()
        book.title = "Anthology"
        book.coAuthors = (0..<120).map { author("Author \($0)") }

        let saved = try await Fixture.client(transport).create(book)

        let requests = transport.requests
        try #require(requests.count == 4)
        var names: [String] = []
        for (request, count) in zip(requests[0..<3], [50, 50, 20]) {
            #expect(request.path == "/parse/batch")
            let body = try JSONValue(parsing: try #require(request.body))
            let items = try #require(body["requests"]?.arrayValue)
            #expect(items.count == count)
            names += items.compactMap { $0["body"]?["name"]?.stringValue }
        }
        #expect(names == (0..<120).map { "Author \($0)" })
        let body = try JSONValue(parsing: try #require(requests[3].body))
        #expect(body["co_authors"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } == ids)
        #expect(saved.coAuthors?.map(\.objectId) == ids)
    }

    @Test func updateCreatesTheUnsavedObjectsOfTheFieldsItSends() async throws {
        let transport = RecordingTransport(created(["g1"]), json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var book = BookstoreBook(title: "Dune")
        book.objectId = "b1"
        book.createdAt = Fixture.createdDate
        var changed = book.mergeable
        changed.genre = BookstoreGenre(name: "SF")

        let updated = try await Fixture.client(transport).update(changed)

        let requests = transport.requests
        try #require(requests.count == 2)
        try expectRequest(requests[0], .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[{"method":"POST","path":"/parse/classes/Genre","body":{"name":"SF"}}]}
            """)
        try expectRequest(requests[1], .put, "/parse/classes/Book/b1", headers: Fixture.restHeaders(json: true),
                          body: #"{"genre":\#(pointer("Genre", "g1"))}"#)
        #expect(updated.title == "Dune")
        #expect(updated.updatedAt == Fixture.updatedDate)
        #expect(updated.genre?.objectId == "g1")
        #expect(updated.genre?.name == "SF")
    }

    @Test func anUpdateLeavesAnUnsavedObjectInAFieldItDoesNotSendToTheUsualError() async throws {
        let transport = RecordingTransport(created(["g1"]))
        var book = BookstoreBook(title: "Dune", genre: BookstoreGenre(name: "SF"))
        book.objectId = "b1"
        var changed = book.mergeable
        changed.genre = book.genre // unchanged: not sent, so not created
        changed.title = "Dune (1965)"
        let error = await expectClientError { try await Fixture.client(transport).update(changed) }
        guard case .encoding(let message) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("genre"))
        #expect(transport.requests.isEmpty)
    }

    @Test func aRequestThatCannotBeMadeFailsBeforeAnyChildIsSaved() async throws {
        let transport = RecordingTransport(created(["g1"]))
        let unsaved = BookstoreBook(title: "Dune", genre: BookstoreGenre(name: "SF"))
        let updateError = await expectClientError { try await Fixture.client(transport).update(unsaved) }
        #expect(updateError?.parseError?.code == .missingObjectId)
        var withId = unsaved
        withId.objectId = "mine"
        let createError = await expectClientError { try await Fixture.client(transport).create(withId) }
        if case .invalidRequest = createError {} else { Issue.record("expected .invalidRequest, got \(String(describing: createError))") }
        #expect(transport.requests.isEmpty)
    }

    @Test func aCycleOfUnsavedObjectsIsRefusedBeforeAnythingIsSent() async throws {
        let transport = RecordingTransport(created(["n1"]))
        let first = ChainNode()
        first.name = "first"
        let second = ChainNode()
        second.name = "second"
        first.next = second
        second.next = first
        defer { second.next = nil }

        let error = await expectClientError { try await Fixture.client(transport).create(first) }

        guard case .invalidRequest(let parseError) = error else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(parseError.message.contains("cycle"))
        #expect(parseError.message.contains("\"next.next\""))
        #expect(transport.requests.isEmpty)
    }

    // MARK: Failures without custom ids

    @Test func aFailureOfTheObjectNamesTheChildrenThatStaySaved() async throws {
        let transport = RecordingTransport(
            created(["g1", "i1"]),
            parseError(400, code: 137, "A duplicate value for a field with unique values was provided"))
        let error = await expectClientError { try await Fixture.client(transport).create(dune) }
        guard case .incompleteSave(let failure) = error else {
            Issue.record("expected .incompleteSave, got \(String(describing: error))")
            return
        }
        #expect(failure.saved == [ParseObjectReference(className: "Genre", objectId: "g1"),
                                  ParseObjectReference(className: "ISBN", objectId: "i1")])
        #expect(failure.error == .server(ParseError(
            code: .duplicateValue, message: "A duplicate value for a field with unique values was provided", httpStatus: 400)))
        #expect(error?.parseError?.code == .duplicateValue)
        #expect(error?.httpStatus == 400)
        let description = String(describing: try #require(error))
        #expect(description.contains("Genre/g1, ISBN/i1"))
        #expect(description.contains("A duplicate value"))
        expectNoSecrets(description)
        #expect(transport.requests.count == 2)
    }

    @Test func aFailedChildStopsTheSaveAndTheOthersOfItsBatchAreNamed() async throws {
        let transport = RecordingTransport(json(200, """
            [{"success":{"objectId":"g1","createdAt":"\(Fixture.createdAt)"}},
             {"error":{"code":137,"error":"A duplicate value for a field with unique values was provided"}}]
            """))
        let error = await expectClientError { try await Fixture.client(transport).create(dune) }
        guard case .incompleteSave(let failure) = error else {
            Issue.record("expected .incompleteSave, got \(String(describing: error))")
            return
        }
        #expect(failure.saved == [ParseObjectReference(className: "Genre", objectId: "g1")])
        #expect(failure.error.parseError?.code == .duplicateValue)
        #expect(transport.requests.count == 1)
    }

    @Test func whenNothingWasSavedTheErrorIsTheFailureItself() async throws {
        let transport = RecordingTransport(json(200, """
            [{"error":{"code":111,"error":"schema mismatch for Genre.name; expected Number but got String"}},
             {"error":{"code":111,"error":"schema mismatch for ISBN.value; expected Number but got String"}}]
            """))
        let error = await expectClientError { try await Fixture.client(transport).create(dune) }
        guard case .server(let parseError) = error else {
            Issue.record("expected .server, got \(String(describing: error))")
            return
        }
        #expect(parseError.code == .incorrectType)
        #expect(parseError.message.contains("Genre.name"))
        #expect(transport.requests.count == 1)
    }

    // MARK: Custom object ids

    @Test func withCustomObjectIdsEverythingIsOneTransaction() async throws {
        let transport = RecordingTransport(json(200, """
            [{"success":{"createdAt":"\(Fixture.createdAt)"}},
             {"success":{"createdAt":"\(Fixture.createdAt)"}},
             {"success":{"objectId":"b1","createdAt":"\(Fixture.createdAt)"}}]
            """))
        let saved = try await customIdClient(transport).create(dune)

        let request = try transport.onlyRequest()
        #expect(request.path == "/parse/batch")
        let body = try JSONValue(parsing: try #require(request.body))
        #expect(body["transaction"] == true)
        let items = try #require(body["requests"]?.arrayValue)
        try #require(items.count == 3)
        #expect(items.map { $0["method"] } == ["POST", "POST", "POST"])
        #expect(items.map { $0["path"] } == ["/parse/classes/Genre", "/parse/classes/ISBN", "/parse/classes/Book"])
        let genreId = try #require(items[0]["body"]?["objectId"]?.stringValue)
        let isbnId = try #require(items[1]["body"]?["objectId"]?.stringValue)
        for id in [genreId, isbnId] {
            #expect(id.count == 10 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, "\(id)")
        }
        #expect(genreId != isbnId)
        #expect(items[0]["body"] == ["name": "SF", "objectId": .string(genreId)])
        #expect(items[1]["body"] == ["value": "9780441172719", "objectId": .string(isbnId)])
        try expectJSON(try items[2]["body"].map { try $0.serialized() } ?? Data(), equals: """
            {"title":"Dune","genre":\(pointer("Genre", genreId)),"isbn":\(pointer("ISBN", isbnId))}
            """)
        #expect(saved.objectId == "b1")
        #expect(saved.genre?.objectId == genreId)
        #expect(saved.genre?.name == "SF")
        #expect(saved.genre?.createdAt == Fixture.createdDate)
        #expect(saved.isbn?.objectId == isbnId)
        #expect(saved.isbn?.value == "9780441172719")
    }

    @Test func withCustomObjectIdsAFailedTransactionSavedNothingAndSaysSo() async throws {
        // Parse Server answers a failed transaction so, whatever failed.
        let transport = RecordingTransport(json(500, #"{"code":1,"message":"Internal server error."}"#))
        let error = await expectClientError { try await customIdClient(transport).create(dune) }
        #expect(error == .server(ParseError(code: .internalServer, message: "Internal server error.", httpStatus: 500)))
        // Not repeated: the batch creates objects.
        #expect(transport.requests.count == 1)
    }

    @Test func withCustomObjectIdsAnUpdateAndItsChildrenAreOneTransaction() async throws {
        let transport = RecordingTransport(json(200, """
            [{"success":{"createdAt":"\(Fixture.createdAt)"}},
             {"success":{"updatedAt":"\(Fixture.updatedAt)"}}]
            """))
        var book = BookstoreBook(title: "Dune")
        book.objectId = "b1"
        book.genre = BookstoreGenre(name: "SF")

        let updated = try await customIdClient(transport).update(book)

        let body = try JSONValue(parsing: try #require(transport.onlyRequest().body))
        #expect(body["transaction"] == true)
        let items = try #require(body["requests"]?.arrayValue)
        try #require(items.count == 2)
        let genreId = try #require(items[0]["body"]?["objectId"]?.stringValue)
        #expect(items[1]["method"] == "PUT")
        #expect(items[1]["path"] == "/parse/classes/Book/b1")
        try expectJSON(try items[1]["body"].map { try $0.serialized() } ?? Data(), equals: """
            {"title":"Dune","genre":\(pointer("Genre", genreId))}
            """)
        #expect(updated.genre?.objectId == genreId)
        #expect(updated.updatedAt == Fixture.updatedDate)
    }

    // MARK: Opting out

    @Test func optingOutPerCallOrByConfigurationKeepsTheError() async throws {
        let transport = RecordingTransport(created(["g1", "i1"]), json(201, #"{"objectId":"b1","createdAt":"\#(Fixture.createdAt)"}"#))
        let perCall = await expectClientError {
            try await Fixture.client(transport).create(dune, options: ParseRequestOptions(savesUnsavedChildren: false))
        }
        var configuration = Fixture.configuration()
        configuration.savesUnsavedChildren = false
        let configured = await expectClientError { try await Fixture.client(transport, configuration: configuration).create(dune) }
        for error in [perCall, configured] {
            guard case .encoding(let message) = error else {
                Issue.record("expected .encoding, got \(String(describing: error))")
                continue
            }
            #expect(message.contains("genre"))
            #expect(message.contains("no objectId"))
        }
        #expect(transport.requests.isEmpty)

        // A call can opt back in.
        let saved = try await Fixture.client(transport, configuration: configuration)
            .create(dune, options: ParseRequestOptions(savesUnsavedChildren: true))
        #expect(saved.genre?.objectId == "g1")
        #expect(transport.requests.count == 2)
    }

    @Test func namedFieldUpdatesAndTypedSetsStillRefuseUnsavedObjects() async throws {
        let transport = RecordingTransport(created(["g1"]))
        var book = BookstoreBook(title: "Dune", genre: BookstoreGenre(name: "SF"))
        book.objectId = "b1"
        let named = await expectClientError {
            try await Fixture.client(transport).update(book, fields: [BookstoreBook.Field.genre])
        }
        let typed = await expectClientError {
            try await Fixture.client(transport).update(ParseUpdate(book).set(BookstoreBook.Field.genre, to: BookstoreGenre(name: "SF")))
        }
        for error in [named, typed] {
            if case .encoding = error {} else { Issue.record("expected .encoding, got \(String(describing: error))") }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func batchesStillRefuseUnsavedObjects() async throws {
        let transport = RecordingTransport(created(["b1"]))
        var batch = ParseBatch()
        batch.create(dune)
        let error = await expectClientError { try await Fixture.client(transport).send(batch) }
        guard case .encoding(let message) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("genre"))
        #expect(transport.requests.isEmpty)
    }
}
