import Foundation
import ParseRuntime
import Testing
import TutorialModels

/// The Tutorial sample, ParseSwift's playground models moved to a schema: the JSON they read and
/// write is what ParseSwift's hand-written structs read and write.
@Suite struct TutorialModelTests {
    @Test func aBookPointsToABookAndDecodesItWholeWhenIncluded() throws {
        let sequel = try decode(Book.self, """
            {"objectId": "b2", "title": "Dune Messiah",
             "relatedBook": {"__type": "Object", "className": "Book", "objectId": "b1", "title": "Dune"}}
            """)
        #expect(sequel.relatedBook?.objectId == "b1")
        #expect(sequel.relatedBook?.title == "Dune")
        try expectJSON(saveBody(sequel), """
            {"title": "Dune Messiah", "relatedBook": {"__type": "Pointer", "className": "Book", "objectId": "b1"}}
            """)
    }

    @Test func anAuthorsArrayOfPointersAndAUsersRelationRoundTrip() throws {
        let author = try decode(Author.self, """
            {"objectId": "a1", "name": "Frank Herbert",
             "otherBooks": [{"__type": "Pointer", "className": "Book", "objectId": "b2"}]}
            """)
        #expect(author.otherBooks?.map(\.objectId) == ["b2"])
        try expectJSON(saveBody(author), """
            {"name": "Frank Herbert", "otherBooks": [{"__type": "Pointer", "className": "Book", "objectId": "b2"}]}
            """)
        // The relation is no stored property: it is reached through the user.
        let user = try decode(User.self, """
            {"objectId": "u1", "username": "ada", "customKey": "blue",
             "scores": {"__type": "Relation", "className": "GameScore"}}
            """)
        #expect(user.customKey == "blue")
        #expect(try user.scoresRelation().key == "scores")
        try expectJSON(saveBody(user), #"{"username": "ada", "customKey": "blue"}"#)
    }

    @Test func bytesAndAPolygonKeepParsesTypes() throws {
        let data = try decode(GameData.self, """
            {"objectId": "d1", "bytes": {"__type": "Bytes", "base64": "aGVsbG8="},
             "fence": {"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1]]}}
            """)
        #expect(data.bytes == ParseBytes(data: Data("hello".utf8)))
        #expect(data.fence?.coordinates.count == 3)
        try expectJSON(saveBody(data), """
            {"bytes": {"__type": "Bytes", "base64": "aGVsbG8="},
             "fence": {"__type": "Polygon", "coordinates": [[0, 0], [0, 1], [1, 1]]}}
            """)
    }
}
