import Foundation
import Testing
import ParseRuntime

@Suite struct RelationOperationTests {
    private func savedBook() -> Book {
        var book = Book()
        book.objectId = "b1"
        return book
    }

    private func author(_ id: String?) -> Author {
        var author = Author()
        author.objectId = id
        return author
    }

    @Test func relationNeedsASavedParent() {
        #expect(throws: ParseError.self) { try Book().authorsRelation() }
        #expect(Book().relation == nil)
    }

    @Test func relationKnowsParentKeyAndTarget() throws {
        let relation = try savedBook().authorsRelation()
        #expect(relation.parent == Pointer<Book>(objectId: "b1"))
        #expect(relation.key == "authors")
        #expect(relation.className == "Author")
    }

    @Test func addEncodesAnAddRelationOperation() throws {
        let operation = try savedBook().authorsRelation().add("authors", objects: [author("a1"), author("a2")])
        #expect(operation.target.objectId == "b1")
        try expectJSON(try ParseEncoder().encode(operation), equals: """
            {"authors":{"__op":"AddRelation","objects":[
              {"__type":"Pointer","className":"Author","objectId":"a1"},
              {"__type":"Pointer","className":"Author","objectId":"a2"}]}}
            """)
        let single = try #require(operation.operations["authors"])
        try expectJSON(try single.serialized(), equals: """
            {"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"},
              {"__type":"Pointer","className":"Author","objectId":"a2"}]}
            """)
    }

    @Test func removeUsesTheRelationsOwnKey() throws {
        let operation = try savedBook().authorsRelation().remove([author("a3")])
        try expectJSON(try ParseEncoder().encode(operation), equals: """
            {"authors":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a3"}]}}
            """)
    }

    @Test func singleOperationValueEncodesTheOpShape() throws {
        let op = try ParseRelationOperation(.removeRelation, objects: [author("a1")])
        try expectJSON(try ParseEncoder().encode(op),
                       equals: #"{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}"#)
        try expectJSON(try JSONEncoder().encode(op),
                       equals: #"{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}"#)
    }

    @Test func rejectsAnotherKeyAnotherClassOrUnsavedObjects() throws {
        let relation = try savedBook().authorsRelation()
        #expect(throws: ParseError.self) { try relation.add("editors", objects: [author("a1")]) }
        var genre = Genre()
        genre.objectId = "g1"
        #expect(throws: ParseError.self) { try relation.add("authors", objects: [genre]) }
        let error = #expect(throws: ParseError.self) { try relation.add("authors", objects: [author(nil)]) }
        #expect(error?.code == .missingObjectId)
        #expect(throws: ParseError.self) { try relation.add("authors", objects: [Author]()) }
        var keyless = relation
        keyless.key = nil
        #expect(throws: ParseError.self) { try keyless.add([author("a1")]) }
    }

    @Test func rolesRelateUsersAndRoles() throws {
        var role = try Role(name: "Admins")
        #expect(role.users == nil)
        role.objectId = "r1"
        let users = try #require(role.users)
        #expect(users.className == "_User")
        #expect(users.key == "users")
        #expect(try #require(role.roles).className == "_Role")
        var user = User()
        user.objectId = "u1"
        let operation = try users.add([user])
        try expectJSON(try ParseEncoder().encode(operation), equals: """
            {"users":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"_User","objectId":"u1"}]}}
            """)
    }

    @Test func storedRelationGainsParentAndKey() throws {
        let json = Data(#"{"objectId":"b1","authors":{"__type":"Relation","className":"Author"}}"#.utf8)
        let book = try ParseDecoder().decode(Book.self, from: json)
        let relation = try book.relation(book.authors, key: "authors")
        #expect(relation.parent?.objectId == "b1")
        #expect(relation.key == "authors")
        #expect(relation.className == "Author")
        #expect(throws: ParseError.self) { try book.relation(nil, key: "authors") }
    }

    @Test func operationBuilderCombinesFields() throws {
        let operation = try savedBook().operation
            .addRelation("authors", objects: [author("a1")])
            .adding("pages", ["__op": "Increment", "amount": 2])
        try expectJSON(try ParseEncoder().encode(operation), equals: """
            {"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]},
             "pages":{"__op":"Increment","amount":2}}
            """)
    }
}
