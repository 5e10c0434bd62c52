import BookstoreModels
import Foundation
import ParseRuntime
import Testing

/// The Bookstore sample: pointers (one-to-one, one-to-many), relations and inverses.
@Suite struct BookstoreModelTests {
    static let savedGenre = Genre(objectId: "g1")
    static let savedISBN = ISBN(objectId: "i1")

    @Test func aBookSavesItsFieldsAndPointers() throws {
        var book = Book(title: "Dune", publishingYear: 1965, genre: Self.savedGenre, isbn: Self.savedISBN)
        book.objectId = "b1"
        book.createdAt = sampleDate
        try expectJSON(saveBody(book), """
            {"title": "Dune", "publishingYear": 1965,
             "genre": {"__type": "Pointer", "className": "Genre", "objectId": "g1"},
             "isbn": {"__type": "Pointer", "className": "ISBN", "objectId": "i1"}}
            """)
    }

    @Test func aFetchedBookDecodesAnIncludedGenreAndAPlainPointer() throws {
        let book = try decode(Book.self, """
            {"objectId": "b1", "createdAt": "2023-11-14T22:13:20.123Z", "updatedAt": "2023-11-14T22:13:21.000Z",
             "title": "Dune",
             "genre": {"__type": "Object", "className": "Genre", "objectId": "g1", "name": "Science fiction",
                       "createdAt": "2023-11-01T00:00:00.000Z", "updatedAt": "2023-11-01T00:00:00.000Z"},
             "isbn": {"__type": "Pointer", "className": "ISBN", "objectId": "i1"},
             "authors": {"__type": "Relation", "className": "Author"},
             "ACL": {"*": {"read": true}, "u1": {"read": true, "write": true}}}
            """)
        #expect(book.objectId == "b1")
        #expect(book.createdAt == sampleDate)
        #expect(book.title == "Dune")
        #expect(book.genre?.objectId == "g1")
        #expect(book.genre?.name == "Science fiction")
        #expect(book.isbn?.objectId == "i1")
        #expect(book.isbn?.value == nil)
        #expect(book.ACL?.publicRead == true)
        #expect(book.ACL?.getWriteAccess(objectId: "u1") == true)
        #expect(book.ACL?.publicWrite == false)
    }

    @Test func aRelationHelperBuildsTheAddAndRemoveOperations() throws {
        var book = Book(title: "Dune")
        #expect(throws: (any Error).self) { try book.authorsRelation() }
        book.objectId = "b1"
        let relation = try book.authorsRelation()
        #expect(relation.key == "authors")
        #expect(relation.className == "Author")
        let add = try relation.add(Book.Field.authors.name, objects: [Author(objectId: "a1"), Author(objectId: "a2")])
        try expectJSON(ParseEncoder().encode(add), """
            {"authors": {"__op": "AddRelation", "objects": [
                {"__type": "Pointer", "className": "Author", "objectId": "a1"},
                {"__type": "Pointer", "className": "Author", "objectId": "a2"}]}}
            """)
        let remove = try book.publishersRelation().remove(Book.Field.publishers.name, objects: [Publisher(objectId: "p1")])
        try expectJSON(ParseEncoder().encode(remove), """
            {"publishers": {"__op": "RemoveRelation", "objects": [{"__type": "Pointer", "className": "Publisher", "objectId": "p1"}]}}
            """)
    }

    @Test func fieldKeysCarryParseNames() {
        #expect(Book.Field.title.name == "title")
        #expect(Book.Field.publishingYear.name == "publishingYear")
        #expect(Book.Field.genre.description == "genre")
        #expect(Genre.Field.books.name == "books")
        #expect(Book.className == "Book")
        #expect(ISBN.className == "ISBN")
    }

    @Test func roundTripKeepsEveryField() throws {
        var book = Book(title: "Dune", publishingYear: 1965, genre: Self.savedGenre)
        book.objectId = "b1"
        book.createdAt = sampleDate
        book.updatedAt = sampleDate
        var acl = ParseACL()
        acl.publicRead = true
        book.ACL = acl
        let decoded = try ParseDecoder().decode(Book.self, from: fullJSON(book))
        #expect(decoded == book)
        #expect(decoded.genre?.objectId == "g1")
    }

    @Test func mergeRestoresOnlyFieldsTheUpdateLeftOut() throws {
        var original = Book(title: "Dune", publishingYear: 1965)
        original.objectId = "b1"
        var update = Book()
        update.objectId = "b1"
        update.publishingYear = 1966
        let merged = try update.merge(with: original)
        #expect(merged.title == "Dune")
        #expect(merged.publishingYear == 1966)
        var other = Book()
        other.objectId = "b2"
        #expect(throws: (any Error).self) { try other.merge(with: original) }
    }
}
