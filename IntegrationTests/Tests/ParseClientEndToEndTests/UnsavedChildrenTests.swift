import BookstoreModels
import Foundation
import LibraryModels
import ParseRuntime
import ParseTestServer
import PeopleModels
import Testing

/// A litter of the People sample's dogs: two pointers and an array of pointers to `Dog`, so
/// that one unsaved dog can be reached from several places.
private struct Litter: ParseObject, Sendable {
    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var mother: Dog?
    var father: Dog?
    var pups: [Dog]?
    init() {}
}

/// `create` and `update` with unsaved objects behind their pointers, against the test server:
/// each is stored once, before the object, and the pointers resolve; with custom object ids a
/// failure stores nothing; without them a failure of the object leaves its children, named.
@Suite("Unsaved pointed-to objects over HTTP")
struct UnsavedChildrenEndToEndTests {
    typealias Book = BookstoreModels.Book
    typealias Genre = BookstoreModels.Genre
    typealias ISBN = BookstoreModels.ISBN

    /// A server with Parse Server's `allowCustomObjectId` and a client that sends ids.
    private func withCustomObjectIds(_ body: (TestBackend, ParseClient) async throws -> Void) async throws {
        try await withServer(ParseTestServer.Configuration(allowCustomObjectId: true)) { server, client in
            var configuration = client.configuration
            configuration.allowsCustomObjectId = true
            try await body(server, ParseClient(configuration: configuration))
        }
    }

    @Test("a book with an unsaved genre and ISBN: they are stored once, first, and the book points to them")
    func createSavesTheChildrenFirst() async throws {
        try await withServer { server, client in
            let dune = try await client.create(Book(
                title: "Dune", publishingYear: 1965, genre: Genre(name: "Science Fiction"), isbn: ISBN(value: "9780441172719")))

            let duneId = try #require(dune.objectId)
            let genreId = try #require(dune.genre?.objectId)
            let isbnId = try #require(dune.isbn?.objectId)
            #expect(isParseObjectId(genreId) && isParseObjectId(isbnId))
            // The returned children keep their fields and have their timestamps.
            #expect(dune.genre?.name == "Science Fiction")
            #expect(dune.genre?.createdAt != nil)
            #expect(dune.isbn?.value == "9780441172719")

            // Stored once each, and the book stored with pointers to them.
            #expect(try await server.storedObjects("Genre").map { $0["name"] } == ["Science Fiction"])
            #expect(try await server.storedObjects("ISBN").map { $0["objectId"] } == [.string(isbnId)])
            #expect(try await server.storedObject("Book", duneId)?["genre"] == pointer("Genre", genreId))
            #expect(try await server.storedObject("Book", duneId)?["isbn"] == pointer("ISBN", isbnId))

            // One batch for the children, then the book.
            let requests = server.requests.map { "\($0.method) \($0.path)" }
            #expect(requests == ["POST /parse/batch", "POST /parse/classes/Book"])
            #expect(server.requests(path: "/parse/batch").first?.json?["requests"]?.arrayValue?.count == 2)

            let fetched = try await client.get(Book.self, id: duneId, include: [Book.Field.genre, Book.Field.isbn])
            #expect(fetched.genre?.name == "Science Fiction")
            #expect(fetched.isbn?.value == "9780441172719")
        }
    }

    @Test("deeper dogs go first, a batch per level, and a dog reached three times is stored once")
    func levelsAndSharedChildren() async throws {
        try await withServer { server, client in
            let lassie = Dog(name: "Lassie")
            var litter = Litter()
            litter.mother = lassie
            litter.father = Dog(name: "Rex", mother: Dog(name: "Grandma"))
            litter.pups = [Dog(name: "Pup", mother: lassie), Dog(name: "Pup 2", mother: lassie)]

            let saved = try await client.create(litter)

            let dogs = try await server.storedObjects("Dog")
            #expect(dogs.compactMap { $0["name"]?.stringValue }.sorted() == ["Grandma", "Lassie", "Pup", "Pup 2", "Rex"])
            let lassieId = try #require(saved.mother?.objectId)
            #expect(saved.pups?.map { $0.mother?.objectId } == [lassieId, lassieId])
            #expect(saved.pups?.map(\.name) == ["Pup", "Pup 2"])
            #expect(saved.father?.mother?.name == "Grandma")

            let batches = server.requests(method: "POST", path: "/parse/batch")
            #expect(batches.map { $0.json?["requests"]?.arrayValue?.count } == [2, 3])
            #expect(server.requests.last?.path == "/parse/classes/Litter")
            for pup in dogs where pup["name"]?.stringValue?.hasPrefix("Pup") == true {
                #expect(pup["mother"] == pointer("Dog", lassieId))
            }

            let fetched = try await client.get(Litter.self, id: try #require(saved.objectId), include: ["mother", "pups", "father.mother"])
            #expect(fetched.mother?.name == "Lassie")
            #expect(fetched.pups?.map(\.name) == ["Pup", "Pup 2"])
            #expect(fetched.father?.mother?.name == "Grandma")
        }
    }

    @Test("an update of a saved book to an unsaved genre stores the genre, then the pointer")
    func updateSavesTheChildrenFirst() async throws {
        try await withServer { server, client in
            let dune = try await client.create(Book(title: "Dune"))
            let updated = try await client.update(dune.set(\.genre, to: Genre(name: "SF")))
            let genreId = try #require(updated.genre?.objectId)
            #expect(updated.genre?.name == "SF")
            #expect(updated.title == "Dune")
            #expect(try await server.storedObject("Genre", genreId)?["name"] == "SF")
            #expect(try await server.storedObject("Book", dune.objectId ?? "")?["genre"] == pointer("Genre", genreId))
            let update = try #require(server.requests(method: "PUT", path: "/parse/classes/Book/\(dune.objectId ?? "")").first)
            #expect(update.json == ["genre": pointer("Genre", genreId)])
        }
    }

    @Test("without custom object ids a failure of the book leaves its genre and ISBN, and the error names them")
    func failureOfTheObjectLeavesTheChildren() async throws {
        try await withServer { server, client in
            // The Library sample's Book makes `genre` a string on the server, so the Bookstore
            // book (whose genre is a pointer) is refused: 400 / 111, after its children were saved.
            _ = try await client.create(LibraryModels.Book(title: "Poems", genre: .poetry))

            let error = await failure {
                try await client.create(Book(title: "Dune", genre: Genre(name: "SF"), isbn: ISBN(value: "9780441172719")))
            }

            guard case .incompleteSave(let incomplete)? = error else {
                Issue.record("expected .incompleteSave, got \(String(describing: error))")
                return
            }
            #expect(incomplete.error.parseError?.code == .incorrectType)
            #expect(error?.parseError?.code == .incorrectType)
            #expect(error?.httpStatus == 400)
            let genre = try #require(try await server.storedObjects("Genre").first)
            let isbn = try #require(try await server.storedObjects("ISBN").first)
            #expect(incomplete.saved == [
                ParseObjectReference(className: "Genre", objectId: genre["objectId"]?.stringValue ?? ""),
                ParseObjectReference(className: "ISBN", objectId: isbn["objectId"]?.stringValue ?? ""),
            ])
            #expect(String(describing: incomplete).contains("Genre/\(genre["objectId"]?.stringValue ?? "?")"))
            #expect(try await server.storedObjects("Book").map { $0["title"] } == ["Poems"])
        }
    }

    @Test("with custom object ids everything is one transaction: stored with the client's ids", .enabled(if: TestBackend.isInProcess, "the server starts with allowCustomObjectId"))
    func customObjectIdsMakeOneTransaction() async throws {
        try await withCustomObjectIds { server, client in
            let dune = try await client.create(Book(title: "Dune", genre: Genre(name: "SF"), isbn: ISBN(value: "9780441172719")))

            let genreId = try #require(dune.genre?.objectId)
            #expect(isParseObjectId(genreId))
            #expect(dune.genre?.name == "SF")
            #expect(try await server.storedObject("Genre", genreId)?["name"] == "SF")
            #expect(try await server.storedObject("ISBN", dune.isbn?.objectId ?? "")?["value"] == "9780441172719")
            #expect(try await server.storedObject("Book", dune.objectId ?? "")?["genre"] == pointer("Genre", genreId))
            #expect(server.requests.map { "\($0.method) \($0.path)" } == ["POST /parse/batch"])
            #expect(server.requests.first?.json?["transaction"] == true)

            let fetched = try await client.get(Book.self, id: try #require(dune.objectId), include: ["genre", "isbn"])
            #expect(fetched.genre?.name == "SF")
            #expect(fetched.isbn?.value == "9780441172719")
        }
    }

    @Test("with custom object ids a failure stores nothing at all", .enabled(if: TestBackend.isInProcess, "the server starts with allowCustomObjectId"))
    func customObjectIdsFailureStoresNothing() async throws {
        try await withCustomObjectIds { server, client in
            _ = try await client.create(LibraryModels.Book(title: "Poems", genre: .poetry))
            server.clearRequests()

            let error = await failure {
                try await client.create(Book(title: "Dune", genre: Genre(name: "SF"), isbn: ISBN(value: "9780441172719")))
            }

            // Parse Server's answer to a failed transaction, whatever item failed.
            #expect(error == .server(ParseError(code: .internalServer, message: "Internal server error.", httpStatus: 500)))
            #expect(try await server.storedObjects("Genre").isEmpty)
            #expect(try await server.storedObjects("ISBN").isEmpty)
            #expect(try await server.storedObjects("Book").count == 1)
            // Sent once: a batch of creates is not repeated.
            #expect(server.requests.map { "\($0.method) \($0.path) \($0.status ?? 0)" } == ["POST /parse/batch 500"])
        }
    }

    @Test("the server keeps a create's objectId only with allowCustomObjectId, as Parse Server does", .enabled(if: TestBackend.isInProcess, "the server starts with allowCustomObjectId"))
    func customObjectIdsOnTheServer() async throws {
        // A client that sends ids, to a server that does not allow them: 105.
        try await withServer { server, _ in
            var configuration = makeClient(for: server).configuration
            configuration.allowsCustomObjectId = true
            let client = ParseClient(configuration: configuration)
            var genre = Genre(name: "SF")
            genre.objectId = "genre00001"
            let refused = await failure { try await client.create(genre) }
            #expect(refused?.parseError?.code == .invalidKeyName)
            #expect(refused?.parseError?.message == "objectId is an invalid field name.")
            let stored = try await server.storedObjects("Genre")
            #expect(stored.isEmpty)
        }
        try await withCustomObjectIds { server, client in
            var genre = Genre(name: "SF")
            genre.objectId = "genre00001"
            let created = try await client.create(genre)
            #expect(created.objectId == "genre00001")
            #expect(try await server.storedObject("Genre", "genre00001")?["name"] == "SF")
            // A taken id is a duplicate value, as the database's unique index reports it.
            let taken = await failure { try await client.create(genre) }
            #expect(taken?.parseError?.code == .duplicateValue)
            // Without an id, the server makes one.
            #expect(isParseObjectId(try await client.create(Genre(name: "Fantasy")).objectId))
            #expect(try await server.storedObjects("Genre").count == 2)
        }
    }
}
