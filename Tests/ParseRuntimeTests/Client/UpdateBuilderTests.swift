import Foundation
import GameModels
import Testing
@testable import ParseRuntime

/// Typed updates: every operation's body, how operations on one field combine, and how the
/// response (updatedAt plus the new values of operated fields) is merged.
@Suite struct UpdateBuilderTests {
    typealias Item = TodoApp.TodoListItem
    typealias TodoList = TodoApp.TodoList
    typealias User = TodoApp.User
    typealias Book = Bookstore.Book
    typealias Author = Bookstore.Author

    private func savedUser(_ id: String) -> User {
        var user = User(displayName: id)
        user.objectId = id
        return user
    }

    private func savedItem() -> Item {
        var list = TodoList(title: "Groceries", owner: savedUser("u1"))
        list.objectId = "l1"
        var item = Item(title: "Milk", list: list, estimateHours: 1, tags: ["dairy"])
        item.objectId = "t1"
        item.createdAt = Fixture.createdDate
        return item
    }

    private func author(_ id: String) -> Author {
        var author = Author(name: id)
        author.objectId = id
        return author
    }

    @Test func aRelationFieldIsDeletedAsTheGuideShows() async throws {
        // The guide's "deleting fields": PUT /classes/GameScore/<id> {"opponents":{"__op":"Delete"}}.
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        let update = ParseUpdate<GameScore>(objectId: "Ed1nuqPvcm").unset(GameScore.Field.opponents)
        let result = try await Fixture.client(transport).update(update)
        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/GameScore/Ed1nuqPvcm",
                          headers: Fixture.restHeaders(json: true), body: #"{"opponents":{"__op":"Delete"}}"#)
        #expect(result.objectId == "Ed1nuqPvcm")
        #expect(result.updatedAt == Fixture.updatedDate)
    }

    @Test func everyOperationEncodesAsParseDocumentsIt() throws {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let item = savedItem()
        let update = ParseUpdate(item)
            .set(Item.Field.title, to: "Oat milk")
            .set(Item.Field.dueDate, to: Fixture.createdDate)
            .set(Item.Field.priority, to: .high)
            .set(Item.Field.assignee, to: savedUser("u2"))
            .unset(Item.Field.description)
            .increment(Item.Field.estimateHours, by: 0.5)
            .add(Item.Field.tags, ["a", "b"])
            .addUnique(Item.Field.attachments, [ParseFile(name: "f.png", url: URL(string: "https://f.example/f.png")!)])
            .remove(Item.Field.tags, ["dairy"])
        let json = try update.body()
        try expectJSON(try json.serialized(), equals: """
            {"title":"Oat milk",
             "dueDate":{"__type":"Date","iso":"\(Fixture.createdAt)"},
             "priority":2,
             "assignee":{"__type":"Pointer","className":"_User","objectId":"u2"},
             "description":{"__op":"Delete"},
             "estimateHours":{"__op":"Increment","amount":0.5},
             "tags":{"__op":"Remove","objects":["dairy"]},
             "attachments":{"__op":"AddUnique","objects":[{"__type":"File","name":"f.png","url":"https://f.example/f.png"}]}}
            """)
        #expect(update.fieldNames == ["title", "dueDate", "priority", "assignee", "description", "estimateHours", "tags", "attachments"])

        let relations = try ParseUpdate(book)
            .addRelation(Book.Field.authors, [author("a1"), author("a2")])
            .removeRelation(Book.Field.publishers, [Bookstore.Publisher(objectId: "p1")])
            .body()
        try expectJSON(try relations.serialized(), equals: """
            {"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"},
                                                         {"__type":"Pointer","className":"Author","objectId":"a2"}]},
             "publishers":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Publisher","objectId":"p1"}]}}
            """)
    }

    @Test func operationsOnOneFieldCombine() throws {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let json = try ParseUpdate(book)
            .increment(Book.Field.publishingYear, by: 2)
            .decrement(Book.Field.publishingYear, by: 5)
            .addRelation(Book.Field.authors, [author("a1")])
            .removeRelation(Book.Field.authors, [author("a2")])
            .addRelation(Book.Field.authors, [author("a3"), author("a1")])
            .set(Book.Field.title, to: "first")
            .set(Book.Field.title, to: "second")
            .body()
        try expectJSON(try json.serialized(), equals: """
            {"publishingYear":{"__op":"Increment","amount":-3},
             "authors":{"__op":"Batch","ops":[
                {"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"},
                                                 {"__type":"Pointer","className":"Author","objectId":"a3"}]},
                {"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a2"}]}]},
             "title":"second"}
            """)
    }

    @Test func emptyListsAreIgnored() throws {
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let update = ParseUpdate(book).addRelation(Book.Field.authors, []).removeRelation(Book.Field.authors, [])
        #expect(update.isEmpty)
        #expect(try update.body() == .object([:]))
        #expect(try ParseUpdate(savedItem()).add(Item.Field.tags, []).remove(Item.Field.tags, []).body() == .object([:]))
    }

    @Test func updateSendsTheOperationsAndMergesTheReturnedValues() async throws {
        let transport = RecordingTransport(json(200, """
            {"updatedAt":"\(Fixture.updatedAt)","estimateHours":1.5,"tags":["dairy","home"]}
            """))
        let update = ParseUpdate(savedItem())
            .set(Item.Field.title, to: "Oat milk")
            .unset(Item.Field.list)
            .increment(Item.Field.estimateHours, by: 0.5)
            .addUnique(Item.Field.tags, ["home"])

        let updated = try await Fixture.client(transport).update(update)

        try expectRequest(try transport.onlyRequest(), .put, "/parse/classes/TodoListItem/t1",
                          headers: Fixture.restHeaders(json: true), body: """
            {"title":"Oat milk","list":{"__op":"Delete"},"estimateHours":{"__op":"Increment","amount":0.5},
             "tags":{"__op":"AddUnique","objects":["home"]}}
            """)
        #expect(updated.title == "Oat milk")
        #expect(updated.list == nil)
        #expect(updated.estimateHours == 1.5)
        #expect(updated.tags == ["dairy", "home"])
        #expect(updated.updatedAt == Fixture.updatedDate)
        #expect(updated.createdAt == Fixture.createdDate)
    }

    @Test func updateByIdReturnsTheIdAndTheReturnedFields() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)","publishingYear":1966}"#))
        let updated = try await Fixture.client(transport).update(
            ParseUpdate<Book>(objectId: "b1").increment(Book.Field.publishingYear, by: 1))
        #expect(transport.requests.first?.path == "/parse/classes/Book/b1")
        #expect(updated.objectId == "b1")
        #expect(updated.publishingYear == 1966)
        #expect(updated.title == nil)
    }

    @Test func relationAddAndRemoveAreSentOnTheOwner() async throws {
        let transport = RecordingTransport(json(200, #"{"updatedAt":"\#(Fixture.updatedAt)"}"#))
        var list = TodoList(title: "Groceries", owner: savedUser("u1"))
        list.objectId = "l1"
        let client = Fixture.client(transport)
        _ = try await client.update(ParseUpdate(list).addRelation(TodoList.Field.members, [savedUser("u2")]))
        _ = try await client.update(ParseUpdate(list).removeRelation(TodoList.Field.members, [savedUser("u2")]))
        let bodies = try transport.requests.map { try JSONValue(parsing: try #require($0.body)) }
        #expect(bodies == [
            ["members": ["__op": "AddRelation", "objects": [["__type": "Pointer", "className": "_User", "objectId": "u2"]]]],
            ["members": ["__op": "RemoveRelation", "objects": [["__type": "Pointer", "className": "_User", "objectId": "u2"]]]],
        ])
    }

    @Test func anUnsavedRelatedObjectFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        var book = Book(title: "Dune")
        book.objectId = "b1"
        let update = ParseUpdate(book).addRelation(Book.Field.authors, [Author(name: "unsaved")])
        let error = await expectClientError { try await Fixture.client(transport).update(update) }
        #expect(error?.parseError?.code == .missingObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func anUnsavedTargetFailsBeforeSending() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let update = ParseUpdate(Book(title: "Dune")).set(Book.Field.title, to: "x")
        let error = await expectClientError { try await Fixture.client(transport).update(update) }
        #expect(error?.parseError?.code == .missingObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func anUnsavedPointerValueIsAnEncodingError() async throws {
        let transport = RecordingTransport(json(200, "{}"))
        let update = ParseUpdate(savedItem()).set(Item.Field.assignee, to: User())
        let error = await expectClientError { try await Fixture.client(transport).update(update) }
        if case .encoding = error {} else { Issue.record("expected .encoding, got \(String(describing: error))") }
        #expect(transport.requests.isEmpty)
    }
}
