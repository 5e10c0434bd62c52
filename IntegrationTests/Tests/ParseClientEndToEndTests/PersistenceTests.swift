import Foundation
import LibraryModels
import ParseRuntime
import ParseTestServer
import Testing
import TodoListModels

/// `save(to:)` and `load(from:)` (what `parse-test-server --data FILE` does at stop and start):
/// a second server holds what the first stored, and a bad file changes nothing.
@Suite("ParseTestServer data files")
struct PersistenceTests {
    @Test("objects, relations, users and the inferred schema survive save and load", .enabled(if: TestBackend.isInProcess, "data files are ParseTestServer's"))
    func saveAndLoad() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-test-server-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let (bookId, authorIds) = try await withServer { server, client in
            let keats = try await client.create(Author(name: "John Keats"))
            let shelley = try await client.create(Author(name: "Percy Shelley"))
            let poems = try await client.create(Book(title: "Poems", price: 12.5, genre: .poetry))
            _ = try await client.update(ParseUpdate(poems).addRelation(Book.Field.authors, [keats, shelley]))
            var ada = TodoListModels.User(displayName: "Ada")
            ada.username = "ada"
            ada.password = "correct horse battery staple"
            _ = try await client.signUp(ada)
            try server.testServer.save(to: file)
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("\"Poems\""))
            try server.testServer.save(to: file)
            #expect(try String(contentsOf: file, encoding: .utf8) == saved, "the same data gives the same bytes")
            return (try #require(poems.objectId), [try #require(keats.objectId), try #require(shelley.objectId)])
        }

        try await withServer { server, client in
            #expect(try await server.storedObjects("Book").isEmpty)
            try server.testServer.load(from: file)
            let poems = try await client.get(Book.self, id: bookId)
            #expect(poems.title == "Poems")
            #expect(poems.price == 12.5)
            #expect(poems.genre == .poetry)
            #expect(try await server.relatedIds("Book", bookId, key: "authors") == Set(authorIds))
            let authors = try await client.find(poems.authorsQuery().order(.ascending(Author.Field.name)))
            #expect(authors.map(\.name) == ["John Keats", "Percy Shelley"])
            #expect(try await server.fieldType("Book", "price") == "Number")
            let loggedIn: TodoListModels.User = try await client.logIn(username: "ada", password: "correct horse battery staple")
            #expect(loggedIn.displayName == "Ada")
        }
    }

    @Test("a file that is not a data file is refused with its path, and the server keeps its data", .enabled(if: TestBackend.isInProcess, "data files are ParseTestServer's"))
    func badFiles() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-test-server-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer { server, client in
            _ = try await client.create(Author(name: "Kept"))
            try Data("{\"classes\": 3}".utf8).write(to: file)
            let wrongShape = #expect(throws: PersistenceError.self) { try server.testServer.load(from: file) }
            #expect(wrongShape?.description.hasPrefix("\(file.path) is not a data file of parse-test-server") == true)
            let missing = #expect(throws: PersistenceError.self) {
                try server.testServer.load(from: file.appendingPathExtension("missing"))
            }
            #expect(missing?.description.hasPrefix("cannot read ") == true)
            #expect(try await server.storedObjects("Author").count == 1)
        }
    }
}
