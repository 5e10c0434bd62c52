import Foundation
import ParseRuntime
import ParseTestServer
import Testing
import TutorialModels

/// ParseSwift's playground tutorials, moved to a schema (Schemas/Tutorial.yaml) and
/// ParseRuntime's client, over HTTP: what docs/FromParseSwift.md shows, run.
@Suite("ParseSwift's tutorials over HTTP")
struct TutorialTests {
    @Test("Your first object: save, update only what changed, operations, fetch, delete")
    func yourFirstObject() async throws {
        try await withServer { server, client in
            // ParseSwift: `let score = try await GameScore(points: 10).save()`
            let score = try await client.create(GameScore(points: 10, name: "first"))
            let id = try #require(score.objectId)
            #expect(try await server.storedObject("GameScore", id)?["points"] == 10)

            // ParseSwift: `var changed = score.mergeable; changed.points = 200; try await changed.save()`
            var changed = score.mergeable
            changed.points = 200
            let saved = try await client.update(changed)
            #expect(server.requests(method: "PUT", path: "/parse/classes/GameScore/\(id)").last?.json == ["points": 200])
            #expect(saved.name == "first", "merge(with:) keeps the fields that were not sent")

            // ParseSwift: `try await score.operation.increment("points", by: 1).save()`
            let incremented = try await client.update(ParseUpdate(saved).increment(GameScore.Field.points, by: 1))
            #expect(incremented.points == 201)

            // ParseSwift: `try await score.fetch()` and `try await score.delete()`
            let fetched = try await client.fetch(score)
            #expect(fetched.points == 201)
            try await client.delete(fetched)
            #expect(try await server.storedObject("GameScore", id) == nil)
        }
    }

    @Test("Finding objects: constraints, order, first, count")
    func findingObjects() async throws {
        try await withServer { _, client in
            _ = try await client.createAll([GameScore(points: 30, name: "Ada"), GameScore(points: 60, name: "Grace"),
                                            GameScore(points: 90, name: "Alan")])
            // ParseSwift: `GameScore.query("points" > 50).order([.descending("points")]).find()`
            let high = try await client.find(GameScore.query(GameScore.Field.points > 50).order(.descending(GameScore.Field.points)))
            #expect(high.compactMap(\.name) == ["Alan", "Grace"])
            // ParseSwift: `.first()` (which throws when nothing matches) and `.count()`
            let grace = try await client.first(GameScore.query(GameScore.Field.name == "Grace"))
            #expect(grace?.points == 60)
            #expect(try await client.count(GameScore.query(GameScore.Field.points < 50)) == 1)
            #expect(try await client.first(GameScore.query(GameScore.Field.name == "nobody")) == nil)
        }
    }

    @Test("Pointers: a book, its author, an array of pointers, include")
    func pointers() async throws {
        try await withServer { server, client in
            // ParseSwift: `try await Author(name: "Frank Herbert", book: Book(title: "Dune")).save()`
            // saves the unsaved books first; so does create.
            let frank = try await client.create(Author(name: "Frank Herbert", book: Book(title: "Dune"),
                                                       otherBooks: [Book(title: "Dune Messiah")]))
            let dune = try #require(frank.book)
            let messiah = try #require(frank.otherBooks?.first)
            #expect(try await server.storedObjects("Book").count == 2)
            #expect(dune.title == "Dune" && isParseObjectId(dune.objectId))
            let sequel = try await client.update(messiah.set(\.relatedBook, to: dune))

            // ParseSwift: `Author.query(try "book" == dune).include("book").first()`
            let found = try await client.first(Author.query(Author.Field.book == dune).include(Author.Field.book))
            #expect(found?.objectId == frank.objectId)
            #expect(found?.book?.title == "Dune", "include returns the book whole")
            // Without include, a pointer holds the objectId only.
            let plain = try await client.get(Author.self, id: try #require(frank.objectId))
            #expect(plain.book?.objectId == dune.objectId)
            #expect(plain.book?.title == nil)
            #expect(plain.otherBooks?.map(\.objectId) == [messiah.objectId])
            // The inverse of the array of pointers: the authors whose otherBooks hold the book
            // (Parse's equality on an array field), and none for a book no one lists.
            _ = try await client.create(Author(name: "Brian Herbert", otherBooks: [dune, messiah]))
            #expect(try await client.find(messiah.listedByQuery()).compactMap(\.name).sorted() == ["Brian Herbert", "Frank Herbert"])
            #expect(try await client.find(dune.listedByQuery()).compactMap(\.name) == ["Brian Herbert"])
            let unlisted = try await client.create(Book(title: "Children of Dune"))
            #expect(try await client.count(unlisted.listedByQuery()) == 0)
            // The Book's pointer to its own class: a Pointer<Book> in ParseSwift, a Book here.
            let read = try await client.get(Book.self, id: try #require(sequel.objectId), include: [Book.Field.relatedBook])
            #expect(read.relatedBook?.title == "Dune")
        }
    }

    @Test("Relations: a user's scores relation, added to and queried")
    func relations() async throws {
        try await withServer { _, client in
            // ParseSwift: `try await User.signup(username:password:)`
            let user = try await User.signUp(username: "ada", password: "correct horse", customKey: "blue", on: client)
            let scores = try await client.createAll([GameScore(points: 5), GameScore(points: 7)]).map { try $0.get() }
            // ParseSwift: `try await user.relation?.add("scores", objects: scores).save()`
            _ = try await client.update(try user.scoresRelation().add(scores))
            // ParseSwift: `try await (user.relation("scores", child: score).query() as Query<GameScore>).find()`
            let related = try await client.find(user.scoresQuery().order(.ascending(GameScore.Field.points)))
            #expect(related.compactMap(\.points) == [5, 7])
            _ = try await client.update(try user.scoresRelation().remove([scores[0]]))
            #expect(try await client.find(user.scoresQuery()).compactMap(\.points) == [7])
            #expect(try await User.current(on: client).customKey == "blue")
        }
    }

    @Test("Data types: a geo point and a near query, a file, bytes and a polygon")
    func dataTypes() async throws {
        try await withServer(FileTests.publicUploads) { server, client in
            let here = try ParseGeoPoint(latitude: 40.0, longitude: -30.0)
            // ParseSwift uploads a file when its object is saved; here it is uploaded first.
            let picture = try await client.upload(ParseFile(name: "profile.png", data: Data([0x89, 0x50, 0x4E, 0x47])))
            let score = try await client.create(GameScore(points: 1, location: here, profilePicture: picture))
            // ParseSwift: `GameScore.query(near(key: "location", geoPoint: here)).find()`
            let near = try await client.find(GameScore.query(.near(GameScore.Field.location, here)))
            #expect(near.map(\.objectId) == [score.objectId])
            #expect(near.first?.profilePicture?.url == picture.url)

            let fence = try ParsePolygon([try ParseGeoPoint(latitude: 0, longitude: 0), try ParseGeoPoint(latitude: 0, longitude: 1),
                                          try ParseGeoPoint(latitude: 1, longitude: 1)])
            let data = try await client.create(GameData(bytes: ParseBytes(data: Data("hello".utf8)), fence: fence))
            let id = try #require(data.objectId)
            #expect(try await server.storedObject("GameData", id)?["bytes"] == ["__type": "Bytes", "base64": "aGVsbG8="])
            let read = try await client.get(GameData.self, id: id)
            #expect(read.bytes == ParseBytes(data: Data("hello".utf8)))
            // Parse Server closes a polygon: its first point comes back last too.
            #expect(read.fence == (try ParsePolygon(fence.coordinates + [fence.coordinates[0]])))
        }
    }
}
