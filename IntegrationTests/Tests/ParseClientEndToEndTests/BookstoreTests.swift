import BookstoreModels
import Foundation
import ParseRuntime
import ParseTestServer
import Testing

/// The Bookstore sample (pointers, a one-to-one ISBN, many-to-many relations with inverses)
/// through the real client and URLSession against the test server.
@Suite("Bookstore over HTTP")
struct BookstoreTests {
    @Test("create answers 201 with an objectId, a Location and the pointers stored as pointers; get includes them whole")
    func createAndGetWithInclude() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            #expect(isParseObjectId(sciFi.objectId))
            #expect(sciFi.createdAt != nil)
            #expect(sciFi.updatedAt == sciFi.createdAt)
            let isbn = try await client.create(ISBN(value: "9780441172719"))
            let dune = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi, isbn: isbn))
            let duneId = try #require(dune.objectId)
            #expect(isParseObjectId(duneId))
            #expect(dune.title == "Dune")

            // What the server stored: nested objects were sent as pointers.
            let stored = try #require(try await server.storedObject("Book", duneId))
            #expect(stored["genre"] == pointer("Genre", sciFi.objectId))
            #expect(stored["isbn"] == pointer("ISBN", isbn.objectId))
            #expect(stored["title"] == "Dune")
            #expect(stored["publishingYear"] == 1965)
            #expect(try await server.fieldType("Book", "genre") == "Pointer<Genre>")
            #expect(try await server.fieldType("Book", "publishingYear") == "Number")

            // The create request and its answer.
            let create = try #require(server.requests(method: "POST", path: "/parse/classes/Book").first)
            #expect(create.status == 201)
            #expect(create.responseHeaders["Location"] == "\(server.publicURL.absoluteString)/classes/Book/\(duneId)")
            #expect(create.headers["x-parse-application-id"] == server.configuration.applicationId)
            #expect(create.headers["x-parse-rest-api-key"] == server.configuration.restAPIKey)
            #expect(create.headers["content-type"] == "application/json")
            #expect(create.json?["genre"] == pointer("Genre", sciFi.objectId))
            #expect(create.json?["objectId"] == nil)

            // Without include the genre is a pointer: only its id.
            let plain = try await client.get(Book.self, id: duneId)
            #expect(plain.title == "Dune")
            #expect(plain.publishingYear == 1965)
            #expect(plain.genre?.objectId == sciFi.objectId)
            #expect(plain.genre?.name == nil)
            #expect(plain.createdAt == dune.createdAt)
            #expect(server.requests(method: "GET", path: "/parse/classes/Book/\(duneId)").last?.headers["content-type"] == nil)

            // With include, whole.
            let full = try await client.get(Book.self, id: duneId, include: ["genre", "isbn"])
            #expect(full.genre?.name == "Science Fiction")
            #expect(full.genre?.objectId == sciFi.objectId)
            #expect(full.isbn?.value == "9780441172719")
            #expect(server.requests(method: "GET", path: "/parse/classes/Book/\(duneId)").last?.query["include"] == "genre,isbn")

            // An included pointer whose target is gone disappears, as in Parse.
            try await client.delete(isbn)
            let orphan = try await client.get(Book.self, id: duneId, include: ["isbn"])
            #expect(orphan.isbn == nil)
            #expect(orphan.title == "Dune")
        }
    }

    @Test("queries: comparisons, $in/$nin, $exists, $regex, $inQuery, $or, order, skip, limit, keys, excludeKeys, count")
    func queries() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            let fantasy = try await client.create(Genre(name: "Fantasy"))
            let isbn = try await client.create(ISBN(value: "9780441172719"))
            _ = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi, isbn: isbn))
            _ = try await client.create(Book(title: "Dune Messiah", publishingYear: 1969, genre: sciFi))
            _ = try await client.create(Book(title: "Neuromancer", publishingYear: 1984, genre: sciFi))
            _ = try await client.create(Book(title: "Hyperion", publishingYear: 1989, genre: sciFi))
            _ = try await client.create(Book(title: "The Hobbit", publishingYear: 1937, genre: fantasy))

            func titles(_ query: ParseQuery<Book>) async throws -> [String] {
                try await client.find(query).compactMap(\.title)
            }

            // The docs' example: pointer equality, $gte, a quoted prefix, order, include, limit.
            let recent = try await client.find(
                Book.query(Book.Field.genre == sciFi, Book.Field.publishingYear >= 1960, .startsWith(Book.Field.title, "Du"))
                    .order(.descending(Book.Field.publishingYear), .ascending(Book.Field.title))
                    .include(Book.Field.genre)
                    .limit(20))
            #expect(recent.compactMap(\.title) == ["Dune Messiah", "Dune"])
            #expect(recent.allSatisfy { $0.genre?.name == "Science Fiction" })
            let sent = try #require(server.requests(method: "GET", path: "/parse/classes/Book").last)
            #expect(sent.query["order"] == "-publishingYear,title")
            #expect(sent.query["include"] == "genre")
            #expect(sent.query["limit"] == "20")
            #expect(sent.whereJSON?["publishingYear"] == ["$gte": 1960])
            #expect(sent.whereJSON?["genre"] == pointer("Genre", sciFi.objectId))

            let byYear = ParseOrder<Book>.ascending(Book.Field.publishingYear)
            #expect(try await titles(Book.query(Book.Field.publishingYear < 1965)) == ["The Hobbit"])
            #expect(try await titles(Book.query(Book.Field.publishingYear > 1965, Book.Field.publishingYear <= 1984).order(byYear))
                == ["Dune Messiah", "Neuromancer"])
            #expect(try await titles(Book.query(Book.Field.title != "Dune").order(byYear))
                == ["The Hobbit", "Dune Messiah", "Neuromancer", "Hyperion"])
            #expect(try await titles(Book.query(.containedIn(Book.Field.publishingYear, [1937, 1989])).order(byYear))
                == ["The Hobbit", "Hyperion"])
            #expect(try await titles(Book.query(.notContainedIn(Book.Field.title, ["Dune", "Hyperion", "The Hobbit"])).order(byYear))
                == ["Dune Messiah", "Neuromancer"])
            #expect(try await titles(Book.query(.exists(Book.Field.isbn))) == ["Dune"])
            #expect(try await client.count(Book.query(.doesNotExist(Book.Field.isbn))) == 4)
            #expect(try await titles(Book.query(.matchesRegex(Book.Field.title, "^the ", options: [.caseInsensitive]))) == ["The Hobbit"])
            #expect(try await titles(Book.query(.endsWith(Book.Field.title, "Messiah"))) == ["Dune Messiah"])
            #expect(try await titles(Book.query(.matchesQuery(Book.Field.genre, Genre.query(Genre.Field.name == "Fantasy"))))
                == ["The Hobbit"])
            #expect(try await client.count(Book.query(.doesNotMatchQuery(Book.Field.genre, Genre.query(Genre.Field.name == "Fantasy"))))
                == 4)
            #expect(try await titles(Book.query(.or(
                Book.query(Book.Field.publishingYear < 1940),
                Book.query(Book.Field.title == "Hyperion"))).order(byYear)) == ["The Hobbit", "Hyperion"])
            let orRequest = try #require(server.requests(method: "GET", path: "/parse/classes/Book").last)
            #expect(orRequest.whereJSON?["$or"]?.arrayValue?.count == 2)

            // Paging.
            #expect(try await titles(Book.query().order(byYear).skip(1).limit(2)) == ["Dune", "Dune Messiah"])
            let page = try await client.findWithCount(Book.query(Book.Field.genre == sciFi).order(byYear).limit(1))
            #expect(page.results.compactMap(\.title) == ["Dune"])
            #expect(page.count == 4)
            #expect(try await client.count(Book.query()) == 5)
            let countRequest = try #require(server.requests(method: "GET", path: "/parse/classes/Book").last)
            #expect(countRequest.query["count"] == "1")
            #expect(countRequest.query["limit"] == "0")
            #expect(try await client.first(Book.query(Book.Field.title == "Foundation")) == nil)
            #expect(try await client.first(Book.query().order(.descending(Book.Field.publishingYear)))?.title == "Hyperion")

            // Values with URL-significant and non-ASCII characters survive the query string.
            let odd = "C++ & Friends = 100% \"quoted\" #1? Ünïcödé 🚀"
            _ = try await client.create(Book(title: odd, publishingYear: 2001, genre: fantasy))
            #expect(try await titles(Book.query(Book.Field.title == odd)) == [odd])
            #expect(try await titles(Book.query(.startsWith(Book.Field.title, "C++ & F"))) == [odd])
            #expect(server.requests(method: "GET", path: "/parse/classes/Book").last?.whereJSON?["title"]?["$regex"]
                == "^\\QC++ & F\\E")
            try await client.delete(Book.self, id: try #require(try await client.first(Book.query(Book.Field.title == odd))?.objectId))

            // $select / $dontSelect: books whose title is (not) the name of an author.
            _ = try await client.create(Author(name: "Hyperion"))
            #expect(try await titles(Book.query(.matchesKeyInQuery(Book.Field.title, key: Author.Field.name, in: Author.query())))
                == ["Hyperion"])
            #expect(try await client.count(Book.query(.doesNotMatchKeyInQuery(
                Book.Field.title, key: Author.Field.name, in: Author.query(.startsWith(Author.Field.name, "Hyp"))))) == 4)

            // keys and excludeKeys.
            let onlyTitles = try await client.find(Book.query(Book.Field.title == "Dune").keys(Book.Field.title))
            #expect(onlyTitles.first?.title == "Dune")
            #expect(onlyTitles.first?.publishingYear == nil)
            #expect(onlyTitles.first?.genre == nil)
            #expect(onlyTitles.first?.objectId != nil)
            let withoutYears = try await client.find(Book.query(Book.Field.title == "Dune").excludeKeys(Book.Field.publishingYear))
            #expect(withoutYears.first?.publishingYear == nil)
            #expect(withoutYears.first?.genre?.objectId == sciFi.objectId)
            // Dot paths in keys reach into an included object.
            let nested = try await client.find(Book.query(Book.Field.title == "Dune")
                .include(Book.Field.genre).keys(paths: ["title", "genre.name"]))
            #expect(nested.first?.genre?.name == "Science Fiction")
            #expect(nested.first?.publishingYear == nil)
        }
    }

    @Test("updates: changed fields only, Increment, Delete, fields:, with the server's answers merged")
    func updates() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            let isbn = try await client.create(ISBN(value: "9780441172719"))
            let dune = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi, isbn: isbn))
            let duneId = try #require(dune.objectId)
            let path = "/parse/classes/Book/\(duneId)"

            // Only what changed is sent.
            let renamed = try await client.update(dune.set(\.title, to: "Dune (1965)"))
            #expect(renamed.title == "Dune (1965)")
            #expect(renamed.publishingYear == 1965)
            #expect(try #require(renamed.updatedAt) > (dune.createdAt ?? .distantFuture))
            #expect(server.requests(method: "PUT", path: path).last?.json == ["title": "Dune (1965)"])
            #expect(try await server.storedObject("Book", duneId)?["title"] == "Dune (1965)")

            // Typed operations: the server returns the incremented value.
            let operated = try await client.update(ParseUpdate(renamed)
                .increment(Book.Field.publishingYear, by: 2)
                .unset(Book.Field.isbn))
            #expect(server.requests(method: "PUT", path: path).last?.json == [
                "publishingYear": ["__op": "Increment", "amount": 2],
                "isbn": ["__op": "Delete"],
            ])
            #expect(operated.publishingYear == 1967)
            #expect(operated.isbn == nil)
            #expect(operated.title == "Dune (1965)")
            #expect(try #require(operated.updatedAt) > (renamed.updatedAt ?? .distantFuture))
            let stored = try #require(try await server.storedObject("Book", duneId))
            #expect(stored["publishingYear"] == 1967)
            #expect(stored["isbn"] == nil)

            // Increments add up on the server, not in the client's copy.
            _ = try await client.update(ParseUpdate<Book>(objectId: duneId).increment(Book.Field.publishingYear, by: 10))
            let decremented = try await client.update(ParseUpdate(operated).decrement(Book.Field.publishingYear, by: 12))
            #expect(decremented.publishingYear == 1965)

            // fields: sends exactly those, deleting the nil ones.
            var noGenre = decremented
            noGenre.genre = nil
            let cleared = try await client.update(noGenre, fields: [Book.Field.genre])
            #expect(server.requests(method: "PUT", path: path).last?.json == ["genre": ["__op": "Delete"]])
            #expect(cleared.genre == nil)
            #expect(try await server.storedObject("Book", duneId)?["genre"] == nil)

            // save() updates an object that has an id, and the result matches a fresh fetch.
            let saved = try await client.save(cleared.set(\.publishingYear, to: 1966))
            let fetched = try await client.fetch(saved)
            #expect(fetched.publishingYear == 1966)
            #expect(fetched.title == "Dune (1965)")
            #expect(fetched.updatedAt == saved.updatedAt)
        }
    }

    @Test("relations: AddRelation, RemoveRelation, both at once, $relatedTo children and inverse owners")
    func relations() async throws {
        try await withServer { server, client in
            let dune = try await client.create(Book(title: "Dune", publishingYear: 1965))
            let messiah = try await client.create(Book(title: "Dune Messiah", publishingYear: 1969))
            let herbert = try await client.create(Author(name: "Frank Herbert"))
            let anderson = try await client.create(Author(name: "Kevin J. Anderson"))
            let ace = try await client.create(Publisher(name: "Ace"))
            let duneId = try #require(dune.objectId)

            _ = try await client.update(ParseUpdate(dune).addRelation(Book.Field.authors, [herbert, anderson]))
            #expect(server.requests(method: "PUT", path: "/parse/classes/Book/\(duneId)").last?.json == [
                "authors": ["__op": "AddRelation", "objects": [pointer("Author", herbert.objectId), pointer("Author", anderson.objectId)]],
            ])
            #expect(try await server.relatedIds("Book", duneId, key: "authors") == Set([herbert.objectId, anderson.objectId].compactMap { $0 }))
            #expect(try await server.fieldType("Book", "authors") == "Relation<Author>")

            // The generated accessor's operation works the same way.
            _ = try await client.update(try messiah.authorsRelation().add([herbert]))
            _ = try await client.update(ParseUpdate(dune).addRelation(Book.Field.publishers, [ace]))

            // Children: $relatedTo in a query over the target class.
            let duneAuthors = try await client.find(
                Author.query(.relatedTo(dune, through: Book.Field.authors)).order(.ascending(Author.Field.name)))
            #expect(duneAuthors.compactMap(\.name) == ["Frank Herbert", "Kevin J. Anderson"])
            let relatedQuery = try #require(server.requests(method: "GET", path: "/parse/classes/Author").last)
            #expect(relatedQuery.whereJSON == ["$relatedTo": ["object": pointer("Book", duneId), "key": "authors"]])
            #expect(try await client.find(Publisher.query(.relatedTo(dune, through: Book.Field.publishers))).map(\.name) == ["Ace"])

            // Owners: equality on the relation field (the inverse Author.books).
            let herbertsBooks = try await client.find(Book.query(Book.Field.authors == herbert).order(.ascending(Book.Field.title)))
            #expect(herbertsBooks.compactMap(\.title) == ["Dune", "Dune Messiah"])
            #expect(try await client.find(Book.query(Book.Field.authors == anderson)).compactMap(\.title) == ["Dune"])
            #expect(try await client.find(Book.query(.matchesQuery(Book.Field.authors, Author.query(.startsWith(Author.Field.name, "Kevin")))))
                .compactMap(\.title) == ["Dune"])

            // Remove one.
            _ = try await client.update(ParseUpdate(dune).removeRelation(Book.Field.authors, [anderson]))
            #expect(try await client.find(Author.query(.relatedTo(dune, through: Book.Field.authors))).compactMap(\.name)
                == ["Frank Herbert"])
            #expect(try await client.find(Book.query(Book.Field.authors == anderson)).isEmpty)

            // Add and remove in one update: a Batch operation.
            _ = try await client.update(ParseUpdate(dune)
                .addRelation(Book.Field.authors, [anderson])
                .removeRelation(Book.Field.authors, [herbert]))
            let batchBody = try #require(server.requests(method: "PUT", path: "/parse/classes/Book/\(duneId)").last?.json)
            #expect(batchBody["authors"]?["__op"] == "Batch")
            #expect(try await server.relatedIds("Book", duneId, key: "authors") == Set([anderson.objectId].compactMap { $0 }))

            // A relation of Genre whose children are books.
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            _ = try await client.update(try sciFi.booksRelation().add([dune, messiah]))
            #expect(try await client.count(Book.query(.relatedTo(sciFi, through: Genre.Field.books))) == 2)
            _ = try await client.update(try sciFi.booksRelation().remove([dune]))
            #expect(try await client.find(Book.query(.relatedTo(sciFi, through: Genre.Field.books))).compactMap(\.title)
                == ["Dune Messiah"])
        }
    }

    @Test("generated helpers: authorsQuery() finds a book's authors, booksQuery() an author's books, get includes by typed keys")
    func generatedHelpers() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            let dune = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi))
            let messiah = try await client.create(Book(title: "Dune Messiah", publishingYear: 1969))
            let herbert = try await client.create(Author(name: "Frank Herbert"))
            let anderson = try await client.create(Author(name: "Kevin J. Anderson"))
            _ = try await client.update(try dune.authorsRelation().add([herbert, anderson]))
            _ = try await client.update(try messiah.authorsRelation().add([herbert]))

            let duneAuthors = try await client.find(dune.authorsQuery().order(.ascending(Author.Field.name)))
            #expect(duneAuthors.compactMap(\.name) == ["Frank Herbert", "Kevin J. Anderson"])
            #expect(server.requests(method: "GET", path: "/parse/classes/Author").last?.whereJSON
                == ["$relatedTo": ["object": pointer("Book", dune.objectId), "key": "authors"]])

            let herbertsBooks = try await client.find(herbert.booksQuery().order(.descending(Book.Field.publishingYear)))
            #expect(herbertsBooks.compactMap(\.title) == ["Dune Messiah", "Dune"])
            #expect(server.requests(method: "GET", path: "/parse/classes/Book").last?.whereJSON == ["authors": pointer("Author", herbert.objectId)])
            #expect(try await client.count(anderson.booksQuery()) == 1)
            #expect(try await client.first(messiah.authorsQuery().where(Author.Field.name == "Kevin J. Anderson")) == nil)

            let fetched = try await client.get(Book.self, id: try #require(dune.objectId), include: [Book.Field.genre])
            #expect(fetched.genre?.name == "Science Fiction")

            // Asked of an unsaved object, the helpers fail before anything is sent.
            let sent = server.requests.count
            #expect(await failure { try await client.find(Book(title: "Unsaved").authorsQuery()) } != nil)
            #expect(await failure { try await client.find(Author(name: "Unsaved").booksQuery()) } != nil)
            #expect(server.requests.count == sent)
        }
    }

    @Test("batch: creates, updates and deletes in one POST /batch, with a result per item and per-item errors")
    func batch() async throws {
        try await withServer { server, client in
            let sciFi = try await client.create(Genre(name: "Science Fiction"))
            let dune = try await client.create(Book(title: "Dune", publishingYear: 1965, genre: sciFi))
            server.clearRequests()

            var batch = ParseBatch()
            let leGuin = batch.create(Author(name: "Ursula K. Le Guin"))
            let renamed = batch.update(ParseUpdate(sciFi).set(Genre.Field.name, to: "SF"))
            let removed = batch.delete(dune)
            let missing = batch.update(ParseUpdate<Genre>(objectId: "Missing000").set(Genre.Field.name, to: "x"))
            let results = try await client.send(batch)

            #expect(server.requests.count == 1)
            let sent = try #require(server.requests(method: "POST", path: "/parse/batch").first)
            let items = try #require(sent.json?["requests"]?.arrayValue)
            #expect(items.compactMap { $0["method"]?.stringValue } == ["POST", "PUT", "DELETE", "PUT"])
            #expect(items.compactMap { $0["path"]?.stringValue } == [
                "/parse/classes/Author", "/parse/classes/Genre/\(sciFi.objectId ?? "")",
                "/parse/classes/Book/\(dune.objectId ?? "")", "/parse/classes/Genre/Missing000",
            ])

            let ursula = try results[leGuin].get()
            #expect(isParseObjectId(ursula.objectId))
            #expect(ursula.name == "Ursula K. Le Guin")
            #expect(try results[renamed].get().name == "SF")
            #expect(throws: Never.self) { try results[removed].get() }
            #expect(results[missing].parseErrorCode == .objectNotFound)
            #expect(!results.allSucceeded)
            #expect(results.errors.keys.sorted() == [3])

            #expect(try await server.storedObject("Author", ursula.objectId ?? "")?["name"] == "Ursula K. Le Guin")
            #expect(try await server.storedObject("Genre", sciFi.objectId ?? "")?["name"] == "SF")
            #expect(try await server.storedObject("Book", dune.objectId ?? "") == nil)

            // createAll / deleteAll are batches of one class.
            let created = try await client.createAll([Author(name: "A"), Author(name: "B")])
            let authors = try created.map { try $0.get() }
            #expect(authors.allSatisfy { isParseObjectId($0.objectId) })
            let deleted = try await client.deleteAll(authors)
            #expect(deleted.allSatisfy { (try? $0.get()) != nil })
            #expect(try await server.storedObjects("Author").compactMap { $0["name"]?.stringValue } == ["Ursula K. Le Guin"])

            // A transaction is all or nothing: the create is undone when the update fails.
            var transaction = ParseBatch(transaction: true)
            transaction.create(Author(name: "Never saved"))
            transaction.update(ParseUpdate<Genre>(objectId: "Missing000").set(Genre.Field.name, to: "x"))
            let error = await failure { try await client.send(transaction) }
            // Parse Server answers a failed transaction 500 / 1, whichever item failed.
            #expect(error?.parseError?.code == .internalServer)
            #expect(error?.httpStatus == 500)
            #expect(server.requests(method: "POST", path: "/parse/batch").last?.json?["transaction"] == true)
            #expect(try await server.storedObjects("Author").count == 1)
        }
    }

    @Test("delete: DELETE answers {}, the object is gone, and later calls get 404 / 101")
    func delete() async throws {
        try await withServer { server, client in
            let book = try await client.create(Book(title: "Dune"))
            let id = try #require(book.objectId)
            try await client.delete(book)
            let answered = try #require(server.requests(method: "DELETE", path: "/parse/classes/Book/\(id)").first)
            #expect(answered.status == 200)
            #expect(try await server.storedObject("Book", id) == nil)
            let error = await failure { try await client.get(Book.self, id: id) }
            #expect(error?.parseError?.code == .objectNotFound)
            #expect(error?.httpStatus == 404)
            let again = await failure { try await client.delete(Book.self, id: id) }
            #expect(again?.parseError?.code == .objectNotFound)
        }
    }
}

extension Result where Failure == ParseClientError {
    /// The Parse error code of a failure, or `nil`.
    var parseErrorCode: ParseError.Code? {
        if case .failure(let error) = self { return error.parseError?.code }
        return nil
    }
}
