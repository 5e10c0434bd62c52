import Foundation
import Testing
@testable import ParseRuntime

/// `POST /batch`: the request body with mount-path paths, typed per-item results, transactions
/// and retry safety.
@Suite struct BatchTests {
    typealias Book = Bookstore.Book
    typealias Author = Bookstore.Author
    typealias Genre = Bookstore.Genre

    private func saved<T: ParseObject>(_ object: T, _ id: String) -> T {
        var object = object
        object.objectId = id
        return object
    }

    @Test func aMixedBatchHasOneRequestPerItemAndATypedResultPerItem() async throws {
        let transport = RecordingTransport(json(200, """
            [{"success":{"objectId":"a1","createdAt":"\(Fixture.createdAt)"}},
             {"success":{"updatedAt":"\(Fixture.updatedAt)","publishingYear":1966}},
             {"error":{"code":101,"error":"Object not found."}},
             {"success":{}}]
            """))
        var batch = ParseBatch()
        let created = batch.create(Author(name: "Frank Herbert"))
        let updated = batch.update(ParseUpdate(saved(Book(title: "Dune"), "b1")).increment(Book.Field.publishingYear, by: 1))
        let missing = batch.delete(saved(Book(title: "gone"), "b9"))
        let deleted = batch.delete(saved(Genre(name: "old"), "g1"))
        #expect(batch.count == 4)

        let response = try await Fixture.client(transport).send(batch)

        try expectRequest(try transport.onlyRequest(), .post, "/parse/batch", headers: Fixture.restHeaders(json: true), body: """
            {"requests":[
              {"method":"POST","path":"/parse/classes/Author","body":{"name":"Frank Herbert"}},
              {"method":"PUT","path":"/parse/classes/Book/b1","body":{"publishingYear":{"__op":"Increment","amount":1}}},
              {"method":"DELETE","path":"/parse/classes/Book/b9"},
              {"method":"DELETE","path":"/parse/classes/Genre/g1"}]}
            """)
        let author = try response[created].get()
        #expect(author.objectId == "a1")
        #expect(author.name == "Frank Herbert")
        #expect(author.createdAt == Fixture.createdDate)
        let book = try response[updated].get()
        #expect(book.publishingYear == 1966)
        #expect(book.title == "Dune")
        #expect(book.updatedAt == Fixture.updatedDate)
        guard case .failure(.server(let error)) = response[missing] else {
            Issue.record("expected a server error for the missing object")
            return
        }
        #expect(error.code == .objectNotFound)
        #expect(error.httpStatus == nil)
        #expect(throws: Never.self) { try response[deleted].get() }
        #expect(!response.allSucceeded)
        #expect(Array(response.errors.keys) == [2])
    }

    @Test func aTransactionIsFlaggedAndItsFailureFailsTheCall() async throws {
        let transport = RecordingTransport(parseError(400, code: 137, "A duplicate value for a field with unique values was provided"))
        var batch = ParseBatch(transaction: true)
        batch.create(Bookstore.ISBN(value: "1"))
        batch.create(Bookstore.ISBN(value: "1"))
        let error = await expectClientError { try await Fixture.client(transport).send(batch) }
        #expect(error?.parseError?.code == .duplicateValue)
        let body = try JSONValue(parsing: try #require(transport.onlyRequest().body))
        #expect(body["transaction"] == true)
        #expect(body["requests"]?.arrayValue?.count == 2)
    }

    @Test func batchPathsFollowTheMountPath() async throws {
        let transport = RecordingTransport(json(200, #"[{"success":{}}]"#))
        let configuration = Fixture.configuration(serverURL: try #require(URL(string: "https://api.example.com/v1/parse/")))
        _ = try await Fixture.client(transport, configuration: configuration).deleteAll([saved(TodoApp.User(), "u1")])
        let request = try transport.onlyRequest()
        #expect(request.url.absoluteString == "https://api.example.com/v1/parse/batch")
        try expectJSON(try #require(request.body), equals: #"{"requests":[{"method":"DELETE","path":"/v1/parse/users/u1"}]}"#)
    }

    @Test func createAllReturnsEachObjectOrItsError() async throws {
        let transport = RecordingTransport(json(200, """
            [{"success":{"objectId":"a1","createdAt":"\(Fixture.createdAt)"}},
             {"error":{"code":142,"error":"name is required"}}]
            """))
        let results = try await Fixture.client(transport).createAll([Author(name: "A"), Author()])
        #expect(try results[0].get().objectId == "a1")
        guard case .failure(.server(let error)) = results[1] else {
            Issue.record("expected an error")
            return
        }
        #expect(error.code == .validationFailed)
    }

    @Test func updateAllSendsTheChangedFields() async throws {
        let transport = RecordingTransport(json(200, #"[{"success":{"updatedAt":"\#(Fixture.updatedAt)"}}]"#))
        let author = saved(Author(name: "A"), "a1").set(\.name, to: "B")
        let results = try await Fixture.client(transport).updateAll([author])
        #expect(try results[0].get().name == "B")
        try expectJSON(try #require(transport.onlyRequest().body), equals: """
            {"requests":[{"method":"PUT","path":"/parse/classes/Author/a1","body":{"name":"B"}}]}
            """)
    }

    @Test func aReplyOfTheWrongLengthIsADecodingError() async throws {
        let transport = RecordingTransport(json(200, #"[{"success":{}}]"#))
        var batch = ParseBatch()
        batch.delete(saved(Author(), "a1"))
        batch.delete(saved(Author(), "a2"))
        let error = await expectClientError { try await Fixture.client(transport).send(batch) }
        if case .decoding = error {} else { Issue.record("expected .decoding, got \(String(describing: error))") }
    }

    @Test func anUnreadableItemFailsOnlyThatItem() async throws {
        let transport = RecordingTransport(json(200, #"[{"success":{"createdAt":5}},{"success":{}},{"nothing":1}]"#))
        var batch = ParseBatch()
        let bad = batch.create(Author(name: "A"))
        let good = batch.delete(saved(Author(), "a2"))
        let odd = batch.delete(saved(Author(), "a3"))
        let response = try await Fixture.client(transport).send(batch)
        if case .failure(.decoding) = response[bad] {} else { Issue.record("expected .decoding for the bad item") }
        if case .failure(.decoding) = response[odd] {} else { Issue.record("expected .decoding for the odd item") }
        #expect(throws: Never.self) { try response[good].get() }
    }

    @Test func anInvalidItemFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "[]"))
        var batch = ParseBatch()
        batch.delete(Author(name: "unsaved"))
        let error = await expectClientError { try await Fixture.client(transport).send(batch) }
        #expect(error?.parseError?.code == .missingObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func anEmptyBatchSendsNothing() async throws {
        let transport = RecordingTransport(json(200, "[]"))
        let response = try await Fixture.client(transport).send(ParseBatch())
        #expect(response.results.isEmpty)
        #expect(transport.requests.isEmpty)
    }

    @Test func aBatchWithACreateIsNotRetriedButOneWithoutIs() async throws {
        let unavailable = json(503, #"{"code":1,"error":"unavailable"}"#)
        let done = json(200, #"[{"success":{}}]"#)
        var creating = ParseBatch()
        creating.create(Author(name: "A"))
        let transport = RecordingTransport(unavailable, done)
        let error = await expectClientError { try await Fixture.client(transport).send(creating) }
        #expect(error?.httpStatus == 503)
        #expect(transport.requests.count == 1)

        var deleting = ParseBatch()
        deleting.delete(saved(Author(), "a1"))
        let retried = RecordingTransport(unavailable, done)
        _ = try await Fixture.client(retried).send(deleting)
        #expect(retried.requests.count == 2)

        let optedIn = RecordingTransport(unavailable, json(200, #"[{"success":{"objectId":"a1","createdAt":"\#(Fixture.createdAt)"}}]"#))
        _ = try await Fixture.client(optedIn).send(creating, options: ParseRequestOptions(retriesNonIdempotentRequests: true))
        #expect(optedIn.requests.count == 2)
    }

    @Test func aHandleOfAnotherBatchIsReportedNotCrashed() async throws {
        let transport = RecordingTransport(json(200, #"[{"success":{}}]"#))
        var batch = ParseBatch()
        batch.delete(saved(Author(), "a1"))
        var other = ParseBatch()
        other.delete(saved(Author(), "x"))
        let foreign = other.create(Author(name: "x"))
        let response = try await Fixture.client(transport).send(batch)
        if case .failure(.invalidRequest) = response[foreign] {} else { Issue.record("expected .invalidRequest") }
    }
}
