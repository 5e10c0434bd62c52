import Foundation
import LibraryModels
import ParseRuntime
import ParseTestServer
import Testing

/// The Library sample (the schema format's own example: every scalar kind, an enum, embedded
/// structs, maps, files, dates, pointers, a relation, a pointer to `_User`) over HTTP.
@Suite("Library over HTTP")
struct LibraryTests {
    @Test("a book with every kind of field survives create and get, with its pointers included")
    func everyFieldKind() async throws {
        try await withServer { server, client in
            let penguin = try await client.create(Publisher(name: "Penguin"))
            let isbn = try await client.create(ISBN(value: "9780140449136"))
            let released = date("1866-01-01T00:00:00.000Z")
            let cover = ParseFile(name: "cover.jpg", url: URL(string: "https://files.example.com/cover.jpg")!)
            let book = try await client.create(Book(
                title: "Crime and Punishment", publishingYear: 1866, price: 9.5, isAvailable: true, genre: .fiction,
                isbn: isbn, publisher: penguin, ingredients: [Ingredient(quantity: 1.5, description: "guilt")],
                sideOptions: ["annotated"], nutritionalInfo: ["pages": "671"], cover: cover, releaseDate: released))
            let id = try #require(book.objectId)

            let stored = try #require(try await server.storedObject("Book", id))
            #expect(stored["genre"] == "fiction")
            #expect(stored["price"] == 9.5)
            #expect(stored["isAvailable"] == true)
            #expect(stored["ingredients"] == [["quantity": 1.5, "description": "guilt"]])
            #expect(stored["nutritionalInfo"] == ["pages": "671"])
            // Parse Server keeps a file by its name; reads give it this server's URL.
            #expect(stored["cover"]?["name"] == "cover.jpg")
            #expect(stored["releaseDate"] == parseDate("1866-01-01T00:00:00.000Z"))
            #expect(stored["publisher"] == pointer("Publisher", penguin.objectId))
            #expect(try await server.fieldType("Book", "cover") == "File")
            #expect(try await server.fieldType("Book", "ingredients") == "Array")
            #expect(try await server.fieldType("Book", "nutritionalInfo") == "Object")

            let fetched = try await client.get(Book.self, id: id, include: ["publisher", "isbn"])
            #expect(fetched.title == "Crime and Punishment")
            #expect(fetched.publishingYear == 1866)
            #expect(fetched.price == 9.5)
            #expect(fetched.isAvailable == true)
            #expect(fetched.genre == .fiction)
            #expect(fetched.ingredients == [Ingredient(quantity: 1.5, description: "guilt")])
            #expect(fetched.sideOptions == ["annotated"])
            #expect(fetched.nutritionalInfo == ["pages": "671"])
            #expect(fetched.cover?.url?.absoluteString == "\(server.publicURL.absoluteString)/files/\(server.configuration.applicationId)/cover.jpg")
            #expect(fetched.cover?.name == "cover.jpg")
            #expect(fetched.releaseDate == released)
            #expect(fetched.publisher?.name == "Penguin")
            #expect(fetched.isbn?.value == "9780140449136")
            #expect(fetched.createdAt == book.createdAt)
        }
    }

    @Test("queries on enums, doubles, booleans, dates and arrays; updates with Increment on a double, Add, set and Delete")
    func queriesAndUpdates() async throws {
        try await withServer { server, client in
            let penguin = try await client.create(Publisher(name: "Penguin"))
            let vintage = try await client.create(Publisher(name: "Vintage"))
            let crime = try await client.create(Book(title: "Crime and Punishment", price: 9.5, isAvailable: true, genre: .fiction,
                                                     publisher: penguin, sideOptions: ["annotated"],
                                                     releaseDate: date("1866-01-01T00:00:00.000Z")))
            _ = try await client.create(Book(title: "Leaves of Grass", price: 12, isAvailable: false, genre: .poetry,
                                             publisher: vintage, sideOptions: ["illustrated", "annotated"],
                                             releaseDate: date("1855-07-04T00:00:00.000Z")))
            _ = try await client.create(Book(title: "Silent Spring", price: 15.25, isAvailable: true, genre: .nonFiction,
                                             publisher: penguin, releaseDate: date("1962-09-27T00:00:00.000Z")))

            func titles(_ query: ParseQuery<Book>) async throws -> [String] {
                try await client.find(query.order(.ascending(Book.Field.title))).compactMap(\.title)
            }
            #expect(try await titles(Book.query(Book.Field.genre == .poetry)) == ["Leaves of Grass"])
            #expect(try await titles(Book.query(.containedIn(Book.Field.genre, [.fiction, .nonFiction])))
                == ["Crime and Punishment", "Silent Spring"])
            #expect(try await titles(Book.query(Book.Field.price < 12.5)) == ["Crime and Punishment", "Leaves of Grass"])
            #expect(try await titles(Book.query(Book.Field.price >= 12, Book.Field.isAvailable == true)) == ["Silent Spring"])
            #expect(try await titles(Book.query(Book.Field.releaseDate > date("1860-01-01T00:00:00.000Z")))
                == ["Crime and Punishment", "Silent Spring"])
            #expect(try await titles(Book.query(.contains(Book.Field.sideOptions, "annotated")))
                == ["Crime and Punishment", "Leaves of Grass"])
            #expect(try await titles(Book.query(.containsAll(Book.Field.sideOptions, ["annotated", "illustrated"])))
                == ["Leaves of Grass"])
            let byPenguin = try await client.find(Book.query(Book.Field.publisher == penguin)
                .include(Book.Field.publisher).order(.descending(Book.Field.releaseDate)))
            #expect(byPenguin.compactMap(\.title) == ["Silent Spring", "Crime and Punishment"])
            #expect(byPenguin.allSatisfy { $0.publisher?.name == "Penguin" })
            let sent = try #require(server.requests(method: "GET", path: "/parse/classes/Book").last)
            #expect(sent.query["order"] == "-releaseDate")
            #expect(sent.whereJSON?["publisher"] == pointer("Publisher", penguin.objectId))

            // Increment a double, Add to an array, set an enum, delete a field.
            let id = try #require(crime.objectId)
            let updated = try await client.update(ParseUpdate(crime)
                .increment(Book.Field.price, by: 1.25)
                .add(Book.Field.sideOptions, ["large print"])
                .set(Book.Field.genre, to: .nonFiction)
                .unset(Book.Field.releaseDate))
            #expect(updated.price == 10.75)
            #expect(updated.sideOptions == ["annotated", "large print"])
            #expect(updated.genre == .nonFiction)
            #expect(updated.releaseDate == nil)
            #expect(updated.publisher?.objectId == penguin.objectId)
            let stored = try #require(try await server.storedObject("Book", id))
            #expect(stored["price"] == 10.75)
            #expect(stored["genre"] == "nonFiction")
            #expect(stored["releaseDate"] == nil)
            #expect(try await titles(Book.query(.doesNotExist(Book.Field.releaseDate))) == ["Crime and Punishment"])

            // An update of an object without originalData sends every non-nil field.
            var whole = try await client.get(Book.self, id: id)
            whole.title = "Crime & Punishment"
            _ = try await client.update(whole)
            let body = try #require(server.requests(method: "PUT", path: "/parse/classes/Book/\(id)").last?.json)
            #expect(body["title"] == "Crime & Punishment")
            #expect(body["price"] == 10.75)
            #expect(body["publisher"] == pointer("Publisher", penguin.objectId))
            #expect(body["objectId"] == nil)
            #expect(body["createdAt"] == nil)
            #expect(try await titles(Book.query(.startsWith(Book.Field.title, "Crime & P"))) == ["Crime & Punishment"])

            try await client.delete(updated)
            #expect(try await server.storedObject("Book", id) == nil)
            #expect(try await client.count(Book.query()) == 2)
        }
    }

    @Test("a note owned by a user, found through its owner; a book's authors relation and its inverse")
    func ownersAndAuthors() async throws {
        try await withServer { server, client in
            var reader = User()
            reader.username = "reader"
            reader.password = "secret"
            reader.email = "reader@example.com"
            reader = try await client.signUp(reader)
            let note = try await client.create(Note(owner: reader, body: "Loved it"))
            let noteId = try #require(note.objectId)
            #expect(try await server.storedObject("Note", noteId)?["owner"] == pointer("_User", reader.objectId))
            let fetched = try await client.get(Note.self, id: noteId, include: ["owner"])
            #expect(fetched.owner?.username == "reader")
            #expect(fetched.owner?.email == "reader@example.com")
            #expect(fetched.owner?.password == nil)
            #expect(try await client.find(Note.query(Note.Field.owner == reader)).compactMap(\.body) == ["Loved it"])
            let edited = try await client.update(note.set(\.body, to: "Loved it twice"))
            #expect(edited.body == "Loved it twice")

            let poems = try await client.create(Book(title: "Poems", genre: .poetry))
            let keats = try await client.create(Author(name: "Keats"))
            let shelley = try await client.create(Author(name: "Shelley"))
            _ = try await client.update(ParseUpdate(poems).addRelation(Book.Field.authors, [keats, shelley]))
            #expect(try await client.find(Author.query(.relatedTo(poems, through: Book.Field.authors))
                .order(.descending(Author.Field.name))).compactMap(\.name) == ["Shelley", "Keats"])
            #expect(try await client.find(Book.query(Book.Field.authors == keats)).compactMap(\.title) == ["Poems"])
            _ = try await client.update(try poems.authorsRelation().remove([keats]))
            #expect(try await client.find(Book.query(Book.Field.authors == keats)).isEmpty)
            #expect(try await server.relatedIds("Book", poems.objectId ?? "", key: "authors") == Set([shelley.objectId].compactMap { $0 }))

            try await client.delete(note)
            #expect(try await client.find(Note.query(Note.Field.owner == reader)).isEmpty)
        }
    }
}
