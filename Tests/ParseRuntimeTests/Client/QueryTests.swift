import Foundation
import Testing
@testable import ParseRuntime

/// The typed query builder: every operator's `where` JSON, the URL parameters, and the find,
/// first, count and find-with-count requests and responses.
@Suite struct QueryTests {
    typealias Book = Bookstore.Book
    typealias Genre = Bookstore.Genre
    typealias Author = Bookstore.Author
    typealias Item = TodoApp.TodoListItem
    typealias TodoList = TodoApp.TodoList
    typealias User = TodoApp.User

    private func genre(_ id: String) -> Genre {
        var genre = Genre(name: id)
        genre.objectId = id
        return genre
    }

    private func whereJSON<T>(_ query: ParseQuery<T>, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        try query.whereJSON().serialized()
    }

    @Test func readPreferencesAsTheGuideSendsThem() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let query = Book.query(.matchesQuery(Book.Field.genre, Genre.query(.exists(Genre.Field.name))))
            .include(Book.Field.genre)
            .readPreference(.secondary, include: .secondaryPreferred, subquery: .nearest)
        _ = try await Fixture.client(transport).find(query)
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book",
                          query: ["include": "genre", "readPreference": "SECONDARY", "includeReadPreference": "SECONDARY_PREFERRED",
                                  "subqueryReadPreference": "NEAREST"],
                          jsonQuery: ["where": #"{"genre":{"$inQuery":{"where":{"name":{"$exists":true}},"className":"Genre"}}}"#],
                          headers: Fixture.restHeaders())
        #expect(try Book.query().readPreference(.primary).readPreference(.nearest).parameters().map(\.value) == ["NEAREST"],
                "a later read preference replaces the earlier ones")
    }

    // MARK: Operators

    @Test func equalityEncodesStringsDatesEnumsAndPointers() throws {
        let query = Item.query(
            Item.Field.title == "Milk",
            Item.Field.dueDate == Fixture.createdDate,
            Item.Field.priority == .high,
            Item.Field.isDefault == true,
            .equalTo(Item.Field.assignee, { var user = User(); user.objectId = "u1"; return user }())
        )
        try expectJSON(try whereJSON(query), equals: """
            {"title":"Milk","dueDate":{"__type":"Date","iso":"\(Fixture.createdAt)"},"priority":2,"default":true,
             "assignee":{"__type":"Pointer","className":"_User","objectId":"u1"}}
            """)
    }

    @Test func comparisonsMergeOnOneField() throws {
        let query = Book.query(Book.Field.publishingYear >= 1960, Book.Field.publishingYear < 1970,
                               Book.Field.title > "A", Book.Field.title <= "M",
                               Book.Field.createdAt != Fixture.createdDate)
        try expectJSON(try whereJSON(query), equals: """
            {"publishingYear":{"$gte":1960,"$lt":1970},"title":{"$gt":"A","$lte":"M"},
             "createdAt":{"$ne":{"__type":"Date","iso":"\(Fixture.createdAt)"}}}
            """)
        let named = Book.query(.lessThan(Book.Field.publishingYear, 1), .lessThanOrEqualTo(Book.Field.publishingYear, 2),
                               .greaterThan(Book.Field.updatedAt, Fixture.createdDate),
                               .greaterThanOrEqualTo(Book.Field.title, "x"), .notEqualTo(Book.Field.title, "y"))
        try expectJSON(try whereJSON(named), equals: """
            {"publishingYear":{"$lt":1,"$lte":2},"updatedAt":{"$gt":{"__type":"Date","iso":"\(Fixture.createdAt)"}},
             "title":{"$gte":"x","$ne":"y"}}
            """)
    }

    @Test func enumsCompareByRawValue() throws {
        let query = Item.query(Item.Field.priority > .low, Item.Field.priority <= .high,
                               .containedIn(Item.Field.status, [.open, .done]))
        try expectJSON(try whereJSON(query), equals: """
            {"priority":{"$gt":0,"$lte":2},"status":{"$in":["open","done"]}}
            """)
    }

    @Test func anEqualityReplacesOperatorsAndTheOtherWayRound() throws {
        let replaced = Book.query(Book.Field.publishingYear > 1, Book.Field.publishingYear == 5)
        try expectJSON(try whereJSON(replaced), equals: #"{"publishingYear":5}"#)
        let back = Book.query(Book.Field.genre == genre("g1"), .exists(Book.Field.genre))
        try expectJSON(try whereJSON(back), equals: #"{"genre":{"$exists":true}}"#)
    }

    @Test func inNotInAndExists() throws {
        let query = Book.query(.containedIn(Book.Field.genre, [genre("g1"), genre("g2")]),
                               .notContainedIn(Book.Field.publishingYear, [1, 2]),
                               .exists(Book.Field.isbn), .doesNotExist(Book.Field.title))
        try expectJSON(try whereJSON(query), equals: """
            {"genre":{"$in":[{"__type":"Pointer","className":"Genre","objectId":"g1"},
                             {"__type":"Pointer","className":"Genre","objectId":"g2"}]},
             "publishingYear":{"$nin":[1,2]},"isbn":{"$exists":true},"title":{"$exists":false}}
            """)
    }

    @Test func arrayOperatorsTakeElements() throws {
        let query = Item.query(.containsAll(Item.Field.tags, ["a", "b"]))
        try expectJSON(try whereJSON(query), equals: #"{"tags":{"$all":["a","b"]}}"#)
        try expectJSON(try whereJSON(Item.query(.contains(Item.Field.tags, "a"))), equals: #"{"tags":{"$all":["a"]}}"#)
        try expectJSON(try whereJSON(Item.query(.containsAny(Item.Field.tags, ["a"]), .containsNone(Item.Field.tags, ["z"]))),
                       equals: #"{"tags":{"$in":["a"],"$nin":["z"]}}"#)
    }

    @Test func regexAndItsLiteralHelpers() throws {
        let query = Book.query(.matchesRegex(Book.Field.title, "^du.e$", options: [.caseInsensitive, .multiline]))
        try expectJSON(try whereJSON(query), equals: #"{"title":{"$regex":"^du.e$","$options":"im"}}"#)
        try expectJSON(try whereJSON(Book.query(.startsWith(Book.Field.title, "a.b"))),
                       equals: #"{"title":{"$regex":"^\\Qa.b\\E"}}"#)
        try expectJSON(try whereJSON(Book.query(.endsWith(Book.Field.title, "x", options: .caseInsensitive))),
                       equals: #"{"title":{"$regex":"\\Qx\\E$","$options":"i"}}"#)
        try expectJSON(try whereJSON(Book.query(.containsString(Book.Field.title, #"a\Eb"#))),
                       equals: #"{"title":{"$regex":"\\Qa\\E\\\\E\\Qb\\E"}}"#)
    }

    @Test func fullTextSearch() throws {
        let query = Book.query(.matchesText(Book.Field.title, "desert planet", language: "en",
                                            caseSensitive: false, diacriticSensitive: true))
        try expectJSON(try whereJSON(query), equals: """
            {"title":{"$text":{"$search":{"$term":"desert planet","$language":"en",
                                           "$caseSensitive":false,"$diacriticSensitive":true}}}}
            """)
        try expectJSON(try whereJSON(Book.query(.matchesText(Book.Field.title, "dune"))),
                       equals: #"{"title":{"$text":{"$search":{"$term":"dune"}}}}"#)
    }

    @Test func selectAndDontSelectMatchAKeyOfAnotherQuery() throws {
        // Books whose title is the name of some genre (same value type, String).
        let query = Book.query(.matchesKeyInQuery(Book.Field.title, key: Genre.Field.name, in: Genre.query(.exists(Genre.Field.name))),
                               .doesNotMatchKeyInQuery(Book.Field.objectId, key: Genre.Field.objectId, in: Genre.query()))
        try expectJSON(try whereJSON(query), equals: """
            {"title":{"$select":{"query":{"className":"Genre","where":{"name":{"$exists":true}}},"key":"name"}},
             "objectId":{"$dontSelect":{"query":{"className":"Genre","where":{}},"key":"objectId"}}}
            """)
    }

    @Test func inQueryAndNotInQueryOnPointers() throws {
        let query = Item.query(.matchesQuery(Item.Field.list, TodoList.query(TodoList.Field.archived == false)),
                               .doesNotMatchQuery(Item.Field.assignee, User.query(.startsWith(User.Field.username, "bot"))))
        try expectJSON(try whereJSON(query), equals: """
            {"list":{"$inQuery":{"className":"TodoList","where":{"archived":false}}},
             "assignee":{"$notInQuery":{"className":"_User","where":{"username":{"$regex":"^\\\\Qbot\\\\E"}}}}}
            """)
    }

    @Test func childrenOfARelationUseRelatedTo() throws {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let expected = """
            {"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"key":"authors"}}
            """
        try expectJSON(try whereJSON(Author.query(.relatedTo(book, through: Book.Field.authors))), equals: expected)
        try expectJSON(try whereJSON(Author.query(.relatedTo(try book.authorsRelation()))), equals: expected)
    }

    @Test func aRelationOfAnotherClassOrAnUnsavedOwnerFails() throws {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        #expect(throws: ParseClientError.self) { try Genre.query(.relatedTo(try book.authorsRelation())).whereJSON() }
        #expect(throws: ParseClientError.self) { try Author.query(.relatedTo(Book(title: "x"), through: Book.Field.authors)).whereJSON() }
    }

    @Test func ownersThroughAnInverseUseEqualityOnTheRelationField() throws {
        var author = Author(name: "Frank Herbert")
        author.objectId = "a1"
        try expectJSON(try whereJSON(Book.query(Book.Field.authors == author)),
                       equals: #"{"authors":{"__type":"Pointer","className":"Author","objectId":"a1"}}"#)
    }

    @Test func orAndNorCombineQueries() throws {
        let old = Book.query(Book.Field.publishingYear < 1900)
        let new = Book.query(Book.Field.publishingYear > 2000)
        let query = Book.query(.or(old, new), .nor([Book.query(Book.Field.title == "x")]),
                               .and(Book.query(.exists(Book.Field.genre))), Book.Field.title != "y")
        try expectJSON(try whereJSON(query), equals: """
            {"$or":[{"publishingYear":{"$lt":1900}},{"publishingYear":{"$gt":2000}}],
             "$nor":[{"title":"x"}],"$and":[{"genre":{"$exists":true}}],"title":{"$ne":"y"}}
            """)
        let twice = Book.query(.or(old), .or(new))
        try expectJSON(try whereJSON(twice), equals: """
            {"$or":[{"publishingYear":{"$lt":1900}}],"$and":[{"$or":[{"publishingYear":{"$gt":2000}}]}]}
            """)
    }

    @Test func parametersAreInAFixedOrder() throws {
        let query = Book.query(Book.Field.title == "Dune")
            .order(.descending(Book.Field.publishingYear), .ascending(Book.Field.title))
            .limit(20).skip(40)
            .keys(Book.Field.title, Book.Field.genre.appending(Genre.Field.name))
            .excludeKeys(Book.Field.isbn)
            .include(Book.Field.genre, Book.Field.genre)
            .include(paths: ["isbn"])
        let parameters = try query.parameters()
        #expect(parameters.map(\.name) == ["where", "order", "limit", "skip", "keys", "excludeKeys", "include"])
        #expect(parameters.map(\.value) == [#"{"title":"Dune"}"#, "-publishingYear,title", "20", "40",
                                            "title,genre.name", "isbn", "genre,isbn"])
        #expect(try Book.query().includeAll().order(.textScore).parameters().map(\.value) == ["$score", "*"])
        #expect(try Book.query().parameters().isEmpty, "an empty where is left out")
    }

    @Test func aNegativeLimitOrSkipIsRefused() {
        #expect(throws: ParseClientError.self) { try Book.query().limit(-1).parameters() }
        #expect(throws: ParseClientError.self) { try Book.query().skip(-1).parameters() }
    }

    // MARK: Requests

    @Test func findSendsEncodedParametersAndDecodesResults() async throws {
        let transport = RecordingTransport(json(200, """
            {"results":[
              {"objectId":"b1","title":"Dune","createdAt":"\(Fixture.createdAt)","updatedAt":"\(Fixture.createdAt)",
               "genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"SF"}},
              {"objectId":"b2","title":"Emma","genre":{"__type":"Pointer","className":"Genre","objectId":"g2"}}]}
            """))
        let query = Book.query(Book.Field.title == "a+b & c=d", Book.Field.publishingYear >= 1900)
            .include(Book.Field.genre).order(.ascending(Book.Field.title)).limit(2)
        let books = try await Fixture.client(transport).find(query)

        let request = try transport.onlyRequest()
        try expectRequest(request, .get, "/parse/classes/Book",
                          query: ["include": "genre", "order": "title", "limit": "2"],
                          jsonQuery: ["where": #"{"title":"a+b & c=d","publishingYear":{"$gte":1900}}"#],
                          headers: Fixture.restHeaders())
        let rawQuery = try #require(request.url.query)
        #expect(rawQuery.contains("a%2Bb%20%26%20c%3Dd"), "reserved characters are percent-encoded: \(rawQuery)")
        #expect(books.map(\.objectId) == ["b1", "b2"])
        #expect(books.first?.genre?.name == "SF")
        #expect(books.first?.createdAt == Fixture.createdDate)
        #expect(books.last?.genre?.objectId == "g2")
    }

    @Test func firstLimitsToOneAndReturnsNilForNoResults() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let first = try await Fixture.client(transport).first(Book.query(Book.Field.title == "none").limit(50))
        #expect(first == nil)
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book", query: ["limit": "1"],
                          jsonQuery: ["where": #"{"title":"none"}"#], headers: Fixture.restHeaders())
    }

    @Test func countAsksForTheCountOnly() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[],"count":42}"#))
        let count = try await Fixture.client(transport).count(Book.query(Book.Field.publishingYear > 2000).limit(5).skip(3))
        #expect(count == 42)
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Book",
                          query: ["count": "1", "limit": "0", "skip": "3"],
                          jsonQuery: ["where": #"{"publishingYear":{"$gt":2000}}"#], headers: Fixture.restHeaders())
    }

    @Test func findWithCountReturnsBoth() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":"a1","name":"X"}],"count":7}"#))
        let page = try await Fixture.client(transport).findWithCount(Author.query().limit(1))
        #expect(page.count == 7)
        #expect(page.results.map(\.name) == ["X"])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Author",
                          query: ["count": "1", "limit": "1"], headers: Fixture.restHeaders())
    }

    @Test func aMissingCountIsADecodingError() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let error = await expectClientError { try await Fixture.client(transport).count(Author.query()) }
        if case .decoding(let failure) = error { #expect(failure.path == "count") } else {
            Issue.record("expected .decoding, got \(String(describing: error))")
        }
    }

    @Test func relationChildrenQueryGoesToTheTargetClass() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":"a1","name":"Frank Herbert"}]}"#))
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let authors = try await Fixture.client(transport).find(Author.query(.relatedTo(book, through: Book.Field.authors)))
        #expect(authors.map(\.name) == ["Frank Herbert"])
        try expectRequest(try transport.onlyRequest(), .get, "/parse/classes/Author", jsonQuery: ["where": """
            {"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"key":"authors"}}
            """], headers: Fixture.restHeaders())
    }

    @Test func anUnencodableValueFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[]}"#))
        let error = await expectClientError {
            try await Fixture.client(transport).find(Book.query(Book.Field.genre == Genre(name: "unsaved")))
        }
        if case .encoding = error {} else { Issue.record("expected .encoding, got \(String(describing: error))") }
        #expect(transport.requests.isEmpty)
    }

    @Test func anInvalidQueryIsAServerError() async throws {
        let transport = RecordingTransport(parseError(400, code: 102, "Improper value for $regex"))
        let error = await expectClientError {
            try await Fixture.client(transport).find(Book.query(.matchesRegex(Book.Field.title, "(")))
        }
        #expect(error?.parseError?.code == .invalidQuery)
        #expect(error?.httpStatus == 400)
    }

    @Test func resultsOfTheWrongShapeAreDecodingErrors() async throws {
        let transport = RecordingTransport(json(200, #"{"results":[{"objectId":"b1","publishingYear":"1965"}]}"#))
        let error = await expectClientError { try await Fixture.client(transport).find(Book.query()) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.path == "results.0.publishingYear")
    }
}
